"""A server's own data files, declared per game (Everdell's: the Nightweave deck and scoring table,
the Mistwood card data): stored per guild, game and kind on both backends (one file of each kind,
replaced by a new upload, kept without its uploader once their data is forgotten), moved from the
old Mistwood table by migration 011, checked with the game's own checkers before they are kept,
copied into the new lobbies they apply to, and declared as Discord allows (option and choice
counts, description lengths, the attachment option) in both languages."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest
import yaml
from discord import app_commands

import storage.db
from bot import data_sets as data
from bot import plugins
from bot.errors import UserError
from bot.games.everdell import lobby as everdell_ui
from bot.games.everdell import mistwood_data as mw
from bot.i18n import LOCALES, Translator, catalogue, t
from bot.plugins import LobbyPlan, LobbyRequest
from bot.render.lobby import lobby_payload
from bot.table import Live
from cogs.admin import Admin
from cogs.data_sets import DataSets, kind_choices
from cogs.new_game import game_command
from engine.core import Match, SeatSpec
from engine.core.datasets import COMPLETES, MAX_TEXT, REPLACES_OURS
from engine.core.options import parse_options
from engine.core.registry import get_game
from engine.games.everdell.mistwood import card_data
from engine.games.everdell.mistwood.lair.options import MAX_DATA_TEXT
from engine.games.everdell.options import EverdellOptions
from storage import MatchRecord, SeatRecord, Store
from storage.db import Database, migrations
from tests.bot.conftest import ALICE, BOB
from tests.bot.test_render import check_embed
from tests.pg import needs_postgres, postgres_database

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "engine" / "games" / "everdell" / "mistwood" / "data"
DECK = (DATA / "activity.yaml").read_text(encoding="utf-8")
SCORING = (DATA / "scoring.yaml").read_text(encoding="utf-8")
GUILD, OTHER_GUILD = 77, 78
KINDS = ("deck", "scoring", "cards")
VALUES = tuple(f"everdell:{kind}" for kind in KINDS)
NIGHTWEAVE = {"opponent": "nightweave", "nightweave_level": 1, "modules": []}
# Stand-in values for the fields the rulebook leaves out: the checks only ask that they be given.
FILLERS: dict[str, Any] = {
    "kind": "critter",
    "color": "traveler",
    "cost": {"berry": 1},
    "points": 1,
    "ribbon": False,
    "unique": True,
}


def completion(pack: str) -> str:
    """A card-data file supplying every field the pack's shipped entries lack."""
    lines = ["cards:"]
    for entry in card_data.known_entries(pack):
        lines.append(f"  - id: {entry['id']}")
        for field in entry.get("missing", []):
            value = FILLERS[field]
            shown = "{berry: 1}" if isinstance(value, dict) else str(value).lower()
            lines.append(f"    {field}: {shown}")
    return "\n".join(lines) + "\n"


def problems(kind: str, text: str) -> list[str]:
    """What Everdell's checker for `kind` finds in `text`, as an upload would ask."""
    return data.find(f"everdell:{kind}").data_set.check(text)


# -- storage ------------------------------------------------------------------------------------


def test_the_migrations_keep_their_numbers() -> None:
    for dialect in ("sqlite", "postgresql"):
        found = {name: version for version, name, _ in migrations(dialect)}
        assert found["009_mistwood_data.sql"] == 9
        assert found["011_guild_data.sql"] == 11


async def test_files_are_kept_per_guild_game_and_kind(store: Store) -> None:
    repo = store.guild_data
    assert await repo.all(GUILD) == [] and await repo.texts(GUILD, "everdell") == {}
    await repo.put(GUILD, "everdell", "cards", "cards.yaml", "cards: []\n", 10, ALICE, at=100.0)
    first = await repo.put(GUILD, "everdell", "deck", "deck.yaml", DECK, len(DECK.encode()), ALICE, at=200.0)
    assert (first.game, first.kind, first.uploaded_by, first.uploaded_at) == (
        "everdell",
        "deck",
        ALICE,
        200.0,
    )
    await repo.put(OTHER_GUILD, "everdell", "scoring", "s.yaml", SCORING, 5, BOB)
    # Another game's file of the same kind is another file: kinds are each game's own business.
    await repo.put(GUILD, "another", "deck", "theirs.yaml", "x: 1\n", 5, BOB, at=150.0)
    # A new upload replaces the old file of that game and kind, nothing else.
    await repo.put(GUILD, "everdell", "deck", "mine.yaml", "cards: []\n", 10, BOB, at=300.0)
    listed = await repo.all(GUILD)
    assert [(f.game, f.kind, f.filename, f.uploaded_by, f.uploaded_at) for f in listed] == [
        ("another", "deck", "theirs.yaml", BOB, 150.0),
        ("everdell", "cards", "cards.yaml", ALICE, 100.0),
        ("everdell", "deck", "mine.yaml", BOB, 300.0),
    ]
    assert [f.kind for f in await repo.all(GUILD, "everdell")] == ["cards", "deck"]
    assert await repo.texts(GUILD, "everdell") == {"deck": "cards: []\n", "cards": "cards: []\n"}
    assert await repo.texts(GUILD, "another") == {"deck": "x: 1\n"}
    assert await repo.texts(OTHER_GUILD, "another") == {}
    got = await repo.get(OTHER_GUILD, "everdell", "scoring")
    assert got is not None and got.content == SCORING and got.size == 5 and got.game == "everdell"
    assert await repo.get(OTHER_GUILD, "another", "scoring") is None
    assert await repo.remove(GUILD, "everdell", "deck") is True
    assert await repo.remove(GUILD, "everdell", "deck") is False
    assert await repo.get(GUILD, "everdell", "deck") is None
    assert (await repo.get(GUILD, "another", "deck")) is not None
    assert [(f.game, f.kind) for f in await repo.all(GUILD)] == [("another", "deck"), ("everdell", "cards")]


async def test_forgetting_the_uploader_keeps_the_servers_file(store: Store) -> None:
    await store.guild_data.put(GUILD, "everdell", "deck", "deck.yaml", DECK, 10, ALICE)
    await store.privacy.forget(ALICE, "anon-1")
    kept = await store.guild_data.get(GUILD, "everdell", "deck")
    assert kept is not None and kept.content == DECK and kept.uploaded_by is None
    assert await store.privacy.mentions(ALICE) == []
    for locale, who in (("en", "a former member"), ("pt", "um ex-membro")):
        line = data.file_line(kept, locale)
        assert who in line and str(ALICE) not in line


# -- migration 011 ------------------------------------------------------------------------------


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=needs_postgres)])
async def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty database, nothing migrated yet (an SQLite file, or a new PostgreSQL database)."""
    if request.param == "sqlite":
        yield str(tmp_path / "old.sqlite3")
        return
    async with postgres_database() as url:
        yield url


async def test_a_database_at_version_10_keeps_its_mistwood_files(
    fresh_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    every = storage.db.migrations
    monkeypatch.setattr(storage.db, "migrations", lambda dialect="sqlite": every(dialect)[:10])
    old = await Database.open(fresh_url)
    big = 1_234_567_890_123_456_789  # a real Discord id: 64 bits on PostgreSQL too
    try:
        assert await old.schema_version() == 10
        for guild, kind, name, text, by, at in (
            (big, "deck", "deck.yaml", DECK, ALICE, 100.0),
            (big, "cards", "cards.yaml", "cards: []\n", None, 200.0),  # its uploader already forgotten
            (OTHER_GUILD, "scoring", "s.yaml", SCORING, big, 300.5),
        ):
            await old.execute(
                "INSERT INTO guild_mistwood_data (guild_id, kind, filename, content, size, uploaded_by, uploaded_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (guild, kind, name, text, len(text.encode()), by, at),
            )
    finally:
        await old.close()
    monkeypatch.undo()

    store = await Store.open(fresh_url)
    try:
        versions = await store.db.fetchall("SELECT version, name FROM schema_version ORDER BY version")
        assert (11, "011_guild_data.sql") in [(r["version"], r["name"]) for r in versions]
        assert await store.db.schema_version() == len(migrations()) >= 11
        rows = await store.db.fetchall(
            "SELECT guild_id, game, kind, filename, content, size, uploaded_by, uploaded_at FROM guild_data"
            " ORDER BY guild_id, kind"
        )
        assert [tuple(r) for r in rows] == [
            (OTHER_GUILD, "everdell", "scoring", "s.yaml", SCORING, len(SCORING.encode()), big, 300.5),
            (big, "everdell", "cards", "cards.yaml", "cards: []\n", 10, None, 200.0),
            (big, "everdell", "deck", "deck.yaml", DECK, len(DECK.encode()), ALICE, 100.0),
        ]
        async with store.db.transaction() as conn:
            tables = {c.table for c in await store.db.columns(conn)}
        assert "guild_data" in tables and "guild_mistwood_data" not in tables
        assert await store.guild_data.texts(big, "everdell") == {"deck": DECK, "cards": "cards: []\n"}
        assert await store.db.migrate() == []  # and it stays applied
    finally:
        await store.close()


# -- Everdell's data sets and their checkers -----------------------------------------------------


def test_everdell_declares_its_three_data_sets() -> None:
    declared = get_game("everdell").data_sets
    assert [(d.kind, d.option, d.role) for d in declared] == [
        ("deck", "nightweave_deck", REPLACES_OURS),
        ("scoring", "nightweave_scoring", REPLACES_OURS),
        ("cards", card_data.OPTION, COMPLETES),
    ]
    assert card_data.OPTION == "mistwood_cards"
    # the lobby lines name the same options the data sets fill
    assert {d.kind: d.option for d in declared} == mw.KIND_OPTIONS
    assert [e.value for e in data.offered() if e.game == "everdell"] == list(VALUES)
    assert data.find("everdell:cards").data_set is declared[2]
    for unknown in ("everdell:plots", "deck", "dominion:deck", "everdell:"):
        with pytest.raises(UserError) as caught:
            data.find(unknown)
        assert caught.value.key == "data.unknown_kind" and caught.value.params["kind"] == unknown


def test_the_shipped_files_are_valid_and_broken_ones_are_explained() -> None:
    assert problems("deck", DECK) == []
    assert problems("scoring", SCORING) == []
    assert problems("cards", completion("corrin")) == []
    as_json = json.dumps(yaml.safe_load(DECK))  # JSON is YAML's subset, and read as such
    assert problems("deck", as_json) == []
    found = problems("deck", "cards:\n  - id: nw01\n")
    assert found and all(isinstance(p, str) for p in found)
    assert problems("deck", "{not json") != []
    assert problems("scoring", "levels: 3\n") != []
    assert problems("cards", "cards:\n  - id: no_such_card\n") == [
        "cards entry 1: unknown card id 'no_such_card'"
    ]
    assert problems("cards", "[1, 2]") != []
    # A deck is no scoring table, and the other way round.
    assert problems("scoring", DECK) != [] and problems("deck", SCORING) != []


def test_a_single_line_is_never_read_as_a_path_on_this_machine() -> None:
    # The text of a valid deck's path would load that file if taken for a path.
    assert problems("deck", str(DATA / "activity.yaml")) != []
    assert problems("scoring", str(DATA / "scoring.yaml")) != []


def test_problems_are_listed_briefly() -> None:
    many = [f"card {i}: wrong" for i in range(1, 15)]
    listed = data.problem_list(many)
    assert listed.splitlines()[0] == "• card 1: wrong"
    assert listed.splitlines()[-1] == "… (+4)" and len(listed.splitlines()) == data.SHOWN_PROBLEMS + 1
    assert len(data.problem_list(["x" * 5000])) <= data.MAX_LISTING


def test_uploads_must_be_small_utf8_text() -> None:
    # Never more than the engine takes in an option.
    assert data.MAX_BYTES == MAX_TEXT <= min(MAX_DATA_TEXT, card_data.MAX_TEXT)
    assert data.decode("\ufeffcards: []\n".encode()) == "cards: []\n"
    with pytest.raises(UserError) as caught:
        data.decode(b"x" * (MAX_TEXT + 1))
    assert caught.value.key == "data.too_large" and caught.value.params["max"] == "100.0 KB"
    for raw in (b"\xff\xfe\x00", b"cards:\x00"):
        with pytest.raises(UserError) as caught:
            data.decode(raw)
        assert caught.value.key == "data.not_text"


def test_pack_status_names_what_is_missing() -> None:
    status = mw.pack_status(None, "en").splitlines()
    assert status[0].startswith("❌ More Legends: still missing")
    assert status[2] == "❌ Through Every Season (Farms): still missing farms: 8 cards, 0 given"
    done = mw.pack_status(completion("corrin"), "pt").splitlines()
    assert done[1] == "✅ Corrin Caudaperene: completo, pronto para jogar"
    assert mw.gaps(completion("corrin")).keys() == {"more_legends", "farms"}
    # Everdell's word on its files, shown after an upload and in the listing: the packs, for card data.
    ui = plugins.ui("everdell")
    assert ui.data_status("cards", completion("corrin"), "pt") == mw.pack_status(completion("corrin"), "pt")
    assert ui.data_status("cards", None, "en") == mw.pack_status(None, "en")
    assert ui.data_status("deck", DECK, "en") is None and ui.data_status("scoring", None, "en") is None
    assert plugins.ui("dominion").data_status("deck", None, "en") is None


# -- what a new lobby takes ---------------------------------------------------------------------


def test_nightweave_tables_copy_the_servers_deck_and_scoring() -> None:
    files = {"deck": DECK, "scoring": SCORING, "cards": "cards: []\n"}
    assert data.lobby_copies("everdell", NIGHTWEAVE, files) == {
        "nightweave_deck": DECK,
        "nightweave_scoring": SCORING,
    }
    assert data.lobby_copies("everdell", {}, files) == {}
    assert data.lobby_copies("everdell", NIGHTWEAVE, {}) == {}
    assert data.lobby_copies("everdell", {"rugwort_year": 2, "opponent": "rugwort"}, files) == {}
    assert data.lobby_copies("everdell", NIGHTWEAVE, {"scoring": SCORING}) == {"nightweave_scoring": SCORING}
    # A game without data sets copies nothing, whatever the server has.
    assert data.lobby_copies("dominion", NIGHTWEAVE, files) == {}


def test_card_data_is_copied_only_with_a_pack_on() -> None:
    files = {"deck": DECK, "cards": completion("corrin")}
    assert data.lobby_copies("everdell", {"corrin": True}, files) == {"mistwood_cards": files["cards"]}
    assert data.lobby_copies("everdell", {"corrin": False}, files) == {}
    assert data.lobby_copies("everdell", {**NIGHTWEAVE, "farms": True}, files) == {
        "nightweave_deck": DECK,
        "mistwood_cards": files["cards"],
    }


def test_an_option_already_set_is_never_overwritten() -> None:
    files = {"deck": DECK, "scoring": SCORING, "cards": "cards: []\n"}
    given = {**NIGHTWEAVE, "nightweave_deck": "cards: []\n", "legends": True, "mistwood_cards": "mine"}
    assert data.lobby_copies("everdell", given, files) == {"nightweave_scoring": SCORING}


def test_everdells_lobby_no_longer_copies_deck_or_scoring_itself() -> None:
    files = {"deck": DECK, "scoring": SCORING, "cards": "cards: []\n"}
    assert mw.lobby_options("everdell", "en", [], NIGHTWEAVE, files) == {}
    assert mw.lobby_options("everdell", "en", [], {}, files) == {}


def test_packs_need_complete_card_data() -> None:
    with pytest.raises(UserError) as caught:
        mw.lobby_options("everdell", "en", ["legends", "corrin"], {}, {})
    error = caught.value
    assert error.key == "mwdata.cards_missing"
    assert error.params["packs"] == "More Legends, Corrin Evertail"
    assert "**Corrin Evertail**: corrin_field: cost, points, unique" in error.params["missing"]
    assert error.params["command"] == "/admin data upload"
    assert len(t(error.key, "pt", **error.params)) <= 2000
    cards = completion("corrin")
    with pytest.raises(UserError) as caught:
        mw.lobby_options("everdell", "pt", ["legends", "corrin"], {}, {"cards": cards})
    assert (
        caught.value.params["packs"] == "Mais Lendas"
        and caught.value.params["command"] == "/admin dados enviar"
    )
    assert mw.lobby_options("everdell", "en", ["corrin"], {}, {"cards": cards}) == {
        "corrin": True,
        "mistwood_cards": cards,
    }


async def prepared(store: Store, raw: dict[str, Any], locale: str = "en") -> LobbyPlan:
    """`/everdell new` with `raw` typed in GUILD: the model's options, then Everdell's lobby,
    handed the server's Everdell files as the bot hands them."""
    request = LobbyRequest(
        bot=cast(Any, object()),  # Everdell's lobby reads nothing more from the bot
        game="everdell",
        options=parse_options(EverdellOptions, raw),
        players=None,
        guild_id=GUILD,
        user_id=ALICE,
        locale=locale,
        server_data=await store.guild_data.texts(GUILD, "everdell"),
    )
    return await everdell_ui.prepare(request)


async def opened(store: Store, raw: dict[str, Any]) -> dict[str, Any]:
    """The options a new table takes, as `open_table` puts them together."""
    plan = await prepared(store, raw)
    texts = await store.guild_data.texts(GUILD, "everdell")
    return {**plan.options, **data.lobby_copies("everdell", plan.options, texts)}


async def test_the_packs_chosen_in_the_command_are_checked_against_the_servers_cards(store: Store) -> None:
    # a pack turned off is no pack at all: the model drops it before the lobby sees it
    chosen = parse_options(EverdellOptions, {"legends": "true", "corrin": None, "farms": "false"})
    assert chosen == {"legends": True}
    with pytest.raises(UserError) as caught:
        await prepared(store, {"legends": "true", "farms": False})
    assert caught.value.key == "mwdata.cards_missing" and caught.value.params["packs"] == "More Legends"
    cards = completion("corrin")
    await store.guild_data.put(GUILD, "everdell", "cards", "cards.yaml", cards, len(cards), ALICE)
    # another guild's or another game's card data is not this table's
    await store.guild_data.put(OTHER_GUILD, "everdell", "cards", "c.yaml", completion("farms"), 9, ALICE)
    await store.guild_data.put(GUILD, "another", "cards", "c.yaml", completion("farms"), 9, ALICE)
    # named in the packs' own order, whatever order they were typed in
    with pytest.raises(UserError) as caught:
        await prepared(store, {"farms": True, "corrin": True, "legends": True}, "pt")
    assert caught.value.params["packs"] == "Mais Lendas, Ao Longo de Cada Estação (Fazendas)"
    plan = await prepared(store, {"corrin": "true", "legends": "false"})
    assert plan.options == {"corrin": True, "mistwood_cards": cards} and plan.capacity is None
    assert await opened(store, {"corrin": "true"}) == {"corrin": True, "mistwood_cards": cards}
    # without a pack the server's card data stays out of the table
    assert (await prepared(store, {"rugwort_year": 2})).options == {"rugwort_year": 2, "opponent": "rugwort"}
    assert await opened(store, {"rugwort_year": 2}) == {"rugwort_year": 2, "opponent": "rugwort"}


async def test_a_nightweave_table_takes_the_servers_deck(store: Store) -> None:
    assert "nightweave_deck" not in await opened(store, {"opponent": "nightweave"})
    await store.guild_data.put(GUILD, "everdell", "deck", "deck.yaml", DECK, len(DECK), ALICE)
    options = await opened(store, {"opponent": "nightweave"})
    assert options["nightweave_deck"] == DECK and "nightweave_scoring" not in options
    assert "nightweave_deck" not in await opened(store, {"opponent": "none"})


def everdell_lobby(options: dict[str, Any], locale: str = "en") -> Live:
    seats = [SeatSpec(kind="human", name="Alice")]
    match = Match("everdell", seats, {"opponent": "nightweave"}, 3)
    record = MatchRecord(
        id=9,
        guild_id=GUILD,
        channel_id=2,
        game="everdell",
        engine_version=match.definition.engine_version,
        options={**match.options, **options},
        seats=[SeatRecord("human", "Alice", None, ALICE)],
        seed=3,
        status="lobby",
        host_id=ALICE,
        locale=locale,
    )
    return Live(record, match)


@pytest.mark.parametrize(
    ("locale", "packs", "data_title", "data_shown"),
    [
        (
            "en",
            "Card packs: More Legends, Through Every Season (Farms)",
            "Data",
            "Activity deck (Nightweave): our own design (the rulebook does not print it; a server can upload the"
            " printed one)\nScoring table (Nightweave): this server's own",
        ),
        (
            "pt",
            "Pacotes de cartas: Mais Lendas, Ao Longo de Cada Estação (Fazendas)",
            "Dados",
            "Baralho de Atividades (Tecelã Noturna): criação nossa (o livro de regras não o traz; um servidor pode"
            " enviar o impresso)\nTabela de pontuação (Tecelã Noturna): o próprio deste servidor",
        ),
    ],
)
def test_the_lobby_shows_packs_and_what_is_ours_or_the_servers(
    locale: str, packs: str, data_title: str, data_shown: str
) -> None:
    live = everdell_lobby({"legends": True, "farms": True, "nightweave_scoring": SCORING}, locale)
    payload = lobby_payload(live, locale)
    check_embed(payload.embed)
    fields = {f.name: f.value for f in payload.embed.fields}
    assert fields["Mistwood"] == packs
    assert fields[data_title] == data_shown
    plain = lobby_payload(everdell_lobby({}), "en")
    assert "Mistwood" not in {f.name for f in plain.embed.fields}


# -- upload, remove, show -----------------------------------------------------------------------


async def test_an_upload_is_checked_then_stored(store: Store) -> None:
    with pytest.raises(UserError) as caught:
        await data.upload(store, GUILD, "everdell:deck", "bad.yaml", b"cards:\n  - id: nw01\n", ALICE, "en")
    assert caught.value.key == "data.rejected" and caught.value.params["kind"] == "Activity deck (Nightweave)"
    assert caught.value.params["problems"].startswith("• ")
    assert len(t(caught.value.key, "pt", **caught.value.params)) <= 2000
    with pytest.raises(UserError) as caught:
        await data.upload(store, GUILD, "everdell:scoring", "x.bin", b"\xff\xfe\x00", ALICE, "en")
    assert caught.value.key == "data.not_text"
    with pytest.raises(UserError) as caught:
        await data.upload(store, GUILD, "everdell:plots", "p.yaml", DECK.encode(), ALICE, "en")
    assert caught.value.key == "data.unknown_kind"
    assert await store.guild_data.all(GUILD) == []  # a refusal keeps nothing

    reply = await data.upload(
        store, GUILD, "everdell:deck", "deck.yaml", ("\ufeff" + DECK).encode(), ALICE, "en"
    )
    size = data.kilobytes(len(DECK.encode()))
    assert reply == (
        f"Stored this server's Activity deck (Nightweave) ({size}). New Everdell lobbies use it;"
        " games already opened keep what they had."
    )
    kept = await store.guild_data.get(GUILD, "everdell", "deck")
    assert (
        kept is not None
        and kept.content == DECK
        and kept.filename == "deck.yaml"
        and kept.uploaded_by == ALICE
    )
    # Card data: Everdell adds which packs it completes.
    cards = completion("corrin")
    reply = await data.upload(store, GUILD, "everdell:cards", "cards.yaml", cards.encode(), BOB, "pt")
    first, *status = reply.splitlines()
    assert first.startswith("Guardado: Dados de cartas (Mais Lendas, Corrin, Fazendas) deste servidor")
    assert "\n".join(status) == mw.pack_status(cards, "pt")
    assert len(reply) <= 2000
    # A second upload of a kind replaces the first.
    await data.upload(store, GUILD, "everdell:deck", "other.yaml", DECK.encode(), BOB, "en")
    assert [(f.kind, f.filename, f.uploaded_by) for f in await store.guild_data.all(GUILD)] == [
        ("cards", "cards.yaml", BOB),
        ("deck", "other.yaml", BOB),
    ]


async def test_remove_says_whether_there_was_a_file(store: Store) -> None:
    await store.guild_data.put(GUILD, "everdell", "scoring", "s.yaml", SCORING, 5, ALICE)
    assert await data.remove(store, GUILD, "everdell:scoring", "en") == (
        "Removed this server's Scoring table (Nightweave). New Everdell lobbies go back to the shipped data;"
        " games already opened keep what they had."
    )
    assert await store.guild_data.get(GUILD, "everdell", "scoring") is None
    assert await data.remove(store, GUILD, "everdell:scoring", "en") == (
        "This server has no Scoring table (Nightweave) to remove."
    )
    assert await data.remove(store, GUILD, "everdell:deck", "pt") == (
        "Este servidor não tem Baralho de Atividades (Tecelã Noturna) para remover."
    )
    with pytest.raises(UserError) as caught:
        await data.remove(store, GUILD, "everdell:plots", "en")
    assert caught.value.key == "data.unknown_kind"


def data_group(bot: Any = None) -> DataSets:
    return DataSets(cast(Any, bot if bot is not None else object()))  # declaring needs no running bot


@pytest.mark.parametrize("locale", LOCALES)
async def test_show_lists_every_file_its_role_and_the_packs(store: Store, locale: str) -> None:
    group = data_group(SimpleNamespace(store=store))
    empty = await group.listing(GUILD, None, locale)
    check_embed(empty)
    names = [f"Everdell · {t(f'data.everdell.{kind}', locale)}" for kind in KINDS]
    fields = {f.name or "": f.value or "" for f in empty.fields}
    assert [n for n in fields if n.startswith("Everdell · ")] == names
    for kind, name in zip(KINDS, names, strict=True):
        assert fields[name].startswith(t(f"data.everdell.{kind}.none", locale))
    assert t("data.role.replaces_ours", locale) in fields[names[0]]
    assert t("data.role.completes", locale) in fields[names[2]]
    assert mw.pack_status(None, locale) in fields[names[2]]
    assert empty.title == t("data.show.title", locale) and empty.footer.text == t("data.show.footer", locale)

    await store.guild_data.put(GUILD, "everdell", "deck", "deck.yaml", DECK, 3200, ALICE, at=1_700_000_000.0)
    await store.guild_data.put(OTHER_GUILD, "everdell", "scoring", "s.yaml", SCORING, 5, BOB)
    shown = await group.listing(GUILD, "everdell", locale)
    check_embed(shown)
    fields = {f.name or "": f.value or "" for f in shown.fields}
    assert list(fields) == names  # only Everdell's
    assert fields[names[0]].startswith("`deck.yaml` · 3.2 KB · ")
    assert f"<@{ALICE}>" in fields[names[0]] and "<t:1700000000:f>" in fields[names[0]]
    assert fields[names[1]].startswith(t("data.everdell.scoring.none", locale))  # another guild's file


# -- commands as Discord sees them --------------------------------------------------------------


def new_everdell() -> app_commands.Command[Any, ..., None]:
    """`/everdell new` as the lobby cog registers it."""

    async def open_table(*args: Any) -> None:
        raise AssertionError("declaring the command opens no table")

    return game_command("everdell", open_table, [])


def test_game_new_declares_the_packs_within_discords_limits() -> None:
    command = new_everdell()
    params = {p.name: p for p in command.parameters}
    for name in ("legends", "corrin", "farms"):
        assert params[name].type is discord.AppCommandOptionType.boolean and not params[name].required
    assert len(command.parameters) <= 25
    payload = command.to_dict(tree())
    assert len(payload["options"]) <= 25
    assert all(1 <= len(o["description"]) <= 100 for o in payload["options"])


def tree() -> app_commands.CommandTree[discord.Client]:
    return app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))


def admin_data_group() -> DataSets:
    admin = Admin(cast(Any, object()))  # declaring the commands needs no running bot
    return next(c for c in admin.admin.commands if isinstance(c, DataSets))


def test_admin_data_is_a_subgroup_with_an_attachment_option() -> None:
    group = admin_data_group()
    assert group.name == "data"
    assert group.parent is not None and group.parent.name == "admin"
    assert group.parent.default_permissions == discord.Permissions(manage_guild=True)
    declared = group.to_dict(tree())
    assert declared["type"] == 2 and [c["name"] for c in declared["options"]] == ["upload", "show", "remove"]
    upload, show, remove = declared["options"]
    assert [(o["name"], o["type"], o["required"]) for o in upload["options"]] == [
        ("kind", 3, True),
        ("file", 11, True),
    ]
    assert [(o["name"], o["type"], o["required"]) for o in show["options"]] == [("game", 3, False)]
    assert [(o["name"], o["type"], o["required"]) for o in remove["options"]] == [("kind", 3, True)]
    for command in (upload, remove):  # an autocomplete: the sets are not in the declaration
        kind = command["options"][0]
        assert kind.get("autocomplete") is True and "choices" not in kind
    choices = kind_choices("en")
    assert [c.value for c in choices if c.value.startswith("everdell:")] == list(VALUES)
    assert [c.value for c in choices] == [e.value for e in data.offered()][:25]
    assert all(1 <= len(c.name) <= 100 for c in choices)
    named = {c.value: c.name for c in choices}
    assert named["everdell:deck"] == "Everdell: Activity deck (Nightweave)"
    assert named["everdell:cards"] == "Everdell: Card data (More Legends, Corrin, Farms)"
    assert "everdell" in [c["value"] for c in show["options"][0]["choices"]]
    for sub in declared["options"]:
        assert len(sub["options"]) <= 25 and 1 <= len(sub["description"]) <= 100
    # Built the same way from the bot alone, as /admin builds it.
    assert data_group().to_dict(tree())["options"] == declared["options"]


async def test_the_new_strings_are_translated_and_fit() -> None:
    translator = Translator()
    pt = discord.Locale.brazil_portuguese
    group = admin_data_group()
    strings: list[app_commands.locale_str] = [group._locale_name, group._locale_description]  # type: ignore[list-item]
    choices: list[app_commands.Choice[Any]] = []
    for command in group.commands:
        assert isinstance(command, app_commands.Command)
        strings += [command._locale_name, command._locale_description]  # type: ignore[list-item]
        for param in command.parameters:
            strings += [param.locale_name, param.locale_description]  # type: ignore[list-item]
            choices += param.choices
    for param in new_everdell().parameters:
        if param.name in ("legends", "corrin", "farms"):
            strings += [param.locale_name, param.locale_description]  # type: ignore[list-item]
    for string in strings:
        shown = await translator.translate(string, pt, None)  # type: ignore[arg-type]
        assert shown, string.extras
        assert len(shown) <= 100 and len(string.message) <= 100
    assert {c.value for c in kind_choices("pt")} >= set(VALUES)
    typed = kind_choices("pt", "everdell")  # what a Portuguese admin sees typing "everdell"
    assert {c.value for c in typed} == {*VALUES, "farshore:content"}  # "Everdell Farshore" too
    for choice in (c for c in typed if c.value in VALUES):
        kind = choice.value.split(":", 1)[1]
        assert t(f"data.everdell.{kind}", "pt") in choice.name and len(choice.name) <= 100
    assert [c.value for c in kind_choices("pt", "everdell:")] == list(VALUES)
    assert kind_choices("en", "no such set") == []
    assert await translator.translate(group._locale_name, pt, None) == "dados"  # type: ignore[arg-type]
    for locale in LOCALES:
        assert t("cmd.opt.farms.name", locale) in ("farms", "fazendas")
        for kind in KINDS:
            assert len(catalogue(locale)[f"data.everdell.{kind}"]) <= 100
            assert len(catalogue(locale)[f"data.everdell.{kind}.none"]) <= 200
