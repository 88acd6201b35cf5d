"""Errors that end an interaction with a short, localized reason for the user."""

from __future__ import annotations

from typing import Any


class UserError(Exception):
    """A refusal the user should read: `key` names a message, `params` fill it in."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params
