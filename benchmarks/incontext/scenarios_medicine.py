"""Medicine: patient leaflets, prescribing information, vaccine guidance, discharge notes, recalls (short contexts).

All drug names are fictional.
"""

DOMAIN = "medicine"

SCENARIOS = [
    dict(
        slug="antiviral-kidney-dose",
        question="What dose of Oravex should an adult with moderate kidney impairment take?",
        context=[
            """Dosage. The recommended adult dose of Oravex is 400 mg twice daily for 5 days, started within 48 hours
            of symptom onset. Tablets can be taken with or without food. For patients with moderate kidney impairment
            (creatinine clearance 30 to 59 mL/min), the dose is reduced to 200 mg twice daily. Oravex is not
            recommended when creatinine clearance is below 30 mL/min.""",
            """Children and missed doses. Oravex is approved for children aged 12 years and older who weigh at least
            40 kg; they take the adult dose. If a dose is missed, it should be taken as soon as remembered unless the
            next dose is due within 4 hours, in which case the missed dose is skipped. Patients should not take two
            doses at once to make up for a missed one.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""For an adult with moderate kidney impairment, meaning a creatinine clearance of 30–59 mL/min,
            the Oravex dose is lowered to 200 mg two times a day. That is half of the usual adult dose of 400 mg twice
            daily, which runs for five days and should be started within 48 hours of the first symptoms. If
            creatinine clearance falls under 30 mL/min, Oravex is not recommended at all.""",
            note="'30 to 59' → '30–59', 'twice daily' → 'two times a day', 200 mg is 'half' of 400 mg, '5 days' → "
            "'five days'",
        ),
        error=dict(
            task="error-number",
            answer="""For an adult with moderate kidney impairment, meaning a creatinine clearance of 30–59 mL/min,
            the Oravex dose is lowered to 200 mg two times a day. That is half of the usual adult dose of 400 mg twice
            daily, which runs for five days and should be started within 4 hours of the first symptoms. If creatinine
            clearance falls under 30 mL/min, Oravex is not recommended at all.""",
            wrong="4 hours",
            fix="48 hours",
            note="answer says treatment starts within 4 hours of symptoms; source says 48 hours (4 hours is the "
            "missed-dose window, passage 2)",
        ),
    ),
    dict(
        slug="statin-antibiotics",
        question="I'm on Lipranol and my doctor wants to give me an antibiotic. Which antibiotics are a problem?",
        context=[
            """Interactions. Lipranol (simvarelin) is broken down mainly by the liver enzyme CYP3A4. Strong CYP3A4
            inhibitors, such as the antifungal itraconazole and the antibiotic clarithromycin, can raise Lipranol
            levels several-fold and increase the risk of muscle damage; Lipranol must not be taken with them. If one
            of these medicines is needed for a short course, Lipranol should be paused until the course is
            finished.""",
            """Other medicines. The antibiotic azithromycin does not meaningfully inhibit CYP3A4 and can be used with
            Lipranol without a dose change. Grapefruit juice should be limited to less than one glass a day. Patients
            taking warfarin should have their INR checked when Lipranol is started or the dose is changed, because
            the combination can slightly increase the effect of warfarin.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""According to the leaflet, clarithromycin is the antibiotic to avoid: it strongly blocks CYP3A4,
            the liver enzyme that breaks down Lipranol, so it can push Lipranol levels up several times over and
            raise the risk of muscle damage. If a short course of clarithromycin is really needed, Lipranol should be
            put on hold until the course is over. Azithromycin, on the other hand, hardly affects CYP3A4 and can be
            taken alongside Lipranol with no change in dose. The antifungal itraconazole must be avoided for the same
            reason as clarithromycin.""",
            note="'strong inhibitor' → 'strongly blocks', 'paused' → 'put on hold', 'does not meaningfully inhibit' "
            "→ 'hardly affects'",
        ),
        error=dict(
            task="error-name",
            answer="""According to the leaflet, azithromycin is the antibiotic to avoid: it strongly blocks CYP3A4,
            the liver enzyme that breaks down Lipranol, so it can push Lipranol levels up several times over and
            raise the risk of muscle damage. If a short course of it is really needed, Lipranol should be put on hold
            until the course is over. The antifungal itraconazole must be avoided for the same reason.""",
            wrong="azithromycin",
            fix="clarithromycin",
            note="answer names azithromycin as the interacting antibiotic; source says clarithromycin (azithromycin "
            "is the safe alternative, passage 2)",
        ),
    ),
    dict(
        slug="anticoagulant-reversal",
        question="How is tembrofiban reversed in an emergency?",
        context=[
            """Reversal of anticoagulation. Tembrofiban is an oral anticoagulant used to prevent stroke in atrial
            fibrillation. In patients with life-threatening bleeding or who need emergency surgery, its effect can be
            reversed with Restavix (anvelizumab), a monoclonal antibody fragment that binds tembrofiban. Restavix is
            given as two 2.5 g intravenous infusions no more than 15 minutes apart, and reversal is usually complete
            within minutes.""",
            """After reversal. Tembrofiban can be restarted 24 hours after Restavix if the patient is clinically
            stable and bleeding has stopped. Restavix itself has no anticoagulant activity. Because tembrofiban is
            cleared mainly by the kidneys, its effect lasts longer in patients with kidney impairment, and a repeat
            dose of Restavix may occasionally be needed. Dialysis can also remove tembrofiban from the blood.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""In an emergency, Restavix (anvelizumab), a monoclonal antibody fragment, reverses tembrofiban by
            binding to it. It is given as two 2.5 g intravenous infusions no more than 15 minutes apart, and
            the reversal is usually complete within minutes. Tembrofiban may be restarted 24 hours after Restavix once
            the patient is stable and the bleeding has stopped.""",
            note="'its effect can be reversed with Restavix' → 'Restavix reverses tembrofiban (by binding to it)'",
        ),
        error=dict(
            task="error-role",
            answer="""In an emergency, Restavix (anvelizumab), a monoclonal antibody fragment, reverses tembrofiban by
            binding to it. It is given as two 2.5 g intravenous infusions no more than 15 minutes apart, and
            the reversal is usually complete within minutes. Restavix may be restarted 24 hours after tembrofiban
            once the patient is stable and the bleeding has stopped.""",
            wrong="Restavix may be restarted 24 hours after tembrofiban",
            fix="Tembrofiban may be restarted 24 hours after Restavix",
            note="the two drugs swapped: it is tembrofiban that is restarted 24 hours after Restavix",
        ),
    ),
    dict(
        slug="ppi-capsules",
        question="Can I open or crush Gastrolin capsules if I struggle to swallow them?",
        context=[
            """How to take Gastrolin. Gastrolin (esoprazine) 20 mg capsules should be taken once a day, 30 to 60
            minutes before breakfast, swallowed whole with a glass of water. The capsules must not be crushed or
            chewed, because the granules inside have a coating that protects the medicine from stomach acid. For
            people who have difficulty swallowing, a capsule can be opened and its granules mixed with a tablespoon
            of apple sauce, which should then be swallowed straight away.""",
            """Treatment length. For heartburn and acid reflux, a course usually lasts 4 weeks. If symptoms have not
            improved after 2 weeks, patients should speak to their doctor. Gastrolin can be taken during pregnancy
            only if a doctor advises it. Long-term use for more than a year may reduce the absorption of vitamin B12
            and magnesium, so regular blood tests may be recommended.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""If swallowing is difficult, you can open a Gastrolin capsule, stir the granules into a
            tablespoon of apple sauce and swallow it straight away. What you must not do is crush or chew the
            capsule, since the granules have a coating that protects the medicine from stomach acid. Normally the 20
            mg capsule is taken once a day, whole, with a glass of water 30 to 60 minutes before breakfast.""",
            note="the swallowing-difficulty option comes first, the usual dosing last",
        ),
        error=dict(
            task="error-negation",
            answer="""If swallowing is difficult, you can open a Gastrolin capsule, stir the granules into a
            tablespoon of apple sauce and swallow it straight away. What you must not do is crush or chew the
            capsule, since the granules have a coating that protects the medicine from stomach acid. Normally the 20
            mg capsule is taken once a day, whole, with a glass of water 30 to 60 minutes after breakfast.""",
            wrong="after breakfast",
            fix="before breakfast",
            note="answer says after breakfast; source says 30 to 60 minutes before breakfast",
        ),
    ),
    dict(
        slug="flu-vaccine-egg-allergy",
        question="I have a severe egg allergy. Can I have the Fluvarin Quad flu vaccine, and can I get it at a "
        "pharmacy?",
        context=[
            """Who can have the vaccine. The Fluvarin Quad influenza vaccine is offered each autumn to adults aged 65
            and over, pregnant women, and people aged 18 to 64 with long-term conditions such as diabetes, chronic
            heart disease or asthma requiring regular inhaled steroids. Fluvarin Quad is produced in cell culture
            rather than in eggs, so it can be given to people with egg allergy, including those who have had a
            severe reaction to eggs.""",
            """Who should not have it. People who have had anaphylaxis after a previous dose of any influenza vaccine
            should not receive Fluvarin Quad without specialist advice. Vaccination should be postponed in anyone
            with a fever above 38 °C, but a mild cold is not a reason to delay. Fluvarin Quad can be given at the
            same visit as the pneumococcal and COVID-19 vaccines, in a different arm.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""Yes. Fluvarin Quad is made in cell culture instead of eggs, so people with an egg allergy can
            receive it, even if they have reacted severely to eggs before. The exception is anyone who has had
            anaphylaxis after an earlier dose of any flu vaccine, who should get specialist advice first. If you have
            a fever above 38 °C on the day, vaccination should be postponed, although a mild cold is no reason to
            delay. The passages do not say where the vaccine is given, so they do not tell you whether a pharmacy
            can give it.""",
            note="eligibility restated; says the sources do not cover where the vaccine is given",
        ),
        error=dict(
            task="error-negation",
            answer="""Yes. Fluvarin Quad is made in cell culture instead of eggs, so people with an egg allergy can
            receive it, even if they have reacted severely to eggs before. The exception is anyone who has had
            anaphylaxis after an earlier dose of any flu vaccine, who should get specialist advice first. If you have
            a fever above 38 °C on the day, vaccination should be postponed, and a mild cold is also a reason to
            delay. The passages do not say where the vaccine is given, so they do not tell you whether a pharmacy
            can give it.""",
            wrong="and a mild cold is also a reason to delay",
            fix="although a mild cold is no reason to delay",
            note="answer says a mild cold is a reason to delay; source says it is not",
        ),
    ),
    dict(
        slug="knee-arthroscopy-discharge",
        question="After my knee arthroscopy, when can I shower, and when can I drive again?",
        context=[
            """After your knee arthroscopy. Most patients go home on the day of surgery. You can put as much weight
            on the leg as is comfortable, using crutches for the first few days if needed. Keep the dressings clean
            and dry for 5 days; after that you may shower, but do not soak the knee in a bath or swim until the
            wounds have fully healed, usually after about two weeks.""",
            """Pain and follow-up. Take paracetamol regularly for the first 3 days and add ibuprofen if needed, unless
            you have been told not to take anti-inflammatory medicines. Apply an ice pack wrapped in a towel for 20
            minutes every 2 to 3 hours. Your stitches will be removed at your GP practice 10 to 14 days after
            surgery, and a physiotherapy appointment will be arranged for you within 2 weeks.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""You need to keep the dressings clean and dry for five days, after which you may shower. Baths
            and swimming should wait until the wounds have fully healed, which usually takes about two weeks. The
            discharge information does not say when you can start driving again, so you would need to ask your care
            team. Your stitches will come out at your GP practice 10 to 14 days after the operation.""",
            note="showering rules restated; says the sources do not cover driving",
        ),
        error=dict(
            task="error-added",
            answer="""You need to keep the dressings clean and dry for five days, after which you may shower. Baths
            and swimming should wait until the wounds have fully healed, which usually takes about two weeks. Most
            people can drive again after about a week, once they can bend the knee comfortably. Your stitches will
            come out at your GP practice 10 to 14 days after the operation.""",
            wrong="Most people can drive again after about a week, once they can bend the knee comfortably.",
            fix="",
            note="answer adds driving advice; the discharge information says nothing about driving",
        ),
    ),
    dict(
        slug="nasal-spray-recall",
        question="Which Nasoclear sprays are being recalled, and when were they sent to pharmacies?",
        context=[
            """Recall of Nasoclear 0.05% nasal spray. The manufacturer, Heliopharm, is recalling three batches of
            Nasoclear 0.05% nasal spray (batch numbers NC2214, NC2215 and NC2231) because some bottles may contain a
            higher concentration of oxymetazoline than stated on the label. The affected batches were distributed to
            pharmacies between 3 February and 28 March 2024 and have an expiry date of January 2026.""",
            """What patients should do. Patients who have a bottle from one of the affected batches should stop using
            it and return it to their pharmacy for a free replacement or refund. The recall was announced on 11 April
            2024. Heliopharm said it had received two reports of people experiencing headaches and a racing heartbeat
            after use, but no serious harm. Other Nasoclear products, including the 0.025% children's spray, are not
            affected.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""The recall, announced on 11 April 2024, concerns Nasoclear 0.05% nasal spray from batches
            NC2214, NC2215 and NC2231, which reached pharmacies between 3 February and 28 March 2024. Some bottles may
            contain more oxymetazoline than the label states. If you have one of these bottles, stop using it and
            take it back to your pharmacy for a free replacement or a refund. The 0.025% children's spray and other
            Nasoclear products are not affected.""",
            note="announcement date from passage 2 placed first and merged with the batch details of passage 1",
        ),
        error=dict(
            task="error-date",
            answer="""The recall concerns Nasoclear 0.05% nasal spray from batches NC2214, NC2215 and NC2231, which
            reached pharmacies between 3 February and 11 April 2024. Some bottles may contain more oxymetazoline than
            the label states. If you have one of these bottles, stop using it and take it back to your pharmacy for
            a free replacement or a refund. The 0.025% children's spray and other Nasoclear products are not
            affected.""",
            wrong="11 April 2024",
            fix="28 March 2024",
            note="answer says distribution ran until 11 April 2024; source says 28 March 2024 (11 April 2024 is the "
            "recall announcement date, passage 2)",
        ),
    ),
]
