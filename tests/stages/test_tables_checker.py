"""The table checker: a value the answer gives one row or column of a source table that sits in another.

Cases written for these tests (a bike-hire shop, a climbing wall), not taken from any evaluation set.
"""

from __future__ import annotations

from veracity.schema import Document
from veracity.stages.sources import AnswerUnits, Sources
from veracity.stages.verify.checkers.tables import TableChecker, named
from veracity.stages.verify.checks import rule_checkers
from veracity.text.split import split_sentences

BIKES = (
    "Hire prices at the Quayside shop.\n"
    "| Bike | Half day | Full day |\n"
    "|---|---|---|\n"
    "| City bike | £12 | £20 |\n"
    "| E-bike | £25 | £40 |\n"
    "| Tandem | £22 | £35 |\n"
    "Helmets and locks are free with every hire."
)
WALL = (
    "Route grades and passes at Crag Hall.\n"
    "| Wall height | Auto-belay lines | Day pass |\n"
    "|---|---|---|\n"
    "| up to 6 m | 4 | £9 |\n"
    "| 6–12 m | 6 | £12 |\n"
    "| 12–18 m | 2 | £15 |\n"
)
HOURS = (
    "Centre | Weekdays | Saturday | Sunday\n"
    "Riverside | 07:00–22:00 | 09:00–18:00 | 10:00–16:00\n"
    "Hillcrest | 08:00–21:00 | 10:00–17:00 | closed\n"
)


def check(answer: str, *texts: str) -> list:
    units = [(s.span.start, s.span.end) for s in split_sentences(answer, "rules")]
    sources = Sources([Document(id=f"d{k}", text=t) for k, t in enumerate(texts)])
    return TableChecker().findings(AnswerUnits.of(answer, units), sources)


def test_a_value_from_another_row_is_contradicted_by_the_named_rows_cell():
    [finding] = check("Renting an e-bike for the whole day will set you back £35.", BIKES)
    assert finding.relation == "contradicted" and finding.kind == "value"
    assert finding.span.text == "£35"
    assert finding.source_text == "E-bike, Full day: £40"
    assert BIKES[finding.source_span.start : finding.source_span.end] == "£40"
    assert "£35 is Tandem, Full day" in finding.explanation


def test_a_row_is_named_by_a_number_inside_its_range():
    [finding] = check("On a 14-metre wall a day pass costs £12.", WALL)
    assert finding.source_text == "12–18 m, Day pass: £15"
    # a number on a bound names neither row it bounds: nothing to compare
    assert check("On a 6-metre wall a day pass costs £12.", WALL) == []


def test_a_value_from_the_named_rows_other_column_is_contradicted():
    [finding] = check("On Sundays Riverside is open from 9am until 6pm.", HOURS)
    assert finding.source_text == "Riverside, Sunday: 10:00–16:00"
    assert finding.span.text == "9am until 6pm"


def test_faithful_lookups_reworded_pass():
    assert check("A tandem costs £22 for half a day or £35 for the full day.", BIKES) == []
    assert check("Hiring an e-bike for a full day costs £40.", BIKES) == []
    assert check("Hillcrest opens at ten on Saturdays and shuts at five.", HOURS) == []
    assert check("The 6–12 m walls have six auto-belay lines.", WALL) == []


def test_two_columns_named_alike_name_neither():
    assert named([frozenset({"half", "day"}), frozenset({"full", "day"})], frozenset({"day"})) == (None, {0, 1})
    # the unit says "half" and "full": both columns, so a value under either is not moved between them
    assert check("A city bike is £12 for a half day and £20 for a full one.", BIKES) == []


def test_a_sum_the_value_checker_derives_is_not_a_moved_value():
    # £40 is the e-bike's full day, and also two city bikes' full days: the sentence says it adds up
    assert check("Two city bikes for a full day cost £40 in total.", BIKES) == []


def test_no_table_no_named_row_or_an_unreadable_table_give_no_finding():
    assert check("A day pass costs £12.", "A day pass costs £12 and a month £60.") == []
    assert check("A day pass costs £12.", WALL) == []  # which wall is not said
    assert check("Die Tageskarte kostet £12.", "| Wand | Preis |\n|---|---|\n| Nord | £9 |\n| Süd | £12 |") == []
    assert check("", BIKES) == []


def test_a_table_of_thousands_of_rows_is_read_to_its_cap_with_a_note():
    rows = "\n".join(f"| locker {k} | £{k} |" for k in range(3000))
    answer = AnswerUnits.of("Locker 7 costs £9.", [(0, 18)])
    sources = Sources([Document(id="d", text="| Locker | Price |\n|---|---|\n" + rows)])
    [finding] = TableChecker().findings(answer, sources)
    assert finding.source_text == "locker 7, Price: £7"
    assert any("first 500 rows" in note for note in answer.notes)


def test_the_table_checker_runs_among_the_rule_checkers():
    class Frames:
        name = "frames"

        def findings(self, answer, sources):
            return []

    assert "tables" in [c.name for c in rule_checkers(Frames())]  # type: ignore[arg-type]
