"""/automa: an automated opponent for a physical table, one per channel. `/automa start <opponent>`
and `/automa score <opponent>` are generated from each game's companions (their options models);
`turn`, `undo`, `status` and `stop` reach whichever companion runs in the channel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.companions import CompanionDirectory, offered
from bot.errors import UserError
from bot.i18n import ls
from bot.interact import send
from bot.leaderboard import render as lb_render
from bot.leaderboard.solo import opponent_name
from bot.plugins import CompanionSession, Reply
from bot.render import ids
from cogs.model_commands import Words, clip, english, model_command
from cogs.options_common import choices

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]

SOURCES = choices(
    "cmd.automa.choice", [("virtual", "the bot flips her card"), ("physical", "we flipped our physical card")]
)
WORDS = Words(prefix="cmd.automa.opt", choices="cmd.automa.choice")


async def reply(interaction: Interaction, answer: Reply) -> None:
    if answer.private:
        await send(interaction, answer.content, **({"embed": answer.embed} if answer.embed else {}))
        return
    kwargs: dict[str, Any] = {}
    if answer.embed is not None:
        kwargs["embed"] = answer.embed
    if answer.view is not None:
        kwargs["view"] = answer.view
    await interaction.response.send_message(answer.content, **kwargs)


class Automa(commands.Cog):
    automa = app_commands.Group(
        name=ls("automa", "cmd.automa.name"),
        description=ls("An automated opponent for your physical table", "cmd.automa.desc"),
        guild_only=True,
    )

    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self.specs = {spec.id: (game, spec) for game, spec in offered()}
        self.sessions: dict[str, CompanionSession] = {}

    async def cog_load(self) -> None:
        group = next(c for c in self.__cog_app_commands__ if isinstance(c, app_commands.Group))
        start = app_commands.Group(
            name=ls("start", "cmd.automa.start.name"),
            description=ls("Set up the automated opponent in this channel", "cmd.automa.start.desc"),
            parent=group,
        )
        score = app_commands.Group(
            name=ls("score", "cmd.automa.score.name"),
            description=ls("Her final score for the chosen level", "cmd.automa.score.desc"),
            parent=group,
        )
        for companion_id, (_game, spec) in self.specs.items():
            name = opponent_name(companion_id, "en")
            start.add_command(
                model_command(
                    companion_id,
                    ls(clip(english(f"cmd.automa.start.{companion_id}.desc", f"Set up {name} in this channel")),
                       f"cmd.automa.start.{companion_id}.desc"),
                    spec.start_options,
                    self._starter(companion_id),
                    words=WORDS,
                )
            )
            if spec.score_options is not None:
                score.add_command(
                    model_command(
                        companion_id,
                        ls(clip(english(f"cmd.automa.score.{companion_id}.desc", f"{name}'s final score")),
                           f"cmd.automa.score.{companion_id}.desc"),
                        spec.score_options,
                        self._scorer(companion_id),
                        words=WORDS,
                    )
                )
        if not score.commands:
            group.remove_command(score.name)
        if hasattr(self.bot, "store"):  # not when only building the commands to sync them
            self.directory = CompanionDirectory(self.bot.store.db)
            for companion_id, (_game, spec) in self.specs.items():
                session = self.sessions[companion_id] = spec.build(self.bot)
                for kind, handler in session.components().items():
                    self.bot.on_component(kind, handler)
            self.bot.on_component(ids.COMPANION_RECORD, self.on_record)

    def _starter(self, companion_id: str) -> Any:
        async def run(interaction: Interaction, options: dict[str, Any], extra: dict[str, Any]) -> None:
            spec = self.specs[companion_id][1]
            parsed = spec.start_options.model_validate(options).to_options()
            await reply(interaction, await self.sessions[companion_id].start(interaction, parsed))

        return run

    def _scorer(self, companion_id: str) -> Any:
        async def run(interaction: Interaction, counts: dict[str, Any], extra: dict[str, Any]) -> None:
            session = await self.session_of(interaction)
            if session is not self.sessions[companion_id]:
                raise UserError("automa.none")
            await reply(interaction, await session.score(interaction, counts))

        return run

    async def session_of(self, interaction: Interaction) -> CompanionSession:
        """The companion running in this channel."""
        kind = await self.directory.active_kind(interaction.channel_id or 0)
        session = self.sessions.get(kind) if kind is not None else None
        if session is None:
            raise UserError("automa.none")
        return session

    @automa.command(
        name=ls("turn", "cmd.automa.turn.name"), description=ls("Run her next turn", "cmd.automa.turn.desc")
    )
    @app_commands.rename(source=ls("card", "cmd.automa.opt.source.name"))
    @app_commands.describe(source=ls("Who flips her Activity card", "cmd.automa.opt.source.desc"))
    @app_commands.choices(source=SOURCES)
    async def turn(self, interaction: Interaction, source: app_commands.Choice[str] | None = None) -> None:
        session = await self.session_of(interaction)
        physical = source is not None and source.value == "physical"
        await reply(interaction, await session.turn(interaction, physical))

    @automa.command(
        name=ls("undo", "cmd.automa.undo.name"),
        description=ls("Take back her last step", "cmd.automa.undo.desc"),
    )
    async def undo(self, interaction: Interaction) -> None:
        await reply(interaction, await (await self.session_of(interaction)).undo(interaction))

    @automa.command(
        name=ls("trap", "cmd.automa.trap.name"),
        description=ls("You conquered the opponent's territory: does it hold a Trap?", "cmd.automa.trap.desc"),
    )
    async def trap(self, interaction: Interaction) -> None:
        session = await self.session_of(interaction)
        trap = getattr(session, "trap", None)  # only companions whose game has Traps
        if trap is None:
            raise UserError("automa.no_trap")
        await reply(interaction, await trap(interaction))

    @automa.command(
        name=ls("status", "cmd.automa.status.name"),
        description=ls("Her season, workers, hand and points", "cmd.automa.status.desc"),
    )
    async def status(self, interaction: Interaction) -> None:
        await reply(interaction, await (await self.session_of(interaction)).status(interaction))

    @automa.command(
        name=ls("stop", "cmd.automa.stop.name"),
        description=ls("Put the automated opponent away", "cmd.automa.stop.desc"),
    )
    async def stop(self, interaction: Interaction) -> None:
        await reply(interaction, await (await self.session_of(interaction)).stop(interaction))

    async def on_record(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        """The /result record sheet for this table game against the companion at its level, her
        score already in; the people who played are picked and confirm as for any table result."""
        companion_id, level, total = args[0], args[1], args[2]
        results = self.bot.get_cog("Results")
        kind = await self.directory.kind_of(companion_id)
        found = self.specs.get(kind) if kind is not None else None
        if results is None or found is None or interaction.guild_id is None:
            raise UserError("automa.none")
        draft = results.results.start(  # type: ignore[attr-defined]
            interaction.guild_id, interaction.channel_id or 0, interaction.user.id, found[0], f"{kind}:{level}", total
        )
        await send(interaction, **lb_render.draft_payload(draft, await self.bot.locale_of(interaction)))


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Automa(bot))
