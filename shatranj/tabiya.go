package shatranj

import (
	"errors"
	"fmt"
	"strings"
)

// Tabiya is a named opening array (tabiya, plural tabiyat): a position
// shatranj masters agreed to start from.
type Tabiya struct {
	// Number is the tabiya's number in Tabiyat, from 1.
	Number int
	// Name is the transliterated Arabic name.
	Name string
	// Aliases are other spellings of the name found in the literature;
	// TabiyaByName accepts them too.
	Aliases []string
	// FEN is the array (native or Fairy-Stockfish letters).
	FEN string
	// Source names where the array is documented.
	Source string
	// Men is the number of men each side has in the source (16 when
	// nothing has been exchanged).
	Men int
}

// ErrUnknownTabiya is wrapped by the errors of TabiyaByNumber and
// TabiyaByName when no documented tabiya matches.
var ErrUnknownTabiya = errors.New("shatranj: unknown tabiya")

// Tabiyat lists the opening arrays documented in text form, numbered from
// 1. Murray (A History of Chess, 1913, ch. XIV) reports the named arrays
// of al-ʿAdlī and aṣ-Ṣūlī — the specification speaks of 16 — but prints
// them only as diagrams, and no public text transcription of the others
// (Muwashshah, Sayf, Mashaikhi, Ghula, …) has been found; they are not
// invented here (see shared/data/shatranj/mansubat.md).
var Tabiyat = []Tabiya{
	{
		Number:  1,
		Name:    "Mujannah-Mashaikhi",
		Aliases: []string{"al-Mujannah al-Mashā'ikhī", "Mudjannah-Mashaikhi", "Mujanna Mashaikhi"},
		FEN:     "r1b1kb1r/p2nn1p1/1ppq1p1p/3pp3/2P2P2/1PNPPNP1/P6P/1RBQKBR1 w - - 0 1",
		Source: "German Wikipedia \"Tabija\" diagram (Shah on e, Ferz on d, as drawn there; " +
			"White to move assumed)",
		Men: 16,
	},
}

// TabiyaByNumber returns tabiya n of Tabiyat (from 1). For a number with no
// documented array the error wraps ErrUnknownTabiya.
func TabiyaByNumber(n int) (Tabiya, error) {
	if n < 1 || n > len(Tabiyat) {
		return Tabiya{}, fmt.Errorf("%w: number %d (documented: 1..%d)", ErrUnknownTabiya, n, len(Tabiyat))
	}
	return Tabiyat[n-1], nil
}

// TabiyaByName returns the tabiya called name, compared after folding (see
// foldTabiyaName): case, spaces, hyphens, apostrophes and diacritics do not
// matter, the article (al-, as-, ash-, …) may be left out, "dj" may stand
// for "j" and a final "h" after "a" may be dropped, so "mujanna mashaikhi",
// "al-Mujannah al-Mashā'ikhī" and "MUDJANNAH-MASHAIKHI" all find
// Mujannah-Mashaikhi. The aliases of each tabiya are accepted too. For an
// unknown name the error wraps ErrUnknownTabiya.
func TabiyaByName(name string) (Tabiya, error) {
	want := foldTabiyaName(name)
	if want != "" {
		for _, t := range Tabiyat {
			if foldTabiyaName(t.Name) == want {
				return t, nil
			}
			for _, a := range t.Aliases {
				if foldTabiyaName(a) == want {
					return t, nil
				}
			}
		}
	}
	return Tabiya{}, fmt.Errorf("%w: %q", ErrUnknownTabiya, name)
}

// foldTabiyaName reduces a transliterated name to a comparison key: lower
// case ASCII letters and digits only, words joined, the Arabic article
// dropped, "dj" read as "j" and a word-final "ah" as "a".
func foldTabiyaName(name string) string {
	var words []string
	var w strings.Builder
	flush := func() {
		if w.Len() > 0 {
			words = append(words, w.String())
			w.Reset()
		}
	}
	for _, r := range strings.ToLower(name) {
		r = foldRune(r)
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			w.WriteRune(r)
		case r == '\'' || r == '‘' || r == '’' || r == 'ʿ' || r == 'ʾ' || r == '`':
			// apostrophes for ʿayn and hamza: ignored inside a word
		default:
			flush()
		}
	}
	flush()
	var key strings.Builder
	for _, word := range words {
		switch word {
		case "al", "el", "as", "ash", "ad", "an", "ar", "at", "az":
			continue
		}
		word = strings.ReplaceAll(word, "dj", "j")
		if strings.HasSuffix(word, "ah") {
			word = strings.TrimSuffix(word, "h")
		}
		key.WriteString(word)
	}
	return key.String()
}

// foldRune maps the accented letters of common transliterations to plain
// ASCII.
func foldRune(r rune) rune {
	switch r {
	case 'ā', 'á', 'à', 'â', 'ä':
		return 'a'
	case 'ī', 'í', 'ì', 'î':
		return 'i'
	case 'ū', 'ú', 'ù', 'û', 'ü':
		return 'u'
	case 'ē', 'é', 'è':
		return 'e'
	case 'ō', 'ó':
		return 'o'
	case 'ḥ', 'ḫ':
		return 'h'
	case 'ṣ', 'ş', 'š':
		return 's'
	case 'ḍ', 'ḏ':
		return 'd'
	case 'ṭ', 'ṯ':
		return 't'
	case 'ẓ':
		return 'z'
	case 'ǧ':
		return 'j'
	case 'ğ':
		return 'g'
	}
	return r
}
