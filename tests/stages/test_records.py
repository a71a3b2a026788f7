import gzip
import json
from pathlib import Path

import pytest

from veracity.schema import Finding
from veracity.stages.verify.checkers.records import RecordField, check_record_claims, read_record_fields, record_signals

RAGTRUTH_TRAIN = Path("/work/shared/data/ragtruth/train.jsonl.gz")


def record(**attributes: object) -> str:
    """A Yelp-style business record as RAGTruth gives it (the attributes as JSON)."""
    return json.dumps(
        {
            "name": "Cafe Stella",
            "address": "3302 McCaw Ave",
            "city": "Santa Barbara",
            "hours": {day: "11:0-21:0" for day in ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")},
            "attributes": {
                "BusinessParking": {"garage": False, "street": False, "validated": False, "lot": True, "valet": False},
                "RestaurantsReservations": False,
                "OutdoorSeating": True,
                "WiFi": None,
                "RestaurantsTakeOut": True,
                "Ambience": {"romantic": False, "intimate": False, "casual": True},
                **attributes,
            },
            "business_stars": 3.5,
            "review_info": [{"review_stars": 5.0, "review_text": "Great coffee."}],
        }
    )


def check(answer: str, document: str, document_id: str = "d1") -> list[Finding]:
    findings = check_record_claims(answer, read_record_fields(document_id, document))
    for finding in findings:  # every span points at the words it names, in the answer and in the record
        assert answer[finding.span.start : finding.span.end] == finding.span.text
        if finding.source_span is not None:
            assert document[finding.source_span.start : finding.source_span.end] == finding.source_span.text
        assert finding.kind == "record"
        assert 0.0 <= finding.confidence <= 1.0
    return findings


def test_a_feature_the_record_denies_is_contradicted_at_the_phrase_and_the_field():
    document = record()
    [finding] = check("Cafe Stella is in Santa Barbara. It accepts reservations.", document)
    assert finding.relation == "contradicted"
    assert finding.span.text == "accepts reservations"
    assert finding.source_text == "RestaurantsReservations: false"
    assert finding.source_document == "d1"
    assert finding.source_span is not None
    assert finding.source_span.text == '"RestaurantsReservations": false'


def test_a_denied_feature_the_record_has_is_contradicted():
    [finding] = check("The cafe does not take reservations.", record(RestaurantsReservations=True))
    assert finding.relation == "contradicted"
    assert finding.span.text == "not take reservations"
    assert "denied" in finding.explanation


def test_a_feature_the_record_leaves_null_is_not_found():
    [finding] = check("It offers free WiFi to its guests.", record())
    assert finding.relation == "not_found"
    assert finding.source_text == "WiFi: null"
    assert "WiFi" in finding.span.text


def test_a_parking_kind_is_checked_against_that_kind():
    [finding] = check("Street parking is available.", record())
    assert finding.relation == "contradicted"
    assert finding.source_text == "BusinessParking.street: false"
    assert finding.span.text.startswith("Street parking")


def test_parking_the_record_has_gives_no_finding():
    assert check("A parking lot is available for customers.", record()) == []
    assert check("Parking is available.", record()) == []  # some kind (the lot) is true


def test_parking_in_general_against_no_kind_at_all_is_contradicted():
    no_parking = {kind: False for kind in ("garage", "street", "validated", "lot", "valet")}
    [finding] = check("Parking is available.", record(BusinessParking=no_parking))
    assert finding.relation == "contradicted"
    assert finding.span.text == "Parking"


def test_a_negation_stays_in_its_clause():
    document = record(RestaurantsReservations=True)
    [finding] = check("It offers outdoor seating, but it does not take reservations.", document)
    assert finding.span.text == "not take reservations"
    # "or" keeps the negation: both are denied; outdoor seating (true) after a new verb is not.
    findings = check("It does not take reservations or offer take-out, and has outdoor seating.", record())
    assert [(f.relation, f.source_text) for f in findings] == [("contradicted", "RestaurantsTakeOut: true")]


def test_opening_days_the_record_lacks_are_contradicted():
    [finding] = check("The cafe is open seven days a week.", record())
    assert finding.relation == "contradicted"
    assert finding.span.text == "seven days a week"
    assert "Saturday" in finding.explanation and "Sunday" in finding.explanation


def test_opening_times_are_compared_with_the_record():
    [finding] = check("It is open Monday to Friday from 11 am to 10 pm.", record())
    assert finding.relation == "contradicted"
    assert finding.source_text == 'hours.Monday: "11:0-21:0"'
    assert finding.source_span is not None and finding.source_span.text == '"Monday": "11:0-21:0"'
    assert check("It is open Monday through Friday, 11:00 AM to 9:00 PM.", record()) == []
    assert check("It closes at 9 pm on weekdays.", record()) == []


def test_a_closed_day_the_record_has_hours_for_is_contradicted():
    [finding] = check("The cafe is closed on Mondays.", record())
    assert finding.relation == "contradicted"


def test_null_hours_are_not_found_and_0_0_marks_a_closed_day():
    [finding] = check("It is open daily from 9 am to 5 pm.", json.dumps({"name": "X", "hours": None}))
    assert (finding.relation, finding.source_text) == ("not_found", "hours: null")
    week = {"Monday": "0:0-0:0", **{day: "9:0-17:0" for day in ("Tuesday", "Wednesday", "Thursday", "Friday")}}
    [finding] = check("It is open Monday to Friday.", json.dumps({"name": "X", "hours": week}))
    assert finding.relation == "contradicted" and "Monday" in finding.explanation


def test_what_reviewers_said_is_not_a_claim_about_the_business():
    assert check("One reviewer complained that there was no outdoor seating.", record()) == []
    assert check("Customers praised the romantic atmosphere.", record()) == []


def test_hedged_and_not_required_claims_state_nothing():
    assert check("It may offer reservations.", record()) == []
    assert check("Reservations are not required.", record()) == []
    assert check("The data gives no information about WiFi.", record()) == []


def test_an_ambience_flag_the_record_denies_is_contradicted():
    [finding] = check("It has an intimate atmosphere.", record())
    assert finding.relation == "contradicted"
    assert finding.source_text == "Ambience.intimate: false"
    assert check("The ambience is casual.", record()) == []


def test_the_star_rating_is_the_business_rating_not_a_review():
    [finding] = check("The cafe has a 4.5-star rating.", record())
    assert finding.relation == "contradicted"
    assert finding.source_text == "business_stars: 3.5"
    assert check("The cafe has a 3.5-star rating.", record()) == []
    assert check("One guest gave it a 5-star rating.", record()) == []


def test_a_rating_stored_as_a_string_is_read_as_a_number():
    document = json.dumps({"name": "X", "stars": "4.0"})
    assert check("It has a 4-star rating.", document) == []
    assert [f.relation for f in check("It is rated 4.5 out of 5.", document)] == ["contradicted"]


def test_a_claim_some_record_supports_gives_no_finding():
    fields = read_record_fields("d1", record()) + read_record_fields("d2", record(RestaurantsReservations=True))
    assert check_record_claims("It accepts reservations.", fields) == []


def test_an_empty_answer_or_no_record_gives_no_findings():
    assert check("", record()) == []
    assert check_record_claims("It accepts reservations.", []) == []


def test_text_that_is_no_record_has_no_fields():
    assert read_record_fields("d1", "Paris is the capital of France. It has 2 million people.") == []
    assert read_record_fields("d1", 'passage 1: "' + "a long paragraph of prose " * 10 + '"\npassage 2: x\np3: y') == []


def test_malformed_json_has_no_fields():
    assert read_record_fields("d1", '{"name": "Cafe", "attributes": {"WiFi": "free"') == []
    assert read_record_fields("d1", '{"name": "Cafe", "WiFi": free}') == []
    assert read_record_fields("d1", "[1, 2, 3]") == []


def test_json_fields_have_paths_words_values_and_offsets():
    document = record()
    fields = {f.path: f for f in read_record_fields("d1", document)}
    street = fields[("attributes", "BusinessParking", "street")]
    assert street.value is False and street.words == ("street",)
    takeout = fields[("attributes", "RestaurantsTakeOut")]
    assert takeout.words == ("restaurants", "take", "out")
    assert takeout.span is not None and takeout.span.text == '"RestaurantsTakeOut": true'
    assert fields[("attributes", "WiFi")].value is None
    assert fields[("review_info", "0", "review_stars")].value == 5.0
    for f in fields.values():
        assert f.span is None or document[f.span.start : f.span.end] == f.span.text


def test_dict_strings_inside_json_are_read_as_nested_fields():
    document = json.dumps(
        {
            "name": "Deli",
            "attributes": {
                "BusinessParking": "{'garage': False, 'street': True}",
                "Music": "{dj: False, live: None}",
            },
        }
    )
    fields = {f.path: f for f in read_record_fields("d1", document)}
    assert fields[("attributes", "BusinessParking", "street")].value is True
    assert fields[("attributes", "Music", "live")].value is None
    garage = fields[("attributes", "BusinessParking", "garage")]
    assert garage.span is not None and garage.span.text == "'garage': False"
    assert document[garage.span.start : garage.span.end] == garage.span.text


def test_a_python_dict_literal_is_a_record():
    fields = read_record_fields("d1", "{'name': 'Cafe', 'attributes': {'WiFi': 'no', 'OutdoorSeating': True}}")
    assert [(f.path, f.value) for f in fields][1:] == [
        (("attributes", "WiFi"), "no"),
        (("attributes", "OutdoorSeating"), True),
    ]


def test_key_value_lines_are_a_record_and_unknown_yes_no_fields_are_checked_by_their_words():
    sheet = "Product: TrailMaster 2\nWaterproof: no\nWeight: 1.2 kg\nWarranty: yes\n"
    fields = read_record_fields("p1", sheet)
    assert [(f.path, f.value) for f in fields] == [
        (("Product",), "TrailMaster 2"),
        (("Waterproof",), False),
        (("Weight",), "1.2 kg"),
        (("Warranty",), True),
    ]
    assert fields[1].span is not None and fields[1].span.text == "Waterproof: no"
    findings = check("The TrailMaster 2 is a waterproof pack. It does not come with a warranty.", sheet, "p1")
    assert [(f.relation, f.source_text) for f in findings] == [
        ("contradicted", "Waterproof: false"),
        ("contradicted", "Warranty: true"),
    ]


def test_record_signals_count_and_take_the_surest_conflict():
    findings = check("It accepts reservations and offers free WiFi. It has an intimate vibe.", record())
    assert [f.relation for f in findings] == ["contradicted", "not_found", "contradicted"]
    signals = record_signals(findings)
    assert signals["record_conflicts"] == 2.0
    assert signals["record_not_found"] == 1.0
    assert signals["record_conflict_max"] == pytest.approx(max(f.confidence for f in findings[::2]))
    assert record_signals([]) == {"record_conflicts": 0.0, "record_not_found": 0.0, "record_conflict_max": 0.0}


def test_record_field_describes_itself():
    field = RecordField("d1", ("attributes", "BusinessParking", "lot"), ("lot",), True)
    assert field.describe() == "BusinessParking.lot: true"


@pytest.mark.skipif(not RAGTRUTH_TRAIN.exists(), reason="RAGTruth train is not on this machine")
def test_ragtruth_records_are_read_and_checked_with_valid_spans():
    rows = [json.loads(line) for line in gzip.open(RAGTRUTH_TRAIN, "rt")]
    data2txt = [r for r in rows if r["task"] == "Data2txt"][:60]
    fired = 0
    for row in data2txt:
        fields = read_record_fields("d0", row["context"][0])
        assert fields
        fired += bool(check(row["answer"], row["context"][0], "d0"))
    assert fired > 0
    assert all(not read_record_fields("d0", t) for r in rows if r["task"] != "Data2txt" for t in r["context"][:1])
