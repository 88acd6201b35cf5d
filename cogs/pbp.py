"""Play-by-post commands: /game clock, undo, spectate, log, export, import; /games mine; /vacation;
and the buttons for undo, votes, log pages and the replay viewer."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.gamelog import (
    LOG_PAGE,
    REPLAY_STEP,
    log_lines,
    log_payload,
    replay_live,
    replay_payload,
    spectate_embed,
)
from bot.i18n import ls, t
from bot.interact import send
from bot.pbp import ASK_UNDO, VOTE_NO, VOTE_YES
from bot.records import Records
from bot.render import ids
from bot.render.items import Components, GameButton
from bot.replays import MAX_FILE_BYTES, export_data
from bot.status import UNDO
from bot.table import Live
from bot.undo import UndoRefused
from engine.core.registry import get_game

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]
DAY = 86400.0

CLOCKS = [
    app_commands.Choice(name=ls("no clock", "cmd.choice.clock.none"), value="none"),
    app_commands.Choice(name=ls("12 hours", "cmd.choice.clock.12"), value="12"),
    app_commands.Choice(name=ls("24 hours", "cmd.choice.clock.24"), value="24"),
    app_commands.Choice(name=ls("72 hours", "cmd.choice.clock.72"), value="72"),
    app_commands.Choice(name=ls("custom (hours option)", "cmd.choice.clock.custom"), value="custom"),
]
POLICIES = [
    app_commands.Choice(name=ls("wait and remind", "cmd.choice.policy.wait"), value="wait"),
    app_commands.Choice(name=ls("a bot plays that turn", "cmd.choice.policy.bot_turn"), value="bot_turn"),
    app_commands.Choice(name=ls("the others vote to replace", "cmd.choice.policy.vote"), value="vote"),
]


def clock_hours(choice: str, custom: int | None) -> float | None:
    if choice == "none":
        return None
    if choice == "custom":
        if custom is None:
            raise UserError("clock.custom_needed")
        return float(custom)
    return float(choice)


def parse_date(text: str) -> float:
    try:
        return datetime.strptime(text.strip(), "%Y-%m-%d").replace(tzinfo=UTC).timestamp()
    except ValueError as exc:
        raise UserError("vacation.bad_date", date=text[:20]) from exc


def attach(group: app_commands.Group, cog: commands.Cog, *names: str) -> None:
    """Put some of `cog`'s commands under a group another cog owns (/game belongs to the lobby)."""
    moved = []
    for command in cog.__cog_app_commands__:
        if command.name in names:
            group.add_command(command)
            moved.append(command)
    cog.__cog_app_commands__ = [c for c in cog.__cog_app_commands__ if c not in moved]


class PlayByPostCog(commands.Cog, name="PlayByPost"):
    games = app_commands.Group(
        name=ls("games", "cmd.games.name"), description=ls("Your games across servers", "cmd.games.desc")
    )

    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        lobby = bot.get_cog("Lobby")
        group = getattr(lobby, "game", None)
        if isinstance(group, app_commands.Group):
            attach(group, self, "clock", "undo", "spectate", "log", "export", "import")

    async def cog_load(self) -> None:
        on = self.bot.on_component
        on(UNDO, self.on_undo_button)
        on(ASK_UNDO, self.on_ask_undo)
        on(VOTE_YES, self.on_vote_yes)
        on(VOTE_NO, self.on_vote_no)
        on(LOG_PAGE, self.on_log_page)
        on(REPLAY_STEP, self.on_replay_step)

    async def _here(self, interaction: Interaction) -> Live:
        if interaction.channel_id is None:
            raise UserError("error.no_game_here")
        return await self.bot.table.for_channel(interaction.channel_id)

    @property
    def records(self) -> Records:
        return self.bot.records

    async def _here_or_last(self, interaction: Interaction) -> Live:
        """The game in this channel, or else the latest finished one (for log and export)."""
        assert interaction.channel_id is not None
        try:
            return await self.bot.table.for_channel(interaction.channel_id)
        except UserError:
            last = await self.records.last_ended_in(interaction.channel_id)
            if last is None:
                raise
            return last

    # -- /game clock ----------------------------------------------------------------------------------
    @app_commands.command(
        name=ls("clock", "cmd.game.clock.name"),
        description=ls("Set the turn time and what happens when it runs out", "cmd.game.clock.desc"),
    )
    @app_commands.guild_only()
    @app_commands.rename(
        turn=ls("turn", "cmd.pbp.opt.turn.name"),
        hours=ls("hours", "cmd.pbp.opt.hours.name"),
        timeout=ls("timeout", "cmd.pbp.opt.timeout.name"),
    )
    @app_commands.describe(
        turn=ls("Time for each turn", "cmd.pbp.opt.turn.desc"),
        hours=ls("Custom turn time in hours", "cmd.pbp.opt.hours.desc"),
        timeout=ls("When time runs out", "cmd.pbp.opt.timeout.desc"),
    )
    @app_commands.choices(turn=CLOCKS, timeout=POLICIES)
    async def clock(
        self,
        interaction: Interaction,
        turn: app_commands.Choice[str],
        hours: app_commands.Range[int, 1, 720] | None = None,
        timeout: app_commands.Choice[str] | None = None,
    ) -> None:
        live = await self._here(interaction)
        if interaction.user.id != live.record.host_id and not interaction.permissions.manage_guild:
            raise UserError("error.host_only")
        chosen = clock_hours(turn.value, hours)
        settings = await self.bot.pbp.set_clock(live, chosen, timeout.value if timeout else None)
        # a public post: the table's language, whoever set it
        public = live.record.locale
        await send(interaction, self.clock_text(settings.turn_hours, settings.timeout_policy, public), ephemeral=False)

    @staticmethod
    def clock_text(hours: float | None, policy: str, locale: str) -> str:
        if not hours:
            return t("clock.none", locale)
        return t("clock.set", locale, hours=f"{hours:g}", policy=t(f"clock.policy.{policy}", locale))

    # -- undo -----------------------------------------------------------------------------------------
    @app_commands.command(
        name=ls("undo", "cmd.game.undo.name"),
        description=ls("Take back your last actions this turn", "cmd.game.undo.desc"),
    )
    @app_commands.guild_only()
    @app_commands.rename(steps=ls("steps", "cmd.pbp.opt.steps.name"))
    @app_commands.describe(steps=ls("How many of your last answers", "cmd.pbp.opt.steps.desc"))
    async def undo(self, interaction: Interaction, steps: app_commands.Range[int, 1, 50] = 1) -> None:
        live = await self._here(interaction)
        await self._undo(interaction, live.id, steps)

    async def on_undo_button(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._undo(interaction, args[0], 1)

    async def _undo(self, interaction: Interaction, match_id: int, steps: int) -> None:
        locale = await self.bot.locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await self.bot.pbp.undo_own(match_id, interaction.user.id, steps)
        except UndoRefused as refused:
            check = refused.check
            live = await self.bot.table.get(match_id)
            reasons = "; ".join(t(f"undo.reason.{r}", locale) for r in check.reasons)
            host = interaction.user.id == live.record.host_id
            label = t("undo.as_host" if host else "undo.ask", locale)
            view = Components()
            count = check.target + check.steps
            view.add_item(GameButton(ids.button(ASK_UNDO, match_id, check.target, count), label))
            await send(interaction, t("undo.refused_text", locale, reasons=reasons), view=view)
            return
        await send(interaction, t("undo.done", locale))

    async def on_ask_undo(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        match_id, target, count = args[0], args[1], args[2]
        await interaction.response.defer(ephemeral=True, thinking=True)
        vote = await self.bot.pbp.request_undo(match_id, interaction.user.id, target, count)
        await send(interaction, t("undo.asked" if vote else "undo.done", locale))

    # -- votes ----------------------------------------------------------------------------------------
    async def on_vote_yes(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._vote(interaction, args[0], True)

    async def on_vote_no(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._vote(interaction, args[0], False)

    async def _vote(self, interaction: Interaction, vote_id: int, yes: bool) -> None:
        locale = await self.bot.locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        ballot, _live = await self.bot.pbp.cast(vote_id, interaction.user.id, yes)
        await send(interaction, t(f"vote.result.{ballot.outcome}", locale))

    # -- spectate and log -------------------------------------------------------------------------------
    @app_commands.command(
        name=ls("spectate", "cmd.game.spectate.name"),
        description=ls("Watch the game here: the public board, only for you", "cmd.game.spectate.desc"),
    )
    @app_commands.guild_only()
    async def spectate(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self._here(interaction)
        if live.match is None:
            raise UserError("error.not_started")
        await send(interaction, embed=spectate_embed(live, locale))

    @app_commands.command(
        name=ls("log", "cmd.game.log.name"), description=ls("The game's log, page by page", "cmd.game.log.desc")
    )
    @app_commands.guild_only()
    @app_commands.rename(page=ls("page", "cmd.pbp.opt.page.name"))
    @app_commands.describe(page=ls("Page number (default: the latest)", "cmd.pbp.opt.page.desc"))
    async def log(self, interaction: Interaction, page: app_commands.Range[int, 1, 10000] | None = None) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self._here_or_last(interaction)
        embed, view = await self._log_page(live, page, locale)
        await send(interaction, embed=embed, view=view or discord.utils.MISSING)

    async def _log_page(self, live: Live, page: int | None, locale: str) -> tuple[discord.Embed, discord.ui.View | None]:
        if live.match is None:
            raise UserError("error.not_started")
        entries = await self.records.log_entries(live.id)
        replayed = replay_live(live, entries)
        return log_payload(live, log_lines(live, replayed.public_events(), locale), page, locale)

    async def on_log_page(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self.bot.table.get(args[0])
        embed, view = await self._log_page(live, args[1], locale)
        await interaction.response.edit_message(embed=embed, view=view)

    # -- export and import ------------------------------------------------------------------------------
    @app_commands.command(
        name=ls("export", "cmd.game.export.name"),
        description=ls("Download the full replay of this game as a file", "cmd.game.export.desc"),
    )
    @app_commands.guild_only()
    async def export(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self._here_or_last(interaction)
        if live.match is None:
            raise UserError("error.not_started")
        # The seed and answers rebuild every hand: a running game's file would reveal them.
        if live.record.status == "active" and not interaction.permissions.manage_guild:
            raise UserError("replay.export_running")
        data = export_data(
            live.match, match_id=live.id, status=live.record.status, recorded_version=live.record.engine_version
        )
        blob = json.dumps(data, indent=1).encode("utf-8")
        file = discord.File(io.BytesIO(blob), filename=f"{live.record.game}-{live.id}.json")
        await send(interaction, t("replay.exported", locale, id=live.id, steps=data["steps"], count=data["steps"]), file=file)

    @app_commands.command(
        name=ls("import", "cmd.game.import.name"),
        description=ls("Replay an exported game file, read-only", "cmd.game.import.desc"),
    )
    @app_commands.rename(file=ls("file", "cmd.pbp.opt.file.name"))
    @app_commands.describe(file=ls("A file made by /game export", "cmd.pbp.opt.file.desc"))
    async def import_(self, interaction: Interaction, file: discord.Attachment) -> None:
        locale = await self.bot.locale_of(interaction)
        if file.size > MAX_FILE_BYTES:
            raise UserError("replay.error.too_big", limit=MAX_FILE_BYTES // 1024)
        await interaction.response.defer(ephemeral=True, thinking=True)
        replay_id, parsed, reproduction = await self.records.import_replay(interaction.user.id, await file.read())
        step = len(parsed.log)
        embed, view = replay_payload(replay_id, parsed, reproduction.replayed, step, locale, self._notes(reproduction, parsed, locale))
        await send(interaction, embed=embed, view=view or discord.utils.MISSING)

    @staticmethod
    def _notes(reproduction: Any, parsed: Any, locale: str) -> list[str]:
        notes = []
        if not reproduction.same_engine:
            current = get_game(parsed.game).engine_version
            notes.append(t("replay.other_engine", locale, recorded=parsed.engine_version, current=current))
        if reproduction.digest_matches is False:
            notes.append(t("replay.digest_differs", locale))
        elif reproduction.digest_matches:
            notes.append(t("replay.digest_ok", locale))
        return notes

    async def on_replay_step(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        replay_id, step = args[0], args[1]
        found = await self.records.replay_at(replay_id, step)
        if found is None:
            raise UserError("replay.error.gone")
        parsed, reproduction = found
        embed, view = replay_payload(replay_id, parsed, reproduction.replayed, step, locale, [])
        await interaction.response.edit_message(embed=embed, view=view)

    # -- /games mine ----------------------------------------------------------------------------------
    @games.command(
        name=ls("mine", "cmd.games.mine.name"),
        description=ls("Your running games, whose turn it is, and links", "cmd.games.mine.desc"),
    )
    async def mine(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        games = await self.bot.pbp.my_games(interaction.user.id)
        if not games:
            await send(interaction, t("mine.none", locale))
            return
        lines = []
        for g in games[:20]:
            name = get_game(g.game).names.get(locale) or get_game(g.game).names.get("en") or g.game
            key = "mine.line_you" if g.my_turn else "mine.line"
            line = t(key, locale, game=name, id=g.match_id, player=", ".join(g.waiting_on) or "—", link=g.link)
            if g.due_at is not None:
                line += " · " + t("status.deadline", locale, when=f"<t:{int(g.due_at)}:R>")
            lines.append(line)
        embed = discord.Embed(title=t("mine.title", locale), description="\n".join(lines))
        await send(interaction, embed=embed)

    # -- /vacation --------------------------------------------------------------------------------------
    @app_commands.command(
        name=ls("vacation", "cmd.vacation.name"),
        description=ls("Pause your turn clocks while you are away", "cmd.vacation.desc"),
    )
    @app_commands.rename(
        start=ls("start", "cmd.pbp.opt.start.name"),
        end=ls("end", "cmd.pbp.opt.end.name"),
        days=ls("days", "cmd.pbp.opt.days.name"),
        cancel=ls("cancel", "cmd.pbp.opt.cancel.name"),
    )
    @app_commands.describe(
        start=ls("First day away, YYYY-MM-DD (default: now)", "cmd.pbp.opt.start.desc"),
        end=ls("Last day away, YYYY-MM-DD", "cmd.pbp.opt.end.desc"),
        days=ls("Or: how many days from the start", "cmd.pbp.opt.days.desc"),
        cancel=ls("End your vacation now", "cmd.pbp.opt.cancel.desc"),
    )
    async def vacation(
        self,
        interaction: Interaction,
        start: str | None = None,
        end: str | None = None,
        days: app_commands.Range[int, 1, 90] | None = None,
        cancel: bool = False,
    ) -> None:
        locale = await self.bot.locale_of(interaction)
        pbp = self.bot.pbp
        await interaction.response.defer(ephemeral=True, thinking=True)
        if cancel:
            await pbp.end_vacation(interaction.user.id)
            await send(interaction, t("vacation.cancelled", locale))
            return
        now = pbp.clock.now()
        begins = parse_date(start) if start else now
        if end:
            ends = parse_date(end) + DAY  # the last day away is included
        elif days:
            ends = begins + days * DAY
        else:
            raise UserError("vacation.need_end")
        if ends - begins > 90 * DAY:
            raise UserError("vacation.too_long")
        await pbp.plan_vacation(interaction.user.id, begins, ends)
        await send(interaction, t("vacation.planned", locale, start=f"<t:{int(begins)}:f>", end=f"<t:{int(ends)}:f>"))


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(PlayByPostCog(bot))
