"""Component ids, select values and replay files are read strictly: what this bot does not make
is refused with a reason, never half-read."""

from __future__ import annotations

import json

import pytest

from bot.errors import UserError
from bot.render import ids
from bot.replays import FORMAT, FORMAT_VERSION, parse_file
from engine.core.registry import get_game


def test_component_numbers_are_plain_64_bit_digits() -> None:
    assert ids.parse_args("1:22:333") == [1, 22, 333]
    for bad in ("1:x", "1::2", "-1", "١", str(2**63), "9" * 30, ":".join(["1"] * 9), "1 "):
        with pytest.raises(ids.StaleComponent):
            ids.parse_args(bad)
    args = ids.parse_args("7")
    with pytest.raises(ids.StaleComponent):
        args[1]  # noqa: B018 - reading a number the id lacks is what is refused


def test_select_values_are_small_indices() -> None:
    assert ids.int_values(["0", "24"]) == [0, 24]
    assert ids.int_values([str(2**62)], limit=ids.MAX_ARG + 1) == [2**62]
    for bad in (["x"], ["-1"], [""], ["1000"], ["1e3"], ["٣"], [" 1"]):
        with pytest.raises(ids.StaleComponent):
            ids.int_values(bad)


def _file(**changes: object) -> bytes:
    definition = get_game("dominion")
    base = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": "dominion",
        "engine_version": definition.engine_version,
        "options": {},
        "seats": [{"kind": "human", "name": "a"}, {"kind": "bot", "name": "b", "policy": "big_money"}],
        "seed": 1,
        "log": [],
    }
    return json.dumps({**base, **changes}).encode()


@pytest.mark.parametrize(
    ("blob", "key"),
    [
        (b"[" * 50_000 + b"]" * 50_000, "replay.error.too_deep"),
        (_file(options={"a": json.loads("[" * 18 + "1" + "]" * 18)}), "replay.error.too_deep"),
        (_file().replace(b'"seed": 1', b'"seed": ' + b"9" * 5000), "replay.error.not_json"),
        (_file().replace(b'"seed": 1', b'"seed": NaN'), "replay.error.not_json"),
        (_file(seed=2**64), "replay.error.field"),
        (_file(seats=[{"kind": "bot", "name": "b", "policy": "cheater"}] * 2), "replay.error.policy"),
        (_file(seats=[{"kind": "human", "name": 5}] * 2), "replay.error.field"),
        (_file(seats=[{"kind": "human", "name": "a"}] * 9), "replay.error.field"),
        (_file(log=[[2, ["x"]]]), "replay.error.entry"),
        (_file(log=[[True, ["x"]]]), "replay.error.entry"),
    ],
)
def test_hostile_replay_files_are_refused(blob: bytes, key: str) -> None:
    with pytest.raises(UserError) as refused:
        parse_file(blob)
    assert refused.value.key == key


def test_a_plain_file_still_parses() -> None:
    parsed = parse_file(_file(log=[[0, ["play_all"]]]))
    assert parsed.seats[1].policy == "big_money" and parsed.log == [(0, ("play_all",))]
