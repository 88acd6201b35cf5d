-- Several bot processes on one database: optimistic versioning of matches, leased jobs, and a
-- durable queue of matches whose bot or automa seats have a decision to make.

-- Every write of a match bumps its revision; a write that loaded an older one is refused, and a
-- process holding a cached copy with another revision reloads it.
ALTER TABLE matches ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;

-- A process claims a due job for a while; if it dies, the lease runs out and another takes it.
ALTER TABLE pbp_jobs ADD COLUMN claimed_by TEXT;
ALTER TABLE pbp_jobs ADD COLUMN lease_until REAL;

-- Matches waiting for a bot or automa answer. One process at a time holds the lease and plays;
-- `wakes` counts new requests, so a lease holder never deletes a request it has not seen.
CREATE TABLE bot_turns (
    match_id    INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    wakes       INTEGER NOT NULL DEFAULT 1,
    queued_at   REAL    NOT NULL,
    claimed_by  TEXT,
    lease_until REAL
);
CREATE INDEX bot_turns_by_lease ON bot_turns (lease_until);
