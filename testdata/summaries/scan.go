package summaries

// A scanner and a rule scorer in the shape of small real parsers: a loop
// whose switch asks predicate helpers about the byte or record at hand,
// with the bug in a case after the predicates. Each predicate is called
// again and again on the same input location from sibling paths, and
// its returns that give the same answer differ in what they know of
// that location: a summary that took them for one would drop the paths
// that reach the later cases.

// Token is a token of a small expression language.
type Token struct {
	Kind byte // 'i' identifier, 'n' number, 's' string, 'c' character, 'o' operator
	Text string
}

func isSpace(c byte) bool  { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func isOperator(c byte) bool {
	switch c {
	case '+', '-', '*', '/', '=', '<', '>', '(', ')':
		return true
	}
	return false
}

// Tokens splits src into tokens. A string literal that is not closed
// runs its loop off the end of src, and a character literal at the end
// of src reads past it.
func Tokens(src string) []Token {
	var toks []Token
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case isSpace(c):
			i++
		case isLetter(c):
			j := i + 1
			for j < len(src) && (isLetter(src[j]) || isDigit(src[j])) {
				j++
			}
			toks = append(toks, Token{'i', src[i:j]})
			i = j
		case isDigit(c):
			j := i + 1
			for j < len(src) && isDigit(src[j]) {
				j++
			}
			toks = append(toks, Token{'n', src[i:j]})
			i = j
		case isOperator(c):
			toks = append(toks, Token{'o', src[i : i+1]})
			i++
		case c == '"':
			j := i + 1
			for src[j] != '"' { // want index "^index out of range \\[\\d+\\] with length \\d+ \\(src\\[j\\]\\)$"
				j++
			}
			toks = append(toks, Token{'s', src[i+1 : j]})
			i = j + 1
		case c == '\'':
			if src[i+2] != '\'' { // want index "^index out of range \\[\\d+\\] with length \\d+ \\(src\\[i \\+ 2\\]\\)$"
				return toks
			}
			toks = append(toks, Token{'c', src[i+1 : i+2]})
			i += 3
		default:
			return toks
		}
	}
	return toks
}

// Rule weighs the values between Min and Max.
type Rule struct {
	Min, Max int
	Weight   int
}

// empty reports whether r holds no value.
func (r *Rule) empty() bool { return r.Min > r.Max || r.Max < 0 }

// wide reports whether r spans more than a hundred values.
func (r *Rule) wide() bool {
	if r.Min < 0 {
		return r.Max > 100
	}
	return r.Max-r.Min > 100
}

// Score sums what the rules give: nothing for an empty rule, a flat
// 1000 for a wide one, and the others their weight spread over their
// span, which divides by zero where a rule holds one value.
func Score(rules []*Rule) int {
	total := 0
	for _, r := range rules {
		switch {
		case r == nil || r.empty():
		case r.wide():
			total += 1000
		default:
			total += 1000 * r.Weight / (r.Max - r.Min) // want div-zero "^integer divide by zero: r.Max - r.Min is 0$"
		}
	}
	return total
}
