"""Charts stay readable for any number of games: bounded bars, marked points, a note for one game."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import t
from bot.leaderboard.charts import (
    HEIGHT,
    MARGIN_BOTTOM,
    MARGIN_TOP,
    MAX_BAR,
    PALETTE,
    WIDTH,
    rating_chart,
    score_histogram,
)


def pixels(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def columns_of(image: Image.Image, colour: tuple[int, int, int], y: int) -> list[int]:
    return [x for x in range(WIDTH) if image.getpixel((x, y)) == colour]


@pytest.mark.parametrize("scores", [[34], [34, 34], [10, 12], [3, 40, 41, 90]])
def test_a_few_games_make_bars_not_a_block(scores: list[int]) -> None:
    image = pixels(score_histogram(scores, "Scores"))
    filled = columns_of(image, PALETTE[0], HEIGHT - MARGIN_BOTTOM - 3)
    bars = len({x for x in filled if x - 1 not in filled})  # runs of bar colour along one row
    assert filled and len(filled) <= bars * (MAX_BAR + 1)
    assert len(filled) < WIDTH // 2


def test_many_games_still_fill_the_histogram() -> None:
    scores = [s % 97 for s in range(500)]
    image = pixels(score_histogram(scores, "Scores"))
    assert len(columns_of(image, PALETTE[0], HEIGHT - MARGIN_BOTTOM - 3)) > WIDTH // 2


def test_one_game_is_a_marked_point_with_a_note() -> None:
    note = t("lb.chart.too_few", "en")
    with_note = pixels(rating_chart({"Dominion": [12.5]}, "Rating", note))
    without = pixels(rating_chart({"Dominion": [12.5]}, "Rating"))
    # the point is a marker in the middle of the plot, not a dot on the axis
    middle_row = MARGIN_TOP + (HEIGHT - MARGIN_TOP - MARGIN_BOTTOM) // 2
    marked = [x for y in range(middle_row - 4, middle_row + 5) for x in columns_of(with_note, PALETTE[0], y)]
    assert marked and WIDTH * 0.4 < sum(marked) / len(marked) < WIDTH * 0.6
    assert with_note.tobytes() != without.tobytes()  # the note is drawn
    assert t("lb.chart.too_few", "pt") != note


def test_a_few_games_have_a_marker_on_every_point() -> None:
    chart = rating_chart({"Dominion": [1.0, 9.0, 5.0]}, "Rating", "few")
    image = pixels(chart)
    widths = [len(columns_of(image, PALETTE[0], y)) for y in range(MARGIN_TOP, HEIGHT - MARGIN_BOTTOM)]
    assert max(widths) >= 5  # a marker is wider than the 2 px line
    # two games or more make a trend: the note is not drawn
    assert chart == rating_chart({"Dominion": [1.0, 9.0, 5.0]}, "Rating")


def test_a_series_of_one_game_beside_a_longer_one_is_still_drawn() -> None:
    data = rating_chart({"Dominion": [1.0, 3.0], "Everdell": [2.0]}, "Rating", "few")
    image = pixels(data)
    assert image.size == (WIDTH, HEIGHT) and len(data) < 40_000
    plot = range(MARGIN_TOP, HEIGHT - MARGIN_BOTTOM)
    assert sum(len(columns_of(image, PALETTE[1], y)) for y in plot) >= 20  # Everdell's marker
