// Package game keeps the record of a game of any game package variant
// registers — chess, Chess960, shatranj, Ban-Chess, English draughts,
// Capablanca chess, or one defined as data — and the rules that need the
// game's history rather than one position: repetition, the fifty-,
// forty- and seventy-five-move rules, draw offers and claims,
// resignation, clocks and time forfeits, and take-back.
//
// A Game is played on a variant.Position, the small interface package
// variant gives every game (legal actions, play, notation, the position's
// own outcome), and reads what differs between games from the position's
// descriptor, its *variant.Variant: which move rule applies, whether
// fivefold repetition and 75 moves end a game by themselves, how its
// records are written. It starts from any legal Position — a game's
// standard start (Variant.Start), a FEN (Variant.FromFEN), a named start
// such as a Chess960 number, shatranj's alternative setup or a tabiya,
// or a draughts ballot (Variant.StartFrom) — and changes only through
// Play, PlayText, Undo, OfferDraw, AcceptDraw, DeclineDraw, Claim,
// Resign and Flag. Undo takes back an ending not made by a move
// (resignation, agreement, claim, flag fall) on its own, before any move.
//
// Every ending has a reason (variant.Outcome). Endings the position
// decides (checkmate, stalemate, bare king, no pieces, insufficient
// material, dead position) end the game at once. Repetition and
// move-count draws are offered to the player on move (CanClaimRepetition,
// CanClaimMoveRule) and end the game only when claimed — except in games
// whose descriptor sets AutomaticEnds (chess, Chess960, Ban-Chess,
// Capablanca chess), where a fivefold repetition or 75 moves without
// capture or pawn move end it automatically (FIDE Laws 9.6). Shatranj and
// draughts have no automatic counterpart in their rules; there the draws
// are claims only.
//
// Records: Game.PGN and FromPGN write and read PGN (and PDN through the
// PGN reader), Game.DraughtsRecord and FromPDN draughts' own PDN records;
// the readers find the record's game in a variant.Registry. The result
// and Termination tag written read back to the same Outcome; a record
// whose result does not fit its moves is a *ResultError.
package game
