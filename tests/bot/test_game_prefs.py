"""Standing per-game preferences: stored in `game_prefs` (game -> key -> value) on both backends,
read with the other preferences in one query, cached and written through like them, forgotten
with the user, moved out of the old `user_prefs.dominion_reactions` column by migration 010, handed
to a game's lobby hooks as that game's own mapping, and offered by a /settings generated from what
each released game declares."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest
from discord import app_commands

import storage.db
from bot import plugins
from bot.clock import ManualClock
from bot.games.dominion.lobby import SEAT_KEY
from bot.i18n import LOCALES, Translator, catalogue
from bot.prefs import PrefsService
from cogs import prefs as prefs_cog
from storage import MatchRecord, Store, UserPrefs
from storage.db import Database
from tests.bot.conftest import ALICE, BOB
from tests.pg import needs_postgres, postgres_database

PT = discord.Locale.brazil_portuguese
OLD_VERSION = 9  # the schema with user_prefs.dominion_reactions


async def test_the_repo_stores_each_games_preferences_apart(store: Store) -> None:
    nobody = await store.prefs.get(ALICE)
    assert nobody.games == {} and nobody.of("dominion") == {}
    await store.prefs.set_locale(ALICE, "pt")
    chosen = await store.prefs.set_game_pref(ALICE, "dominion", "reactions", "ask")
    assert (chosen.of("dominion"), chosen.locale, chosen.dm_hands) == ({"reactions": "ask"}, "pt", True)
    await store.prefs.set_game_pref(ALICE, "everdell", "season", "spring")
    await store.prefs.set_dm_hands(ALICE, False)  # other settings leave them alone
    both = await store.prefs.get(ALICE)
    assert both.games == {"dominion": {"reactions": "ask"}, "everdell": {"season": "spring"}}
    assert not both.dm_hands and both.of("tapestry") == {}
    assert (await store.prefs.set_game_pref(ALICE, "dominion", "reactions", "always")).of("dominion") == {
        "reactions": "always"
    }
    gone = await store.prefs.set_game_pref(ALICE, "dominion", "reactions", None)  # None: the table decides
    assert gone.games == {"everdell": {"season": "spring"}} and gone.locale == "pt"
    await store.prefs.set_game_pref(ALICE, "dominion", "reactions", None)  # removing twice is harmless
    # A user with game preferences but no other row gets the platform defaults.
    bob = await store.prefs.set_game_pref(BOB, "dominion", "reactions", "ask")
    assert bob == UserPrefs(BOB, True, None, {"dominion": {"reactions": "ask"}})


async def test_a_read_is_one_query(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    await store.prefs.set_locale(ALICE, "pt")
    await store.prefs.set_game_pref(ALICE, "dominion", "reactions", "ask")
    await store.prefs.set_game_pref(ALICE, "everdell", "season", "spring")
    calls: list[str] = []
    real = store.db.fetchall

    async def counted(sql: str, params: Any = ()) -> list[Any]:
        calls.append(sql)
        return await real(sql, params)

    monkeypatch.setattr(store.db, "fetchall", counted)
    prefs = await store.prefs.get(ALICE)
    assert prefs.locale == "pt" and len(prefs.games) == 2
    assert len(calls) == 1


async def test_the_service_writes_through_and_others_see_it_within_the_ttl(db_path: str) -> None:
    one, two = await Store.open(db_path), await Store.open(db_path)
    try:
        clock = ManualClock()
        a, b = PrefsService(one, ttl=30.0, clock=clock), PrefsService(two, ttl=30.0, clock=clock)
        assert (await a.get(BOB)).of("dominion") == {}
        assert (await b.set_game_pref(BOB, "dominion", "reactions", "ask")).of("dominion") == {"reactions": "ask"}
        assert (await b.get(BOB)).of("dominion") == {"reactions": "ask"}  # written through
        clock.advance(29.0)
        assert (await a.get(BOB)).of("dominion") == {}  # still the cached copy
        clock.advance(1.0)
        assert (await a.get(BOB)).of("dominion") == {"reactions": "ask"}
        await a.set_game_pref(BOB, "dominion", "reactions", None)
        assert (await a.get(BOB)).of("dominion") == {}
    finally:
        await one.close()
        await two.close()


async def test_forgetting_a_user_deletes_their_game_preferences(store: Store) -> None:
    await store.prefs.set_game_pref(ALICE, "dominion", "reactions", "ask")
    await store.prefs.set_game_pref(BOB, "dominion", "reactions", "always")
    assert "game_prefs.user_id" in await store.privacy.mentions(ALICE)
    await store.privacy.forget(ALICE, "anon:test")
    assert (await store.prefs.get(ALICE)).games == {}
    assert await store.privacy.mentions(ALICE) == []
    assert (await store.prefs.get(BOB)).of("dominion") == {"reactions": "always"}  # only theirs


# -- migration 010 ------------------------------------------------------------------------------


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=needs_postgres)])
async def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty database, nothing migrated yet (an SQLite file, or a new PostgreSQL database)."""
    if request.param == "sqlite":
        yield str(tmp_path / "old.sqlite3")
        return
    async with postgres_database() as url:
        yield url


async def _columns(db: Database, table: str) -> list[str]:
    async with db.transaction() as conn:
        return [c.name for c in await db.columns(conn) if c.table == table]


async def test_a_database_at_version_9_keeps_its_stored_preference(
    fresh_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    every = storage.db.migrations
    monkeypatch.setattr(storage.db, "migrations", lambda dialect="sqlite": every(dialect)[:OLD_VERSION])
    old = await Database.open(fresh_url)
    try:
        assert await old.schema_version() == OLD_VERSION
        for user, mode, stamp in ((ALICE, "ask", 100.0), (BOB, None, 200.0), (1003, "always", 300.0)):
            await old.execute(
                "INSERT INTO user_prefs (user_id, dm_hands, locale, dominion_reactions, updated_at) VALUES (?, 0, 'pt', ?, ?)",
                (user, mode, stamp),
            )
    finally:
        await old.close()
    monkeypatch.undo()

    store = await Store.open(fresh_url)
    try:
        assert await store.db.schema_version() >= 10
        rows = await store.db.fetchall("SELECT user_id, game, key, value, updated_at FROM game_prefs ORDER BY user_id")
        assert [tuple(r) for r in rows] == [
            (ALICE, "dominion", "reactions", "ask", 100.0),
            (1003, "dominion", "reactions", "always", 300.0),
        ]  # BOB had none: no row, each table decides
        assert "dominion_reactions" not in await _columns(store.db, "user_prefs")
        alice = await store.prefs.get(ALICE)
        assert (alice.dm_hands, alice.locale, alice.of("dominion")) == (False, "pt", {"reactions": "ask"})
        assert (await store.prefs.get(BOB)).games == {}
        assert await store.db.migrate() == []  # and it stays applied
    finally:
        await store.close()


# -- the lobby hooks and /settings -----------------------------------------------------------------


def test_dominion_hooks_read_their_own_mapping() -> None:
    dominion = plugins.ui("dominion")
    standing = UserPrefs(ALICE, games={"dominion": {"reactions": "ask"}, "everdell": {"reactions": "x"}})
    assert dominion.on_open({}, ALICE, standing.of("dominion")) == {SEAT_KEY: {str(ALICE): "ask"}}
    assert dominion.on_open({}, ALICE, UserPrefs(ALICE).of("dominion")) == {}
    for standing_map, expected in (({"reactions": "always"}, {SEAT_KEY: {str(BOB): "always"}}), ({}, {})):
        record = SimpleNamespace(game="dominion", options={})
        adopt = dominion.on_join(BOB, standing_map)
        assert adopt is not None
        adopt(cast(MatchRecord, record))
        assert record.options == expected


async def _noop(interaction: Any, picked: Mapping[str, Any]) -> None:
    return None


def _params(command: app_commands.Command[Any, ..., None]) -> dict[str, app_commands.Parameter]:
    return {p.name: p for p in command.parameters}


async def test_settings_offers_each_declared_game_preference_in_both_languages() -> None:
    command = prefs_cog.settings_command(_noop)
    params = _params(command)
    assert list(params)[:4] == ["dm", "language", "ping", "dm_ping"]
    option = params["dominion_reactions"]
    assert option.display_name == "dominion_reactions" and not option.required
    assert [c.value for c in option.choices] == ["always", "ask"]
    assert [c.name for c in option.choices] == ["use mine at once", "ask me each time"]
    translator = Translator()
    pt_choices = [await translator.translate(c._locale_name, PT, None) for c in option.choices]  # type: ignore[arg-type]
    assert pt_choices == ["usar as minhas na hora", "perguntar a mim a cada vez"]
    assert await translator.translate(option.locale_name, PT, None) == "reacoes_dominion"  # type: ignore[arg-type]
    described = await translator.translate(option.locale_description, PT, None)  # type: ignore[arg-type]
    assert described is not None and described.startswith("Dominion: seu Fosso")
    assert option.description.startswith("Dominion: your Moat")
    assert len(params) <= 25
    for param in params.values():
        assert 1 <= len(param.description) <= 100 and len(param.display_name) <= 32


async def test_settings_is_generated_from_the_declarations(monkeypatch: pytest.MonkeyPatch) -> None:
    season = plugins.Preference("season", ("spring", "autumn"), "my_season", "Everdell: the season you like")
    declared = [*prefs_cog.game_prefs(), prefs_cog.GamePref("everdell", season)]
    got: list[Mapping[str, Any]] = []

    async def apply(interaction: Any, picked: Mapping[str, Any]) -> None:
        got.append(picked)

    command = prefs_cog.settings_command(apply, declared)
    option = _params(command)["everdell_season"]
    assert [(c.name, c.value) for c in option.choices] == [("spring", "spring"), ("autumn", "autumn")]
    assert declared[-1].summary_key("autumn") == "settings.my_season.autumn"
    assert declared[-1].summary_key(None) == declared[-1].summary_key("winter") == "settings.my_season.unset"
    picked = app_commands.Choice(name="spring", value="spring")
    await command.callback(None, everdell_season=picked)  # type: ignore[arg-type, call-arg]
    assert got == [{"everdell_season": picked}]
    clash = prefs_cog.GamePref("dm", plugins.Preference("ping", ("on",), "x", "y"))  # `dm_ping` again
    with pytest.raises(RuntimeError, match="unique"):
        prefs_cog.settings_command(apply, [clash])


def test_every_declared_preference_has_its_words() -> None:
    declared = prefs_cog.game_prefs()
    assert [p.name for p in declared] == ["dominion_reactions", "tapestry_traps"]
    for gp in declared:
        label = gp.pref.label
        keys = [f"cmd.opt.{label}.name", f"cmd.opt.{label}.desc", f"settings.{label}.unset"]
        keys += [k for v in gp.pref.choices for k in (f"cmd.choice.{label}.{v}", f"settings.{label}.{v}")]
        for locale in LOCALES:
            missing = [k for k in keys if k not in catalogue(locale)]
            assert not missing, f"{locale} lacks {missing}"
        assert catalogue("en")[f"cmd.opt.{label}.name"] == gp.name  # the English name is the option's
