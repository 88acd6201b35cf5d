"""Picks gathered across several clicks before one answer is submitted (orderings, long lists).

Kept in memory only: losing them on restart costs the player a few clicks, never game state.
"""

from __future__ import annotations

from collections import OrderedDict

Key = tuple[int, int, int]  # match id, prompt id, user id


class Drafts:
    def __init__(self, capacity: int = 1000) -> None:
        self.capacity = capacity
        self._picks: OrderedDict[Key, list[int]] = OrderedDict()

    def get(self, match_id: int, pid: int, user_id: int) -> list[int]:
        return list(self._picks.get((match_id, pid, user_id), []))

    def add(self, match_id: int, pid: int, user_id: int, indices: list[int]) -> list[int]:
        key = (match_id, pid, user_id)
        picks = self._picks.setdefault(key, [])
        picks.extend(i for i in indices if i not in picks)
        self._picks.move_to_end(key)
        while len(self._picks) > self.capacity:
            self._picks.popitem(last=False)
        return list(picks)

    def clear(self, match_id: int, pid: int, user_id: int) -> None:
        self._picks.pop((match_id, pid, user_id), None)
