"""Legal: court filings and rulings, statutes, regulator fines, leases, probate, tribunals (short contexts)."""

DOMAIN = "legal"

SCENARIOS = [
    dict(
        slug="supplier-lawsuit",
        question="What is the dispute between Grayline Textiles and Mehta Dyeworks about?",
        context=[
            """Court filing. Grayline Textiles Inc. has filed a lawsuit against its former supplier, Mehta Dyeworks,
            in the Northern District commercial court, alleging breach of contract. Grayline claims that Mehta
            delivered 14 shipments of dyed cotton between January and June 2023 that failed agreed colour-fastness
            standards, forcing it to recall 38,000 garments. It is seeking 2.6 million dollars in damages.""",
            """Response. Mehta Dyeworks denies the claims and has filed a counterclaim for 410,000 dollars in unpaid
            invoices, saying Grayline stopped paying in July 2023 without following the contract's dispute
            procedure. A case management hearing is scheduled for 9 October. Both companies had worked together
            since 2015, and neither responded to requests for comment. Grayline has since moved its dyeing
            work to another supplier.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""Mehta Dyeworks, Grayline's former supplier, is being sued by Grayline Textiles for breach of
            contract in the Northern District commercial court. According to Grayline, 14 shipments of dyed cotton
            delivered between January and June 2023 did not meet the agreed colour-fastness standards and 38,000
            garments had to be recalled; it wants 2.6 million dollars in damages. Mehta denies this and is
            counterclaiming 410,000 dollars in unpaid invoices, arguing that Grayline stopped paying in July 2023
            without using the contract's dispute procedure.""",
            note="'Grayline has filed a lawsuit against Mehta' → 'Mehta is being sued by Grayline'; 'forcing it to "
            "recall' → 'garments had to be recalled'",
        ),
        error=dict(
            task="error-role",
            answer="""Grayline Textiles is being sued by its former supplier, Mehta Dyeworks, for breach of contract in
            the Northern District commercial court. The claim concerns 14 shipments of dyed cotton delivered between
            January and June 2023 that allegedly failed the agreed colour-fastness standards, leading to a recall of
            38,000 garments. A case management hearing is scheduled for 9 October.""",
            wrong="Grayline Textiles is being sued by its former supplier, Mehta Dyeworks",
            fix="Mehta Dyeworks, Grayline's former supplier, is being sued by Grayline Textiles",
            note="plaintiff and defendant reversed: Grayline sued Mehta",
        ),
    ),
    dict(
        slug="deposit-ruling",
        question="What did the judge decide in Okafor v. Brightstone Lettings?",
        context=[
            """Ruling on tenancy deposit. In Okafor v. Brightstone Lettings, Judge Miriam Castellanos ruled that the
            letting agency had failed to protect tenant Chidi Okafor's 1,450-pound deposit in an approved scheme
            within 30 days, as the law requires. She ordered Brightstone to repay the deposit in full and to pay a
            penalty of twice the deposit amount, 2,900 pounds.""",
            """Background and reaction. Okafor rented a flat on Linden Road from landlord Peter Haskins, who used
            Brightstone to manage the property. The judge found that Haskins was not personally liable because the
            management agreement made Brightstone responsible for deposits. Brightstone's director, Graham Ashworth,
            said the firm would review its procedures. Tenant advice charity Roof Line, which supported Okafor,
            welcomed the decision.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Judge Miriam Castellanos found that Brightstone Lettings had not put Chidi Okafor's £1,450
            deposit into an approved protection scheme within the legally required 30 days. She ordered the agency to
            return the whole deposit and to pay a penalty of double that amount, £2,900. The landlord, Peter Haskins,
            was held not to be personally liable, since under the management agreement Brightstone was responsible
            for deposits.""",
            note="'failed to protect' → 'had not put into a protection scheme', 'repay in full' → 'return the whole "
            "deposit', 'twice' → 'double'",
        ),
        error=dict(
            task="error-name",
            answer="""Judge Miriam Castellanos found that Brightstone Lettings had not put Chidi Okafor's £1,450
            deposit into an approved protection scheme within the legally required 30 days. She ordered the agency to
            return the whole deposit and to pay a penalty of double that amount, £2,900. The landlord, Graham
            Ashworth, was held not to be personally liable, since under the management agreement Brightstone was
            responsible for deposits.""",
            wrong="Graham Ashworth",
            fix="Peter Haskins",
            note="answer names Graham Ashworth as the landlord; source says Peter Haskins (Ashworth is Brightstone's "
            "director, same passage)",
        ),
    ),
    dict(
        slug="repair-act-dates",
        question="From when do appliance makers have to supply spare parts under the Consumer Repairs Act?",
        context=[
            """Consumer Repairs Act: key dates. The Consumer Repairs Act received royal assent on 7 February 2024. Its
            main provisions, which require manufacturers of household appliances to make spare parts available for
            at least 10 years after a model is last sold, come into force on 1 July 2025. Rules on repair manuals
            follow on 1 January 2026.""",
            """Enforcement. Trading standards officers can issue fines of up to 5% of a manufacturer's UK turnover for
            breaches. Products placed on the market before 1 July 2025 are exempt from the spare-parts duty. The
            government will review the Act's effect by 31 December 2028 and may extend it to smartphones and
            laptops, which are currently excluded.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Smartphones and laptops are currently excluded, but for household appliances the spare-parts duty
            applies from 1 July 2025: from then, manufacturers must keep parts available for at least 10 years after
            a model is last sold. Products placed on the market before that date are exempt. The Act received royal
            assent on 7 February 2024, and rules on repair manuals follow on 1 January 2026.""",
            note="the exclusion (passage 2) stated first; start date, exemption and the other dates regrouped",
        ),
        error=dict(
            task="error-date",
            answer="""Smartphones and laptops are currently excluded, but for household appliances the spare-parts duty
            applies from 1 January 2026: from then, manufacturers must keep parts available for at least 10 years
            after a model is last sold. Products placed on the market before 1 July 2025 are exempt. The Act received
            royal assent on 7 February 2024.""",
            wrong="1 January 2026",
            fix="1 July 2025",
            note="answer says the duty applies from 1 January 2026; source says 1 July 2025 (1 January 2026 is when "
            "the repair-manual rules start, same passage)",
        ),
    ),
    dict(
        slug="data-breach-fine",
        question="How much was Nordhaus Home fined, and why?",
        context=[
            """Regulator fines retailer. The Data Protection Authority has fined online retailer Nordhaus Home 3.2
            million euros after a breach in which the payment card details of about 41,000 customers were exposed.
            The authority found that the company had stored card security codes in plain text, which is prohibited,
            and had not patched a known vulnerability for eight months.""",
            """Factors and appeal. The authority said the fine would have been 4.5 million euros had Nordhaus not
            notified affected customers within 72 hours and cooperated fully with the investigation. Nordhaus has 28
            days to appeal. The company said it had since deleted all stored security codes and appointed a new head
            of information security. It is the authority's largest fine this year.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""The Data Protection Authority fined Nordhaus Home €3,200,000 after a breach exposed the payment
            card details of roughly forty-one thousand customers. It found that the retailer had kept card security
            codes in plain text, which is not allowed, and had left a known vulnerability unpatched for eight months.
            The penalty would have reached €4.5 million if Nordhaus had not told affected customers within three days
            and cooperated fully.""",
            note="'3.2 million euros' → '€3,200,000', '41,000' → 'forty-one thousand', '72 hours' → 'three days'",
        ),
        error=dict(
            task="error-number",
            answer="""The Data Protection Authority fined Nordhaus Home 4.5 million euros after a breach exposed the
            payment card details of about 41,000 customers. It found that the retailer had kept card security codes
            in plain text, which is not allowed, and had left a known vulnerability unpatched for eight months.
            Nordhaus has 28 days to appeal.""",
            wrong="4.5 million euros",
            fix="3.2 million euros",
            note="answer gives the fine as 4.5 million euros; source says 3.2 million (4.5 million is what the fine "
            "would have been without mitigation, passage 2)",
        ),
    ),
    dict(
        slug="lease-subletting",
        question="Can Finch & Rowe sublet part of Unit 7, and can they end the lease early?",
        context=[
            """Lease summary: Unit 7, Harbourside Business Park. Tenant: Finch & Rowe Design Ltd. Term: 5 years from 1
            March 2024. Rent: 38,000 pounds a year, payable quarterly in advance, reviewed upwards only at the end of
            year 3. The tenant may terminate the lease at the end of year 3 by giving at least 6 months' written
            notice, provided the rent is fully paid.""",
            """Use and alterations. The unit may be used only as offices. The tenant may sublet the whole unit with
            the landlord's written consent, which may not be unreasonably withheld, but may not sublet part of the
            unit. Internal non-structural alterations are permitted without consent; structural alterations require
            consent. The tenant is responsible for internal repairs; the landlord is responsible for the roof and
            structure.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""No, subletting only part of Unit 7 is not allowed; Finch & Rowe can sublet the whole unit, but
            only with the landlord's written consent, which cannot be unreasonably withheld. They can end the lease
            early at the end of year 3 by giving at least six months' written notice, as long as the rent is fully
            paid. The summary does not say whether any penalty or other payment is due if they use that option.""",
            note="subletting and break clause restated; says the summary does not cover break costs",
        ),
        error=dict(
            task="error-negation",
            answer="""Yes, Finch & Rowe can sublet part of Unit 7, but only with the landlord's written consent, which
            cannot be unreasonably withheld. They can end the lease early at the end of year 3 by giving at least six
            months' written notice, as long as the rent is fully paid. The summary does not say whether any penalty
            or other payment is due if they use that option.""",
            wrong="can sublet part of Unit 7",
            fix="may not sublet part of Unit 7",
            note="answer allows subletting part of the unit; the lease forbids it (only the whole unit, with consent)",
        ),
    ),
    dict(
        slug="injunction-refused",
        question="Did Larchmont get its injunction against the Fenwick Common protesters?",
        context=[
            """Injunction refused. The High Court has refused an application by Larchmont Developments for an interim
            injunction to stop protesters from camping on land at Fenwick Common while a dispute over its ownership
            is decided. Mr Justice Aldous said Larchmont had not shown that it was likely to establish title to the
            land, and that the balance of convenience favoured leaving the existing situation in place.""",
            """What next. The full trial on ownership is listed for March next year. The judge did order both sides to
            keep a 10-metre buffer around the Fenwick oak, a protected tree, and barred any construction vehicles
            from the site until the trial. The protest group, Friends of Fenwick Common, has about 30 people on
            site. Larchmont was ordered to pay the group's costs of the hearing.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""No. The High Court turned down Larchmont Developments' request for an interim injunction to stop
            protesters camping at Fenwick Common until the ownership dispute is decided; the full trial is listed for
            March next year. Mr Justice Aldous held that Larchmont had not shown it was likely to prove it owns the
            land, and that the balance of convenience favoured keeping things as they are. He did order both sides to
            keep a 10-metre buffer around the protected Fenwick oak, and no construction vehicles may enter the site
            before the trial. Larchmont must also pay the protest group's costs of the hearing.""",
            note="'refused an application' → 'turned down a request', 'establish title' → 'prove it owns', 'barred' "
            "→ 'may not enter'",
        ),
        error=dict(
            task="error-negation",
            answer="""No. The High Court turned down Larchmont Developments' request for an interim injunction to stop
            protesters camping at Fenwick Common until the ownership dispute is decided; the full trial is listed for
            March next year. Mr Justice Aldous held that Larchmont had not shown it was likely to prove it owns the
            land, and that the balance of convenience favoured keeping things as they are. He did order both sides to
            keep a 10-metre buffer around the protected Fenwick oak, and no construction vehicles may enter the site
            before the trial. Larchmont does not have to pay the protest group's costs of the hearing.""",
            wrong="does not have to pay",
            fix="must also pay",
            note="answer says Larchmont does not pay the costs; source says it was ordered to pay them",
        ),
    ),
    dict(
        slug="probate-estate",
        question="Who are the executors of Margaret Pryce's estate, and who inherits?",
        context=[
            """Grant of probate notice. Estate of Margaret Ellen Pryce, late of 12 Birch Close, Hawley, who died on 2
            January 2024. Probate was granted on 15 May 2024 to the executors named in her will, her son Robert
            Pryce and her solicitor Anjali Shah. The gross value of the estate was 486,200 pounds and the net value
            471,950 pounds.""",
            """Will provisions. The will, dated 8 June 2019, leaves the house at 12 Birch Close to Robert Pryce, a
            legacy of 20,000 pounds to the Hawley Hospice, and the residue of the estate in equal shares to her two
            grandchildren, Ellie and Sam Pryce. Creditors and others with claims against the estate must notify the
            executors by 31 August 2024.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""Probate of Margaret Pryce's estate was granted on 15 May 2024 to the executors her will names:
            her son, Robert Pryce, and her solicitor, Anjali Shah. Under the will, dated 8 June 2019, Robert is left
            the house at 12 Birch Close, and a 20,000-pound legacy goes to the Hawley Hospice. The residue of the
            estate is to be shared equally by her two grandchildren, Ellie and Sam Pryce.""",
            note="'executors named in her will' → 'the executors her will names'; 'leaves the house to Robert' → "
            "'Robert is left the house'; 'residue to the grandchildren' → 'to be shared by the grandchildren'",
        ),
        error=dict(
            task="error-added",
            answer="""Probate of Margaret Pryce's estate was granted on 15 May 2024 to the executors her will names:
            her son, Robert Pryce, and her solicitor, Anjali Shah. Under the will, dated 8 June 2019, Robert is left
            the house at 12 Birch Close, and a 20,000-pound legacy goes to the Hawley Hospice. The residue of the
            estate is to be shared equally by her two grandchildren, Ellie and Sam Pryce, who will receive it when
            they turn 25.""",
            wrong="who will receive it when they turn 25",
            fix="",
            note="answer adds an age condition for the grandchildren; the will as summarised has none",
        ),
    ),
    dict(
        slug="unfair-dismissal",
        question="Why did the tribunal find that Dariusz Nowak was unfairly dismissed, and what did he get?",
        context=[
            """Tribunal judgment. An employment tribunal has ruled that warehouse worker Dariusz Nowak was unfairly
            dismissed by Ridgeway Distribution after he raised safety concerns about forklift maintenance. The
            tribunal found that Ridgeway's stated reason, poor timekeeping, was not the real reason for the
            dismissal, noting that Nowak had received no warnings about lateness in six years of employment.""",
            """Remedy. Nowak was awarded 23,400 pounds, made up of a basic award of 4,200 pounds and a compensatory
            award of 19,200 pounds for lost earnings. The tribunal did not order reinstatement because Nowak said he
            did not wish to return. Ridgeway said it was considering an appeal. The tribunal's judgment was sent to
            the parties on 3 June.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""The employment tribunal ruled that Ridgeway Distribution unfairly dismissed Dariusz Nowak after
            he raised safety concerns about forklift maintenance. Ridgeway's stated reason, poor timekeeping, was
            rejected by the tribunal as not the real reason, since Nowak had not received a single warning about
            lateness in six years. The tribunal awarded him 23,400 pounds, made up of a basic award of 4,200 pounds
            and a compensatory award of 19,200 pounds for lost earnings. Reinstatement was not ordered, because Nowak
            said he did not want to return.""",
            note="'Nowak was unfairly dismissed by Ridgeway' → 'Ridgeway unfairly dismissed Nowak'; 'Nowak was "
            "awarded' → 'the tribunal awarded him'; 'did not order reinstatement' → 'reinstatement was not ordered'",
        ),
        error=dict(
            task="error-added",
            answer="""The employment tribunal ruled that Ridgeway Distribution unfairly dismissed Dariusz Nowak after
            he raised safety concerns about forklift maintenance. Ridgeway's stated reason, poor timekeeping, was
            rejected by the tribunal as not the real reason, since Nowak had not received a single warning about
            lateness in six years. The tribunal awarded him 23,400 pounds, made up of a basic award of 4,200 pounds
            and a compensatory award of 19,200 pounds for lost earnings. Reinstatement was not ordered, because Nowak
            said he did not want to return, and he has since found work with another logistics firm.""",
            wrong="and he has since found work with another logistics firm",
            fix="",
            note="answer adds that Nowak found a new job; the sources do not say so",
        ),
    ),
]
