"""The Architects companion's messages: every step and question in English and Portuguese with no
message key left unworded, views within Discord's limits, ids that name no Plot card, and our
values labelled as ours (a server's as the server's)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.architects import companion
from bot.games.architects.ai_words import option_text
from bot.i18n import t
from engine.games.architects.ai.data import OPPONENTS, parse_option
from engine.games.architects.ai.tabletop import Question, Replay, TableAI, TableConfig


def steps_of(config: TableConfig, turns: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    steps: list[dict[str, Any]] = []
    for _ in range(turns):
        answers: dict[str, Any] = {}
        while (q := TableAI.replay(config, [*steps, {"t": "turn", "a": answers}]).pending) is not None:
            answers[q.key] = rng.random() < 0.5 if q.kind == "yes_no" else rng.randrange(0, 6)
        steps.append({"t": "turn", "a": answers})
    return steps


def worded(text: str) -> bool:
    return "architects." not in text and "{" not in text


@pytest.mark.parametrize("locale", ["en", "pt"])
def test_every_step_and_question_is_worded(locale: str) -> None:
    kinds: set[str] = set()
    questions: set[str] = set()
    for ai in OPPONENTS:
        config = TableConfig(ai, 9)
        steps = steps_of(config, 25, OPPONENTS.index(ai))
        state = TableAI.replay(config, steps).state
        for entry in state.log:
            kinds.add(entry["kind"])
            line = companion.entry_line(entry, config, locale)
            assert worded(line), (entry, line)
        for k in range(len(steps)):  # the questions each turn asked, as the table read them
            partial: dict[str, Any] = {}
            for _ in steps[k]["a"]:
                replay = TableAI.replay(config, [*steps[:k], {"t": "turn", "a": partial}])
                if replay.pending is None:
                    break
                questions.add(replay.pending.text)
                assert worded(companion.question_text(replay.pending, config, locale))
                embed = companion.turn_embed(replay, config, k + 1, locale)
                assert len(embed.description or "") <= 4096
                partial[replay.pending.key] = steps[k]["a"][replay.pending.key]
    assert {"plot", "place", "track", "future"} <= kinds
    assert questions  # the table was asked what only it can see


def test_every_option_effect_is_worded_in_both_languages() -> None:
    for effect in ("future:2", "take_tax:3", "silver:1", "marble:1", "virtue:1", "influence:2", "market:1",
                   "wonder", "cathedral", "contribute", "capture", "guardhouse", "tax_stand", "storehouse",
                   "silver_w", "gold_w", "imprison", "remove_apprentices", "next"):  # fmt: skip
        for locale in ("en", "pt"):
            assert worded(option_text(parse_option(effect), locale)), effect


def test_views_stay_within_discords_limits_and_name_no_card() -> None:
    config = TableConfig("executor", 2)
    state = TableAI.replay(config, []).state
    yes_no = Replay(state, [], Question("capture", "yes_no", "capture"), "plot_guildhall")
    count = Replay(state, [], Question("tax", "count", "tax"), "plot_guildhall")
    done = Replay(state, [], None)
    for replay in (yes_no, count, done):
        view = companion.turn_view(7, 3, replay, "pt")
        rows = {getattr(item, "row", None) for item in view.children}
        assert len(view.children) <= 25 and len(rows) <= 5
        for item in view.children:
            custom_id = item.item.custom_id if hasattr(item, "item") else ""
            assert "plot" not in str(custom_id) and len(str(custom_id)) <= 100
    menu = companion.turn_view(7, 3, count, "en").children[0]
    assert len(menu.item.options) <= 25  # type: ignore[attr-defined]


def test_our_values_and_a_servers_are_labelled() -> None:
    ours = TableConfig("illusionist", 1)
    assert "⚠️" in companion.values_line(ours, "en") and "⚠️" in companion.values_line(ours, "pt")
    server = TableConfig("illusionist", 1, ai_text=None, wonders_text="wonder_virtue: 3\n")
    assert companion.values_line(server, "en") == t("architects.table.values_server", "en")


def test_the_score_and_status_read_in_portuguese() -> None:
    config = TableConfig("benefactor", 4)
    replay = TableAI.replay(config, steps_of(config, 10, 1))
    embed = companion.status_embed(replay, config, "pt")
    assert "Influência" in (embed.description or "") and worded(embed.description or "")
    assert companion.StartOptions.model_validate({"ai": "meddler"}).ai == "meddler"
    with pytest.raises(ValueError):
        companion.StartOptions.model_validate({"ai": "nobody"})
