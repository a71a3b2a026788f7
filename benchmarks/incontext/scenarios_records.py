"""Public records (short contexts).

Company registry, planning decisions, land and deed records, council minutes, inspection reports, licences,
election declarations.
"""

DOMAIN = "public-records"

SCENARIOS = [
    dict(
        slug="company-officers",
        question="When was Bellweather Joinery set up, and who are its directors now?",
        context=[
            """Company record. Name: Bellweather Joinery Ltd. Company number: 08817342. Status: Active. Incorporated:
            12 September 2013. Registered office: Unit 4, Canal Side Works, Tamworth Road, Lichfield. Nature of
            business: manufacture of other builders' carpentry and joinery. Accounts: next accounts made up to 30
            September 2024 due by 30 June 2025. Confirmation statement: next statement date 12 September 2025, due by
            26 September 2025.""",
            """Officers and filing history. Directors: Graham Pearce (appointed 12 September 2013) and Anita Pearce
            (appointed 3 April 2017). Secretary: none. Resigned: Colin Fairley, director, appointed 12 September
            2013, resigned 31 January 2016. Recent filings: total exemption full accounts made up to 30 September
            2023, filed 14 June 2024; confirmation statement made up to 12 September 2024, filed 16 September
            2024.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""Bellweather Joinery Ltd was incorporated on September 12, 2013 and is still active. Its current
            directors are Graham Pearce, who has been a director since the company was incorporated, and Anita
            Pearce, appointed on April 3, 2017. A third founding director, Colin Fairley, resigned on January 31,
            2016.""",
            note="dates written month-first (12 September 2013 → September 12, 2013, and so on)",
        ),
        error=dict(
            task="error-date",
            answer="""Bellweather Joinery Ltd was incorporated on 12 September 2013 and is still active. Its current
            directors are Graham Pearce, who has been a director since incorporation, and Anita Pearce, appointed on
            31 January 2016. Colin Fairley, one of the original directors, has since resigned.""",
            wrong="31 January 2016",
            fix="3 April 2017",
            note="answer gives Anita Pearce's appointment as 31 January 2016; source says 3 April 2017 (31 January "
            "2016 is Colin Fairley's resignation, same passage)",
        ),
    ),
    dict(
        slug="planning-extension",
        question="Was the Fenwicks' extension at 17 Orchard Lane approved, and when can the builders work?",
        context=[
            """Planning decision notice. Application reference: 24/01187/FUL. Site: 17 Orchard Lane, Hadley.
            Proposal: single-storey rear extension and conversion of garage to a home office. Applicant: Mr and Mrs
            D. Fenwick. Date valid: 6 March 2024. Decision: Approved with conditions. Decision date: 29 April 2024.
            The development must be begun within three years of the decision date. Case officer: Rebecca
            Holt.""",
            """Conditions. 1. Materials for external walls and roof shall match the existing house. 2. No
            construction work shall take place outside 08:00 to 18:00 Monday to Friday and 08:00 to 13:00 on
            Saturdays, and not at all on Sundays or bank holidays. 3. The garage conversion shall be used only for
            purposes ancillary to the house and not as a separate dwelling. Neighbour consultation closed on 3 April
            2024 with one objection received.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Yes — permission for the rear extension and garage conversion at 17 Orchard Lane was granted on
            29 April 2024, subject to conditions. Builders may work from 08:00 to 18:00 on weekdays and from 08:00 to
            13:00 on Saturdays, with no work allowed on Sundays or bank holidays. The walls and roof must be built in
            materials matching the existing house, and the converted garage may not become a separate home. Work has
            to start within three years of the decision.""",
            note="'approved with conditions' → 'granted subject to conditions', 'dwelling' → 'home', 'begun' → 'start'",
        ),
        error=dict(
            task="error-date",
            answer="""Yes — permission for the rear extension and garage conversion at 17 Orchard Lane was granted on
            3 April 2024, subject to conditions. Builders may work from 08:00 to 18:00 on weekdays and from 08:00 to
            13:00 on Saturdays, with no work allowed on Sundays or bank holidays. The walls and roof must be built in
            materials matching the existing house, and the converted garage may not become a separate home. Work has
            to start within three years of the decision.""",
            wrong="3 April 2024",
            fix="29 April 2024",
            note="answer gives the decision date as 3 April 2024; source says 29 April 2024 (3 April 2024 is when "
            "neighbour consultation closed, passage 2)",
        ),
    ),
    dict(
        slug="title-register-price",
        question="How much did Hannah Lowe and Samir Haddad pay for 42 Weir Street?",
        context=[
            """Title register extract. Property: 42 Weir Street, Mossbridge, a three-bedroom terraced house. Title
            number: MB483921. Registered proprietors: Hannah Lowe and Samir Haddad of 42 Weir Street. Price paid:
            £287,500, stated on 14 November 2022. The property was previously owned by Eileen Carver, who bought it
            for £164,000 in June 2009. Tenure: freehold. Edition date of the register: 21 November 2022.""",
            """Charges register. A registered charge dated 14 November 2022 in favour of Fairmont Building Society
            secures a mortgage on the property. A restriction prevents any sale by a sole proprietor without a court
            order. The council tax band for the property is C, and the annual charge for 2024/25 is £1,842. The
            property has the benefit of a right of way over the shared passage at the rear.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""According to the title register, the price paid was £287,500, stated on 14 November 2022, the
            same date as the Fairmont Building Society charge securing a mortgage on the house. Hannah Lowe and Samir
            Haddad are the registered proprietors of the three-bedroom terraced house. The previous owner, Eileen
            Carver, had paid £164,000 for it in June 2009.""",
            note="price first, linked to the mortgage charge date from passage 2, then the owners and the earlier sale",
        ),
        error=dict(
            task="error-number",
            answer="""According to the title register, Hannah Lowe and Samir Haddad paid £164,000 for the
            three-bedroom terraced house, with the price stated on 14 November 2022. The same date appears on a
            Fairmont Building Society charge securing a mortgage on the property. The previous owner was Eileen
            Carver, who had bought it in June 2009.""",
            wrong="£164,000",
            fix="£287,500",
            note="answer gives the price as £164,000; source says £287,500 (£164,000 is what the previous owner paid "
            "in 2009, same passage)",
        ),
    ),
    dict(
        slug="parish-council-playground",
        question="What did the parish council decide about the Mill Green playground, and who proposed it?",
        context=[
            """Minutes of the Ashford Vale Parish Council meeting, 14 May. Present: Cllr J. Whitlock (Chair), Cllr R.
            Osei, Cllr M. Danby, Cllr P. Greaves, Cllr L. Farrow. Apologies: Cllr S. Tan. Item 5, Playground
            refurbishment: Cllr Danby proposed that the council accept the quote of £18,450 from Parkcraft Play Ltd
            for replacing the equipment at Mill Green. Cllr Osei seconded the proposal. Carried, 4 votes in favour
            and 1 abstention (Cllr Greaves).""",
            """Item 6, Speeding on Church Road: Cllr Farrow reported that residents had collected 212 signatures
            asking for a 20 mph limit. It was resolved that the clerk write to the county highways department
            requesting a speed survey. Item 7, Date of next meeting: 11 June at 19:30 in the village hall. The chair
            closed the meeting at 21:05.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""The council accepted a £18,450 quote from Parkcraft Play Ltd to replace the play equipment at
            Mill Green. The proposal was made by Cllr Danby and seconded by Cllr Osei. It was carried with four votes
            for and one abstention, from Cllr Greaves.""",
            note="'Cllr Danby proposed' → 'the proposal was made by Cllr Danby'; 'Cllr Osei seconded' → 'seconded by "
            "Cllr Osei'",
        ),
        error=dict(
            task="error-name",
            answer="""The council accepted a £18,450 quote from Parkcraft Play Ltd to replace the play equipment at
            Mill Green. The proposal was made by Cllr Farrow and seconded by Cllr Osei. It was carried with four votes
            for and one abstention, from Cllr Greaves.""",
            wrong="Cllr Farrow",
            fix="Cllr Danby",
            note="answer says Cllr Farrow proposed it; minutes say Cllr Danby (Cllr Farrow raised the Church Road "
            "speeding item, passage 2)",
        ),
    ),
    dict(
        slug="hygiene-inspection",
        question="What hygiene rating did the Copper Kettle get, who inspected it, and has it asked for a "
        "re-inspection?",
        context=[
            """Food hygiene inspection report. Business: The Copper Kettle café, 9 Market Row, Brayford. Food business
            operator: Lorraine Beckett. Inspection date: 22 August 2024. Inspecting officer: Daniel Mensah,
            environmental health officer. Rating awarded: 3 (generally satisfactory). Areas for improvement: cleaning
            of the extraction canopy; temperature records for the display fridge had gaps on four days in the
            preceding fortnight.""",
            """Previous ratings and right to reply. At its last inspection, on 9 March 2022 by officer Karen
            Whitfield, the café was rated 4 (good). The operator may request a re-inspection once the improvements
            have been made; a re-inspection fee of £180 applies. The operator may also publish a right-to-reply
            statement alongside the rating. Brayford Council publishes all ratings on its website within 28 days of
            an inspection.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""The Copper Kettle café was rated 3, generally satisfactory, after an inspection on 22 August 2024
            by environmental health officer Daniel Mensah. The officer found that the extraction canopy needed better
            cleaning and that the display fridge's temperature records had gaps on four days in the previous
            fortnight. The report does not say whether the operator, Lorraine Beckett, has asked for a re-inspection;
            one can be requested once the improvements are made, for a fee of £180. At its previous inspection in
            March 2022, the café was rated 4 (good).""",
            note="rating and inspector restated; says the report does not cover whether a re-inspection was requested",
        ),
        error=dict(
            task="error-name",
            answer="""The Copper Kettle café was rated 3, generally satisfactory, after an inspection on 22 August 2024
            by environmental health officer Karen Whitfield. The officer found that the extraction canopy needed
            better cleaning and that the display fridge's temperature records had gaps on four days in the previous
            fortnight. The report does not say whether the operator, Lorraine Beckett, has asked for a
            re-inspection; one can be requested once the improvements are made, for a fee of £180. At its previous
            inspection in March 2022, the café was rated 4 (good).""",
            wrong="Karen Whitfield",
            fix="Daniel Mensah",
            note="answer names Karen Whitfield as the 2024 inspector; source says Daniel Mensah (Whitfield did the "
            "2022 inspection, passage 2)",
        ),
    ),
    dict(
        slug="deed-transfer",
        question="Who sold 2210 Cedar Ridge Drive to whom, and for how much?",
        context=[
            """Deed record. Document type: Warranty deed. Recording number: 2024-0031877. Recorded: 18 March 2024,
            Pinecrest County Recorder. Grantor: Lakeview Holdings LLC, a Delaware limited liability company. Grantee:
            Marisol Ortega and Daniel Ortega, a married couple, as joint tenants. Property: Lot 14, Block 3, Cedar
            Ridge Subdivision, known as 2210 Cedar Ridge Drive. Consideration: $412,000. Documentary transfer tax
            paid: $453.20.""",
            """Related records. A deed of trust recorded the same day (2024-0031878) names Marisol Ortega and Daniel
            Ortega as trustors and Summit Federal Credit Union as beneficiary, securing a loan of $329,600. Lakeview
            Holdings LLC acquired the lot from the original developer, Cedar Ridge Partners, by a deed recorded on 2
            November 2021. Property taxes for the 2023–24 year were paid in full.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Lakeview Holdings LLC sold 2210 Cedar Ridge Drive to Marisol and Daniel Ortega, a married couple
            who took title as joint tenants, for $412,000. The warranty deed was recorded on 18 March 2024 with the
            Pinecrest County Recorder. The same day, a deed of trust was recorded securing a $329,600 loan to the
            Ortegas from Summit Federal Credit Union.""",
            note="grantor/grantee stated as seller/buyer, 'consideration' as the price, trustors/beneficiary as "
            "borrower/lender",
        ),
        error=dict(
            task="error-role",
            answer="""Marisol and Daniel Ortega, a married couple, sold 2210 Cedar Ridge Drive to Lakeview Holdings LLC
            for $412,000. The warranty deed was recorded on 18 March 2024 with the Pinecrest County Recorder. The same
            day, a deed of trust was recorded securing a $329,600 loan to the Ortegas from Summit Federal Credit
            Union.""",
            wrong="Marisol and Daniel Ortega, a married couple, sold 2210 Cedar Ridge Drive to Lakeview Holdings LLC",
            fix="Lakeview Holdings LLC sold 2210 Cedar Ridge Drive to Marisol and Daniel Ortega, a married couple,",
            note="seller and buyer reversed: Lakeview Holdings (grantor) sold to the Ortegas (grantees)",
        ),
    ),
    dict(
        slug="premises-licence",
        question="Until what time can the Lantern Rooms have live music and serve alcohol on a Saturday?",
        context=[
            """Premises licence summary. Premises: The Lantern Rooms, 3 Quay Street, Eastholme. Licence holder:
            Riverside Leisure Ltd. Licensable activities: sale of alcohol for consumption on and off the premises;
            live music; recorded music. Hours for the sale of alcohol: Monday to Thursday 11:00 to 23:30; Friday and
            Saturday 11:00 to 01:00; Sunday 12:00 to 23:00. Designated premises supervisor: Joanne Tierney.""",
            """Conditions. Live music is permitted indoors only and must end by 23:00 on all days. No customers may
            take drinks outside the premises in open containers after 22:00. Children under 16 must be accompanied by
            an adult and may not remain after 21:00. Door staff licensed by the Security Industry Authority must be
            on duty from 21:00 on Fridays and Saturdays.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Live music at the Lantern Rooms has to finish by 23:00 every day and is only allowed indoors,
            but on a Saturday alcohol can be sold until 01:00. The same 11:00 to 01:00 alcohol hours apply on
            Fridays. From 21:00 on both nights, door staff licensed by the Security Industry Authority must be on
            duty.""",
            note="the live-music condition (passage 2) comes before the alcohol hours (passage 1); door staff rule "
            "added",
        ),
        error=dict(
            task="error-negation",
            answer="""Live music at the Lantern Rooms has to finish by 23:00 every day and is allowed outdoors as well
            as indoors, while on a Saturday alcohol can be sold until 01:00. The same 11:00 to 01:00 alcohol hours
            apply on Fridays. From 21:00 on both nights, door staff licensed by the Security Industry Authority must
            be on duty.""",
            wrong="is allowed outdoors as well as indoors",
            fix="is only allowed indoors",
            note="answer allows outdoor live music; the licence permits live music indoors only",
        ),
    ),
    dict(
        slug="by-election-result",
        question="Who won the Elmstead Ward by-election, by how much, and was there a recount?",
        context=[
            """Declaration of result of poll. Elmstead Ward by-election, held on Thursday 4 July. I, the returning
            officer, declare the number of votes cast for each candidate as follows: Carys Hughes (Green Party)
            1,184; Martin Doyle (Labour Party) 1,067; Peter Sandhu (Conservative Party) 612; Alison Rae (Liberal
            Democrats) 388. Carys Hughes is duly elected. Dated Friday 5 July.
            Signed, Helen Crawley, Returning Officer.""",
            """Turnout and rejected ballots. The electorate for Elmstead Ward was 9,870. The number of ballot papers
            issued was 3,268, a turnout of 33.1%. Seven ballot papers were rejected: four for voting for more than
            one candidate and three for being unmarked. The by-election was called after the resignation of the
            previous councillor, Frances Ede, who had represented the ward for nine years.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""Carys Hughes of the Green Party won the Elmstead Ward by-election with 1,184 votes, 117 more than
            Labour's Martin Doyle on 1,067. Conservative Peter Sandhu came third with 612 votes and Liberal Democrat
            Alison Rae fourth with 388. Turnout was 33.1%, with 3,268 ballot papers issued to an electorate of 9,870.
            The declaration does not say whether there was a recount.""",
            note="result and margin (1,184 − 1,067 = 117) restated; says the declaration does not mention a recount",
        ),
        error=dict(
            task="error-added",
            answer="""Carys Hughes of the Green Party won the Elmstead Ward by-election after a recount, with 1,184
            votes, 117 more than Labour's Martin Doyle on 1,067. Conservative Peter Sandhu came third with 612 votes
            and Liberal Democrat Alison Rae fourth with 388. Turnout was 33.1%, with 3,268 ballot papers issued to an
            electorate of 9,870.""",
            wrong="after a recount",
            fix="",
            note="answer adds a recount; the declaration does not mention one",
        ),
    ),
]
