"""Values with their kind and written span (text/values/kinds.py), as masked frames read them; checked by hand."""

from __future__ import annotations

from veracity.text.values.kinds import same_stated, sentence_values


def test_each_value_gets_its_kind_and_the_span_it_is_written_in():
    text = "It cost $50 million in 2019, took 180 days, rose 45% and opens at 7 pm at 1226 State St for 12 guests."
    read = [(v.kind, text[v.start : v.end], v.noun) for v in sentence_values(text)]
    assert read == [
        ("AMOUNT", "$50 million", None),  # the currency and the scale word go with it
        ("DATE", "2019", None),  # a year-like plain integer
        ("DURATION", "180 days", None),
        ("PERCENT", "45%", None),
        ("TIME", "7 pm", None),
        ("ADDRESS", "1226 State St", None),  # a house number, no year
        ("COUNT", "12", "guest"),  # a count keeps the noun it counts
    ]


def test_two_values_state_the_same_thing_by_conversion_and_by_date_parts():
    # 23 kg = 50.7 lb, and "about 50" reads as 50 ± 5
    assert same_stated(sentence_values("about 50 lb")[0], sentence_values("23 kg")[0])
    assert not same_stated(sentence_values("60 lb")[0], sentence_values("23 kg")[0])
    assert not same_stated(sentence_values("60 days")[0], sentence_values("60 kg")[0])  # another kind
