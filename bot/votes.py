"""Table votes cast with buttons.

- replace: a player ran out of time; the others decide by majority whether a bot takes the seat
  for the rest of the game.
- undo: a player asks to take back more than the rules allow alone; every other player must
  agree, or the host approves it alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import UserError
from storage.pbp_audit import AuditRepo, Vote

REPLACE = "replace"
UNDO = "undo"


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
    def __init__(self, audit: AuditRepo) -> None:
        self.audit = audit

    async def open(
        self, match_id: int, kind: str, seat: int, target: float, requested_by: int | None, voters: list[int]
    ) -> Vote:
        for old in await self.audit.open_votes(match_id, kind):
            if kind == REPLACE and old.seat == seat:
                return old  # one replacement vote per seat at a time
            if kind == UNDO:
                old.status = "cancelled"
                await self.audit.save_vote(old)
        return await self.audit.open_vote(match_id, kind, seat, target, requested_by, sorted(set(voters)))

    async def cast(self, vote_id: int, user_id: int, yes: bool, host_id: int | None) -> Ballot:
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
        await self.audit.save_vote(vote)
        return Ballot(vote, outcome)

    async def close(self, vote: Vote, status: str = "cancelled") -> None:
        vote.status = status
        await self.audit.save_vote(vote)

    async def cancel_all(self, match_id: int, kind: str | None = None) -> list[Vote]:
        closed = await self.audit.open_votes(match_id, kind)
        for vote in closed:
            await self.close(vote)
        return closed
