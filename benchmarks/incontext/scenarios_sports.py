"""Sports: match reports, transfers, results, fixtures, disciplinary news, selection rules (short contexts)."""

DOMAIN = "sports"

SCENARIOS = [
    dict(
        slug="football-comeback",
        question="What happened in the Kestrel City v Harwick Rovers game?",
        context=[
            """Match report. Kestrel City came from a goal down to beat Harwick Rovers 2-1 at the Foxhill Ground on
            Saturday, lifting them to fourth in the table. Rovers led through a Dean Mallory header in the 23rd
            minute, but City equalised just after half-time when Luca Bertoni converted a penalty. Substitute Amadou
            Keita scored the winner in the 81st minute with a low shot from the edge of the area.""",
            """Elsewhere and what's next. The result leaves Harwick Rovers eighth, three points behind City, after
            their first defeat in six matches. Rovers manager Ian Pettigrew said his side 'stopped playing' after the
            break. City travel to league leaders Dunmore Athletic next Saturday, while Rovers host Eastgate United on
            Tuesday night. Keita, signed from Ostend in January, has now scored four goals in seven appearances.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""Harwick Rovers were beaten 2-1 by Kestrel City at the Foxhill Ground on Saturday, despite taking
            the lead. Rovers went ahead through a 23rd-minute Dean Mallory header, but City were brought level just
            after half-time by a Luca Bertoni penalty. The winner was scored by substitute Amadou Keita in the 81st
            minute, and the win lifts City to fourth, while Rovers, in eighth, suffered their first defeat in six
            matches.""",
            note="'City beat Rovers' → 'Rovers were beaten by City'; 'Keita scored the winner' → 'the winner was "
            "scored by Keita'",
        ),
        error=dict(
            task="error-role",
            answer="""Harwick Rovers beat Kestrel City 2-1 at the Foxhill Ground on Saturday. Dean Mallory gave Rovers
            a 23rd-minute lead with a header, and Luca Bertoni equalised from the penalty spot just after half-time.
            Substitute Amadou Keita scored the winning goal in the 81st minute. City travel to league leaders Dunmore
            Athletic next Saturday, while Rovers host Eastgate United on Tuesday night.""",
            wrong="Harwick Rovers beat Kestrel City",
            fix="Kestrel City beat Harwick Rovers",
            note="winner and loser reversed: Kestrel City won 2-1",
        ),
    ),
    dict(
        slug="midfielder-transfer",
        question="Where has Tomasz Wrona moved, and on what terms?",
        context=[
            """Transfer news. Portvale FC have signed midfielder Tomasz Wrona from Ardley Town on a four-year contract
            for an undisclosed fee, reported to be around 9 million pounds. Wrona, 23, made 38 appearances for Ardley
            last season, scoring seven goals, and was named the club's young player of the year. He becomes
            Portvale's third summer signing after defender Kofi Asante and goalkeeper Rhys Bowen.""",
            """Ardley rebuild. Ardley Town, relegated last season, have now sold four first-team players this summer.
            The club has used part of the money to sign striker Joel Marsden from Portvale on a season-long loan.
            Ardley manager Carla Nunes said Wrona 'deserved his move' and that the club had a clause entitling it to
            15% of any future sale.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""Tomasz Wrona has moved from Ardley Town to Portvale FC, signing a contract that runs for four
            years. The fee was not disclosed but is reported to be about £9 million, and Ardley is entitled to
            fifteen per cent of any future sale. The 23-year-old scored 7 goals in thirty-eight appearances for
            Ardley last season.""",
            note="'9 million pounds' → '£9 million', '15%' → 'fifteen per cent', 'seven' → '7', '38' → 'thirty-eight'",
        ),
        error=dict(
            task="error-role",
            answer="""Tomasz Wrona has moved from Ardley Town to Portvale FC, signing a contract that runs for four
            years. The fee was not disclosed but is reported to be about £9 million, and Ardley is entitled to
            fifteen per cent of any future sale. The 23-year-old scored 7 goals in thirty-eight appearances for
            Ardley last season. In a separate deal, Portvale have taken striker Joel Marsden on a season-long loan
            from Ardley.""",
            wrong="Portvale have taken striker Joel Marsden on a season-long loan from Ardley",
            fix="Ardley have taken striker Joel Marsden on a season-long loan from Portvale",
            note="loan direction reversed: Ardley signed Marsden on loan from Portvale",
        ),
    ),
    dict(
        slug="marathon-record",
        question="Who won the Rivermouth Marathon, and was it a record?",
        context=[
            """City marathon. Kenyan runner Daniel Kiprop won the Rivermouth Marathon on Sunday in 2 hours 7 minutes
            12 seconds, a course record by 41 seconds. Ethiopia's Haile Bekele was second in 2:07:58. In the women's
            race, Grace Chebet retained her title in 2:23:05. A record 18,400 runners finished the race, which was
            held in cool, dry conditions.""",
            """Course and history. The Rivermouth course, which was redesigned in 2019 to remove two steep bridges,
            is considered one of the fastest in Europe. The previous course record of 2:07:53 was set by Bekele
            himself three years ago. Prize money for the winners is 40,000 euros each, with a bonus of 10,000 euros
            for a course record.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Daniel Kiprop of Kenya won the men's race in 2:07:12, breaking the course record by 41 seconds.
            The old record had belonged to Haile Bekele, who finished second this time in 2:07:58. Grace Chebet
            defended her women's title in 2:23:05. Kiprop's victory earns him 40,000 euros plus a 10,000-euro bonus
            for the course record.""",
            note="'retained her title' → 'defended her title', 'set by Bekele' → 'had belonged to Bekele'",
        ),
        error=dict(
            task="error-number",
            answer="""Daniel Kiprop of Kenya won the men's race in 2:07:12, breaking the course record by 41 seconds.
            The old record had belonged to Haile Bekele, who finished second this time in 2:07:53. Grace Chebet
            defended her women's title in 2:23:05. Kiprop's victory earns him 40,000 euros plus a 10,000-euro bonus
            for the course record.""",
            wrong="2:07:53",
            fix="2:07:58",
            note="answer gives Bekele's time as 2:07:53; source says 2:07:58 (2:07:53 is his old course record, "
            "passage 2)",
        ),
    ),
    dict(
        slug="cup-final-tickets",
        question="When do Northern Cup final tickets go on sale, and how much are they?",
        context=[
            """Tickets for the Northern Cup final. The Northern Cup final between Eastgate United and Dunmore Athletic
            will be played at the Lindale Stadium on Sunday 19 May, kicking off at 15:00. Each finalist receives
            11,500 tickets. Season ticket holders of both clubs can buy tickets from 29 April, and any remaining
            tickets go on general sale on 6 May.""",
            """Travel and stadium. The Lindale Stadium holds 31,000 spectators. Extra trains will run from both cities
            on the day of the final. The stadium's gates open at 12:30, and fans are advised to arrive early because
            of new bag checks. The semi-finals were played on 13 April, when Eastgate beat Harwick Rovers on
            penalties and Dunmore won 3-0 against Portvale.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""Season ticket holders of Eastgate United and Dunmore Athletic can buy tickets for the final from
            29 April, and any tickets left over go on general sale on 6 May. Each club has been given 11,500 tickets.
            The passages do not give ticket prices. The final itself is at the Lindale Stadium on Sunday 19 May, with
            a 15:00 kick-off and gates opening at 12:30.""",
            note="sale dates restated; says the sources do not give prices",
        ),
        error=dict(
            task="error-date",
            answer="""Season ticket holders of Eastgate United and Dunmore Athletic can buy tickets for the final from
            13 April, and any tickets left over go on general sale on 6 May. Each club has been given 11,500 tickets.
            The passages do not give ticket prices. The final itself is at the Lindale Stadium on Sunday 19 May, with
            a 15:00 kick-off and gates opening at 12:30.""",
            wrong="13 April",
            fix="29 April",
            note="answer says season ticket holders can buy from 13 April; source says 29 April (13 April is the "
            "semi-final date, passage 2)",
        ),
    ),
    dict(
        slug="basketball-playoff",
        question="Who starred when the Hawks beat the Stags?",
        context=[
            """Basketball: Harbour Hawks 94 Valley Stags 88. Jalen Brooks scored 31 points and Mateo Ruiz added 18
            rebounds as the Harbour Hawks beat the Valley Stags 94-88 on Friday to clinch a playoff place. The Stags
            led by nine at half-time, but the Hawks outscored them 29-17 in the third quarter. Stags guard Darnell
            Okoye finished with 27 points and 11 assists.""",
            """Notes. Hawks coach Petra Sandoval said Brooks, who missed three games last month with an ankle injury,
            was 'back to his best'. The Hawks have won seven of their last eight games. The Stags' centre, Ivan
            Petrov, left in the fourth quarter with a knee problem and will have a scan on Monday. The teams meet
            again in two weeks' time.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Jalen Brooks, who missed three games last month with an ankle injury, scored 31 points as the
            Harbour Hawks beat the Valley Stags 94-88 on Friday and clinched a playoff place. After trailing by nine
            at half-time, the Hawks turned the game around by winning the third quarter 29-17, with Mateo Ruiz adding
            18 rebounds. Darnell Okoye had 27 points and 11 assists for the Stags.""",
            note="Brooks's injury (passage 2) folded into the result sentence; half-time deficit placed before the "
            "third quarter",
        ),
        error=dict(
            task="error-name",
            answer="""Jalen Brooks, who missed three games last month with an ankle injury, scored 31 points as the
            Harbour Hawks beat the Valley Stags 94-88 on Friday and clinched a playoff place. After trailing by nine
            at half-time, the Hawks turned the game around by winning the third quarter 29-17, with Mateo Ruiz adding
            18 rebounds. Ivan Petrov had 27 points and 11 assists for the Stags.""",
            wrong="Ivan Petrov",
            fix="Darnell Okoye",
            note="answer credits Ivan Petrov with 27 points and 11 assists; source says Darnell Okoye (Petrov is the "
            "Stags' injured centre, passage 2)",
        ),
    ),
    dict(
        slug="grand-prix",
        question="Who won the Alvaro Grand Prix, and who started on pole?",
        context=[
            """Grand Prix of Alvaro. Sofia Brandt won the Alvaro Grand Prix for the Vireo team on Sunday, finishing
            4.2 seconds ahead of her teammate Luca Ferrante after overtaking him on lap 38 of 57. Ferrante had started
            from pole position. Third place went to Kenji Morimoto of Halcyon Racing, who climbed from ninth on the
            grid.""",
            """Championship. Brandt's second win of the season moves her to within 11 points of championship leader
            Ferrante, with nine races remaining. Halcyon's other driver, Oskar Lind, retired on lap 12 with a gearbox
            failure. The next race, the Grand Prix of Merano, takes place in two weeks. Vireo now leads the team
            standings by 64 points.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""Sofia Brandt of Vireo took victory at the Alvaro Grand Prix, crossing the line 4.2 seconds clear
            of teammate Luca Ferrante, whom she passed on lap 38 of 57. Ferrante was the driver who started from
            pole. Halcyon Racing's Kenji Morimoto completed the podium in third after starting ninth. The result is
            Brandt's second win this season and leaves her 11 points behind Ferrante, who still leads the
            championship.""",
            note="'won' → 'took victory', 'ahead of' → 'clear of', 'overtaking' → 'passed', 'third place went to' → "
            "'completed the podium'",
        ),
        error=dict(
            task="error-name",
            answer="""Sofia Brandt of Vireo took victory at the Alvaro Grand Prix, crossing the line 4.2 seconds clear
            of teammate Luca Ferrante, whom she passed on lap 38 of 57. Ferrante was the driver who started from
            pole. Halcyon Racing's Oskar Lind completed the podium in third after starting ninth. The result is
            Brandt's second win this season and leaves her 11 points behind Ferrante, who still leads the
            championship.""",
            wrong="Oskar Lind",
            fix="Kenji Morimoto",
            note="answer says Oskar Lind finished third; source says Kenji Morimoto (Lind, his Halcyon teammate, "
            "retired on lap 12, passage 2)",
        ),
    ),
    dict(
        slug="rugby-ban",
        question="How long is Owen Thackeray banned for, and is Greystone appealing?",
        context=[
            """Disciplinary hearing. Greystone Rugby Club captain Owen Thackeray will miss three matches after an
            independent panel upheld his red card for a dangerous tackle in last weekend's win over Carrick. The
            panel found that Thackeray's shoulder made direct contact with the head of Carrick's fly-half, Sam
            Ellory, and that there was no mitigation for a change in height.""",
            """Appeal and return. Greystone said it would not appeal the decision. The original ban of six matches
            was halved because Thackeray completed a tackle-technique programme and had a clean disciplinary record.
            He is available again for the league match against Bramford on 2 March. Ellory passed his head injury
            assessment and is expected to play this weekend.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Greystone has said it will not appeal, and its captain Owen Thackeray will miss three matches
            after an independent panel upheld his red card for a dangerous tackle on Carrick fly-half Sam Ellory.
            The ban started at six matches but was halved because Thackeray had completed a tackle-technique
            programme and had a clean disciplinary record. He is available again for the league match against
            Bramford on 2 March.""",
            note="the appeal decision (passage 2) is stated first, then the ban (passage 1) and its reduction",
        ),
        error=dict(
            task="error-negation",
            answer="""Greystone has said it will appeal, and its captain Owen Thackeray will miss three matches after
            an independent panel upheld his red card for a dangerous tackle on Carrick fly-half Sam Ellory. The ban
            started at six matches but was halved because Thackeray had completed a tackle-technique programme and
            had a clean disciplinary record. He is available again for the league match against Bramford on 2
            March.""",
            wrong="will appeal",
            fix="will not appeal",
            note="negation dropped: Greystone said it would not appeal",
        ),
    ),
    dict(
        slug="swimming-selection",
        question="How will swimmers be selected for the Olympic team at the national trials?",
        context=[
            """Olympic qualifier. The national swimming trials will be held at the Alder Aquatic Centre from 8 to 13
            July. Swimmers must achieve the qualifying standard in a final to be selected, and a maximum of two
            swimmers per individual event can be chosen. The head coach, Ruth Abernethy, will announce the team on
            15 July, two days after the trials end.""",
            """Relays and para events. Relay squads will be selected on the basis of times in the 100 m and 200 m
            freestyle finals. Para-swimming events are included in the trials for the first time this year and will
            take place on the final two days. Tickets cost 12 euros a day for adults; children under 12 enter
            free.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""The team will be announced by head coach Ruth Abernethy on 15 July, two days after the trials at
            the Alder Aquatic Centre finish. To be selected, a swimmer has to achieve the qualifying standard in a
            final, and at most two swimmers can be picked for each individual event. Times from the 100 m and 200 m
            freestyle finals will decide the relay squads.""",
            note="'the head coach will announce the team' → 'the team will be announced by the head coach'; 'relay "
            "squads will be selected on the basis of times' → 'times will decide the relay squads'",
        ),
        error=dict(
            task="error-added",
            answer="""The team will be announced by head coach Ruth Abernethy on 15 July, two days after the trials at
            the Alder Aquatic Centre finish. To be selected, a swimmer has to achieve the qualifying standard in a
            final and finish in the top two, with at most two swimmers picked for each individual event. Times from
            the 100 m and 200 m freestyle finals will decide the relay squads.""",
            wrong="and finish in the top two",
            fix="",
            note="answer adds a top-two finish requirement; the sources only require the qualifying standard in a "
            "final",
        ),
    ),
]
