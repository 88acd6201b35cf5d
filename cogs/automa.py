"""/automa: an automated opponent for a physical table (Nightweave), one per channel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import UserError
from bot.games.everdell import companion_render as render
from bot.games.everdell.companion import CompanionService
from bot.i18n import ls, t
from bot.interact import send
from bot.leaderboard import render as lb_render
from cogs.options_common import NightweaveLevel, channel_locale, choices, module_list, value_of
from cogs.results import Results

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]

GAMES = choices("cmd.automa.choice", [("nightweave", "Nightweave (Everdell: Mistwood)")])
SOURCES = choices(
    "cmd.automa.choice", [("virtual", "the bot flips her card"), ("physical", "we flipped our physical card")]
)
MODULES = choices(
    "cmd.automa.choice",
    [("", "none"), ("personalities", "Personalities"), ("plans", "Plans"), ("plots", "Plots")],
)


class Automa(commands.Cog):
    automa = app_commands.Group(
        name=ls("automa", "cmd.automa.name"),
        description=ls("An automated opponent for your physical table", "cmd.automa.desc"),
        guild_only=True,
    )

    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self.service = CompanionService(bot.store.db) if hasattr(bot, "store") else None

    async def cog_load(self) -> None:
        if hasattr(self.bot, "store"):
            self.bot.on_component(render.BUTTON, self.on_button)
            self.bot.on_component(render.SELECT, self.on_select)
            self.bot.on_component(render.RECORD, self.on_record)

    def svc(self) -> CompanionService:
        assert self.service is not None
        return self.service

    async def locale(self, interaction: Interaction) -> str:
        return await self.bot.locale_of(interaction)

    @automa.command(
        name=ls("start", "cmd.automa.start.name"),
        description=ls("Set up the automated opponent in this channel", "cmd.automa.start.desc"),
    )
    @app_commands.rename(
        game=ls("game", "cmd.automa.opt.game.name"),
        level=ls("level", "cmd.automa.opt.level.name"),
        humans=ls("humans", "cmd.automa.opt.humans.name"),
        modules=ls("modules", "cmd.automa.opt.modules.name"),
    )
    @app_commands.describe(
        game=ls("Which automated opponent", "cmd.automa.opt.game.desc"),
        level=ls("Difficulty, 0 (tame) to 4 (terrifying)", "cmd.automa.opt.level.desc"),
        humans=ls("How many people play against her", "cmd.automa.opt.humans.desc"),
        modules=ls(
            "Bonus module in play (the bot reminds you; you run its card)", "cmd.automa.opt.modules.desc"
        ),
    )
    @app_commands.choices(game=GAMES, modules=MODULES)
    async def start(
        self,
        interaction: Interaction,
        game: app_commands.Choice[str],
        level: NightweaveLevel,
        humans: app_commands.Range[int, 1, 2] = 1,
        modules: app_commands.Choice[str] | None = None,
    ) -> None:
        chosen = module_list(value_of(modules))
        guild = interaction.guild_id
        files = await self.bot.store.guild_data.texts(guild, "everdell") if guild else {}
        report = await self.svc().start(
            guild,
            interaction.channel_id or 0,
            interaction.user.id,
            game.value,
            level,
            humans,
            chosen,
            files.get("deck"),  # the server's own Activity deck, when it uploaded one
        )
        locale = channel_locale(interaction)
        text = t("automa.started", locale, level=level, humans=humans, user=interaction.user.mention)
        await interaction.response.send_message(text, embed=render.status_embed(report, locale))

    @automa.command(
        name=ls("turn", "cmd.automa.turn.name"), description=ls("Run her next turn", "cmd.automa.turn.desc")
    )
    @app_commands.rename(source=ls("card", "cmd.automa.opt.source.name"))
    @app_commands.describe(source=ls("Who flips her Activity card", "cmd.automa.opt.source.desc"))
    @app_commands.choices(source=SOURCES)
    async def turn(self, interaction: Interaction, source: app_commands.Choice[str] | None = None) -> None:
        locale = channel_locale(interaction)
        channel = interaction.channel_id or 0
        if source is not None and source.value == "physical":
            cid, steps, cards = await self.svc().card_choices(channel)
            await interaction.response.send_message(
                t("nw.which_card", locale), view=render.card_menu(cid, steps, cards, locale)
            )
            return
        report = await self.svc().turn(channel, interaction.user.id)
        await interaction.response.send_message(
            embed=render.turn_embed(report, locale), view=render.turn_view(report, locale)
        )

    @automa.command(
        name=ls("undo", "cmd.automa.undo.name"),
        description=ls("Take back her last step", "cmd.automa.undo.desc"),
    )
    async def undo(self, interaction: Interaction) -> None:
        locale = channel_locale(interaction)
        report = await self.svc().undo(interaction.channel_id or 0)
        await interaction.response.send_message(
            t("automa.undone", locale, user=interaction.user.mention, n=report.seq),
            embed=render.status_embed(report, locale),
        )

    @automa.command(
        name=ls("status", "cmd.automa.status.name"),
        description=ls("Her season, workers, hand and points", "cmd.automa.status.desc"),
    )
    async def status(self, interaction: Interaction) -> None:
        report = await self.svc().status(interaction.channel_id or 0)
        await send(interaction, embed=render.status_embed(report, await self.locale(interaction)))

    @automa.command(
        name=ls("score", "cmd.automa.score.name"),
        description=ls("Her final score for the chosen level", "cmd.automa.score.desc"),
    )
    @app_commands.rename(
        cards=ls("cards", "cmd.automa.opt.cards.name"),
        zero_cards=ls("zero_cards", "cmd.automa.opt.zero_cards.name"),
        prosperity=ls("prosperity", "cmd.automa.opt.prosperity.name"),
        basic_events=ls("basic_events", "cmd.automa.opt.basic_events.name"),
        special_events=ls("special_events", "cmd.automa.opt.special_events.name"),
        journey=ls("journey", "cmd.automa.opt.journey.name"),
    )
    @app_commands.describe(
        cards=ls("Printed points of the cards in her village", "cmd.automa.opt.cards.desc"),
        zero_cards=ls("Her village cards printed with 0 points", "cmd.automa.opt.zero_cards.desc"),
        prosperity=ls("Her purple Prosperity cards (with printed points)", "cmd.automa.opt.prosperity.desc"),
        basic_events=ls("Printed points of her Basic Events", "cmd.automa.opt.basic_events.desc"),
        special_events=ls("How many Special Events she achieved", "cmd.automa.opt.special_events.desc"),
        journey=ls("Her Journey points (default: what the bot counted)", "cmd.automa.opt.journey.desc"),
    )
    async def score(
        self,
        interaction: Interaction,
        cards: app_commands.Range[int, 0, 500],
        zero_cards: app_commands.Range[int, 0, 50] = 0,
        prosperity: app_commands.Range[int, 0, 50] = 0,
        basic_events: app_commands.Range[int, 0, 100] = 0,
        special_events: app_commands.Range[int, 0, 10] = 0,
        journey: app_commands.Range[int, 0, 50] | None = None,
    ) -> None:
        report = await self.svc().status(interaction.channel_id or 0)
        counts = {
            "cards": cards,
            "zero_cards": zero_cards,
            "prosperity_cards": prosperity,
            "basic_events": basic_events,
            "special_events": special_events,
            "journey": report.state.journey if journey is None else journey,
        }
        locale = channel_locale(interaction)
        total = render.score_parts(report, counts)["total"]
        await interaction.response.send_message(
            embed=render.score_embed(report, locale, counts), view=render.record_view(report, total, locale)
        )

    @automa.command(
        name=ls("stop", "cmd.automa.stop.name"),
        description=ls("Put the automated opponent away", "cmd.automa.stop.desc"),
    )
    async def stop(self, interaction: Interaction) -> None:
        await self.svc().stop(interaction.channel_id or 0)
        await interaction.response.send_message(
            t("automa.stopped", channel_locale(interaction), user=interaction.user.mention)
        )

    # -- components ----------------------------------------------------------------------------
    async def on_button(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        companion_id, seq, code = args[0], args[1], args[2]
        locale = channel_locale(interaction)
        channel = interaction.channel_id or 0
        if code == 4:
            report = await self.svc().undo(channel)
            await interaction.response.edit_message(
                content=t("automa.undone", locale, user=interaction.user.mention, n=report.seq),
                embed=render.status_embed(report, locale),
                view=None,
            )
            return
        report = await self.svc().amend(channel, companion_id, seq, code)
        await interaction.response.edit_message(
            embed=render.turn_embed(report, locale), view=render.turn_view(report, locale)
        )

    async def on_select(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        locale = channel_locale(interaction)
        report = await self.svc().turn(
            interaction.channel_id or 0, interaction.user.id, card=values[0], expect=args[1]
        )
        await interaction.response.edit_message(
            content=None, embed=render.turn_embed(report, locale), view=render.turn_view(report, locale)
        )

    async def on_record(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        """The /result record sheet for this table game: Everdell against her at this level, her
        score already in; the people who played are picked and confirm as for any table result."""
        _companion_id, level, total = args[0], args[1], args[2]
        results = self.bot.get_cog("Results")
        if not isinstance(results, Results) or interaction.guild_id is None:
            raise UserError("automa.none")
        draft = results.results.start(
            interaction.guild_id,
            interaction.channel_id or 0,
            interaction.user.id,
            "everdell",
            f"nightweave:{level}",
            total,
        )
        await send(interaction, **lb_render.draft_payload(draft, await self.locale(interaction)))


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Automa(bot))
