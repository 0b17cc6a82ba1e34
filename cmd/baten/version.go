package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
)

// commit is the commit to report when the build recorded none (a build
// with -buildvcs=false, or outside a repository): set it with
// go build -ldflags "-X main.commit=$(git rev-parse HEAD)".
var commit string

// versionCommand prints the module version and the commit the binary was
// built from, as the build recorded them (runtime/debug.ReadBuildInfo):
// "baten v1.2.3 commit 0123abcd… (2026-11-24T10:00:00Z) go1.26".
func (c *cli) versionCommand(_ context.Context, args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: baten version (or baten --version)\n\n"+
			"Prints the module version and the commit baten was built from (the\n"+
			"go command records the commit unless building with -buildvcs=false;\n"+
			"-ldflags \"-X main.commit=…\" sets it otherwise).\n")
	}
	if err := parseFlags(fs, args, stdout, false); err != nil {
		return err
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Fprintln(stdout, versionLine(info, commit))
	return nil
}

// versionLine formats the build information: the main module's version
// ("(devel)" for a build from a work tree, as the go command records it),
// the VCS revision, its time and whether the tree had changes, and the Go
// version. A commit the build did not record is taken from commit, or
// said to be unknown; without build information it says so.
func versionLine(info *debug.BuildInfo, commit string) string {
	if info == nil {
		return "baten (no build information)"
	}
	version := info.Main.Version
	if version == "" {
		version = "(unknown version)"
	}
	s := "baten " + version
	settings := map[string]string{}
	for _, kv := range info.Settings {
		settings[kv.Key] = kv.Value
	}
	if settings["vcs.revision"] == "" && commit != "" {
		settings["vcs.revision"] = commit
	}
	if rev := settings["vcs.revision"]; rev == "" {
		s += " commit unknown"
	} else {
		s += " commit " + rev
		if t := settings["vcs.time"]; t != "" {
			s += " (" + t + ")"
		}
		if settings["vcs.modified"] == "true" {
			s += " with local changes"
		}
	}
	if info.GoVersion != "" {
		s += " " + info.GoVersion
	}
	return s
}
