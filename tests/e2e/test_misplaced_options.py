"""An option that does not belong with the others is refused by name, never silently ignored:
Nightweave's level with Rugwort (or with no opponent), Rugwort's year with Nightweave; in the
caller's language with the option named as they see it, and nothing is opened."""

from __future__ import annotations

import sqlite3

from tests.e2e.conftest import StartBot, World
from tests.e2e.test_refusals import refusal

CASES = [
    (
        {"opponent": "rugwort", "nightweave_level": 3},
        "en-US",
        "The option nightweave_level is for the Nightweave opponent only",
    ),
    (
        {"opponent": "none", "nightweave_level": 2},
        "pt-BR",
        "A opção nivel_da_tecela é só para a oponente Tecelã Noturna: escolha oponente nightweave",
    ),
    ({"opponent": "nightweave", "rugwort_year": 2}, "en-US", "The option rugwort_year is Rugwort's year"),
    ({"opponent": "nightweave", "rugwort_year": 3}, "pt-BR", "A opção ano_do_rugwort é o ano do Rugwort"),
]


async def test_misplaced_options_are_refused_by_name(world: World, start_bot: StartBot) -> None:
    standin = world.standin
    await start_bot()
    for options, locale, said in CASES:
        text = await refusal(
            await standin.slash(world.alice, world.channel, "everdell new", options, locale)
        )
        assert text.startswith(said), (options, text)
    with sqlite3.connect(world.db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM matches").fetchone() == (0,)  # nothing was opened
