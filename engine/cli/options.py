"""`python -m engine options <game>`: every lobby option of a game, its type, default and meaning."""

from __future__ import annotations

import argparse
import json
import sys

from engine.core.errors import EngineError
from engine.core.options import OptionMeta, describe
from engine.core.registry import game_ids, get_game

HELP = "list a game's options (key, type, default, choices, meaning)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", help="game id; all games when left out")
    parser.add_argument("--json", action="store_true", help="one JSON object per game")


def _type(meta: OptionMeta) -> str:
    text = meta.kind
    if meta.low is not None or meta.high is not None:
        text += f" {meta.low if meta.low is not None else ''}..{meta.high if meta.high is not None else ''}"
    return text


def run(args: argparse.Namespace) -> int:
    try:
        games = [get_game(args.game)] if args.game else [get_game(g) for g in game_ids()]
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for game in games:
        metas = describe(game.options_model)
        if args.json:
            entries = [
                {
                    "key": m.name,
                    "type": m.kind,
                    "default": m.default,
                    "choices": list(m.choices),
                    "min": m.low,
                    "max": m.high,
                    "in_command": m.command,
                    "description": m.description,
                }
                for m in metas
            ]
            print(json.dumps({"game": game.id, "options": entries}))
            continue
        print(f"{game.id} ({game.names.get('en', game.id)}, {game.min_players}-{game.max_players} players)")
        if not metas:
            print("  (no options)")
        for m in metas:
            choices = f" [{' | '.join(str(c) for c in m.choices)}]" if m.choices else ""
            print(f"  {m.name:<22}{_type(m):<12}{choices}")
            print(f"      {m.description}")
    return 0
