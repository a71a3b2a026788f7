"""News reports: business, local politics, infrastructure, culture, appointments (short contexts)."""

DOMAIN = "news"

SCENARIOS = [
    dict(
        slug="harbor-acquisition",
        question="Who is buying whom in the Harbor Analytics deal, and for how much?",
        context=[
            """Harbor Analytics to be bought by Castellan Software. Castellan Software said on Tuesday it had agreed
            to acquire Harbor Analytics, a maker of supply-chain forecasting tools, for $410 million in cash. The
            deal, which has been approved by both boards, is expected to close in the third quarter, subject to
            regulatory review. Harbor's chief executive, Mina Oduya, will join Castellan as head of its new planning
            division.""",
            """Background. Harbor Analytics was founded in 2014 in Rotterdam and employs about 380 people. It raised
            $95 million from investors including Northgate Ventures, which will receive roughly four times its
            investment. Castellan, based in Denver, has made five acquisitions since 2020 and reported revenue of
            $1.2 billion last year. Analysts said the purchase would give Castellan forecasting software it had
            previously licensed from a competitor.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""Harbor Analytics is being acquired by Castellan Software for $410 million in cash. Both
            companies' boards have approved the deal, which is expected to close in the third quarter, subject to
            regulatory review. Harbor's chief executive, Mina Oduya, will join Castellan to head its new planning
            division.""",
            note="'Castellan agreed to acquire Harbor' → 'Harbor is being acquired by Castellan'; 'approved by both "
            "boards' → 'both boards have approved'",
        ),
        error=dict(
            task="error-role",
            answer="""Castellan Software is being acquired by Harbor Analytics for $410 million in cash. Both
            companies' boards have approved the deal, which is expected to close in the third quarter, subject to
            regulatory review. Harbor's chief executive, Mina Oduya, will join Castellan to head its new planning
            division.""",
            wrong="Castellan Software is being acquired by Harbor Analytics",
            fix="Harbor Analytics is being acquired by Castellan Software",
            note="buyer and target reversed: Castellan acquires Harbor",
        ),
    ),
    dict(
        slug="mayor-endorsement",
        question="Who has the outgoing mayor of Westbrook endorsed, and how do the candidates stand?",
        context=[
            """Race for Westbrook mayor narrows. With two weeks until the election, outgoing mayor Teresa Lindqvist
            on Monday endorsed deputy mayor Owen Achterberg to succeed her, calling him 'the person who has actually
            run the budget for eight years.' Achterberg, 52, faces former school board chair Priya Ramaswamy and
            businessman Dale Hutchins. A poll published last week by the Westbrook Ledger had Achterberg at 34%,
            Ramaswamy at 31% and Hutchins at 18%, with the rest undecided.""",
            """Campaign finance. Filings released on Friday show Ramaswamy has raised the most money, about $286,000,
            compared with $241,000 for Achterberg and $97,000 for Hutchins, who has largely funded his own campaign.
            Ramaswamy has been endorsed by the city's teachers' union and the Westbrook Firefighters Association.
            Lindqvist, who is stepping down after two terms, had stayed neutral until this week.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Teresa Lindqvist, the departing mayor, has backed her deputy, Owen Achterberg, to take over from
            her, after staying neutral until this week. A Westbrook Ledger poll from last week put Achterberg
            narrowly ahead of Priya Ramaswamy, 34% to 31%, with Dale Hutchins third on 18%. Ramaswamy, though, leads
            in fundraising with roughly $286,000 and has the support of the teachers' union and the firefighters'
            association.""",
            note="'endorsed … to succeed her' → 'backed … to take over from her'; 'raised the most' → 'leads in "
            "fundraising'",
        ),
        error=dict(
            task="error-role",
            answer="""Teresa Lindqvist, the departing mayor, has backed her deputy, Owen Achterberg, to take over from
            her, after staying neutral until this week. A Westbrook Ledger poll from last week put Priya Ramaswamy
            narrowly ahead of Achterberg, with Dale Hutchins third on 18%. Ramaswamy also leads in fundraising with
            roughly $286,000 and has the support of the teachers' union and the firefighters' association.""",
            wrong="put Priya Ramaswamy narrowly ahead of Achterberg",
            fix="put Achterberg narrowly ahead of Priya Ramaswamy",
            note="poll order reversed: Achterberg (34%) leads Ramaswamy (31%)",
        ),
    ),
    dict(
        slug="bridge-reopening",
        question="When can cars use the Kessler Bridge again?",
        context=[
            """Kessler Bridge to reopen after repairs. The Kessler Bridge, closed since 9 January after inspectors
            found corrosion in two support cables, will reopen to cars on 22 April, the regional transport authority
            said on Thursday. Buses and cyclists will be allowed back a week earlier, on 15 April. The repairs have
            cost 6.8 million euros, about 1.3 million more than first estimated, because replacement cables had to
            be made to order.""",
            """Traffic measures. Until the reopening, the free shuttle ferry between Altmark pier and the Kessler
            quay will keep running every 20 minutes from 6:00 to 23:00. Heavy goods vehicles over 7.5 tonnes will
            remain banned from the bridge until 1 June, when a final load test is scheduled. The authority said the
            bridge, built in 1974, would need a full refurbishment within the next ten years.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""Cars will be able to cross the Kessler Bridge again from April 22, according to the regional
            transport authority. Buses and cyclists get access a week sooner, on April 15, while lorries heavier than
            7.5 t stay banned until June 1, when a final load test is planned. The repairs came to €6.8 million,
            roughly €1.3 million above the original estimate.""",
            note="dates month-first, '6.8 million euros' → '€6.8 million', '7.5 tonnes' → '7.5 t'",
        ),
        error=dict(
            task="error-date",
            answer="""Cars will be able to use the Kessler Bridge again from 15 April, the regional transport
            authority said. Until then, a free shuttle ferry between Altmark pier and the Kessler quay runs every 20
            minutes from 6:00 to 23:00. Heavy goods vehicles over 7.5 tonnes stay banned until 1 June, when a final
            load test is scheduled.""",
            wrong="15 April",
            fix="22 April",
            note="answer says cars return on 15 April; source says 22 April (15 April is when buses and cyclists "
            "return, same passage)",
        ),
    ),
    dict(
        slug="plant-closure",
        question="How many jobs will be lost at Brightwater's Dunmore plant, and will workers be offered jobs at "
        "Carrow?",
        context=[
            """Brightwater Foods to close Dunmore plant. Brightwater Foods will close its frozen-meals plant in
            Dunmore by the end of next year, cutting 240 jobs, the company said. Production will move to its larger
            site in Carrow, which will take on 90 new staff. Brightwater said the Dunmore plant, opened in 1988,
            needed 30 million pounds of upgrades to meet new refrigeration standards.""",
            """Reaction. The Food and Allied Workers Union, which represents about 180 of the Dunmore staff, called
            the decision 'a hammer blow' and said it would seek talks on redeployment. Local council leader Sarah
            Whitcombe said the plant was Dunmore's second-largest private employer. Brightwater employs about 3,100
            people across six sites in the UK and Ireland.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""Brightwater Foods plans to shut its Dunmore frozen-meals plant by the end of next year, with the
            loss of 240 jobs. Its production will be transferred to the bigger Carrow site, where 90 new staff will
            be taken on. The articles do not say whether Dunmore workers will be offered those roles; the union
            representing about 180 of them says it will seek talks on redeployment.""",
            note="job figures restated; says the sources do not cover whether Dunmore staff get the Carrow jobs",
        ),
        error=dict(
            task="error-number",
            answer="""Brightwater Foods plans to shut its Dunmore frozen-meals plant by the end of next year, with the
            loss of 180 jobs. Its production will be transferred to the bigger Carrow site, where 90 new staff will
            be taken on. The articles do not say whether Dunmore workers will be offered those roles; the union
            representing staff at the plant says it will seek talks on redeployment.""",
            wrong="180 jobs",
            fix="240 jobs",
            value="180",
            note="answer says 180 jobs; source says 240 (about 180 is the number of staff the union represents, "
            "passage 2)",
        ),
    ),
    dict(
        slug="congestion-charge-vote",
        question="Did Lowmarsh approve the congestion charge?",
        context=[
            """Councillors reject congestion charge. Lowmarsh city council on Wednesday voted 27 to 19 against
            introducing a congestion charge in the city centre, ending a two-year consultation. The proposal would
            have charged drivers 8 pounds a day to enter the inner ring road between 7:00 and 19:00 on weekdays.
            Council leader Amrit Gill, who backed the charge, said the city would now have to find other ways to meet
            air-quality targets.""",
            """What happens next. The council did approve, by a larger margin, a plan to expand the city's bike-share
            scheme from 60 to 110 docking stations by next spring. It also agreed to extend bus lane operating hours
            on three main routes. Opponents of the charge, led by councillor Fiona Marsh, said it would have hurt
            small shops and night-shift workers who rely on their cars.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""No. After a consultation that lasted two years, councillors voted the proposal down on
            Wednesday by 27 votes to 19; it would have cost drivers 8 pounds a day to enter the inner ring road from
            7:00 to 19:00 on weekdays. Council leader Amrit Gill had supported it, while opponents led by councillor
            Fiona Marsh argued it would hurt small shops and night-shift workers who depend on their cars. The
            council did approve a plan to expand bike-share from 60 to 110 docking stations by next spring, along
            with longer bus lane hours on three main routes.""",
            note="consultation moved before the vote; supporters and opponents from both passages combined in one "
            "sentence",
        ),
        error=dict(
            task="error-negation",
            answer="""No. After a consultation that lasted two years, councillors voted the proposal down on
            Wednesday by 27 votes to 19; it would have cost drivers 8 pounds a day to enter the inner ring road from
            7:00 to 19:00 on weekdays. Council leader Amrit Gill had supported it, while opponents led by councillor
            Fiona Marsh argued it would hurt small shops and night-shift workers who depend on their cars. The
            council also rejected a plan to expand bike-share from 60 to 110 docking stations by next spring, though
            it agreed to longer bus lane hours on three main routes.""",
            wrong="also rejected",
            fix="did approve",
            note="answer says the bike-share expansion was rejected; source says the council approved it",
        ),
    ),
    dict(
        slug="museum-reopens",
        question="What's new at the Marlow maritime museum, and does it cost anything to visit?",
        context=[
            """Marlow Museum of Maritime History reopens. After a three-year renovation, the Marlow Museum of Maritime
            History reopened on Saturday with a new glass gallery housing the restored 19th-century pilot boat
            Cormorant. The project cost 14 million pounds, two-thirds of which came from the National Heritage Fund.
            Admission remains free, although the new Cormorant gallery requires a timed ticket that can be booked
            online.""",
            """Visitor details. The museum is open Tuesday to Sunday from 10:00 to 17:00 and closed on Mondays except
            bank holidays. Director Helen Achebe said the museum expected 250,000 visitors in its first year, up from
            about 160,000 before it closed. A new learning centre will host school groups from September. The café
            and shop on the ground floor are run by a local social enterprise.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""The Marlow Museum of Maritime History has been reopened after a renovation lasting three years.
            The restored 19th-century pilot boat Cormorant is now housed in a new glass gallery. Entry is still free,
            but you need a timed ticket, which can be booked online, for the Cormorant gallery. Two-thirds of the 14
            million pound cost was covered by the National Heritage Fund.""",
            note="'a gallery housing the boat' → 'the boat is housed in a gallery'; 'came from the Fund' → 'was "
            "covered by the Fund'",
        ),
        error=dict(
            task="error-added",
            answer="""The Marlow Museum of Maritime History has been reopened after a renovation lasting three years.
            The restored 19th-century pilot boat Cormorant is now housed in a new glass gallery. Entry is still free,
            but you need a timed ticket costing 5 pounds, which can be booked online, for the Cormorant gallery.
            Two-thirds of the 14 million pound cost was covered by the National Heritage Fund.""",
            wrong="costing 5 pounds",
            fix="",
            note="answer adds a 5-pound price for the timed ticket; the sources give no price",
        ),
    ),
    dict(
        slug="university-president",
        question="Who will be Northfield University's next president, and when does she start?",
        context=[
            """Northfield University names new president. Northfield University has appointed Dr Celeste Amadi,
            currently provost of Lakeshore College, as its 14th president, the board of trustees announced on
            Monday. She will take office on 1 August, succeeding Dr Martin Kowalczyk, who is retiring after eleven
            years in the post. Amadi, a chemist, led Lakeshore's 120 million dollar science campus project.""",
            """Search process. The search committee, chaired by trustee Gareth Owusu, reviewed 86 applications and
            interviewed six finalists. Interim arrangements will not be needed, the board said, because Kowalczyk
            agreed to stay until the end of July. Faculty senate chair Dr Naomi Park said the appointment was
            'warmly welcomed' and praised Amadi's record on student support.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""Celeste Amadi, who is now provost of Lakeshore College, will become Northfield University's
            fourteenth president. She starts on August 1, taking over from Martin Kowalczyk, who retires after 11
            years and is staying on until the end of July. The search committee, chaired by trustee Gareth Owusu,
            reviewed eighty-six applications and interviewed six finalists.""",
            note="'14th' → 'fourteenth', 'eleven' → '11', '86' → 'eighty-six', '1 August' → 'August 1'",
        ),
        error=dict(
            task="error-name",
            answer="""Celeste Amadi, who is now provost of Lakeshore College, will become Northfield University's
            fourteenth president. She starts on August 1, taking over from Martin Kowalczyk, who retires after 11
            years and is staying on until the end of July. The search committee, chaired by trustee Naomi Park,
            reviewed eighty-six applications and interviewed six finalists.""",
            wrong="Naomi Park",
            fix="Gareth Owusu",
            note="answer says Naomi Park chaired the search committee; source says Gareth Owusu (Naomi Park is the "
            "faculty senate chair, same passage)",
        ),
    ),
]
