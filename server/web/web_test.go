package web

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// Every module a page or module imports is embedded: a missing file
// would only show in a browser's console.
func TestImportsResolve(t *testing.T) {
	ref := regexp.MustCompile(`(?:from\s+'\./([^']+)'|src="/static/([^"]+)"|href="/static/([^"]+)")`)
	err := fs.WalkDir(static, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, path)
		if err != nil {
			return err
		}
		for _, m := range ref.FindAllStringSubmatch(string(b), -1) {
			name := m[1] + m[2] + m[3]
			if _, err := fs.Stat(static, name); err != nil {
				t.Errorf("%s refers to %s, which is not embedded", path, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The client makes no request to other sites: no CDN, no web fonts.
func TestNoExternalRequests(t *testing.T) {
	ext := regexp.MustCompile(`(?i)(?:src|href)\s*=\s*["']?(?:https?:)?//|@import|url\(\s*["']?(?:https?:)?//|fetch\(\s*["']https?:`)
	err := fs.WalkDir(static, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := fs.ReadFile(static, path)
		text := strings.ReplaceAll(string(b), "http://www.w3.org/2000/svg", "")
		if loc := ext.FindStringIndex(text); loc != nil {
			t.Errorf("%s loads from another site: %q", path, text[loc[0]:min(loc[1]+40, len(text))])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
