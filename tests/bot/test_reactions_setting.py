"""The standing Dominion reactions mode in /settings: stored per user on both backends, cached
like the other preferences, offered in both languages, and taken as a player's own choice when
they open or join a Dominion lobby (a choice made at the table still wins there)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.clock import ManualClock
from bot.games.dominion.lobby import (
    SEAT_KEY,
    adopt_standing,
    choose_reactions,
    seat_modes,
    standing_options,
    start_with_choices,
)
from bot.i18n import Translator, catalogue
from bot.prefs import PrefsService
from bot.render.lobby import lobby_payload
from bot.table import TableService
from cogs import prefs as prefs_cog
from storage import Store, UserPrefs
from tests.bot.conftest import ALICE, BOB, CHANNEL
from tests.bot.test_lobby_options import keys_of

CAROL = 1003


def standing_mode(prefs: UserPrefs) -> str | None:
    return prefs.of("dominion").get("reactions")


async def _ignore(interaction: Any, picked: Mapping[str, Any]) -> None:
    return None


async def test_the_mode_is_stored_beside_the_other_preferences(store: Store) -> None:
    assert standing_mode(await store.prefs.get(ALICE)) is None  # nobody chose: each table decides
    await store.prefs.set_locale(ALICE, "pt")
    chosen = await store.prefs.set_game_pref(ALICE, "dominion", "reactions", "ask")
    assert (standing_mode(chosen), chosen.locale, chosen.dm_hands) == ("ask", "pt", True)
    await store.prefs.set_dm_hands(ALICE, False)
    assert standing_mode(await store.prefs.get(ALICE)) == "ask"  # other settings leave it alone
    assert standing_mode(await store.prefs.set_game_pref(ALICE, "dominion", "reactions", "always")) == "always"
    assert (await store.prefs.set_game_pref(BOB, "dominion", "reactions", "ask")).locale is None  # a user with no row yet


async def test_a_change_is_cached_and_reaches_another_process_within_the_ttl(db_path: str) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        clock = ManualClock()
        a, b = PrefsService(one, ttl=30.0, clock=clock), PrefsService(two, ttl=30.0, clock=clock)
        assert standing_mode(await a.get(BOB)) is None
        assert standing_mode(await b.set_game_pref(BOB, "dominion", "reactions", "ask")) == "ask"
        assert standing_mode(await b.get(BOB)) == "ask"  # written through where it was changed
        clock.advance(29.0)
        assert standing_mode(await a.get(BOB)) is None  # still the cached copy
        clock.advance(1.0)
        assert standing_mode(await a.get(BOB)) == "ask"
    finally:
        await one.close()
        await two.close()


def test_standing_options_fill_in_only_a_missing_choice() -> None:
    assert standing_options({}, "dominion", ALICE, "ask") == {SEAT_KEY: {str(ALICE): "ask"}}
    assert standing_options({}, "dominion", ALICE, None) == {}
    assert standing_options({}, "everdell", ALICE, "ask") == {}
    assert standing_options({}, "dominion", ALICE, "sometimes") == {}
    picked = {SEAT_KEY: {str(ALICE): "always"}}
    assert standing_options(picked, "dominion", ALICE, "ask") == picked  # the table's pick stays
    both = standing_options(picked, "dominion", BOB, "ask")
    assert both == {SEAT_KEY: {str(ALICE): "always", str(BOB): "ask"}} and picked[SEAT_KEY] == {
        str(ALICE): "always"
    }


async def test_the_standing_mode_seeds_each_seat_and_a_table_choice_overrides_it(table: TableService) -> None:
    live = await table.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game="dominion",
        options=standing_options({"kingdom": "First Game"}, "dominion", ALICE, "ask"),
        host_id=ALICE,
        host_name="alice",
        locale="en",
    )
    await table.join(live.id, BOB, "bob", adopt_standing(BOB, "ask"))
    live = await table.join(live.id, CAROL, "carol", adopt_standing(CAROL, None))
    assert seat_modes(live.record) == ["ask", "ask", "always"]
    shown = {f.name: f.value for f in lobby_payload(live, "en").embed.fields}
    assert shown["Reactions in hand"] == "alice: asked, bob: asked, carol: at once"
    await choose_reactions(table, live.id, BOB, "always")  # a pick at this table beats /settings
    await table.leave_lobby(live.id, BOB)
    live = await table.join(live.id, BOB, "bob", adopt_standing(BOB, "ask"))  # now after carol
    assert seat_modes(live.record) == ["ask", "always", "always"]
    table.forget(live.id)
    stored = await table.get(live.id)  # kept with the lobby, not only in this process's copy
    assert seat_modes(stored.record) == ["ask", "always", "always"]
    started = await start_with_choices(table, live.id, ALICE)
    assert started.record.options["reactions"] == ["ask", "always", "always"]


async def test_a_standing_mode_leaves_other_games_alone(table: TableService) -> None:
    live = await table.open_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game="everdell",
        options={},
        host_id=ALICE,
        host_name="alice",
        locale="en",
    )
    live = await table.join(live.id, BOB, "bob", adopt_standing(BOB, "ask"))
    assert SEAT_KEY not in live.record.options


async def test_the_settings_option_is_declared_and_translated() -> None:
    params = {p.display_name: p for p in prefs_cog.settings_command(_ignore).parameters}
    option = params["dominion_reactions"]
    assert [c.value for c in option.choices] == ["always", "ask"]
    keys = keys_of(option.choices)
    assert keys == ["cmd.choice.my_reactions.always", "cmd.choice.my_reactions.ask"]
    assert [catalogue("en")[k] for k in keys] == ["use mine at once", "ask me each time"]
    translator = Translator()
    pt = discord.Locale.brazil_portuguese
    names = [await translator.translate(c._locale_name, pt, None) for c in option.choices]  # type: ignore[arg-type]
    assert names == ["usar as minhas na hora", "perguntar a mim a cada vez"]
    assert await translator.translate(option.locale_name, pt, None) == "reacoes_dominion"  # type: ignore[arg-type]
    for mode in ("always", "ask", "unset"):
        for locale in ("en", "pt"):
            assert catalogue(locale)[f"settings.my_reactions.{mode}"]
