"""Tapestry's dice for a physical table (`/roll conquest`, `/roll science`, `/roll science20`): the
faces the rules roll (`data/board.yaml`, the D20's in `data/arts.yaml`), each in English and
Portuguese words."""

from __future__ import annotations

from engine.core.dice import Die, DieFace, NamedDice
from engine.games.tapestry.data import all_tracks, arts, board

# What a conquest face gives (the tokens of data/board.yaml).
_RESOURCES = {
    "coin": ("1 coin", "1 moeda"),
    "worker": ("1 worker", "1 trabalhador"),
    "food": ("1 food", "1 comida"),
    "culture": ("1 culture", "1 cultura"),
}
_TERRITORY = ("the benefit of the territory you conquered", "o benefício do território conquistado")
_PER_TERRITORY = ("1 VP per territory you control", "1 PV por território que você controla")


def _face_words(token: str) -> tuple[str, str]:
    head, _, arg = token.partition(":")
    if head == "vp":
        return f"{arg} VP", f"{arg} PV"
    if token == "vpx:territories":
        return _PER_TERRITORY
    if token == "territory":
        return _TERRITORY
    return _RESOURCES[token]  # a face the words do not know fails here, at import


def _face(token: str) -> DieFace:
    en, pt = _face_words(token)
    return DieFace(token, {"en": en, "pt": pt})


def _track_face(track: str) -> DieFace:
    found = all_tracks()[track]
    return DieFace(track, {"en": found.name, "pt": found.name_pt})


def named_dice() -> tuple[NamedDice, ...]:
    dice = board().dice
    red = Die("red", {"en": "red die", "pt": "dado vermelho"}, tuple(_face(f) for f in dice.red))
    black = Die("black", {"en": "black die", "pt": "dado preto"}, tuple(_face(f) for f in dice.black))
    science = Die(
        "science", {"en": "science die", "pt": "dado de ciência"}, tuple(_track_face(f) for f in dice.science)
    )
    d20 = Die("d20", {"en": "D20 science die", "pt": "dado de ciência D20"}, tuple(_track_face(f) for f in arts().d20.faces))
    return (
        NamedDice(
            "conquest",
            {"en": "conquest dice", "pt": "dados de conquista"},
            (red, black),
            aliases=("conquer", "conquista", "conquer dice"),
            note={
                "en": "Conquering, you keep one of the two results (both where a space or card says so, "
                "such as Tanks against an opponent).",
                "pt": "Ao conquistar, você fica com um dos dois resultados (os dois quando um espaço ou carta "
                "diz, como Tanques contra um oponente).",
            },
        ),
        NamedDice(
            "science",
            {"en": "science die", "pt": "dado de ciência"},
            (science,),
            aliases=("ciencia", "ciencias", "research", "pesquisa"),
            note={
                "en": "The box's science die is a D12 whose faces our sources do not list: here each track "
                "is equally likely (our reading).",
                "pt": "O dado de ciência da caixa é um D12 cujas faces nossas fontes não listam: aqui cada "
                "trilha tem a mesma chance (leitura nossa).",
            },
        ),
        NamedDice(
            "science20",
            {"en": "D20 science die (Arts & Architecture)", "pt": "dado de ciência D20 (Artes & Arquitetura)"},
            (d20,),
            aliases=("arts", "artes", "ciencia20"),
            note={
                "en": "Arts & Architecture's D20 adds the Arts track; its faces are not in our sources: here "
                "each of the five tracks is equally likely (our reading, data/arts.yaml).",
                "pt": "O D20 de Artes & Arquitetura acrescenta a trilha de Artes; suas faces não estão nas nossas "
                "fontes: aqui cada uma das cinco trilhas tem a mesma chance (leitura nossa, data/arts.yaml).",
            },
        ),
    )
