"""The site's features: practice games, the score pad, lessons, puzzles, review and
the worked examples. Imports the core and the players, never the presentation."""
