package solver

// op names a primitive operation. The same codes drive folding in fold.go
// and AST construction in z3.go, so a term is built from one description
// whichever side computes it.
type op uint8

const (
	// Unary.
	opNot op = iota
	opBVNot
	opNeg

	// Binary on Bool.
	opImplies

	// Binary on equal sorts, Bool result.
	opEq

	// Binary on bit-vectors of equal width, bit-vector result.
	opAdd
	opSub
	opMul
	opUDiv
	opSDiv
	opURem
	opSRem
	opBVAnd
	opBVOr
	opBVXor
	opShl
	opLShr
	opAShr

	// Binary on bit-vectors of equal width, Bool result.
	opUlt
	opUle
	opUgt
	opUge
	opSlt
	opSle
	opSgt
	opSge

	// N-ary on Bool.
	opAnd
	opOr

	// Floating point on IEEE 754 bits (float.go): a bit-vector of width
	// 32 is a float32, of width 64 a float64.
	opFAdd
	opFSub
	opFMul
	opFDiv
	opFSqrt
	opFLt // Bool result
	opFLe // Bool result
	opFEq // Bool result: IEEE equality, as Go's ==
	opFConv
	opSIntToF
	opUIntToF
	opFToSIntRaw // truncation, meaningful only in range: see FloatToInt

	numOps
)

// opNames are the exported method names, used in panic messages so that a
// misuse points at the call the executor made.
var opNames = [numOps]string{
	opNot: "Not", opBVNot: "BitNot", opNeg: "Neg",
	opImplies: "Implies", opEq: "Eq",
	opAdd: "Add", opSub: "Sub", opMul: "Mul",
	opUDiv: "UDiv", opSDiv: "SDiv", opURem: "URem", opSRem: "SRem",
	opBVAnd: "BitAnd", opBVOr: "BitOr", opBVXor: "BitXor",
	opShl: "Shl", opLShr: "LShr", opAShr: "AShr",
	opUlt: "Ult", opUle: "Ule", opUgt: "Ugt", opUge: "Uge",
	opSlt: "Slt", opSle: "Sle", opSgt: "Sgt", opSge: "Sge",
	opAnd: "And", opOr: "Or",
	opFAdd: "FAdd", opFSub: "FSub", opFMul: "FMul", opFDiv: "FDiv", opFSqrt: "FSqrt",
	opFLt: "FLt", opFLe: "FLe", opFEq: "FEq",
	opFConv: "FloatConvert", opSIntToF: "IntToFloat", opUIntToF: "IntToFloat", opFToSIntRaw: "FloatToInt",
}

func (o op) String() string {
	if o < numOps {
		return opNames[o]
	}
	return "op?"
}

// isShift reports whether o is one of the three shifts.
// strict returns the strict comparison of o's signedness.
func (o op) strict() op {
	switch o {
	case opUle, opUgt, opUge:
		return opUlt
	}
	return opSlt
}

func (o op) isShift() bool { return o == opShl || o == opLShr || o == opAShr }
