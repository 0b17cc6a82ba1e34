// Package game keeps the record of a game in any of Baten's rule systems —
// chess, Chess960, shatranj, Ban-Chess and English draughts — and the rules
// that need the game's history rather than one position: repetition, the
// fifty-, forty- and seventy-five-move rules, draw offers and claims,
// resignation, clocks and time forfeits, and take-back.
//
// A Position is one variant's position seen through a small interface
// (legal moves, play, notation, the position's own outcome); the adapters
// in this package wrap the variant packages, which know nothing of games.
// A Game starts from any legal Position — a FEN (NewPosition), a Chess960
// number (Chess960Start), shatranj's alternative setup or a tabiya
// (ShatranjAlternative, ShatranjTabiya), a draughts ballot
// (DraughtsBallot) — and changes only through Play, Undo, OfferDraw,
// AcceptDraw, DeclineDraw, Claim, Resign and Flag. Undo takes back an
// ending not made by a move (resignation, agreement, claim, flag fall) on
// its own, before any move.
//
// Every ending has a reason (Outcome). Endings the position decides
// (checkmate, stalemate, bare king, no pieces, insufficient material, dead
// position) end the game at once. Repetition and move-count draws are
// offered to the player on move (CanClaimRepetition, CanClaimMoveRule) and
// end the game only when claimed — except in chess, Chess960 and Ban-Chess,
// where a fivefold repetition or 75 moves without capture or pawn move end
// it automatically (FIDE Laws 9.6). Shatranj and draughts have no automatic
// counterpart in their rules; there the draws are claims only.
//
// Records: Game.PGN and FromPGN write and read PGN (and PDN through the
// PGN reader), Game.DraughtsRecord and FromPDN draughts' own PDN records.
// The result and Termination tag written read back to the same Outcome;
// a record whose result does not fit its moves is a *ResultError.
package game
