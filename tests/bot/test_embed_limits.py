"""`fit_embed` keeps every embed within Discord's limits, and leaves one already within them as it is."""

from __future__ import annotations

import discord

from bot.render.limits import EMBED_TOTAL, embed_size, fit_embed


def test_an_embed_within_the_limits_is_left_as_it_is() -> None:
    embed = discord.Embed(title="Board", description="Turn 3")
    embed.add_field(name="Kingdom", value="Village · $3 · 10", inline=True)
    embed.add_field(name="Trash", value="—", inline=False)
    embed.set_footer(text="footer")
    before = embed.to_dict()
    assert fit_embed(embed) is embed
    assert embed.to_dict() == before


def test_every_part_is_clipped_to_its_limit() -> None:
    embed = discord.Embed(title="t" * 300, description="d" * 5000)
    embed.add_field(name="n" * 300, value="v" * 2000)
    embed.add_field(name="", value="")  # Discord refuses empty fields
    fit_embed(embed)
    assert embed.title is not None and len(embed.title) == 256 and embed.title.endswith("…")
    assert len(embed.description or "") <= 4096
    first, second = embed.fields
    assert len(first.name or "") == 256 and len(first.value or "") == 1024
    assert first.value is not None and first.value.endswith("…")
    assert (second.name, second.value) == ("\u200b", "\u200b")
    assert embed_size(embed) <= EMBED_TOTAL


def test_trailing_fields_go_until_the_total_fits() -> None:
    embed = discord.Embed(title="Board")
    for i in range(30):
        embed.add_field(name=f"Player {i}", value="x" * 1000)
    fit_embed(embed)
    assert len(embed.fields) == 5  # 25 at most, then as many as 6,000 characters hold
    assert [f.name for f in embed.fields] == [f"Player {i}" for i in range(5)]
    assert embed_size(embed) <= EMBED_TOTAL


def test_the_footer_and_author_count_toward_the_total() -> None:
    embed = discord.Embed(title="Board", description="d" * 4000)
    embed.set_footer(text="f" * 1500)
    embed.set_author(name="a" * 200)
    embed.add_field(name="Field", value="v" * 500)
    fit_embed(embed)
    assert embed_size(embed) <= EMBED_TOTAL
    assert embed.fields == []  # the field went first; the rest fits
