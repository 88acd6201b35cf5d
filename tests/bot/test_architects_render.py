"""Architects of the West Kingdom on Discord: the board embed and picture, the private view and
its controls, every label and log line in both languages, within Discord's limits, and no
Building hand made public."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.games.architects.image import render_board
from bot.games.architects.lobby_view import lobby_fields
from bot.games.architects.render import ArchitectsRenderer
from bot.games.architects.score_sheet import SHEETS
from bot.leaderboard.calculators import calculate
from bot.render import board_payload, private_payload, result_payload
from bot.render.common import event_line, option_label, prompt_text
from bot.render.lobby import lobby_payload
from bot.table import Live, forget_views
from engine.core import Event, Match, Option, Prompt, SeatSpec
from engine.games.architects.bots import POLICIES
from engine.games.architects.data import buildings
from tests.bot.conftest import decided_out_of_turn, live_of
from tests.bot.test_render import check_components, check_embed

LOCALES = ("en", "pt")
RAW = re.compile(r"architects\.|\{[a-z_]+\}|\bNone\b")  # a key, a blank, or Python's None
KEYS = re.compile(r"architects\.|\{[a-z_]+\}")
PNG = b"\x89PNG\r\n\x1a\n"
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin")


def make_live(players: int, seed: int, locale: str = "en", **options: Any) -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in NAMES[:players]]
    return live_of(Match("architects", seats, options, seed), seed, locale)


def play(live: Live, limit: int = 5_000) -> Iterator[tuple[Prompt, list[Event]]]:
    """Step a match to its end with the engine's heuristic bots, yielding each open prompt (before
    it is answered) and the events it produced."""
    match = live.match
    assert match is not None
    bots = [POLICIES["heuristic"](s, 7) for s in range(len(live.record.seats))]
    for _ in range(limit):
        if match.finished:
            return
        prompt = match.prompts()[0]
        answer = bots[prompt.seat].choose(match.view(prompt.seat), prompt)
        events = match.submit(prompt.seat, answer)
        live.tail.extend(e for e in events if e.public)
        yield prompt, events
    raise AssertionError("no end")


def texts(payload: Any) -> str:
    embed = payload.embed.to_dict()
    comps = payload.view.to_components() if payload.view is not None else []
    return json.dumps(embed, ensure_ascii=False) + json.dumps(comps, ensure_ascii=False)


# -- every word --------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", LOCALES)
def test_a_whole_game_reads_as_words(locale: str) -> None:
    """Every prompt, option label and log line of a whole game is real text, never a key."""
    live = make_live(3, seed=5, locale=locale, architect_side="B", promo_cards=True)
    assert live.match is not None
    keys: set[str] = set()
    for event in live.match.opening_events:
        assert not RAW.search(event_line(live, event, locale)), event
    for prompt, events in play(live):
        keys.add(prompt.key)
        assert not RAW.search(prompt_text("architects", prompt, locale, live)), prompt
        for option in prompt.options:
            label = option_label("architects", option, locale, live)
            assert label and not RAW.search(label), (prompt.key, option, label)
            assert "$" not in label, label  # money is Silver here, in words
        for event in events:
            line = event_line(live, event, locale)
            assert not RAW.search(line), (event, line)
    assert {"architects.prompt.place", "architects.prompt.guildhall"} <= keys
    result = result_payload(live, locale)
    check_embed(result.embed)
    assert not KEYS.search(texts(result))
    # each player's score sheet follows the standings
    word = "Buildings" if locale == "en" else "Construções"
    assert sum(word in line for line in (result.embed.description or "").splitlines()) == 3


@pytest.mark.parametrize("locale", LOCALES)
def test_a_works_of_wonder_game_reads_as_words(locale: str) -> None:
    """The expansion's prompts, options and log lines are real text in both languages."""
    live = make_live(4, seed=11, locale=locale, architect_side="B", works_of_wonder=True)
    assert live.match is not None
    kinds: set[str] = set()
    for prompt, events in play(live):
        assert not RAW.search(prompt_text("architects", prompt, locale, live)), prompt
        for option in prompt.options:
            label = option_label("architects", option, locale, live)
            assert label and not RAW.search(label), (prompt.key, option, label)
        for event in events:
            kinds.add(event.kind)
            line = event_line(live, event, locale)
            assert not RAW.search(line), (event, line)
    assert {"influence", "consequence", "contribute"} <= kinds
    result = result_payload(live, locale)
    check_embed(result.embed)
    assert not KEYS.search(texts(result))


def test_a_works_of_wonder_board_shows_influence_figures_and_wonders() -> None:
    for players, locale in ((2, "en"), (5, "pt")):
        live = make_live(players, seed=3, locale=locale, architect_side="B", works_of_wonder=True)
        for step, _ in enumerate(play(live)):
            if step % 25:
                continue
            board = board_payload(live, locale)
            check_embed(board.embed)
            assert len(board.embed.fields) == 5 + players
            body = texts(board)
            assert not KEYS.search(body)
            assert ("Princess" if locale == "en" else "Princesa") in body
            assert ("Influence" if locale == "en" else "Influência") in body
        picture = render_board(live.view(None), locale, dict(enumerate(NAMES)))
        assert picture.startswith(PNG)


def test_every_screen_fits_discord() -> None:
    """Boards, private views and controls along whole games stay inside Discord's limits."""
    for players in (2, 5):
        locale = "pt" if players == 5 else "en"
        live = make_live(players, seed=20 + players, locale=locale)
        for step, _ in enumerate(play(live)):
            if step % 15:
                continue
            board = board_payload(live, locale)
            check_embed(board.embed)
            assert len(board.embed.fields) == 4 + players  # nothing dropped to fit
            assert not KEYS.search(texts(board))
            for seat in range(players):
                private = private_payload(live, seat, locale)
                check_embed(private.embed)
                assert not KEYS.search(texts(private))
                if private.view is not None:
                    check_components(private.view)
        check_embed(board_payload(live, locale).embed)


# -- labels ------------------------------------------------------------------------------------
def test_captures_read_location_colour_and_count() -> None:
    live = make_live(3, seed=1)
    option = Option("cap:forest:1", "architects.opt.capture", card="forest", group="1", cost=3)
    assert option_label("architects", option, "en", live) == "Forest · 🟡 Bob (yellow) · 3 workers"
    one = Option("cap:mines:0", "architects.opt.capture", card="mines", group="0", cost=1)
    assert option_label("architects", one, "pt", live) == "Minas · 🔵 Alice (azul) · 1 trabalhador"


def test_payments_are_plans_in_words() -> None:
    pay = Option("0.2.2.0.1", "architects.opt.pay", group="payment", cost=5)
    assert option_label("architects", pay, "en") == "Pay 2 Wood + 2 Stone + 1 Marble"
    assert option_label("architects", pay, "pt") == "Pagar 2 Madeiras + 2 Pedras + 1 Mármore"
    seen = 0
    for seed in range(3):
        live = make_live(2, seed=seed)
        for prompt, _ in play(live):
            if prompt.key == "architects.prompt.payment":
                for option in prompt.options:
                    assert option_label("architects", option, "en", live).startswith("Pay ")
                seen += 1
    assert seen


def test_hires_and_market_spaces_say_what_they_cost() -> None:
    live = make_live(2, seed=3)
    hire = Option("hire:1.2", "architects.opt.hire", card="labourer", group="row1", cost=5)
    assert option_label("architects", hire, "en", live).endswith("row 2, column 3 · 5 Silver, Tax included")
    market = Option("market:0", "architects.opt.market_0", card="black_market", group="black_market", cost=1)
    label = option_label("architects", market, "en", live)
    assert label.startswith("Black Market, left space: ") and label.endswith("(1 Silver)")
    trade = Option("virtue:1.1.0", "architects.opt.trade_virtue", group="virtue")
    assert option_label("architects", trade, "en") == "Trade 1 Clay + 1 Wood for 1 Virtue"


# -- the board ---------------------------------------------------------------------------------
def test_board_shows_the_table() -> None:
    live = make_live(3, seed=8)
    for _ in zip(range(120), play(live), strict=False):
        pass
    assert live.match is not None
    view = live.match.view(None)
    board = board_payload(live, "en")
    text = texts(board)
    for word in ("Guildhall", "Locations", "Apprentices for hire", "Black Market", "Tax Stand", "Prison"):
        assert word in text, word
    for name in NAMES[:3]:
        assert name in text
    assert f"**Tax Stand:** {view['tax']} Silver" in text
    assert f"{len(view['guildhall'])}/{view['guildhall_size']} spaces" in text
    assert "col 4: " in text  # hire prices by column
    assert board.image is not None and board.image.startswith(PNG)
    assert board.embed.image.url == "attachment://board.png"
    # the log: one line per turn, the player named once
    lines = [ln for ln in (board.embed.description or "").splitlines() if ln.startswith("• ")]
    assert lines and all(
        ln.count("**Alice**") + ln.count("**Bob**") + ln.count("**Carol**") >= 1 for ln in lines
    )


def test_board_image_renders_small_for_five() -> None:
    """Size only: render speed is measured in bench/, never asserted in tests."""
    live = make_live(5, seed=31, architect_side="B", promo_architects=True)
    for _ in zip(range(300), play(live), strict=False):
        pass
    assert live.match is not None
    view = live.match.view(None)
    image = render_board(view, "pt", {p["seat"]: f"Player {p['seat']}" for p in view["players"]})
    assert image.startswith(PNG) and len(image) < 300_000


def test_board_never_shows_the_hands() -> None:
    """Swap every hand for other Buildings (same counts): the public board does not change."""
    live = make_live(2, seed=14)
    for _ in zip(range(60), play(live), strict=False):
        pass
    match = live.match
    assert match is not None
    before = board_payload(live, "en")
    game: Any = match.game
    forget_views()
    kept = []
    for pl in game.players:
        others = sorted(b for b in buildings() if b not in pl.hand)[: len(pl.hand)]
        kept.append(pl.hand)
        pl.hand = others
    after = board_payload(live, "en")
    assert before.embed.to_dict() == after.embed.to_dict()
    assert before.image == after.image
    for pl, hand in zip(game.players, kept, strict=True):
        pl.hand = hand
    forget_views()


def test_private_view_is_its_owners_alone() -> None:
    live = make_live(2, seed=2)
    assert live.match is not None
    for prompt, _ in play(live):
        if prompt.key == "architects.prompt.place":
            break
    forget_views()
    match = live.match
    seat = match.prompts()[0].seat
    other = 1 - seat
    hand = match.view(seat)["hand"]
    theirs = match.view(other)["hand"]
    mine = private_payload(live, seat, "en")
    description = mine.embed.description or ""
    assert "**Hand:**" in description and "**Resources:**" in description
    assert all(buildings()[c].name in description for c in hand)
    assert "Your turn: place a worker." in description and mine.view is not None
    check_components(mine.view)
    waiting = private_payload(live, other, "en")
    assert waiting.view is None and "Waiting" in (waiting.embed.description or "")
    # neither the board nor a rival's view names a card only this seat holds
    only_mine = {buildings()[c].name for c in hand} - {buildings()[c].name for c in theirs}
    for text in (texts(board_payload(live, "en")), texts(waiting)):
        assert not any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text) for n in only_mine), only_mine


def test_describe_gives_costs_and_skills() -> None:
    live = make_live(2, seed=2)
    r = ArchitectsRenderer()
    smithy = r.describe(live, Option("build:0", "architects.opt.build", card="smithy"), "en")
    assert smithy is not None and "3 VP" in smithy and "🧱4" in smithy
    mines = r.describe(live, Option("mines", "architects.loc.mines", card="mines"), "pt")
    assert mines is not None and "Argila" in mines


# -- the lobby and the score sheet ----------------------------------------------------------------
def test_lobby_shows_sides_promos_and_bga_rules() -> None:
    live = make_live(2, seed=1)
    live.record.status = "lobby"
    live.record.options = {"architect_side": "B", "promo_architects": True, "hand_limit": 0, "draft": False}
    text = json.dumps(lobby_payload(live, "en").embed.to_dict(), ensure_ascii=False)
    assert "Side B" in text and "Promo characters: **on**" in text
    assert "Hand limit: **off**" in text and "Starting Buildings drafted: **off**" in text
    assert "Tax Stand at setup: **4 Silver**" in text and "Virtue below 0 becomes Debts: **on**" in text
    embed = discord.Embed()
    lobby_fields(embed, live, "pt")
    assert any("Lado B" in (f.value or "") for f in embed.fields)


def test_lobby_says_whose_works_of_wonder_values_a_table_uses() -> None:
    live = make_live(2, seed=1)
    live.record.status = "lobby"
    live.record.options = {"works_of_wonder": True}
    text = json.dumps(lobby_payload(live, "en").embed.to_dict(), ensure_ascii=False)
    assert "Works of Wonder" in text and "our own values" in text
    live.record.options = {"works_of_wonder": True, "wonders_data": "source: printed\nwonder_virtue: 3\n"}
    embed = discord.Embed()
    lobby_fields(embed, live, "pt")
    assert any("enviados por este servidor" in (f.value or "") for f in embed.fields)
    live.record.options = {}
    embed = discord.Embed()
    lobby_fields(embed, live, "en")
    assert not any("Works of Wonder" in (f.name or "") for f in embed.fields)


def test_score_sheet_arithmetic() -> None:
    (sheet,) = SHEETS
    assert len(sheet.fields) <= 5
    raw = {"buildings": "30", "cathedral": "3", "virtue": "2", "goods": "4/23", "penalties": "1/3"}
    out = calculate(sheet, raw, None, "en")
    assert out == {
        "buildings": 30,
        "cathedral": 7,
        "virtue": 2,
        "gold_marble": 4,
        "silver": 2,
        "debts": -2,
        "prison": -1,
        "total": 42,
    }
    assert calculate(sheet, {"buildings": "55"}, None, "en")["total"] == 55  # a total typed alone


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("ai", ["aristocrat", "executor", "illusionist", "peddler", "meddler", "benefactor"])
def test_a_solo_game_against_the_ai_reads_as_words(locale: str, ai: str) -> None:
    """Every AI decision is one log line in words, in both languages, its seat named."""
    live = make_live(1, seed=4, locale=locale, opponent=ai)
    assert live.match is not None
    kinds: set[str] = set()
    lines: list[str] = []
    for event in live.match.opening_events:
        assert not RAW.search(event_line(live, event, locale)), event
    for prompt, events in play(live):
        assert not RAW.search(prompt_text("architects", prompt, locale, live)), prompt
        for event in events:
            kinds.add(event.kind)
            line = event_line(live, event, locale)
            assert not RAW.search(line) and "?" not in line.split(" ")[0], (event, line)
            if event.kind == "ai_plot":
                lines.append(line)
    assert {"ai_plot", "ai_track"} <= kinds and len(lines) > 20
    assert all("🤖" in line for line in lines)
    result = result_payload(live, locale)
    check_embed(result.embed)


def test_lobby_shows_the_solo_ai_and_marks_its_values_ours() -> None:
    live = make_live(1, seed=1, opponent="peddler")
    live.record.status = "lobby"
    live.record.options = {"opponent": "peddler"}
    text = json.dumps(lobby_payload(live, "en").embed.to_dict(), ensure_ascii=False)
    assert "Solo AI opponent" in text and "The Peddler" in text and "⚠️" in text and "ours" in text
    assert "drafted" not in text
    live.record.options = {"opponent": "peddler", "ai_data": "source: printed\n"}
    embed = discord.Embed()
    lobby_fields(embed, live, "pt")
    assert any("Mascate" in (f.value or "") and "impressos" in (f.value or "") for f in embed.fields)


def test_an_ai_opponent_makes_a_one_seat_table() -> None:
    import asyncio

    from bot.errors import UserError
    from bot.games.architects.solo_lobby import prepare
    from bot.plugins import LobbyRequest

    def ask(options: dict[str, Any], players: int | None) -> Any:
        request = LobbyRequest(None, "architects", options, players, None, 1, "en", {})  # type: ignore[arg-type]
        return asyncio.run(prepare(request))

    assert ask({"opponent": "meddler"}, None).capacity == 1
    assert ask({"works_of_wonder": True}, 3).capacity == 3
    assert "opponent" not in ask({"opponent": "none"}, 2).options
    with pytest.raises(UserError):
        ask({"opponent": "meddler"}, 2)


def status_line(live: Live, locale: str) -> str:
    """The board's line naming who is to play (the first one marked ▶)."""
    embed = board_payload(live, locale).embed
    text = "\n".join([embed.description or ""] + [str(f.value) for f in embed.fields])
    return next(line for line in text.splitlines() if line.startswith("▶"))


@pytest.mark.parametrize("locale", LOCALES)
def test_the_board_names_who_must_decide_as_the_status_does(locale: str) -> None:
    """The first Apprentices are hired in reverse turn order: while a later player hires, the
    board names them (as the status message does), not the first player, whose turn comes next."""
    live = make_live(3, seed=11, locale=locale)
    assert live.match is not None
    checked = 0
    for acting in decided_out_of_turn(live.match, play(live)):  # the setup's first decisions
        forget_views()
        line = status_line(live, locale)
        assert [n for n in NAMES[:3] if n in line] == [NAMES[s] for s in acting], line
        checked += 1
    assert checked, "nobody decided out of turn"


def test_lobby_counts_the_players_a_table_needs_with_its_options() -> None:
    """One person plays only against a chosen solo AI: without one the lobby asks for two
    players and keeps Start off for a lone host; with one it asks for one, in the singular."""
    live = make_live(2, seed=1)
    live.record.status = "lobby"
    live.record.seats = live.record.seats[:1]

    def start_disabled() -> bool:
        view = lobby_payload(live, "en").view
        assert view is not None
        buttons = [row["components"] for row in view.to_components()]
        return next(b.get("disabled", False) for row in buttons for b in row if b.get("label") == "Start")

    live.record.options = {}
    assert "at least 2 players are seated" in (lobby_payload(live, "en").embed.description or "")
    assert "pelo menos 2 jogadores." in (lobby_payload(live, "pt").embed.description or "")
    assert start_disabled()
    live.record.options = {"opponent": "aristocrat"}
    assert "at least 1 player is seated" in (lobby_payload(live, "en").embed.description or "")
    assert "pelo menos 1 jogador." in (lobby_payload(live, "pt").embed.description or "")
    assert not start_disabled()
