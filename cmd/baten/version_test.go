package main

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionLine: the version line names the module version, the
// commit with its time and whether the tree had changes, and the Go
// version, from whatever the build recorded.
func TestVersionLine(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	for _, tt := range []struct {
		info   *debug.BuildInfo
		commit string
		want   string
	}{
		{nil, "", "baten (no build information)"},
		{&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.3"},
			Settings: vcs("vcs.revision", "0123abcd", "vcs.time", "2026-11-24T10:00:00Z", "vcs.modified", "false")},
			"", "baten v1.2.3 commit 0123abcd (2026-11-24T10:00:00Z) go1.26.0"},
		{&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"},
			Settings: vcs("vcs.revision", "0123abcd", "vcs.modified", "true")},
			"", "baten (devel) commit 0123abcd with local changes go1.26.0"},
		{&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}}, "", "baten (devel) commit unknown go1.26.0"},
		{&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}}, "feedbeef", "baten (devel) commit feedbeef go1.26.0"},
	} {
		if got := versionLine(tt.info, tt.commit); got != tt.want {
			t.Errorf("versionLine = %q, want %q", got, tt.want)
		}
	}
}

// TestVersionCommand: "baten version" and "baten --version" print the
// same one line, starting "baten ".
func TestVersionCommand(t *testing.T) {
	var lines []string
	for _, args := range [][]string{{"version"}, {"--version"}} {
		var out, errOut bytes.Buffer
		if err := run(context.Background(), args, strings.NewReader(""), &out, &errOut); err != nil {
			t.Fatalf("%q: %v %s", args, err, errOut.String())
		}
		if !strings.HasPrefix(out.String(), "baten ") || strings.Count(out.String(), "\n") != 1 {
			t.Errorf("%q printed %q", args, out.String())
		}
		lines = append(lines, out.String())
	}
	if lines[0] != lines[1] {
		t.Errorf("version %q, --version %q", lines[0], lines[1])
	}
}
