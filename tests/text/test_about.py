"""What a source line is about (issue 77): list leads, the aligner's text, and Sources read as clauses."""

from __future__ import annotations

from veracity.schema import Document
from veracity.stages.sources import Sources
from veracity.text.about import MAX_ABOUT_CHARS, aligned_text, list_leads

BIKES = (
    "# Bike hire\n\n## City bikes\n- Up to 3 hours: £12\n- A full day: £25\n\n"
    "## Electric bikes\n- Up to 3 hours: £30\n- A full day: £55\n"
)


def test_a_lead_line_leads_the_lines_under_it_up_to_a_blank_line() -> None:
    text = "Prices\n\nChildren under 5:\n- Entry: free\n- Guided tour: £2\n\nAdults pay £9."
    (lead,) = list_leads(text)
    assert lead.text == "Children under 5" and text[lead.start : lead.end] == "- Entry: free\n- Guided tour: £2"
    assert list_leads("Open daily: 9 am to 5 pm.\nClosed: Mondays") == []  # a value after the colon: no lead


def test_aligned_text_puts_the_path_first_and_keeps_the_innermost_of_a_long_one() -> None:
    assert aligned_text(("Bike hire", "Electric bikes"), "A full day: [AMOUNT]") == (
        "Bike hire / Electric bikes | A full day: [AMOUNT]"
    )
    deep = tuple(f"Level {k} of a long nesting" for k in range(20))
    text = aligned_text(deep, "x")
    assert text.endswith("Level 19 of a long nesting | x") and len(text) <= MAX_ABOUT_CHARS + len(" | x")


def test_sources_read_a_markdown_list_as_clauses_each_with_its_heading_path() -> None:
    sources = Sources([Document(id="bikes", text=BIKES)])
    clauses = [(c.text, sources.about(c.document, c.start)) for c in sources.clauses]
    assert ("A full day: £55", ("Bike hire", "Electric bikes")) in clauses
    assert ("A full day: £25", ("Bike hire", "City bikes")) in clauses
    for c in sources.clauses:  # offsets into the document's own text, list markers left out
        assert BIKES[c.start : c.end] == c.text and not c.text.startswith("-")


def test_a_lead_joins_the_heading_path_and_wrapped_prose_stays_one_clause() -> None:
    text = "Swimming\n\nMembers:\n- Adult swim: £3\n- Junior swim: £1.50\n\nThe pool opens at 7 am and\ncloses at 9 pm."
    sources = Sources([Document(id="d", text=text)])
    about = {c.text: sources.about(c.document, c.start) for c in sources.clauses}
    assert about["Junior swim: £1.50"] == ("Swimming", "Members")
    assert "The pool opens at 7 am and\ncloses at 9 pm." in about


def test_text_with_no_structure_reads_as_its_sentences() -> None:
    text = "The museum opens at 10 am. Entry costs £12 for adults."
    sources = Sources([Document(id="d", text=text)])
    assert [c.text for c in sources.clauses] == [s.text for s in sources.sentences]
    assert all(sources.about(c.document, c.start) == () for c in sources.clauses)


def test_a_heading_line_is_about_its_parents_not_the_heading_before_it() -> None:
    text = "# Passes\n\n## Day pass\n\nIncludes the pool.\n\n## Evening pass\n\nIncludes the sauna.\n"
    sources = Sources([Document(id="p", text=text)])
    about = {c.text: sources.about(c.document, c.start) for c in sources.clauses}
    assert about["## Evening pass"] == ("Passes",)  # was ("Passes", "Day pass"): the heading line before it
    assert about["## Day pass"] == ("Passes",)
    assert about["# Passes"] == ()
    assert about["Includes the sauna."] == ("Passes", "Evening pass")
