"""A Brazilian server: the lobby, the board and the players' DMs in Portuguese, cards included."""

from __future__ import annotations

import re

from tests.e2e.conftest import StartBot, World, locale_world
from tests.e2e.driver import PT, Table, buttons, is_board, lobby_id, text_of


async def test_lobby_board_and_dms_in_portuguese(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    _, channel, (ana, bruno) = locale_world(standin, "pt-BR")
    await start_bot()

    inter = await standin.slash(ana, channel, "dominion new", {"kingdom": "First Game"})
    await inter.response()
    lobby = await inter.wait_original()
    title = lobby.embeds[0]["title"]
    assert "mesa nº" in title
    fields = {f["name"]: f["value"] for f in lobby.embeds[0]["fields"]}
    assert "Reino" in fields
    assert set(buttons(lobby)) == {"Entrar", "Sair", "Adicionar bot"}  # Começar waits for a second player
    match_id = lobby_id(lobby)
    for user, kind in ((bruno, "lj"), (ana, "lb"), (ana, "ls")):
        click = await standin.click(user, standin.message(lobby.id) or lobby, f"bgb:{kind}:{match_id}")
        await click.response()

    board = await standin.wait_for_message(channel, lambda m: is_board(m, PT), timeout=10)
    embed = board.embeds[0]
    kingdom = next(f["value"] for f in embed["fields"] if f["name"] == "Reino")
    assert "Porão" in kingdom and "Milícia" in kingdom and "Cellar" not in kingdom
    basics = " ".join(f["value"] for f in embed["fields"])
    assert "Cobre" in basics and "Província" in basics and "Copper" not in basics
    assert "Minha mão / Jogar" in buttons(board)
    assert "Suas cartas" in embed["footer"]["text"]

    table = Table(standin, channel, match_id, [ana, bruno], words=PT)
    for _ in range(4):
        assert await table.step()
    for user in (ana, bruno):
        dms = standin.dm_messages(user)
        assert dms, f"{user.name} got no DM"
        text = dms[-1].embeds[0]["description"]
        assert dms[-1].embeds[0]["title"].startswith("Sua mão — Dominion nº")
        assert "**Mão:**" in text and ("Cobre" in text or "Propriedade" in text)
        assert "Copper" not in text and "Estate" not in text

    # The bot seat's summary and the board's log speak Portuguese too.
    await standin.wait_for_message(channel, lambda m: "🤖" in m.content, timeout=10)
    latest = standin.message(board.id)
    assert latest is not None and "Turno" in latest.embeds[0]["description"]

    # Buying and drawing never read alike: every draw says it comes from the deck.
    texts = [text_of(b) for m in standin.messages(channel) for b in m.history]
    texts += [text_of(b) for u in (ana, bruno) for m in standin.dm_messages(u) for b in m.history]
    assert any("do baralho" in x for x in texts)
    assert not any(re.search(r"compra \d+ cartas?\b(?! do baralho)", x) for x in texts)
    # Real plural rules: one turn is "1 turno", never "1 turnos" nor "turno(s)".
    assert any(re.search(r"\b1 turno\b", x) for x in texts)
    assert not any(re.search(r"\b1 turnos\b|\(s\)", x) for x in texts)
