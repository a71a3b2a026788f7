"""Finance: earnings releases, bank products, dividends, fund factsheets, central banks, savings (short contexts)."""

DOMAIN = "finance"

SCENARIOS = [
    dict(
        slug="logistics-q3-results",
        question="How did Ventrell Logistics do in the third quarter?",
        context=[
            """Q3 results. Ventrell Logistics reported third-quarter revenue of $842 million, up 6% from a year
            earlier, driven by growth in its cold-chain division. Net income was $61 million, or 48 cents per share,
            compared with $55 million a year ago. The company's operating margin narrowed slightly to 9.1% from 9.4%
            because of higher fuel and labour costs.""",
            """Outlook and dividend. Ventrell raised its full-year revenue forecast to between $3.3 billion and $3.4
            billion, from $3.2 billion to $3.3 billion previously. The board declared a quarterly dividend of 15
            cents per share, unchanged from the previous quarter, payable on 14 November. Chief financial officer
            Rafael Okonkwo said the company expected capital spending of about $120 million this year, mostly on
            refrigerated trucks.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""Ventrell Logistics posted Q3 revenue of $842,000,000, a 6 percent increase on the same quarter
            last year, helped by its cold-chain business. Net income rose to $61 million ($0.48 a share) from $55
            million. Its operating margin slipped to 9.1 percent from 9.4 percent as fuel and labour costs rose. The
            company now expects full-year revenue of $3.3–3.4 billion, up from its earlier forecast of $3.2–3.3
            billion.""",
            note="'$842 million' → '$842,000,000', '48 cents' → '$0.48', '6%' → '6 percent', ranges with dashes",
        ),
        error=dict(
            task="error-number",
            answer="""Ventrell Logistics posted third-quarter revenue of $842 million, up 6% on a year earlier, helped
            by its cold-chain business. Net income rose to $61 million, or 15 cents per share, from $55 million. Its
            operating margin slipped to 9.1% from 9.4% as fuel and labour costs rose. The company now expects
            full-year revenue of between $3.3 billion and $3.4 billion.""",
            wrong="15 cents per share",
            fix="48 cents per share",
            note="answer gives earnings of 15 cents per share; source says 48 cents (15 cents per share is the "
            "quarterly dividend, passage 2)",
        ),
    ),
    dict(
        slug="fixed-loan-extra-repayments",
        question="How much extra can I repay on Keystone's 5-year fixed home loan without paying a penalty?",
        context=[
            """Fixed-rate home loans. The Keystone Bank 5-year fixed home loan has an interest rate of 4.29% a year
            for borrowers with a deposit of at least 20%. Borrowers with a deposit of 10% to 19.99% pay 4.69% and
            must take out lenders' mortgage insurance. The minimum loan amount is $50,000 and the maximum term is 30
            years. An application fee of $350 applies.""",
            """Extra repayments and breaking the fixed term. During the fixed period, borrowers can make extra
            repayments of up to $10,000 a year without penalty. Larger extra repayments, or repaying the loan in full
            before the fixed period ends, may incur a break cost, which depends on how interest rates have moved
            since the loan was fixed. There is no fee for switching to a variable rate at the end of the fixed
            term.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""While your rate is fixed, you can pay off up to $10,000 extra each year with no penalty. If you
            repay more than that, or clear the whole loan before the fixed period is over, you may be charged a break
            cost that depends on how interest rates have changed since you fixed. Moving to a variable rate when the
            fixed term ends costs nothing.""",
            note="'without penalty' → 'with no penalty', 'may incur' → 'may be charged', 'no fee' → 'costs nothing'",
        ),
        error=dict(
            task="error-number",
            answer="""While your rate is fixed, you can pay off up to $50,000 extra each year with no penalty. If you
            repay more than that, or clear the whole loan before the fixed period is over, you may be charged a break
            cost that depends on how interest rates have changed since you fixed. Moving to a variable rate when the
            fixed term ends costs nothing.""",
            wrong="$50,000",
            fix="$10,000",
            note="answer says $50,000 a year; source says $10,000 ($50,000 is the minimum loan amount, passage 1)",
        ),
    ),
    dict(
        slug="utility-final-dividend",
        question="When will Aldermoor's final dividend be paid, and how much is it?",
        context=[
            """Final dividend. The board of Aldermoor Utilities has recommended a final dividend of 31.2 pence per
            share for the year to 31 March, bringing the total for the year to 46.8 pence, an increase of 4%. Subject
            to shareholder approval at the annual general meeting on 18 July, the dividend will be paid on 2 August
            to shareholders on the register at the close of business on 21 June. The ex-dividend date is 20
            June.""",
            """Scrip option. Shareholders may choose to receive new shares instead of cash through the scrip dividend
            scheme. Elections must reach the registrar, Linkway Share Services, by 5 July. Shareholders who already
            hold a standing scrip election do not need to act. The reference price for the scrip shares will be
            announced on 28 June. Shareholders who make no election will receive
            the dividend in cash.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Shareholders on the register at the close of business on 21 June (the shares go ex-dividend on
            20 June) will receive a final dividend of 31.2 pence per share on 2 August, provided it is approved at the
            annual general meeting on 18 July. That brings the total dividend for the year to 46.8 pence, 4% more
            than the year before. If you would rather have new shares than cash, scrip elections must reach the
            registrar by 5 July.""",
            note="record and ex-dividend dates moved ahead of the amount and payment date; scrip deadline from "
            "passage 2 added",
        ),
        error=dict(
            task="error-date",
            answer="""Aldermoor's final dividend of 31.2 pence per share will be paid on 18 July to shareholders on the
            register at the close of business on 21 June, subject to approval at the annual general meeting. That
            brings the total dividend for the year to 46.8 pence, 4% more than the year before. If you would rather
            have new shares than cash, scrip elections must reach the registrar by 5 July.""",
            wrong="18 July",
            fix="2 August",
            note="answer says the dividend is paid on 18 July; source says 2 August (18 July is the AGM date, same "
            "passage)",
        ),
    ),
    dict(
        slug="fund-manager",
        question="Who manages the Brookhaven Global Income Fund, and what is it trying to achieve?",
        context=[
            """Fund managers. The Brookhaven Global Income Fund is managed by Leonie Fairbairn, who joined Brookhaven
            in 2016 from a pension fund in Edinburgh. She is supported by deputy manager Tomás Herrera. The fund aims
            to pay a yield of at least 4% a year while growing capital over five years or more, and invests mainly in
            dividend-paying companies in developed markets.""",
            """Related funds. The Brookhaven Emerging Markets Fund is run by Anil Varghese and has a higher risk
            rating of 6 on a scale of 1 to 7, compared with 5 for the Global Income Fund. Both funds have an ongoing
            charge of 0.85% a year for the accumulation share class. Brookhaven's chief investment officer, Margaret
            Ilsley, oversees all of the firm's equity funds.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""Leonie Fairbairn manages the Brookhaven Global Income Fund, and deputy manager Tomás Herrera
            supports her. The fund aims for a yield of at least 4% a year and capital growth over five years or more,
            investing mostly in dividend-paying companies in developed markets. It has a risk rating of 5 on a scale
            of 1 to 7 and an ongoing charge of 0.85% a year for the accumulation share class.""",
            note="'is managed by Leonie Fairbairn' → 'Leonie Fairbairn manages'; 'she is supported by' → 'Herrera "
            "supports her'",
        ),
        error=dict(
            task="error-name",
            answer="""Anil Varghese manages the Brookhaven Global Income Fund, and deputy manager Tomás Herrera
            supports him. The fund aims for a yield of at least 4% a year and capital growth over five years or more,
            investing mostly in dividend-paying companies in developed markets. It has a risk rating of 5 on a scale
            of 1 to 7 and an ongoing charge of 0.85% a year for the accumulation share class.""",
            wrong="Anil Varghese",
            fix="Leonie Fairbairn",
            note="answer names Anil Varghese as manager; source says Leonie Fairbairn (Varghese runs the Emerging "
            "Markets Fund, passage 2)",
        ),
    ),
    dict(
        slug="reinsurer-ownership",
        question="Who owns Pennant Re, and what is changing?",
        context=[
            """Corporate structure. Pennant Re is a wholly owned subsidiary of Halvard Holdings, which bought it from
            Ostrava Mutual in 2019. Pennant Re provides reinsurance to Halvard's two primary insurers, Halvard Motor
            and Halvard Home, and to about 40 external clients. Its financial strength is rated A by Continental
            Ratings. Pennant Re was founded in Bermuda in 1987 and moved its head office to Dublin in 2021.""",
            """Planned changes. Halvard Holdings announced in March that it intends to sell a 30% stake in Pennant Re
            to the infrastructure investor Brightline Capital, while keeping control of the business. The sale is
            expected to raise about 420 million euros, which Halvard plans to use to repay debt. Ostrava Mutual, the
            previous owner, has no remaining interest in Pennant Re.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Pennant Re is fully owned by Halvard Holdings, which bought it from Ostrava Mutual in 2019;
            Ostrava no longer has any stake in it. Pennant Re reinsures Halvard's two primary insurers, Halvard Motor
            and Halvard Home, along with about 40 outside clients. Halvard said in March that it plans to sell 30% of
            Pennant Re to the infrastructure investor Brightline Capital while staying in control. The sale should
            bring in about 420 million euros, which Halvard intends to put towards paying down debt.""",
            note="'wholly owned subsidiary' → 'fully owned', 'external clients' → 'outside clients', 'repay debt' → "
            "'paying down debt'",
        ),
        error=dict(
            task="error-role",
            answer="""Pennant Re is fully owned by Halvard Holdings, which bought it from Ostrava Mutual in 2019;
            Ostrava no longer has any stake in it. Halvard Motor and Halvard Home, Halvard's two primary insurers,
            provide reinsurance to Pennant Re, which also has about 40 outside clients. Halvard said in March that it
            plans to sell 30% of Pennant Re to the infrastructure investor Brightline Capital while staying in
            control. The sale should bring in about 420 million euros, which Halvard intends to put towards paying
            down debt.""",
            wrong="Halvard Motor and Halvard Home, Halvard's two primary insurers, provide reinsurance to Pennant Re",
            fix="Pennant Re provides reinsurance to Halvard's two primary insurers, Halvard Motor and Halvard Home",
            note="reinsurer and insured reversed: Pennant Re reinsures Halvard Motor and Halvard Home",
        ),
    ),
    dict(
        slug="central-bank-hold",
        question="What did the Central Bank of Veloria decide, how did its forecasts change, and what does it mean "
        "for mortgage rates?",
        context=[
            """Rate decision. The Monetary Board of the Central Bank of Veloria kept its main policy rate unchanged at
            5.25% on Thursday, the third meeting in a row without a change. Seven of the nine board members voted to
            hold, while two voted for a cut of 0.25 percentage points. The board said inflation had fallen to 3.4% in
            September from a peak of 8.1% last year but remained above its 2% target.""",
            """Projections. The bank lowered its forecast for economic growth this year to 1.1% from 1.5%, citing
            weaker exports. It raised its inflation forecast for next year slightly, to 2.8% from 2.6%, because of
            higher energy prices. Governor Elsa Marrow said the board would 'not hesitate to act' if inflation
            stalled, and that markets should not expect cuts before the second half of next year.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""The Central Bank of Veloria held its main policy rate at 5.25% on Thursday, the third meeting
            running with no change; seven of the nine board members backed the hold and two wanted a 0.25-point cut.
            It cut its growth forecast for this year to 1.1% from 1.5% because of weaker exports, and nudged its
            inflation forecast for next year up to 2.8% from 2.6% on higher energy prices. The passages do not
            discuss what the decision means for mortgage rates, although the governor said markets should not expect
            cuts before the second half of next year.""",
            note="decision and forecasts restated; says the sources do not cover mortgage rates",
        ),
        error=dict(
            task="error-negation",
            answer="""The Central Bank of Veloria held its main policy rate at 5.25% on Thursday, the third meeting
            running with no change; seven of the nine board members backed the hold and two wanted a 0.25-point cut.
            It cut its growth forecast for this year to 1.1% from 1.5% because of weaker exports, and nudged its
            inflation forecast for next year up to 2.8% from 2.6% on higher energy prices. The passages do not
            discuss what the decision means for mortgage rates, although the governor said markets could expect cuts
            before the second half of next year.""",
            wrong="could expect cuts",
            fix="should not expect cuts",
            note="negation dropped: the governor said markets should not expect cuts before the second half of next "
            "year",
        ),
    ),
    dict(
        slug="easy-access-saver",
        question="What are the terms of the Corran Easy Access Saver?",
        context=[
            """Easy Access Saver. The Corran Building Society Easy Access Saver pays a variable rate of 3.75% AER on
            balances from £1. Interest is calculated daily and paid annually on 31 March. You can make unlimited
            withdrawals without notice or penalty. The account can be opened online or in any branch by UK residents
            aged 16 or over.""",
            """Limits and protection. The maximum balance is £250,000. If the rate changes, existing savers will be
            told at least 14 days before a reduction takes effect. Eligible deposits with Corran are protected up to
            £85,000 per person by the Financial Services Compensation Scheme. Joint accounts can be held by up to two
            people. Further deposits can be made at any time by bank transfer or at a branch.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""Corran Building Society's Easy Access Saver pays a variable 3.75% AER on balances from one pound
            up to a maximum of two hundred and fifty thousand pounds. Interest is worked out daily and paid once a
            year on March 31, and you can withdraw money as often as you like without notice or penalty. If the rate
            is going to fall, savers get at least two weeks' warning. Eligible deposits are protected up to 85,000
            pounds per person by the Financial Services Compensation Scheme.""",
            note="'£1' → 'one pound', '£250,000' in words, '14 days' → 'two weeks', '31 March' → 'March 31'",
        ),
        error=dict(
            task="error-added",
            answer="""Corran Building Society's Easy Access Saver pays a variable 3.75% AER on balances from one pound
            up to a maximum of two hundred and fifty thousand pounds. Interest is worked out daily and paid once a
            year on March 31, and you can withdraw money as often as you like without notice or penalty. If the rate
            is going to fall, savers get at least two weeks' warning. Eligible deposits are protected up to 85,000
            pounds per person by the Financial Services Compensation Scheme, and the account can also be opened as a
            cash ISA.""",
            wrong="and the account can also be opened as a cash ISA",
            fix="",
            note="answer adds a cash ISA option; the sources do not mention ISAs",
        ),
    ),
]
