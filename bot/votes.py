"""Table votes cast with buttons.

- replace: a player ran out of time; the others decide by majority whether a bot takes the seat
  for the rest of the game.
- undo: a player asks to take back more than the rules allow alone; every other player must
  agree, or the host approves it alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import UserError
from storage.db import IntegrityError
from storage.pbp_audit import AuditRepo, Vote

REPLACE = "replace"
UNDO = "undo"
ROUNDS = 16  # compare-and-set attempts before a ballot gives up (each loss is someone else's ballot)


def decide(vote: Vote, host_id: int | None) -> str:
    """open | passed | failed, from the ballots cast so far."""
    yes = sum(1 for uid in vote.voters if vote.ballots.get(uid) is True)
    no = sum(1 for uid in vote.voters if vote.ballots.get(uid) is False)
    total = len(vote.voters)
    if vote.kind == UNDO:
        if host_id is not None and vote.ballots.get(host_id) is True:
            return "passed"
        if no:
            return "failed"
        return "passed" if yes == total else "open"
    # replace: a strict majority of the eligible players either way
    if yes * 2 > total:
        return "passed"
    if no * 2 >= total:
        return "failed"
    return "open"


@dataclass(frozen=True)
class Ballot:
    vote: Vote
    outcome: str  # open | passed | failed


class VoteService:
    """Votes are shared by every process serving the game: each change is a compare-and-set on
    the stored vote (its ballots while open, its status when closing), so two ballots cast at once
    in two processes both count, and exactly one of them closes the vote (and acts on it)."""

    def __init__(self, audit: AuditRepo) -> None:
        self.audit = audit

    async def open(
        self,
        match_id: int,
        kind: str,
        seat: int,
        target: float,
        requested_by: int | None,
        voters: list[int],
        log_count: int | None = None,
    ) -> Vote:
        """Open a vote. Replacement: one per seat at a time (an open one is returned as it is).
        Undo: a new request cancels the game's open one. Unique indexes hold this across processes:
        the loser of a race to insert finds the winner's vote (replace) or cancels it (undo)."""
        for _ in range(ROUNDS):
            for old in await self.audit.open_votes(match_id, kind):
                if kind == REPLACE and old.seat == seat:
                    return old
                if kind == UNDO:
                    await self.audit.close_vote(old, "cancelled")
            try:
                return await self.audit.open_vote(
                    match_id, kind, seat, target, requested_by, sorted(set(voters)), log_count
                )
            except IntegrityError:
                continue  # another process opened one in between: look again
        raise UserError("error.stale_prompt")

    async def cast(self, vote_id: int, user_id: int, yes: bool, host_id: int | None) -> Ballot:
        # Each lost round means another ballot (or a close) landed; re-read and decide again.
        for _ in range(ROUNDS):
            vote = await self.audit.vote(vote_id)
            if vote is None:
                raise UserError("vote.unknown")
            if vote.status != "open":
                raise UserError("vote.closed")
            eligible = user_id in vote.voters or (vote.kind == UNDO and user_id == host_id)
            if not eligible:
                raise UserError("vote.not_eligible")
            vote.ballots[user_id] = yes
            outcome = decide(vote, host_id)
            if outcome != "open":
                vote.status = outcome
            if await self.audit.record_ballots(vote):
                return Ballot(vote, outcome)
        raise UserError("error.stale_prompt")

    async def close(self, vote: Vote, status: str = "cancelled") -> bool:
        """True if this call closed it (False: it was closed already, here or elsewhere)."""
        return await self.audit.close_vote(vote, status)

    async def cancel_all(self, match_id: int, kind: str | None = None) -> list[Vote]:
        """Cancel the open votes; returns only those this call closed, so one process edits each
        vote's message."""
        closed = []
        for vote in await self.audit.open_votes(match_id, kind):
            if await self.close(vote):
                closed.append(vote)
        return closed
