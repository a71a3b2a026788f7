"""A product stated in another unit of the same quantity is vouched (issue 76 §2): "2 g" for 2 × 250 mg × 4.

Cases written for this test (medicine leaflets), not taken from any evaluation set.
"""

from __future__ import annotations

from veracity.text.bridges import bridges

LEAFLET = "Take two 250 mg capsules four times a day."


def test_a_product_of_three_terms_in_another_unit_is_bridged() -> None:
    answer = "Take two 250 mg capsules four times a day, which is 2 g a day."
    assert bridges(answer, LEAFLET) == ["(8 × 0.25 g = 2 g in all.)"]


def test_a_wrong_product_gets_no_bridge() -> None:
    assert bridges("Take two 250 mg capsules four times a day, which is 3 g a day.", LEAFLET) == []


def test_a_count_before_a_value_states_no_value_of_its_own() -> None:
    """ "two" of "two 250 mg capsules" is no "2 g": the stated 2,000 mg is what vouches, and is bridged."""
    leaflet = "Take two 250 mg capsules four times a day (2,000 mg a day)."
    answer = "Take two 250 mg capsules four times a day, which is 2 g a day."
    assert bridges(answer, leaflet) == ["2,000 mg is 2 g."]


def test_one_count_times_a_value_in_another_unit() -> None:
    assert bridges("Take eight 500 mg tablets a day, which is 4 g in all.", "Take eight 500 mg tablets a day.") == [
        "(8 × 0.5 g = 4 g in all.)"
    ]
