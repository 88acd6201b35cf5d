"""/game new, status, leave, abandon, and the lobby buttons."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import mistwood_data
from bot.i18n import coarse, ls, t
from bot.interact import send
from bot.lobby_dominion import adopt_standing, choose_reactions, standing_options, start_with_choices
from bot.lobby_everdell import MODULE_CHOICES, OPPONENTS, everdell_setup
from bot.render import board_payload, ids
from bot.render.lobby import LOBBY_REACTIONS, lobby_payload, set_names
from bot.table import Outcome
from cogs.options_common import (
    ERRATA,
    PLAYER_POWERS,
    REACTIONS,
    SETS,
    EventCount,
    NightweaveLevel,
    channel_locale,
    choices,
    dominion_options,
    player_powers_option,
    value_of,
)
from cogs.pbp import CLOCKS, clock_hours
from engine.core.registry import game_ids, get_game

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]

RUGWORT_YEARS = choices(
    "cmd.choice.rugwort",
    [
        (1, "Year 1 — Rugwort the Rascal"),
        (2, "Year 2 — Rugwort the Rotten"),
        (3, "Year 3 — Rugwort the Rapscallion"),
    ],
)
OPPONENT_CHOICES = choices(
    "cmd.choice.opponent",
    list(zip(OPPONENTS, ("none", "Rugwort (solo)", "Nightweave (Mistwood)"), strict=True)),
)
MODULE_NAMES = (
    "none",
    "Personalities",
    "Plans (solo)",
    "Plots (solo)",
    "Personalities + Plans (solo)",
    "Personalities + Plots (solo)",
)
MODULES = choices("cmd.choice.modules", list(zip(MODULE_CHOICES, MODULE_NAMES, strict=True)))


def display_name(user: discord.abc.User) -> str:
    return user.display_name or user.name


class Lobby(commands.Cog):
    game = app_commands.Group(
        name=ls("game", "cmd.game.name"), description=ls("Play a board game in this channel", "cmd.game.desc")
    )

    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.on_component(ids.LOBBY_JOIN, self.on_join)
        self.bot.on_component(ids.LOBBY_LEAVE, self.on_leave)
        self.bot.on_component(ids.LOBBY_BOT, self.on_add_bot)
        self.bot.on_component(ids.LOBBY_START, self.on_start)
        self.bot.on_component(LOBBY_REACTIONS, self.on_reactions)

    # -- /game new -----------------------------------------------------------------------------
    @game.command(
        name=ls("new", "cmd.game.new.name"),
        description=ls("Open a lobby for a new game", "cmd.game.new.desc"),
    )
    @app_commands.guild_only()
    @app_commands.rename(
        game_id=ls("game", "cmd.opt.game.name"),
        kingdom=ls("kingdom", "cmd.opt.kingdom.name"),
        players=ls("players", "cmd.opt.players.name"),
        clock=ls("clock", "cmd.pbp.opt.clock.name"),
        rugwort=ls("rugwort", "cmd.opt.rugwort.name"),
        opponent=ls("opponent", "cmd.opt.opponent.name"),
        level=ls("level", "cmd.opt.level.name"),
        modules=ls("modules", "cmd.opt.modules.name"),
        player_powers=ls("player_powers", "cmd.opt.player_powers.name"),
        reactions=ls("reactions", "cmd.opt.reactions.name"),
        sets=ls("sets", "cmd.opt.sets.name"),
        max_events=ls("max_events", "cmd.opt.max_events.name"),
        errata=ls("errata", "cmd.opt.errata.name"),
        legends=ls("legends", "cmd.opt.legends.name"),
        corrin=ls("corrin", "cmd.opt.corrin.name"),
        farms=ls("farms", "cmd.opt.farms.name"),
    )
    @app_commands.describe(
        game_id=ls("Which game", "cmd.opt.game.desc"),
        kingdom=ls(
            "Dominion: a preset name, random, or 10 cards separated by commas", "cmd.opt.kingdom.desc"
        ),
        players=ls("Seats at the table (1-6; each game has its own limits)", "cmd.opt.players.desc"),
        clock=ls("Time for each turn (play-by-post)", "cmd.pbp.opt.clock.desc"),
        rugwort=ls("Everdell solo: Rugwort's year (1 to 3)", "cmd.opt.rugwort.desc"),
        opponent=ls("Everdell with 1 or 2 people: an automated opponent", "cmd.opt.opponent.desc"),
        level=ls("Everdell: Nightweave's level, 0 (tame) to 4 (terrifying)", "cmd.opt.level.desc"),
        modules=ls("Everdell: Nightweave's bonus modules", "cmd.opt.modules.desc"),
        player_powers=ls(
            "Everdell: Mistwood's player powers, one kept by each player (also against Nightweave)",
            "cmd.opt.player_powers.desc",
        ),
        reactions=ls(
            "Dominion: Moat and Caravan Guard in hand — used at once, or asked", "cmd.opt.reactions.desc"
        ),
        sets=ls("Dominion: the card sets a random kingdom draws from", "cmd.opt.sets.desc"),
        max_events=ls(
            "Dominion with Adventures: most Events a random kingdom draws (0-20; the rulebook says 2)",
            "cmd.opt.max_events.desc",
        ),
        errata=ls(
            "Dominion: Adventures cards as first printed, or with the later official errata",
            "cmd.opt.errata.desc",
        ),
        legends=ls("Everdell: Mistwood's More Legends cards (needs the server's card data)", "cmd.opt.legends.desc"),
        corrin=ls("Everdell: Mistwood's Corrin Evertail cards (needs the server's card data)", "cmd.opt.corrin.desc"),
        farms=ls("Everdell: Mistwood's Farms, Through Every Season (needs the server's card data)", "cmd.opt.farms.desc"),
    )
    @app_commands.choices(clock=[c for c in CLOCKS if c.value != "custom"])
    @app_commands.choices(rugwort=RUGWORT_YEARS)
    @app_commands.choices(opponent=OPPONENT_CHOICES, modules=MODULES, reactions=REACTIONS)
    @app_commands.choices(sets=SETS, errata=ERRATA, player_powers=PLAYER_POWERS)
    async def new(
        self,
        interaction: Interaction,
        game_id: str,
        kingdom: str | None = None,
        players: app_commands.Range[int, 1, 6] | None = None,
        clock: app_commands.Choice[str] | None = None,
        rugwort: app_commands.Choice[int] | None = None,
        opponent: app_commands.Choice[str] | None = None,
        level: NightweaveLevel | None = None,
        modules: app_commands.Choice[str] | None = None,
        player_powers: app_commands.Choice[str] | None = None,
        reactions: app_commands.Choice[str] | None = None,
        sets: app_commands.Choice[str] | None = None,
        max_events: EventCount | None = None,
        errata: app_commands.Choice[str] | None = None,
        legends: bool | None = None,
        corrin: bool | None = None,
        farms: bool | None = None,
    ) -> None:
        locale = await self.bot.locale_of(interaction)
        if game_id not in game_ids():
            await send(interaction, t("error.unknown_game", locale, game=game_id))
            return
        assert interaction.channel_id is not None
        options: dict[str, Any] = {"kingdom": kingdom} if kingdom else {}
        options.update(
            dominion_options(
                game_id,
                locale,
                kingdom=kingdom,
                reactions=value_of(reactions),
                sets=value_of(sets),
                max_events=max_events,
                errata=value_of(errata),
            )
        )
        chosen: dict[str, Any] = {}
        if game_id == "everdell":
            chosen, players = everdell_setup(
                value_of(opponent), value_of(rugwort), level, value_of(modules), players
            )
            options.update(chosen)
        options.update(player_powers_option(game_id, locale, value_of(player_powers), chosen))
        # The server's own Mistwood files, copied as text: a later upload never changes this table.
        guild = interaction.guild_id
        files = await self.bot.store.mistwood.texts(guild) if game_id == "everdell" and guild else {}
        packs = mistwood_data.chosen_packs(legends, corrin, farms)
        options.update(mistwood_data.lobby_options(game_id, locale, packs, options, files))
        options = get_game(game_id).normalize_options(options, 2) if options else {}
        standing = (await self.bot.prefs.get(interaction.user.id)).reactions
        live = await self.bot.table.open_lobby(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            game=game_id,
            options=standing_options(options, game_id, interaction.user.id, standing),
            host_id=interaction.user.id,
            host_name=display_name(interaction.user),
            locale=channel_locale(interaction),
            capacity=players,
        )
        payload = lobby_payload(live, live.record.locale)
        await interaction.response.send_message(
            embed=payload.embed, view=payload.view or discord.utils.MISSING
        )
        message = await interaction.original_response()
        await self.bot.table.set_lobby_message(live.id, message.id)
        if clock is not None:
            await self.bot.pbp.set_clock(live, clock_hours(clock.value, None), None)

    @new.autocomplete("game_id")
    async def game_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        locale = coarse(interaction.locale)
        out = []
        for gid in game_ids():
            names = get_game(gid).names
            name = names.get(locale) or names.get("en") or gid
            if current.casefold() in name.casefold() or current.casefold() in gid:
                out.append(app_commands.Choice(name=name, value=gid))
        return out[:25]

    @new.autocomplete("kingdom")
    async def kingdom_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Random, then the recommended kingdoms with the sets they use, found by their English or
        Portuguese name; anything else typed (a list of cards) is sent as typed."""
        from engine.games.dominion.cards import cards, kingdoms

        locale = coarse(interaction.locale)
        key = current.casefold()
        found = [app_commands.Choice(name=t("lobby.random", locale), value="random")]
        found = [c for c in found if key in c.name.casefold() or key in "random"]
        table = cards()
        for k in kingdoms().values():
            if key not in k.name.casefold() and key not in k.name_pt.casefold():
                continue
            used = {table[c].set for c in (*k.cards, *k.events) if c in table}
            sets = set_names([s for s in ("base", "adventures") if s in used], locale)
            name = k.name_pt if locale == "pt" else k.name
            found.append(app_commands.Choice(name=f"{name} · {sets}", value=k.name))
        return found[:25]

    # -- lobby buttons ----------------------------------------------------------------------------
    async def _refresh(self, interaction: Interaction, match_id: int) -> None:
        live = await self.bot.table.get(match_id)
        payload = lobby_payload(live, live.record.locale)
        if interaction.response.is_done():
            await interaction.edit_original_response(embed=payload.embed, view=payload.view)
        else:
            await interaction.response.edit_message(embed=payload.embed, view=payload.view)

    async def on_join(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        user = interaction.user
        standing = (await self.bot.prefs.get(user.id)).reactions  # /settings: their seat's default
        await self.bot.table.join(args[0], user.id, display_name(user), adopt_standing(user.id, standing))
        await self._refresh(interaction, args[0])

    async def on_leave(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self.bot.table.leave_lobby(args[0], interaction.user.id)
        await self._refresh(interaction, args[0])

    async def on_add_bot(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self.bot.table.add_bot(args[0], interaction.user.id)
        await self._refresh(interaction, args[0])

    async def on_start(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        live = await self.bot.table.get(args[0])
        if interaction.user.id != live.record.host_id:
            await send(interaction, t("error.host_only", await self.bot.locale_of(interaction)))
            return
        await interaction.response.defer()  # building the match and posting the board can take a moment
        await start_with_choices(self.bot.table, args[0], interaction.user.id)
        await self._refresh(interaction, args[0])
        await self.bot.table.announce(
            Outcome(args[0], "start", via="component", actor_id=interaction.user.id)
        )

    async def on_reactions(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        """Dominion: a seated player's own mode for reactions in hand (the select shows no
        selection afterwards; the embed lists every seat's mode)."""
        await choose_reactions(self.bot.table, args[0], interaction.user.id, values[0] if values else "")
        await self._refresh(interaction, args[0])

    # -- /game status, leave, abandon -------------------------------------------------------------
    @game.command(
        name=ls("status", "cmd.game.status.name"),
        description=ls("Show the game in this channel", "cmd.game.status.desc"),
    )
    @app_commands.guild_only()
    async def status(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        assert interaction.channel_id is not None
        live = await self.bot.table.for_channel(interaction.channel_id)
        payload = (
            lobby_payload(live, locale) if live.record.status == "lobby" else board_payload(live, locale)
        )
        await send(interaction, embed=payload.embed)

    @game.command(
        name=ls("leave", "cmd.game.leave.name"),
        description=ls("Leave the game in this channel", "cmd.game.leave.desc"),
    )
    @app_commands.guild_only()
    async def leave(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        assert interaction.channel_id is not None
        live = await self.bot.table.for_channel(interaction.channel_id)
        if live.record.status == "lobby":
            await self.bot.table.leave_lobby(live.id, interaction.user.id)
            await self._edit_lobby_message(live.id)
            await send(interaction, t("notice.left_lobby", locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        live, seat = await self.bot.table.hand_to_bot(live.id, interaction.user.id)
        await send(interaction, t("notice.left_game", locale))
        await self.bot.table.announce(Outcome(live.id, "leave", seat=seat, actor_id=interaction.user.id))

    @game.command(
        name=ls("abandon", "cmd.game.abandon.name"),
        description=ls("End the game in this channel without a result", "cmd.game.abandon.desc"),
    )
    @app_commands.guild_only()
    async def abandon(self, interaction: Interaction) -> None:
        locale = await self.bot.locale_of(interaction)
        assert interaction.channel_id is not None
        live = await self.bot.table.for_channel(interaction.channel_id)
        was_lobby = live.record.status == "lobby"
        can_manage = bool(interaction.permissions.manage_guild)
        await interaction.response.defer(ephemeral=True, thinking=True)
        live = await self.bot.table.abandon(live.id, interaction.user.id, can_manage)
        if was_lobby:
            await self._edit_lobby_message(live.id)
        else:
            await self.bot.table.announce(Outcome(live.id, "abandon", actor_id=interaction.user.id))
        await send(interaction, t("notice.abandoned_done", locale, id=live.id))

    async def _edit_lobby_message(self, match_id: int) -> None:
        live = await self.bot.table.get(match_id)
        if live.record.lobby_message_id is None:
            return
        payload = lobby_payload(live, live.record.locale)
        channel = self.bot.get_partial_messageable(live.record.channel_id, guild_id=live.record.guild_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(live.record.lobby_message_id).edit(
                embed=payload.embed, view=payload.view
            )


async def setup(bot: BoardGamesBot) -> None:
    await bot.add_cog(Lobby(bot))
