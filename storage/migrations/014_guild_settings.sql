-- A server's own settings for the bot: the language of its public messages (NULL: follow the
-- server's preferred locale as Discord reports it).
CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    locale     TEXT,
    updated_at REAL    NOT NULL
);

-- The Discord language last seen on a user's clicks and commands, so their DMs speak it from
-- the first one, after a restart too (forgotten with the rest of the row).
ALTER TABLE user_prefs ADD COLUMN seen_locale TEXT;
