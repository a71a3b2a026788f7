"""Product documentation: manuals, help-centre pages, API docs, release notes (short contexts)."""

DOMAIN = "product-docs"

SCENARIOS = [
    dict(
        slug="thermostat-wifi",
        question="What happens if my Lumora T3 thermostat loses its Wi-Fi connection?",
        context=[
            """Installing the Lumora T3. The Lumora T3 thermostat needs a common wire (C-wire) to supply continuous
            24 V power. If your system has no C-wire, use the included power extender kit, which is installed at the
            furnace control board. Installation typically takes 30 to 45 minutes. Before you begin, switch off power
            to the heating and cooling system at the breaker. The T3 supports up to 3 heating stages and 2 cooling
            stages, and it works with most gas, oil and electric systems as well as heat pumps with auxiliary heat.""",
            """Wi-Fi and updates. The T3 connects to 2.4 GHz Wi-Fi networks only; 5 GHz networks are not supported.
            Firmware updates are downloaded automatically overnight between 1 am and 4 am local time. If the
            thermostat loses its Wi-Fi connection, it keeps following its last schedule for up to 14 days, after
            which it holds a fixed temperature of 18 °C until the connection is restored. The internal battery keeps
            the clock and settings for 72 hours during a power cut.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""If the Lumora T3 loses Wi-Fi, it keeps running its last schedule for up to two weeks. After that,
            it holds a fixed 18 degrees Celsius until the connection comes back. Note that it only joins 2.4 GHz
            networks, so a 5 GHz network will not work. Separately, its internal battery preserves the clock and
            settings for three days during a power cut.""",
            note="14 days written as two weeks, 72 hours as three days, 18 °C as 18 degrees Celsius",
        ),
        error=dict(
            task="error-number",
            answer="""If the Lumora T3 loses its Wi-Fi connection, it keeps following its last schedule for up to
            72 hours. After that, it holds a fixed temperature of 18 °C until the connection is restored. The
            thermostat connects only to 2.4 GHz networks, so a 5 GHz network will not work.""",
            wrong="72 hours",
            fix="14 days",
            note="answer says the schedule runs for 72 hours; source says 14 days (72 hours is the battery backup "
            "time in the same passage)",
        ),
    ),
    dict(
        slug="tallyboard-guests",
        question="Can a guest in Tallyboard create tasks? What can guests do?",
        context=[
            """Roles in Tallyboard workspaces. Every workspace member has one of four roles: Owner, Admin, Member or
            Guest. Owners and Admins can invite new people, change billing details and delete projects. Members can
            create projects, boards and tasks, and they can edit any task on a board they belong to. Members cannot
            change billing details or remove other people from the workspace. Only the Owner can transfer ownership
            or close the workspace.""",
            """Guest access. Guests are intended for clients and contractors. A guest can view the boards they have
            been invited to and can comment on tasks, but cannot create new tasks or boards. Guests can upload files
            as comment attachments, up to 25 MB per file. Guest seats are free for the first 10 guests in a
            workspace; each additional guest is billed as a Member seat.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""No — guests in Tallyboard are not able to add new tasks or boards. They can see the boards they
            were invited to and leave comments on tasks. They may also attach files to those comments, as long as
            each file is no larger than 25 MB. The first ten guests in a workspace cost nothing, and any guest beyond
            that is charged as a Member seat.""",
            note="'cannot create' reworded as 'are not able to add', 'free' as 'cost nothing', 'billed' as 'charged'",
        ),
        error=dict(
            task="error-negation",
            answer="""No — guests in Tallyboard are not able to add new tasks or boards. They can see the boards they
            were invited to and leave comments on tasks. However, they cannot attach files to those comments. The
            first ten guests in a workspace cost nothing, and any guest beyond that is charged as a Member seat.""",
            wrong="cannot attach",
            fix="can attach",
            note="answer says guests cannot attach files; source says guests can upload files as comment attachments",
        ),
    ),
    dict(
        slug="earbuds-app",
        question="How do I change the touch controls on my Sonvale Air 2 earbuds?",
        context=[
            """Sonvale Air 2 — pairing and controls. To pair the Air 2 for the first time, open the charging case
            with both earbuds inside and hold the case button for three seconds until the light flashes white. The
            earbuds then appear as 'Sonvale Air 2' in your phone's Bluetooth menu. Touch controls are configured in
            the Sonvale Connect app, which is available for iOS and Android. By default, a double tap on either
            earbud plays or pauses audio.""",
            """Battery and charging. The earbuds play for up to 7 hours on a charge with noise cancellation off, or 5
            hours with it on; the case holds three further full charges. Ten minutes in the case gives about an hour
            of playback. The case charges over USB-C or on any Qi wireless pad. Firmware for the earbuds is delivered
            through the Sonvale Connect app; the older Sonvale Sound app supports only the first-generation Air and
            the Studio headphones.""",
        ],
        faithful=dict(
            task="faithful-voice",
            answer="""You configure the Air 2's touch controls in the Sonvale Connect app, which is available for iOS
            and Android. By default, audio is played or paused by a double tap on either earbud. The same app also
            delivers firmware updates to the earbuds. The older Sonvale Sound app only supports the first-generation
            Air and the Studio headphones, so it is not the one to use.""",
            note="'controls are configured in the app' → 'you configure'; 'a double tap plays audio' → 'audio is "
            "played by a double tap'; 'firmware is delivered through the app' → 'the app delivers firmware'",
        ),
        error=dict(
            task="error-name",
            answer="""You configure the Air 2's touch controls in the Sonvale Sound app, which is available for iOS
            and Android. By default, audio is played or paused by a double tap on either earbud. To pair the earbuds
            in the first place, hold the case button for three seconds with both earbuds inside until the light
            flashes white.""",
            wrong="Sonvale Sound",
            fix="Sonvale Connect",
            note="answer names the Sonvale Sound app; source says touch controls are set in Sonvale Connect (Sonvale "
            "Sound is the older app for first-generation products, passage 2)",
        ),
    ),
    dict(
        slug="storage-api-uploads",
        question="What are the limits for uploading large files through the Nimbusbox API?",
        context=[
            """Rate limits. The Nimbusbox REST API allows 600 requests per minute per access token on the Standard
            plan and 3,000 requests per minute on the Enterprise plan. Requests that exceed the limit receive HTTP
            status 429 with a Retry-After header giving the number of seconds to wait. Upload endpoints are limited
            separately: a token may have at most 20 upload sessions open at the same time, whatever the plan.""",
            """Uploads. Files up to 150 MB can be sent in a single request to /files/upload. Larger files must use a
            resumable upload session: call /upload_sessions/start, send the file in chunks of 4 to 150 MB, then call
            /upload_sessions/finish. A session expires 48 hours after it is started; chunks already sent to an
            expired session are discarded and the upload has to be restarted.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Upload sessions expire 48 hours after they are started, so a resumable upload has to be
            finished within that window, or the chunks already sent are thrown away and you must start again. Those
            sessions are required for any file larger than 150 MB, which is the most a single /files/upload request
            can carry; the file is sent in chunks of 4 to 150 MB between the start and finish calls. Each access
            token can keep at most 20 upload sessions open at once, regardless of plan. Going over the general
            request limit returns HTTP 429 with a Retry-After header.""",
            note="expiry stated first, then the size rule and the session cap from passage 1; facts combined across "
            "both passages",
        ),
        error=dict(
            task="error-number",
            answer="""Upload sessions expire 48 hours after they are started, so a resumable upload has to be
            finished within that window, or the chunks already sent are thrown away and you must start again. Those
            sessions are required for any file larger than 150 MB, which is the most a single /files/upload request
            can carry; the file is sent in chunks of 4 to 150 MB between the start and finish calls. Each access
            token can keep at most 48 upload sessions open at once, regardless of plan.""",
            wrong="48 upload sessions",
            fix="20 upload sessions",
            value="48",
            note="answer says 48 open upload sessions per token; source says 20 (48 is the session expiry in hours)",
        ),
    ),
    dict(
        slug="ereader-water",
        question="Is the Pageleaf Glow waterproof enough to take to the beach and read near the sea?",
        context=[
            """Pageleaf Glow at a glance. The Glow has a 7-inch, 300 ppi glare-free display with an adjustable warm
            light. It is rated IPX8 and can withstand immersion in up to 2 metres of fresh water for up to 60
            minutes. Storage is 16 GB, enough for thousands of e-books. The battery lasts up to six weeks based on 30
            minutes of reading a day with wireless off and the light at setting 13.""",
            """Supported formats and charging. The Glow opens EPUB, PDF, MOBI, TXT and CBZ files natively; DOCX files
            can be read after converting them with the free Pageleaf Desktop app. Audiobooks are not supported. A
            full charge from empty takes about 2.5 hours with a 9 W USB-C adapter. The Glow is sold in two colours,
            Slate and Sand; a magnetic sleep cover is sold separately.""",
        ],
        faithful=dict(
            task="faithful-notcovered",
            answer="""The Pageleaf Glow is rated IPX8, which means it can be immersed in up to 2 metres of fresh water
            for up to 60 minutes. The passages only mention fresh water, so they do not say whether the Glow is
            protected against salt water such as the sea. Its display is a 7-inch, 300 ppi glare-free screen with
            an adjustable warm light. The battery lasts up to six weeks at 30 minutes of reading a day with wireless
            off and the light at setting 13.""",
            note="states the fresh-water rating and says the sources do not cover salt water",
        ),
        error=dict(
            task="error-added",
            answer="""The Pageleaf Glow is rated IPX8, which means it can be immersed in up to 2 metres of fresh water
            for up to 60 minutes. It is also tested against salt water, so it is safe to take to the beach. Its
            display is a 7-inch, 300 ppi glare-free screen with an adjustable warm light. The battery lasts up to
            six weeks at 30 minutes of reading a day with wireless off and the light at setting 13.""",
            wrong="It is also tested against salt water, so it is safe to take to the beach.",
            fix="",
            note="answer adds a salt-water test and beach safety; the sources only mention fresh water",
        ),
    ),
    dict(
        slug="password-emergency-access",
        question="How does emergency access work in Keyward?",
        context=[
            """Emergency access in Keyward. Emergency access lets you name a trusted contact who can request access
            to your vault if something happens to you. You choose a waiting period of 1, 7 or 30 days when you add
            the contact. When your trusted contact submits a request, Keyward emails you immediately. If you do not
            decline the request before the waiting period ends, the contact is granted read-only access to your
            vault. The contact never gains access to your master password.""",
            """Plans. Emergency access is included in Keyward Premium and Keyward Families. A Families plan covers up
            to six people, and the plan organizer manages billing and can invite or remove members. Each member's
            vault stays private: the organizer cannot see the items in another member's vault unless that member
            shares a folder with them. Shared folders can be edited by everyone they are shared with.""",
        ],
        faithful=dict(
            task="faithful-reorder",
            answer="""Emergency access is part of Keyward Premium and Keyward Families. You name a trusted contact and
            pick a waiting period of 1, 7 or 30 days; if that contact later requests access, Keyward emails you
            straight away. Unless you decline before the waiting period runs out, the contact then gets read-only
            access to your vault, though never to the master password.""",
            note="plan availability from passage 2 moved first, then the procedure from passage 1",
        ),
        error=dict(
            task="error-role",
            answer="""Emergency access is part of Keyward Premium and Keyward Families. You name a trusted contact and
            pick a waiting period of 1, 7 or 30 days; if that contact later requests access, Keyward emails you
            straight away. Unless you decline before the waiting period runs out, you then get read-only access to
            the contact's vault, though never to the master password.""",
            wrong="you then get read-only access to the contact's vault",
            fix="the contact then gets read-only access to your vault",
            note="roles reversed: the trusted contact gets access to the user's vault, not the other way round",
        ),
    ),
    dict(
        slug="server-lifecycle",
        question="Until when will Orbitline Server 5 get security fixes?",
        context=[
            """Orbitline Server 5 lifecycle. Orbitline Server 5.0 was released on 14 March 2022. Each major version
            receives full support, including new features and bug fixes, for three years from its release date,
            followed by two years of extended support with security fixes only. Orbitline Server 5 therefore reaches
            the end of full support on 14 March 2025 and the end of extended support on 14 March 2027.""",
            """Upgrading. Orbitline Server 6.0 became generally available on 2 October 2024. Direct upgrades to
            version 6 are supported from version 5.2 or later; systems on 5.0 or 5.1 must first be updated to 5.2.
            Version 4 reached the end of extended support on 30 June 2024 and no longer receives security fixes.
            Customers still on version 4 should plan a migration to version 6 through an intermediate version 5
            installation.""",
        ],
        faithful=dict(
            task="faithful-numbers",
            answer="""Orbitline Server 5 gets security fixes until March 14, 2027, when its extended support ends.
            Full support, which also brings new features and bug fixes, ends earlier, on March 14, 2025, three years
            after the 5.0 release. Version 6 has been generally available since October 2, 2024, and you can upgrade
            to it directly from 5.2 or later.""",
            note="dates written month-first (14 March 2027 → March 14, 2027, and so on)",
        ),
        error=dict(
            task="error-date",
            answer="""Orbitline Server 5 receives security fixes until 14 March 2025, when its extended support ends.
            Extended support covers security fixes only and follows the three years of full support. Version 6 has
            been generally available since 2 October 2024, and you can upgrade to it directly from 5.2 or later.""",
            wrong="14 March 2025",
            fix="14 March 2027",
            note="answer says security fixes end 14 March 2025; source says extended support ends 14 March 2027 (14 "
            "March 2025 is the end of full support, same passage)",
        ),
    ),
    dict(
        slug="robot-vacuum-rugs",
        question="Will the Dustra S8 get my rugs wet when it mops?",
        context=[
            """Mapping. The Dustra S8 builds a map of your home during its first full cleaning run. It can save maps
            for up to four floors and detects which floor it is on automatically when you carry it upstairs. In the
            Dustra app you can divide the map into rooms, set no-go zones and schedule room-by-room cleaning. Maps
            are stored on the robot and backed up to your Dustra account.""",
            """Mopping and carpets. When the mop module is attached, the S8 lifts its mop pad by 7 mm as soon as it
            detects carpet, so rugs with a pile shorter than 7 mm stay dry. On deeper carpets it avoids the area
            entirely while mopping. The water tank holds 250 ml, enough for about 120 square metres. Use only clean
            water or Dustra-approved cleaning solution; other detergents can damage the pump and void the
            warranty.""",
        ],
        faithful=dict(
            task="faithful-paraphrase",
            answer="""It shouldn't, as long as the rug pile is under 7 mm: once the S8 senses carpet it raises the mop
            pad by 7 mm, which keeps such rugs dry. Deeper carpets are skipped altogether while it is mopping. You
            can also draw no-go zones on the map in the Dustra app to keep it away from particular areas. Only put
            clean water or Dustra-approved cleaning solution in the 250 ml tank, because other detergents can damage
            the pump and void the warranty.""",
            note="'lifts' → 'raises', 'detects' → 'senses', 'avoids the area entirely' → 'skipped altogether'",
        ),
        error=dict(
            task="error-negation",
            answer="""It shouldn't, as long as the rug pile is under 7 mm: once the S8 senses carpet it raises the mop
            pad by 7 mm, which keeps such rugs dry. Deeper carpets, however, are not avoided while it is mopping. You
            can also draw no-go zones on the map in the Dustra app to keep it away from particular areas. Only put
            clean water or Dustra-approved cleaning solution in the 250 ml tank, because other detergents can damage
            the pump and void the warranty.""",
            wrong="are not avoided",
            fix="are avoided",
            note="answer says deeper carpets are not avoided; source says the S8 avoids deeper carpets entirely "
            "while mopping",
        ),
    ),
]
