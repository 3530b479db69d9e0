"""The one PIMC loop (rams.bots.sampling): weights, dropped worlds, failed draws, the limits."""

from __future__ import annotations

from collections.abc import Iterator

from rams.bots.sampling import Tally, sample_values


def _draws(*items: tuple[int, float] | None) -> Iterator[tuple[int, float] | None]:
    yield from items


def test_values_are_summed_by_weight_and_a_weightless_world_is_dropped() -> None:
    """Worlds 1, 2, 3 weighing 1, 3 and 0: 'a' is worth the world, 'b' its double. The
    weightless world counts as drawn but adds nothing: a = 1·1 + 3·2 = 7, weight 4."""
    draws = _draws((1, 1.0), (2, 3.0), (3, 0.0))
    tally = sample_values(
        ["a", "b"], lambda: next(draws), lambda w: {"a": w, "b": 2 * w}, samples=3
    )
    assert tally.totals == {"a": 7.0, "b": 14.0}
    assert tally.weight == 4.0 and tally.samples == 3
    assert tally.means() == {"a": 7 / 4, "b": 14 / 4}


def test_a_failed_draw_is_not_a_sample_and_tries_are_capped() -> None:
    """Two failures between two worlds: two samples from four tries; with three tries in
    all, one sample only."""
    draws = _draws(None, (5, 1.0), None, (6, 1.0))
    tally = sample_values(["x"], lambda: next(draws), lambda w: {"x": w}, samples=2, tries=4)
    assert tally.samples == 2 and tally.totals == {"x": 11.0}
    draws = _draws(None, (5, 1.0), None, (6, 1.0))
    tally = sample_values(["x"], lambda: next(draws), lambda w: {"x": w}, samples=2, tries=3)
    assert tally.samples == 1 and tally.totals == {"x": 5.0}


def test_a_value_for_a_card_not_asked_about_is_ignored() -> None:
    tally = sample_values(["x"], lambda: (1, 1.0), lambda w: {"x": 1.0, "y": 9.0}, samples=2)
    assert tally.totals == {"x": 2.0}


def test_no_world_means_zeros() -> None:
    tally = sample_values(["x", "y"], lambda: None, lambda w: {"x": 1.0}, samples=4, tries=8)
    assert tally == Tally({"x": 0.0, "y": 0.0}, 0.0, 0)
    assert tally.means() == {"x": 0.0, "y": 0.0}


def test_with_a_time_limit_at_least_one_world_is_drawn() -> None:
    """Anytime: a limit of 0 s still draws the first world, and no other."""
    tally = sample_values(["x"], lambda: (1, 1.0), lambda w: {"x": 1.0}, samples=50, seconds=0.0)
    assert tally.samples == 1


def test_a_world_that_could_not_be_valued_is_left_out() -> None:
    """Worlds 1, 2, 3, the second unvalued (its solver stopped at its limit): it counts as
    drawn, adds neither value nor weight; x = 1 + 3 = 4 over weight 2."""
    draws = _draws((1, 1.0), (2, 1.0), (3, 1.0))
    tally = sample_values(
        ["x"], lambda: next(draws), lambda w: {} if w == 2 else {"x": float(w)}, samples=3
    )
    assert tally.samples == 3 and tally.valued == 2
    assert tally.totals == {"x": 4.0} and tally.weight == 2.0
