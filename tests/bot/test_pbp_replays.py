"""Export -> import reproduces the game exactly; bad files get precise errors; the log and the
spectator view are built from public information only."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.errors import UserError
from bot.gamelog import log_lines, log_payload, replay_live, replay_payload, spectate_embed
from bot.replays import export_data, parse_file, reproduce, state_digest
from engine.core import Match, SeatSpec
from engine.core.registry import get_game
from tests.bot.pbp_fakes import make_rig, started


def play_out(game: str, players: int, seed: int, options: dict[str, Any] | None = None, limit: int = 5000) -> Match:
    """A game played by the game's default bot in every seat, to the end (or `limit` answers)."""
    definition = get_game(game)
    seats = [SeatSpec("bot", f"p{i}", definition.default_policy) for i in range(players)]
    match = Match(game, seats, options or {}, seed)
    policies = [definition.policies[definition.default_policy](i, seed) for i in range(players)]
    while not match.finished and match.version < limit:
        prompt = match.prompts()[0]
        match.submit(prompt.seat, tuple(policies[prompt.seat].choose(match.view(prompt.seat), prompt)))
    return match


def round_trip(match: Match) -> Match:
    blob = json.dumps(export_data(match)).encode("utf-8")
    reproduction = reproduce(parse_file(blob))
    assert reproduction.same_engine and reproduction.digest_matches is True
    return reproduction.replayed.match


@pytest.mark.parametrize(
    "game, players", [("dominion", 2), ("dominion", 4), ("everdell", 2), ("tapestry", 3), ("architects", 3)]
)
def test_export_import_identical_final_state(game: str, players: int) -> None:
    match = play_out(game, players, seed=7, options={"kingdom": "First Game"} if game == "dominion" else None)
    assert match.finished
    again = round_trip(match)
    assert again.finished and again.result() == match.result()
    assert [again.view(s) for s in range(players)] == [match.view(s) for s in range(players)]
    assert state_digest(again) == state_digest(match)


def test_import_errors_are_precise() -> None:
    match = play_out("dominion", 2, seed=3, options={"kingdom": "First Game"}, limit=30)
    good = export_data(match)

    def error(data: Any) -> UserError:
        blob = data if isinstance(data, bytes) else json.dumps(data).encode()
        with pytest.raises(UserError) as exc:
            reproduce(parse_file(blob))
        return exc.value

    assert error(b"{nope").key == "replay.error.not_json"
    assert error({"hello": 1}).key == "replay.error.not_replay"
    assert error({**good, "format_version": 99}).key == "replay.error.format_version"
    assert error({**good, "game": "chess"}).key == "replay.error.unknown_game"
    assert error({**good, "seed": "x"}).params == {"field": "seed"}
    assert error({**good, "log": [[0, "play_all"]]}).params == {"step": 1}
    broken = json.loads(json.dumps(good))
    broken["log"][5] = [broken["log"][5][0], ["buy:Nothing"]]
    exc = error(broken)
    assert exc.key == "replay.error.diverges" and exc.params["step"] == 6
    # Options go through the game's model, as in /<game> new: a wrong type or key is named.
    wrong = {**good, "options": {**good["options"], "reactions": "sometimes"}}
    exc = error(wrong)
    assert exc.key == "replay.error.setup" and exc.params["reason"] == "error.bad_option"
    typo = {**good, "options": {**good["options"], "errata": "maybe"}}
    assert error(typo).params["reason"] == "error.bad_option"
    # A file whose final state no longer matches still loads, flagged.
    tampered = {**good, "digest": "0" * 64}
    reproduction = reproduce(parse_file(json.dumps(tampered).encode()))
    assert reproduction.digest_matches is False


def test_replay_viewer_steps_without_duplicate_ids() -> None:
    match = play_out("dominion", 2, seed=5, options={"kingdom": "First Game"}, limit=20)
    parsed = parse_file(json.dumps(export_data(match)).encode())
    for step in (0, 1, 10, 20):
        reproduction = reproduce(parsed, upto=step)
        embed, view = replay_payload(1, parsed, reproduction.replayed, step, "en", [])
        assert f"step {step}/20" in (embed.title or "")
        ids = [item.custom_id for item in view.children] if view else []  # type: ignore[attr-defined]
        assert len(ids) == len(set(ids)) and ids


async def test_spectate_and_log_hold_no_private_data(db_path: str) -> None:
    rig = await make_rig(db_path)
    live = await started(rig, hours=None)
    for _ in range(8):
        live = await rig.table.get(live.id)
        assert live.match is not None
        prompt = live.match.prompts()[0]
        user = live.record.seats[prompt.seat].user_id
        assert user is not None
        await rig.table.announce(await rig.table.submit(live.id, user, prompt.pid, list(prompt.default or ("end",))))
    live = await rig.table.get(live.id)
    assert live.match is not None
    hands = [live.match.view(s)["hand"] for s in range(2)]
    embed = spectate_embed(live, "en")
    text = json.dumps(embed.to_dict())
    assert "Hand:" not in text and "You draw" not in text
    entries = await rig.store.log.entries(live.id)
    replayed = replay_live(live, entries)
    lines = log_lines(live, replayed.public_events(), "en")
    assert lines and not any("You draw" in line for line in lines)
    assert any("draws 5 cards" in line for line in lines)
    headers = [line for line in lines if line.startswith("**Turn")]
    assert headers and not any("****" in h or h.count("**") != 2 for h in headers), headers
    first, view = log_payload(live, lines, 1, "en")
    assert "page 1/" in (first.title or "") and hands  # the hands exist, but only in seat views
    await rig.store.close()
