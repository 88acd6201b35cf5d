"""Every Everdell card, Event and location (and Mistwood's content) as a `CardInfo`, for `/card`.

The data files give most texts; what they lack (Portuguese for English-only effects, English
names for cards the Portuguese rulebook alone names, rules for the Events and locations whose
effect is their data) comes from `catalogue_texts.yaml` or is written here from the numbers, and
is marked in `ours`. The Mistwood rulebook is Portuguese, so every English Mistwood name is ours.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict

from engine.core.cards import CardInfo
from engine.games.everdell.data import RESOURCES, Card, Location, board, cards, events
from engine.games.everdell.mistwood import loader
from engine.games.everdell.mistwood.models import ModuleCard

TEXTS = Path(__file__).parent / "catalogue_texts.yaml"
ICONS = {"twig": "🪵", "resin": "🍯", "pebble": "🪨", "berry": "🫐"}
COLOR_EN = {
    "traveler": "Traveler",
    "production": "Production",
    "destination": "Destination",
    "governance": "Governance",
    "prosperity": "Prosperity",
}
COLOR_PT = {
    "traveler": "Viajante",
    "production": "Produção",
    "destination": "Destino",
    "governance": "Governança",
    "prosperity": "Prosperidade",
}
# Only this basic Event's English name is confirmed; the data's comment says the others are ours.
CONFIRMED_EN_EVENTS = frozenset({"basic_destination"})


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ModuleText(_Frozen):
    effect: str
    thwart: str = ""


class Haven(_Frozen):
    en: str
    pt: str


class Texts(_Frozen):
    special_events: dict[str, str]
    haven: Haven
    names_en: dict[str, str]
    content: dict[str, str]
    powers: dict[str, str]
    personalities: dict[str, ModuleText]
    plans: dict[str, ModuleText]
    plots: dict[str, ModuleText]


@cache
def texts() -> Texts:
    written = Texts.model_validate(yaml.safe_load(TEXTS.read_text(encoding="utf-8")))
    content = loader.content()
    needed: dict[str, tuple[set[str], set[str]]] = {
        "special_events": ({e.id for e in events().special}, set(written.special_events)),
        "names_en": ({c.id for c in content.cards if not c.name_en}, set(written.names_en)),
        "content": ({c.id for c in content.cards}, set(written.content)),
        "powers": ({p.id for p in content.player_powers.powers}, set(written.powers)),
        "personalities": ({c.id for c in loader.personalities().cards}, set(written.personalities)),
        "plans": ({c.id for c in loader.plans().cards}, set(written.plans)),
        "plots": ({c.id for c in loader.plots().cards}, set(written.plots)),
    }
    # A card added to the data without its text here would otherwise surface as a KeyError.
    missing = {part: sorted(ids - have) for part, (ids, have) in needed.items() if ids - have}
    thwarts = [
        c.id
        for deck, table in (
            (loader.personalities(), written.personalities),
            (loader.plans(), written.plans),
            (loader.plots(), written.plots),
        )
        for c in deck.cards
        if c.thwart and c.id in table and not table[c.id].thwart
    ]
    if thwarts:
        missing["thwart"] = thwarts
    if missing:
        raise ValueError(f"{TEXTS.name} lacks texts for {missing}")
    return written


def _cost(cost: tuple[int, ...]) -> str:
    """'2🪵 1🍯': icons, so the cost reads the same in every language."""
    return " ".join(f"{n}{ICONS[r]}" for r, n in zip(RESOURCES, cost) if n)


def _points(n: int) -> dict[str, str]:
    return {
        "en": f"{n} point{'s' if n != 1 else ''}.",
        "pt": f"{n} ponto{'s' if n != 1 else ''}.",
    }


def _card(card: Card) -> CardInfo:
    points = _points(card.points)
    return CardInfo(
        id=card.id,
        names={"en": card.en, "pt": card.pt},
        text={"en": f"{points['en']} {card.text_en}", "pt": f"{points['pt']} {card.text_pt}"},
        types=(card.kind.capitalize(), COLOR_EN[card.color], "Unique" if card.unique else "Common"),
        cost=_cost(card.cost_t),
        set="base",
        ours=("name_pt",) if card.pt_source == "ours" else (),
    )


def _basic_events() -> list[CardInfo]:
    out: list[CardInfo] = []
    for ev in events().basic:
        ours = ["text"] if ev.id in CONFIRMED_EN_EVENTS else ["name_en", "text"]
        if ev.pt_source == "ours":
            ours.append("name_pt")
        out.append(
            CardInfo(
                id=ev.id,
                names={"en": ev.en, "pt": ev.pt},
                text={
                    "en": f"Claim it with {ev.need} {COLOR_EN[ev.color]} cards in your city: {ev.points} points.",
                    "pt": f"Conquiste com {ev.need} cartas de {COLOR_PT[ev.color]} na sua vila: {ev.points} pontos.",
                },
                kind="event",
                types=("Basic Event",),
                set="base",
                ours=tuple(ours),
            )
        )
    return out


def _special_events() -> list[CardInfo]:
    known = cards()
    pt_texts = texts().special_events
    out: list[CardInfo] = []
    for ev in events().special:
        needs = [known[r] for r in ev.requires]
        need_en = " + ".join(c.en for c in needs)
        need_pt = " + ".join(c.pt for c in needs)
        base = _points(ev.points) if ev.points else {"en": "", "pt": ""}
        head_en = f"Needs {need_en}. " if needs else ""
        head_pt = f"Exige {need_pt}. " if needs else ""
        out.append(
            CardInfo(
                id=ev.id,
                names={"en": ev.en, "pt": ev.pt},
                text={
                    "en": f"{head_en}{base['en']} {ev.text_en}".replace("  ", " ").strip(),
                    "pt": f"{head_pt}{base['pt']} {pt_texts[ev.id]}".replace("  ", " ").strip(),
                },
                kind="event",
                types=("Special Event",),
                set="base",
                ours=("name_pt", "text") if ev.pt_source == "ours" else ("text",),
            )
        )
    return out


_REWARD_WORDS = {
    "en": {"twig": ("twig", "twigs"), "resin": ("resin", "resin"), "pebble": ("pebble", "pebbles"),
           "berry": ("berry", "berries"), "card": ("card", "cards"), "point": ("point token", "point tokens"),
           "any": ("resource of your choice", "resources of your choice")},
    "pt": {"twig": ("graveto", "gravetos"), "resin": ("cristal", "cristais"), "pebble": ("seixo", "seixos"),
           "berry": ("fruto", "frutos"), "card": ("carta", "cartas"), "point": ("ficha de ponto", "fichas de ponto"),
           "any": ("recurso à escolha", "recursos à escolha")},
}
_SPECIAL = {
    "discard_draw_two": (
        "Discard any number of cards, then draw 2 for each.",
        "Descarte quantas cartas quiser e compre 2 por carta descartada.",
    ),
    "discard_gain_any": (
        "Discard up to 3 cards and take 1 resource of your choice for each.",
        "Descarte até 3 cartas e receba 1 recurso à sua escolha por carta.",
    ),
    "copy_basic": (
        "Draw 1 card and also take the reward of any basic location.",
        "Compre 1 carta e receba também a recompensa de qualquer local básico.",
    ),
    "meadow_two": (
        "Take 2 Meadow cards into your hand and play one of them for 1 resource less.",
        "Pegue 2 cartas da Campina para a mão e jogue uma delas pagando 1 recurso a menos.",
    ),
}


def _location_text(loc: Location, forest: bool) -> dict[str, str]:
    out: dict[str, str] = {}
    for locale, words in _REWARD_WORDS.items():
        if loc.special:
            en, pt = _SPECIAL[loc.special]
            reward = en if locale == "en" else pt
        else:
            parts = [
                f"{n} {words[k][0] if n == 1 else words[k][1]}"
                for k, n in loc.reward.model_dump().items()
                if n
            ]
            reward = ("Take " if locale == "en" else "Receba ") + ", ".join(parts) + "."
        if locale == "en":
            room = "One worker at a time." if loc.exclusive else "Any number of workers."
            where = "Forest location" if forest else "Basic location"
        else:
            room = "Um trabalhador por vez." if loc.exclusive else "Quantos trabalhadores quiserem."
            where = "Local da Floresta" if forest else "Local básico"
        out[locale] = f"{where}. {reward} {room}"
    return out


def _locations() -> list[CardInfo]:
    b = board()
    out = [
        CardInfo(
            id=loc.id,
            names={"en": loc.en, "pt": loc.pt},
            text=_location_text(loc, forest),
            kind="location",
            types=("Forest" if forest else "Basic",),
            set="base",
            # The data names these after their rewards, in our words (no printed names exist).
            ours=("name_en", "name_pt", "text"),
        )
        for forest, group in ((False, b.basic), (True, b.forest))
        for loc in group
    ]
    haven = texts().haven
    out.append(
        CardInfo(
            id=b.haven.id,
            names={"en": b.haven.en, "pt": b.haven.pt},
            text={"en": haven.en, "pt": haven.pt},
            kind="location",
            types=("Haven",),
            set="base",
            ours=("text",),
        )
    )
    return out


def _mistwood_content() -> list[CardInfo]:
    t = texts()
    content = loader.content()
    out: list[CardInfo] = []
    for card in content.cards:
        types = ["Legendary"] if card.legendary else []
        if card.kind:
            types.append(card.kind.capitalize())
        if card.color:
            types.append(COLOR_EN[card.color])
        out.append(
            CardInfo(
                id=card.id,
                names={"en": card.name_en or t.names_en[card.id], "pt": card.name_pt},
                text={"en": card.effect, "pt": t.content[card.id]},
                types=tuple(types),
                set=card.pack,
                ours=("name_en", "text"),
            )
        )
    for power in content.player_powers.powers:
        out.append(
            CardInfo(
                id=f"power_{power.id}",
                names={"en": power.name_en, "pt": power.name_pt},
                text={"en": power.effect, "pt": t.powers[power.id]},
                kind="power",
                types=("Player Power",),
                set="mistwood",
                ours=("name_en", "text"),
            )
        )
    return out


def _module(card: ModuleCard, kind: str, written: ModuleText) -> CardInfo:
    en, pt = card.effect, written.effect
    if card.thwart:
        en += f" Thwart: {card.thwart}"
        pt += f" Frustrar: {written.thwart}"
    types = {"seasonal": ("Plot", "Seasonal"), "one_shot": ("Plot", "One-shot")}.get(card.type or "", ())
    return CardInfo(
        id=f"{kind}_{card.id}",
        names={"en": card.name_en, "pt": card.name_pt},
        text={"en": en, "pt": pt},
        kind=kind,
        types=types or (kind.capitalize(),),
        set="mistwood",
        ours=("name_en", "text"),
    )


def _nightweave() -> list[CardInfo]:
    t = texts()
    return [
        _module(card, kind, written[card.id])
        for kind, deck, written in (
            ("personality", loader.personalities(), t.personalities),
            ("plan", loader.plans(), t.plans),
            ("plot", loader.plots(), t.plots),
        )
        for card in deck.cards
    ]


@cache
def catalogue() -> tuple[CardInfo, ...]:
    """The 48 card types, the Events, the locations, then Mistwood's packs and Nightweave's modules."""
    return (
        *(_card(c) for c in cards().values()),
        *_basic_events(),
        *_special_events(),
        *_locations(),
        *_mistwood_content(),
        *_nightweave(),
    )
