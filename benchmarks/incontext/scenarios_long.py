"""Long contexts (over 1,500 words): one coherent document split into four passages.

A product manual, a news feature, a clinical guideline, an annual report, an employee handbook and a scientific
monitoring report. In every error answer the wrong value is taken from a distant part of the same document (build.py
checks that it sits at least FAR_WORDS words away from the true fact). Each scenario here carries its own domain.
"""

DOMAIN = "mixed"  # overridden per scenario below

SCENARIOS = [
    dict(
        slug="home-battery-manual",
        domain="product-docs",
        question="What capacity does the Voltaris HB10 warranty guarantee, for how long, and can the warranty be "
        "transferred if I sell my house?",
        context=[
            """Voltaris HB10 Home Battery — Owner's Manual. Section 1: About your battery. The Voltaris HB10 is a
            wall- or floor-mounted lithium iron phosphate battery that stores electricity from your solar panels or
            from the grid and releases it when you need it. Each HB10 unit provides 10.2 kWh of usable energy and can
            deliver 5 kW of continuous power, with a peak of 7.5 kW for up to 10 seconds to start motors such as heat
            pumps or well pumps. Up to three units can be connected together for a total of 30.6 kWh of usable
            energy. The unit measures 1,150 × 753 × 147 mm and weighs 118 kg, so it must be installed on a wall or
            floor able to carry that load. The HB10 is rated IP55 and may be installed indoors or outdoors. Suitable
            indoor locations include garages, utility rooms and basements; it must not be installed in bedrooms,
            living rooms, loft spaces or escape routes. Outdoors, it should be placed out of direct sunlight where
            possible, because the cells age faster at high temperatures. The battery operates at ambient
            temperatures from -10 °C to 50 °C. At low temperatures, the built-in heater warms the cells before
            charging starts; below 0 °C, the battery limits charging to 80% state of charge to protect the cells, and
            full charging resumes automatically once the cells are warm. Above 45 °C the output power is reduced
            gradually. Leave at least 30 cm of clear space above the unit and 15 cm on each side so that air can
            circulate around the cooling fins. Do not cover the unit or lean objects against it. Installation must
            be carried out by a Voltaris Certified Installer, who will also fit the Backup Gateway if you have
            ordered backup power. The installer will normally register the battery in your name, set up the Voltaris
            Home app with you and show you how to switch the system off in an emergency. Keep this manual and the
            installation certificate together; you will need the certificate's serial number for any warranty
            claim. Safety notes: never open the battery enclosure, as there are no user-serviceable parts inside. If
            the unit is damaged, gives off smoke or an unusual smell, or has been exposed to flooding, switch off
            the system using the isolator switch beside the battery and contact Voltaris Support. Keep children and
            pets away from the unit and its cables. Do not connect third-party batteries, inverters or chargers to
            the HB10's DC terminals.""",
            """Section 2: Operating modes and backup. You choose how the HB10 uses its stored energy in the Voltaris
            Home app. Three operating modes are available. Self-consumption mode is the default. The battery charges
            from surplus solar power during the day and discharges in the evening and at night to power your home,
            so that you buy as little electricity from the grid as possible. The battery does not charge from the
            grid in this mode. Time-of-use mode is designed for tariffs with cheaper and more expensive periods. You
            enter your tariff's peak and off-peak times in the app, and the battery charges from the grid during
            off-peak hours if solar production is expected to be low, then discharges during peak hours. The app can
            import tariff times automatically from several energy suppliers. Backup-only mode keeps the battery fully
            charged at all times and uses it only during a power cut. This mode is useful if power cuts are frequent
            where you live, but it gives no savings on your electricity bill. In every mode, you can set a backup
            reserve: the share of the battery's capacity that is kept back for power cuts and not used for everyday
            savings. The default backup reserve is 20%, and it can be set anywhere from 0% to 100%. A higher reserve
            means more energy is available during a power cut but less is available to reduce your bills. If you
            have a Backup Gateway, your home switches to battery power within 20 milliseconds of a power cut, quickly
            enough that most computers and appliances keep running. During a power cut, the HB10 supplies up to 5 kW
            per unit; if your home draws more, the system shuts down for one minute and then restarts. Avoid running
            several large appliances, such as an oven, a kettle and a tumble dryer, at the same time. Your solar
            panels keep working during a power cut and recharge the battery, provided the battery has not completely
            run down. Storm Watch is an optional feature. When it is switched on, the app monitors severe weather
            warnings for your postcode; if a warning is issued, the battery charges to 100% in preparation, whatever
            mode it is in, and returns to normal operation when the warning ends. You can cancel a Storm Watch charge
            at any time in the app. Without a Backup Gateway, the HB10 cannot power your home during a power cut:
            for safety, it switches off together with the grid.""",
            """Section 3: Monitoring, updates and maintenance. The Voltaris Home app shows the battery's state of
            charge, how much energy your home is using, how much your solar panels are producing and how much
            electricity you are buying from or selling to the grid. When your phone is on the same Wi-Fi network as
            the battery, the figures update every 5 seconds; elsewhere, they update every 30 seconds. The app keeps
            a history of your energy use for the lifetime of the system, and you can export it as a spreadsheet. The
            HB10 connects to the internet by Ethernet cable, Wi-Fi or the built-in cellular modem. Ethernet is the
            most reliable option and is recommended wherever a cable can be run. The cellular connection is included
            free of charge for 10 years from installation and acts as a back-up if your broadband fails. The battery
            needs an internet connection for software updates, Storm Watch and remote support, but it continues to
            operate in its current mode if the connection is lost. Software updates are installed automatically,
            usually overnight, and take about 20 minutes, during which the battery may stop charging or discharging.
            You will receive a notification in the app when an update has been installed. You can share access to
            the app with up to five other people, for example family members, each with their own login; only the
            account holder can change the operating mode or backup reserve. The HB10 does not need routine
            maintenance. Once a year, check that the cooling fins and vents are free of leaves, dust and cobwebs,
            and wipe the casing with a damp cloth. Do not use a pressure washer, solvents or abrasive cleaners. The
            fan runs when the battery is working hard or the weather is warm, and produces up to 40 dB of noise at 1
            metre, about as loud as a quiet library. If the app shows a red alert, follow the instructions on screen;
            most alerts clear by themselves. If an alert persists for more than 24 hours, contact Voltaris Support
            through the app or by phone. Support is available from 8:00 to 20:00 on weekdays and from 9:00 to 17:00
            on Saturdays. A technician can often diagnose a fault remotely, provided the battery is online.""",
            """Section 4: Limited warranty. Voltaris warrants the HB10 against defects in materials and workmanship
            for 10 years from the date of installation shown on your installation certificate. In addition, Voltaris
            guarantees that the battery will retain at least 70% of its original usable energy capacity at the end of
            the 10-year warranty period or after 37.8 MWh of cumulative energy throughput, whichever comes first.
            Cumulative throughput is the total amount of energy the battery has discharged over its life; you can
            see the current figure in the app under Settings > System > Throughput. For the full 10-year warranty to
            apply, the battery must be registered with Voltaris within 60 days of installation. Your installer
            normally does this for you; you can check the registration status in the app under Settings > Warranty.
            If the battery is not registered within 60 days, the warranty period is 5 years. If the battery develops
            a defect covered by this warranty, or its capacity falls below the guaranteed level within the warranty
            period, Voltaris will, at its option, repair the battery, replace it with a new or refurbished unit of
            equal or better capacity, or refund the depreciated value of the battery. Replacement units are covered
            for the remainder of the original warranty period. Voltaris covers the cost of parts, labour and
            transport for approved claims carried out by a Certified Installer. The warranty does not cover:
            installation, repairs or modifications carried out by anyone other than a Voltaris Certified Installer;
            damage caused by fire, flooding, lightning or other events outside Voltaris's control; operation outside
            the temperature range stated in Section 1; use with third-party batteries, inverters or chargers
            connected to the DC terminals; cosmetic damage that does not affect performance; or a battery that has
            been kept offline for more than 12 consecutive months, because Voltaris cannot then monitor its condition
            or install safety updates. To make a claim, use the Support section of the app or call Voltaris Support
            with your installation certificate's serial number. A technician will first try to diagnose the problem
            remotely and may ask you to carry out simple checks. Capacity claims are assessed using the data recorded
            by the battery itself. At the end of its life, your HB10 can be returned free of charge through the
            Voltaris recycling programme, which recovers more than 90% of the battery's materials. Contact your
            installer or Voltaris Support to arrange collection. This warranty is in addition to your statutory
            rights as a consumer.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""Voltaris guarantees that the HB10 will keep at least 70% of its original usable energy capacity
            at the end of the 10-year warranty period or after 37.8 MWh of cumulative throughput, whichever comes
            first. The 10 years run from the installation date on your installation certificate, but only if the
            battery is registered with Voltaris within 60 days of installation; otherwise the warranty lasts 5 years.
            If the capacity falls below that level within the warranty period, Voltaris will repair the battery,
            replace it or refund its depreciated value, at its option. The manual does not say whether the warranty
            can be transferred to a new owner when you sell your house.""",
            note="guarantee terms from section 4 restated; says the manual does not cover transfer to a new owner",
        ),
        error=dict(
            task="error-number",
            answer="""Voltaris guarantees that the HB10 will keep at least 80% of its original usable energy capacity
            at the end of the 10-year warranty period or after 37.8 MWh of cumulative throughput, whichever comes
            first. The 10 years run from the installation date on your installation certificate, but only if the
            battery is registered with Voltaris within 60 days of installation; otherwise the warranty lasts 5 years.
            If the capacity falls below that level within the warranty period, Voltaris will repair the battery,
            replace it or refund its depreciated value, at its option. The manual does not say whether the warranty
            can be transferred to a new owner when you sell your house.""",
            wrong="80%",
            fix="70%",
            source="at least 70% of its original usable energy capacity",
            note="answer says 80% capacity is guaranteed; section 4 says 70% (80% is the cold-weather charging limit "
            "in section 1, far earlier)",
        ),
    ),
    dict(
        slug="railway-reopening-feature",
        domain="news",
        question="Who started the campaign to reopen the Millbrook line, and what role does she have in the group now?",
        context=[
            """All aboard again: the Millbrook line returns after 58 years. At 6.52 on a grey Saturday morning in
            September, a two-carriage train pulled out of Ashby Cross and rolled north towards Millbrook, the first
            passenger service on the line since the last train ran in March 1966. On board were commuters, railway
            enthusiasts with cameras, a brass band from Millbrook Secondary School and, in a window seat near the
            front, 79-year-old Margaret Hollis, who has spent more than a quarter of a century trying to make this
            journey possible. Hollis, a retired geography teacher, founded the campaign group Reconnect Millbrook in
            1998 after watching her former pupils leave the town because they could not get to jobs and colleges in
            the city without a car. 'People told me I was mad,' she said as the train crossed the river at Kelham.
            'Now I'm just tired and very happy.' The reopened line is 23 kilometres long and has three new stations:
            Ashby Cross Parkway, Kelham and Millbrook itself. Trains will run every hour from early morning until
            late evening, seven days a week, taking 28 minutes from Millbrook to Ashby Cross, where passengers can
            change for fast services to the city. A single ticket between Millbrook and Ashby Cross costs 4.20
            pounds, and the line is included in the region's day-rover ticket. The project cost 71 million pounds, of
            which 58 million came from the national Restoring Connections fund and the rest from the regional
            transport authority and the county council. It is the longest stretch of railway to reopen in the region
            for more than 40 years. The regional mayor, Caroline Dunstan, who cut the ribbon on the platform at
            Millbrook on Friday evening, called the line 'proof that patience and stubbornness can still get things
            built in this country'. She described Hollis as 'the reason we are all here'. For the residents of
            Millbrook, a town of about 16,000 people, the railway means a reliable alternative to the X7 bus, which
            takes up to an hour to reach Ashby Cross in rush-hour traffic. Local estate agents say house prices in
            the town have already risen since construction started, and the town's biggest employer, a
            food-packaging firm, says it expects to recruit more easily now that staff can commute by train. Not
            everyone is celebrating: some residents near the track have complained about noise during night-time
            testing, and farmers whose land was crossed by the new section say compensation took too long to
            arrive.""",
            """A long road back. The Millbrook line opened in 1871 to carry wool and coal, and for most of the
            twentieth century it also ran a busy passenger service. It was closed to passengers in March 1966 and to
            freight two years later, one of hundreds of lines cut after a national review of loss-making railways.
            Within a decade the tracks had been lifted and parts of the route sold. A 400-metre section near Kelham
            disappeared under a housing estate in the 1980s, and the old Millbrook station became a builders'
            merchant. When Reconnect Millbrook held its first public meeting in the town hall in 1998, about 60
            people came. Hollis remembers that most of them were over 60 and 'wanted their childhood back'; the
            breakthrough, she says, came when younger parents and students joined, arguing that the line was about
            the future rather than nostalgia. The group's petition gathered 12,000 signatures in 2003, and in 2009
            it paid for a feasibility study with money raised at quiz nights, car-boot sales and a sponsored walk
            along the old track bed. That study, by a firm of transport consultants, concluded that the line could
            be rebuilt for about 40 million pounds at the prices of the time, provided a new route could be found
            around the housing estate at Kelham. For almost a decade afterwards, little happened. Two applications
            for government funding were rejected, in 2012 and 2016, and the county council's support wavered as
            budgets were cut. Several members of the original committee died or moved away. Hollis kept the group
            going from her kitchen table, writing to every new transport minister and, by her own count, attending
            more than 300 council meetings. The turning point came in 2019, when the national government launched
            its Restoring Connections fund to reopen lines closed in the 1960s. Reconnect Millbrook's bid, prepared
            with the county council and the regional transport authority, was among the first to be shortlisted.
            Funding for detailed design was approved in 2020, and the full business case was signed off in the
            spring of 2022. 'Margaret had the whole case ready before anyone in government had thought of the fund,'
            said Owen Price, a former county councillor who supported the campaign. 'When the door opened, she just
            walked through it.' Today the group has about 900 members. It is run by a committee of eight, and Hollis
            stepped down as chair in 2021, although she remains its president.""",
            """Building the railway. Construction began in January 2022 and was led by Network Rail's regional team,
            with project director Daniel Reyes in charge of a workforce that peaked at about 450 people. Most of the
            old track bed was still in place, but it had to be cleared of 50 years of trees and scrub, and many of
            its drainage ditches had collapsed. Engineers laid 23 kilometres of new track, rebuilt nine bridges and
            repaired the 12-arch viaduct at Kelham, which had been listed as a historic structure in 1987 and could
            not be demolished. The biggest challenge was the housing estate that had been built over the old route.
            Rather than buying and demolishing homes, the project built a 600-metre deviation on a new embankment to
            the east of the estate, which required the purchase of land from three farms. 'We redesigned the curve
            four times to keep it away from people's gardens,' Reyes said. Wildlife caused further delays. A colony
            of lesser horseshoe bats was found roosting in the 300-metre Holloway tunnel in the spring of 2022, and
            work inside the tunnel had to be limited to the months when the bats were not hibernating or raising
            young. The project installed bat-friendly lighting and left a roosting chamber in the tunnel wall. Great
            crested newts, a protected species, were moved from ponds along the route to new ponds dug on the former
            station site at Kelham. These delays, together with rising prices for steel and concrete, pushed the cost
            up from an estimated 52 million pounds in the 2022 business case to 71 million. The opening, originally
            planned for December 2023, slipped by nine months. Reyes said the team had learned lessons that would
            help other reopening projects: 'Survey everything twice, talk to the neighbours early, and assume the
            bats will find you.' The line is single-track with a passing loop at Kelham, which allows trains to run
            every hour in each direction. It is not electrified; services are operated by two-carriage
            battery-electric trains which charge from overhead wires on the main line at Ashby Cross and can then
            run the round trip to Millbrook and back without recharging. The signalling is controlled from the
            regional control centre in the city. The three new stations have step-free access, bicycle parking and
            electric-vehicle charging points. Millbrook station, on the site of the old goods yard, has a 120-space
            car park, and the builders' merchant that occupied the original station building has moved to a new site
            on the edge of town.""",
            """What happens next. The regional transport authority expects about 180,000 passenger journeys on the
            line in its first year, rising to 260,000 by the fifth year as people change their travel habits. Similar
            reopenings elsewhere have often beaten their forecasts: a line reopened in the north-west in 2015 carried
            twice as many passengers as expected in its first year. Local businesses are hopeful. Priya Anand, who
            runs a café opposite Millbrook station, said she had taken on two extra staff in anticipation. The
            Millbrook Chamber of Commerce hopes the railway will bring day visitors to the town's Saturday market and
            to the Kelham viaduct, which is already popular with walkers. Critics argue that the money could have
            been better spent. Trevor Blake, a county councillor who voted against the council's contribution in
            2021, said 71 million pounds would have paid for an express bus service and new cycle routes across the
            whole county for a decade. 'It's a lovely train for a few thousand people,' he said. 'The bus passengers
            in the rest of the county got nothing.' The transport authority says the line's benefits, including
            reduced traffic, lower emissions and better access to jobs, were assessed as worth more than twice its
            cost over 60 years. Campaigners are already looking further ahead. Reconnect Millbrook's current chair,
            Sunil Mehta, a 41-year-old engineer who joined the group as a student in 2004, wants the line extended 11
            kilometres north from Millbrook to the market town of Hartwell, which lost its station in the same
            closures. A feasibility study for the extension is due to be published next year, and Mehta says the
            group has already started raising money for it. 'We know how long these things take,' he said. 'That is
            exactly why we are starting now.' The X7 bus will continue to run, although the operator has reduced its
            frequency from every 20 minutes to every 30 minutes. The transport authority has promised to review the
            timetable after six months and to consider later evening trains if demand is strong. For Hollis, who
            rode the line twice more on opening day before going home for a rest, the future is someone else's job.
            'I've done my bit,' she said. 'Sunil and the young ones can have the next 25 years.' Then she added, with
            a smile: 'But I'll be on the first train to Hartwell.'""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Margaret Hollis, a retired geography teacher, set up the campaign group Reconnect Millbrook in
            1998, after watching former pupils leave the town because they could not reach jobs and colleges in the
            city without a car. She stepped down as the group's chair in 2021 but is still its president; the
            current chair is Sunil Mehta, an engineer who joined the group as a student in 2004. Now 79, she was on
            board when the first passenger train since 1966 ran from Ashby Cross to Millbrook.""",
            note="founding (opening section), her current role (history section) and the current chair (closing "
            "section) combined and reordered",
        ),
        error=dict(
            task="error-name",
            answer="""Reconnect Millbrook, the campaign group behind the reopening, was founded in 1998 by Margaret
            Hollis, a retired geography teacher who had watched former pupils leave the town because they could not
            reach jobs and colleges in the city without a car. She stepped down as chair in 2021 but remains the
            group's president, and the current chair is Owen Price, an engineer who joined the group as a student in
            2004. Now 79, Hollis was on board when the first passenger train since 1966 ran from Ashby Cross to
            Millbrook.""",
            wrong="Owen Price",
            fix="Sunil Mehta",
            source="current chair, Sunil Mehta",
            note="answer names Owen Price as current chair; the closing section says Sunil Mehta (Owen Price is a "
            "former county councillor quoted in the history section)",
        ),
    ),
    dict(
        slug="hypertension-guideline",
        domain="medicine",
        question="What clinic blood pressure target does guideline RG-14 set for an 84-year-old with hypertension, "
        "how often should they be reviewed, and does it say when to stop treatment in older people?",
        context=[
            """Regional Clinical Guideline RG-14: Hypertension in adults (third edition). Section 1: Scope and
            diagnosis. This guideline covers the diagnosis and management of primary hypertension in adults aged 18
            and over in primary care. It does not cover hypertension in pregnancy, in children, or secondary
            hypertension caused by kidney, adrenal or other disease, except where referral is needed. It is intended
            for GPs, practice nurses, pharmacists and other clinicians who manage blood pressure in the community.
            1.1 Measuring blood pressure. Measure blood pressure in both arms when first assessing a patient. If the
            difference between arms is more than 15 mmHg, repeat the measurements; if the difference remains, use the
            arm with the higher reading for all subsequent measurements. Use a validated automated device with a
            cuff of the correct size, with the patient seated and the arm supported at heart level. If the first
            reading is 140/90 mmHg or higher, take a second and, if that differs substantially, a third reading
            during the consultation, and record the lower of the last two. 1.2 Confirming the diagnosis. If clinic
            blood pressure is between 140/90 mmHg and 180/120 mmHg, offer ambulatory blood pressure monitoring
            (ABPM) to confirm the diagnosis. If ABPM is unsuitable or not tolerated, offer home blood pressure
            monitoring (HBPM) instead: two consecutive readings at least one minute apart, twice a day, for at least
            four and ideally seven days, discarding the first day's readings. Confirm hypertension if the average
            daytime ABPM or average HBPM is 135/85 mmHg or higher. Classify the condition as follows. Stage 1
            hypertension: clinic blood pressure of 140/90 mmHg to 159/99 mmHg and ABPM or HBPM average of 135/85
            mmHg to 149/94 mmHg. Stage 2 hypertension: clinic blood pressure of 160/100 mmHg or higher but below
            180/120 mmHg, and ABPM or HBPM average of 150/95 mmHg or higher. Severe hypertension: clinic systolic
            pressure of 180 mmHg or higher, or clinic diastolic pressure of 120 mmHg or higher. 1.3 Severe
            hypertension. For a patient with severe hypertension, look for signs of accelerated hypertension
            (retinal haemorrhage or papilloedema) and for life-threatening symptoms such as new confusion, chest
            pain, signs of heart failure or acute kidney injury. Refer such patients for same-day specialist
            assessment. If none of these is present, carry out investigations for target organ damage as soon as
            possible and consider starting drug treatment immediately, without waiting for ABPM or HBPM results. 1.4
            Initial assessment. For every patient with confirmed hypertension, send a urine sample for
            albumin:creatinine ratio, take a blood sample for HbA1c, electrolytes, creatinine, estimated glomerular
            filtration rate and cholesterol, examine the fundi, and arrange a 12-lead electrocardiogram. Estimate
            cardiovascular risk using a validated 10-year risk calculator.""",
            """Section 2: Lifestyle advice and starting treatment. 2.1 Lifestyle. Offer lifestyle advice to every
            person with suspected or confirmed hypertension, and repeat it at each review. Advise a diet low in salt,
            aiming for less than 6 g of salt a day, and rich in fruit, vegetables and whole grains. Do not recommend
            salt substitutes containing potassium to people with kidney disease or to those taking medicines that
            raise potassium levels. Encourage at least 150 minutes of moderate-intensity physical activity a week,
            such as brisk walking or cycling, spread across most days. Advise people to keep alcohol within 14 units
            a week, spread over three or more days, and to avoid excessive consumption of coffee and other
            caffeine-rich drinks. Offer support to stop smoking, and advise people who are overweight that losing
            weight usually lowers blood pressure. Relaxation therapies may be offered but are not routinely
            provided. 2.2 Starting drug treatment. Discuss the benefits and risks of treatment with the person,
            taking into account their preferences, other conditions and any frailty. Offer drug treatment, in
            addition to lifestyle advice, to adults aged under 80 with stage 1 hypertension who have one or more of
            the following: target organ damage, established cardiovascular disease, kidney disease, diabetes, or an
            estimated 10-year cardiovascular risk of 10% or more. Consider drug treatment for adults aged under 60
            with stage 1 hypertension and a 10-year risk below 10%, because their lifetime risk may be
            underestimated. Consider drug treatment for adults aged 80 and over with stage 1 hypertension if their
            clinic blood pressure is above 150/90 mmHg. Offer drug treatment to adults of any age with stage 2
            hypertension. For adults aged under 40 with hypertension, consider referral to a specialist to look for
            secondary causes and for a more detailed assessment of long-term risk. 2.3 Shared decisions. Give people
            written information about their condition, the reasons for treatment and the expected benefits. Explain
            that most people with hypertension will need to take medicines for many years. Encourage people to
            measure their own blood pressure at home if they wish, and show them how to use a validated monitor
            correctly. Ask about side effects at every review: people are more likely to keep taking medicines that
            they can tolerate, and switching to a different class is often possible. Record the person's
            preferences and the agreed plan in their notes, and make sure they know whom to contact between
            reviews.""",
            """Section 3: Choosing antihypertensive drugs. 3.1 Step 1. For adults with hypertension and type 2
            diabetes, offer an angiotensin-converting enzyme (ACE) inhibitor or an angiotensin II receptor blocker
            (ARB), whatever their age or family origin. For adults without diabetes who are aged under 55 and not of
            Black African or African-Caribbean family origin, offer an ACE inhibitor or an ARB. For adults without
            diabetes who are aged 55 or over, or of Black African or African-Caribbean family origin at any age,
            offer a calcium-channel blocker (CCB). If a CCB is not suitable, for example because of oedema or heart
            failure, offer a thiazide-like diuretic such as indapamide. Do not combine an ACE inhibitor with an ARB.
            3.2 Step 2. If blood pressure is not controlled on step 1 treatment, add a second drug. For a person
            taking an ACE inhibitor or ARB, add a CCB or a thiazide-like diuretic. For a person taking a CCB, add an
            ACE inhibitor or an ARB, or a thiazide-like diuretic. For people of Black African or African-Caribbean
            family origin, an ARB is preferred over an ACE inhibitor when one of these is added. 3.3 Step 3. Before
            stepping up treatment, check that the person is taking their medicines as prescribed and confirm that
            blood pressure is still above target with ABPM or HBPM. If it is, offer a combination of an ACE
            inhibitor or ARB, a CCB and a thiazide-like diuretic. 3.4 Step 4: resistant hypertension. Hypertension
            that is not controlled on optimal or maximum tolerated doses of three drugs is considered resistant.
            Check again for adherence, white-coat effect and secondary causes. If the blood potassium level is 4.5
            mmol/L or lower, consider adding low-dose spironolactone. If the potassium level is higher than 4.5
            mmol/L, consider an alpha-blocker or a beta-blocker instead. Seek specialist advice if blood pressure
            remains uncontrolled on four drugs. 3.5 Monitoring drug safety. Check electrolytes and renal function
            before starting an ACE inhibitor, an ARB, a diuretic or spironolactone, and again within 2 weeks of
            starting treatment or of each dose increase. A rise in creatinine of up to 30% from baseline is
            acceptable; if creatinine rises by more than 30% or potassium rises above 6.0 mmol/L, seek specialist
            advice promptly. Warn people taking a diuretic or spironolactone about the risk of dehydration in hot
            weather and during illness involving vomiting, diarrhoea or fever, and tell them to seek advice if this
            happens. Review all other medicines, including those bought without a prescription, because some
            anti-inflammatory painkillers and decongestants can raise blood pressure or affect kidney function.""",
            """Section 4: Treatment targets and follow-up. 4.1 Targets. Agree a blood pressure target with each
            person. For adults aged under 80, aim for a clinic blood pressure below 140/90 mmHg, which corresponds to
            an ABPM or HBPM average below 135/85 mmHg. For adults aged 80 and over, aim for a clinic blood pressure
            below 150/90 mmHg, or an ABPM or HBPM average below 145/85 mmHg. For people with postural hypotension,
            or those who have symptoms of dizziness or falls when standing, base treatment decisions and targets on
            a standing blood pressure measurement. Use clinical judgement for people with frailty or several
            long-term conditions, for whom a less intensive target may be appropriate. 4.2 Postural hypotension.
            Measure blood pressure with the person seated or lying and again after they have stood for at least one
            minute in anyone with type 2 diabetes, symptoms of postural hypotension, or aged 80 or over. If the
            systolic pressure falls by 20 mmHg or more on standing, review medicines that may be contributing and
            measure subsequent blood pressure in the standing position. 4.3 Review. Once blood pressure is at target
            and treatment is stable, review each person at least once a year. At the annual review, measure blood
            pressure, ask about adherence and side effects, repeat the lifestyle advice, check electrolytes and
            renal function for people taking an ACE inhibitor, an ARB, a diuretic or spironolactone, and update the
            cardiovascular risk assessment where relevant. People whose blood pressure has not reached target should
            be reviewed at least every 4 weeks while treatment is being adjusted. 4.4 Self-monitoring. People who
            monitor their blood pressure at home should use a validated device and share their readings at reviews.
            When home readings are used to check progress, the home average should be compared with the ABPM or
            HBPM target rather than the clinic target. 4.5 Referral. Refer people to a specialist if their blood
            pressure remains above target on four drugs, if they develop signs of accelerated hypertension, if a
            secondary cause is suspected, or if hypertension develops in someone under 40 with no obvious cause. 4.6
            Audit. Practices should record the proportion of people with hypertension whose last recorded blood
            pressure is at target. The regional aim is for at least 77% of people aged under 80 and at least 80% of
            people aged 80 and over to be at target. Audit results will be published annually by the regional health
            board.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""For adults aged 80 and over, RG-14 sets a clinic blood pressure target below 150/90 mmHg, or an
            ABPM or home monitoring average below 145/85 mmHg. If the patient has postural hypotension or gets dizzy
            or falls on standing, treatment decisions and targets should be based on a standing measurement, and for
            someone with frailty a less intensive target may be appropriate. Once their blood pressure is at target
            and treatment is stable, they should be reviewed at least once a year. The guideline does not give any
            advice on when to stop or reduce treatment in older people.""",
            note="the 80-and-over target and review interval from section 4 restated; says the guideline does not "
            "cover stopping treatment",
        ),
        error=dict(
            task="error-number",
            answer="""For adults aged 80 and over, RG-14 sets a clinic blood pressure target below 150/95 mmHg, or an
            ABPM or home monitoring average below 145/85 mmHg. If the patient has postural hypotension or gets dizzy
            or falls on standing, treatment decisions and targets should be based on a standing measurement, and for
            someone with frailty a less intensive target may be appropriate. Once their blood pressure is at target
            and treatment is stable, they should be reviewed at least once a year. The guideline does not give any
            advice on when to stop or reduce treatment in older people.""",
            wrong="150/95 mmHg",
            fix="150/90 mmHg",
            value="150/95",
            source="below 150/90 mmHg, or an ABPM or HBPM average below 145/85",
            note="answer gives the target as below 150/95 mmHg; section 4 says below 150/90 mmHg (150/95 is the "
            "stage 2 ABPM threshold in section 1)",
        ),
    ),
    dict(
        slug="annual-report-acquisition",
        domain="finance",
        question="When did Northmere complete the Hallbeck Controls acquisition, how much did it pay, and what did "
        "Hallbeck add to the 2024 results?",
        context=[
            """Northmere Group plc — Annual Report and Accounts 2024. Chair's statement. Dear shareholder, 2024 was a
            year of strong progress for Northmere. Despite uncertain conditions in several of our markets, the Group
            grew revenue by 11% to 684.3 million pounds, and adjusted operating profit rose by 14% to 89.6 million
            pounds. Our order book at the year end stood at a record 512 million pounds, giving us good visibility
            into 2025. The most significant event of the year was our agreement to acquire Hallbeck Controls, which
            we announced on 18 June 2024. Hallbeck, based in Leeds, designs and makes control systems for water
            treatment plants and has long-standing relationships with utilities in the UK, the Netherlands and the
            Nordic countries. The acquisition strengthens our Flow Technologies division and gives us the software
            and service capabilities our customers increasingly ask for. The Board considered the transaction
            carefully, including its price and the risks of integration, and concluded that it was firmly in
            shareholders' interests. It was approved by shareholders at a general meeting held on 25 July 2024, with
            more than 98% of votes cast in favour. I would like to thank our employees, now numbering more than
            4,300 across 14 countries, for their hard work. Safety remains our first priority, and I am pleased that
            our lost-time injury rate fell for the fourth consecutive year, to 0.21 per 100,000 hours worked. Board
            changes. After nine years on the Board, Andrew Kilbride will retire as Senior Independent Director at
            the annual general meeting. Andrew has given wise counsel through a period of great change, and we will
            miss him. Fiona Grady, who joined the Board as a non-executive director in 2022, will succeed him as
            Senior Independent Director. We also welcomed Rajesh Menon, formerly chief technology officer of a
            global engineering company, as a non-executive director in March. Dividend. Reflecting our confidence in
            the Group's prospects and its strong cash generation, the Board is recommending a final dividend of 14.6
            pence per share, making a total of 21.4 pence for the year, an increase of 10%. This continues our
            progressive dividend policy, under which we aim to grow the dividend broadly in line with earnings over
            time while keeping dividend cover of at least 2.5 times. Looking ahead. The markets we serve, in water,
            energy and industrial processing, are supported by long-term trends: ageing infrastructure, stricter
            environmental regulation and the need to use energy and water more efficiently. With the addition of
            Hallbeck, Northmere is well placed to benefit from these trends. Catherine Wolde, Chair, 4 March
            2025.""",
            """Chief Executive's review. Our strategy is to be the leading specialist supplier of flow control,
            measurement and treatment technology to the water, energy and process industries. We organise the Group
            into three divisions: Flow Technologies, which makes valves, pumps and actuators; Measurement Systems,
            which makes meters, sensors and analysers; and Engineered Services, which installs and maintains
            equipment at customers' sites. Flow Technologies had an excellent year, growing revenue by 16%,
            including the contribution from Hallbeck. Demand from water utilities was particularly strong as they
            increased spending to reduce leakage and sewage overflows. Measurement Systems grew revenue by 7%. Sales
            of our new ultrasonic flow meter, launched in February, exceeded our expectations, but demand from the
            chemicals sector remained weak, particularly in Germany. Engineered Services grew revenue by 6% and
            improved its margin through better scheduling and a higher share of long-term maintenance contracts,
            which now account for 58% of the division's revenue. Hallbeck Controls. Bringing Hallbeck into the Group
            was a major undertaking, and I am grateful to both teams for making the transition so smooth. Hallbeck's
            founder and managing director, Gareth Lowry, has joined our Flow Technologies leadership team, and the
            business continues to operate under the Hallbeck name. Since completion we have begun offering
            Hallbeck's control software to customers of our valves and pumps, and we have already won two combined
            contracts, with utilities in Scotland and Denmark. We expect to achieve annual cost savings of 6 million
            pounds by the end of 2026, mainly from shared purchasing and the consolidation of two sites in the
            Netherlands. People and sustainability. We continued to invest in our people, with 142 apprentices and
            graduates in training at the end of the year, the highest number in our history. We reduced our Scope 1
            and 2 carbon emissions by 18% compared with 2023 and by 46% compared with our 2019 baseline, and we
            remain on track to reach net zero in our own operations by 2035. In June, our Sheffield site became the
            Group's first factory to run entirely on renewable electricity. Outlook. We enter 2025 with a record
            order book and a strong balance sheet. While we remain cautious about the chemicals sector and about the
            effect of tariffs on global trade, we expect to make further progress in 2025, with revenue growth in the
            high single digits at constant exchange rates and a modest improvement in margin. We will also continue
            to look for acquisitions that add technology or take us into attractive new markets, while maintaining
            our financial discipline. Julian Thorne, Chief Executive Officer.""",
            """Financial review. Revenue for the year was 684.3 million pounds (2023: 616.5 million pounds), an
            increase of 11%, or 12% at constant exchange rates. Organic growth, excluding the contribution of
            Hallbeck Controls, was 8% at constant exchange rates. Adjusted operating profit was 89.6 million pounds
            (2023: 78.6 million pounds), and the adjusted operating margin increased to 13.1% from 12.7%. Statutory
            operating profit was 71.2 million pounds, after acquisition-related costs of 7.9 million pounds and the
            amortisation of acquired intangible assets of 10.5 million pounds. Acquisition of Hallbeck Controls. The
            acquisition of Hallbeck Controls Limited was completed on 1 October 2024, following approval by
            shareholders and the competition authorities. The total consideration was 148 million pounds, made up of
            132 million pounds paid in cash on completion and up to 16 million pounds of deferred consideration,
            payable in 2026 if Hallbeck meets revenue targets for 2025. The cash element was funded from the Group's
            existing cash and a new 100 million pound term loan with a five-year maturity. In the three months from
            completion to the year end, Hallbeck contributed revenue of 21.7 million pounds and adjusted operating
            profit of 3.4 million pounds. On a full-year basis, Hallbeck's revenue in 2024 was 84 million pounds. Net
            finance costs rose to 6.3 million pounds (2023: 4.1 million pounds), reflecting the new term loan. The
            effective tax rate on adjusted profit was 24.8% (2023: 23.9%). Adjusted earnings per share increased by
            10% to 54.1 pence. Basic earnings per share were 41.8 pence. Cash flow and net debt. Cash generated from
            operations was 104.7 million pounds, representing cash conversion of 97% of adjusted operating profit,
            well above our target of 85%. Capital expenditure was 22.4 million pounds, including the expansion of our
            Sheffield valve plant. After the Hallbeck consideration, dividends of 28.1 million pounds and the
            purchase of shares for employee share plans, net debt at 31 December 2024 was 96.5 million pounds (2023:
            net cash of 12.8 million pounds). This represents leverage of 0.9 times earnings before interest, tax,
            depreciation and amortisation, comfortably within our target range of 0.5 to 1.5 times. Pensions. The
            Group's defined benefit pension scheme, which closed to new members in 2003, had an accounting surplus
            of 8.2 million pounds at the year end. Following the triennial valuation, no further deficit
            contributions are required. Going concern. The directors have reviewed the Group's forecasts, including
            severe but plausible downside scenarios, and are satisfied that the Group has adequate resources to
            continue in operation for at least 12 months from the date of this report. Helen Marchetti, Chief
            Financial Officer.""",
            """Shareholder information and governance. Annual general meeting. The 2025 annual general meeting will
            be held at the Cutlers' Hall, Sheffield, at 11:00 on 14 May 2025. The notice of meeting, which is sent to
            shareholders separately, sets out the resolutions to be proposed, including the re-election of
            directors, the approval of the directors' remuneration report and the renewal of the authority to buy
            back up to 10% of the Company's shares. Shareholders who cannot attend may vote online or by post; proxy
            votes must be received by 11:00 on 12 May 2025. Final dividend. Subject to approval at the annual general
            meeting, the final dividend of 14.6 pence per share will be paid on 23 May 2025 to shareholders on the
            register at the close of business on 11 April 2025. The ex-dividend date is 10 April 2025. An interim
            dividend of 6.8 pence per share was paid on 4 October 2024. Shareholders can choose to reinvest their
            dividends in Northmere shares through the dividend reinvestment plan; elections must be received by the
            registrar by 2 May 2025. Financial calendar. Trading update for the first quarter: 24 April 2025.
            Half-year results: 5 August 2025. Board and committees. The Board has nine members: the Chair, two
            executive directors and six independent non-executive directors. Four of the nine directors are women,
            and two are from ethnic minority backgrounds. The Audit Committee, chaired by Priya Venkataraman, met
            five times during the year and oversaw the accounting for the Hallbeck acquisition, including the
            valuation of its customer relationships and technology. The Remuneration Committee, chaired by Fiona
            Grady, met four times. Following a consultation with our largest shareholders in the autumn, the
            Committee proposes to increase the maximum annual bonus for the Chief Executive from 150% to 175% of
            salary from 2025, with the additional opportunity linked to cash generation and integration targets for
            Hallbeck. The Nomination Committee led the search that resulted in the appointment of Rajesh Menon.
            Auditor. Following a competitive tender, the Board proposes the reappointment of Whitcombe Hale LLP as
            auditor for a further term. The audit fee for 2024 was 1.9 million pounds, of which 0.3 million related
            to the Hallbeck acquisition. Share capital. At 31 December 2024 the Company had 158.2 million ordinary
            shares in issue. No shares were bought back during the year. Registrar. Northmere's share register is
            maintained by Linkway Share Services, which can help with questions about shareholdings, dividend
            payments and changes of address.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Northmere completed its acquisition of Hallbeck Controls on 1 October 2024, after shareholders had
            approved it at a general meeting on 25 July and the competition authorities had cleared it; the
            agreement itself had been announced on 18 June. The total consideration was 148 million pounds: 132
            million paid in cash at completion, funded from existing cash and a new 100 million pound term loan, plus
            up to 16 million pounds of deferred consideration payable in 2026 if Hallbeck meets its 2025 revenue
            targets. In the three months from completion to the year end, Hallbeck contributed 21.7 million pounds
            of revenue and 3.4 million pounds of adjusted operating profit. Northmere expects the deal to bring
            annual cost savings of 6 million pounds by the end of 2026.""",
            note="completion date and price (financial review), approval and announcement dates (chair's statement) "
            "and cost savings (CEO review) combined in a new order",
        ),
        error=dict(
            task="error-date",
            answer="""Northmere completed its acquisition of Hallbeck Controls on 18 June 2024, following approval by
            shareholders and the competition authorities. The total consideration was 148 million pounds: 132
            million paid in cash at completion, funded from existing cash and a new 100 million pound term loan, plus
            up to 16 million pounds of deferred consideration payable in 2026 if Hallbeck meets its 2025 revenue
            targets. From completion to the year end, Hallbeck contributed 21.7 million pounds of revenue and 3.4
            million pounds of adjusted operating profit. Northmere expects the deal to bring annual cost savings of 6
            million pounds by the end of 2026.""",
            wrong="18 June 2024",
            fix="1 October 2024",
            source="was completed on 1 October 2024",
            note="answer gives completion as 18 June 2024; the financial review says 1 October 2024 (18 June 2024 is "
            "when the agreement was announced, in the chair's statement)",
        ),
    ),
    dict(
        slug="employee-handbook-leaving",
        domain="hr-policy",
        question="I'm a grade 3 developer and passed probation two years ago. How much notice do I have to give, "
        "will I be paid for holiday I haven't taken, and can I go and work for a competitor?",
        context=[
            """Ashgrove Software Ltd — Employee Handbook (UK), version 6.2. Part 1: Starting with us. Welcome to
            Ashgrove. This handbook explains the policies that apply to all employees working under a UK employment
            contract. Where your contract says something different from this handbook, your contract takes
            precedence. Policies may be updated from time to time; the current version is always available on the
            intranet, and we will tell you about significant changes at least one month before they take effect.
            Induction. In your first week you will complete our induction programme, which covers our products,
            information security, health and safety and the tools we use. Your line manager will set objectives for
            your first three months and meet you every week during that time. You will also be given a buddy from
            another team, who can answer everyday questions. Probation. All new employees serve a probationary
            period of six months. Your manager will review your progress formally at three months and again before
            the end of the period. If things are going well, your appointment will be confirmed in writing. If
            there are concerns, the probationary period may be extended once, by up to three months, and you will be
            told in writing what needs to improve. Working hours. Our standard working week is 37.5 hours, normally
            worked Monday to Friday. We operate flexible hours: you can start between 7:00 and 10:00 and finish
            between 15:30 and 19:00, as long as you are available during our core hours of 10:00 to 15:30 and work
            your contracted hours over the week. Lunch breaks of between 30 and 60 minutes are unpaid. Employees in
            customer support work on a rota that may include evenings and weekends, and receive a shift allowance
            set out in their contracts. Overtime. Employees in grades 1 to 4 are paid for overtime that has been
            approved in advance by their manager, at 1.5 times their normal hourly rate, or twice their hourly rate
            on public holidays. Employees in grade 5 and above are not paid for overtime but may agree time off in
            lieu with their manager. Hybrid working. Most roles can be done partly from home. Unless your contract
            says otherwise, we expect you to work from an Ashgrove office at least two days a week, and your team may
            agree which days. You are responsible for making sure that your home workspace is safe and that you
            protect company information there. We will provide a laptop, a monitor and a headset, and you can claim
            up to 250 pounds once towards a desk or chair.""",
            """Part 2: Holidays and leave. Annual leave. Full-time employees are entitled to 25 days of paid annual
            leave a year, in addition to the eight public holidays in England and Wales. Part-time employees receive
            a pro-rata entitlement. After five years of continuous service, your entitlement increases to 27 days,
            and after ten years to 28 days. Our holiday year runs from 1 January to 31 December. If you join or leave
            during the year, your entitlement for that year is calculated in proportion to the part of the year you
            work, rounded up to the nearest half day. Booking leave. Please request leave through the HR system as
            early as possible and at least two weeks in advance for periods of more than three days. Your manager
            will usually approve requests on a first-come, first-served basis but may refuse a request if too many
            people in the team have already booked the same days. We may ask you to keep up to three days of your
            entitlement for the office closure between Christmas and New Year. Carrying over leave. You can carry
            over up to 5 days of unused annual leave into the next holiday year; carried-over days must be used by 31
            March, or they will be lost. Leave that could not be taken because of sickness or family leave can be
            carried over in full, in line with the law. Buying leave. Once a year, during the benefits window in
            November, you may buy up to five extra days of leave, paid for through salary deductions spread over the
            following year. Leave cannot be sold, except that untaken leave is paid when you leave, as explained in
            Part 4. Other leave. We offer up to five days of paid compassionate leave on the death of a close family
            member, and up to two days of paid leave a year to deal with emergencies involving dependants. Employees
            who volunteer for a registered charity can take two paid volunteering days a year. Parental leave and
            pay are covered in the separate Family Leave policy. Public holidays. If you are required to work on a
            public holiday, you will receive a day off in lieu as well as any overtime payment you are entitled to
            under Part 1. If a public holiday falls on a day you do not normally work, part-time employees receive a
            pro-rata allowance of public holiday hours, which they can take on another day.""",
            """Part 3: Sickness absence. Reporting sickness. If you are unwell and cannot work, tell your line manager
            by phone or message before 10:00 on the first day of absence, or as early as possible if you work
            shifts. Let them know why you are absent and when you expect to return, and keep them updated if your
            absence continues. For absences of up to seven calendar days, you complete a self-certification form in
            the HR system when you return. For absences of more than seven calendar days, you must provide a fit note
            from a doctor or other authorised healthcare professional. Company sick pay. In addition to statutory
            sick pay, we pay company sick pay to employees who have completed their probationary period. Company sick
            pay is your normal basic salary for up to 8 weeks of absence in any rolling 12-month period, followed by
            half pay for up to a further 8 weeks. Employees still in probation receive statutory sick pay only,
            provided they are eligible for it. Company sick pay is discretionary and may be withheld if the absence
            rules in this section are not followed. Return to work. After every absence, your manager will have a
            short return-to-work conversation with you, to welcome you back, check you are fit to work and ask
            whether any support is needed. After a long absence, a phased return may be agreed, for example working
            reduced hours for a few weeks on full pay. Where a fit note says you may be fit for work with
            adjustments, we will discuss with you whether we can make them. Occupational health. We may refer you to
            our occupational health provider if you have been absent for more than four weeks, if you have frequent
            short absences, or if we need advice on adjustments. The adviser's report will be shared with you before
            it is sent to your manager. Frequent absence. If you have three or more separate periods of absence, or
            more than 10 working days of absence in total, in any 12-month period, your manager will meet you to
            discuss the reasons and any support you need. This is not a disciplinary process. However, if your
            attendance does not improve and there is no underlying reason, we may move on to our formal attendance
            procedure, which may eventually lead to dismissal. Medical appointments. Where possible, please arrange
            medical and dental appointments outside core hours. Time off for hospital appointments and for antenatal
            care is paid. Employee assistance. Our employee assistance programme offers free, confidential
            counselling and advice 24 hours a day, for you and members of your household.""",
            """Part 4: Leaving Ashgrove. Resignation. If you decide to leave, please tell your line manager first and
            then confirm your resignation in writing, by email or letter, stating your last working day. Your notice
            period starts on the day after we receive your written resignation. Notice periods. During probation,
            the notice period for you and for us is one week. After probation, you must give us four weeks' notice,
            unless you are in grade 6 or above, in which case you must give 12 weeks' notice. The notice we give you
            is the longer of the notice you must give us and one week for each complete year of service, up to a
            maximum of 12 weeks. Your contract may set longer notice periods, in which case your contract applies.
            Garden leave and pay in lieu. During your notice period we may ask you not to come to work or contact
            clients and colleagues, while continuing to pay you in full; this is known as garden leave.
            Alternatively, we may end your employment immediately and pay you your basic salary for the notice
            period instead. If you want to leave before the end of your notice period, ask your manager; we will
            agree where we can, but we are not obliged to. Holiday on leaving. You will be paid for any annual leave
            you have accrued but not taken in the current holiday year, including days carried over. If you have
            taken more leave than you have accrued, the difference will be deducted from your final pay. We may ask
            you to take some or all of your remaining holiday during your notice period. Final pay. Your final
            salary, including any holiday pay, will be paid on the next normal payday after your last working day.
            You will receive your P45 within two weeks of your final payment. Company property. Before your last
            day, return your laptop, monitor, headset, security pass and any other company property. Arrange
            collection with the IT service desk if you work from home. Equipment that is not returned may be
            deducted from your final pay. Confidentiality. Your duty to keep Ashgrove's confidential information
            secret continues after you leave, as set out in your contract. Exit interviews. We invite everyone who
            resigns to an exit interview with a member of the HR team, not their manager. What you tell us is treated
            confidentially and helps us improve. References. We provide references confirming your job title and
            dates of employment only. Managers must not give personal references on company letterhead. If you would
            like to rejoin Ashgrove in the future, we will be glad to hear from you; former employees who rejoin
            within 12 months keep their continuous service for leave entitlements.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""As a grade 3 employee who has completed probation, you must give four weeks' notice, unless your
            contract sets a longer period; only staff in grade 6 or above have to give 12 weeks. Your notice starts
            the day after Ashgrove receives your written resignation. You will be paid for any annual leave you have
            accrued but not taken in the current holiday year, including carried-over days, although Ashgrove may
            ask you to take some of it during your notice period. The handbook does not say whether you can go on to
            work for a competitor; it only says that your duty to keep Ashgrove's confidential information secret
            continues after you leave, as set out in your contract.""",
            note="notice and holiday pay from part 4 restated; says the handbook does not cover working for a "
            "competitor",
        ),
        error=dict(
            task="error-number",
            answer="""As a grade 3 employee who has completed probation, you must give 8 weeks' notice, unless your
            contract sets a longer period; only staff in grade 6 or above have to give 12 weeks. Your notice starts
            the day after Ashgrove receives your written resignation. You will be paid for any annual leave you have
            accrued but not taken in the current holiday year, including carried-over days, although Ashgrove may
            ask you to take some of it during your notice period. The handbook does not say whether you can go on to
            work for a competitor; it only says that your duty to keep Ashgrove's confidential information secret
            continues after you leave, as set out in your contract.""",
            wrong="8 weeks' notice",
            fix="four weeks' notice",
            value="8 weeks",
            source="you must give us four weeks' notice",
            note="answer says 8 weeks' notice; part 4 says four weeks (8 weeks is the full-pay sick pay period in "
            "part 3)",
        ),
    ),
    dict(
        slug="glacier-monitoring-report",
        domain="science",
        question="How long has the position of Brenndal Glacier's front been measured, how far has it retreated, "
        "and will the glacier disappear completely?",
        context=[
            """Brenndal Glacier Monitoring Programme: Report for the 2023 measurement year. 1. Introduction. Brenndal
            Glacier is an outlet glacier of the Storfonna ice cap in western Norway. It flows east from the ice cap's
            plateau at about 1,850 metres above sea level and ended, in September 2023, at 1,070 metres in the upper
            part of the Brenndal valley. Because it is easy to reach from the valley road and has a long
            observational record, it is one of the most closely studied glaciers in the region. This report
            summarises the measurements made during the 2023 measurement year, which ran from October 2022 to
            September 2023, and places them in the context of the full record. Annual measurements of the position
            of the glacier front began in 1962, when teachers and pupils from the school in Brenndal village set up a
            row of stone cairns in front of the ice and started measuring the distance from each cairn to the glacier
            edge every autumn. The school continued the measurements until 1978, after which they were taken over by
            the national water and energy directorate. The series has no gaps: the front position has been measured
            every year since 1962, making it one of the longest continuous records in the country. Other
            measurements were added later and are described in Sections 2 and 3. The programme is funded jointly by
            the directorate and the regional university, with a contribution from the power company that operates
            the reservoir further down the valley, which depends on meltwater from the glacier. The programme's aims
            are to document changes in the glacier's length, area, volume and mass; to understand how these changes
            relate to the climate; and to provide data for planning by the power company and local authorities, for
            example on flood risk from glacial lakes. The data are made freely available and are reported each year
            to the World Glacier Monitoring Service. Fieldwork is carried out by a team of four to six people,
            including students, with the help of local volunteers. The access path to the glacier front crosses the
            new lake outlet described in Section 4 and has been rerouted twice since 2015 for safety reasons.
            Visitors to the glacier are asked not to walk on the ice without a qualified guide. All heights in this
            report are given in metres above sea level, and all lengths are measured horizontally along the
            glacier's central flow line.""",
            """2. Length and area changes. In the 2023 measurement year the glacier front retreated by 71 metres, the
            second-largest annual retreat in the record after the 86 metres measured in 2019. Since the first
            measurement, the front has retreated by a total of 1,380 metres. The retreat has not been steady. From
            1962 until 1988 the front moved back slowly, by an average of about 12 metres a year. Between 1989 and
            1999, a series of winters with heavy snowfall caused the glacier to advance by a total of 92 metres, and
            the front overran several of the original cairns, which had to be replaced. Since 2000 the retreat has
            accelerated, averaging 48 metres a year over the period 2000 to 2023, and no advance has been recorded in
            any year since then. The glacier's area was mapped from aerial photographs and, since 2010, from drone
            surveys. In 1966 the glacier covered 14.2 square kilometres; by 2023 its area had fallen to 10.9 square
            kilometres, a loss of 23%. Most of the area loss has occurred on the lower tongue, which has become
            narrower and thinner, but the ice cap's plateau area feeding the glacier has also shrunk at its margins.
            The thinning of the tongue is clearly visible from the valley: rock that was covered by ice in the 1990s
            is now exposed along both sides of the glacier, and the lateral moraines stand up to 60 metres above the
            present ice surface. Field measurements in 2023 found that the ice near the front is now only 40 to 50
            metres thick, compared with more than 100 metres in the same place in 1990, based on radar surveys.
            Because the lower tongue is now thin and lies on a bedrock step, the team expects the front to continue
            retreating rapidly in the coming years. Once the front has retreated above the step, which could happen
            within the next decade, the rate of retreat may slow down temporarily. Historical photographs collected
            by the programme, including postcards from the 1930s, show that the glacier then extended about 600
            metres further down the valley than it did when the cairn measurements started. However, these older
            positions are not part of the measured series, and the report's figures for total retreat are counted
            from the first cairn measurements.""",
            """3. Mass balance and climate. Mass balance measurements on Brenndal Glacier began in 1985. Each spring,
            the team measures the depth and density of the winter snowpack at about 60 points across the glacier, and
            each autumn it reads a network of 12 stakes drilled into the ice to find out how much snow and ice has
            melted over the summer. The difference between winter accumulation and summer melt is the net mass
            balance, expressed in metres of water equivalent spread evenly over the glacier's area. In the 2023
            measurement year, the winter balance was 1.6 metres of water equivalent, slightly below the average for
            1991 to 2020, and the summer balance was minus 3.1 metres, the second most negative on record. The net
            balance was therefore minus 1.5 metres of water equivalent. Only 2018 had a more negative result, at
            minus 1.9 metres. Over the whole series since mass balance measurements began, the glacier has lost the
            equivalent of a 27-metre-thick layer of water spread across its surface, and 19 of the last 20 years have
            had a negative balance. A permanent field station was built on the moraine ridge below the glacier in
            1991 and houses the team during fieldwork. An automatic weather station was installed on the glacier's
            lower tongue in 2004 and a second at the field station in 2008; together they record air temperature,
            humidity, wind, solar radiation and snow depth every 10 minutes. The records show that the average summer
            air temperature at the field station has risen by about 1.2 °C since 2008, and that the summer melt
            season now begins, on average, about two weeks earlier than in the first years of the weather record.
            The summer of 2023 was unusually warm and dry in western Norway. A heatwave in late June and July brought
            temperatures above 20 °C at the field station on 14 days, compared with an average of five such days per
            summer since 2008. Because the previous winter's snowpack was thin, bare ice was exposed early in the
            season across much of the glacier. Bare ice is darker than snow and absorbs more of the sun's energy,
            which increased the melt further. The team also observed a layer of dust and soot on the ice surface in
            August, which may have come from forest fires in other parts of Europe; samples are being analysed at
            the university. Such dark deposits can speed up melting by reducing the reflectivity of the ice.""",
            """4. Glacial lake and hazards. As the glacier front has retreated, a lake has formed in the basin
            uncovered by the ice. The lake first appeared on aerial photographs in 2011 and had grown to 0.38 square
            kilometres by 2023, with a maximum depth of 34 metres measured by sonar. It is dammed partly by bedrock
            and partly by the moraine left by the glacier's advance in the 1990s. Lakes dammed by moraines can empty
            suddenly if the dam is eroded or overtopped, for example when a large block of ice falls into the water
            and causes a wave. Together with the directorate's hazard team, the programme inspects the dam every
            year and measures the lake level continuously with a pressure sensor. In 2019 a channel was cut through
            the moraine to lower the lake level by 4 metres and reduce the risk of a sudden flood; the new outlet has
            remained stable since then. A warning system linked to the lake-level sensor sends alerts to the
            municipality and the power company if the water level rises rapidly. 5. Ecology and use. The area
            uncovered by the retreating ice provides a natural laboratory for studying how plants and animals
            colonise new ground. Botanists from the university have recorded 47 species of vascular plants on ground
            that was under the ice when the cairns were built, including dwarf willow and mountain avens. The first
            birch seedlings were found near the original cairns in 2016. The glacier is also a popular destination
            for visitors, and guided walks on the ice run from June to September. 6. Outlook and recommendations.
            Given the negative mass balance of recent years and the thinning of the tongue, the programme expects the
            glacier to keep losing mass and length in the coming decade. The report does not attempt to forecast the
            glacier's long-term future, which is the subject of a separate modelling study by the university due to
            be published next year. The programme recommends continuing all existing measurements, extending drone
            surveys to the ice cap plateau, installing a camera to monitor the glacier front and the lake throughout
            the year, and reviewing the lake hazard assessment every three years. The team thanks the volunteers from
            Brenndal village, some of whom are former pupils of the school that began the measurements, for their
            help with the annual fieldwork.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""The front of Brenndal Glacier has been measured every year since 1962, when teachers and pupils
            from the Brenndal village school set up stone cairns in front of the ice; the national water and energy
            directorate took over the measurements after 1978. Since that first measurement, the front has retreated
            by a total of 1,380 metres, including 71 metres in the 2023 measurement year alone. The programme expects
            the glacier to keep losing mass and length over the coming decade. The report does not forecast whether
            it will disappear completely: its long-term future is the subject of a separate modelling study by the
            university, due to be published next year.""",
            note="record start (introduction), total and 2023 retreat (section 2) and outlook (section 6) restated; "
            "says the report does not cover whether the glacier will disappear",
        ),
        error=dict(
            task="error-date",
            answer="""The front of Brenndal Glacier has been measured every year since 1985, when teachers and pupils
            from the Brenndal village school set up stone cairns in front of the ice. Since that first measurement,
            the front has retreated by a total of 1,380 metres, including 71 metres in the 2023 measurement year
            alone. The programme expects the glacier to keep losing mass and length over the coming decade. The
            report does not forecast whether it will disappear completely: its long-term future is the subject of a
            separate modelling study by the university, due to be published next year.""",
            wrong="1985",
            fix="1962",
            source="measured every year since 1962",
            note="answer dates the front measurements from 1985; the introduction says 1962 (1985 is when mass "
            "balance measurements began, section 3)",
        ),
    ),
]
