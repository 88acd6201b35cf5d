"""Game options as slash-command parameters, shared by /game new and /automa: localized choice
lists, the Nightweave level and modules, Everdell's player powers, Dominion's setup (card sets,
Events, errata, reactions), and the chosen values read back as match options. Parsing only: the engine's normalize_options
has the last word."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias, TypeVar

import discord
from discord import app_commands

from bot.errors import UserError
from bot.i18n import coarse, ls, t
from bot.lobby_dominion import REACTION_MODES

V = TypeVar("V", str, int)

# Nightweave's difficulty, 0 (tame) to 4 (terrifying), in /game new and /automa start.
NightweaveLevel: TypeAlias = app_commands.Range[int, 0, 4]


def choice_key(prefix: str, value: str | int) -> str:
    """The catalogue key of a choice: '<prefix>.<value>', ',' as '_', the empty value as 'none'."""
    return f"{prefix}.{str(value).replace(',', '_') or 'none'}"


def choices(prefix: str, entries: Sequence[tuple[V, str]]) -> list[app_commands.Choice[V]]:
    """Choices from (value, English name) pairs; Portuguese names come from `choice_key`."""
    return [
        app_commands.Choice(name=ls(text, choice_key(prefix, value)), value=value) for value, text in entries
    ]


def value_of(choice: app_commands.Choice[V] | None) -> V | None:
    return None if choice is None else choice.value


def module_list(value: str | None) -> list[str]:
    """Nightweave modules from a choice value: '' means none, 'a,b' two of them."""
    return [m for m in (value or "").split(",") if m]


def channel_locale(interaction: discord.Interaction[Any]) -> str:
    """The locale of posts everyone reads: the server's, else the caller's."""
    return coarse(interaction.guild_locale or interaction.locale)


REACTIONS = choices(
    "cmd.choice.reactions",
    [("always", "use them at once (nobody waits)"), ("ask", "ask each time")],
)


# Dominion: the sets a random kingdom draws from, as the three useful combinations.
SETS = choices(
    "cmd.choice.sets",
    [("base", "Base only"), ("adventures", "Adventures only"), ("base,adventures", "Base + Adventures")],
)
# The first printing (our rulebook) or the later official wording of the Adventures cards.
ERRATA = choices(
    "cmd.choice.errata",
    [("off", "no: first printing, as in the rulebook"), ("on", "yes: the later official wording")],
)
ERRATA_VALUES = {"off": False, "on": True}
# The engine caps randomly drawn Events at 0-20 (Adventures has 20); 2 is the rulebook's advice.
EVENT_CAP = 20
EventCount: TypeAlias = app_commands.Range[int, 0, EVENT_CAP]


# Everdell: Mistwood's player powers, off (the base game) or on; against Nightweave also on with
# the rulebook's balancing rule (the humans keep their spring worker).
SPRING_WORKER = "spring"
PLAYER_POWERS = choices(
    "cmd.choice.player_powers",
    [
        ("off", "no: the base game"),
        ("on", "yes: each player keeps one power"),
        (SPRING_WORKER, "yes, and the humans keep their spring worker (Nightweave)"),
    ],
)
PLAYER_POWERS_VALUES = {"off": False, "on": True, SPRING_WORKER: True}


def player_powers_option(
    game: str, locale: str, value: str | None, everdell: dict[str, Any]
) -> dict[str, Any]:
    """Everdell's `player_powers` option (and `powers_spring_worker`), left out unless turned on.
    Refused, naming the option as the player sees it: for another game, with a value outside the
    choices, or the spring worker without the Nightweave opponent (`everdell`: the options already
    chosen for the opponent)."""
    if value is None:
        return {}
    label = t("cmd.opt.player_powers.name", locale)
    if game != "everdell":
        raise UserError("error.option_other_game", option=label, game="Everdell")
    if value not in PLAYER_POWERS_VALUES:
        raise UserError("error.bad_option", option=label, value=value)
    if not PLAYER_POWERS_VALUES[value]:
        return {}
    if value != SPRING_WORKER:
        return {"player_powers": True}
    if everdell.get("opponent") != "nightweave":
        raise UserError("error.everdell.spring_worker_nightweave", option=label)
    return {"player_powers": True, "powers_spring_worker": True}


def is_random_kingdom(kingdom: str | None) -> bool:
    return kingdom is None or kingdom.strip().casefold() in ("", "random")


def dominion_options(
    game: str,
    locale: str,
    *,
    kingdom: str | None = None,
    reactions: str | None = None,
    sets: str | None = None,
    max_events: int | None = None,
    errata: str | None = None,
) -> dict[str, Any]:
    """Dominion's lobby options, left out when not chosen. Refused, naming the option as the
    player sees it: for another game, with a value outside the choices, or where it could not
    matter (sets and Events shape random kingdoms only; Events come from Adventures)."""
    chosen = {
        name: value
        for name, value in (
            ("reactions", reactions),
            ("sets", sets),
            ("max_events", max_events),
            ("errata", errata),
        )
        if value is not None
    }
    if not chosen:
        return {}

    def label(option: str) -> str:
        return t(f"cmd.opt.{option}.name", locale)

    if game != "dominion":
        raise UserError("error.option_other_game", option=label(next(iter(chosen))), game="Dominion")
    out: dict[str, Any] = {}
    if reactions is not None:
        if reactions not in REACTION_MODES:
            raise UserError("error.bad_option", option=label("reactions"), value=reactions)
        out["reactions"] = reactions
    if errata is not None:
        if errata not in ERRATA_VALUES:
            raise UserError("error.bad_option", option=label("errata"), value=errata)
        if ERRATA_VALUES[errata]:
            out["errata"] = True
    for option in ("sets", "max_events"):
        if option in chosen and not is_random_kingdom(kingdom):
            raise UserError("error.dominion.random_only", option=label(option))
    if sets is not None:
        out["sets"] = [s for s in sets.split(",") if s]
    if max_events is not None:
        if "adventures" not in out.get("sets", ()):
            raise UserError(
                "error.dominion.events_need_adventures", option=label("max_events"), sets=label("sets")
            )
        out["max_events"] = max_events
    return out
