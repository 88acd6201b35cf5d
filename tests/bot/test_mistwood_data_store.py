"""A server's own Mistwood data: stored per guild on both backends (one file of each kind, replaced
by a new upload, forgotten with its uploader's data), checked with the engine's validators before
it is kept, copied into new Everdell lobbies, and declared as Discord allows (option counts,
description lengths, the attachment option) in both languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import discord
import pytest
import yaml
from discord import app_commands

from bot.errors import UserError
from bot.games.everdell import lobby as everdell_ui
from bot.games.everdell import mistwood_data as data
from bot.i18n import LOCALES, Translator, catalogue, t
from bot.plugins import LobbyPlan, LobbyRequest
from bot.render.lobby import lobby_payload
from bot.table import Live
from cogs.admin import Admin
from cogs.mistwood_data import KIND_CHOICES, MistwoodData
from cogs.new_game import game_command
from engine.core import Match, SeatSpec
from engine.core.options import parse_options
from engine.games.everdell.mistwood import card_data
from engine.games.everdell.mistwood.lair.options import MAX_DATA_TEXT
from engine.games.everdell.options import EverdellOptions
from storage import MatchRecord, SeatRecord, Store
from storage.db import migrations
from tests.bot.conftest import ALICE, BOB
from tests.bot.test_render import check_embed

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "engine" / "games" / "everdell" / "mistwood" / "data"
DECK = (DATA / "activity.yaml").read_text(encoding="utf-8")
SCORING = (DATA / "scoring.yaml").read_text(encoding="utf-8")
GUILD, OTHER_GUILD = 77, 78
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


# -- storage ------------------------------------------------------------------------------------


def test_the_migration_is_the_next_number() -> None:
    for dialect in ("sqlite", "postgresql"):
        found = {name: version for version, name, _ in migrations(dialect)}
        assert found["009_mistwood_data.sql"] == 9


async def test_files_are_kept_per_guild_and_kind(store: Store) -> None:
    repo = store.mistwood
    assert await repo.all(GUILD) == [] and await repo.texts(GUILD) == {}
    await repo.put(GUILD, "cards", "cards.yaml", "cards: []\n", 10, ALICE, at=100.0)
    first = await repo.put(GUILD, "deck", "deck.yaml", DECK, len(DECK.encode()), ALICE, at=200.0)
    assert (first.kind, first.uploaded_by, first.uploaded_at) == ("deck", ALICE, 200.0)
    await repo.put(OTHER_GUILD, "scoring", "s.yaml", SCORING, 5, BOB)
    # A new upload replaces the old file of that kind, nothing else.
    await repo.put(GUILD, "deck", "mine.yaml", "cards: []\n", 10, BOB, at=300.0)
    listed = await repo.all(GUILD)
    assert [(f.kind, f.filename, f.uploaded_by, f.uploaded_at) for f in listed] == [
        ("deck", "mine.yaml", BOB, 300.0),
        ("cards", "cards.yaml", ALICE, 100.0),
    ]
    assert await repo.texts(GUILD) == {"deck": "cards: []\n", "cards": "cards: []\n"}
    got = await repo.get(OTHER_GUILD, "scoring")
    assert got is not None and got.content == SCORING and got.size == 5
    assert await repo.remove(GUILD, "deck") is True
    assert await repo.remove(GUILD, "deck") is False
    assert await repo.get(GUILD, "deck") is None
    assert [f.kind for f in await repo.all(GUILD)] == ["cards"]
    with pytest.raises(ValueError):
        await repo.put(GUILD, "plots", "x", "x", 1, ALICE)


async def test_the_database_refuses_an_unknown_kind(store: Store) -> None:
    from storage.db import IntegrityError

    with pytest.raises(IntegrityError):
        await store.db.execute(
            "INSERT INTO guild_mistwood_data (guild_id, kind, filename, content, size, uploaded_by, uploaded_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (GUILD, "plots", "x", "x", 1, ALICE, 1.0),
        )


async def test_forgetting_the_uploader_keeps_the_servers_file(store: Store) -> None:
    await store.mistwood.put(GUILD, "deck", "deck.yaml", DECK, 10, ALICE)
    await store.privacy.forget(ALICE, "anon-1")
    kept = await store.mistwood.get(GUILD, "deck")
    assert kept is not None and kept.content == DECK and kept.uploaded_by is None
    assert await store.privacy.mentions(ALICE) == []
    line = data.file_line(kept, "en")
    assert "a former member" in line and str(ALICE) not in line


# -- checking an upload -------------------------------------------------------------------------


def test_the_shipped_files_are_valid_and_broken_ones_are_explained() -> None:
    assert data.problems("deck", DECK) == []
    assert data.problems("scoring", SCORING) == []
    assert data.problems("cards", completion("corrin")) == []
    as_json = json.dumps(yaml.safe_load(DECK))  # JSON is YAML's subset, and read as such
    assert data.problems("deck", as_json) == []
    found = data.problems("deck", "cards:\n  - id: nw01\n")
    assert found and all(isinstance(p, str) for p in found)
    assert data.problems("deck", "{not json") != []
    assert data.problems("scoring", "levels: 3\n") != []
    assert data.problems("cards", "cards:\n  - id: no_such_card\n") == ["cards entry 1: unknown card id 'no_such_card'"]
    assert data.problems("cards", "[1, 2]") != []


def test_a_single_line_is_never_read_as_a_path_on_this_machine() -> None:
    # The text of a valid deck's path would load that file if taken for a path.
    assert data.problems("deck", str(DATA / "activity.yaml")) != []
    assert data.problems("scoring", str(DATA / "scoring.yaml")) != []


def test_problems_are_listed_briefly() -> None:
    many = [f"card {i}: wrong" for i in range(1, 15)]
    listed = data.problem_list(many)
    assert listed.splitlines()[0] == "• card 1: wrong"
    assert listed.splitlines()[-1] == "… (+4)" and len(listed.splitlines()) == data.SHOWN_PROBLEMS + 1
    assert len(data.problem_list(["x" * 5000])) <= data.MAX_LISTING


def test_uploads_must_be_small_utf8_text() -> None:
    assert data.MAX_BYTES == MAX_DATA_TEXT
    assert data.decode("\ufeffcards: []\n".encode()) == "cards: []\n"
    with pytest.raises(UserError) as caught:
        data.decode(b"x" * (MAX_DATA_TEXT + 1))
    assert caught.value.key == "mwdata.too_large" and caught.value.params["max"] == "100.0 KB"
    for raw in (b"\xff\xfe\x00", b"cards:\x00"):
        with pytest.raises(UserError) as caught:
            data.decode(raw)
        assert caught.value.key == "mwdata.not_text"


def test_pack_status_names_what_is_missing() -> None:
    status = data.pack_status(None, "en").splitlines()
    assert status[0].startswith("❌ More Legends: still missing")
    assert status[2] == "❌ Through Every Season (Farms): still missing farms: 8 cards, 0 given"
    done = data.pack_status(completion("corrin"), "pt").splitlines()
    assert done[1] == "✅ Corrin Caudaperene: completo, pronto para jogar"
    assert data.gaps(completion("corrin")).keys() == {"more_legends", "farms"}


# -- what a new lobby takes ---------------------------------------------------------------------


def test_nightweave_tables_take_the_servers_deck_and_scoring() -> None:
    files = {"deck": DECK, "scoring": SCORING, "cards": "cards: []\n"}
    nightweave = {"opponent": "nightweave", "nightweave_level": 1, "modules": []}
    assert data.lobby_options("everdell", "en", [], nightweave, files) == {
        "nightweave_deck": DECK,
        "nightweave_scoring": SCORING,
    }
    assert data.lobby_options("everdell", "en", [], {}, files) == {}
    assert data.lobby_options("everdell", "en", [], nightweave, {}) == {}
    assert data.lobby_options("everdell", "en", [], {"rugwort_year": 2}, files) == {}


def test_packs_need_complete_card_data() -> None:
    with pytest.raises(UserError) as caught:
        data.lobby_options("everdell", "en", ["legends", "corrin"], {}, {})
    error = caught.value
    assert error.key == "mwdata.cards_missing"
    assert error.params["packs"] == "More Legends, Corrin Evertail"
    assert "**Corrin Evertail**: corrin_field: cost, points, unique" in error.params["missing"]
    assert error.params["command"] == "/admin mistwood upload"
    assert len(t(error.key, "pt", **error.params)) <= 2000
    cards = completion("corrin")
    with pytest.raises(UserError) as caught:
        data.lobby_options("everdell", "pt", ["legends", "corrin"], {}, {"cards": cards})
    assert caught.value.params["packs"] == "Mais Lendas" and caught.value.params["command"] == "/admin mistwood enviar"
    assert data.lobby_options("everdell", "en", ["corrin"], {}, {"cards": cards}) == {
        "corrin": True,
        "mistwood_cards": cards,
    }


class MistwoodFiles:
    """The part of the bot that `/game new everdell` reads the server's Mistwood files from."""

    def __init__(self, store: Store) -> None:
        self.store = store


async def prepared(store: Store, raw: dict[str, Any], locale: str = "en") -> LobbyPlan:
    """`/game new everdell` with `raw` typed in GUILD: the model's options, then Everdell's lobby."""
    request = LobbyRequest(
        bot=MistwoodFiles(store),  # type: ignore[arg-type]
        game="everdell",
        options=parse_options(EverdellOptions, raw),
        players=None,
        guild_id=GUILD,
        user_id=ALICE,
        locale=locale,
    )
    return await everdell_ui.prepare(request)


async def test_the_packs_chosen_in_the_command_are_checked_against_the_servers_cards(store: Store) -> None:
    # a pack turned off is no pack at all: the model drops it before the lobby sees it
    chosen = parse_options(EverdellOptions, {"legends": "true", "corrin": None, "farms": "false"})
    assert chosen == {"legends": True}
    with pytest.raises(UserError) as caught:
        await prepared(store, {"legends": "true", "farms": False})
    assert caught.value.key == "mwdata.cards_missing" and caught.value.params["packs"] == "More Legends"
    cards = completion("corrin")
    await store.mistwood.put(GUILD, "cards", "cards.yaml", cards, len(cards), ALICE)
    # named in the packs' own order, whatever order they were typed in
    with pytest.raises(UserError) as caught:
        await prepared(store, {"farms": True, "corrin": True, "legends": True}, "pt")
    assert caught.value.params["packs"] == "Mais Lendas, Ao Longo de Cada Estação (Fazendas)"
    plan = await prepared(store, {"corrin": "true", "legends": "false"})
    assert plan.options == {"corrin": True, "mistwood_cards": cards} and plan.capacity is None
    # without a pack the server's card data stays out of the table
    assert (await prepared(store, {"rugwort_year": 2})).options == {"rugwort_year": 2, "opponent": "rugwort"}


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
    ("locale", "title", "shown"),
    [
        (
            "en",
            "Mistwood",
            "Card packs: More Legends, Through Every Season (Farms)\nNightweave's scoring table: this server's own",
        ),
        (
            "pt",
            "Mistwood",
            "Pacotes de cartas: Mais Lendas, Ao Longo de Cada Estação (Fazendas)\n"
            "Tabela de pontuação da Tecelã Noturna: a deste servidor",
        ),
    ],
)
def test_the_lobby_shows_packs_and_server_files(locale: str, title: str, shown: str) -> None:
    live = everdell_lobby({"legends": True, "farms": True, "nightweave_scoring": SCORING}, locale)
    payload = lobby_payload(live, locale)
    check_embed(payload.embed)
    assert {f.name: f.value for f in payload.embed.fields}[title] == shown
    plain = lobby_payload(everdell_lobby({}), "en")
    assert title not in {f.name for f in plain.embed.fields}


# -- commands as Discord sees them --------------------------------------------------------------


def new_everdell() -> app_commands.Command[Any, ..., None]:
    """`/game new everdell` as the lobby cog registers it."""

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


def mistwood_group() -> MistwoodData:
    admin = Admin(cast(Any, object()))  # declaring the commands needs no running bot
    group = next(c for c in admin.admin.commands if isinstance(c, MistwoodData))
    return group


def test_admin_mistwood_is_a_subgroup_with_an_attachment_option() -> None:
    group = mistwood_group()
    assert group.parent is not None and group.parent.name == "admin"
    assert group.parent.default_permissions == discord.Permissions(manage_guild=True)
    declared = group.to_dict(tree())
    assert declared["type"] == 2 and [c["name"] for c in declared["options"]] == ["upload", "show", "remove"]
    upload = declared["options"][0]
    assert [(o["name"], o["type"], o["required"]) for o in upload["options"]] == [("kind", 3, True), ("file", 11, True)]
    assert [c["value"] for c in upload["options"][0]["choices"]] == ["deck", "scoring", "cards"]
    assert [c.value for c in KIND_CHOICES] == list(data.KINDS)
    for sub in declared["options"]:
        assert len(sub["options"]) <= 25 and 1 <= len(sub["description"]) <= 100


async def test_the_new_strings_are_translated_and_fit() -> None:
    translator = Translator()
    pt = discord.Locale.brazil_portuguese
    group = mistwood_group()
    strings: list[app_commands.locale_str] = [group._locale_name, group._locale_description]  # type: ignore[list-item]
    for command in group.commands:
        assert isinstance(command, app_commands.Command)
        strings += [command._locale_name, command._locale_description]  # type: ignore[list-item]
        for param in command.parameters:
            strings += [param.locale_name, param.locale_description]  # type: ignore[list-item]
    for param in new_everdell().parameters:
        if param.name in ("legends", "corrin", "farms"):
            strings += [param.locale_name, param.locale_description]  # type: ignore[list-item]
    for string in strings:
        shown = await translator.translate(string, pt, None)  # type: ignore[arg-type]
        assert shown, string.extras
        assert len(shown) <= 100 and len(string.message) <= 100
    for locale in LOCALES:
        assert t("cmd.opt.farms.name", locale) in ("farms", "fazendas")
        assert all(len(catalogue(locale)[f"cmd.choice.mwdata_kind.{k}"]) <= 100 for k in data.KINDS)
