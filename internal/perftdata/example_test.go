package perftdata_test

import (
	"fmt"
	"strings"

	"github.com/baten-chess/baten/internal/perftdata"
)

func ExampleParse() {
	cases, _ := perftdata.Parse(strings.NewReader(`
id start
pdnfen B:W21-32:B1-12
perft 1 7
perft 2 49
`))
	for _, c := range cases {
		fmt.Println(c.ID, c.FEN, c.Counts)
	}
	// Output: start B:W21-32:B1-12 [{1 7} {2 49}]
}
