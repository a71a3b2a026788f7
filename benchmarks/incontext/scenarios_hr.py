"""HR policy: leave, benefits enrolment, expenses, contacts, reorganisations, remote work, gifts (short contexts)."""

DOMAIN = "hr-policy"

SCENARIOS = [
    dict(
        slug="parental-leave",
        question="How much paid parental leave do I get, and can I come back on reduced hours at first?",
        context=[
            """Parental leave. Employees with at least 26 weeks of continuous service by the 15th week before the
            expected week of childbirth are entitled to 20 weeks of parental leave at full pay, followed by up to 32
            weeks at statutory pay. This applies equally to birth parents, adoptive parents and parents through
            surrogacy. Leave can start at any point from 11 weeks before the expected due date.""",
            """Partner leave and returning to work. The non-birthing partner is entitled to 4 weeks of partner leave
            at full pay, to be taken within 12 months of the birth or placement. On return, employees may request a
            phased return of up to 8 weeks, working reduced hours at full pay. Keeping-in-touch days, up to 10 in
            total, can be worked during leave without ending it.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""If you have twenty-six weeks of continuous service by the 15th week before the baby is due, you
            get 20 weeks of parental leave on full pay, then up to thirty-two weeks on statutory pay. When you come
            back, you can ask for a phased return of up to eight weeks, working reduced hours on full pay. You can
            also work up to ten keeping-in-touch days during your leave without bringing it to an end. The same
            entitlement applies whether you are a birth parent, an adoptive parent or a parent through
            surrogacy.""",
            note="'26' → 'twenty-six', '32' → 'thirty-two', '8' → 'eight', '10' → 'ten'",
        ),
        error=dict(
            task="error-number",
            answer="""If you have 26 weeks of continuous service by the 15th week before the baby is due, you get 20
            weeks of parental leave on full pay, then up to 32 weeks on statutory pay. When you come back, you can
            ask for a phased return of up to 4 weeks, working reduced hours on full pay. You can also work up to 10
            keeping-in-touch days during your leave without ending it.""",
            wrong="4 weeks",
            fix="8 weeks",
            note="answer says a phased return of up to 4 weeks; source says 8 weeks (4 weeks is partner leave, same "
            "passage)",
        ),
    ),
    dict(
        slug="benefits-enrolment",
        question="When is open enrolment, and what happens if I don't make any changes?",
        context=[
            """Annual benefits enrolment. The open enrolment window for next year's benefits runs from 1 November to
            22 November. During this period you can change your medical plan, add or remove dependants and adjust
            your flexible spending account contributions. Changes take effect on 1 January. If you do nothing, your
            current medical and dental elections roll over, but flexible spending account elections do not and must
            be made again every year.""",
            """Outside the window. After 22 November, changes are only allowed within 30 days of a qualifying life
            event, such as marriage, the birth or adoption of a child, or a spouse losing coverage. Evidence of the
            event must be uploaded to the benefits portal. New hires have 30 days from their start date to enrol.
            Questions can be sent to the benefits team through the HR help desk until 20 December.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Open enrolment runs from 1 November through 22 November, and any changes you make start on 1
            January. If you take no action, your existing medical and dental choices carry over automatically. Your
            flexible spending account, however, does not: you need to make a new election for it each year. After
            the window closes, you can only change your benefits within 30 days of a qualifying life event such as
            getting married or the birth or adoption of a child.""",
            note="'roll over' → 'carry over', 'take effect' → 'start', 'do nothing' → 'take no action'",
        ),
        error=dict(
            task="error-date",
            answer="""Open enrolment runs from 1 November through 20 December, and any changes you make start on 1
            January. If you take no action, your existing medical and dental choices carry over automatically. Your
            flexible spending account, however, does not: you need to make a new election for it each year. After
            the window closes, you can only change your benefits within 30 days of a qualifying life event such as
            getting married or the birth or adoption of a child.""",
            wrong="20 December",
            fix="22 November",
            note="answer says the window closes on 20 December; source says 22 November (20 December is the help "
            "desk deadline, passage 2)",
        ),
    ),
    dict(
        slug="expense-deadline",
        question="I had a work dinner on 20 March. When do I have to submit the expense, and is alcohol reimbursed?",
        context=[
            """Submitting expenses. Business expenses must be submitted through the Expensely app within 60 days of
            the date the cost was incurred, with an itemised receipt for every item over 25 euros. Claims submitted
            on or before the 10th of a month are paid with that month's salary; later claims are paid the following
            month. Claims older than 60 days will only be paid with written approval from your department
            director.""",
            """Year-end. Because the financial year closes on 31 March, all expenses incurred up to that date must be
            submitted by 15 April at the latest, even if this is sooner than the normal 60-day limit. Mileage is
            reimbursed at 0.30 euros per kilometre for private cars. Hotel costs are capped at 140 euros per night in
            capital cities and 110 euros elsewhere.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""Because your dinner was before the financial year closes on 31 March, the claim must be
            submitted by 15 April, which is sooner than the usual 60-day limit. Submit it in the Expensely app, with
            an itemised receipt if the amount is over 25 euros. If it goes in on or before 10 April, it will be paid
            with April's salary. The policy excerpts do not say whether alcohol is reimbursed.""",
            note="year-end deadline applied to the date in the question; says the sources do not cover alcohol",
        ),
        error=dict(
            task="error-date",
            answer="""Because your dinner was before the financial year-end, the claim must be submitted by 31 March,
            which is sooner than the usual 60-day limit. Submit it in the Expensely app, with an itemised receipt if
            the amount is over 25 euros. The policy excerpts do not say whether alcohol is reimbursed.""",
            wrong="31 March",
            fix="15 April",
            note="answer gives the deadline as 31 March; source says 15 April (31 March is the financial year-end, "
            "same passage)",
        ),
    ),
    dict(
        slug="hr-contacts",
        question="I work in Engineering and want to ask for flexible working. Who decides, and who can advise me?",
        context=[
            """Who to contact. Questions about pay, payslips and tax codes go to the payroll team, led by Bridget
            Nolan. Requests for flexible working are decided by your line manager, with advice from your HR business
            partner: for Engineering this is Kwame Asante, and for Sales and Marketing it is Olivia Brennan.
            Grievances should be raised in writing with your line manager or, if the grievance concerns them, with
            the HR business partner.""",
            """Other services. The employee assistance programme, run by Clearpath Wellbeing, offers free
            confidential counselling 24 hours a day. Occupational health referrals are made by HR, not by employees
            directly. Training budgets are managed by the Learning and Development lead, Farid Haddad. Pension
            questions should be directed to the scheme administrator, Norland Pensions. Requests for IT equipment are
            handled through the service desk portal.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""Your line manager decides flexible working requests. For Engineering, advice is given by your HR
            business partner, Kwame Asante. If you ever have a grievance about your line manager, you can raise it in
            writing with Kwame as the HR business partner instead.""",
            note="'requests are decided by your line manager' → 'your line manager decides'; 'with advice from the "
            "HR business partner' → 'advice is given by'",
        ),
        error=dict(
            task="error-name",
            answer="""Your line manager decides flexible working requests. For Engineering, advice is given by your HR
            business partner, Olivia Brennan. If you ever have a grievance about your line manager, you can raise it
            in writing with the HR business partner instead.""",
            wrong="Olivia Brennan",
            fix="Kwame Asante",
            note="answer names Olivia Brennan as Engineering's HR business partner; source says Kwame Asante "
            "(Brennan covers Sales and Marketing, same passage)",
        ),
    ),
    dict(
        slug="support-reorg",
        question="Who will the support teams report to after the reorganisation?",
        context=[
            """Organisation update. From 1 February, the Customer Support department will be split into two teams.
            The Support Operations team, led by Hamid Rezaei, will handle phone, chat and email queues. The Support
            Quality team, led by Ines Moreau, will run training, quality reviews and the knowledge base. Both team
            leads will report to the Director of Customer Experience, Paula Grant.""",
            """Further changes. Paula Grant will now report to the Chief Operating Officer, Stefan Lindahl, rather
            than to the Chief Commercial Officer. The two regional support supervisors, Tessa Byrne in Dublin and
            Marco Ferri in Milan, will report to Hamid Rezaei. Ines Moreau's team will also take over the customer
            satisfaction survey from Marketing. Job titles, pay and working hours are not
            affected by the changes.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""From 1 February, both new team leads, Hamid Rezaei (Support Operations) and Ines Moreau (Support
            Quality), will report to Paula Grant, the Director of Customer Experience. She will in turn report to the
            Chief Operating Officer, Stefan Lindahl, instead of the Chief Commercial Officer. The regional support
            supervisors, Tessa Byrne in Dublin and Marco Ferri in Milan, will report to Hamid Rezaei.""",
            note="team leads and their teams merged into one sentence; the reporting chain from both passages "
            "assembled top-down",
        ),
        error=dict(
            task="error-role",
            answer="""From 1 February, both new team leads, Hamid Rezaei (Support Operations) and Ines Moreau (Support
            Quality), will report to Paula Grant, the Director of Customer Experience. Stefan Lindahl, the Chief
            Operating Officer, will in turn report to her, rather than to the Chief Commercial Officer. The regional
            support supervisors, Tessa Byrne in Dublin and Marco Ferri in Milan, will report to Hamid Rezaei.""",
            wrong="Stefan Lindahl, the Chief Operating Officer, will in turn report to her",
            fix="She will in turn report to the Chief Operating Officer, Stefan Lindahl,",
            note="reporting line reversed: Paula Grant reports to Stefan Lindahl",
        ),
    ),
    dict(
        slug="work-from-abroad",
        question="Can I work from Spain for three weeks after my holiday?",
        context=[
            """Working from abroad. Employees may work remotely from another country for up to 20 working days in any
            12-month period, provided their manager approves and the destination is on the approved-countries list
            in the HR portal. Requests must be submitted at least two weeks before travel. Working from abroad is not
            permitted for employees whose roles require access to restricted client data.""",
            """Tax and insurance. Longer stays can create tax and social security obligations for both the employee
            and the company, which is why the 20-day limit is strict and days cannot be carried over. The company's
            travel insurance does not cover personal holidays extended with remote work days unless the remote days
            are approved in advance. Working from a country not on the list is treated as a disciplinary matter.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Possibly: staff can work from another country for at most 20 working days in any 12-month
            period, so three working weeks fits within that limit unless you have already used more than five of
            those days. Your manager
            has to approve it, Spain must appear on the approved-countries list in the HR portal, and the request has
            to go in at least two weeks before you travel. It is not an option if your job requires access to
            restricted client data. Get the remote days approved in advance, because otherwise the company's travel
            insurance will not cover the extended trip.""",
            note="'up to 20 working days' → 'at most 20 working days'; 'not permitted' → 'not an option'; 'does not "
            "cover unless approved' → 'get them approved, otherwise not covered'",
        ),
        error=dict(
            task="error-negation",
            answer="""Possibly: staff can work from another country for at most 20 working days in any 12-month
            period, so three working weeks fits within that limit unless you have already used more than five of
            those days. Your manager
            has to approve it, Spain must appear on the approved-countries list in the HR portal, and the request has
            to go in at least two weeks before you travel. It is an option even if your job requires access to
            restricted client data. Get the remote days approved in advance, because otherwise the company's travel
            insurance will not cover the extended trip.""",
            wrong="It is an option even if",
            fix="It is not an option if",
            note="negation dropped: working from abroad is not permitted for roles with restricted client data",
        ),
    ),
    dict(
        slug="supplier-gift",
        question="A supplier wants to send me a 70-pound bottle of wine. Can I accept it?",
        context=[
            """Gifts and hospitality. Employees may accept gifts from suppliers or customers with a value of up to 50
            pounds without approval, as long as no more than two such gifts are accepted from the same source in a
            calendar year. Gifts worth more than 50 pounds must be declared in the gifts register within 5 working
            days and approved by a director, or politely declined. Cash or cash equivalents, such as vouchers, must
            never be accepted.""",
            """Hospitality. Business meals and event invitations are allowed where there is a clear business purpose
            and the host attends. Hospitality worth more than 150 pounds per person must be declared in the register
            in advance. Employees involved in an active tender must not accept any gifts or hospitality from the
            bidders until the contract is awarded.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""A gift worth £70 is over the £50 threshold, so you cannot simply accept it: it has to be declared
            in the gifts register within five working days and approved by a director, or else politely declined.
            Gifts of up to fifty pounds would not need approval, provided you accept no more than two from the same
            source in a calendar year. If you are involved in an active tender and the supplier is a bidder, you must
            not accept anything from them until the contract is awarded.""",
            note="'70-pound' → '£70', '50 pounds' → '£50' and 'fifty pounds', '5' → 'five'",
        ),
        error=dict(
            task="error-added",
            answer="""A gift worth £70 is over the £50 threshold, so you cannot simply accept it: it has to be declared
            in the gifts register within five working days and approved by a director, or else politely declined.
            If a director approves it, the wine will normally be raffled for charity rather than kept. If you are
            involved in an active tender and the supplier is a bidder, you must not accept anything from them until
            the contract is awarded.""",
            wrong="If a director approves it, the wine will normally be raffled for charity rather than kept.",
            fix="",
            note="answer adds a charity raffle for approved gifts; the policy says nothing of the kind",
        ),
    ),
]
