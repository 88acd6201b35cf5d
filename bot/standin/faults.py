"""Faults the stand-in can inject into REST requests, shaped the way Discord sends them.

- `429`: a per-route rate limit. Discord's JSON body (`message`, `retry_after` in seconds,
  `global: false`, `code: 0`), `Retry-After` (whole seconds, rounded up), the bucket headers with
  `X-RateLimit-Remaining: 0` and `X-RateLimit-Scope: user`, and the `Via` header every answer that
  passed Discord's API proxy carries. Without `Via` (or with a text body) discord.py takes a 429 for
  a Cloudflare ban and gives up at once instead of waiting and retrying.
- `global`: the global rate limit: `global: true`, `X-RateLimit-Global: true`, scope `global`,
  no bucket headers.
- `5xx`: a server error (`status`, default 500) with Discord's error body; nothing was done.
- `drop`: the connection is closed before the request is handled (nothing was done, no answer).
- `lost`: the request is handled, then the connection is closed before the answer is sent (it
  was done, but the client never hears so: the "lost callback").

A rule matches a route by a regular expression searched in `"<METHOD> <template>"` (for example
`"POST /interactions/"` or `"PATCH .*/messages/"`); it fires for its next `count` matching requests,
or for each with probability `rate` (seeded, so a run repeats). Rules come from tests
(`standin.faults.add(...)`), the control API (`POST /_standin/faults`), the terminal (`faults ...`)
or the `STANDIN_FAULTS` environment variable, in the text form `parse_spec` reads.
"""

from __future__ import annotations

import math
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

KINDS = ("429", "global", "5xx", "drop", "lost")
VIA = "1.1 google"


class FaultSpecError(ValueError):
    """A fault description that cannot be read."""


@dataclass
class FaultRule:
    kind: str
    route: str | None = None  # regex searched in "METHOD /template"; None: every route
    count: int | None = 1  # fire this many more times (None: no limit, see rate)
    rate: float = 1.0  # probability of firing on a matching request
    retry_after: float = 0.05  # 429s
    status: int = 500  # 5xx
    fired: int = 0
    _pattern: re.Pattern[str] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise FaultSpecError(f"unknown fault {self.kind!r} (one of {', '.join(KINDS)})")
        if not 0.0 <= self.rate <= 1.0:
            raise FaultSpecError(f"rate {self.rate} is not between 0 and 1")
        if self.kind == "5xx" and not 500 <= self.status <= 599:
            raise FaultSpecError(f"status {self.status} is not a 5xx")
        try:
            self._pattern = re.compile(self.route) if self.route else None
        except re.error as exc:
            raise FaultSpecError(f"bad route pattern {self.route!r}: {exc}") from exc

    def matches(self, route: str) -> bool:
        if self.count is not None and self.count <= 0:
            return False
        return self._pattern is None or bool(self._pattern.search(route))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "route": self.route,
            "count": self.count,
            "rate": self.rate,
            "retry_after": self.retry_after,
            "status": self.status,
            "fired": self.fired,
        }


@dataclass(frozen=True)
class Injected:
    """A fault chosen for one request."""

    kind: str
    status: int
    body: dict[str, Any] | None
    headers: dict[str, str]


class Faults:
    """The stand-in's fault plan: rules checked in order, first match fires."""

    def __init__(self, seed: int = 0) -> None:
        self.rules: list[FaultRule] = []
        self.rng = random.Random(seed)
        self.log: list[tuple[str, str]] = []  # (kind, "METHOD /path") of every fault injected

    def add(
        self,
        kind: str,
        route: str | None = None,
        count: int | None = 1,
        rate: float = 1.0,
        retry_after: float = 0.05,
        status: int = 500,
    ) -> FaultRule:
        rule = FaultRule(kind, route, count, rate, retry_after, status)
        self.rules.append(rule)
        return rule

    def clear(self) -> None:
        self.rules.clear()

    def load(self, spec: str) -> list[FaultRule]:
        """Add the rules of a text spec (see `parse_spec`)."""
        rules = parse_spec(spec)
        self.rules.extend(rules)
        return rules

    def pick(self, method: str, template: str, path: str) -> Injected | None:
        """The fault to inject into this request, if any (consumes a count or a random draw)."""
        route = f"{method} {template}"
        for rule in self.rules:
            if not rule.matches(route):
                continue
            if rule.rate < 1.0 and self.rng.random() >= rule.rate:
                continue
            if rule.count is not None:
                rule.count -= 1
            rule.fired += 1
            self.log.append((rule.kind, f"{method} {path}"))
            return _injected(rule, template)
        return None


def _injected(rule: FaultRule, template: str) -> Injected:
    if rule.kind in ("drop", "lost"):
        return Injected(rule.kind, 0, None, {})
    if rule.kind == "5xx":
        reason = {502: "502: Bad Gateway", 503: "503: Service Unavailable", 504: "504: Gateway Timeout"}
        body = {"message": reason.get(rule.status, f"{rule.status}: Internal Server Error"), "code": 0}
        return Injected("5xx", rule.status, body, {"Via": VIA})
    retry = max(0.0, rule.retry_after)
    is_global = rule.kind == "global"
    headers = {"Via": VIA, "Retry-After": str(max(1, math.ceil(retry)))}
    if is_global:
        headers.update({"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"})
    else:
        headers.update(
            {
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{time.time() + retry:.3f}",
                "X-RateLimit-Reset-After": f"{retry:.3f}",
                "X-RateLimit-Bucket": template.replace("/", "-"),
                "X-RateLimit-Scope": "user",
            }
        )
    body = {
        "message": "You are being rate limited.",
        "retry_after": round(retry, 3),
        "global": is_global,
        "code": 0,
    }
    return Injected(rule.kind, 429, body, headers)


def parse_spec(spec: str) -> list[FaultRule]:
    """Rules from text: entries separated by `;` or newlines, each `kind` followed by any of
    `route=REGEX`, `count=N` (`count=*` for no limit), `rate=P` (implies no count limit unless
    given), `retry_after=S`, `status=N`, separated by spaces or commas. For example:
    `429 route=POST.*/messages count=2; 5xx status=503 rate=0.05; lost route=/callback count=1`."""
    rules = []
    for entry in re.split(r"[;\n]", spec):
        words = [w for w in re.split(r"[\s,]+", entry.strip()) if w]
        if not words:
            continue
        kind, params = words[0], dict(_pair(w) for w in words[1:])
        try:
            rate = float(params.pop("rate", "1"))
            count_text = params.pop("count", "*" if rate < 1.0 else "1")
            count = None if count_text == "*" else int(count_text)
            retry_after = float(params.pop("retry_after", "0.05"))
            status = int(params.pop("status", "500"))
        except ValueError as exc:
            raise FaultSpecError(f"{entry.strip()!r}: {exc}") from exc
        route = params.pop("route", None)
        if params:
            raise FaultSpecError(f"{entry.strip()!r}: unknown setting {', '.join(params)}")
        rules.append(FaultRule(kind, route, count, rate, retry_after, status))
    return rules


def _pair(word: str) -> tuple[str, str]:
    key, sep, value = word.partition("=")
    if not sep:
        raise FaultSpecError(f"expected key=value, got {word!r}")
    return key, value
