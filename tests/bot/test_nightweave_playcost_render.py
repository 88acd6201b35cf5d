"""Nightweave's play-cost module cards on Discord: their prompts, options and log lines are words in
both languages, and a payment prompt shows the extra her cards add to the card being paid for."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.everdell.lair import extra_line
from bot.render import private_payload
from bot.render.common import event_line, option_label, prompt_text
from engine.games.everdell.mistwood.lair.game import NightweaveGame
from tests.bot.test_everdell_render import RAW, Player
from tests.bot.test_nightweave_render import LOCALES, nightweave_live

CARDS: list[tuple[str, dict[str, Any]]] = [
    ("denier", {"modules": ["personalities"], "personality": "denier"}),
    ("notable", {"modules": ["personalities"], "personality": "notable"}),
    ("clutching", {"modules": ["plans"], "plan": "clutching"}),
    ("spiders_on_ground", {"modules": ["plots"]}),
    ("lurking_eyes", {"modules": ["plots"]}),
    ("bad_publicity", {"modules": ["plots"]}),
    ("political_influence", {"modules": ["plots"]}),
    ("berry_jam", {"modules": ["plots"]}),
]
EXTRA = {"en": "Extra cost", "pt": "Custo extra"}


@pytest.mark.parametrize(("card", "options"), CARDS)
def test_play_cost_cards_read_as_words(card: str, options: dict[str, Any]) -> None:
    for locale in LOCALES:
        live = nightweave_live(1, seed=11, locale=locale, **options)
        match = live.match
        assert match is not None and isinstance(match.game, NightweaveGame)
        if options["modules"] == ["plots"]:
            match.game.hooks.plots = [card] * 3  # every Prepare reveals it again
        player = Player()
        for _ in range(5_000):
            if match.finished:
                break
            prompt = match.prompts()[0]
            text = prompt_text("everdell", prompt, locale, live)
            assert not RAW.search(text), (prompt.key, text)
            for option in prompt.options:
                label = option_label("everdell", option, locale, live)
                assert label and not RAW.search(label), (prompt.key, option, label)
            if prompt.key == "everdell.prompt.payment" and extra_line(prompt.params.get("extra"), locale):
                shown = private_payload(live, prompt.seat, locale).embed.description or ""
                assert EXTRA[locale] in shown and not RAW.search(shown)
            events = match.submit(prompt.seat, player.answer(prompt))
            live.tail.extend(e for e in events if e.public)
            for event in events:
                if event.public:
                    line = event_line(live, event, locale)
                    assert not RAW.search(line) and "nightweave." not in line, (event, line)
        assert match.finished


def test_the_extra_line_names_each_part() -> None:
    extra = {
        "surcharge": {"berry": 1},
        "why": "notable",
        "tolls": [{"what": "lurking_eyes", "n": 2, "kinds": ["cards"]}],
    }
    assert extra_line(extra, "en") == "Extra cost: 🫐1 more (the Notable); 2 cards from hand (Lurking Eyes)"
    assert extra_line({"surcharge": {}, "why": "denier", "tolls": []}, "en") is None
    assert extra_line(None, "pt") is None
