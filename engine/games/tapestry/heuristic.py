"""A reasonable Tapestry player: reads only its own view and the open prompt.

It values each benefit token by a rough exchange rate (VP now, buildings and tech for later VP,
territory for control), advances on the track whose next space is worth most for its cost
(landmarks still free count extra, and a track it is already far along counts a little more,
for the achievements), takes income when it cannot pay or nothing is worth it, builds where rows,
columns and districts fill up, and pays bonuses when they are cheap.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core.prompts import Answer, Prompt
from engine.games.tapestry import islanders
from engine.games.tapestry.data import TRACKS, all_tracks, board, masterpieces, tapestry_cards, tech_cards

TOKEN_VALUE = {
    "coin": 1.0, "worker": 1.0, "food": 1.0, "culture": 1.0, "any": 1.3,
    "market": 3.0, "house": 3.0, "farm": 3.0, "armory": 3.0, "any_building": 3.5,
    "tile": 1.0, "space_tile": 3.0, "tapestry": 2.0, "civ": 6.0,
    "explore": 3.0, "explore_anywhere": 3.5, "explore_space": 6.0,
    "conquer": 4.5, "conquer_anywhere": 5.0, "conquer_both": 8.0, "conquer_tanks": 6.0,
    "invent": 3.0, "upgrade": 3.0, "refresh_tech": 0.0, "circle_middle": 2.0, "square_top": 4.0,
    "research": 3.5, "research_nb": 2.0, "alien_biology": 10.0,
    "repeat_any": 4.0, "repeat_any_battery": 4.0, "repeat_any_once": 4.0, "singularity": 4.0, "overplay": 3.0,
    # Arts & Architecture
    "masterpiece": 5.0, "refresh_masterpieces": 0.0, "broadcast": 4.0, "streaming": 12.0, "inspiration": 0.0,
    "adv_other": 4.0, "costuming": 2.5, "mime": 2.5, "upgrade_once": 3.0, "conquer_empty": 4.0, "duct_tape": 6.0,
}
# tapestry cards worth laying first (rough, from their immediate effect)
CARD_RANK = {
    "trap": 10, "technocracy": 8, "renaissance": 8, "age_of_wonders": 7, "dictatorship": 7,
    "meritocracy": 7, "dystopia": 7, "boast_of_superiority": 6, "democracy": 6, "monarchy": 6,
    "golden_age": 5, "academia": 5, "theocracy": 2, "peacemaker": 2, "dark_ages": 1,
}


# civilizations that pay steadily without much steering
CIV_RANK = {"the_chosen": 5, "traders": 5, "alchemists": 4, "merrymakers": 4, "entertainers": 4, "leaders": 4, "militants": 3}


def token_value(tok: Any, me: Mapping[str, Any]) -> float:
    if isinstance(tok, dict):
        if "one" in tok:
            return max(token_value(t, me) for t in tok["one"])
        return sum(token_value(t, me) for t in tok["order"])
    tok = str(tok)
    head, _, arg = tok.partition(":")
    if head == "vp":
        return float(arg)
    if head == "vpx":
        return float(count(arg, me))
    if head in ("adv", "reg"):
        return 4.0
    if head in ("adv_nb", "reg_nb"):
        return 1.5
    if head == "landmark":
        return 5.0
    return TOKEN_VALUE.get(tok, 1.0)


def count(what: str, me: Mapping[str, Any]) -> int:
    if what == "tech_cards":
        return len(me["tech"])
    if what == "capital":
        return len(me["complete_rows"]) + len(me["complete_columns"])
    if what == "tiles":
        return len(me["territory_tiles"])
    if what in me["buildings"]:
        return int(me["buildings"][what])
    if what == "tapestries":
        return int(me["hand_count"]) + sum(len(p) for p in me["tapestry_mat"])
    if what.startswith("sp:"):
        return int(me["positions"][what[3:]])
    if what == "landmarks":
        return len(me["landmarks"])
    return 2  # controlled territories: a fair guess without scanning the map


READS_VIEW = frozenset(
    {"turn", "create", "broadcast", "streaming", "conquer_die", "choose_benefit", "benefit_order", "bonus", "any_resource", "lose_resource",
     "place_building", "upgrade", "invent", "conquer_hex", "artificers", "artificers_final"}
)


def played_card(card: str) -> bool:
    """A WHEN PLAYED card (an uploaded card of the expansion modules counts as one)."""
    base = tapestry_cards().get(card)
    return base is None or base.kind == "played"


class HeuristicBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 104_729 + seat)
        # one favourite track per game, pushed to its end: its late spaces (Tier IV) and the
        # track achievement are worth more than spreading thin; seats differ, so all four are played
        self.favourite = TRACKS[(seat + seed) % len(TRACKS)]
        self.pick = seat + seed  # with the Arts track the favourite is one of five (see `turn`)

    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        ids = [o.id for o in prompt.options]
        key = prompt.key.rsplit(".", 1)[-1]
        # building the view costs more than most decisions: only the questions that weigh the
        # seat's holdings read it
        me = view["players"][self.seat] if key in READS_VIEW else {}
        if key == "streaming":  # as many masterpieces as it may take, the best first
            best = sorted(ids, key=lambda i: (-sum(token_value(t, me) for t in masterpieces()[i.split(":")[1]].benefit), i))
            return tuple(best[: prompt.max])
        if prompt.max != 1:
            return prompt.default if prompt.default is not None else tuple(ids[: prompt.min])
        pick = self.decide(key, ids, prompt, me, view)
        return (pick if pick in ids else (prompt.default[0] if prompt.default else ids[0]),)

    def decide(self, key: str, ids: list[str], prompt: Prompt, me: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        res = me.get("resources", {})
        if key == "turn":
            return self.turn(ids, me, view)
        if key == "explore_rotation":
            vps = prompt.params.get("vp", [0] * 6)
            isle = prompt.params.get("isle")
            if isinstance(isle, int):  # the Islanders' island: sea all round outside scores 4 VP at the end
                tile = int(prompt.params["tile"])
                extra = [islanders.OUTER_VP * islanders.all_sea_outside(tile, r, isle) for r in range(6)]
                return f"rot:{max(range(6), key=lambda r: (vps[r] + extra[r], -r))}"
            return f"rot:{max(range(6), key=lambda r: (vps[r], -r))}"
        if key == "explore_hex" and any(i.startswith("isle:") for i in ids):
            return self.island_hex(ids, prompt, view)
        if key == "trap":  # a held Trap first, else a response card of the expansion modules
            return "trap" if "trap" in ids else next((i for i in ids if i.startswith("resp:")), "no")
        if key == "counter_trap":  # make the Trap fail whenever a counter-trap is held
            return next((i for i in ids if i.startswith("resp:")), "no")
        if key == "landmark_card":  # the goal that asks least, its favourite track's counting half
            goals = prompt.params.get("goals") or {}

            def effort(option: str) -> tuple[float, str]:
                need = goals.get(option[6:], [])
                return (-sum(n / (2 if what == f"track:{self.favourite}" else 1) for what, n in need), option)

            return max(ids, key=effort)
        if key == "conquer_die":
            return max(ids, key=lambda i: token_value(i.split(":", 1)[1], me) if "territory" not in i else 2.5)
        if key in ("choose_benefit", "benefit_order"):
            choices = prompt.params.get("choices", [])
            return max(ids, key=lambda i: token_value(self.parse(choices[int(i[1:])]), me))
        if key == "bonus":
            real = [i for i in ids if i != "skip"]
            worth = sum(token_value(t, me) for t in prompt.params.get("gain", []))
            if real and worth >= 1.5:
                return max(real, key=lambda i: (res.get(i[4:], 0), i))
            return "skip"
        if key in ("any_resource", "lose_resource"):
            pick = min if key == "any_resource" else max
            return pick(ids, key=lambda i: (res.get(i[4:], 0), i))
        if key == "place_building":
            return self.best_plot(ids, me)
        if key in ("play_tapestry", "overplay"):
            return max(ids, key=lambda i: (CARD_RANK.get(i[5:], 4) + played_card(i[5:]), i))
        if key == "upgrade":
            real = [i for i in ids if i != "skip"]
            if not real:
                return "skip"

            def gain(option: str) -> float:
                card = tech_cards()[option[5:]]
                steps = card.square if me["tech"].get(option[5:]) == 1 else card.circle
                return sum(token_value(t, me) for t in steps)

            return max(real, key=lambda i: (gain(i), i))
        if key == "invent":
            real = [i for i in ids if i != "deck"]
            if not real:
                return ids[0]

            def promise(option: str) -> float:  # tech:<card>, or the Recyclers' discarded:<card>
                card = tech_cards()[option.split(":", 1)[1]]
                return sum(token_value(t, me) for t in card.circle) + sum(token_value(t, me) for t in card.square)

            return max(real, key=lambda i: (promise(i), i))
        if key in ("create", "broadcast"):  # the masterpiece worth most now
            real = [i for i in ids if i.startswith("mp:")]
            if not real:
                return ids[0]
            return max(real, key=lambda i: (sum(token_value(t, me) for t in masterpieces()[i[3:]].benefit), i))
        if key in ("artificers", "artificers_final"):
            return self.artificers(ids, prompt, me, final=key == "artificers_final")
        if key == "landmark_on_card":  # a free upgrade beats a few plots
            return next((i for i in ids if i != "capital"), ids[0])
        if key == "setup":
            return max(ids, key=lambda i: (CIV_RANK.get(i.split(":")[1], 0), i))
        if key == "conquer_hex":
            owned = {tuple(s["hex"]) for s in view["sites"] if s["controller"] not in (None, self.seat)}
            for i in ids:
                x, y = (int(v) for v in i[4:].split("."))
                if (x, y) == (0, 0) or (x, y) in owned:
                    return i
            return ids[0]
        if key in ("leaders", "heralds", "inventors", "traders", "entertainers", "merrymakers"):
            real = [i for i in ids if i not in ("skip", "stop")]
            return self.rng.choice(real) if real else ids[0]
        if prompt.kind == "confirm":
            if key in ("refresh_tech", "bonus_discard", "exploitation", "tyranny"):
                return "no"
            return "yes"
        return prompt.default[0] if prompt.default else ids[0]

    def island_hex(self, ids: list[str], prompt: Prompt, view: Mapping[str, Any]) -> str:
        """The Islanders' island hex worth most for this tile (its VP now, 4 VP at the end for sea
        all round outside); a map hex when the island offers little."""
        spots = (view["players"][self.seat].get("civ_state") or {}).get(islanders.KEY) or [None] * 6
        tile = int(prompt.params.get("tile", 0))

        def worth(option: str) -> int:
            i = int(option[5:])
            return max(
                islanders.vp_on(spots, i, tile, r) + islanders.OUTER_VP * islanders.all_sea_outside(tile, r, i)
                for r in range(6)
            )

        isle = [i for i in ids if i.startswith("isle:")]
        best = max(isle, key=lambda i: (worth(i), i))
        if len(isle) < len(ids) and worth(best) < 2:
            return ids[0]
        return best

    @staticmethod
    def artificers(ids: list[str], prompt: Prompt, me: Mapping[str, Any], final: bool) -> str:
        """The Artificers' mat: the move that shows the most valuable spaces (income turns 2-4:
        every icon, a building set aside costing a little; income turn 5: VP icons only, against
        the VP for the buildings in the capital)."""
        rows = (me.get("civ_state") or {}).get("artificers:rows")
        if not isinstance(rows, dict):
            return ids[0]

        def shown(kind: str, covered: list[bool]) -> float:
            row = next(r for r in board().income_mat.rows if r.building == kind)
            icons = [i for pos, hide in zip(row.positions, (False, *covered), strict=True) if not hide for i in pos.icons]
            return sum(token_value(i, me) for i in icons if not final or i.startswith("vp"))

        def worth(option: str) -> float:
            if option == "vp":
                return float(prompt.params.get("vp", 0))
            what, kind = option.split(":")
            now = list(rows[kind])
            after = list(now)
            first = after.index(True)
            if what == "aside":
                after[first] = False
            elif what == "slide":
                after[first - 1], after[first] = True, False
            else:  # slide_all
                after = [j < sum(now) for j in range(len(now))]
            return shown(kind, after) - shown(kind, now) - (1.5 if what == "aside" else 0.0)

        return max(ids, key=lambda i: (worth(i), i))

    @staticmethod
    def parse(label: str) -> Any:
        if label.startswith(("one(", "order(")):
            kind, _, inner = label.partition("(")
            return {kind: [s.strip() for s in inner.rstrip(")").split(",")]}
        return label

    def turn(self, ids: list[str], me: Mapping[str, Any], view: Mapping[str, Any]) -> str:
        advances = [i for i in ids if i.startswith("advance:")]
        if not advances:
            return "income"
        free = set(view["landmarks_available"])
        pos = me["positions"]
        favourite = self.favourite if len(pos) == len(TRACKS) else list(pos)[self.pick % len(pos)]

        def worth(option: str) -> float:
            t = option.split(":")[1]
            space = all_tracks()[t].spaces[pos[t]]
            value = sum(token_value(s, me) for s in space.benefit)
            if space.bonus is not None:
                value += 0.5 * sum(token_value(s, me) for s in space.bonus.gain)
            if space.landmark in free:
                value += 6
            tier = pos[t] // 3 + 1
            cost = [1, 2, 3, 2][min(tier, 4) - 1]
            value = value / cost + 0.15 * pos[t] + self.rng.random()
            if t == favourite:
                value += 1.5 + 0.15 * pos[t] + (5 if pos[t] >= 8 else 0)
            return value

        best = max(advances, key=worth)
        return best if worth(best) > 0.6 else "income"

    @staticmethod
    def best_plot(ids: list[str], me: Mapping[str, Any]) -> str:
        """The plot nearest to completing its row, column and district (squares reward finishing)."""
        grid: list[str] = me["grid"]
        row_full = [9 - row.count(".") for row in grid]
        col_full = [sum(row[c] != "." for row in grid) for c in range(9)]
        dist_full = [sum(grid[r][c] != "." for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)) for r0 in (0, 3, 6) for c0 in (0, 3, 6)]

        def score(option: str) -> tuple[int, str]:
            if not option.startswith("plot:"):  # a tapestry card's plot (A&A): its own gain
                return (50, option)
            r, c = (int(x) for x in option[5:].split("."))
            row, col, dist = row_full[r], col_full[c], dist_full[r // 3 * 3 + c // 3]
            return (row * row + col * col + dist * dist, option)

        return max(ids, key=score)
