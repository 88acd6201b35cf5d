"""/result record: enter a game played at a physical table, then let the other players confirm it."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.errors import UserError
from bot.i18n import channel_locale, ls, t
from bot.interact import report, send
from bot.leaderboard import render
from bot.leaderboard.calculators import MAX_FIELDS
from bot.leaderboard.components import UserPick
from bot.leaderboard.table_results import PendingResult, TableResults
from bot.render import ids
from cogs.leaderboard import game_choices, solo_choices

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
OnSheet = Callable[[Interaction, dict[str, str]], Awaitable[None]]


class ScoreSheet(discord.ui.Modal):
    """One seat's score: the game's calculator fields (empty counts as 0)."""

    def __init__(
        self, title: str, fields: list[tuple[str, str, str | None]], on_done: OnSheet, locale: str
    ) -> None:
        super().__init__(title=title[:45], timeout=900)
        self.on_done = on_done
        self.locale = locale
        self.inputs: dict[str, discord.ui.TextInput[Any]] = {}
        for field_id, label, placeholder in fields[:MAX_FIELDS]:
            box: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=label[:45], custom_id=field_id, required=False, max_length=12, placeholder=placeholder
            )
            self.add_item(box)
            self.inputs[field_id] = box

    async def on_submit(self, interaction: Interaction) -> None:
        await self.on_done(interaction, {k: box.value for k, box in self.inputs.items()})

    async def on_error(self, interaction: Interaction, error: Exception, item: Any = None, /) -> None:
        await report(interaction, error, self.locale)


class Results(commands.Cog):
    result = app_commands.Group(
        name=ls("result", "cmd.result.name"),
        description=ls("Results of games played at a physical table", "cmd.result.desc"),
        guild_only=True,
    )

    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self._results: TableResults | None = None

    @property
    def results(self) -> TableResults:
        if self._results is None:
            self._results = TableResults(self.bot.store)
        return self._results

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(UserPick)
        self.bot.on_component(render.PLAYERS, self.on_players)
        self.bot.on_component(render.SCORE, self.on_score)
        self.bot.on_component(render.SUBMIT, self.on_submit)
        self.bot.on_component(render.CANCEL, self.on_cancel)
        self.bot.on_component(render.CONFIRM, self.on_confirm)
        self.bot.on_component(render.REJECT, self.on_reject)
        if not self.bot.sync_only:
            self.expire_loop.start()

    async def cog_unload(self) -> None:
        self.expire_loop.cancel()

    # -- /result record -------------------------------------------------------------------------
    @result.command(
        name=ls("record", "cmd.result.record.name"),
        description=ls("Record a game played at the table", "cmd.result.record.desc"),
    )
    @app_commands.rename(game=ls("game", "cmd.opt.game.name"), solo=ls("solo", "cmd.lb.opt.solo.name"))
    @app_commands.describe(
        game=ls("Which game", "cmd.opt.game.desc"),
        solo=ls("Played solo against an automated opponent", "cmd.lb.opt.solo.desc"),
    )
    @app_commands.autocomplete(game=game_choices, solo=solo_choices)
    async def record(self, interaction: Interaction, game: str, solo: str | None = None) -> None:
        locale = await self.bot.locale_of(interaction)
        assert interaction.guild_id is not None and interaction.channel_id is not None
        draft = self.results.start(
            interaction.guild_id, interaction.channel_id, interaction.user.id, game, solo
        )
        await send(interaction, **render.draft_payload(draft, locale))

    # -- the private work sheet -------------------------------------------------------------------
    async def on_players(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        players = await self._members(interaction, ids.int_values(values, limit=ids.MAX_ARG + 1))
        draft = self.results.set_players(args[0], interaction.user.id, players, locale)
        await interaction.response.edit_message(**render.draft_payload(draft, locale))

    async def _members(self, interaction: Interaction, user_ids: list[int]) -> list[tuple[int, str]]:
        """(id, display name) of each picked user; refuses bots and anyone not in this server."""
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        resolved = data.get("resolved") or {}
        users, members = resolved.get("users") or {}, resolved.get("members") or {}
        guild = interaction.guild
        assert guild is not None
        out = []
        for uid in user_ids:
            user = users.get(str(uid)) or {}
            member = members.get(str(uid))
            if member is None:
                try:
                    fetched = await guild.fetch_member(uid)
                except discord.NotFound:
                    raise UserError("result.error.not_member", user=f"<@{uid}>") from None
                name = fetched.display_name
                is_bot = fetched.bot
            else:
                name = member.get("nick") or user.get("global_name") or user.get("username") or str(uid)
                is_bot = bool(user.get("bot"))
            if is_bot or user.get("bot"):
                raise UserError("result.error.bot_player", user=f"<@{uid}>")
            out.append((uid, str(name)))
        return out

    async def on_score(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        draft_id, seat = args[0], args[1]
        draft = self.results.draft(draft_id, interaction.user.id)
        if seat >= len(draft.seats):
            raise UserError("result.error.draft_gone")
        calc = draft.calculator(seat)
        fields = [(f.id, t(f.label_key, locale), "0/0" if f.pair else None) for f in calc.fields]

        async def done(modal_interaction: Interaction, raw: dict[str, str]) -> None:
            updated = self.results.score(draft_id, interaction.user.id, seat, raw, locale)
            await modal_interaction.response.edit_message(**render.draft_payload(updated, locale))

        title = t("result.sheet.title", locale, player=draft.seats[seat].name)
        await interaction.response.send_modal(ScoreSheet(title, fields, done, locale))

    async def on_cancel(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        self.results.draft(args[0], interaction.user.id)
        self.results.drop(args[0])
        await interaction.response.edit_message(
            content=t("result.draft.cancelled", locale), embed=None, view=None
        )

    async def on_submit(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        pending, play = await self.results.submit(
            args[0], interaction.user.id, await self._public_locale(interaction)
        )
        public_locale = await self._public_locale(interaction)
        state = "recorded" if play is not None else "waiting"
        await interaction.response.edit_message(
            content=t(f"result.draft.sent_{state}", locale), embed=None, view=None
        )
        channel = self.bot.get_partial_messageable(pending.channel_id, guild_id=pending.guild_id)
        message = await channel.send(
            **_sendable(render.pending_payload(pending, public_locale, state)),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        if play is None:
            await self.results.set_message(pending.id, message.id)

    # -- confirmations ----------------------------------------------------------------------------
    async def on_confirm(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self._public_locale(interaction)
        try:
            pending, play = await self.results.confirm(args[0], interaction.user.id)
        except UserError as exc:
            await self._close_if_gone(interaction, exc, locale)
            raise
        state = "recorded" if play is not None else "waiting"
        await interaction.response.edit_message(**render.pending_payload(pending, locale, state))

    async def on_reject(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self._public_locale(interaction)
        try:
            pending = await self.results.reject(args[0], interaction.user.id)
        except UserError as exc:
            await self._close_if_gone(interaction, exc, locale)
            raise
        payload = render.pending_payload(pending, locale, "rejected")
        payload["embed"].add_field(
            name="\u200b", value=t("result.pending.rejected_by", locale, user=interaction.user.mention)
        )
        await interaction.response.edit_message(**payload)

    async def _close_if_gone(self, interaction: Interaction, exc: UserError, locale: str) -> None:
        """A click on a result that expired or was settled: take the buttons off its message."""
        if exc.key in ("result.error.expired", "result.error.gone") and interaction.message is not None:
            with contextlib.suppress(discord.HTTPException):
                await interaction.message.edit(view=None)

    async def _public_locale(self, interaction: Interaction) -> str:
        return channel_locale(interaction)

    # -- deadlines ----------------------------------------------------------------------------------
    @tasks.loop(minutes=5)
    async def expire_loop(self) -> None:
        try:
            for pending in await self.results.expire():
                await self._mark_expired(pending)
        except Exception:
            log.exception("could not expire pending table results")

    @expire_loop.before_loop
    async def _before_expire(self) -> None:
        await self.bot.wait_until_ready()

    async def _mark_expired(self, pending: PendingResult) -> None:
        if pending.message_id is None:
            return
        channel = self.bot.get_partial_messageable(pending.channel_id, guild_id=pending.guild_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(pending.message_id).edit(
                **render.pending_payload(pending, pending.locale, "expired")
            )


def _sendable(payload: dict[str, Any]) -> dict[str, Any]:
    """channel.send takes no view=None / content=None the way edit does."""
    return {k: v for k, v in payload.items() if v is not None}


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Results(bot))
