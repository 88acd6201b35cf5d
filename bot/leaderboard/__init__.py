"""Leaderboards: recording finished games, skill ratings, solo records, stats, charts and the
physical-table results flow. Cogs talk to `LeaderboardService` and `TableResults`."""
