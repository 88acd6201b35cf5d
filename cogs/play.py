"""Acting in a game: /hand, /play, and every prompt button or select (DM or ephemeral).

Only the Discord side lives here: the declarations, turning an interaction into a call to the
answering layer (`bot/answering.py`, which owns the rest of the path), and its replies into
Discord responses."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answering import Answering, Player, Reply
from bot.delivery import TRANSPORT_ERRORS
from bot.i18n import ls
from bot.interact import report, send
from bot.postbox import update_clicked
from bot.render import ids
from bot.render.limits import OPTION_LABEL, clip
from bot.render.prompt import GROUP_PAGE

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]

ALREADY_ACKNOWLEDGED = 40060
# A callback lost on the wire is sent again only this soon after the click (Discord's clock), so
# the repeat still lands inside its 3-second window.
CALLBACK_RETRY_UNTIL = 2.5


def player_of(interaction: Interaction) -> Player:
    return Player(interaction.user.id, interaction.guild_id, interaction.channel_id)


class Responding:
    """An interaction as the answering layer sees it (`bot.answering.Responder`). `command`: a
    slash command, deferred as a private "thinking..." answer; otherwise a component click,
    whose reply replaces the clicked message."""

    def __init__(self, interaction: Interaction, command: bool = False) -> None:
        self.interaction = interaction
        self.command = command
        # Discord took a callback whose answer never reached us (it says so when asked again).
        self.acknowledged_unseen = False

    @property
    def id(self) -> int:
        return self.interaction.id

    @property
    def user_id(self) -> int:
        return self.interaction.user.id

    @property
    def created_at(self) -> float:
        return self.interaction.created_at.timestamp()

    def answered(self) -> bool:
        return self.interaction.response.is_done() or self.acknowledged_unseen

    async def defer(self) -> None:
        async def callback() -> None:
            if self.command:
                await self.interaction.response.defer(ephemeral=True, thinking=True)
            else:
                await self.interaction.response.defer()

        await self._callback(callback)

    async def _callback(self, call: Callable[[], Awaitable[None]]) -> bool:
        """Send an interaction callback; if the connection fails, send it once more while
        Discord's window is open. True once Discord has it, False if an earlier attempt (whose
        answer was lost) already got there, which Discord tells by refusing the repeat."""
        try:
            await call()
            return True
        except TRANSPORT_ERRORS:
            if time.time() - self.created_at > CALLBACK_RETRY_UNTIL:
                raise
        try:
            await call()
            return True
        except discord.HTTPException as exc:
            if exc.code != ALREADY_ACKNOWLEDGED:
                raise
        self.acknowledged_unseen = True
        # Tell discord.py too, so whatever answers next (a refusal, a reply) follows up rather
        # than sending a callback Discord would refuse again.
        kind = discord.InteractionResponseType
        self.interaction.response._response_type = (
            kind.deferred_channel_message if self.command else kind.deferred_message_update
        )
        return False

    async def update(self, reply: Reply) -> discord.Message | None:
        interaction = self.interaction
        if self._public():
            # A click that reached us from a message everyone sees (an old one, or one another
            # version made): the player's private view must not replace it, so it goes privately.
            await send(interaction, embed=reply.embed, view=reply.view or discord.utils.MISSING)
            return None
        if not self.answered():

            async def edit() -> None:
                await update_clicked(interaction, **reply.edit_kwargs())

            if await self._callback(edit):
                return interaction.message
        return await interaction.edit_original_response(**reply.edit_kwargs())

    def _public(self) -> bool:
        message = self.interaction.message
        return self.interaction.guild_id is not None and message is not None and not message.flags.ephemeral

    async def send(self, reply: Reply) -> None:
        await send(self.interaction, reply.content, **reply.send_kwargs())

    async def report(self, exc: Exception, locale: str, game: str | None) -> None:
        await report(self.interaction, exc, locale, game)


class Play(commands.Cog):
    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot

    @property
    def answering(self) -> Answering:
        return self.bot.answering

    async def cog_load(self) -> None:
        on = self.bot.on_component
        on(ids.HAND, self.on_hand)
        on(ids.ANSWER, self.on_answer)
        on(ids.EMPTY, self.on_empty)
        on(ids.PICK, self.on_pick)
        on(ids.DRAFT, self.on_draft)
        on(ids.CONFIRM, self.on_confirm)
        on(ids.RESET, self.on_reset)
        on(ids.PAGE, self.on_page)
        on(ids.GROUP, self.on_group)

    # -- /hand ------------------------------------------------------------------------------------
    @app_commands.command(
        name=ls("hand", "cmd.hand.name"),
        description=ls("See your cards and act (only you see it)", "cmd.hand.desc"),
    )
    async def hand(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        await self._show_private(interaction, await self.answering.hand(player_of(interaction), locale))

    async def on_hand(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        reply = await self.answering.hand_in(args[0], interaction.user.id, locale)
        await self._show_private(interaction, reply)

    @staticmethod
    async def _show_private(interaction: Interaction, reply: Reply) -> None:
        await send(interaction, ephemeral=True, **reply.send_kwargs())

    # -- /play ------------------------------------------------------------------------------------
    @app_commands.command(
        name=ls("play", "cmd.play.name"), description=ls("Make your move by name", "cmd.play.desc")
    )
    @app_commands.rename(choice=ls("choice", "cmd.opt.choice.name"))
    @app_commands.describe(choice=ls("One of your legal options", "cmd.opt.choice.desc"))
    async def play(self, interaction: Interaction, choice: str) -> None:
        locale = await self.bot.locale_of(interaction)
        responding = Responding(interaction, command=True)
        await self.answering.play(player_of(interaction), choice, locale, responding)

    @play.autocomplete("choice")
    async def choice_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        locale = await self.bot.locale_of(interaction)
        found = await self.answering.choices(player_of(interaction), current, locale)
        return [app_commands.Choice(name=clip(label, OPTION_LABEL), value=v) for label, v in found[:25]]

    # -- components -------------------------------------------------------------------------------
    async def on_answer(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._answer(interaction, args[0], args[1], [args[2]])

    async def on_empty(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._answer(interaction, args[0], args[1], [])

    async def on_pick(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._answer(interaction, args[0], args[1], ids.int_values(values))

    async def on_confirm(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        await self.answering.confirm(Responding(interaction), args[0], args[1], locale)

    async def _answer(self, interaction: Interaction, match_id: int, pid: int, indices: list[int]) -> None:
        locale = await self.bot.locale_of(interaction)
        await self.answering.answer(Responding(interaction), match_id, pid, indices, locale)

    async def on_draft(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        picks = ids.int_values(values)
        reply = await self.answering.draft(args[0], args[1], interaction.user.id, picks, locale)
        await self._redraw(interaction, reply)

    async def on_reset(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        reply = await self.answering.reset(args[0], args[1], interaction.user.id, locale)
        await self._redraw(interaction, reply)

    async def on_page(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        reply = await self.answering.redraw(args[0], args[1], interaction.user.id, args[2], locale)
        await self._redraw(interaction, reply)

    async def on_group(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        """A two-step pick: show the options of the chosen group."""
        locale = await self.bot.locale_of(interaction)
        page = GROUP_PAGE + int(values[0]) if values and values[0].isdigit() else 0
        reply = await self.answering.redraw(args[0], args[1], interaction.user.id, page, locale)
        await self._redraw(interaction, reply)

    @staticmethod
    async def _redraw(interaction: Interaction, reply: Reply) -> None:
        await Responding(interaction).update(reply)


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Play(bot))
