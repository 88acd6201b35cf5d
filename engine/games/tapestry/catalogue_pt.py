"""The catalogue's Portuguese texts: data-held entries from `data/texts_pt.yaml`, the rest generated.

Kept apart from `catalogue.py`; effects are read by the same `wording` module as the English
ones, in the terms of the bot's Portuguese interface.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import yaml

from engine.games.tapestry import wording
from engine.games.tapestry.data import DATA, TechCard, all_landmarks, all_tracks
from engine.games.tapestry.wording import Wording

WORDS = {
    "coin": "uma moeda", "worker": "um trabalhador", "food": "uma comida", "culture": "uma cultura",
    "any": "um recurso à sua escolha", "market": "um mercado", "house": "uma casa", "farm": "uma fazenda",
    "armory": "um arsenal", "any_building": "uma construção de renda à sua escolha",
    "tile": "uma peça de território", "space_tile": "um espaço sideral", "tapestry": "uma carta de tapeçaria",
    "civ": "uma civilização aleatória", "explore": "explorar", "explore_anywhere": "explorar em qualquer lugar",
    "explore_space": "explorar um espaço sideral", "conquer": "conquistar",
    "conquer_anywhere": "conquistar em qualquer lugar", "conquer_both": "conquistar, ganhando os dois dados",
    "conquer_tanks": "conquistar (os dois dados contra um oponente)", "invent": "inventar",
    "upgrade": "aprimorar uma carta de tecnologia",
    "refresh_tech": "você pode renovar as cartas de tecnologia abertas",
    "circle_middle": "o benefício de círculo de uma carta da fileira do meio",
    "square_top": "o benefício de quadrado de uma carta da fileira superior",
    "research": "pesquisar com benefício", "research_nb": "pesquisar sem benefício",
    "alien_biology": "pesquisar quatro vezes sem benefício",
    "repeat_any": "o benefício do seu espaço em qualquer trilha",
    "repeat_any_battery": "o benefício do seu espaço em qualquer trilha (uma vez por turno)",
    "repeat_any_once": "o benefício do seu espaço em qualquer trilha (você pode pagar o bônus dele)",
    "singularity": "mover este marcador para o início de qualquer trilha",
    "overplay": "jogar uma carta de tapeçaria sobre a atual",
    # Arts & Architecture tokens (the English list names them by their token)
    "masterpiece": "criar uma obra-prima", "inspiration": "uma peça de inspiração",
    "duct_tape": "aprimorar duas vezes ignorando pré-requisitos (uma carta duas vezes ou duas cartas)",
}
COUNTS = {
    "tech_cards": "carta de tecnologia que você tem", "capital": "linha e coluna completa na sua capital",
    "territories": "território que você controla", "tiles": "peça de território na sua reserva",
    "tapestries": "carta de tapeçaria que você tem", "market": "mercado que você tem", "house": "casa que você tem",
    "farm": "fazenda que você tem", "armory": "arsenal que você tem", "buildings": "construção de renda que você tem",
    "landmarks": "monumento que você tem",
}
# The income-mat innovations that tech-card landmarks need (printed on the mat in English here)
INNOVATIONS = {
    "Farming": "Agricultura", "Breeding": "Pecuária", "Telephone": "Telefone", "Writing": "Escrita",
    "Banking": "Sistema Bancário", "Currency": "Moeda",
}


def track(track_id: str) -> str:
    found = all_tracks().get(track_id)
    return found.name_pt if found else track_id


def landmark(name: str) -> str:
    found = all_landmarks().get(name)
    return found.name_pt if found else name


PT = Wording(
    words=WORDS,
    counts=COUNTS,
    either=" ou ",
    both=" e ",
    any_order=" (em qualquer ordem)",
    vp="{n} PV",
    vp_per="1 PV por {what}",
    vp_per_space="1 PV por espaço avançado em {track}",
    advance="avançar em {track}",
    regress="recuar em {track}",
    with_benefit=" com benefício",
    without_benefit=" sem benefício",
    build="construir o monumento {landmark}",
    track=track,
    landmark=landmark,
)


def describe(steps: list[Any]) -> str:
    return wording.describe(steps, PT)


def _prerequisite(tech: TechCard) -> str:
    req = tech.requires
    if req.none:
        return "nenhum pré-requisito"
    if req.charm_or_turn5:
        return (
            "uma carta de tapeçaria com encanto que você colocou no tabuleiro de renda (mesmo se coberta depois), "
            "ou o seu turno de renda 5 em diante; os vizinhos não contam"
        )
    if req.landmark_on_card:
        return ("um monumento sobre esta carta (sempre que você ganhar um monumento enquanto ela não tiver nenhum, "
                "pode colocá-lo aqui e aprimorar a carta uma vez)")
    if req.track:
        return f"você ou um vizinho no espaço {req.space}+ de {track(req.track)}"
    innovation = INNOVATIONS.get(req.innovation or "", req.innovation)
    return f"você ou um vizinho que tenha chegado à inovação {innovation}"


def tech_text(tech: TechCard) -> str:
    text = (f"Círculo: {describe(tech.circle)}. Quadrado: {describe(tech.square)}. "
            f"Fileira superior: {_prerequisite(tech)}.")
    if tech.single_use:
        text += " Uso único: virada assim que seu benefício de quadrado é ganho; depois disso nada mais a usa."
    if tech.needs:
        text += " Só entra no baralho com a trilha de Artes (arts)."
    return text


def landmark_text(cells: int) -> str:
    return f"Um monumento que ocupa {cells} lotes."


def arts_landmark_text(cells: int) -> str:
    return (f"O monumento da trilha de Artes para quem chega primeiro ao seu nível, ocupando {cells} lotes "
            "(nome e formato nossos).")


@cache
def data_texts() -> dict[str, str]:
    """Catalogue id -> Portuguese text, for the entries whose English text lives in the data."""
    with open(DATA / "texts_pt.yaml", encoding="utf-8") as fh:
        loaded = yaml.safe_load(fh) or {}
    return {str(k): str(v) for k, v in loaded.items()}


def texts(entry_id: str, en: str) -> dict[str, str]:
    """Both texts of a data-held entry; one missing from the file shows in English (a test catches it)."""
    pt = data_texts().get(entry_id)
    return {"en": en, "pt": pt} if pt else {"en": en}
