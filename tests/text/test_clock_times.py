"""Clock times in every form read as one time of day (issue 76 §1): 12-hour, 24-hour and words, both directions.

Cases written for this test (a hospital's opening hours), not taken from any evaluation set.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from veracity.text.bridges import bridges, restated
from veracity.text.values import clock_times, compare_values, read_values
from veracity.text.values.clock import same_time


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("open 08:00", [480]),
        ("open 18:00", [1080]),
        ("open 8 am", [480]),
        ("open 6 pm", [1080]),
        ("open 6 p.m. daily", [1080]),
        ("open 9.30am", [570]),
        ("open 9.30 pm", [1290]),
        ("open 12 noon", [720]),
        ("open at midday", [720]),
        ("shuts at midnight", [0]),
        ("at half past two", [150]),
        ("at a quarter to nine", [525]),
        ("at three o'clock", [180]),
        ("09:00-12:00", [540, 720]),
        ("from 3 pm to 7 pm", [900, 1140]),
    ],
)
def test_each_written_form_is_one_time_of_day(text: str, minutes: list[int]) -> None:
    assert [t.minutes for t in clock_times(text)] == minutes


@pytest.mark.parametrize("text", ["25:00", "13 pm", "9.75am", "noonish", "9.30", "£9.30", "1.30 kg", "24:61"])
def test_a_form_no_clock_has_is_kept_as_words(text: str) -> None:
    assert clock_times(text) == []
    assert not [v for v in read_values(text) if v.noun == "time-of-day"]


def test_a_range_with_one_end_unreadable_keeps_the_readable_end() -> None:
    assert [t.text for t in clock_times("open 9 am to 25:00")] == ["9 am"]


def test_the_full_stop_after_pm_ends_the_sentence_not_the_time() -> None:
    assert [t.text for t in clock_times("The pharmacy closes at 6 pm.")] == ["6 pm"]
    assert [t.text for t in clock_times("It closes at 6 p.m.")] == ["6 p.m."]


def test_twelve_hour_times_without_am_or_pm_may_mean_either_half_of_the_day() -> None:
    eight, eight_pm, early, noon = clock_times("8:00, 8 pm, 08:00, 12:00")
    assert same_time(eight, eight_pm) and not same_time(early, eight_pm)
    assert sorted(eight.readings) == [480, 1200] and noon.readings == frozenset({720})


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("from 6:30 to 9:30 pm", [("6:30", 1110), ("9:30 pm", 1290)]),
        ("6:30–9:30 pm", [("6:30", 1110), ("9:30 pm", 1290)]),
        ("from 6 to 9 pm", [("6", 1080), ("9 pm", 1260)]),
        ("8–11:30 pm", [("8", 1200), ("11:30 pm", 1410)]),
        ("from 11 to 4 pm", [("11", 660), ("4 pm", 960)]),  # 23:00 would end the range before it starts
        ("9 until 11 am", [("9", 540), ("11 am", 660)]),
        ("from 10 to 12 pm", [("10", 600), ("12 pm", 720)]),
    ],
)
def test_a_range_writes_its_am_or_pm_once_after_its_second_bound(text: str, read: list[tuple[str, int]]) -> None:
    times = clock_times(text)
    assert [(t.text, t.minutes) for t in times] == read
    assert all(t.meridiem for t in times)


@pytest.mark.parametrize("text", ["at 7 to 8", "6:30 and 9:30 pm", "rooms 6 to 9", "aged 5 to 11, from 9 pm"])
def test_only_a_range_word_between_the_bounds_shares_the_am_or_pm(text: str) -> None:
    assert all(t.text.endswith("pm") or not t.meridiem for t in clock_times(text))
    assert not [t for t in clock_times(text) if t.text.isdigit()]


def test_a_range_written_with_one_pm_is_supported_by_the_24_hour_range() -> None:
    from veracity.stages.verify.grounding import GroundingChecker

    source = "The Étoile run is floodlit on Tuesdays and Fridays, 18:30–21:30."
    checker = GroundingChecker()
    _, missing = checker.check("The run is floodlit from 6:30 to 9:30 pm.", [source])
    assert missing == []
    _, missing = checker.check("The run is floodlit from 6:30 to 9:30 am.", [source])
    assert [m.text for m in missing] == ["6", "9"]


def test_a_clock_time_is_one_value_compared_only_with_times() -> None:
    [three, seven] = read_values("from 3 pm to 7 pm")
    [fifteen, _] = read_values("15:00 to 19:00")
    assert (three.amount, seven.amount) == (Decimal(900), Decimal(1140))
    assert compare_values(three, fifteen) == (True, "")
    assert compare_values(seven, fifteen) == (False, "time")
    eight, eight_pm = read_values("8:00 or 8 pm")
    assert compare_values(eight, eight_pm) == (True, "")  # "8:00" may be 20:00
    count, price = read_values("15 people and £15")
    assert compare_values(fifteen, count) == (None, "") and compare_values(fifteen, price) == (None, "")


def test_the_nli_reads_the_premises_writing_and_the_span_model_a_bridge() -> None:
    premise = "Outpatient pharmacy: open 08:00 to 18:00, Monday to Saturday."
    assert restated("The pharmacy is open from 8 am to 6 pm.", premise) == "The pharmacy is open from 08:00 to 18:00."
    assert bridges("The pharmacy is open from 8 am to 6 pm.", premise) == ["08:00 is 8 am.", "18:00 is 6 pm."]
    assert bridges("The pharmacy is open from 8 am to 7 pm.", premise) == ["08:00 is 8 am."]  # 7 pm: no bridge
    assert restated("It opens at 08:00.", "It opens at 8 am.") == "It opens at 8 am."


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("from 10 in the morning until 6 in the evening", [("10 in the morning", 600), ("6 in the evening", 1080)]),
        ("at 10 at night, or 2 at night", [("10 at night", 1320), ("2 at night", 120)]),
        ("half past ten in the morning", [("half past ten in the morning", 630)]),
        ("a quarter to one in the afternoon", [("a quarter to one in the afternoon", 765)]),
        ("seven in the evening", [("seven in the evening", 1140)]),
        ("from 7 to 9 in the evening", [("7", 1140), ("9 in the evening", 1260)]),  # the range's part of the day
        ("at 9 in the afternoon", []),  # a part of the day that does not fit the hour: no time, as before
    ],
)
def test_a_time_with_its_part_of_the_day_is_read_as_with_am_or_pm(text: str, read: list[tuple[str, int]]) -> None:
    assert [(t.text, t.minutes) for t in clock_times(text)] == read


def test_a_duration_the_sentence_shows_as_the_span_of_its_own_two_times_is_supported() -> None:
    from veracity.stages.verify.grounding import GroundingChecker

    source = "Weekdays: open 10:00–18:00. Saturdays: 09:00–13:00."
    checker = GroundingChecker()
    for answer in ("It is open for eight hours on weekdays, from 10 in the morning until 6 in the evening.",
                   "On weekdays it opens at 10 am and closes at 6 pm, so it is open for 8 hours."):  # fmt: skip
        assert checker.check(answer, [source])[1] == []
    # a span that is not the sentence's own two times, or not their span, is no support
    assert [m.text for m in checker.check("It is open for seven hours, from 10 am to 6 pm.", [source])[1]] == ["seven"]
    assert [m.text for m in checker.check("On Saturdays it is open for four hours.", [source])[1]] == ["four"]
