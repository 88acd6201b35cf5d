"""Tapestry solo on Discord: the Automa and the Shadow Empire as named seats without a Discord
seat, their log lines, the solo lobby (`/tapestry new` for one person offers the Automa;
level and level 6's second civilization in the lobby; the values no official source settles are
marked) and the start of a one-person table against them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import data_sets
from bot.errors import UserError
from bot.games.tapestry import traps
from bot.games.tapestry.render import TapestryRenderer
from bot.i18n import t
from bot.plugins import LobbyPlan, LobbyRequest
from bot.render.common import BOT_MARK
from bot.render.limits import fit_embed
from engine.core.result import Result
from engine.games.tapestry.automa.data import levels, open_values
from engine.games.tapestry.data import TRACKS

if TYPE_CHECKING:
    from bot.table import Live, TableService

AUTOMA, SHADOW = "automa", "shadow"
DEFAULT_LEVEL = 2


# ------------------------------------------------------------------------------ seats and words
def bot_seats(options: dict[str, Any]) -> dict[int, str]:
    """Seat number -> which bot, for the seats the rules add after the people."""
    if options.get("opponent") == AUTOMA:
        return {1: AUTOMA, 2: SHADOW}
    if options.get("opponent") == SHADOW:
        return {2: SHADOW}
    return {}


def seat_name(live: Live, seat: int) -> str | None:
    which = bot_seats(dict(live.record.options)).get(seat)
    if which is None:
        return None
    return f"{BOT_MARK} {'Automa' if which == AUTOMA else 'Shadow Empire'}"


def _track(value: Any, locale: str) -> str:
    return t(f"tapestry.track.{value}", locale) if value in TRACKS else "—"


def params(live: Live | None, data: dict[str, Any], locale: str) -> dict[str, Any]:
    """The automa events' parameters in words (see tapestry.event.automa_* in automa.json)."""
    out: dict[str, Any] = {}
    if "bot" in data:
        out["bot"] = t(f"tapestry.automa.bot.{data['bot']}", locale)
    if "indicator" in data:
        out["indicator"] = t(f"tapestry.automa.indicator.{data['indicator']}", locale)
    if isinstance(data.get("valid"), list):
        out["valid"] = ", ".join(_track(v, locale) for v in data["valid"]) or "—"
    if "indicator" in data or "favorite" in data:
        out["track"] = _track(data.get("track"), locale)
    if isinstance(data.get("filters"), list):
        out["filters"] = ", ".join(t(f"tapestry.automa.filter.{f}", locale) for f in data["filters"]) or t(
            "tapestry.automa.filter.only", locale
        )
    if "action" in data:
        out["action"] = t(f"tapestry.automa.action.{data['action']}", locale)
        if data.get("hex") is None:
            out["target"] = t("tapestry.automa.no_target", locale)
        else:
            from bot.games.tapestry.text import hex_text

            out["target"] = t(
                "tapestry.automa.target",
                locale,
                hex=hex_text(data["hex"], live, locale),
                candidates=data.get("candidates", 1),
            )
    if isinstance(data.get("side"), str):
        out["side"] = t(f"tapestry.automa.civ.{data['side']}", locale)
    if isinstance(data.get("sides"), list):
        out["sides"] = ", ".join(t(f"tapestry.automa.civ.{c}", locale) for c in data["sides"]) or "—"
    if isinstance(data.get("favorites"), dict):
        favs = data["favorites"]
        names = {"1": "automa", "2": "shadow"} if data.get("mode") == AUTOMA else {"2": "shadow"}
        out["favorites"] = "; ".join(
            f"{t(f'tapestry.automa.bot.{names[k]}', locale)}: {_track(v, locale)}"
            for k, v in favs.items()
            if k in names
        )
    if "favorite" in data:
        out["favorite"] = _track(data["favorite"], locale)
        out["change"] = (
            t(
                f"tapestry.automa.change.{data.get('why', 'overtaken')}",
                locale,
                was=_track(data.get("was"), locale),
            )
            if data.get("changed")
            else ""
        )
    if isinstance(data.get("step"), str):
        out["step"] = t(f"tapestry.automa.step.{data['step']}", locale)
    if isinstance(data.get("multipliers"), list) and len(data["multipliers"]) == 3:
        out["m1"], out["m2"], out["m3"] = data["multipliers"]
    if isinstance(data.get("cards"), list):
        out["cards"] = ", ".join(f"#{c}" for c in data["cards"]) or "—"
    return out


# ------------------------------------------------------------------------------ the lobby
def tapestry_setup(options: dict[str, Any], players: int | None) -> tuple[dict[str, Any], int | None]:
    """(options, table size) from what `/tapestry new` was given: one person, or a level,
    means the Automa; `opponent=shadow` means two people and the Shadow Empire."""
    out = dict(options)
    opponent = out.get("opponent")
    if opponent in (None, "none") and (players == 1 or "automa_level" in out or "automa_second_civ" in out):
        opponent = AUTOMA if opponent is None else opponent
    if opponent in (None, "none"):
        out.pop("opponent", None)
        return out, players
    if opponent == SHADOW:
        if players not in (None, 2):
            raise UserError("error.tapestry.shadow_seats", count=players)
        return out, 2
    if players not in (None, 1):
        raise UserError("error.tapestry.automa_seats", count=players)
    out["opponent"] = AUTOMA
    level = int(out.setdefault("automa_level", DEFAULT_LEVEL))
    if level == 6 and not out.get("automa_second_civ"):
        raise UserError("error.tapestry.second_civ")
    if level != 6 and out.get("automa_second_civ"):
        raise UserError("error.tapestry.second_civ_level")
    return out, 1


async def prepare(request: LobbyRequest) -> LobbyPlan:
    options, size = tapestry_setup(request.options, request.players)
    return LobbyPlan(options, size)


async def start(table: TableService, match_id: int, user_id: int) -> Live:
    """One person seated, no bot and no opponent chosen: the table plays against the Automa
    (level 2), with the server's file of open values copied in as for a solo lobby."""
    async with table.writing(match_id) as live:
        record = live.record
        if record.status == "lobby" and len(record.seats) == 1 and not record.options.get("opponent"):
            chosen = {**record.options, "opponent": AUTOMA, "automa_level": DEFAULT_LEVEL}
            if record.guild_id:
                texts = await table.store.guild_data.texts(record.guild_id, record.game)
                chosen.update(data_sets.lobby_copies(record.game, chosen, texts))
            record.options = chosen
            await table.store.matches.save(record)
    return await traps.start(table, match_id, user_id)  # each person's Trap answer written first


def opponent_lines(options: dict[str, Any], locale: str) -> list[str]:
    opponent = options.get("opponent")
    if opponent == SHADOW:
        return [t("tapestry.automa.lobby.shadow", locale)]
    if opponent != AUTOMA:
        return []
    level = int(options.get("automa_level", DEFAULT_LEVEL))
    lines = [
        t(
            "tapestry.automa.lobby.level",
            locale,
            level=level,
            name=t(f"tapestry.automa.level.{level}", locale),
        )
    ]
    if level == 6 and options.get("automa_second_civ"):
        lines.append(
            t(
                "tapestry.automa.lobby.second_civ",
                locale,
                civ=t(f"tapestry.automa.civ.{options['automa_second_civ']}", locale),
            )
        )
    values = open_values(options.get("automa_rules"))
    hard = levels()[level].hard
    marks = []
    first = values.first_income_advances
    if first.levels[level].you or first.levels[level].bots:
        marks.append(
            t(
                f"tapestry.automa.lobby.source.{first.source}",
                locale,
                what=t("tapestry.automa.lobby.first_income", locale),
            )
        )
    mat = values.mats.hard if hard else values.mats.normal
    marks.append(
        t(
            f"tapestry.automa.lobby.source.{mat.source}",
            locale,
            what=t(f"tapestry.automa.lobby.mat.{'hard' if hard else 'normal'}", locale),
        )
    )
    lines += marks
    if options.get("automa_rules") is not None:
        lines.append(t("tapestry.automa.lobby.server_file", locale))
    return lines


def lobby_fields(embed: discord.Embed, live: Live, locale: str) -> None:
    lines = opponent_lines(dict(live.record.options), locale)
    if lines:
        embed.add_field(
            name=t("tapestry.automa.lobby.title", locale),
            value="\n".join(f"• {x}" for x in lines),
            inline=False,
        )


Fields = Callable[[discord.Embed, "Live", str], None]


def with_opponents(base: Fields) -> Fields:
    """The game's lobby fields, after the opponents' field."""

    def fields(embed: discord.Embed, live: Live, locale: str) -> None:
        lobby_fields(embed, live, locale)
        base(embed, live, locale)

    return fields


# ------------------------------------------------------------------------------ board and result
def decks_line(state: dict[str, Any], locale: str) -> str:
    """What the physical game shows of the bots: decks by count, the discard pile, the pair."""
    pair = state.get("pair") or []
    lines = [
        t(
            "tapestry.automa.board.decks",
            locale,
            deck=state.get("deck", 0),
            progress=state.get("progress", 0),
            discard=", ".join(f"#{c}" for c in state.get("discard") or []) or "—",
        ),
        t("tapestry.automa.board.pair", locale, track=pair[0], tiebreaker=pair[1]) if len(pair) == 2 else "",
        "; ".join(
            f"{t(f'tapestry.automa.bot.{who}', locale)}: {_track(track, locale)}"
            for who, track in (state.get("favorites") or {}).items()
        ),
    ]
    if state.get("civs"):
        lines.append(", ".join(t(f"tapestry.automa.civ.{c}", locale) for c in state["civs"]))
    if "pool" in state:
        lines.append(
            t("tapestry.automa.board.pool", locale, pool=state["pool"], mat=state.get("mat_cards", 0))
        )
    return "\n".join(x for x in lines if x)


def text_name(thing: str, locale: str) -> str:
    from bot.games.tapestry.text import name  # text imports this module

    return name(thing, locale)


def bot_line(p: dict[str, Any], bot: str, state: dict[str, Any], locale: str) -> str:
    """A bot's own summary in place of a person's board: its tracks, favourite, outposts and
    income turns (and the Automa's tapestry cards and landmark box)."""
    icons = {"exploration": "🧭", "science": "🔬", "military": "⚔️", "technology": "⚙️"}
    tracks = " ".join(f"{icons[tr]}{p['positions'][tr]}" for tr in TRACKS)
    fav = (state.get("favorites") or {}).get(bot)
    lines = [
        t(
            "tapestry.automa.board.bot",
            locale,
            tracks=tracks,
            favorite=_track(fav, locale),
            outposts=p["outposts"],
            income=p["income_turns"],
        )
    ]
    if bot == AUTOMA:
        lines.append(
            t("tapestry.automa.board.pool", locale, pool=state.get("pool", 0), mat=state.get("mat_cards", 0))
        )
        if p["landmarks"]:
            lines.append(
                t(
                    "tapestry.automa.board.box",
                    locale,
                    landmarks=", ".join(text_name(lm, locale) for lm in p["landmarks"]),
                )
            )
    return "\n".join(lines)


class SoloRenderer(TapestryRenderer):
    """The base board plus the bots' decks; the Automa's score in the final standings."""

    def board(self, live: Live, locale: str) -> discord.Embed:
        embed = super().board(live, locale)
        view = live.view(None) if live.match is not None else None
        state = (view or {}).get("automa")
        if isinstance(state, dict):
            for bot, seat in (state.get("seats") or {}).items():
                if seat is not None and view is not None and seat < len(embed.fields):
                    p = view["players"][seat]
                    vp = t("tapestry.board.vp", locale, vp=p["vp"])
                    title = f"{BOT_MARK} {'Automa' if bot == AUTOMA else 'Shadow Empire'} — {vp}"
                    embed.set_field_at(seat, name=title, value=bot_line(p, bot, state, locale), inline=False)
            embed.add_field(
                name=t("tapestry.automa.board.title", locale), value=decks_line(state, locale), inline=False
            )
        return fit_embed(embed)

    def result_lines(self, live: Live, result: Result, locale: str) -> list[str]:
        automa = result.details.get("automa")
        if not isinstance(automa, dict):
            return []
        solo = result.details.get("solo") or {}
        return [
            t(
                "tapestry.automa.result.score",
                locale,
                score=automa.get("score", 0),
                level=automa.get("level", 0),
            ),
            t("tapestry.automa.result.won" if solo.get("won") else "tapestry.automa.result.lost", locale),
        ]
