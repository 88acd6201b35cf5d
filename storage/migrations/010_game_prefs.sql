-- Standing per-game preferences (/settings `<game>_<key>`), declared by each game's UI plug-in, so a
-- new one needs no column. A missing row leaves each table's own setting in charge.
CREATE TABLE game_prefs (
    user_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (user_id, game, key)
);

-- The one preference that had its own column moves here unchanged.
INSERT INTO game_prefs (user_id, game, key, value, updated_at)
SELECT user_id, 'dominion', 'reactions', dominion_reactions, updated_at
FROM user_prefs WHERE dominion_reactions IS NOT NULL;

ALTER TABLE user_prefs DROP COLUMN dominion_reactions;
