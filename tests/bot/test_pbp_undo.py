"""Undo: free within one's own turn, refused across a reveal, a draw or another player's action,
and the table's consent (or the host) for going further; an admin rewind."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from bot.table import Live
from bot.undo import UndoRefused, reveals
from engine.core import Event
from tests.bot.conftest import ALICE, BOB
from tests.bot.pbp_fakes import Rig, current_seat, make_rig, started


async def answer(rig: Rig, live: Live, option: str) -> Live:
    assert live.match is not None
    seat = current_seat(live)
    prompt = live.match.prompt_for(seat)
    assert prompt is not None
    user = live.record.seats[seat].user_id
    assert user is not None
    await rig.table.announce(await rig.table.submit(live.id, user, prompt.pid, [option]))
    await rig.settle()
    return await rig.table.get(live.id)


def test_reveals_reads_private_and_random_events() -> None:
    assert reveals(Event("drew", 0, {"cards": ["Gold"]}, to=0))
    assert reveals(Event("draw", 0, {"count": 5}))
    assert reveals(Event("shuffle", 0))
    assert reveals(Event("reveal", 1, {"cards": ["Moat"]}))
    assert reveals(Event("looked", 0, to=0))
    assert reveals(Event("meadow", None, {"cards": ["Farm"]}), "everdell")
    assert not reveals(Event("play", 0, {"card": "Copper"}))
    assert not reveals(Event("buy", 0, {"card": "Silver"}))


async def test_undo_within_own_turn(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=24)
    seat = current_seat(live)
    user = live.record.seats[seat].user_id
    assert user is not None and live.match is not None
    before = live.match.view(seat)
    live = await answer(rig, live, "play:Copper")
    live = await answer(rig, live, "play:Copper")
    assert live.match is not None and live.match.version == 2
    live = await rig.pbp.undo_own(live.id, user, steps=2)
    assert live.match is not None and live.match.version == 0 and live.match.view(seat) == before
    assert await rig.store.log.count(live.id) == 0
    undone = await rig.pbp.store.audit.undone(live.id)
    assert [(u.seq, u.answer, u.reason) for u in undone] == [(0, ("play:Copper",), "undo"), (1, ("play:Copper",), "undo")]
    assert rig.herald.find("took back 2 actions")
    # The clock of the turn keeps running: undo does not buy time.
    timer = await rig.pbp.store.games.timer(live.id, seat)
    assert timer is not None and timer.started_at == rig.clock.now()
    await rig.store.close()


async def test_undo_refused_after_a_draw_and_across_another_player(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=None)
    first = current_seat(live)
    first_user = live.record.seats[first].user_id
    assert first_user is not None
    live = await answer(rig, live, "end")  # ending the turn draws a new hand
    with pytest.raises(UndoRefused) as refused:
        await rig.pbp.undo_own(live.id, first_user)
    assert set(refused.value.check.reasons) == {"hidden", "turn"}
    live = await answer(rig, live, "play_all")  # the other player acts
    with pytest.raises(UndoRefused) as refused:
        await rig.pbp.undo_own(live.id, first_user, steps=1)  # their own last answer...
    assert "other_player" in refused.value.check.reasons
    # ...taken back with the other player's answer since, never the other's answer alone
    assert (refused.value.check.target, refused.value.check.steps) == (0, 2)
    with pytest.raises(UserError, match="undo.nothing"):
        await rig.pbp.undo_own(live.id, first_user, steps=5)
    assert await rig.store.log.count(live.id) == 2
    await rig.store.close()


async def test_consent_flow_and_host(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=None)
    live = await answer(rig, live, "end")
    live = await answer(rig, live, "play_all")
    count = await rig.store.log.count(live.id)
    # Bob (not the host) asks to go back further than he may alone: the table decides.
    vote = await rig.pbp.request_undo(live.id, BOB, 0, count)
    assert vote is not None and vote.voters == [ALICE]
    with pytest.raises(UserError, match="vote.not_eligible"):
        await rig.pbp.cast(vote.id, BOB, True)
    ballot, live = await rig.pbp.cast(vote.id, ALICE, True)
    assert ballot.outcome == "passed"
    assert await rig.store.log.count(live.id) == 0
    assert rig.herald.find("the game is back at step 0")
    # A refusal leaves the game alone.
    live = await answer(rig, live, "play_all")
    vote = await rig.pbp.request_undo(live.id, BOB, 0, 1)
    assert vote is not None
    ballot, live = await rig.pbp.cast(vote.id, ALICE, False)
    assert ballot.outcome == "failed" and await rig.store.log.count(live.id) == 1
    assert rig.herald.find("The undo was declined.")
    # The host needs nobody's consent.
    assert await rig.pbp.request_undo(live.id, ALICE, 0, await rig.store.log.count(live.id)) is None
    assert await rig.store.log.count(live.id) == 0
    await rig.store.close()


async def test_a_new_answer_cancels_a_pending_undo_request(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=None)
    if live.record.seat_of(BOB) != current_seat(live):
        live = await answer(rig, live, "end")
    live = await answer(rig, live, "play_all")
    vote = await rig.pbp.request_undo(live.id, BOB, 0, await rig.store.log.count(live.id))
    assert vote is not None
    live = await answer(rig, live, "end")
    with pytest.raises(UserError, match="vote.closed"):
        await rig.pbp.cast(vote.id, ALICE, True)
    await rig.store.close()


async def test_admin_rewind_to_a_step(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=None)
    for option in ("play_all", "end", "play_all", "end", "play_all"):
        live = await answer(rig, live, option)
    assert live.match is not None
    await rig.store.log.entries(live.id)
    live, removed = await rig.pbp.undo.rewind(live.id, 2, 4242, "admin")
    await rig.pbp.moderation.log_rewind(live, 4242, 2, removed)
    assert removed == 3 and live.match is not None and live.match.version == 2
    assert (await rig.pbp.store.audit.admin_entries(live.id))[0] == {
        "actor_id": 4242,
        "action": "rewind",
        "step": 2,
        "removed": 3,
    }
    with pytest.raises(UserError, match="undo.bad_step"):
        await rig.pbp.undo.rewind(live.id, 7, 4242, "admin")
    await rig.store.close()
