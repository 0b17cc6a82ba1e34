package variant_test

// wallSections are the sections of Fairy-Stockfish's example file that
// need only the walling family (and its built-in parents amazons and
// snailtrail) to load; TestFSFExampleSections requires that they do.
// crossderby has no walling rule: its start has wall squares, "*".
var wallSections = []string{"atlantis", "cowboys", "la-mancha-squeez", "la-mancha-duel", "crossderby"}
