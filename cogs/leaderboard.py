"""/leaderboard show|recompute|reset, /stats, /history and /privacy hide|show|delete."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.i18n import channel_locale, coarse, ls, t
from bot.interact import send
from bot.leaderboard import render
from bot.leaderboard.charts import rating_chart, score_histogram
from bot.leaderboard.games import game_name, table_game, table_games
from bot.leaderboard.service import LeaderboardService
from bot.leaderboard.solo import all_opponents, opponent, opponents_for, parse_choice
from bot.render import ids
from bot.render.items import Components, GameButton

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]

PERIODS = {"all": None, "30d": 30, "365d": 365}
PERIOD_CHOICES = [
    app_commands.Choice(name=ls("all time", "cmd.lb.choice.period.all"), value="all"),
    app_commands.Choice(name=ls("last 30 days", "cmd.lb.choice.period.30d"), value="30d"),
    app_commands.Choice(name=ls("last 365 days", "cmd.lb.choice.period.365d"), value="365d"),
]
SCOPE_CHOICES = [
    app_commands.Choice(name=ls("this server", "cmd.lb.choice.scope.server"), value="server"),
    app_commands.Choice(name=ls("every server", "cmd.lb.choice.scope.global"), value="global"),
]


async def game_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    locale = coarse(interaction.locale)
    key = current.casefold()
    out = []
    for gid, game in table_games().items():
        name = game.name(locale)
        if key in name.casefold() or key in gid:
            out.append(app_commands.Choice(name=name, value=gid))
    return out[:25]


async def solo_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """'Nightweave — level 3' -> nightweave:3, for the game already chosen (or every game)."""
    locale = coarse(interaction.locale)
    game = getattr(interaction.namespace, "game", None)
    found = opponents_for(game) if game else list(all_opponents())
    key = current.casefold()
    out = []
    for o in found:
        if not o.levels:  # one record of its own (an AI personality): chosen by its id alone
            name = render.level_label(o.id, None, locale)
            if key in name.casefold() or key in o.id:
                out.append(app_commands.Choice(name=name, value=o.id))
        for level in o.levels:
            name = render.level_label(o.id, level, locale)
            if key in name.casefold() or key in o.id:
                out.append(app_commands.Choice(name=name, value=f"{o.id}:{level}"))
    return out[:25]


def require_manager(interaction: Interaction) -> None:
    if not interaction.permissions.manage_guild:
        raise UserError("lb.error.manage_guild")


def png(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


class Leaderboards(commands.Cog):
    leaderboard = app_commands.Group(
        name=ls("leaderboard", "cmd.lb.name"),
        description=ls("Server rankings and solo records", "cmd.lb.desc"),
        guild_only=True,
    )
    privacy = app_commands.Group(
        name=ls("privacy", "cmd.privacy.name"),
        description=ls("What the bot keeps about you", "cmd.privacy.desc"),
    )

    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self._service: LeaderboardService | None = None

    @property
    def service(self) -> LeaderboardService:
        if self._service is None:
            self._service = LeaderboardService(self.bot.store)
        return self._service

    async def cog_load(self) -> None:
        self.bot.on_component(render.FORGET, self.on_forget)

    # -- /leaderboard show ----------------------------------------------------------------------
    @leaderboard.command(
        name=ls("show", "cmd.lb.show.name"), description=ls("Show a game's leaderboard", "cmd.lb.show.desc")
    )
    @app_commands.rename(
        game=ls("game", "cmd.opt.game.name"),
        period=ls("period", "cmd.lb.opt.period.name"),
        solo_level=ls("solo_level", "cmd.lb.opt.solo_level.name"),
        scope=ls("scope", "cmd.lb.opt.scope.name"),
    )
    @app_commands.describe(
        game=ls("Which game", "cmd.opt.game.desc"),
        period=ls("Only games from this period", "cmd.lb.opt.period.desc"),
        solo_level=ls("Solo records against an automated opponent", "cmd.lb.opt.solo_level.desc"),
        scope=ls("Solo records from this server or every server", "cmd.lb.opt.scope.desc"),
    )
    @app_commands.choices(period=PERIOD_CHOICES, scope=SCOPE_CHOICES)
    @app_commands.autocomplete(game=game_choices, solo_level=solo_choices)
    async def show(
        self,
        interaction: Interaction,
        game: str,
        period: app_commands.Choice[str] | None = None,
        solo_level: str | None = None,
        scope: app_commands.Choice[str] | None = None,
    ) -> None:
        locale = channel_locale(interaction)  # a public post: the server's language
        if table_game(game) is None:
            raise UserError("result.error.unknown_game", game=game)
        assert interaction.guild_id is not None
        if solo_level:
            parsed = parse_choice(solo_level)
            found = opponent(parsed[0]) if parsed else None
            if parsed is None or found is None or found.game != game:
                raise UserError("result.error.unknown_opponent", value=solo_level)
            where = scope.value if scope else "server"
            board = await self.service.solo(
                game, parsed[0], parsed[1], interaction.guild_id if where == "server" else None
            )
            embed = render.solo_embed(board, game, parsed[0], parsed[1], where, locale)
        else:
            chosen = period.value if period else "all"
            entries = await self.service.board(interaction.guild_id, game, PERIODS[chosen])
            embed = render.board_embed(entries, game, chosen, locale)
        await send(interaction, embed=embed, ephemeral=False)

    # -- admin ----------------------------------------------------------------------------------
    @leaderboard.command(
        name=ls("recompute", "cmd.lb.recompute.name"),
        description=ls("Rebuild this server's ratings from the stored games", "cmd.lb.recompute.desc"),
    )
    async def recompute(self, interaction: Interaction) -> None:
        require_manager(interaction)
        locale = await self.bot.locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.guild_id is not None
        counts = await self.service.recompute(interaction.guild_id)
        lines = [
            t("lb.recompute.line", locale, game=game_name(g, locale), games=n) for g, n in counts.items()
        ]
        await send(interaction, "\n".join([t("lb.recompute.done", locale), *lines]))

    @leaderboard.command(
        name=ls("reset", "cmd.lb.reset.name"),
        description=ls("Start this server's leaderboards afresh", "cmd.lb.reset.desc"),
    )
    async def reset(self, interaction: Interaction) -> None:
        require_manager(interaction)
        locale = await self.bot.locale_of(interaction)
        assert interaction.guild_id is not None
        await self.service.reset(interaction.guild_id, interaction.user.id)
        await send(interaction, t("lb.reset.done", locale))

    # -- /stats and /history ----------------------------------------------------------------------
    async def _subject(self, interaction: Interaction, user: discord.User | discord.Member | None) -> int:
        """Whose numbers to show: a member of this server who has not hidden them from others."""
        if user is None or user.id == interaction.user.id:
            return interaction.user.id
        if not isinstance(user, discord.Member):
            raise UserError("result.error.not_member", user=user.mention)
        if not await self.service.visible(user.id):
            raise UserError("privacy.error.hidden_other")
        return user.id

    @app_commands.command(
        name=ls("stats", "cmd.stats.name"),
        description=ls("A player's games, wins and ratings", "cmd.stats.desc"),
    )
    @app_commands.guild_only()
    @app_commands.rename(user=ls("user", "cmd.lb.opt.user.name"), other=ls("other", "cmd.lb.opt.other.name"))
    @app_commands.describe(
        user=ls("Whose stats (you if empty)", "cmd.lb.opt.user.desc"),
        other=ls("Compare head-to-head with this player", "cmd.lb.opt.other.desc"),
    )
    async def stats(
        self,
        interaction: Interaction,
        user: discord.User | None = None,
        other: discord.User | None = None,
    ) -> None:
        locale = channel_locale(interaction)  # a public post: the server's language
        subject = await self._subject(interaction, user)
        assert interaction.guild_id is not None
        if other is not None:
            rival = await self._subject(interaction, other)
            h2h = await self.service.head_to_head(interaction.guild_id, subject, rival)
            await send(interaction, embed=render.h2h_embed(h2h, subject, rival, locale), ephemeral=False)
            return
        # Queries and two small charts take milliseconds: answer directly, well inside the deadline.
        profile = await self.service.profile(interaction.guild_id, subject)
        embed = render.stats_embed(profile, subject, locale)
        files = []
        if profile.series:
            named = {game_name(g, locale): s for g, s in profile.series.items()}
            files.append(png(rating_chart(named, t("lb.chart.rating", locale), t("lb.chart.too_few", locale)), "rating.png"))
            embed.set_image(url="attachment://rating.png")
        if profile.stats.scores:
            files.append(
                png(score_histogram(profile.stats.scores, t("lb.chart.scores", locale)), "scores.png")
            )
        await send(interaction, embed=embed, files=files, ephemeral=False)

    @app_commands.command(
        name=ls("history", "cmd.history.name"), description=ls("A player's recent games", "cmd.history.desc")
    )
    @app_commands.guild_only()
    @app_commands.rename(user=ls("user", "cmd.lb.opt.user.name"))
    @app_commands.describe(user=ls("Whose stats (you if empty)", "cmd.lb.opt.user.desc"))
    async def history(self, interaction: Interaction, user: discord.User | None = None) -> None:
        locale = channel_locale(interaction)  # a public post: the server's language
        subject = await self._subject(interaction, user)
        assert interaction.guild_id is not None
        plays = await self.service.history(interaction.guild_id, subject, limit=15)
        await send(interaction, embed=render.history_embed(plays, subject, locale), ephemeral=False)

    # -- /privacy -------------------------------------------------------------------------------
    @privacy.command(
        name=ls("hide", "cmd.privacy.hide.name"),
        description=ls("Leave the leaderboards", "cmd.privacy.hide.desc"),
    )
    async def hide(self, interaction: Interaction) -> None:
        await self.service.hide(interaction.user.id, True)
        await send(interaction, t("privacy.hidden", await self.bot.locale_of(interaction)))

    @privacy.command(
        name=ls("show", "cmd.privacy.show.name"),
        description=ls("Appear on the leaderboards again", "cmd.privacy.show.desc"),
    )
    async def unhide(self, interaction: Interaction) -> None:
        await self.service.hide(interaction.user.id, False)
        await send(interaction, t("privacy.shown", await self.bot.locale_of(interaction)))

    @privacy.command(
        name=ls("delete", "cmd.privacy.delete.name"),
        description=ls("Delete your data from the bot", "cmd.privacy.delete.desc"),
    )
    async def delete(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        view = Components()
        view.add_item(
            GameButton(
                ids.button(render.FORGET, interaction.user.id),
                t("privacy.delete_button", locale),
                discord.ButtonStyle.danger,
            )
        )
        await send(interaction, t("privacy.delete_ask", locale), view=view)

    async def on_forget(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        if interaction.user.id != args[0]:
            raise UserError("privacy.error.not_yours")
        await self.service.forget(interaction.user.id)
        self.bot.prefs.forget(interaction.user.id)
        await interaction.response.edit_message(content=t("privacy.deleted", locale), view=None)


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Leaderboards(bot))
