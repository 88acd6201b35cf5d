"""The Architects solo AI at a physical table (`/automa start architects ai:<opponent>`): each
`/automa turn` reveals a Plot card from the companion's own seeded decks, asks the table by
buttons only what the card's condition and options need, and says where the AI places and what
it takes. The AI's Resource track, Influence, Virtue, Marble, Cathedral level, Wonders and decks
are kept here (`engine/games/architects/ai/tabletop.py`, built on the engine's Plot-card
resolver); what only the table sees is asked, and changes made by hand are entered with the
adjust buttons. A server's uploaded AI and Works of Wonder values are used when present."""

from __future__ import annotations

import asyncio
import secrets
from collections import defaultdict
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

import discord
from pydantic import Field

from bot.errors import UserError
from bot.games.architects import ai_words
from bot.games.architects.text import name
from bot.i18n import channel_locale, t
from bot.plugins import CompanionSpec, Reply
from bot.render import ids
from bot.render.items import Components, GameButton, GameSelect
from engine.core.options import GameOptions
from engine.games.architects.ai.data import Condition
from engine.games.architects.ai.tabletop import TRACKED, Question, Replay, TableAI, TableConfig
from storage.companion import CompanionExists, CompanionRepo, CompanionRow

if TYPE_CHECKING:
    from bot.app import BoardGamesBot

Interaction = discord.Interaction[Any]

KIND = "architects"  # the companion's id: `/automa start architects`
ANSWER = "aq"  # companion id, step, 1 yes / 2 no
COUNT = "ac"  # select: companion id, step; the value is the count
ADJUST = "aa"  # companion id, step, code: which tracked value moves up or down
RECORD = "ar"  # companion id, the AI's total + SCORE_OFFSET: record the game against this AI
SCORE_OFFSET = 1000  # ids carry no minus sign
ADJUSTS = {1: ("influence", 1), 2: ("influence", -1), 3: ("virtue", 1), 4: ("virtue", -1)}
ADJUSTS |= {5: ("marble", 1), 6: ("marble", -1), 7: ("cathedral", 1), 8: ("cathedral", -1)}
MOST_SHOWN = 24  # counts offered in one menu (Discord: 25 options)


class StartOptions(GameOptions):
    ai: Literal["aristocrat", "executor", "illusionist", "peddler", "meddler", "benefactor"] = Field(
        description="The AI opponent (Works of Wonder solo)", json_schema_extra={"key": "architects_ai"}
    )


class ScoreOptions(GameOptions):
    debts: int | None = Field(None, ge=0, le=30, description="The AI's unpaid Debts at the end")
    prison: int | None = Field(None, ge=0, le=20, description="The AI's workers in Prison at the end")


def config_of(row: CompanionRow) -> TableConfig:
    return TableConfig.from_dict(row.config)


# -- words ----------------------------------------------------------------------------------------
def values_line(config: TableConfig, locale: str) -> str:
    return t("architects.table.values_ours" if config.ours else "architects.table.values_server", locale)


def entry_line(entry: dict[str, Any], config: TableConfig, locale: str) -> str:
    kind = entry["kind"]
    data = config.ai_data
    if kind == "plot":
        test = ""
        if entry.get("condition") is not None:
            cond = Condition.model_validate(entry["condition"])
            held = t("architects.table.ai.yes" if entry.get("held") else "architects.table.ai.no", locale)
            test = " " + t(
                "architects.table.ai.tested",
                locale,
                condition=ai_words.condition_text(cond, locale),
                held=held,
            )
        return t(
            "architects.table.e.plot",
            locale,
            card=ai_words.plot_name(entry["card"], locale, data),
            test=test,
            where=ai_words.place(entry["location"], locale),
            focus=f" ({t('architects.ai.focus', locale)})" if entry.get("focus") else "",
            option=ai_words.option_text(entry.get("option"), locale),
        )
    params: dict[str, Any] = {k: v for k, v in entry.items() if k != "kind"}
    if "location" in entry:
        params["where"] = ai_words.place(entry["location"], locale)
    if kind == "future":
        if entry.get("card") is None:
            return t("architects.table.e.future_none", locale)
        params["card"] = ai_words.plot_name(entry["card"], locale, data)
    if kind == "track":
        params["space"] = int(entry["space"]) + 1
        params["resource"] = name(entry["resource"], locale)
        params["marble"] = (
            t("architects.ai.track_marble", locale, count=entry["marble"]) if entry["marble"] else ""
        )
    if kind in ("gain", "adjust"):
        params["what"] = t(f"architects.table.word.{entry['what']}", locale)
    if kind == "adjust":
        params["by"] = f"{int(entry['by']):+d}"
    if kind == "wonder":
        params["wonder"] = name(entry["wonder"], locale)
        params["priority"] = ", ".join(name(p, locale) for p in entry["priority"])
    if kind == "contribute":
        params["order"] = " → ".join(name(r, locale) for r in entry["order"])
    if kind == "remove_apprentices":
        params["slots"] = ", ".join(str(s) for s in entry["slots"])
    if kind == "do":
        from engine.games.architects.ai.data import parse_option

        params["what"] = ai_words.option_text(parse_option(entry["effect"]), locale)
    return t(f"architects.table.e.{kind}", locale, **params)


def question_text(question: Question, config: TableConfig, locale: str) -> str:
    params = dict(question.params)
    if "location" in params:
        params["location"] = ai_words.place(str(params["location"]), locale)
    if "wonder" in params:
        params["wonder"] = name(str(params["wonder"]), locale)
    if "space" in params:
        params["space"] = t(f"architects.market.{params['space']}", locale)
    if question.text.startswith("cond."):  # a Plot card's condition only the table can see
        return t(f"architects.table.ai.question.{question.text[5:]}", locale, **params)
    return t(f"architects.table.q.{question.text}", locale, **params)


def state_lines(replay: Replay, config: TableConfig, locale: str) -> str:
    st = replay.state
    track = config.opponent.track
    wonders = ", ".join(name(w, locale) for w in st.wonders) or "—"
    return t(
        "architects.table.state",
        locale,
        influence=st.influence,
        virtue=st.virtue,
        marble=st.marble,
        cathedral=st.cathedral,
        wonders=wonders,
        space=st.track + 1,
        spaces=len(track),
        resource=name(track[st.track].resource, locale),
        deck=len(st.plot_deck),
        discard=len(st.discard),
        future=len(st.future),
    )


def title(config: TableConfig, locale: str, key: str, **params: Any) -> str:
    return t(key, locale, ai=ai_words.ai_name(config.ai, locale, config.ai_data), **params)


def turn_embed(replay: Replay, config: TableConfig, seq: int, locale: str) -> discord.Embed:
    st = replay.state
    turn = st.turns + (1 if replay.pending is not None else 0)  # a turn still asking is not counted yet
    embed = discord.Embed(title=title(config, locale, "architects.table.turn_title", n=turn))
    lines = [f"• {entry_line(e, config, locale)}" for e in replay.entries]
    if replay.pending is not None:
        if replay.revealing is not None:
            card = ai_words.plot_name(replay.revealing, locale, config.ai_data)
            lines.append(t("architects.table.revealing", locale, card=card))
        lines.append(f"❓ **{question_text(replay.pending, config, locale)}**")
    embed.description = "\n".join(lines)[:4000] or "—"
    embed.add_field(
        name=t("architects.table.now", locale), value=state_lines(replay, config, locale), inline=False
    )
    embed.set_footer(text=values_line(config, locale))
    return embed


def turn_view(companion_id: int, seq: int, replay: Replay, locale: str) -> discord.ui.View:
    view = Components()
    question = replay.pending
    if question is not None and question.kind == "yes_no":
        view.add_item(GameButton(ids.button(ANSWER, companion_id, seq, 1), t("architects.table.yes", locale)))
        view.add_item(GameButton(ids.button(ANSWER, companion_id, seq, 2), t("architects.table.no", locale)))
        return view
    if question is not None:
        options = [
            discord.SelectOption(label=str(n), value=str(n))
            for n in range(min(question.most, MOST_SHOWN) + 1)
        ]
        view.add_item(
            GameSelect(
                ids.select(COUNT, companion_id, seq), options, placeholder=t("architects.table.count", locale)
            )
        )
        return view
    for code, (what, by) in ADJUSTS.items():
        label = t(
            "architects.table.adjust",
            locale,
            what=t(f"architects.table.word.{what}", locale),
            sign="+" if by > 0 else "−",
        )
        view.add_item(GameButton(ids.button(ADJUST, companion_id, seq, code), label, row=(code - 1) // 4))
    return view


def status_embed(replay: Replay, config: TableConfig, locale: str) -> discord.Embed:
    opp = config.opponent
    embed = discord.Embed(title=title(config, locale, "architects.table.status_title"))
    embed.description = state_lines(replay, config, locale)
    embed.add_field(
        name=t("architects.table.power", locale), value=t(f"architects.ai.power.{opp.power}", locale)
    )
    embed.add_field(
        name=t("architects.table.focus", locale), value=ai_words.place(opp.focus.location, locale)
    )
    embed.set_footer(text=values_line(config, locale))
    return embed


class ArchitectsTableSession:
    def __init__(self, bot: BoardGamesBot) -> None:
        self.bot = bot
        self.repo = CompanionRepo(bot.store.db)
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def _active(self, channel_id: int) -> CompanionRow:
        row = await self.repo.active(channel_id)
        if row is None or row.kind != KIND:
            raise UserError("automa.none")
        return row

    async def start(self, interaction: Interaction, options: dict[str, Any]) -> Reply:
        guild = interaction.guild_id
        files = await self.bot.store.guild_data.texts(guild, "architects") if guild else {}
        # a server's printed values, copied in: the session never depends on a later upload
        config = TableConfig(
            str(options["ai"]), secrets.randbelow(2**31), files.get("ai"), files.get("wonders")
        )
        channel = interaction.channel_id or 0
        async with self.locks[channel]:
            try:
                await self.repo.create(guild, channel, KIND, config.to_dict(), interaction.user.id)
            except CompanionExists:
                raise UserError("automa.already_running") from None
        locale = channel_locale(interaction)
        replay = TableAI.replay(config, [])
        text = title(config, locale, "architects.table.started", user=interaction.user.mention)
        return Reply(text, status_embed(replay, config, locale))

    async def turn(self, interaction: Interaction, physical: bool) -> Reply:
        locale = channel_locale(interaction)
        if physical:
            raise UserError("architects.table.virtual_only")
        channel = interaction.channel_id or 0
        async with self.locks[channel]:
            row = await self._active(channel)
            config = config_of(row)
            if row.steps and TableAI.replay(config, row.steps).pending is not None:
                raise UserError("architects.table.answer_first")
            step: dict[str, Any] = {"t": "turn", "a": {}}
            steps = [*row.steps, step]
            replay = TableAI.replay(config, steps)
            await self.repo.push(row.id, len(steps), step, interaction.user.id, {"turns": replay.state.turns})
        return Reply(
            embed=turn_embed(replay, config, len(steps), locale),
            view=turn_view(row.id, len(steps), replay, locale),
        )

    async def undo(self, interaction: Interaction) -> Reply:
        locale = channel_locale(interaction)
        channel = interaction.channel_id or 0
        async with self.locks[channel]:
            row = await self._active(channel)
            if not row.steps:
                raise UserError("automa.nothing_to_undo")
            steps = row.steps[:-1]
            replay = TableAI.replay(config_of(row), steps)
            await self.repo.pop(row.id, len(row.steps), {"turns": replay.state.turns})
        text = t("architects.table.undone", locale, user=interaction.user.mention, n=len(steps))
        return Reply(text, status_embed(replay, config_of(row), locale))

    async def status(self, interaction: Interaction) -> Reply:
        row = await self._active(interaction.channel_id or 0)
        config = config_of(row)
        replay = TableAI.replay(config, row.steps)
        return Reply(embed=status_embed(replay, config, await self.bot.locale_of(interaction)), private=True)

    async def score(self, interaction: Interaction, counts: dict[str, Any]) -> Reply:
        row = await self._active(interaction.channel_id or 0)
        config = config_of(row)
        ai = TableAI(config)
        for step in row.steps:
            ai.apply(step)
        parts = ai.score(int(counts.get("debts") or 0), int(counts.get("prison") or 0))
        locale = channel_locale(interaction)
        embed = discord.Embed(
            title=title(config, locale, "architects.table.score_title", total=parts["total"])
        )
        embed.description = "\n".join(
            f"{t(f'architects.table.part.{k}', locale)}: **{v}**" for k, v in parts.items() if k != "total"
        )
        embed.set_footer(text=values_line(config, locale))
        view = Components()
        custom_id = ids.button(RECORD, row.id, parts["total"] + SCORE_OFFSET)
        view.add_item(
            GameButton(custom_id, t("architects.table.record", locale), discord.ButtonStyle.primary)
        )
        return Reply(embed=embed, view=view)

    async def stop(self, interaction: Interaction) -> Reply:
        channel = interaction.channel_id or 0
        async with self.locks[channel]:
            row = await self._active(channel)
            await self.repo.finish(row.id, "stopped")
        return Reply(
            t("architects.table.stopped", channel_locale(interaction), user=interaction.user.mention)
        )

    def components(self) -> Mapping[str, Callable[[Interaction, list[int], list[str]], Awaitable[None]]]:
        return {ANSWER: self.on_answer, COUNT: self.on_count, ADJUST: self.on_adjust, RECORD: self.on_record}

    async def on_record(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        """The /result sheet for this table game against the session's AI (its own solo
        records; `<ai>@server` with a server's values), the AI's score already in."""
        from bot.interact import send
        from bot.leaderboard import render as lb_render

        row = await self._active(interaction.channel_id or 0)
        config = config_of(row)
        results = self.bot.get_cog("Results")
        if row.id != args[0] or results is None or interaction.guild_id is None:
            raise UserError("automa.stale")
        opponent = config.ai if config.ours else f"{config.ai}@server"
        draft = results.results.start(  # type: ignore[attr-defined]
            interaction.guild_id, interaction.channel_id or 0, interaction.user.id, KIND, opponent,
            args[1] - SCORE_OFFSET,
        )  # fmt: skip
        await send(interaction, **lb_render.draft_payload(draft, await self.bot.locale_of(interaction)))

    async def _answer(self, interaction: Interaction, companion_id: int, seq: int, value: Any) -> None:
        locale = channel_locale(interaction)
        channel = interaction.channel_id or 0
        async with self.locks[channel]:
            row = await self._active(channel)
            config = config_of(row)
            pending = TableAI.replay(config, row.steps).pending if row.steps else None
            if row.id != companion_id or seq != len(row.steps) or pending is None:
                raise UserError("automa.stale")
            last = row.steps[-1]
            step = {**last, "a": {**dict(last.get("a") or {}), pending.key: value}}
            steps = [*row.steps[:-1], step]
            replay = TableAI.replay(config, steps)
            await self.repo.replace(row.id, seq, step, {"turns": replay.state.turns})
        await interaction.response.edit_message(
            embed=turn_embed(replay, config, seq, locale), view=turn_view(row.id, seq, replay, locale)
        )

    async def on_answer(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        await self._answer(interaction, args[0], args[1], args[2] == 1)

    async def on_count(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        if not values or not values[0].isdigit():
            raise UserError("automa.stale")
        await self._answer(interaction, args[0], args[1], int(values[0]))

    async def on_adjust(self, interaction: Interaction, args: list[int], values: list[str]) -> None:
        companion_id, seq, code = args[0], args[1], args[2]
        if code not in ADJUSTS:
            raise UserError("automa.stale")
        what, by = ADJUSTS[code]
        assert what in TRACKED
        locale = channel_locale(interaction)
        channel = interaction.channel_id or 0
        async with self.locks[channel]:
            row = await self._active(channel)
            config = config_of(row)
            if row.id != companion_id or seq > len(row.steps):
                raise UserError("automa.stale")
            if row.steps and TableAI.replay(config, row.steps).pending is not None:
                raise UserError("architects.table.answer_first")  # a turn still asking comes first
            step = {"t": "adjust", "what": what, "by": by}
            steps = [*row.steps, step]
            replay = TableAI.replay(config, steps)
            await self.repo.push(row.id, len(steps), step, interaction.user.id, {"turns": replay.state.turns})
        await interaction.response.send_message(
            embed=turn_embed(replay, config, len(steps), locale),
            view=turn_view(row.id, len(steps), replay, locale),
        )


COMPANION = CompanionSpec(KIND, StartOptions, ArchitectsTableSession, ScoreOptions)
