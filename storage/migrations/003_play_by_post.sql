-- Play-by-post: turn clocks, reminders, votes, vacations, undo and admin audits, imported replays.

-- Per-game play-by-post settings and the one status message each game keeps in its channel.
CREATE TABLE pbp_games (
    match_id          INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    turn_hours        REAL,                           -- NULL: no clock
    timeout_policy    TEXT    NOT NULL DEFAULT 'bot_turn' CHECK (timeout_policy IN ('wait', 'bot_turn', 'vote')),
    status_message_id INTEGER,
    status_text       TEXT,                           -- last rendered status, to skip needless edits
    status_pinged     TEXT    NOT NULL DEFAULT '[]'   -- JSON: user ids the current status message mentions
);

-- One row per human seat that has a decision open: when it started waiting and its deadline.
CREATE TABLE pbp_timers (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    started_at  REAL    NOT NULL,
    total       REAL,                                 -- seconds on the clock; NULL: no clock
    due_at      REAL,                                 -- NULL while paused or without a clock
    paused_left REAL,                                 -- seconds left when the clock was paused
    covered     INTEGER NOT NULL DEFAULT 0,           -- 1: a substitute bot plays this turn
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE INDEX pbp_timers_by_user ON pbp_timers (user_id);

-- Durable scheduler: a job runs once when due_at has passed (reminders, timeouts, vacations).
CREATE TABLE pbp_jobs (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT    NOT NULL,
    ref        TEXT    NOT NULL DEFAULT '',           -- groups jobs for cancelling, e.g. timer:12:0
    due_at     REAL    NOT NULL,
    payload    TEXT    NOT NULL DEFAULT '{}',
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at REAL    NOT NULL
);
CREATE INDEX pbp_jobs_due ON pbp_jobs (due_at);
CREATE INDEX pbp_jobs_ref ON pbp_jobs (ref);

CREATE TABLE pbp_user_prefs (
    user_id    INTEGER PRIMARY KEY,
    ping       INTEGER NOT NULL DEFAULT 1,            -- mention in the channel when it is their turn
    dm_ping    INTEGER NOT NULL DEFAULT 0,            -- also a direct message
    updated_at REAL    NOT NULL
);

CREATE TABLE pbp_vacations (
    user_id   INTEGER PRIMARY KEY,
    starts_at REAL    NOT NULL,
    ends_at   REAL    NOT NULL,
    active    INTEGER NOT NULL DEFAULT 0              -- 1 once started (clocks paused)
);

-- Table votes: replacing a timed-out player, or consenting to an undo beyond one's own turn.
CREATE TABLE pbp_votes (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL CHECK (kind IN ('replace', 'undo')),
    seat         INTEGER NOT NULL,                    -- replace: the seat; undo: the requester's seat
    target       REAL    NOT NULL,                    -- replace: timer started_at; undo: step to rewind to
    requested_by INTEGER,
    voters       TEXT    NOT NULL,                    -- JSON: eligible user ids
    ballots      TEXT    NOT NULL DEFAULT '{}',       -- JSON: user id -> true/false
    status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'passed', 'failed', 'cancelled')),
    message_id   INTEGER,
    created_at   REAL    NOT NULL,
    closed_at    REAL
);
CREATE INDEX pbp_votes_open ON pbp_votes (match_id, status);

-- Answers removed by an undo or a rewind, kept for the record.
CREATE TABLE pbp_undone (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    answer    TEXT    NOT NULL,
    answered_at REAL  NOT NULL,
    undone_at REAL    NOT NULL,
    undone_by INTEGER,
    reason    TEXT    NOT NULL                        -- undo | consent | host | admin
);
CREATE INDEX pbp_undone_by_match ON pbp_undone (match_id);

CREATE TABLE admin_audit (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER,
    match_id   INTEGER,
    actor_id   INTEGER NOT NULL,
    action     TEXT    NOT NULL,                      -- force_end | transfer | rewind
    details    TEXT    NOT NULL DEFAULT '{}',
    created_at REAL    NOT NULL
);
CREATE INDEX admin_audit_by_guild ON admin_audit (guild_id, created_at);

-- Replay files imported for viewing (read-only; never become live games).
CREATE TABLE pbp_replays (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL,
    data       TEXT    NOT NULL,
    created_at REAL    NOT NULL
);
