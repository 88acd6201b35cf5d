"""Table tools shared by every game: dice and named decks, seeded and deterministic."""
