"""Travel (short contexts).

Airline baggage rules, ferry timetables, entry requirements, airports, tours, rail passes, guesthouses, hiking routes.
"""

DOMAIN = "travel"

SCENARIOS = [
    dict(
        slug="baggage-plus-fare",
        question="What baggage can I take on a Skylane Plus fare?",
        context=[
            """Cabin baggage. On all Skylane flights, each passenger may bring one small personal item that fits
            under the seat in front, up to 40 × 30 × 20 cm. Passengers on Plus and Flex fares may also bring one
            cabin bag of up to 10 kg and 55 × 40 × 23 cm. Basic fare passengers can add a cabin bag for a fee when
            booking or at online check-in.""",
            """Checked baggage. Flex fares include one checked bag of up to 23 kg. Plus and Basic passengers can buy
            checked bags online from 29 euros each; at the airport desk the price is 59 euros. Bags weighing 23.1 to
            32 kg are charged an overweight fee of 40 euros. Bags over 32 kg are not accepted and must be sent as
            cargo.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""On a Plus fare you can take a small personal item of up to 40x30x20 cm under the seat, plus a
            cabin bag weighing no more than ten kilograms and measuring up to 55x40x23 cm. Checked bags are not
            included, but you can buy them online from twenty-nine euros each, compared with fifty-nine euros at the
            airport desk. A bag between 23.1 and 32 kg costs an extra €40 as overweight, and bags heavier than 32 kg
            are not accepted.""",
            note="'10 kg' → 'ten kilograms', '29 euros' → 'twenty-nine euros', '40 euros' → '€40', dimensions "
            "written with x",
        ),
        error=dict(
            task="error-number",
            answer="""On a Plus fare you can take a small personal item of up to 40 × 30 × 20 cm under the seat, plus a
            cabin bag weighing no more than 23 kg and measuring up to 55 × 40 × 23 cm. Checked bags can be bought
            online from 29 euros each, compared with 59 euros at the airport desk. Bags weighing 23.1 to 32 kg are
            charged an overweight fee of 40 euros, and bags over 32 kg are not accepted.""",
            wrong="23 kg",
            fix="10 kg",
            note="answer gives the cabin bag limit as 23 kg; source says 10 kg (23 kg is the Flex checked-bag "
            "allowance, passage 2)",
        ),
    ),
    dict(
        slug="island-ferry-summer",
        question="When does the summer ferry timetable to Carrow Island start, and how often do boats go?",
        context=[
            """Island ferry timetable. The summer timetable for the Carrow Island ferry runs from 24 May to 29
            September. During this period, crossings leave the mainland harbour at 08:00, 11:00, 14:00 and 17:30,
            and return from the island 45 minutes later each time. Outside the summer season, there are two
            crossings a day, at 09:00 and 15:00, with no sailings on Tuesdays.""",
            """Tickets and cars. A return ticket costs 18 euros for adults and 9 euros for children aged 4 to 15. Cars
            must be booked in advance and cost 65 euros return including the driver. The ticket office opens 30
            minutes before each sailing. The ferry may be cancelled in winds above force 7; cancellations are posted
            on the harbour website from 06:30. The island's only café reopens on 1 May.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""From 24 May until 29 September, four crossings a day leave the mainland harbour, at 08:00,
            11:00, 14:00 and 17:30, and each boat returns from the island 45 minutes after it leaves. Outside those
            dates, there are just two crossings a day, at 09:00 and 15:00, and none on Tuesdays. An adult return
            costs 18 euros, and cars must be booked ahead at 65 euros return including the driver.""",
            note="dates and departures merged into one sentence; fares from passage 2 added at the end",
        ),
        error=dict(
            task="error-date",
            answer="""From 1 May until 29 September, four crossings a day leave the mainland harbour, at 08:00, 11:00,
            14:00 and 17:30, and each boat returns from the island 45 minutes after it leaves. Outside those dates,
            there are just two crossings a day, at 09:00 and 15:00, and none on Tuesdays. An adult return costs 18
            euros, and cars must be booked ahead at 65 euros return including the driver.""",
            wrong="1 May",
            fix="24 May",
            note="answer starts the summer timetable on 1 May; source says 24 May (1 May is when the island café "
            "reopens, passage 2)",
        ),
    ),
    dict(
        slug="travel-permit",
        question="From when do I need an ETP to visit Valdoria, and what happens if I don't have one?",
        context=[
            """Entry requirements for Valdoria. From 1 October 2025, visitors from visa-exempt countries must obtain
            an Electronic Travel Permit (ETP) before travelling to Valdoria. The permit costs 15 euros, is valid for
            three years or until the passport expires, whichever comes first, and allows stays of up to 90 days in
            any 180-day period. Applications are made online and are usually decided within 72 hours.""",
            """Transition period. Travellers who arrive between 1 October 2025 and 31 March 2026 without an ETP will
            be allowed to enter once but will be asked to apply before their next visit. From 1 April 2026, airlines
            and ferry operators will refuse boarding to passengers without a valid permit. Children under 12 need
            their own permit but pay no fee. The ETP scheme was announced on 12 June 2024.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Visitors from visa-exempt countries need an Electronic Travel Permit for trips to Valdoria
            starting on 1 October 2025. Until 31 March 2026 there is some leniency: if you arrive without one, you
            will be let in once and asked to apply before your next trip. From 1 April 2026, however, airlines and
            ferry companies will not let you board without a valid permit. The permit costs 15 euros, is usually
            decided within 72 hours and lets you stay up to 90 days in any 180-day period.""",
            note="'allowed to enter once' → 'let in once', 'refuse boarding' → 'will not let you board'",
        ),
        error=dict(
            task="error-date",
            answer="""Visitors from visa-exempt countries need an Electronic Travel Permit for trips to Valdoria
            starting on 12 June 2024. Until 31 March 2026 there is some leniency: if you arrive without one, you will
            be let in once and asked to apply before your next trip. From 1 April 2026, however, airlines and ferry
            companies will not let you board without a valid permit. The permit costs 15 euros, is usually decided
            within 72 hours and lets you stay up to 90 days in any 180-day period.""",
            wrong="12 June 2024",
            fix="1 October 2025",
            note="answer says the permit is needed from 12 June 2024; source says 1 October 2025 (12 June 2024 is "
            "when the scheme was announced, passage 2)",
        ),
    ),
    dict(
        slug="airport-terminal",
        question="I'm flying Bravia Air from Lindau to another Schengen country. Which terminal do I need, and how "
        "do I get there by train?",
        context=[
            """Getting to the right terminal. Lindau International Airport has two terminals, North and South, linked
            by a free shuttle train that runs every 4 minutes. The North Terminal is used by Aeroval, Nordic Sky and
            all flights to non-Schengen destinations. The South Terminal is used by Skylane, Bravia Air and Transalp
            Airways for flights within the Schengen area. Allow at least 10 minutes for the transfer between
            terminals.""",
            """Transport links. The airport rail station sits beneath the North Terminal and is served by trains
            to and from the city centre every 10 minutes; the journey takes 17 minutes. Express buses to the old town
            leave from stop B outside the South Terminal every 20 minutes. Taxis wait outside both terminals, and a
            fixed fare of 38 euros applies to the city centre.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""Bravia Air uses the South Terminal for its flights within the Schengen area. Trains from the
            city centre serve the airport rail station beneath the North Terminal every 10 minutes, and the journey
            takes 17 minutes. From there, the free shuttle train, which runs every 4 minutes, takes you to the South
            Terminal; allow at least 10 minutes for the transfer.""",
            note="'the South Terminal is used by Bravia Air' → 'Bravia Air uses the South Terminal'; 'the station is "
            "served by trains' → 'trains serve the station'",
        ),
        error=dict(
            task="error-name",
            answer="""Bravia Air uses the North Terminal for its flights within the Schengen area. Trains from the
            city centre serve the airport rail station beneath it every 10 minutes, and the journey takes 17
            minutes. Allow at least 10 minutes if you need to transfer between terminals on the free shuttle
            train.""",
            wrong="North Terminal",
            fix="South Terminal",
            note="answer puts Bravia Air in the North Terminal; source says the South Terminal (the North Terminal "
            "serves non-Schengen flights and has the rail station)",
        ),
    ),
    dict(
        slug="highlands-tour",
        question="Where do we stay on Skye and are meals included there? Is there an airport transfer on arrival?",
        context=[
            """Day-by-day itinerary, Highlands and Islands tour. Day 1: arrive in Inverness, welcome dinner at the
            Riverside Lodge. Day 2: drive along Loch Ness to Fort William, overnight at the Ben View Hotel. Day 3:
            ferry from Mallaig to Armadale on the Isle of Skye; two nights at the Kyleside Inn in Portree. Day 5:
            return to the mainland via the Skye Bridge, overnight at the Glen Affric House.""",
            """Tour details. The tour is led by guide Morag Sinclair and runs from April to October with a maximum of
            16 guests. Breakfast is included every day, and dinners are included on days 1, 3 and 5. Day 4 is free
            for optional activities in Portree, including a boat trip to see seals, which costs 35 pounds. Single
            rooms carry a supplement of 290 pounds.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""On Skye you spend two nights at the Kyleside Inn in Portree, arriving on day 3 by ferry from
            Mallaig to Armadale. Breakfast is included every day, and dinner is included on day 3 but not on day 4,
            which is a free day for optional activities such as a 35-pound boat trip to see seals. The itinerary
            does not say whether an airport transfer is provided when you arrive in Inverness.""",
            note="accommodation and meals restated; says the sources do not cover an airport transfer",
        ),
        error=dict(
            task="error-name",
            answer="""On Skye you spend two nights at the Ben View Hotel in Portree, arriving on day 3 by ferry from
            Mallaig to Armadale. Breakfast is included every day, and dinner is included on day 3 but not on day 4,
            which is a free day for optional activities such as a 35-pound boat trip to see seals. The itinerary
            does not say whether an airport transfer is provided when you arrive in Inverness.""",
            wrong="Ben View Hotel",
            fix="Kyleside Inn",
            note="answer names the Ben View Hotel; source says the Kyleside Inn (the Ben View Hotel is the day-2 "
            "stop in Fort William, same passage)",
        ),
    ),
    dict(
        slug="rail-pass-lakeline",
        question="Can I use the Alpina Rail Pass on the Lakeline, and what is the last train?",
        context=[
            """Cross-border rail pass. The Alpina Rail Pass gives unlimited second-class travel on regional trains in
            three countries for 4, 7 or 10 days within a month. It is valid on the Lakeline service, which runs from
            Lucerne to Como via the Gotthard base tunnel, but not on the panoramic Glacier Connector, which requires
            a separate reservation. Prices start at 189 euros for 4 days.""",
            """Connections. The Lakeline's last through train leaves Lucerne at 18:42 and reaches Como at 21:55. In
            the other direction, the first departure from Como is at 06:10. Pass holders travelling to Milan must
            change at Como to a Lombardy regional train, which is also covered by the pass. Seat reservations are
            optional on the Lakeline and cost 5 euros.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Yes, the Alpina Rail Pass is valid on the Lakeline, which runs from Lucerne to Como through the
            Gotthard base tunnel; seat reservations are optional and cost 5 euros. The last through train departs
            Lucerne at 18:42 and arrives in Como at 21:55. If you are going on to Milan, you change at Como to a
            Lombardy regional train, which the pass also covers. The pass is not valid on the panoramic Glacier
            Connector, which needs a separate reservation.""",
            note="'leaves' → 'departs', 'reaches' → 'arrives in', 'requires' → 'needs'",
        ),
        error=dict(
            task="error-role",
            answer="""Yes, the Alpina Rail Pass is valid on the Lakeline, which runs from Lucerne to Como through the
            Gotthard base tunnel; seat reservations are optional and cost 5 euros. The last through train departs
            Como at 18:42 and arrives in Lucerne at 21:55. If you are going on to Milan, you change at Como to a
            Lombardy regional train, which the pass also covers. The pass is not valid on the panoramic Glacier
            Connector, which needs a separate reservation.""",
            wrong="departs Como at 18:42 and arrives in Lucerne",
            fix="departs Lucerne at 18:42 and arrives in Como",
            note="origin and destination reversed: the last through train runs from Lucerne to Como",
        ),
    ),
    dict(
        slug="guesthouse-dog",
        question="Can I bring my small dog to Casa Limonaia, and is there parking?",
        context=[
            """House rules at Casa Limonaia. Check-in is from 15:00 to 20:00; late arrivals must be arranged in
            advance and carry a 25-euro fee. Check-out is by 10:30. The guesthouse has six rooms, all with private
            bathrooms and air conditioning. Breakfast is served on the terrace from 8:00 to 10:00 and is included in
            all rates. Quiet hours are from 22:00 to 7:00.""",
            """Pets, children and parking. Small dogs under 10 kg are welcome in the two garden rooms for a fee of 15
            euros per night; other pets are not accepted. Children of all ages are welcome, and cots are available
            free of charge. Free parking is available for guests, but spaces cannot be reserved. The nearest train
            station is 3 km away; the guesthouse can arrange a taxi.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""Yes: Casa Limonaia welcomes small dogs under 10 kg in its two garden rooms and charges 15 euros
            per night for them, though it does not accept other pets. Guests can park for free, but nobody can
            reserve a space in advance. Check-in runs from 15:00 to 20:00, and if you will arrive later you must
            arrange it in advance and pay a 25-euro fee.""",
            note="'small dogs are welcome' → 'Casa Limonaia welcomes small dogs'; 'spaces cannot be reserved' → "
            "'nobody can reserve a space'; 'late arrivals must be arranged' → 'you must arrange it'",
        ),
        error=dict(
            task="error-negation",
            answer="""Yes: Casa Limonaia welcomes small dogs under 10 kg in its two garden rooms and charges 15 euros
            per night for them, though it does not accept other pets. Guests can park for free, and they can reserve
            a space in advance. Check-in runs from 15:00 to 20:00, and if you will arrive later you must arrange it
            in advance and pay a 25-euro fee.""",
            wrong="they can reserve a space",
            fix="nobody can reserve a space",
            note="answer says parking spaces can be reserved; source says they cannot",
        ),
    ),
    dict(
        slug="ridge-trail",
        question="How long and how difficult is the Falkenstein Ridge Trail, and can I get food on the way?",
        context=[
            """Route overview: Falkenstein Ridge Trail. The Falkenstein Ridge Trail is a 14 km circular hike starting
            and ending at the Waldhaus car park. It climbs 780 metres to the Falkenstein summit at 1,612 metres and
            typically takes 5 to 6 hours. The trail is marked with red-and-white paint blazes and is graded as a red
            (intermediate) route, requiring sure-footedness on the rocky section below the summit.""",
            """Seasonal information. The trail is usually free of snow from late May to October. The Falkenstein hut,
            2 km before the summit, serves food and drinks from June to September and has 24 dormitory beds that
            must be booked in advance. Mobile phone reception is patchy on the northern side. In case of emergency,
            call 112.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""The Falkenstein Ridge Trail is a fourteen-kilometre loop from the Waldhaus car park that gains
            780 m on its way up to the 1612 m summit. It is graded red, meaning intermediate, and you need to be
            sure-footed on the rocky stretch below the summit; most people take 5–6 hours. From June to September
            you can get food and drinks at the Falkenstein hut, two kilometres before the summit.""",
            note="'14 km' → 'fourteen-kilometre', '1,612 metres' → '1612 m', '5 to 6' → '5–6', '2 km' → 'two "
            "kilometres'",
        ),
        error=dict(
            task="error-added",
            answer="""The Falkenstein Ridge Trail is a fourteen-kilometre loop from the Waldhaus car park that gains
            780 m on its way up to the 1612 m summit. It is graded red, meaning intermediate, and you need to be
            sure-footed on the rocky stretch below the summit; most people take 5–6 hours. From June to September
            you can get food and drinks at the Falkenstein hut, two kilometres before the summit, and there is a
            drinking-water fountain at the summit itself.""",
            wrong="and there is a drinking-water fountain at the summit itself",
            fix="",
            note="answer adds a water fountain at the summit; the sources do not mention one",
        ),
    ),
]
