"""The one unit table: each unit's measure and size, and how a unit is written.

:data:`UNIT_TABLE` gives each unit its measure and its size in the measure's base unit (g, m, l, byte, Wh, W,
second, the currency; temperatures convert by formula), :data:`UNIT_WORDS` how a unit is written after a number
("kilograms", "kg", "°C", "€"), :data:`UNIT_DAYS` the fixed and calendar units of time in days (from the table). A
word after a number that is no unit of the table is the noun the number counts
(:func:`~veracity.text.values.read_values`: "pages" → page).
"""

from __future__ import annotations

from decimal import Decimal

__all__ = [
    "CALENDAR_UNITS",
    "UNIT_DAYS",
    "UNIT_TABLE",
    "UNIT_WORDS",
    "in_base_unit",
]

# ------------------------------------------------------------------------------------ values with their units
# Each unit: its measure and its size in the measure's base unit (g, m, l, byte, Wh, W, second, the currency;
# temperatures are converted by formula). Months and years are calendar units: compared within 3%, as durations are.
UNIT_TABLE: dict[str, tuple[str, Decimal]] = {
    "mg": ("mass", Decimal("0.001")), "g": ("mass", Decimal(1)), "kg": ("mass", Decimal(1000)),
    "tonne": ("mass", Decimal(10**6)), "lb": ("mass", Decimal("453.59237")), "oz": ("mass", Decimal("28.349523125")),
    "mm": ("length", Decimal("0.001")), "cm": ("length", Decimal("0.01")), "m": ("length", Decimal(1)),
    "km": ("length", Decimal(1000)), "in": ("length", Decimal("0.0254")), "ft": ("length", Decimal("0.3048")),
    "yd": ("length", Decimal("0.9144")), "mi": ("length", Decimal("1609.344")),
    "ml": ("volume", Decimal("0.001")), "cl": ("volume", Decimal("0.01")), "l": ("volume", Decimal(1)),
    "gal": ("volume", Decimal("3.785411784")), "imp-gal": ("volume", Decimal("4.54609")),
    "kb": ("data", Decimal(10**3)), "mb": ("data", Decimal(10**6)), "gb": ("data", Decimal(10**9)),
    "tb": ("data", Decimal(10**12)),
    "wh": ("energy", Decimal(1)), "kwh": ("energy", Decimal(10**3)), "mwh": ("energy", Decimal(10**6)),
    "gwh": ("energy", Decimal(10**9)),
    "w": ("power", Decimal(1)), "kw": ("power", Decimal(10**3)), "mw": ("power", Decimal(10**6)),
    "gw": ("power", Decimal(10**9)),
    "second": ("time", Decimal(1)), "minute": ("time", Decimal(60)), "hour": ("time", Decimal(3600)),
    "day": ("time", Decimal(86400)), "week": ("time", Decimal(604800)), "fortnight": ("time", Decimal(1209600)),
    "month": ("time", Decimal(2629800)), "year": ("time", Decimal(31557600)),
    "cm2": ("area", Decimal("0.0001")), "m2": ("area", Decimal(1)), "ha": ("area", Decimal(10**4)),
    "km2": ("area", Decimal(10**6)), "ft2": ("area", Decimal("0.09290304")), "acre": ("area", Decimal("4046.8564224")),
    "mi2": ("area", Decimal("2589988.110336")),
    "celsius": ("temperature", Decimal(1)), "fahrenheit": ("temperature", Decimal(1)),
    "percent": ("percent", Decimal(1)),
    "usd": ("money:usd", Decimal(1)), "usd-cent": ("money:usd", Decimal("0.01")),
    "eur": ("money:eur", Decimal(1)), "eur-cent": ("money:eur", Decimal("0.01")),
    "gbp": ("money:gbp", Decimal(1)), "gbp-penny": ("money:gbp", Decimal("0.01")),
    "jpy": ("money:jpy", Decimal(1)),
}  # fmt: skip
CALENDAR_UNITS = frozenset({"month", "year"})


def _forms(names: str, *units: str) -> dict[str, tuple[str, ...]]:
    return dict.fromkeys(names.split("|"), units)


# How a unit is written after a number (lower case; plurals are listed).
UNIT_WORDS: dict[str, tuple[str, ...]] = {
    **_forms("mg|milligram|milligrams|milligramme|milligrammes", "mg"),
    **_forms("g|gram|grams|gramme|grammes", "g"),  # "g" only in lower case (not "5G")
    **_forms("kg|kgs|kilo|kilos|kilogram|kilograms|kilogramme|kilogrammes", "kg"),
    **_forms("tonne|tonnes|metric ton|metric tons", "tonne"),
    **_forms("lb|lbs", "lb"),
    **_forms("pound|pounds", "lb", "gbp"),  # weight or sterling
    **_forms("oz|ounce|ounces", "oz"),
    **_forms("mm|millimetre|millimetres|millimeter|millimeters", "mm"),
    **_forms("cm|centimetre|centimetres|centimeter|centimeters", "cm"),
    **_forms("metre|metres|meter|meters", "m"),
    **_forms("km|kms|kilometre|kilometres|kilometer|kilometers", "km"),
    **_forms("inch|inches", "in"),
    **_forms("ft|foot|feet", "ft"),
    **_forms("yd|yds|yard|yards", "yd"),
    **_forms("mi|mile|miles", "mi"),
    **_forms("ml|millilitre|millilitres|milliliter|milliliters", "ml"),
    **_forms("cl|centilitre|centilitres|centiliter|centiliters", "cl"),
    **_forms("l|litre|litres|liter|liters", "l"),
    **_forms("gal|gallon|gallons|us gal|us gallon|us gallons", "gal"),
    **_forms("imperial gallon|imperial gallons|uk gallon|uk gallons", "imp-gal"),
    **_forms("kb|kilobyte|kilobytes", "kb"), **_forms("mb|megabyte|megabytes", "mb"),
    **_forms("gb|gigabyte|gigabytes", "gb"), **_forms("tb|terabyte|terabytes", "tb"),
    **_forms("wh|watt-hour|watt-hours", "wh"), **_forms("kwh|kilowatt-hour|kilowatt-hours", "kwh"),
    **_forms("mwh|megawatt-hour|megawatt-hours", "mwh"), **_forms("gwh|gigawatt-hour|gigawatt-hours", "gwh"),
    **_forms("w|watt|watts", "w"), **_forms("kw|kilowatt|kilowatts", "kw"),
    **_forms("mw|megawatt|megawatts", "mw"), **_forms("gw|gigawatt|gigawatts", "gw"),
    **_forms("cm²|cm2|sq cm|square centimetre|square centimetres|square centimeter|square centimeters", "cm2"),
    **_forms("m²|m2|sq m|sq. m|sqm|square metre|square metres|square meter|square meters", "m2"),
    **_forms("km²|km2|sq km|sq. km|square kilometre|square kilometres|square kilometer|square kilometers", "km2"),
    **_forms("ft²|ft2|sq ft|sq. ft|sqft|square foot|square feet", "ft2"),
    **_forms("mi²|sq mi|sq. mi|square mile|square miles", "mi2"),
    **_forms("ha|hectare|hectares", "ha"), **_forms("acre|acres", "acre"),
    **_forms("sec|secs|second|seconds", "second"),
    **_forms("min|mins|minute|minutes", "minute"),
    **_forms("h|hr|hrs|hour|hours", "hour"),
    **_forms("day|days", "day"),
    **_forms("week|weeks", "week"),
    **_forms("fortnight|fortnights", "fortnight"),
    **_forms("month|months", "month"),
    **_forms("yr|yrs|year|years", "year"),
    **_forms("°c|ºc|degree celsius|degrees celsius|degree c|degrees c|celsius|degrees centigrade|centigrade",
             "celsius"),
    **_forms("°f|ºf|degree fahrenheit|degrees fahrenheit|degree f|degrees f|fahrenheit", "fahrenheit"),
    **_forms("%|percent|per cent|pct|percentage point|percentage points", "percent"),
    **_forms("usd|dollar|dollars|us dollar|us dollars|$", "usd"),
    **_forms("eur|euro|euros|€", "eur"),
    **_forms("gbp|£", "gbp"),
    **_forms("cent|cents", "usd-cent", "eur-cent"),
    **_forms("p|pence|penny", "gbp-penny"),  # "75p", not the "p" of "5 p.m."
    **_forms("jpy|yen|¥", "jpy"),
}  # fmt: skip

UNIT_DAYS = {unit: size / 86400 for unit, (measure, size) in UNIT_TABLE.items() if measure == "time"}
"""A unit of time's length in days (a month is 365.25 / 12 days, a year 365.25): durations are compared in it."""


def in_base_unit(value: Decimal, unit: str) -> tuple[str, Decimal]:
    """``value`` in ``unit`` as its measure and its amount in the measure's base unit: 2.2 "kg" → ("mass", 2200).

    Example::

        >>> in_base_unit(Decimal("2.2"), "kg") == in_base_unit(Decimal(2200), "g")
        True
    """
    measure, factor = UNIT_TABLE[unit]
    return measure, (value * factor).normalize()
