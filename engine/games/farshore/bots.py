"""Farshore seat policies. Each decides from its own seat's view and its open prompt only."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.core.prompts import Answer, Prompt, card_of
from engine.core.registry import Policy
from engine.games.farshore.content import RESOURCES, Card, load

PASS = "pass"


class RandomBot:
    """Uniformly random legal answers; rarely passes while something else is possible."""

    def __init__(self, seat: int, seed: int) -> None:
        self.rng = random.Random(seed * 7919 + seat)

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        ids = [o.id for o in prompt.options if not o.shortcut]
        if prompt.ordered:
            return tuple(self.rng.sample(ids, len(ids)))
        if prompt.max == 1 and prompt.min == 1:
            active = [i for i in ids if i != PASS]
            if active and self.rng.random() < 0.95:
                return (self.rng.choice(active),)
            return (self.rng.choice(ids),)
        k = self.rng.randint(prompt.min, min(prompt.max, len(ids)))
        return tuple(self.rng.sample(ids, k))


class HeuristicBot:
    """Plays the best card it can afford, claims Maps, uses Anchors, takes what it lacks."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 104729 + seat)
        content = load()
        self.cards = content.cards
        self.tiles = dict(content.compass_a + content.compass_b)

    # -- judging cards ----------------------------------------------------------------------------
    def worth(self, cid: str, view: Mapping[str, Any]) -> float:
        card: Card | None = self.cards.get(cid)
        if card is None:
            return 1.0
        me = view["players"][self.seat]
        value = 2.0 * card.points + 1.0
        if card.colour == "purple":
            value += 4
        if card.colour == "green":
            value += {"winter": 4, "spring": 3, "summer": 2, "autumn": 1}[me["season"]]
        if card.colour in ("blue", "red") and me["season"] != "autumn":
            value += 2
        if card.colour == "bronze" or card.effect:
            value += 1.5
        if card.kind == "construction":
            value += 0.5
        value += 2.5 * sum(1 for tile in view["compass"] if self.matches(card, tile))  # the Boat sails
        return value - 0.2 * sum(card.cost)

    def matches(self, card: Card, tile: str) -> bool:
        match = self.tiles.get(tile, "")
        if match in ("unique", "common"):
            return card.unique == (match == "unique")
        key, _, value = match.partition(":")
        return (card.colour if key == "colour" else card.kind) == value

    def lacking(self, view: Mapping[str, Any]) -> dict[str, int]:
        """Resources short for the cheapest-to-finish card in hand or Bay."""
        me = view["players"][self.seat]
        best: dict[str, int] | None = None
        for cid in [*view.get("hand", []), *(s[0] for s in view["bay"])]:
            card = self.cards.get(cid)
            if card is None:
                continue
            short = {r: max(0, c - me["res"][r]) for r, c in zip(RESOURCES, card.cost, strict=True)}
            if sum(short.values()) and (best is None or sum(short.values()) < sum(best.values())):
                best = short
        return best or {"mushroom": 1, "driftwood": 1}

    # -- deciding --------------------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        key = prompt.key.rsplit(".", 1)[-1]
        ids = [o.id for o in prompt.options if not o.shortcut]
        if prompt.ordered:
            return tuple(ids)
        handler = getattr(self, f"on_{key}", None)
        if handler is not None:
            answer: Answer = handler(view, prompt)
            return answer
        if prompt.min == prompt.max == 1 or prompt.max == 1:
            return (ids[0],)
        return tuple(ids[: prompt.max])

    def on_mulligan(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        hand = view.get("hand", [])
        return ("mulligan",) if hand and all(self.worth(c, view) < 3 for c in hand) else ("keep",)

    def on_action(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        me = view["players"][self.seat]
        lack = self.lacking(view)
        best, best_score = prompt.options[0].id, -1e9
        for opt in prompt.options:
            oid = opt.id
            if oid.startswith("play:"):
                score = 10 + self.worth(oid.split(":", 2)[2], view)
            elif oid == "place:dunes":
                score = 30.0
            elif oid.startswith("place:card:"):
                score = 9.0
            elif oid.startswith("place:isle"):
                score = 8.0
            elif oid.startswith("place:shore_"):
                res = oid[len("place:shore_") :]
                score = 5.0 + 2 * lack.get(res, 0)
            elif oid == "place:dock":
                score = 3.0 if me["hand_count"] >= 3 else 0.5
            elif oid == "place:lookout":
                score = 4.0 if me["hand_count"] <= 3 else 0.2
            elif oid == "prepare":
                score = -5.0
            elif oid == PASS:
                score = -50.0
            else:
                score = 0.0
            score += self.rng.random() * 0.1
            if score > best_score:
                best, best_score = oid, score
        return (best,)

    def on_pay(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        anchors = [o.id for o in prompt.options if o.id.startswith("anchor:")]
        if anchors:
            return (anchors[0],)
        return (min(prompt.options, key=lambda o: (int(o.id.rsplit(":", 1)[1]), o.cost or 0)).id,)

    def _mix(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        lack = self.lacking(view)

        def fit(oid: str) -> float:
            parts = oid.split("+")
            return sum(min(parts.count(r), lack.get(r, 0)) for r in RESOURCES) + 0.1 * parts.count("mushroom")

        return (max(prompt.options, key=lambda o: fit(o.id)).id,)

    on_any = _mix
    on_take_stock = _mix

    def _low_cards(self, view: Mapping[str, Any], prompt: Prompt, k: int) -> Answer:
        ranked = sorted((o.id for o in prompt.options), key=lambda oid: self.worth(card_of(oid), view))
        return tuple(ranked[: max(prompt.min, min(k, prompt.max))])

    def on_dock(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        return self._low_cards(view, prompt, 3)

    def on_lookout(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        return self._low_cards(view, prompt, 2)

    def on_discard_for(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        return self._low_cards(view, prompt, prompt.max)

    def on_post_office(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        return self._low_cards(view, prompt, 2)

    def on_draw(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        bay = [o for o in prompt.options if o.id.startswith("bay:")]
        if bay:
            top = max(bay, key=lambda o: self.worth(o.id[4:], view))
            if self.worth(top.id[4:], view) >= 6 or not prompt.offers("deck"):
                return (top.id,)
        return ("deck_all",) if prompt.offers("deck_all") else ("deck",)

    def _best_card(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        cards = [o for o in prompt.options if o.card]
        if not cards:
            return (prompt.options[0].id,)
        return (max(cards, key=lambda o: self.worth(o.card or "", view)).id,)

    on_play_discounted = _best_card
    on_play_free = _best_card

    def on_give(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        cards = [o for o in prompt.options if o.card]
        return (min(cards, key=lambda o: self.worth(o.card or "", view)).id,) if cards else ("skip",)

    def on_trade(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        free = [o for o in prompt.options if o.id.endswith(":0")]
        return (max(free, key=lambda o: int(o.id.split(":")[0])).id,)

    def on_map(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        stacks = view["maps"]
        return (max(prompt.options, key=lambda o: stacks[o.id][0] if stacks[o.id] else -1).id,)

    def on_high_tide(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        return tuple(o.id for o in prompt.options[: prompt.max])


PolicyFactory = Callable[[int, int], Policy]

POLICIES: dict[str, PolicyFactory] = {"random": RandomBot, "heuristic": HeuristicBot}
