"""A record's values read by the thing they belong to: a departure time is not vouched for by the arrival's field.

A booking, an order or a product sheet holds several things of one kind: a flight's departure and arrival (each
with an airport and a time), an order's two parcels (each with a weight), a plan's two tiers (each with a price).
A value the answer takes from one thing's field and gives to another passes every check that asks only whether
the value occurs in the record:

    record: {"departure": {"airport": "Penvarrow", "time": "11:20"}, "arrival": {"airport": "Ostwick", "time": "13:35"}}
    answer: "Your flight departs from Penvarrow at 13:35."

The things are the record's objects (the parent of each leaf: ``departure``, ``arrival``, ``bags.0``); a thing is
named in an answer sentence by its key's words ("departs" ~ ``departure``, by a shared stem of five letters) or by
one of its short text values ("Penvarrow", "cabin"). Where a sentence states a value that only thing ``A``'s field
``k`` holds, and the sentence names another thing ``B`` that has a field ``k`` of its own with another value, and
names ``A`` not at all, ``B``'s field contradicts it. A record's top-level fields are each a thing named by its own
key: "The balance of €80 is due when you arrive" over ``{"Deposit paid": "€80", "Balance due on arrival": "€100"}``
names the balance field (two of its key words) and not the field that holds €80, so the balance's €100
contradicts it. Values compared: clock times, dates, numbers, and names (a
short capitalised text value: "The flight arrives in Gorrell" where Gorrell is the departure airport; the name itself
then does not count as naming its thing).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from veracity.text.records import RecordField
from veracity.text.values import clock_times, find_dates, read_values

__all__ = ["MisplacedRecordValue", "RecordThings", "misplaced_record_values"]

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
_STEM = 5  # letters two words must share to name one thing ("departs" / "departure", "arrives" / "arrival")
_SHORT_VALUE_WORDS = 3  # a text value of at most this many words names its thing ("Penvarrow", "cabin")
_NOT_NAMES = frozenset("the and for with from your you this that".split())


class MisplacedRecordValue:
    """An answer value held only by one thing's field, said of another thing that has that field with another value."""

    def __init__(self, start: int, end: int, text: str, field: RecordField, own: RecordField) -> None:
        self.start, self.end, self.text = start, end, text
        self.field = field  # the named thing's field (the evidence)
        self.own = own  # the field that holds the answer's value

    def explanation(self) -> str:
        """What the finding says."""
        return (
            f"answer: {self.text}; source: {'.'.join(self.field.path)}: {self.field.value!r} — {self.text} is "
            f"{'.'.join(self.own.path)}"
        )


def _field_value(field: RecordField) -> tuple[str, object] | None:
    """A leaf's value as something to compare: ("time", minutes), ("date", DateValue) or ("number", Decimal)."""
    value = field.value
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        try:
            return "number", Decimal(str(value))
        except InvalidOperation:
            return None
    text = value.strip()
    if len(text) > 30:
        return None
    times = clock_times(text)
    if len(times) == 1 and times[0].end - times[0].start >= len(text) - 2:
        return "time", times[0].minutes
    dates = find_dates(text)
    if len(dates) == 1:
        return "date", dates[0].value
    quantities = read_values(text)
    if len(quantities) == 1 and _extent_length(text, quantities[0].extent) >= len(text) - 2:  # "€80"; no address
        return "number", quantities[0].amount
    if not quantities and 0 < len(text.split()) <= _SHORT_VALUE_WORDS and len(text) >= 3 and text[:1].isupper():
        return "name", text.lower()  # a place, a product, a person: "Gorrell", "Skerra Air"
    return None


def _extent_length(text: str, extent: tuple[int, int]) -> int:
    return len(text[extent[0] : extent[1]].strip())


def _answer_values(text: str, names: Sequence[str] = ()) -> list[tuple[int, int, str, object]]:
    """The unit's values as (start, end, kind, value), kinds as :func:`_field_value` gives them.

    ``names``: the record's name values (lower case), found in the unit as whole words.
    """
    out: list[tuple[int, int, str, object]] = [(t.start, t.end, "time", t.minutes) for t in clock_times(text)]
    for name in names:
        for match in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE):
            out.append((match.start(), match.end(), "name", name))
    taken = [(s, e) for s, e, _, _ in out]
    for date in find_dates(text):
        if not any(s < date.end and date.start < e for s, e in taken):
            out.append((date.start, date.end, "date", date.value))
            taken.append((date.start, date.end))
    for q in read_values(text):
        start, end = q.extent
        if not any(s < end and start < e for s, e in taken):
            out.append((start, end, "number", q.amount))
    return out


def _stems(text: str) -> set[str]:
    return {w.lower()[:_STEM] for w in _WORD.findall(text) if len(w) >= 4 and w.lower() not in _NOT_NAMES}


def _thing_names(fields: Sequence[RecordField]) -> dict[tuple[str, ...], set[str]]:
    """Each thing (a leaf's parent path) with the stems that name it: its key's words and its short text values."""
    names: dict[tuple[str, ...], set[str]] = {}
    for field in fields:
        parent = field.path[:-1]
        if not parent:
            continue
        stems = names.setdefault(parent, set())
        key = parent[-1] if not parent[-1].isdigit() else ""
        stems |= _stems(re.sub(r"([a-z])([A-Z])", r"\1 \2", key).replace("_", " "))
        if isinstance(field.value, str) and 0 < len(field.value.split()) <= _SHORT_VALUE_WORDS:
            stems |= _stems(field.value)
    # a stem every thing shares names none of them
    common = set.intersection(*names.values()) if len(names) > 1 else set()
    return {parent: stems - common for parent, stems in names.items()}


class RecordThings:
    """One record read once as things (its values, the stems that name each thing), for each of its sentences."""

    def __init__(self, fields: Sequence[RecordField]) -> None:
        self.fields = list(fields)
        self.readable = [(f, v) for f in self.fields if (v := _field_value(f)) is not None]
        self.names = _thing_names(self.fields)
        self.record_names = sorted({str(v[1]) for _, v in self.readable if v[0] == "name"})

    def misplaced(self, unit: str) -> list[MisplacedRecordValue]:
        """The values of ``unit`` (one answer sentence) the record gives only to a thing the sentence does not name.

        Offsets are the unit's. See the module for the rule.
        """
        if len(self.readable) < 2:
            return []
        said = _stems(unit)
        found: list[MisplacedRecordValue] = []
        values = _answer_values(unit, self.record_names)
        # for a name value, only key words name things: "arrives in Gorrell" is about the arrival, and in "from
        # Penvarrow to Ostwick" neither name says whose the other is
        by_keys = said - {stem for s, e, kind, _ in values if kind == "name" for stem in _stems(unit[s:e])}
        for start, end, kind, value in values:
            around = by_keys if kind == "name" else said
            named = {parent for parent, stems in self.names.items() if stems & around}
            nested = [f for f, v in self.readable if v == (kind, value) and len(f.path) >= 2]
            if any(f.path[:-1] in named for f in nested):
                continue  # held by a thing the sentence names
            misplaced = None
            for own in nested:
                rivals = [
                    f
                    for f, v in self.readable
                    if len(f.path) >= 2 and f.path[-1] == own.path[-1] and f.path[:-1] != own.path[:-1]
                    and f.path[:-1] in named and v[0] == kind and v != (kind, value)
                ]  # fmt: skip
                if rivals:
                    misplaced = MisplacedRecordValue(start, end, unit[start:end], rivals[0], own)
                    break
            if misplaced is None and (flat := _flat_rival(kind, value, self.readable, around)) is not None:
                misplaced = MisplacedRecordValue(start, end, unit[start:end], *flat)
            if misplaced is not None:
                found.append(misplaced)
        return found


def misplaced_record_values(unit: str, fields: Sequence[RecordField]) -> list[MisplacedRecordValue]:
    """:meth:`RecordThings.misplaced` of one sentence over ``fields`` (to read several, make the RecordThings once)."""
    return RecordThings(fields).misplaced(unit)


def _key_stems(field: RecordField) -> set[str]:
    return _stems(" ".join(field.words))


def _flat_rival(
    kind: str, value: object, readable: Sequence[tuple[RecordField, tuple[str, object]]], said: set[str]
) -> tuple[RecordField, RecordField] | None:
    """The top-level field the sentence names while it names none that holds ``value``, and a holder.

    Each top-level field is its own thing, named by its key's words; the rival holds another value of the kind.
    """
    if kind == "name":
        return None  # a name under one key and a sentence about another ("a Compact car… the young driver fee")
    flat = [(f, v) for f, v in readable if len(f.path) == 1]
    holders = [f for f, v in flat if v == (kind, value)]
    if not holders:
        return None
    closest = max(holders, key=lambda f: len(_key_stems(f) & said))
    if _key_stems(closest) & said:
        return None  # the sentence names a field that holds the value ("members pay … the full price of €2,400")
    # a rival is named by all its key's words, or at least two of them ("balance" and "arrive" of "Balance due on
    # arrival"; not "business" alone of "business_stars")
    rivals = [
        (len(keys & said), f)
        for f, v in flat
        if v[0] == kind and v != (kind, value) and (keys := _key_stems(f))
        and len(keys & said) >= min(2, len(keys))
    ]  # fmt: skip
    if not rivals:
        return None
    return max(rivals, key=lambda item: item[0])[1], closest
