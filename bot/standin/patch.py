"""Point discord.py at another Discord-compatible endpoint (the local stand-in)."""

from __future__ import annotations

import yarl


def use_api_base(url: str, gateway_url: str | None = None) -> None:
    """Send discord.py's REST calls to `url` and its gateway connection to `gateway_url`.

    `url` may be the server root ("http://127.0.0.1:8080") or the versioned API base
    ("http://127.0.0.1:8080/api/v10"). discord.py 2.7 does not ask GET /gateway/bot for the
    gateway address of a non-sharded client; it dials a hard-coded default, so that default is
    replaced too. Call this before the client is created.
    """
    import discord.gateway
    import discord.http

    root = url.rstrip("/")
    if root.endswith("/api/v10"):
        root = root[: -len("/api/v10")]
    discord.http.Route.BASE = f"{root}/api/v10"
    if gateway_url is None:
        parsed = yarl.URL(root)
        scheme = "wss" if parsed.scheme == "https" else "ws"
        gateway_url = str(parsed.with_scheme(scheme) / "gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
