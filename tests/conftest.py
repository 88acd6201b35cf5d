"""Hypothesis runs the same examples on every machine, so a red run can be repeated exactly.
Set HYPOTHESIS_PROFILE=explore to search new random examples locally."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
