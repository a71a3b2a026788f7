"""Issue 76 §3's direction cases, written 2026-12-02 before anything was run on them (frozen; see README.md).

Each case: the sources, an answer sentence with one in-context error (a value, name or condition the sources give
another thing, or another value for the same thing), and the same sentence with a detail the sources state about
the same thing appended inside it. A detail the sources state must never lower the sentence's P(hallucinated).
Domains new to the project: a dental practice, a theatre box office, a council's recycling collections.
"""

DENTAL = (
    "Fees for NHS patients\n"
    "Band 1 (check-up, X-rays, scale and polish): £26.80.\n"
    "Band 2 (fillings, root canal, extractions): £73.50.\n"
    "Band 3 (crowns, dentures, bridges): £319.10.\n\n"
    "Appointments\n"
    "To cancel a routine appointment, call reception on 01632 960 441 at least 24 hours before. "
    "Hygienist appointments must be cancelled at least 48 hours before, or a £20 fee is charged. "
    "Emergency slots are released at 8:30 each weekday morning. "
    "Dr Priya Nair leads the children's clinic on Tuesdays; Dr Owen Hale runs the implant clinic on Thursdays."
)
THEATRE = (
    "Box office\n"
    "The box office at the Lyric Playhouse opens at 10:00 and closes 30 minutes after the last performance starts. "
    "Phone bookings: 0161 496 0732, Monday to Saturday.\n\n"
    "Tickets\n"
    "Stalls seats cost £42 and circle seats cost £28. Under-16s pay half price in the circle only. "
    "A booking fee of £2.50 is charged per order for online bookings; there is no fee at the box office. "
    "Exchanges are allowed up to 72 hours before the performance for a £3 charge per ticket. "
    "Groups of 10 or more get one free ticket for every 10 bought."
)
RECYCLING = (
    "Bin collections\n"
    "Blue bins (paper and card) are collected every two weeks on Mondays. "
    "Green bins (garden waste) are collected every two weeks on Fridays from March to November, for a yearly "
    "subscription of £45. Black bins (general waste) are collected weekly on Wednesdays. "
    "Put bins out by 7:00 on collection day.\n\n"
    "Bulky items\n"
    "Up to three bulky items can be collected for £35; each extra item costs £8. Book online or call 0300 123 4567. "
    "The recycling centre on Mill Lane is open 8:00 to 16:00, and vans need a permit."
)

# (id, sources, answer with the error, the same with a supported detail appended inside the sentence, what is wrong)
CASES = [
    ("dental-01", DENTAL,
     "A check-up with X-rays costs £73.50 as an NHS patient.",
     "A check-up with X-rays and a scale and polish costs £73.50 as an NHS patient.",
     "£73.50 is Band 2's fee; Band 1 is £26.80"),
    ("dental-02", DENTAL,
     "To cancel a routine appointment you need to give at least 48 hours' notice.",
     "To cancel a routine appointment you need to call reception on 01632 960 441 at least 48 hours before.",
     "48 hours is the hygienist's rule; routine appointments 24 hours"),
    ("dental-03", DENTAL,
     "Crowns and dentures fall under Band 2.",
     "Crowns, bridges and dentures fall under Band 2.",
     "crowns and dentures are Band 3"),
    ("dental-04", DENTAL,
     "Dr Owen Hale leads the children's clinic.",
     "Dr Owen Hale leads the children's clinic on Tuesdays.",
     "Dr Priya Nair leads the children's clinic"),
    ("dental-05", DENTAL,
     "Hygienist appointments cancelled late cost a £26.80 fee.",
     "Hygienist appointments cancelled less than 48 hours before cost a £26.80 fee.",
     "the late-cancellation fee is £20"),
    ("dental-06", DENTAL,
     "Emergency slots are released at 9:30 on weekday mornings.",
     "Emergency slots are released at 9:30 each weekday morning, and routine cancellations go to reception on "
     "01632 960 441.",
     "slots are released at 8:30"),
    ("dental-07", DENTAL,
     "A filling costs £319.10 for NHS patients.",
     "A filling or a root canal costs £319.10 for NHS patients.",
     "fillings are Band 2, £73.50"),
    ("dental-08", DENTAL,
     "The implant clinic runs on Tuesdays.",
     "The implant clinic, run by Dr Owen Hale, is held on Tuesdays.",
     "the implant clinic is on Thursdays"),
    ("theatre-01", THEATRE,
     "Circle seats at the Lyric Playhouse cost £42.",
     "Circle seats at the Lyric Playhouse cost £42, and under-16s pay half price there.",
     "£42 is the stalls price; circle £28"),
    ("theatre-02", THEATRE,
     "Under-16s pay half price in the stalls.",
     "Under-16s pay half price in the stalls, where seats are £42.",
     "half price applies in the circle only"),
    ("theatre-03", THEATRE,
     "Online bookings carry a £3 fee per order.",
     "Online bookings carry a booking fee of £3 per order, and there is no fee at the box office.",
     "the online booking fee is £2.50; £3 is the exchange charge"),
    ("theatre-04", THEATRE,
     "You can exchange tickets up to 30 minutes before the performance.",
     "You can exchange tickets up to 30 minutes before the performance for a £3 charge per ticket.",
     "exchanges up to 72 hours before"),
    ("theatre-05", THEATRE,
     "The box office opens at 11:00.",
     "The box office at the Lyric Playhouse opens at 11:00 and takes phone bookings on 0161 496 0732.",
     "it opens at 10:00"),
    ("theatre-06", THEATRE,
     "Groups of 10 or more get two free tickets for every 10 bought.",
     "Groups of 10 or more people get two free tickets for every 10 bought at the Lyric Playhouse.",
     "one free ticket per 10"),
    ("theatre-07", THEATRE,
     "Phone bookings are taken seven days a week.",
     "Phone bookings on 0161 496 0732 are taken seven days a week.",
     "Monday to Saturday"),
    ("theatre-08", THEATRE,
     "There is a £2.50 fee for booking at the box office.",
     "There is a £2.50 fee per order for booking at the box office, which opens at 10:00.",
     "no fee at the box office; £2.50 is online"),
    ("recycling-01", RECYCLING,
     "Blue bins are collected every two weeks on Fridays.",
     "Blue bins for paper and card are collected every two weeks on Fridays.",
     "blue bins on Mondays; Fridays is the green bins'"),
    ("recycling-02", RECYCLING,
     "The garden waste subscription costs £35 a year.",
     "The garden waste subscription for green bins, collected every two weeks from March to November, costs £35 a "
     "year.",
     "£45 a year; £35 is bulky items"),
    ("recycling-03", RECYCLING,
     "Black bins are collected every two weeks.",
     "Black bins for general waste are collected every two weeks on Wednesdays.",
     "black bins weekly"),
    ("recycling-04", RECYCLING,
     "Each extra bulky item costs £45.",
     "Up to three bulky items cost £35 and each extra item costs £45.",
     "each extra item £8"),
    ("recycling-05", RECYCLING,
     "The recycling centre on Mill Lane opens at 7:00.",
     "The recycling centre on Mill Lane opens at 7:00, and vans need a permit.",
     "the centre opens at 8:00; 7:00 is when bins go out"),
    ("recycling-06", RECYCLING,
     "Green bins are collected all year round.",
     "Green bins for garden waste are collected every two weeks on Fridays all year round.",
     "March to November only"),
    ("recycling-07", RECYCLING,
     "Up to five bulky items can be collected for £35.",
     "Up to five bulky items can be collected for £35 if you book online or call 0300 123 4567.",
     "up to three"),
    ("recycling-08", RECYCLING,
     "Put bins out by 8:00 on collection day.",
     "Put blue, green and black bins out by 8:00 on collection day.",
     "by 7:00"),
]
