"""Works of Wonder's server data at the table: the lobby shows which values are our own (⚠️)
section by section, an upload says what it replaced, a refused file names each bad field in the
reader's language, and `/card` marks our numbers."""

from __future__ import annotations

from typing import Any

import pytest

from bot import cards
from bot import data_sets as data
from bot.errors import UserError
from bot.games.architects import data_view
from bot.i18n import t
from bot.render.lobby import lobby_payload
from bot.table import Live
from engine.core import Match, SeatSpec
from storage import MatchRecord, SeatRecord, Store
from tests.bot.conftest import ALICE

GUILD = 77
BATHS = "buildings:\n  baths: {cost: {clay: 1, wood: 1}, vp: 9, skills: [carpentry], virtue: 2, copies: 3, amount: 5}\n"


def lobby(options: dict[str, Any], locale: str = "en") -> Live:
    seats = [SeatSpec(kind="human", name="Alice"), SeatSpec(kind="human", name="Bob")]
    match = Match("architects", seats, {"works_of_wonder": True, **options}, 3)
    record = MatchRecord(
        id=9,
        guild_id=GUILD,
        channel_id=2,
        game="architects",
        engine_version=match.definition.engine_version,
        options={**match.options, **options},
        seats=[SeatRecord("human", "Alice", None, ALICE)],
        seed=3,
        status="lobby",
        host_id=ALICE,
        locale=locale,
    )
    return Live(record, match)


def wow_field(live: Live, locale: str) -> str:
    fields = {f.name: f.value for f in lobby_payload(live, locale).embed.fields}
    return str(fields[t("architects.lobby.wow", locale)])


@pytest.mark.parametrize("locale", ["en", "pt"])
def test_the_lobby_marks_every_section_of_ours(locale: str) -> None:
    shown = wow_field(lobby({}, locale), locale)
    assert "⚠️" in shown
    for section in ("wonders", "contributions", "rewards", "buildings", "apprentices"):
        assert t(f"architects.data.section.{section}", locale) in shown


def test_a_servers_sections_are_named_and_the_rest_stays_marked_ours() -> None:
    shown = wow_field(lobby({"wonders_data": BATHS}), "en")
    printed, _, still = shown.partition("\n")
    assert t("architects.data.section.buildings", "en") in printed and "⚠️" not in printed
    assert "⚠️" in still and t("architects.data.section.wonders", "en") in still
    assert t("architects.data.section.buildings", "en") not in still


async def test_an_upload_says_what_it_replaced(store: Store) -> None:
    reply = await data.upload(store, GUILD, "architects:wonders", "printed.yaml", BATHS.encode(), ALICE, "pt")
    assert t("architects.data.status", "pt", given=t("architects.data.section.buildings", "pt")) in reply
    assert await store.guild_data.texts(GUILD, "architects") == {"wonders": BATHS}


@pytest.mark.parametrize("locale", ["en", "pt"])
async def test_a_refused_file_names_each_bad_field_in_the_readers_language(store: Store, locale: str) -> None:
    bad = "buildings:\n  baths: {cost: {clay: 1}, vp: many, skills: [tiling], virtue: 1, copies: 9, amount: 2}\n"
    with pytest.raises(UserError) as caught:
        await data.upload(store, GUILD, "architects:wonders", "bad.yaml", bad.encode(), ALICE, locale)
    listed = caught.value.params["problems"]
    assert f"`buildings.baths.vp`: {t('architects.data.problem.not_a_number', locale)}" in listed
    assert f"`buildings.baths.copies`: {t('architects.data.problem.too_large', locale, le=4)}" in listed
    assert await store.guild_data.get(GUILD, "architects", "wonders") is None


def test_every_problem_code_is_worded_in_both_languages() -> None:
    from engine.games.architects.wow_data import _CUSTOM_CODES, _PYDANTIC_CODES

    codes = {*_CUSTOM_CODES, *_PYDANTIC_CODES.values(), "not_yaml", "not_a_mapping", "unknown_section"}
    codes |= {"no_section", "unreadable", "bad_value"}
    for code in codes:
        for locale in ("en", "pt"):
            worded = t(f"architects.data.problem.{code}", locale)
            assert not worded.startswith("architects."), (code, locale)
    assert data_view.data_problems("other", "x", "en") is None


@pytest.mark.parametrize(
    ("card_id", "marked"),
    [
        ("baths", True),
        ("knight_1", True),
        ("contribution_2", True),
        ("wow_influence", True),
        ("smithy", False),
    ],
)
def test_card_marks_our_numbers(card_id: str, marked: bool) -> None:
    found = cards.lookup(f"architects:{card_id}")
    footer = cards.footer(found.card, "en")
    assert footer.startswith("⚠️") is marked
    assert (t("card.ours.values", "en") in footer) is marked
