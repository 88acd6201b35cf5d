"""A heuristic Everdell player: builds an engine of green cards early, points late, claims
events when it can, and gathers the resources its best cards need. Sees only its own view."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core.prompts import Answer, Option, Prompt
from engine.games.everdell.data import RESOURCES, Card, cards, costs, locations
from engine.games.everdell.state import SEASONS

WEIGHT = {"twig": 1.0, "resin": 1.3, "pebble": 1.6, "berry": 1.0, "card": 0.6, "point": 1.0, "any": 1.4}
DESTINATION_VALUE = {
    "queen": 4.0,
    "inn": 3.0,
    "chapel": 2.5,
    "lookout": 3.0,
    "monastery": 2.0,
    "post_office": 1.5,
    "university": 1.5,
    "cemetery": 3.5,
}
SPECIAL_LOCATION = {"discard_draw_two": 1.5, "discard_gain_any": 2.5, "copy_basic": 3.0, "meadow_two": 3.5}
_FARM_WEIGHTS = (("any", "gain_any"), ("card", "draw"), ("point", "points"), ("card", "meadow"))
PAY_PENALTY = {"innkeeper": 1.5, "crane": 1.5, "dungeon": 2.5}


class HeuristicBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 104729 + seat)
        self.base_card = self.card = cards()
        self.cost = costs()
        self._values: dict[str, float] = {}  # per decision (see `choose`)
        self._want: dict[str, float] | None = None
        self._legends = False

    def _add_legends(self, data: Mapping[str, Any]) -> None:
        from engine.games.everdell.legends import card_from_view

        made = {lid: card_from_view(lid, entry) for lid, entry in data.items()}
        self.card = {**self.card, **made}
        self.cost = {**self.cost, **{lid: c.cost_t for lid, c in made.items()}}
        self._legends = True

    # ------------------------------------------------------------------------------------------
    def choose(self, seat_view: Mapping[str, Any], prompt: Prompt) -> Answer:
        # Valuations depend only on this view; one decision asks for the same ones many times.
        self._values = {}
        self._want = None
        view = dict(seat_view)
        if "pack_cards" in view and len(self.card) == len(self.base_card):  # Corrin / special Farms
            self.card = {
                **self.base_card,
                **{c["id"]: Card.model_validate(_card_fields(c)) for c in view["pack_cards"]},
            }
            self.cost = {name: c.cost_t for name, c in self.card.items()}
        if "legend_cards" in view and not self._legends:  # More Legends: value them like cards
            self._add_legends(view["legend_cards"])
        key = prompt.key.removeprefix("everdell.prompt.")
        me = view["players"][self.seat]
        handler = getattr(self, "on_" + key, None)
        if handler is not None:
            answer: Answer = handler(view, me, prompt)
            return answer
        return self.generic(view, me, prompt)

    def generic(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        ids = [o.id for o in prompt.options]
        if prompt.kind == "choose" and all(o.card for o in prompt.options) and prompt.max > 1:
            # keep/take prompts over cards: the best ones
            ranked = sorted(prompt.options, key=lambda o: -self.value(o.card or "", me))
            return tuple(o.id for o in ranked[: max(prompt.min, min(prompt.max, 2))])
        if prompt.default is not None:
            return prompt.default
        if prompt.max == 1:
            with_cards = [o for o in prompt.options if o.card]
            if with_cards and len(with_cards) == len(prompt.options):
                return (max(with_cards, key=lambda o: self.value(o.card or "", me)).id,)
            return (ids[0],)
        return tuple(ids[: prompt.min])

    # -- valuations ----------------------------------------------------------------------------
    def season(self, me: dict[str, Any]) -> int:
        return SEASONS.index(me["season"])

    def value(self, name: str, me: dict[str, Any]) -> float:
        cached = self._values.get(name)
        if cached is None:
            cached = self._values[name] = self._value(name, me)
        return cached

    def _value(self, name: str, me: dict[str, Any]) -> float:
        card = self.card.get(name)
        if card is None:
            return 0.0
        season = self.season(me)
        v = float(card.points)
        if card.color == "production":
            v += 1.4 * (3 - season)
        elif card.color in ("governance", "destination"):
            v += 0.8 * (3 - season)
        elif card.color == "prosperity":
            v += 2.5 + 0.5 * season
        elif card.color == "traveler":
            v += 1.0
        if name == "fool":
            v = 3.0
        if name == "wanderer":
            v += 1.0
        if name == "ruins":
            v -= 1.0
        if card.critter:
            city = [c["card"] for c in me["city"] if not c["occupied"] and not c.get("face_down")]
            if card.host in city or "ever_tree" in city:
                v += 2.0
        return v - 0.15 * sum(self.cost[name])

    def needs(self, view: dict[str, Any], me: dict[str, Any]) -> dict[str, float]:
        """How much each resource would help pay for the best cards in sight."""
        if self._want is None:
            self._want = self._needs(view, me)
        return dict(self._want)

    def _needs(self, view: dict[str, Any], me: dict[str, Any]) -> dict[str, float]:
        want = dict.fromkeys(RESOURCES, 0.0)
        pool = list(view.get("hand", [])) + [c for c in view["meadow"] if c]
        best = sorted(pool, key=lambda n: -self.value(n, me))[:4]
        for name in best:
            for i, r in enumerate(RESOURCES):
                short = self.cost[name][i] - me["resources"][r]
                if short > 0:
                    want[r] += short
        return want

    def reward_value(self, loc: str, view: dict[str, Any], me: dict[str, Any]) -> float:
        want = self.needs(view, me)
        spec = locations().get(loc)
        if spec is None:
            return 0.0
        if spec.special is not None:
            return SPECIAL_LOCATION[spec.special]
        r = spec.reward
        total = 0.0
        for res in RESOURCES:
            amount = getattr(r, res)
            # resources already hoarded are worth little; the ones the best cards lack, more
            glut = 0.3 if me["resources"][res] >= 5 and want[res] == 0 else 1.0
            total += amount * (WEIGHT[res] * glut + (0.6 if want[res] > 0 else 0.0))
        hand_room = 8 - len(view.get("hand", [])) - len(view.get("hand_down", []))
        total += min(r.card, hand_room) * WEIGHT["card"] + r.point * WEIGHT["point"] + r.any * WEIGHT["any"]
        return total

    def place_value(self, opt: Option, view: dict[str, Any], me: dict[str, Any]) -> float:
        loc = opt.id[6:]
        if loc.startswith("event:"):
            return 8.0
        if loc.startswith("journey_"):
            return float(int(loc.split("_")[1])) - 0.8 * int(loc.split("_")[1]) * 0.5
        if loc == "haven":
            return 0.3
        if loc.startswith("card:"):
            uid = int(loc[5:])
            if opt.card == "storehouse":
                for c in me["city"]:
                    if c["uid"] == uid:
                        return sum(WEIGHT[r] * v for r, v in c["stored"].items())
            return DESTINATION_VALUE.get(opt.card or "", 1.0)
        return self.reward_value(loc, view, me)

    # -- the main action ----------------------------------------------------------------------
    def on_action(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        plays = [o for o in prompt.options if o.id.startswith("play:")]
        placements = [o for o in prompt.options if o.id.startswith("place:")]
        ids = {o.id for o in prompt.options}
        best_play = max(plays, key=lambda o: self.value(o.card or "", me), default=None)
        play_v = self.value(best_play.card or "", me) if best_play else -99.0
        best_place = max(placements, key=lambda o: self.place_value(o, view, me), default=None)
        place_v = self.place_value(best_place, view, me) if best_place else -99.0
        if best_place is not None and place_v >= 8.0:
            return (best_place.id,)
        if best_play is not None and play_v >= 1.0:
            return (best_play.id,)
        if best_place is not None and place_v > 0.5:
            return (best_place.id,)
        if "prepare" in ids:
            if best_play is not None and play_v > 0.5:
                return (best_play.id,)
            return ("prepare",)
        if best_play is not None and (play_v > -1.0 or "pass" not in ids):
            return (best_play.id,)
        if best_place is not None:
            return (best_place.id,)
        return ("pass",) if "pass" in ids else (prompt.options[0].id,)

    def on_payment(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        def score(o: Option) -> float:
            method = o.id.split(":")[0].split("@")[0]
            return (o.cost or 0) + PAY_PENALTY.get(method, 0.0)

        return (min(prompt.options, key=score).id,)

    def _weakest_opponent(self, view: dict[str, Any], prompt: Prompt, strongest: bool = False) -> Answer:
        seats = [int(o.id[5:]) for o in prompt.options]
        scores = {p["seat"]: p["score"] for p in view["players"]}
        pick = (max if strongest else min)(seats, key=lambda s: scores[s])
        return (f"seat:{pick}",)

    def on_fool_target(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._weakest_opponent(view, prompt, strongest=True)

    def on_give_cards(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._weakest_opponent(view, prompt)

    def on_give_resources(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._weakest_opponent(view, prompt)

    on_shepherd_pay = on_give_resources

    def _discard(self, me: dict[str, Any], prompt: Prompt, count: int) -> Answer:
        ranked = sorted(prompt.options, key=lambda o: self.value(o.card or "", me))
        count = max(prompt.min, min(prompt.max, count))
        return tuple(o.id for o in ranked[:count])

    def _cheap_cards(self, me: dict[str, Any], prompt: Prompt) -> int:
        return sum(1 for o in prompt.options if self.value(o.card or "", me) < 1.0)

    def on_haven(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        k = self._cheap_cards(me, prompt)
        return self._discard(me, prompt, k - k % 2)

    def on_bard(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._discard(me, prompt, self._cheap_cards(me, prompt))

    def on_discard_draw(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._discard(me, prompt, min(self._cheap_cards(me, prompt), 4))

    def on_discard_gain(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._discard(me, prompt, 3)

    def on_journey(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._discard(me, prompt, prompt.min)

    def on_post_office_give(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._discard(me, prompt, 2)

    def on_post_office_discard(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._discard(me, prompt, self._cheap_cards(me, prompt))

    def on_undertaker_discard(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._discard(me, prompt, 3)

    def on_graduation(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._discard(me, prompt, 3)

    def on_scrolls_keep(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        ranked = sorted(prompt.options, key=lambda o: -self.value(o.card or "", me))
        return tuple(o.id for o in ranked[: min(prompt.max, 1)])

    def on_acorn_thieves(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        ranked = sorted(prompt.options, key=lambda o: self.card[o.card or "fool"].points)
        return tuple(o.id for o in ranked[: prompt.max] if self.card[o.card or "fool"].points < 3)

    def _worst_city_card(self, prompt: Prompt) -> Answer:
        pool = [o for o in prompt.options if o.card]
        return (min(pool, key=lambda o: self.card[o.card or ""].points).id,)

    def on_ruins(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._worst_city_card(prompt)

    on_university = on_ruins

    def on_rugwort_fool(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        pool = [o for o in prompt.options if o.card]
        return (max(pool, key=lambda o: self.card[o.card or ""].color == "prosperity").id,)

    def on_croak_wart(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        ranked = sorted(prompt.options, key=lambda o: self.card[o.card or ""].points)
        return tuple(o.id for o in ranked[:2])

    def _bundle(
        self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt, biggest: bool = True
    ) -> Answer:
        want = self.needs(view, me)

        def score(o: Option) -> float:
            vec = [int(x) for x in o.id.split(".")]
            return sum(vec[i] * (WEIGHT[r] + want[r]) for i, r in enumerate(RESOURCES))

        return (max(prompt.options, key=score).id,)

    on_gain_any = on_peddler_take = _bundle

    def on_monastery(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        want = self.needs(view, me)

        def score(o: Option) -> float:
            vec = [int(x) for x in o.id.split(".")]
            return sum(vec[i] * (WEIGHT[r] + want[r]) for i, r in enumerate(RESOURCES))

        return (min(prompt.options, key=score).id,)

    def on_peddler_return(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return ("0.0.0.0",) if "0.0.0.0" in {o.id for o in prompt.options} else (prompt.options[-1].id,)

    def on_new_management(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return (prompt.options[0].id,) if self.season(me) == 3 else (prompt.options[-1].id,)

    def on_summer_meadow(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        ranked = sorted(prompt.options, key=lambda o: -self.value(o.card or "", me))
        return tuple(o.id for o in ranked[: prompt.max])

    def on_clock_tower(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        locs = [o for o in prompt.options if o.id != "none"]
        best = max(locs, key=lambda o: self.reward_value(o.id, view, me))
        return (best.id,) if self.reward_value(best.id, view, me) > 1.5 else ("none",)

    def on_lookout(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return (max(prompt.options, key=lambda o: self.reward_value(o.id, view, me)).id,)

    on_copy_basic = on_lookout

    def on_storehouse(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return (
            ("pebble",)
            if "pebble" in {o.id for o in prompt.options} and self.needs(view, me)["pebble"]
            else ("twig",)
        )

    def on_courthouse(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        want = self.needs(view, me)
        return (max(prompt.options, key=lambda o: want.get(o.id, 0) + WEIGHT.get(o.id, 0)).id,)

    # -- Mistwood player powers ------------------------------------------------------------------
    def on_stoats(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        # Cards are worth less than a resource the best cards in sight still lack.
        want = self.needs(view, me)
        best = max(
            (o for o in prompt.options if o.id.startswith("stoats:")),
            key=lambda o: want.get(o.id[7:], 0.0),
            default=None,
        )
        if best is None or want.get(best.id[7:], 0.0) <= 0 or me["hand_count"] < 5:
            return ("none",)
        return (best.id,)

    def on_stoats_discard(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self._discard(me, prompt, prompt.min)

    def on_spiders_gain(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return self.on_courthouse(view, me, prompt)

    def on_spiders_place(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        # Where opponents are likely to go: an open basic location rewarding the most.
        return (max(prompt.options, key=lambda o: self.reward_value(o.id[3:], view, me)).id,)

    on_spiders_move = on_spiders_place

    # -- Mistwood: special Farms and Corrin Evertail -------------------------------------------
    def on_farm_ability(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        def worth(effect: dict[str, Any]) -> float:
            gains = sum(WEIGHT[r] * v for r, v in effect.get("gain", {}).items())
            return gains + sum(WEIGHT[k] * effect.get(e, 0) for k, e in _FARM_WEIGHTS)

        shown = prompt.params.get("abilities") or []
        ranked = sorted(prompt.options, key=lambda o: -worth(shown[int(o.id[1:])]) if shown else 0.0)
        return (ranked[0].id,)

    def on_corrin_field_draw(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        return ("yes",)

    def weakest_below(self, prompt: Prompt, me: dict[str, Any], limit: float) -> str | None:
        """The option of the least valued card offered, if it is worth less than `limit`."""
        cards = [o for o in prompt.options if o.card]
        worst = min(cards, key=lambda o: self.value(o.card or "", me), default=None)
        if worst is not None and self.value(worst.card or "", me) < limit:
            return worst.id
        return None

    def on_corrin_leader(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        # a point for the weakest drawn card, unless it is worth keeping
        worst = self.weakest_below(prompt, me, 3.0)
        return (worst,) if worst is not None else ("none",)

    def on_corrin_warrior(self, view: dict[str, Any], me: dict[str, Any], prompt: Prompt) -> Answer:
        worst = self.weakest_below(prompt, me, 2.0)
        if worst is not None:
            return (worst,)
        spare = [o for o in prompt.options if o.id.startswith("r:")]
        if spare and self.season(me) == 3:  # resources left in autumn are worth less than points
            return (max(spare, key=lambda o: me["resources"][o.id[2:]]).id,)
        return ("none",)


def _card_fields(entry: dict[str, Any]) -> dict[str, Any]:
    """A view's pack card as `Card` data (the view adds a Farm's abilities)."""
    return {k: v for k, v in entry.items() if k in Card.model_fields}
