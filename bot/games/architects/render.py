"""Architects of the West Kingdom: the public board (an embed plus a picture) and a player's
private view.

The board reads `view(None)` and public events only; the private view reads `view(seat)` and goes
to that seat's owner alone (the Building hand lives only there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.games.architects import text
from bot.games.architects.image import render_board
from bot.games.architects.text import dot, goods, icons, name, seat_label
from bot.i18n import has, join_names, t
from bot.render.common import deciding_seats, event_line, prompt_text, seat_name, waiting_line
from bot.render.limits import clip, fit_embed
from bot.table import Live
from engine.core import Event, Option, Result
from engine.games.architects.data import board as board_data
from engine.games.architects.data import buildings
from engine.games.architects.state import ORDINARY

COLOUR = discord.Colour.from_rgb(150, 96, 52)
LOG_TURNS = 6
LINE = 320  # characters of one turn's log line
HAND_DETAILS = 15  # hand cards described one per line (a larger hand lists names only)


def public_view(live: Live) -> dict[str, Any]:
    assert live.match is not None
    return live.view(None)


def turn_lines(live: Live, events: Sequence[Event], locale: str) -> list[str]:
    """One line per turn: the player's name once, then what happened, in order. Events of other
    seats inside the turn (a Reset's penalties, a Monument) keep their own names."""
    groups: list[tuple[int | None, list[str]]] = []
    for e in events:
        if e.kind == "turn_start":
            groups.append((e.seat, []))
            continue
        if not groups or groups[-1][0] is None:  # the opening: each hire and pick is an action
            groups.append((None, []))
        seat, parts = groups[-1]
        line = event_line(live, e, locale)
        prefix = f"**{seat_name(live, e.seat)}** "
        if seat is not None and e.seat == seat and line.startswith(prefix):
            line = line[len(prefix) :]
        parts.append(line)
    out = []
    for seat, parts in groups:
        if not parts:
            continue
        head = f"{dot(seat)} **{seat_name(live, seat)}**: " if seat is not None else ""
        out.append(clip(head + " · ".join(parts), LINE))
    return out


def part_name(part: str, locale: str) -> str:
    """A score-sheet line's name; one the catalogue does not know yet shows its id."""
    key = f"architects.result.{part}"
    return t(key, locale) if has(key, locale) else part.replace("_", " ")


class ArchitectsRenderer:
    game = "architects"

    # -- the public board -------------------------------------------------------------------
    def board(self, live: Live, locale: str) -> discord.Embed:
        view = public_view(live)
        title = t("board.title", locale, game=live.definition.names.get(locale, "Architects"), id=live.id)
        embed = discord.Embed(title=title, colour=COLOUR)
        lines = [self._status(live, view, locale), self._common(view, locale)]
        log = turn_lines(live, list(live.tail), locale)[-LOG_TURNS:]
        if log:
            lines.append("")
            lines.extend(f"• {line}" for line in log)
        embed.description = "\n".join(lines)
        embed.add_field(
            name=name("guildhall", locale), value=self._guildhall(live, view, locale), inline=False
        )
        embed.add_field(
            name=t("architects.board.locations", locale), value=self._locations(view, locale), inline=False
        )
        embed.add_field(
            name=t("architects.board.display", locale), value=self._display(view, locale), inline=False
        )
        embed.add_field(name=name("black_market", locale), value=self._market(view, locale), inline=False)
        wow = view.get("works_of_wonder")
        if wow is not None:
            embed.add_field(
                name=t("architects.board.wow", locale), value=self._wow(live, wow, locale), inline=False
            )
        for p in view["players"]:
            value = self._player(live, p, locale)
            if wow is not None:
                built = join_names(name(w, locale) for w in p["wonders"]) or "—"
                value += "\n" + t(
                    "architects.board.influence", locale, influence=p["influence"], wonders=built
                )
            embed.add_field(name=self._player_title(live, view, p, locale), value=value)
        footer = t(
            "architects.board.footer",
            locale,
            deck=view["deck_count"],
            apprentices=view["apprentice_deck_count"],
            rewards=view["rewards_left"],
        )
        if not view["finished"]:
            footer += " · " + t("board.footer", locale)
        embed.set_footer(text=footer)
        return fit_embed(embed)

    def board_image(self, live: Live, locale: str) -> bytes | None:
        if live.match is None:
            return None
        view = public_view(live)
        names = {p["seat"]: seat_name(live, p["seat"]) for p in view["players"]}
        return render_board(view, locale, names)

    # -- the private view ---------------------------------------------------------------------
    def private(self, live: Live, seat: int, locale: str, extra: str | None = None) -> discord.Embed:
        assert live.match is not None
        view = live.view(seat)
        title = t("hand.title", locale, game=live.definition.names.get(locale, "Architects"), id=live.id)
        embed = discord.Embed(title=title, colour=COLOUR)
        hand: list[str] = list(view.get("hand", []))
        me = view["players"][seat]
        lines = [t("hand.cards", locale, cards=join_names(name(c, locale) for c in hand) if hand else "—")]
        if len(hand) <= HAND_DETAILS:
            lines.extend(f"› {name(c, locale)} — {text.building_facts(c, locale)}" for c in hand)
        res = {"silver": me["silver"], **me["goods"]}
        lines.append(t("architects.hand.resources", locale, res=icons(res, zeros=True)))
        lines.append(self._track(me, locale))
        skills = ", ".join(name(s, locale) for s in me["skills"]) or "—"
        lines.append(t("architects.hand.skills", locale, skills=skills, workers=me["supply"]))
        prompt = live.match.prompt_for(seat)
        lines.append("")
        if prompt is not None:
            lines.append(f"**{prompt_text(self.game, prompt, locale, live)}**")
        elif view["finished"]:
            lines.append(t("hand.game_over", locale))
        else:
            lines.append(waiting_line(live, locale))
        if extra:
            lines.append(extra)
        embed.description = "\n".join(lines)
        return fit_embed(embed)

    def result_lines(self, live: Live, result: Result, locale: str) -> list[str]:
        """Each player's score sheet under the standings: where the points came from."""
        sheets = result.details.get("breakdown")
        if not isinstance(sheets, list):
            return []
        lines = [""]
        for seat, sheet in enumerate(sheets):
            if not isinstance(sheet, Mapping):
                continue
            parts = " · ".join(f"{part_name(k, locale)} {v}" for k, v in sheet.items() if k != "total" and v)
            lines.append(f"{seat_label(live, seat)}: {parts or '—'}")
        return lines

    def describe(self, live: Live, option: Option, locale: str) -> str | None:
        """Select-menu descriptions: a Building's cost and points, an Apprentice's skills, what a
        location does."""
        card = option.card
        if card is None:
            return None
        if card in buildings():
            return text.building_facts(card, locale)
        facts = text.apprentice_facts(card, locale)
        if facts:
            return facts
        place = next((loc for loc in board_data().locations if loc.id == card), None)
        if place is not None:
            return clip(place.text_pt if locale == "pt" else place.text, 100)
        return None

    # -- pieces -------------------------------------------------------------------------------
    def _status(self, live: Live, view: Mapping[str, Any], locale: str) -> str:
        if view["finished"]:
            return t("board.finished", locale)
        # at setup the first Apprentices are hired in reverse turn order and the starting
        # Buildings drafted by all at once, while the first player is already `current`
        names = join_names(seat_label(live, seat) for seat in deciding_seats(live))
        line = t("architects.board.status", locale, player=names)
        left = view["final_turns_left"]
        if left is not None:
            line += " · " + t("architects.board.final_turns", locale, count=left)
        return line

    def _common(self, view: Mapping[str, Any], locale: str) -> str:
        return t("architects.board.tax_stand", locale, tax=view["tax"])

    def _guildhall(self, live: Live, view: Mapping[str, Any], locale: str) -> str:
        size, filled = view["guildhall_size"], len(view["guildhall"])
        row = view["guildhall_row"]
        rows = []
        for r in range(4):
            spaces = view["guildhall"][r * row : (r + 1) * row]
            marks = "".join(dot(s) for s in spaces) + "▫️" * (row - len(spaces))
            rows.append(f"`{r + 1}` {marks}")
        head = t("architects.board.guildhall", locale, filled=min(filled, size), size=size)
        if filled > size:
            head += " " + t("architects.board.guildhall_beyond", locale, count=filled - size)
        cathedral = " · ".join(f"{dot(p['seat'])} {p['cathedral']}" for p in view["players"])
        return "\n".join([head, *rows, t("architects.board.cathedral_levels", locale, levels=cathedral)])

    def _locations(self, view: Mapping[str, Any], locale: str) -> str:
        lines = []
        at: Mapping[str, list[int]] = view["locations"]
        for loc in ORDINARY:
            counts = at.get(loc, [])
            who = " ".join(f"{dot(s)}{n}" for s, n in enumerate(counts) if n) or "—"
            lines.append(f"**{name(loc, locale)}**: {who}")
        prison = " ".join(f"{dot(p['seat'])}{p['prison']}" for p in view["players"] if p["prison"]) or "—"
        lines.append(f"**{name('prison', locale)}**: {prison}")
        return "\n".join(lines)

    def _display(self, view: Mapping[str, Any], locale: str) -> str:
        lines = []
        for r, row in enumerate(view["display"]):
            cells = []
            for c, card in enumerate(row):
                if card is None:
                    cells.append(f"`{c + 1}` —")
                    continue
                coins = view["display_coins"][r][c]
                mark = f" +🪙{coins}" if coins else ""
                cells.append(f"`{c + 1}` {name(card, locale)} ({text.apprentice_facts(card, locale)}){mark}")
            lines.append(t("architects.board.row", locale, row=r + 1) + " " + " · ".join(cells))
        if not view["finished"]:
            lines.append(
                t(
                    "architects.board.hire_costs",
                    locale,
                    costs=" · ".join(text.hire_costs(view, view["current"], locale)),
                )
            )
        return "\n".join(lines)

    def _market(self, view: Mapping[str, Any], locale: str) -> str:
        prices = board_data().black_market.silver
        parts = []
        for space, who in enumerate(view["black_market"]):
            if space == 1:
                what = t("architects.market.centre_gain", locale)
            else:
                what = goods(view["market_small" if space == 0 else "market_large"], locale)
            taken = dot(who) if who is not None else "▫️"
            parts.append(
                f"{taken} "
                + t(
                    "architects.board.market_space",
                    locale,
                    space=t(f"architects.market.{space}", locale),
                    silver=prices[space],
                    what=what,
                )
            )
        limit = t("architects.board.market_limit", locale, virtue=board_data().black_market_max_virtue)
        return "\n".join([*parts, limit])

    def _wow(self, live: Live, wow: Mapping[str, Any], locale: str) -> str:
        """Works of Wonder: the figures, the Contribution card, the Wonders and their markers."""
        lines = [
            t(
                "architects.board.figures",
                locale,
                princess=name(wow["princess"], locale),
                profiteer=name(wow["profiteer"], locale),
            )
        ]
        card = wow["contribution"]
        if card is None:
            lines.append(t("architects.board.no_contribution", locale))
        else:
            open_slots = [
                f"{name(r, locale)} → {text.goods(card[r], locale)}" for r in card if r not in wow["on_card"]
            ]
            lines.append(t("architects.board.contribution", locale, slots="; ".join(open_slots) or "—"))
        where = {w: loc for loc, w in wow["markers"].items()}
        for w, state in wow["wonders"].items():
            if state["owner"] is None:
                lines.append(
                    t("architects.board.wonder_open", locale, wonder=name(w, locale), on=state["resources"])
                )
            else:
                lines.append(
                    t(
                        "architects.board.wonder_built",
                        locale,
                        wonder=name(w, locale),
                        owner=seat_label(live, state["owner"]),
                        where=name(where.get(w, "?"), locale),
                    )
                )
        return "\n".join(lines)

    def _player_title(self, live: Live, view: Mapping[str, Any], p: Mapping[str, Any], locale: str) -> str:
        marker = "▶ " if view["current"] == p["seat"] and not view["finished"] else ""
        return f"{marker}{seat_label(live, p['seat'])} — " + t("architects.board.vp", locale, vp=p["score"])

    def _track(self, p: Mapping[str, Any], locale: str) -> str:
        return t(
            "architects.board.track",
            locale,
            virtue=p["virtue"],
            cathedral=p["cathedral"],
            debts=p["debts"],
            paid=p["paid_debts"],
        )

    def _player(self, live: Live, p: Mapping[str, Any], locale: str) -> str:
        res = {"silver": p["silver"], **p["goods"]}
        lines = []
        if p["architect"]:
            lines.append(f"*{name(p['architect'], locale)}*")
        lines += [
            self._track(p, locale),
            icons(res, zeros=True),
            t(
                "architects.board.workers",
                locale,
                supply=p["supply"],
                prison=p["prison"],
                held=p["held_by_others"],
                hand=p["hand_count"],
            ),
        ]
        captives = " ".join(f"{dot(s)}{n}" for s, n in enumerate(p["captives"]) if n)
        if captives:
            lines.append(t("architects.board.captives", locale, captives=captives))
        apps = join_names(name(a, locale) for a in p["apprentices"]) or "—"
        lines.append(t("architects.board.apprentices", locale, cards=apps))
        built = join_names(name(b, locale) for b in p["buildings"]) or "—"
        lines.append(t("architects.board.buildings", locale, cards=built))
        return "\n".join(lines)
