"""Tapestry: the public board (a compact embed plus a picture) and a player's private view.

The board reads `view(None)` and public events only; the private view reads `view(seat)` (the
tapestry hand, the civilization offer) and goes to that seat's owner alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.games.tapestry import modules_ui
from bot.games.tapestry.image import render_board
from bot.games.tapestry.preview import prompt_image
from bot.games.tapestry.summary import since_last_turn
from bot.games.tapestry.text import (
    BUILDING_ICON,
    RES_ICON,
    ROWS,
    TRACK_ICON,
    capital_name,
    hex_of,
    hex_text,
    icons,
    name,
    public_view,
    queue_text,
    space_benefit,
    steps_text,
)
from bot.i18n import join_names, t
from bot.render.common import deciding_seats, event_lines, prompt_text, seat_name, waiting_line
from bot.render.limits import fit_embed
from bot.table import Live
from engine.core import Option
from engine.games.tapestry.data import BUILDINGS, all_tracks, civilizations, tapestry_cards, tech_cards
from engine.games.tapestry.game import tier_cost

COLOUR = discord.Colour.from_rgb(176, 120, 48)
LOG_LINES = 10
# Private to their owner (the engine addresses them); never in the channel's log.
PRIVATE = frozenset({"civ_offer", "drew_tapestry"})
ERAS = ("I", "II", "III", "IV")
CELL = {".": "·", "#": "▓", "*": "▒", "L": "◆"}


def cost_word(cost: str, locale: str) -> str:
    """A tier cost token: a resource, ❔ for any one, "2 ≠" for N different resources (Arts)."""
    if cost == "any":
        return "❔"
    if cost.startswith("distinct:"):
        return f"{cost.partition(':')[2]}×❔≠"
    return t(f"tapestry.res.{cost}", locale)


def masterpiece_lines(live: Live, view: Mapping[str, Any], locale: str) -> str:
    """The face-up masterpieces and the deck, then each player's masterpieces (spent ones marked)
    and the landmarks standing on their tech cards."""
    row = join_names(name(c, locale) for c in view["masterpiece_row"]) or "—"
    lines = [t("tapestry.board.masterpiece_row", locale, cards=row, deck=view["masterpiece_deck"])]
    for p in view["players"]:
        held = [
            t("tapestry.board.flipped", locale, card=name(m, locale)) if spent else name(m, locale)
            for m, spent in p.get("masterpieces", [])
        ]
        held += [
            t("tapestry.board.on_card", locale, landmark=name(lm, locale), card=name(c, locale))
            for c, lm in p.get("landmarks_on_cards", {}).items()
        ]
        if held:
            lines.append(f"{seat_name(live, p['seat'])}: {join_names(held)}")
    return "\n".join(lines)


def tech_line(tech: Mapping[str, int], locale: str) -> str:
    rows = ("tapestry.row.bottom", "tapestry.row.middle", "tapestry.row.top")
    return join_names(f"{name(c, locale)} ({t(rows[r], locale)})" for c, r in tech.items()) or "—"


def tapestry_mat(p: Mapping[str, Any], locale: str) -> str:
    """'I Maker of Fire · II Academia ▶' — each era's top card, the active (last) one marked."""
    piles = p["tapestry_mat"]
    last = max((i for i, pile in enumerate(piles) if pile), default=-1)
    parts = []
    for i, pile in enumerate(piles):
        if not pile:
            continue
        top = pile[-1]
        shown = name(top, locale) if top else t("tapestry.board.face_down", locale)
        parts.append(f"{ERAS[i]} {shown}{' ▶' if i == last else ''}")
    return " · ".join(parts) or "—"


def grid_block(grid: list[str]) -> str:
    """The capital as a 9×9 code block with row letters and column numbers."""
    lines = ["   " + " ".join(str(c + 1) for c in range(9))]
    for r, row in enumerate(grid):
        lines.append(f"{ROWS[r]}  " + " ".join(CELL.get(ch, ch) for ch in row))
    return "```\n" + "\n".join(lines) + "\n```"


class TapestryRenderer:
    game = "tapestry"

    # -- the public board -------------------------------------------------------------------------
    def board(self, live: Live, locale: str) -> discord.Embed:
        view = public_view(live)
        assert view is not None
        embed = discord.Embed(title=t("board.title", locale, game="Tapestry", id=live.id), colour=COLOUR)
        lines = [self._status(live, view, locale)]
        tail = event_lines(live, [e for e in live.tail if e.kind not in PRIVATE][-LOG_LINES:], locale)
        if tail:
            lines.append("")
            lines.extend(f"• {line}" for line in tail)
        embed.description = "\n".join(lines)
        for p in view["players"]:
            embed.add_field(name=self._player_title(live, view, p, locale), value=self._player(p, locale, modules_ui.content(live.record.options)), inline=False)
        embed.add_field(name=t("tapestry.board.tracks", locale), value=self._tracks(live, view, locale), inline=False)
        embed.add_field(name=t("tapestry.board.tech", locale), value=self._tech_row(view, locale), inline=False)
        if "masterpiece_row" in view:  # Arts & Architecture
            embed.add_field(name=t("tapestry.board.masterpieces", locale), value=masterpiece_lines(live, view, locale)[:1024], inline=False)
        embed.add_field(
            name=t("tapestry.board.achievements", locale), value=self._achievements(live, view, locale), inline=False
        )
        footer = t(
            "tapestry.board.footer",
            locale,
            deck=view["tapestry_deck"],
            tech=view["tech_deck"],
            tiles=view["tile_bag"],
            space=view["space_stack"],
        )
        if not view["finished"]:
            footer += " · " + t("board.footer", locale)
        embed.set_footer(text=footer)
        return fit_embed(embed)

    def board_image(self, live: Live, locale: str) -> bytes | None:
        view = public_view(live)
        if view is None:
            return None
        names = {p["seat"]: seat_name(live, p["seat"]) for p in view["players"]}
        return render_board(view, locale, names)

    def prompt_image(self, live: Live, seat: int, locale: str, shown: list[int]) -> bytes | None:
        """A preview of the choice on show: capital placements, or where a tile goes on the map."""
        return prompt_image(live, seat, locale, shown)

    # -- the private view -------------------------------------------------------------------------
    def private(self, live: Live, seat: int, locale: str, extra: str | None = None) -> discord.Embed:
        assert live.match is not None
        view = live.view(seat)
        embed = discord.Embed(title=t("hand.title", locale, game="Tapestry", id=live.id), colour=COLOUR)
        me = view["players"][seat]
        hand: list[str] = me.get("hand", [])
        lines = [t("hand.cards", locale, cards=join_names(name(c, locale) for c in hand) if hand else "—")]
        if me.get("civ_offer"):
            lines.append(
                t(
                    "tapestry.hand.offer",
                    locale,
                    civs=join_names(name(c, locale) for c in me["civ_offer"]),
                    capitals=", ".join(capital_name(int(c), locale) for c in me["capital_offer"]),
                )
            )
            if locale == "en":  # the civilizations' texts are in English only
                lines.extend(f"• **{name(c, locale)}**: {civilizations()[c].text}" for c in me["civ_offer"])
        if me.get("spies_peek"):  # the Spies' last look at a neighbour's hand (theirs alone)
            peek_seat, cards = me["spies_peek"]
            lines.append(
                t(
                    "tapestry.hand.spies_peek",
                    locale,
                    player=seat_name(live, int(peek_seat)),
                    cards=join_names(name(c, locale) for c in cards) or "—",
                )
            )
        lines.append(self._player(me, locale, modules_ui.content(live.record.options)))
        if me.get("grid"):
            lines.append(t("tapestry.hand.capital", locale, capital=capital_name(me["capital"], locale)))
            lines.append(grid_block(me["grid"]))
        prompt = live.match.prompt_for(seat)
        caught_up = since_last_turn(live, seat, locale) if prompt is not None else None
        if caught_up:
            lines.append("")
            lines.append(caught_up)
        lines.append("")
        if prompt is not None:
            lines.append(f"**{prompt_text(self.game, prompt, locale, live)}**")
            queued = queue_text(prompt.params.get("queue"), locale)
            if queued:
                lines.append(queued)
            lines.extend(self._prompt_help(prompt.key, dict(prompt.params), me, locale, live, prompt.default))
        elif view["finished"]:
            lines.append(t("hand.game_over", locale))
        else:
            lines.append(waiting_line(live, locale))
        if extra:
            lines.append(extra)
        embed.description = "\n".join(lines)
        return fit_embed(embed)

    def describe(self, live: Live, option: Option, locale: str) -> str | None:
        """Select-menu descriptions: a space's benefit and cost, a tech card's benefits, a card's text."""
        if option.id.startswith("advance:") and option.card:
            track = option.group
            space = next((i + 1 for i, s in enumerate(all_tracks()[track].spaces) if s.name == option.card), 0)
            if space:
                cost = " + ".join(cost_word(c, locale) for c in tier_cost(track, space))
                return f"{cost} → {space_benefit(track, space, locale)}"
        hexed = hex_of(option.id) if option.label == "tapestry.hex" else None
        if hexed is not None:
            return self._hex_contents(live, hexed, locale)
        card = option.card
        if card in tech_cards():
            tc = tech_cards()[card]
            return t("tapestry.describe.tech", locale, circle=steps_text(tc.circle, locale), square=steps_text(tc.square, locale))
        if locale == "en" and card in tapestry_cards():
            return tapestry_cards()[card].text
        if locale == "en" and card in civilizations():
            return civilizations()[card].text
        return None

    def _hex_contents(self, live: Live, h: tuple[int, int], locale: str) -> str:
        """What stands on a hex: its tile and whose outposts (a menu line under the hex's number)."""
        view = public_view(live)
        site = next((s for s in (view or {}).get("sites", []) if tuple(s["hex"]) == h), None)
        if site is None or site["tile"] is None:
            return t("tapestry.describe.hex_empty", locale)
        who = [seat_name(live, seat) + ("" if upright else " ↓") for seat, upright, _what in site["pieces"]]
        return t(
            "tapestry.describe.hex", locale, tile=site["tile"], pieces=join_names(who) if who else "—"
        )

    # -- pieces ------------------------------------------------------------------------------------
    def _status(self, live: Live, view: Mapping[str, Any], locale: str) -> str:
        if view["finished"]:
            return t("board.finished", locale)
        current = view["players"][view["current"]]
        # the setup's choices are asked of every player at once; the income turns are the current
        # player's
        return t(
            "tapestry.board.status",
            locale,
            player=join_names(seat_name(live, seat) for seat in deciding_seats(live)),
            income=current["income_turns"],
        )

    def _player_title(self, live: Live, view: Mapping[str, Any], p: Mapping[str, Any], locale: str) -> str:
        marker = "▶ " if view["current"] == p["seat"] and not view["finished"] else ""
        civs = join_names(name(c, locale) for c in p["civilizations"])
        vp = t("tapestry.board.vp", locale, vp=p["vp"])
        return f"{marker}{seat_name(live, p['seat'])} — {vp} · {civs or '?'}"

    def _player(self, p: Mapping[str, Any], locale: str, content: modules_ui.modules.Content | None = None) -> str:
        mat = " ".join(f"{BUILDING_ICON[b]}{p['income_mat'][b]}" for b in BUILDINGS)
        tracks_line = " ".join(f"{TRACK_ICON[tr]}{p['positions'][tr]}" for tr in p["positions"])
        lines = [
            t(
                "tapestry.board.player",
                locale,
                res=icons(p["resources"]),
                income=p["income_turns"],
                hand=p["hand_count"],
                outposts=p["outposts"],
            ),
            t("tapestry.board.mat", locale, mat=mat, tracks=tracks_line),
            t("tapestry.board.tapestry", locale, cards=tapestry_mat(p, locale)),
            t("tapestry.board.tech_cards", locale, cards=tech_line(p["tech"], locale)),
        ]
        if p["landmarks"]:
            lines.append(t("tapestry.board.landmarks", locale, names=join_names(name(x, locale) for x in p["landmarks"])))
        if p["territory_tiles"] or p["space_tiles"]:
            lines.append(
                t(
                    "tapestry.board.tiles",
                    locale,
                    tiles=", ".join(str(x) for x in p["territory_tiles"]) or "—",
                    space=", ".join(str(x) for x in p["space_tiles"]) or "—",
                )
            )
        spots = (p.get("civ_state") or {}).get("islanders:isle")
        if isinstance(spots, list):  # the Islanders' own island
            lines.append(t("tapestry.board.island", locale, n=sum(1 for s in spots if s is not None)))
        lines.extend(modules_ui.player_lines(content, p, locale))  # the expansion modules, when on
        if p["finished"]:
            lines.append(t("tapestry.board.finished", locale))
        return "\n".join(lines)

    def _tracks(self, live: Live, view: Mapping[str, Any], locale: str) -> str:
        available = set(view["landmarks_available"])
        lines = []
        for tr in view["players"][0]["positions"]:  # the four tracks, and Arts when in play
            spaces = all_tracks()[tr].spaces
            who = " ".join(f"{seat_name(live, p['seat'])} {p['positions'][tr]}" for p in view["players"])
            marks = " ".join(
                ("🏛️" if spaces[i - 1].landmark in available else "✖️") + f"{i}"
                for i in (4, 7, 10)
            )
            res = RES_ICON.get(all_tracks()[tr].resource, "🎨")
            lines.append(f"{TRACK_ICON[tr]} **{name(tr, locale)}** ({res}) · {who} · {marks}")
        left = [name(x, locale) for x in view["landmarks_available"]]
        lines.append(t("tapestry.board.landmarks_left", locale, names=", ".join(left) or "—"))
        return "\n".join(lines)

    def _tech_row(self, view: Mapping[str, Any], locale: str) -> str:
        return join_names(name(c, locale) for c in view["tech_row"]) or "—"

    def _achievements(self, live: Live, view: Mapping[str, Any], locale: str) -> str:
        parts = []
        for kind, seats in view["achievements"].items():
            got = ", ".join(seat_name(live, s) for s in seats) or "—"
            left = "/".join(str(v) for v in view["achievement_vp"][kind]) or "—"
            parts.append(t("tapestry.board.achievement", locale, what=t(f"tapestry.what.{kind}", locale), got=got, left=left))
        return "\n".join(parts) or "—"

    def _prompt_help(
        self,
        key: str,
        params: dict[str, Any],
        me: Mapping[str, Any],
        locale: str,
        live: Live | None = None,
        default: Sequence[str] | None = None,
    ) -> list[str]:
        """What the prompt is about, where the question alone leaves it unclear."""
        if key == "tapestry.prompt.place_landmark" or key == "tapestry.prompt.place_building":
            return [t("tapestry.hand.plots", locale), t("tapestry.place.preview", locale)]
        if key == "tapestry.prompt.explore_hex":
            return [t("tapestry.hand.hexes", locale), t("tapestry.place.preview_explore", locale)]
        if key == "tapestry.prompt.conquer_hex":
            return [t("tapestry.hand.hexes", locale)]
        if key == "tapestry.prompt.explore_rotation" and isinstance(params.get("hex"), list):
            rot = int(str((default or ["rot:0"])[0])[4:] or 0)
            vps = params.get("vp") or []
            return [
                t(
                    "tapestry.place.preview_rotation",
                    locale,
                    hex=hex_text(params["hex"], live, locale),
                    deg=60 * rot,
                    vp=vps[rot] if rot < len(vps) else 0,
                )
            ]
        if key == "tapestry.prompt.benefit_order":
            return [t("tapestry.hand.any_order", locale)]
        if key == "tapestry.prompt.landmark_card" and live is not None:
            return modules_ui.draft_help(modules_ui.content(live.record.options), params, locale)
        return []
