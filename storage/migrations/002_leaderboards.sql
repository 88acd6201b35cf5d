-- Leaderboards: every finished game (played here or at a physical table), skill ratings derived
-- from them, physical results awaiting confirmation, and privacy choices.

-- One finished (or abandoned) game. Online games point at their match; table games do not.
CREATE TABLE plays (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,
    game          TEXT    NOT NULL,
    source        TEXT    NOT NULL CHECK (source IN ('online', 'table')),
    match_id      INTEGER UNIQUE REFERENCES matches (id) ON DELETE SET NULL,
    channel_id    INTEGER,
    message_id    INTEGER,                            -- where a jump link should land
    options       TEXT    NOT NULL DEFAULT '{}',      -- JSON: expansions, kingdom, difficulty...
    ended_how     TEXT    NOT NULL CHECK (ended_how IN ('normal', 'abandoned', 'replaced')),
    turns         INTEGER,                            -- the most turns any seat took
    details       TEXT    NOT NULL DEFAULT '{}',      -- JSON: tie-breaks, end reason, breakdowns
    solo_opponent TEXT,                               -- rugwort | nightweave | tapestry_automa ...
    solo_level    INTEGER,                            -- Rugwort's year, Nightweave's level...
    submitted_by  INTEGER,                            -- who entered a table result
    started_at    REAL    NOT NULL,
    ended_at      REAL    NOT NULL
);
CREATE INDEX plays_by_guild_game ON plays (guild_id, game, id);
CREATE INDEX plays_by_solo ON plays (game, solo_opponent, solo_level);

-- The seats of a play. A deleted user's seat keeps its score under a random pseudonym (anon),
-- so other players' ratings recompute to the same values without naming anyone.
CREATE TABLE play_seats (
    play_id   INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    kind      TEXT    NOT NULL CHECK (kind IN ('human', 'bot', 'automa')),
    user_id   INTEGER,
    anon      TEXT,
    name      TEXT,
    policy    TEXT,
    score     INTEGER,
    rank      INTEGER,
    turns     INTEGER,
    replaced  INTEGER NOT NULL DEFAULT 0,             -- a bot finished this human's game
    breakdown TEXT,                                   -- JSON: per-category points
    PRIMARY KEY (play_id, seat)
) WITHOUT ROWID;
CREATE INDEX play_seats_by_user ON play_seats (user_id);

-- Who a bot replaced mid-game (the match's seat list only keeps the bot).
CREATE TABLE seat_replacements (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,
    name        TEXT,
    replaced_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;

-- Current skill per server and game; a cache of what replaying rated plays in id order gives.
-- player: the user id as text, or a deleted user's pseudonym.
CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    player       TEXT    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    last_play_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, player)
) WITHOUT ROWID;

CREATE TABLE rating_history (
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    player   TEXT    NOT NULL,
    play_id  INTEGER NOT NULL REFERENCES plays (id) ON DELETE CASCADE,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, player, play_id)
) WITHOUT ROWID;

-- A server's boards start again after this play (older plays stay in everyone's history).
CREATE TABLE board_resets (
    guild_id      INTEGER PRIMARY KEY,
    after_play_id INTEGER NOT NULL,
    reset_by      INTEGER,
    reset_at      REAL    NOT NULL
);

-- A table result waits here until every listed player confirmed it.
CREATE TABLE pending_results (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',
    solo_opponent TEXT,
    solo_level    INTEGER,
    submitted_by  INTEGER NOT NULL,
    fingerprint   TEXT    NOT NULL,                   -- hash of game, players and scores
    created_at    REAL    NOT NULL,
    expires_at    REAL    NOT NULL,
    locale        TEXT    NOT NULL DEFAULT 'en'       -- of the channel the request is posted in
);
CREATE UNIQUE INDEX pending_once ON pending_results (guild_id, fingerprint);
CREATE INDEX pending_by_expiry ON pending_results (expires_at);

CREATE TABLE pending_seats (
    pending_id INTEGER NOT NULL REFERENCES pending_results (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('human', 'automa')),
    user_id    INTEGER,
    name       TEXT,
    score      INTEGER NOT NULL,
    breakdown  TEXT,
    confirmed  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (pending_id, seat)
) WITHOUT ROWID;
CREATE INDEX pending_seats_by_user ON pending_seats (user_id);

CREATE TABLE privacy (
    user_id    INTEGER PRIMARY KEY,
    hidden     INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL
);
