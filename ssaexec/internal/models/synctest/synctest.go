// Package synctest holds the models gosym runs in place of the functions
// of the standard library's internal/synctest: gosym's goroutine is never
// in a testing/synctest bubble, and so no value is associated with one.
//
// The file is compiled into gosym (embedded) and type-checked on its own,
// so it imports nothing.
package synctest

func IsInBubble() bool { return false }

// Associate returns synctest.Unbubbled.
func Associate[T any](p *T) int { return 0 }

func Disassociate[T any](p *T) {}

func IsAssociated[T any](p *T) bool { return false }
