"""Embeds and components for leaderboards, stats, history and table results."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t, tn
from bot.leaderboard.calculators import in_sheet_order
from bot.leaderboard.components import UserPick, user_select_id
from bot.leaderboard.games import game_name
from bot.leaderboard.ratings import PROVISIONAL_GAMES, ordinal, provisional
from bot.leaderboard.service import Profile
from bot.leaderboard.solo import opponent, opponent_name
from bot.leaderboard.stats import BoardEntry, HeadToHead, SoloBoard
from bot.leaderboard.table_results import Draft
from bot.render import ids
from bot.render.items import Components, GameButton
from bot.render.limits import LABEL, clip, fit_embed
from storage.leaderboard import Play
from storage.leaderboard_pending import PendingResult

COLOUR = discord.Colour.blurple()
TOP = 20

# Component kinds (bgb:/bgs:/bgu: prefixes, see bot.render.ids)
PLAYERS = "lbpl"  # draft: the user select of who played
SCORE = "lbsc"  # draft, seat: open the score sheet for that seat
SUBMIT = "lbsub"  # draft: send for confirmation
CANCEL = "lbx"  # draft: throw the draft away
CONFIRM = "lbok"  # pending: a listed player confirms
REJECT = "lbno"  # pending: a listed player rejects
FORGET = "lbdel"  # user: confirm deleting one's data


def mention(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id is not None else "—"


def level_label(opponent_id: str, level: int | None, locale: str) -> str:
    o = opponent(opponent_id)
    name = opponent_name(opponent_id, locale)
    if level is None or o is None:
        return name
    return f"{name} — {t(o.level_key, locale, level=level)}"


def jump_link(play: Play) -> str | None:
    if play.guild_id is None or play.channel_id is None:
        return None
    tail = f"/{play.message_id}" if play.message_id else ""
    return f"https://discord.com/channels/{play.guild_id}/{play.channel_id}{tail}"


# -- boards ------------------------------------------------------------------------------------------
def board_embed(entries: list[BoardEntry], game: str, period: str, locale: str) -> discord.Embed:
    embed = discord.Embed(
        title=t(
            "lb.board.title", locale, game=game_name(game, locale), period=t(f"lb.period.{period}", locale)
        ),
        colour=COLOUR,
    )
    lines = []
    for n, e in enumerate(entries[:TOP], start=1):
        key = "lb.board.line_provisional" if e.provisional else "lb.board.line"
        lines.append(
            t(
                key,
                locale,
                place=n,
                player=mention(e.user_id),
                rating=f"{e.ordinal:.1f}",
                games=tn("lb.games", e.games, locale),
                wins=tn("lb.wins", e.wins, locale),
            )
        )
    embed.description = "\n".join(lines) or t("lb.board.empty", locale)
    embed.set_footer(text=t("lb.board.footer", locale, n=PROVISIONAL_GAMES))
    return fit_embed(embed)


def solo_embed(
    sb: SoloBoard, game: str, opponent_id: str, level: int | None, scope: str, locale: str
) -> discord.Embed:
    embed = discord.Embed(
        title=t(
            "lb.solo.title",
            locale,
            game=game_name(game, locale),
            opponent=level_label(opponent_id, level, locale),
        ),
        colour=COLOUR,
    )
    best = [
        t(
            "lb.solo.best_line",
            locale,
            place=n,
            player=mention(s.user_id),
            score=s.score,
            mark="✓" if s.won else "✗",
            when=f"<t:{int(s.at)}:d>",
        )
        for n, s in enumerate(sb.best, start=1)
    ]
    rates = [
        t(
            "lb.solo.rate_line",
            locale,
            player=mention(r.user_id),
            wins=r.wins,
            games=r.games,
            pct=round(100 * r.rate),
        )
        for r in sb.rates
    ]
    embed.add_field(
        name=t("lb.solo.best", locale), value="\n".join(best) or t("lb.solo.none", locale), inline=False
    )
    embed.add_field(
        name=t("lb.solo.rates", locale), value="\n".join(rates) or t("lb.solo.none", locale), inline=False
    )
    embed.set_footer(
        text=t(f"lb.scope.{scope}", locale) + " · " + t("lb.solo.footer", locale, games=sb.games)
    )
    return fit_embed(embed)


# -- players -----------------------------------------------------------------------------------------
def stats_embed(profile: Profile, user_id: int, locale: str) -> discord.Embed:
    s = profile.stats
    embed = discord.Embed(title=t("lb.stats.title", locale), description=mention(user_id), colour=COLOUR)
    average = f"{s.average:.1f}" if s.average is not None else "—"
    pct = round(100 * s.wins / s.games) if s.games else 0
    embed.add_field(
        name=t("lb.stats.record", locale),
        value=t(
            "lb.stats.record_value",
            locale,
            games=tn("lb.games", s.games, locale),
            wins=tn("lb.wins", s.wins, locale),
            pct=pct,
            average=average,
        ),
        inline=False,
    )
    if s.abandoned or s.left:
        embed.add_field(
            name=t("lb.stats.unfinished", locale),
            value=t("lb.stats.unfinished_value", locale, abandoned=s.abandoned, left=s.left),
            inline=False,
        )
    favourites = [
        t(
            "lb.stats.favourite_line",
            locale,
            game=game_name(g, locale),
            games=tn("lb.games", n, locale),
            wins=tn("lb.wins", s.wins_per_game[g], locale),
        )
        for g, n in s.favourites()
    ]
    embed.add_field(
        name=t("lb.stats.favourites", locale),
        value="\n".join(favourites) or t("lb.stats.none", locale),
        inline=False,
    )
    ratings = []
    for game, row in sorted(profile.ratings.items()):
        key = "lb.stats.rating_provisional" if provisional(row.games) else "lb.stats.rating_line"
        ratings.append(
            t(
                key,
                locale,
                game=game_name(game, locale),
                rating=f"{ordinal(row.mu, row.sigma):.1f}",
                games=row.games,
                count=row.games,
            )
        )
    embed.add_field(
        name=t("lb.stats.ratings", locale),
        value="\n".join(ratings) or t("lb.stats.unrated", locale),
        inline=False,
    )
    return fit_embed(embed)


def h2h_embed(h: HeadToHead, a: int, b: int, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("lb.h2h.title", locale), colour=COLOUR)
    if h.games == 0:
        embed.description = t("lb.h2h.none", locale, a=mention(a), b=mention(b))
    else:
        embed.description = t(
            "lb.h2h.line",
            locale,
            a=mention(a),
            b=mention(b),
            games=h.games,
            ahead=h.ahead,
            behind=h.behind,
            ties=h.ties,
        )
    return fit_embed(embed)


def history_embed(plays: list[Play], user_id: int, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("lb.history.title", locale), description=mention(user_id), colour=COLOUR)
    lines = []
    for play in plays:
        seat = play.seat_of(user_id)
        if seat is None:
            continue
        if play.ended_how == "abandoned":
            outcome = t("lb.history.abandoned", locale)
        elif seat.replaced:
            outcome = t("lb.history.left", locale)
        else:
            outcome = t(
                "lb.history.place", locale, place=seat.rank, of=len(play.seats), score=seat.score, count=seat.score
            )
        tags = []
        if play.source == "table":
            tags.append(t("lb.history.table", locale))
        if play.solo_opponent:
            tags.append(level_label(play.solo_opponent, play.solo_level, locale))
        link = jump_link(play)
        lines.append(
            t(
                "lb.history.line",
                locale,
                when=f"<t:{int(play.ended_at)}:d>",
                game=game_name(play.game, locale),
                outcome=outcome,
                tags=(" · " + " · ".join(tags)) if tags else "",
                link=f" · [{t('lb.history.jump', locale)}]({link})" if link else "",
            )
        )
    embed.description = "\n".join([mention(user_id), *lines]) if lines else t("lb.history.empty", locale)
    return fit_embed(embed)


# -- table results -----------------------------------------------------------------------------------
def _seat_line(name: str, score: int | None, breakdown: dict[str, int] | None, locale: str) -> str:
    shown = "—" if score is None else str(score)
    if breakdown:
        parts = ", ".join(
            f"{t('calc.part.' + k, locale)} {v}"
            for k, v in in_sheet_order(breakdown).items()
            if k != "total" and v
        )
        return f"{name}: **{shown}**" + (f" ({parts})" if parts else "")
    return f"{name}: **{shown}**"


def draft_payload(draft: Draft, locale: str) -> dict[str, Any]:
    """The submitter's private work sheet: who played, each score, then send."""
    title = t("result.draft.title", locale, game=draft.game.name(locale))
    embed = discord.Embed(title=title, colour=COLOUR)
    if draft.opponent:
        embed.description = level_label(draft.opponent, draft.level, locale)
    seats = [
        _seat_line(mention(s.user_id) if s.kind == "human" else s.name, s.score, s.breakdown, locale)
        for s in draft.seats
    ]
    embed.add_field(
        name=t("result.draft.players", locale),
        value="\n".join(seats) or t("result.draft.pick", locale),
        inline=False,
    )
    embed.set_footer(text=t("result.draft.footer", locale))
    view = Components()
    most = 1 if draft.opponent else draft.game.max_players
    view.add_item(
        UserPick(
            user_select_id(PLAYERS, draft.id),
            placeholder=t("result.draft.pick", locale),
            min_values=1,
            max_values=most,
            row=0,
        )
    )
    for i, s in enumerate(draft.seats):
        who = s.name if s.kind == "automa" else s.name or str(s.user_id)
        label = clip(t("result.draft.score_button", locale, player=who), LABEL)
        style = discord.ButtonStyle.success if s.score is not None else discord.ButtonStyle.secondary
        view.add_item(GameButton(ids.button(SCORE, draft.id, i), label, style, row=1 + i // 5))
    view.add_item(
        GameButton(
            ids.button(SUBMIT, draft.id),
            t("result.draft.submit", locale),
            discord.ButtonStyle.primary,
            disabled=not draft.complete,
            row=3,
        )
    )
    view.add_item(
        GameButton(
            ids.button(CANCEL, draft.id), t("result.draft.cancel", locale), discord.ButtonStyle.danger, row=3
        )
    )
    return {"embed": fit_embed(embed), "view": view}


def pending_payload(p: PendingResult, locale: str, state: str = "waiting") -> dict[str, Any]:
    """The public message asking the other players to confirm (or saying how it ended)."""
    embed = discord.Embed(
        title=t("result.pending.title", locale, game=game_name(p.game, locale)), colour=COLOUR
    )
    if p.solo_opponent:
        embed.description = level_label(p.solo_opponent, p.solo_level, locale)
    lines = [
        _seat_line(mention(s.user_id) if s.kind == "human" else (s.name or "?"), s.score, s.breakdown, locale)
        + (" ✓" if s.confirmed and s.kind == "human" else "")
        for s in p.seats
    ]
    embed.add_field(name=t("result.draft.players", locale), value="\n".join(lines), inline=False)
    embed.add_field(
        name=t("result.pending.status", locale),
        value=t(
            f"result.pending.{state}",
            locale,
            submitter=mention(p.submitted_by),
            deadline=f"<t:{int(p.expires_at)}:R>",
        ),
        inline=False,
    )
    payload: dict[str, Any] = {"embed": fit_embed(embed)}
    if state == "waiting":
        view = Components()
        view.add_item(
            GameButton(
                ids.button(CONFIRM, p.id), t("result.pending.confirm", locale), discord.ButtonStyle.success
            )
        )
        view.add_item(
            GameButton(
                ids.button(REJECT, p.id), t("result.pending.reject", locale), discord.ButtonStyle.danger
            )
        )
        payload["view"] = view
        payload["content"] = t(
            "result.pending.ask", locale, players=" ".join(mention(u) for u in p.waiting_for)
        )
    else:
        payload["view"] = None
        payload["content"] = None
    return payload
