"""Any prompt -> buttons and select menus, within Discord's limits.

Single choices: each option group becomes a row of buttons when it has at most five options,
otherwise a select menu (paged 25 at a time). Multi-choices use one multi-select. Orderings and
multi-choices longer than one menu are built up over several picks (a draft) and confirmed.
A game may arrange a single choice (`Arrangement`: its own order, headings and notes): up to 25
options make one menu in that order; more make a two-step pick, a menu of the groups and then a
menu of the chosen group's options. Every id carries (match, prompt id, option or group index, page)
only, so an old message keeps working after a restart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from bot.arrangement import Arrangement, split_groups
from bot.i18n import has, t
from bot.render import ids
from bot.render.items import Component, PlainComponents, button_dict, option_dict, select_dict
from bot.render.limits import (
    BUTTONS_PER_ROW,
    LABEL,
    OPTION_DESCRIPTION,
    OPTION_LABEL,
    PLACEHOLDER,
    ROWS,
    SELECT_OPTIONS,
    clip,
)
from engine.core import Option, Prompt

Labeler = Callable[[Option], str]
Describer = Callable[[Option], str | None]


class PlainLabel:
    """An option's label from the catalogues alone (`key`: game, locale, catalogue edition), not
    from the state: the same option always reads the same, so its menu entry can be kept."""

    __slots__ = ("key", "label")

    def __init__(self, key: tuple[str, str, int], label: Callable[[Option], str]) -> None:
        self.key = key
        self.label = label

    def __call__(self, option: Option) -> str:
        return self.label(option)


# Menu entries (Discord's option dicts, read-only once made) by (PlainLabel key, option, position,
# description): a buy menu offers the same piles turn after turn, with the same few counts.
_ENTRIES: dict[tuple[object, ...], dict[str, object]] = {}
ENTRIES_KEPT = 8192

Row = list[Component]
# A two-step pick keeps its stage in the page number: below GROUP_PAGE the menu of groups (paged),
# GROUP_PAGE + g the options of group g.
GROUP_PAGE = 1000


@dataclass
class PromptUI:
    match_id: int
    prompt: Prompt
    locale: str
    label: Labeler
    describe: Describer = lambda option: None
    page: int = 0
    draft: list[int] = field(default_factory=list)
    # Offer a button that shows what the prompt's cards do (when the game has their texts).
    info: bool = False
    arranged: Arrangement | None = None

    @property
    def uses_draft(self) -> bool:
        return self.prompt.ordered or (self.prompt.max > 1 and len(self.prompt.options) > SELECT_OPTIONS)

    def rows(self) -> list[Row]:
        if self.uses_draft:
            return self._draft_rows()
        if self.prompt.max > 1:
            return self._multi_rows()
        if self.arranged is not None:
            arranged = self._arranged_rows(self.arranged)
            if arranged is not None:
                return arranged
        return self._single_rows()

    def visible(self) -> list[int]:
        """The options the controls show now (a page, a chosen group), for a game's preview."""
        if self.arranged is not None and not self.uses_draft and self.prompt.max == 1:
            groups = split_groups(self.arranged.groups, SELECT_OPTIONS)
            flat = list(dict.fromkeys(i for g in groups for i in g.indices))
            if len(flat) <= SELECT_OPTIONS:
                return flat
            if self.page >= GROUP_PAGE and self.page - GROUP_PAGE < len(groups):
                return list(groups[self.page - GROUP_PAGE].indices)
            return flat
        return list(range(len(self.prompt.options)))

    def view(self) -> PlainComponents:
        rows = self.rows()[:ROWS]
        if self.info:
            self._add_info(rows)
        return PlainComponents(rows)

    def _add_info(self, rows: list[Row]) -> None:
        """The card-details button: on the last row of buttons if it has room, else a row of its
        own if one is left; otherwise none (the prompt's own controls come first)."""
        button = button_dict(
            ids.button(ids.CARD_INFO, self.match_id, self.prompt.pid), t("ui.card_info", self.locale)
        )
        last = rows[-1] if rows else None
        if last is not None and len(last) < BUTTONS_PER_ROW and all(i["type"] == 2 for i in last):
            last.append(button)
        elif len(rows) < ROWS:
            rows.append([button])

    # -- pieces -------------------------------------------------------------------------------
    def _button(self, index: int) -> Component:
        option = self.prompt.options[index]
        if option.shortcut or (self.prompt.default is not None and option.id in self.prompt.default):
            style = discord.ButtonStyle.success
        elif option.group == "end":
            style = discord.ButtonStyle.secondary
        else:
            style = discord.ButtonStyle.primary
        custom_id = ids.button(ids.ANSWER, self.match_id, self.prompt.pid, index)
        return button_dict(custom_id, clip(self.label(option), LABEL), style)

    def _select_option(self, index: int) -> Component:
        option = self.prompt.options[index]
        note = self.arranged.notes.get(index) if self.arranged is not None else None
        description = note or self.describe(option)
        label = self.label
        key = (label.key, option, index, description) if isinstance(label, PlainLabel) else None
        if key is not None and (kept := _ENTRIES.get(key)) is not None:
            return kept
        entry = option_dict(
            clip(label(option), OPTION_LABEL),
            str(index),
            clip(description, OPTION_DESCRIPTION) if description else None,
        )
        if key is not None:
            if len(_ENTRIES) >= ENTRIES_KEPT:
                _ENTRIES.clear()
            _ENTRIES[key] = entry
        return entry

    def _paged_select(
        self, kind: str, indices: list[int], low: int, high: int, placeholder: str, serial: int = 0
    ) -> list[Row]:
        """`serial` tells apart several (unpaged) menus of one message: custom ids must differ."""
        pages = max(1, -(-len(indices) // SELECT_OPTIONS))
        page = min(max(self.page, 0), pages - 1)
        shown = indices[page * SELECT_OPTIONS : (page + 1) * SELECT_OPTIONS]
        if pages > 1:
            placeholder = f"{placeholder} ({page + 1}/{pages})"
        args = (
            (self.match_id, self.prompt.pid, page)
            if serial == 0
            else (self.match_id, self.prompt.pid, page, serial)
        )
        select = select_dict(
            ids.select(kind, *args),
            options=[self._select_option(i) for i in shown],
            placeholder=clip(placeholder, PLACEHOLDER),
            min_values=min(low, len(shown)),
            max_values=max(1, min(high, len(shown))),
        )
        rows: list[Row] = [[select]]
        if pages > 1:
            rows.append(self._pager(page, pages))
        return rows

    def _pager(self, page: int, pages: int) -> Row:
        pid = self.prompt.pid
        prev = button_dict(
            ids.button(ids.PAGE, self.match_id, pid, max(page - 1, 0)), "◀", disabled=page == 0
        )
        nxt = button_dict(
            ids.button(ids.PAGE, self.match_id, pid, min(page + 1, pages - 1)),
            "▶",
            disabled=page >= pages - 1,
        )
        return [prev, nxt]

    @staticmethod
    def _group_option(index: int, label: str, note: str | None) -> Component:
        description = clip(note, OPTION_DESCRIPTION) if note else None
        return option_dict(clip(label, OPTION_LABEL), str(index), description)

    # -- layouts ------------------------------------------------------------------------------
    def _arranged_rows(self, arranged: Arrangement) -> list[Row] | None:
        """One menu in the game's order, or a menu of groups then one of the chosen group's
        options; None falls back to the plain layout (the rest does not fit beside it)."""
        groups = split_groups(arranged.groups, SELECT_OPTIONS)
        flat = list(dict.fromkeys(i for g in groups for i in g.indices))
        if not flat:
            return None
        covered = set(flat)
        rest = [i for i in range(len(self.prompt.options)) if i not in covered]
        if len(rest) > BUTTONS_PER_ROW:
            return None
        extra: list[Row] = [[self._button(i) for i in rest]] if rest else []
        placeholder = self._group_placeholder(self.prompt.options[flat[0]].group)
        if len(flat) <= SELECT_OPTIONS:
            select = select_dict(
                ids.select(ids.PICK, self.match_id, self.prompt.pid, 0),
                options=[self._select_option(i) for i in flat],
                placeholder=clip(placeholder, PLACEHOLDER),
            )
            return [[select], *extra]
        if self.page >= GROUP_PAGE and self.page - GROUP_PAGE < len(groups):
            g = self.page - GROUP_PAGE
            group = groups[g]
            select = select_dict(
                ids.select(ids.PICK, self.match_id, self.prompt.pid, self.page),
                options=[self._select_option(i) for i in group.indices],
                placeholder=clip(f"{placeholder} — {group.label}", PLACEHOLDER),
            )
            back = button_dict(
                ids.button(ids.PAGE, self.match_id, self.prompt.pid, g // SELECT_OPTIONS),
                clip(t("ui.back_to_groups", self.locale), LABEL),
                discord.ButtonStyle.secondary,
            )
            tail: Row = [back, *(self._button(i) for i in rest)]
            return [
                [select],
                tail[:BUTTONS_PER_ROW],
                *([tail[BUTTONS_PER_ROW:]] if len(tail) > BUTTONS_PER_ROW else []),
            ]
        pages = -(-len(groups) // SELECT_OPTIONS)
        page = min(max(self.page, 0), pages - 1)
        shown = range(page * SELECT_OPTIONS, min(len(groups), (page + 1) * SELECT_OPTIONS))
        worded = f"{self.prompt.key}.groups"  # a game may word its menu of groups
        group_placeholder = t(worded if has(worded, self.locale) else "ui.choose_group", self.locale)
        if pages > 1:
            group_placeholder = f"{group_placeholder} ({page + 1}/{pages})"
        select = select_dict(
            ids.select(ids.GROUP, self.match_id, self.prompt.pid, page),
            options=[self._group_option(g, groups[g].label, groups[g].note) for g in shown],
            placeholder=clip(group_placeholder, PLACEHOLDER),
        )
        rows: list[Row] = [[select]]
        if pages > 1:
            rows.append(self._pager(page, pages))
        return rows + extra

    def _single_rows(self) -> list[Row]:
        groups: dict[str, list[int]] = {}
        for i, option in enumerate(self.prompt.options):
            groups.setdefault(option.group, []).append(i)
        rows: list[Row] = []
        selects = 0
        paged = False
        for group, indices in groups.items():
            if len(indices) <= BUTTONS_PER_ROW:
                rows.append([self._button(i) for i in indices])
            else:
                rows.extend(
                    self._paged_select(ids.PICK, indices, 1, 1, self._group_placeholder(group), selects)
                )
                selects += 1
                paged = paged or len(indices) > SELECT_OPTIONS
        # several menus only while none of them pages (the page number is one per message)
        if len(rows) <= ROWS and (selects <= 1 or not paged):
            return rows
        # Too many groups for five rows: one menu for everything but shortcuts, the default answer
        # and the way out.
        default = self.prompt.default or ()
        quick = [
            i for i, o in enumerate(self.prompt.options) if o.shortcut or o.group == "end" or o.id in default
        ][:BUTTONS_PER_ROW]
        rest = [i for i in range(len(self.prompt.options)) if i not in quick]
        rows = self._paged_select(ids.PICK, rest, 1, 1, t("ui.choose", self.locale)) if rest else []
        if quick:
            rows.append([self._button(i) for i in quick])
        return rows

    def _group_placeholder(self, group: str) -> str:
        """A game may word the menu of an option group ("dominion.group.buy": "Buy a card")."""
        key = f"{self.prompt.key.split('.', 1)[0]}.group.{group}"
        return t(key, self.locale) if has(key, self.locale) else t("ui.choose", self.locale)

    def _multi_rows(self) -> list[Row]:
        plain = [i for i, o in enumerate(self.prompt.options) if not o.shortcut]
        shortcuts = [i for i, o in enumerate(self.prompt.options) if o.shortcut]
        low = max(1, self.prompt.min)
        rows = self._paged_select(ids.PICK, plain, low, self.prompt.max, t("ui.choose_cards", self.locale))
        extra: Row = [self._button(i) for i in shortcuts[: BUTTONS_PER_ROW - 1]]
        if self.prompt.min == 0:
            extra.append(
                button_dict(
                    ids.button(ids.EMPTY, self.match_id, self.prompt.pid), t("ui.choose_none", self.locale)
                )
            )
        if extra:
            rows.append(extra)
        return rows

    def _draft_rows(self) -> list[Row]:
        prompt = self.prompt
        remaining = [i for i, o in enumerate(prompt.options) if i not in self.draft and not o.shortcut]
        room = prompt.max - len(self.draft)
        rows: list[Row] = []
        if remaining and room > 0:
            if prompt.ordered:
                placeholder = t("ui.order_next", self.locale, position=len(self.draft) + 1)
                high = 1
            else:
                placeholder = t("ui.choose_cards", self.locale)
                high = room
            rows.extend(self._paged_select(ids.DRAFT, remaining, 1, high, placeholder))
        done = prompt.min <= len(self.draft) <= prompt.max
        if prompt.ordered and len(self.draft) < len(prompt.options) and prompt.min == len(prompt.options):
            done = False
        controls: Row = [
            button_dict(
                ids.button(ids.CONFIRM, self.match_id, prompt.pid),
                t("ui.confirm", self.locale, count=len(self.draft)),
                discord.ButtonStyle.success,
                disabled=not done,
            ),
            button_dict(
                ids.button(ids.RESET, self.match_id, prompt.pid),
                t("ui.reset", self.locale),
                disabled=not self.draft,
            ),
        ]
        controls.extend(self._button(i) for i, o in enumerate(prompt.options) if o.shortcut)
        rows.append(controls[:BUTTONS_PER_ROW])
        return rows

    def draft_text(self) -> str | None:
        if not self.uses_draft or not self.draft:
            return None
        names = [self.label(self.prompt.options[i]) for i in self.draft]
        return t("ui.picked_so_far", self.locale, cards=", ".join(names))
