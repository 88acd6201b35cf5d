-- Guards for several bot processes on one database, where one process used to read, decide and
-- write alone.

-- One process at a time posts (or replaces) a game's status message: it claims the game's row
-- for a while first; a claim whose holder died runs out.
ALTER TABLE pbp_games ADD COLUMN status_claimed_by TEXT;
ALTER TABLE pbp_games ADD COLUMN status_claim_until REAL;

-- An undo vote remembers how many answers the log held when it was asked, so passing it after
-- the game moved on is refused instead of taking back more than was asked.
ALTER TABLE pbp_votes ADD COLUMN log_count INTEGER;

-- At most one open replacement vote per seat and one open undo vote per game. Older duplicates
-- (none are expected) are cancelled so the indexes can be built.
UPDATE pbp_votes SET status = 'cancelled'
WHERE status = 'open' AND id NOT IN (
    SELECT MAX(id) FROM pbp_votes WHERE status = 'open'
    GROUP BY match_id, kind, CASE WHEN kind = 'replace' THEN seat ELSE -1 END
);
CREATE UNIQUE INDEX pbp_votes_one_replace ON pbp_votes (match_id, seat) WHERE kind = 'replace' AND status = 'open';
CREATE UNIQUE INDEX pbp_votes_one_undo ON pbp_votes (match_id) WHERE kind = 'undo' AND status = 'open';
