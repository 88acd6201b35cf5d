"""Architects of the West Kingdom: setup, the turn loop, the end, and the primitives every rule
is built from (gaining, paying Tax, Virtue and Debts, drawing and hiring).

Location actions live in `actions.py`, the Black Market and its Reset in `market.py`, the
Guildhall (building, the Cathedral, Building effects) in `guildhall.py`, scoring in `scoring.py`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.flow import Flow, FlowGame, PromptSpec
from engine.core.prompts import Option, Prompt
from engine.core.result import Result, rank_by
from engine.core.seats import SeatSpec
from engine.games.architects import actions, market, scoring, wonders
from engine.games.architects.asks import opt
from engine.games.architects.data import Apprentice, Building, apprentices, architects, board, buildings
from engine.games.architects.state import (
    APPRENTICE_LIMIT,
    DISPLAY_COLS,
    DISPLAY_ROWS,
    MARKET_SPACES,
    ORDINARY,
    Player,
)
from engine.games.architects.wow_data import WowData, from_text

YES, NO, DONE = "yes", "no", "done"
VIRTUE_MAX = 14


@lru_cache(maxsize=4096)
def ability_counts(hired: tuple[str, ...]) -> dict[str, int]:
    """How many of the hired Apprentices have each ability: asked on nearly every action, and
    few distinct teams occur, so cached (callers only read it)."""
    table = apprentices()
    out: dict[str, int] = {}
    for a in hired:
        out[table[a].ability] = out.get(table[a].ability, 0) + 1
    return out


class ArchitectsGame(FlowGame):
    def __init__(
        self,
        seats: Sequence[SeatSpec],
        options: dict[str, Any],
        seed: int,
        position: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        if len(seats) < 2 and not options.get("opponent"):
            raise InvalidSetup("error.player_count", min=2, max=5, count=len(seats))
        self.options = options
        self.rng = random.Random(seed)
        self.n = len(seats)
        self.players = [Player(seat=i, players=self.n) for i in range(self.n)]
        self.at: dict[str, list[int]] = {loc: [0] * self.n for loc in ORDINARY}
        self.market: list[int | None] = [None] * MARKET_SPACES
        self.guildhall: list[int] = []  # seat of each worker, in the order the spaces fill
        self.prison = [0] * self.n
        self.tax = 0
        # Works of Wonder adds the Influence board's 2 slots: a fifth column, one per row
        self.cols = DISPLAY_COLS + (1 if options.get("works_of_wonder") else 0)
        self.display: list[list[str | None]] = [[None] * self.cols for _ in range(DISPLAY_ROWS)]
        self.coins = [[0] * self.cols for _ in range(DISPLAY_ROWS)]  # Silver lying on display cards
        self.app_deck: list[str] = []  # top card at the END
        self.deck: list[str] = []  # Building deck, top card at the END
        self.rewards: list[str] = []  # face down, top card at the END
        self.small: list[int] = []  # Black Market left pile, top (face-up Small side) at the END
        self.large: list[int] = []  # right pile, top (face-up Large side) at the END
        self.order: list[int] = list(range(self.n))  # seats in turn order
        self.current = 0  # seat whose turn it is
        self.ender: int | None = None  # seat that filled the last Guildhall space
        self.final_left: int | None = None  # turns still to play once the end is triggered
        self.pending_resets = 0  # Resets due once the running action resolves
        self.position = position
        self.ended = False
        self._result: Result | None = None
        self.scores: list[dict[str, int]] = []
        # Works of Wonder (all unused when the option is off)
        self.wow: WowData | None = (
            from_text(options.get("wonders_data")) if options.get("works_of_wonder") else None
        )
        self.credit = [0] * self.n  # Silver a 2-Influence substitution still covers this turn
        self.princess = ""
        self.profiteer = ""
        self.contrib_deck: list[str] = []  # Contribution side up, top card at the END
        self.consequences: list[str] = []  # Consequence side up, the active one at the END
        self.on_card: list[str] = []  # resources on the current Contribution card
        self.wonder_res: dict[str, int] = {}  # resources contributed onto each unbuilt Wonder
        self.wonder_owner: dict[str, int | None] = {}
        self.markers: dict[str, str] = {}  # location -> Wonder marker standing there
        # the card values this game plays with: ours, or a server's printed ones for the new cards
        self.building_table = self.wow.building_table() if self.wow is not None else buildings()
        self.apprentice_table = self.wow.apprentice_table() if self.wow is not None else apprentices()
        self.custom_cards = self.wow is not None and bool(self.wow.buildings or self.wow.apprentices)

    # ==========================================================================================
    # Derived values
    # ==========================================================================================
    @property
    def row(self) -> int:
        return max(2, self.n) + 1

    @property
    def guildhall_size(self) -> int:
        return 4 * self.row

    def ability(self, seat: int) -> str | None:
        arch = self.players[seat].architect
        if arch is None:
            return None
        if self.wow is not None and arch not in architects():
            return wonders.board_ability(self, arch)
        return architects()[arch].ability

    def building(self, card_id: str) -> Building:
        return self.building_table[card_id]

    def apprentice(self, card_id: str) -> Apprentice:
        return self.apprentice_table[card_id]

    def count(self, seat: int, ability: str) -> int:
        return ability_counts(tuple(self.players[seat].apprentices)).get(ability, 0)

    def apprentice_gains(self, seat: int, ability: str, location: str | None = None) -> list[dict[str, int]]:
        table = self.apprentice_table
        out = []
        for a in self.players[seat].apprentices:
            card = table[a]
            if card.ability == ability and (location is None or card.location == location):
                out.append(card.gain)
        return out

    def tax_due(self, seat: int, base: int) -> int:
        """Tax of one payment after the low-Virtue discount and Ada's."""
        off = board().virtue[self.players[seat].virtue].tax_off
        if self.ability(seat) == "tax_discount":
            off += 1
        return max(0, base - off)

    def market_count(self, seat: int, good: str) -> int:
        """What a Market Building compares for a seat (the solo AI shows its Influence)."""
        p = self.players[seat]
        return p.silver if good == "silver" else p.res[good]

    def reset_ability(self, seat: int) -> Flow:
        """A seat's own rule at Reset step 9: none for a player (the solo AI's Power)."""
        return
        yield

    def apprentice_limit(self, seat: int) -> int:
        return APPRENTICE_LIMIT + (1 if self.ability(seat) == "cheap_hire" else 0)

    def held_by_others(self, seat: int) -> int:
        return sum(p.captives[seat] for p in self.players if p.seat != seat)

    def workers_out(self, seat: int) -> int:
        """Where every worker of a seat is, summed: the conservation check of the tests."""
        p = self.players[seat]
        return (
            p.supply
            + sum(self.at[loc][seat] for loc in ORDINARY)
            + sum(1 for s in self.market if s == seat)
            + sum(1 for s in self.guildhall if s == seat)
            + self.prison[seat]
            + self.held_by_others(seat)
        )

    # ==========================================================================================
    # Prompt helpers
    # ==========================================================================================
    def choose(
        self,
        seat: int,
        key: str,
        options: Sequence[Option],
        default: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> Flow:
        """One option id; a lone option is taken without asking."""
        if not options:
            raise RuntimeError(f"no options for {key}")
        if len(options) == 1:
            return options[0].id
        answers = yield Prompt(
            0,
            seat,
            "choose",
            key,
            tuple(options),
            params=params,
            default=(default,) if default is not None else None,
        )
        return answers[seat][0]

    def yes_no(
        self, seat: int, key: str, params: dict[str, Any] | None = None, card: str | None = None
    ) -> Flow:
        opts = (opt(YES, "architects.opt.yes", card=card), opt(NO, "architects.opt.no"))
        answer = yield from self.choose(seat, key, opts, default=YES, params=params)
        return answer == YES

    def choose_hand(self, seat: int, key: str, optional: bool = False) -> Flow:
        """One card of the seat's hand (ids name hand positions, never the cards); None: declined."""
        hand = self.players[seat].hand
        opts = [opt(f"card:{i}", "architects.opt.card", card=c) for i, c in enumerate(hand)]
        if optional:
            opts.append(opt(NO, "architects.opt.keep"))
        if not opts:
            return None
        pick = yield from self.choose(seat, key, opts)
        return None if pick == NO else hand[int(pick.split(":")[1])]

    # ==========================================================================================
    # Primitives
    # ==========================================================================================
    def gain(self, seat: int, gains: Mapping[str, int], why: str) -> Flow:
        """Goods, Silver, Virtue and Building cards."""
        p = self.players[seat]
        shown: dict[str, int] = {}
        for k, v in gains.items():
            if v <= 0:
                continue
            if k == "silver":
                p.silver += v
            elif k in p.res:
                p.res[k] += v
            else:
                continue
            shown[k] = v
        if shown:
            self.emit("gain", seat, why=why, goods=shown)
        if gains.get("virtue"):
            yield from self.change_virtue(seat, gains["virtue"], why)
        if gains.get("card"):
            self.draw(seat, gains["card"], why)
        if self.wow is not None:
            if gains.get("influence"):
                yield from wonders.change_influence(self, seat, gains["influence"], why)
            for _ in range(gains.get("reward", 0)):
                yield from wonders.take_reward(self, seat)

    def spend(
        self, seat: int, goods: Mapping[str, int], silver: int = 0, tax: int = 0, why: str = ""
    ) -> None:
        """Pay goods and Silver to the supply and Tax onto the Tax Stand (callers check first)."""
        p = self.players[seat]
        for k, v in goods.items():
            p.res[k] -= v
            assert p.res[k] >= 0, (k, p.res)
        p.silver -= silver + tax
        assert p.silver >= 0
        self.tax += tax
        self.emit("pay", seat, why=why, goods={k: v for k, v in goods.items() if v}, silver=silver, tax=tax)

    def change_virtue(self, seat: int, delta: int, why: str) -> Flow:
        """Virtue stays within 0..14: a gain above 14 destroys unpaid Debts, a loss below 0 takes
        Debts (when that rule is on)."""
        if delta == 0:
            return
        p = self.players[seat]
        if delta < 0 and self.wow is not None:
            delta += yield from wonders.spare_virtue(self, seat, -delta)
            if delta == 0:
                return
            if self.ability(seat) == "virtue_loss_clay":
                yield from self.gain(seat, {"clay": -delta}, "clotilde")
        new = p.virtue + delta
        self.emit("virtue", seat, why=why, delta=delta)
        if new > VIRTUE_MAX:
            over = new - VIRTUE_MAX
            gone = min(over, p.debts)
            if gone:
                p.debts -= gone
                self.emit("debt_destroyed", seat, count=gone)
            p.virtue = VIRTUE_MAX
        elif new < 0:
            p.virtue = 0
            if self.options["virtue_debt"]:
                for _ in range(-new):
                    yield from self.take_debt(seat, "virtue")
        else:
            p.virtue = new

    def take_debt(self, seat: int, why: str) -> Flow:
        p = self.players[seat]
        # Works of Wonder: Influence may stand for those 2 Silver, as for any Silver paid
        if self.ability(seat) == "buy_off_debt" and wonders.can_pay(self, seat, 2):
            refuse = yield from self.yes_no(seat, "architects.prompt.hugo_refuse_debt", {"silver": 2})
            if refuse:
                yield from wonders.pay(self, seat, 2, "refuse_debt")
                return
        p.debts += 1
        self.emit("debt", seat, why=why)
        if self.wow is not None:  # the Crook
            for gain in self.apprentice_gains(seat, "debt_influence"):
                yield from self.gain(seat, gain, "crook")

    def draw(self, seat: int, count: int, why: str) -> list[str]:
        got = [self.deck.pop() for _ in range(min(count, len(self.deck)))]
        self.add_to_hand(seat, got, why)
        return got

    def add_to_hand(self, seat: int, cards: list[str], why: str) -> None:
        if not cards:
            return
        p = self.players[seat]
        p.hand.extend(cards)
        p.hand.sort()
        self.emit("draw", seat, why=why, count=len(cards))
        self.emit("drew", seat, to=seat, cards=list(cards))

    def to_deck_bottom(self, seat: int, cards: list[str], why: str) -> None:
        """Building cards leave a hand face down under the deck."""
        p = self.players[seat]
        for c in cards:
            p.hand.remove(c)
            self.deck.insert(0, c)
        if cards:
            self.emit("discard", seat, why=why, count=len(cards))
            self.emit("discarded", seat, to=seat, cards=list(cards))

    # -- apprentices -----------------------------------------------------------------------------
    def refill_slot(self, row: int, col: int) -> None:
        self.display[row][col] = self.app_deck.pop() if self.app_deck else None
        self.coins[row][col] = 0

    def take_from_display(self, row: int, col: int) -> tuple[str, int]:
        """Remove a display card, slide its row left and fill the rightmost slot."""
        card = self.display[row][col]
        assert card is not None
        coins = self.coins[row][col]
        for c in range(col, self.cols - 1):
            self.display[row][c] = self.display[row][c + 1]
            self.coins[row][c] = self.coins[row][c + 1]
        self.refill_slot(row, self.cols - 1)
        return card, coins

    def display_options(self, seat: int, key_prefix: str) -> list[Option]:
        return [
            opt(f"{key_prefix}{r}.{c}", "architects.opt.hire", card=card, group=f"row{r}")
            for r in range(DISPLAY_ROWS)
            for c in range(self.cols)
            if (card := self.display[r][c]) is not None
        ]

    def hire(self, seat: int, row: int, col: int, why: str) -> Flow:
        """Hire a display card (its price already paid): make room, take its coins, apply Virtue."""
        p = self.players[seat]
        if len(p.apprentices) >= self.apprentice_limit(seat):
            opts = [opt(f"fire:{i}", "architects.opt.dismiss", card=a) for i, a in enumerate(p.apprentices)]
            pick = yield from self.choose(seat, "architects.prompt.dismiss_for_room", opts)
            self.dismiss(seat, p.apprentices[int(pick.split(":")[1])], "room")
        card, coins = self.take_from_display(row, col)
        p.apprentices.append(card)
        p.silver += coins
        self.emit("hire", seat, card=card, why=why, coins=coins, row=row, col=col)
        yield from self.change_virtue(seat, self.apprentice(card).virtue, "hire")
        if self.ability(seat) == "apprentice_marble":
            yield from self.gain(seat, {"marble": 1}, "isabelle")

    def dismiss(self, seat: int, card: str, why: str) -> None:
        self.players[seat].apprentices.remove(card)
        self.app_deck.insert(0, card)
        self.emit("dismiss", seat, card=card, why=why)

    # ==========================================================================================
    # Setup
    # ==========================================================================================
    def promo_ok(self, item_set: str) -> bool:
        if item_set == "wow":
            return self.wow is not None
        return item_set == "base" or bool(self.options["promo_cards"])

    def deal_decks_and_display(self) -> None:
        """The Building and Apprentice decks shuffled (this game's copies: a card with copies
        appears that many times; ours once each) and the Apprentice display filled."""
        deck = sorted(
            k for k, v in self.building_table.items() if self.promo_ok(v.set) for _ in range(v.copies)
        )
        self.rng.shuffle(deck)
        self.deck = deck
        apps = sorted(
            k for k, v in self.apprentice_table.items() if self.promo_ok(v.set) for _ in range(v.copies)
        )
        self.rng.shuffle(apps)
        self.app_deck = apps
        for r in range(DISPLAY_ROWS):
            for c in range(self.cols):
                self.refill_slot(r, c)

    def setup(self) -> None:
        b = board()
        self.deal_decks_and_display()
        rewards = sorted(f"{rw.id}#{k}" for rw in b.rewards for k in range(rw.copies))
        self.rng.shuffle(rewards)
        self.rewards = rewards[: 2 * self.n + 1]
        pile = [card.id for card in b.black_market.cards]
        self.rng.shuffle(pile)
        self.small = pile
        self.tax = int(self.options["tax_stand_start"])
        if self.wow is not None:
            wonders.setup(self)
        if self.options["architect_side"] == "B":
            self.deal_architects()
        else:
            first = self.rng.randrange(self.n)
            self.order = [(first + k) % self.n for k in range(self.n)]
            for k, seat in enumerate(self.order):
                self.players[seat].silver = 3 + k
        self.current = self.order[0]
        self.emit("setup", order=list(self.order), architects=[p.architect for p in self.players])

    def deal_architects(self) -> None:
        if self.wow is not None:
            self.deal_wow_boards()
            return
        table = architects()
        base = sorted(a.id for a in table.values() if a.set == "base")
        self.rng.shuffle(base)
        for seat in range(self.n):
            arch = table[base[seat]]
            if self.options["promo_architects"]:
                promo = next(a for a in sorted(table) if table[a].pair == arch.id)
                if self.rng.random() < 0.5:
                    arch = table[promo]
            p = self.players[seat]
            p.architect = arch.id
            p.silver = arch.silver
            p.virtue = arch.virtue
            p.debts = arch.debts
            for k, v in arch.resources.items():
                p.res[k] += v
            p.supply -= arch.prisoners
            self.prison[seat] += arch.prisoners
        # the most virtuous starts; ties go to the earlier seat of a shuffled order
        shuffled = list(range(self.n))
        self.rng.shuffle(shuffled)
        first = max(shuffled, key=lambda s: (self.players[s].virtue, -shuffled.index(s)))
        self.order = [(first + k) % self.n for k in range(self.n)]

    def deal_wow_boards(self) -> None:
        """Works of Wonder: the base boards (or their promo partners) and the six new ones dealt
        at random; the most virtuous starts, ties to the most Influence, then a shuffled order."""
        assert self.wow is not None
        table = architects()
        pool = sorted(a.id for a in table.values() if a.set == "base") + sorted(b.id for b in self.wow.boards)
        self.rng.shuffle(pool)
        for seat in range(self.n):
            p = self.players[seat]
            new = self.wow.board(pool[seat])
            if new is None:
                arch = table[pool[seat]]
                if self.options["promo_architects"]:
                    promo = next(a for a in sorted(table) if table[a].pair == arch.id)
                    if self.rng.random() < 0.5:
                        arch = table[promo]
                p.architect, p.silver, p.virtue, p.debts = arch.id, arch.silver, arch.virtue, arch.debts
                goods, prisoners = arch.resources, arch.prisoners
            else:
                p.architect, p.silver, p.virtue, p.debts = new.id, new.silver, new.virtue, new.debts
                p.influence = new.influence
                goods, prisoners = new.resources, new.prisoners
            for k, v in goods.items():
                p.res[k] += v
            p.supply -= prisoners
            self.prison[seat] += prisoners
        shuffled = list(range(self.n))
        self.rng.shuffle(shuffled)
        first = max(
            shuffled,
            key=lambda s: (self.players[s].virtue, self.players[s].influence, -shuffled.index(s)),
        )
        self.order = [(first + k) % self.n for k in range(self.n)]

    def extra_cards(self, seat: int) -> int:
        arch = self.players[seat].architect
        if arch is None:
            return 0
        if arch in architects():
            return architects()[arch].extra_cards
        assert self.wow is not None
        new = self.wow.board(arch)
        return new.extra_cards if new is not None else 0

    def opening(self) -> Flow:
        """Free apprentices in reverse turn order, then the Building draft and side-B extras."""
        for seat in reversed(self.order):
            opts = self.display_options(seat, "")
            pick = yield from self.choose(seat, "architects.prompt.first_apprentice", opts)
            row, col = (int(x) for x in pick.split("."))
            p = self.players[seat]
            card = self.display[row][col]
            assert card is not None
            p.apprentices.append(card)
            if self.wow is None:
                self.refill_slot(row, col)  # refilled in place at setup
            else:  # Works of Wonder: the gaps close once everyone has chosen
                self.display[row][col] = None
            self.emit("hire", seat, card=card, why="setup", coins=0, row=row, col=col)
            yield from self.change_virtue(seat, self.apprentice(card).virtue, "hire")
            if self.ability(seat) == "apprentice_marble":
                yield from self.gain(seat, {"marble": 1}, "isabelle")
        if self.wow is not None:
            self.close_display_gaps()
        if self.options["draft"]:
            yield from self.draft()
        else:
            for seat in self.order:
                self.draw(seat, 3, "setup")
        for seat in self.order:
            if self.extra_cards(seat):
                self.draw(seat, self.extra_cards(seat), "architect")

    def close_display_gaps(self) -> None:
        """Each row's cards slide left over the empty slots; the slots left at the right refill."""
        for r in range(DISPLAY_ROWS):
            kept = [c for c in self.display[r] if c is not None]
            self.display[r] = kept + [None] * (self.cols - len(kept))
            for c in range(len(kept), self.cols):
                self.refill_slot(r, c)
        self.emit("display_refresh", discarded=[])

    def draft(self) -> Flow:
        packets = {
            seat: sorted(self.deck.pop() for _ in range(min(4, len(self.deck)))) for seat in self.order
        }
        for seat in self.order:
            self.emit("draft_packet", seat, to=seat, cards=list(packets[seat]))
        for _ in range(3):
            specs = []
            for seat in self.order:
                opts = tuple(
                    opt(f"card:{i}", "architects.opt.card", card=c) for i, c in enumerate(packets[seat])
                )
                specs.append(PromptSpec(seat, "choose", "architects.prompt.draft", opts))
            answers = yield from self.ask_all([s for s in specs if s.options])
            for seat, answer in sorted(answers.items()):
                card = packets[seat].pop(int(answer[0].split(":")[1]))
                self.add_to_hand(seat, [card], "draft")
            # pass each packet to the next player in turn order
            k = len(self.order)
            packets = {self.order[(i + 1) % k]: packets[self.order[i]] for i in range(k)}
        for seat in self.order:
            for c in packets[seat]:
                self.deck.insert(0, c)

    # ==========================================================================================
    # The game
    # ==========================================================================================
    def run(self) -> Flow:
        if self.position is None:
            self.setup()
            yield from self.opening()
        else:
            from engine.games.architects.position import apply

            apply(self, self.position)
        idx = self.order.index(self.current)
        while True:
            seat = self.order[idx]
            self.current = seat
            yield from self.turn(seat)
            if self.final_left is not None:
                self.final_left -= 1
                if self.final_left == 0:
                    break
            idx = (idx + 1) % self.n
        yield from self.finish()

    def turn(self, seat: int) -> Flow:
        p = self.players[seat]
        p.turns += 1
        self.credit[seat] = 0
        self.emit("turn_start", seat)
        if p.supply == 0:
            yield from actions.reclaim(self, seat)
        else:
            opts = actions.placements(self, seat)
            if opts:
                pick = yield from self.choose(seat, "architects.prompt.place", opts)
                yield from actions.place(self, seat, pick)
            else:
                self.emit("pass", seat)
        while self.pending_resets:
            self.pending_resets -= 1
            yield from market.reset(self)
        limit = int(self.options["hand_limit"])
        if limit and len(p.hand) > limit:
            extra = len(p.hand) - limit
            opts = [opt(f"card:{i}", "architects.opt.card", card=c) for i, c in enumerate(p.hand)]
            answers = yield Prompt(
                0,
                seat,
                "choose",
                "architects.prompt.hand_limit",
                tuple(opts),
                min=extra,
                max=extra,
                params={"count": extra},
            )
            picked = [p.hand[int(a.split(":")[1])] for a in answers[seat]]
            self.to_deck_bottom(seat, picked, "hand_limit")
        self.credit[seat] = 0  # a substitution's unused Silver does not outlast the turn

    def trigger_end(self, seat: int) -> None:
        self.ender = seat
        self.final_left = self.n + 1  # this turn, then one more turn for everyone
        self.emit("end_triggered", seat)

    def finish(self) -> Flow:
        for seat in self.order:
            yield from scoring.end_virtue(self, seat)
        if self.wow is not None:
            yield from wonders.most_influence_bonus(self)
        self.scores = [scoring.breakdown(self, s) for s in range(self.n)]
        self.ended = True
        totals = tuple(sc["total"] for sc in self.scores)
        keys = [(totals[s], self.players[s].virtue, self.players[s].silver) for s in range(self.n)]
        ranks = rank_by(keys)
        self._result = Result(
            scores=totals,
            ranks=ranks,
            turns=tuple(p.turns for p in self.players),
            winners=tuple(s for s in range(self.n) if ranks[s] == 1),
            details={"breakdown": self.scores, "tie_break": ["virtue", "silver"]},
        )
        self.emit("game_end", scores=list(totals), ranks=list(ranks))

    # ==========================================================================================
    # Contract
    # ==========================================================================================
    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.games.architects.view import build_view

        return build_view(self, seat)

    def result(self) -> Result | None:
        return self._result
