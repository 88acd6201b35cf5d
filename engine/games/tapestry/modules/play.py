"""The rules of the expansion modules: what the uploaded cards, tiles and goals do in a game.

* Tapestry cards (`pp_tapestry`, `aa_tapestry`, `ff_tapestry`): WHEN PLAYED benefits; THIS ERA
  and ONGOING triggers (an ONGOING card acts while it is the visible card of its pile, until the
  end of the game); F&F charms (left: laid to the right of another card, which every era pile
  after the first is; right: the first time a card is laid on the pile to its right) and
  reserved items (a building taken off the income mat now, counted as yours, built into the
  capital at income turn 5's reserved-items step, or at once when laid in era 5 or later).
* Response cards (`counter_traps`): a defender may answer a conquest with one (it fails like a
  Trap); the attacker whose conquest is trapped may answer with a counter-trap (the Trap fails).
* Space tiles (`space_tiles`): added to the stack (a replacement takes its base tile's place);
  their lasting triggers act once explored; a tile's landmark is gained by its benefit only.
* Advanced capitals (`advanced_capitals`): each player is dealt one beside the basic capital(s)
  and may keep it instead (the basic capital still places the outposts); its districts give
  their gain when completed (a `connect_to` district once joined to the centre by built plots),
  or at each income turn's income step once completed; it may forbid
  landmarks, or landmarks hanging off its grid.
* Buildings on cards (`aa_tapestry` cards with `plots`): while such a card is the visible card of
  its pile, an income building or a landmark may stand on one of its free plots instead of the
  capital (a landmark takes one plot and hangs off the card); each plot covered gives `plot_gain`,
  the last one `full_gain` too. What stands there stays yours when the card is covered.
* Income-mat overlays (`overlays`): one dealt at random to each player at setup (a set holds 5,
  counting copies); laid over the right edge of the income mat, each space it covers shows the
  overlay's icons instead of the printed ones (seen and gained like them once the row's building
  on that space has gone); the reserved items sit at its right edge. An inspiration tile laid
  later on a row lies on top of both.
* Landmark cards (`landmark_cards`): drafted at setup (the player right of the first draws
  players (+1 with Plans & Ploys and Arts & Architecture cards both in the deck), keeps one and
  passes the rest counter-clockwise); at the end of each of your turns, a goal met gains its
  landmark.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.tapestry import effects, scoring
from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.modules import schema

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame


# ------------------------------------------------------------------------------------- decks
def extra_tapestry(g: TapestryGame) -> list[str]:
    """The module cards shuffled into the tapestry deck (each as many times as printed)."""
    out: list[str] = []
    for card in g.content.cards.values():
        out.extend([card.id] * card.copies)
    for response in g.content.responses.values():
        out.extend([response.id] * response.copies)
    return out


def space_stack(g: TapestryGame, base: list[int]) -> list[int]:
    c = g.content
    return [t for t in base if t not in c.replaced_tiles] + sorted(c.space_tiles)


def space_benefit(g: TapestryGame, tile: int) -> list[Any]:
    if tile in g.content.space_tiles:
        return list(g.content.space_tiles[tile].benefit)
    from engine.games.tapestry.data import space_tiles

    return list(space_tiles()[tile].benefit)


# ----------------------------------------------------------------------------- tapestry cards
def when_played(g: TapestryGame, seat: int, card: str) -> Gen:
    """A module card's WHEN PLAYED ability (its reserved item included): what a copy repeats."""
    c = g.content
    if card in c.cards:
        entry = c.cards[card]
        yield from effects.do(g, seat, list(entry.when_played))
        if entry.reserve is not None:
            yield from reserve(g, seat, entry.reserve)
    elif card in c.responses:
        yield from effects.do(g, seat, list(c.responses[card].when_played))


def charms_on_lay(g: TapestryGame, seat: int, card: str, pile: int, first_on_pile: bool) -> list[Any]:
    """The charm bonuses laying `card` on `pile` earns (gained by the caller, in the order chosen)."""
    p = g.players[seat]
    gains: list[Any] = []
    entry = g.content.cards.get(card)
    if entry is not None and entry.charms is not None and entry.charms.left and pile >= 1:
        gains.extend(
            entry.charms.left
        )  # every pile after the first has a card (or the printed space) to its left
    if first_on_pile and pile >= 1 and p.mat[pile - 1]:
        left_card, face_up = p.mat[pile - 1][-1]
        left = g.content.cards.get(left_card)
        if face_up and left is not None and left.charms is not None and left.charms.right:
            gains.extend(left.charms.right)
    return gains


def count_charms(g: TapestryGame, seat: int) -> int:
    """Charms visible on the income mat: the left and right charms of each pile's face-up top card."""
    total = 0
    for pile in g.players[seat].mat:
        if pile and pile[-1][1]:
            entry = g.content.cards.get(pile[-1][0])
            if entry is not None and entry.charms is not None:
                total += bool(entry.charms.left) + bool(entry.charms.right)
    return total


def has_ability(g: TapestryGame, card: str) -> bool:
    """Whether laying the card resolves anything of its own (a WHEN PLAYED ability)."""
    from engine.games.tapestry.tapestries import PLAYED

    entry = g.content.cards.get(card)
    if entry is not None:
        return bool(entry.when_played or entry.reserve)
    return card in PLAYED or bool(card in g.content.responses and g.content.responses[card].when_played)


def lay_with_charms(g: TapestryGame, seat: int, card: str, pile: int, first_on_pile: bool) -> Gen:
    """Charm bonuses and the card's ability, in the order the player chooses when both apply."""
    from engine.games.tapestry.tapestries import resolve

    p = g.players[seat]
    p.charms = count_charms(g, seat)
    entry = g.content.cards.get(card)
    if entry is not None and entry.charms is not None:
        p.charmed = True  # the F&F tech prerequisite: still met once another card covers this one
    gains = charms_on_lay(g, seat, card, pile, first_on_pile)
    charm_first = True
    if gains and has_ability(g, card):
        choice = yield from g.pick(
            seat,
            "tapestry.prompt.charm_order",
            [opt("charm", "tapestry.charm_first"), opt("card", "tapestry.card_first", card=card)],
            params={"card": card, "charm": [effects.label(s) for s in gains]},
        )
        charm_first = choice == "charm"
    if gains and charm_first:
        g.emit("charm", seat, card=card, gain=[effects.label(s) for s in gains])
        yield from effects.do(g, seat, gains)
    yield from resolve(g, seat, card)
    if gains and not charm_first:
        g.emit("charm", seat, card=card, gain=[effects.label(s) for s in gains])
        yield from effects.do(g, seat, gains)


def reserve(g: TapestryGame, seat: int, kind: str) -> Gen:
    """Take the next building of a kind off the income mat to its right edge (it counts as yours
    from now on); it is built at income turn 5, or at once from era 5 on."""
    p = g.players[seat]
    if p.on_mat[kind] == 0:
        g.emit("none_left", seat, what=kind)
        return
    p.on_mat[kind] -= 1
    p.placed[kind] += 1
    if p.income_turns >= 5:
        g.emit("reserve", seat, what=kind, now=True)
        yield from g.place_in_capital(seat, kind)
        return
    p.reserved.append(kind)
    g.emit("reserve", seat, what=kind, now=False)


def use_reserved(g: TapestryGame, seat: int) -> Gen:
    """Income turn 5, where a tapestry card would be laid: every reserved item is used."""
    p = g.players[seat]
    while p.reserved:
        kind = p.reserved.pop(0)
        g.emit("use_reserved", seat, what=kind)
        yield from g.place_in_capital(seat, kind)


# ------------------------------------------------------------------------------------ triggers
def _active_triggers(g: TapestryGame, seat: int) -> list[schema.Trigger]:
    p = g.players[seat]
    c = g.content
    out: list[schema.Trigger] = []
    if p.era_card in c.cards:
        out.extend(c.cards[p.era_card].triggers)
    for pile in p.mat:
        if pile and pile[-1][1] and pile[-1][0] in c.cards and c.cards[pile[-1][0]].kind == "ongoing":
            out.extend(c.cards[pile[-1][0]].triggers)
    for tile in p.explored_space:
        if tile in c.space_tiles:
            out.extend(c.space_tiles[tile].triggers)
    return out


def fire(g: TapestryGame, seat: int, when: str, track: str | None = None, building: str | None = None) -> Gen:
    """Every active module ability of `seat` that reacts to this moment (a finished player's
    cards give nothing)."""
    if not g.content.modules or g.players[seat].finished:
        return
    for trig in _active_triggers(g, seat):
        if trig.when != when or (trig.track is not None and trig.track != track):
            continue
        if trig.building is not None and trig.building != building:
            continue
        g.emit("ability", seat, when=when, gain=[effects.label(s) for s in trig.gain])
        yield from effects.do(g, seat, list(trig.gain))


# ----------------------------------------------------------------------------- response cards
def responses_held(g: TapestryGame, seat: int, against: str) -> list[str]:
    c = g.content
    return sorted(
        {
            card
            for card in g.players[seat].hand
            if card in c.responses and c.responses[card].against == against
        }
    )


def counter_trap(g: TapestryGame, attacker: int, defender: int, hexid: list[int]) -> Gen:
    """The attacker whose conquest was trapped is asked (whether or not a counter-trap is held, so
    the question tells nothing) whether to make the Trap fail. Returns True when it does."""
    if not g.content.on("counter_traps"):
        return False
    held = responses_held(g, attacker, "trap")
    opts = [opt("no", "tapestry.no_counter")] + [
        opt(f"resp:{c}", "tapestry.play_response", card=c) for c in held
    ]
    answer = yield from g.pick(
        attacker,
        "tapestry.prompt.counter_trap",
        opts,
        default="no",
        params={"hex": hexid, "defender": defender},
        force=True,
    )
    if answer == "no":
        return False
    card = answer[5:]
    g.players[attacker].hand.remove(card)
    g.tapestry_discard.append(card)
    g.emit("counter_trap", attacker, card=card, hex=hexid, defender=defender)
    yield from effects.do(g, attacker, list(g.content.responses[card].gain))
    return True


def defender_response_options(g: TapestryGame, defender: int) -> list[Any]:
    return [
        opt(f"resp:{c}", "tapestry.play_response", card=c) for c in responses_held(g, defender, "conquer")
    ]


def use_defender_response(g: TapestryGame, defender: int, card: str, hexid: list[int], attacker: int) -> Gen:
    g.players[defender].hand.remove(card)
    g.tapestry_discard.append(card)
    g.emit("response", defender, card=card, hex=hexid, attacker=attacker)
    yield from effects.do(g, defender, list(g.content.responses[card].gain))


# ------------------------------------------------------------------------------ landmark cards
def landmark_deck(g: TapestryGame) -> list[str]:
    """The landmark cards in play: F&F cards replace the ones they name."""
    cards = g.content.landmark_cards
    replaced = {lc.replaces for lc in cards.values() if lc.replaces}
    return [i for i in cards if i not in replaced]


def draft_landmark_cards(g: TapestryGame) -> Gen:
    """Setup: deal from the player right of the first; each keeps one and passes the rest to the
    right. The kept cards are shown to everyone once all have chosen."""
    if not g.content.on("landmark_cards"):
        return
    deck = g.shuffled(landmark_deck(g))
    boxes = {g.content.landmark_cards[i].box for i in deck}
    people = [p.seat for p in g.seated()]
    draw = min(len(deck), len(people) + (1 if {"pp", "aa"} <= boxes else 0))
    if draw < len(people):
        return  # refused at setup by the set's size check; never reached with a checked set
    hand = [deck.pop() for _ in range(draw)]
    g.landmark_cards_shown = False
    start = (g.first - 1) % g.n
    order = [s for s in ((start - i) % g.n for i in range(g.n)) if s in people]
    for seat in order:
        g.emit("landmark_cards_seen", seat, to=seat, cards=list(hand))
        opts = [opt(f"lcard:{c}", "tapestry.landmark_card", card=c) for c in hand]
        goals = {c: [[x.count, x.at_least] for x in g.content.landmark_cards[c].goal] for c in hand}
        choice = yield from g.pick(
            seat,
            "tapestry.prompt.landmark_card",
            opts,
            params={"cards": list(hand), "goals": goals},
            force=True,
        )
        card = choice[6:]
        hand.remove(card)
        g.players[seat].landmark_card = card
        g.emit("landmark_card_kept", seat)
    g.landmark_deck = g.shuffled(deck + hand)
    g.landmark_cards_shown = True
    for seat in people:
        g.emit("landmark_card", seat, card=g.players[seat].landmark_card)


def goal_count(g: TapestryGame, seat: int, what: str) -> int:
    p = g.players[seat]
    if what.startswith("track:"):
        return p.pos(what[6:])
    extra = {
        "landmarks": lambda: len(p.landmarks),
        "districts": lambda: len(p.districts),
        "toppled": lambda: g.toppled_by(seat),
        "achievements": lambda: len(p.achievements),
        "explored_space": lambda: len(p.explored_space),
        "income_turns": lambda: p.income_turns,
    }
    return extra[what]() if what in extra else scoring.count(g, seat, what)


def goal_met(g: TapestryGame, seat: int, card: str) -> bool:
    return all(goal_count(g, seat, c.count) >= c.at_least for c in g.content.landmark_cards[card].goal)


def check_landmark_card(g: TapestryGame, seat: int) -> Gen:
    """End of your turn: a landmark card whose goal you meet gains you its landmark."""
    p = g.players[seat]
    card = p.landmark_card
    if card is None or p.landmark_card_done or not goal_met(g, seat, card):
        return
    p.landmark_card_done = True
    name = g.content.landmark_cards[card].landmark.name
    g.emit("landmark_goal", seat, card=card)
    yield from g.gain_landmark(seat, name)


# -------------------------------------------------------------------------- advanced capitals
def deal_advanced_capitals(g: TapestryGame, people: list[int]) -> dict[int, str]:
    """Setup: one random advanced capital for each person (dealt in seat order)."""
    if not g.content.on("advanced_capitals"):
        return {}
    deck = g.shuffled(sorted(g.content.capitals))
    return {seat: deck.pop() for seat in people if deck}


def advanced_options(g: TapestryGame, civs: list[str], capital: str | None) -> list[Any]:
    """The setup choices keeping the advanced capital (with a civilization allowed to)."""
    if capital is None:
        return []
    barred = set(g.content.capitals[capital].not_for)
    return [
        opt(f"civ:{c}:adv:{capital}", "tapestry.setup.civ_advanced", card=c) for c in civs if c not in barred
    ]


def _district_complete(grid: list[list[str]], district: schema.District) -> bool:
    if not all(grid[r][c] != "." for r, c in district.cells):
        return False
    if not district.connect_to:
        return True
    # joined to a covered target plot through built plots (orthogonal steps; impassable ones break it)
    targets = {(r, c) for r, c in district.connect_to if grid[r][c] not in (".", "#")}
    seen = {(r, c) for r, c in district.cells}
    todo = list(seen)
    while todo:
        r, c = todo.pop()
        if (r, c) in targets:
            return True
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < 9 and 0 <= nc < 9 and (nr, nc) not in seen and grid[nr][nc] not in (".", "#"):
                seen.add((nr, nc))
                todo.append((nr, nc))
    return False


def check_advanced_districts(g: TapestryGame, seat: int) -> Gen:
    from engine.games.tapestry import civs

    p = g.players[seat]
    districts = g.content.capitals[p.advanced or ""].districts or []
    for i, district in enumerate(districts):
        number = 100 + i  # apart from the basic capitals' 0-8
        if number in p.districts or not _district_complete(p.grid, district):
            continue
        p.districts.append(number)
        g.emit("district", seat, district=number)
        if district.when == "complete":
            yield from effects.do(g, seat, list(district.gain))
        yield from civs.on_district(g, seat, number, [(r, c) for r, c in district.cells])


def advanced_income(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    districts = g.content.capitals[p.advanced or ""].districts or []
    for i, district in enumerate(districts):
        if district.when == "income" and 100 + i in p.districts:
            g.emit("district_income", seat, district=100 + i, gain=[effects.label(s) for s in district.gain])
            yield from effects.do(g, seat, list(district.gain))


def advanced_landmark_spots(g: TapestryGame, seat: int, spots: list[Any], shapes: Any) -> list[Any]:
    from engine.games.tapestry import capital as cap

    entry = g.content.capitals[g.players[seat].advanced or ""]
    if entry.no_landmarks:
        return []
    if entry.no_overhang:
        return [s for s in spots if cap.fully_inside(s, shapes)]
    return spots


# ------------------------------------------------------------------------------------ overlays
def deal_overlays(g: TapestryGame, people: list[int]) -> None:
    """Setup: one overlay at random for each person (dealt in seat order), shown to everyone."""
    if not g.content.on("overlays"):
        return
    deck = g.shuffled([o.id for o in g.content.overlays.values() for _ in range(o.copies)])
    for seat in people:
        if deck:  # the upload check asks for one per player
            g.players[seat].overlay = deck.pop()
            g.emit("overlay", seat, overlay=g.players[seat].overlay)


def overlay_icons(g: TapestryGame, seat: int) -> dict[tuple[str, int], list[str]]:
    """(row, position) -> the icons the player's overlay shows there (empty without one)."""
    entry = g.content.overlays.get(g.players[seat].overlay or "")
    if entry is None:
        return {}
    return {(space.row, space.position): list(space.icons) for space in entry.covers}


# --------------------------------------------------------------------------- buildings on cards
def card_plot_options(g: TapestryGame, seat: int, what: str) -> list[Any]:
    """The visible cards with a free plot, as placement options (`cardplot:<pile>`)."""
    if not g.content.cards:
        return []
    p = g.players[seat]
    out = []
    for pile, cards in enumerate(p.mat):
        if not cards or not cards[-1][1]:
            continue
        entry = g.content.cards.get(cards[-1][0])
        if entry is None or entry.plots is None:
            continue
        if len(p.card_plots.get(f"{pile}:{entry.id}", [])) < entry.plots:
            out.append(opt(f"cardplot:{pile}", "tapestry.card_plot", card=entry.id, group=what))
    return out


def build_on_card(g: TapestryGame, seat: int, choice: str, what: str) -> Gen:
    p = g.players[seat]
    pile = int(choice.split(":")[1])
    card = p.mat[pile][-1][0]
    entry = g.content.cards[card]
    on = p.card_plots.setdefault(f"{pile}:{card}", [])
    on.append(what)
    g.emit("build_on_card", seat, what=what, card=card)
    yield from effects.do(g, seat, list(entry.plot_gain))
    if entry.plots is not None and len(on) == entry.plots:
        yield from effects.do(g, seat, list(entry.full_gain))
