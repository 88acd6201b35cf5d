"""Opening and refreshing lobbies, for every game: the use cases behind `/<game> new` and the
lobby buttons. A game's own part comes from its UI plug-in (`bot.plugins`): its options model has
already coerced what was typed; its `prepare` turns that into options and a table size; the
engine's `normalize_options` has the last word."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord

from bot import data_sets, plugins
from bot.errors import UserError
from bot.i18n import has, t
from bot.plugins import LobbyRequest
from bot.render.lobby import lobby_payload
from engine.core.errors import InvalidSetup
from engine.core.options import parse_options
from engine.core.registry import get_game

if TYPE_CHECKING:
    from bot.app import BoardGamesBot
    from bot.table import Live

Interaction = discord.Interaction[Any]


def display_name(user: discord.abc.User) -> str:
    return user.display_name or user.name


def option_name(field: str, locale: str) -> str:
    """An option as the player's client shows it in the command."""
    key = f"cmd.opt.{field}.name"
    return t(key, locale) if has(key, locale) or has(key) else field


def localized_refusal(exc: InvalidSetup, game_id: str, locale: str) -> UserError:
    """The engine's refusal with option names as the player sees them in `/<game> new`."""
    fields = set(get_game(game_id).options_model.model_fields)
    params = {
        name: option_name(value, locale) if isinstance(value, str) and value in fields else value
        for name, value in exc.params.items()
    }
    return UserError(exc.key, **params)


async def open_table(
    bot: BoardGamesBot,
    interaction: Interaction,
    game_id: str,
    raw: dict[str, Any],
    players: int | None,
    channel_locale: str,
) -> Live:
    """Checks the options, opens the lobby and posts it; refusals change nothing."""
    locale = await bot.locale_of(interaction)
    definition = get_game(game_id)
    game_ui = plugins.ui(game_id)
    guild = interaction.guild_id
    texts = await bot.store.guild_data.texts(guild, game_id) if guild and definition.data_sets else {}
    try:
        request = LobbyRequest(
            bot=bot,
            game=game_id,
            options=parse_options(definition.options_model, raw),  # coerced and checked
            players=players,
            guild_id=interaction.guild_id,
            user_id=interaction.user.id,
            locale=locale,
            server_data=texts,
        )
        plan = await game_ui.prepare(request)
        # The server's files that matter to this table, copied as text: a later upload or
        # removal never changes it, and its record alone replays it.
        chosen = {**plan.options, **data_sets.lobby_copies(game_id, plan.options, texts)}
        options = definition.normalize_options(chosen, 2) if chosen else {}
    except InvalidSetup as exc:
        raise localized_refusal(exc, game_id, locale) from None
    assert interaction.channel_id is not None
    standing = (await bot.prefs.get(interaction.user.id)).of(game_id)  # /settings: this game's own
    live = await bot.table.open_lobby(
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        game=game_id,
        options=game_ui.on_open(options, interaction.user.id, standing),
        host_id=interaction.user.id,
        host_name=display_name(interaction.user),
        locale=channel_locale,
        capacity=plan.capacity,
    )
    payload = lobby_payload(live, live.record.locale)
    await interaction.response.send_message(embed=payload.embed, view=payload.view or discord.utils.MISSING)
    message = await interaction.original_response()
    await bot.table.set_lobby_message(live.id, message.id)
    return live


async def refresh(bot: BoardGamesBot, interaction: Interaction, match_id: int) -> None:
    """Redraw the lobby on the message the click came from."""
    live = await bot.table.get(match_id)
    payload = lobby_payload(live, live.record.locale)
    if interaction.response.is_done():
        await interaction.edit_original_response(embed=payload.embed, view=payload.view)
    else:
        await interaction.response.edit_message(embed=payload.embed, view=payload.view)


async def edit_lobby_message(bot: BoardGamesBot, match_id: int) -> None:
    """Redraw the lobby's own message (after a change made by a command, not a click on it)."""
    live = await bot.table.get(match_id)
    if live.record.lobby_message_id is None:
        return
    payload = lobby_payload(live, live.record.locale)
    channel = bot.get_partial_messageable(live.record.channel_id, guild_id=live.record.guild_id)
    with contextlib.suppress(discord.HTTPException):
        await channel.get_partial_message(live.record.lobby_message_id).edit(embed=payload.embed, view=payload.view)


async def join(bot: BoardGamesBot, interaction: Interaction, match_id: int) -> None:
    user = interaction.user
    game = (await bot.table.get(match_id)).record.game
    standing = (await bot.prefs.get(user.id)).of(game)  # /settings: their seat's default
    await bot.table.join(match_id, user.id, display_name(user), plugins.ui(game).on_join(user.id, standing))
    await refresh(bot, interaction, match_id)


async def add_bot(bot: BoardGamesBot, interaction: Interaction, match_id: int, policy: str | None) -> None:
    """The host seats a bot: the game's default, or the strength picked in the lobby."""
    live = await bot.table.get(match_id)
    if policy is not None and policy not in live.definition.policies:
        raise UserError("error.bad_option", option="bot", value=policy)
    await bot.table.add_bot(match_id, interaction.user.id, policy)
    await refresh(bot, interaction, match_id)


async def start(bot: BoardGamesBot, match_id: int, user_id: int) -> Live:
    """The game's own start (seat choices written first) or the table's."""
    live = await bot.table.get(match_id)
    own = plugins.ui(live.record.game).start
    return await (own(bot.table, match_id, user_id) if own is not None else bot.table.start(match_id, user_id))
