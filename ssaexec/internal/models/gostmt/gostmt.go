// Package gostmt holds the function gosym runs as the goroutine of a go
// statement of the builtin panic (go panic(v), as singleflight's DoChan
// has): the new goroutine panics with v, which ends the program.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing.
package gostmt

func goPanic(v any) { panic(v) }
