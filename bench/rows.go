package main

// The benchmark methods and the seed papers' figures for them: Table I
// and II of Deng, Lee and Robby's "Efficient symbolic execution
// algorithms for programs manipulating dynamic heap objects" (Kiasan),
// and the list and array partitions of Anand, Pasareanu and Visser's
// "Symbolic execution with abstraction".

// modes are the initialization modes of Table I, in its column order.
var modes = []string{"lazy", "lazier", "lazier#"}

// kRow is a method measured at k = 1..3 in each mode, as in Table I.
type kRow struct {
	// name is the paper's name of the method, or ours where the paper has
	// no figure for it.
	name string
	// pkg is the port's directory, fn the method as gosym names it.
	pkg, fn string
	// paperPaths holds the paper's path counts per mode and k (index
	// k-1), paperTime its lazier# time in seconds per k; nil where the
	// paper has none.
	paperPaths *[3][3]int
	paperTime  *[3]float64
	// exact marks the rows whose lazier# path counts equal the paper's:
	// the port explores the same paths as Kiasan's Java (a test checks).
	exact bool
}

// same gives a row whose paper figures do not depend on the mode.
func same(k1, k2, k3 int) *[3][3]int {
	return &[3][3]int{{k1, k2, k3}, {k1, k2, k3}, {k1, k2, k3}}
}

// paths gives a row's paper figures, lazy, lazier and lazier# in turn.
func paths(lazy, lazier, sharp [3]int) *[3][3]int {
	return &[3][3]int{lazy, lazier, sharp}
}

func secs(k1, k2, k3 float64) *[3]float64 { return &[3]float64{k1, k2, k3} }

var tableI = []kRow{
	{"Container.swap", "bench/container", "(*container.Container).Swap",
		paths([3]int{20, 20, 20}, [3]int{6, 6, 6}, [3]int{2, 2, 2}), secs(0, 0, 0), false},
	{"BinarySearchTree.find", "bench/bst", "(*bst.Tree).Find",
		paths([3]int{6, 51, 899}, [3]int{5, 29, 341}, [3]int{4, 21, 236}), secs(0.1, 0.2, 1.3), true},
	{"BinarySearchTree.findMin", "bench/bst", "(*bst.Tree).FindMin",
		paths([3]int{4, 19, 171}, [3]int{3, 9, 51}, [3]int{2, 5, 26}), secs(0.1, 0.1, 0.2), true},
	{"BinarySearchTree.findMax", "bench/bst", "(*bst.Tree).FindMax", nil, nil, false},
	{"BinarySearchTree.insert", "bench/bst", "(*bst.Tree).Insert",
		paths([3]int{13, 110, 1903}, [3]int{10, 58, 682}, [3]int{4, 21, 236}), secs(0.1, 0.2, 1.3), true},
	{"BinarySearchTree.remove", "bench/bst", "(*bst.Tree).Remove",
		paths([3]int{6, 76, 2347}, [3]int{5, 31, 393}, [3]int{4, 21, 236}), secs(0.1, 0.2, 1.2), true},
	{"AvlTree.find", "bench/avl", "(*avl.Tree).Find", nil, nil, false},
	{"AvlTree.insert", "bench/avl", "(*avl.Tree).Insert",
		paths([3]int{13, 110, 1591}, [3]int{10, 58, 550}, [3]int{4, 21, 190}), secs(0.2, 0.3, 1.9), true},
	{"AATree.find", "bench/aa", "(*aa.Tree).Find", nil, nil, false},
	{"AATree.insert", "bench/aa", "(*aa.Tree).Insert", nil, nil, false},
	{"AATree.remove", "bench/aa", "(*aa.Tree).Remove",
		paths([3]int{7, 106, 3488}, [3]int{5, 26, 380}, [3]int{4, 16, 84}), secs(0.2, 0.3, 1.0), true},
	{"LeftistHeap.merge", "bench/leftist", "(*leftist.Heap).Merge",
		same(6, 34, 588), secs(0.1, 0.3, 5.7), false},
	{"LeftistHeap.insert", "bench/leftist", "(*leftist.Heap).Insert", nil, nil, false},
	{"LeftistHeap.deleteMin", "bench/leftist", "(*leftist.Heap).DeleteMin", nil, nil, false},
	{"TreeMap.get", "bench/treemap", "(*treemap.Map).Get",
		paths([3]int{6, 71, 3863}, [3]int{5, 39, 739}, [3]int{4, 28, 331}), secs(0.1, 0.2, 2.2), true},
	{"TreeMap.put", "bench/treemap", "(*treemap.Map).Put",
		paths([3]int{13, 153, 5650}, [3]int{10, 78, 1481}, [3]int{4, 28, 331}), secs(0.2, 0.4, 4.2), true},
	{"TreeMap.remove", "bench/treemap", "(*treemap.Map).Remove",
		paths([3]int{6, 121, 4495}, [3]int{5, 43, 905}, [3]int{4, 28, 331}), secs(0.1, 0.3, 3.6), true},
	{"BinaryHeap.insert", "bench/binheap", "(*binheap.Heap).Insert",
		same(2, 5, 8), secs(0, 0.1, 0.1), false},
	{"BinaryHeap.deleteMin", "bench/binheap", "(*binheap.Heap).DeleteMin", nil, nil, false},
	{"Sort.insertionSort", "bench/sorts", "sorts.InsertionSort",
		same(1, 3, 9), secs(0, 0, 0), false},
	{"Sort.selectionSort", "bench/sorts", "sorts.SelectionSort", nil, nil, false},
	{"Sort.shellSort", "bench/sorts", "sorts.ShellSort", nil, nil, false},
}

// nRow is a method measured under the n-bound alone, as in Table II.
type nRow struct {
	name, pkg, fn string
	// ns are the bounds; paperPaths and paperTime (seconds) the paper's
	// lazier# figures for each.
	ns         []int
	paperPaths []int
	paperTime  []float64
}

var tableII = []nRow{
	{"BinarySearchTree.insert", "bench/bst", "(*bst.Tree).Insert",
		[]int{5, 6, 7, 8, 9}, []int{637, 2353, 8788, 33098, 120612}, []float64{7.9, 27, 114, 498, 2388}},
	{"TreeMap.put", "bench/treemap", "(*treemap.Map).Put",
		[]int{5, 6, 7, 8, 9}, []int{152, 360, 855, 1807, 3517}, []float64{4.6, 9.8, 23, 48, 96}},
}

// absRow is a loop of the abstraction paper, run with abstract
// subsumption and the default bounds.
type absRow struct {
	name, pkg, fn string
	// paper is the paper's result, in its words.
	paper string
	// checks, subsumed and stored are the paper's subsumption figures
	// (0: none published).
	checks, subsumed, stored int
}

var tableAbs = []absRow{
	{"list find", "bench/partition", "(*partition.Node).Find",
		"terminates with list abstraction; no nil dereference", 0, 0, 0},
	{"list partition, buggy", "bench/partition", "partition.ListPartitionBuggy",
		"bug found: 10-step trace, 2-node input list", 0, 0, 0},
	{"list partition, fixed", "bench/partition", "partition.ListPartition",
		"terminates", 23, 11, 12},
	{"array partition, buggy", "bench/partition", "partition.ArrayPartitionBuggy",
		"index out of range: 30-step trace, 4-element array", 0, 0, 0},
	{"array partition, fixed", "bench/partition", "partition.ArrayPartition",
		"terminates", 30, 17, 13},
}

// sumRow is a size of the procedure-summaries seed's micro-benchmark
// ("Procedure summaries for Boolean programs with references" (ZING), Figure
// 10) and the paper's times for it without and with summaries (Table 2,
// seconds; 0 where the run did not end in 10 minutes).
type sumRow struct {
	n             int
	fn            string
	without, with float64
}

// tableSummaries is that paper's Table 2, at the sizes of the port's entries.
var tableSummaries = []sumRow{
	{5, "summaries.Run5", 0.942, 0.928},
	{10, "summaries.Run10", 1.944, 0.942},
	{15, "summaries.Run15", 44.949, 0.988},
	{20, "summaries.Run20", 0, 1.059},
	{25, "summaries.Run25", 0, 0},
	{50, "summaries.Run50", 0, 1.435},
	{100, "summaries.Run100", 0, 2.848},
	{200, "summaries.Run200", 0, 7.772},
}

// maxUnsummarized is the largest N of the summaries table run without
// summaries: beyond, the 2^N paths only wait for the time budget.
const maxUnsummarized = 25

// summariesPkg is the port's directory.
const summariesPkg = "bench/summaries"
