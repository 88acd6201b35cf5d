"""The match contract shared by every game."""

from engine.core.errors import IllegalAnswer
from engine.core.events import Event
from engine.core.match import Match
from engine.core.prompts import Answer, Option, Prompt
from engine.core.result import Result
from engine.core.seats import SeatSpec

__all__ = ["Answer", "Event", "IllegalAnswer", "Match", "Option", "Prompt", "Result", "SeatSpec"]
