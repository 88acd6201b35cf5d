-- A server's own settings for the bot: the language of its public messages (NULL: follow the
-- server's preferred locale as Discord reports it).
CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    locale     TEXT,
    updated_at REAL    NOT NULL
);
