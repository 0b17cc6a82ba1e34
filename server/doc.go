// Package server is Baten's game server: people and bots play every game
// of a variant.Registry against each other over HTTP (a lichess-compatible
// Board API with NDJSON streams) and WebSocket, and the server decides
// every action.
//
// Each live game is held in memory under its own mutex, which serialises
// its actions. An action is checked against the rules (right seat, right
// phase, legal), appended to the store (package store) and only then
// applied, acknowledged and broadcast: a crash loses nothing that was
// confirmed. Restore rebuilds the live games from the store after a
// restart; clocks continue from the stored times, and the side to move is
// charged the time that passed while the server was down (lichess's
// choice: time keeps running). An append the database finished only after
// the restart (the killed server had sent it) shows as a conflict at the
// next action: the game then catches up with the store and judges the
// action again, so a move sent again after its answer was lost is
// acknowledged, not refused.
//
// Accounts (package store) sign in with personal API tokens; the
// endpoints lichess clients call first (token test, account, bot
// upgrade) are in accounts.go. Games are still played with their seats'
// own tokens.
//
// The protocol is docs/server.md.
package server
