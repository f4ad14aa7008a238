package summaries

// push appends a bit to code.
func push(code uint, bit bool) uint {
	if bit {
		return code<<1 | 1
	}
	return code << 1
}

// Signs codes the signs of six values, a bit each, and panics on the
// code of alternating signs. Each path calls push with a code of its own:
// a summary of push answers a call only where an earlier level's call
// had its code.
func Signs(a, b, c, d, e, f int) uint {
	var code uint
	for _, v := range [...]int{a, b, c, d, e, f} {
		code = push(code, v < 0)
	}
	if code == 0b101010 {
		panic("alternating signs") // want panic "^panic: alternating signs$"
	}
	return code
}
