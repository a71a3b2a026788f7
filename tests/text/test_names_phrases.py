"""Issue 59: a name of several words is stated by itself or a short form, not by its words one by one."""

import pytest

from veracity.text.names import acronym_stated, name_index, phrase_name, phrase_stated


@pytest.mark.parametrize(
    ("text", "forms"),
    [
        ("Northwind Travel Group", ("northwind", "travel", "group")),
        ("the Northwind Travel Group's", ("northwind", "travel", "group")),
        ("Dr. Jane Smith", ("jane", "smith")),
        ("University of Oslo", ("university", "of", "oslo")),
        ("Dr. Smith", None),  # one name word once the title is gone
        ("Oslo", None),
        ("winter months", None),
        ("Windows 10", None),
        ("St. Louis Cardinals", ("loui", "cardinal")),  # a title's full stop
        ("John F. Kennedy", None),  # an initial's full stop: word by word ("Band B. Appeals" reads alike)
        ("Ashby Cross to", ("ashby", "cross")),  # spaCy's entity ran on
        ("This Asian Fusion", ("asian", "fusion")),
    ],
)
def test_a_phrase_name_has_two_capitalised_words(text, forms):
    assert phrase_name(text) == forms


@pytest.mark.parametrize(
    ("name", "source", "person", "stated"),
    [
        ("Northwind Travel Group", "Tickets come from Northwind Travel Group.", False, True),
        ("Northwind Travel Group", "The Northwind wind farm. A travel group.", False, False),
        ("Northwind Travel Group", "Northwind. Travel Group rules apply.", False, False),  # a sentence between
        ("Northwind Travel Group", "Ask NTG.", False, True),
        ("Northwind Travel Group", "Ask Northwind Travel.", False, True),
        ("Northwind Travel Group", "Ask Northwind.", False, False),  # one of its words is no short form
        ("Acme Corporation", "Ask Acme.", False, True),  # the name's one word without the suffix
        ("Skyway Airlines", "Skyway Regional Airlines flies there.", False, True),
        ("Christian Democrats", "The Christian Democrat party won.", False, True),  # word forms
        ("Kraków University", "Krakow University is old.", False, True),
        ("Marie Curie", "Curie won it.", True, True),
        ("Marie Curie", "Curie won it.", False, False),  # a surname stands for a person only
        ("Jane Smith", "John Smith won it.", True, False),
        ("Jane Smith", "Professor Smith won it.", True, True),
        ("John Kennedy", "John F. Kennedy was president.", True, True),
        ("Jane Smith", "JS won it.", True, False),  # a person's initials: three letters or more
    ],
)
def test_a_phrase_is_stated_by_itself_or_a_short_form(name, source, person, stated):
    assert phrase_stated(name, name_index(source), person=person) is stated


def test_an_acronym_is_stated_by_the_words_it_abbreviates():
    index = name_index("Yesterday Northwind Travel Group sold tickets to the World Health Organization.")
    assert acronym_stated("NTG", index) and acronym_stated("WHO", index)
    assert not acronym_stated("NTX", index)
    assert not acronym_stated("Ntg", index)


@pytest.mark.parametrize(
    ("name", "source", "stated"),
    [
        ("Traditional American", '"categories": "Restaurants, American (Traditional)"', True),
        ("California Senate", "She served in the Senate in California for years.", True),
        ("California Senate", "California is large. The Senate met.", False),  # not in one sentence
        ("Mediterranean Sea", "They crossed the Mediterranean by boat.", True),
        ("Asian Fusion", '"categories": "Restaurants, Asian Fusion, Thai"', True),
        ("Sample JVVKVK", '{"sample_id": "JVVKVK", "type": "blood"}', True),
    ],
)
def test_reordered_words_and_geographic_suffixes(name, source, stated):
    assert phrase_stated(name, name_index(source)) is stated


@pytest.mark.parametrize(
    "text", ["Monday to Sunday", "Delis and Restaurants", "Consumer Reports, Southwest Airlines", "Procter & Gamble"]
)
def test_days_months_and_coordinations_are_no_phrase_names(text):
    assert phrase_name(text) is None
