"""Play-by-post state: per-game clock settings and status message, turn timers, user ping
preferences and vacations."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace

from storage.db import Database, Row, Write, lock_in
from storage.group_commit import GroupCommit
from storage.row_cache import RowCache

POLICIES = ("wait", "bot_turn", "vote")
# A status edit's record: match id, message id, text, pinged user ids (JSON).
StatusEdit = tuple[int, int, str, str]
EDITS_PER_STATEMENT = 500  # 4 parameters a row: far below either database's limit
TIMERS_PER_STATEMENT = 250  # 8 parameters a row (an insert), 2 or 3 (a drop)
Seat = tuple[int, int]  # (match id, seat)
TimerDrop = tuple[int, int, "str | None"]  # match id, seat, the ref of its jobs (None: keep them)


@dataclass
class GameSettings:
    match_id: int
    turn_hours: float | None = None
    timeout_policy: str = "bot_turn"
    status_message_id: int | None = None
    status_text: str | None = None
    status_pinged: tuple[int, ...] = ()


@dataclass(frozen=True)
class Timer:
    match_id: int
    seat: int
    user_id: int
    started_at: float
    total: float | None
    due_at: float | None
    paused_left: float | None
    covered: bool
    since_revision: int = 0  # the match's revision when this turn began

    @property
    def paused(self) -> bool:
        return self.paused_left is not None


@dataclass(frozen=True)
class PingPrefs:
    user_id: int
    # Mention in the channel on their turn even when their prompt reaches them by DM (a player
    # whose hand cannot go by DM is mentioned whatever this says: the status is their one notice).
    ping: bool = False
    dm_ping: bool = False


@dataclass(frozen=True)
class Vacation:
    user_id: int
    starts_at: float
    ends_at: float
    active: bool


class PbpRepo:
    """Reads are served from memory while no other process can have changed the rows (see
    storage.row_cache); `fresh=True` asks the database, for reads that guard a claim."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._settings: RowCache[int, GameSettings] = RowCache(db)
        self._timers: RowCache[int, dict[int, Timer]] = RowCache(db)
        self._prefs: RowCache[int, PingPrefs] = RowCache(db)
        self._vacations: RowCache[int, Vacation | None] = RowCache(db)
        # In-place status edits of many games recorded together (storage.group_commit).
        self._status_edits: GroupCommit[int, StatusEdit, set[int]] = GroupCommit(
            self._record_edits, per_write=EDITS_PER_STATEMENT
        )
        # So are the timers that start and stop as turns pass. A new timer that finds its seat's
        # row there already loses, as it would alone; of two for one seat in one write, the first
        # put is the one inserted, as if they had been written one after the other.
        self._new_timers: GroupCommit[Seat, Timer, dict[Seat, Timer]] = GroupCommit(
            self._insert_timers, _first, TIMERS_PER_STATEMENT
        )
        self._dropped_timers: GroupCommit[Seat, TimerDrop, None] = GroupCommit(
            self._delete_timers, _with_jobs, TIMERS_PER_STATEMENT
        )

    # -- game settings --------------------------------------------------------------------------
    async def settings(self, match_id: int, fresh: bool = False) -> GameSettings:
        settings = await self._settings.load(match_id, lambda: self._read_settings(match_id), fresh)
        return replace(settings)  # a copy: callers may change it

    async def _read_settings(self, match_id: int) -> GameSettings:
        row = await self.db.fetchone("SELECT * FROM pbp_games WHERE match_id = ?", (match_id,))
        if row is None:
            return GameSettings(match_id)
        return GameSettings(
            match_id,
            row["turn_hours"],
            row["timeout_policy"],
            row["status_message_id"],
            row["status_text"],
            tuple(json.loads(row["status_pinged"])),
        )

    async def save_clock(self, match_id: int, turn_hours: float | None, timeout_policy: str) -> None:
        """Only the clock columns: the status columns belong to whoever holds the status claim."""
        if timeout_policy not in POLICIES:
            raise ValueError(f"unknown timeout policy {timeout_policy!r}")
        async with self._settings.writing(match_id) as change:
            await self.db.execute(
                """INSERT INTO pbp_games (match_id, turn_hours, timeout_policy) VALUES (?, ?, ?)
                   ON CONFLICT (match_id) DO UPDATE SET turn_hours = excluded.turn_hours,
                       timeout_policy = excluded.timeout_policy""",
                (match_id, turn_hours, timeout_policy),
            )
            change.update = lambda old: replace(old, turn_hours=turn_hours, timeout_policy=timeout_policy)

    # -- the status message: one process at a time posts or replaces it --------------------------
    async def claim_status(self, match_id: int, owner: str, lease: float) -> bool:
        """Hold the game's status message until `release_status` or for `lease` seconds (wall
        clock); False while another owner holds a live claim. The same owner may claim again."""
        now = time.time()
        # One statement: the row may not exist yet (a game without a clock), and the claim is the
        # insert or an update allowed only when nobody else holds a live claim.
        won = await self.db.execute_count(
            """INSERT INTO pbp_games (match_id, status_claimed_by, status_claim_until) VALUES (?, ?, ?)
               ON CONFLICT (match_id) DO UPDATE SET status_claimed_by = excluded.status_claimed_by,
                   status_claim_until = excluded.status_claim_until
               WHERE pbp_games.status_claimed_by IS NULL OR pbp_games.status_claimed_by = excluded.status_claimed_by
                  OR pbp_games.status_claim_until < ?""",
            (match_id, owner, now + lease, now),
        )
        return won == 1

    async def release_status(self, match_id: int, owner: str) -> None:
        await self.db.execute(
            """UPDATE pbp_games SET status_claimed_by = NULL, status_claim_until = NULL
               WHERE match_id = ? AND status_claimed_by = ?""",
            (match_id, owner),
        )

    async def release_all_status(self, owner: str) -> int:
        return await self.db.execute_count(
            """UPDATE pbp_games SET status_claimed_by = NULL, status_claim_until = NULL
               WHERE status_claimed_by = ?""",
            (owner,),
        )

    async def save_status(
        self, match_id: int, message_id: int | None, text: str | None, pinged: tuple[int, ...]
    ) -> None:
        """Only the status columns (another process may be changing the clock meanwhile)."""
        async with self._settings.writing(match_id) as change:
            await self.db.execute(
                """INSERT INTO pbp_games (match_id, status_message_id, status_text, status_pinged) VALUES (?, ?, ?, ?)
                   ON CONFLICT (match_id) DO UPDATE SET status_message_id = excluded.status_message_id,
                       status_text = excluded.status_text, status_pinged = excluded.status_pinged""",
                (match_id, message_id, text, json.dumps(list(pinged))),
            )
            change.update = lambda old: replace(
                old, status_message_id=message_id, status_text=text, status_pinged=tuple(pinged)
            )

    async def note_status_edit(
        self, match_id: int, message_id: int, text: str, pinged: tuple[int, ...]
    ) -> bool:
        """Record an in-place edit of `message_id`, unless another process replaced that message
        meanwhile (its newer message then stays the current one)."""
        async with self._settings.writing(match_id) as change:
            edit = (match_id, message_id, text, json.dumps(list(pinged)))
            won = match_id in await self._status_edits.put(match_id, edit)
            if won:
                change.update = lambda old: replace(old, status_text=text, status_pinged=tuple(pinged))
        return won

    async def _record_edits(self, edits: list[StatusEdit]) -> set[int]:
        """One conditional update for all `edits`: the games whose message was still current."""
        # (the casts: PostgreSQL would read untyped parameters in a VALUES list as text)
        values = ", ".join(["(CAST(? AS BIGINT), CAST(? AS BIGINT), ?, ?)"] * len(edits))
        rows = await self.db.fetchall(
            f"""UPDATE pbp_games SET status_text = v.column3, status_pinged = v.column4
                FROM (VALUES {values}) AS v
                WHERE pbp_games.match_id = v.column1 AND pbp_games.status_message_id = v.column2
                RETURNING pbp_games.match_id""",
            [value for edit in edits for value in edit],
        )
        return {int(row["match_id"]) for row in rows}

    # -- timers -----------------------------------------------------------------------------------
    @staticmethod
    def _timer(r: Row) -> Timer:
        return Timer(
            r["match_id"],
            r["seat"],
            r["user_id"],
            r["started_at"],
            r["total"],
            r["due_at"],
            r["paused_left"],
            bool(r["covered"]),
            int(r["since_revision"]),
        )

    async def timers(self, match_id: int, fresh: bool = False) -> dict[int, Timer]:
        timers = await self._timers.load(match_id, lambda: self._read_timers(match_id), fresh)
        return dict(timers)  # a copy: callers may change it

    async def _read_timers(self, match_id: int) -> dict[int, Timer]:
        rows = await self.db.fetchall("SELECT * FROM pbp_timers WHERE match_id = ?", (match_id,))
        return {int(r["seat"]): self._timer(r) for r in rows}

    async def timer(self, match_id: int, seat: int, fresh: bool = False) -> Timer | None:
        return (await self.timers(match_id, fresh)).get(seat)

    async def timers_of_user(self, user_id: int) -> list[Timer]:
        rows = await self.db.fetchall("SELECT * FROM pbp_timers WHERE user_id = ?", (user_id,))
        return [self._timer(r) for r in rows]

    async def covered_seats(self) -> set[tuple[int, int]]:
        rows = await self.db.fetchall("SELECT match_id, seat FROM pbp_timers WHERE covered = 1")
        return {(int(r["match_id"]), int(r["seat"])) for r in rows}

    async def covered_in(self, match_id: int) -> set[int]:
        """Seats of one match a substitute bot plays, as stored (whichever process covered them)."""
        rows = await self.db.fetchall(
            "SELECT seat FROM pbp_timers WHERE match_id = ? AND covered = 1", (match_id,)
        )
        return {int(r["seat"]) for r in rows}

    # Conditional timer writes: each names the turn it was decided on (`started_at`, and the value
    # it saw), so a process acting on an old read changes nothing and hears so (False), instead of
    # bringing back a timer another process dropped or overwriting its newer deadline.
    async def add_timer(self, t: Timer) -> bool:
        """Insert the timer of a seat that began waiting; False if one is already there."""
        async with self._timers.writing(t.match_id) as change:
            won = (await self._new_timers.put((t.match_id, t.seat), t)).get((t.match_id, t.seat)) is t
            if won:
                change.update = lambda old: _with_timer(old, t.seat, t)
        return won

    async def _insert_timers(self, timers: list[Timer]) -> dict[Seat, Timer]:
        """One insert for all `timers` (one per seat): those that found no row for their seat."""
        rows = await self.db.fetchall(
            f"""INSERT INTO pbp_timers
                    (match_id, seat, user_id, started_at, total, due_at, paused_left, covered, since_revision)
                VALUES {", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?)"] * len(timers))}
                ON CONFLICT (match_id, seat) DO NOTHING RETURNING match_id, seat""",
            [
                value
                for t in timers
                for value in (
                    t.match_id,
                    t.seat,
                    t.user_id,
                    t.started_at,
                    t.total,
                    t.due_at,
                    t.paused_left,
                    int(t.covered),
                    t.since_revision,
                )
            ],
        )
        by_seat = {(t.match_id, t.seat): t for t in timers}
        landed = {(int(row["match_id"]), int(row["seat"])) for row in rows}
        return {key: by_seat[key] for key in landed}

    async def cover_timer(self, t: Timer) -> bool:
        """A substitute bot takes this turn; False if the turn ended or is covered already."""
        async with self._timers.writing(t.match_id):  # dropped: read again when next asked
            won = await self.db.execute_count(
                "UPDATE pbp_timers SET covered = 1 WHERE match_id = ? AND seat = ? AND started_at = ? AND covered = 0",
                (t.match_id, t.seat, t.started_at),
            )
        return won == 1

    async def move_deadline(self, t: Timer, due_at: float) -> bool:
        """A later deadline for the same running (not paused) turn."""
        async with self._timers.writing(t.match_id):
            won = await self.db.execute_count(
                """UPDATE pbp_timers SET due_at = ?
                   WHERE match_id = ? AND seat = ? AND started_at = ? AND paused_left IS NULL""",
                (due_at, t.match_id, t.seat, t.started_at),
            )
        return won == 1

    async def pause_timer(self, t: Timer, left: float) -> bool:
        """Stop a running clock (`t.due_at` as read), keeping `left` seconds, while the user's
        vacation is active: an end of vacation committed first leaves the clock running."""
        async with self._timers.writing(t.match_id), self.db.transaction() as conn:
            # Queued behind (or ahead of) `drop_vacation` for this user, so an end of vacation
            # either sees this pause and resumes it, or this pause sees the vacation gone.
            await lock_in(conn, f"vacation:{t.user_id}")
            cur = await conn.execute(
                """UPDATE pbp_timers SET due_at = NULL, paused_left = ?
                   WHERE match_id = ? AND seat = ? AND started_at = ? AND due_at = ? AND EXISTS
                       (SELECT 1 FROM pbp_vacations v WHERE v.user_id = pbp_timers.user_id AND v.active = 1)""",
                (left, t.match_id, t.seat, t.started_at, t.due_at),
            )
            won = cur.rowcount
            await cur.close()
        return won == 1

    async def resume_timer(self, t: Timer, due_at: float) -> bool:
        """Run a paused clock again (`t.paused_left` as read) until `due_at`."""
        async with self._timers.writing(t.match_id):
            won = await self.db.execute_count(
                """UPDATE pbp_timers SET due_at = ?, paused_left = NULL
                   WHERE match_id = ? AND seat = ? AND started_at = ? AND paused_left = ?""",
                (due_at, t.match_id, t.seat, t.started_at, t.paused_left),
            )
        return won == 1

    async def restart_timer(self, old: Timer, new: Timer) -> bool:
        """Replace the clock of a turn still running as `old` (a changed game clock)."""
        async with self._timers.writing(old.match_id):
            won = await self.db.execute_count(
                """UPDATE pbp_timers SET started_at = ?, total = ?, due_at = ?, paused_left = ?, covered = ?
                   WHERE match_id = ? AND seat = ? AND started_at = ?""",
                (
                    new.started_at,
                    new.total,
                    new.due_at,
                    new.paused_left,
                    int(new.covered),
                    old.match_id,
                    old.seat,
                    old.started_at,
                ),
            )
        return won == 1

    async def drop_timer(self, match_id: int, seat: int, jobs_ref: str | None = None) -> None:
        """The seat stopped waiting; with `jobs_ref`, its scheduled jobs go in the same commit."""
        async with self._timers.writing(match_id) as change:
            await self._dropped_timers.put((match_id, seat), (match_id, seat, jobs_ref))
            change.update = lambda old: _with_timer(old, seat, None)

    async def _delete_timers(self, drops: list[TimerDrop]) -> None:
        """The timers (and the jobs named) of all `drops` in one transaction: one trip where the
        database allows (SQLite; on PostgreSQL the two deletes make one statement)."""
        seats = " OR ".join(["(match_id = ? AND seat = ?)"] * len(drops))
        writes = [
            Write(f"DELETE FROM pbp_timers WHERE {seats}", tuple(v for m, s, _ in drops for v in (m, s)))
        ]
        refs = [ref for _, _, ref in drops if ref is not None]
        if refs:
            marks = ", ".join(["?"] * len(refs))
            writes.insert(0, Write(f"DELETE FROM pbp_jobs WHERE ref IN ({marks})", tuple(refs)))
        await self.db.write_batch(writes)

    async def drop_timers(self, match_id: int) -> None:
        async with self._timers.writing(match_id) as change:
            await self.db.execute("DELETE FROM pbp_timers WHERE match_id = ?", (match_id,))
            change.update = lambda old: {}

    # -- user preferences ---------------------------------------------------------------------------
    async def ping_prefs(self, user_id: int) -> PingPrefs:
        return await self._prefs.load(user_id, lambda: self._read_ping_prefs(user_id))

    async def _read_ping_prefs(self, user_id: int) -> PingPrefs:
        row = await self.db.fetchone("SELECT ping, dm_ping FROM pbp_user_prefs WHERE user_id = ?", (user_id,))
        if row is None:
            return PingPrefs(user_id)
        return PingPrefs(user_id, bool(row["ping"]), bool(row["dm_ping"]))

    async def set_ping_prefs(self, user_id: int, ping: bool | None, dm_ping: bool | None) -> PingPrefs:
        """Change the given preferences (None: keep), column by column in one statement, so two
        changes made at once (two commands, two processes) both stay."""
        new_ping = None if ping is None else int(ping)
        new_dm = None if dm_ping is None else int(dm_ping)
        async with self._prefs.writing(user_id):  # dropped: read again below
            await self.db.execute(
                """INSERT INTO pbp_user_prefs (user_id, ping, dm_ping, updated_at) VALUES (?, ?, ?, ?)
               ON CONFLICT (user_id) DO UPDATE SET
                   ping = CASE WHEN ? = 1 THEN excluded.ping ELSE pbp_user_prefs.ping END,
                   dm_ping = CASE WHEN ? = 1 THEN excluded.dm_ping ELSE pbp_user_prefs.dm_ping END,
                   updated_at = excluded.updated_at""",
                (
                    user_id,
                    0 if new_ping is None else new_ping,
                    0 if new_dm is None else new_dm,
                    time.time(),
                    int(new_ping is not None),
                    int(new_dm is not None),
                ),
            )
        return await self.ping_prefs(user_id)

    # -- vacations ----------------------------------------------------------------------------------
    async def vacation(self, user_id: int) -> Vacation | None:
        return await self._vacations.load(user_id, lambda: self._read_vacation(user_id))

    async def _read_vacation(self, user_id: int) -> Vacation | None:
        row = await self.db.fetchone("SELECT * FROM pbp_vacations WHERE user_id = ?", (user_id,))
        if row is None:
            return None
        return Vacation(row["user_id"], row["starts_at"], row["ends_at"], bool(row["active"]))

    async def put_vacation(self, v: Vacation) -> None:
        """Plan (or re-plan) a vacation. A re-plan keeps whether it has started: only the start
        job (`activate_vacation`) and its end change that, whichever process runs them."""
        async with self._vacations.writing(v.user_id):
            await self.db.execute(
                "INSERT INTO pbp_vacations (user_id, starts_at, ends_at, active) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET starts_at = excluded.starts_at, ends_at = excluded.ends_at",
                (v.user_id, v.starts_at, v.ends_at, int(v.active)),
            )

    async def activate_vacation(self, user_id: int) -> bool:
        """The vacation begins; False if it was started already (or cancelled meanwhile)."""
        async with self._vacations.writing(user_id):
            won = await self.db.execute_count(
                "UPDATE pbp_vacations SET active = 1 WHERE user_id = ? AND active = 0", (user_id,)
            )
        return won == 1

    async def drop_vacation(self, user_id: int) -> None:
        async with self._vacations.writing(user_id), self.db.transaction() as conn:
            await lock_in(conn, f"vacation:{user_id}")  # see pause_timer
            await conn.execute("DELETE FROM pbp_vacations WHERE user_id = ?", (user_id,))


def _first(old: Timer | None, new: Timer) -> Timer:
    return new if old is None else old


def _with_jobs(old: TimerDrop | None, new: TimerDrop) -> TimerDrop:
    """Two drops of one seat in one write: the seat goes, with the jobs either named."""
    return new if old is None or new[2] is not None else old


def _with_timer(timers: dict[int, Timer], seat: int, timer: Timer | None) -> dict[int, Timer]:
    out = dict(timers)
    if timer is None:
        out.pop(seat, None)
    else:
        out[seat] = timer
    return out


class PbpStore:
    """The play-by-post repositories over the bot's one database."""

    def __init__(self, db: Database) -> None:
        from storage.pbp_audit import AuditRepo
        from storage.pbp_jobs import JobRepo

        self.db = db
        self.games = PbpRepo(db)
        self.jobs = JobRepo(db)
        self.audit = AuditRepo(db)
