"""A local stand-in for Discord: gateway websocket, REST API and a control surface for tests.

The real, unmodified discord.py client connects to it over loopback; every request it makes is
checked against the official OpenAPI description and Discord's documented limits.
"""

from bot.standin.patch import use_api_base
from bot.standin.server import StandIn  # noqa: E402
from bot.standin.state import Channel, Guild, Message, User, Violation

__all__ = ["Channel", "Guild", "Message", "StandIn", "User", "Violation", "use_api_base"]
