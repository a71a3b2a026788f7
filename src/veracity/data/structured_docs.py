r"""Synthetic structured documents for the learned alignment (issue 77, item 2): the heading is what tells lines apart.

A price list, a plan comparison, a timetable — pages where several things get the same kinds of values, and a line
names only the value ("A full day: £55.") while its heading, its list lead or its "Name:" prefix names the thing.
Each generated document comes with answer sentences that reword one (thing, attribute, value) of it, and with the
offset of the line that states it, so that the aligner can be trained and measured on which line an answer clause is
about when only the structure says so.

Layouts (:data:`LAYOUTS`): Markdown headings with bullet lines; plain heading lines with short lines under them; a
lead line ("Student membership:") with a list; prose under a heading that never names the thing ("It costs …"); flat
"Thing – attribute: value" lines. Two more, opt-in (:data:`TABLE_LAYOUTS`, so that pages drawn before them stay as they
were): a Markdown pipe table with a row per thing and a column per attribute, and the same table turned (a row per
attribute, a column per thing) — where only a cell's row and column say what it is about. Domains are split in two
(:data:`TRAIN_DOMAINS`, :data:`TEST_DOMAINS`) so that the measurement is on things, words and layouts' contents never
trained on. Deterministic for a seed.

Example::

    >>> docs = generate(1, seed=3, domains=TEST_DOMAINS)
    >>> d = docs[0]
    >>> d.text[d.claims[0].line_start : d.claims[0].line_end] in d.text
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["LAYOUTS", "TABLE_LAYOUTS", "TEST_DOMAINS", "TRAIN_DOMAINS", "Claim", "StructuredDoc", "generate"]


@dataclass(frozen=True)
class Attribute:
    """An attribute a thing gets a value of: how a source line writes it, how answers reword it, its values."""

    name: str
    lines: tuple[str, ...]  # "{v}" is the value
    prose: tuple[str, ...]  # a sentence of prose under the thing's heading ("It costs {v} a month.")
    answers: tuple[str, ...]  # "{t}" the thing as the answer names it, "{T}" capitalised
    values: tuple[str, ...]


def _money(lo: int, hi: int, step: int = 1, symbol: str = "£") -> tuple[str, ...]:
    return tuple(f"{symbol}{n}" for n in range(lo, hi + 1, step))


A = Attribute
ATTRIBUTES: dict[str, Attribute] = {
    "monthly": A(
        "monthly price",
        ("Monthly price: {v}", "Per month: {v}", "{v} a month", "Price: {v} per month"),
        ("It costs {v} a month.", "The monthly charge is {v}."),
        (
            "{T} costs {v} a month.",
            "A month of {t} is {v}.",
            "For {t} you pay {v} per month.",
            "The monthly price of {t} is {v}.",
            "{T} is {v} monthly.",
        ),
        _money(5, 95),
    ),
    "joining": A(
        "joining fee",
        ("Joining fee: {v}", "One-off setup fee: {v}", "Joining fee {v}"),
        ("A joining fee of {v} applies.", "There is a one-off setup fee of {v}."),
        (
            "{T} has a joining fee of {v}.",
            "There is a {v} joining fee for {t}.",
            "Signing up for {t} costs {v} up front.",
        ),
        _money(10, 60, 5),
    ),
    "day": A(
        "full-day price",
        ("A full day: {v}", "Full day: {v}", "All day: {v}", "Day rate: {v}"),
        ("A full day costs {v}.", "For the whole day it is {v}."),
        (
            "A full day of {t} costs {v}.",
            "{T} for a whole day is {v}.",
            "The day rate for {t} is {v}.",
            "Booking {t} for the full day costs {v}.",
        ),
        _money(15, 150, 5),
    ),
    "short": A(
        "short-hire price",
        ("Up to 2 hours: {v}", "Two hours: {v}", "Short session (2 hours): {v}"),
        ("Two hours cost {v}.", "A two-hour session is {v}."),
        ("Two hours of {t} cost {v}.", "{T} for up to two hours is {v}.", "A short two-hour session of {t} is {v}."),
        _money(4, 40),
    ),
    "deposit": A(
        "deposit",
        ("Deposit: {v}", "Refundable deposit: {v}", "Security deposit {v}"),
        ("A refundable deposit of {v} is taken.", "We take a {v} deposit."),
        ("{T} needs a deposit of {v}.", "You leave a {v} deposit for {t}.", "The deposit for {t} is {v}."),
        _money(20, 300, 10),
    ),
    "term": A(
        "minimum term",
        ("Minimum term: {v}", "Contract length: {v}", "Minimum commitment: {v}"),
        ("The minimum term is {v}.", "You sign up for at least {v}."),
        ("{T} has a minimum term of {v}.", "You commit to {t} for at least {v}.", "The contract for {t} runs {v}."),
        ("1 month", "3 months", "6 months", "9 months", "12 months", "18 months", "24 months"),
    ),
    "notice": A(
        "notice period",
        ("Notice period: {v}", "Cancel with {v} notice", "Cancellation notice: {v}"),
        ("To cancel, give {v} notice.", "Cancellation needs {v} notice."),
        ("Cancelling {t} needs {v} notice.", "To leave {t}, you give {v} notice.", "The notice period for {t} is {v}."),
        ("7 days", "14 days", "30 days", "1 month", "2 months", "48 hours", "24 hours", "60 days"),
    ),
    "trial": A(
        "free trial",
        ("Free trial: {v}", "Try free for {v}", "Trial period: {v}"),
        ("New members get a free trial of {v}.", "You can try it free for {v}."),
        ("{T} comes with a {v} free trial.", "You can try {t} free for {v}.", "The trial of {t} lasts {v}."),
        ("7 days", "10 days", "14 days", "21 days", "30 days", "1 month", "2 weeks"),
    ),
    "discount": A(
        "discount",
        ("Discount: {v}", "Members save {v}", "Off-season discount: {v}"),
        ("Members save {v}.", "A discount of {v} applies out of season."),
        ("{T} is {v} cheaper for members.", "Members get {v} off {t}.", "There is a {v} discount on {t}."),
        tuple(f"{n}%" for n in (5, 10, 12, 15, 20, 25, 30, 35, 40, 50)),
    ),
    "opens": A(
        "opening time",
        ("Opens: {v}", "Doors open at {v}", "Opening time: {v}", "From {v}"),
        ("It opens at {v}.", "Doors open at {v} every day."),
        ("{T} opens at {v}.", "You can start {t} from {v}.", "The first slot for {t} is at {v}."),
        (
            "6 am",
            "6:30 am",
            "7 am",
            "7:30 am",
            "8 am",
            "9 am",
            "9:30 am",
            "10 am",
            "11 am",
            "06:00",
            "07:30",
            "08:00",
            "09:00",
            "10:30",
        ),
    ),
    "closes": A(
        "closing time",
        ("Closes: {v}", "Last entry: {v}", "Closing time: {v}", "Until {v}"),
        ("It closes at {v}.", "Last entry is at {v}."),
        ("{T} closes at {v}.", "The last entry for {t} is {v}.", "{T} runs until {v}."),
        ("4 pm", "5 pm", "5:30 pm", "6 pm", "7 pm", "8 pm", "9 pm", "10 pm", "17:00", "18:30", "20:00", "21:30"),
    ),
    "weight": A(
        "weight limit",
        ("Max weight: {v}", "Weight limit: {v}", "Up to {v}"),
        ("Items may weigh up to {v}.", "The weight limit is {v}."),
        ("{T} takes items up to {v}.", "The weight limit for {t} is {v}.", "With {t} a parcel may weigh {v}."),
        ("2 kg", "5 kg", "10 kg", "15 kg", "20 kg", "23 kg", "25 kg", "30 kg", "32 kg", "40 kg"),
    ),
    "storage": A(
        "storage",
        ("Storage: {v}", "Included storage: {v}", "Space: {v}"),
        ("It includes {v} of storage.", "You get {v} of space."),
        ("{T} includes {v} of storage.", "You get {v} of space with {t}.", "The storage on {t} is {v}."),
        ("5 GB", "10 GB", "20 GB", "50 GB", "100 GB", "200 GB", "500 GB", "1 TB", "2 TB"),
    ),
    "distance": A(
        "distance",
        ("Distance: {v}", "Route length: {v}", "Covers {v}"),
        ("The route covers {v}.", "It is {v} long."),
        ("{T} covers {v}.", "The route of {t} is {v} long.", "On {t} you travel {v}."),
        ("3 km", "5 km", "8 km", "12 km", "15 km", "20 km", "25 km", "2 miles", "6 miles", "10 miles"),
    ),
    "start": A(
        "start date",
        ("Starts: {v}", "Start date: {v}", "Begins {v}"),
        ("It begins on {v}.", "The first session is on {v}."),
        ("{T} starts on {v}.", "The first day of {t} is {v}.", "{T} begins {v}."),
        ("3 March", "17 March", "6 April", "2 May", "15 June", "1 July", "9 September", "14 October", "4 November"),
    ),
}

Thing = tuple[str, tuple[str, ...]]  # the heading's name, how an answer names it


@dataclass(frozen=True)
class Domain:
    """A kind of page: its title, the things it lists (a heading, how answers name it) and their attributes."""

    title: str
    things: tuple[Thing, ...]
    attributes: tuple[str, ...]


D = Domain
TRAIN_DOMAINS: tuple[Domain, ...] = (
    D(
        "Gym memberships",
        (
            ("Off-peak", ("the off-peak membership", "off-peak membership")),
            ("Anytime", ("the anytime membership", "anytime access")),
            ("Student", ("the student membership", "student membership")),
            ("Couples", ("the couples membership", "a couples membership")),
        ),
        ("monthly", "joining", "term", "notice", "trial", "opens", "closes", "discount"),
    ),
    D(
        "Mobile plans",
        (
            ("Basic", ("the Basic plan", "Basic")),
            ("Plus", ("the Plus plan", "Plus")),
            ("Unlimited", ("the Unlimited plan", "Unlimited")),
        ),
        ("monthly", "term", "notice", "trial", "storage", "discount"),
    ),
    D(
        "Car rental",
        (
            ("Economy car", ("an economy car", "the economy car")),
            ("Compact SUV", ("a compact SUV", "the compact SUV")),
            ("Seven-seat minivan", ("the minivan", "a seven-seat minivan")),
        ),
        ("day", "deposit", "short", "distance", "discount"),
    ),
    D(
        "Cloud storage",
        (
            ("Starter", ("the Starter tier", "Starter")),
            ("Team", ("the Team tier", "Team")),
            ("Enterprise", ("the Enterprise tier", "Enterprise")),
        ),
        ("monthly", "storage", "trial", "joining", "notice"),
    ),
    D(
        "Language courses",
        (
            ("Evening course", ("the evening course", "evening classes")),
            ("Intensive course", ("the intensive course", "intensive classes")),
            ("Weekend course", ("the weekend course", "weekend classes")),
        ),
        ("monthly", "start", "term", "discount", "opens", "deposit"),
    ),
    D(
        "Dog daycare",
        (
            ("Half day", ("half-day care", "a half day of daycare")),
            ("Full day", ("full-day care", "a full day of daycare")),
            ("Overnight stay", ("an overnight stay", "overnight boarding")),
        ),
        ("short", "day", "deposit", "opens", "closes", "discount"),
    ),
    D(
        "Parking",
        (
            ("Short stay", ("the short-stay car park", "short-stay parking")),
            ("Long stay", ("the long-stay car park", "long-stay parking")),
            ("Valet", ("valet parking", "the valet service")),
        ),
        ("short", "day", "opens", "closes", "distance", "deposit"),
    ),
    D(
        "Courier services",
        (
            ("Standard delivery", ("standard delivery", "the standard service")),
            ("Express delivery", ("express delivery", "the express service")),
            ("Same-day delivery", ("same-day delivery", "the same-day service")),
        ),
        ("weight", "closes", "monthly", "discount", "distance"),
    ),
    D(
        "Broadband",
        (
            ("Fibre 100", ("Fibre 100", "the 100 Mb fibre package")),
            ("Fibre 500", ("Fibre 500", "the 500 Mb fibre package")),
            ("Fibre 900", ("Fibre 900", "the 900 Mb fibre package")),
        ),
        ("monthly", "joining", "term", "notice", "trial"),
    ),
    D(
        "Camping",
        (
            ("Tent pitch", ("a tent pitch", "tent pitches")),
            ("Caravan pitch", ("a caravan pitch", "caravan pitches")),
            ("Glamping pod", ("a glamping pod", "the pods")),
        ),
        ("day", "deposit", "opens", "closes", "start", "discount"),
    ),
    D(
        "Boat trips",
        (
            ("Harbour cruise", ("the harbour cruise", "a harbour trip")),
            ("Sunset cruise", ("the sunset cruise", "an evening cruise")),
            ("Island tour", ("the island tour", "a trip to the islands")),
        ),
        ("day", "short", "opens", "distance", "start", "discount"),
    ),
    D(
        "Insurance cover",
        (
            ("Basic cover", ("basic cover", "the basic policy")),
            ("Standard cover", ("standard cover", "the standard policy")),
            ("Premier cover", ("premier cover", "the premier policy")),
        ),
        ("monthly", "notice", "term", "discount", "joining"),
    ),
    D(
        "Laundry",
        (
            ("Wash and fold", ("wash and fold", "the wash-and-fold service")),
            ("Dry cleaning", ("dry cleaning", "the dry-cleaning service")),
            ("Ironing only", ("ironing only", "the ironing service")),
        ),
        ("short", "weight", "opens", "closes", "monthly"),
    ),
    D(
        "Streaming",
        (
            ("Mobile", ("the Mobile plan", "Mobile")),
            ("Standard", ("the Standard plan", "Standard")),
            ("Premium", ("the Premium plan", "Premium")),
        ),
        ("monthly", "trial", "notice", "discount", "storage"),
    ),
)
TEST_DOMAINS: tuple[Domain, ...] = (
    D(
        "Swimming pool",
        (
            ("Adult swim", ("an adult swim", "adult swimming")),
            ("Junior swim", ("a junior swim", "junior swimming")),
            ("Aqua fit", ("aqua fit", "the aqua fit class")),
        ),
        ("short", "monthly", "opens", "closes", "discount"),
    ),
    D(
        "Theatre seats",
        (
            ("Stalls", ("the stalls", "a stalls seat")),
            ("Dress circle", ("the dress circle", "a circle seat")),
            ("Balcony", ("the balcony", "a balcony seat")),
        ),
        ("day", "discount", "opens", "start", "deposit"),
    ),
    D(
        "Music lessons",
        (
            ("Piano", ("piano lessons", "piano")),
            ("Guitar", ("guitar lessons", "guitar")),
            ("Singing", ("singing lessons", "singing")),
        ),
        ("short", "monthly", "term", "start", "notice", "trial"),
    ),
    D(
        "Train tickets",
        (
            ("Anytime return", ("an anytime return", "anytime returns")),
            ("Off-peak return", ("an off-peak return", "off-peak returns")),
            ("Advance single", ("an advance single", "advance singles")),
        ),
        ("day", "distance", "opens", "closes", "discount"),
    ),
    D(
        "Vet health plans",
        (
            ("Puppy plan", ("the puppy plan", "puppy cover")),
            ("Adult dog plan", ("the adult dog plan", "adult dog cover")),
            ("Cat plan", ("the cat plan", "cover for cats")),
        ),
        ("monthly", "joining", "term", "discount", "notice"),
    ),
)


@dataclass(frozen=True)
class Claim:
    """An answer sentence about one (thing, attribute) of a document, and where the line that states it lies."""

    answer: str
    value: str
    line_start: int
    line_end: int
    thing: str
    attribute: str


@dataclass(frozen=True)
class StructuredDoc:
    """A generated page: its text, its layout (:data:`LAYOUTS`), its domain's title and the claims made about it."""

    text: str
    layout: str
    domain: str
    claims: tuple[Claim, ...]


LAYOUTS = ("markdown", "plain", "lead", "prose", "flat")
TABLE_LAYOUTS = ("table", "table-turned")
# A table's column heading for each attribute, and for its first column (what the rows are).
_COLUMNS: dict[str, tuple[str, ...]] = {
    "monthly": ("Monthly price", "Per month", "Monthly"),
    "joining": ("Joining fee", "Setup fee"),
    "day": ("Full day", "Day rate", "All day"),
    "short": ("2 hours", "Up to 2 hours", "Short hire"),
    "deposit": ("Deposit", "Refundable deposit"),
    "term": ("Minimum term", "Contract"),
    "notice": ("Notice", "Notice period"),
    "trial": ("Free trial", "Trial"),
    "discount": ("Discount", "Member discount"),
    "opens": ("Opens", "Opening time", "From"),
    "closes": ("Closes", "Last entry", "Until"),
    "weight": ("Max weight", "Weight limit"),
    "storage": ("Storage", "Space"),
    "distance": ("Distance", "Route length"),
    "start": ("Starts", "Start date"),
}
_ROW_HEADINGS = ("Option", "Type", "Plan", "Service", "")


def _capital(s: str) -> str:
    return s[:1].upper() + s[1:]


def _document(rng: random.Random, domain: Domain, layout: str) -> StructuredDoc:
    things = list(domain.things)
    rng.shuffle(things)
    things = things[: rng.randint(2, len(things))]
    attributes = rng.sample(domain.attributes, k=min(len(domain.attributes), rng.randint(2, 4)))
    values: dict[tuple[str, str], str] = {}
    for a in attributes:  # one attribute's values differ between things, and from every other value of the page
        pool = [v for v in ATTRIBUTES[a].values if v not in values.values()]
        for thing, v in zip(things, rng.sample(pool, k=len(things)), strict=True):
            values[(thing[0], a)] = v
    parts: list[str] = []
    where: dict[tuple[str, str], tuple[int, int]] = {}
    length = 0

    def put(text: str, key: tuple[str, str] | None = None, value_at: int = 0) -> None:
        nonlocal length
        if key is not None:
            where[key] = (length + value_at, length + len(text))
        parts.append(text)
        length += len(text)

    if layout in TABLE_LAYOUTS:
        return _table_document(rng, domain, layout, things, attributes, values)
    if layout == "markdown":
        put(f"# {domain.title}\n\n")
    elif layout != "flat":
        put(f"{domain.title}\n\n")
    for name, _ in things:
        if layout == "markdown":
            put(f"## {name}\n")
        elif layout in ("plain", "prose"):
            put(f"{name}\n")
        elif layout == "lead":
            put(f"{name}:\n")
        sentences = []
        for a in attributes:
            attribute = ATTRIBUTES[a]
            v = values[(name, a)]
            if layout == "prose":
                sentences.append((rng.choice(attribute.prose).format(v=v), (name, a)))
            else:
                line = rng.choice(attribute.lines).format(v=v)
                if layout == "flat":
                    line = f"{name} – {line}"
                bullet = "- " if layout in ("markdown", "lead") else ""
                end = "." if layout in ("plain", "flat") and rng.random() < 0.6 else ""
                sentences.append((f"{bullet}{line}{end}", (name, a)))
        for k, (text, key) in enumerate(sentences):
            joiner = " " if layout == "prose" and k < len(sentences) - 1 else "\n"
            put(text, key, value_at=2 if text.startswith("- ") else 0)
            put(joiner)
        put("\n")
    text = "".join(parts).strip() + "\n"
    return StructuredDoc(text, layout, domain.title, _claims(rng, things, values, where))


def _claims(
    rng: random.Random,
    things: Sequence[Thing],
    values: dict[tuple[str, str], str],
    where: dict[tuple[str, str], tuple[int, int]],
) -> tuple[Claim, ...]:
    """An answer sentence for each (thing, attribute) of a page, rewording it, in a shuffled order."""
    claims = []
    for (name, a), (line_start, line_end) in where.items():
        answer_name = rng.choice(next(n for t, n in things if t == name))
        template = rng.choice(ATTRIBUTES[a].answers)
        answer = template.format(v=values[(name, a)], t=answer_name, T=_capital(answer_name))
        claims.append(Claim(answer, values[(name, a)], line_start, line_end, name, a))
    rng.shuffle(claims)
    return tuple(claims)


def _table_document(
    rng: random.Random,
    domain: Domain,
    layout: str,
    things: Sequence[Thing],
    attributes: Sequence[str],
    values: dict[tuple[str, str], str],
) -> StructuredDoc:
    """A page whose values sit in one pipe table: a row per thing ("table") or a column per thing ("table-turned").

    A claim's line is the value's cell: only the cell's row and column say which thing and attribute it is.
    """
    columns = {a: rng.choice(_COLUMNS[a]) for a in attributes}
    head = rng.choice(_ROW_HEADINGS)
    names = [name for name, _ in things]
    if layout == "table":
        header = [head, *(columns[a] for a in attributes)]
        rows = [[name, *((name, a) for a in attributes)] for name in names]
    else:
        header = ["", *names]
        rows = [[columns[a], *((name, a) for name in names)] for a in attributes]
    text = f"## {domain.title}\n\n" if rng.random() < 0.5 else f"{domain.title}\n\n"
    text += "| " + " | ".join(header) + " |\n|" + "---|" * len(header) + "\n"
    where: dict[tuple[str, str], tuple[int, int]] = {}
    for row in rows:
        text += "|"
        for cell in row:
            written = values[cell] if isinstance(cell, tuple) else cell
            text += " "
            if isinstance(cell, tuple):
                where[cell] = (len(text), len(text) + len(written))
            text += f"{written} |"
        text += "\n"
    if rng.random() < 0.5:
        text += "\nPrices include VAT.\n"
    return StructuredDoc(text, layout, domain.title, _claims(rng, things, values, where))


def generate(
    count: int, seed: int, domains: Sequence[Domain] = TRAIN_DOMAINS, layouts: Sequence[str] = LAYOUTS
) -> list[StructuredDoc]:
    """``count`` documents of ``domains`` in each of ``layouts`` in turn, deterministic for ``seed``.

    >>> page = generate(1, seed=5, domains=TEST_DOMAINS, layouts=TABLE_LAYOUTS)[0]
    >>> claim = page.claims[0]
    >>> page.layout, page.text[claim.line_start : claim.line_end] == claim.value, "| --- |" not in page.text
    ('table', True, True)
    """
    rng = random.Random(seed)
    return [_document(rng, rng.choice(list(domains)), layouts[k % len(layouts)]) for k in range(count)]
