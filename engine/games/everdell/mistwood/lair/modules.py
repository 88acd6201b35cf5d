"""Personalities, Plans and Plots wired into a match (the subset the engine can enforce).

Effects that need points, cards, rolls or Webs that stop her spiders are here; what they charge
the humans to place a worker, and the Production cards they web, in `tolls.py`; face-down cards
and held workers in `holds.py`; extra costs on playing or drawing a card in `playcost.py`; the
Plan Clutching in `clutching.py`. Effects the engine does not enforce are listed in the README and
refused as options, so a match never pretends to play them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from engine.core.errors import InvalidSetup
from engine.core.prompts import Option
from engine.games.everdell.asks import Step
from engine.games.everdell.mistwood import loader
from engine.games.everdell.mistwood.activity import BASIC_TARGETS
from engine.games.everdell.mistwood.lair import clutching, holds, pay, playcost, tolls
from engine.games.everdell.mistwood.nightweave import actions
from engine.games.everdell.mistwood.nightweave.hooks import Hooks
from engine.games.everdell.mistwood.nightweave.table import Flow
from engine.games.everdell.state import CityCard

if TYPE_CHECKING:
    from engine.games.everdell.mistwood.lair.game import NightweaveGame
    from engine.games.everdell.mistwood.nightweave.actions import Ctx

PERSONALITIES = (
    "narcissist",
    "nasty",
    "denier",
    "beggar",
    "abominable",
    "negligent",
    "indifferent",
    "notable",
)
PLANS = (
    "seductive",
    "enveloping",
    "bounty",
    "power_grab",
    "pulling_strings",
    "skillful",
    "smothering_swarm",
    "plot_thickens",
    "weavers_whims",
    "weaving_webs",
    "masquerade",
    "silk_barrier",
    clutching.PLAN,
)
ONE_SHOT = (
    "great_trickster",
    "borrowed",
    "copycat",
    "creepy_crawlers",
    "caught",
    "snatched",
    "robbed",
    "thief",
    "ingenious",
    "pilfer",
    *holds.ONE_SHOT,
)
SEASONAL = (
    "clerical_errors",
    "recession",
    "unproductive",
    "fatigue",
    "forest_bandits",
    "web_tax",
    "compromised_judges",
    *tolls.TOLL_PLOTS,
    *playcost.PLAY_PLOTS,
    *holds.SEASONAL,
)
COLOR_PLOTS = {"clerical_errors": "governance", "recession": "prosperity", "unproductive": "production"}
RESOURCE_ROLLS = ("caught", "snatched", "robbed", "thief")
SEASON_JUDGES = (3, 3, 2, 1)  # her points when drawn, by the human's season (winter read as spring)


def adjacent(a: int, b: int, diagonal: bool = True) -> bool:
    """Meadow slots 0-7 in two rows of four."""
    dr, dc = abs(a // 4 - b // 4), abs(a % 4 - b % 4)
    return (max(dr, dc) == 1) if diagonal else (dr + dc == 1)


class LairHooks(Hooks):
    def __init__(self, g: NightweaveGame) -> None:
        self.g = g
        self.queue: list[tuple[str, Any]] = []
        self.personality: str | None = None
        self.plan: str | None = None
        self.plot: str | None = None
        self.plots: list[str] = []
        self.seasonals: list[str] = []
        self.webs: dict[str, str] = {}  # location -> what put the Web there
        self.pending_nasty: list[tuple[int, int]] = []
        self.event_webs: dict[str, int] = {}  # Masquerade Ball: Webs per Event
        self.silk: set[int] = set()  # Silk Barrier: webbed Production cards (uids)
        self.turn_slot: int | None = None
        self.refills: dict[int, str] = {}  # the Denier: hand cards on their way to Meadow slots
        self.refilled: set[int] = set()  # slots refilled so during the current take
        self.holds = holds.HoldState()  # face-down cards and held workers (holds.py)
        mods = g.modules
        if ("plans" in mods or "plots" in mods) and len(g.humans) != 1:
            raise InvalidSetup("error.nightweave.solo_only_modules")

    # -- setup and state -----------------------------------------------------------------------
    def setup(self) -> None:
        g, opts = self.g, self.g.options
        if "personalities" in g.modules:
            self.personality = opts.get("personality") or g.rng.choice(PERSONALITIES)
        if "plans" in g.modules:
            pool = [p for p in PLANS if not (p == "smothering_swarm" and g.level == 0)]
            if "personalities" not in g.modules:
                pool.remove("weavers_whims")
            self.plan = opts.get("plan") or g.rng.choice(pool)
        if "plots" in g.modules:
            self.plots = [*ONE_SHOT, *SEASONAL]
            g.rng.shuffle(self.plots)
        if self.plan == "plot_thickens":
            self.plots, self.seasonals = list(ONE_SHOT), list(SEASONAL)
            g.rng.shuffle(self.plots)
            g.rng.shuffle(self.seasonals)
        if self.plan == "smothering_swarm":
            self.webs["haven"] = "smothering_swarm"
        if self.plan == clutching.PLAN:
            g.lair.exempt = lambda card: clutching.exempt(self, card)
        given = (g.position or {}).get("nightweave") or {}
        if "plots" in given:  # scenario positions fix the Plot pile (drawn from the end)
            self.plots = list(given["plots"])
        if self.personality or self.plan or self.plots:
            self.note("modules", personality=self.personality, plan=self.plan)

    def note(self, kind: str, **data: Any) -> None:
        self.g.lair.note(kind, **data)

    def public(self) -> dict[str, Any]:
        return {
            "personality": self.personality,
            "plan": self.plan,
            "plot": self.plot,
            "webs": sorted(self.webs),
            "event_webs": dict(sorted(self.event_webs.items())),
            "webbed_cards": sorted(self.silk),
            **holds.public(self),
        }

    def spider_webs(self) -> set[str]:
        """Webs that stop her spiders (Plot Webs only when the card says so; swarm Webs always)."""
        plots = loader.plots().by_id()
        out = set()
        for loc, source in self.webs.items():
            if source == "smothering_swarm" or (source in plots and plots[source].blocks_spiders):
                out.add(loc)
        if self.plot == "infestation":
            out.update(f"card:{cc.uid}" for pl in self.g.players for cc in pl.city if tolls.destination(self, f"card:{cc.uid}"))
        return out

    def human(self) -> int:
        return self.g.humans[0]

    def icon(self) -> int:
        return self.g.level_row.icon_points

    def gain(self, n: int, why: str) -> None:
        actions.Ctx(self.g.lair, self.g.table, self.g.dice).gain(n, why)

    # -- her procedure's hooks -----------------------------------------------------------------
    def start_turn(self) -> None:
        self.turn_slot = self.g.lair.meadow_slot
        holds.start_turn(self)

    def blocked(self, ctx: Ctx, target: str, moved_to: str) -> Flow[None]:
        if self.plan == "seductive":
            self.queue.append(("seductive", target))
        yield from ()

    def entered_meadow(self, ctx: Ctx) -> Flow[None]:
        if self.personality == "negligent":
            self.discard_around(None)
        if self.plan is not None:
            self.queue.append(("plan", self.plan))
        yield from ()

    def before_prepare(self, ctx: Ctx) -> Flow[None]:
        slot = self.g.lair.meadow_slot
        if self.personality == "abominable" and slot is not None:
            g = self.g
            for s in range(8):
                if adjacent(s, slot, diagonal=False) and g.meadow[s] is not None:
                    g.lair.lair.append(g.meadow[s] or "")
                    self.note("achievement", card=g.meadow[s], source=f"meadow:{s + 1}")
                    g.meadow[s] = None
            g.refill()
        yield from ()

    def after_prepare(self, ctx: Ctx) -> Flow[None]:
        if self.g.legends is not None:
            from engine.games.everdell.legends import her_prepare

            her_prepare(self.g)
        if "plots" in self.g.modules or self.plan == "plot_thickens":
            self.queue.append(("plots", None))
        yield from ()

    def settle(self) -> Step:
        """Effects her turn set off, resolved once her card is done (with any thwart prompts)."""
        self.narcissist_points()
        holds.her_turn_done(self)
        queue, self.queue = self.queue, []
        for kind, arg in queue:
            if kind == "seductive":
                paid = yield from pay.offer(self.g, self.human(), "seductive", 1, ("cards", "resources"))
                if not paid:
                    self.gain(self.icon(), "seductive")
            elif kind == "plan":
                yield from self.plan_on_entry(arg)
            elif kind == "plots":
                yield from self.draw_plots()
        self.turn_slot = self.g.lair.meadow_slot

    def narcissist_points(self) -> None:
        slot = self.turn_slot
        if self.personality != "narcissist" or slot is None:
            return
        for entry in self.g.lair.log[self.g._published :]:
            src = str(entry.get("source", ""))
            if entry["kind"] == "play" and src.startswith("meadow:") and adjacent(int(src[7:]) - 1, slot):
                self.gain(self.icon(), "narcissist")

    # -- the humans' side ----------------------------------------------------------------------
    def meadow_allowed(self, slots: list[int]) -> list[int]:
        slot = self.g.lair.meadow_slot
        if self.personality == "denier":
            return self.denier_allowed(slots)
        if slot is None or self.personality not in ("narcissist", "beggar"):
            return slots
        if self.personality == "beggar" and self.g.players[self.g.current].tokens > 0:
            return slots
        return [s for s in slots if not adjacent(s, slot)]

    def denier_allowed(self, slots: list[int]) -> list[int]:
        """A slot next to her is open only to a human holding a card of its card's colour."""
        g, slot = self.g, self.g.lair.meadow_slot
        if slot is None or g.current == g.nw:
            return slots
        colors = {g.card[c].color for c in g.players[g.current].hand}
        return [s for s in slots if not adjacent(s, slot) or g.card[g.meadow[s] or ""].color in colors]

    def meadow_taken(self, p: int, slots: list[int], cards: list[str]) -> None:
        g, slot = self.g, self.g.lair.meadow_slot
        if slot is None or self.personality is None:
            return
        for s, card in zip(slots, cards):
            if not adjacent(s, slot):
                continue
            if self.personality == "beggar" and g.players[p].tokens > 0:
                g.players[p].tokens -= 1
                g.emit("lose_points", seat=p, count=1, why="beggar")
                self.gain(1, "beggar")
            elif self.personality == "nasty":
                self.pending_nasty.append((p, max(1, g.card[card].points)))
            elif self.personality == "negligent":
                self.discard_around(s)
            elif self.personality == "indifferent":
                self.indifferent_move()

    def discard_around(self, keep: int | None) -> None:
        g, slot = self.g, self.g.lair.meadow_slot
        assert slot is not None
        gone = []
        for s in range(8):
            if s != keep and adjacent(s, slot) and g.meadow[s] is not None:
                gone.append(g.meadow[s] or "")
                g.discard.append(g.meadow[s] or "")
                g.meadow[s] = None
        if gone:
            self.note("meadow_discard", cards=gone, why="negligent")
        if keep is None:
            g.refill()

    def indifferent_move(self) -> None:
        g, st = self.g, self.g.lair
        g.refill()
        while True:
            value = g.dice.d8()
            self.note("roll", value=value)
            if value - 1 != st.meadow_slot:
                break
        old, st.meadow_slot = st.meadow_slot, value - 1
        card = g.meadow[value - 1]
        g.meadow[value - 1] = None
        if card is not None:
            st.lair.append(card)
            self.note("achievement", card=card, source=f"meadow:{value}")
        self.note("move_meadow", slot=value, previous=(old or 0) + 1)
        g.refill()

    def after_human(self, p: int, watched: list[tuple[str, int | None, dict[str, Any]]]) -> Step:
        g = self.g
        self.refilled.clear()
        holds.after_human(self, p, watched)
        for kind, seat, data in watched:
            if seat != p:
                continue
            if kind == "city_add" and data.get("by") == p and seat == p:
                self.on_human_play(str(data["card"]))
                if self.plan == tolls.SILK and isinstance(data.get("uid"), int):
                    yield from tolls.silk_barrier(self, p, data["uid"])
            elif kind == "place":
                self.on_human_place(str(data["location"]), data.get("card"))
        pending, self.pending_nasty = self.pending_nasty, []
        for seat, n in pending:
            room = len(g.players[seat].hand) + g.players[seat].resource_total()
            denied = yield from pay.amount(
                g, seat, "nightweave.prompt.deny_points", 0, min(n, room), {"what": "nasty", "n": n}
            )
            yield from pay.pay(g, seat, "nasty", denied, ("cards", "resources"))
            self.gain(n - denied, "nasty")

    def on_human_play(self, card: str) -> None:
        color = self.g.card[card].color
        plot = self.plot
        if plot in COLOR_PLOTS and COLOR_PLOTS[plot] == color:
            self.gain(self.icon(), plot)
        if plot == "fatigue" and color == "destination":
            self.gain(self.icon(), plot)
        if self.plan == "weaving_webs" and color == "prosperity":
            self.gain(self.g.card[card].points, "weaving_webs")

    def on_human_place(self, loc: str, card: Any) -> None:
        source = self.webs.get(loc)
        if source == "forest_bandits":
            self.gain(2, source)
        elif source == "web_tax":
            self.gain(1, source)
        elif source == "smothering_swarm":
            self.gain(self.icon(), source)
        if self.plot == "fatigue" and isinstance(card, str) and self.g.card[card].color == "destination":
            self.gain(self.icon(), "fatigue")

    # -- what the humans pay to place, and webbed Production cards (see tolls.py) -------------
    def charges_places(self) -> bool:
        return bool(self.webs or self.event_webs) or self.plot in ("infestation", "compromised_judges")

    def place_allowed(self, p: int, loc: str) -> bool:
        return tolls.place_allowed(self, p, loc)

    def before_place(self, p: int, loc: str) -> Step:
        if self.charges_places():
            yield from tolls.before_place(self, p, loc)

    def may_activate(self, cc: CityCard) -> bool:
        return tolls.may_activate(self, cc)

    # -- Clutching: Open Destination visits ------------------------------------------------------
    def visit_points(self, owner: int, usual: int) -> int:
        return clutching.visit_points(self, owner, usual)

    def open_visit(self, ctx: Ctx, usual: int) -> int:
        return clutching.visit_points(self, self.g.nw, usual)

    # -- Plans: when she enters the Meadow -----------------------------------------------------
    def plan_on_entry(self, plan: str) -> Step:
        g, p, st = self.g, self.human(), self.g.lair
        pl = g.players[p]
        if plan == "power_grab":
            if len(pl.hand) < 2:
                yield from self.into_her_city(g.take_top(), "deck")
                return
            chosen = yield from pay.offer(g, p, plan, 2, ("tokens", "resources"))
            if chosen:
                names = yield from g.choose_cards(p, pl.hand, "nightweave.prompt.power_grab_pick", 1, 1)
                card = names[0]
            else:
                card = pl.hand[g.rng.randrange(len(pl.hand))]
            pl.hand.remove(card)
            yield from self.into_her_city(card, "hand")
        elif plan == "pulling_strings":
            names = yield from g.choose_cards(p, pl.hand, "nightweave.prompt.pulling_strings", 0, len(pl.hand))
            g.discard_from_hand(p, names)
            self.to_lair(len(pl.hand))
        elif plan == "skillful":
            excess = max(0, pl.resource_total() - 3)
            if excess:
                vec = yield from g.choose_bundle(p, excess, "nightweave.prompt.skillful", have=pl.res, low=0)
                g.spend(p, vec)
                if any(vec):
                    g.emit("pay", seat=p, res=dict(zip(("twig", "resin", "pebble", "berry"), vec)), why=plan)
                self.to_lair(max(0, pl.resource_total() - 3))
        elif plan == "enveloping":
            yield from self.enveloping(p)
        elif plan == "bounty":
            yield from self.bounty(p)
        elif plan == tolls.MASQUERADE:
            yield from tolls.masquerade(self, p)
        elif plan == "smothering_swarm":
            free = [
                loc
                for loc in (*BASIC_TARGETS, *g.forest)
                if loc not in self.webs and not g.occ.get(loc)
            ]
            if free:
                opts = [Option(loc, loc, group="location") for loc in free]
                loc = yield from g.choose(p, "nightweave.prompt.web_location", opts)
                self.webs[loc] = plan
                self.note("web", location=loc, why=plan)
        elif plan == clutching.PLAN:
            yield from clutching.on_entry(self)
        elif plan == "weavers_whims":
            actions.draw(actions.Ctx(st, g.table, g.dice))
            slot = st.meadow_slot
            gone = [c for s, c in enumerate(g.meadow) if c is not None and s != slot]
            g.discard.extend(gone)
            g.meadow = [None] * 8
            self.note("meadow_discard", cards=gone, why=plan)
            g.refill()
            self.personality = g.rng.choice(PERSONALITIES)
            self.note("personality", personality=self.personality)

    def into_her_city(self, card: str | None, source: str) -> Step:
        if card is None:
            return
        st = self.g.lair
        if st.city_full():
            st.lair.append(card)
            self.note("achievement", card=card, source=source)
        else:
            self.note("play" if st.add_city(card) else "achievement", card=card, source=source)
        yield from ()

    def to_lair(self, n: int) -> None:
        """Deck cards face down into her lair as Achievements (counted, never named)."""
        got = 0
        for _ in range(n):
            card = self.g.take_top()
            if card is None:
                break
            self.g.lair.lair.append(card)
            got += 1
        if got:
            self.note("lair_face_down", count=got)

    def enveloping(self, p: int) -> Step:
        g, st = self.g, self.g.lair
        pl = g.players[p]
        if len(pl.hand) < 3:
            actions.draw(actions.Ctx(st, g.table, g.dice), 2)
            return
        paid = yield from pay.offer(g, p, "enveloping", 2, ("tokens", "resources"))
        picks = [pl.hand[i] for i in sorted(g.rng.sample(range(len(pl.hand)), 2))]
        for card in picks:
            pl.hand.remove(card)
        if paid:
            opts = [Option(f"{c}#{i + 1}" if picks.count(c) > 1 else c, c, card=c) for i, c in enumerate(picks)]
            given = yield from g.choose(p, "nightweave.prompt.enveloping_give", opts)
            gift = opts.index(next(o for o in opts if o.id == given))
        else:
            gift = 0
        g.discard.append(picks[1 - gift])
        g.emit("discard", seat=p, count=1)
        st.hand.append(picks[gift])
        g.rng.shuffle(st.hand)
        self.note("took_cards", count=1, target=p)

    def bounty(self, p: int) -> Step:
        g = self.g
        pool = [cc for cc in g.players[p].city if g.card[cc.card].points >= 1 and cc.card not in g.fixed]
        if not pool:
            return
        paid = yield from pay.offer(g, p, "bounty", 2, ("cards", "resources"))
        if paid:
            yield from self.into_her_city(g.take_top(), "deck")
            return
        cc = yield from g.pick_city_card(p, "nightweave.prompt.bounty_pick", pool)
        g.remove_from_city(p, cc, to_discard=False)
        yield from self.into_her_city(cc.card, f"city:{p}")

    # -- Plots: when she prepares --------------------------------------------------------------
    def draw_plots(self) -> Step:
        if self.plan == "plot_thickens":
            if self.plots:
                yield from self.reveal_plot(self.plots.pop())
            if self.seasonals:
                yield from self.reveal_plot(self.seasonals.pop())
        elif self.plots:
            yield from self.reveal_plot(self.plots.pop())

    def reveal_plot(self, plot: str) -> Step:
        g = self.g
        # Each Plot drawn replaces the one before, whatever either's type: a one-shot Plot ends a
        # seasonal one too, and nothing seasonal acts until a later Plot brings one (README).
        self.webs = {k: v for k, v in self.webs.items() if v == "smothering_swarm"}
        holds.replaced(self)
        self.plot = plot
        self.note("plot", plot=plot)
        if plot == "forest_bandits":
            for loc in g.forest:
                self.webs[loc] = plot
        elif plot == "web_tax":
            for loc in BASIC_TARGETS:
                self.webs[loc] = plot
        elif plot in tolls.TOLL_PLOTS:
            for loc in tolls.plot_webs(self, plot):
                self.webs[loc] = plot
        elif plot == "compromised_judges":
            self.gain(SEASON_JUDGES[g.players[self.human()].season], plot)
        elif plot == "bad_publicity":
            playcost.purge_travelers(self)
        elif plot in holds.PLOTS:
            yield from holds.reveal(self, plot)
        elif plot in ONE_SHOT:
            yield from self.one_shot(plot)

    def one_shot(self, plot: str) -> Step:
        g, p, st = self.g, self.human(), self.g.lair
        pl = g.players[p]
        if plot == "copycat":
            names = yield from g.choose_cards(p, pl.hand, "nightweave.prompt.copycat", 0, len(pl.hand))
            g.discard_from_hand(p, names)
            self.gain(2 * len(pl.hand), plot)
        elif plot in RESOURCE_ROLLS:
            if (yield from pay.offer(g, p, plot, 2, ("cards",))):
                return
            value = g.dice.d8()
            self.note("roll", value=value)
            rolls = loader.plots().by_id()[plot].roll or {}
            resource = next(r for r, faces in rolls.items() if value in faces)
            lost = min(3, pl.res[resource])
            pl.res[resource] -= lost
            g.emit("lose", seat=p, res={resource: lost}, why=plot)
        elif plot == "great_trickster":
            if (yield from pay.offer(g, p, plot, 3, ("cards", "resources"))):
                return
            value = g.dice.d8()
            self.note("roll", value=value)
            basic = [e for e in g.basic_events if e not in g.claims]
            special = [e for e in g.special_events if e not in g.claims]
            row = basic if value <= 4 else special
            if not row:
                self.gain(self.icon(), plot)
                return
            event = row[0] if value in (1, 2, 5, 6) else row[-1]
            g.table.occupy(f"event:{event}")
            st.events.append(event)
            if row is special:
                st.special_events.add(event)
            self.note("event", event=event, why=plot)
        elif plot in ("borrowed", "pilfer"):
            n = min(3, len(pl.hand)) if plot == "borrowed" else math.ceil(len(pl.hand) / 2)
            high = n if plot == "pilfer" else min(n, pl.resource_total())
            kept = yield from pay.amount(g, p, f"nightweave.prompt.{plot}_keep", 0, high, {"n": n})
            if plot == "borrowed":
                yield from pay.pay(g, p, plot, kept, ("resources",))
            else:
                self.gain(kept, plot)
            taken = [pl.hand[i] for i in sorted(g.rng.sample(range(len(pl.hand)), n - kept), reverse=True)]
            for card in taken:
                pl.hand.remove(card)
            if taken:
                st.hand.extend(taken)
                g.rng.shuffle(st.hand)
                self.note("took_cards", count=len(taken), target=p)
        elif plot == "ingenious":
            names = yield from g.choose_cards(p, pl.hand, "nightweave.prompt.ingenious", 0, min(3, len(pl.hand)))
            g.discard_from_hand(p, names)
            for _ in range(3 - len(names)):
                top = g.take_top()
                if top is not None:
                    kept = st.add_city(top)  # even past 15
                    self.note("play" if kept else "achievement", card=top, source="deck")
        elif plot == "creepy_crawlers":
            if (yield from pay.offer(g, p, plot, 3, ("resources",))):
                return
            gone = [c for c in g.meadow if c is not None]
            g.discard.extend(gone)
            g.meadow = [None] * 8
            self.note("meadow_discard", cards=gone, why=plot)
            g.refill()
            travelers = [c for c in pl.hand if g.card[c].color == "traveler"]
            for card in travelers:
                pl.hand.remove(card)
                g.discard.append(card)
            if travelers:
                g.emit("discard_cards", seat=p, cards=travelers, why=plot)
            self.gain(self.icon(), plot)
