"""Cards and board places for `/card`, in our own words, generated from the content data."""

from __future__ import annotations

from engine.core.cards import CardInfo
from engine.games.farshore.content import Card, Content, Step

COLOUR_WORDS = {
    "en": {
        "green": "Green Production",
        "blue": "Blue Governance",
        "bronze": "Bronze Traveler",
        "red": "Red Destination",
        "purple": "Purple Prosperity",
    },
    "pt": {
        "green": "Produção Verde",
        "blue": "Regulamentação Azul",
        "bronze": "Viajante Bronze",
        "red": "Destino Vermelho",
        "purple": "Prosperidade Roxa",
    },
}
# Costs in the icons the board shows (the same in every language)
COST_ICONS = {"driftwood": "🪵", "seaweed": "🌿", "stone": "🪨", "mushroom": "🍄"}
# what of a card is ours (`ours` in the content data)
OURS_WORDS = {
    "en": {"values": "numbers", "text": "text", "card": "the whole card"},
    "pt": {"values": "números", "text": "texto", "card": "a carta inteira"},
}
# a card of a kind, as a trigger names it
KIND_WORDS = {
    "en": {"critter": "a Critter", "construction": "a Construction", "card": "a card"},
    "pt": {"critter": "uma Criatura", "construction": "uma Construção", "card": "uma carta"},
}
# (one, several) for each resource: mass nouns read the same either way
RES_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "driftwood": ("driftwood", "driftwood"),
        "seaweed": ("seaweed", "seaweed"),
        "stone": ("sea stone", "sea stones"),
        "mushroom": ("mushroom", "mushrooms"),
        "treasure": ("Treasure", "Treasures"),
        "points": ("point token", "point tokens"),
    },
    "pt": {
        "driftwood": ("madeira flutuante", "madeiras flutuantes"),
        "seaweed": ("alga", "algas"),
        "stone": ("pedra do mar", "pedras do mar"),
        "mushroom": ("cogumelo", "cogumelos"),
        "treasure": ("Tesouro", "Tesouros"),
        "points": ("ficha de ponto", "fichas de ponto"),
    },
}


def _counted(n: int, one: str, several: str) -> str:
    """`n` and the word that agrees with it (1 card, 2 cards; 0 cards)."""
    return f"{n} {one if n == 1 else several}"


def _amounts(arg: dict[str, int], lang: str) -> str:
    return ", ".join(_counted(n, *RES_WORDS[lang][k]) for k, n in arg.items())


def describe_steps(steps: tuple[Step, ...] | list[Step], lang: str) -> str:
    parts = []
    for step in steps:
        ((name, arg),) = step.items()
        en = lang == "en"
        if name == "gain":
            parts.append(("receive " if en else "receba ") + _amounts(arg, lang))
        elif name == "gain_any":
            parts.append(
                "receive " + _counted(arg, "resource", "resources") + " of your choice"
                if en
                else "receba " + _counted(arg, "recurso", "recursos") + " à sua escolha"
            )
        elif name == "draw":
            parts.append(
                "draw " + _counted(arg, "card", "cards")
                if en
                else "compre " + _counted(arg, "carta", "cartas")
            )
        elif name == "draw_bay":
            parts.append(
                "take " + _counted(arg, "card", "cards") + " from the Bay"
                if en
                else "pegue " + _counted(arg, "carta", "cartas") + " da Baía"
            )
        elif name == "boat":
            parts.append(
                "move your Boat " + _counted(arg, "space", "spaces")
                if en
                else "mova seu Barco " + _counted(arg, "espaço", "espaços")
            )
        elif name == "choose":
            joined = (" or " if en else " ou ").join(describe_steps(o, lang) for o in arg)
            parts.append(joined)
        elif name == "trade":
            get = _amounts(arg["get"], lang)
            parts.append(
                f"you may pay up to {_amounts({arg['pay']: arg['max']}, lang)}; each gives {get}"
                if en
                else f"você pode pagar até {_amounts({arg['pay']: arg['max']}, lang)}; cada um dá {get}"
            )
        elif name == "discard_for":
            each = describe_steps(arg["each"], lang)
            parts.append(
                f"discard up to {_counted(arg['max'], 'card', 'cards')}; for each, {each}"
                if en
                else f"descarte até {_counted(arg['max'], 'carta', 'cartas')}; para cada uma, {each}"
            )
        elif name == "activate_green":
            parts.append(
                "activate a Green Production card in your village"
                if en
                else "ative uma carta de Produção Verde da sua vila"
            )
        elif name == "copy_location":
            parts.append(
                "use a face-up Shore or Island location"
                if en
                else "use um local de Litoral ou Ilha com a face para cima"
            )
        elif name == "stock":
            parts.append(
                ("when played, put on it " if en else "ao jogar, coloque nela ") + _amounts(arg, lang)
            )
        elif name == "take_stock":
            parts.append(
                "receive " + _counted(arg, "resource", "resources") + " kept on this card"
                if en
                else "receba " + _counted(arg, "recurso", "recursos") + " guardados nesta carta"
            )
        elif name == "play_discounted":
            parts.append(
                "play a card from the Bay for " + _counted(arg["fewer"], "resource", "resources") + " less"
                if en
                else "jogue uma carta da Baía por "
                + _counted(arg["fewer"], "recurso", "recursos")
                + " a menos"
            )
        elif name == "discard_then_play":
            parts.append(
                "discard any number of cards, then play a card for that many fewer resources"
                if en
                else "descarte quantas cartas quiser e jogue uma carta com esse tanto de recursos a menos"
            )
        elif name == "give_for":
            parts.append(
                (
                    "you may give a card to an opponent to "
                    if en
                    else "você pode dar uma carta a um oponente para "
                )
                + describe_steps(arg, lang)
            )
        elif name == "may":
            parts.append(("you may " if en else "você pode ") + describe_steps(arg, lang))
        elif name == "draw_play_free":
            parts.append(
                f"draw {_counted(arg['draw'], 'card', 'cards')}; you may play one of them free (not {COLOUR_WORDS['en'][arg['except']]})"
                if en
                else f"compre {_counted(arg['draw'], 'carta', 'cartas')}; você pode jogar uma delas de graça (exceto {COLOUR_WORDS['pt'][arg['except']]})"
            )
    return "; ".join(parts)


def card_text(card: Card, lang: str) -> str:
    en = lang == "en"
    bits = [
        COLOUR_WORDS[lang][card.colour]
        + (", Unique" if en else ", Singular") * card.unique
        + ("" if card.unique else (", Common" if en else ", Comum"))
    ]
    if card.on_enter:
        bits.append(describe_steps(card.on_enter, lang))
    if card.effect:
        bits.append(describe_steps(card.effect, lang))
    for trig in card.triggers:
        if trig.colour:
            what = ("a " if en else "um ") + COLOUR_WORDS[lang][trig.colour]
        else:
            what = KIND_WORDS[lang][trig.kind or "card"]
        head = (
            (f"after you play {what}: " if en else f"depois que você jogar {what}: ")
            if trig.when == "play"
            else (
                "after your Boat moves by the Compass Rose: "
                if en
                else "depois que seu Barco se mover pela Rosa dos Ventos: "
            )
        )
        bits.append(head + describe_steps(trig.steps, lang))
    for per, points in card.scoring:
        bits.append(f"end of game: {points} per {per}" if en else f"fim da partida: {points} por {per}")
    if card.no_space:
        bits.append("takes no village space" if en else "não ocupa espaço na vila")
    if card.ours:
        bits.append(
            "(our design: " + ", ".join(OURS_WORDS[lang].get(o, o) for o in card.ours) + ")"
            if en
            else "(criação nossa: " + ", ".join(OURS_WORDS[lang].get(o, o) for o in card.ours) + ")"
        )
    return ". ".join(bit[:1].upper() + bit[1:] for bit in bits) + "."


def card_infos(content: Content) -> list[CardInfo]:
    out = []
    for card in content.cards.values():
        cost = " ".join(
            f"{COST_ICONS[r]}{n}"
            for r, n in zip(("driftwood", "seaweed", "stone", "mushroom"), card.cost, strict=True)
            if n
        )
        ours = ("values", "text") if card.ours else ()
        out.append(
            CardInfo(
                card.id,
                dict(card.names),
                {"en": card_text(card, "en"), "pt": card_text(card, "pt")},
                types=(card.kind.title(), card.colour.title(), "Unique" if card.unique else "Common"),
                cost=cost,
                set="farshore",
                ours=ours + (("card",) if "card" in card.ours else ()),
            )
        )
    for loc in (*content.shores, *content.islands):
        out.append(
            CardInfo(
                loc.id,
                dict(loc.names),
                {"en": describe_steps(loc.steps, "en"), "pt": describe_steps(loc.steps, "pt")},
                kind="location",
                set="farshore",
                ours=("values",),
            )
        )
    return out
