// Package web is Baten's browser client: plain HTML, CSS and JavaScript
// modules embedded in the binary, with no build step and no external
// requests. The server mounts Handler at "/" (the lobby), "/game/{id}"
// (a game) and "/static/" (the assets).
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed static
var files embed.FS

// static is the embedded tree without its "static" prefix.
var static, _ = fs.Sub(files, "static")

// Handler serves the client: the lobby at "/", the game page at
// "/game/{id}" (the token travels in the URL fragment, which never
// reaches the server), and the assets under "/static/" (files only: no
// directory listings).
func Handler() http.Handler {
	assets := http.StripPrefix("/static/", http.FileServerFS(static))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		// Assets change with the binary and have no modification time in
		// embed.FS: revalidate every time rather than run stale code.
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'self'; connect-src 'self'; img-src 'self' data:; "+
			"style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
		h.Set("Referrer-Policy", "no-referrer")
		switch p := r.URL.Path; {
		case p == "/":
			page(w, r, "lobby.html")
		case strings.HasPrefix(p, "/game/"):
			page(w, r, "game.html")
		case strings.HasPrefix(p, "/static/"):
			// Files only: a directory would be served as a listing of
			// the assets.
			if fi, err := fs.Stat(static, strings.TrimPrefix(p, "/static/")); err != nil || fi.IsDir() {
				http.NotFound(w, r)
				return
			}
			assets.ServeHTTP(w, r)
		default:
			http.NotFound(w, r)
		}
	})
}

// page writes one of the HTML pages.
func page(w http.ResponseWriter, r *http.Request, name string) {
	b, err := fs.ReadFile(static, name)
	if err != nil {
		http.Error(w, "missing page "+name, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if r.Method != http.MethodHead {
		_, _ = w.Write(b)
	}
}
