// Package codes holds a table that package initcut reads as it
// initializes.
package codes

// Names maps status names to codes.
var Names = map[string]int{"ok": 200, "missing": 404, "broken": 500}
