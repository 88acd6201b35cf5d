"""Works of Wonder's server data in the reader's words: which sections a table plays with our own
values (the lobby, ⚠️), what an uploaded file replaced, and why a file was refused (each problem
naming the field)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import has, t
from engine.games.architects import wow_data

KIND = "wonders"  # the data set's kind (engine/games/architects/wow_data.py)


def section_names(sections: Sequence[str], locale: str) -> str:
    return ", ".join(t(f"architects.data.section.{s}", locale) for s in sections)


def values_line(text: str | None, locale: str) -> str:
    """Whose values a Works of Wonder table plays with: ours (⚠️) or, section by section, a server's."""
    data = wow_data.ours() if text is None else _data(text)
    if data is None or not data.server_sections:
        return t("architects.lobby.wow_ours", locale, parts=section_names(wow_data.OURS_SECTIONS, locale))
    line = t("architects.lobby.wow_printed", locale, parts=section_names(data.server_sections, locale))
    still = [s for s in wow_data.OURS_SECTIONS if data.ours(s)]
    if still:
        line += "\n" + t("architects.lobby.wow_still_ours", locale, parts=section_names(still, locale))
    return line


def _data(text: str) -> wow_data.WowData | None:
    try:
        return wow_data.from_text(text)
    except ValueError:  # a stored file no longer valid: the lobby says ours rather than fail
        return None


def data_status(kind: str, text: str | None, locale: str) -> str | None:
    """After an upload and in `/admin data show`: which sections the file replaces."""
    if kind != KIND or text is None:
        return None
    data = _data(text)
    if data is None:
        return None
    return t("architects.data.status", locale, given=section_names(data.server_sections, locale))


def word(problem: wow_data.Problem, locale: str) -> str:
    key = f"architects.data.problem.{problem.code}"
    what = t(key, locale, **problem.params) if has(key) else problem.english()
    return f"`{problem.where}`: {what}" if problem.where else what


def data_problems(kind: str, text: str, locale: str) -> list[str] | None:
    """A refused file's problems in the reader's language, each naming its field."""
    if kind != KIND:
        return None
    return [word(p, locale) for p in wow_data.problems(text)] or None
