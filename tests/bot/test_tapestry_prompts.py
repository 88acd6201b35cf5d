"""Tapestry's prompts in Discord: the benefit queue each prompt carries, the placement menus (legal
spots only, completing ones first, a two-step pick past 25), previews within Discord's limits, the
"since your last turn" summary, the on-demand views and the trap policy, in both languages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot.games.tapestry import placement
from bot.render import private_payload
from bot.render.limits import SELECT_OPTIONS
from bot.render.prompt import GROUP_PAGE
from bot.table import Live
from engine.core import Match, Option, Prompt, SeatSpec
from engine.games.tapestry.asks import Asker
from engine.games.tapestry.bots import make_heuristic
from tests.bot.conftest import live_of

LOCALES = ("en", "pt")


def make_live(players: int, seed: int, locale: str = "en") -> Live:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob", "Carol", "Dave", "Erin")[:players]]
    return live_of(Match("tapestry", seats, {}, seed), seed, locale)


def walk(live: Live, until: Any = None, each: Any = None, limit: int = 5000) -> list[Prompt]:
    """Answers with heuristic bots; returns the prompts met (stops early when `until(prompt)`);
    `each(prompt)` looks at every open prompt before it is answered."""
    match = live.match
    assert match is not None
    bots = [make_heuristic(s, live.record.seed) for s in range(len(live.record.seats))]
    seen: list[Prompt] = []
    for _ in range(limit):
        if match.finished:
            break
        prompt = match.prompts()[0]
        seen.append(prompt)
        if each is not None:
            each(prompt)
        if until is not None and until(prompt):
            break
        events = match.submit(prompt.seat, bots[prompt.seat].choose(match.view(prompt.seat), prompt))
        live.tail.extend(e for e in events if e.public)
    return seen


def private_text(live: Live, seat: int, locale: str) -> str:
    payload = private_payload(live, seat, locale)
    comps = payload.view.to_components() if payload.view is not None else []
    return json.dumps(payload.embed.to_dict(), ensure_ascii=False) + json.dumps(comps, ensure_ascii=False)


# -- the benefit queue ---------------------------------------------------------------------------------
def test_queue_is_display_only() -> None:
    """The same game with and without the queue: the same prompts, option ids and order."""

    def trace(monkey: bool) -> list[tuple[str, tuple[str, ...]]]:
        with pytest.MonkeyPatch.context() as mp:
            if monkey:
                mp.setattr(Asker, "queue_params", lambda self, seat: None)
            live = make_live(3, 11)
            return [(p.key, tuple(o.id for o in p.options)) for p in walk(live)]

    with_queue, without = trace(False), trace(True)
    assert with_queue == without
    assert len(with_queue) > 100


@pytest.mark.parametrize(
    ("locale", "resolving", "then"),
    [("en", "Resolving:", "then still to resolve:"), ("pt", "Resolvendo:", "depois ainda falta resolver:")],
)
def test_prompts_say_what_they_resolve_and_what_is_queued(locale: str, resolving: str, then: str) -> None:
    live = make_live(3, 5, locale)
    found = {"then": False, "space": False, "income": False}

    def check(prompt: Prompt) -> None:
        queue = prompt.params.get("queue")
        if not queue:
            return
        text = private_text(live, prompt.seat, locale)
        assert resolving in text
        assert "tapestry." not in text
        if queue["then"]:
            assert then in text
            found["then"] = True
        found["space"] |= any(x.startswith("space:") for x in queue["now"])
        found["income"] |= any(x.startswith("income:") for x in queue["now"])

    walk(live, each=check)
    assert all(found.values()), found


def test_any_order_is_worded_as_a_free_choice() -> None:
    for locale, words in (("en", "any order you like"), ("pt", "na ordem que você quiser")):
        live = make_live(3, 5, locale)
        prompts = walk(live, until=lambda p: p.key == "tapestry.prompt.benefit_order")
        if prompts[-1].key != "tapestry.prompt.benefit_order":
            pytest.skip("no ordering in this game")
        assert words in private_text(live, prompts[-1].seat, locale)


# -- placements: legal only, completing first, two steps past 25 ------------------------------------------
def components(payload: Any) -> list[dict[str, Any]]:
    """Every button and menu of a payload, flattened."""
    if payload.view is None:
        return []
    return [c for row in payload.view.to_components() for c in row["components"]]


def first_prompt(live: Live, key: str, low: int = 0, high: int = 10_000) -> Prompt:
    prompts = walk(live, until=lambda p: p.key == key and low < len(p.options) <= high)
    prompt = prompts[-1]
    if prompt.key != key or not low < len(prompt.options) <= high:
        pytest.fail(f"no {key} prompt with {low}-{high} options")
    return prompt


@pytest.mark.parametrize("locale", LOCALES)
def test_more_than_25_placements_take_two_steps(locale: str) -> None:
    live = make_live(3, 3, locale)
    prompt = first_prompt(live, "tapestry.prompt.place_landmark", low=SELECT_OPTIONS)
    first = components(private_payload(live, prompt.seat, locale))
    groups = [c for c in first if c["type"] == 3]
    assert len(groups) == 1 and groups[0]["custom_id"].startswith("bgs:g:")
    words = {"en": "First pick an area of your capital", "pt": "Primeiro escolha uma área da sua capital"}
    assert groups[0]["placeholder"].startswith(words[locale])
    assert 1 < len(groups[0]["options"]) <= SELECT_OPTIONS
    seen: set[int] = set()
    for g, option in enumerate(groups[0]["options"]):
        assert option["value"] == str(g)
        second = components(private_payload(live, prompt.seat, locale, page=GROUP_PAGE + g))
        picks = [c for c in second if c["type"] == 3]
        assert len(picks) == 1 and picks[0]["custom_id"].startswith("bgs:a:")
        values = [int(o["value"]) for o in picks[0]["options"]]
        assert 0 < len(values) <= SELECT_OPTIONS
        assert all(0 <= v < len(prompt.options) for v in values)
        seen.update(values)
        back = [c for c in second if c["type"] == 2]
        assert back and back[0]["custom_id"].startswith("bgb:pg:")
    placements = {i for i, o in enumerate(prompt.options) if o.id.startswith("lm:")}
    assert seen == placements  # every legal placement is reachable, no other
    # an option that is not a placement (waiting until the end of the turn) stays a button
    others = len(prompt.options) - len(placements)
    assert len([c for c in first if c["type"] == 2 and c["custom_id"].startswith("bgb:o:")]) == others


def test_completing_placements_come_first_and_are_marked() -> None:
    for locale, mark in (("en", "completes"), ("pt", "completa")):
        live = make_live(3, 3, locale)
        prompt = first_prompt(live, "tapestry.prompt.place_building", low=SELECT_OPTIONS)
        view = live.view(None)
        found = placement.spots(view["players"][prompt.seat]["grid"], prompt)
        arranged = placement.arrange(live, prompt, locale)
        assert arranged is not None
        completing = {s.index for s in found if s.completes}
        if completing:
            assert set(arranged.groups[0].indices) == completing
            assert all(mark in arranged.notes[i] for i in completing)
        assert {i for g in arranged.groups for i in g.indices} == set(range(len(prompt.options)))


def test_a_short_placement_list_is_one_menu_in_that_order() -> None:
    grid = [
        "MMMMMMMM.",
        "MMMMMMMM.",
        "MMMMMMMMM",
        "MMMMMMMMM",
        "MMMMMMMMM",
        "MMMMMMMMM",
        "MMMMMMMMM",
        ".MM.MMMMM",
        "........M",
    ]
    prompt = Prompt(
        1,
        0,
        "choose",
        "tapestry.prompt.place_building",
        tuple(
            Option(f"plot:{r}.{c}", "tapestry.plot", group="farm")
            for r, c in [(8, 0), (8, 3), (0, 8), (1, 8)]
        ),
    )
    found = {s.index: s for s in placement.spots(grid, prompt)}
    assert found[2].rows == (0,) and found[3].rows == (1,) and not found[0].completes
    arranged = placement.capital_arrangement(grid, prompt, "en")
    flat = list(dict.fromkeys(i for g in arranged.groups for i in g.indices))
    assert flat[:2] == [2, 3]
    assert arranged.notes[2] == "★ completes row A"
    assert placement.completes_text(found[3], "pt") == "★ completa linha B"


# -- previews ------------------------------------------------------------------------------------------------
PNG = b"\x89PNG\r\n\x1a\n"
UPLOAD_LIMIT = 8 * 1024 * 1024  # the smallest upload limit Discord has had (bytes)


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG)
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("tapestry.prompt.place_landmark", ("placements listed in the menu", "posições listadas no menu")),
        ("tapestry.prompt.place_building", ("placements listed in the menu", "posições listadas no menu")),
        ("tapestry.prompt.explore_hex", ("best VP of each hex", "melhor PV de cada hexágono")),
        (
            "tapestry.prompt.explore_rotation",
            ("The picture shows the tile on", "A imagem mostra o território em"),
        ),
    ],
)
def test_placement_and_exploration_prompts_come_with_a_preview(key: str, words: tuple[str, str]) -> None:
    for locale, said in zip(LOCALES, words, strict=True):
        live = make_live(3, 3, locale)
        prompt = first_prompt(live, key)
        for page in (0, GROUP_PAGE):
            payload = private_payload(live, prompt.seat, locale, page=page)
            assert payload.image is not None
            width, height = png_size(payload.image)
            assert 0 < width <= 2000 and 0 < height <= 2000
            assert len(payload.image) < UPLOAD_LIMIT
            assert payload.embed.image.url == "attachment://board.png"
            assert said in (payload.embed.description or "")


def test_other_prompts_carry_no_picture() -> None:
    live = make_live(3, 3)
    prompt = first_prompt(live, "tapestry.prompt.turn")
    assert private_payload(live, prompt.seat, "en").image is None


def test_the_landmark_preview_draws_the_group_on_show() -> None:
    live = make_live(3, 3)
    prompt = first_prompt(live, "tapestry.prompt.place_landmark", low=SELECT_OPTIONS)
    whole = private_payload(live, prompt.seat, "en").image
    group = private_payload(live, prompt.seat, "en", page=GROUP_PAGE + 1).image
    assert whole is not None and group is not None and whole != group


# -- since your last turn ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("locale", "title"), [("en", "Since your last turn:"), ("pt", "Desde a sua última jogada:")]
)
def test_a_turn_starts_with_what_the_others_did(locale: str, title: str) -> None:
    live = make_live(3, 5, locale)
    match = live.match
    assert match is not None
    checked = 0

    def check(prompt: Prompt) -> None:
        nonlocal checked
        if prompt.key != "tapestry.prompt.turn" or checked >= 6:
            return
        events = list(live.tail)
        mine = [
            i
            for i, e in enumerate(events)
            if e.seat == prompt.seat and e.kind in ("advance_turn", "income_turn")
        ]
        others = {
            e.seat for e in events[(mine[-1] + 1 if mine else 0) :] if e.seat not in (None, prompt.seat)
        }
        text = private_payload(live, prompt.seat, locale).embed.description or ""
        if not others:
            assert title not in text
            return
        assert title in text
        summary = text[text.index(title) :].split("\n\n")[0]
        for seat in others:
            assert f"• **{live.record.seats[seat].name}**: " in summary
        assert f"**{live.record.seats[prompt.seat].name}**:" not in summary
        assert "tapestry." not in summary and len(summary) < 1000
        checked += 1

    walk(live, each=check, limit=400)
    assert checked >= 3


def test_the_summary_shows_public_events_only() -> None:
    live = make_live(3, 7)
    hands: set[str] = set()

    def check(prompt: Prompt) -> None:
        assert live.match is not None
        for p in live.match.view(prompt.seat)["players"]:
            hands.update(p.get("hand", []))
        for e in live.tail:
            assert e.public and e.kind not in ("drew_tapestry", "civ_offer")

    walk(live, each=check, limit=300)
    assert hands  # cards were held; none of their private draws reached the tail


# -- views on demand -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", LOCALES)
def test_the_board_offers_every_view_on_demand(locale: str) -> None:
    from bot.games.tapestry import views
    from bot.render import board_payload

    live = make_live(3, 5, locale)
    walk(live, limit=250)
    board = board_payload(live, locale)
    menus = [c for c in components(board) if c["type"] == 3]
    assert len(menus) == 1 and menus[0]["custom_id"] == f"bgs:tv:{live.id}"
    values = [o["value"] for o in menus[0]["options"]]
    assert values == ["p0", "p1", "p2", "tech", "landmarks", "achievements"]
    assert live.match is not None
    public = live.match.view(None)
    for value in values:
        embed, image = views.view_embed(live, value, locale)
        text = json.dumps(embed.to_dict(), ensure_ascii=False)
        assert "tapestry." not in text and "{" not in (embed.description or "")
        assert len(embed) <= 6000
        if value.startswith("p"):
            p = public["players"][int(value[1:])]
            assert image is not None and png_size(image)[0] <= 2000 and len(image) < UPLOAD_LIMIT
            for c in p["civilizations"]:
                assert views.name(c, locale) in text
            if p["civilizations"]:  # the first civilization's text, in the reader's language
                assert views.civ_text(p["civilizations"][0], locale)[:40] in text
            for c in p["tech"]:
                assert views.name(c, locale) in text
            # no hand: the view is built from the public view only
            for other in live.match.view(int(value[1:]))["players"][int(value[1:])].get("hand", []):
                if other not in {c for pile in p["tapestry_mat"] for c in pile if c}:
                    assert f"**{views.name(other, locale)}**" not in text
        else:
            assert image is None
    tech, _ = views.view_embed(live, "tech", locale)
    assert all(views.name(c, locale) in (tech.description or "") for c in public["tech_row"])
    landmarks, _ = views.view_embed(live, "landmarks", locale)
    assert all(views.name(x, locale) in (landmarks.description or "") for x in public["landmarks_available"])
    with pytest.raises(ValueError):
        views.view_embed(live, "p9", locale)


# -- the trap question ---------------------------------------------------------------------------------------
def test_the_public_board_stays_neutral_while_the_trap_question_is_open() -> None:
    from bot.render import board_payload

    for seed in range(1, 40):
        live = make_live(2, seed)
        prompts = walk(live, until=lambda p: p.key == "tapestry.prompt.trap", limit=3000)
        if prompts and prompts[-1].key == "tapestry.prompt.trap":
            break
    else:
        pytest.skip("no conquest of an opponent's territory in these games")
    trap = prompts[-1]
    attacker = trap.params["attacker"]
    from bot.status import shown_seats

    assert shown_seats(live) == [attacker]  # the channel's status names and pings the attacker only
    for locale in LOCALES:
        board = board_payload(live, locale)
        text = json.dumps(board.embed.to_dict(), ensure_ascii=False)
        status = (board.embed.description or "").splitlines()[0]
        assert live.record.seats[attacker].name in status
        assert live.record.seats[trap.seat].name not in status
        assert "Trap" not in text and "Armadilha" not in text


@pytest.mark.parametrize(("locale", "words"), [("en", "best"), ("pt", "melhor")])
def test_explore_lists_tiles_and_hexes_best_vp_first(locale: str, words: str) -> None:
    seen = {"tapestry.prompt.explore_tile": 0, "tapestry.prompt.explore_hex": 0}
    for seed in range(1, 30):
        live = make_live(2, seed, locale)

        def check(prompt: Prompt, live: Live = live) -> None:
            if prompt.key not in seen:
                return
            arranged = placement.arrange(live, prompt, locale)
            assert arranged is not None
            flat = [i for g in arranged.groups for i in g.indices]
            assert sorted(flat) == list(range(len(prompt.options)))  # every legal choice, once
            vps = [int(re.search(r"(\d+)", arranged.notes[i])[1]) for i in flat]  # type: ignore[index]
            assert vps == sorted(vps, reverse=True)
            assert all(words in arranged.notes[i] for i in flat)
            seen[prompt.key] += 1

        walk(live, each=check, limit=400)
        if all(seen.values()):
            break
    assert all(seen.values()), seen


def test_previews_of_the_large_map_fit_too() -> None:
    for key in ("tapestry.prompt.explore_hex", "tapestry.prompt.explore_rotation"):
        live = make_live(5, 3, "pt")
        prompt = first_prompt(live, key)
        image = private_payload(live, prompt.seat, "pt").image
        assert image is not None
        width, height = png_size(image)
        assert width <= 2000 and height <= 2000 and len(image) < UPLOAD_LIMIT
