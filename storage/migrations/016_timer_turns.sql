-- The match's revision (bumped by every write, an undo too) when a timer's turn began. A
-- follow-up that runs late (the game moved on meanwhile) can then tell a turn that ended and came
-- back since (a new turn: a fresh clock and a fresh mention) from one still running, and leaves a
-- later turn's timer alone.
ALTER TABLE pbp_timers ADD COLUMN since_revision INTEGER NOT NULL DEFAULT 0;
