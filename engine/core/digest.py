"""A digest of a match's state after each answer, cheap enough to write with every answer.

No game keeps a serializable state, and hashing a whole view per answer would cost more than the
answer itself; but what a rules change alters shows up in what the engine already produces at each
answer. The digest chains, answer by answer, the answer and the events it produced (private ones
too: every draw, gain, score and reveal is one); then it seals that chain with the prompts left
open (seat, id, kind, bounds and option ids) and the result once there is one. So a later
answer's digest also vouches for every earlier step. The random generator's state is left out on
purpose: reading it copies 625 numbers (more than an answer costs), and what it decides shows in
the events and options soon enough.

The events are those of a live submit: a quiet replay (`Match.replay`) skips building them, so a
rebuild that checks digests replays with `Match.submit`. Everything hashed is ordered data, never
a set's iteration order or a hash of a str, so the digest is the same in any process under any
PYTHONHASHSEED.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from engine.core.events import Event

SEED = b"bgb-digest-1"


def start_chain(match: Any) -> bytes:
    """The chain before the first answer: the opening events and the generator after setup."""
    h = hashlib.blake2b(SEED, digest_size=16)
    _events(h, match.opening_events)
    return h.digest()


def extend_chain(chain: bytes, match: Any, seat: int, answer: Iterable[str], events: list[Event]) -> bytes:
    """The chain after one more answer (`events`: what it produced)."""
    h = hashlib.blake2b(chain, digest_size=16)
    h.update(f"{seat}:".encode())
    h.update("\x1f".join(answer).encode())
    _events(h, events)
    return h.digest()


def seal(chain: bytes, match: Any) -> str:
    """The stored digest: the chain and what is open now (prompts, or the result)."""
    h = hashlib.blake2b(chain, digest_size=16)
    for p in match.prompts():
        h.update(f"|{p.seat}:{p.pid}:{p.kind}:{p.min}:{p.max}:".encode())
        h.update("\x1f".join(o.id for o in p.options).encode())
    if match.finished:
        result = match.result()
        if result is not None:
            h.update(json.dumps([list(result.scores), list(result.ranks)], default=str).encode())
    return h.hexdigest()


def _events(h: Any, events: list[Event]) -> None:
    if events:
        plain = [(e.kind, e.seat, e.data, e.to) for e in events]
        try:
            text = _SORTED.encode(plain)
        except TypeError:  # keys of mixed types cannot be sorted; their order is the code's own
            text = _IN_ORDER.encode(plain)
        h.update(text.encode())


def _plain(value: Any) -> Any:
    """What the JSON encoder cannot write itself, order-stable: a set becomes a sorted list (its
    iteration order may depend on string hashing), an object with to_dict its dict."""
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return repr(value)


# What json.dumps(..., separators=(",", ":"), default=_plain) writes, without building an encoder
# for every answer.
_SORTED = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=_plain)
_IN_ORDER = json.JSONEncoder(separators=(",", ":"), default=_plain)
