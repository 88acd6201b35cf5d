"""The click path's shortcuts say what discord.py would have said: prompt controls built as
Discord's dicts serialize as discord.py's items do, a clicked game message is parsed without the
parts nobody reads (and only a game's), what the postbox keeps of a sent message, and option
labels kept per catalogue edition, and event lines kept per match."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import i18n
from bot.postbox import Posted
from bot.render import ids
from bot.render.common import _event_line, event_line, option_label
from bot.render.items import PlainComponents, button_dict, lighten_game_clicks, option_dict, select_dict
from engine.core import Match, Option
from engine.core.match import SeatSpec
from tests.bot.conftest import live_of
from tests.bot.test_render import biggest_buy_prompt, ui

# What Discord assumes when a field is left out (its reference for message components): our
# dicts leave these out, discord.py's items spell them out.
DISCORD_DEFAULTS = {"disabled": False, "default": False, "required": True, "min_values": 1, "max_values": 1}


def at_discords_defaults_left_out(component: Any) -> Any:
    if isinstance(component, list):
        return [at_discords_defaults_left_out(c) for c in component]
    if not isinstance(component, dict):
        return component
    return {
        key: at_discords_defaults_left_out(value)
        for key, value in component.items()
        if not (key in DISCORD_DEFAULTS and value == DISCORD_DEFAULTS[key])
    }


def test_component_dicts_are_what_discord_py_items_send() -> None:
    """Ours are discord.py's with the fields at Discord's defaults left out."""
    custom_id = ids.button(ids.ANSWER, 12, 3, 4)
    for style, disabled in ((discord.ButtonStyle.success, False), (discord.ButtonStyle.secondary, True)):
        item = discord.ui.Button(label="Gold ($6)", style=style, custom_id=custom_id, disabled=disabled)
        ours = button_dict(custom_id, "Gold ($6)", style, disabled)
        assert ours == at_discords_defaults_left_out(item.to_component_dict())
        assert ("disabled" in ours) == disabled
    menu_id = ids.select(ids.PICK, 12, 3, 0)
    options = [
        discord.SelectOption(label="Silver", value="1", description="10 left"),
        discord.SelectOption(label="Gold", value="2"),
    ]
    for placeholder, low, high in (("Buy a card", 1, 1), (None, 0, 2)):
        item = discord.ui.Select(
            custom_id=menu_id, options=options, placeholder=placeholder, min_values=low, max_values=high
        )
        ours = select_dict(
            menu_id, [option_dict("Silver", "1", "10 left"), option_dict("Gold", "2")], placeholder, low, high
        )
        assert ours == at_discords_defaults_left_out(item.to_component_dict())
        assert ours.get("min_values", 1) == low and ours.get("max_values", 1) == high


def test_plain_components_send_their_rows_and_read_back_as_items() -> None:
    view = ui(biggest_buy_prompt()).view()
    rows = view.to_components()
    assert rows and all(row["type"] == 1 for row in rows)
    # Read as discord.py items, in place on their rows, they serialize to the same rows.
    rebuilt = discord.ui.View(timeout=None)
    for item in view.children:
        rebuilt.add_item(item)
    assert at_discords_defaults_left_out(json.loads(json.dumps(rebuilt.to_components()))) == json.loads(json.dumps(rows))
    assert view.custom_ids() == {c["custom_id"] for row in rows for c in row["components"]}
    assert not view.is_dispatchable() and not view.has_components_v2()
    assert PlainComponents([]).to_components() == []


async def test_plain_components_make_discord_py_s_own_state_when_it_is_read() -> None:
    # Sending reads none of it; a send path that does (an ephemeral message's timeout) gets it.
    view = PlainComponents([[button_dict("g:1:2", "Go")]])
    assert "_BaseView__timeout" not in view.__dict__
    assert view.timeout is None and "_BaseView__timeout" in view.__dict__
    view.timeout = 900.0
    assert view.timeout == 900.0 and view.is_finished()
    assert view.to_components() == [{"type": 1, "components": [button_dict("g:1:2", "Go")]}]
    assert len(view.id) == 32 and [item.custom_id for item in view.children] == ["g:1:2"]  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        view._not_an_attribute  # noqa: B018 - a name discord.py never set stays missing


def click(custom_id: str, kind: int = 3) -> dict[str, Any]:
    return {
        "type": kind,
        "data": {"custom_id": custom_id, "component_type": 2},
        "message": {
            "id": "5",
            "channel_id": "6",
            "flags": 0,
            "components": [{"type": 1, "components": [button_dict(custom_id, "Go")]}],
            "embeds": [{"title": "Hand"}],
            "attachments": [],
        },
    }


def test_a_click_on_a_game_component_skips_the_unread_parts_of_its_message() -> None:
    seen: list[dict[str, Any]] = []
    parsers: dict[str, Any] = {"INTERACTION_CREATE": seen.append}
    lighten_game_clicks(parsers)
    game = ids.button(ids.ANSWER, 12, 3, 4)
    parsers["INTERACTION_CREATE"](click(game))
    assert seen[-1]["message"] == {"id": "5", "channel_id": "6", "flags": 0}
    # Another kind's dynamic item is rebuilt by discord.py from the message: it keeps it whole,
    # as do a command and a message without components.
    for other in (click("tapestry:companion:1"), click(game, kind=2)):
        parsers["INTERACTION_CREATE"](other)
        assert set(seen[-1]["message"]) >= {"components", "embeds", "attachments"}


def test_posted_keeps_ids_time_and_shown_custom_ids() -> None:
    message_id = discord.utils.time_snowflake(discord.utils.utcnow())
    data = {
        "id": str(message_id),
        "channel_id": "77",
        "components": [
            {"type": 1, "components": [button_dict("bgb:o:1:2:3", "Go"), button_dict("bgb:o:1:2:4", "Stop")]}
        ],
        "embeds": [{"title": "Hand"}],
    }
    posted = Posted.of(data)
    assert (posted.channel_id, posted.id) == (77, message_id)
    assert abs(posted.created_at - discord.utils.snowflake_time(message_id).timestamp()) < 1e-6
    assert posted.custom_ids() == {"bgb:o:1:2:3", "bgb:o:1:2:4"}
    assert Posted.of({"id": "1", "channel_id": "2"}).custom_ids() == set()


@pytest.fixture
def own_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A catalogue directory added for one test, gone (with what was made of it) afterwards."""
    monkeypatch.setattr(i18n, "_extra_dirs", list(i18n._extra_dirs))
    yield tmp_path
    monkeypatch.undo()
    i18n.catalogue.cache_clear()
    i18n._edition += 1  # labels made while it was there are not used again


def test_option_labels_follow_a_new_catalogue_edition(own_catalogue: Path) -> None:
    option = Option("x", "test_only.label")
    assert option_label("dominion", option, "en") == "test_only.label"  # no such message yet
    for locale, text in (("en", "Mark"), ("pt", "Marcar")):
        (own_catalogue / locale).mkdir()
        (own_catalogue / locale / "test.json").write_text(json.dumps({"test_only.label": text}))
    before = i18n.edition()
    i18n.add_catalogue_dir(own_catalogue)
    assert i18n.edition() == before + 1
    assert option_label("dominion", option, "en") == "Mark"
    assert option_label("dominion", option, "pt") == "Marcar"


def test_event_lines_are_written_once_per_match_copy_and_again_for_new_names() -> None:
    match = Match(
        "dominion", [SeatSpec("human", "Alice"), SeatSpec("human", "Bob")], {"kingdom": "First Game"}, 3
    )
    live = live_of(match, 41)
    while not any(e.seat is not None and e.kind != "shuffle" for e in live.tail):
        prompt = match.prompts()[0]
        events = match.submit(prompt.seat, [prompt.options[0].id], prompt.pid)
        live.tail.extend(e for e in events if e.public)
    event = next(e for e in live.tail if e.seat is not None and e.kind != "shuffle")
    line = event_line(live, event, "en")
    assert line == _event_line(live, event, "en")
    assert "**Alice**" in line or "**Bob**" in line
    assert event_line(live, event, "en") is line  # kept, not written again
    assert event_line(live, event, "pt") == _event_line(live, event, "pt")  # per locale
    live.record.seats[event.seat].name = "Zed"  # a seat taken over under another name
    assert "**Zed**" in event_line(live, event, "en")
    # A copy of the match rebuilt from storage holds other event objects: written afresh.
    assert live_of(match, 41).lines.lines == {}
