"""Bridges: the arithmetic the value checker verified, spelled out for the NLI model (issue 59).

An NLI model reads "The outdoor pool is heated to 26 °C, about 79 °F." against "The outdoor pool is heated to 26 °C"
as neutral or contradicted (P(entailment) 0.11 with the shipped verifier): it does not convert units or multiply.
The value checker does (:mod:`veracity.text.values`, :mod:`veracity.text.arithmetic`). Where it finds that a value of
the answer sentence is a stated value converted ("26 °C" → "about 79 °F") or a product, sum or difference of stated
values ("€75" a date change, "two" changes → "€150"), the premise the NLI reads gets that step appended as a
sentence — "26 °C is about 79 °F." / "(2 × €75 = €150 in all.)" — and the shipped verifier entails the pair (0.88,
0.86). A wrong conversion or sum gets no bridge (the checker does not vouch for it), so a bridge never says what the
sources and arithmetic do not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Literal

from veracity.text.arithmetic import Derivation, arithmetic_cue, derivation, related_values
from veracity.text.values import (
    CURRENCY_BEFORE,
    RANGE_BETWEEN,
    TIME_OF_DAY,
    Value,
    same_value,
    stated_values,
    units_written_after,
)

__all__ = ["bridges", "restated", "value_text"]

_WORD_AFTER = re.compile(r"[ \t]+[A-Za-z][\w-]*")
_MAX_BRIDGES = 3  # a sentence with more derived values is a table: the NLI reads it without


def value_text(text: str, value: Value) -> str:
    """``value`` as ``text`` writes it, with its currency before or its unit after ("€75", "26 °C", "45 minutes")."""
    start, end = _value_start(text, value), value.end
    if start == value.start:  # no currency before it ("€75" ends at its number)
        if value.units:
            end = units_written_after(text, value.end)[1]
        elif value.noun and (noun := _WORD_AFTER.match(text, end)) is not None and _is_noun(noun.group(), value.noun):
            end = noun.end()  # "2,250 points"; not "5,450 more runners"
    return text[start:end].strip()


def _is_noun(word: str, noun: str) -> bool:
    """Whether ``word`` (as written after a number) is ``noun``, the counted thing's lemma, or its plural."""
    word = word.strip().casefold()
    return word == noun or word.startswith(noun[: max(3, len(noun) - 1)])


def _as_written(written: str, value: Value, text: str, amount: Decimal) -> str:
    """``written`` (a value of ``text``) with its number replaced by ``amount``: "€150" → "€75"."""
    number = text[value.start : value.end]
    shown = _shown(amount, "," in number)
    return written.replace(number, shown, 1) if number in written else shown


def _shown(amount: Decimal, separators: bool = False) -> str:
    """``amount`` written plainly ("75", "45", "0.5"), to six decimals at most; with "," separators if asked."""
    rounded = amount.quantize(Decimal("0.000001")).normalize()
    if rounded == rounded.to_integral_value():
        rounded = rounded.quantize(Decimal(1))
    return f"{rounded:,f}" if separators else f"{rounded:f}"


def _literal(value: Value, stated: Sequence[Value]) -> bool:
    """Whether ``stated`` writes ``value``'s amount in one of its units, or either is bare: no bridge needed.

    A bare stated number ("stars: 4.0") is the value as written, as the value checker reads it; a bare number of the
    sentence ("199 at Elmsworth") is the stated one it repeats ("199 patients").
    """
    bare = not value.units and not value.noun
    counts = _counts_before(stated)
    return any(
        s.amount == value.amount
        and (bare or set(s.units) & set(value.units) or (s.noun and s.noun == value.noun) or not (s.units or s.noun))
        and not (value.units and k in counts)
        for k, s in enumerate(stated)
    )


def _counts_before(stated: Sequence[Value]) -> set[int]:
    """Indices of the bare counts right before a value they count ("two" of "two 250 mg capsules").

    Such a count states no value as written: "two" does not state "2 g".
    """
    return {k for k in range(len(stated) - 1) if stated[k + 1].times == stated[k].amount and not stated[k].units}


def _range_bounds(text: str, values: Sequence[Value]) -> set[int]:
    """Indices of the values that bound a range ("10-15 minutes", "3 to 6 inches"): read as a range, never summed."""
    bounds: set[int] = set()
    for k in range(len(values) - 1):
        if RANGE_BETWEEN.fullmatch(text, values[k].end, values[k + 1].start):
            bounds |= {k, k + 1}
    return bounds


def bridges(
    sentence: str,
    premise: str,
    question: str | None = None,
    sources: str | None = None,
    derivations: Literal["any", "shown", "none"] = "any",
) -> list[str]:
    """The steps that take ``premise``'s values (and the question's) to ``sentence``'s, one sentence each.

    A value of ``sentence`` with a unit or a noun that neither ``premise`` nor ``sources`` (all the sources, when
    given) writes as such is bridged when the value checker vouches for it: converted from one of ``premise``'s
    values ("26 °C is about 79 °F."), or derived from them ("(2 × €75 = €150 in all.)"). A derivation rests on the
    premise: one made of the sentence's values that neither the premise nor the question states (two numbers that
    happen to add up) is no bridge, and a sum or difference needs the sentence to say it adds up ("in all",
    "+"). Range bounds ("10-15 minutes") are neither bridged nor terms. At most :data:`_MAX_BRIDGES`.
    ``derivations``: "any" as above; "shown" only a derivation whose terms the sentence writes ("£75 — £15 for the
    transcript plus £60 for the certificate"), so that a term it hides (200 litres at another fuel's £1.62) is no
    bridge; "none", conversions only. A derivation vouches for its arithmetic, not for which thing's value went
    into it: where the sentence writes its terms, they are read where they stand.

    Example::

        >>> bridges("The pool is heated to 26 °C, about 79 °F.", "The pool is heated to 26 °C.")
        ['26 °C is about 79 °F.']
        >>> bridges("The pool is heated to 26 °C, about 90 °F.", "The pool is heated to 26 °C.")
        []
    """
    # read once per text: the reader asks for each unit against two premises, every unit against one question
    read = stated_values(sentence)
    bounds = _range_bounds(sentence, read)
    own = [v for k, v in enumerate(read) if v.noun == TIME_OF_DAY or ((v.units or v.noun) and k not in bounds)]
    if not own:
        return []
    stated = list(stated_values(premise))
    pool = stated + (list(stated_values(question)) if question else [])
    everywhere = list(stated_values(sources)) if sources else []
    terms = [v for k, v in enumerate(read) if k not in bounds]
    unstated = [v for v in terms if not _literal(v, pool)]
    out: list[str] = []
    for value in own:
        if value.noun == TIME_OF_DAY:  # "09:00 is 9 am.": the same time of day, written otherwise
            written = sentence[value.start : value.end]
            same = [s for s in stated if s.noun == TIME_OF_DAY and value.clock & s.clock]
            if same and not any(_same_writing(written, premise[s.start : s.end]) for s in same):
                out.append(f"{premise[same[0].start : same[0].end]} is {written}.")
            if len(out) >= _MAX_BRIDGES:
                break
            continue
        if _literal(value, pool) or _literal(value, everywhere):
            continue
        written = value_text(sentence, value)  # from its number or currency: "about" is never part of it
        if value.approx:
            written = f"about {written}"
        source = next((s for s in stated if value.units and s.units and same_value(value, s)), None)
        if source is not None:
            out.append(f"{value_text(premise, source)} is {written}.")
        elif derivations != "none" and not _own_work(value, unstated, sentence):
            cue = arithmetic_cue(sentence, value.end)
            related = related_values(sentence, sources) if cue and sources else ()
            step = derivation(value, pool, terms, cue, related)
            if step is not None and (step.op == "×" or cue):  # a sum only where the sentence says it adds up
                if derivations == "any" or _terms_written(step, value, terms):
                    out.append(_render(step, value, sentence))
        if len(out) >= _MAX_BRIDGES:
            break
    return out


def restated(sentence: str, premise: str) -> str:
    """``sentence`` with each value that ``premise`` states in another writing written as ``premise`` writes it.

    The NLI model reads "roughly 2300", "€3,200,000" and "twenty-nine days" against "about 2,300", "3.2 million
    euros" and "29 days" as neutral or contradicted (P(entailment) 0.2–0.45 with the shipped verifier); the value
    checker reads them as the same values. The hypothesis it is given says the same thing in the premise's writing:
    the same amount in the same (or no) unit, never another value — a value the premise does not state, or states
    with another amount or unit, stays as written, and so do numbers the premise writes in words. A time of day is
    written as the premise writes the same time ("9 am" → "09:00"; :func:`~veracity.text.values.clock_times`).
    A range's bounds ("from 2300 to 1150") change their numbers only.

    Example::

        >>> restated("Revenue rose to €3,200,000, up 6 percent.", "Revenue was 3.2 million euros, up 6%.")
        'Revenue rose to 3.2 million euros, up 6%.'
    """
    read = stated_values(sentence)
    if not read:
        return sentence
    stated = stated_values(premise)
    bounds = _range_bounds(sentence, read)
    edits: list[tuple[int, int, str]] = []
    for k, value in enumerate(read):
        if value.noun == TIME_OF_DAY:  # "9 am" for "09:00": the premise's writing of the same time of day
            same = next((s for s in stated if s.noun == TIME_OF_DAY and value.clock & s.clock), None)
            if same is not None and not _same_writing(
                sentence[value.start : value.end], premise[same.start : same.end]
            ):
                edits.append((value.start, value.end, premise[same.start : same.end]))
            continue
        match = next(
            (s for s in stated if s.amount == value.amount and _same_units(value, s) and s.noun != TIME_OF_DAY), None
        )
        if match is None or not _other_digits(sentence[value.start : value.end], premise[match.start : match.end]):
            continue
        if value.units and match.units and k not in bounds:
            written, start = value_text(sentence, value), _value_start(sentence, value)
            wanted = value_text(premise, match)
        else:
            written, start = sentence[value.start : value.end], value.start
            wanted = premise[match.start : match.end]
        if written.casefold().replace(" ", "") != wanted.casefold().replace(" ", ""):
            edits.append((start, start + len(written), wanted))
    for start, end, wanted in sorted(edits, reverse=True):
        sentence = sentence[:start] + wanted + sentence[end:]
    return sentence


def _same_writing(a: str, b: str) -> bool:
    """Whether two times are written with the same digits ("9 AM", "9am"; "7:30", "7:30am"): no bridge is needed.

    "9 am" and "09:00", "6 pm" and "18:00" differ in their digits, and the models read them as other numbers.
    """
    return re.sub(r"\D", "", a).lstrip("0") == re.sub(r"\D", "", b).lstrip("0")


def _other_digits(number: str, stated: str) -> bool:
    """Whether the stated number is written in digits and otherwise than the sentence's.

    "2,300" for "2300", "29" for "twenty-nine", "3.2 million" for "3,200,000"; words for digits ("six" for "6") are
    not restated.
    """
    return any(c.isdigit() for c in stated) and number.casefold().strip() != stated.casefold().strip()


def _same_units(value: Value, other: Value) -> bool:
    """Both in one unit, or both without one (a bare number and a counted noun read as the same number)."""
    return bool(set(value.units) & set(other.units)) if value.units or other.units else True


def _value_start(text: str, value: Value) -> int:
    """Where :func:`value_text` of ``value`` starts in ``text`` (its currency before, else its number)."""
    before = CURRENCY_BEFORE.search(text, max(0, value.start - 5), value.start)
    return before.start() if before is not None and before.group("other") is None else value.start


def _terms_written(step: Derivation, value: Value, terms: Sequence[Value]) -> bool:
    """Whether both terms of ``step`` are amounts the sentence writes (other than ``value`` itself)."""
    written = {t.amount for t in terms if t is not value}
    return step.left in written and step.right in written


def _own_work(value: Value, terms: Sequence[Value], sentence: str) -> bool:
    """Whether ``value`` follows from the sentence's own values alone (no premise value needed)."""
    return derivation(value, (), terms, arithmetic_cue(sentence, value.end)) is not None


def _render(step: Derivation, value: Value, sentence: str) -> str:
    written = value_text(sentence, value)
    right = _as_written(written, value, sentence, step.right)
    left = _shown(step.left) if step.op == "×" else _as_written(written, value, sentence, step.left)
    if step.op == "−":  # as a comparison: the verifier reads "(9,950 is 5,450 more than 4,500.)", not "9,950 − 4,500"
        return f"({left} is {written} more than {right}.)"
    return f"({left} {step.op} {right} = {written} in all.)"
