"""BoardGamesBot: the Discord bot process."""
