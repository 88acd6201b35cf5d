"""Replaying a log fast: the main action prompt checks the answer it is given on its own.

A replay (`Match.replay`, the game set quiet) only applies recorded answers, yet listing every
legal action of a turn (each card in hand and Meadow priced, every worker spot tried) is most of
what a turn costs. While quiet, a turn opens an `ActionPrompt` instead: its options are listed
only when something reads them, and an answer is taken as soon as `EverdellGame.action_allowed`
proves it is one of them. Whatever it cannot prove (an action kind it does not know, an illegal
answer) is judged against the full list, so the verdict, the error and the state reached are
those of a live game. Listing is free of side effects and draws nothing from the RNG, so not
listing changes nothing else.

A prompt with a single option is never asked (`Prompter.choose` takes it), so an `ActionPrompt`
opens only once two options are proven; otherwise the turn lists them as a live one does, unless
every option was tried (`complete`), when the one found is taken as `choose` would take it. The
answer the log gives next (`EverdellGame.replay_ahead`) is tried first: it is usually an option.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from engine.core.prompts import Option, Prompt
from engine.games.everdell import places, play, player_powers, specials
from engine.games.everdell.asks import Step
from engine.games.everdell.data import board, locations

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame

ACTION_KEY = "everdell.prompt.action"
PREPARE = "prepare"
PASS = "pass"
# shared locations first: they are always open, so one of them proves an option
BASIC_IDS = tuple(sorted((spec.id for spec in board().basic), key=lambda loc: locations()[loc].exclusive))
BASIC = frozenset(BASIC_IDS)


class ActionPrompt(Prompt):
    """The main action prompt of a replayed turn. Reads as the live one (same fields, options
    listed on first read, from the position it was opened in: nothing changes while it is open)."""

    def __init__(
        self, g: EverdellGame, p: int, params: dict[str, Any], purse: play.Purse, proven: tuple[str, ...]
    ) -> None:
        self._game = g
        self._purse = purse  # p's purse at this position, which holds while the prompt is open
        self._proven = proven  # options already proven while opening it
        super().__init__(0, p, "choose", ACTION_KEY, (), params=params)  # the driver numbers it
        self._listed: tuple[Option, ...] | None = None

    @property  # type: ignore[override]
    def options(self) -> tuple[Option, ...]:
        listed = self._listed
        if listed is None:
            listed = self._listed = tuple(self._game.action_options(self.seat))
        return listed

    @options.setter
    def options(self, value: tuple[Option, ...]) -> None:
        self._listed = value

    def check(self, answer: tuple[str, ...]) -> None:
        if self._listed is None and len(answer) == 1:
            choice = answer[0]
            if choice in self._proven or (
                type(choice) is str and self._game.action_allowed(self.seat, choice, self._purse)
            ):
                return
        super().check(answer)  # the full list: a live game's verdict


def choose_action(g: EverdellGame, p: int, params: dict[str, Any]) -> Step:
    """The turn's main action, asked while replaying; returns the chosen option id."""
    purse = play.Purse(g, p)
    kind = fast(type(g))
    proven = two_allowed(g, p, purse, hint(g.ahead, p)) if kind else ()
    if len(proven) < 2:
        if kind == COMPLETE and complete(g, p):
            # every option was tried: the one found is the only one, taken as `choose` takes it
            return proven[0] if proven else PASS
        return (yield from g.choose(p, ACTION_KEY, g.action_options(p), params=params))
    answers = yield ActionPrompt(g, p, params, purse, proven)
    return answers[p][0]


def settle(g: EverdellGame) -> None:
    """List the options of an action prompt a replay left open, so the prompt no longer depends
    on the game it came from (copies of the match, later reads)."""
    for prompt in g.prompts():
        if isinstance(prompt, ActionPrompt):
            prompt.options = prompt.options


SLOW, FAST, COMPLETE = 0, 1, 2
_FAST: dict[type, int] = {}


def fast(cls: type[EverdellGame]) -> int:
    """Whether a game class checks answers alone in step with its listing (FAST): a subclass
    that changes `action_options` without changing `action_allowed` is always listed in full
    (SLOW). COMPLETE: the base game's options, which `complete` can tell were all tried."""
    known = _FAST.get(cls)
    if known is None:
        from engine.games.everdell.game import EverdellGame

        def owner(name: str) -> type:
            return next(k for k in cls.__mro__ if name in k.__dict__)

        listing = owner("action_options")
        known = SLOW
        if issubclass(owner("action_allowed"), listing):
            known = COMPLETE if listing is EverdellGame and owner("action_allowed") is EverdellGame else FAST
        _FAST[cls] = known
    return known


def complete(g: EverdellGame, p: int) -> bool:
    """Whether `two_allowed` tries every option of p's action prompt, each judged exactly as
    the list does: no worker to place, no Legendary nor pile to play from. Then `action_options`
    holds only the options it found, or Pass alone when it found none."""
    return g.players[p].available == 0 and g.legends is None and not g.pig_pile


def hint(entry: Any, p: int) -> str | None:
    """The single option id `entry` (the log entry a replay submits next) answers for seat p,
    if it is one; whatever it holds, it only decides which option is tried first."""
    if type(entry) not in (list, tuple) or len(entry) != 2:
        return None
    seat, answer = entry
    if seat != p or type(answer) not in (list, tuple) or len(answer) != 1:
        return None
    choice = answer[0]
    return choice if type(choice) is str else None


def two_allowed(g: EverdellGame, p: int, purse: play.Purse, first: str | None = None) -> tuple[str, ...]:
    """Two options of p's action prompt, proven (`first`, the answer a replay will give, then
    cheap ones); fewer when no more were found among the candidates."""
    check = g.action_allowed
    found: tuple[str, ...] = ()
    if first is not None and check(p, first, purse):
        found = (first,)
    for choice in candidates(g, p):
        if choice != first and check(p, choice, purse):
            found += (choice,)
            if len(found) == 2:
                return found
    # cards to play, the cheapest first (the likeliest to fit); the base game's check of a
    # card is `play.can_play` alone, asked directly (`play_allowed` less the parsing)
    direct = _FAST.get(type(g)) == COMPLETE
    cost = g.cost
    for name in sorted(set(g.players[p].hand), key=lambda n: (sum(cost[n]), n)):
        choice = "play:h:" + name
        if choice != first and (
            play.can_play(g, p, name, play.NORMAL, None, purse, "hand") if direct else check(p, choice, purse)
        ):
            found += (choice,)
            if len(found) == 2:
                return found
    meadow = g.meadow
    for slot in purse.slots():
        choice = f"play:m{slot}"
        if choice == first:
            continue
        card = meadow[slot]
        if (
            card is not None and play.can_play(g, p, card, play.NORMAL, None, purse, f"meadow:{slot}")
            if direct
            else check(p, choice, purse)
        ):
            found += (choice,)
            if len(found) == 2:
                return found
    return found


def candidates(g: EverdellGame, p: int) -> Iterator[str]:
    """The options of p's action prompt worth trying first, cards to play aside."""
    if g.players[p].available > 0:
        yield "place:haven"
        for loc in BASIC_IDS:
            yield f"place:{loc}"
    yield PASS
    yield PREPARE


def allowed(g: EverdellGame, p: int, choice: str, purse: play.Purse | None = None) -> bool:
    """True only when `choice` is one of `EverdellGame.action_options(p)` of an action prompt
    that is asked (two options or more); False when that is not proven. `purse` may carry p's
    `play.Purse` for this position."""
    pl = g.players[p]
    if choice.startswith("place:"):
        return pl.available > 0 and place_allowed(g, p, choice[6:])
    if choice.startswith("play:"):
        return play_allowed(g, p, choice[5:], purse or play.Purse(g, p))
    if choice == PREPARE:
        return pl.available == 0 and pl.season < 3
    if choice == PASS:  # also offered when nothing else is, but that prompt is never asked
        return pl.season == 3
    return False


def place_allowed(g: EverdellGame, p: int, loc: str) -> bool:
    """`places.placement_options` for one location."""
    if loc == "haven":
        return True
    if loc in BASIC or loc in places.JOURNEY or loc in g.forest:
        return places.board_open(g, p, loc)
    if loc.startswith("event:"):
        return loc[6:] in specials.claimable(g, p)
    if loc.startswith("card:"):
        from engine.games.everdell.powers import DESTINATIONS

        uid = loc[5:]
        if not uid.isdigit() or uid != str(int(uid)):
            return False
        number = int(uid)
        for owner, pl in enumerate(g.players):
            for cc in pl.city:
                if cc.uid == number:
                    return cc.card in DESTINATIONS and places.card_spot_open(g, p, owner, cc)
    return False


def play_allowed(g: EverdellGame, p: int, source: str, purse: play.Purse) -> bool:
    """`play.playable_options` and `player_powers.pile_options` for one card."""
    if source.startswith("h:"):
        name = source[2:]
        return name in g.players[p].hand and play.can_play(g, p, name, play.NORMAL, None, purse, "hand")
    if source == "pile":
        return bool(player_powers.pile_options(g, p))
    slot = source[1:]
    if source[:1] != "m" or not slot.isdigit() or slot != str(int(slot)):
        return False
    s = int(slot)
    found = g.meadow[s] if s < len(g.meadow) else None
    return (
        found is not None
        and s in purse.slots()
        and play.can_play(g, p, found, play.NORMAL, None, purse, f"meadow:{s}")
    )
