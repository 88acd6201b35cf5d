"""Replies to interactions stay within Discord's limits whatever they echo."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any


async def test_a_refusal_echoing_a_long_string_stays_within_one_message() -> None:
    from bot.interact import send

    sent: dict[str, Any] = {}

    class Response:
        def is_done(self) -> bool:
            return False

        async def send_message(self, content: str | None, **kwargs: Any) -> None:
            sent.update(content=content, **kwargs)

    interaction = SimpleNamespace(response=Response())
    await send(interaction, "Unknown cards: " + "x" * 5000)  # type: ignore[arg-type]
    assert len(sent["content"]) <= 2000 and sent["ephemeral"] is True
