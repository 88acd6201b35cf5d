"""The platform's arranged single choices (`bot.arrangement`): one menu in the game's order up to
25 options, a two-step pick beyond (groups, then the chosen group's options), the stage carried in
the page number only, other options kept as buttons."""

from __future__ import annotations

from typing import Any

from bot.arrangement import Arrangement, OptionGroup, split_groups
from bot.render.prompt import GROUP_PAGE, PromptUI
from engine.core import Option, Prompt


def prompt_of(count: int, extra: int = 0) -> Prompt:
    options = tuple(Option(f"spot:{i}", "x") for i in range(count))
    options += tuple(Option(f"skip:{i}", "x", group="end") for i in range(extra))
    return Prompt(7, 0, "choose", "game.prompt.where", options)


def items(ui: PromptUI) -> list[dict[str, Any]]:
    return [c for row in ui.view().to_components() for c in row["components"]]


def ui_of(prompt: Prompt, arranged: Arrangement, page: int = 0) -> PromptUI:
    return PromptUI(3, prompt, "en", label=lambda o: o.id, page=page, arranged=arranged)


def test_up_to_25_options_make_one_menu_in_the_games_order() -> None:
    prompt = prompt_of(20, extra=1)
    arranged = Arrangement(
        (OptionGroup("best", (5, 2)), OptionGroup("rest", tuple(range(20)))), notes={5: "completes row B"}
    )
    found = items(ui_of(prompt, arranged))
    menu = next(c for c in found if c["type"] == 3)
    values = [int(o["value"]) for o in menu["options"]]
    assert values[:2] == [5, 2] and sorted(values) == list(range(20))  # each once, best first
    assert menu["options"][0]["description"] == "completes row B"
    assert [c["custom_id"] for c in found if c["type"] == 2] == ["bgb:o:3:7:20"]  # the way out


def test_more_than_25_take_two_steps() -> None:
    prompt = prompt_of(60)
    arranged = Arrangement(
        tuple(OptionGroup(f"area {g}", tuple(range(g * 10, g * 10 + 10)), "10") for g in range(6))
    )
    first = items(ui_of(prompt, arranged))
    assert [c["custom_id"] for c in first] == ["bgs:g:3:7:0"]
    assert [o["value"] for o in first[0]["options"]] == [str(g) for g in range(6)]
    second = items(ui_of(prompt, arranged, GROUP_PAGE + 4))
    pick = next(c for c in second if c["type"] == 3)
    assert pick["custom_id"] == f"bgs:a:3:7:{GROUP_PAGE + 4}"
    assert [int(o["value"]) for o in pick["options"]] == list(range(40, 50))
    assert "area 4" in pick["placeholder"]
    back = next(c for c in second if c["type"] == 2)
    assert back["custom_id"] == "bgb:pg:3:7:0"
    assert ui_of(prompt, arranged, GROUP_PAGE + 4).visible() == list(range(40, 50))


def test_many_groups_page_and_long_groups_split() -> None:
    prompt = prompt_of(90)
    arranged = Arrangement(tuple(OptionGroup(f"g{g}", (g, g + 30, g + 60)) for g in range(30)))
    first = items(ui_of(prompt, arranged))
    assert len(next(c for c in first if c["type"] == 3)["options"]) == 25
    assert [c["custom_id"] for c in first if c["type"] == 2] == ["bgb:pg:3:7:0", "bgb:pg:3:7:1"]
    page_two = items(ui_of(prompt, arranged, 1))
    assert [o["value"] for o in next(c for c in page_two if c["type"] == 3)["options"]] == [
        str(g) for g in range(25, 30)
    ]
    parts = split_groups([OptionGroup("big", tuple(range(60)))], 25)
    assert [p.label for p in parts] == ["big (1/3)", "big (2/3)", "big (3/3)"]
    assert [len(p.indices) for p in parts] == [25, 25, 10]


def test_ids_carry_numbers_only() -> None:
    prompt = prompt_of(60)
    arranged = Arrangement((OptionGroup("secret name", tuple(range(60))),))
    for page in (0, GROUP_PAGE, GROUP_PAGE + 1, GROUP_PAGE + 2):
        for c in items(ui_of(prompt, arranged, page)):
            assert all(part.isdigit() for part in c["custom_id"].split(":")[2:])
