"""Mistwood's More Legends module (the `legends` option): Legendary cards beside the hand.

The rulebook gives the cards' effects but not their kinds, colours, costs, points, Unique flags
or most ribbon cards, so the module runs only on complete data: `content.yaml` plus a server's
completion file (`mistwood/card_data.py`, match option `mistwood_cards`). Each Legendary becomes
a regular `Card` of the match (so events, scoring and the rest read it like any other card) with
these module rules on top:

* dealt at setup, 1 Construction and 1 Critter per player, into `Player.legends` (not the hand);
* played with `play:legend:<id>`: its cost by the usual methods, or free by discarding one copy of
  its ribbon card (`ribbon@<uid>`); then the player may never play that ribbon card again;
* it takes no city space (it opens its own extra space) and counts as its ribbon card
  (`Player.ribbons`, read by `Player.has`/`count` and the event requirements);
* it never leaves a city and is never copied (`EverdellGame.fixed`).

The card effects are in `legend_powers.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.core.errors import InvalidSetup
from engine.core.prompts import Option
from engine.games.everdell import extras
from engine.games.everdell.asks import Step, shared_option
from engine.games.everdell.data import COLORS, RESOURCES, Card, Cost, cards
from engine.games.everdell.payment import ZERO, as_dict, reduced
from engine.games.everdell.state import CityCard, Player

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame

OPTION = "legends"
PACK = "more_legends"
PLAY_PREFIX = "legend:"  # `play:legend:<id>` in the action prompt
RUGWORT_TOKENS = 3  # what each Legendary played against Rugwort gives him
RUGWORT_PLAYS = 2  # and how many Meadow cards he takes for that play

# Worker spots the effect texts describe (the cards' printed data does not hold them).
SPOTS: dict[str, dict[str, Any]] = {
    "tumulo_chamaperene": {"spots": 2, "second_spot_needs": "undertaker", "permanent_workers": True},
    "sandro_pataleve": {"spots": 1},
}
VAULT = "cofre_do_rei_norte"
MATRIARCH = "matriarca_fruturo"
WORKER_EVENTS = {"remembering_the_fallen": "cemetery", "path_of_the_pilgrims": "monastery"}


@dataclass(frozen=True, slots=True)
class Legend:
    card: Card
    ribbon: str | None  # the base card it replaces (None: the data says it has none)
    pairs_with: str | None = None  # Matriarca Fruturo's Farmer


@dataclass(slots=True)
class Legends:
    """One match's Legendary cards."""

    defs: dict[str, Legend]
    pool: list[str] = field(default_factory=list)  # dealt to nobody, unseen (Nightweave draws here)
    gone: list[str] = field(default_factory=list)  # left the game (discarded by Nightweave)
    chiado_turn: int = -1  # the turn Chiado Gadanha last acted (once per turn)


# ==============================================================================================
# Options and card data
# ==============================================================================================
def normalize(options: dict[str, Any]) -> dict[str, Any]:
    """The module's normalized options: empty when off (so old records stay as they were)."""
    on = options.get(OPTION, False)
    if not isinstance(on, bool):
        raise InvalidSetup("error.bad_option", option=OPTION, value=str(on)[:100])
    if not on:
        return {}
    from engine.games.everdell.mistwood import card_data

    out: dict[str, Any] = {OPTION: True}
    text = options.get(card_data.OPTION)
    if text is not None:
        if not isinstance(text, str) or len(text) > card_data.MAX_TEXT:
            raise InvalidSetup("error.bad_option", option=card_data.OPTION, value="…")
        out[card_data.OPTION] = text
    definitions(out.get(card_data.OPTION))  # refuses incomplete or bad data now, not mid-game
    return out


@cache
def definitions(text: str | None) -> dict[str, Legend]:
    """The Legendary cards built from `content.yaml` completed by `text`, or InvalidSetup."""
    from engine.games.everdell.mistwood import card_data

    entries = card_data.complete_entries(PACK, {} if text is None else {card_data.OPTION: text})
    problems: list[str] = []
    out: dict[str, Legend] = {}
    for entry in entries:
        legend = _build(entry, problems)
        if legend is not None:
            out[legend.card.id] = legend
    if problems:
        raise InvalidSetup("error.mistwood.bad_card_data", problems="\n".join(problems[:10]))
    return out


def _build(entry: dict[str, Any], problems: list[str]) -> Legend | None:
    cid = str(entry["id"])
    base = cards()
    before = len(problems)
    kind, color, cost = entry.get("kind"), entry.get("color"), entry.get("cost")
    points, unique, ribbon = entry.get("points"), entry.get("unique"), entry.get("ribbon")
    if kind not in ("critter", "construction"):
        problems.append(f"{cid}: kind must be critter or construction")
    if color not in COLORS:
        problems.append(f"{cid}: color must be one of {', '.join(COLORS)}")
    if not isinstance(cost, dict) or any(
        r not in RESOURCES or not isinstance(v, int) or isinstance(v, bool) or v < 0 for r, v in cost.items()
    ):
        problems.append(f"{cid}: cost must map twig/resin/pebble/berry to whole numbers")
    if not isinstance(points, int) or isinstance(points, bool) or points < 0:
        problems.append(f"{cid}: points must be a whole number")
    if not isinstance(unique, bool):
        problems.append(f"{cid}: unique must be true or false")
    if ribbon is not None and ribbon not in base:
        problems.append(f"{cid}: ribbon names unknown card '{ribbon}'")
    pairs = entry.get("pairs_with")
    if cid == MATRIARCH and pairs not in base:
        problems.append(f"{cid}: pairs_with must name the base card the Farmer is")
    if len(problems) > before:
        return None
    assert isinstance(cost, dict) and isinstance(kind, str) and isinstance(color, str)
    rib = base[ribbon] if ribbon is not None else None
    hosting: dict[str, Any] = {}
    if rib is not None and rib.construction and kind == "construction":
        hosting = {"hosts": rib.hosts, "hosts_any": rib.hosts_any}  # counts as the ribbon card
    card = Card(
        id=cid,
        en=str(entry.get("name_en") or entry["name_pt"]),
        pt=str(entry["name_pt"]),
        pt_source="edition",
        kind=kind,  # type: ignore[arg-type]
        color=color,  # type: ignore[arg-type]
        unique=bool(unique),
        cost={r: int(v) for r, v in cost.items() if v},
        points=int(points or 0),
        count=1,
        space=0,  # each Legendary opens the extra city space it stands in
        **hosting,
        **SPOTS.get(cid, {}),
    )
    return Legend(card, ribbon, str(pairs) if cid == MATRIARCH else None)


def install(g: EverdellGame) -> None:
    """Make the match's Legendary cards known to the game (no effect when the option is off)."""
    if not g.options.get(OPTION):
        return
    from engine.games.everdell import legend_powers
    from engine.games.everdell.mistwood import card_data

    defs = definitions(g.options.get(card_data.OPTION))
    g.card = {**g.card, **{lid: d.card for lid, d in defs.items()}}
    g.cost = {**g.cost, **{lid: d.card.cost_t for lid, d in defs.items()}}
    g.legends = Legends(defs)
    g.fixed = frozenset(defs)
    legend_powers.register()


def deal(g: EverdellGame) -> None:
    """Setup: each human gets 1 Legendary Construction and 1 Critter at random (while they last)."""
    lg = g.legends
    if lg is None:
        return
    piles = {
        kind: sorted(lid for lid, d in lg.defs.items() if d.card.kind == kind)
        for kind in ("construction", "critter")
    }
    for pile in piles.values():
        g.rng.shuffle(pile)
    for p in g.humans:
        for pile in piles.values():
            if pile:
                g.players[p].legends.append(pile.pop())
        g.emit("legends_dealt", seat=p, count=len(g.players[p].legends))
        g.emit("legends_got", seat=p, to=p, cards=sorted(g.players[p].legends))
    lg.pool = piles["construction"] + piles["critter"]
    g.rng.shuffle(lg.pool)


def load(g: EverdellGame, pos: dict[str, Any]) -> None:
    """Scenario positions: `legends: [...]` and `ribbons: [...]` per player, `legend_pool`."""
    lg = g.legends
    if lg is None:
        return
    for i, data in enumerate(pos.get("players") or []):
        g.players[i].legends = list(data.get("legends") or [])
        g.players[i].ribbons = list(data.get("ribbons") or [])
    if "legend_pool" in pos:
        lg.pool = list(pos["legend_pool"])
    else:  # every Legendary nobody holds or has played
        used = {c for pl in g.players for c in pl.legends} | {c.card for pl in g.players for c in pl.city}
        lg.pool = [lid for lid in sorted(lg.defs) if lid not in used]


# ==============================================================================================
# Playing a Legendary
# ==============================================================================================
def ribbon_copies(g: EverdellGame, p: int, lid: str) -> list[CityCard]:
    """The city cards that could be discarded to play `lid` free (the printed ribbon card only)."""
    lg = g.legends
    assert lg is not None
    ribbon = lg.defs[lid].ribbon
    if ribbon is None:
        return []
    return [cc for cc in g.players[p].city if cc.card == ribbon]


def payments(g: EverdellGame, p: int, lid: str) -> dict[str, Cost]:
    """Every way to pay for `lid`: its cost by the usual methods (none of them may make it free,
    so a host's Occupied token never plays it), or discarding a ribbon copy for free."""
    from engine.games.everdell import play

    out: dict[str, Cost] = {}
    for oid, vec in play.payments(g, p, lid, play.NORMAL, PLAY_PREFIX[:-1]).items():
        if not oid.startswith("occupy@") and sum(vec) > 0 or sum(g.cost[lid]) == 0 and oid.startswith("pay:"):
            out[oid] = vec
    copies = ribbon_copies(g, p, lid)
    if copies:
        free = play.payments(g, p, lid, play.FREE, PLAY_PREFIX[:-1])
        seen: set[tuple[bool, int]] = set()
        for cc in copies:
            workers = len(g.occ.get(f"card:{cc.uid}", []))
            if (cc.occupied, workers) in seen:  # identical copies: one option
                continue
            seen.add((cc.occupied, workers))
            for oid, vec in free.items():
                out[f"ribbon@{cc.uid}:{oid.split(':')[1]}"] = vec
    return dict(sorted(out.items(), key=lambda kv: (sum(kv[1]), kv[0])))


def play_options(g: EverdellGame, p: int) -> list[Option]:
    """`play:legend:<id>` for each Legendary beside p's hand that p can pay for."""
    pl = g.players[p]
    if g.legends is None or not pl.legends:
        return []
    return [
        shared_option(f"play:{PLAY_PREFIX}{lid}", lid, lid, "legend", sum(g.cost[lid]))
        for lid in sorted(pl.legends)
        if payments(g, p, lid)
    ]


def play_legend(g: EverdellGame, p: int, lid: str) -> Step:
    """Pay for and play the Legendary `lid` from beside p's hand."""
    from engine.games.everdell import play, player_powers, rugwort
    from engine.games.everdell.powers import after_play, on_play

    pl = g.players[p]
    origin = PLAY_PREFIX[:-1]
    options = payments(g, p, lid)
    # the prompt names no extra: one owed is collected after the choice, as it always was here
    choice = yield from play.ask_payment(g, p, lid, options, None)
    method, vec = choice.split(":")[0], options[choice]
    extra = g.play_extra(p, lid, origin)
    if extra is not None:
        yield from g.pay_extra(p, lid, origin, extra, extras.method_kind(choice), vec)
    pl.legends.remove(lid)
    g.spend(p, vec)
    assert g.legends is not None
    legend = g.legends.defs[lid]
    cc = CityCard(g.new_uid(), lid)
    if method.startswith("ribbon@"):
        found = g.owner_of(int(method[7:]))
        assert found is not None
        _upgrade(g, p, found[1], cc)
    else:
        play._apply_method(g, p, method)
        pl.city.append(cc)
        spend_vault(g, p, lid, method, vec, origin)
    if legend.ribbon is not None and legend.ribbon not in pl.ribbons:
        pl.ribbons.append(legend.ribbon)
    g.emit("play", seat=p, card=lid, source="legend", pay=as_dict(vec), method=method.split("@")[0])
    g.emit("city_add", seat=p, card=lid, uid=cc.uid, by=p)
    yield from on_play(g, p, cc)
    yield from after_play(g, p, lid, cc)
    yield from player_powers.stoats(g, p)
    if g.solo and not pl.rugwort:
        assert g.rug is not None
        g.points(g.rug, RUGWORT_TOKENS, "legend")
        for _ in range(RUGWORT_PLAYS):
            rugwort.react(g)


def _upgrade(g: EverdellGame, p: int, old: CityCard, new: CityCard) -> None:
    """The ribbon card leaves the city; its Occupied token and workers move to the Legendary."""
    pl = g.players[p]
    pl.city.insert(pl.city.index(old), new)
    new.occupied = old.occupied
    old_key, new_key = f"card:{old.uid}", f"card:{new.uid}"
    seats = g.occ.pop(old_key, [])
    for seat in seats:
        for w in g.players[seat].placed:
            if w.loc == old_key:
                w.loc = new_key
    if seats:
        g.occ[new_key] = seats
    g.remove_from_city(p, old)


# ==============================================================================================
# Cofre do Rei Norte: its tokens discount later plays
# ==============================================================================================
def _vault(g: EverdellGame, p: int) -> CityCard | None:
    for cc in g.players[p].city:
        if cc.card == VAULT:
            return cc
    return None


def vault_payments(
    g: EverdellGame, p: int, name: str, add: Callable[[str, Cost], None], surcharge: Cost
) -> None:
    """`vault@<uid>` options: each token spent takes 2 units of any kinds off the printed cost."""
    vault = _vault(g, p)
    if vault is None or name == VAULT:
        return
    cost = g.cost[name]
    total = sum(cost)
    for t in range(1, vault.tokens + 1):
        if 2 * (t - 1) >= total:  # a further token would take nothing more off
            break
        for vec in reduced(cost, 2 * t):
            add(f"vault@{vault.uid}", extras.add(vec, surcharge))


def vault_covers(g: EverdellGame, p: int, short: int, total: int) -> bool:
    """Whether the vault's tokens could make up `short` missing units of a `total`-unit cost."""
    vault = _vault(g, p)
    return vault is not None and vault.tokens > 0 and short <= min(2 * vault.tokens, total)


def spend_vault(g: EverdellGame, p: int, name: str, method: str, vec: Cost, origin: str | None) -> None:
    """After a `vault@` payment: the tokens it took come off the card (they go back to the supply)."""
    if not method.startswith("vault@") or g.legends is None:
        return
    vault = _vault(g, p)
    assert vault is not None
    extra = g.play_extra(p, name, origin)
    surcharge = extra.surcharge if extra is not None else ZERO
    removed = sum(g.cost[name]) + sum(surcharge) - sum(vec)
    spent = (removed + 1) // 2
    vault.tokens -= spent
    g.emit("vault", seat=p, tokens=spent)


# ==============================================================================================
# City space (Matriarca Fruturo shares hers with one Farmer)
# ==============================================================================================
def _farmer(g: EverdellGame) -> str | None:
    lg = g.legends
    if lg is None or MATRIARCH not in lg.defs:
        return None
    return lg.defs[MATRIARCH].pairs_with


def _unpaired_farmers(g: EverdellGame, pl: Player, farmer: str) -> int:
    n = sum(1 for c in pl.city if c.card == farmer)
    partner = g.card[farmer].pairs_with
    if partner is not None:
        n -= min(n, sum(1 for c in pl.city if c.card == partner))
    return n


def matriarch_paired(g: EverdellGame, pl: Player) -> bool:
    farmer = _farmer(g)
    if farmer is None or not any(c.card == MATRIARCH for c in pl.city):
        return False
    return _unpaired_farmers(g, pl, farmer) > 0


def shared_spaces(g: EverdellGame, pl: Player) -> int:
    """City spaces saved: a Farmer sharing Matriarca Fruturo's space takes none of its own."""
    return 1 if matriarch_paired(g, pl) else 0


def fits_beside(g: EverdellGame, pl: Player, name: str) -> bool:
    """A Farmer fits even in a full city while Matriarca Fruturo has no Farmer beside her."""
    farmer = _farmer(g)
    return name == farmer and not matriarch_paired(g, pl) and any(c.card == MATRIARCH for c in pl.city)


# ==============================================================================================
# Scoring and views
# ==============================================================================================
def scoring_bonus(g: EverdellGame, p: int) -> int:
    """End-of-game points of the Legendary cards beyond their printed value."""
    pl = g.players[p]
    total = 0
    for cc in pl.city:
        if cc.card == VAULT:
            total += cc.tokens  # tokens still on the vault are point tokens
        elif cc.card == "castelo_raizpujante":
            total += 2 * sum(1 for c in pl.city if g.card[c.card].construction and not g.card[c.card].unique)
        elif cc.card == MATRIARCH and matriarch_paired(g, pl) and pl.has("farm"):
            total += 5
    # events scoring workers on a card also count those on the Legendary standing in for it
    lg = g.legends
    for ev, card in WORKER_EVENTS.items():
        if ev in pl.events and lg is not None:
            total += 3 * sum(
                len(g.occ.get(f"card:{cc.uid}", []))
                for cc in pl.city
                if cc.card in lg.defs and lg.defs[cc.card].ribbon == card
            )
    return total


def add_to_view(g: EverdellGame, seat: int | None, view: dict[str, Any]) -> None:
    lg = g.legends
    if lg is None:
        return
    for entry, pl in zip(view["players"], g.players, strict=False):
        entry["legendary_hand_count"] = len(pl.legends)
        if pl.ribbons:
            entry["ribbons"] = list(pl.ribbons)
    if seat is not None and 0 <= seat < len(g.players):
        view["legendary_hand"] = sorted(g.players[seat].legends)
    view["legend_cards"] = {lid: public_card(d) for lid, d in sorted(lg.defs.items())}


def public_card(d: Legend) -> dict[str, Any]:
    """A Legendary's data as the table knows it (from the match options, public)."""
    c = d.card
    return {
        "kind": c.kind,
        "color": c.color,
        "cost": dict(c.cost),
        "points": c.points,
        "unique": c.unique,
        "ribbon": d.ribbon,
    }


def card_from_view(lid: str, data: dict[str, Any]) -> Card:
    """A bot's copy of a Legendary's card from `view["legend_cards"]`."""
    return Card(
        id=lid,
        en=lid,
        pt=lid,
        pt_source="ours",
        kind=data["kind"],
        color=data["color"],
        unique=data["unique"],
        cost=dict(data["cost"]),
        points=data["points"],
        count=1,
        space=0,
    )


@cache
def _names() -> dict[str, tuple[str, str]]:
    """(pt, en) names of the Legendary cards from `content.yaml`, read once: every event and
    location name lookup passes through `card_name`."""
    from engine.games.everdell.mistwood import card_data

    return {
        entry["id"]: (str(entry["name_pt"]), str(entry.get("name_en") or entry["name_pt"]))
        for entry in card_data.known_entries(PACK)
    }


def card_name(card_id: str, locale: str) -> str | None:
    """Names of the Legendary cards (from `content.yaml`), None for other ids."""
    names = _names().get(card_id)
    if names is None:
        return None
    return names[0] if locale.lower().startswith("pt") else names[1]


# ==============================================================================================
# Against Nightweave
# ==============================================================================================
def her_prepare(g: Any) -> None:
    """Her Prepare for summer and for autumn: 1 random unseen Legendary joins her hand, shuffled
    in with the cards she received (`g` is a `NightweaveGame`)."""
    lg = g.legends
    st = g.lair
    if lg is None or st.season_name not in ("summer", "autumn") or not lg.pool:
        return
    card = lg.pool.pop(g.rng.randrange(len(lg.pool)))
    st.hand.append(card)
    g.dice.shuffle(st.hand)
    st.note("legend_to_hand", count=1)


def leave_game(g: EverdellGame, card: str) -> None:
    """A Legendary discarded by Nightweave is out of the game (never drawn or played again)."""
    lg = g.legends
    assert lg is not None
    lg.gone.append(card)
    g.emit("legend_gone", count=1)  # her discards are face down: which one stays hidden
