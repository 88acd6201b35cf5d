"""The solo AI's Plot cards and boards for /card, in our words, with our values marked."""

from __future__ import annotations

from engine.core.cards import CardInfo
from engine.games.architects.ai.data import Effect, Opponent, Part, Plot, ours
from engine.games.architects.data import name_of

PT_GOODS = {"clay": "argila", "wood": "madeira", "stone": "pedra", "gold": "ouro", "marble": "mármore"}

EFFECTS = {  # effect -> (English, Portuguese); {n} is its amount
    "wonder": ("build a Wonder", "construir uma Maravilha"),
    "cathedral": ("work on the Cathedral", "trabalhar na Catedral"),
    "contribute": ("a Contribution", "uma Contribuição"),
    "capture": ("capture", "capturar"),
    "guardhouse": ("Guardhouse actions", "ações do Quartel"),
    "tax_stand": ("all the Tax", "todas as Taxas"),
    "market": ("space {n}", "espaço {n}"),
    "imprison": ("captives to Prison", "capturados para a Prisão"),
    "storehouse": (
        "1 Marble per 2 workers, 1 Virtue alone",
        "1 Mármore a cada 2 trabalhadores, 1 Virtude sozinho",
    ),
    "remove_apprentices": ("remove 2 Apprentices", "remover 2 Aprendizes"),
    "future": ("{n}× Future card", "{n}× carta Futura"),
    "take_tax": ("{n} Tax", "{n} Taxa"),
    "silver": ("{n} Silver", "{n} Prata"),
    "silver_w": ("1 Silver + 1 per worker", "1 Prata + 1 por trabalhador"),
    "gold_w": ("1 Gold per 2 workers", "1 Ouro a cada 2 trabalhadores"),
    "marble": ("{n} Marble", "{n} Mármore"),
    "virtue": ("{n} Virtue", "{n} Virtude"),
    "influence": ("{n} Influence", "{n} Influência"),
    "next": ("the next Plot card", "a próxima Carta de Trama"),
}
CONDITIONS = {
    "opponent_group": (
        "an opponent has {v}+ workers at a location",
        "um oponente tem {v}+ trabalhadores num local",
    ),
    "can_wonder_or_cathedral": (
        "it can build a Wonder or work on the Cathedral",
        "ela pode construir Maravilha ou trabalhar na Catedral",
    ),
    "cathedral_low_virtue": (
        "it can work on the Cathedral with {v} Virtue or less",
        "ela pode trabalhar na Catedral com {v} de Virtude ou menos",
    ),
    "low_influence": ("it has {v} Influence or less", "ela tem {v} de Influência ou menos"),
    "cathedral_no_future": (
        "it can work on the Cathedral, no Future cards left",
        "ela pode trabalhar na Catedral, sem cartas Futuras",
    ),
    "tax_at_least": ("{v}+ Tax on the Tax Stand", "{v}+ Taxas no Posto Fiscal"),
    "has_captives": ("it holds captives", "ela tem capturados"),
    "prison_at_least": ("{v}+ of its workers in Prison", "{v}+ trabalhadores seus na Prisão"),
    "princess_majority": (
        "it has the most workers at the Princess",
        "ela tem mais trabalhadores na Princesa",
    ),
}
PLACES = {
    "princess": ("the Princess", "a Princesa"),
    "profiteer": ("the Profiteer", "o Especulador"),
    "focus": ("its Focus", "seu Foco"),
}


def _effect(e: Effect, k: int) -> str:
    return EFFECTS[e.name][k].format(n=e.n + 1 if e.name == "market" else e.n)


def _part(part: Part, k: int, locale: str) -> str:
    where = (
        PLACES[part.location][k]
        if part.location in PLACES
        else (name_of(part.location, locale) or part.location)
    )
    if not part.options:
        return where
    return f"{where}: " + " / ".join(" + ".join(_effect(e, k) for e in o) for o in part.options)


def _plot_text(card: Plot, k: int) -> str:
    locale = ("en", "pt")[k]
    upper = _part(card.upper, k, locale)
    if card.condition is None or card.lower is None:
        return upper + "."
    test = CONDITIONS[card.condition.kind][k].format(v=card.condition.value)
    word = ("If {t}: {u}; else {l}.", "Se {t}: {u}; senão {l}.")[k]
    return word.format(t=test, u=upper, l=_part(card.lower, k, locale))


def _ai_text(o: Opponent, k: int) -> str:
    track = ", ".join(s.resource if k == 0 else PT_GOODS[s.resource] for s in o.track)
    focus = _part(o.focus, k, ("en", "pt")[k])
    words = (
        "Virtue {v}, Influence {i}; Resource track {t}; Focus: {f}.",
        "Virtude {v}, Influência {i}; Trilha de Recurso {t}; Foco: {f}.",
    )[k]
    return words.format(v=o.virtue, i=o.influence, t=track, f=focus)


def ai_cards() -> list[CardInfo]:
    data = ours()
    out = [
        CardInfo(
            id=c.id,
            names={"en": c.name, "pt": c.name_pt},
            text={"en": _plot_text(c, 0), "pt": _plot_text(c, 1)},
            kind="plot",
            types=(c.deck,),
            set="wow",
            ours=("name_en", "text") if c.source == "rulebook" else ("name_en", "name_pt", "values", "text"),
        )
        for c in data.plots
    ]
    out.extend(
        CardInfo(
            id=f"ai_{o.id}",
            names={"en": o.name, "pt": o.name_pt},
            text={"en": _ai_text(o, 0), "pt": _ai_text(o, 1)},
            kind="ai",
            set="wow",
            ours=("name_en", "values", "text"),
        )
        for o in data.opponents
    )
    return out
