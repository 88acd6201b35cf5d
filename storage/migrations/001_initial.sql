-- Matches: everything needed to rebuild a game except the answers (those live in match_log).
CREATE TABLE matches (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    engine_version   TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',   -- JSON: raw lobby options, normalized at start
    seats            TEXT    NOT NULL DEFAULT '[]',   -- JSON: [{kind, name, policy, user_id}]
    seed             INTEGER NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    host_id          INTEGER NOT NULL,
    locale           TEXT    NOT NULL DEFAULT 'en',
    lobby_message_id INTEGER,
    board_message_id INTEGER,
    board_posted_at  REAL,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
-- One lobby or running game per channel (a thread is a channel of its own).
CREATE UNIQUE INDEX one_live_match_per_channel ON matches (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX matches_by_status ON matches (status);

-- The accepted answers in arrival order: the source of truth for a match's state.
CREATE TABLE match_log (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    answer     TEXT    NOT NULL,                      -- JSON list of option ids
    created_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TABLE results (
    match_id  INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    scores    TEXT NOT NULL,                          -- JSON list, by seat
    ranks     TEXT NOT NULL,                          -- JSON list, by seat; 1 = first
    details   TEXT NOT NULL DEFAULT '{}',
    ended_how TEXT NOT NULL,                          -- finished | abandoned
    ended_at  REAL NOT NULL
);

CREATE TABLE user_prefs (
    user_id    INTEGER PRIMARY KEY,
    dm_hands   INTEGER NOT NULL DEFAULT 1,
    locale     TEXT,                                  -- overrides the Discord client locale
    updated_at REAL    NOT NULL
);
