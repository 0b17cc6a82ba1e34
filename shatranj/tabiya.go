package shatranj

// Tabiya is a named opening array (tabiya, plural tabiyat): a position
// shatranj masters agreed to start from.
type Tabiya struct {
	Name   string
	FEN    string
	Source string
}

// Tabiyat lists the opening arrays available in text form. Only one is
// known so far (see shared/data/shatranj/mansubat.md); the others of
// al-Adli and as-Suli survive as diagrams only.
var Tabiyat = []Tabiya{
	{
		Name: "Mujannah-Mashaikhi",
		FEN:  "r1b1kb1r/p2nn1p1/1ppq1p1p/3pp3/2P2P2/1PNPPNP1/P6P/1RBQKBR1 w - - 0 1",
		Source: "German Wikipedia \"Tabija\" diagram (Shah on e, Ferz on d, as drawn there; " +
			"White to move assumed)",
	},
}
