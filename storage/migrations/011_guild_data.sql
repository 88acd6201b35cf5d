-- A server's own data files for any game (replacing our designed values, or completing what the
-- rulebooks do not print), one of each kind per game and guild. Mistwood's files move here as the
-- game `everdell`. New lobbies copy the text into their match options, so a later upload or
-- removal never changes a game already opened. uploaded_by is NULL once that member is forgotten.
CREATE TABLE guild_data (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    filename    TEXT    NOT NULL,
    content     TEXT    NOT NULL,
    size        INTEGER NOT NULL,
    uploaded_by INTEGER,
    uploaded_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, kind)
);
INSERT INTO guild_data (guild_id, game, kind, filename, content, size, uploaded_by, uploaded_at)
    SELECT guild_id, 'everdell', kind, filename, content, size, uploaded_by, uploaded_at FROM guild_mistwood_data;
DROP TABLE guild_mistwood_data;
