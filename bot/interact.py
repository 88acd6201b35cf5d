"""Replying to interactions: ephemeral refusals in the user's language, and a correlation id
for anything unexpected so a report can be matched to the log line."""

from __future__ import annotations

import logging
import uuid
from typing import Any

import discord

from bot.errors import UserError
from bot.i18n import coarse, error_text, t
from bot.render.limits import CONTENT, clip
from engine.core.errors import EngineError
from engine.core.registry import get_game

log = logging.getLogger(__name__)


async def send(interaction: discord.Interaction[Any], content: str | None = None, **kwargs: Any) -> None:
    """Reply or follow up, whichever the interaction still allows; ephemeral by default."""
    kwargs.setdefault("ephemeral", True)
    if content is not None:
        content = clip(content, CONTENT)  # a refusal may echo a long user string back
    if interaction.response.is_done():
        await interaction.followup.send(content or discord.utils.MISSING, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


def refusal(exc: Exception, locale: str, game: str | None = None) -> str | None:
    """The words for a refusal we expect, or None for a genuine failure."""
    if isinstance(exc, UserError):
        return t(exc.key, locale, **exc.params)
    if isinstance(exc, EngineError):
        card_name = get_game(game).card_name if game else (lambda c, loc: c)
        return error_text(exc.key, exc.params, locale, card_name)
    return None


async def report(
    interaction: discord.Interaction[Any], exc: Exception, locale: str | None = None, game: str | None = None
) -> None:
    """Tell the user what went wrong, briefly; log the unexpected with a reference they can quote."""
    locale = locale or coarse(interaction.locale)
    text = refusal(exc, locale, game)
    if text is None:
        ref = uuid.uuid4().hex[:8]
        log.error("interaction failed [ref %s]", ref, exc_info=exc)
        text = t("error.unexpected", locale, ref=ref)
    try:
        await send(interaction, text)
    except discord.HTTPException:
        log.warning("could not deliver an error reply", exc_info=True)


def unwrap(exc: Exception) -> Exception:
    """The original error inside discord.py's command wrappers."""
    while isinstance(exc, discord.app_commands.CommandInvokeError | discord.app_commands.TransformerError):
        inner = exc.__cause__ or getattr(exc, "original", None)
        if not isinstance(inner, Exception):
            break
        exc = inner
    return exc
