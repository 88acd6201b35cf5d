"""Rendering stays within Discord's limits and never puts a hidden card where others can see it."""

from __future__ import annotations

import json
import re
from typing import Any

import discord

from bot.render import board_payload, ids, private_payload, result_payload
from bot.render.common import option_label
from bot.render.limits import embed_size
from bot.render.lobby import lobby_payload
from bot.render.prompt import PromptUI
from bot.table import TableService
from engine.core import Option, Prompt
from engine.games.dominion.cards import cards
from tests.bot.conftest import start_game

KINGDOM = "Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop"


def check_components(view: discord.ui.View) -> list[dict[str, Any]]:
    rows = view.to_components()
    assert len(rows) <= 5
    seen: set[str] = set()
    for row in rows:
        comps = row["components"]
        assert 1 <= len(comps) <= 5
        for c in comps:
            cid = c["custom_id"]
            assert len(cid) <= 100 and cid not in seen
            parsed = re.fullmatch(ids.BUTTON_TEMPLATE, cid) or re.fullmatch(ids.SELECT_TEMPLATE, cid)
            assert parsed is not None
            # a click on it passes the strict count check of its kind (else: "out of date")
            assert ids.accepts(parsed["kind"], cid), cid
            seen.add(cid)
            if c["type"] == 2:
                assert len(c["label"]) <= 80
            else:
                assert len(comps) == 1  # a select fills its row
                assert 1 <= len(c["options"]) <= 25
                assert c.get("min_values", 1) <= c.get("max_values", 1) <= len(c["options"])
                assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in c["options"])
    return rows


def check_embed(embed: discord.Embed) -> None:
    assert embed_size(embed) <= 6000
    assert len(embed.description or "") <= 4096 and len(embed.fields) <= 25
    assert all(len(f.value or "") <= 1024 and len(f.name or "") <= 256 for f in embed.fields)


def biggest_buy_prompt() -> Prompt:
    """Every Treasure in hand and all 17 piles affordable: the widest buy decision base Dominion has."""
    supply = [
        "Copper",
        "Silver",
        "Gold",
        "Estate",
        "Duchy",
        "Province",
        "Curse",
        *[c.strip() for c in KINGDOM.split(",")],
    ]
    opts = [Option("play_all", "dominion.opt.play_all", group="treasure", shortcut=False)]
    opts += [Option(f"play:{c}", c, card=c, group="treasure") for c in ("Copper", "Gold", "Silver")]
    opts += [Option(f"buy:{c}", c, card=c, group="buy", cost=cards()[c].cost) for c in supply]
    opts += [Option(f"playbuy:{c}", c, card=c, group="playbuy", cost=cards()[c].cost) for c in supply]
    opts.append(Option("end", "dominion.opt.end_turn", group="end"))
    params = {"coins": 11, "buys": 2, "coins_after": 17}
    return Prompt(99, 0, "choose", "dominion.prompt.buy", tuple(opts), params=params, default=("play_all",))


def ui(prompt: Prompt, locale: str = "en", **kw: Any) -> PromptUI:
    return PromptUI(123456789, prompt, locale, label=lambda o: option_label("dominion", o, locale), **kw)


def test_biggest_buy_prompt_fits() -> None:
    prompt = biggest_buy_prompt()
    for locale in ("en", "pt"):
        rows = check_components(ui(prompt, locale).view())
        values = {
            o["value"] for row in rows for c in row["components"] if c["type"] == 3 for o in c["options"]
        }
        buttons = {c["custom_id"] for row in rows for c in row["components"] if c["type"] == 2}
        # Every option is reachable from one screen, by index.
        assert len(values) + len(buttons) == len(prompt.options)


def test_play_then_buy_options_get_their_own_menu() -> None:
    prompt = biggest_buy_prompt()
    for locale, play_all, gold in (
        ("en", "Play all Treasures", "Play Treasures, buy Gold ($6)"),
        ("pt", "Jogar todos os Tesouros", "Jogar Tesouros e comprar Ouro ($6)"),
    ):
        rows = check_components(ui(prompt, locale).view())
        buttons = [c["label"] for row in rows for c in row["components"] if c["type"] == 2]
        assert play_all in buttons  # the usual first click stays one button away
        selects = [c for row in rows for c in row["components"] if c["type"] == 3]
        assert len(selects) == 2  # buy now / play all then buy: one menu each
        labels = [[o["label"] for o in sel["options"]] for sel in selects]
        assert gold in labels[1]
        assert not any(label.startswith(("Play Treasures", "Jogar Tesouros")) for label in labels[0])
    # too many groups for one screen: every option stays reachable and play all stays a button
    crowded = Prompt(
        100,
        0,
        "choose",
        "dominion.prompt.buy",
        prompt.options[:-1]
        + tuple(Option(f"event:E{i}", f"E{i}", group=f"g{i}") for i in range(3))
        + prompt.options[-1:],
        default=("play_all",),
    )
    rows = check_components(ui(crowded).view())
    buttons = [c["label"] for row in rows for c in row["components"] if c["type"] == 2]
    assert "Play all Treasures" in buttons


def test_long_and_multi_prompts_page_and_draft() -> None:
    many = tuple(Option(f"x{i}", f"Copper#{i}", card="Copper") for i in range(60))
    single = Prompt(5, 0, "choose", "dominion.prompt.workshop", many)
    for page in range(3):
        check_components(ui(single, page=page).view())
    multi = Prompt(6, 0, "choose", "dominion.prompt.cellar", many, min=0, max=60)
    check_components(ui(multi, draft=[1, 2]).view())
    small_multi = Prompt(7, 0, "choose", "dominion.prompt.chapel", many[:7], min=0, max=4)
    rows = check_components(ui(small_multi).view())
    assert rows[0]["components"][0]["max_values"] == 4
    order = Prompt(8, 0, "order", "dominion.prompt.sentry_order", many[:2], min=2, max=2, ordered=True)
    rows = check_components(ui(order).view())
    confirm = next(c for r in rows for c in r["components"] if c["custom_id"].startswith("bgb:c:"))
    assert confirm["disabled"] is True
    rows = check_components(ui(order, draft=[1, 0]).view())
    confirm = next(c for r in rows for c in r["components"] if c["custom_id"].startswith("bgb:c:"))
    assert not confirm.get("disabled")


def test_two_menus_in_one_message_both_answer() -> None:
    """Two groups too long for buttons: two menus, told apart by a serial the click handler
    must accept (a Farshore turn with a long hand and a long Bay)."""
    opts = tuple(Option(f"p{i}", f"Place {i}", group="place") for i in range(12))
    opts += tuple(Option(f"c{i}", f"Copper#{i}", card="Copper", group="play") for i in range(12))
    rows = check_components(ui(Prompt(9, 0, "choose", "dominion.prompt.buy", opts)).view())
    menus = [c["custom_id"] for row in rows for c in row["components"] if c["type"] == 3]
    assert len(menus) == 2 and menus[1].count(":") == 5
    assert not ids.accepts(ids.PICK, menus[1] + ":1") and not ids.accepts(ids.ANSWER, "bgb:o:1:2")


def test_custom_ids_carry_no_card_names() -> None:
    prompt = biggest_buy_prompt()
    names = {c.id.casefold() for c in cards().values()} | {c.name_pt.casefold() for c in cards().values()}
    for row in ui(prompt).view().to_components():
        for c in row["components"]:
            assert not any(n in c["custom_id"].casefold() for n in names)


async def test_board_uses_public_view_only(table: TableService) -> None:
    live = await start_game(table, kingdom=KINGDOM)
    assert live.match is not None
    # Play a few steps so the log has draws (private "drew" events must stay out of the board).
    for _ in range(8):
        prompt = live.match.prompts()[0]
        uid = live.record.seats[prompt.seat].user_id
        assert uid is not None
        await table.submit(live.id, uid, prompt.pid, list(prompt.default or (prompt.options[0].id,)))
    assert all(e.public for e in live.tail)
    asked: list[int | None] = []
    real_view = live.match.view

    def spy(seat: int | None) -> dict[str, Any]:
        asked.append(seat)
        return real_view(seat)

    live.match.view = spy  # type: ignore[method-assign]
    try:
        for locale in ("en", "pt"):
            payload = board_payload(live, locale)
            check_embed(payload.embed)
            assert payload.view is not None
            check_components(payload.view)
    finally:
        live.match.view = real_view  # type: ignore[method-assign]
    assert asked and set(asked) == {None}
    # And the hands themselves are nowhere in the board text.
    text = json.dumps(board_payload(live, "en").embed.to_dict())
    assert "Hand:" not in text and "drew" not in text


async def test_private_view_shows_own_hand_and_prompt(table: TableService) -> None:
    live = await start_game(table, kingdom=KINGDOM)
    assert live.match is not None
    prompt = live.match.prompts()[0]
    payload = private_payload(live, prompt.seat, "pt")
    check_embed(payload.embed)
    assert payload.view is not None
    check_components(payload.view)
    hand = live.match.view(prompt.seat)["hand"]
    assert cards()[hand[0]].name_pt in (payload.embed.description or "")
    other = 1 - prompt.seat
    waiting = private_payload(live, other, "en")
    assert waiting.view is None and "Waiting" in (waiting.embed.description or "")


async def test_lobby_and_result_payloads(table: TableService) -> None:
    live = await start_game(table)
    lobby = lobby_payload(live, "en")
    check_embed(lobby.embed)
    assert lobby.view is None  # started: no more buttons
    check_embed(result_payload(live, "en").embed)


async def test_renders_kept_per_state_seat_and_locale(table: TableService) -> None:
    """A second send of the same state costs no render; any answer, another seat, another
    locale, a draft or a change to the seats renders afresh."""
    live = await start_game(table, kingdom=KINGDOM)
    assert live.match is not None
    prompt = live.match.prompts()[0]
    seat = prompt.seat
    mine = private_payload(live, seat, "en")
    assert private_payload(live, seat, "en") is mine
    assert private_payload(live, seat, "pt") is not mine
    assert private_payload(live, 1 - seat, "en") is not mine
    assert private_payload(live, seat, "en", draft=[0]) is not private_payload(live, seat, "en", draft=[0])
    board = board_payload(live, "en")
    assert board_payload(live, "en") is board and board is not mine
    live.record.seats[1 - seat].name = "renamed"
    assert board_payload(live, "en") is not board
    renamed = private_payload(live, seat, "en")
    assert renamed is not mine
    uid = live.record.seats[seat].user_id
    assert uid is not None
    await table.submit(live.id, uid, prompt.pid, list(prompt.default or (prompt.options[0].id,)))
    live = await table.get(live.id)
    after = private_payload(live, seat, "en")
    assert after is not renamed
