"""Prometheus metrics in the text exposition format, written by hand (a few counters, gauges and
one histogram do not justify a client library).

Gauges are read when scraped, from callbacks, so nothing has to keep them up to date.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field

LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

Labels = tuple[tuple[str, str], ...]
Reading = Callable[[], float | int | Awaitable[float | int]]


def _labels(labels: Labels, extra: Iterable[tuple[str, str]] = ()) -> str:
    pairs = [*labels, *extra]
    if not pairs:
        return ""
    inner = ",".join(f'{k}="{_escape(v)}"' for k, v in pairs)
    return "{" + inner + "}"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _number(value: float) -> str:
    if value == float("inf"):
        return "+Inf"
    return repr(float(value)) if not float(value).is_integer() else str(int(value))


@dataclass
class Counter:
    name: str
    help: str
    values: dict[Labels, float] = field(default_factory=dict)

    def inc(self, amount: float = 1.0, **labels: str) -> None:
        key = tuple(sorted(labels.items()))
        self.values[key] = self.values.get(key, 0.0) + amount

    async def lines(self) -> list[str]:
        out = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} counter"]
        for key, value in sorted(self.values.items()) or [((), 0.0)]:
            out.append(f"{self.name}{_labels(key)} {_number(value)}")
        return out


@dataclass
class Histogram:
    name: str
    help: str
    buckets: tuple[float, ...] = LATENCY_BUCKETS
    counts: list[int] = field(default_factory=list)
    total: float = 0.0
    count: int = 0

    def __post_init__(self) -> None:
        self.counts = [0] * len(self.buckets)

    def observe(self, value: float) -> None:
        self.total += value
        self.count += 1
        for i, bound in enumerate(self.buckets):
            if value <= bound:
                self.counts[i] += 1

    async def lines(self) -> list[str]:
        out = [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} histogram"]
        for bound, n in zip(self.buckets, self.counts):
            out.append(f"{self.name}_bucket{_labels((), [('le', _number(bound))])} {n}")
        out.append(f'{self.name}_bucket{{le="+Inf"}} {self.count}')
        out.append(f"{self.name}_sum {_number(self.total)}")
        out.append(f"{self.name}_count {self.count}")
        return out


@dataclass
class Gauge:
    """A value read at scrape time; `kind` may say counter for totals kept elsewhere."""

    name: str
    help: str
    read: Reading
    kind: str = "gauge"

    async def lines(self) -> list[str]:
        value = self.read()
        if inspect.isawaitable(value):
            value = await value
        return [f"# HELP {self.name} {self.help}", f"# TYPE {self.name} {self.kind}", f"{self.name} {_number(float(value))}"]


class Registry:
    def __init__(self) -> None:
        self._metrics: list[Counter | Histogram | Gauge] = []

    def add(self, metric: Counter | Histogram | Gauge) -> None:
        self._metrics.append(metric)

    def counter(self, name: str, help: str) -> Counter:
        metric = Counter(name, help)
        self.add(metric)
        return metric

    def histogram(self, name: str, help: str, buckets: tuple[float, ...] = LATENCY_BUCKETS) -> Histogram:
        metric = Histogram(name, help, buckets)
        self.add(metric)
        return metric

    def gauge(self, name: str, help: str, read: Reading, kind: str = "gauge") -> Gauge:
        metric = Gauge(name, help, read, kind)
        self.add(metric)
        return metric

    async def render(self) -> str:
        lines: list[str] = []
        for metric in self._metrics:
            try:
                lines.extend(await metric.lines())
            except Exception as exc:  # noqa: BLE001 - one failing reading must not hide the rest
                lines.append(f"# {metric.name} unavailable: {type(exc).__name__}")
        return "\n".join(lines) + "\n"
