"""One package per game family; a game never imports another."""
