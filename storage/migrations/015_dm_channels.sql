-- Each user's direct-message channel with the bot, once opened. The channel between the bot and
-- a user never changes, so a process that starts again (or another one) sends to it at once
-- instead of opening it anew through Discord's rate-limited endpoint. Goes with /forget.
CREATE TABLE dm_channels (
    user_id    INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    opened_at  REAL    NOT NULL
);
