package main

import (
	"context"
	"os"
	"testing"
)

// uciEngineArg makes a re-executed test binary run "baten uci": the
// engine processes of the match tests are this binary's real UCI loop.
const uciEngineArg = "baten-test-uci-engine"

// TestMain lets the tests run this command as a child process without
// building it first: the test binary itself runs main with
// BATEN_TEST_MAIN=1 (the pseudo-terminal tests of play), and "baten uci"
// when its only argument is uciEngineArg (the match tests' engines).
func TestMain(m *testing.M) {
	// The engine first: the engines of a match run as a child process
	// (BATEN_TEST_MAIN=1) inherit its environment.
	if len(os.Args) == 2 && os.Args[1] == uciEngineArg {
		if err := run(context.Background(), []string{"uci", "--hash", "4"}, os.Stdin, os.Stdout, os.Stderr); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	if os.Getenv("BATEN_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}
