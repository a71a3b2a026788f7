"""Numbers as values: an amount with its unit or currency, compared as such (issue 59).

"2.2 g" = "2200 mg", "1.5 km" = "1500 m" (:func:`in_base_unit`), and since issue 59 a number is read with its unit
or currency (:func:`read_values`) so that:

* **the same digits with another unit vouch for nothing**: "45 lb" is not stated by "EUR 45" or "45 minutes"
  (:func:`value_stated`), nor by a number that counts something else ("45 sites", "45 times") or a clock time
  ("13:45"). A number the sources state with no unit at all ("Weight limit: 45") still vouches, since its unit may
  sit in a label; a record's key may name the unit ("weight kg: 21"). "pounds" may be weight or sterling; a bare
  "m" (metres, minutes, millions), "degrees" and "Canadian dollars" are read as no unit we can tell when they
  would take support away. A number and its unit sit on one line.
* **a conversion vouches within the stated rounding** (:func:`same_value`): kg/lb, g/oz, km/mi, m/ft/yd, cm/in,
  l/US gal (and imperial), °C/°F, money and its sub-units ("$0.48" = "48 cents", "75p" = "£0.75"), time in fixed
  units, and a rate per one unit or another ("52p per mile" ≈ "32p per kilometre"). The rule: the source's value,
  exact to 1% (a factor rounded, such as 2.2 lb/kg or 1.6 km/mi), converted, must round to the answer's value at
  the answer's last digit: the two ranges overlap, the answer's value taken as ± half a unit of its last digit, at
  most ± 5% of it (so "1 gallon" is not "5 litres"); where the answer says "about", "around", "approximately",
  "roughly", "nearly", "almost" or "some", ± half a unit of its last non-zero digit, at most 10% ("about 50": ±
  5; "about 20": ± 2). A temperature is taken to half its last digit on both sides. "23 kg" vouches for "50.7
  lb", "51 lb" and "about 50 lb", not "52 lb" or "about 60 lb"; "30 km" for "19 miles" and "about 20 miles", not
  "20 miles"; "20 °C" for "68 °F", not "70 °F". Units a power of ten apart ("2.2 g" / "2200 mg") and money
  convert exactly; the same unit compares exactly.
* **a sum, difference or product of two values vouches** (:func:`derived`), the answer's value and the terms in
  one unit (time in any fixed unit, money in one currency with its sub-unit, a count of the same noun; a term
  with no unit at all takes its partner's). Products: a count right before a stated value ("two 45-minute
  sessions" for "90 minutes"), a stated count of what a stated rate is per ("EUR 80 per night" and "3 nights" for
  "EUR 240"), or a count in the answer's sentence times a value of the unit ("At EUR 2,350 each, two bikes cost
  EUR 4,700"). Sums and differences of two values of the answer's sentence in the unit ("open 4 hours before and
  close 45 minutes before, so for 195 minutes"); other sums and differences only where the sentence says it adds
  up or takes away (:func:`arithmetic_cue`: "in total", "in all", "both", "come to", "+", "=", or "more",
  "less", "left" right after the value): two values one stated sentence gives ("1,500 points and 750 points" for
  "2,250 points in all"), one of the answer's sentence and one stated, or two of the answer's sentence ("1,750 +
  1,500 = 3,250 points"). So "The crossing takes 110 minutes" is not vouched by "80 minutes" and "30 minutes"
  that one source sentence states. Never a year (a bare integer 1000–2100) or a date, a clock time, a
  temperature, a value without a unit or noun, or a term that is nought; at most 64 stated values of one unit are
  tried (pairs are at most 2,016 per unit).
"""

from veracity.text.values.clock import ClockTime, clock_times
from veracity.text.values.compare import compare_values, unit_name, units_shared
from veracity.text.values.durations import duration_supported, find_durations
from veracity.text.values.numbers import (
    DateValue,
    Mention,
    date_supported,
    find_dates,
    find_numbers,
    number_supported,
)
from veracity.text.values.qualifiers import BOUND_WORDS, PERIOD_DAYS, bound_before, period_near
from veracity.text.values.reader import (
    CURRENCY_BEFORE,
    RANGE_BETWEEN,
    SPACE,
    TIME_OF_DAY,
    Value,
    is_count,
    is_year_like,
    read_values,
    same_value,
    sentence_spans,
    singular,
    stated_values,
    units_written_after,
    value_stated,
)
from veracity.text.values.table import (
    CALENDAR_UNITS,
    UNIT_DAYS,
    UNIT_TABLE,
    UNIT_WORDS,
    in_base_unit,
)

__all__ = [
    "BOUND_WORDS",
    "CALENDAR_UNITS",
    "CURRENCY_BEFORE",
    "PERIOD_DAYS",
    "RANGE_BETWEEN",
    "SPACE",
    "TIME_OF_DAY",
    "UNIT_DAYS",
    "UNIT_TABLE",
    "UNIT_WORDS",
    "ClockTime",
    "DateValue",
    "Mention",
    "Value",
    "bound_before",
    "clock_times",
    "compare_values",
    "date_supported",
    "duration_supported",
    "find_dates",
    "find_durations",
    "find_numbers",
    "in_base_unit",
    "is_count",
    "is_year_like",
    "number_supported",
    "period_near",
    "read_values",
    "same_value",
    "sentence_spans",
    "singular",
    "stated_values",
    "unit_name",
    "units_shared",
    "units_written_after",
    "value_stated",
]
