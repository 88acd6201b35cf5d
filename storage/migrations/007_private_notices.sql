-- The last prompt each seat's owner was sent privately (by DM), so a process that takes a match
-- over from another (or starts again) does not send the same prompt twice.
CREATE TABLE private_notices (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    pid      INTEGER NOT NULL,
    sent_at  REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
