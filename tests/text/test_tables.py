"""Reading tables from a source's text (veracity.text.tables): pipe tables and lists of JSON records, with offsets."""

from __future__ import annotations

import json

from veracity.text.tables import MAX_ROWS, read_tables

BIKES = (
    "Hire prices at the Quayside shop.\n"
    "| Bike | Half day | Full day |\n"
    "|:-----|-----:|:----:|\n"
    "| City bike | £12 | £20 |\n"
    "| E-bike | £25 | £40 |\n"
    "| Tandem | £22 | £35 |\n"
    "Helmets are free."
)


def test_a_markdown_table_is_read_with_its_header_keys_and_cell_offsets():
    [table] = read_tables(BIKES)
    assert table.header == ("Bike", "Half day", "Full day")
    assert [row.key for row in table.rows] == ["City bike", "E-bike", "Tandem"]
    cell = table.rows[1].cells[2]
    assert cell.text == "£40" and BIKES[cell.start : cell.end] == "£40"
    assert BIKES[table.rows[2].start : table.rows[2].end] == "| Tandem | £22 | £35 |"
    assert not table.cut


def test_pipe_lines_without_outer_pipes_or_separator_are_a_table():
    text = "Branch | Saturday | Sunday\nNorth | 09:00–17:00 | closed\nSouth | 10:00–16:00 | 11:00–15:00\n"
    [table] = read_tables(text)
    assert table.header == ("Branch", "Saturday", "Sunday")
    assert [c.text for c in table.rows[1].cells] == ["South", "10:00–16:00", "11:00–15:00"]


def test_prose_with_a_pipe_and_a_two_line_table_are_not_tables():
    assert read_tables("Open daily | closed on bank holidays.\nCall us on 0100.") == []
    assert read_tables("| a | b |\n|---|---|\n| 1 | 2 |") == []  # a header and one row: no body to compare
    assert read_tables("") == []


def test_a_change_in_column_count_ends_the_table():
    text = "| a | b |\n| 1 | 2 |\n| 3 | 4 |\n| x | y | z |\n"
    [table] = read_tables(text)
    assert [r.key for r in table.rows] == ["1", "3"]


def test_json_arrays_lines_and_objects_of_objects_are_record_tables():
    fleet = 'Fleet: [{"boat": "Kestrel", "berths": 4}, {"boat": "Merlin", "berths": 6, "deposit": null}]'
    [table] = read_tables(fleet)
    assert table.header == ("boat", "berths", "deposit")
    assert [[c.text for c in r.cells] for r in table.rows] == [["Kestrel", "4", ""], ["Merlin", "6", ""]]
    kestrel = table.rows[0]
    assert json.loads(fleet[kestrel.start : kestrel.end]) == {"boat": "Kestrel", "berths": 4}

    lines = '{"clay": "Ashby red", "shrink": 8}\n{"clay": "Moor white", "shrink": 12}\nAsk at the desk.'
    assert [r.key for r in read_tables(lines)[0].rows] == ["Ashby red", "Moor white"]

    nested = '{"service": "copies", "options": {"mono": {"price": 5, "days": 1}, "colour": {"price": 20, "days": 2}}}'
    [table] = read_tables(nested)
    assert [r.key for r in table.rows] == ["mono", "colour"] and table.header[1:] == ("price", "days")


def test_malformed_json_and_records_of_other_shapes_are_no_table():
    assert read_tables('[{"boat": "Kestrel", "berths": 4}, {"boat": ') == []
    assert read_tables('[{"a": {"b": 1}}, {"a": {"b": 2}}]') == []  # nested objects: not one row each
    assert read_tables('{"x": {"p": 1}, "y": {"q": 2}}') == []  # two shapes
    assert read_tables('[{"n": 1}, {"n": 2}]') == []  # no string key to name a row


def test_a_table_of_thousands_of_rows_is_cut_and_says_so():
    rows = "\n".join(f"| item {k} | £{k} |" for k in range(MAX_ROWS + 300))
    [table] = read_tables("| Item | Price |\n|---|---|\n" + rows)
    assert len(table.rows) == MAX_ROWS and table.cut
