"""Health and metrics over HTTP (aiohttp, already a dependency): `/healthz` answers while the
process and its database do, `/readyz` once the gateway is ready, `/metrics` in Prometheus' text
format. Off unless METRICS_PORT is set."""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.metrics import CPU_BUCKETS, Registry

log = logging.getLogger(__name__)

Check = Callable[[], Awaitable[bool]]


class InteractionClock:
    """Interactions handled and how long each took, from receipt to the end of its handler; for
    clicks (component interactions) also their own latency and CPU, and their count, which the
    per-click gauges divide by (bot/app.py)."""

    KEEP = 2000  # started interactions remembered; ones never finished fall off the end

    def __init__(self, registry: Registry) -> None:
        self.handled = registry.counter(
            "bgb_interactions_total", "Interactions handled, by kind and outcome.", ("kind", "outcome")
        )
        self.latency = registry.histogram(
            "bgb_interaction_seconds", "Time from receiving an interaction to the end of its handler."
        )
        self.clicks = registry.counter("bgb_clicks_total", "Clicks (component interactions) handled.", ())
        self.click_latency = registry.histogram(
            "bgb_click_seconds", "Time from receiving a click to the end of its handler."
        )
        self.click_cpu = registry.histogram(
            "bgb_click_cpu_seconds",
            "Process CPU time while a click was handled, receipt to the end of its handler (work of "
            "other tasks interleaved on the event loop meanwhile included: an upper bound under load; "
            "rate(process_cpu_seconds_total) / rate(bgb_clicks_total) is the average).",
            CPU_BUCKETS,
        )
        self._started: OrderedDict[int, tuple[float, float]] = OrderedDict()

    def start(self, interaction_id: int) -> None:
        self._started[interaction_id] = (time.perf_counter(), time.process_time())
        while len(self._started) > self.KEEP:
            self._started.popitem(last=False)

    def finish(self, interaction_id: int, kind: str, ok: bool) -> None:
        began = self._started.pop(interaction_id, None)
        self.handled.inc(kind=kind, outcome="ok" if ok else "error")
        if kind == "component":
            self.clicks.inc()
        if began is not None:
            took = time.perf_counter() - began[0]
            self.latency.observe(took)
            if kind == "component":
                self.click_latency.observe(took)
                self.click_cpu.observe(time.process_time() - began[1])


class OpsServer:
    def __init__(
        self, registry: Registry, alive: Check, ready: Callable[[], bool], info: dict[str, Any]
    ) -> None:
        self.registry = registry
        self.alive = alive
        self.ready = ready
        self.info = info
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    async def start(self, host: str, port: int) -> int:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        self.port = int(sockets[0].getsockname()[1]) if sockets else port
        log.info("health and metrics on http://%s:%s/metrics", host, self.port)
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _healthz(self, request: web.Request) -> web.Response:
        try:
            ok = await self.alive()
        except Exception:  # noqa: BLE001 - an unreachable database is an unhealthy process
            ok = False
        body = {"status": "ok" if ok else "failing", "ready": self.ready(), **self.info}
        return web.json_response(body, status=200 if ok else 503)

    async def _readyz(self, request: web.Request) -> web.Response:
        ready = self.ready()
        return web.json_response({"ready": ready, **self.info}, status=200 if ready else 503)

    async def _metrics(self, request: web.Request) -> web.Response:
        text = await self.registry.render()
        return web.Response(
            body=text.encode(), headers={"Content-Type": "text/plain; version=0.0.4; charset=utf-8"}
        )
