-- Companions for physical tables (an automated opponent's turns run by the bot) and table tools.
-- A companion is a game kind + JSON config + an append-only step log; its state is rebuilt by
-- replaying the steps, so new kinds (Tapestry Automa, Architects AI) need no schema change.
CREATE TABLE companions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    config TEXT NOT NULL,
    snapshot TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'active',
    created_by INTEGER NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE UNIQUE INDEX companions_one_active ON companions (channel_id) WHERE status = 'active';

CREATE TABLE companion_steps (
    companion_id INTEGER NOT NULL REFERENCES companions (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    step TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (companion_id, seq)
);

-- Per-channel RNG for /roll and /deck (Python's Random state as JSON), so results continue
-- the same sequence across restarts.
CREATE TABLE table_rng (
    channel_id INTEGER PRIMARY KEY,
    state TEXT NOT NULL,
    updated_at REAL NOT NULL
);

CREATE TABLE table_decks (
    channel_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    owner_id INTEGER NOT NULL,
    data TEXT NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (channel_id, name)
);
