"""The text readers keep what they read of a text (the reader reads each source sentence many times an answer), and
what a caller does to a result never reaches the next caller."""

from __future__ import annotations

from veracity.text.novelty import content_words
from veracity.text.values import clock_times, find_dates, find_numbers

TEXT = "On 3 March 2021 the shop opened at 9 am with 1,200 visitors and twenty staff."


def test_a_changed_result_does_not_change_the_next_reading() -> None:
    for read in (content_words, clock_times, find_dates, find_numbers):
        first = read(TEXT)
        expected = list(first)
        assert expected, read.__name__
        first.clear()
        assert read(TEXT) == expected, read.__name__


def test_numbers_with_ranges_to_skip_are_read_afresh() -> None:
    every = find_numbers(TEXT)
    skipping = find_numbers(TEXT, skip=[(0, len(TEXT))])
    assert [n.text for n in every] == ["9", "1,200", "twenty"]  # the date's figures are no numbers
    assert skipping == [] and find_numbers(TEXT) == every
