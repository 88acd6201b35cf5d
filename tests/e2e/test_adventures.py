"""An Adventures game through the real bot: two people play Militia, Caravan Guard, Duplicate and
Coin of the Realm until a Caravan Guard has answered an Attack, a Duplicate has been called and
Coin of the Realm has been called from the Tavern mat.

Checked along the way: each decision reaches only the player who makes it, in their DM (the
attacked player's discard, the caller's Tavern calls); a held Caravan Guard is never asked about
(the standing answer plays it at once), so nobody waits and nothing in the channel shows it
before the rules reveal it; and at the end no channel message shows a card the rules kept hidden.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.games.dominion.render import adventures_lines
from bot.i18n import t
from bot.standin import StandIn
from bot.standin.state import Channel, Message, User
from engine.core import Match
from tests.e2e.conftest import StartBot, World
from tests.e2e.driver import (
    Action,
    Table,
    buttons,
    join_and_start,
    lobby_id,
    perform,
    prompt_id,
    selects,
    set_seed,
    text_of,
)
from tests.e2e.hidden import leaks, replay_knowledge

DISCARD = "Discard down to"
PRIVATE_PROMPTS = (DISCARD, "call a card from your Tavern mat", "Duplicate: gain another", "Play Caravan Guard?")
KINGDOM = "Coin of the Realm, Caravan Guard, Duplicate, Militia, Village, Smithy, Market, Festival, Laboratory, Cellar"
# What each player buys, first affordable wins: (card, most copies wanted).
WANTS = (("Province", 99), ("Gold", 99), ("Militia", 1), ("Duplicate", 1), ("Caravan Guard", 3),
         ("Coin of the Realm", 1), ("Silver", 99))
SEED = 7  # any seed would do; a fixed one makes a failure reproducible


@dataclass
class Seen:
    guard_reacted: bool = False
    duplicate_calls: int = 0
    tavern_calls: int = 0
    discards: Counter[str] = field(default_factory=Counter)  # who answered a Militia
    discard_boards: list[tuple[str, str]] = field(default_factory=list)  # (who, board status then)
    owned: dict[str, Counter[str]] = field(default_factory=dict)
    board: Callable[[], str] = lambda: ""

    def done(self) -> bool:
        return self.guard_reacted and self.duplicate_calls > 0 and self.tavern_calls > 0


def prompt_line(message: Message) -> str:
    return message.embeds[0].get("description", "") if message.embeds else ""


def choose(user: User, message: Message, seen: Seen) -> Action:
    """Militia first, Duplicate onto the mat; never play Caravan Guard (it waits for Attacks)."""
    btns = buttons(message)
    text = prompt_line(message)
    owned = seen.owned.setdefault(user.name, Counter())
    if DISCARD in text:  # the attacked player decides while the attacker's turn goes on
        seen.discards[user.name] += 1
        seen.discard_boards.append((user.name, seen.board()))
    if "Duplicate: gain another" in text:
        seen.duplicate_calls += 1
        return Action(next(cid for label, cid in btns.items() if label.startswith("Yes")))
    if "call a card from your Tavern mat" in text:
        seen.tavern_calls += 1
        return Action(btns["Coin of the Realm"])
    if "Play all Treasures" in btns:
        return Action(btns["Play all Treasures"])
    for name in ("Militia", "Duplicate"):
        if name in btns:
            return Action(btns[name])
    menus = selects(message)
    for name, most in WANTS:
        if owned[name] >= most:
            continue
        for label, cid in btns.items():
            if label.startswith(f"{name} ($"):
                owned[name] += 1
                return Action(cid)
        for menu in menus:
            for option in menu["options"] if menu.get("max_values", 1) == 1 else []:
                if option["label"].startswith(f"{name} ($"):
                    owned[name] += 1
                    return Action(menu["custom_id"], (option["value"],))
    for label in ("End turn", "Go to Buy phase", "Done"):
        if label in btns:
            return Action(btns[label])
    for menu in menus:  # a Militia discard: the first cards offered
        count = max(1, menu.get("min_values", 1))
        return Action(menu["custom_id"], tuple(o["value"] for o in menu["options"][:count]))
    return Action(next(iter(btns.values())))


async def test_adventures_reserves_and_reactions_reach_the_right_player(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    bot = await start_bot()
    players = [world.alice, world.bob]
    # A chosen seed (set while the bot is down) makes the deal, and so every event below, the same
    # on every run; the lobby then starts on a restarted bot.
    inter = await standin.slash(world.alice, world.channel, "dominion new", {"kingdom": KINGDOM})
    await inter.response()
    lobby = await inter.wait_original()
    match_id = lobby_id(lobby)
    await bot.stop()
    set_seed(world.db, match_id, SEED)
    await start_bot()
    await join_and_start(standin, world.channel, standin.message(lobby.id) or lobby, world.alice, [world.bob])
    table = Table(standin, world.channel, match_id, players)
    seen = Seen(board=lambda: board_status(standin, world.channel))
    for _ in range(600):
        await standin.wait_until(lambda: table.whose_turn() is not None or table.finished(), 20)
        open_now = [(u, table.pending(u)) for u in players if table.pending(u) is not None]
        if not open_now:
            break
        # decisions are never open for two people here: an Attack's victim decides alone
        assert len(open_now) == 1, [u.name for u, _ in open_now]
        user, message = open_now[0]
        assert message is not None
        assert "Play Caravan Guard?" not in text_of(message.history[-1])  # the standing answer plays it
        pid = prompt_id(message, match_id)
        await perform(standin, user, message, choose(user, message, seen))
        await standin.wait_until(lambda u=user, p=pid: table.finished() or prompt_id(table.pending(u), match_id) != p, 10)
        # nobody plays Caravan Guard on their own turn here: any play of it answered an Attack
        seen.guard_reacted = seen.guard_reacted or any(
            "plays Caravan Guard" in text_of(b) for m in standin.messages(world.channel) for b in m.history
        )
        if seen.done():
            break
    assert seen.done(), seen

    # Militia's victims chose their discards in their own DM while the board showed the attacker's turn.
    assert sum(seen.discards.values()) > 0
    for who, status in seen.discard_boards:
        assert who.capitalize() not in status and status, (who, status)
    # No decision was ever shown in the channel; no Caravan Guard prompt existed anywhere.
    channel = [text_of(b) for m in standin.messages(world.channel) for b in m.history]
    assert not any(p in text for text in channel for p in PRIVATE_PROMPTS)
    dms = [text_of(b) for u in players for m in standin.dm_messages(u) for b in m.history]
    assert not any("Play Caravan Guard?" in text for text in dms)

    # Nothing hidden reached the channel; the Adventures board lines count as public.
    live, know = await replay_knowledge(world.db, match_id)
    assert live.match is not None
    assert live.match.seed == SEED  # the game was dealt from the chosen seed
    add_adventures_knowledge(live.match, know.public, live.record.locale)
    assert leaks(standin, world.channel, players, know) == []


def board_status(standin: StandIn, channel: Channel) -> str:
    """The status line (turn, current player, phase) of the channel's latest board."""
    for message in reversed(standin.messages(channel)):
        description = message.embeds[0].get("description", "") if message.embeds else ""
        if description.startswith("Turn "):
            return description.split("\n", 1)[0]
    return ""


def add_adventures_knowledge(match: Match, public: set[str], locale: str) -> None:
    """The Tavern mats, tokens and Durations the board showed at every step are public."""
    again = Match(match.game_id, match.seats, match.options, match.seed)
    states = [again.view(None)]
    for seat, answer in match.log:
        again.submit(seat, answer)
        states.append(again.view(None))
    for view in states:
        for p in view["players"]:
            public.update(adventures_lines(p, locale))
    public.add(t("dominion.board.events", locale))
