"""Marks in whole words and whole values (issue 76), on strings checked by hand."""

from __future__ import annotations

import pytest

from veracity.text.spans import snap, stated_words, trim, value_spans, word_spans


def shown(text: str, span: tuple[int, int] | None) -> str | None:
    return None if span is None else text[span[0] : span[1]]


def at(text: str, part: str, start: int = 0, end: int = 0) -> tuple[int, int]:
    """The range of ``part`` in ``text``, moved by ``start`` and ``end`` characters."""
    where = text.index(part)
    return where + start, where + len(part) + end


@pytest.mark.parametrize(
    ("text", "part", "start", "end", "expected"),
    [
        ("Day tickets cost £3.50 each.", "ickets", 0, 0, "tickets"),  # starts mid-word
        ("Day tickets cost £3.50 each.", "Day ticke", 0, 0, "Day tickets"),  # ends mid-word
        ("Day tickets cost £3.50 each.", "£3", 0, 0, "£3.50"),  # a price cut in its decimals
        ("Day tickets cost £3.50 each.", "50", 0, 0, "£3.50"),  # its decimals alone
        ("Day tickets cost £3.50 each.", "3.50", 0, 0, "£3.50"),  # the number without its currency
        ("Day tickets cost £3.50 each.", "cost £3", 0, 0, "cost £3.50"),
        ("Take 2,000 mg a day.", "2,0", 0, 0, "2,000 mg"),  # thousands separator and unit
        ("Take 2,000 mg a day.", "mg", 0, 0, "2,000 mg"),  # the unit alone
        ("Open at 9:30 am daily.", "9:3", 0, 0, "9:30 am"),  # a clock time whole
        ("Open from 9.30am daily.", "9.3", 0, 0, "9.30am"),
        ("Visitors park for 2,000 minutes.", "2,000", 0, 0, "2,000 minutes"),  # a number with its noun
        ("A weekly pass costs £13.50.", "costs £13.50.", 0, 0, "costs £13.50"),  # no full stop at the end
        ("A weekly pass costs £13.50.", "costs £13.50.", -1, 0, "costs £13.50"),  # nor a space at the start
        ('He said "never again", twice.', '"never again",', 0, 0, "never again"),  # quotes and commas
        ("(It was up to 45%.)", "up to 45%.)", 0, 0, "up to 45%"),  # a value's own "%" stays
        ("It fell to -5 °C.", "-5 °C.", 0, 0, "-5 °C"),  # and a minus sign
        ("The shop closes at 3 p.m.", "3 p.m.", 0, 0, "3 p.m."),  # an abbreviation's last stop stays
        ("The clinic shuts at 6 pm.", "6 pm.", 0, 0, "6 pm"),  # a sentence's stop does not
        ("Born in Kraków.", "rakó", 0, 0, "Kraków"),  # non-ASCII letters are word characters
        ("Heian-kyō was the capital.", "kyō", -1, 0, "kyō"),  # a hyphen is a word's boundary, taken off
        ("It is a naïve reading.", "ïve", 0, 0, "naïve"),
        ("They don't open.", "don", 0, 0, "don't"),  # an apostrophe inside a word
        ("It costs £4.", "£4.", 0, 0, "£4"),  # a mark at the text's end
        ("It costs £4", "4", 0, 0, "£4"),
    ],
)
def test_a_mark_snaps_to_whole_words_and_values(text, part, start, end, expected) -> None:
    assert shown(text, snap(text, *at(text, part, start, end))) == expected


@pytest.mark.parametrize(("start", "end"), [(3, 3), (5, 3), (3, 4), (11, 14), (23, 40), (-5, 0)])
def test_an_empty_or_blank_mark_is_none(start, end) -> None:
    text = "Day tickets ... cost £4"
    assert snap(text, start, end) is None


def test_a_mark_past_the_texts_end_is_clipped() -> None:
    text = "Day tickets cost £4.50."
    assert shown(text, snap(text, 17, 99)) == "£4.50"
    assert shown(text, snap(text, -3, 3)) == "Day"


def test_words_and_values_of_a_text() -> None:
    text = "Take 2,000 mg at 9:30 am, or £3.50 up to 45% off."
    assert [text[s:e] for s, e in word_spans(text)] == [
        "Take", "2,000", "mg", "at", "9:30", "am", "or", "3.50", "up", "to", "45", "off",
    ]  # fmt: skip
    assert [text[s:e] for s, e in value_spans(text)] == ["2,000 mg", "9:30 am", "£3.50", "45%"]
    assert "up to 45%" in [text[s:e] for s, e in value_spans(text, qualified=True)]


def test_the_words_a_source_states_beside_the_same_neighbour() -> None:
    text = "Day tickets cost £4.50."
    assert [text[s:e] for s, e in stated_words(text, "Day tickets cost £6.50 and weekly tickets cost £20.")] == [
        "Day",
        "tickets",
        "cost",
    ]
    weekly = "A weekly pass costs £13.50."
    assert [weekly[s:e] for s, e in stated_words(weekly, "Weekly pass: £15 for seven consecutive days.")] == [
        "weekly",
        "pass",
    ]


def test_a_word_the_source_gives_only_beside_other_words_is_not_stated() -> None:
    text = "The office is closed on Sundays."
    assert [text[s:e] for s, e in stated_words(text, "The office is closed on Saturdays and open on Sundays.")] == [
        "office",
        "closed",
    ]


def test_a_value_or_a_name_is_never_stated() -> None:
    text = "In 1868 the capital moved to Tokyo from Kyoto."
    evidence = "In 1868 the capital moved to Kyoto from Tokyo."
    assert [text[s:e] for s, e in stated_words(text, evidence)] == ["capital", "moved"]


def test_stated_words_are_read_within_the_unit() -> None:
    text = "Intro. Day tickets cost £4.50."
    unit = text.index("Day")
    assert [text[s:e] for s, e in stated_words(text, "Day tickets cost £6.50.", unit)] == ["Day", "tickets", "cost"]


def test_trimming_takes_stated_and_glue_words_off_the_ends_only() -> None:
    text = "Day tickets cost £4.50 and weekly tickets cost more."
    stated = stated_words(text, "Day tickets cost £6.50 and weekly tickets cost £20.")
    keep = value_spans(text, qualified=True)
    assert shown(text, trim(text, 0, len(text) - 1, stated, keep)) == "£4.50 and weekly tickets cost more"
    assert shown(text, trim(text, *at(text, "Day tickets cost"), stated, keep)) is None  # nothing else in it
    assert shown(text, trim(text, *at(text, "and weekly"), stated, keep)) is None  # a stated word and a glue word
    assert shown(text, trim(text, *at(text, "cost more"), stated, keep)) == "more"


def test_trimming_keeps_a_value_with_its_qualifiers_and_what_a_checker_found() -> None:
    text = "The weight limit is up to 10 kg per bag."
    stated = stated_words(text, "The weight limit is 20 kg per bag.")
    keep = value_spans(text, qualified=True)
    assert shown(text, trim(text, *at(text, "is up to 10 kg"), stated, keep)) == "up to 10 kg"
    assert shown(text, trim(text, *at(text, "weight limit is up to 10 kg"), stated, keep)) == "up to 10 kg"
    name = "Omar Haddad leads the team."
    found = [at(name, "Omar Haddad")]
    stated = stated_words(name, "Omar Haddad leads the other team.")
    assert shown(name, trim(name, *at(name, "Omar Haddad leads"), stated, found)) == "Omar Haddad"


def test_a_word_the_source_states_without_the_units_negation_is_not_stated() -> None:
    text = "Day tickets are not refundable."
    stated = stated_words(text, "Day tickets are refundable.")
    assert [text[s:e] for s, e in stated] == ["Day", "tickets"]
    assert shown(text, trim(text, 0, len(text) - 1, stated)) == "not refundable"  # a negation is no glue word
    plain = "Day tickets are refundable."
    assert [plain[s:e] for s, e in stated_words(plain, "Day tickets aren't refundable.")] == ["Day", "tickets"]
    same = stated_words(plain, "Day tickets are refundable.")
    assert [plain[s:e] for s, e in same] == ["Day", "tickets", "refundable"]
