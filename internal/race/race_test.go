package race_test

import (
	"runtime/debug"
	"testing"

	"github.com/baten-chess/baten/internal/race"
)

// TestEnabledMatchesBuild: Enabled is true exactly when the test binary
// was built with -race, as the toolchain records it in the binary's build
// settings.
func TestEnabledMatchesBuild(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build information in the test binary")
	}
	built := false
	for _, s := range info.Settings {
		if s.Key == "-race" {
			built = s.Value == "true"
		}
	}
	if race.Enabled != built {
		t.Errorf("Enabled = %v, but the build settings say -race=%v", race.Enabled, built)
	}
}
