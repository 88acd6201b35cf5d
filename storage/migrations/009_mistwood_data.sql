-- A server's own Mistwood data files (an Activity deck, a scoring table, card data), one of each
-- kind per guild. New lobbies copy the text into their match options, so a later upload or removal
-- never changes a game already opened. uploaded_by is NULL once that member's data is forgotten.
CREATE TABLE guild_mistwood_data (
    guild_id    INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('deck', 'scoring', 'cards')),
    filename    TEXT    NOT NULL,
    content     TEXT    NOT NULL,
    size        INTEGER NOT NULL,
    uploaded_by INTEGER,
    uploaded_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, kind)
);
