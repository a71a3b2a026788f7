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
"""

from __future__ import annotations

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
