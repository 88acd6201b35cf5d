"""Prometheus metrics through `prometheus_client`, each process with a registry of its own.

`Registry` keeps the small interface the bot uses (counters with labels, histograms, gauges read
when scraped) and renders the standard text exposition with `generate_latest`. A gauge's reading
may be a coroutine (a database count): `render` awaits every reading first, then the library
writes them out. One failing reading leaves a comment line and hides nothing else.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import prometheus_client
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

# Counters expose name_total only (no name_created series): what the hand-written exposition gave
prometheus_client.disable_created_metrics()

LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
# CPU per click is counted in milliseconds' worth of seconds: the floor bot spends about one
CPU_BUCKETS = (0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.5)

Reading = Callable[[], float | int | Awaitable[float | int]]


class Counter:
    """A counter whose label names are those of its first increment (or given up front)."""

    def __init__(
        self, registry: CollectorRegistry, name: str, help: str, labels: tuple[str, ...] | None
    ) -> None:
        self.name = name
        self.help = help
        self._registry = registry
        self._labels = labels
        self._metric: prometheus_client.Counter | None = None
        # label values -> the labelled child: prometheus_client looks it up under a lock on every
        # `labels()` call, and a click increments a few counters
        self._children: dict[tuple[tuple[str, str], ...], Any] = {}
        if labels is not None:
            self._create(labels)

    def _create(self, labels: tuple[str, ...]) -> prometheus_client.Counter:
        self._labels = labels
        self._metric = prometheus_client.Counter(self.name, self.help, labels, registry=self._registry)
        return self._metric

    def inc(self, amount: float = 1.0, **labels: str) -> None:
        metric = self._metric or self._create(tuple(sorted(labels)))
        if self._labels:
            key = tuple(sorted(labels.items()))
            child = self._children.get(key)
            if child is None:
                child = self._children[key] = metric.labels(**labels)
            child.inc(amount)
        else:
            metric.inc(amount)

    def bound(self, **labels: str) -> Callable[[], None]:
        """An increment by one of these labels, the labelled child looked up once (a hot path)."""
        metric = self._metric or self._create(tuple(sorted(labels)))
        child = metric.labels(**labels) if self._labels else metric
        return child.inc

    def value(self, **labels: str) -> float:
        """The current count (for tests and the per-click gauges)."""
        if self._metric is None:
            return 0.0
        child = self._metric.labels(**labels) if self._labels else self._metric
        return float(child._value.get())

    def total(self) -> float:
        """The count summed over every label set."""
        if self._metric is None:
            return 0.0
        return sum(
            sample.value
            for family in self._metric.collect()
            for sample in family.samples
            if sample.name.endswith("_total")
        )


class Histogram:
    def __init__(self, registry: CollectorRegistry, name: str, help: str, buckets: tuple[float, ...]) -> None:
        self.name = name
        self._metric = prometheus_client.Histogram(name, help, buckets=buckets, registry=registry)

    def observe(self, value: float) -> None:
        self._metric.observe(value)


class Gauge:
    """A value read at scrape time; `kind` may say counter for totals kept elsewhere."""

    def __init__(self, name: str, help: str, read: Reading, kind: str = "gauge") -> None:
        self.name = name
        self.help = help
        self.read = read
        self.kind = kind
        self.last: float | None = None  # the value read for the scrape being rendered

    async def refresh(self) -> None:
        value = self.read()
        if inspect.isawaitable(value):
            value = await value
        self.last = float(value)

    def family(self) -> Metric:
        assert self.last is not None
        if self.kind == "counter":
            return CounterMetricFamily(self.name, self.help, value=self.last)
        return GaugeMetricFamily(self.name, self.help, value=self.last)


class _Readings(Collector):
    """Hands the library the gauges read for this scrape (the ones whose reading worked)."""

    def __init__(self) -> None:
        self.gauges: list[Gauge] = []

    def collect(self) -> Iterator[Metric]:
        for gauge in self.gauges:
            if gauge.last is not None:
                yield gauge.family()

    def describe(self) -> Iterator[Metric]:
        return iter(())  # read lazily: nothing to check at registration


class Registry:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=False)
        self._readings = _Readings()
        self.registry.register(self._readings)

    def counter(self, name: str, help: str, labels: tuple[str, ...] | None = None) -> Counter:
        return Counter(self.registry, name, help, labels)

    def histogram(self, name: str, help: str, buckets: tuple[float, ...] = LATENCY_BUCKETS) -> Histogram:
        return Histogram(self.registry, name, help, buckets)

    def gauge(self, name: str, help: str, read: Reading, kind: str = "gauge") -> Gauge:
        metric = Gauge(name, help, read, kind)
        self._readings.gauges.append(metric)
        return metric

    def process(self) -> None:
        """The standard process metrics (process_cpu_seconds_total, memory, open files)."""
        prometheus_client.ProcessCollector(registry=self.registry)

    async def render(self) -> str:
        failed: list[str] = []
        for gauge in self._readings.gauges:
            try:
                await gauge.refresh()
            except Exception as exc:  # noqa: BLE001 - one failing reading must not hide the rest
                gauge.last = None
                failed.append(f"# {gauge.name} unavailable: {type(exc).__name__}\n")
        return generate_latest(self.registry).decode() + "".join(failed)


def per_click(total: Callable[[], float], clicks: Callable[[], float]) -> Callable[[], float]:
    """A reading: `total` over the clicks handled so far (0 before the first)."""

    def read() -> float:
        count = clicks()
        return total() / count if count else 0.0

    return read


def count_calls(owner: Any, method: str, counter: Counter, **labels: str) -> None:
    """Wrap `owner.method` (a coroutine function) to count each call in `counter`."""
    inner = getattr(owner, method, None)
    if inner is None or getattr(inner, "_bgb_counted", False):
        return

    inc = counter.bound(**labels)

    async def counted(*args: Any, **kwargs: Any) -> Any:
        inc()
        return await inner(*args, **kwargs)

    counted._bgb_counted = True  # type: ignore[attr-defined]
    setattr(owner, method, counted)
