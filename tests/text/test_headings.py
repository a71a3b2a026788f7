"""Headings read by rules (issue 77, item 1's first step): Markdown and short plain lines, each with its path."""

from __future__ import annotations

from veracity.schema import Document
from veracity.stages.sources import Sources
from veracity.text.headings import MAX_HEADINGS, heading_lines

BIKES = (
    "Bike hire\n\nCity bikes\nUp to 3 hours: £12. A full day: £25. Helmet included.\n\n"
    "Electric bikes\nUp to 3 hours: £30. A full day: £55. Helmet and charger included.\n"
)


def test_plain_and_markdown_headings_with_their_paths() -> None:
    assert [h.text for h in heading_lines(BIKES)] == ["Bike hire", "City bikes", "Electric bikes"]
    text = "# Passes\n## Day pass\nPool and gym.\n## Evening pass\nPool only.\n### Notes\nNo towels."
    assert [h.path for h in heading_lines(text)] == [
        ("Passes",),
        ("Passes", "Day pass"),
        ("Passes", "Evening pass"),
        ("Passes", "Evening pass", "Notes"),
    ]
    for heading in heading_lines(text):
        assert text[heading.start : heading.end] == heading.text


def test_what_is_no_heading() -> None:
    # a sentence wrapped onto the next line, a line ending in a colon or full stop, list items, table rows, a last line
    assert heading_lines("The company reported a profit\nof 5 million in 2020.") == []
    assert heading_lines("Prices:\nA day: £25.") == []
    assert heading_lines("Open daily.\nA day: £25.") == []
    assert heading_lines("- City bikes\n- Electric bikes\nBoth: £25.") == []
    assert heading_lines("| Bike | Price |\n|---|---|\n| City | £25 |") == []
    assert heading_lines("A day: £25.\nThanks for reading") == []
    assert heading_lines("") == []


def test_sources_cut_a_heading_from_the_line_under_it_and_say_what_each_sentence_is_under() -> None:
    sources = Sources([Document(id="bikes", text=BIKES)])
    sentences = [s.text for s in sources.headed_sentences]
    assert "Electric bikes" in sentences and "A full day: £55." in sentences
    under = {s.text: getattr(sources.heading_of(s.document, s.start), "text", None) for s in sources.headed_sentences}
    assert under["A full day: £55."] == "Electric bikes" and under["A full day: £25."] == "City bikes"
    for s in sources.headed_sentences:
        assert BIKES[s.start : s.end] == s.text
    assert "Electric bikes\nUp to 3 hours: £30." in [s.text for s in sources.sentences]  # the others' reading


def test_deep_nesting_many_lines_and_another_language_are_bounded_work() -> None:
    deep = "\n".join(f"{'#' * min(k, 6)} Level {k}\nText {k}." for k in range(1, 21))
    assert len(heading_lines(deep)) == 20 and max(len(h.path) for h in heading_lines(deep)) == 6
    many = "\n\n".join(f"Section {k}\nLine {k}." for k in range(5_000))
    assert len(heading_lines(many)) == MAX_HEADINGS
    assert [h.text for h in heading_lines("Fahrräder\nEin Tag: 25 €.")] == ["Fahrräder"]


def test_a_list_of_name_value_lines_has_no_headings() -> None:
    text = "Fibre 900\nJoining fee £45\nContract length: 12 months\nPrice: £29 per month."
    assert [h.text for h in heading_lines(text)] == ["Fibre 900"]
