"""The effects of Mistwood's 10 More Legends cards, keyed by card id like `powers.py`.

Kinds, colours and costs come from the card data (`legends.py`); the effects below follow the
texts in `mistwood/data/content.yaml`. Chiado Gadanha and Troços e Trecos act "when played and at
each Production", which the base rules give to green Production cards: they act at Production when
their data makes them green, and always when played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.prompts import Option
from engine.games.everdell import places, play
from engine.games.everdell.asks import NONE, Step
from engine.games.everdell.data import board
from engine.games.everdell.legends import VAULT
from engine.games.everdell.state import CityCard

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame
    from engine.games.everdell.powers import Power

CHIADO = "chiado_gadanha"
TROCOS = "trocos_e_trecos"
PRISAO = "prisao_trevafunda"
TUMULO = "tumulo_chamaperene"
JOR = "jor_auriasa"
SANDRO = "sandro_pataleve"
LEBRE = "lebre_alegre"
VAULT_TOKENS = 4
JOR_MAX = 8
PRISAO_CRITTERS = 2
PRISAO_TOKENS = 3
PRISAO_RESOURCES = 3
SANDRO_WORKERS = 2


# -- on play and at Production -----------------------------------------------------------------
def chiado(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    """Activate 2 different green Production cards of p's city (never a Legendary), once a turn."""
    from engine.games.everdell.powers import produce

    lg = g.legends
    if lg is None or lg.chiado_turn == g.turn_no:
        return
    lg.chiado_turn = g.turn_no
    pl = g.players[p]
    pool: list[CityCard] = []
    seen: set[str] = set()
    for c in pl.city:
        if g.card[c.card].color == "production" and c.card not in g.fixed and c.card not in seen:
            seen.add(c.card)
            pool.append(c)
    if not pool:
        return
    picked = yield from g.choose_many(p, "everdell.prompt.legend_chiado", g.city_options(pool), 0, 2)
    for oid in picked:
        target = next((c for c in pl.city if f"c{c.uid}" == oid), None)
        if target is not None:
            yield from produce(g, p, target, p)


def trocos(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    """3 berries, and 1 resource of p's choice per Farm in p's city."""
    g.gain(p, {"berry": 3}, TROCOS)
    farms = g.players[p].count("farm")
    if farms:
        vec = yield from g.choose_gain(p, farms)
        g.gain(p, vec, TROCOS)


def prisao(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    """Discard up to 2 Critters of p's city; each gives 3 point tokens and 3 resources."""
    pl = g.players[p]
    pool = [c for c in pl.city if g.card[c.card].critter and c.card not in g.fixed]
    if not pool:
        return
    picked = yield from g.choose_many(
        p, "everdell.prompt.legend_prisao", g.city_options(pool), 0, PRISAO_CRITTERS
    )
    for oid in picked:
        target = next(c for c in pool if f"c{c.uid}" == oid)
        g.remove_from_city(p, target)
        g.points(p, PRISAO_TOKENS, PRISAO)
        vec = yield from g.choose_gain(p, PRISAO_RESOURCES)
        g.gain(p, vec, PRISAO)


def jor(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    """1 point token per card in p's hand, at most 8."""
    g.points(p, min(JOR_MAX, len(g.players[p].hand)), JOR)
    return
    yield  # pragma: no cover


def vault(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    """4 point tokens from the supply go on the card (spent as discounts, see `legends.py`)."""
    cc.tokens = VAULT_TOKENS
    g.emit("store_tokens", seat=p, uid=cc.uid, tokens=VAULT_TOKENS)
    return
    yield  # pragma: no cover


# -- worker spots ------------------------------------------------------------------------------
def tumulo(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    """Play any card from hand or Meadow for free (the worker stays: `permanent_workers`)."""
    opts = [
        o
        for o in play.free_choices(g, p, None)
        if play.can_play(g, p, o.card or "", play.FREE, origin=_origin(o.id))
    ]
    if not opts:
        return
    opts.append(Option(NONE, "everdell.opt.none", group="end"))
    picked = yield from g.choose(p, "everdell.prompt.legend_tumulo", opts, default=opts[0].id)
    if picked != NONE:
        yield from play.free_play(g, p, picked)


def _origin(option_id: str) -> str:
    return "hand" if option_id.startswith("h:") else f"meadow:{option_id[1:]}"


def sandro(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    """Activate for p up to 2 workers (anyone's) standing on basic or Forest locations."""
    locs = [loc.id for loc in board().basic] + list(g.forest)
    opts: list[Option] = []
    for loc in locs:
        for i, seat in enumerate(g.occ.get(loc, [])):
            opts.append(Option(f"w{i}:{loc}", loc, group=f"seat:{seat}"))
    if not opts:
        return
    picked = yield from g.choose_many(p, "everdell.prompt.legend_sandro", opts, 0, SANDRO_WORKERS)
    for oid in picked:
        yield from places.reward(g, p, oid.split(":", 1)[1])


# -- after later plays -------------------------------------------------------------------------
def after_play(g: EverdellGame, p: int, name: str, new: CityCard | None) -> Step:
    """Lebre Alegre: 1 resource after each Critter p plays, up to 2 cards after each Construction."""
    pl = g.players[p]
    for cc in list(pl.city):
        if cc.card != LEBRE or cc is new:
            continue
        if g.card[name].critter:
            vec = yield from g.choose_gain(p, 1)
            g.gain(p, vec, LEBRE)
        else:
            g.draw(p, 2)


def _when_played(effect: Power) -> Power:
    """The on-play half of a "when played and at each Production" effect: a green card already
    acts when played through its Production (`powers.on_play`)."""

    def run(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
        if g.card[cc.card].color != "production":
            yield from effect(g, p, cc, host)

    return run


def register() -> None:
    """Add the effects to the base dispatch tables (ids never clash with base cards)."""
    from engine.games.everdell import powers

    tables: tuple[tuple[dict[str, Power], dict[str, Power]], ...] = (
        (
            powers.ON_PLAY,
            {
                CHIADO: _when_played(chiado),
                TROCOS: _when_played(trocos),
                PRISAO: prisao,
                JOR: jor,
                VAULT: vault,
            },
        ),
        (powers.PRODUCE, {CHIADO: chiado, TROCOS: trocos}),
        (powers.DESTINATIONS, {TUMULO: tumulo, SANDRO: sandro}),
    )
    for table, effects in tables:
        for cid, effect in effects.items():
            table.setdefault(cid, effect)
