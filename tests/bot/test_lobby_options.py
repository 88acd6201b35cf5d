"""Game options in slash commands: `/<game> new` is generated from each game's options model
(engine/core/options.py), so its parameters, choices, ranges and translations are the model's;
what a person types (in Discord or as `--option` text) is coerced by the model and checked by the
engine; Everdell's player powers and Dominion's setup (card sets, Events, errata, reactions) are
refused where they cannot apply, naming the option as the player's client shows it, reach the
match options and show in the lobby in both languages; each player's own reactions choice is kept
with the lobby and becomes the engine's per-seat list when the table starts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
import pytest
from discord import app_commands

from bot import lobby as lobby_use_cases
from bot.errors import UserError
from bot.games.dominion.lobby import SEAT_KEY, choose_reactions, seat_modes, start_with_choices
from bot.games.dominion.lobby_view import LOBBY_REACTIONS
from bot.i18n import Translator, catalogue, channel_locale, ls, set_server_locale, t
from bot.lobby import localized_refusal
from bot.render.items import GameSelect
from bot.render.lobby import lobby_payload
from bot.table import Live, TableService
from cogs import automa
from cogs.new_game import game_command
from cogs.options_common import choice_key, choices, module_list, value_of
from cogs.pbp import CLOCKS
from engine.core import Match, SeatSpec
from engine.core.errors import InvalidSetup
from engine.core.options import describe, parse_options
from engine.core.registry import get_game
from engine.games.dominion.cards import cards
from engine.games.dominion.options import DominionOptions
from engine.games.everdell.options import EverdellOptions
from tests.bot.conftest import ALICE, BOB, CHANNEL, live_of
from tests.bot.test_render import check_embed

PT = discord.Locale.brazil_portuguese
Opened = tuple[Any, str, dict[str, Any], int | None, str | None]


def keys_of(chosen: Sequence[app_commands.Choice[Any]]) -> list[str]:
    keys = []
    for choice in chosen:
        name = choice._locale_name
        assert name is not None
        keys.append(str(name.extras["key"]))
    return keys


def tree() -> app_commands.CommandTree[discord.Client]:
    return app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))


def new_command(game_id: str, opened: list[Opened] | None = None) -> app_commands.Command[Any, ..., None]:
    """`/<game_id> new` as the lobby cog registers it; `opened` records what it would open."""

    async def open_table(
        interaction: Any, game: str, raw: dict[str, Any], players: int | None, clock: str | None
    ) -> None:
        if opened is None:
            raise AssertionError("declaring the command opens no table")
        opened.append((interaction, game, raw, players, clock))

    return game_command(game_id, open_table, [c for c in CLOCKS if c.value != "custom"])


def params_of(game_id: str) -> dict[str, app_commands.Parameter]:
    return {p.name: p for p in new_command(game_id).parameters}


async def translated(game_id: str) -> dict[str, dict[str, Any]]:
    """The subcommand's options as Discord receives them (with their pt-BR localizations)."""
    payload = await new_command(game_id).get_translated_payload(tree(), Translator())
    return {o["name"]: o for o in payload["options"]}


def test_choice_lists_keep_their_values_and_keys() -> None:
    everdell, dominion = params_of("everdell"), params_of("dominion")
    expected: dict[str, tuple[list[app_commands.Choice[Any]], list[str]]] = {
        "cmd.choice.rugwort_year": (everdell["rugwort_year"].choices, ["1", "2", "3"]),
        "cmd.choice.opponent": (everdell["opponent"].choices, ["none", "rugwort", "nightweave"]),
        "cmd.choice.modules": (
            everdell["modules"].choices,
            ["none", "personalities", "plans", "plots", "personalities_plans", "personalities_plots"],
        ),
        "cmd.choice.reactions": (dominion["reactions"].choices, ["always", "ask"]),
        "cmd.choice.sets": (dominion["sets"].choices, ["base", "adventures", "base_adventures"]),
    }
    for prefix, (chosen, slugs) in expected.items():
        assert keys_of(chosen) == [f"{prefix}.{s}" for s in slugs]
    assert [c.value for c in everdell["rugwort_year"].choices] == [1, 2, 3]
    # "none" stands for the empty list (a Discord choice value cannot be empty); the model reads it so
    assert [c.value for c in everdell["modules"].choices] == [
        "none",
        "personalities",
        "plans",
        "plots",
        "personalities,plans",
        "personalities,plots",
    ]
    # yes/no options are Discord booleans now, with no choice list of their own
    for param in (dominion["errata"], everdell["player_powers"], everdell["powers_spring_worker"]):
        assert param.type is discord.AppCommandOptionType.boolean and not param.choices
    # /automa start nightweave: its options from the companion's own model
    from bot.games.everdell.companion_session import StartOptions
    from cogs.model_commands import model_command

    async def no_run(interaction: Any, options: dict[str, Any], extra: dict[str, Any]) -> None:
        return None

    start = model_command("nightweave", ls("Set up", "k"), StartOptions, no_run, words=automa.WORDS)
    start_params = {p.name: p for p in start.parameters}
    assert start_params["level"].required and not start_params["humans"].required
    modules = start_params["modules"].choices
    assert [c.value for c in modules] == ["none", "personalities", "plans", "plots"]
    assert keys_of(modules) == [f"cmd.automa.choice.{s}" for s in ("none", "personalities", "plans", "plots")]
    assert keys_of(automa.SOURCES) == ["cmd.automa.choice.virtual", "cmd.automa.choice.physical"]
    assert [c.name for c in everdell["rugwort_year"].choices][0] == "Year 1 — Rugwort the Rascal"
    # every choice of these commands has its name in both catalogues, the English one as given
    everything: list[Sequence[app_commands.Choice[Any]]] = [modules, automa.SOURCES]
    everything += [p.choices for p in (*everdell.values(), *dominion.values()) if p.choices]
    # opponent, rugwort_year, modules, reactions, sets, the clock in each subcommand, and automa's two
    assert len(everything) == 9
    for listed in everything:
        for choice, key in zip(listed, keys_of(listed), strict=True):
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
    def __init__(self, guild_locale: discord.Locale | None, locale: discord.Locale, guild_id: int | None = 7) -> None:
        self.guild_locale = guild_locale
        self.locale = locale
        self.guild_id = guild_id


def test_channel_locale_prefers_the_server() -> None:
    pt, us = discord.Locale.brazil_portuguese, discord.Locale.american_english
    assert channel_locale(FakeInteraction(pt, us)) == "pt"  # type: ignore[arg-type]
    assert channel_locale(FakeInteraction(None, pt)) == "pt"  # type: ignore[arg-type]
    assert channel_locale(FakeInteraction(us, pt)) == "en"  # type: ignore[arg-type]


def test_a_language_the_server_chose_comes_before_discords() -> None:
    pt, us = discord.Locale.brazil_portuguese, discord.Locale.american_english
    set_server_locale(7, "pt")
    try:
        assert channel_locale(FakeInteraction(us, us)) == "pt"  # type: ignore[arg-type]
        assert channel_locale(FakeInteraction(us, us, guild_id=8)) == "en"  # type: ignore[arg-type]
    finally:
        set_server_locale(7, None)
    assert channel_locale(FakeInteraction(us, pt)) == "en"  # type: ignore[arg-type]


async def test_reactions_option_is_translated() -> None:
    translator = Translator()
    param = params_of("dominion")["reactions"]
    names = [await translator.translate(c._locale_name, PT, None) for c in param.choices]  # type: ignore[arg-type]
    assert names == ["usar na hora (ninguém espera)", "perguntar a cada vez"]
    assert [c.value for c in param.choices] == ["always", "ask"]
    declared = (await translated("dominion"))["reactions"]
    assert declared["name_localizations"] == {"pt-BR": "reacoes"}
    assert [c["name_localizations"]["pt-BR"] for c in declared["choices"]] == names


def test_reactions_option_is_checked() -> None:
    assert parse_options(DominionOptions, {}) == {}
    assert parse_options(EverdellOptions, {}) == {}
    assert parse_options(DominionOptions, {"reactions": "ask"}) == {"reactions": "ask"}
    assert parse_options(DominionOptions, {"reactions": "always"}) == {"reactions": "always"}
    # Everdell has no such option (its command does not offer it); typed anyway, it is refused by name
    with pytest.raises(InvalidSetup) as err:
        parse_options(EverdellOptions, {"reactions": "ask"})
    assert err.value.key == "error.unknown_game_option" and err.value.params["option"] == "reactions"
    with pytest.raises(InvalidSetup) as err:
        parse_options(DominionOptions, {"reactions": "never"})
    assert err.value.key == "error.bad_option"
    assert err.value.params == {"option": "reactions", "value": "never"}
    # what the lobby stores is what the engine keeps
    normalized = get_game("dominion").parse_options({"reactions": "ask"}, 2)
    assert normalized["reactions"] == "ask"
    with pytest.raises(InvalidSetup):
        get_game("dominion").normalize_options({"reactions": "never"}, 2)


def test_setup_options_reach_the_engine() -> None:
    dominion = get_game("dominion")
    # as typed after --option (or sent by Discord): text coerced to the model's types
    chosen = parse_options(DominionOptions, {"sets": "base,adventures", "max_events": "1", "errata": "true"})
    assert chosen == {"sets": ["base", "adventures"], "max_events": 1, "errata": True}
    assert (
        parse_options(DominionOptions, {"sets": "base,adventures", "max_events": 1, "errata": True}) == chosen
    )
    assert parse_options(DominionOptions, {"kingdom": "Random", "sets": "adventures"}) == {
        "kingdom": "Random",
        "sets": ["adventures"],
    }
    # "off" is the engine's default and adds nothing, so a base game's options stay as they were
    assert parse_options(DominionOptions, {"errata": "off"})["errata"] is False
    plain = dominion.normalize_options({"kingdom": "First Game"}, 2)
    assert dominion.parse_options({"kingdom": "First Game", "errata": "off"}, 2) == plain
    assert dominion.parse_options({"kingdom": "First Game", "errata": False}, 2) == plain
    normalized = dominion.parse_options({"kingdom": "random", **chosen}, 2)
    assert normalized["sets"] == ["base", "adventures"]
    assert normalized["events"] == "random" and normalized["max_events"] == 1 and normalized["errata"]
    assert (
        dominion.parse_options(
            {"kingdom": "random", "sets": "base,adventures", "max_events": "1", "errata": "true"}, 2
        )
        == normalized
    )
    # with Adventures but no cap chosen, a random kingdom draws at most the rulebook's 2 Events
    normalized = dominion.parse_options({"sets": "adventures"}, 2)
    assert normalized["events"] == "random" and "max_events" not in normalized
    # the command's range is the model's and the engine's
    events = params_of("dominion")["max_events"]
    meta = next(m for m in describe(DominionOptions) if m.name == "max_events")
    assert (events.min_value, events.max_value) == (meta.low, meta.high) == (0, 20)
    assert events.max_value is not None
    for value in (0, events.max_value):
        dominion.normalize_options({"sets": ["adventures"], "max_events": value}, 2)
        dominion.parse_options({"sets": "adventures", "max_events": str(value)}, 2)
    with pytest.raises(InvalidSetup):
        dominion.normalize_options({"sets": ["adventures"], "max_events": events.max_value + 1}, 2)
    with pytest.raises(InvalidSetup) as err:
        parse_options(DominionOptions, {"sets": "adventures", "max_events": events.max_value + 1})
    assert err.value.key == "error.bad_option" and err.value.params["option"] == "max_events"
    for choice in params_of("dominion")["sets"].choices:
        listed = dominion.normalize_options({"sets": str(choice.value).split(",")}, 2)
        assert listed and dominion.parse_options({"sets": choice.value}, 2) == listed


def test_everdell_options_are_coerced_from_text() -> None:
    everdell = get_game("everdell")
    assert parse_options(EverdellOptions, {"modules": "none"}) == {"modules": []}
    assert parse_options(EverdellOptions, {"player_powers": "true", "rugwort_year": "2"}) == {
        "player_powers": True,
        "rugwort_year": 2,
        "opponent": "rugwort",
    }
    # her level or modules alone mean Nightweave
    chosen = parse_options(EverdellOptions, {"nightweave_level": "2", "modules": "personalities,plots"})
    assert chosen == {"opponent": "nightweave", "nightweave_level": 2, "modules": ["personalities", "plots"]}
    normalized = everdell.parse_options(
        {"opponent": "nightweave", "nightweave_level": "2", "modules": "none"}, 1
    )
    assert (normalized["opponent"], normalized["nightweave_level"], normalized["modules"]) == (
        "nightweave",
        2,
        [],
    )
    # the command's level range is the engine's
    level = params_of("everdell")["nightweave_level"]
    assert (level.min_value, level.max_value) == (0, 4)
    for value in (0, 4):
        everdell.parse_options({"opponent": "nightweave", "nightweave_level": value}, 1)
    with pytest.raises(InvalidSetup):
        everdell.normalize_options({"opponent": "nightweave", "nightweave_level": 5}, 1)
    for choice in params_of("everdell")["modules"].choices:
        solo = everdell.parse_options({"opponent": "nightweave", "modules": choice.value}, 1)
        assert solo["modules"] == module_list(str(choice.value).replace("none", ""))


@pytest.mark.parametrize(
    ("chosen", "key", "locale", "named"),
    [
        ({"sets": "base,promos"}, "error.bad_option", "pt", "colecoes"),
        ({"max_events": 21, "sets": "adventures"}, "error.bad_option", "pt", "max_eventos"),
        ({"errata": "maybe"}, "error.bad_option", "en", "errata"),
        ({"reactions": "never"}, "error.bad_option", "pt", "reacoes"),
        ({"kingdom": "Gentle Intro", "sets": "adventures"}, "error.dominion.random_only", "en", "sets"),
        ({"kingdom": "Gentle Intro", "sets": "adventures"}, "error.dominion.random_only", "pt", "colecoes"),
        ({"kingdom": "Village,Smithy", "max_events": 1}, "error.dominion.random_only", "pt", "max_eventos"),
        ({"max_events": 1}, "error.dominion.events_need_adventures", "en", "max_events"),
        ({"sets": "base", "max_events": 1}, "error.dominion.events_need_adventures", "pt", "max_eventos"),
    ],
)
def test_setup_options_are_refused_where_they_cannot_apply(
    chosen: dict[str, Any], key: str, locale: str, named: str
) -> None:
    with pytest.raises(InvalidSetup) as err:
        get_game("dominion").parse_options(chosen, 2)
    refusal = localized_refusal(err.value, "dominion", locale)
    assert refusal.key == key
    # the refusal names the option as the player's client shows it, in their language
    assert refusal.params["option"] == named
    text = t(key, locale, **refusal.params)
    assert named in text and "{" not in text
    if key == "error.dominion.events_need_adventures":  # and the option it asks for, too
        assert refusal.params["sets"] == ("sets" if locale == "en" else "colecoes")
        assert refusal.params["sets"] in text


@pytest.mark.parametrize(
    ("game", "chosen", "option"),
    [
        ("everdell", {"sets": "adventures"}, "sets"),
        ("everdell", {"max_events": 2}, "max_events"),
        ("everdell", {"errata": "on"}, "errata"),
        ("dominion", {"player_powers": "true"}, "player_powers"),
        ("dominion", {"farms": True}, "farms"),
        ("dominion", {"kingdom": "random", "typo": 1}, "typo"),
    ],
)
def test_options_of_another_game_are_refused_by_name(game: str, chosen: dict[str, Any], option: str) -> None:
    """A game's subcommand offers only its own options; typed anyway (`--option`, a replay), an
    unknown key is refused, and the refusal lists the game's options."""
    assert option not in params_of(game)
    with pytest.raises(InvalidSetup) as err:
        get_game(game).parse_options(chosen, 2)
    assert err.value.key == "error.unknown_game_option"
    assert err.value.params["option"] == option
    assert err.value.params["known"].split(", ") == list(get_game(game).options_model.model_fields)
    for locale in ("en", "pt"):
        refusal = localized_refusal(err.value, game, locale)
        text = t(refusal.key, locale, **refusal.params)
        assert option in text and "{" not in text


def test_new_command_declares_the_setup_options() -> None:
    command = new_command("dominion")
    params = {p.name: p for p in command.parameters}
    assert [c.value for c in params["sets"].choices] == ["base", "adventures", "base,adventures"]
    assert params["errata"].type is discord.AppCommandOptionType.boolean and not params["errata"].required
    events = params["max_events"]
    assert (events.min_value, events.max_value, events.choices) == (0, 20, [])
    assert params["kingdom"].autocomplete and not params["kingdom"].choices
    # only Dominion's own options (those the model offers in the command), and the table's
    offered = [m.name for m in describe(DominionOptions) if m.command]
    assert list(params) == ["players", "clock", *offered]
    assert "events" not in params  # set by the kingdom, not typed
    definition = get_game("dominion")
    players = params["players"]
    assert (players.min_value, players.max_value) == (definition.min_players, definition.max_players)
    # Discord's limits: 25 options per command, 25 choices per option, names of 1-32 characters
    assert len(command.parameters) <= 25
    assert all(len(p.choices) <= 25 for p in command.parameters)
    assert all(1 <= len(p.display_name) <= 32 for p in command.parameters)
    payload = command.to_dict(tree())
    assert {o["name"] for o in payload["options"]} >= {"sets", "max_events", "errata", "reactions"}
    assert all(1 <= len(o["description"]) <= 100 for o in payload["options"])
    assert 1 <= len(payload["description"]) <= 100


async def test_new_command_hands_what_discord_sends_to_the_model() -> None:
    opened: list[Opened] = []
    command = new_command("dominion", opened)
    params = {p.name: p for p in command.parameters}
    adventures = next(c for c in params["sets"].choices if c.value == "base,adventures")
    clock = next(c for c in params["clock"].choices if c.value == "24")
    interaction = object()
    values: dict[str, Any] = dict.fromkeys(params)
    values.update(players=3, clock=clock, sets=adventures, max_events=1, errata=True)
    await command.callback(interaction, **values)  # type: ignore[call-arg, arg-type]
    assert opened == [
        (interaction, "dominion", {"sets": "base,adventures", "max_events": 1, "errata": True}, 3, "24")
    ]
    raw = opened[0][2]
    assert parse_options(DominionOptions, raw) == {
        "sets": ["base", "adventures"],
        "max_events": 1,
        "errata": True,
    }


async def test_setup_options_are_translated() -> None:
    translator = Translator()
    command = new_command("dominion")
    names = {}
    for param in command.parameters:
        if param.name in ("sets", "max_events", "errata"):
            assert param.locale_name is not None and param.locale_description is not None
            names[param.name] = await translator.translate(param.locale_name, PT, None)  # type: ignore[arg-type]
            described = await translator.translate(param.locale_description, PT, None)  # type: ignore[arg-type]
            assert described and len(described) <= 100
    assert names == {"sets": "colecoes", "max_events": "max_eventos", "errata": "errata"}
    sets = next(p for p in command.parameters if p.name == "sets")
    shown = [await translator.translate(c._locale_name, PT, None) for c in sets.choices]  # type: ignore[arg-type]
    assert shown == ["só o jogo base", "só Aventuras", "base + Aventuras"]
    # as Discord receives it: every option of the subcommand named and described in Portuguese
    declared = await translated("dominion")
    assert {n: o["name_localizations"]["pt-BR"] for n, o in declared.items() if n in names} == names
    for option in declared.values():
        assert 1 <= len(option["name_localizations"]["pt-BR"]) <= 32
        assert 1 <= len(option["description_localizations"]["pt-BR"]) <= 100
    assert [c["name_localizations"]["pt-BR"] for c in declared["sets"]["choices"]] == shown


class AutocompleteInteraction:
    def __init__(self, locale: discord.Locale) -> None:
        self.locale = locale


async def test_kingdom_autocomplete_names_presets_and_their_sets() -> None:
    kingdom = new_command("dominion")._params["kingdom"]
    complete = kingdom.autocomplete
    assert complete is not None
    en = AutocompleteInteraction(discord.Locale.american_english)
    everything = await complete(en, "")
    assert everything[0].value == "random" and len(everything) <= 25
    assert {c.value for c in everything} >= {"First Game", "Gentle Intro", "Son of Size Distortion"}
    assert [c.name for c in await complete(en, "gentle")] == ["Gentle Intro · Adventures"]
    assert [c.name for c in await complete(en, "LEVEL")] == ["Level Up · Base + Adventures"]
    assert [c.name for c in await complete(en, "first")] == ["First Game · Base"]
    # a Portuguese player finds a preset by its Portuguese name, and gets the English value back
    pt = AutocompleteInteraction(PT)
    found = await complete(pt, "suave")
    assert [(c.name, c.value) for c in found] == [("Introdução Suave · Aventuras", "Gentle Intro")]
    assert [c.value for c in await complete(pt, "gentle")] == ["Gentle Intro"]
    assert all(len(c.name) <= 100 for c in await complete(pt, ""))


# -- /<game> new: the use case behind the command ---------------------------------------------------


class RefusingBot:
    """What `bot.lobby.open_table` reaches before it opens a table; opening one fails the test."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.prefs = self
        self.table = self

    async def locale_of(self, interaction: Any) -> str:
        return self.locale

    async def get(self, user_id: int) -> None:  # no /settings row
        return None

    async def open_lobby(self, **kwargs: Any) -> Live:
        raise AssertionError("a refused table is not opened")


class Caller:
    def __init__(self) -> None:
        self.user = discord.Object(ALICE)
        self.guild_id = None
        self.channel_id = CHANNEL


@pytest.mark.parametrize(
    ("game", "raw", "players", "locale", "key", "named"),
    [
        (
            "dominion",
            {"sets": "adventures", "kingdom": "Gentle Intro"},
            None,
            "pt",
            "error.dominion.random_only",
            "colecoes",
        ),
        ("dominion", {"max_events": 2}, 2, "en", "error.dominion.events_need_adventures", "max_events"),
        (
            "everdell",
            {"powers_spring_worker": True, "player_powers": True},
            2,
            "pt",
            "error.everdell.spring_worker_nightweave",
            "trabalhador_da_primavera",
        ),
        ("everdell", {"opponent": "none"}, 1, "en", "error.everdell.solo_needs_opponent", None),
    ],
)
async def test_opening_a_table_refuses_in_the_callers_words(
    game: str, raw: dict[str, Any], players: int | None, locale: str, key: str, named: str | None
) -> None:
    with pytest.raises(UserError) as err:
        await lobby_use_cases.open_table(RefusingBot(locale), Caller(), game, raw, players, "en")  # type: ignore[arg-type]
    assert err.value.key == key
    assert err.value.params.get("option") == named
    text = t(key, locale, **err.value.params)
    assert "{" not in text and (named is None or named in text)


def dominion_lobby(options: dict[str, object], players: int = 2, status: str = "lobby") -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob", "Cleo")[:players]]
    return live_of(Match("dominion", seats, {"kingdom": "First Game", **options}, 3), 3, status=status)


@pytest.mark.parametrize(
    ("options", "status", "locale", "shown"),
    [
        ({}, "lobby", "en", "used at once: nobody is asked"),
        ({"reactions": "ask"}, "lobby", "en", "asked each time"),
        ({"reactions": "ask"}, "lobby", "pt", "consultado a cada vez"),
        ({"reactions": ["ask", "always"]}, "active", "en", "Alice: asked, Bob: at once"),
        ({SEAT_KEY: {"101": "ask"}}, "lobby", "en", "Alice: at once, Bob: asked"),
        (
            {"reactions": "ask", SEAT_KEY: {"100": "always"}},
            "lobby",
            "pt",
            "Alice: na hora, Bob: com pergunta",
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
    # the reactions select, then the bot-strength one every game with several bots has
    assert [s.custom_id for s in selects] == [f"bgs:{LOBBY_REACTIONS}:3", "bgs:lp:3"]
    select = selects[0]
    assert [o.value for o in select.options] == ["always", "ask"]
    assert [o.label for o in select.options] == ["Usar as minhas na hora", "Perguntar a mim a cada vez"]
    assert select.placeholder and all(len(o.description or "") <= 100 for o in select.options)
    # once the game runs the lobby message has no controls left
    assert lobby_payload(dominion_lobby({}, status="active"), "en").view is None
    # another game's lobby has its buttons only
    record = dominion_lobby({}).record
    record.game, record.options = "everdell", {}
    view = lobby_payload(Live(record), "en").view
    assert view is not None
    assert [c.custom_id for c in view.children if isinstance(c, GameSelect)] == ["bgs:lp:3"]
    assert "Reactions in hand" not in {f.name for f in lobby_payload(Live(record), "en").embed.fields}


async def open_dominion(table: TableService, **options: object) -> Live:
    return await table.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game="dominion",
        options=get_game("dominion").parse_options({"kingdom": "First Game", **options}, 2),
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
    everdell = get_game("everdell")
    assert parse_options(EverdellOptions, {}) == {}
    chosen = parse_options(EverdellOptions, {"player_powers": "true"})
    assert chosen == {"player_powers": True}
    assert parse_options(EverdellOptions, {"player_powers": True}) == chosen
    # "off" is the engine's default and adds nothing, so a base game's options stay as they were
    assert parse_options(EverdellOptions, {"player_powers": "false"}) == {}
    assert parse_options(EverdellOptions, {"player_powers": False, "opponent": "nightweave"}) == {
        "opponent": "nightweave"
    }
    # with Rugwort too: the engine keeps what the lobby stores
    normalized = everdell.normalize_options({"rugwort_year": 2, **chosen}, 1)
    assert normalized == {"rugwort_year": 2, "player_powers": True}
    assert everdell.parse_options({"rugwort_year": "2", "player_powers": "true"}, 1) == normalized
    assert "player_powers" not in everdell.normalize_options({}, 2)
    assert "player_powers" not in everdell.parse_options({"player_powers": "false"}, 2)
    # against Nightweave, with or without the balancing rule (the humans keep the spring worker)
    nightweave = {"opponent": "nightweave", "nightweave_level": 1}
    assert parse_options(EverdellOptions, {**nightweave, "player_powers": True}) == {**nightweave, **chosen}
    balanced = parse_options(
        EverdellOptions, {**nightweave, "player_powers": "true", "powers_spring_worker": "true"}
    )
    assert balanced == {**nightweave, "player_powers": True, "powers_spring_worker": True}
    normalized = everdell.normalize_options(balanced, 1)
    assert normalized["player_powers"] is True and normalized["powers_spring_worker"] is True
    # the engine refuses the balancing rule without her, whatever the lobby sends
    with pytest.raises(InvalidSetup):
        everdell.normalize_options({"player_powers": True, "powers_spring_worker": True}, 2)


@pytest.mark.parametrize(
    ("chosen", "key", "locale", "named"),
    [
        ({"player_powers": "maybe"}, "error.bad_option", "en", "player_powers"),
        ({"player_powers": "maybe"}, "error.bad_option", "pt", "poderes_de_jogador"),
        (
            {"player_powers": True, "powers_spring_worker": True},
            "error.everdell.spring_worker_nightweave",
            "en",
            "powers_spring_worker",
        ),
        (
            {"player_powers": True, "powers_spring_worker": True, "rugwort_year": 2},
            "error.everdell.spring_worker_nightweave",
            "pt",
            "trabalhador_da_primavera",
        ),
        (
            {"player_powers": True, "powers_spring_worker": True, "opponent": "none"},
            "error.everdell.spring_worker_nightweave",
            "pt",
            "trabalhador_da_primavera",
        ),
    ],
)
def test_player_powers_are_refused_where_they_cannot_apply(
    chosen: dict[str, Any], key: str, locale: str, named: str
) -> None:
    with pytest.raises(InvalidSetup) as err:
        get_game("everdell").parse_options(chosen, 1)
    refusal = localized_refusal(err.value, "everdell", locale)
    assert refusal.key == key
    assert refusal.params["option"] == named
    text = t(key, locale, **refusal.params)
    assert named in text and "{" not in text
    if key == "error.everdell.spring_worker_nightweave":
        assert "Nightweave" in text


def test_the_spring_worker_without_player_powers_is_refused() -> None:
    """Two separate yes/no options now: the balancing rule alone is refused (by the engine), still
    naming the option as the player sees it."""
    with pytest.raises(InvalidSetup) as err:
        get_game("everdell").parse_options({"opponent": "nightweave", "powers_spring_worker": True}, 1)
    refusal = localized_refusal(err.value, "everdell", "pt")
    assert refusal.params["option"] == "trabalhador_da_primavera"
    assert "trabalhador_da_primavera" in t(refusal.key, "pt", **refusal.params)


async def test_new_command_declares_the_player_powers_option() -> None:
    command = new_command("everdell")
    params = {p.name: p for p in command.parameters}
    param, spring = params["player_powers"], params["powers_spring_worker"]
    for option in (param, spring):
        assert option.type is discord.AppCommandOptionType.boolean and not option.required
    assert len(command.parameters) <= 25
    # only Everdell's own options (those the model offers in the command), and the table's
    assert list(params) == ["players", "clock", *(m.name for m in describe(EverdellOptions) if m.command)]
    definition = get_game("everdell")
    assert (params["players"].min_value, params["players"].max_value) == (
        definition.min_players,
        definition.max_players,
    )
    payload = command.to_dict(tree())
    declared = next(o for o in payload["options"] if o["name"] == "player_powers")
    assert len(declared["description"]) <= 100
    assert (
        "Nightweave"
        in next(o for o in payload["options"] if o["name"] == "powers_spring_worker")["description"]
    )
    translator = Translator()
    assert param.locale_name is not None and param.locale_description is not None
    assert await translator.translate(param.locale_name, PT, None) == "poderes_de_jogador"  # type: ignore[arg-type]
    described = await translator.translate(param.locale_description, PT, None)  # type: ignore[arg-type]
    assert described and len(described) <= 100 and "Nightweave" in described
    assert spring.locale_name is not None and spring.locale_description is not None
    assert await translator.translate(spring.locale_name, PT, None) == "trabalhador_da_primavera"  # type: ignore[arg-type]
    described = await translator.translate(spring.locale_description, PT, None)  # type: ignore[arg-type]
    assert described and len(described) <= 100 and "trabalhador da primavera" in described
    localized = await translated("everdell")
    assert localized["player_powers"]["name_localizations"] == {"pt-BR": "poderes_de_jogador"}
    for shown in localized.values():
        assert 1 <= len(shown["name_localizations"]["pt-BR"]) <= 32
        assert 1 <= len(shown["description_localizations"]["pt-BR"]) <= 100
        assert all(len(c["name_localizations"]["pt-BR"]) <= 100 for c in shown.get("choices", ()))


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


async def test_a_table_too_small_for_its_options_is_refused(table: TableService) -> None:
    """Architects seats one person only against a solo AI: a one-seat table without one could
    never start, so it is refused when opened; with an opponent it opens."""

    async def open_architects(options: dict[str, Any], channel_id: int) -> Live:
        return await table.open_lobby(
            guild_id=1,
            channel_id=channel_id,
            game="architects",
            options=options,
            host_id=ALICE,
            host_name="alice",
            locale="en",
            capacity=1,
        )

    with pytest.raises(UserError, match="error.player_count") as refused:
        await open_architects({}, CHANNEL)
    assert refused.value.params["min"] == 2
    live = await open_architects({"opponent": "aristocrat"}, CHANNEL + 1)
    assert live.record.options["capacity"] == 1
