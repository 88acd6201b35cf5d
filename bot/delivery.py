"""Riding out Discord's bad moments on the REST side.

discord.py already waits out 429s (per route and global, by `retry_after`) and retries 500, 502,
504 and 524 a few times. It gives up at once on a 503 and on a connection that drops or resets
(on Linux a reset is errno 104, which its retry, written for BSD and Windows codes, misses).
`retry_rest` adds a retry with backoff for those, for requests that are safe to repeat: reads,
edits and deletes, and messages sent with a nonce Discord enforces (discord.py sends every
channel message with one, so a repeat of a message that did arrive returns it, not a copy).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any

import aiohttp
import discord

log = logging.getLogger(__name__)

# Transport failures: the request may or may not have been carried out.
TRANSPORT_ERRORS: tuple[type[BaseException], ...] = (
    aiohttp.ClientConnectionError,
    OSError,
    asyncio.TimeoutError,
)
# Everything that means "Discord did not take this", for callers that then deliver another way.
DELIVERY_ERRORS: tuple[type[BaseException], ...] = (discord.HTTPException, *TRANSPORT_ERRORS)
# Backoff between attempts (seconds, before jitter); background deliveries may wait this long.
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)


def repeatable(method: str, kwargs: dict[str, Any]) -> bool:
    """Is sending this request twice harmless?"""
    if method in ("GET", "PUT", "PATCH", "DELETE", "HEAD"):
        return True
    payload = kwargs.get("json")
    if payload is None:
        for part in kwargs.get("form") or ():
            if part.get("name") == "payload_json":
                try:
                    payload = json.loads(part.get("value") or "null")
                except ValueError:
                    payload = None
    return isinstance(payload, dict) and bool(payload.get("enforce_nonce")) and "nonce" in payload


def retry_rest(http: Any) -> None:
    """Wrap `http.request` (discord.py's HTTPClient) with the retry above."""
    request = http.request

    async def with_retry(route: Any, **kwargs: Any) -> Any:
        method = getattr(route, "method", "GET")
        for attempt, pause in enumerate((*BACKOFF, None)):
            try:
                return await request(route, **kwargs)
            except discord.DiscordServerError as exc:
                failure: BaseException = exc
            except TRANSPORT_ERRORS as exc:
                failure = exc
            if pause is None or not repeatable(method, kwargs):
                raise failure
            log.warning(
                "%s %s failed (%s); attempt %d again in %.1f s",
                method,
                getattr(route, "path", "?"),
                type(failure).__name__,
                attempt + 2,
                pause,
            )
            await asyncio.sleep(pause * random.uniform(0.8, 1.2))
        raise AssertionError("unreachable")

    http.request = with_retry
