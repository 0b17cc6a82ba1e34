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
// choice: time keeps running).
//
// The protocol is docs/server.md.
package server
