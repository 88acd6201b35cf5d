"""Admin actions: each is audited; a transfer flags the game as replaced; force-end abandons."""

from __future__ import annotations

import pytest

from bot.errors import UserError
from tests.bot.conftest import ALICE, BOB
from tests.bot.pbp_fakes import current_seat, make_rig, started

CAROL = 1003
ADMIN = 7777


async def test_transfer_to_a_member_then_to_a_bot(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=24)
    seat = live.record.seat_of(BOB)
    assert seat is not None
    with pytest.raises(UserError, match="admin.already_seated"):
        await rig.pbp.moderation.transfer(live.id, ADMIN, seat, ALICE, "alice")
    live = await rig.pbp.moderation.transfer(live.id, ADMIN, seat, CAROL, "carol")
    assert live.record.seats[seat].user_id == CAROL and live.record.seat_of(BOB) is None
    await rig.pbp.follow(live)
    if current_seat(live) == seat:  # carol's clock runs now, bob's is gone
        timer = await rig.pbp.store.games.timer(live.id, seat)
        assert timer is not None and timer.user_id == CAROL
    live = await rig.pbp.moderation.transfer(live.id, ADMIN, seat, None, None)
    assert live.record.seats[seat].kind == "bot"
    rows = await rig.store.db.fetchall("SELECT seat, user_id FROM seat_replacements WHERE match_id = ?", (live.id,))
    assert [(r["seat"], r["user_id"]) for r in rows] == [(seat, BOB)]  # the first human to leave
    audit = await rig.pbp.store.audit.admin_entries(live.id)
    assert [a["action"] for a in audit] == ["transfer", "transfer"]
    assert audit[0]["to_user"] == CAROL and audit[1]["to_kind"] == "bot"
    await rig.store.close()


async def test_force_end(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=24)
    assert rig.herald.live_posts()
    live = await rig.pbp.moderation.force_end(live.id, ADMIN)
    assert live.record.status == "abandoned"
    await rig.pbp.follow(live)
    assert not rig.herald.live_posts()  # the status message went with the game
    assert await rig.pbp.store.games.timers(live.id) == {}
    assert await rig.pbp.scheduler.jobs.pending() == []
    assert (await rig.pbp.store.audit.admin_entries(live.id))[0]["action"] == "force_end"
    await rig.store.close()
