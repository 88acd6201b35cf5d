"""Tapestry against the Automa and the Shadow Empire (solo), or two people and the Shadow Empire.

Either way the table is a 3-player game on the small map: the people hold the match seats
(0, or 0 and 1), the bots are the remaining players of `self.players` (solo: 1 = Automa,
2 = Shadow Empire; two people: 2 = Shadow Empire). They never get a prompt: their turns run the
procedure of `turns.py` on the match RNG, and every decision is one public `automa_*` event that
names the card, the track or hex and why. A question the base rules put to a bot (an effect
aimed at "each opponent") is answered by our rulings (AUTOMA_RULINGS.md), never by a person.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Sequence
from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.flow import Ask, PromptSpec
from engine.core.prompts import Answer
from engine.core.result import Result, rank_by
from engine.core.seats import SeatSpec
from engine.games.tapestry.automa import data as adata
from engine.games.tapestry.automa import mapplay, turns
from engine.games.tapestry.data import RESOURCES, civilizations
from engine.games.tapestry.game import TapestryGame
from engine.games.tapestry.mapgeo import Hex
from engine.games.tapestry.state import Player, Site

SOLO, SHADOW = "automa", "shadow"
# Cards and civilizations the solo rules take out (the asterisked ones stay, see the rulings)
SOLO_REMOVED_CARDS = ("alliance", "dictatorship", "arranged_marriage", "oil_magnate", "olympic_host")
SOLO_REMOVED_TRAPS = 2
SOLO_REMOVED_CIVS = ("traders",)
HUMAN_START, AUTOMA_START = "2/4", "3/5"
OUTPOSTS = 10


class AutomaGame(TapestryGame):
    def __init__(
        self,
        seats: Sequence[SeatSpec],
        options: dict[str, Any],
        seed: int,
        position: dict[str, Any] | None = None,
    ) -> None:
        mode = options.get("opponent")
        people = [s for s in seats if s.kind != "automa"]
        if (
            len(people) != len(seats)
            or (mode == SOLO and len(seats) != 1)
            or (mode == SHADOW and len(seats) != 2)
        ):
            raise InvalidSetup(
                "error.player_count",
                min=1 if mode == SOLO else 2,
                max=1 if mode == SOLO else 2,
                count=len(seats),
            )
        bots = [SeatSpec("automa", "Automa")] if mode == SOLO else []
        bots.append(SeatSpec("automa", "Shadow Empire"))
        super().__init__([*seats, *bots], options, seed, position)
        self.mode = mode
        self.seat_count = len(seats)
        self.humans = list(range(len(seats)))
        self.automa = 1 if mode == SOLO else -1
        self.shadow = 2
        self.bots = [1, 2] if mode == SOLO else [2]
        self.level = int(options.get("automa_level", 2)) if mode == SOLO else 0
        self.values = adata.open_values(options.get("automa_rules"))
        self.favorite: dict[int, str] = {}
        self.automa_civs: list[str] = []
        self.deck: list[int] = []  # decision deck, top at the end
        self.discard: list[int] = []  # face up, public
        self.progress: list[int] = []  # progress deck, top at the end
        self.pair: list[int] = []  # [track card, tiebreaker card] on the table
        self.latest: list[int] = []  # the most recent pair (income turns read it)
        self.income_card: int | None = None  # the progress card lent to income turn 1

    # ==========================================================================================
    # Setup
    # ==========================================================================================
    def seated(self) -> list[Player]:
        return [self.players[s] for s in self.humans]

    def draw_first(self) -> int:
        if self.mode == SOLO:  # the person, or the bot pair (who move as one)
            return 0 if self.rng.randrange(2) == 0 else self.automa
        return self.rng.randrange(self.n)

    def start_hex(self, seat: int, pair: tuple[int, ...]) -> Hex:
        if self.mode == SOLO:
            return self.starts[HUMAN_START]
        return super().start_hex(seat, pair)

    def setup_decks(self) -> None:
        super().setup_decks()
        if self.mode != SOLO:
            return
        self.tapestry_deck = [c for c in self.tapestry_deck if c not in SOLO_REMOVED_CARDS]
        for _ in range(SOLO_REMOVED_TRAPS):
            self.tapestry_deck.remove("trap")
        # the Automa's removals, and the expansion civilizations not flagged for solo play
        self.civ_deck = [c for c in self.civ_deck if c not in SOLO_REMOVED_CIVS and civilizations()[c].automa]

    def setup_flow(self) -> Generator[Any, Any, Any]:
        yield from super().setup_flow()
        self.setup_bots()

    def run(self) -> Generator[Any, Any, Any]:
        pos = self.position
        if pos is not None and pos.get("skip_setup"):
            self.place_position(pos)
        else:
            yield from self.setup_flow()
        self.current = self.first if pos is None else int(pos.get("current", self.first))
        while not all(p.finished for p in self.players):
            p = self.players[self.current]
            if not p.finished:
                yield from self.take_turn(p.seat)
            self.current = (self.current + 1) % self.n
        self.emit("game_end", scores=[p.vp for p in self.players])

    def place_position(self, pos: dict[str, Any]) -> None:
        """A described position: the base rules place the people (solo: capital 2, so the start
        hex is 2/4), then the bots are set up and take what `automa` fixes."""
        from engine.games.tapestry.position import apply

        self.setup_decks()
        bots = self.players[self.seat_count :]
        self.players = self.players[: self.seat_count]
        people = [dict(x) for x in (pos.get("players") or [])][: self.seat_count]
        if self.mode == SOLO:
            people = people or [{}]
            people[0].setdefault("capital", 2)
        apply(self, {**pos, "players": people})
        self.players.extend(bots)
        self.setup_bots()

    def setup_bots(self) -> None:
        given = dict((self.position or {}).get("automa") or {})
        for b in self.bots:
            self.players[b].outposts = OUTPOSTS - 1  # one marks its favourite track
        if self.mode == SOLO:
            a = self.players[self.automa]
            a.outposts -= 2
            self.sites[self.starts[AUTOMA_START]].pieces.extend(
                [[self.automa, True, "outpost"], [self.automa, True, "outpost"]]
            )
            second = self.options.get("automa_second_civ") if self.level == 6 else None
            face = turns.roll(self, self.automa, "setup")
            while second is not None and adata.civ_for_track(face) == second:
                face = turns.roll(self, self.automa, "setup")
            self.automa_civs = [adata.civ_for_track(face)] + ([second] if second else [])
            self.favorite[self.automa] = adata.civ_sides()[self.automa_civs[0]].favorite_track
            shadow_fav = turns.roll(self, self.shadow, "setup")
            while shadow_fav == self.favorite[self.automa]:
                shadow_fav = turns.roll(self, self.shadow, "setup")
            self.favorite[self.shadow] = shadow_fav
            progress = self.shuffled(list(range(8, 23)))
            top = progress.pop()
            self.progress = progress
            self.deck = self.shuffled([*range(1, 8), top])
        else:
            self.favorite[self.shadow] = turns.roll(self, self.shadow, "setup")
            self.deck = self.shuffled(list(range(1, 13)))
        # scenario positions may fix what chance decided, and place the bots
        for key, spec in (given.get("players") or {}).items():
            bot = self.players[int(key)]
            for t, v in (spec.get("tracks") or {}).items():
                bot.tracks[t] = [int(v)]
            for attr in ("vp", "outposts", "income_turns"):
                if attr in spec:
                    setattr(bot, attr, int(spec[attr]))
            if "pool" in spec:
                bot.hand = list(spec["pool"])
            for name in spec.get("landmarks") or []:
                self.available_landmarks.remove(name)
                bot.landmarks.append(name)
        if "civs" in given:
            self.automa_civs = list(given["civs"])
        for key, seat in (("favorite", self.automa), ("shadow_favorite", self.shadow)):
            if key in given:
                self.favorite[seat] = given[key]
        for key in ("deck", "discard", "progress", "latest", "pair"):
            if key in given:
                setattr(self, key, list(given[key]))
        self.emit(
            "automa_setup",
            mode=self.mode,
            level=self.level,
            sides=list(self.automa_civs),
            favorites={str(k): v for k, v in sorted(self.favorite.items())},
            deck=len(self.deck),
            progress=len(self.progress),
        )

    # ==========================================================================================
    # Turns
    # ==========================================================================================
    def take_turn(self, seat: int) -> Generator[Any, Any, Any]:
        if seat in self.humans:
            yield from super().take_turn(seat)
            if self.mode == SHADOW and all(self.players[h].finished for h in self.humans):
                self.finish_bot(self.shadow)
            return
        self.activated = set()
        if seat == self.automa:
            yield from turns.bot_turn(self)
        elif self.mode == SHADOW:
            yield from turns.shadow_turn(self)
        self.players[seat].turns += 1

    def finish_bot(self, seat: int) -> None:
        if not self.players[seat].finished:
            self.players[seat].finished = True
            self.emit("finished", seat, vp=self.players[seat].vp)

    def income_turn(self, seat: int) -> Generator[Any, Any, Any]:
        p = self.players[seat]
        if self.mode == SOLO and p.income_turns == 0:
            for track in self.values.first_income_advances.levels[self.level].you:
                if track != adata.FAVORITE:
                    self.emit("automa_level_advance", seat, track=track, level=self.level)
                    yield from self.advance(seat, track, "benefit")
        yield from super().income_turn(seat)

    # ==========================================================================================
    # What the base rules do to a bot (see AUTOMA_RULINGS.md)
    # ==========================================================================================
    def ask(self, spec: PromptSpec) -> Generator[Ask, dict[int, Answer], Answer]:
        if spec.seat in self.bots:
            return self.bot_answer(spec)
        return (yield from super().ask(spec))

    def ask_all(self, specs: list[PromptSpec]) -> Generator[Ask, dict[int, Answer], dict[int, Answer]]:
        out = {s.seat: self.bot_answer(s) for s in specs if s.seat in self.bots}
        people = [s for s in specs if s.seat not in self.bots]
        if people:
            out.update((yield from super().ask_all(people)))
        return out

    def bot_answer(self, spec: PromptSpec) -> Answer:
        if spec.key == "tapestry.prompt.trap" and spec.seat == self.automa:
            return (mapplay.trap_defence(self),)
        ids = [o.id for o in spec.options]
        if "no" in ids and spec.kind == "confirm":  # a bot never opts in to an offer
            return ("no",)
        return tuple(spec.default) if spec.default else (ids[0],)

    def advance(
        self, seat: int, track: str, mode: str, token: int | None = None, landmark: bool = True
    ) -> Generator[Any, Any, bool]:
        if seat in self.bots:
            return (
                yield from turns.bot_advance(
                    self, seat, track, benefit=seat == self.automa and mode in ("benefit", "nobonus")
                )
            )
        return (yield from super().advance(seat, track, mode, token, landmark))

    def regress(self, seat: int, track: str, mode: str) -> Generator[Any, Any, bool]:
        if seat in self.bots:
            return (
                yield from turns.bot_regress(
                    self, seat, track, benefit=seat == self.automa and mode == "benefit"
                )
            )
        return (yield from super().regress(seat, track, mode))

    def receives(self, seat: int, what: str) -> bool:
        return seat not in self.bots  # Coal Baron's tile, Steam Tycoon's tech card: not for bots

    def gain_res(self, seat: int, res: str, n: int = 1) -> None:
        if seat not in self.bots:  # the bots never gain resources
            super().gain_res(seat, res, n)

    def gain_any(self, seat: int, n: int = 1) -> Generator[Any, Any, None]:
        if seat not in self.bots:
            yield from super().gain_any(seat, n)

    def gain_building(self, seat: int, kind: str) -> Generator[Any, Any, None]:
        if seat not in self.bots:  # nor buildings
            yield from super().gain_building(seat, kind)

    def gain_tapestry(
        self, seat: int, n: int = 1, hook: bool = True, psionic: bool = True
    ) -> Generator[Any, Any, None]:
        if seat not in self.bots:  # their cards come only from their own chart and track icons
            yield from super().gain_tapestry(seat, n, hook, psionic)

    def gain_landmark(self, seat: int, name: str, may_defer: bool = False) -> Generator[Any, Any, None]:
        if seat in self.bots:
            turns.take_landmark(self, seat, name)
            return
        yield from super().gain_landmark(seat, name, may_defer)

    def invent(
        self, seat: int, from_row: bool = True, from_deck: bool = True, upgrade_it: bool = False
    ) -> Generator[Any, Any, str | None]:
        if seat in self.bots:
            return None
        return (yield from super().invent(seat, from_row, from_deck, upgrade_it))

    def gain_vp(self, seat: int, n: int, why: str = "") -> None:
        if seat != self.shadow:  # the Shadow Empire scores nothing
            super().gain_vp(seat, n, why)

    def achieve(self, seat: int, kind: str) -> None:
        if seat != self.shadow:
            super().achieve(seat, kind)
            return
        # the Shadow Empire can only take (and block) the complete-a-track slot, for no VP
        p = self.players[seat]
        if kind != "track" or kind in p.achievements or not self.achievement_vp[kind]:
            return
        self.achievement_vp[kind].pop(0)
        p.achievements.append(kind)
        self.achievements[kind].append(seat)
        self.emit("achievement", seat, what=kind, vp=0)

    def toppled_by(self, seat: int, sites: Iterable[Site] | None = None) -> int:
        if seat == self.shadow:
            return 0
        if seat != self.automa:
            return super().toppled_by(seat, sites)
        count = 0  # only the people's outposts count for the Automa
        for s in (self.sites[h] for h in self.hexes) if sites is None else sites:
            if any(q[0] == seat and q[1] for q in s.pieces) and any(
                q[0] in self.humans and not q[1] for q in s.pieces
            ):
                count += 1
        return count

    # ==========================================================================================
    # Contract
    # ==========================================================================================
    def view(self, seat: int | None) -> dict[str, Any]:
        out = super().view(seat)
        out["automa"] = turns.public_state(self)
        return out

    def result(self) -> Result | None:
        if not self.finished:
            return None
        seats = self.humans
        left = [sum(self.players[s].res[r] for r in RESOURCES) for s in seats]
        scores = [self.players[s].vp for s in seats]
        details: dict[str, Any] = {
            "resources_left": left,
            "tie_break": "resources",
            "civilizations": [list(self.players[s].civs) for s in seats],
            "achievements": [list(self.players[s].achievements) for s in range(self.n)],
        }
        if self.mode == SOLO:
            her = self.players[self.automa].vp
            keys = [(scores[0], left[0]), (her, 0)]  # the Automa holds no resources
            ranks_all = rank_by(keys)
            won = ranks_all[0] == 1 and ranks_all[1] != 1
            details["automa"] = {
                "level": self.level,
                "score": her,
                "civs": list(self.automa_civs),
                "landmarks": list(self.players[self.automa].landmarks),
                "won": ranks_all[1] == 1 and ranks_all[0] != 1,
            }
            details["solo"] = {"opponent": "tapestry", "level": self.level, "score": her, "won": won}
            return Result(
                scores=(scores[0],),
                ranks=(ranks_all[0],),
                turns=(self.players[0].turns,),
                winners=(0,) if ranks_all[0] == 1 else (),
                details=details,
            )
        ranks = rank_by([(scores[i], left[i]) for i in range(len(seats))])
        details["shadow"] = {"landmarks": list(self.players[self.shadow].landmarks)}
        return Result(
            scores=tuple(scores),
            ranks=ranks,
            turns=tuple(self.players[s].turns for s in seats),
            winners=tuple(i for i in range(len(seats)) if ranks[i] == 1),
            details=details,
        )
