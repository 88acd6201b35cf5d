"""Where optional modules (Personalities, Plans, Plots) join her procedure.

The base procedure calls these at fixed moments; the default does nothing. A host (the match
engine) subclasses `Hooks`; each method may yield `Choice` requests like the rules themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.everdell.mistwood.nightweave.table import Flow

if TYPE_CHECKING:
    from engine.games.everdell.mistwood.nightweave.actions import Ctx


class Hooks:
    def blocked(self, ctx: Ctx, target: str, moved_to: str) -> Flow[None]:
        """A card tried to place a spider on a blocked spot (before she moves on)."""
        yield from ()

    def entered_meadow(self, ctx: Ctx) -> Flow[None]:
        """Her Place-the-Nightweave action has resolved."""
        yield from ()

    def before_prepare(self, ctx: Ctx) -> Flow[None]:
        """She must Prepare (or end her game) and is still in the Meadow."""
        yield from ()

    def after_prepare(self, ctx: Ctx) -> Flow[None]:
        """She has prepared for her new season (not called at the end of her game)."""
        yield from ()

    def open_visit(self, ctx: Ctx, usual: int) -> int:
        """Her spider visits an Open Destination (hers or a human's): the points she takes."""
        return usual


NO_HOOKS = Hooks()
