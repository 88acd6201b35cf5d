"""Game options in slash commands: the shared choice lists of /game new and /automa start keep
their values and translations; Everdell's player powers and Dominion's setup (card sets, Events, errata, reactions) is
checked, refused where it cannot apply, reaches the match options and shows in the lobby in both
languages; each player's own reactions choice is kept with the lobby and becomes the engine's
per-seat list when the table starts."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.errors import UserError
from bot.i18n import Translator, catalogue, t
from bot.lobby_dominion import SEAT_KEY, choose_reactions, seat_modes, start_with_choices
from bot.render.items import GameSelect
from bot.render.lobby import LOBBY_REACTIONS, lobby_payload
from bot.table import Live, TableService
from cogs import automa, lobby
from cogs.options_common import (
    ERRATA,
    EVENT_CAP,
    PLAYER_POWERS,
    REACTIONS,
    SETS,
    channel_locale,
    choice_key,
    choices,
    dominion_options,
    module_list,
    player_powers_option,
    value_of,
)
from engine.core import Match, SeatSpec
from engine.core.errors import InvalidSetup
from engine.core.registry import get_game
from engine.games.dominion.cards import cards
from tests.bot.conftest import ALICE, BOB, CHANNEL, live_of
from tests.bot.test_render import check_embed


def keys_of(chosen: list[app_commands.Choice[str]] | list[app_commands.Choice[int]]) -> list[str]:
    keys = []
    for choice in chosen:
        name = choice._locale_name
        assert name is not None
        keys.append(str(name.extras["key"]))
    return keys


def test_choice_lists_keep_their_values_and_keys() -> None:
    expected: dict[str, tuple[list[app_commands.Choice[str]] | list[app_commands.Choice[int]], list[str]]] = {
        "cmd.choice.rugwort": (lobby.RUGWORT_YEARS, ["1", "2", "3"]),
        "cmd.choice.opponent": (lobby.OPPONENT_CHOICES, ["none", "rugwort", "nightweave"]),
        "cmd.choice.modules": (
            lobby.MODULES,
            ["none", "personalities", "plans", "plots", "personalities_plans", "personalities_plots"],
        ),
        "cmd.choice.reactions": (REACTIONS, ["always", "ask"]),
        "cmd.choice.sets": (SETS, ["base", "adventures", "base_adventures"]),
        "cmd.choice.errata": (ERRATA, ["off", "on"]),
        "cmd.choice.player_powers": (PLAYER_POWERS, ["off", "on", "spring"]),
    }
    for prefix, (chosen, slugs) in expected.items():
        assert keys_of(chosen) == [f"{prefix}.{s}" for s in slugs]
    assert [c.value for c in lobby.MODULES] == [
        "",
        "personalities",
        "plans",
        "plots",
        "personalities,plans",
        "personalities,plots",
    ]
    assert [c.value for c in automa.MODULES] == ["", "personalities", "plans", "plots"]
    assert keys_of(automa.MODULES) == [
        f"cmd.automa.choice.{s}" for s in ("none", "personalities", "plans", "plots")
    ]
    assert keys_of(automa.GAMES) == ["cmd.automa.choice.nightweave"]
    assert keys_of(automa.SOURCES) == ["cmd.automa.choice.virtual", "cmd.automa.choice.physical"]
    assert [c.name for c in lobby.RUGWORT_YEARS][0] == "Year 1 — Rugwort the Rascal"
    # every choice of both commands has its name in both catalogues, the English one as given
    everything = [lobby.RUGWORT_YEARS, lobby.OPPONENT_CHOICES, lobby.MODULES, REACTIONS, SETS, ERRATA]
    everything += [PLAYER_POWERS]
    everything += [automa.MODULES, automa.GAMES, automa.SOURCES]
    for chosen in everything:
        for choice, key in zip(chosen, keys_of(chosen), strict=True):
            assert catalogue("en")[key] == choice.name
            assert key in catalogue("pt")


def test_choice_helpers() -> None:
    assert choice_key("cmd.choice.modules", "personalities,plots") == "cmd.choice.modules.personalities_plots"
    assert choice_key("cmd.automa.choice", "") == "cmd.automa.choice.none"
    assert choice_key("cmd.choice.rugwort", 2) == "cmd.choice.rugwort.2"
    made = choices("cmd.choice.reactions", [("ask", "ask each time")])
    assert made[0].value == "ask" and made[0].name == "ask each time"
    assert value_of(None) is None and value_of(made[0]) == "ask"
    assert module_list(None) == [] and module_list("") == []
    assert module_list("personalities,plans") == ["personalities", "plans"]


class FakeInteraction:
    def __init__(self, guild_locale: discord.Locale | None, locale: discord.Locale) -> None:
        self.guild_locale = guild_locale
        self.locale = locale


def test_channel_locale_prefers_the_server() -> None:
    pt, us = discord.Locale.brazil_portuguese, discord.Locale.american_english
    assert channel_locale(FakeInteraction(pt, us)) == "pt"  # type: ignore[arg-type]
    assert channel_locale(FakeInteraction(None, pt)) == "pt"  # type: ignore[arg-type]
    assert channel_locale(FakeInteraction(us, pt)) == "en"  # type: ignore[arg-type]


async def test_reactions_option_is_translated() -> None:
    translator = Translator()
    names = [
        await translator.translate(c._locale_name, discord.Locale.brazil_portuguese, None) for c in REACTIONS
    ]  # type: ignore[arg-type]
    assert names == ["usar na hora (ninguém espera)", "perguntar a cada vez"]
    command = lobby.Lobby.new
    assert [c.value for c in next(p for p in command.parameters if p.name == "reactions").choices] == [
        "always",
        "ask",
    ]


def test_reactions_option_is_checked() -> None:
    assert dominion_options("dominion", "en") == {}
    assert dominion_options("everdell", "en") == {}
    assert dominion_options("dominion", "en", reactions="ask") == {"reactions": "ask"}
    assert dominion_options("dominion", "en", reactions="always") == {"reactions": "always"}
    with pytest.raises(UserError) as err:
        dominion_options("everdell", "en", reactions="ask")
    assert err.value.key == "error.option_other_game"
    with pytest.raises(UserError) as err:
        dominion_options("dominion", "en", reactions="never")
    assert err.value.key == "error.bad_option"
    # what the lobby stores is what the engine keeps
    normalized = get_game("dominion").normalize_options(
        dominion_options("dominion", "en", reactions="ask"), 2
    )
    assert normalized["reactions"] == "ask"
    with pytest.raises(InvalidSetup):
        get_game("dominion").normalize_options({"reactions": "never"}, 2)


def test_setup_options_reach_the_engine() -> None:
    chosen = dominion_options("dominion", "en", sets="base,adventures", max_events=1, errata="on")
    assert chosen == {"sets": ["base", "adventures"], "max_events": 1, "errata": True}
    assert dominion_options("dominion", "en", kingdom="Random", sets="adventures") == {"sets": ["adventures"]}
    # "off" is the engine's default and adds nothing, so a base game's options stay as they were
    assert dominion_options("dominion", "en", errata="off") == {}
    normalized = get_game("dominion").normalize_options({"kingdom": "random", **chosen}, 2)
    assert normalized["sets"] == ["base", "adventures"]
    assert normalized["events"] == "random" and normalized["max_events"] == 1 and normalized["errata"]
    # with Adventures but no cap chosen, a random kingdom draws at most the rulebook's 2 Events
    normalized = get_game("dominion").normalize_options({"sets": ["adventures"]}, 2)
    assert normalized["events"] == "random" and "max_events" not in normalized
    # the command's range is the engine's
    for value in (0, EVENT_CAP):
        get_game("dominion").normalize_options({"sets": ["adventures"], "max_events": value}, 2)
    with pytest.raises(InvalidSetup):
        get_game("dominion").normalize_options({"sets": ["adventures"], "max_events": EVENT_CAP + 1}, 2)
    for value, _ in [(c.value, c.name) for c in SETS]:
        assert get_game("dominion").normalize_options({"sets": value.split(",")}, 2)


@pytest.mark.parametrize(
    ("chosen", "key", "locale", "named"),
    [
        ({"sets": "adventures"}, "error.option_other_game", "pt", "colecoes"),
        ({"max_events": 2}, "error.option_other_game", "en", "max_events"),
        ({"errata": "on"}, "error.option_other_game", "pt", "errata"),
        ({"kingdom": "Gentle Intro", "sets": "adventures"}, "error.dominion.random_only", "en", "sets"),
        ({"kingdom": "Village,Smithy", "max_events": 1}, "error.dominion.random_only", "pt", "max_eventos"),
        ({"max_events": 1}, "error.dominion.events_need_adventures", "en", "max_events"),
        ({"sets": "base", "max_events": 1}, "error.dominion.events_need_adventures", "pt", "max_eventos"),
        ({"errata": "maybe"}, "error.bad_option", "en", "errata"),
    ],
)
def test_setup_options_are_refused_where_they_cannot_apply(
    chosen: dict[str, Any], key: str, locale: str, named: str
) -> None:
    game = "dominion" if key != "error.option_other_game" else "everdell"
    with pytest.raises(UserError) as err:
        dominion_options(game, locale, **chosen)
    assert err.value.key == key
    # the refusal names the option as the player's client shows it, in their language
    assert err.value.params["option"] == named
    text = t(key, locale, **err.value.params)
    assert named in text and "{" not in text


def test_new_command_declares_the_setup_options() -> None:
    command = lobby.Lobby.new
    params = {p.name: p for p in command.parameters}
    assert [c.value for c in params["sets"].choices] == ["base", "adventures", "base,adventures"]
    assert [c.value for c in params["errata"].choices] == ["off", "on"]
    events = params["max_events"]
    assert (events.min_value, events.max_value, events.choices) == (0, EVENT_CAP, [])
    # Discord's limits: 25 options per command, 25 choices per option, names of 1-32 characters
    assert len(command.parameters) <= 25
    assert all(len(p.choices) <= 25 for p in command.parameters)
    payload = command.to_dict(lobby.Lobby.game)
    assert {o["name"] for o in payload["options"]} >= {"sets", "max_events", "errata", "reactions"}
    assert all(len(o["description"]) <= 100 for o in payload["options"])


async def test_setup_options_are_translated() -> None:
    translator = Translator()
    command = lobby.Lobby.new
    pt = discord.Locale.brazil_portuguese
    names = {}
    for param in command.parameters:
        if param.name in ("sets", "max_events", "errata"):
            assert param.locale_name is not None and param.locale_description is not None
            names[param.name] = await translator.translate(param.locale_name, pt, None)  # type: ignore[arg-type]
            described = await translator.translate(param.locale_description, pt, None)  # type: ignore[arg-type]
            assert described and len(described) <= 100
    assert names == {"sets": "colecoes", "max_events": "max_eventos", "errata": "errata"}
    shown = [await translator.translate(c._locale_name, pt, None) for c in SETS]  # type: ignore[arg-type]
    assert shown == ["só o jogo base", "só Aventuras", "base + Aventuras"]


class AutocompleteInteraction:
    def __init__(self, locale: discord.Locale) -> None:
        self.locale = locale


async def test_kingdom_autocomplete_names_presets_and_their_sets() -> None:
    cog = lobby.Lobby.__new__(lobby.Lobby)
    complete = lobby.Lobby.kingdom_autocomplete
    en = AutocompleteInteraction(discord.Locale.american_english)
    everything = await complete(cog, en, "")
    assert everything[0].value == "random" and len(everything) <= 25
    assert {c.value for c in everything} >= {"First Game", "Gentle Intro", "Son of Size Distortion"}
    assert [c.name for c in await complete(cog, en, "gentle")] == ["Gentle Intro · Adventures"]
    assert [c.name for c in await complete(cog, en, "LEVEL")] == ["Level Up · Base + Adventures"]
    assert [c.name for c in await complete(cog, en, "first")] == ["First Game · Base"]
    # a Portuguese player finds a preset by its Portuguese name, and gets the English value back
    pt = AutocompleteInteraction(discord.Locale.brazil_portuguese)
    found = await complete(cog, pt, "suave")
    assert [(c.name, c.value) for c in found] == [("Introdução Suave · Aventuras", "Gentle Intro")]
    assert [c.value for c in await complete(cog, pt, "gentle")] == ["Gentle Intro"]
    assert all(len(c.name) <= 100 for c in await complete(cog, pt, ""))


def dominion_lobby(options: dict[str, object], players: int = 2, status: str = "lobby") -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob", "Cleo")[:players]]
    return live_of(Match("dominion", seats, {"kingdom": "First Game", **options}, 3), 3, status=status)


@pytest.mark.parametrize(
    ("options", "status", "locale", "shown"),
    [
        ({}, "lobby", "en", "used at once: nobody is asked"),
        ({"reactions": "ask"}, "lobby", "en", "asked each time"),
        ({"reactions": "ask"}, "lobby", "pt", "consultado a cada vez"),
        ({"reactions": ["ask", "always"]}, "active", "en", "Seat 1: asked, Seat 2: at once"),
        ({SEAT_KEY: {"101": "ask"}}, "lobby", "en", "Seat 1: at once, Seat 2: asked"),
        (
            {"reactions": "ask", SEAT_KEY: {"100": "always"}},
            "lobby",
            "pt",
            "Lugar 1: na hora, Lugar 2: com pergunta",
        ),
    ],
)
def test_lobby_shows_the_reactions_setting(
    options: dict[str, object], status: str, locale: str, shown: str
) -> None:
    live = dominion_lobby({k: v for k, v in options.items() if k != SEAT_KEY}, status=status)
    if SEAT_KEY in options:
        live.record.options[SEAT_KEY] = options[SEAT_KEY]
    payload = lobby_payload(live, locale)
    check_embed(payload.embed)
    fields = {f.name: f.value for f in payload.embed.fields}
    title = "Reactions in hand" if locale == "en" else "Reações na mão"
    value = str(fields[title])
    assert shown in value
    # the lobby is public before anyone has a hand: it names no card a player might be holding
    assert not [c.id for c in cards().values() if c.name(locale) in value]


@pytest.mark.parametrize(
    ("options", "locale", "fields"),
    [
        ({}, "en", {"Kingdom": "First Game"}),
        (
            {"kingdom": "random"},
            "en",
            {"Kingdom": "Random", "Card sets": "Base"},
        ),
        (
            {"kingdom": "random", "sets": ["base", "adventures"], "max_events": 1, "errata": True},
            "en",
            {
                "Card sets": "Base + Adventures",
                "Events": "Drawn with the kingdom: at most 1",
                "Card texts": "With the later official errata",
            },
        ),
        (
            {"kingdom": "random", "sets": ["adventures"], "max_events": 0},
            "pt",
            {
                "Coleções": "Aventuras",
                "Eventos": "Nenhum",
                "Textos das cartas": "Primeira impressão, como no manual",
            },
        ),
        (
            {"kingdom": "Gentle Intro"},
            "pt",
            {"Reino": "Introdução Suave", "Textos das cartas": "Primeira impressão, como no manual"},
        ),
    ],
)
def test_lobby_shows_the_setup(options: dict[str, object], locale: str, fields: dict[str, str]) -> None:
    live = dominion_lobby(options)
    payload = lobby_payload(live, locale)
    check_embed(payload.embed)
    shown = {f.name: f.value for f in payload.embed.fields}
    for name, value in fields.items():
        assert shown[name] == value
    if "sets" not in options and options.get("kingdom") != "random":
        assert "Card sets" not in shown and "Coleções" not in shown
    if not live.record.options.get("events"):
        assert "Events" not in shown and "Eventos" not in shown


def test_preset_events_are_named_in_the_lobby() -> None:
    live = dominion_lobby({"kingdom": "Expert Intro"})
    shown = {f.name: f.value for f in lobby_payload(live, "pt").embed.fields}
    names = {cards()[e].name("pt") for e in ("Mission", "Plan")}
    assert set(str(shown["Eventos"]).split(", ")) == names


def test_lobby_offers_the_reactions_select_to_dominion_only() -> None:
    payload = lobby_payload(dominion_lobby({}), "pt")
    assert payload.view is not None
    selects = [c.item for c in payload.view.children if isinstance(c, GameSelect)]
    assert len(selects) == 1
    select = selects[0]
    assert select.custom_id == f"bgs:{LOBBY_REACTIONS}:3"
    assert [o.value for o in select.options] == ["always", "ask"]
    assert [o.label for o in select.options] == ["Usar as minhas na hora", "Perguntar a mim a cada vez"]
    assert select.placeholder and all(len(o.description or "") <= 100 for o in select.options)
    # once the game runs the lobby message has no controls left
    assert lobby_payload(dominion_lobby({}, status="active"), "en").view is None
    # another game's lobby has its buttons only
    record = dominion_lobby({}).record
    record.game, record.options = "everdell", {}
    view = lobby_payload(Live(record), "en").view
    assert view is not None and not [c for c in view.children if isinstance(c, GameSelect)]
    assert "Reactions in hand" not in {f.name for f in lobby_payload(Live(record), "en").embed.fields}


async def open_dominion(table: TableService, **options: object) -> Live:
    return await table.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game="dominion",
        options=get_game("dominion").normalize_options({"kingdom": "First Game", **options}, 2),
        host_id=ALICE,
        host_name="alice",
        locale="en",
        capacity=3,
    )


async def test_own_reactions_choice_becomes_the_per_seat_list(table: TableService) -> None:
    live = await open_dominion(table)
    await table.join(live.id, BOB, "bob")
    await choose_reactions(table, live.id, BOB, "ask")
    # kept with the lobby's stored options, so a restart keeps it
    stored = await table.store.matches.get(live.id)
    assert stored is not None and stored.options[SEAT_KEY] == {str(BOB): "ask"}
    await table.add_bot(live.id, ALICE)
    assert seat_modes((await table.get(live.id)).record) == ["always", "ask", "always"]
    started = await start_with_choices(table, live.id, ALICE)
    assert started.match is not None
    assert started.match.options["reactions"] == ["always", "ask", "always"]
    assert started.record.options["reactions"] == ["always", "ask", "always"]
    # the lobby-only keys do not outlive the lobby
    assert SEAT_KEY not in started.record.options
    assert [started.match.game.asks_reactions(s) for s in range(3)] == [False, True, False]  # type: ignore[attr-defined]


async def test_own_choice_overrides_the_table_setting(table: TableService) -> None:
    live = await open_dominion(table, reactions="ask")
    await table.join(live.id, BOB, "bob")
    await choose_reactions(table, live.id, ALICE, "always")
    await choose_reactions(table, live.id, BOB, "always")
    await choose_reactions(table, live.id, BOB, "ask")  # a second pick replaces the first
    started = await start_with_choices(table, live.id, ALICE)
    assert started.record.options["reactions"] == ["always", "ask"]


async def test_choices_agreeing_with_the_table_keep_one_setting(table: TableService) -> None:
    live = await open_dominion(table, reactions="ask")
    await table.join(live.id, BOB, "bob")
    await choose_reactions(table, live.id, BOB, "ask")
    started = await start_with_choices(table, live.id, ALICE)
    assert started.record.options["reactions"] == "ask"


async def test_choice_follows_the_player_not_the_seat(table: TableService) -> None:
    live = await open_dominion(table)
    await table.join(live.id, BOB, "bob")
    await choose_reactions(table, live.id, ALICE, "ask")
    # too few players: the start is refused and the lobby stays open, choices intact
    await table.leave_lobby(live.id, BOB)
    with pytest.raises(InvalidSetup):
        await start_with_choices(table, live.id, ALICE)
    assert (await table.get(live.id)).record.status == "lobby"
    # Bob comes back; Alice's choice is still hers, written for the seats as they are now
    await table.join(live.id, BOB, "bob")
    await table.join(live.id, 1003, "carol")
    started = await start_with_choices(table, live.id, ALICE)
    assert started.record.options["reactions"] == ["ask", "always", "always"]


async def test_a_seat_change_during_the_start_is_caught_up(
    table: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    live = await open_dominion(table)
    await table.join(live.id, BOB, "bob")
    await choose_reactions(table, live.id, BOB, "ask")
    real_start = table.start
    joined: list[int] = []

    async def someone_joins_first(match_id: int, user_id: int) -> Live:
        if not joined:  # a join lands between writing the list and the start
            joined.append(1003)
            await table.join(match_id, 1003, "carol")
        return await real_start(match_id, user_id)

    monkeypatch.setattr(table, "start", someone_joins_first)
    started = await start_with_choices(table, live.id, ALICE)
    assert started.record.options["reactions"] == ["always", "ask", "always"]


@pytest.mark.parametrize(
    ("who", "mode", "key"),
    [(1003, "ask", "error.not_a_player"), (BOB, "never", "error.bad_option")],
)
async def test_own_choice_is_refused(table: TableService, who: int, mode: str, key: str) -> None:
    live = await open_dominion(table)
    await table.join(live.id, BOB, "bob")
    with pytest.raises(UserError) as err:
        await choose_reactions(table, live.id, who, mode)
    assert err.value.key == key
    assert SEAT_KEY not in (await table.get(live.id)).record.options


async def test_own_choice_is_refused_once_the_game_runs(table: TableService) -> None:
    live = await open_dominion(table)
    await table.join(live.id, BOB, "bob")
    await start_with_choices(table, live.id, ALICE)
    with pytest.raises(UserError) as err:
        await choose_reactions(table, live.id, BOB, "ask")
    assert err.value.key == "error.lobby_closed"


# -- Everdell: Mistwood's player powers ------------------------------------------------------------


def test_player_powers_reach_the_engine() -> None:
    assert player_powers_option("everdell", "en", None, {}) == {}
    chosen = player_powers_option("everdell", "en", "on", {})
    assert chosen == {"player_powers": True}
    # "off" is the engine's default and adds nothing, so a base game's options stay as they were
    assert player_powers_option("everdell", "en", "off", {}) == {}
    assert player_powers_option("everdell", "en", "off", {"opponent": "nightweave"}) == {}
    # with Rugwort too: the engine keeps what the lobby stores
    normalized = get_game("everdell").normalize_options({"rugwort_year": 2, **chosen}, 1)
    assert normalized == {"rugwort_year": 2, "player_powers": True}
    assert "player_powers" not in get_game("everdell").normalize_options({}, 2)
    # against Nightweave, with or without the balancing rule (the humans keep the spring worker)
    nightweave = {"opponent": "nightweave", "nightweave_level": 1}
    assert player_powers_option("everdell", "en", "on", nightweave) == chosen
    balanced = player_powers_option("everdell", "pt", "spring", nightweave)
    assert balanced == {"player_powers": True, "powers_spring_worker": True}
    normalized = get_game("everdell").normalize_options({**nightweave, **balanced}, 1)
    assert normalized["player_powers"] is True and normalized["powers_spring_worker"] is True
    # the engine refuses the balancing rule without her, whatever the lobby sends
    with pytest.raises(InvalidSetup):
        get_game("everdell").normalize_options(balanced, 2)


@pytest.mark.parametrize(
    ("game", "value", "everdell", "key", "locale"),
    [
        ("dominion", "on", {}, "error.option_other_game", "pt"),
        ("dominion", "off", {}, "error.option_other_game", "en"),
        ("everdell", "maybe", {}, "error.bad_option", "en"),
        ("everdell", "spring", {}, "error.everdell.spring_worker_nightweave", "en"),
        ("everdell", "spring", {"rugwort_year": 2}, "error.everdell.spring_worker_nightweave", "pt"),
    ],
)
def test_player_powers_are_refused_where_they_cannot_apply(
    game: str, value: str, everdell: dict[str, Any], key: str, locale: str
) -> None:
    with pytest.raises(UserError) as err:
        player_powers_option(game, locale, value, everdell)
    assert err.value.key == key
    named = "player_powers" if locale == "en" else "poderes_de_jogador"
    assert err.value.params["option"] == named
    text = t(key, locale, **err.value.params)
    assert named in text and "{" not in text
    if key == "error.everdell.spring_worker_nightweave":
        assert "Nightweave" in text


async def test_new_command_declares_the_player_powers_option() -> None:
    command = lobby.Lobby.new
    param = next(p for p in command.parameters if p.name == "player_powers")
    assert [c.value for c in param.choices] == ["off", "on", "spring"] and not param.required
    assert len(command.parameters) <= 25
    payload = command.to_dict(lobby.Lobby.game)
    declared = next(o for o in payload["options"] if o["name"] == "player_powers")
    assert len(declared["description"]) <= 100
    translator = Translator()
    pt = discord.Locale.brazil_portuguese
    assert param.locale_name is not None and param.locale_description is not None
    assert await translator.translate(param.locale_name, pt, None) == "poderes_de_jogador"  # type: ignore[arg-type]
    described = await translator.translate(param.locale_description, pt, None)  # type: ignore[arg-type]
    assert described and len(described) <= 100 and "Nightweave" in described
    shown = [await translator.translate(c._locale_name, pt, None) for c in PLAYER_POWERS]  # type: ignore[arg-type]
    assert shown == [
        "não: o jogo base",
        "sim: cada jogador mantém um poder",
        "sim, e os humanos mantêm o trabalhador da primavera (Nightweave)",
    ]
    assert all(
        len(str(c.name)) <= 100 and len(str(s)) <= 100 for c, s in zip(PLAYER_POWERS, shown, strict=True)
    )


def everdell_lobby(options: dict[str, object], players: int = 2) -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob")[:players]]
    return live_of(Match("everdell", seats, options, 3), 4, status="lobby")


@pytest.mark.parametrize(
    ("players", "locale", "title", "shown"),
    [
        (2, "en", "Player powers", "On: each player keeps one of the powers dealt to them"),
        (1, "pt", "Poderes de jogador", "Ativados: cada jogador mantém um dos poderes recebidos"),
    ],
)
def test_lobby_shows_the_player_powers(players: int, locale: str, title: str, shown: str) -> None:
    live = everdell_lobby({"player_powers": True}, players)
    payload = lobby_payload(live, locale)
    check_embed(payload.embed)
    fields = {f.name: f.value for f in payload.embed.fields}
    assert fields[title] == shown
    # without the option there is no such line, and the option adds no control to the lobby
    plain = lobby_payload(everdell_lobby({}, players), locale)
    assert title not in {f.name for f in plain.embed.fields}
    assert payload.view is not None and plain.view is not None
    assert [c.custom_id for c in payload.view.children] == [c.custom_id for c in plain.view.children]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("locale", "shown"),
    [
        (
            "en",
            "On: each player keeps one of the powers dealt to them, and the humans keep their spring worker",
        ),
        (
            "pt",
            "Ativados: cada jogador mantém um dos poderes recebidos, e os humanos mantêm o trabalhador da primavera",
        ),
    ],
)
def test_lobby_shows_the_powers_against_nightweave_with_the_spring_worker(locale: str, shown: str) -> None:
    options = {
        "opponent": "nightweave",
        "nightweave_level": 2,
        "player_powers": True,
        "powers_spring_worker": True,
    }
    payload = lobby_payload(everdell_lobby(options, 1), locale)
    check_embed(payload.embed)
    fields = {f.name: f.value for f in payload.embed.fields}
    assert fields["Player powers" if locale == "en" else "Poderes de jogador"] == shown
