package banchess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/baten-chess/baten/chess"
)

// FENError reports extended FEN text that could not be read; Err is one of
// the sentinel errors below, a *chess.FENError or a *chess.SetupError.
type FENError struct {
	FEN string
	Err error
}

// Error names the FEN and the problem.
func (e *FENError) Error() string { return fmt.Sprintf("banchess: FEN %q: %v", e.FEN, e.Err) }

// Unwrap returns the cause.
func (e *FENError) Unwrap() error { return e.Err }

// Causes of a FENError about the seventh field.
var (
	ErrMissingPly    = errors.New("missing 7th field (ply)")
	ErrBadPly        = errors.New("ply is not a positive integer")
	ErrPlyTurn       = errors.New("ply contradicts the side to move")
	ErrBanInBanPhase = errors.New("ban given at a ban ply (odd ply)")
	ErrBanNotLegal   = errors.New("ban is not a legal move of the side to move")
	ErrBadBanText    = errors.New("ban is not a from-to square pair")
	ErrTooManyFields = errors.New("more than 7 fields")
	ErrTooFewFEN     = errors.New("fewer than 6 FEN fields")
)

// ParseFEN reads an extended FEN: six FEN fields and a seventh "PLY" or
// "PLY:BAN" (ban-chess.ts). Odd plies are ban phases, even plies move
// phases; ply mod 4 must agree with the side to move (plies 1 and 2: White
// to move; plies 3 and 4: Black to move, counting mod 4). A ban may only
// be given at an even ply and must be the pair of a legal move of the side
// to move (castling as e1g1 or e1h1; the canonical pair is e1g1). The ply
// is not checked against the fullmove number (ban-chess.ts checks neither).
// A trailing state mark (+, # or =) that ban-chess.ts may write is ignored.
func ParseFEN(text string) (Position, error) {
	fail := func(err error) (Position, error) { return Position{}, &FENError{FEN: text, Err: err} }
	fields := strings.Fields(text)
	switch {
	case len(fields) < 6:
		return fail(ErrTooFewFEN)
	case len(fields) == 6:
		return fail(ErrMissingPly)
	case len(fields) > 7:
		return fail(ErrTooManyFields)
	}
	setup, err := chess.ParseFEN(strings.Join(fields[:6], " "))
	if err != nil {
		return fail(err)
	}
	cp, err := chess.NewPosition(setup)
	if err != nil {
		return fail(err)
	}
	// ban-chess.ts may append a state mark (+ check, # mate, = stalemate
	// or draw); it is derived from the position, so it is read and ignored.
	state := strings.TrimRight(fields[6], "+#=")
	if len(fields[6])-len(state) > 1 {
		return fail(fmt.Errorf("%w: %q", ErrBadPly, fields[6]))
	}
	plyText, banText, hasBan := strings.Cut(state, ":")
	ply, err := strconv.Atoi(plyText)
	if err != nil || ply < 1 || plyText[0] == '+' {
		return fail(fmt.Errorf("%w: %q", ErrBadPly, plyText))
	}
	ph, actor := PhaseOf(ply)
	mover := actor
	if ph == BanPhase {
		mover = actor.Other()
	}
	if mover != cp.Turn() {
		return fail(fmt.Errorf("%w: ply %d is %v's %v but %v is to move", ErrPlyTurn, ply, actor, ph, cp.Turn()))
	}
	p := Position{pos: cp, ply: ply}
	if hasBan {
		if ph == BanPhase {
			return fail(fmt.Errorf("%w: %d:%s", ErrBanInBanPhase, ply, banText))
		}
		b, err := ParseBanText(banText)
		if err != nil {
			return fail(fmt.Errorf("%w: %q", ErrBadBanText, banText))
		}
		b, err = p.parseBan(b.String())
		if err != nil {
			return fail(fmt.Errorf("%w: %s", ErrBanNotLegal, banText))
		}
		p.ban = pack(b)
	}
	return p, nil
}

// FEN returns the extended FEN of p: six fields (classic castling letters)
// and "PLY" or "PLY:BAN".
func (p *Position) FEN() string {
	s := p.pos.FEN(chess.CastlingClassic) + " " + strconv.Itoa(p.ply)
	if p.ban != noBan {
		s += ":" + p.ban.unpack().String()
	}
	return s
}

// String returns the extended FEN.
func (p *Position) String() string { return p.FEN() }
