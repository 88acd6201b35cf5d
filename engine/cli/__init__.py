"""Command-line tools. Each module here (not starting with "_") that defines

    HELP: str                                   one-line description
    configure(parser: argparse.ArgumentParser)  adds its arguments
    run(args: argparse.Namespace) -> int        does the work, returns the exit code

becomes a subcommand named after the module (underscores become dashes), so a new tool is one
new file and no edit here.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
from types import ModuleType

from engine.core.registry import plugin_packages, register_package


def commands() -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if all(hasattr(module, attr) for attr in ("HELP", "configure", "run")):
            found[info.name.replace("_", "-")] = module
    return found


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, ModuleType]]:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Game engine tools.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    found = commands()
    for name, module in found.items():
        module.configure(sub.add_parser(name, help=module.HELP, description=module.HELP))
    return parser, found


def main(argv: list[str] | None = None) -> int:
    for package in plugin_packages(os.environ.get("GAME_PLUGINS", "")):  # games kept elsewhere
        register_package(package)
    parser, found = build_parser()
    args = parser.parse_args(argv)
    code: int = found[args.command].run(args)
    return code
