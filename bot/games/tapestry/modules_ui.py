"""The expansion modules in Discord: each player's landmark card and its goal, reserved items and
visible charms, income-mat overlays, and the landmark cards offered in the draft (from the sets the
table copied)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.tapestry.text import name
from bot.i18n import has, join_names, t
from engine.games.tapestry import modules


def content(options: Mapping[str, Any]) -> modules.Content | None:
    """The table's module content (None without modules, or with sets the engine refused)."""
    if not options.get("modules"):
        return None
    try:
        return modules.content(options)
    except Exception:  # a record the engine would refuse: show nothing rather than fail the view
        return None


def count_text(what: str, locale: str) -> str:
    if what.startswith(("track:", "sp:")):
        return t("tapestry.modules.on_track", locale, track=name(what.split(":", 1)[1], locale))
    key = f"tapestry.modules.count.{what}"
    if has(key):
        return t(key, locale)
    return t(f"tapestry.count.{what}", locale) if has(f"tapestry.count.{what}") else what


def goal_text(c: modules.Content, card: str, locale: str) -> str:
    entry = c.landmark_cards[card]
    parts = [
        t("tapestry.modules.at_least", locale, n=g.at_least, what=count_text(g.count, locale))
        for g in entry.goal
    ]
    return t(
        "tapestry.modules.goal", locale, goal="; ".join(parts), landmark=name(entry.landmark.name, locale)
    )


def player_lines(c: modules.Content | None, p: Mapping[str, Any], locale: str) -> list[str]:
    """The module lines of one player's summary (public: landmark cards are face up after the draft)."""
    if c is None or "landmark_card" not in p:
        return []
    lines = []
    card = p.get("landmark_card")
    if card and card in c.landmark_cards:
        state = "✅" if p.get("landmark_card_done") else "⏳"
        lines.append(
            f"{state} "
            + t(
                "tapestry.modules.landmark_card",
                locale,
                card=name(card, locale),
                goal=goal_text(c, card, locale),
            )
        )
        progress = [
            f"{count_text(what, locale)} {have}/{need}" for what, have, need in p.get("landmark_goal") or []
        ]
        if progress and not p.get("landmark_card_done"):
            lines.append(t("tapestry.modules.progress", locale, progress="; ".join(progress)))
    if p.get("advanced_capital") in c.capitals:
        entry = c.capitals[p["advanced_capital"]]
        lines.append(
            t(
                "tapestry.modules.advanced_capital",
                locale,
                capital=name(entry.id, locale),
                text=entry.text or "—",
            )
        )
    if p.get("overlay") in c.overlays:
        lines.append(overlay_text(c, p["overlay"], locale))
    if p.get("reserved"):
        lines.append(
            t(
                "tapestry.modules.reserved",
                locale,
                items=join_names(t(f"tapestry.building.{b}", locale) for b in p["reserved"]),
            )
        )
    if p.get("charms"):
        lines.append(t("tapestry.modules.charms", locale, n=p["charms"]))
    return lines


def overlay_text(c: modules.Content, overlay: str, locale: str) -> str:
    """An overlay and what each space it covers shows instead (seen once the building has gone)."""
    covers = "; ".join(
        t(
            "tapestry.modules.overlay_space",
            locale,
            row=t(f"tapestry.building.{space.row}", locale),
            position=space.position,
            icons=_steps(list(space.icons), locale),
        )
        for space in c.overlays[overlay].covers
    )
    return t("tapestry.modules.overlay", locale, overlay=name(overlay, locale), covers=covers)


def draft_help(c: modules.Content | None, params: Mapping[str, Any], locale: str) -> list[str]:
    """The goals of the landmark cards offered in the draft."""
    if c is None:
        return []
    return [
        f"• **{name(card, locale)}**: {goal_text(c, card, locale)}"
        for card in params.get("cards") or []
        if card in c.landmark_cards
    ]


# -- the board menu's "expansion sets" view: every uploaded entry this table plays with ------------
def _steps(steps: list[Any], locale: str) -> str:
    from bot.games.tapestry.text import label_text
    from engine.games.tapestry.effects import label

    return ", ".join(label_text(label(s), locale) for s in steps) or "—"


def _card_line(card: Any, locale: str) -> str:
    parts = []
    if getattr(card, "when_played", None):
        parts.append(t("tapestry.modules.when_played", locale, gain=_steps(card.when_played, locale)))
    for trig in getattr(card, "triggers", None) or []:
        parts.append(
            t(
                "tapestry.modules.trigger",
                locale,
                when=t(f"tapestry.modules.when.{trig.when}", locale),
                gain=_steps(trig.gain, locale),
            )
        )
    charms = getattr(card, "charms", None)
    if charms is not None:
        parts.append(
            t(
                "tapestry.modules.charm_sides",
                locale,
                left=_steps(charms.left, locale),
                right=_steps(charms.right, locale),
            )
        )
    if getattr(card, "plots", None):
        parts.append(
            t(
                "tapestry.modules.plots",
                locale,
                n=card.plots,
                gain=_steps(card.plot_gain, locale),
                full=_steps(card.full_gain, locale),
            )
        )
    if getattr(card, "reserve", None):
        parts.append(
            t("tapestry.modules.reserves", locale, what=t(f"tapestry.building.{card.reserve}", locale))
        )
    if getattr(card, "against", None):
        parts.append(t(f"tapestry.modules.against_{card.against}", locale, gain=_steps(card.gain, locale)))
    return f"**{name(card.id, locale)}** ×{card.copies}: " + "; ".join(parts or ["—"])


def sets_lines(c: modules.Content, locale: str) -> list[tuple[str, str]]:
    """(title, lines) per kind of uploaded entry, in the reader's language."""
    out: list[tuple[str, str]] = []
    if c.cards:
        out.append(
            (
                t("tapestry.modules.view.cards", locale),
                "\n".join(_card_line(x, locale) for x in c.cards.values()),
            )
        )
    if c.responses:
        out.append(
            (
                t("tapestry.modules.view.responses", locale),
                "\n".join(_card_line(x, locale) for x in c.responses.values()),
            )
        )
    if c.space_tiles:
        lines = [
            f"**{tile.id}**: {_steps(tile.benefit, locale)}"
            + "".join(
                f"; {t('tapestry.modules.trigger', locale, when=t(f'tapestry.modules.when.{tr.when}', locale), gain=_steps(tr.gain, locale))}"
                for tr in tile.triggers
            )
            for tile in c.space_tiles.values()
        ]
        out.append((t("tapestry.modules.view.space_tiles", locale), "\n".join(lines)))
    if c.landmark_cards:
        lines = [f"**{name(i, locale)}**: {goal_text(c, i, locale)}" for i in c.landmark_cards]
        out.append((t("tapestry.modules.view.landmark_cards", locale), "\n".join(lines)))
    if c.capitals:
        lines = [f"**{name(i, locale)}**: {cap.text or '—'}" for i, cap in c.capitals.items()]
        out.append((t("tapestry.modules.view.capitals", locale), "\n".join(lines)))
    if c.overlays:
        lines = [f"{overlay_text(c, i, locale)} ×{o.copies}" for i, o in c.overlays.items()]
        out.append((t("tapestry.modules.view.overlays", locale), "\n".join(lines)))
    return out


def data_status(kind: str, text: str | None, locale: str) -> str | None:
    """`/admin data`: what a stored module set brings (or that the module cannot be chosen)."""
    if kind not in modules.MODULES:
        return None
    if text is None:
        return t("tapestry.modules.status.none", locale, module=kind)
    counts = dict(modules.entry_counts({"modules": kind, modules.option_of(kind): text}))
    return t("tapestry.modules.status.ready", locale, module=kind, n=counts.get(kind, 0))
