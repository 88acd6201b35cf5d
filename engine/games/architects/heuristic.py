"""A reasonable player: builds what it can, gathers what its hand needs, keeps Virtue healthy.

It reads only its own seat's view (its hand included) and the open prompt, plus the public
card data.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core.prompts import Answer, Option, Prompt
from engine.games.architects.data import apprentices, buildings

GATHER = {"mines": "clay", "quarry": "stone", "forest": "wood", "silversmith": "silver"}


class HeuristicBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 104_729 + seat)

    # -- helpers -------------------------------------------------------------------------------
    def me(self, view: Mapping[str, Any]) -> dict[str, Any]:
        me: dict[str, Any] = view["players"][self.seat]
        return me

    def needs(self, view: Mapping[str, Any]) -> dict[str, int]:
        """Goods still missing for the cheapest card of the hand."""
        me = self.me(view)
        have = dict(me["goods"])
        best: dict[str, int] | None = None
        for card_id in view.get("hand", []):
            card = buildings()[card_id]
            missing = {k: max(0, v - have.get(k, 0)) for k, v in card.cost.items()}
            if best is None or sum(missing.values()) < sum(best.values()):
                best = missing
        if best is None:
            best = {}
        out = {k: v for k, v in best.items() if v}
        wow = view.get("works_of_wonder")
        if wow is not None:  # Works of Wonder: gather toward the Wonder nearest in reach
            target = self.wonder_target(view)
            if target is not None:
                res, short = target
                out[res] = max(out.get(res, 0), short)
        return out

    def wonder_target(self, view: Mapping[str, Any]) -> tuple[str, int] | None:
        """(resource, still missing) of the unbuilt Wonder this seat is closest to."""
        from engine.games.architects.wow_data import ours

        me = self.me(view)
        wow = view["works_of_wonder"]
        best: tuple[int, str] | None = None
        for w in ours().wonders:
            state = wow["wonders"][w.id]
            if state["owner"] is not None or me["influence"] + 3 < w.influence:
                continue
            short = max(0, w.amount - state["resources"] - me["goods"][w.resource])
            if best is None or short < best[0]:
                best = (short, w.resource)
        return None if best is None else (best[1], best[0])

    def card_value(self, card_id: str | None) -> float:
        if card_id is None:
            return 0.0
        if card_id in buildings():
            b = buildings()[card_id]
            return b.vp + 0.5 * b.virtue - 0.1 * sum(b.cost.values())
        if card_id in apprentices():
            a = apprentices()[card_id]
            return len(a.skills) * 2 + a.virtue + (1 if a.ability != "none" else 0)
        return 0.0

    # -- decisions -----------------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        key = prompt.key.rsplit(".", 1)[-1]
        opts = list(prompt.options)
        if prompt.max > 1 or prompt.min != 1:
            # multi-pick (hand limit): give up the least valuable cards
            ranked = sorted(opts, key=lambda o: (self.card_value(o.card), o.id))
            return tuple(o.id for o in ranked[: prompt.min])
        handler = getattr(self, f"on_{key}", None)
        pick: str | None = handler(view, opts) if handler is not None else None
        if pick is None:
            pick = self.fallback(prompt)
        return (pick,)

    def fallback(self, prompt: Prompt) -> str:
        if prompt.default:
            return prompt.default[0]
        for o in prompt.options:
            if o.id not in ("done", "no"):
                return o.id
        return prompt.options[0].id

    def best(self, opts: list[Option], score: Any) -> str:
        return max(opts, key=lambda o: (score(o), o.id)).id

    def on_place(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        if self.rng.random() < 0.05:  # now and then something else: no position loops for ever
            return opts[self.rng.randrange(len(opts))].id
        if any(o.id == "guildhall" for o in opts):
            return "guildhall"  # building or climbing always comes first
        me = self.me(view)
        needs = self.needs(view)
        locs = view["locations"]
        seat = self.seat

        def score(o: Option) -> float:
            oid = o.id
            mine = locs[oid][self.seat] if oid in locs else 0
            if oid in GATHER:
                good = GATHER[oid]
                held = me["silver"] if good == "silver" else me["goods"][good]
                base = 3.0 + min(mine, 3) - (10 if held > 12 else 0)
                if good in needs:
                    base += 4 + needs[good]
                if good == "silver" and me["silver"] < 6:
                    base += 5
                if oid == "mines" and "gold" in needs:
                    base += 7 if mine >= 1 else 3
                return base
            if oid == "workshop":
                if len(view.get("hand", [])) < 2:
                    return 9.0
                skills_short = any(
                    not set(buildings()[c].skills) <= set(me["skills"]) for c in view.get("hand", [])
                )
                return 8.0 if me["silver"] >= 4 and (skills_short or len(me["apprentices"]) < 3) else 0.5
            if oid == "tax_stand":
                return view["tax"] * 1.2 - (6 if me["virtue"] <= 6 else 2)
            if oid == "guardhouse":
                s = 0.0
                if me["debts"] and me["silver"] >= 7:
                    s += 8
                if me["prison"] >= 3:
                    s += 7
                if sum(me["captives"]) >= 4:
                    s += sum(me["captives"]) / 2
                return s
            if oid == "town_centre":
                biggest = max(
                    (max(c for s, c in enumerate(counts) if s != seat) for counts in locs.values()),
                    default=0,
                )
                return (
                    3.0 + biggest if me["silver"] >= 2 and biggest >= 3 and sum(me["captives"]) < 6 else 0.0
                )
            if oid == "kings_storehouse":
                goods = me["goods"]
                value = 1.0
                if goods["wood"] + goods["stone"] >= 3 and "marble" in needs:
                    value += 8
                if me["virtue"] < 5 and goods["clay"] + goods["wood"] + goods["stone"] >= 4:
                    value += 6  # trade back up to the Cathedral's Virtue
                return value
            if oid.startswith("market:"):
                wants = ("gold" in needs) or ("marble" in needs)
                return (8.0 if wants else 1.0) - (3 if me["virtue"] <= 5 else 0)
            return 0.0

        wow = view.get("works_of_wonder")
        if wow is None:
            return self.best(opts, score)

        def wow_score(o: Option) -> float:
            s = score(o)
            if o.id == wow["profiteer"]:
                s += 1.5 - (4 if me["debts"] >= 2 else 0)
            card = wow["contribution"]
            if o.id == wow["princess"] and card is not None:
                spare = [r for r in card if r not in wow["on_card"] and me["goods"][r] > needs.get(r, 0)]
                s += 3 if spare else 0
            return s

        return self.best(opts, wow_score)

    def on_guildhall(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        wonders = [o for o in opts if o.id.startswith("wonder:")]
        if wonders:  # Works of Wonder: a Wonder is worth more than any card in hand
            from engine.games.architects.wow_data import ours

            return self.best(wonders, lambda o: ours().wonder(o.id[7:]).vp)
        builds = [o for o in opts if o.id.startswith("build:")]
        if builds:
            return self.best(builds, lambda o: self.card_value(o.card))
        return opts[0].id

    def missing_skills(self, view: Mapping[str, Any]) -> set[str]:
        have = set(self.me(view)["skills"])
        return {k for c in view.get("hand", []) for k in buildings()[c].skills} - have

    def hire_value(self, view: Mapping[str, Any], o: Option) -> float:
        card = apprentices().get(o.card or "")
        if card is None:
            return 0.0
        covers = len(set(card.skills) & self.missing_skills(view))
        return self.card_value(o.card) + 4 * covers - (o.cost or 0) * 0.8

    def on_workshop(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        me = self.me(view)
        hand = view.get("hand", [])
        hires = [o for o in opts if o.id.startswith("hire:")]
        if len(hand) < 2 or not hires:
            return "draw"
        if self.missing_skills(view) or len(me["apprentices"]) < 3:
            return self.best(hires, lambda o: self.hire_value(view, o))
        return "draw"

    def on_capture(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        caps = [o for o in opts if o.id.startswith("cap:") and o.group != str(self.seat)]
        if not caps:
            return "done"
        return self.best(caps, lambda o: o.cost or 0)

    def on_guardhouse(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        order = ("pay_debt", "release", "imprison", "rescue_pay", "done")
        ids = {o.id for o in opts}
        return next((i for i in order if i in ids), opts[0].id)

    def on_trade(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        me = self.me(view)
        for prefix in ("marble:", "app:"):
            for o in opts:
                if o.id.startswith(prefix) and (
                    prefix != "app:" or "virtue" not in apprentices()[o.id[4:]].gain
                ):
                    return o.id
        if me["virtue"] < 8:
            virtue = [o for o in opts if o.id.startswith("virtue:") or o.id.startswith("app:")]
            if virtue:
                return virtue[0].id
        return "done"

    def on_mines(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        ids = {o.id for o in opts}
        return "gold" if "gold" in ids and "gold" in self.needs(view) else "clay"

    def on_market_centre(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        hires = [o for o in opts if o.id.startswith("hire:")]
        if hires and len(self.me(view)["apprentices"]) < 5:
            return self.best(hires, lambda o: self.hire_value(view, o))
        return "look" if any(o.id == "look" for o in opts) else opts[0].id

    def pick_card(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        return self.best(opts, lambda o: self.card_value(o.card))

    on_draft = on_keep_one = pick_card

    def on_first_apprentice(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        return self.best(opts, lambda o: self.hire_value(view, o))

    on_free_hire = on_first_apprentice

    def on_dismiss_for_room(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        return min(opts, key=lambda o: (self.card_value(o.card), o.id)).id

    on_graveyard = on_dismiss_for_room

    def on_cathedral_discard(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        return min(opts, key=lambda o: (self.card_value(o.card), o.id)).id

    def on_library(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        cards = [o for o in opts if o.card is not None]
        return min(cards, key=lambda o: (self.card_value(o.card), o.id)).id if cards else opts[0].id

    def on_building_choice(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        needs = self.needs(view)
        wanted = [o for o in opts if o.id in needs]
        return wanted[0].id if wanted else opts[0].id

    # -- Works of Wonder ---------------------------------------------------------------------
    def on_contribute(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        needs = self.needs(view)
        goods = self.me(view)["goods"]
        spare = [o for o in opts if o.id.startswith("give:") and goods[o.id[5:]] > needs.get(o.id[5:], 0)]
        return spare[0].id if spare else "no"

    def on_influence_for_virtue(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        me = self.me(view)
        return opts[-1].id if me["virtue"] <= 4 or me["influence"] >= 10 else opts[0].id

    def on_wonder_marker(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        for loc in ("silversmith", "quarry", "forest", "workshop", "kings_storehouse"):
            if f"marker:{loc}" in {o.id for o in opts}:
                return f"marker:{loc}"
        return opts[0].id

    def on_reclaim(self, view: Mapping[str, Any], opts: list[Option]) -> str:
        # plain locations carry the seat's worker count as `cost`; the others come last
        return self.best(opts, lambda o: o.cost if o.cost is not None else -1)
