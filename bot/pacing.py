"""At most one run per key every so often: the first at once, the rest folded into one.

A game's status message follows every answer, and a burst of quick answers (bot seats taking
their turns one after another, two fast players) would edit it once per answer, each edit
shown for a fraction of a second and each counted against the channel's rate limit. Paced, the
first change after a quiet spell still shows at once; what comes within the interval after it is
shown by one run when the interval is up, which reads the state as it is then.

While the process is behind (`busy`), the interval is `busy_interval`: a longer one folds more
changes into each run, so an overloaded process spends less on edits nobody acts on.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Pacer:
    def __init__(
        self,
        interval: float,
        run: Callable[[int], Awaitable[None]],
        busy_interval: float | None = None,
        busy: Callable[[], bool] = lambda: False,
    ) -> None:
        self.interval = interval
        self.busy_interval = interval if busy_interval is None else max(busy_interval, interval)
        self.busy = busy
        self.run = run  # the folded run of a key: reads the latest state itself
        self._last: OrderedDict[int, float] = OrderedDict()  # key -> its latest run, while recent
        self._waiting: dict[int, asyncio.TimerHandle] = {}  # key -> its folded run, not yet started
        self._running: set[asyncio.Task[None]] = set()
        self._closing = False  # (shutdown: every run goes at once)

    def ready(self, key: int) -> bool:
        """May the caller run now? If not, one run of `key` is due when the interval is up."""
        interval = self.busy_interval if self.busy_interval > self.interval and self.busy() else self.interval
        if interval <= 0 or self._closing:
            return True
        loop = asyncio.get_running_loop()
        now = loop.time()
        last = self._last.get(key)
        if last is None or now - last >= interval:
            self._ran(key, now)
            return True
        if key not in self._waiting:
            self._waiting[key] = loop.call_at(last + interval, self._start, key)
        return False

    def waiting(self, key: int) -> bool:
        return key in self._waiting

    async def flush(self, timeout: float) -> None:
        """Start the folded runs now, and wait for those under way (shutdown): at most `timeout`.
        From then on every run goes at once."""
        self._closing = True
        for key, handle in list(self._waiting.items()):
            handle.cancel()
            self._start(key)
        if self._running:
            await asyncio.wait(list(self._running), timeout=timeout)

    def _ran(self, key: int, now: float) -> None:
        self._last[key] = now
        self._last.move_to_end(key)
        # runs longer ago than the longest interval need no memory: the next one may go at once
        while self._last:
            oldest, when = next(iter(self._last.items()))
            if now - when < self.busy_interval:
                break
            del self._last[oldest]

    def _start(self, key: int) -> None:
        self._waiting.pop(key, None)
        self._ran(key, asyncio.get_running_loop().time())
        task = asyncio.create_task(self._run(key), name=f"paced-{key}")
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _run(self, key: int) -> None:
        try:
            await self.run(key)
        except Exception:
            log.exception("paced run of %s failed", key)
