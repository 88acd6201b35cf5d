"""/card's service: finding a card by name in either language, suggestions, the embed."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot import cards
from bot.errors import UserError
from bot.i18n import has, t
from cogs.cards import Cards

ROOT = Path(__file__).resolve().parents[2]


def test_names_match_in_either_language_whatever_the_case_and_accents() -> None:
    # Architects has a Smithy too: the channel's game decides.
    assert cards.lookup("smithy", prefer="dominion").value == "dominion:Smithy"
    assert cards.lookup("FERREIRO", prefer="dominion").value == "dominion:Smithy"
    assert cards.lookup("Provincia").value == "dominion:Province"  # Província, without the accent
    assert cards.lookup("pombo correio").value == "everdell:postal_pigeon"  # Pombo-Correio
    assert cards.lookup("  Postal Pigeon ").value == "everdell:postal_pigeon"
    assert cards.lookup("Sedutora").value == "everdell:plan_seductive"


def test_an_autocomplete_value_names_the_card_exactly() -> None:
    assert cards.lookup("everdell:chapel").card.names["en"] == "Chapel"
    assert cards.lookup("dominion:Chapel").card.names["pt"] == "Capela"


def test_the_channels_game_wins_a_shared_name() -> None:
    # Both games have a Chapel (Capela).
    assert cards.lookup("Chapel", prefer="everdell").game == "everdell"
    assert cards.lookup("capela", prefer="dominion").game == "dominion"


def test_a_unique_start_of_a_name_is_enough() -> None:
    assert cards.lookup("council r").value == "dominion:Council Room"


def test_unknown_names_are_a_localized_refusal() -> None:
    with pytest.raises(UserError) as caught:
        cards.lookup("Dragonfly Teapot")
    assert caught.value.key == "card.unknown"
    assert "Dragonfly Teapot" in t(caught.value.key, "en", **caught.value.params)
    assert "Dragonfly Teapot" in t(caught.value.key, "pt", **caught.value.params)
    with pytest.raises(UserError):
        cards.lookup("chess:Queen")


def test_suggestions_put_the_channels_game_first_and_stay_within_discords_limits() -> None:
    everything = cards.suggest("", "en")
    assert len(everything) == cards.MAX_SUGGESTIONS
    for game in ("dominion", "everdell"):
        first = cards.suggest("", "en", prefer=game)
        assert first[0].value.startswith(f"{game}:")
    chapel = cards.suggest("chap", "en", prefer="everdell")
    assert chapel[0].value == "everdell:chapel" and "dominion:Chapel" in [c.value for c in chapel]
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in cards.suggest("a", "pt"))
    assert len(cards.suggest("e", "en")) == cards.MAX_SUGGESTIONS


def test_a_suggestion_matched_in_the_other_language_shows_both_names() -> None:
    (smithy,) = [c for c in cards.suggest("ferreiro", "en") if c.value == "dominion:Smithy"]
    assert smithy.name.startswith("Smithy (Ferreiro)") and "Dominion" in smithy.name
    (pt,) = [c for c in cards.suggest("ferreiro", "pt") if c.value == "dominion:Smithy"]
    assert pt.name.startswith("Ferreiro ·")


def fields(embed: Any) -> dict[str, str]:
    return {f.name: f.value for f in embed.fields}


def test_the_embed_in_english_and_portuguese() -> None:
    en = cards.card_embed(cards.lookup("Artisan"), "en")
    assert en.title == "Artisan" and en.description and "$5" in en.description
    assert fields(en)["Game"] == "Dominion · Card"
    assert fields(en)["Cost"] == "$6" and fields(en)["Types"] == "Action" and fields(en)["Set"] == "Base game"
    assert fields(en)["Portuguese name"] == "Artesão"
    assert en.footer.text and "Portuguese name" in en.footer.text  # pt_source: ours

    pt = cards.card_embed(cards.lookup("artesao"), "pt")
    assert pt.title == "Artesão" and pt.description and pt.description.startswith("Ganhe")
    assert fields(pt)["Tipos"] == "Ação" and fields(pt)["Jogo"] == "Dominion · Carta"
    assert pt.footer.text and "nome em português" in pt.footer.text

    printed = cards.card_embed(cards.lookup("Moeda do Reino"), "en")  # name from the rulebook
    assert printed.footer.text == t("card.footer.printed", "en")

    event = cards.card_embed(cards.lookup("Feira da Colheita"), "pt")
    assert fields(event)["Jogo"] == "Everdell · Evento"
    assert event.footer.text and "o texto (escrito para esta consulta)" in event.footer.text


def test_every_word_a_card_shows_is_in_both_languages() -> None:
    """Kinds, types, boxes and what is ours come from the catalogues: none shows as a data id."""
    missing = set()
    for game in cards.released_games():
        for entry in cards._entries(game):
            card = entry.found.card
            words = [("card.kind", card.kind), ("card.set", card.set), *(("card.type", w) for w in card.types)]
            words += [("card.ours", part) for part in card.ours]
            for prefix, word in words:
                key = f"{prefix}.{cards.fold(word).replace(' ', '_')}"
                if word and not (has(key, "en") and has(key, "pt")):
                    missing.add(f"{game}: {key}")
    assert not missing, sorted(missing)


def test_costs_read_the_same_in_both_languages() -> None:
    """A cost is numbers and the icons the board uses (a Wonder's, Influence and Tax, aside)."""
    worded = [
        f"{game}: {entry.found.card.id} {entry.found.card.cost!r}"
        for game in cards.released_games()
        for entry in cards._entries(game)
        if entry.found.card.kind != "wonder" and any(ch.isalpha() for ch in entry.found.card.cost)
    ]
    assert not worded, worded[:10]


def test_every_card_renders_in_both_languages() -> None:
    for game in cards.released_games():
        for entry in cards._entries(game):
            for locale in cards.LOCALES:
                embed = cards.card_embed(entry.found, locale)
                assert embed.title and embed.description and embed.footer.text


def test_a_tapestry_entry_reads_in_portuguese() -> None:
    pt = cards.card_embed(cards.lookup("tapestry:Cars"), "pt")
    assert pt.title == "Carros" and pt.description and pt.description.startswith("Pegue uma fazenda")
    assert fields(pt)["Jogo"] == "Tapestry · Espaço de trilha"
    assert fields(pt)["Tipos"] == "Exploração, nível 3" and fields(pt)["Caixa"] == "Jogo base"
    guilds = cards.card_embed(cards.lookup("tapestry:guilds"), "pt")
    assert fields(guilds)["Tipos"] == "AO JOGAR"


async def test_the_cog_ignores_a_channel_without_a_game() -> None:
    async def no_game(channel_id: int) -> Any:
        raise UserError("error.no_game_here")

    async def everdell_here(channel_id: int) -> Any:
        return SimpleNamespace(record=SimpleNamespace(game="everdell"))

    interaction: Any = SimpleNamespace(channel_id=5)
    cog = Cards.__new__(Cards)
    cog.bot = SimpleNamespace(table=SimpleNamespace(for_channel=no_game))  # type: ignore[assignment]
    assert await cog.channel_game(interaction) is None
    cog.bot = SimpleNamespace(table=SimpleNamespace(for_channel=everdell_here))  # type: ignore[assignment]
    assert await cog.channel_game(interaction) == "everdell"
    cog.bot = SimpleNamespace()  # type: ignore[assignment]  # the sync-only bot has no table
    assert await cog.channel_game(interaction) is None


@pytest.mark.parametrize("path", ["bot/cards.py", "cogs/cards.py"])
def test_card_lookup_knows_no_game_package(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    assert not [m for m in imported if m.startswith("engine.games")]


# -- the card-details button of a private prompt -----------------------------------------------
def _first_game_match() -> Any:
    from engine.core import Match, SeatSpec

    return Match("dominion", [SeatSpec(name="A"), SeatSpec(name="B")], {"kingdom": "First Game"}, 5)


def test_a_prompt_offering_cards_carries_the_details_button_and_its_seat_reads_them() -> None:
    from bot.errors import UserError
    from bot.render import prompt_ui
    from tests.bot.conftest import live_of

    match = _first_game_match()
    live = live_of(match, 41)
    seat = match.prompts()[0].seat
    ui = prompt_ui(live, seat, "en")
    assert ui is not None and ui.info
    ids_shown = [item.custom_id for item in ui.view().children if hasattr(item, "custom_id")]
    pid = match.prompts()[0].pid
    assert f"bgb:ci:41:{pid}" in ids_shown
    embed = cards.prompt_cards_for(live, 100 + seat, pid, "pt")
    names = [f.name for f in embed.fields]
    offered = {o.card for o in match.prompts()[0].options if o.card}
    assert names and len(names) == len(offered & set(cards.card_index("dominion")))
    assert embed.title == "As cartas desta decisão"
    # Another player may not read a hand through it, and an old button is refused.
    other = 100 + (1 - seat)
    with pytest.raises(UserError) as refused:
        cards.prompt_cards_for(live, other, pid, "en")
    assert refused.value.key in ("error.stale_prompt", "error.not_a_player")
    with pytest.raises(UserError) as stale:
        cards.prompt_cards_for(live, 100 + seat, pid + 1, "en")
    assert stale.value.key == "error.stale_prompt"
    with pytest.raises(UserError):
        cards.prompt_cards_for(live, 999, pid, "en")

