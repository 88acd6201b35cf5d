"""Family libraries: rules that several games of one family share (a game imports its family,
never another game; a family imports `engine.core` only)."""
