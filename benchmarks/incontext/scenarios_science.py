"""Science (short contexts).

Ecology surveys, species descriptions, biocontrol, plant biology, sleep research, astronomy, batteries.
"""

DOMAIN = "science"

SCENARIOS = [
    dict(
        slug="seabird-decline",
        question="How much have puffin numbers fallen on the Arran Skerries?",
        context=[
            """Study summary. Researchers at the Coastal Ecology Institute counted seabirds on the Arran Skerries
            every June from 2004 to 2023. Breeding pairs of Atlantic puffins fell from about 2,300 to 1,150 over the
            period, while kittiwake pairs declined by 62%. Razorbill numbers, by contrast, stayed roughly stable at
            around 400 pairs. Counts were made from boats and from fixed points on the two largest islands, using the
            same methods each year.""",
            """Causes and next steps. The authors link the declines mainly to a fall in sand eels, the main food fed
            to chicks, which they measured with underwater sonar from 2012 onwards. Sea surface temperatures around
            the skerries rose by 0.9 °C over the study period. The team plans to fit 60 puffins with GPS tags next
            summer to find out how far the birds travel to feed.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""Between 2004 and 2023, the number of breeding puffin pairs on the Arran Skerries halved, from
            roughly 2300 to 1150. Kittiwakes fared even worse, falling by 62 percent, whereas razorbills held steady
            at about four hundred pairs. The researchers attribute the declines mainly to fewer sand eels, the main
            food fed to chicks.""",
            note="2,300 → 1,150 written as 'halved' and without separators, '400' → 'four hundred', '62%' → '62 "
            "percent'",
        ),
        error=dict(
            task="error-number",
            answer="""Between 2004 and 2023, breeding puffin pairs on the Arran Skerries fell from roughly 2,300 to
            400. Kittiwake pairs also declined, by 62%, while razorbills stayed roughly stable. The researchers
            attribute the declines mainly to fewer sand eels, the main food fed to chicks.""",
            wrong="400",
            fix="1,150",
            note="answer says puffins fell to 400 pairs; source says 1,150 (about 400 pairs is the stable razorbill "
            "population, same passage)",
        ),
    ),
    dict(
        slug="new-tree-frog",
        question="Who discovered the new tree frog Boana nebulosa?",
        context=[
            """New species of tree frog. A tree frog found in the cloud forests of the Serranía de Tamá has been
            described as a new species, Boana nebulosa, in the Journal of Neotropical Herpetology. The species was
            first noticed in 2019 by field assistant Lucía Morales during a night survey, and the formal description
            was led by herpetologist Andrés Villamil of the National University. The frog is about 4 cm long and has
            distinctive blue flashes on its thighs.""",
            """Conservation. The team recorded the frog at only three streams between 2,100 and 2,400 metres above
            sea level, and recommends it be listed as endangered. Co-author Hannah Brewster, a bioacoustics
            specialist, analysed its calls, which are higher pitched than those of its closest relative. The species
            name refers to the mist that covers its habitat for most of the year.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""Field assistant Lucía Morales first noticed the frog during a night survey in 2019. Herpetologist
            Andrés Villamil of the National University led its formal description, which has been published in the
            Journal of Neotropical Herpetology. Its calls, which are higher pitched than its closest relative's, were
            analysed by co-author Hannah Brewster, a bioacoustics specialist.""",
            note="'was first noticed by Morales' → 'Morales first noticed'; 'description was led by Villamil' → "
            "'Villamil led'; 'Brewster analysed its calls' → 'its calls were analysed by Brewster'",
        ),
        error=dict(
            task="error-name",
            answer="""Field assistant Lucía Morales first noticed the frog during a night survey in 2019. Herpetologist
            Hannah Brewster of the National University led its formal description, which has been published in the
            Journal of Neotropical Herpetology. The frog is about 4 cm long and has distinctive blue flashes on its
            thighs.""",
            wrong="Hannah Brewster",
            fix="Andrés Villamil",
            note="answer says Hannah Brewster led the description; source says Andrés Villamil (Brewster, a "
            "co-author, analysed the calls, passage 2)",
        ),
    ),
    dict(
        slug="chestnut-biocontrol",
        question="How does Torymus sinensis help chestnut trees?",
        context=[
            """Parasitic wasp could protect chestnut trees. Scientists in northern Portugal have released the tiny
            parasitic wasp Torymus sinensis to control the chestnut gall wasp, an invasive pest that lays its eggs
            in chestnut buds and causes swellings called galls. Female Torymus wasps lay their eggs inside the galls,
            and their larvae feed on the gall wasp larvae, killing them.""",
            """Early results. At release sites monitored since 2018, the share of buds with galls fell from 58% to 9%
            within five years. Chestnut harvests in the area recovered by about a third over the same period. The
            researchers say the biological control needs 6 to 8 years to become fully effective, because the
            Torymus population has to build up first.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Torymus sinensis is a tiny parasitic wasp released in northern Portugal against the chestnut
            gall wasp, an invasive pest that lays its eggs in chestnut buds and causes galls. Female Torymus lay
            their own eggs inside those galls, and the Torymus larvae feed on the gall wasp larvae and kill them. At
            release sites monitored since 2018, the share of buds with galls fell from 58% to 9% within five years
            and harvests recovered by about a third, although the researchers say full effectiveness takes 6 to 8
            years.""",
            note="pest description folded into the first sentence; results and the time to full effect from "
            "passage 2 combined in one sentence",
        ),
        error=dict(
            task="error-role",
            answer="""Torymus sinensis is a tiny parasitic wasp released in northern Portugal against the chestnut
            gall wasp, an invasive pest that lays its eggs in chestnut buds and causes galls. Female Torymus lay
            their own eggs inside those galls, where the gall wasp larvae feed on the Torymus larvae and kill them.
            At release sites monitored since 2018, the share of buds with galls fell from 58% to 9% within five years
            and harvests recovered by about a third, although the researchers say full effectiveness takes 6 to 8
            years.""",
            wrong="the gall wasp larvae feed on the Torymus larvae and kill them",
            fix="the Torymus larvae feed on the gall wasp larvae and kill them",
            note="predator and prey reversed: Torymus larvae feed on and kill the gall wasp larvae",
        ),
    ),
    dict(
        slug="flowering-vernalisation",
        question="Why do winter-annual plants wait until spring to flower?",
        context=[
            """How the plant knows when to flower. In the lab's model plant, the protein FLOWERING LOCUS D (FLD) is
            produced in leaves and travels to the shoot tip, where it switches on the genes that turn a growing shoot
            into a flower. In winter-annual strains, another protein, FRIGID-LIKE 2 (FRL2), blocks FLD production,
            which stops the plant from flowering before winter.""",
            """The role of cold. A long period of cold, known as vernalisation, gradually silences the FRL2 gene.
            Once FRL2 is switched off, FLD can be made again and the plant flowers in spring. In experiments, plants
            needed at least 6 weeks at 4 °C for full silencing; 3 weeks produced only partial flowering. Plants
            lacking FRL2 altogether flowered in 28 days regardless of cold.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""In winter-annual strains, FLD production is blocked by another protein, FRL2, so the signal that
            FLD carries from the leaves to the shoot tip to switch on flowering genes is missing before winter. The
            FRL2 gene is gradually silenced by a long spell of cold, called vernalisation. Once the cold has switched
            FRL2 off, the plant can make FLD again, and it flowers in spring. Full silencing took at least six weeks
            at 4 °C, while three weeks gave only partial flowering.""",
            note="'FRL2 blocks FLD production' → 'FLD production is blocked by FRL2'; 'cold silences the gene' → "
            "'the gene is silenced by cold'; 'FLD can be made' → 'the plant can make FLD'",
        ),
        error=dict(
            task="error-role",
            answer="""In winter-annual strains, FRL2 production is blocked by another protein, FLD, so the signal that
            FLD carries from the leaves to the shoot tip to switch on flowering genes is missing before winter. The
            FRL2 gene is gradually silenced by a long spell of cold, called vernalisation. Once the cold has switched
            FRL2 off, the plant can make FLD again, and it flowers in spring. Full silencing took at least six weeks
            at 4 °C, while three weeks gave only partial flowering.""",
            wrong="FRL2 production is blocked by another protein, FLD",
            fix="FLD production is blocked by another protein, FRL2",
            note="blocker and blocked reversed: FRL2 blocks FLD production",
        ),
    ),
    dict(
        slug="sleep-memory",
        question="Does sleeping after studying help memory, according to this study, and does it work the same for "
        "older people?",
        context=[
            """Sleep and memory study. In a study of 120 university students, those who slept for 8 hours after
            learning a list of word pairs recalled 23% more pairs the next day than those who were kept awake
            overnight and then allowed to sleep the following night. The effect was largest for word pairs that had
            been learned least well.""",
            """Naps. A second experiment tested a 90-minute afternoon nap. Students who napped recalled more word
            pairs in the evening than those who watched a documentary instead, but the advantage was smaller than for
            a full night's sleep. Caffeine taken before the learning session did not change recall. The authors
            caution that all participants were aged 18 to 25, so the results may not apply to older adults.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""Yes. Among 120 university students, those who slept for 8 hours after learning word pairs
            remembered 23% more of them the next day than students kept awake all night, with the biggest benefit for
            the pairs they had learned least well. A 90-minute afternoon nap also improved evening recall compared
            with watching a documentary, though by less than a full night's sleep. The study does not tell us whether
            the effect holds for older people: every participant was 18 to 25, and the authors warn that the results
            may not apply to older adults.""",
            note="findings restated; says the study does not cover older people",
        ),
        error=dict(
            task="error-negation",
            answer="""Yes. Among 120 university students, those who slept for 8 hours after learning word pairs
            remembered 23% more of them the next day than students kept awake all night, with the biggest benefit for
            the pairs they had learned least well. A 90-minute afternoon nap also improved evening recall compared
            with watching a documentary, even more than a full night's sleep did. The study does not tell us whether
            the effect holds for older people: every participant was 18 to 25, and the authors warn that the results
            may not apply to older adults.""",
            wrong="even more than",
            fix="though by less than",
            note="comparison reversed: the nap's advantage was smaller than a full night's sleep",
        ),
    ),
    dict(
        slug="comet-visibility",
        question="Will I be able to see comet Halvorsen without a telescope, and from where?",
        context=[
            """Comet C/2024 R3 (Halvorsen). The comet was discovered on 14 September 2024 by amateur astronomer
            Ingrid Halvorsen using a 30 cm telescope in northern Norway. It will make its closest approach to the Sun
            on 3 March 2025, passing at 0.42 astronomical units, and its closest approach to Earth on 19 March at
            about 0.9 astronomical units.""",
            """Will it be visible? Brightness forecasts for comets are uncertain. Current estimates suggest the comet
            could reach magnitude 5 in late March, which would make it visible to the naked eye from dark sites, low
            in the western sky after sunset. From cities, binoculars will probably be needed. The comet's orbit
            indicates it last passed through the inner Solar System about 6,000 years ago.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""Possibly. Forecasts suggest comet Halvorsen could reach magnitude 5 in late March, which would
            make it visible to the naked eye from dark sites, low in the western sky after sunset, though comet
            brightness predictions are uncertain. In cities you will probably need binoculars. The passages do not
            say from which parts of the world it will be best seen.""",
            note="visibility forecast restated; says the sources do not cover where on Earth it is best seen",
        ),
        error=dict(
            task="error-added",
            answer="""Possibly. Forecasts suggest comet Halvorsen could reach magnitude 5 in late March, which would
            make it visible to the naked eye from dark sites, low in the western sky after sunset, though comet
            brightness predictions are uncertain. It will be best seen from the Northern Hemisphere. In cities you
            will probably need binoculars.""",
            wrong="It will be best seen from the Northern Hemisphere.",
            fix="",
            note="answer adds that it is best seen from the Northern Hemisphere; the sources do not say",
        ),
    ),
    dict(
        slug="sodium-ion-cell",
        question="How good is Veltro's new sodium-ion battery cell?",
        context=[
            """Sodium-ion cell milestone. Engineers at Veltro Energy report a sodium-ion battery cell with an energy
            density of 175 watt-hours per kilogram, up from 140 in their previous design. The cell kept 80% of its
            capacity after 4,000 full charge-discharge cycles at 25 °C. Because it uses no lithium, cobalt or nickel,
            the company estimates materials costs about 30% lower than for a comparable lithium iron phosphate
            cell.""",
            """Limitations. Performance drops in the cold: at -20 °C the cell delivered 70% of its room-temperature
            capacity. The results have not yet been independently verified or published in a peer-reviewed journal.
            Veltro plans pilot production of 1 gigawatt-hour a year from 2026, aimed at home storage and small city
            cars. The company says the cells can be made on existing lithium-ion production lines with minor
            changes.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""Veltro Energy's new sodium-ion cell stores 175 Wh/kg, compared with 140 Wh/kg for the firm's
            earlier design. It kept four-fifths of its capacity after four thousand full cycles at 25 °C, and Veltro
            estimates its materials cost about 30 per cent less than those of a comparable lithium iron phosphate
            cell because it uses no lithium, cobalt or nickel. In the cold it is weaker, delivering 70% of its
            room-temperature capacity at minus 20 °C. The figures have not yet been independently verified or
            peer-reviewed.""",
            note="'watt-hours per kilogram' → 'Wh/kg', '80%' → 'four-fifths', '4,000' → 'four thousand', '-20' → "
            "'minus 20'",
        ),
        error=dict(
            task="error-added",
            answer="""Veltro Energy's new sodium-ion cell stores 175 Wh/kg, compared with 140 Wh/kg for the firm's
            earlier design. It kept four-fifths of its capacity after four thousand full cycles at 25 °C, and Veltro
            estimates its materials cost about 30 per cent less than those of a comparable lithium iron phosphate
            cell because it uses no lithium, cobalt or nickel. In the cold it is weaker, delivering 70% of its
            room-temperature capacity at minus 20 °C. The figures have not yet been independently verified or
            peer-reviewed, although a carmaker has already agreed to test the cells.""",
            wrong="although a carmaker has already agreed to test the cells",
            fix="",
            note="answer adds a carmaker testing agreement; the sources mention none",
        ),
    ),
]
