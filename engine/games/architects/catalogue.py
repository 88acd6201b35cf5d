"""Every Apprentice, Building, architect and location in the player's words, for /card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from engine.core.cards import CardInfo
from engine.games.architects.data import Named, apprentices, architects, board, buildings, name_of
from engine.games.architects.wow_data import WowData

# Costs in the icons the board shows (the same in every language)
COST_ICONS = {"silver": "🪙", "clay": "🧱", "wood": "🪵", "stone": "🪨", "gold": "🥇", "marble": "⬜"}


def _info(
    item: Named, kind: str, set_: str = "base", cost: str = "", types: tuple[str, ...] = ()
) -> CardInfo:
    ours = ["text"]  # every text is written in our own words
    if item.pt_source == "ours":
        ours.insert(0, "name_pt")
    if getattr(item, "values", "printed") == "ours":  # Works of Wonder: English name and amounts ours
        ours[:0] = ["name_en", "values"]
    return CardInfo(
        id=item.id,
        names={"en": item.name, "pt": item.name_pt},
        text={"en": item.text, "pt": item.text_pt},
        kind=kind,
        types=types,
        cost=cost,
        set=set_,
        ours=tuple(ours),
    )


@cache
def catalogue() -> Sequence[CardInfo]:
    out: list[CardInfo] = []
    for b in buildings().values():
        cost = " ".join(f"{COST_ICONS.get(k, k)}{v}" for k, v in b.cost.items())
        out.append(_info(b, "building", b.set, cost, b.skills))
    for a in apprentices().values():
        out.append(_info(a, "apprentice", a.set, "", a.skills))
    for c in architects().values():
        out.append(_info(c, "architect", c.set))
    for loc in board().locations:
        out.append(_info(loc, "location"))
    out.extend(works_of_wonder())
    from engine.games.architects.ai.catalogue import ai_cards  # the solo AI (values ours)

    out.extend(ai_cards())
    return tuple(out)


PT_GOODS = {"clay": "Argila", "wood": "Madeira", "stone": "Pedra", "gold": "Ouro", "marble": "Mármore"}
BOARD_TEXT = {  # the six new boards' abilities, in our words
    "princess_worker": (
        "The Princess counts as one of his workers where he places at her location.",
        "A Princesa conta como um trabalhador dele quando ele posiciona no local dela.",
    ),
    "profiteer_silver": (
        "1 Silver more each time he places a worker at the Profiteer's location.",
        "1 Prata a mais cada vez que posiciona um trabalhador no local do Especulador.",
    ),
    "virtue_loss_clay": ("1 Clay for every Virtue she loses.", "1 Argila por Virtude que ela perde."),
    "louis": (
        "May pay 2 Silver to ignore an Influence loss; works on the Cathedral at any Virtue.",
        "Pode pagar 2 Pratas para ignorar uma perda de Influência; trabalha na Catedral com qualquer Virtude.",
    ),
    "apprentice_marble": (
        "1 Marble for every Apprentice she gains, the first one included.",
        "1 Mármore por Aprendiz que ela ganha, incluindo o primeiro.",
    ),
    "zesiro": (
        "1 Influence when he builds or works on the Cathedral; enters the Black Market at any Virtue.",
        "1 Influência quando constrói ou trabalha na Catedral; entra no Mercado Negro com qualquer Virtude.",
    ),
}


def _amounts(gain: Mapping[str, int], pt: bool) -> str:
    words = PT_WORDS if pt else EN_WORDS
    return " + ".join(f"{n} {words.get(k, k)}" for k, n in gain.items())


EN_WORDS = {
    "influence": "Influence",
    "virtue": "Virtue",
    "silver": "Silver",
    "reward": "Reward card",
    "card": "Building card",
    "debt": "Debt",
    **{g: g.title() for g in PT_GOODS},
}
PT_WORDS = {
    "influence": "Influência",
    "virtue": "Virtude",
    "silver": "Prata",
    "reward": "carta de Recompensa",
    "card": "carta de Construção",
    "debt": "Débito",
    **PT_GOODS,
}


def _contributions(data: WowData) -> list[CardInfo]:
    """The 7 Contribution/Consequence cards (our values, replaceable by a server's)."""
    out = []
    for k, c in enumerate(data.contributions, start=1):
        give_en = "; ".join(f"{EN_WORDS[r]}: {_amounts(g, False)}" for r, g in c.contribute.items())
        give_pt = "; ".join(f"{PT_WORDS[r]}: {_amounts(g, True)}" for r, g in c.contribute.items())
        lose_en = ", ".join(
            f"takes {v} Debt" if r == "debt" else f"loses {abs(v)} {EN_WORDS[r]}"
            for r, v in c.profiteer.items()
        )
        lose_pt = ", ".join(
            f"recebe {v} Débito" if r == "debt" else f"perde {abs(v)} {PT_WORDS[r]}"
            for r, v in c.profiteer.items()
        )
        princess_en, princess_pt = name_of(c.princess_at, "en"), name_of(c.princess_at, "pt")
        profiteer_en, profiteer_pt = name_of(c.profiteer_at, "en"), name_of(c.profiteer_at, "pt")
        maj_en = " or ".join(_amounts(g, False) for g in c.princess)
        maj_pt = " ou ".join(_amounts(g, True) for g in c.princess)
        out.append(
            CardInfo(
                id=c.id,
                names={"en": f"Contribution card {k}", "pt": f"Carta de Contribuição {k}"},
                text={
                    "en": f"Contribute one resource for: {give_en}. Consequence: the Princess at {princess_en}"
                    f" (the majority takes {maj_en}), the Profiteer at {profiteer_en} (at a Reset each"
                    f" player there {lose_en}).",
                    "pt": f"Contribua um recurso por: {give_pt}. Consequência: a Princesa em {princess_pt}"
                    f" (a maioria recebe {maj_pt}), o Especulador em {profiteer_pt} (numa Atualização cada"
                    f" jogador ali {lose_pt}).",
                },
                kind="contribution",
                set="wow",
                ours=("name_en", "values", "text") if "rulebook" not in c.source else ("values", "text"),
            )
        )
    return out


def _rewards(data: WowData) -> list[CardInfo]:
    """The expansion's Reward cards, one entry per kind with its copies."""
    return [
        CardInfo(
            id=rw.id,
            names={
                "en": f"Reward card: {_amounts(rw.gain, False)}",
                "pt": f"Carta de Recompensa: {_amounts(rw.gain, True)}",
            },
            text={
                "en": f"Gain {_amounts(rw.gain, False)} ({rw.copies} in the deck).",
                "pt": f"Ganhe {_amounts(rw.gain, True)} ({rw.copies} no baralho).",
            },
            kind="reward",
            set="wow",
            ours=("name_en", "name_pt", "values", "text"),
        )
        for rw in data.rewards
    ]


def works_of_wonder() -> list[CardInfo]:
    """The expansion's Wonders and player boards, with our values where the rulebook has none."""
    from engine.games.architects.wow_data import ours

    data = ours()
    out = []
    for w in data.wonders:
        en = (
            f"Build at the Guildhall for {w.influence} Influence, {w.tax} Tax and {w.amount} {w.resource.title()}"
            f" (1 less per {w.resource.title()} contributed onto it); {w.vp} VP, +{data.wonder_virtue} Virtue;"
            " its marker on a free location gives you one more worker or 1 Influence there."
        )
        pt = (
            f"Construa na Prefeitura por {w.influence} Influência, {w.tax} Taxa e {w.amount} {PT_GOODS[w.resource]}"
            f" (1 a menos por recurso contribuído nela); {w.vp} PV, +{data.wonder_virtue} Virtude;"
            " seu marcador num local livre lhe dá um trabalhador a mais ou 1 Influência ali."
        )
        # every Wonder carries a value of ours (the VP at least); the source line says which
        ours_parts = ("name_en", "values", "text")
        out.append(
            CardInfo(
                id=w.id,
                names={"en": w.name, "pt": w.name_pt},
                text={"en": en, "pt": pt},
                kind="wonder",
                cost=f"{w.influence} influence {w.tax} tax {w.amount} {w.resource}",
                set="wow",
                ours=ours_parts,
            )
        )
    out.extend(_contributions(data))
    out.extend(_rewards(data))
    for b in data.boards:
        en, pt = BOARD_TEXT[b.ability]
        out.append(
            CardInfo(
                id=b.id,
                names={"en": b.name, "pt": b.name},
                text={"en": en, "pt": pt},
                kind="architect",
                set="wow",
                ours=("text",),
            )
        )
    return out
