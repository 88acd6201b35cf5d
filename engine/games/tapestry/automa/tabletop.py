"""The Automa and the Shadow Empire at a physical table: the bots' own state (tracks, VP, income
turns, decks) kept from a log of steps, and, for each step, what the table does on the real board.

Only the bots' side is tracked; the map and the people's boards stay on the table. What the rules
need from the table is a fact of the step that the table may correct afterwards: the landmarks the
people took, whether someone is ahead of a bot on its favourite track, whether a conquest really
happened, whether a person was first into an era, whether the Automa's trap held. A step replays
with its own random stream (`random.Random(f"{seed}:{seq}")`), so correcting a step's facts
replays that step alone the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.games.tapestry.automa import data as adata
from engine.games.tapestry.automa.data import (
    DecisionCard,
    cards,
    civ_for_track,
    civ_sides,
    levels,
    open_values,
)
from engine.games.tapestry.automa.tracks import LANDMARK_SPACES, pick, valid_tracks
from engine.games.tapestry.automa.turns import plan
from engine.games.tapestry.data import TRACKS, board, tracks

BOTS = ("automa", "shadow")


@dataclass
class Facts:
    """What the table told the companion about one step (all optional; defaults assume nothing
    got in the bots' way)."""

    taken: list[str] = field(default_factory=list)  # landmarks the people hold (cumulative)
    ahead: list[str] = field(default_factory=list)  # bots someone is ahead of on their favourite
    failed_conquests: int = 0  # conquests of this step that found no hex (or no outpost)
    person_first: bool = False  # a person started this era before the bots
    trap_held: bool = False  # /automa trap: a Trap turned up

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Facts:
        return cls(
            list(data.get("taken") or []),
            list(data.get("ahead") or []),
            int(data.get("failed_conquests") or 0),
            bool(data.get("person_first")),
            bool(data.get("trap_held")),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "taken": list(self.taken),
            "ahead": list(self.ahead),
            "failed_conquests": self.failed_conquests,
            "person_first": self.person_first,
            "trap_held": self.trap_held,
        }


@dataclass
class BotsState:
    level: int
    civs: list[str]
    favorite: dict[str, str]
    pos: dict[str, dict[str, int]]
    deck: list[int] = field(default_factory=list)  # top at the end
    discard: list[int] = field(default_factory=list)
    pair: list[int] = field(default_factory=list)
    latest: list[int] = field(default_factory=list)
    progress: list[int] = field(default_factory=list)
    vp: int = 0
    income_turns: int = 0
    landmarks: list[str] = field(default_factory=list)  # in the Automa's box
    taken: list[str] = field(default_factory=list)  # by the people, as told
    territories: int = 1  # the Automa's start hex
    pool: int = 0  # tapestry cards beside the Automa's mat
    mat: int = 0  # tapestry cards on its mat
    track_slot: bool = False  # the complete-a-track achievement taken by a bot
    finished: bool = False
    log: list[dict[str, Any]] = field(default_factory=list)

    def open_landmark(self, name: str) -> bool:
        return name not in self.landmarks and name not in self.taken


@dataclass
class TableCompanion:
    level: int
    seed: int
    second_civ: str | None = None
    rules_text: str | None = None  # the server's file of open values, copied at start
    steps: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "seed": self.seed,
            "second_civ": self.second_civ,
            "rules_text": self.rules_text,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], steps: list[dict[str, Any]]) -> TableCompanion:
        return cls(
            int(data["level"]), int(data["seed"]), data.get("second_civ"), data.get("rules_text"), list(steps)
        )

    def replay(self) -> tuple[BotsState, list[int]]:
        """The bots after every step; also where each step's log entries begin."""
        st = setup(self.level, self.second_civ, random.Random(f"{self.seed}:0"))
        starts = []
        for seq, step in enumerate(self.steps, start=1):
            starts.append(len(st.log))
            Step(
                st,
                random.Random(f"{self.seed}:{seq}"),
                Facts.from_dict(step.get("facts") or {}),
                self.rules_text,
            ).run(step)
        return st, starts


def setup(level: int, second: str | None, rng: random.Random) -> BotsState:
    faces = list(board().dice.science)
    face = rng.choice(faces)
    while second is not None and civ_for_track(face) == second:
        face = rng.choice(faces)
    civs = [civ_for_track(face)] + ([second] if second else [])
    fav = civ_sides()[civs[0]].favorite_track
    shadow = rng.choice(faces)
    while shadow == fav:
        shadow = rng.choice(faces)
    progress = list(range(8, 23))
    rng.shuffle(progress)
    deck = [*range(1, 8), progress.pop()]
    rng.shuffle(deck)
    st = BotsState(
        level, civs, {"automa": fav, "shadow": shadow}, {b: dict.fromkeys(TRACKS, 0) for b in BOTS}
    )
    st.deck, st.progress = deck, progress
    st.log.append({"kind": "setup", "civs": list(civs), "automa": fav, "shadow": shadow, "level": level})
    return st


class Step:
    """One step of the companion: a bot turn (`turn`) or a trap answered (`trap`)."""

    def __init__(self, st: BotsState, rng: random.Random, facts: Facts, rules_text: str | None) -> None:
        self.st, self.rng, self.facts = st, rng, facts
        self.values = open_values(rules_text)
        self.failed = facts.failed_conquests
        for name in facts.taken:
            if name not in st.taken and name not in st.landmarks:
                st.taken.append(name)

    def say(self, kind: str, **data: Any) -> None:
        self.st.log.append({"kind": kind, **data})

    def run(self, step: dict[str, Any]) -> None:
        if step.get("kind") == "trap":
            self.trap()
        else:
            self.turn()

    # ------------------------------------------------------------------ the turn
    def turn(self) -> None:
        st = self.st
        if st.finished:
            return
        if st.income_turns == 0:
            self.income("first")
            return
        if not st.deck:
            self.income("empty_deck")
            return
        st.discard.extend(st.pair)
        st.pair = [st.deck.pop(), st.deck.pop()]
        st.latest = list(st.pair)
        self.say("draw", track_card=st.pair[0], tiebreaker_card=st.pair[1], deck=len(st.deck))
        track_card = cards()[st.pair[0]]
        if not st.deck and track_card.track_section.income_icon:
            self.income("income_icon")
            return
        self.move("automa", track_card, cards()[st.pair[1]])
        self.move("shadow", track_card, cards()[st.pair[1]])

    def move(self, bot: str, track_card: DecisionCard, tie: DecisionCard) -> None:
        st = self.st
        indicator = (
            track_card.track_section.shadow_track
            if bot == "shadow"
            else track_card.track_section.automa_track
        )
        fav = st.favorite[bot]
        valid = valid_tracks(indicator, st.pos[bot], fav, st.open_landmark)
        track, why = (
            pick(valid, tie, bot == "shadow", fav)
            if valid
            else ((fav, "fallback_favorite") if st.pos[bot][fav] < 12 else (None, "all_finished"))
        )
        self.say(
            "move", bot=bot, indicator=indicator, valid=valid, track=track, why=why, tiebreaker_card=tie.id
        )
        if track is not None:
            self.advance(bot, track, benefit=bot == "automa", depth=0)

    def advance(self, bot: str, track: str, benefit: bool, depth: int) -> None:
        st = self.st
        if st.pos[bot][track] >= 12:
            return
        st.pos[bot][track] += 1
        space = st.pos[bot][track]
        entry: dict[str, Any] = {"bot": bot, "track": track, "space": space}
        if space in LANDMARK_SPACES:
            name = tracks()[track].spaces[space - 1].landmark
            if name is not None and st.open_landmark(name):
                st.landmarks.append(name)
                entry["landmark"] = name
        if space == 12 and not st.track_slot:
            st.track_slot = True
            entry["achievement"] = True
            if bot == "automa":
                st.vp += board().achievements["small"]["track"][0]
        self.say("advance", **entry)
        if benefit and depth < 8:
            for item in plan(tracks()[track].spaces[space - 1].benefit):
                self.icon(item, depth + 1)

    def icon(self, item: tuple[Any, ...], depth: int) -> None:
        st = self.st
        kind = item[0]
        if kind == "research":
            face = self.rng.choice(board().dice.science)
            self.say("roll", face=face)
            self.advance("automa", face, benefit=item[1], depth=depth)
        elif kind == "adv":
            self.advance("automa", item[1], benefit=item[2], depth=depth)
        elif kind == "one_of":
            face = self.rng.choice(board().dice.science)
            while face not in item[2]:
                face = self.rng.choice(board().dice.science)
            self.say("roll", face=face)
            if item[1] == "adv":
                self.advance("automa", face, benefit=item[3], depth=depth)
            else:
                self.regress(face)
        elif kind == "reg":
            self.regress(item[1])
        elif kind == "refresh":
            self.say("refresh")
        elif kind == "conquer":
            self.conquer(anywhere=item[1])
        elif kind == "explore":
            self.explore(anywhere=item[1])
        elif kind == "tapestry":
            st.pool += 1
            self.say("pool")

    def regress(self, track: str) -> None:
        st = self.st
        if st.pos["automa"][track] > 0:
            st.pos["automa"][track] -= 1
            self.say("regress", bot="automa", track=track, space=st.pos["automa"][track])

    def tiebreaker(self) -> DecisionCard:
        return cards()[self.st.latest[1]] if self.st.latest else cards()[1]

    def conquer(self, anywhere: bool = False) -> None:
        card = self.tiebreaker()
        failed = self.failed > 0
        if failed:
            self.failed -= 1
        else:
            self.st.territories += 1
        hx = card.tiebreaker_section.hex_tiebreaker
        self.say(
            "conquer",
            card=card.id,
            start=list(hx.start_hex),
            direction=hx.step_direction,
            topple=card.topple,
            anywhere=anywhere,
            failed=failed,
        )

    def explore(self, anywhere: bool = False) -> None:
        card = self.tiebreaker()
        hx = card.tiebreaker_section.hex_tiebreaker
        self.say(
            "explore",
            card=card.id,
            start=list(hx.start_hex),
            direction=hx.step_direction,
            far=self.st.favorite["automa"] != "military",
            anywhere=anywhere,
        )

    # ------------------------------------------------------------------ income
    def income(self, why: str) -> None:
        st = self.st
        st.income_turns += 1
        turn = st.income_turns
        self.say("income", number=turn, why=why)
        if turn == 1:
            card = st.progress.pop()
            self.say("income_card", card=card)
            for entry in self.values.first_income_advances.levels[st.level].bots:
                for bot in BOTS:
                    track = adata.resolve(entry, st.favorite[bot])
                    self.advance(bot, track, benefit=bot == "automa", depth=0)
            st.progress.append(card)
            self.rng.shuffle(st.progress)
            you = self.values.first_income_advances.levels[st.level].you
            if you:
                self.say("your_advances", tracks=list(you))
        tie = cards()[st.latest[1]] if st.latest else cards()[1]
        track_card = cards()[st.latest[0]] if st.latest else tie
        lv = levels()[st.level]
        mat = self.values.mats.hard if lv.hard else self.values.mats.normal
        if 2 <= turn <= 4 and not self.facts.person_first:
            st.vp += mat.first_to_era_vp[turn]
            self.say("era_vp", era=turn, vp=mat.first_to_era_vp[turn])
        for step in lv.steps():
            if turn not in step.income_turns:
                continue
            name = step.step
            if name == "favorite_check":
                for bot in BOTS:
                    self.favorite_check(bot, tie)
            elif name == "advance_pair":
                self.say("step", step=name)
                self.move("automa", track_card, tie)
                self.move("shadow", track_card, tie)
            elif name == "civ_bonus":
                for civ in st.civs:
                    self.civ(civ, turn)
            elif name == "vp":
                col = min(st.mat, 3)
                land = st.territories + len(st.landmarks)
                ms = st.pos["automa"]["military"] + st.pos["automa"]["science"]
                et = st.pos["automa"]["exploration"] + st.pos["automa"]["technology"]
                m = [
                    mat.territories_and_landmarks[col],
                    mat.military_and_science[col],
                    mat.exploration_and_technology[col],
                ]
                vp = m[0] * land + m[1] * ms + m[2] * et
                st.vp += vp
                self.say("vp", vp=vp, multipliers=m, land=land, ms=ms, et=et)
            elif name == "add_progress_2":
                added = [st.progress.pop() for _ in range(min(2, len(st.progress)))]
                st.discard.extend(added)
                self.say("progress", cards=added)
            elif name == "tapestry_to_mat":
                st.mat += 1
                self.say("mat")
            elif name == "gain_tapestry":
                st.pool += 1
                self.say("pool")
            elif name == "shuffle":
                st.deck = [*st.deck, *st.discard, *st.pair]
                self.rng.shuffle(st.deck)
                st.discard, st.pair = [], []
                self.say("shuffle", deck=len(st.deck))
        if turn == 5:
            st.finished = True
            self.say("finished", vp=st.vp)

    def favorite_check(self, bot: str, tie: DecisionCard) -> None:
        st = self.st
        fav = st.favorite[bot]
        if st.pos[bot][fav] < 12 and bot not in self.facts.ahead and not self.other_bot_ahead(bot):
            self.say("favorite", bot=bot, favorite=fav, changed=False)
            return
        valid = valid_tracks("landmark_or_finish", st.pos[bot], fav, st.open_landmark)
        new, _ = pick(valid, tie, bot == "shadow", fav) if valid else (None, "none")
        if new is not None:
            st.favorite[bot] = new
        self.say("favorite", bot=bot, favorite=st.favorite[bot], was=fav, changed=st.favorite[bot] != fav)

    def other_bot_ahead(self, bot: str) -> bool:
        other = "shadow" if bot == "automa" else "automa"
        fav = self.st.favorite[bot]
        return self.st.pos[other][fav] > self.st.pos[bot][fav]

    def civ(self, civ: str, turn: int) -> None:
        st = self.st
        self.say("civ", side=civ)
        if civ == "explorers":
            if turn in (2, 4):
                self.explore()
            elif turn in (3, 5):
                self.conquer()
        elif civ == "scientists" and turn >= 3:
            face = self.rng.choice(board().dice.science)
            self.say("roll", face=face)
            self.advance("automa", face, benefit=True, depth=1)
        elif civ == "conquerors":
            if st.territories < turn:
                self.conquer()
            self.say("conquerors_shadow", card=self.tiebreaker().id)
            st.vp += st.territories
            self.say("civ_vp", vp=st.territories)
        elif civ == "engineers":
            st.vp += len(st.landmarks)
            self.say("civ_vp", vp=len(st.landmarks))

    # ------------------------------------------------------------------ traps
    def trap(self) -> None:
        st = self.st
        if self.facts.trap_held:
            self.say("trap", held=True, pool=st.pool)
            st.pool = max(0, st.pool - 1)
        else:
            st.territories = max(0, st.territories - 1)
            self.say("trap", held=False, pool=st.pool)
            st.pool = 0
