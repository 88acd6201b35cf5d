"""Acting in a game: /hand, /play, and every prompt button or select (DM or ephemeral)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.i18n import ls, t
from bot.interact import report, send
from bot.render import ids, private_payload
from bot.render.common import option_label
from bot.render.limits import OPTION_LABEL, clip
from bot.table import Live

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]
log = logging.getLogger(__name__)

# An answer committed within this many seconds of the click (Discord's clock: the interaction
# id) goes back in the click's own callback (one request); past it the click is deferred, well
# inside Discord's 3-second window.
ANSWER_BUDGET = 1.0
# A busy process defers clicks at once, since waiting out the budget first would only delay
# their acknowledgement: when answers have lately taken longer than BUSY to commit, or more than
# BUSY_ANSWERS are under way (a burst: the average has not caught up yet).
BUSY = 0.25
BUSY_ANSWERS = 16


class Pace:
    """How answers have been going: a moving average of the time from click (as Discord dated it)
    to commit, and how many are under way right now."""

    def __init__(self, weight: float = 0.2) -> None:
        self.weight = weight
        self.seconds = 0.0
        self.running = 0

    def begin(self) -> None:
        self.running += 1

    def end(self, seconds: float) -> None:
        self.running -= 1
        self.seconds += self.weight * (seconds - self.seconds)

    @property
    def busy(self) -> bool:
        return self.seconds > BUSY or self.running > BUSY_ANSWERS


class Play(commands.Cog):
    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self.pace = Pace()

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

    # -- finding the player's match --------------------------------------------------------------
    async def my_match(self, interaction: Interaction) -> tuple[Live, int]:
        """The caller's game in this channel, or (in DMs) their most recent running game."""
        table = self.bot.table
        user_id = interaction.user.id
        if interaction.guild_id is not None and interaction.channel_id is not None:
            live = await table.for_channel(interaction.channel_id)
        else:
            mine = [
                r for r in await table.store.matches.with_status("active") if r.seat_of(user_id) is not None
            ]
            if not mine:
                raise UserError("error.no_game_for_you")
            live = await table.get(mine[-1].id)
        seat = live.record.seat_of(user_id)
        if seat is None:
            raise UserError("error.not_a_player")
        return live, seat

    # -- /hand ------------------------------------------------------------------------------------
    @app_commands.command(
        name=ls("hand", "cmd.hand.name"),
        description=ls("See your cards and act (only you see it)", "cmd.hand.desc"),
    )
    async def hand(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        live, seat = await self.my_match(interaction)
        await self._show_private(interaction, live, seat, locale)

    async def on_hand(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self.bot.table.get(args[0])
        seat = live.record.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("error.not_a_player")
        await self._show_private(interaction, live, seat, locale)

    async def _show_private(self, interaction: Interaction, live: Live, seat: int, locale: str) -> None:
        if live.match is None:
            raise UserError("error.not_started")
        payload = private_payload(live, seat, locale)
        await send(
            interaction, embed=payload.embed, view=payload.view or discord.utils.MISSING, ephemeral=True
        )

    # -- /play ------------------------------------------------------------------------------------
    @app_commands.command(
        name=ls("play", "cmd.play.name"), description=ls("Make your move by name", "cmd.play.desc")
    )
    @app_commands.rename(choice=ls("choice", "cmd.opt.choice.name"))
    @app_commands.describe(choice=ls("One of your legal options", "cmd.opt.choice.desc"))
    async def play(self, interaction: Interaction, choice: str) -> None:
        locale = await self.bot.locale_of(interaction)
        live, seat = await self.my_match(interaction)
        prompt = live.prompt_for(seat)
        if prompt is None:
            raise UserError("error.not_your_turn")
        if prompt.max != 1 or prompt.ordered:
            raise UserError("error.use_hand")
        pid, index = self._parse_choice(live, prompt.pid, prompt.options, choice, locale)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            outcome = await self.bot.table.submit_indices(
                live.id, interaction.user.id, pid, [index], via="command"
            )
        except Exception as exc:  # noqa: BLE001 - reported with the game's card names
            await report(interaction, exc, locale, live.record.game)
            return
        live = await self.bot.table.get(live.id)
        payload = private_payload(live, seat, locale)
        await send(
            interaction,
            t("notice.done", locale),
            embed=payload.embed,
            view=payload.view or discord.utils.MISSING,
        )
        await self.bot.table.announce(outcome)

    def _parse_choice(
        self, live: Live, pid: int, options: tuple[Any, ...], choice: str, locale: str
    ) -> tuple[int, int]:
        head, _, tail = choice.partition(":")
        if head.isdigit() and tail.isdigit():
            return int(head), int(tail)
        wanted = choice.strip().casefold()
        for i, option in enumerate(options):
            label = option_label(live.record.game, option, locale).casefold()
            if wanted in (label, option.id.casefold()) or label.startswith(wanted):
                return pid, i
        raise UserError("error.unknown_choice", choice=choice)

    @play.autocomplete("choice")
    async def choice_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            locale = await self.bot.locale_of(interaction)
            live, seat = await self.my_match(interaction)
        except UserError:
            return []
        prompt = live.prompt_for(seat)
        if prompt is None or prompt.max != 1:
            return []
        key = current.casefold()
        out = []
        for i, option in enumerate(prompt.options):
            label = option_label(live.record.game, option, locale)
            if key in label.casefold():
                out.append(app_commands.Choice(name=clip(label, OPTION_LABEL), value=f"{prompt.pid}:{i}"))
        return out[:25]

    # -- components -------------------------------------------------------------------------------
    async def on_answer(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        match_id, pid, index = args
        await self._submit(interaction, match_id, pid, [index])

    async def on_empty(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._submit(interaction, args[0], args[1], [])

    async def on_pick(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._submit(interaction, args[0], args[1], [int(v) for v in values])

    async def on_confirm(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        match_id, pid = args[0], args[1]
        picks = self.bot.drafts.get(match_id, pid, interaction.user.id)
        await self._submit(interaction, match_id, pid, picks)

    async def on_draft(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        match_id, pid = args[0], args[1]
        self.bot.drafts.add(match_id, pid, interaction.user.id, [int(v) for v in values])
        await self._redraw(interaction, match_id, pid, page=0)

    async def on_reset(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        self.bot.drafts.clear(args[0], args[1], interaction.user.id)
        await self._redraw(interaction, args[0], args[1], page=0)

    async def on_page(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._redraw(interaction, args[0], args[1], page=args[2])

    async def _redraw(self, interaction: Interaction, match_id: int, pid: int, page: int) -> None:
        locale = await self.bot.locale_of(interaction)
        live = await self.bot.table.get(match_id)
        seat = live.record.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("error.not_a_player")
        prompt = live.prompt_for(seat)
        if prompt is None or prompt.pid != pid:
            raise UserError("error.stale_prompt")
        draft = self.bot.drafts.get(match_id, pid, interaction.user.id)
        payload = private_payload(live, seat, locale, page=page, draft=draft)
        await interaction.response.edit_message(embed=payload.embed, view=payload.view)

    async def _submit(self, interaction: Interaction, match_id: int, pid: int, indices: list[int]) -> None:
        """Commit the answer, then answer the click with the refreshed message in one callback
        (UPDATE_MESSAGE) when that was quick; work that may approach Discord's 3-second window
        (a match to rebuild from its log, a slow database) is deferred first. Then tell everyone."""
        locale = await self.bot.locale_of(interaction)
        table = self.bot.table
        # Ages count from Discord's creation of the click, so time spent queued here before this
        # handler ran counts too: what is left of the budget, and what the pace learns. (A local
        # clock running ahead only makes clicks deferred more often.)
        created = interaction.created_at.timestamp()
        budget = min(ANSWER_BUDGET, ANSWER_BUDGET - (time.time() - created))
        # A match to rebuild from its log first, a busy process, a click already old: defer now.
        if table.cached(match_id) is None or self.pace.busy or budget <= 0:
            await interaction.response.defer()
        work = asyncio.ensure_future(
            table.submit_indices(match_id, interaction.user.id, pid, indices, via="component")
        )
        self.pace.begin()
        work.add_done_callback(lambda _: self.pace.end(time.time() - created))
        try:
            if not interaction.response.is_done():
                done, _ = await asyncio.wait({work}, timeout=budget)
                if not done:
                    await self._defer(interaction)
            outcome = await work
        except Exception as exc:  # noqa: BLE001 - refusals are answered, and the stale message refreshed
            if not interaction.response.is_done():
                await self._defer(interaction)
            live = await table.get(match_id)
            await report(interaction, exc, locale, live.record.game)
            await self._refresh_clicked(interaction, live, locale)
            return
        # Committed: whatever happens to this click's reply, everyone else hears about it.
        try:
            self.bot.drafts.clear(match_id, pid, interaction.user.id)
            live = await table.get(match_id)
            await self._refresh_clicked(interaction, live, locale)
        finally:
            await table.announce(outcome)

    @staticmethod
    async def _defer(interaction: Interaction) -> None:
        """Defer once the answer is under way; if the click can no longer be answered (its window
        closed), the answer still goes on, and the clicker's view is sent another way."""
        try:
            await interaction.response.defer()
        except discord.HTTPException as exc:
            log.info("click %s could not be deferred: %s", interaction.id, exc)

    async def _refresh_clicked(self, interaction: Interaction, live: Live, locale: str) -> None:
        """Show the clicker their new position in the clicked message: as the click's callback
        if it was not answered yet, else by editing the deferred response; if the click can no
        longer be answered at all, as a private view the usual way (DM, or the channel notice)."""
        seat = live.record.seat_of(interaction.user.id)
        if seat is None or live.match is None:
            if not interaction.response.is_done():
                await self._defer(interaction)
            return
        payload = private_payload(live, seat, locale)
        try:
            if not interaction.response.is_done():
                await interaction.response.edit_message(embed=payload.embed, view=payload.view)
                message: discord.Message | None = interaction.message
            else:
                message = await interaction.edit_original_response(embed=payload.embed, view=payload.view)
        except discord.HTTPException as exc:
            log.info("click %s could not be answered: %s", interaction.id, exc)
            await self.bot.notifier.deliver(live, seat)
            return
        self.bot.notifier.note_private(live, seat, message)


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Play(bot))
