"""A seat's view built only when a policy first looks at it.

Simple policies (Big Money) decide from the prompt alone; building the full view for every one
of their decisions would dominate simulation time. The view is still exactly `view(seat)`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any


class LazyView(Mapping[str, Any]):
    __slots__ = ("_build", "_seat", "_data")

    def __init__(self, build: Callable[[int], dict[str, Any]], seat: int) -> None:
        self._build = build  # view(seat): a bound method, so no closure is made per decision
        self._seat = seat
        self._data: dict[str, Any] | None = None

    def reset(self) -> None:
        """Forget the view built so far: the state moved on (the same handle serves the seat's
        next decision)."""
        self._data = None

    def _get(self) -> dict[str, Any]:
        if self._data is None:
            self._data = self._build(self._seat)
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def get(self, key: str, default: Any = None) -> Any:
        return self._get().get(key, default)
