"""Run the stand-in on its own: `python -m bot.standin [--port N] [--terminal]`.

Point a bot process at the printed URL (settings.discord_api_base, or use_api_base()); with
--terminal, play in #games as alice/bob/carol from this console; with --world FILE, the server is
kept in FILE and found again at the next start.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os

from bot.standin.persist import WorldFile, WorldFileError
from bot.standin.server import StandIn, default_world, world_of
from bot.standin.terminal import run_terminal


async def main(port: int, token: str, terminal: bool, world_path: str | None = None, faults: str = "") -> None:
    standin = await StandIn(token=token, port=port).start()
    standin.faults.load(faults)
    world = WorldFile(world_path) if world_path else None
    try:
        loaded = world.open(standin) if world is not None else False
    except WorldFileError as exc:
        print(f"stand-in: {exc}")
        await standin.stop()
        return
    _, channel, _ = world_of(standin) if loaded and standin.guilds else default_world(standin)
    print(f"stand-in listening on {standin.url} (API {standin.api_base}, gateway {standin.gateway_url}); bot token {token!r}")
    try:
        if terminal:
            await standin.gateway.identified.wait()
            await run_terminal(standin, channel)
        else:
            await asyncio.Event().wait()
    finally:
        if standin.violations:
            print("violations:")
            for v in standin.violations:
                print(f"  [{v.kind}] {v.route}: {v.message}")
        if world is not None:
            await world.close()
        await standin.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--token", default="standin-bot-token")
    parser.add_argument("--terminal", action="store_true", help="also open the terminal client")
    parser.add_argument("--world", default=None, help="keep the server's world in this JSON file")
    parser.add_argument(
        "--faults",
        default=os.environ.get("STANDIN_FAULTS", ""),
        help="REST faults to inject, e.g. '429 rate=0.05; 5xx status=503 rate=0.02' (default: $STANDIN_FAULTS)",
    )
    args = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main(args.port, args.token, args.terminal, args.world, args.faults))
