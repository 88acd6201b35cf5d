"""The status message names and pings exactly the players who must act now: both victims of a
Militia at once, never the attacker; a Moat held in hand (reactions asked) is never announced:
while only that question is open the status still names the attacker, as if nothing happened.
The attacker's own view says whom it waits for."""

from __future__ import annotations

import contextlib
import re
from collections import Counter
from functools import partial

from bot.standin import StandIn
from bot.standin.state import Channel, Message, User
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import (
    EN,
    Action,
    Table,
    buttons,
    is_board,
    lobby_id,
    perform,
    prompt_id,
    selects,
    text_of,
)

KINGDOM = "Militia, Moat, Village, Smithy, Market, Festival, Laboratory, Cellar, Workshop, Mine"
WANTS = (("Province", 99), ("Gold", 99), ("Militia", 1), ("Moat", 2), ("Silver", 99))
MOAT_PROMPTS = ("Reveal Moat", "Revelar o Fosso")


def status_text(standin: StandIn, channel: Channel, match_id: int) -> str:
    for message in reversed(standin.messages(channel)):
        if message.content.startswith(f"⏳ **Game #{match_id}**"):
            return message.content
    return ""


def names_all(standin: StandIn, channel: Channel, match_id: int, want: set[str]) -> bool:
    return all(x in status_text(standin, channel, match_id) for x in want)


def names_one_of(standin: StandIn, channel: Channel, match_id: int, allowed: set[str]) -> bool:
    named = set(re.findall(r"<@(\d+)>", status_text(standin, channel, match_id)))
    return len(named) == 1 and named <= allowed


def moved_on(table: Table, user: User, pid: int | None) -> bool:
    return table.finished() or prompt_id(table.pending(user), table.match_id) != pid


def choose(user: User, message: Message, owned: Counter[str]) -> Action:
    btns = buttons(message)
    if "Reveal" in btns:
        return Action(btns["Reveal"])
    if "Play all Treasures" in btns:
        return Action(btns["Play all Treasures"])
    if "Militia" in btns:
        return Action(btns["Militia"])
    menus = selects(message)
    for name, most in WANTS:
        if owned[f"{user.name}:{name}"] >= most:
            continue
        for label, cid in btns.items():
            if label.startswith(f"{name} ($"):
                owned[f"{user.name}:{name}"] += 1
                return Action(cid)
        for menu in menus:
            for option in menu["options"] if menu.get("max_values", 1) == 1 else []:
                if option["label"].startswith(f"{name} ($"):
                    owned[f"{user.name}:{name}"] += 1
                    return Action(menu["custom_id"], (option["value"],))
    for label in ("End turn", "Go to Buy phase", "Done"):
        if label in btns:
            return Action(btns[label])
    for menu in menus:  # a Militia discard: the first cards offered
        count = max(1, menu.get("min_values", 1))
        return Action(menu["custom_id"], tuple(o["value"] for o in menu["options"][:count]))
    return Action(next(iter(btns.values())))


async def test_status_names_everyone_who_must_act_and_no_hidden_reaction(
    world: World, start_bot: StartBot
) -> None:
    standin, channel = world.standin, world.channel
    await start_bot()
    players = [world.alice, world.bob, world.carol]
    for user in players:  # their prompts reach them by DM: channel mentions are theirs to ask for
        asked = await standin.slash(user, channel, "settings", {"ping": "on"})
        await asked.response()
        assert "Channel mentions on your turn: on" in (await asked.wait_original()).content
    opened = await standin.slash(
        world.alice, channel, "dominion new", {"kingdom": KINGDOM, "reactions": "ask"}
    )
    await opened.response()
    lobby = await opened.wait_original()
    match_id = lobby_id(lobby)
    for user, kind in ((world.bob, "lj"), (world.carol, "lj"), (world.alice, "ls")):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()
    await standin.wait_for_message(channel, lambda m: is_board(m, EN), timeout=10)
    table = Table(standin, channel, match_id, players)
    owned: Counter[str] = Counter()
    both_discard = moat_neutral = False
    for _ in range(500):
        await standin.wait_until(lambda: table.whose_turn() is not None or table.finished(), 20)
        open_now = [(u, m) for u in players if (m := table.pending(u)) is not None]
        if not open_now:
            break
        texts = {u.name: text_of(m.history[-1]) for u, m in open_now}
        if any("Discard down to" in x or any(p in x for p in MOAT_PROMPTS) for x in texts.values()):
            # an attack's other prompt may still be on its way (a busy machine delivers the two
            # victims' DMs far apart); a victim who revealed a Moat gets none, so wait a little
            with contextlib.suppress(TimeoutError):
                await standin.wait_until(lambda: sum(table.pending(u) is not None for u in players) >= 2, 3)
            open_now = [(u, m) for u in players if (m := table.pending(u)) is not None]
            texts = {u.name: text_of(m.history[-1]) for u, m in open_now}
        discarding = [u for u, _ in open_now if "Discard down to" in texts[u.name]]
        moats = [u for u, _ in open_now if any(p in texts[u.name] for p in MOAT_PROMPTS)]
        if len(discarding) == len(open_now) == 2:
            # every victim is named and pinged, in one status message; the attacker is not
            want = {f"<@{u.id}>" for u in discarding}
            await standin.wait_until(partial(names_all, standin, channel, match_id, want), 10)
            status = status_text(standin, channel, match_id)
            attacker = next(u for u in players if u not in discarding)
            assert f"<@{attacker.id}>" not in status and attacker.name.capitalize() not in status, status
            latest = next(m for m in reversed(standin.messages(channel)) if m.content == status)
            pinged = {str(u) for u in latest.history[0].get("allowed_mentions", {}).get("users", [])}
            assert pinged == {u.id for u in discarding}, pinged
            # the attacker's own view waits for both of them by name
            mine = [m for m in standin.dm_messages(attacker) if m.embeds]
            assert mine and all(u.name.capitalize() in text_of(mine[-1].history[-1]) for u in discarding)
            both_discard = True
        if moats and len(moats) == len(open_now):
            # only a hidden reaction is open: once the status has caught up with the attack it
            # names the attacker alone, never who holds the Moat
            others = {u.id for u in players if u not in moats}
            await standin.wait_until(partial(names_one_of, standin, channel, match_id, others), 10)
            moat_neutral = True
        if both_discard and moat_neutral:
            break
        user, message = open_now[0]
        pid = prompt_id(message, match_id)
        await perform(standin, user, message, choose(user, message, owned))
        await standin.wait_until(partial(moved_on, table, user, pid), 10)
    assert both_discard and moat_neutral, (both_discard, moat_neutral)
    # Real plural rules in English too: "1 turn", never "1 turns" nor "card(s)".
    texts = [text_of(b) for m in standin.messages(channel) for b in m.history]
    assert any(re.search(r"\b1 turn\b", x) for x in texts)
    assert not any(re.search(r"\b1 turns\b|\(s\)", x) for x in texts)
