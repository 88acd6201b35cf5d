-- Tables that survive crashes, damaged rows and rules changes.
--
-- What each seat was last sent privately now names the step (answers in the log) it was sent at:
-- a rewind can bring back a prompt id already delivered once, and it must be delivered again.
-- via: 'dm' (the private view by direct message), 'notice' (the channel's status named the player, with
-- its My hand button: DMs closed or turned off), 'reply' (the view shown in the clicked message itself),
-- 'baseline' (open when reconciliation first met a match none of whose answers was stored since
-- this migration: announced by a version that did not record every delivery).
ALTER TABLE private_notices ADD COLUMN step INTEGER;
ALTER TABLE private_notices ADD COLUMN via TEXT NOT NULL DEFAULT 'dm';
-- The direct message that carried the seat's last private view (NULL: none, or not a DM): once the
-- game ends it is edited to say so, by whichever process sees the end, after any restart.
ALTER TABLE private_notices ADD COLUMN dm_channel_id INTEGER;
ALTER TABLE private_notices ADD COLUMN dm_message_id INTEGER;

-- A digest of the state right after each answer, written with the answer: on rebuild a state
-- that comes out otherwise (the rules changed under a game in flight) is noticed, not continued.
-- NULL for answers stored before this column existed. engine_version: the rules' version that
-- judged the answer, for information.
ALTER TABLE match_log ADD COLUMN digest TEXT;
ALTER TABLE match_log ADD COLUMN engine_version TEXT;

-- Matches held out of play because they could not be loaded (kind 'damaged': a gap in the log,
-- an unreadable row, an unknown game, an answer the rules refuse) or because their state comes
-- out otherwise under the current rules (kind 'rules': waiting for the host or a manager to
-- continue). step: the first answer that no longer replays (1-based), or that differs. announced_at:
-- when the table was told in its channel (told once).
CREATE TABLE quarantine (
    match_id     INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL,
    reason       TEXT    NOT NULL,
    detail       TEXT    NOT NULL DEFAULT '',
    step         INTEGER,
    engine_version TEXT,
    created_at   REAL    NOT NULL,
    announced_at REAL
);
