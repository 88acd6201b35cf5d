"""Typed errors carrying a message key and parameters, so the bot can localize them."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base class: `key` names a message in the i18n catalogue, `params` fill it in."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.key = key
        self.params = params


class IllegalAnswer(EngineError):
    """The answer was refused; the match state is unchanged."""


class InvalidSetup(EngineError):
    """Options, seats or a scenario position cannot start a match."""
