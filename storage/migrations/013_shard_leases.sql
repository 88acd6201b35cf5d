-- Which process holds each gateway shard (of a shard count), until when. A process renews its
-- shards' leases while it lives; once a lease runs out (LEASE_SECONDS after the holder's last
-- renewal), a standby or live process claims the shard and connects it, so the guilds on it (and,
-- for shard 0, every DM button) are served again without anyone restarting anything.
CREATE TABLE shard_leases (
    shard_count INTEGER NOT NULL,
    shard_id    INTEGER NOT NULL,
    owner       TEXT    NOT NULL,
    lease_until REAL    NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);
