"""Templated fact cards: one per domain, each instantiated with different names, numbers and dates.

A card is written as data. ``passages`` are the sources and ``sentences`` a faithful answer, one supported sentence
each; both are ``str.format`` templates over ``slots``. Each slot has a type (``int``, ``count`` (an int written with
thousands separators), ``money`` (with the card's ``currency``), ``pct``, ``date``, ``name``, or a pool of the
fictional names below) and the generator derives other forms of it: ``{x_w}`` (an int in words), ``{x_plain}``
("1250 pounds"), ``{x_us}`` / ``{x_iso}`` (a date as "March 4, 2025" / "2025-03-04"). ``derive`` adds card-specific
forms (a unit change).

Each error edits one sentence of the faithful answer, so the unedited answer is its faithful twin:

- ``absent``: ``kind -> (sentence, slot)``: the slot gets a value of its type found nowhere in the sources;
- ``swap``: ``kind -> (sentence, slot, other)``: the slot gets the value of ``other``, which the sources use in
  another role;
- ``edits``: ``kind -> (sentence, old, new)``: replace ``old`` (occurring once in the sentence) with ``new``;
- ``world``: a sentence true in the world that the sources do not state.

The faithful kinds: ``paraphrases`` (sentence -> reworded sentence), ``merge`` (one sentence joining facts of two
passages), ``formats`` (unit or format changes, as edits), ``reorder`` (a list in another order, as an edit),
``topic`` (what an abstention says the sources do not cover; ``who`` to ask), ``summary`` (a summary without a
question), ``doc`` (what a hedge names as its source).

``SCENES`` (issue 59) are the relation cards: sources in which two things of one kind sit side by side (two fare
classes, two room types, a record's departure and arrival), so that a value found in the sources can still be given to
the wrong thing. A scene has ``passages`` (a ``str.format`` template, a ``("lines", [...])`` record of ``key: value``
lines, or a dict written as JSON), ``support`` (supported answer sentences that pad an answer to its length) and, per
test, pairs of a ``right`` and a ``wrong`` sentence that differ in one place:

- ``sibling``: the wrong sentence gives a thing the value its sibling has in the sources (both sentences present);
- ``conversion``: ``right`` converts a value correctly (kg/lb, km/mi, °C/°F, litres/US gallons, a currency's
  sub-unit), ``wrong`` is off well beyond rounding (``kind`` ``off``) or writes a number of the sources with the
  wrong unit (``kind`` ``unit``);
- ``arithmetic``: ``right`` states a sum, difference or product of values the sources or the question give,
  ``wrong`` the same with a wrong result;
- ``record``: the context holds a record; ``wrong`` gives one field's value to another key;
- ``name``: ``wrong`` names an organisation by a three-word name found nowhere in the sources, one of whose words
  (``rival``'s first, the value of another slot) is used elsewhere in them; ``tails`` are the candidates for its
  other two words.

A pair may carry its own ``question`` and the support sentences it must not be joined with (``avoid``). Slots are as
on the fact cards, plus ``few`` (a small count that may equal another slot's), ``time`` (``07:45``), ``cents``
(``0.75``, and ``{x_c}``: ``75``), ``code`` (six capital letters), ``org`` (a three-word organisation: a head word and
one of the given tails) and ``("pool", name)`` (``{x_cap}``; ``{x_first}`` / ``{x_last}`` for people). ``derive``
computes conversions and results from the values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# fmt: off  (the cards are data: one field per line as written)

NAMES = [
    "Aisha Rahman", "Bruno Castell", "Carla Mendes", "Dmitri Volkov", "Elena Marsh", "Farah Qureshi",
    "Gavin Holt", "Hana Sato", "Ibrahim Diallo", "Julia Wren", "Kofi Mensah", "Lena Brandt", "Marcus Hale",
    "Nadia Petrova", "Oliver Strand", "Priya Nair", "Quentin Roux", "Rosa Delgado", "Samuel Okafor",
    "Tamsin Reed", "Umar Haddad", "Vera Lindqvist", "Wesley Crane", "Ximena Ortiz", "Yusuf Demir",
    "Zoe Hartley", "Arjun Mehra", "Beatrix Kaur", "Callum Fraser", "Daria Novak", "Emeka Obi",
    "Fiona Gallagher", "Goran Babic", "Helena Voss", "Isaac Ferreira", "Jonas Eklund", "Keira Walsh",
    "Luis Navarro", "Maya Chen", "Niall Brennan", "Odette Laurent", "Pavel Horak", "Rania Saleh",
    "Stefan Kowalski", "Tessa Moreau", "Victor Ames", "Wanjiru Kamau", "Yara Haddon", "Anton Richter",
    "Bianca Rossi", "Cedric Mbeki", "Delia Frost", "Eamon Keane", "Freya Lund", "Hugo Barros",
]
"""Fictional people; the absent-name errors draw from the ones an instance does not use."""

COMPANIES = [
    "Brightwell", "Corvane", "Halden", "Meridane", "Norwick", "Quillon", "Tessaro", "Varrow", "Ashgrove",
    "Kelmont", "Orrin", "Pellham", "Stanmore", "Wyvern", "Calder", "Dunmore",
]
TOWNS = ["Eastbrook", "Halwick", "Norcastle", "Pellston", "Redmere", "Westhollow", "Ambleford", "Caverly"]
DRUGS = ["Tavorin", "Clexomar", "Dranolex", "Fenuvast", "Lumiprex", "Oxaltra", "Pyrenal", "Zolvetra"]
PRODUCTS = ["Orbix Swift", "Tidal Glide", "Nimbo Air", "Pexa Rover", "Quorra Clean", "Lumen Sweep"]
CLUBS = [
    "Harbury Athletic", "Colne Vale", "Marston Rangers", "Kilby Town", "Ashford United", "Selwyn Park",
    "Broadmere City", "Thornhill Wanderers",
]
POOLS: dict[str, list[str]] = {
    "company": COMPANIES,
    "town": TOWNS,
    "drug": DRUGS,
    "product": PRODUCTS,
    "club": CLUBS,
}

_HOURS = {70: "1 hour and 10 minutes", 75: "1 hour and 15 minutes", 80: "1 hour and 20 minutes",
          85: "1 hour and 25 minutes", 90: "an hour and a half", 95: "1 hour and 35 minutes",
          100: "1 hour and 40 minutes", 105: "1 hour and 45 minutes", 110: "1 hour and 50 minutes",
          120: "two hours", 150: "two and a half hours"}


CARDS: list[dict[str, Any]] = [
    dict(
        slug="annual-leave",
        domain="hr-policy",
        doc="handbook",
        who="HR",
        question="How much annual leave do I get, and can I carry unused days over?",
        slots=dict(
            company="company", svc=("int", 3, 9), days=("int", 22, 30), notice=("int", 10, 21),
            carry=("int", 2, 8), deadline="date", start="date", hr="name", coo="name", payroll="name",
        ),
        passages=[
            """Annual leave at {company}. Employees with at least {svc} months of continuous service receive {days}
            days of paid annual leave per year. Leave requests must be submitted at least {notice} days before the
            first day of leave. Up to {carry} unused days can be carried over into the next year, but only if the
            employee's line manager approves the carry-over before {deadline}. Leave can be taken for holidays,
            family events or personal appointments.""",
            """Approvals and contacts. Leave requests are approved by the employee's line manager. Disputes about
            leave are decided by the HR director, {hr}, who reports to the chief operating officer, {coo}. Questions
            about holiday pay go to {payroll} in the payroll team. This policy took effect on {start}.""",
        ],
        sentences=[
            "Employees with at least {svc} months of continuous service get {days} days of paid annual leave per year.",
            "Leave requests have to be submitted at least {notice} days before the leave starts.",
            "If your line manager approves it before {deadline}, you can carry up to {carry} unused days over into "
            "the next year.",
            "Leave can be used for holidays, family events or personal appointments.",
            "Disputes about leave are decided by the HR director, {hr}, who reports to the chief operating officer, "
            "{coo}.",
            "Questions about holiday pay should go to {payroll} in the payroll team.",
            "The policy has been in effect since {start}.",
        ],
        absent=dict(number=(0, "days"), date=(6, "start"), name=(5, "payroll")),
        swap=dict(number=(1, "notice", "carry"), date=(6, "start", "deadline"), name=(5, "payroll", "hr")),
        edits=dict(
            role=(4, "who reports to the chief operating officer, {coo}",
                  "to whom the chief operating officer, {coo}, reports"),
            negation=(2, "you can carry", "you cannot carry"),
            condition=(2, "If your line manager approves it before {deadline}, you can", "You can"),
            comparison=(1, "at least {notice} days before", "at most {notice} days before"),
            period=(0, "per year", "per month"),
            added=(3, "or personal appointments.", "or personal appointments, and unused days are paid out when you "
                   "leave the company."),
        ),
        world="Under the EU Working Time Directive, workers are entitled to at least four weeks of paid annual leave.",
        merge="Your line manager approves both your leave requests and any carry-over of up to {carry} unused days, "
        "as long as the carry-over is approved before {deadline}.",
        reorder=(3, "holidays, family events or personal appointments",
                 "personal appointments, holidays or family events"),
        formats=[
            (0, "{days} days", "{days_w} days"),
            (6, "{start}", "{start_us}"),
            (1, "{notice} days", "{notice_w} days"),
        ],
        paraphrases={
            0: "Once you have worked here continuously for {svc} months or more, you are entitled to {days} paid days "
            "off a year.",
            1: "You need to put in a leave request no later than {notice} days ahead of your first day off.",
            5: "For questions about holiday pay, contact {payroll} from payroll.",
        },
        topic="whether unused leave is paid out when you leave the company",
        summary=[
            "{company} gives employees with {svc} or more months of service {days} days of paid leave a year, to be "
            "requested at least {notice} days ahead.",
            "Up to {carry} days can be carried over if the line manager approves before {deadline}, and disputes go "
            "to the HR director, {hr}.",
        ],
    ),
    dict(
        slug="easy-saver",
        domain="finance",
        doc="account terms",
        who="the bank",
        currency="£",
        question="What interest does the Easy Saver pay, and are withdrawals free?",
        slots=dict(
            company="company", rate=("pct", ["2.10", "2.35", "2.60", "2.85", "3.05", "3.40"]),
            cap=("money", 20000, 90000, 5000), withdrawals=("int", 3, 6), fee=("int", 5, 12), age=("int", 16, 18),
            changed="date", review="date", complaints="name", head="name",
        ),
        passages=[
            """The {company} Easy Saver. The account pays {rate}% interest a year on balances of up to {cap},
            calculated daily and paid monthly. Balances above {cap} earn no interest. Customers can make
            {withdrawals} free withdrawals in each calendar year; every further withdrawal costs £{fee}. The account
            can be opened by anyone aged {age} or over who lives in the UK.""",
            """Rate changes and complaints. The interest rate was last changed on {changed}, and the next review is
            due on {review}. Customers get at least two weeks' notice before any rate cut. Complaints about the
            account are handled by {complaints}, who reports to the head of savings, {head}.""",
        ],
        sentences=[
            "The {company} Easy Saver pays {rate}% interest a year on balances of up to {cap}.",
            "Interest is calculated daily and paid monthly.",
            "You can make {withdrawals} free withdrawals in each calendar year, and every further withdrawal costs "
            "£{fee}.",
            "Anyone aged {age} or over who lives in the UK can open the account.",
            "The interest rate was last changed on {changed}.",
            "The next rate review is due on {review}.",
            "Complaints about the account are handled by {complaints}.",
            "{complaints} reports to {head}, the head of savings.",
        ],
        absent=dict(number=(2, "fee"), date=(5, "review"), name=(6, "complaints")),
        swap=dict(number=(2, "withdrawals", "age"), date=(5, "review", "changed"), name=(6, "complaints", "head")),
        edits=dict(
            role=(7, "{complaints} reports to {head}, the head of savings.",
                  "{head}, the head of savings, reports to {complaints}."),
            negation=(3, "can open the account", "cannot open the account"),
            condition=(3, "Anyone aged {age} or over who lives in the UK", "Anyone who lives in the UK"),
            comparison=(0, "balances of up to {cap}", "balances of more than {cap}"),
            period=(2, "in each calendar year", "in each month"),
            added=(1, "and paid monthly.", "and paid monthly into any UK current account."),
        ),
        world="The Bank of England sets the base rate of interest in the United Kingdom.",
        merge="The account pays {rate}% a year on up to {cap}, a rate that was last changed on {changed}.",
        reorder=(1, "calculated daily and paid monthly", "paid monthly and calculated daily"),
        formats=[
            (0, "{cap}", "{cap_plain}"),
            (4, "{changed}", "{changed_us}"),
            (2, "{withdrawals} free", "{withdrawals_w} free"),
        ],
        paraphrases={
            0: "Balances of up to {cap} in the {company} Easy Saver earn {rate}% a year.",
            3: "To open the account you must be at least {age} and live in the UK.",
            6: "If you want to complain about the account, {complaints} deals with it.",
        },
        topic="whether the account can be held jointly",
        summary=[
            "The {company} Easy Saver pays {rate}% a year on up to {cap}, with {withdrawals} free withdrawals a year "
            "and £{fee} for each further one.",
            "It is open to UK residents aged {age} or over, and the rate is next reviewed on {review}.",
        ],
    ),
    dict(
        slug="tablets-leaflet",
        domain="medicine",
        doc="leaflet",
        who="your pharmacist",
        question="How should I take {drug}, and how much is too much?",
        slots=dict(
            drug="drug", dose=("int", 200, 500, 50), maxdose=("int", 1200, 2400, 200), hours=("int", 6, 8),
            days=("int", 3, 10), age=("int", 12, 16), updated="date", approved="date", author="name",
            director="name", contact="name",
        ),
        derive=lambda v: {"maxdose_g": f"{v['maxdose'] / 1000:g}"},
        passages=[
            """{drug} tablets: how to take them. Adults and children aged {age} and over should take {dose} mg every
            {hours} hours with food. Do not take more than {maxdose} mg in 24 hours. If symptoms last longer than
            {days} days, stop taking the tablets and speak to a doctor. Common side effects are nausea, headache and
            dizziness. {drug} should not be taken together with other medicines that contain ibuprofen.""",
            """About this leaflet. This leaflet was written by the lead pharmacist, {author}, and checked by the
            medical director, {director}. Questions about the leaflet go to {contact} at the pharmacy helpline. It
            was last updated on {updated}. {drug} was first approved for sale on {approved}.""",
        ],
        sentences=[
            "Adults and children aged {age} and over should take {dose} mg every {hours} hours with food.",
            "You should not take more than {maxdose} mg in 24 hours.",
            "If your symptoms last longer than {days} days, stop taking the tablets and talk to a doctor.",
            "Common side effects are nausea, headache and dizziness.",
            "The leaflet was written by the lead pharmacist, {author}, and checked by the medical director, "
            "{director}.",
            "Questions about the leaflet go to {contact} at the pharmacy helpline.",
            "The leaflet was last updated on {updated}.",
            "{drug} was first approved for sale on {approved}.",
        ],
        absent=dict(number=(0, "dose"), date=(6, "updated"), name=(5, "contact")),
        swap=dict(number=(2, "days", "hours"), date=(6, "updated", "approved"), name=(5, "contact", "author")),
        edits=dict(
            role=(4, "written by the lead pharmacist, {author}, and checked by the medical director, {director}",
                  "written by the medical director, {director}, and checked by the lead pharmacist, {author}"),
            negation=(2, "stop taking the tablets", "keep taking the tablets"),
            condition=(2, "If your symptoms last longer than {days} days, stop", "Stop"),
            comparison=(1, "not take more than", "not take less than"),
            period=(0, "every {hours} hours", "every {hours} days"),
            added=(0, "with food.", "with food and a full glass of milk."),
        ),
        world="Ibuprofen is a non-steroidal anti-inflammatory drug.",
        merge="{drug}, first approved for sale on {approved}, is taken as {dose} mg every {hours} hours by adults "
        "and children aged {age} and over.",
        reorder=(3, "nausea, headache and dizziness", "dizziness, nausea and headache"),
        formats=[
            (1, "{maxdose} mg", "{maxdose_g} g"),
            (6, "{updated}", "{updated_iso}"),
            (0, "{hours} hours", "{hours_w} hours"),
        ],
        paraphrases={
            0: "Anyone aged {age} or older should take {dose} mg with food, once every {hours} hours.",
            1: "The most you should take in 24 hours is {maxdose} mg.",
            2: "See a doctor and stop the tablets if your symptoms go on for more than {days} days.",
        },
        topic="whether {drug} is safe to take during pregnancy",
        summary=[
            "{drug} is taken as {dose} mg every {hours} hours with food by anyone aged {age} or over, up to "
            "{maxdose} mg in 24 hours.",
            "Patients whose symptoms last more than {days} days should stop the tablets and see a doctor.",
        ],
    ),
    dict(
        slug="robot-vacuum",
        domain="product-docs",
        doc="manual",
        who="customer care",
        question="How long does the {product} run, and what does the warranty cover?",
        slots=dict(
            product="product", runtime=("choice", [90, 120, 150]), charge=("int", 3, 5), bin=("int", 400, 600, 50),
            warranty=("int", 2, 3), firmware="date", released="date", support="name", vp="name",
        ),
        derive=lambda v: {"runtime_h": _HOURS[v["runtime"]], "bin_l": f"{v['bin'] / 1000:g}"},
        passages=[
            """Using the {product}. On a full charge the {product} runs for up to {runtime} minutes in standard mode.
            A full recharge takes about {charge} hours. The dust bin holds {bin} ml and should be emptied after every
            run. The vacuum can clean carpets, hard floors and tiles, but it must not be used on wet surfaces. It
            returns to its dock automatically when the battery falls below 15%.""",
            """Warranty and support. The {product} comes with a {warranty}-year warranty if it is registered within 30
            days of purchase. Support requests are handled by the customer care manager, {support}, who reports to
            the vice president of service, {vp}. The current firmware was released on {firmware}; the {product}
            itself went on sale on {released}.""",
        ],
        sentences=[
            "On a full charge, the {product} runs for up to {runtime} minutes in standard mode.",
            "Recharging it fully takes about {charge} hours.",
            "The dust bin holds {bin} ml and should be emptied after every run.",
            "It can clean carpets, hard floors and tiles, but it must not be used on wet surfaces.",
            "You get a {warranty}-year warranty if you register the vacuum within 30 days of purchase.",
            "Support requests are handled by the customer care manager, {support}.",
            "The current firmware was released on {firmware}.",
            "{support} reports to {vp}, the vice president of service.",
        ],
        absent=dict(number=(0, "runtime"), date=(6, "firmware"), name=(5, "support")),
        swap=dict(number=(1, "charge", "warranty"), date=(6, "firmware", "released"), name=(5, "support", "vp")),
        edits=dict(
            role=(7, "{support} reports to {vp}, the vice president of service.",
                  "{vp}, the vice president of service, reports to {support}."),
            negation=(3, "must not be used on wet surfaces", "can also be used on wet surfaces"),
            condition=(4, " if you register the vacuum within 30 days of purchase", ""),
            comparison=(0, "for up to {runtime} minutes", "for at least {runtime} minutes"),
            period=(1, "{charge} hours", "{charge} minutes"),
            added=(2, "after every run.", "after every run, and it is dishwasher safe."),
        ),
        world="Lithium-ion batteries slowly lose capacity as they age.",
        merge="The {product}, which went on sale on {released}, runs for up to {runtime} minutes on a full charge.",
        reorder=(3, "carpets, hard floors and tiles", "tiles, carpets and hard floors"),
        formats=[
            (0, "{runtime} minutes", "{runtime_h}"),
            (6, "{firmware}", "{firmware_us}"),
            (2, "{bin} ml", "{bin_l} litres"),
        ],
        paraphrases={
            0: "The {product} lasts up to {runtime} minutes in standard mode when it is fully charged.",
            2: "Empty the {bin} ml dust bin after each run.",
            5: "The customer care manager, {support}, deals with support requests.",
        },
        topic="whether the {product} can be controlled by voice",
        summary=[
            "The {product} runs for up to {runtime} minutes per charge, recharges in about {charge} hours and has a "
            "{bin} ml dust bin.",
            "It cleans carpets, hard floors and tiles but not wet surfaces, and it has a {warranty}-year warranty if "
            "registered within 30 days.",
        ],
    ),
    dict(
        slug="island-ferry",
        domain="travel",
        doc="timetable",
        who="{company} Ferries",
        currency="€",
        question="How often does the ferry to Senna Island run, and what can I bring?",
        slots=dict(
            company="company", crossing=("int", 70, 110, 5), daily=("int", 4, 7), fare=("int", 18, 45),
            checkin=("choice", [30, 45, 60]), kg=("int", 20, 30), season_start="date", season_end="date",
            published="date", master="name", ops="name", lost="name",
        ),
        derive=lambda v: {"crossing_hm": _HOURS[v["crossing"]]},
        passages=[
            """{company} Ferries: the island crossing. Between {season_start} and {season_end}, ferries cross from
            Harlow Quay to Senna Island {daily} times a day. The crossing takes {crossing} minutes. A single adult
            ticket costs €{fare}; children under 12 travel free. Foot passengers must check in at least {checkin}
            minutes before departure. Each passenger may bring one suitcase of up to {kg} kg, plus a bicycle or a
            pushchair.""",
            """Operations. The service is run by the harbour master, {master}, who reports to the operations director
            of {company} Ferries, {ops}. Lost property is kept at the Harlow Quay ticket office and handled by {lost}.
            Outside the summer season, crossings run only at weekends. This timetable was published on
            {published}.""",
        ],
        sentences=[
            "Ferries run from Harlow Quay to Senna Island {daily} times a day between {season_start} and {season_end}.",
            "The crossing takes {crossing} minutes.",
            "A single adult ticket costs €{fare}, and children under 12 travel free.",
            "Foot passengers have to check in at least {checkin} minutes before departure.",
            "You can bring one suitcase of up to {kg} kg, plus a bicycle or a pushchair.",
            "Lost property is handled by {lost} at the Harlow Quay ticket office.",
            "The service is run by the harbour master, {master}, who reports to the operations director, {ops}.",
            "Outside the summer season, crossings run only at weekends.",
        ],
        absent=dict(number=(1, "crossing"), date=(0, "season_end"), name=(5, "lost")),
        swap=dict(number=(4, "kg", "fare"), date=(0, "season_end", "published"), name=(5, "lost", "master")),
        edits=dict(
            role=(6, "who reports to the operations director, {ops}",
                  "to whom the operations director, {ops}, reports"),
            negation=(2, "children under 12 travel free", "children under 12 pay the full fare"),
            condition=(7, "Outside the summer season, crossings", "Crossings"),
            comparison=(2, "children under 12", "children over 12"),
            period=(0, "{daily} times a day", "{daily} times a week"),
            added=(4, "a bicycle or a pushchair.", "a bicycle or a pushchair, and dogs travel free."),
        ),
        world="Seasickness is caused by a mismatch between what the eyes see and what the inner ear senses.",
        merge="The {crossing}-minute crossing is run by the harbour master, {master}, and a single adult ticket costs "
        "€{fare}.",
        reorder=(4, "a bicycle or a pushchair", "a pushchair or a bicycle"),
        formats=[
            (2, "€{fare}", "{fare} euros"),
            (1, "{crossing} minutes", "{crossing_hm}"),
            (0, "{season_start}", "{season_start_us}"),
        ],
        paraphrases={
            1: "It is a {crossing}-minute crossing.",
            3: "If you travel on foot, check in no later than {checkin} minutes before the ferry leaves.",
            4: "Each passenger is allowed a suitcase weighing up to {kg} kg, as well as a bicycle or a pushchair.",
        },
        topic="whether cars can be taken on the ferry",
        summary=[
            "{company} Ferries sails from Harlow Quay to Senna Island {daily} times a day between {season_start} and "
            "{season_end}, and the crossing takes {crossing} minutes.",
            "Adult singles cost €{fare}, children under 12 travel free, and foot passengers check in at least "
            "{checkin} minutes before departure.",
        ],
    ),
    dict(
        slug="tenancy",
        domain="legal",
        doc="tenancy agreement",
        who="the managing agent",
        currency="£",
        question="What are the main terms of the tenancy for Flat 4, Ashcombe Court?",
        slots=dict(
            landlord="name", tenant="name", agent="name", rent=("money", 900, 1600, 50),
            deposit=("money", 1000, 2500, 100), term=("choice", [12, 18, 24]), late=("int", 7, 14),
            noticem=("int", 2, 3), start="date", signed="date",
        ),
        passages=[
            """Tenancy agreement for Flat 4, Ashcombe Court. The landlord, {landlord}, lets the flat to the tenant,
            {tenant}, for a fixed term of {term} months starting on {start}. The rent is {rent} per month, payable on
            the first day of each month. A deposit of {deposit} is held in a government-approved protection scheme.
            If rent is more than {late} days late, the landlord may charge interest at 3% above the Bank of England
            base rate. The tenant is responsible for council tax, electricity and internet.""",
            """Ending the tenancy. After the fixed term, either party may end the tenancy by giving {noticem} months'
            written notice. The tenant may not sublet the flat without the landlord's written consent. Repairs are
            arranged by the managing agent, {agent}, who acts on behalf of the landlord. The agreement was signed on
            {signed}.""",
        ],
        sentences=[
            "{landlord} lets Flat 4 at Ashcombe Court to {tenant} for a fixed term of {term} months from {start}.",
            "The rent is {rent} per month, due on the first day of each month.",
            "A deposit of {deposit} is held in a government-approved protection scheme.",
            "If the rent is more than {late} days late, the landlord can charge interest at 3% above the Bank of "
            "England base rate.",
            "After the fixed term, either side can end the tenancy with {noticem} months' written notice.",
            "The tenant is responsible for council tax, electricity and internet.",
            "Repairs are arranged by the managing agent, {agent}.",
            "The agreement was signed on {signed}.",
        ],
        absent=dict(number=(1, "rent"), date=(7, "signed"), name=(6, "agent")),
        swap=dict(number=(4, "noticem", "late"), date=(7, "signed", "start"), name=(6, "agent", "landlord")),
        edits=dict(
            role=(0, "{landlord} lets Flat 4 at Ashcombe Court to {tenant}",
                  "{tenant} lets Flat 4 at Ashcombe Court to {landlord}"),
            negation=(3, "the landlord can charge interest", "the landlord cannot charge interest"),
            condition=(3, "If the rent is more than {late} days late, the landlord", "The landlord"),
            comparison=(3, "more than {late} days late", "less than {late} days late"),
            period=(1, "per month", "per week"),
            added=(2, "protection scheme.", "protection scheme and is returned within ten days of the tenancy ending."),
        ),
        world="The Bank of England is the central bank of the United Kingdom.",
        merge="The tenancy began on {start} at a rent of {rent} per month, and after the fixed term either side can "
        "end it with {noticem} months' written notice.",
        reorder=(5, "council tax, electricity and internet", "internet, council tax and electricity"),
        formats=[
            (1, "{rent}", "{rent_plain}"),
            (7, "{signed}", "{signed_iso}"),
            (4, "{noticem} months'", "{noticem_w} months'"),
        ],
        paraphrases={
            0: "{tenant} rents Flat 4 at Ashcombe Court from {landlord} on a {term}-month fixed term starting on "
            "{start}.",
            1: "Each month's rent of {rent} is due on the first of the month.",
            6: "The managing agent, {agent}, organises repairs for the landlord.",
        },
        topic="whether pets are allowed in the flat",
        summary=[
            "{landlord} lets Flat 4, Ashcombe Court to {tenant} for {term} months from {start} at {rent} a month, "
            "with a deposit of {deposit} held in a protection scheme.",
            "After the fixed term, either side can end the tenancy with {noticem} months' written notice.",
        ],
    ),
    dict(
        slug="river-bridge",
        domain="news",
        doc="article",
        who="the council",
        question="What did {town} council decide about the new bridge?",
        slots=dict(
            town="town", cost=("int", 12, 28), vfor=("int", 21, 30), vagainst=("int", 8, 15), months=("int", 14, 20),
            jobs=("int", 120, 260, 20), traffic=("count", 8000, 15000, 500), vote="date", start="date",
            mayor="name", opp="name", company="company",
        ),
        derive=lambda v: {"cost_full": f"{v['cost'] * 1_000_000:,}"},
        passages=[
            """{town} council approves new river bridge. {town} council voted on {vote} to build a new road bridge
            over the River Alder, at a cost of £{cost} million. The plan was backed by {vfor} councillors, with
            {vagainst} voting against. Mayor {mayor} said the bridge would cut journey times across the town by
            half. Construction is due to start on {start} and to take {months} months. The bridge is expected to
            carry more than {traffic} vehicles a day.""",
            """Opposition and jobs. The opposition leader, {opp}, criticised the cost and said the money should have
            gone to bus services. The contract was awarded to {company} Construction, which expects to create {jobs}
            local jobs during the works. The old bridge will stay open to pedestrians and cyclists but will close to
            cars once the new one opens.""",
        ],
        sentences=[
            "{town} council voted on {vote} to build a new road bridge over the River Alder at a cost of £{cost} "
            "million.",
            "The plan was backed by {vfor} councillors, with {vagainst} voting against.",
            "Mayor {mayor} said the bridge would halve journey times across the town.",
            "Construction is due to start on {start} and to take {months} months.",
            "The opposition leader, {opp}, criticised the cost and said the money should have gone to bus services.",
            "{company} Construction won the contract and expects to create {jobs} local jobs during the works.",
            "The old bridge will stay open to pedestrians and cyclists but will close to cars once the new one opens.",
            "The bridge is expected to carry more than {traffic} vehicles a day.",
        ],
        absent=dict(number=(5, "jobs"), date=(3, "start"), name=(4, "opp")),
        swap=dict(number=(1, "vagainst", "months"), date=(3, "start", "vote"), name=(4, "opp", "mayor")),
        edits=dict(
            role=(1, "backed by {vfor} councillors, with {vagainst} voting against",
                  "backed by {vagainst} councillors, with {vfor} voting against"),
            negation=(2, "the bridge would halve journey times", "the bridge would not shorten journey times"),
            condition=(6, " once the new one opens", ""),
            comparison=(7, "more than {traffic} vehicles", "fewer than {traffic} vehicles"),
            period=(7, "vehicles a day", "vehicles a week"),
            added=(4, "to bus services.", "to bus services and to repairing the town's schools."),
        ),
        world="The United Kingdom drives on the left-hand side of the road.",
        merge="The £{cost} million bridge, approved by {vfor} votes to {vagainst}, will be built by {company} "
        "Construction.",
        reorder=(6, "pedestrians and cyclists", "cyclists and pedestrians"),
        formats=[
            (0, "£{cost} million", "{cost_full} pounds"),
            (3, "{start}", "{start_us}"),
            (1, "{vfor} councillors", "{vfor_w} councillors"),
        ],
        paraphrases={
            0: "On {vote}, {town} council approved a new road bridge over the River Alder costing £{cost} million.",
            3: "Work should begin on {start} and last {months} months.",
            5: "The contract went to {company} Construction, which expects the works to create {jobs} local jobs.",
        },
        topic="how the bridge will be paid for",
        summary=[
            "{town} council approved a £{cost} million road bridge over the River Alder by {vfor} votes to "
            "{vagainst} on {vote}.",
            "{company} Construction will build it from {start}, creating {jobs} local jobs, while the opposition "
            "leader said the money should have gone to bus services.",
        ],
    ),
    dict(
        slug="pesticide-study",
        domain="science",
        doc="study report",
        who="the study's authors",
        question="What did the {company} University study find about clorathin and honeybees?",
        slots=dict(
            company="company", hives=("int", 30, 60), sites=("int", 6, 12), weeks=("int", 8, 16),
            drop=("int", 20, 45), start="date", published="date", lead="name", coauthor="name",
        ),
        passages=[
            """Pesticide study. Researchers at {company} University tracked {hives} honeybee hives at {sites} farm
            sites over {weeks} weeks. Hives placed within 500 metres of fields treated with the pesticide clorathin
            produced {drop}% less honey than hives on untreated farms. The effect was seen only in hives that
            foraged during the spraying season. The study was led by {lead} and began on {start}.""",
            """Publication and reactions. The results were published on {published} in the Journal of Pollination
            Ecology. The co-author, {coauthor}, said that the findings were correlational and did not prove that
            clorathin caused the drop. The research was funded by the national agriculture council. The team plans
            to repeat the study with wild bumblebees, mason bees and hoverflies.""",
        ],
        sentences=[
            "Researchers at {company} University tracked {hives} honeybee hives at {sites} farm sites over {weeks} "
            "weeks.",
            "Hives within 500 metres of fields treated with clorathin produced {drop}% less honey than hives on "
            "untreated farms.",
            "The effect was seen only in hives that foraged during the spraying season.",
            "The study was led by {lead}.",
            "The results were published on {published} in the Journal of Pollination Ecology.",
            "The co-author, {coauthor}, said the findings were correlational and did not prove that clorathin caused "
            "the drop.",
            "The team plans to repeat the study with wild bumblebees, mason bees and hoverflies.",
        ],
        absent=dict(number=(1, "drop"), date=(4, "published"), name=(3, "lead")),
        swap=dict(number=(1, "drop", "hives"), date=(4, "published", "start"), name=(3, "lead", "coauthor")),
        edits=dict(
            role=(1, "Hives within 500 metres of fields treated with clorathin produced {drop}% less honey than hives "
                  "on untreated farms", "Hives on untreated farms produced {drop}% less honey than hives within 500 "
                  "metres of fields treated with clorathin"),
            negation=(5, "did not prove", "proved"),
            condition=(2, "The effect was seen only in hives that foraged during the spraying season.",
                       "The effect was seen in every hive in the study."),
            comparison=(1, "less honey", "more honey"),
            period=(0, "over {weeks} weeks", "over {weeks} months"),
            added=(6, "mason bees and hoverflies.", "mason bees and hoverflies in Spain next year."),
        ),
        world="Honeybees tell each other where food is with a waggle dance.",
        merge="The study, led by {lead}, found {drop}% less honey near treated fields, and its results were published "
        "on {published}.",
        reorder=(6, "wild bumblebees, mason bees and hoverflies", "hoverflies, wild bumblebees and mason bees"),
        formats=[
            (1, "{drop}%", "{drop} percent"),
            (4, "{published}", "{published_us}"),
            (0, "{weeks} weeks", "{weeks_w} weeks"),
        ],
        paraphrases={
            0: "A team from {company} University followed {hives} honeybee hives on {sites} farms for {weeks} weeks.",
            1: "Honey output was {drop}% lower in hives within 500 metres of clorathin-treated fields than in hives "
            "on untreated farms.",
            5: "According to the co-author, {coauthor}, the results show a correlation but do not prove that "
            "clorathin caused the drop.",
        },
        topic="how much clorathin was sprayed on the fields",
        summary=[
            "A {company} University study of {hives} hives found that hives within 500 metres of clorathin-treated "
            "fields made {drop}% less honey.",
            "The co-author stressed that the link is correlational, and the team will repeat the study with wild "
            "bumblebees, mason bees and hoverflies.",
        ],
    ),
    dict(
        slug="league-match",
        domain="sports",
        doc="match report",
        who="the club",
        question="How did {home} get on against {away}?",
        slots=dict(
            home="club", away="club", ga=("int", 2, 4), gb=("int", 0, 1), attendance=("count", 18000, 32000, 500),
            minute=("int", 55, 88), stoppage=("int", 5, 8), match="date", next="date", scorer="name",
            captain="name", manager="name",
        ),
        passages=[
            """{home} {ga}–{gb} {away}. {home} beat {away} {ga}–{gb} on {match} in front of {attendance} fans.
            {scorer} opened the scoring after {minute} minutes with a header from a corner. {away}'s captain,
            {captain}, was sent off shortly before half-time. The referee added {stoppage} minutes of stoppage time
            at the end of the match.""",
            """What comes next. {home}'s manager, {manager}, said several players would be rested before the cup
            semi-final on {next}. The win lifts {home} to second place in the league, two points behind the leaders.
            {away} have now lost four matches in a row, and their next three games are against Kilworth, Danby and
            Ostley.""",
        ],
        sentences=[
            "{home} beat {away} {ga}–{gb} on {match}.",
            "The match was watched by {attendance} fans.",
            "{scorer} opened the scoring after {minute} minutes with a header from a corner.",
            "{away}'s captain, {captain}, was sent off shortly before half-time.",
            "{home}'s manager, {manager}, said several players would be rested before the cup semi-final on {next}.",
            "The win lifts {home} to second place in the league, two points behind the leaders.",
            "{away} have now lost four matches in a row.",
            "Their next three games are against Kilworth, Danby and Ostley.",
        ],
        absent=dict(number=(1, "attendance"), date=(4, "next"), name=(2, "scorer")),
        swap=dict(number=(2, "minute", "stoppage"), date=(4, "next", "match"), name=(2, "scorer", "captain")),
        edits=dict(
            role=(0, "{home} beat {away}", "{away} beat {home}"),
            negation=(3, "was sent off", "was not sent off"),
            condition=(4, " before the cup semi-final on {next}", ""),
            comparison=(5, "two points behind the leaders", "two points ahead of the leaders"),
            period=(2, "after {minute} minutes", "after {minute} seconds"),
            added=(3, "before half-time.", "before half-time for a second yellow card."),
        ),
        world="A professional football match is played over two halves of 45 minutes.",
        merge="{scorer}'s goal after {minute} minutes set up a {ga}–{gb} win that lifts {home} to second place.",
        reorder=(7, "Kilworth, Danby and Ostley", "Ostley, Kilworth and Danby"),
        formats=[
            (1, "{attendance}", "{attendance_digits}"),
            (0, "{match}", "{match_us}"),
            (6, "four matches", "4 matches"),
        ],
        paraphrases={
            1: "A crowd of {attendance} saw the game.",
            3: "{captain}, the {away} captain, was shown a red card shortly before half-time.",
            5: "With this win {home} move up to second, two points off the top.",
        },
        topic="who will play in goal for {home} in the semi-final",
        summary=[
            "{home} beat {away} {ga}–{gb} on {match}, with {scorer} opening the scoring after {minute} minutes and "
            "{away}'s captain sent off.",
            "The win takes {home} to second place, two points behind the leaders.",
        ],
    ),
    dict(
        slug="planning-application",
        domain="public-records",
        doc="planning record",
        who="the planning department",
        question="What is the status of planning application PA/{ref}?",
        slots=dict(
            ref=("int", 2000, 9000), area=("int", 20, 45), houseno=("int", 11, 99), height=("int", 3, 5),
            fee=("int", 200, 600, 50), consult=("int", 21, 28), received="date", decision="date",
            applicant="name", officer="name", chair="name", head="name",
        ),
        passages=[
            """Planning application PA/{ref}. Received on {received} from {applicant} for a single-storey rear
            extension of {area} square metres at {houseno} Mill Lane. The extension would be {height} metres high,
            built in matching brick, and would contain a kitchen, a utility room and a shower room. The application
            fee of £{fee} has been paid. Neighbours have {consult} days to comment after the site notice is
            posted.""",
            """Officer's report. The case officer, {officer}, recommends approval, provided that work takes place only
            between 8 am and 6 pm on weekdays. {officer} is supervised by the head of planning, {head}. The
            application will be decided by the planning committee, chaired by {chair}, on {decision}. Objections have
            been received from two neighbours, who raised concerns about loss of light.""",
        ],
        sentences=[
            "Application PA/{ref} was received on {received} from {applicant}.",
            "It is for a single-storey rear extension of {area} square metres at {houseno} Mill Lane.",
            "The extension would be {height} metres high and would contain a kitchen, a utility room and a shower "
            "room.",
            "The application fee of £{fee} has been paid.",
            "Neighbours have {consult} days to comment after the site notice is posted.",
            "The case officer, {officer}, recommends approval provided that work takes place only between 8 am and "
            "6 pm on weekdays.",
            "The planning committee, chaired by {chair}, will decide the application on {decision}.",
            "{officer} is supervised by the head of planning, {head}.",
        ],
        absent=dict(number=(1, "area"), date=(6, "decision"), name=(0, "applicant")),
        swap=dict(number=(4, "consult", "area"), date=(6, "decision", "received"), name=(0, "applicant", "officer")),
        edits=dict(
            role=(7, "{officer} is supervised by the head of planning, {head}.",
                  "The head of planning, {head}, is supervised by {officer}."),
            negation=(5, "recommends approval", "recommends refusal"),
            condition=(5, " provided that work takes place only between 8 am and 6 pm on weekdays", ""),
            comparison=(4, "after the site notice", "before the site notice"),
            period=(4, "{consult} days", "{consult} weeks"),
            added=(3, "has been paid.", "has been paid by bank transfer."),
        ),
        world="In England, most planning applications are decided by the local planning authority.",
        merge="{applicant}'s application for a {area} square metre extension at {houseno} Mill Lane will be decided "
        "by the planning committee on {decision}.",
        reorder=(2, "a kitchen, a utility room and a shower room", "a shower room, a kitchen and a utility room"),
        formats=[
            (3, "£{fee}", "{fee} pounds"),
            (0, "{received}", "{received_iso}"),
            (2, "{height} metres", "{height_w} metres"),
        ],
        paraphrases={
            0: "{applicant} submitted application PA/{ref}, which was received on {received}.",
            3: "The £{fee} fee for the application has already been paid.",
            6: "A decision is due from the planning committee, which {chair} chairs, on {decision}.",
        },
        topic="whether the extension also needs building regulations approval",
        summary=[
            "{applicant} has applied (PA/{ref}) for a {area} square metre rear extension at {houseno} Mill Lane, "
            "which the case officer recommends approving if work is limited to weekdays between 8 am and 6 pm.",
            "The planning committee will decide the application on {decision}.",
        ],
    ),
]
# fmt: on


# ---------------------------------------------------------------------------------------------------------------
# Relation scenes (issue 59): siblings, conversions, arithmetic, records read by key, multi-word names

# fmt: off

PEOPLE = [
    "Ines Calloway", "Mateo Reinholt", "Sunniva Brask", "Obi Nwankwo", "Petra Lindgren", "Rafael Quintero",
    "Mirela Dobos", "Tobias Fenwick", "Adaeze Okonkwo", "Linnea Hagberg", "Casimir Wolanski", "Giulia Ferrante",
    "Hamid Tavakoli", "Noor Alsayed", "Evander Pike", "Saoirse Daly", "Kenji Mori", "Ludmila Sorokina",
    "Thaddeus Bloom", "Amara Nkemelu", "Soren Vidal", "Halina Berg", "Dorian Achebe", "Marisol Ybarra",
]
"""Fictional people of the relation scenes (none of them is in ``NAMES``)."""

PLACES = [
    "Halvern", "Kestermoor", "Marrowby", "Ostwick", "Ulverdale", "Fennick", "Corriden", "Saltray", "Dravenholt",
    "Quarrington", "Elmsworth", "Gorrell", "Penvarrow", "Tidmouth",
]
"""Fictional places: street, airport, ground and hospital names, and the shared word of a made-up name."""

ORG_HEADS = [
    "Arvella", "Brannock", "Coriant", "Delmont", "Everholt", "Fairmead", "Gantrey", "Hollisford", "Ivermoor",
    "Kellaway", "Lorimer", "Mossgiel", "Norland", "Oakhurst", "Pellinor", "Rosslyn",
]
"""The first word of an organisation's three-word name (its other two words are the scene's)."""

SCENE_POOLS: dict[str, list[str]] = {
    "people": PEOPLE,
    "places": PLACES,
    "airlines": ["Skerra Air", "Veloria Airways", "Nordhav Airlines", "Calivo Air"],
    "hotels": ["Larchmere House", "the Quayside Marlowe", "Ostrander Lodge", "the Brackenholm"],
    "bikes": ["Volta Ridge", "Kestrel Glide", "Fenna Tour", "Arcus Commuter"],
    "cards": ["Lumen Rewards", "Oriel Plus", "Cobalt Everyday"],
    "companies": ["Tessmark", "Orvane", "Quillfield", "Brightmoor", "Halcyra", "Venmore"],
    "drugs": ["Corvaxin", "Melatrel", "Pentravo", "Rivasol", "Tolbenza", "Ulmexa"],
    "clubs": ["Ashvale Harriers", "Brookfield Rovers", "Cantley Athletic", "Dunmere Juniors"],
    "towns": ["Carrowmere", "Lissendale", "Pennilow", "Wexcombe", "Brindlecombe", "Tarrowden"],
}

LB_PER_KG = 2.20462
KM_PER_MILE = 1.609344
LITRES_PER_US_GALLON = 3.785411784
MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December"]


def hm(minutes: int) -> str:
    """Minutes after midnight as ``HH:MM``."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def whole(x: float) -> str:
    """``x`` rounded to a whole number, with thousands separators."""
    return f"{round(x):,}"


def fahrenheit(celsius: float) -> float:
    """°C to °F."""
    return celsius * 9 / 5 + 32


def slip(x: int) -> int:
    """A wrong result near ``x``: off by 10–20% at a round step, as a slip in a sum or a product would be."""
    grain = 100 if x >= 1000 else 10 if x >= 100 else 1
    step = max(grain, round(x * 0.15 / grain) * grain)
    return x + step if (x // grain) % 2 == 0 else x - step


def result(name: str, x: int) -> dict[str, str]:
    """A computed result and a wrong one: ``{name}`` and ``{name_wrong}``."""
    return {name: whole(x), f"{name}_wrong": whole(slip(x))}


def day_after(date: tuple[int, int, int], days: int) -> str:
    """The date ``days`` after ``date`` (day, month, year), written as "4 March 2025"."""
    import datetime

    later = datetime.date(date[2], date[1], date[0]) + datetime.timedelta(days=days)
    return f"{later.day} {MONTH_NAMES[later.month - 1]} {later.year}"


def _airline(v: dict[str, Any]) -> dict[str, str]:
    return {
        "arr": hm(v["dep"] + v["dur"]),
        "fcode": v["airline"][:2].upper(),
        "checked_lb": whole(v["checked"] * LB_PER_KG),
        "cabin_lb": whole(v["cabin"] * LB_PER_KG),
        "cabin_lb_wrong": whole(v["cabin"] / LB_PER_KG),
        **result("ticket_seat", v["ticket"] + v["seat"]),
        **result("chg_basic2", 2 * v["chg_basic"]),
        **result("open_span", 60 * v["open_h"] - v["close_min"]),
    }


def _hotel(v: dict[str, Any]) -> dict[str, str]:
    return {
        "dep_date": day_after(v["arr_date"], v["nights"]),
        "balance": whole(v["g_rate"] * v["nights"] - v["deposit"]),
        "pool_f": whole(fahrenheit(v["pool_c"])),
        "pool_f_wrong": whole(v["pool_c"] * 9 / 5),
        **result("c_total", v["c_rate"] * v["nights_q"]),
        **result("stay_total", v["g_rate"] * v["nights"]),
    }


def _bike(v: dict[str, Any]) -> dict[str, str]:
    return {
        "std_mi": whole(v["std_km"] / KM_PER_MILE),
        "std_mi_wrong": whole(v["std_km"] * KM_PER_MILE),
        "bike_lb": whole(v["bike_kg"] * LB_PER_KG),
        **result("mprice2", 2 * v["mprice"]),
        **result("saving", v["price"] - v["mprice"]),
    }


def _card(v: dict[str, Any]) -> dict[str, str]:
    return {
        "due_date": day_after(v["stmt_date"], 25),
        "cash_c_tenth": f"{v['cash'] / 10:g}",
        **result("have_sum", v["have"] + v["bonus"]),
        **result("redeem2", 2 * v["redeem"]),
    }


def _hr(v: dict[str, Any]) -> dict[str, str]:
    return {
        "prob": day_after(v["start"], 182),
        "mile_gbp": f"{v['mile_p'] / 100:.2f}",
        "per_km": whole(v["mile_p"] / KM_PER_MILE),
        "per_km_wrong": whole(v["mile_p"] * KM_PER_MILE),
        **result("sess2", 2 * v["sess"]),
        **result("left", v["ft"] - v["taken"]),
    }


def _medicine(v: dict[str, Any]) -> dict[str, str]:
    return {
        "disp": day_after(v["presc"], 2),
        "store_f": whole(fahrenheit(v["store_c"])),
        "store_f_wrong": whole(v["store_c"] * 9 / 5),
        **result("a_daily", v["adult_ml"] * v["a_max"]),
        **result("total_ml", v["qty"] * v["bottle"]),
    }


def _club(v: dict[str, Any]) -> dict[str, str]:
    return {
        "race_mi": f"{v['race_km'] / KM_PER_MILE:.1f}",
        "race_mi_wrong": whole(v["race_km"] * KM_PER_MILE),
        **result("junior2", 2 * v["junior"]),
        **result("contrib", v["goals"] + v["assists"]),
    }


def _council(v: dict[str, Any]) -> dict[str, str]:
    return {
        "due1": day_after(v["opened"], 30),
        "gbin_gal": whole(v["gbin"] / LITRES_PER_US_GALLON),
        "gbin_gal_wrong": whole(v["gbin"] * LITRES_PER_US_GALLON),
        "inst1": whole(v["band_b"] / 10),
        **result("diff_ab", v["band_b"] - v["band_a"]),
        **result("permit2", 2 * v["permit"]),
    }


def _lab(v: dict[str, Any]) -> dict[str, str]:
    return {
        "d2": day_after(v["d1"], 240),
        "recv_t": hm(v["coll_t"] + v["trans"]),
        "anal_t": hm(v["coll_t"] + v["trans"] + v["wait"]),
        "fridge_f": whole(fahrenheit(v["fridge_c"])),
        "fridge_f_wrong": whole(v["fridge_c"] * 9 / 5),
        "freezer_f": whole(fahrenheit(-v["freezer"])),
        **result("n_total", v["n1"] + v["n2"]),
        **result("trans_r", v["trans"]),
    }


def _rental(v: dict[str, Any]) -> dict[str, str]:
    return {
        "ret_date": day_after(v["pick_date"], v["days"]),
        "ret_t": hm(v["pick_t"] + v["back"]),
        "c_mi": whole(v["c_km"] / KM_PER_MILE),
        "c_mi_wrong": whole(v["c_km"] * KM_PER_MILE),
        "tank_gal": whole(v["tank"] / LITRES_PER_US_GALLON),
        **result("rent_total", v["c_day"] * v["days"]),
        **result("c_young", v["c_day"] + v["young"]),
    }


def _marathon(v: dict[str, Any]) -> dict[str, str]:
    return {
        "temp_f": whole(fahrenheit(v["temp_c"])),
        "temp_f_wrong": whole(v["temp_c"] * 9 / 5),
        "fun_mi": f"{v['fun_km'] / KM_PER_MILE:.1f}",
        "m_time": f"2:{v['m_min']:02d}:{(v['m_min'] * 7) % 60:02d}",
        "w_time": f"1:{v['w_min']:02d}:{(v['w_min'] * 11) % 60:02d}",
        **result("n_total", v["n_full"] + v["n_half"]),
        **result("n_more", v["n_half"] - v["n_full"]),
    }


Derive = Callable[[dict[str, Any]], dict[str, str]]
"""A scene's ``derive``: the forms it computes from the slot values."""

SCENES: list[dict[str, Any]] = [
    dict(
        slug="airline-fares",
        domain="travel",
        question="What do {airline}'s fares include, and what does my booking say?",
        slots=dict(
            airline=("pool", "airlines"), org=("org", ["Aviation Holdings", "Transport Group"]),
            hub=("pool", "places"), dest=("pool", "places"), pax=("pool", "people"), ref=("code",),
            cabin=("int", 7, 10), checked=("int", 20, 25), chg_basic=("int", 55, 80, 5), chg_plus=("int", 25, 35, 5),
            seat=("int", 8, 18), flex_h=("choice", [3, 4, 6]), open_h=("choice", [3, 4]),
            close_min=("choice", [40, 45, 50, 60]), gate_min=("choice", [15, 20, 25]), ticket=("int", 89, 159),
            dep=("time", 6, 11), dur=("int", 75, 165, 5), flightno=("int", 210, 890), row=("int", 3, 38),
            fdate="date",
        ),
        derive=_airline,
        passages=[
            """Fares and bags on {airline}. Every {airline} fare includes one personal item that fits under the seat in
            front. Basic fares include a cabin bag of up to {cabin} kg. Plus fares include a checked bag of up to
            {checked} kg. Changing the date of a Basic fare costs €{chg_basic}; changing the date of a Plus fare costs
            €{chg_plus}. Flex fares can be changed free of charge up to {flex_h} hours before departure. Seat
            selection costs €{seat} per flight on Basic fares and is included on Plus and Flex fares.""",
            """At {hub} Airport. Check-in desks for {airline} flights open {open_h} hours before departure and close
            {close_min} minutes before departure. Boarding gates close {gate_min} minutes before departure.
            Passengers who need assistance can ask for it when they book or up to 48 hours before the flight.
            {airline} is owned by {org}, which also runs the airline's frequent-flyer scheme.""",
            {"booking_reference": "{ref}", "passenger": "{pax}", "flight": "{fcode} {flightno}", "date": "{fdate}",
             "fare": "Plus", "seat": "{row}C", "departure": {"airport": "{hub}", "time": "{dep}"},
             "arrival": {"airport": "{dest}", "time": "{arr}"}},
        ],
        support=[
            "Every {airline} fare includes one personal item that fits under the seat in front.",
            "Flex fares can be changed free of charge up to {flex_h} hours before departure.",
            "Seat selection costs €{seat} per flight on Basic fares and is included on Plus and Flex fares.",
            "At {hub} Airport, check-in desks open {open_h} hours before departure.",
            "Boarding gates close {gate_min} minutes before departure.",
            "You can ask for assistance at the airport when you book or up to 48 hours before the flight.",
            "Your booking reference is {ref}.",
            "You are in seat {row}C on a Plus fare.",
        ],
        sibling=[
            dict(right="A Basic fare comes with a cabin bag of up to {cabin} kg.",
                 wrong="A Basic fare comes with a cabin bag of up to {checked} kg.",
                 question="How heavy can my cabin bag be on a Basic fare?"),
            dict(right="Changing the date of a Basic fare costs €{chg_basic}.",
                 wrong="Changing the date of a Basic fare costs €{chg_plus}."),
            dict(right="Check-in desks close {close_min} minutes before departure.",
                 wrong="Check-in desks close {gate_min} minutes before departure."),
        ],
        conversion=[
            dict(kind="unit", right="On a Plus fare, your checked bag can weigh up to {checked_lb} lb.",
                 wrong="On a Plus fare, your checked bag can weigh up to {chg_plus} lb.",
                 question="How many pounds can my checked bag weigh on a Plus fare?"),
            dict(kind="off", right="A Basic fare's cabin bag can weigh up to {cabin} kg, or about {cabin_lb} lb.",
                 wrong="A Basic fare's cabin bag can weigh up to {cabin} kg, or about {cabin_lb_wrong} lb."),
        ],
        arithmetic=[
            dict(right="Seat selection on a Basic fare costs €{seat}, so you would pay €{ticket_seat} in total.",
                 wrong="Seat selection on a Basic fare costs €{seat}, so you would pay €{ticket_seat_wrong} in total.",
                 question="I booked a Basic fare for €{ticket}. What will I pay in total if I also choose my seat?",
                 avoid=[2]),
            dict(right="Changing the dates of two Basic fares costs 2 × €{chg_basic} = €{chg_basic2}.",
                 wrong="Changing the dates of two Basic fares costs 2 × €{chg_basic} = €{chg_basic2_wrong}.",
                 question="How much does it cost to change the dates of two Basic fares?"),
            dict(right="Check-in desks open {open_h} hours before departure and close {close_min} minutes before it, "
                 "so they are open for {open_span} minutes.",
                 wrong="Check-in desks open {open_h} hours before departure and close {close_min} minutes before it, "
                 "so they are open for {open_span_wrong} minutes.",
                 question="How long are the check-in desks open for my flight?", avoid=[3]),
        ],
        record=[
            dict(right="Your flight {fcode} {flightno} departs from {hub} at {dep}.",
                 wrong="Your flight {fcode} {flightno} departs from {hub} at {arr}.",
                 question="What time does my flight leave?"),
            dict(right="You land in {dest} at {arr}.", wrong="You land in {dest} at {dep}.",
                 question="When do I arrive?"),
            dict(right="The flight arrives in {dest} at {arr}.", wrong="The flight arrives in {hub} at {arr}."),
        ],
        name=[
            dict(right="{airline} is owned by {org}.", wrong="{airline} is owned by {rival}.",
                 rival="{hub} {tail}", tails=["Aviation Partners", "Flight Holdings", "Airways Trust", "Aero Capital"],
                 question="Who owns {airline}?"),
        ],
    ),
    dict(
        slug="harbour-hotel",
        domain="travel",
        question="What are the rooms like at {hotel}, and what does my reservation say?",
        slots=dict(
            hotel=("pool", "hotels"), org=("org", ["Hospitality Group", "Hotels Collection"]),
            street=("pool", "places"), guest=("pool", "people"), ref=("code",),
            c_m2=("int", 16, 22), g_m2=("int", 30, 42), c_rate=("int", 95, 140, 5), g_rate=("int", 170, 260, 10),
            cin=("choice", [14, 15]), cout=("choice", [10, 11]), pool_c=("int", 26, 29),
            spa_min=("choice", [50, 60, 75]), park=("int", 12, 24), nights=("int", 2, 5), nights_q=("int", 2, 5),
            deposit=("int", 60, 150, 10), arr_date="date",
        ),
        derive=_hotel,
        passages=[
            """Rooms at {hotel_cap}. Classic rooms measure {c_m2} square metres, have a double bed and look onto the
            courtyard. Garden suites measure {g_m2} square metres, have a king-size bed and open onto the garden. A
            Classic room costs €{c_rate} a night and a Garden suite costs €{g_rate} a night, breakfast included.
            Classic rooms come with a rain shower; Garden suites come with a bathtub and a separate shower. Check-in
            starts at {cin}:00 and check-out is by {cout}:00.""",
            """Facilities. The outdoor pool is heated to {pool_c} °C and is open from May to September. Spa
            treatments last {spa_min} minutes and must be booked a day ahead. Guests can park in the hotel's garage on
            {street} Street for €{park} a day. {hotel_cap} is owned by {org}, which runs four other hotels on the
            coast.""",
            ("lines", ["Reservation {ref}", "Guest: {guest}", "Room: Garden suite", "Arrival: {arr_date}",
                       "Departure: {dep_date}", "Nights: {nights}", "Deposit paid: €{deposit}",
                       "Balance due on arrival: €{balance}"]),
        ],
        support=[
            "Classic rooms have a double bed and look onto the courtyard.",
            "Garden suites measure {g_m2} square metres and open onto the garden.",
            "A Garden suite costs €{g_rate} a night, breakfast included.",
            "Check-in starts at {cin}:00, and check-out is by {cout}:00.",
            "The outdoor pool is open from May to September.",
            "Spa treatments last {spa_min} minutes and have to be booked a day ahead.",
            "Parking in the hotel's garage on {street} Street costs €{park} a day.",
            "Your reservation {ref} is for a Garden suite.",
        ],
        sibling=[
            dict(right="A Classic room measures {c_m2} square metres.",
                 wrong="A Classic room measures {g_m2} square metres.", question="How big is a Classic room?"),
            dict(right="A Classic room costs €{c_rate} a night, breakfast included.",
                 wrong="A Classic room costs €{g_rate} a night, breakfast included.", avoid=[2]),
            dict(right="Classic rooms come with a rain shower.",
                 wrong="Classic rooms come with a bathtub and a separate shower."),
        ],
        conversion=[
            dict(kind="off", right="The outdoor pool is heated to {pool_c} °C, about {pool_f} °F.",
                 wrong="The outdoor pool is heated to {pool_c} °C, about {pool_f_wrong} °F.", avoid=[4]),
            dict(kind="unit", right="The pool is kept at about {pool_f} °F.",
                 wrong="The pool is kept at about {pool_c} °F.",
                 question="How warm is the pool in Fahrenheit?"),
        ],
        arithmetic=[
            dict(right="A Classic room costs €{c_rate} a night, so {nights_q} nights come to €{c_total}.",
                 wrong="A Classic room costs €{c_rate} a night, so {nights_q} nights come to €{c_total_wrong}.",
                 question="How much would {nights_q} nights in a Classic room cost?"),
            dict(right="At €{g_rate} a night, your {nights} nights in the Garden suite come to €{stay_total}.",
                 wrong="At €{g_rate} a night, your {nights} nights in the Garden suite come to €{stay_total_wrong}.",
                 question="What does my whole stay cost?", avoid=[2]),
        ],
        record=[
            dict(right="The balance of €{balance} is due when you arrive.",
                 wrong="The balance of €{deposit} is due when you arrive.",
                 question="How much do I still have to pay?"),
            dict(right="You leave on {dep_date}.", wrong="You leave on {arr_date}.", question="When do I check out?"),
        ],
        name=[
            dict(right="{hotel_cap} is owned by {org}.", wrong="{hotel_cap} is owned by {rival}.",
                 rival="{street} {tail}", tails=["Leisure Partners", "Resorts Trust", "Property Holdings"],
                 question="Who owns the hotel?"),
        ],
    ),
    dict(
        slug="e-bike",
        domain="product-docs",
        question="What range does the {bike} have, and what does it cost?",
        slots=dict(
            bike=("pool", "bikes"), org=("org", ["Cycle Works", "Mobility Systems"]), place=("pool", "places"),
            std_wh=("choice", [400, 450, 500]), lr_wh=("choice", [625, 700, 750]), std_km=("int", 55, 75, 5),
            lr_km=("int", 95, 130, 5), std_h=("choice", [4, 5]), lr_h=("choice", [6, 7]), bike_kg=("int", 21, 26),
            max_kg=("int", 120, 140, 5), wf=("choice", [5, 10]), wb=("choice", [2, 3]),
            free_months=("choice", [3, 6]), price=("count", 2400, 3400, 50), mprice=("count", 2000, 2350, 50),
            deliv=("int", 7, 14),
        ),
        derive=_bike,
        passages=[
            """The {bike} e-bike. The {bike} comes with a choice of two batteries. The Standard battery stores
            {std_wh} Wh and gives a range of up to {std_km} km in Eco mode. The Long Range battery stores {lr_wh} Wh
            and gives a range of up to {lr_km} km in Eco mode. Charging the Standard battery takes {std_h} hours;
            charging the Long Range battery takes {lr_h} hours. The bike weighs {bike_kg} kg with the Standard
            battery and can carry a rider and luggage of up to {max_kg} kg in total.""",
            """Warranty and service. The frame is covered by a {wf}-year warranty and the battery by a {wb}-year
            warranty. The first service is free if it is done within {free_months} months of purchase. Repairs are
            carried out at the {place} service centre. The {bike} is designed and built by {org}.""",
            {"model": "{bike}", "battery": "Standard", "price": "€{price}", "member_price": "€{mprice}",
             "colours": ["slate", "moss", "sand"], "weight_kg": "#bike_kg", "max_load_kg": "#max_kg",
             "delivery_days": "#deliv"},
        ],
        support=[
            "The {bike} comes with a choice of two batteries.",
            "The Long Range battery stores {lr_wh} Wh and gives a range of up to {lr_km} km in Eco mode.",
            "Charging the Long Range battery takes {lr_h} hours.",
            "The bike weighs {bike_kg} kg with the Standard battery.",
            "The battery is covered by a {wb}-year warranty.",
            "The first service is free if it is done within {free_months} months of purchase.",
            "Repairs are carried out at the {place} service centre.",
            "It comes in slate, moss or sand.",
        ],
        sibling=[
            dict(right="The Standard battery gives a range of up to {std_km} km in Eco mode.",
                 wrong="The Standard battery gives a range of up to {lr_km} km in Eco mode.",
                 question="How far can I ride on the Standard battery?"),
            dict(right="Charging the Standard battery takes {std_h} hours.",
                 wrong="Charging the Standard battery takes {lr_h} hours."),
            dict(right="The frame is covered by a {wf}-year warranty.",
                 wrong="The frame is covered by a {wb}-year warranty.", avoid=[4]),
        ],
        conversion=[
            dict(kind="off", right="With the Standard battery, the range is up to {std_km} km, or about {std_mi} "
                 "miles.", wrong="With the Standard battery, the range is up to {std_km} km, or about {std_mi_wrong} "
                 "miles."),
            dict(kind="unit", right="The bike weighs about {bike_lb} lb with the Standard battery.",
                 wrong="The bike weighs about {bike_kg} lb with the Standard battery.", avoid=[3],
                 question="How many pounds does the bike weigh?"),
        ],
        arithmetic=[
            dict(right="At the member price of €{mprice} each, two bikes cost €{mprice2}.",
                 wrong="At the member price of €{mprice} each, two bikes cost €{mprice2_wrong}.",
                 question="How much would two {bike} bikes cost me as a member?"),
            dict(right="Members pay €{saving} less than the full price of €{price}.",
                 wrong="Members pay €{saving_wrong} less than the full price of €{price}.",
                 question="How much do members save on the {bike}?"),
        ],
        record=[
            dict(right="The member price is €{mprice}.", wrong="The member price is €{price}.",
                 question="What do members pay for the {bike}?"),
            dict(right="The bike can carry up to {max_kg} kg in total.", wrong="The bike can carry up to {bike_kg} kg "
                 "in total.", avoid=[3]),
            dict(right="Delivery takes {deliv} days.", wrong="Delivery takes {bike_kg} days."),
        ],
        name=[
            dict(right="The {bike} is designed and built by {org}.", wrong="The {bike} is designed and built by "
                 "{rival}.", rival="{place} {tail}", tails=["Bicycle Company", "Motion Labs", "Velo Industries"]),
        ],
    ),
    dict(
        slug="card-rewards",
        domain="finance",
        currency="£",
        question="How do points work on the {card} card, and what does my statement say?",
        slots=dict(
            card=("pool", "cards"), org=("org", ["Savings Bank", "Mutual Bank"]), place=("pool", "places"),
            pts_super=("int", 3, 5), pts_fuel=("int", 2, 4), redeem=("count", 1000, 2500, 250),
            voucher=("choice", [10, 15, 20]), spend=("count", 1000, 2000, 500), months=("choice", [3, 6]),
            bonus=("count", 500, 1500, 250), have=("count", 1000, 4000, 250), fee=("int", 60, 150, 5),
            cash=("cents", 35, 95, 5), fx=("pct", ["2.75", "2.95", "2.99"]), late=("int", 12, 15),
            bal=("count", 800, 3200, 10), minpay=("int", 25, 60), stmt_date="date",
        ),
        derive=_card,
        passages=[
            """The {card} credit card. Purchases at supermarkets earn {pts_super} points per £1, purchases at
            petrol stations earn {pts_fuel} points per £1, and all other purchases earn 1 point per £1. {redeem}
            points can be exchanged for a £{voucher} shopping voucher. New cardholders who spend £{spend} in the first
            {months} months receive {bonus} bonus points. Classic cardholders get two free cash withdrawals abroad a
            month; Premier cardholders get unlimited free cash withdrawals abroad and airport lounge access. The
            Classic card has no annual fee, and the Premier card costs £{fee} a year.""",
            """Fees and contacts. Cash withdrawals in the UK cost £{cash} each. Purchases in other currencies carry
            a fee of {fx}%. A late payment costs £{late}. The card is issued by {org}. Customers can visit the branch
            on {place} Road or call the card team.""",
            {"statement_date": "{stmt_date}", "payment_due": "{due_date}", "balance": "£{bal}",
             "minimum_payment": "£{minpay}", "points_balance": "{have}"},
        ],
        support=[
            "Purchases at supermarkets earn {pts_super} points per £1.",
            "All other purchases earn 1 point per £1.",
            "{redeem} points can be exchanged for a £{voucher} shopping voucher.",
            "The Premier card costs £{fee} a year.",
            "Purchases in other currencies carry a fee of {fx}%.",
            "A late payment costs £{late}.",
            "You can visit the branch on {place} Road or call the card team.",
        ],
        sibling=[
            dict(right="Purchases at petrol stations earn {pts_fuel} points per £1.",
                 wrong="Purchases at petrol stations earn {pts_super} points per £1.", avoid=[0]),
            dict(right="Classic cardholders get two free cash withdrawals abroad a month.",
                 wrong="Classic cardholders get unlimited free cash withdrawals abroad and airport lounge access.",
                 question="What do I get abroad with a Classic card?"),
        ],
        conversion=[
            dict(kind="unit", right="Each cash withdrawal in the UK costs {cash_c}p.",
                 wrong="Each cash withdrawal in the UK costs £{cash_c}.",
                 question="How much is a cash withdrawal in the UK?"),
            dict(kind="off", right="A cash withdrawal in the UK costs £{cash}, which is {cash_c} pence.",
                 wrong="A cash withdrawal in the UK costs £{cash}, which is {cash_c_tenth} pence."),
        ],
        arithmetic=[
            dict(right="With the {bonus} bonus points, you will have {have} + {bonus} = {have_sum} points.",
                 wrong="With the {bonus} bonus points, you will have {have} + {bonus} = {have_sum_wrong} points.",
                 question="I have {have} points. How many will I have once I get the welcome bonus?"),
            dict(right="Two £{voucher} vouchers take {redeem2} points.",
                 wrong="Two £{voucher} vouchers take {redeem2_wrong} points.", avoid=[2]),
        ],
        record=[
            dict(right="Your minimum payment is £{minpay}.", wrong="Your minimum payment is £{bal}.",
                 question="What is the least I have to pay this month?"),
            dict(right="The payment is due on {due_date}.", wrong="The payment is due on {stmt_date}.",
                 question="When is my payment due?"),
        ],
        name=[
            dict(right="The card is issued by {org}.", wrong="The card is issued by {rival}.",
                 rival="{place} {tail}", tails=["Building Society", "Credit Union", "Finance Partners"],
                 question="Which bank issues the {card} card?"),
        ],
    ),
    dict(
        slug="staff-handbook",
        domain="hr-policy",
        question="What leave and expenses rules apply to me at {company}?",
        slots=dict(
            company=("pool", "companies"), org=("org", ["Benefit Services", "Employee Solutions"]),
            hr=("pool", "people"), emp=("pool", "people"), mgr=("pool", "people"),
            ft=("int", 25, 30), pt=("int", 12, 18), bp=("int", 16, 26), pp=("int", 2, 6), hol_days=("int", 7, 14),
            exp_days=("choice", [30, 60, 90]), mile_p=("int", 40, 55), sess=("choice", [45, 50, 75, 90]),
            taken=("int", 5, 11), start="date",
        ),
        derive=_hr,
        passages=[
            """Leave at {company}. Full-time employees receive {ft} days of paid annual leave a year. Part-time
            employees receive {pt} days a year. Birth parents receive {bp} weeks of parental leave at full pay;
            partners receive {pp} weeks at full pay. Holiday requests must be made at least {hol_days} days in
            advance.""",
            """Expenses and induction. Expense claims must be submitted within {exp_days} days of the expense.
            Business journeys in a private car are repaid at {mile_p}p per mile. New starters attend two
            {sess}-minute induction sessions in their first week, one on safety and one on IT. Pension and health
            benefits are administered by {org}. Questions about the policy go to {hr}, the people partner.""",
            ("lines", ["Employee record", "Name: {emp}", "Start date: {start}", "Probation ends: {prob}",
                       "Contract: full-time", "Annual leave: {ft} days", "Leave taken so far: {taken} days",
                       "Line manager: {mgr}"]),
        ],
        support=[
            "Full-time employees get {ft} days of paid annual leave a year.",
            "Holiday requests have to be made at least {hol_days} days in advance.",
            "Partners receive {pp} weeks of parental leave at full pay.",
            "Business journeys in a private car are repaid at {mile_p}p per mile.",
            "New starters attend an induction session on safety and one on IT in their first week.",
            "Questions about the policy go to {hr}, the people partner.",
            "Your line manager is {mgr}.",
            "Your contract is full-time.",
        ],
        sibling=[
            dict(right="Part-time employees receive {pt} days of paid annual leave a year.",
                 wrong="Part-time employees receive {ft} days of paid annual leave a year.", avoid=[0],
                 question="How much leave do part-time employees get?"),
            dict(right="Birth parents receive {bp} weeks of parental leave at full pay.",
                 wrong="Birth parents receive {pp} weeks of parental leave at full pay.", avoid=[2]),
            dict(right="Expense claims have to be submitted within {exp_days} days of the expense.",
                 wrong="Expense claims have to be submitted within {hol_days} days of the expense.",
                 question="How long do I have to submit an expense claim?"),
        ],
        conversion=[
            dict(kind="unit", right="Business journeys in a private car are repaid at £{mile_gbp} per mile.",
                 wrong="Business journeys in a private car are repaid at £{mile_p} per mile.", avoid=[3]),
            dict(kind="off", right="Car journeys are repaid at {mile_p}p per mile, or about {per_km}p per "
                 "kilometre.", wrong="Car journeys are repaid at {mile_p}p per mile, or about {per_km_wrong}p per "
                 "kilometre.", avoid=[3]),
        ],
        arithmetic=[
            dict(right="The two induction sessions take {sess2} minutes in all.",
                 wrong="The two induction sessions take {sess2_wrong} minutes in all.", avoid=[4],
                 question="How long is the induction in total?"),
            dict(right="Of your {ft} days, you have taken {taken}, so {left} days are left.",
                 wrong="Of your {ft} days, you have taken {taken}, so {left_wrong} days are left.",
                 question="How many days of leave do I have left this year?", avoid=[0]),
        ],
        record=[
            dict(right="Your probation ends on {prob}.", wrong="Your probation ends on {start}.",
                 question="When does my probation end?"),
            dict(right="You have taken {taken} days of leave so far.",
                 wrong="You have taken {ft} days of leave so far.", avoid=[0]),
        ],
        name=[
            dict(right="Pension and health benefits are administered by {org}.",
                 wrong="Pension and health benefits are administered by {rival}.", rival="{hr_last} {tail}",
                 tails=["Pension Partners", "Workplace Trust", "Reward Consulting"],
                 question="Who runs the pension scheme?"),
        ],
    ),
    dict(
        slug="oral-solution",
        domain="medicine",
        question="How much {drug} should I take, and what does my prescription say?",
        slots=dict(
            drug=("pool", "drugs"), org=("org", ["Pharma Holdings", "Life Sciences"]), place=("pool", "places"),
            pat=("pool", "people"), doc=("pool", "people"), child_ml=("choice", [5, 7]),
            adult_ml=("choice", [10, 15, 20]), c_max=("choice", [2, 3]), a_max=("choice", [3, 4]),
            gap_c=("choice", [8, 10]), gap_a=("choice", [4, 5]), store_c=("choice", [25, 30]),
            use_days=("choice", [14, 21, 28]), bottle=("choice", [100, 150, 200]), qty=("few", [2, 3, 4]),
            rep=("few", [1, 2, 3]), presc="date",
        ),
        derive=_medicine,
        passages=[
            """{drug} oral solution: how to take it. Children aged 6 to 11 take {child_ml} ml up to {c_max} times
            a day. Adults and children aged 12 and over take {adult_ml} ml up to {a_max} times a day. Leave at least
            {gap_c} hours between doses for children and at least {gap_a} hours between doses for adults. Do not give
            {drug} to children under 6.""",
            """Storage and supply. Store the bottle below {store_c} °C and use it within {use_days} days of opening.
            Each bottle holds {bottle} ml and comes with a measuring spoon. {drug} is made by {org}. Questions about
            this leaflet can be sent to the medicines information service at {place} General Hospital.""",
            ("lines", ["Prescription", "Patient: {pat}", "Medicine: {drug} oral solution", "Prescribed on: {presc}",
                       "Dispensed on: {disp}", "Quantity: {qty} bottles", "Repeats remaining: {rep}",
                       "Prescriber: {doc}"]),
        ],
        support=[
            "Adults and children aged 12 and over take {adult_ml} ml up to {a_max} times a day.",
            "{drug} should not be given to children under 6.",
            "Store the bottle below {store_c} °C.",
            "Use the bottle within {use_days} days of opening it.",
            "Each bottle holds {bottle} ml and comes with a measuring spoon.",
            "Questions about the leaflet can go to the medicines information service at {place} General Hospital.",
            "Your prescription was written by {doc}.",
            "You were given {qty} bottles.",
        ],
        sibling=[
            dict(right="Children aged 6 to 11 take {child_ml} ml up to {c_max} times a day.",
                 wrong="Children aged 6 to 11 take {adult_ml} ml up to {c_max} times a day.",
                 question="How much should my 8-year-old take?"),
            dict(right="For children, leave at least {gap_c} hours between doses.",
                 wrong="For children, leave at least {gap_a} hours between doses."),
            dict(right="Adults can take it up to {a_max} times a day.",
                 wrong="Adults can take it up to {c_max} times a day.", avoid=[0]),
        ],
        conversion=[
            dict(kind="off", right="Store the bottle below {store_c} °C, which is {store_f} °F.",
                 wrong="Store the bottle below {store_c} °C, which is {store_f_wrong} °F.", avoid=[2]),
            dict(kind="unit", right="Keep the bottle below {store_f} °F.", wrong="Keep the bottle below {store_c} °F.",
                 avoid=[2], question="What temperature should I keep it below, in Fahrenheit?"),
        ],
        arithmetic=[
            dict(right="An adult taking {adult_ml} ml {a_max} times a day takes {a_daily} ml a day.",
                 wrong="An adult taking {adult_ml} ml {a_max} times a day takes {a_daily_wrong} ml a day.",
                 question="What is the most an adult can take in a day?", avoid=[0]),
            dict(right="Your {qty} bottles of {bottle} ml hold {total_ml} ml in all.",
                 wrong="Your {qty} bottles of {bottle} ml hold {total_ml_wrong} ml in all.",
                 question="How much solution was I given altogether?", avoid=[4, 7]),
        ],
        record=[
            dict(right="The prescription was dispensed on {disp}.", wrong="The prescription was dispensed on "
                 "{presc}.", question="When was my prescription dispensed?"),
            dict(right="You have {rep} repeats remaining.", wrong="You have {qty} repeats remaining.", avoid=[7]),
        ],
        name=[
            dict(right="{drug} is made by {org}.", wrong="{drug} is made by {rival}.", rival="{place} {tail}",
                 tails=["Therapeutics Group", "Drug Company", "Biomedical Partners"],
                 question="Who makes {drug}?"),
        ],
    ),
    dict(
        slug="junior-club",
        domain="sports",
        question="When do the {club} squads train, and what does it cost?",
        slots=dict(
            club=("pool", "clubs"), org=("org", ["Building Supplies", "Energy Services"]),
            g12=("pool", "places"), g14=("pool", "places"), coach=("pool", "people"), pl=("pool", "people"),
            t12=("time", 17, 17), t14=("time", 18, 18), junior=("int", 60, 95, 5), adult=("int", 120, 180, 10),
            disc=("choice", [10, 15, 20]), race_km=("choice", [5, 10]), race_t=("time", 9, 10),
            entry=("int", 8, 15), apps=("int", 14, 24), goals=("int", 6, 13), assists=("int", 2, 9),
            yc=("int", 1, 4),
        ),
        derive=_club,
        passages=[
            """Training at {club}. The under-12 squad trains on Tuesdays from {t12} at {g12} Park. The under-14 squad
            trains on Thursdays from {t14} at the {g14} Fields. Junior membership costs £{junior} a season; adult
            membership costs £{adult} a season. Families with three or more children in the club get {disc}% off each
            junior membership.""",
            """Events. The club's annual fun run covers {race_km} km along the river path and starts at {race_t}.
            Entry costs £{entry} for adults, and children under 14 run for free. The club's kit and travel are
            sponsored by {org}. The head coach, {coach}, holds a UEFA B licence.""",
            {"player": "{pl}", "position": "forward", "appearances": "#apps", "goals": "#goals",
             "assists": "#assists", "yellow_cards": "#yc"},
        ],
        support=[
            "The under-14 squad trains on Thursdays from {t14} at the {g14} Fields.",
            "Adult membership costs £{adult} a season.",
            "Families with three or more children in the club get {disc}% off each junior membership.",
            "The club's annual fun run starts at {race_t}.",
            "Entry to the fun run costs £{entry} for adults, and children under 14 run for free.",
            "The head coach, {coach}, holds a UEFA B licence.",
            "{pl} plays as a forward.",
            "{pl} has made {apps} appearances.",
        ],
        sibling=[
            dict(right="The under-12 squad trains on Tuesdays from {t12}.",
                 wrong="The under-12 squad trains on Tuesdays from {t14}.",
                 question="What time does the under-12 squad train?"),
            dict(right="Junior membership costs £{junior} a season.", wrong="Junior membership costs £{adult} a "
                 "season.", avoid=[1]),
            dict(right="The under-12 squad trains at {g12} Park.", wrong="The under-12 squad trains at the {g14} "
                 "Fields.", avoid=[0]),
        ],
        conversion=[
            dict(kind="off", right="The fun run covers {race_km} km, about {race_mi} miles.",
                 wrong="The fun run covers {race_km} km, about {race_mi_wrong} miles."),
            dict(kind="unit", right="The fun run is about {race_mi} miles long.",
                 wrong="The fun run is about {race_km} miles long.", question="How many miles is the fun run?"),
        ],
        arithmetic=[
            dict(right="Junior membership costs £{junior} a season, so two children cost £{junior2}.",
                 wrong="Junior membership costs £{junior} a season, so two children cost £{junior2_wrong}.",
                 question="How much is junior membership for my two children?"),
            dict(right="{pl} has {goals} goals and {assists} assists, {contrib} goal contributions in all.",
                 wrong="{pl} has {goals} goals and {assists} assists, {contrib_wrong} goal contributions in all."),
        ],
        record=[
            dict(right="{pl} has scored {goals} goals this season.", wrong="{pl} has scored {assists} goals this "
                 "season.", question="How many goals has {pl} scored?"),
            dict(right="{pl} has {assists} assists.", wrong="{pl} has {goals} assists."),
            dict(right="{pl} has been shown {yc} yellow cards.", wrong="{pl} has been shown {apps} yellow cards.",
                 avoid=[7]),
        ],
        name=[
            dict(right="The club's kit and travel are sponsored by {org}.",
                 wrong="The club's kit and travel are sponsored by {rival}.", rival="{g12} {tail}",
                 tails=["Motor Group", "Insurance Brokers", "Print Services"], question="Who sponsors the club?"),
        ],
    ),
    dict(
        slug="council-services",
        domain="public-records",
        question="What will I pay in council tax in {town}, and how do bin collections work?",
        slots=dict(
            town=("pool", "towns"), org=("org", ["Environmental Services", "Waste Solutions"]),
            place=("pool", "places"), street=("pool", "places"), ref=("code",),
            band_a=("count", 1100, 1400, 10), band_b=("count", 1450, 1700, 10), disc_days=("choice", [21, 28]),
            appeal_m=("choice", [2, 3]), gbin=("choice", [140, 180]), rbin=("choice", [240, 360]),
            gw=("choice", [2, 3]), permit=("int", 38, 65), house=("int", 3, 88), opened="date",
        ),
        derive=_council,
        passages=[
            """Council tax in {town}. Homes in Band A pay £{band_a} a year, and homes in Band B pay £{band_b} a year.
            Single people living alone get a 25% discount. Applications for the discount must be made within
            {disc_days} days of moving in; appeals against a band must be made within {appeal_m} months of the bill.
            The bill can be paid in 10 monthly instalments.""",
            """Bins and recycling. General waste goes in the {gbin}-litre grey bin and is collected every {gw} weeks.
            Recycling goes in the {rbin}-litre blue bin and is collected every week. A garden waste permit costs
            £{permit} a year. Bulky items can be taken to the recycling centre on {place} Lane. Collections are
            carried out for the council by {org}.""",
            ("lines", ["Council tax account {ref}", "Property: {house} {street} Road", "Band: B",
                       "Annual charge: £{band_b}", "First instalment: £{inst1}", "First instalment due: {due1}",
                       "Account opened: {opened}"]),
        ],
        support=[
            "Single people living alone get a 25% discount.",
            "The bill can be paid in 10 monthly instalments.",
            "Recycling goes in the {rbin}-litre blue bin and is collected every week.",
            "A garden waste permit costs £{permit} a year.",
            "Bulky items can be taken to the recycling centre on {place} Lane.",
            "Your property is in Band B.",
            "Appeals against a band must be made within {appeal_m} months of the bill.",
        ],
        sibling=[
            dict(right="Homes in Band A pay £{band_a} a year.", wrong="Homes in Band A pay £{band_b} a year.",
                 question="How much council tax does a Band A home pay?"),
            dict(right="General waste goes in the {gbin}-litre grey bin.",
                 wrong="General waste goes in the {rbin}-litre grey bin.", avoid=[2]),
            dict(right="Applications for the single person discount must be made within {disc_days} days of moving "
                 "in.", wrong="Applications for the single person discount must be made within {appeal_m} months of "
                 "moving in.", avoid=[6], question="How long do I have to apply for the discount?"),
        ],
        conversion=[
            dict(kind="off", right="The grey bin holds {gbin} litres, about {gbin_gal} US gallons.",
                 wrong="The grey bin holds {gbin} litres, about {gbin_gal_wrong} US gallons."),
            dict(kind="unit", right="The grey bin holds about {gbin_gal} US gallons.",
                 wrong="The grey bin holds about {gbin} US gallons.", question="How big is the grey bin in gallons?"),
        ],
        arithmetic=[
            dict(right="A Band B home pays £{diff_ab} a year more than a Band A home.",
                 wrong="A Band B home pays £{diff_ab_wrong} a year more than a Band A home.",
                 question="How much more does a Band B home pay than a Band A home?"),
            dict(right="A permit costs £{permit} a year, so two cost £{permit2}.",
                 wrong="A permit costs £{permit} a year, so two cost £{permit2_wrong}.", avoid=[3],
                 question="What would garden waste permits for two bins cost?"),
        ],
        record=[
            dict(right="Your first instalment of £{inst1} is due on {due1}.",
                 wrong="Your first instalment of £{inst1} is due on {opened}.",
                 question="When is my first instalment due?"),
            dict(right="Your annual charge is £{band_b}.", wrong="Your annual charge is £{inst1}."),
        ],
        name=[
            dict(right="Collections are carried out for the council by {org}.",
                 wrong="Collections are carried out for the council by {rival}.", rival="{place} {tail}",
                 tails=["Recycling Company", "Refuse Contractors", "Cleansing Partners"],
                 question="Who collects the bins?"),
        ],
    ),
    dict(
        slug="sample-handling",
        domain="science",
        question="How are samples handled in the {study} study, and what happened to sample {sid}?",
        slots=dict(
            study=("pool", "towns"), org=("org", ["Research Foundation", "Health Trust"]),
            site1=("pool", "places"), site2=("pool", "places"), lead=("pool", "people"), sid=("code",),
            fridge_c=("choice", [4, 5, 6]), h_blood=("choice", [24, 48]), h_urine=("choice", [2, 4, 6]),
            freezer=("choice", [20, 70, 80]), n1=("int", 120, 260), n2=("int", 80, 190), coll_t=("time", 7, 9),
            trans=("int", 35, 95, 5), wait=("int", 100, 200, 5), d1="date",
        ),
        derive=_lab,
        passages=[
            """Sample handling in the {study} study. Blood samples are kept at {fridge_c} °C and must be analysed
            within {h_blood} hours of collection. Urine samples are kept at room temperature and must be analysed
            within {h_urine} hours of collection. Tissue samples are frozen at -{freezer} °C until analysis. Every
            sample is labelled with a barcode and logged in the study database.""",
            """About the study. The {study} study enrolled {n1} patients at {site1} Infirmary and {n2} patients at
            {site2} Medical Centre between {d1} and {d2}. It is led by {lead} and funded by {org}. Results are
            expected in the spring of 2026.""",
            {"sample_id": "{sid}", "type": "blood", "site": "{site1} Infirmary", "collected_at": "{coll_t}",
             "received_at": "{recv_t}", "analysed_at": "{anal_t}", "result": "within normal range"},
        ],
        support=[
            "Urine samples are kept at room temperature and must be analysed within {h_urine} hours of collection.",
            "Every sample is labelled with a barcode and logged in the study database.",
            "Tissue samples are frozen at -{freezer} °C until analysis.",
            "The study is led by {lead}.",
            "Results are expected in the spring of 2026.",
            "The study recruited patients between {d1} and {d2}.",
            "Sample {sid} is a blood sample from {site1} Infirmary.",
            "The result of sample {sid} is within the normal range.",
        ],
        sibling=[
            dict(right="Blood samples must be analysed within {h_blood} hours of collection.",
                 wrong="Blood samples must be analysed within {h_urine} hours of collection.",
                 question="How soon must blood samples be analysed?"),
            dict(right="The study enrolled {n2} patients at {site2} Medical Centre.",
                 wrong="The study enrolled {n1} patients at {site2} Medical Centre."),
        ],
        conversion=[
            dict(kind="off", right="Blood samples are kept at {fridge_c} °C, about {fridge_f} °F.",
                 wrong="Blood samples are kept at {fridge_c} °C, about {fridge_f_wrong} °F."),
            dict(kind="unit", right="Tissue samples are frozen at {freezer_f} °F until analysis.",
                 wrong="Tissue samples are frozen at -{freezer} °F until analysis.", avoid=[2]),
        ],
        arithmetic=[
            dict(right="In all, the study enrolled {n_total} patients: {n1} at {site1} and {n2} at {site2}.",
                 wrong="In all, the study enrolled {n_total_wrong} patients: {n1} at {site1} and {n2} at {site2}.",
                 question="How many patients did the {study} study enrol?"),
            dict(right="Sample {sid} reached the lab {trans_r} minutes after it was collected.",
                 wrong="Sample {sid} reached the lab {trans_r_wrong} minutes after it was collected."),
        ],
        record=[
            dict(right="Sample {sid} was collected at {coll_t}.", wrong="Sample {sid} was collected at {recv_t}.",
                 question="When was sample {sid} collected?"),
            dict(right="Sample {sid} was analysed at {anal_t}.", wrong="Sample {sid} was analysed at {recv_t}."),
        ],
        name=[
            dict(right="The study is funded by {org}.", wrong="The study is funded by {rival}.",
                 rival="{site2} {tail}", tails=["Science Council", "Clinical Fund", "Wellcome Partners"],
                 question="Who funds the {study} study?"),
        ],
    ),
    dict(
        slug="car-rental",
        domain="legal",
        question="What are the terms of my {company} car rental?",
        slots=dict(
            company=("pool", "companies"), org=("org", ["Insurance Group", "Underwriting Services"]),
            place=("pool", "places"), driver=("pool", "people"), ref=("code",),
            c_day=("int", 32, 48), e_day=("int", 55, 75), c_km=("choice", [150, 200, 250]),
            e_km=("choice", [300, 350, 400]), xkm=("cents", 20, 45, 5), young=("int", 12, 19),
            tank=("choice", [40, 45, 50]), excess=("count", 900, 1500, 100), deposit=("int", 200, 400, 50),
            late_min=("choice", [59, 90, 120]), days=("int", 3, 9), pick_t=("time", 8, 11),
            back=("int", 330, 480, 30), pick_date="date",
        ),
        derive=_rental,
        passages=[
            """Rental terms of {company} Car Hire. Compact cars cost €{c_day} a day and include {c_km} km a day.
            Estate cars cost €{e_day} a day and include {e_km} km a day. Each extra kilometre costs €{xkm}. Drivers
            under 25 pay a young driver fee of €{young} a day. Cars are handed over with a full tank and must be
            returned full; the Compact car's tank holds {tank} litres.""",
            """Insurance and returns. Every rental includes collision cover with an excess of €{excess}, and a
            deposit of €{deposit} is held on the driver's card. Cars returned more than {late_min} minutes late are
            charged an extra day. The cover is provided by {org}. Cars can be collected and returned at the {place}
            Station office.""",
            ("lines", ["Rental agreement {ref}", "Driver: {driver}", "Car: Compact", "Pick-up: {pick_date}, {pick_t}",
                       "Return: {ret_date}, {ret_t}", "Days: {days}", "Deposit: €{deposit}", "Excess: €{excess}"]),
        ],
        support=[
            "Estate cars cost €{e_day} a day and include {e_km} km a day.",
            "Drivers under 25 pay a young driver fee of €{young} a day.",
            "Cars are handed over with a full tank and must be returned full.",
            "Cars returned more than {late_min} minutes late are charged an extra day.",
            "Every rental includes collision cover with an excess of €{excess}.",
            "Cars can be collected and returned at the {place} Station office.",
            "Your rental is for a Compact car.",
            "Your rental agreement number is {ref}.",
        ],
        sibling=[
            dict(right="Compact cars include {c_km} km a day.", wrong="Compact cars include {e_km} km a day.",
                 question="How many kilometres a day do I get with a Compact car?"),
            dict(right="A Compact car costs €{c_day} a day.", wrong="A Compact car costs €{e_day} a day."),
            dict(right="A deposit of €{deposit} is held on the driver's card.",
                 wrong="A deposit of €{excess} is held on the driver's card.", avoid=[4]),
        ],
        conversion=[
            dict(kind="unit", right="Each extra kilometre costs {xkm_c} cents.",
                 wrong="Each extra kilometre costs €{xkm_c}.", question="What does an extra kilometre cost?"),
            dict(kind="off", right="A Compact car includes {c_km} km a day, about {c_mi} miles.",
                 wrong="A Compact car includes {c_km} km a day, about {c_mi_wrong} miles."),
            dict(kind="unit", right="The Compact car's tank holds about {tank_gal} US gallons.",
                 wrong="The Compact car's tank holds about {tank} US gallons.", avoid=[2]),
        ],
        arithmetic=[
            dict(right="Your {days} days in a Compact car at €{c_day} a day come to €{rent_total}.",
                 wrong="Your {days} days in a Compact car at €{c_day} a day come to €{rent_total_wrong}.",
                 question="What will the rental itself cost?"),
            dict(right="A Compact car costs €{c_day} a day plus the young driver fee of €{young}, so €{c_young} a "
                 "day.", wrong="A Compact car costs €{c_day} a day plus the young driver fee of €{young}, so "
                 "€{c_young_wrong} a day.", question="I'm 23. What would a Compact car cost me per day?",
                 avoid=[1]),
        ],
        record=[
            dict(right="You pick the car up on {pick_date} at {pick_t}.",
                 wrong="You pick the car up on {pick_date} at {ret_t}.", question="When do I collect the car?"),
            dict(right="The car is due back on {ret_date}.", wrong="The car is due back on {pick_date}.",
                 question="When do I have to return the car?"),
        ],
        name=[
            dict(right="The collision cover is provided by {org}.", wrong="The collision cover is provided by "
                 "{rival}.", rival="{place} {tail}", tails=["Assurance Partners", "Mutual Cover", "Risk Holdings"],
                 question="Who provides the insurance?"),
        ],
    ),
    dict(
        slug="city-marathon",
        domain="news",
        question="What happened at the {city} Marathon?",
        slots=dict(
            city=("pool", "towns"), org=("org", ["Events Trust", "Running Association"]), place=("pool", "places"),
            m_win=("pool", "people"), w_win=("pool", "people"), n_full=("count", 4000, 7000, 50),
            n_half=("count", 8000, 12000, 50), t_full=("time", 8, 8), t_half=("time", 9, 10),
            m_min=("int", 8, 14), w_min=("int", 2, 9), temp_c=("int", 21, 27), raised=("count", 310000, 480000, 1000),
            fun_km=("choice", [3, 5]), n_fun=("int", 300, 650, 10), race_date="date", reopen=("time", 15, 16),
        ),
        derive=_marathon,
        passages=[
            """{city} Marathon draws a record field. The {city} Marathon on {race_date} had {n_full} runners in the
            full marathon and {n_half} in the half marathon. The full marathon started at {t_full} and the half
            marathon at {t_half}. The full marathon was won by {m_win} in {m_time} and the half marathon by {w_win}
            in {w_time}. Temperatures reached {temp_c} °C by midday, and extra water stations were added.""",
            """Charity and organisers. Runners raised £{raised} for local charities, and the event's new {fun_km} km
            fun run attracted {n_fun} families. The race is organised by {org}. The route passes the {place} Bridge
            twice and finishes on the harbour front. Road closures were lifted by {reopen}.""",
        ],
        support=[
            "The full marathon was won by {m_win} in {m_time}.",
            "Temperatures reached {temp_c} °C by midday, so extra water stations were added.",
            "Runners raised £{raised} for local charities.",
            "The new fun run attracted {n_fun} families.",
            "The route passes the {place} Bridge twice and finishes on the harbour front.",
            "Road closures were lifted by {reopen}.",
            "The marathon took place on {race_date}.",
        ],
        sibling=[
            dict(right="The half marathon started at {t_half}.", wrong="The half marathon started at {t_full}.",
                 question="When did the half marathon start?"),
            dict(right="The half marathon was won by {w_win} in {w_time}.",
                 wrong="The half marathon was won by {w_win} in {m_time}.", avoid=[0]),
            dict(right="The half marathon had {n_half} runners.", wrong="The half marathon had {n_full} runners."),
        ],
        conversion=[
            dict(kind="off", right="Temperatures reached {temp_c} °C, about {temp_f} °F, by midday.",
                 wrong="Temperatures reached {temp_c} °C, about {temp_f_wrong} °F, by midday.", avoid=[1]),
            dict(kind="unit", right="The new fun run covers about {fun_mi} miles.",
                 wrong="The new fun run covers about {fun_km} miles.", question="How long is the new fun run in "
                 "miles?"),
        ],
        arithmetic=[
            dict(right="{n_total} runners took part in the two races.",
                 wrong="{n_total_wrong} runners took part in the two races.",
                 question="How many runners took part in the {city} Marathon races?"),
            dict(right="The half marathon had {n_more} more runners than the full marathon.",
                 wrong="The half marathon had {n_more_wrong} more runners than the full marathon."),
        ],
        name=[
            dict(right="The race is organised by {org}.", wrong="The race is organised by {rival}.",
                 rival="{place} {tail}", tails=["Athletics Club", "Road Runners", "Sports Promotions"],
                 question="Who organises the {city} Marathon?"),
        ],
    ),
]
"""The relation scenes of issue 59, each filled three times (``generate.py``)."""

# fmt: on
