"""Tapestry's expansion modules on Discord: the server's sets copied into a lobby that chose the
module, the refusal without a set in both languages, and whole games with every module (the
test sets of tests/engine/tapestry/module_data) read as words: the landmark-card draft, the
counter-trap question, charms, reserved items, within Discord's limits."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.data_sets import lobby_copies
from bot.i18n import t
from bot.render import board_payload, private_payload
from bot.render.common import event_line, option_label, prompt_text
from bot.render.lobby import lobby_payload
from engine.core import Match, SeatSpec
from engine.games.tapestry import GAME, modules
from tests.bot.conftest import live_of
from tests.bot.test_render import check_embed
from tests.bot.test_tapestry_render import KEYS, RAW, play, texts
from tests.engine.tapestry.module_sets import options, text


def make_live(players: int, seed: int, locale: str) -> Any:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob", "Carol", "Dave", "Erin")[:players]]
    opts = GAME.normalize_options({**options(), "civilizations": "all"}, players)
    return live_of(Match("tapestry", seats, opts, seed), seed, locale)


def test_a_lobby_copies_the_sets_of_the_modules_it_chose_only() -> None:
    texts_ = {m: text(m) for m in modules.MODULES}
    copied = lobby_copies("tapestry", {"modules": "pp_tapestry,space_tiles"}, texts_)
    assert copied == {"pp_tapestry_data": text("pp_tapestry"), "space_tiles_data": text("space_tiles")}
    assert lobby_copies("tapestry", {}, texts_) == {}


@pytest.mark.parametrize("locale", ["en", "pt"])
def test_the_refusal_names_the_missing_sets_in_both_languages(locale: str) -> None:
    line = t("error.tapestry.module_data_missing", locale, missing="pp_tapestry, landmark_cards")
    assert "pp_tapestry, landmark_cards" in line and "/admin data" in line
    assert not KEYS.search(line)


@pytest.mark.parametrize(("players", "locale"), [(3, "en"), (4, "pt")])
def test_whole_games_with_every_module_read_as_words(players: int, locale: str) -> None:
    live = make_live(players, seed=60 + players, locale=locale)
    keys: set[str] = set()
    kinds: set[str] = set()
    for event in live.match.opening_events:
        assert not RAW.search(event_line(live, event, locale)), event
    for step, (prompt, events) in enumerate(play(live)):
        keys.add(prompt.key)
        assert not RAW.search(prompt_text("tapestry", prompt, locale, live)), prompt.key
        for option in prompt.options:
            label = option_label("tapestry", option, locale, live)
            assert label and not RAW.search(label), (prompt.key, option, label)
        for event in events:
            kinds.add(event.kind)
            line = event_line(live, event, locale)
            assert not RAW.search(line), (event, line)
        if step % 40 == 0 or prompt.key == "tapestry.prompt.landmark_card":
            for seat in range(players):
                private = private_payload(live, seat, locale)
                check_embed(private.embed)
                assert not KEYS.search(texts(private))
            board = board_payload(live, locale)
            check_embed(board.embed)
            assert not KEYS.search(texts(board))
    assert "tapestry.prompt.landmark_card" in keys
    assert "landmark_card" in kinds


@pytest.mark.parametrize("locale", ["en", "pt"])
def test_every_module_event_reads_as_words(locale: str) -> None:
    from engine.core import Event

    live = make_live(3, seed=5, locale=locale)
    samples = [
        Event("charm", 0, {"card": "test_ff_lantern", "gain": ["vp:3"]}),
        Event("ability", 1, {"when": "advance", "gain": ["food", "any"]}),
        Event("reserve", 0, {"what": "farm", "now": False}),
        Event("use_reserved", 0, {"what": "farm"}),
        Event("counter_trap", 0, {"card": "test_counter", "hex": [0, 0], "defender": 1}),
        Event("response", 1, {"card": "test_ambush", "hex": [0, 0], "attacker": 0}),
        Event("landmark_card_kept", 2, {}),
        Event("landmark_card", 2, {"card": "test_lc_scholar"}),
        Event("landmark_goal", 2, {"card": "test_lc_scholar"}),
        Event("overlay", 1, {"overlay": "test_overlay_moon"}),
    ]
    for event in samples:
        line = event_line(live, event, locale)
        assert not RAW.search(line), (event, line)
    assert "Test Counter" in event_line(live, samples[4], locale) or "Contra de Teste" in event_line(
        live, samples[4], locale
    )
    moon = "Test Moon Overlay" if locale == "en" else "Sobreposição Lua de Teste"
    assert moon in event_line(live, samples[-1], locale)


@pytest.mark.parametrize("locale", ["en", "pt"])
def test_each_players_overlay_and_what_it_shows_are_on_the_board(locale: str) -> None:
    live = make_live(3, seed=5, locale=locale)
    view = live.match.view(None)
    dealt = [p["overlay"] for p in view["players"]]
    assert all(o in ("test_overlay_sun", "test_overlay_moon") for o in dealt)
    from bot.games.tapestry import modules_ui

    c = modules_ui.content(live.match.options)
    assert c is not None
    line = modules_ui.overlay_text(c, "test_overlay_sun", locale)
    assert ("Test Sun Overlay" if locale == "en" else "Sobreposição Sol de Teste") in line
    assert "6" in line and not KEYS.search(line)
    lines = modules_ui.player_lines(c, view["players"][0], locale)
    assert any(modules.UPLOADED_NAMES[dealt[0]][0 if locale == "en" else 1] in x for x in lines)


def test_the_private_view_shows_the_landmark_card_goal_and_the_draft_shows_every_goal() -> None:
    live = make_live(3, seed=5, locale="en")
    match = live.match
    while True:
        prompts = match.prompts()
        if len(prompts) == 1 and prompts[0].key == "tapestry.prompt.landmark_card":
            break
        match.submit(prompts[0].seat, prompts[0].default or (prompts[0].options[0].id,))
    seat = prompts[0].seat
    shown = texts(private_payload(live, seat, "en"))
    assert "Landmark card draft" in shown and "at least" in shown  # every offered card's goal
    while match.prompts()[0].key == "tapestry.prompt.landmark_card":
        p = match.prompts()[0]
        match.submit(p.seat, (p.options[0].id,))
    card = match.view(0)["players"][0]["landmark_card"]
    shown = texts(private_payload(live, 0, "en"))
    assert modules.UPLOADED_NAMES[card][0] in shown and "⏳" in shown
    assert "Goal so far" in shown and "/" in shown  # each condition: what you have of what it needs
    assert modules.UPLOADED_NAMES[card][0] in texts(board_payload(live, "en"))  # face up for everyone


def test_the_lobby_lists_the_sets_the_table_copied() -> None:
    live = make_live(3, seed=5, locale="en")
    shown = texts(lobby_payload(live, "en"))
    assert (
        "`pp_tapestry` (3)" in shown
        and "`landmark_cards` (7)" in shown
        and "`advanced_capitals` (4)" in shown
    )


@pytest.mark.parametrize("locale", ["en", "pt"])
def test_the_board_menu_shows_every_uploaded_entry(locale: str) -> None:
    from bot.games.tapestry.views import board_items, view_embed

    live = make_live(3, seed=5, locale=locale)
    values = [o.value for o in board_items(live, locale)[0].item.options]
    assert "modules" in values
    embed, _ = view_embed(live, "modules", locale)
    check_embed(embed)
    shown = json.dumps(embed.to_dict(), ensure_ascii=False)
    assert not KEYS.search(shown)
    for entry in (
        ("Test Harvest", "Colheita de Teste"),
        ("Test Counter", "Contra de Teste"),
        ("Test Terraces", "Terraços de Teste"),
        ("Test Moon Overlay", "Sobreposição Lua de Teste"),
    ):
        assert entry[0 if locale == "en" else 1] in shown


@pytest.mark.parametrize("locale", ["en", "pt"])
async def test_tapestry_new_with_a_module_the_server_has_no_set_for_is_refused(locale: str) -> None:
    from bot import lobby as lobby_use_cases
    from bot.errors import UserError
    from tests.bot.test_lobby_options import Caller, RefusingBot

    with pytest.raises(UserError) as err:
        await lobby_use_cases.open_table(
            RefusingBot(locale),  # type: ignore[arg-type]
            Caller(),  # type: ignore[arg-type]
            "tapestry",
            {"modules": "landmark_cards,pp_tapestry"},
            3,
            "en",
        )
    assert err.value.key == "error.tapestry.module_data_missing"
    assert err.value.params["missing"] == "pp_tapestry, landmark_cards"
    text = t(err.value.key, locale, **err.value.params)
    assert "pp_tapestry, landmark_cards" in text and "{" not in text


@pytest.mark.parametrize("locale", ["en", "pt"])
def test_admin_data_says_what_each_stored_set_brings(locale: str) -> None:
    from bot.games.tapestry.modules_ui import data_status

    assert "7" in (data_status("landmark_cards", text("landmark_cards"), locale) or "")
    assert "landmark_cards" in (data_status("landmark_cards", None, locale) or "")
    assert data_status("automa_rules", None, locale) is None
