package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/baten-chess/baten/store"
)

// Error is a refusal with the HTTP status that says what kind it is:
// 400 bad input or an action the rules refuse, 401 a missing or wrong
// token, 403 a seat that may not do this, 404 an unknown game, 409 a
// conflict, 413 too large, 429 too many, 503 shutting down. Msg is the
// reason clients see.
type Error struct {
	Code int
	Msg  string
	Err  error // the cause, if any
}

func (e *Error) Error() string { return e.Msg }

func (e *Error) Unwrap() error { return e.Err }

// refuse returns an *Error with code and a formatted reason.
func refuse(code int, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// refuseErr returns an *Error with code whose reason is err's text.
func refuseErr(code int, err error) *Error {
	return &Error{Code: code, Msg: err.Error(), Err: err}
}

// errorCode returns the HTTP status of err: an *Error's, 404 and 409 for
// the store's sentinels, 500 for anything else.
func errorCode(err error) int {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e.Code
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

// writeJSON writes v with status code.
func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// writeError writes err as {"error":"reason"}; the text of an internal
// error is not shown to clients.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	code := errorCode(err)
	msg := err.Error()
	if code == http.StatusInternalServerError {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		msg = "internal error"
	}
	writeJSON(w, code, map[string]string{"error": msg})
}
