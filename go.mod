module github.com/baten-chess/baten

go 1.26
