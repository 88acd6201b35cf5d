"""The effect vocabulary, interpreted: each step of a card, shore or island (see content.py)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

from engine.core.flow import Flow, FlowGame, PromptSpec
from engine.core.prompts import Option, card_choice, card_of
from engine.families.everdell.seasons import HAND_LIMIT
from engine.games.farshore.content import RESOURCES, Card, Content, Step
from engine.games.farshore.state import Player, VillageCard

SKIP = Option("skip", "farshore.opt.skip", shortcut=False)


class Effects(FlowGame):
    """The game's base: `do_steps` runs a list of steps for the acting seat. The table's own
    moves (drawing, the Bay, playing a card, the Boat) are the game's, declared here."""

    players: list[Player]
    content: Content
    islands: list[str]
    island_up: dict[str, bool]

    def card(self, cid: str) -> Card:
        raise NotImplementedError

    def draw(self, seat: int, n: int) -> int:
        raise NotImplementedError

    def discard_cards(self, seat: int, cards: Sequence[str]) -> None:
        raise NotImplementedError

    def refill_bay(self) -> None:
        raise NotImplementedError

    def bay_names(self) -> list[str]:
        raise NotImplementedError

    def can_play(self, seat: int, cid: str, fewer: int) -> bool:
        raise NotImplementedError

    def has_room(self, seat: int, cid: str) -> bool:
        raise NotImplementedError

    def draw_choosing(self, seat: int, n: int, *, deck: bool, bay: bool) -> Flow:
        raise NotImplementedError

    def move_boat(self, seat: int, n: int, *, compass: bool) -> Flow:
        raise NotImplementedError

    def play_card(self, seat: int, cid: str, source: str, fewer: int = 0, free: bool = False) -> Flow:
        raise NotImplementedError

    def do_steps(self, seat: int, steps: Sequence[Step], source: VillageCard | None = None) -> Flow:
        for step in steps:
            ((name, arg),) = step.items()
            yield from getattr(self, f"fx_{name}")(seat, arg, source)

    # -- receiving ---------------------------------------------------------------------------------
    def fx_gain(self, seat: int, arg: dict[str, int], source: VillageCard | None) -> Flow:
        pl = self.players[seat]
        for key, n in arg.items():
            if key == "treasure":
                pl.treasure += n
            elif key == "points":
                pl.tokens += n
            else:
                pl.res[key] += n
        self.emit("gain", seat, **arg)
        return
        yield

    def gain_any(self, seat: int, n: int) -> Flow:
        """n resources of the player's choice (never Treasure), asked as one pick of a mix."""
        if n <= 0:
            return
        combos = list(combinations_with_replacement(RESOURCES, n))
        options = tuple(Option("+".join(c), "farshore.opt.mix") for c in combos)
        answer = yield from self.ask(
            PromptSpec(seat, "choose", "farshore.prompt.any", options, params={"count": n})
        )
        got: dict[str, int] = {}
        for r in answer[0].split("+"):
            got[r] = got.get(r, 0) + 1
        yield from self.fx_gain(seat, got, None)

    def fx_gain_any(self, seat: int, arg: int, source: VillageCard | None) -> Flow:
        yield from self.gain_any(seat, arg)

    def fx_draw(self, seat: int, arg: int, source: VillageCard | None) -> Flow:
        self.draw(seat, arg)
        return
        yield

    def fx_draw_bay(self, seat: int, arg: int, source: VillageCard | None) -> Flow:
        yield from self.draw_choosing(seat, arg, deck=False, bay=True)
        self.refill_bay()

    def fx_boat(self, seat: int, arg: int, source: VillageCard | None) -> Flow:
        yield from self.move_boat(seat, arg, compass=False)

    def fx_choose(self, seat: int, arg: list[list[Step]], source: VillageCard | None) -> Flow:
        # the group names the card whose options these are: a table describes them from its data
        group = source.card if source else "choose"
        options = tuple(Option(str(i), "farshore.opt.option", group=group) for i in range(len(arg)))
        answer = yield from self.ask(
            PromptSpec(
                seat,
                "choose",
                "farshore.prompt.choose",
                options,
                params={"card": source.card if source else ""},
            )
        )
        yield from self.do_steps(seat, arg[int(answer[0])], source)

    def fx_may(self, seat: int, arg: list[Step], source: VillageCard | None) -> Flow:
        """An ability the player may use or decline (the card says "may")."""
        use = Option("use", "farshore.opt.may", group=source.card if source else "may")
        answer = yield from self.ask(
            PromptSpec(
                seat, "choose", "farshore.prompt.may", (use, SKIP), params={"card": source.card if source else ""}
            )
        )
        if answer[0] == "use":
            yield from self.do_steps(seat, arg, source)

    # -- paying and discarding -------------------------------------------------------------------
    def fx_trade(self, seat: int, arg: dict[str, Any], source: VillageCard | None) -> Flow:
        pl = self.players[seat]
        pay: str = arg["pay"]
        options = [Option("0:0", "farshore.opt.trade_none")]
        for n in range(1, arg["max"] + 1):
            for tr in range(n + 1):
                if n - tr <= pl.res[pay] and tr <= pl.treasure:
                    options.append(Option(f"{n}:{tr}", "farshore.opt.trade", cost=n))
        if len(options) == 1:
            return
        answer = yield from self.ask(
            PromptSpec(
                seat,
                "choose",
                "farshore.prompt.trade",
                tuple(options),
                params={"pay": pay, "card": source.card if source else ""},
            )
        )
        n, tr = (int(x) for x in answer[0].split(":"))
        if n == 0:
            return
        pl.res[pay] -= n - tr
        pl.treasure -= tr
        self.emit("trade", seat, pay=pay, count=n, treasure=tr)
        yield from self.fx_gain(seat, {k: v * n for k, v in arg["get"].items()}, source)

    def pick_hand(self, seat: int, low: int, high: int, key: str) -> Flow:
        """Cards chosen from the seat's own hand (a private prompt)."""
        hand = self.players[seat].hand
        forced, options, low, high = card_choice(hand, low, high)
        if forced is not None:
            return list(forced)
        answer = yield from self.ask(PromptSpec(seat, "choose", key, options, min=low, max=high))
        return [card_of(a) for a in answer]

    def fx_discard_for(self, seat: int, arg: dict[str, Any], source: VillageCard | None) -> Flow:
        cards = yield from self.pick_hand(seat, 0, arg["max"], "farshore.prompt.discard_for")
        self.discard_cards(seat, cards)
        for _ in cards:
            yield from self.do_steps(seat, arg["each"], source)

    # -- the village -------------------------------------------------------------------------------
    def fx_activate_green(self, seat: int, arg: int, source: VillageCard | None) -> Flow:
        for _ in range(arg):
            greens = [
                v
                for v in self.players[seat].village
                if v is not source and self.card(v.card).colour == "green"
            ]
            if not greens:
                return
            chosen = greens[0]
            if len({v.card for v in greens}) > 1:
                options = tuple(Option(str(v.uid), v.card, card=v.card) for v in greens)
                answer = yield from self.ask(PromptSpec(seat, "choose", "farshore.prompt.activate", options))
                chosen = next(v for v in greens if str(v.uid) == answer[0])
            self.emit("activate", seat, card=chosen.card)
            yield from self.do_steps(seat, self.card(chosen.card).effect, chosen)

    def fx_copy_location(self, seat: int, arg: int, source: VillageCard | None) -> Flow:
        # Any face-up Shore or Island, occupied or not: the worker stands on the card (our ruling)
        locs = [s.id for s in self.content.shores] + [i for i in self.islands if self.island_up[i]]
        options = tuple(Option(loc, f"farshore.loc.{loc}") for loc in locs)
        answer = yield from self.ask(PromptSpec(seat, "choose", "farshore.prompt.copy", options))
        self.emit("copy", seat, loc=answer[0])
        yield from self.do_steps(seat, self.content.location(answer[0]).steps, source)

    def fx_stock(self, seat: int, arg: dict[str, int], source: VillageCard | None) -> Flow:
        if source is not None:
            for r, n in arg.items():
                source.stock[r] += n
        return
        yield

    def fx_take_stock(self, seat: int, arg: int, source: VillageCard | None) -> Flow:
        if source is None:
            return
        pool = [r for r in RESOURCES for _ in range(source.stock[r])]
        n = min(arg, len(pool))
        if n == 0:
            return
        combos = sorted(
            {
                c
                for c in combinations_with_replacement(RESOURCES, n)
                if all(c.count(r) <= source.stock[r] for r in RESOURCES)
            }
        )
        answer = (
            (
                yield from self.ask(
                    PromptSpec(
                        seat,
                        "choose",
                        "farshore.prompt.take_stock",
                        tuple(Option("+".join(c), "farshore.opt.mix") for c in combos),
                    )
                )
            )
            if len(combos) > 1
            else ("+".join(combos[0]),)
        )
        got: dict[str, int] = {}
        for r in answer[0].split("+"):
            source.stock[r] -= 1
            got[r] = got.get(r, 0) + 1
        yield from self.fx_gain(seat, got, source)

    # -- playing from an effect -----------------------------------------------------------------
    def playable(self, seat: int, fewer: int, *, bay: bool, hand: bool) -> list[Option]:
        out: list[Option] = []
        if hand:
            out += [
                Option(f"hand:{c}", c, card=c, group="hand")
                for c in sorted(set(self.players[seat].hand))
                if self.can_play(seat, c, fewer)
            ]
        if bay:
            out += [
                Option(f"bay:{c}", c, card=c, group="bay")
                for c in self.bay_names()
                if self.can_play(seat, c, fewer)
            ]
        return out

    def fx_play_discounted(self, seat: int, arg: dict[str, Any], source: VillageCard | None) -> Flow:
        options = self.playable(seat, arg["fewer"], bay=True, hand=arg["source"] == "any")
        if not options:
            return
        answer = yield from self.ask(
            PromptSpec(
                seat,
                "choose",
                "farshore.prompt.play_discounted",
                (*options, SKIP),
                params={"fewer": arg["fewer"]},
            )
        )
        if answer[0] != "skip":
            where, cid = answer[0].split(":", 1)
            yield from self.play_card(seat, cid, where, fewer=arg["fewer"])

    def fx_discard_then_play(self, seat: int, arg: int, source: VillageCard | None) -> Flow:
        pl = self.players[seat]
        cards = yield from self.pick_hand(seat, 0, len(pl.hand), "farshore.prompt.post_office")
        self.discard_cards(seat, cards)
        options = self.playable(seat, len(cards), bay=True, hand=True)
        if not options:
            return
        answer = yield from self.ask(
            PromptSpec(
                seat,
                "choose",
                "farshore.prompt.play_discounted",
                (*options, SKIP),
                params={"fewer": len(cards)},
            )
        )
        if answer[0] != "skip":
            where, cid = answer[0].split(":", 1)
            yield from self.play_card(seat, cid, where, fewer=len(cards))

    def fx_give_for(self, seat: int, arg: list[Step], source: VillageCard | None) -> Flow:
        pl = self.players[seat]
        if not pl.hand:
            return
        forced, options, _, _ = card_choice(pl.hand, 1, 1)
        opts = options if forced is None else (Option(pl.hand[0], pl.hand[0], card=pl.hand[0]),)
        answer = yield from self.ask(PromptSpec(seat, "choose", "farshore.prompt.give", (*opts, SKIP)))
        if answer[0] == "skip":
            return
        cid = card_of(answer[0])
        takers = [
            p.seat for p in self.players if p.seat != seat and not p.passed and len(p.hand) < HAND_LIMIT
        ]
        if not takers:
            self.discard_cards(seat, [cid])  # nobody can take it: discarded, the benefit still comes
        else:
            if len(takers) == 1:
                to = takers[0]
            else:
                who = yield from self.ask(
                    PromptSpec(
                        seat,
                        "choose",
                        "farshore.prompt.give_to",
                        tuple(Option(f"seat:{t}", "farshore.opt.seat", group=str(t)) for t in takers),
                    )
                )
                to = int(who[0][5:])
            pl.hand.remove(cid)
            self.players[to].hand.append(cid)
            self.emit("give", seat, target=to, count=1)
            self.emit("given", seat, to=seat, card=cid, target=to)
            self.emit("received", to, to=to, card=cid, giver=seat)
        yield from self.do_steps(seat, arg, source)

    def fx_draw_play_free(self, seat: int, arg: dict[str, Any], source: VillageCard | None) -> Flow:
        pl = self.players[seat]
        before = len(pl.hand)
        self.draw(seat, arg["draw"])
        drawn = pl.hand[before:]
        options = [
            Option(f"hand:{c}", c, card=c)
            for c in sorted(set(drawn))
            if self.card(c).colour != arg.get("except") and self.has_room(seat, c)
        ]
        if not options:
            return
        answer = yield from self.ask(
            PromptSpec(seat, "choose", "farshore.prompt.play_free", (*options, SKIP))
        )
        if answer[0] != "skip":
            yield from self.play_card(seat, answer[0][5:], "hand", free=True)
