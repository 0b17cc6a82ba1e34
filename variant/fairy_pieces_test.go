package variant_test

import (
	"context"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/variant"
)

// oracleCounts are Fairy-Stockfish c19b5f6's perft counts (depth 1-3) of
// the built-in games that need only pieces and keys and have no file in
// fsf-head/ (issue 45): each game's start and two positions reached by
// random play, counted by that binary's "go perft". ai-wok is here too:
// fsf-head/aiwok.perft was made with the name "aiwok", which
// Fairy-Stockfish does not know, so its counts are chess's.
var oracleCounts = map[string][]perftdata.Case{
	// en passant squares slice: chigorin's promotions by colour, hand-made (b7 promotes to c, r or n; g2 to q, r or b)
	"chigorin": {
		{ID: "chigorin-start", FEN: "rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 26}, {Depth: 2, Nodes: 416}, {Depth: 3, Nodes: 11408}}},
		{ID: "chigorin-moves", FEN: "rbb1kbbr/ppp1pppp/4q3/8/8/2N5/PPPP1PPP/R1NCKNNR w KQkq - 2 4", Counts: []perftdata.Count{{Depth: 1, Nodes: 6}, {Depth: 2, Nodes: 200}, {Depth: 3, Nodes: 5637}}},
		{ID: "chigorin-promotion-white", FEN: "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 7}, {Depth: 2, Nodes: 44}, {Depth: 3, Nodes: 410}}},
		{ID: "chigorin-promotion-black", FEN: "4k3/1P6/8/8/8/8/6p1/4K3 b - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 8}, {Depth: 2, Nodes: 47}, {Depth: 3, Nodes: 458}}},
	},
	"ai-wok": {
		{ID: "ai-wok-start", FEN: "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 26}, {Depth: 2, Nodes: 676}, {Depth: 3, Nodes: 18102}}},
		{ID: "ai-wok-random-1", FEN: "rn1a1snr/1s3k2/pppppppp/8/8/PPPPPPPP/R2KA3/1NS2SNR w - - 8 5", Counts: []perftdata.Count{{Depth: 1, Nodes: 26}, {Depth: 2, Nodes: 598}, {Depth: 3, Nodes: 16403}}},
		{ID: "ai-wok-random-2", FEN: "rns2snr/a3k3/ppppppp1/7p/2P1P1P1/PP1P1P1P/3N1A2/R1SK1SNR b - - 1 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 26}, {Depth: 2, Nodes: 704}, {Depth: 3, Nodes: 19293}}},
	},
	"amazon": {
		{ID: "amazon-start", FEN: "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 22}, {Depth: 2, Nodes: 484}, {Depth: 3, Nodes: 12483}}},
		{ID: "amazon-random-1", FEN: "3akbnr/1pp1pp1p/r1np2p1/p7/4P1b1/2NB4/PPPPNPPP/R1BAK2R w KQk - 4 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 27}, {Depth: 2, Nodes: 991}, {Depth: 3, Nodes: 29458}}},
		{ID: "amazon-random-2", FEN: "rnb1kbnr/ppppppp1/6ap/6B1/P7/2NP4/1PP1PPPP/R2AKBNR w KQkq - 2 5", Counts: []perftdata.Count{{Depth: 1, Nodes: 36}, {Depth: 2, Nodes: 1235}, {Depth: 3, Nodes: 42286}}},
	},
	"hoppelpoppel": {
		{ID: "hoppelpoppel-start", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 20}, {Depth: 2, Nodes: 400}, {Depth: 3, Nodes: 9034}}},
		{ID: "hoppelpoppel-random-1", FEN: "r1b1kb1r/p1pq2pp/1p5n/1NPpp3/5p2/1P1QP1PP/P1P2P2/1RB1KBNR b Kkq - 2 10", Counts: []perftdata.Count{{Depth: 1, Nodes: 26}, {Depth: 2, Nodes: 1074}, {Depth: 3, Nodes: 30642}}},
		{ID: "hoppelpoppel-random-2", FEN: "r2q2nr/1bpp1kpp/p1n2p2/1pb1p3/1P1PP2P/2P2PP1/P2N4/R1BQKBNR b KQ - 0 10", Counts: []perftdata.Count{{Depth: 1, Nodes: 36}, {Depth: 2, Nodes: 1111}, {Depth: 3, Nodes: 36062}}},
	},
	"modern": {
		{ID: "modern-start", FEN: "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 24}, {Depth: 2, Nodes: 576}, {Depth: 3, Nodes: 15831}}},
		{ID: "modern-random-1", FEN: "rnbqkmbnr/pp1p1p3/4p4/2p3ppp/9/2QPP2P1/8N/PPP2PP1P/RNBMK1B1R b KQkq - 1 6", Counts: []perftdata.Count{{Depth: 1, Nodes: 33}, {Depth: 2, Nodes: 1675}, {Depth: 3, Nodes: 58220}}},
		{ID: "modern-random-2", FEN: "rnbqkm1nr/2p1p1pp1/pp1pb1N1p/5p3/9/9/1P7/PMPPPPPPP/RNB1KQB1R w KQkq - 0 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 38}, {Depth: 2, Nodes: 1144}, {Depth: 3, Nodes: 43469}}},
	},
	"centaur": {
		{ID: "centaur-start", FEN: "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 28}, {Depth: 2, Nodes: 784}, {Depth: 3, Nodes: 24490}}},
		{ID: "centaur-random-1", FEN: "rcnbqkbn1r/pp1p1pp2p/2p4pp1/4p5/1P2PP2P1/10/P1PP2PP1P/RCNBQKBNCR b KQkq - 1 6", Counts: []perftdata.Count{{Depth: 1, Nodes: 36}, {Depth: 2, Nodes: 1725}, {Depth: 3, Nodes: 61882}}},
		{ID: "centaur-random-2", FEN: "rcnbqkbncr/p1pppp3p/6p3/1p5pp1/6P3/1C4N3/PPPPPP1PPP/R1NBQKB1CR w KQkq - 0 5", Counts: []perftdata.Count{{Depth: 1, Nodes: 38}, {Depth: 2, Nodes: 1212}, {Depth: 3, Nodes: 47853}}},
	},
	"georgian": {
		{ID: "georgian-start", FEN: "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 22}, {Depth: 2, Nodes: 484}, {Depth: 3, Nodes: 12483}}},
		{ID: "georgian-random-1", FEN: "r1ba1b1r/p1pk1ppp/Bpn4n/3pp3/2N1P3/7N/PPPPAPPP/R1B1K1R1 w - - 8 9", Counts: []perftdata.Count{{Depth: 1, Nodes: 39}, {Depth: 2, Nodes: 1231}, {Depth: 3, Nodes: 49371}}},
		{ID: "georgian-random-2", FEN: "r1bakb1r/pp1ppppp/2p5/2n5/3P2n1/1N2AP2/PPP1P2P/1RB1KBNR b - - 0 8", Counts: []perftdata.Count{{Depth: 1, Nodes: 32}, {Depth: 2, Nodes: 1115}, {Depth: 3, Nodes: 35461}}},
	},
	"raazuvaa": {
		{ID: "raazuvaa-start", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 12}, {Depth: 2, Nodes: 144}, {Depth: 3, Nodes: 2124}}},
		{ID: "raazuvaa-random-1", FEN: "rnbqkb1r/pppppp2/7p/6pP/4n3/2N1P3/PPPPNPP1/R1BQKB1R b - - 0 6", Counts: []perftdata.Count{{Depth: 1, Nodes: 19}, {Depth: 2, Nodes: 368}, {Depth: 3, Nodes: 7295}}},
		{ID: "raazuvaa-random-2", FEN: "r1b1kbnr/ppnppppp/2p3N1/1q6/8/1P2PP2/PBPPB1PP/RN1QK2R b - - 6 8", Counts: []perftdata.Count{{Depth: 1, Nodes: 31}, {Depth: 2, Nodes: 955}, {Depth: 3, Nodes: 29351}}},
	},
	"paradigm": {
		{ID: "paradigm-start", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 20}, {Depth: 2, Nodes: 400}, {Depth: 3, Nodes: 9062}}},
		{ID: "paradigm-random-1", FEN: "r1bq1bn1/1pp2kp1/p2p1p1r/P3p2p/4P3/5PP1/P1PPN2P/RNBQKB1R b KQ - 1 10", Counts: []perftdata.Count{{Depth: 1, Nodes: 30}, {Depth: 2, Nodes: 692}, {Depth: 3, Nodes: 21623}}},
		{ID: "paradigm-random-2", FEN: "rnbk1bnr/1pppqp1p/p3p3/6p1/3P4/P1N5/1PPKPPPP/R1BQ1BNR w - - 2 6", Counts: []perftdata.Count{{Depth: 1, Nodes: 27}, {Depth: 2, Nodes: 702}, {Depth: 3, Nodes: 19717}}},
	},
	"tencubed": {
		{ID: "tencubed-start", FEN: "2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 40}, {Depth: 2, Nodes: 1600}, {Depth: 3, Nodes: 68230}}},
		{ID: "tencubed-random-1", FEN: "2cwamwc2/1rn2kbnr1/p3p1pppp/2pp1pq3/bp8/P9/3N6/1PPPPPPPPP/1R1BQKB1R1/1C1WA1MCWN b - - 2 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 72}, {Depth: 2, Nodes: 3189}, {Depth: 3, Nodes: 231657}}},
		{ID: "tencubed-random-2", FEN: "c3amwbc1/1rnbqk1nr1/ppppp1pp2/2w5p1/5p3p/6B3/3PP3P1/PPP2PPP1P/4QKBNRW/NRCWAM1C2 b - - 1 8", Counts: []perftdata.Count{{Depth: 1, Nodes: 59}, {Depth: 2, Nodes: 3465}, {Depth: 3, Nodes: 207102}}},
	},
	"fox-and-hounds": {
		{ID: "fox-and-hounds-start", FEN: "1h1h1h1h/8/8/8/8/8/8/4F3 w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 2}, {Depth: 2, Nodes: 14}, {Depth: 3, Nodes: 56}}},
		{ID: "fox-and-hounds-random-1", FEN: "5h2/4h1h1/3h4/8/8/8/3F4/8 b - - 9 5", Counts: []perftdata.Count{{Depth: 1, Nodes: 5}, {Depth: 2, Nodes: 20}, {Depth: 3, Nodes: 112}}},
		{ID: "fox-and-hounds-random-2", FEN: "7h/4h3/8/4F1h1/8/2h5/8/8 b - - 19 10", Counts: []perftdata.Count{{Depth: 1, Nodes: 7}, {Depth: 2, Nodes: 25}, {Depth: 3, Nodes: 156}}},
	},
	// Fairy-Stockfish's built-ins of the families above: each start to
	// the depth the binary counts in about 10 s, positions of random play
	// ("position startpos moves …", then "d") to depth 3 (joust's second
	// game ended, so a third, to depth 4)
	"clobber10": {
		{ID: "clobber10-start", FEN: "PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP w 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 180}, {Depth: 2, Nodes: 31252}, {Depth: 3, Nodes: 5231000}}},
		{ID: "clobber10-random-1", FEN: "PP1pPpPppp/p1PPpPpP1P/PpPpPpPPPp/pPpPpPp1pP/PpPpPp1ppp/pPpPpPPP1P/PpPpppPpPp/pPPP1PpP1P/p2pPpP1pp/p1PPpPpppP w - - 0 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 109}, {Depth: 2, Nodes: 11323}, {Depth: 3, Nodes: 1121176}}},
		{ID: "clobber10-random-2", FEN: "PpPpP1ppPp/p1pppPP1pP/1PP1PPp1Pp/PPpP2pPpP/p1P1P1ppp1/1pp1P2p1P/PpPpPpPp1p/pPpPp1P1P1/1PPpPpp2p/P1pPP2pPP b - - 0 14", Counts: []perftdata.Count{{Depth: 1, Nodes: 63}, {Depth: 2, Nodes: 3745}, {Depth: 3, Nodes: 209990}}},
	},
	"isolation": {
		{ID: "isolation-start", FEN: "3p2/6/6/6/6/6/6/2P3 w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 225}, {Depth: 2, Nodes: 47300}, {Depth: 3, Nodes: 13032440}}},
		{ID: "isolation-random-1", FEN: "6/1*p1*1/1*2*1/4*1/3***/1**2*/4P1/1*4 w - - 12 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 224}, {Depth: 2, Nodes: 40803}, {Depth: 3, Nodes: 5471967}}},
		{ID: "isolation-random-2", FEN: "***2*/**2**/1***p1/**1*2/*1**1*/***3/1**1P*/**1*2 b - - 27 14", Counts: []perftdata.Count{{Depth: 1, Nodes: 68}, {Depth: 2, Nodes: 6144}, {Depth: 3, Nodes: 308076}}},
	},
	"isolation7x7": {
		{ID: "isolation7x7-start", FEN: "3p3/7/7/7/7/7/3P3 w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 230}, {Depth: 2, Nodes: 49500}, {Depth: 3, Nodes: 13974620}}},
		{ID: "isolation7x7-random-1", FEN: "1*5/3*3/1**2*1/1*1p1*1/*2*1*1/4P*1/1*5 w - - 12 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 166}, {Depth: 2, Nodes: 30086}, {Depth: 3, Nodes: 4180486}}},
		{ID: "isolation7x7-random-2", FEN: "1*p2**/2*****/**2***/**1**2/2*****/2*1**1/*3P*1 b - - 27 14", Counts: []perftdata.Count{{Depth: 1, Nodes: 37}, {Depth: 2, Nodes: 1298}, {Depth: 3, Nodes: 56300}}},
	},
	"joust": {
		{ID: "joust-start", FEN: "8/8/8/4n3/3N4/8/8/8 w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 8}, {Depth: 2, Nodes: 62}, {Depth: 3, Nodes: 356}, {Depth: 4, Nodes: 1992}, {Depth: 5, Nodes: 8094}, {Depth: 6, Nodes: 31630}, {Depth: 7, Nodes: 126500}, {Depth: 8, Nodes: 485018}, {Depth: 9, Nodes: 2123618}, {Depth: 10, Nodes: 8908398}, {Depth: 11, Nodes: 32767952}}},
		{ID: "joust-random-1", FEN: "3*1n2/1*6/2*N*3/*2***2/1*1*4/4*3/2*5/8 w - - 12 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 6}, {Depth: 2, Nodes: 18}, {Depth: 3, Nodes: 72}}},
		{ID: "joust-random-3", FEN: "3*4/5***/2*1**2/3**1**/n2*4/2*3*1/5N2/7* b - - 15 8", Counts: []perftdata.Count{{Depth: 1, Nodes: 3}, {Depth: 2, Nodes: 15}, {Depth: 3, Nodes: 61}, {Depth: 4, Nodes: 177}}},
	},
	"sortofalmost": {
		{ID: "sortofalmost-start", FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 22}, {Depth: 2, Nodes: 440}, {Depth: 3, Nodes: 10815}, {Depth: 4, Nodes: 239279}, {Depth: 5, Nodes: 6444471}}},
		{ID: "sortofalmost-random-1", FEN: "r1bqkbnr/pppnp1p1/5p2/7p/2N5/1P1p2PN/PCPPPP1P/R1B1KB1R w KQkq - 2 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 28}, {Depth: 2, Nodes: 612}, {Depth: 3, Nodes: 17859}}},
		{ID: "sortofalmost-random-2", FEN: "r1b1k1nr/p1p3b1/2n1p2p/PPqp1ppP/N2P4/R7/1P1CPPP1/2B1KBNR b Kkq - 2 14", Counts: []perftdata.Count{{Depth: 1, Nodes: 39}, {Depth: 2, Nodes: 1395}, {Depth: 3, Nodes: 52415}}},
	},
	"troitzky": {
		{ID: "troitzky-start", FEN: "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 20}, {Depth: 2, Nodes: 400}, {Depth: 3, Nodes: 8766}, {Depth: 4, Nodes: 191848}, {Depth: 5, Nodes: 4559605}}},
		{ID: "troitzky-random-1", FEN: "****qk****/**r1b1nr**/*ppp2bp1*/*3npp2*/1N2p1N1p1/5P4/*8*/*PPPP1PPP*/**1RBB1R**/****QK**** w - - 2 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 35}, {Depth: 2, Nodes: 975}, {Depth: 3, Nodes: 33418}}},
		{ID: "troitzky-random-2", FEN: "****qk****/**1rb1nr**/*2pb4*/*pn2pppN*/2P1p3p1/2P4P2/*2PN4*/*1QBPPP1P*/**1RKB1R**/****2**** b - - 1 14", Counts: []perftdata.Count{{Depth: 1, Nodes: 23}, {Depth: 2, Nodes: 761}, {Depth: 3, Nodes: 18080}}},
	},
	"omicron": {
		{ID: "omicron-start", FEN: "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1", Counts: []perftdata.Count{{Depth: 1, Nodes: 30}, {Depth: 2, Nodes: 900}, {Depth: 3, Nodes: 29540}, {Depth: 4, Nodes: 967381}}},
		{ID: "omicron-random-1", FEN: "w**********w/*cr1bqkbnrc*/*ppp2p2p1*/*1n4pp1p*/*P2pp5*/*1P6P1*/*7P1C*/*2PPPPP2P*/*CRNBQKBNR1*/W**********W w KQkq - 0 7", Counts: []perftdata.Count{{Depth: 1, Nodes: 38}, {Depth: 2, Nodes: 1588}, {Depth: 3, Nodes: 63737}}},
		{ID: "omicron-random-2", FEN: "w**********1/*crnbqkb1r1*/*p2ppp2p1*/*2p2wpp1p*/*1p6n1*/*C2P2c1PP*/*2P1P1N3*/*PP3PPP1C*/*1RNB1KB1R1*/W**********W b KQkq - 2 14", Counts: []perftdata.Count{{Depth: 1, Nodes: 50}, {Depth: 2, Nodes: 2423}, {Depth: 3, Nodes: 120899}}},
	},
}

// piecesSections are the sections of Fairy-Stockfish's example file that
// load since a side without moves may be the only end of a game without
// a royal piece (stalemateValue loss or win, as clobber needs):
// TestFSFExampleSections fails if one does not.
var piecesSections = []string{"tuktuk", "lewthwaite"}

// TestClobberPerft: the built-in clobber (Fairy-Stockfish's variant.cpp's
// clobber_variant), kingless and ended by the side without moves, counts
// every count of fsf-head/clobber.perft (start and three random positions,
// to depth 4) with the fast generator.
func TestClobberPerft(t *testing.T) {
	v, err := variant.Builtin().Lookup("clobber")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := perftdata.Load("fairy/fsf-head/clobber.perft")
	if err != nil {
		t.Skip(err)
	}
	checked := 0
	for _, c := range cases {
		p, err := v.FromFENLenient(c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		for _, n := range c.Counts {
			got, err := variant.Perft(context.Background(), p, n.Depth, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got != n.Nodes {
				t.Errorf("%s depth %d: %d, want %d", c.ID, n.Depth, got, n.Nodes)
			}
			checked++
		}
	}
	if checked < 15 {
		t.Errorf("%d counts checked", checked)
	}
}
