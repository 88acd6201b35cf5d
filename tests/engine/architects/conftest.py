"""Fixtures shared by the Architects property runs."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture
def hash_seed() -> Iterator[str]:
    """A PYTHONHASHSEED unlike this process's, for the interpreters the replay pool starts."""
    before = os.environ.get("PYTHONHASHSEED")
    os.environ["PYTHONHASHSEED"] = "4242" if before != "4242" else "17"
    yield os.environ["PYTHONHASHSEED"]
    if before is None:
        del os.environ["PYTHONHASHSEED"]
    else:
        os.environ["PYTHONHASHSEED"] = before
