"""The table companion: each step is the engine's own Nightweave procedure, persisted as a log."""

from __future__ import annotations

import re

import pytest

from bot.errors import UserError
from bot.games.everdell import companion_render as render
from bot.games.everdell.companion import CompanionService, Report
from bot.i18n import catalogue
from engine.games.everdell.mistwood import loader
from engine.games.everdell.mistwood.nightweave import board, turn
from engine.games.everdell.mistwood.tabletop import Companion, StepRng, TabletopTable
from storage import Store

CHANNEL = 7000
ALICE = 1001


async def started(store: Store, level: int = 2, humans: int = 1) -> CompanionService:
    svc = CompanionService(store.db)
    await svc.start(1, CHANNEL, ALICE, "nightweave", level, humans, [])
    return svc


def rendered(report: Report, locale: str) -> str:
    embed = render.turn_embed(report, locale)
    return (embed.title or "") + (embed.description or "") + "".join(f.name + f.value for f in embed.fields)


async def test_a_turn_is_the_rule_functions_on_the_same_dice(store: Store) -> None:
    svc = await started(store)
    report = await svc.turn(CHANNEL, ALICE)
    row = await svc.repo.active(CHANNEL)
    assert row is not None
    # The same procedure, called directly: setup from the companion's seed, step 1's dice.
    comp = Companion.from_dict(row.config, [])
    level = loader.default_scoring().level(2)
    st = turn.setup(loader.default_activity(), 2, level.icon_points, ["?"], StepRng(comp.seed, 0))
    table = TabletopTable(1, 3)
    rng = StepRng(comp.seed, 1)
    card = loader.default_activity().by_id()[turn.flip(st, rng)]
    start = len(st.log)
    for _ in turn.resolve(st, table, rng, card):
        pass
    assert report.entries == st.log[start:]
    assert report.entries[0]["kind"] == "flip" and loader.default_activity().by_id()[report.entries[0]["card"]].spider


async def test_first_action_impossible_falls_back_to_the_second(store: Store) -> None:
    svc = await started(store)
    report = await svc.turn(CHANNEL, ALICE, card="nw07")  # winter: play_meadow / place_nightweave
    assert [e for e in report.entries if e["kind"] == "action"][0]["slot"] == "first"
    report = await svc.amend(CHANNEL, report.companion_id, report.seq, 1)
    acted = [e for e in report.entries if e["kind"] == "action"][0]
    assert acted == {"kind": "action", "slot": "second", "action": "place_nightweave"}
    assert report.state.meadow_slot is not None
    report = await svc.amend(CHANNEL, report.companion_id, report.seq, 2)
    assert [e for e in report.entries if e["kind"] == "action"][0]["slot"] == "default"


async def test_a_blocked_spot_walks_the_decider_ring(store: Store) -> None:
    svc = await started(store)
    report = await svc.turn(CHANNEL, ALICE, card="nw01")  # winter: forest top-left / 3 twigs, clockwise
    assert report.placed_spot == "forest_1"
    report = await svc.amend(CHANNEL, report.companion_id, report.seq, 3)
    assert report.placed_spot == "forest_2"  # top-right is next clockwise
    assert board.FOREST_RING[1] == "top_right"
    assert {"kind": "blocked", "target": "top_left", "moved_to": "forest_2"} in report.entries


async def test_her_season_ends_and_prepare_is_announced(store: Store) -> None:
    svc = await started(store)
    seen = set()
    for _ in range(200):
        report = await svc.turn(CHANNEL, ALICE)
        seen |= {e["kind"] for e in report.entries}
        if report.state.finished:
            break
    assert report.state.finished and {"prepare", "game_end", "enter_meadow"} <= seen
    with pytest.raises(UserError):
        await svc.turn(CHANNEL, ALICE)


async def test_undo_and_restart_rebuild_the_same_state(store: Store) -> None:
    svc = await started(store)
    for _ in range(5):
        last = await svc.turn(CHANNEL, ALICE)
    again = CompanionService(store.db)  # a restarted bot: nothing but the database
    status = await again.status(CHANNEL)
    assert status.state.log == last.state.log
    undone = await again.undo(CHANNEL)
    assert undone.seq == 4
    redo = await again.turn(CHANNEL, ALICE)
    assert redo.state.log == last.state.log  # same step number, same dice


async def test_one_companion_per_channel_and_stale_buttons(store: Store) -> None:
    svc = await started(store)
    with pytest.raises(UserError, match="automa.already_running"):
        await svc.start(1, CHANNEL, ALICE, "nightweave", 1, 1, [])
    report = await svc.turn(CHANNEL, ALICE)
    await svc.turn(CHANNEL, ALICE)
    with pytest.raises(UserError, match="automa.stale"):
        await svc.amend(CHANNEL, report.companion_id, report.seq, 1)
    await svc.stop(CHANNEL)
    await svc.start(1, CHANNEL, ALICE, "nightweave", 1, 2, [])


@pytest.mark.parametrize("locale", ["en", "pt"])
async def test_every_line_has_words_in_both_languages(store: Store, locale: str) -> None:
    svc = await started(store, humans=2)
    for _ in range(200):
        report = await svc.turn(CHANNEL, ALICE)
        text = rendered(report, locale)
        assert "nw." not in text and "{" not in text, text
        if report.state.finished:
            break
    status = render.status_embed(await svc.status(CHANNEL), locale)
    assert all(not f.name.startswith("nw.") for f in status.fields)


def test_catalogues_match() -> None:
    en = {k for k in catalogue("en") if k.startswith(("nw.", "automa.", "deck.", "dice.", "nightweave.", "cmd.automa", "cmd.deck", "cmd.roll"))}
    pt = {k for k in catalogue("pt") if k.startswith(("nw.", "automa.", "deck.", "dice.", "nightweave.", "cmd.automa", "cmd.deck", "cmd.roll"))}
    assert en == pt


async def test_score_calculator_uses_the_level_row(store: Store) -> None:
    svc = await started(store, level=4)
    report = await svc.status(CHANNEL)
    counts = {"cards": 20, "zero_cards": 2, "prosperity_cards": 1, "basic_events": 3, "special_events": 1, "journey": 0}
    embed = render.score_embed(report, "en", counts)
    row = loader.default_scoring().level(4)
    total = 20 + 3 + 2 * row.bonus_zero_value + row.bonus_prosperity + row.special_event
    assert str(total) in (embed.title or "")


async def test_a_servers_own_deck_is_what_the_table_flips(store: Store) -> None:
    shipped = (loader.DATA / "activity.yaml").read_text(encoding="utf-8")
    own = shipped.replace("id: nw", "id: mine")  # the same cards under the owner's own ids
    svc = CompanionService(store.db)
    await svc.start(1, CHANNEL, ALICE, "nightweave", 1, 1, [], own)
    _, steps, cards = await svc.card_choices(CHANNEL)
    assert cards and all(c.id.startswith("mine") for c in cards)
    menu = render.card_menu(1, steps, cards, "en")
    values = [o.value for item in menu.children for o in getattr(getattr(item, "item", item), "options", [])]
    assert values and all(v.startswith("mine") for v in values)
    report = await svc.turn(CHANNEL, ALICE, cards[0].id)  # a flipped card of that deck is accepted
    assert report.seq == 1
    with pytest.raises(UserError):
        await svc.turn(CHANNEL, ALICE, "nw01")  # the shipped ids are not in this companion's deck


def test_every_shipped_activity_card_is_named_in_both_languages() -> None:
    """Our Activity cards have no printed names: each is named by what it does, and the name
    (not the id) is what the table reads; a server's own card without a name keeps its id."""
    cards = loader.default_activity().cards
    for locale in ("en", "pt"):
        names = [render.activity_name(c.id, locale) for c in cards]
        assert all(n != c.id for n, c in zip(names, cards, strict=True)), names
        assert len(set(names)) == len(names), names
        menu = render.card_menu(1, 0, list(cards), locale)
        labels = [o.label for item in menu.children for o in getattr(getattr(item, "item", item), "options", [])]
        assert labels and not any(re.search(r"\bnw\d\d\b", x) for x in labels), labels
    assert render.activity_name("mine01", "en") == "mine01"
    flip = {"kind": "flip", "card": "nw01", "season": "winter", "decider": "cw"}
    assert render.line(flip, "pt", 1) == (
        "Carta de Atividade **Aranha na floresta, senão gravetos** (inverno); decisor: horário"
    )
