"""Log formats: the human one, or one JSON object per line (LOG_FORMAT=json) for log collectors."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    def __init__(self, instance: str = "") -> None:
        super().__init__()
        self.instance = instance

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        if self.instance:
            entry["instance"] = self.instance
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def formatter(kind: str, instance: str = "") -> logging.Formatter:
    return JsonFormatter(instance) if kind == "json" else logging.Formatter(TEXT_FORMAT)
