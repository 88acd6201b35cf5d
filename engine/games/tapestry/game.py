"""Tapestry rules: setup, the two kinds of turn, and the primitives every benefit is built from.

Benefit tokens are interpreted in `effects.py`, the map actions (explore, conquer) live in
`actions.py`, tapestry cards in `tapestries.py`, civilizations in `civs.py`, scoring in
`scoring.py`. All randomness comes from `self.rng`, seeded by the match.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.prompts import card_of, instance_ids
from engine.core.result import Result
from engine.core.seats import SeatSpec
from engine.games.tapestry import (
    artificers,
    arts_data,
    civs,
    civs_more,
    effects,
    modules,
    scoring,
    tapestries,
    tech_ff,
)
from engine.games.tapestry import arts as arts_rules
from engine.games.tapestry import capital as cap
from engine.games.tapestry.asks import Asker, Gen, opt
from engine.games.tapestry.data import (
    ARTS,
    RESOURCES,
    TRACKS,
    Bonus,
    Landmark,
    all_landmarks,
    all_tracks,
    arts,
    board,
    landmarks,
    masterpieces,
    tapestry_cards,
    tech_cards,
)
from engine.games.tapestry.mapgeo import Hex
from engine.games.tapestry.modules import play as module_play
from engine.games.tapestry.state import MAX_RESOURCE, Player, Site

INCOME = "income"
DEFER = "defer"  # place a track landmark at the end of the turn
TIER_START = (1, 4, 7, 10)
LANDMARK_SPACES = (4, 7, 10)


def tier_of(space: int) -> int:
    return (space - 1) // 3 + 1


def tier_cost(track: str, space: int) -> list[str]:
    if track == ARTS:  # tier II printed (2 different resources), the others ours (data/arts.yaml)
        return list(arts().tier_costs.tiers[tier_of(space) - 1])
    res = all_tracks()[track].resource
    return [["any"], [res, "any"], [res, "any", "any"], [res, res]][tier_of(space) - 1]


def ways_to_pay(have: dict[str, int], cost: list[str]) -> list[tuple[str, ...]]:
    """Every multiset of resources that pays a cost of `coin`.., `any` and `distinct:N` (N
    different resources), sorted by the resources' order."""
    distinct = sum(int(c.partition(":")[2]) for c in cost if c.startswith("distinct:"))
    fixed = [c for c in cost if c != "any" and not c.startswith("distinct:")]
    anys = sum(1 for c in cost if c == "any")
    left = dict(have)
    for c in fixed:
        left[c] -= 1
    if any(v < 0 for v in left.values()):
        return []
    ways = set()
    for kinds in combinations(RESOURCES, distinct):
        rest = dict(left)
        for r in kinds:
            rest[r] -= 1
        if any(v < 0 for v in rest.values()):
            continue
        for combo in combinations_with_replacement(RESOURCES, anys):
            if all(combo.count(r) <= rest[r] for r in RESOURCES):
                ways.add(tuple(sorted([*fixed, *kinds, *combo], key=RESOURCES.index)))
    return sorted(ways, key=lambda w: [RESOURCES.index(r) for r in w])


def space_queue(track: str, space: int, bonus: bool) -> list[str]:
    """A track space's parts for the benefit queue: its benefit, then its bonus if it has one."""
    has_bonus = bonus and all_tracks()[track].spaces[space - 1].bonus is not None
    return [f"space:{track}:{space}", *([f"bonus:{track}:{space}"] if has_bonus else [])]


class TapestryGame(Asker):
    def __init__(
        self,
        seats: Sequence[SeatSpec],
        options: dict[str, Any],
        seed: int,
        position: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        if len(seats) < 2:
            raise InvalidSetup("error.player_count", min=2, max=5, count=len(seats))
        self.options = options
        self.rng = random.Random(seed)
        self.n = len(seats)
        self.players = [Player(seat=i) for i in range(self.n)]
        for player, policy in zip(self.players, options.get("trap_policy") or (), strict=False):
            player.trap_policy = policy  # the players' standing answers chosen in the lobby
        self.position = position
        self.small = self.n <= 3
        b = board()
        side = b.maps.small if self.small else b.maps.large
        self.sites: dict[Hex, Site] = {(h[0], h[1]): Site() for h in side.hexes}
        self.hexes: list[Hex] = sorted(self.sites)  # fixed iteration order
        for pr in side.printed:
            s = self.sites[(pr.hex[0], pr.hex[1])]
            s.tile, s.rot, s.printed = pr.tile, pr.rotation, True
        self.starts = {k: (v[0], v[1]) for k, v in side.starts.items()}
        slots = b.achievements["small" if self.small else "large"]
        self.achievements: dict[str, list[int]] = {k: [] for k in slots}
        self.achievement_vp: dict[str, list[int]] = {k: list(v) for k, v in slots.items()}
        self.available_landmarks: list[str] = list(landmarks())
        # the expansion modules' uploaded sets (empty without `modules`): their landmarks are
        # gained only by their own tile or card, never from the general supply
        self.content = modules.content(options)
        self.module_landmarks: list[str] = list(self.content.landmarks)
        self.landmark_deck: list[str] = []  # landmark cards not kept at setup
        self.landmark_cards_shown = True  # False while the draft is on: a kept card stays its owner's
        self.tapestry_deck: list[str] = []  # top at the END
        self.tapestry_discard: list[str] = []
        self.tech_deck: list[str] = []
        self.tech_row: list[str] = []
        self.tech_discard: list[str] = []
        self.tile_bag: list[int] = []
        self.space_stack: list[int] = []
        self.civ_deck: list[str] = []
        self.first = 0
        self.current = 0
        self.blocks: list[tuple[str, int, int]] = []  # Dictatorship: (track, owner, expiry turn)
        # per-turn memory: track spaces activated, once-per-turn symbols
        self.activated: set[tuple[int, str, int]] = set()
        self.used_once: set[tuple[int, str]] = set()
        # a turn is open: a track landmark gained now may wait for the end of it
        self.turn_open = False
        self.advance_turn = False  # Advisors: a neighbour's draw on their advance turn
        self.built: set[int] = set()  # Relentless: seats that gained a building this turn
        # Arts & Architecture (`arts`): the fifth track, its landmarks, the masterpieces
        self.arts_on = bool(options.get("arts"))
        self.arts_values = arts_data.values(options) if self.arts_on else {}  # ours, or the server's
        self.track_ids: tuple[str, ...] = (*TRACKS, ARTS) if self.arts_on else TRACKS
        self.mp_deck: list[str] = []  # top at the END
        self.mp_row: list[str] = []
        self.mp_discard: list[str] = []
        self.no_upgrade: set[tuple[int, str]] = set()  # Ceramics: cards not to upgrade again this turn
        self.flipped: set[str] = set()  # single-use tech cards used up (tech_ff)
        if self.arts_on:
            for player in self.players:
                player.tracks[ARTS] = [0]
            self.available_landmarks += [lm.name for lm in arts().landmarks]

    # ==========================================================================================
    # Setup
    # ==========================================================================================
    def shuffled(self, items: list[Any]) -> list[Any]:
        items = list(items)
        self.rng.shuffle(items)
        return items

    def setup_decks(self) -> None:
        deck: list[str] = []
        gone_cards = set(self.options.get("remove_tapestry", []))
        for card in tapestry_cards().values():
            if card.id not in gone_cards:
                deck.extend([card.id] * card.copies)
        if self.content.modules:
            deck.extend(module_play.extra_tapestry(self))
        self.tapestry_deck = self.shuffled(deck)
        from engine.games.tapestry.options import tech_deck

        self.tech_deck = self.shuffled(tech_deck(self.options))
        self.tech_row = [self.tech_deck.pop() for _ in range(3)]
        self.tile_bag = self.shuffled([t.id for t in board().territory_tiles])
        space = [t.id for t in board().space_tiles]
        self.space_stack = self.shuffled(
            module_play.space_stack(self, space) if self.content.modules else space
        )
        from engine.games.tapestry.options import civ_deck

        self.civ_deck = self.shuffled(civ_deck(self.options))
        if self.arts_on:  # after every base deck, so the base shuffles stay as they were
            self.mp_deck = self.shuffled(list(masterpieces()))
            self.mp_row = [self.mp_deck.pop() for _ in range(3)]

    def setup_flow(self) -> Gen:
        self.setup_decks()
        self.first = self.draw_first()
        # capitals: 4-5 players draw one each; 1-3 players draw a pair of matched mats
        caps = {c.number: c for c in board().capitals}
        if self.small:
            pairs = self.shuffled([(1, 6), (2, 4), (3, 5)])[: self.n]
        else:
            pairs = [(c,) for c in self.shuffled(sorted(caps))[: self.n]]
        seated = self.seated()
        offers = {p.seat: [self.civ_deck.pop(), self.civ_deck.pop()] for p in seated}
        advanced = module_play.deal_advanced_capitals(self, [p.seat for p in seated])
        module_play.deal_overlays(self, [p.seat for p in seated])
        for p in seated:
            p.civ["offer"] = list(offers[p.seat])
            p.civ["capital_offer"] = list(pairs[p.seat])
            self.emit("civ_offer", p.seat, to=p.seat, civs=list(offers[p.seat]))
        specs = []
        from engine.core.flow import PromptSpec

        for p in seated:
            opts = [
                opt(f"civ:{c}:cap:{k}", "tapestry.setup.civ_capital", card=c)
                for c in offers[p.seat]
                for k in pairs[p.seat]
            ]
            opts += module_play.advanced_options(self, offers[p.seat], advanced.get(p.seat))
            specs.append(
                PromptSpec(
                    p.seat,
                    "choose",
                    "tapestry.prompt.setup",
                    tuple(opts),
                    params={"civs": offers[p.seat], "capitals": list(pairs[p.seat])},
                    default=(opts[0].id,),
                )
            )
        answers = yield from self.ask_all(specs)
        for p in seated:
            _, civ, kind, number = answers[p.seat][0].split(":")
            if kind == "adv":  # an advanced capital: its own mat; the basic one still places the outposts
                p.capital = pairs[p.seat][0]
                p.advanced = number
                p.grid = cap.parse(self.content.capitals[number].grid)
                self.emit("advanced_capital", p.seat, capital=number)
            else:
                p.capital = int(number)
                p.grid = cap.parse(caps[p.capital].grid)
            other = [c for c in offers[p.seat] if c != civ]
            self.civ_deck.extend(other)
            del p.civ["offer"], p.civ["capital_offer"]
            p.civs = [civ]
            pair = pairs[p.seat]
            start = self.start_hex(p.seat, pair)
            site = self.sites[start]
            site.pieces.extend([[p.seat, True, "outpost"], [p.seat, True, "outpost"]])
            p.civ["start"] = list(start)
            self.emit("setup", p.seat, civ=civ, capital=p.capital, start=list(start))
        self.civ_deck = self.shuffled(self.civ_deck)
        people = {p.seat for p in seated}
        for p in self.order_from(self.first):
            if p.seat in people:
                yield from civs.on_gain(self, p.seat, p.civs[0], starting=True)
        for p in self.order_from(self.first):
            if p.seat in people:
                yield from civs.adjust(self, p.seat)
        yield from module_play.draft_landmark_cards(self)

    # Hooks for engine-run players (the solo Automa, automa/): who sets up as a person, who
    # starts, where a person's outposts start.
    def seated(self) -> list[Player]:
        return self.players

    def draw_first(self) -> int:
        return self.rng.randrange(self.n)

    def receives(self, seat: int, what: str) -> bool:
        """Whether a gift of another player's effect (a tile, a tech card) reaches this seat."""
        return True

    def start_hex(self, seat: int, pair: tuple[int, ...]) -> Hex:
        return self.starts["/".join(str(x) for x in pair)] if self.small else self.large_start(self.players[seat].capital)

    def large_start(self, number: int) -> Hex:
        start = next(c for c in board().capitals if c.number == number).start_large
        return (start[0], start[1])

    def order_from(self, seat: int) -> list[Player]:
        return [self.players[(seat + i) % self.n] for i in range(self.n)]

    def neighbours(self, seat: int) -> list[int]:
        """Left and right neighbours; in a 2-player game the single opponent counts once."""
        return sorted({(seat - 1) % self.n, (seat + 1) % self.n} - {seat})

    def opponents(self, seat: int) -> list[int]:
        return [s for s in range(self.n) if s != seat]

    # ==========================================================================================
    # The game
    # ==========================================================================================
    def run(self) -> Gen:
        if self.position is not None and self.position.get("skip_setup"):
            from engine.games.tapestry.position import apply

            self.setup_decks()
            apply(self, self.position)
        else:
            yield from self.setup_flow()
            if self.position is not None:
                from engine.games.tapestry.position import apply

                apply(self, self.position)
        self.current = self.first if self.position is None else int(self.position.get("current", self.first))
        while not all(p.finished for p in self.players):
            p = self.players[self.current]
            if not p.finished:
                yield from self.take_turn(p.seat)
            self.current = (self.current + 1) % self.n
        self.emit("game_end", scores=[p.vp for p in self.players])

    def take_turn(self, seat: int) -> Gen:
        p = self.players[seat]
        self.activated = set()
        self.used_once = set()
        self.built = set()
        self.no_upgrade = set()
        self.turn_open = True
        if p.civ.get("merfolk:beyond") and not p.finished:  # Merfolk after their fifth income turn
            yield from civs_more.merfolk_turn(self, seat)
            self.turn_open = False
            yield from self.place_deferred_landmarks(seat)
            p.turns += 1
            return
        beyond = civs_more.beyond(p)  # Elder Ones after their fifth income turn: advance turns only
        opts = [] if beyond else [opt(INCOME, "tapestry.turn.income")]
        if p.income_turns > 0:
            for track in self.track_ids:
                payable = self.payable_tokens(seat, track)
                if payable:
                    space = all_tracks()[track].spaces[payable[-1]]
                    opts.append(opt(f"advance:{track}", "tapestry.turn.advance", card=space.name, group=track))
        if not opts:  # an Elder One who cannot advance is done
            yield from civs_more.elder_ones_done(self, seat)
            self.turn_open = False
            return
        choice = yield from self.pick(
            seat, "tapestry.prompt.turn", opts, default=opts[0].id, params={"income_turns": p.income_turns}
        )
        if choice == INCOME:
            self.emit("income_turn", seat, number=p.income_turns + 1)
            yield from self.income_turn(seat)
        else:
            track = choice.split(":")[1]
            token = yield from self.which_token(seat, track, self.payable_tokens(seat, track))
            yield from self.pay(seat, self.cost_of(track, p.tracks[track][token] + 1), "tapestry.prompt.pay_advance")
            self.emit("advance_turn", seat, track=track)
            self.advance_turn = True
            yield from self.advance(seat, track, "benefit", token=token)
        self.turn_open = False
        advanced, self.advance_turn = self.advance_turn, False
        yield from self.place_deferred_landmarks(seat)
        if self.content.modules:
            yield from module_play.check_landmark_card(self, seat)
        yield from civs_more.end_of_turn(self, seat, advanced)
        yield from civs_more.urban_build(self, seat)
        for q in self.order_from(seat):
            yield from civs.mystics_check(self, q.seat)
        if self.arts_on:
            arts_rules.cards_left(self)
        p.turns += 1
        self.blocks = [b for b in self.blocks if self.players[b[1]].turns < b[2]]

    # ------------------------------------------------------------------------------ income turn
    def income_turn(self, seat: int) -> Gen:
        p = self.players[seat]
        p.income_turns += 1
        era = p.income_turns
        if p.era_card is not None and not (era == 5 and "elder_ones" in p.civs):
            # THIS ERA effects end when the next era starts (the Elder Ones keep their era-4 card)
            self.emit("era_ends", seat, card=p.era_card)
            p.era_card = None
            p.marker = {}
        reserving = self.content.on("ff_tapestry")  # F&F: income turn 5 uses the reserved items
        steps = [
            step
            for step, now in (
                ("income:masterpieces", era >= 2 and bool(arts_rules.usable(self, seat))),
                ("income:civs", era >= 2),
                ("income:tapestry", 2 <= era <= 4),
                ("income:reserved", era == 5 and reserving),
                ("income:upgrade", era >= 2),
                ("income:vp", era >= 2),
                ("income:income", era <= 4),
            )
            if now
        ]
        with self.resolving(seat, steps) as frame:  # the chart's steps, for the benefit queue
            if "income:masterpieces" in steps:  # masterpieces first, then civilizations
                yield from arts_rules.income_step(self, seat)
                frame.at = steps.index("income:civs")
            if era >= 2:
                yield from civs.income_abilities(self, seat)
            yield from module_play.fire(self, seat, "income_turn")
            if era == 5 and reserving:
                frame.at = steps.index("income:reserved")
                yield from module_play.use_reserved(self, seat)
            if 2 <= era <= 4:
                frame.at = steps.index("income:tapestry")
                if all(self.players[o].income_turns < era for o in self.neighbours(seat)):
                    count = board().income_mat.era_bonus[era]
                    self.emit("era_bonus", seat, era=era, count=count)
                    for _ in range(count):
                        yield from self.gain_any(seat)
                yield from tapestries.income_play(self, seat)
            if era >= 2:
                frame.at = steps.index("income:upgrade")
                yield from self.upgrade(seat, optional=True)
                frame.at = steps.index("income:vp")
                yield from scoring.income_vp(self, seat)
            if era <= 4:
                frame.at = steps.index("income:income")
                yield from scoring.income(self, seat)
                if p.advanced is not None:  # an advanced capital's producing districts
                    yield from module_play.advanced_income(self, seat)
        if era == 1:
            yield from civs.end_of_first_income(self, seat)
        if era == 5:
            yield from civs.final_income(self, seat)
            if "merfolk" in p.civs and p.hand:  # they go on playing their tapestry cards
                p.civ["merfolk:beyond"] = True
                self.emit("merfolk_beyond", seat)
                return
            if "elder_ones" in p.civs:  # they go on taking advance turns
                p.civ["elder_ones:beyond"] = True
                self.emit("elder_ones_beyond", seat)
                return
            p.finished = True
            self.emit("finished", seat, vp=p.vp)

    # ==========================================================================================
    # Resources, VP, payments
    # ==========================================================================================
    def gain_res(self, seat: int, res: str, n: int = 1) -> None:
        p = self.players[seat]
        before = p.res[res]
        p.res[res] = min(MAX_RESOURCE, before + n)
        if p.res[res] != before:
            self.emit("gain", seat, what=res, count=p.res[res] - before)

    def gain_any(self, seat: int, n: int = 1) -> Gen:
        for _ in range(n):
            res = yield from self.resource_choice(seat, "tapestry.prompt.any_resource")
            self.gain_res(seat, res)

    def lose_any(self, seat: int, n: int = 1, among: Sequence[str] = RESOURCES) -> Gen:
        p = self.players[seat]
        for _ in range(n):
            have = [r for r in among if p.res[r] > 0]
            if not have:
                return
            res = yield from self.resource_choice(seat, "tapestry.prompt.lose_resource", have)
            p.res[res] -= 1
            self.emit("lose", seat, what=res, count=1)

    def gain_vp(self, seat: int, n: int, why: str = "") -> None:
        if n:
            self.players[seat].vp = max(0, self.players[seat].vp + n)
            self.emit("vp", seat, count=n, why=why)

    @staticmethod
    def affordable(p: Player, cost: list[str]) -> bool:
        need: dict[str, int] = {}
        anys = 0
        for c in cost:
            if c == "any":
                anys += 1
            elif c.startswith("distinct:"):
                return bool(ways_to_pay(p.res, cost))
            else:
                need[c] = need.get(c, 0) + 1
        res = p.res
        if any(res[r] < n for r, n in need.items()):
            return False
        return sum(res[r] for r in RESOURCES) - (len(cost) - anys) >= anys

    def payments(self, p: Player, cost: list[str]) -> list[tuple[str, ...]]:
        if any(c.startswith("distinct:") for c in cost):
            return ways_to_pay(p.res, cost)
        fixed = [c for c in cost if c != "any"]
        anys = len(cost) - len(fixed)
        left = dict(p.res)
        for c in fixed:
            left[c] -= 1
        if any(v < 0 for v in left.values()):
            return []
        ways = []
        for combo in combinations_with_replacement(RESOURCES, anys):
            if all(combo.count(r) <= left[r] for r in RESOURCES):
                ways.append(tuple(sorted([*fixed, *combo], key=RESOURCES.index)))
        return sorted(set(ways), key=lambda w: [RESOURCES.index(r) for r in w])

    def pay(self, seat: int, cost: list[str], key: str) -> Gen:
        p = self.players[seat]
        ways = self.payments(p, cost)
        if not ways:
            raise RuntimeError("unaffordable payment")
        # default: spend what you hold most of
        best = max(ways, key=lambda w: (sum(p.res[r] for r in w), [-RESOURCES.index(r) for r in w]))
        opts = [opt("pay:" + "+".join(w), "tapestry.pay", group="pay") for w in ways]
        choice = yield from self.pick(seat, key, opts, default="pay:" + "+".join(best))
        for r in choice[4:].split("+"):
            p.res[r] -= 1
        self.emit("pay", seat, what=choice[4:].split("+"))

    # ==========================================================================================
    # Tracks
    # ==========================================================================================
    def blocked(self, seat: int, track: str) -> bool:
        if any(t == track and owner != seat and self.players[owner].turns < end for t, owner, end in self.blocks):
            return True
        return tapestries.forbids(self, seat, track)

    def cost_of(self, track: str, space: int) -> list[str]:
        """What entering a space costs (the Arts track's tiers may come from the server's file)."""
        if track == ARTS:
            return list(self.arts_values["tier_costs"][tier_of(space) - 1])
        return tier_cost(track, space)

    def can_advance(self, seat: int, track: str) -> bool:
        p = self.players[seat]
        return not self.blocked(seat, track) and any(t < 12 for t in p.tracks[track])

    def payable_tokens(self, seat: int, track: str) -> list[int]:
        """Positions of the tokens an advance turn could move on a track (cost paid by tier)."""
        p = self.players[seat]
        if self.blocked(seat, track):
            return []
        return sorted({t for t in p.tracks[track] if t < 12 and self.affordable(p, self.cost_of(track, t + 1))})

    def which_token(self, seat: int, track: str, among: list[int] | None = None) -> Gen:
        toks = self.players[seat].tracks[track]
        movable = among if among is not None else sorted({t for t in toks if t < 12})
        if len(movable) <= 1:
            return toks.index(movable[0]) if movable else 0
        opts = [opt(f"token:{t}", "tapestry.token", group=track) for t in movable]
        choice = yield from self.pick(seat, "tapestry.prompt.which_token", opts, default=opts[-1].id)
        return toks.index(int(choice.split(":")[1]))

    def advance(self, seat: int, track: str, mode: str, token: int | None = None, landmark: bool = True) -> Gen:
        """Move one token one space forward. mode: "benefit" (benefit, may pay the bonus),
        "nobonus", "none" (no benefit, no bonus), "freebonus" (no benefit, bonus for free) or
        "freeall" (benefit, and the bonus for free).
        Returns False when nothing moved (blocked, or off the end)."""
        p = self.players[seat]
        if self.blocked(seat, track) or not p.tracks[track]:
            return False
        if token is None:
            token = yield from self.which_token(seat, track)
        if p.tracks[track][token] >= 12:
            return False
        p.tracks[track][token] += 1
        space = p.tracks[track][token]
        self.emit("advance", seat, track=track, space=space)
        if space in TIER_START:
            tapestries.on_tier_entered(self, seat)
            if space > 1:
                yield from module_play.fire(self, seat, "new_tier", track=track)
        if landmark and space in LANDMARK_SPACES:
            name = all_tracks()[track].spaces[space - 1].landmark
            assert name is not None
            yield from tapestries.on_new_tier(self, seat, name)
            if name in self.available_landmarks:
                then = space_queue(track, space, mode != "nobonus") if mode in ("benefit", "nobonus", "freeall") else []
                with self.resolving(seat, [f"landmark:{name}", *then]):
                    yield from self.gain_landmark(seat, name, may_defer=self.turn_open)
        tapestries.on_advance(self, seat, track)
        yield from module_play.fire(self, seat, "advance", track=track)
        civs_more.utilitarians_advance(self, seat, track, space)
        if space == 12:
            self.achieve(seat, "track")
        if mode in ("benefit", "nobonus", "freeall"):
            renegade = yield from civs_more.renegades(self, seat, track, space)
            if not renegade:
                yield from self.gain_space(seat, track, space, bonus=mode != "nobonus", free=mode == "freeall")
        elif mode == "freebonus":
            sp = all_tracks()[track].spaces[space - 1]
            if sp.bonus is not None:
                yield from self.take_bonus(seat, sp.bonus, free=True)
        return True

    def regress(self, seat: int, track: str, mode: str) -> Gen:
        p = self.players[seat]
        toks = p.tracks[track]
        if not toks or max(toks) <= 0:
            return False
        i = toks.index(max(toks))
        toks[i] -= 1
        self.emit("regress", seat, track=track, space=toks[i])
        if toks[i] > 0 and mode == "benefit":
            yield from self.gain_space(seat, track, toks[i], bonus=True)
        return True

    def gain_space(self, seat: int, track: str, space: int, bonus: bool, free: bool = False) -> Gen:
        """A track space's benefit, then (optionally) its bonus; each space once per turn."""
        key = (seat, track, space)
        if key in self.activated:
            self.emit("already_activated", seat, track=track, space=space)
            return
        self.activated.add(key)
        sp = all_tracks()[track].spaces[space - 1]
        with self.resolving(seat, space_queue(track, space, bonus)) as frame:
            yield from effects.do(self, seat, sp.benefit)
            if bonus and sp.bonus is not None:
                frame.at = 1
                yield from self.take_bonus(seat, sp.bonus, free=free)
        yield from tapestries.after_track_benefit(self, seat, track, sp.benefit)

    def take_bonus(self, seat: int, bonus: Bonus, free: bool) -> Gen:
        p = self.players[seat]
        kind, _, count = bonus.pay.partition(":")
        n = int(count or 1)
        if free or (kind == "any" and tapestries.era_active(self, seat, "wartime_economy")):
            ok = yield from self.confirm(seat, "tapestry.prompt.free_bonus", {"gain": bonus.gain})
            if not ok:
                return
        elif kind == "any":
            have = [r for r in RESOURCES if p.res[r] > 0]
            if not have:
                return
            opts = [opt("skip", "tapestry.skip")] + [opt(f"res:{r}", f"tapestry.res.{r}") for r in have]
            choice = yield from self.pick(seat, "tapestry.prompt.bonus", opts, default="skip", params={"gain": bonus.gain})
            if choice == "skip":
                return
            p.res[choice[4:]] -= 1
            self.emit("pay", seat, what=[choice[4:]])
        else:
            pool: list[tuple[str, str]]
            if kind == "tiles":
                pool = [(f"tile:{t}", f"tile:{t}") for t in sorted(p.tiles)]
            elif kind == "hand":  # one option per card, copies numbered: trap, trap#2
                pool = [(f"card:{i}", c) for i, c in instance_ids(p.hand)]
            else:
                pool = [(f"tech:{c}", c) for c in sorted(p.tech)]
            if kind == "tech" and self.options.get("nanotech_two_cards"):
                n = 2
            if len(pool) < n:
                return
            ok = yield from self.confirm(seat, "tapestry.prompt.bonus_discard", {"kind": kind, "count": n}, default=False)
            if not ok:
                return
            opts = [opt(i, "tapestry.discard", card=c) for i, c in pool]
            chosen = yield from self.pick_many(seat, "tapestry.prompt.discard_for_bonus", opts, n, n)
            for c in chosen:
                what = card_of(c.split(":", 1)[1])
                if kind == "tiles":
                    p.tiles.remove(int(what))
                elif kind == "hand":
                    p.hand.remove(what)
                    self.tapestry_discard.append(what)
                else:
                    del p.tech[what]
                    self.tech_discard.append(what)
                    arts_rules.card_discarded(self, seat, what)
            self.emit("discard", seat, source=kind, what=[] if kind == "hand" else chosen, count=n)
        yield from effects.do(self, seat, bonus.gain)

    # ==========================================================================================
    # Buildings and landmarks
    # ==========================================================================================
    def gain_building(self, seat: int, kind: str) -> Gen:
        p = self.players[seat]
        if p.on_mat[kind] == 0:
            self.emit("none_left", seat, what=kind)
            return
        artificers.take(p, kind)  # their mat gives up its leftmost building
        p.on_mat[kind] -= 1
        p.placed[kind] += 1
        self.built.add(seat)
        self.emit("building", seat, what=kind, exposed=6 - p.on_mat[kind])
        where = yield from civs.building_elsewhere(self, seat, kind)
        if not where:
            yield from self.place_in_capital(seat, kind)
        yield from tapestries.on_building(self, seat, kind)
        yield from module_play.fire(self, seat, "building", building=kind)

    def place_in_capital(self, seat: int, kind: str) -> Gen:
        p = self.players[seat]
        terra = tapestries.era_active(self, seat, "terraforming")
        river = "riverfolk" in p.civs  # the Riverfolk build on impassable plots
        plots = cap.open_plots(p.grid, impassable_ok=terra or river)
        on_cards = module_play.card_plot_options(self, seat, kind) if self.content.modules else []
        if not plots and not on_cards:
            p.beside.append(kind)
            self.emit("beside_capital", seat, what=kind)
            return
        opts = [opt(f"plot:{r}.{c}", "tapestry.plot", group=kind) for r, c in plots] + on_cards
        choice = yield from self.pick(seat, "tapestry.prompt.place_building", opts, params={"building": kind})
        if choice.startswith("cardplot:"):  # A&A: on a tapestry card's plot instead
            yield from module_play.build_on_card(self, seat, choice, kind)
            return
        r, c = (int(x) for x in choice[5:].split("."))
        if p.grid[r][c] == cap.IMPASSABLE and terra:
            self.gain_vp(seat, 5, "terraforming")
        if river:
            yield from civs_more.riverfolk_built(self, seat, [(r, c)])
        p.grid[r][c] = kind[0].upper()
        self.emit("build", seat, what=kind, plot=[r, c])
        yield from self.check_districts(seat)

    def check_districts(self, seat: int) -> Gen:
        p = self.players[seat]
        if p.advanced is not None and self.content.capitals[p.advanced].districts is not None:
            yield from module_play.check_advanced_districts(self, seat)
            return
        for d in cap.complete_districts(p.grid):
            if d not in p.districts:
                p.districts.append(d)
                self.emit("district", seat, district=d)
                yield from self.gain_any(seat)
                yield from civs.on_district(self, seat, d)

    def gain_landmark(self, seat: int, name: str, may_defer: bool = False) -> Gen:
        """Take a landmark and place it; a track landmark (`may_defer`) may instead be placed at the
        end of the turn."""
        if name in self.available_landmarks:
            self.available_landmarks.remove(name)
        elif name in self.module_landmarks:  # an uploaded tile's or landmark card's own landmark
            self.module_landmarks.remove(name)
        else:
            return
        p = self.players[seat]
        p.landmarks.append(name)
        self.built.add(seat)
        if civs_more.beyond(p):
            self.gain_vp(seat, 10, "elder_ones")
        yield from civs_more.utilitarians_landmark(self, seat, name)
        self.emit("landmark", seat, what=name)
        parked = yield from civs_more.urban_park(self, seat, name)
        if not parked and self.arts_on:  # Astrolabe and its kind may hold it instead
            parked = yield from arts_rules.landmark_card(self, seat, name)
        placed = True if parked else (yield from self.place_landmark(seat, name, may_defer))
        if not placed:
            p.deferred.append(name)
            self.emit("landmark_deferred", seat, what=name)
        yield from civs.on_landmark(self, seat, name)
        yield from module_play.fire(self, seat, "landmark")

    def place_landmark(self, seat: int, name: str, may_defer: bool = False) -> Gen:
        """Put a gained landmark in the capital (or beside it, or on the map for Nomads). Returns
        False when the player chose to place it at the end of the turn instead. Deferring is
        offered only where there is a choice of spots: with one spot or none it cannot help, and
        those placements stay as they always were (stored games replay unchanged)."""
        p = self.players[seat]
        lm = self.landmark_info(name)
        shapes = cap.shapes_of(tuple(lm.footprint), lm.rotations)
        river = "riverfolk" in p.civs
        spots = cap.landmark_spots(p.grid, shapes, impassable_ok=river)
        if p.advanced is not None:  # an advanced capital may forbid landmarks, or their overhang
            spots = module_play.advanced_landmark_spots(self, seat, spots, shapes)
        elsewhere = yield from civs.building_elsewhere(self, seat, name, landmark=True)  # Nomads
        if elsewhere:
            return True
        on_cards = module_play.card_plot_options(self, seat, name) if self.content.modules else []
        if not spots and not on_cards:
            p.beside.append(name)
            self.emit("beside_capital", seat, what=name)
            return True
        inside = [s for s in spots if cap.fully_inside(s, shapes)]
        default = inside[0] if inside else spots[0] if spots else None
        opts = [opt(f"lm:{r}.{c}.{o}", "tapestry.landmark_spot", card=name) for r, c, o in spots] + on_cards
        if may_defer and len(spots) > 1:
            opts.append(opt(DEFER, "tapestry.landmark_defer", card=name))
        choice = yield from self.pick(
            seat,
            "tapestry.prompt.place_landmark",
            opts,
            default="lm:{}.{}.{}".format(*default) if default is not None else opts[0].id,
            params={"landmark": name},
        )
        if choice == DEFER:
            return False
        if choice.startswith("cardplot:"):  # A&A: on a tapestry card's plot, hanging off it
            yield from module_play.build_on_card(self, seat, choice, name)
            return True
        r0, c0, o = (int(x) for x in choice[3:].split("."))
        if river:
            yield from civs_more.riverfolk_built(self, seat, list(cap.place_cells((r0, c0, o), shapes)))
        for r, c in cap.place_cells((r0, c0, o), shapes):
            p.grid[r][c] = "L"
        p.landmark_spots.append([name, r0, c0, o])
        self.emit("build", seat, what=name, spot=[r0, c0, o])
        yield from self.check_districts(seat)
        return True

    def landmark_info(self, name: str) -> Landmark:
        """A landmark's footprint: the base game's, or one of the uploaded sets'."""
        found = all_landmarks().get(name)
        return found if found is not None else self.content.landmarks[name]

    def place_deferred_landmarks(self, seat: int) -> Gen:
        """End of a turn: every player (from the one whose turn it was, clockwise) places the
        landmarks they put off, in the order they choose, by the usual placement rules."""
        for q in self.order_from(seat):
            while q.deferred:
                name = q.deferred[0]
                if len(q.deferred) > 1:
                    opts = [opt(f"landmark:{n}", "tapestry.landmark", card=n) for n in q.deferred]
                    choice = yield from self.pick(q.seat, "tapestry.prompt.deferred_landmark", opts)
                    name = choice.split(":", 1)[1]
                yield from self.place_landmark(q.seat, name)
                q.deferred.remove(name)  # listed (in views) until it stands

    # ==========================================================================================
    # Cards
    # ==========================================================================================
    def draw_tapestry_card(self) -> str | None:
        if not self.tapestry_deck and self.tapestry_discard:
            self.tapestry_deck = self.shuffled(self.tapestry_discard)
            self.tapestry_discard = []
            self.emit("reshuffle", deck="tapestry")
        return self.tapestry_deck.pop() if self.tapestry_deck else None

    def gain_tapestry(self, seat: int, n: int = 1, hook: bool = True, psionic: bool = True) -> Gen:
        for _ in range(n):
            if hook and self.advance_turn and self.current == seat:
                given = yield from civs_more.advisors_give(self, seat)
                if given:
                    continue
            card = self.draw_tapestry_card()
            if card is None:
                return
            if psionic and "psionics" in self.players[seat].civs:
                card = yield from self.psionics_keep_tapestry(seat, card)
            collected = yield from civs_more.collect(self, seat, "tapestry", card)
            if collected:
                continue
            self.players[seat].hand.append(card)
            self.emit("draw_tapestry", seat, count=1)
            self.emit("drew_tapestry", seat, to=seat, card=card)
            yield from tapestries.on_tapestry_gained(self, seat, card)

    def psionics_keep_tapestry(self, seat: int, card: str) -> Gen:
        """Psionics see a second tapestry card and keep one; the other is shuffled back in."""
        second = self.draw_tapestry_card()
        if second is None:
            return card
        opts = [opt(f"keep:{i}", "tapestry.card", card=c) for i, c in enumerate((card, second))]
        choice = yield from self.pick(seat, "tapestry.prompt.psionics_keep", opts)
        keep, other = (card, second) if choice == "keep:0" else (second, card)
        self.tapestry_deck.insert(self.rng.randrange(len(self.tapestry_deck) + 1), other)
        return keep

    def draw_tech(self) -> str | None:
        if not self.tech_deck and self.tech_discard:
            self.tech_deck = self.shuffled(self.tech_discard)
            self.tech_discard = []
            self.emit("reshuffle", deck="tech")
        card = self.tech_deck.pop() if self.tech_deck else None
        tech_ff.unflip(self, card)
        return card

    def refill_tech(self) -> None:
        while len(self.tech_row) < 3:
            card = self.draw_tech()
            if card is None:
                return
            self.tech_row.append(card)
            self.emit("refill_tech", card=card)

    def invent(self, seat: int, from_row: bool = True, from_deck: bool = True, upgrade_it: bool = False) -> Gen:
        p = self.players[seat]
        opts = [opt(f"tech:{c}", "tapestry.tech", card=c) for c in self.tech_row if from_row and c not in p.tech]
        if from_deck and (self.tech_deck or self.tech_discard):
            opts.append(opt("deck", "tapestry.tech_deck"))
        if "recyclers" in p.civs:  # they may take a card from the discard pile instead
            opts += [opt(f"discarded:{c}", "tapestry.tech", card=c) for c in sorted(set(self.tech_discard) - set(p.tech))]
        if not opts:
            return None
        choice = yield from self.pick(seat, "tapestry.prompt.invent", opts)
        if choice == "deck":
            card = self.draw_tech()
            if card is None:
                return None
            self.emit("draw_tech", seat)
            while card in p.tech:  # a duplicate cannot happen with one copy each; keep safe
                card = self.draw_tech()
                if card is None:
                    return None
            if "psionics" in p.civs:
                second = self.draw_tech()
                if second is not None:
                    opts = [opt(f"tech:{c}", "tapestry.tech", card=c) for c in (card, second)]
                    keep = (yield from self.pick(seat, "tapestry.prompt.psionics_keep", opts))[5:]
                    other = second if keep == card else card
                    self.tech_deck.insert(self.rng.randrange(len(self.tech_deck) + 1), other)
                    card = keep
        elif choice.startswith("discarded:"):
            card = choice[10:]
            self.tech_discard.remove(card)
        else:
            card = choice[5:]
            self.tech_row.remove(card)
            self.refill_tech()
        collected = yield from civs_more.collect(self, seat, "tech", card)
        if collected:
            return card
        tech_ff.unflip(self, card)
        p.tech[card] = 0
        self.emit("invent", seat, card=card)
        if tapestries.era_active(self, seat, "academia"):
            self.gain_vp(seat, 3, "academia")
        if tapestries.era_active(self, seat, "industrialism"):
            yield from effects.do(self, seat, tech_cards()[card].circle)
        if upgrade_it:
            yield from self.upgrade(seat, only=card)
        return card

    def requirement_met(self, seat: int, card: str) -> bool:
        req = tech_cards()[card].requires
        if req.none:
            return True
        if req.landmark_on_card:  # the card itself must hold a landmark; neighbours do not count
            return card in self.players[seat].art.get("on_card", {})
        if req.charm_or_turn5:  # the player's own charm or income turn: neighbours do not count
            return tech_ff.charm_or_turn5(self.players[seat])
        for s in [seat, *self.neighbours(seat)]:
            q = self.players[s]
            if req.track is not None and req.space is not None and q.pos(req.track) >= req.space:
                return True
            if req.row is not None and req.position is not None and artificers.shows(q, req.row, req.position):
                return True
        return False

    def upgradable(self, seat: int, ignore: bool = False) -> list[str]:
        p = self.players[seat]
        free = ignore or tapestries.era_active(self, seat, "golden_age")
        out = []
        for card, row in p.tech.items():
            if (seat, card) in self.no_upgrade or card in self.flipped:
                continue
            if row == 0 or (row == 1 and (free or self.requirement_met(seat, card))) or row == 2 and "recyclers" in p.civs:
                out.append(card)
        return sorted(out)

    def upgrade(self, seat: int, optional: bool = False, only: str | None = None, ignore: bool = False) -> Gen:
        p = self.players[seat]
        cards = self.upgradable(seat, ignore)
        if only is not None:
            cards = [c for c in cards if c == only]
        if not cards:
            return None
        opts = [opt(f"tech:{c}", "tapestry.upgrade", card=c, group=f"row{p.tech[c]}") for c in cards]
        if optional:
            opts.append(opt("skip", "tapestry.skip"))
        choice = yield from self.pick(seat, "tapestry.prompt.upgrade", opts)
        if choice == "skip":
            return None
        card = choice[5:]
        if p.tech[card] == 2:  # Recyclers: a top-row card goes back to the bottom row
            p.tech[card] = 0
            self.emit("recycle", seat, card=card)
            self.gain_vp(seat, 5, "recyclers")
            return card
        p.tech[card] += 1
        row = p.tech[card]
        self.emit("upgrade", seat, card=card, row=row)
        if tapestries.era_active(self, seat, "golden_age"):
            self.gain_vp(seat, 3, "golden_age")
        benefit = tech_cards()[card].circle if row == 1 else tech_cards()[card].square
        yield from effects.do(self, seat, benefit)
        if row == 2:
            tech_ff.flip(self, seat, card)
        yield from tapestries.after_upgrade(self, seat, benefit)
        yield from civs.after_upgrade(self, seat, card, row)
        if row == 2 and civs_more.power_on(p, "Forge"):  # Utilitarians
            yield from self.gain_any(seat)
        return card

    # ==========================================================================================
    # Achievements
    # ==========================================================================================
    def achieve(self, seat: int, kind: str) -> None:
        p = self.players[seat]
        if kind in p.achievements or not self.achievement_vp[kind]:
            return
        vp = self.achievement_vp[kind].pop(0)
        p.achievements.append(kind)
        self.achievements[kind].append(seat)
        self.emit("achievement", seat, what=kind, vp=vp)
        self.gain_vp(seat, vp, f"achievement:{kind}")

    def award_topples(self) -> None:
        """The topple achievement to every seat that has now toppled two outposts or more. This
        runs after every conquest: the map is scanned once for the hexes holding two pieces or
        more (where a topple can be), and seats that cannot take it any more are not counted."""
        if not self.achievement_vp["topple"]:
            return
        contested = [site for site in self.sites.values() if len(site.pieces) > 1]
        for s in range(self.n):
            if "topple" not in self.players[s].achievements and self.toppled_by(s, contested) >= 2:
                self.achieve(s, "topple")

    def toppled_by(self, seat: int, sites: Iterable[Site] | None = None) -> int:
        """Outposts of others that `seat` has toppled, on `sites` (every hex by default)."""
        count = 0
        for s in self.sites.values() if sites is None else sites:  # (a count: the order does not matter)
            pieces = s.pieces
            if len(pieces) > 1 and any(q[0] == seat and q[1] for q in pieces) and any(q[0] != seat and not q[1] for q in pieces):
                count += 1
        return count

    # ==========================================================================================
    # Contract
    # ==========================================================================================
    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.games.tapestry.view import build

        return build(self, seat)

    def result(self) -> Result | None:
        from engine.games.tapestry.scoring import result

        return result(self) if self.finished else None

    def controlled(self, seat: int) -> list[Hex]:
        # in hex order (the map's sorted order), found without a lookup per hex
        own = sorted(h for h, site in self.sites.items() if site.pieces and site.controller() == seat)
        if any("infiltrators" in p.civs for p in self.players):  # territories they share
            own = sorted(set(own) | set(civs_more.shared_with(self, seat)))
        return own
