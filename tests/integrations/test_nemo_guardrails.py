"""NeMo Guardrails' AlignScore fact-checking rail against a live `veracity serve` on localhost (uvicorn in a thread,
the real `grounding` detector): the rail's own request, and the decision it takes on the answer.

nemoguardrails is not installed for the tests: 0.24.1 needs fastembed, which needs huggingface-hub<2 (the test
environment has 2.x, for transformers), so installing it would change the models' stack. The request below is written
from its code instead: nemoguardrails/library/factchecking/align_score/request.py (`alignscore_request`: POST the
endpoint with JSON {"evidence", "claim"}, a non-200 status or no "alignscore" key is no score) and
actions.py with library/self_check/facts/actions.py (`_fact_check_outcome`: block below FACT_CHECK_THRESHOLD = 0.5;
no score falls back to the LLM self-check, or passes). When nemoguardrails is importable,
`test_the_rails_own_action_blocks_and_allows` runs its own action as well.
"""

import pytest

pytest.importorskip("fastapi", reason="the service extra is not installed: pip install 'veracity[serve]'")

import httpx

from conftest import grounding_service_in_thread
from veracity import Document, load_detector
from veracity.server.nemo import ALIGNSCORE_PATHS

CHUNKS = [
    "Maria Skłodowska, later Marie Curie, was born in Warsaw on 7 November 1867.",
    "In 1903 Marie Curie shared the Nobel Prize in Physics with Pierre Curie and Henri Becquerel.",
]
EVIDENCE = "\n".join(CHUNKS)  # NeMo's knowledge base joins the relevant chunks with newlines
WRONG = "Marie Curie was born in Kraków in 1867."
RIGHT = "Marie Curie was born in Warsaw in 1867 and shared the Nobel Prize in Physics in 1903."
FACT_CHECK_THRESHOLD = 0.5  # nemoguardrails/library/self_check/facts/actions.py


def alignscore_request(api_url, evidence, response):
    """The rail's request (nemoguardrails 0.24.1 align_score/request.py): the score, or None for none."""
    if not evidence:
        return 1.0
    http_response = httpx.post(api_url, json={"evidence": evidence, "claim": response})
    if http_response.status_code != 200:
        return None
    try:
        return http_response.json()["alignscore"]
    except Exception:
        return None


def rail_decision(api_url, evidence, response):
    """What the rail does with the answer (actions.py, fallback_to_self_check off): block, allow, or no score."""
    score = alignscore_request(api_url, evidence, response)
    if score is None:
        return "no score"
    return "block" if score < FACT_CHECK_THRESHOLD else "allow"


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    with grounding_service_in_thread(tmp_path_factory.mktemp("data")) as url:
        yield url


@pytest.fixture(scope="module")
def detector():
    return load_detector("grounding")


@pytest.mark.parametrize("path", ALIGNSCORE_PATHS)
def test_the_rail_blocks_an_unsupported_answer_and_allows_a_supported_one(service, path):
    assert rail_decision(service + path, EVIDENCE, WRONG) == "block"
    assert rail_decision(service + path, EVIDENCE, RIGHT) == "allow"


def test_alignscore_is_p_supported_of_the_services_report(service, detector):
    response = httpx.post(f"{service}/alignscore_large", json={"evidence": EVIDENCE, "claim": WRONG})
    assert response.status_code == 200
    body = response.json()
    expected = detector.detect(WRONG, [Document(id="evidence", text=EVIDENCE)])
    assert body["alignscore"] == pytest.approx(1 - expected.score)
    assert body["report"]["verdict"] == "hallucinated" and body["report"]["score"] == pytest.approx(expected.score)
    assert [span["text"] for span in body["report"]["hallucinated_spans"]] == ["Kraków"]


def test_a_list_of_chunks_is_one_document_each(service):
    body = httpx.post(f"{service}/v1/alignscore", json={"evidence": CHUNKS, "claim": WRONG}).json()
    ids = {e["document_id"] for s in body["report"]["sentences"] for e in s["evidence"]}
    assert ids <= {"evidence-1", "evidence-2"} and "evidence-1" in ids
    assert body["alignscore"] < FACT_CHECK_THRESHOLD


# Issue 58 §2: an answer the detector could not check — empty, blank, another language — must not pass the rail by
# default. NeMo reads no score (null) as "not set up" and passes the answer (or asks its LLM), so it gets 0.0, which the
# rail blocks; ?unchecked=pass gives it 1.0. The reason is in the response.
FRENCH = "Marie Curie est née à Varsovie en 1867. En 1903, elle a partagé le prix Nobel de physique avec Pierre Curie."
UNCHECKED = {"empty": ("", "empty answer"), "whitespace": (" \n\t ", "empty answer"), "french": (FRENCH, "'fr'")}


@pytest.mark.parametrize(("claim", "reason"), list(UNCHECKED.values()), ids=list(UNCHECKED))
def test_the_rail_blocks_an_answer_not_checked_unless_told_to_pass_it(service, claim, reason):
    url = f"{service}/alignscore_large"
    body = httpx.post(url, json={"evidence": EVIDENCE, "claim": claim}).json()
    assert body["report"]["verdict"] == "not_checked" and body["report"]["score"] is None
    assert body["alignscore"] == 0.0 and body["passes"] is False
    assert reason in body["reason"] and "blocked" in body["reason"]
    assert rail_decision(url, EVIDENCE, claim) == "block"
    assert rail_decision(f"{url}?detector=grounding", EVIDENCE, claim) == "block"
    lenient = httpx.post(f"{url}?unchecked=pass", json={"evidence": EVIDENCE, "claim": claim}).json()
    assert lenient["alignscore"] == 1.0 and lenient["passes"] is True and reason in lenient["reason"]
    assert rail_decision(f"{url}?unchecked=pass", EVIDENCE, claim) == "allow"


def test_a_checked_answer_says_whether_it_passes_and_why(service):
    wrong = httpx.post(f"{service}/v1/alignscore?unchecked=pass", json={"evidence": EVIDENCE, "claim": WRONG}).json()
    assert wrong["passes"] is False and wrong["alignscore"] < FACT_CHECK_THRESHOLD
    assert wrong["reason"].startswith("not supported: ") and "'Kraków'" in wrong["reason"]
    right = httpx.post(f"{service}/v1/alignscore", json={"evidence": EVIDENCE, "claim": RIGHT}).json()
    assert right["passes"] is True and right["reason"].startswith("supported: ")


def test_an_unknown_unchecked_policy_is_a_problem(service):
    response = httpx.post(f"{service}/alignscore_large?unchecked=allow", json={"evidence": EVIDENCE, "claim": WRONG})
    assert response.status_code == 422 and "unchecked" in response.text


def test_the_endpoint_url_may_name_the_detector(service):
    assert rail_decision(f"{service}/alignscore_large?detector=grounding", EVIDENCE, WRONG) == "block"
    response = httpx.post(f"{service}/alignscore_large?detector=nope", json={"evidence": EVIDENCE, "claim": WRONG})
    assert response.status_code == 422 and response.json()["code"] == "unknown_detector"


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"evidence": EVIDENCE, "claim": None}, 422, "claim"),
        ({"evidence": EVIDENCE}, 422, "claim"),
        ({"evidence": "  ", "claim": WRONG}, 422, "evidence"),
        ({"evidence": [], "claim": WRONG}, 422, "evidence"),
        ({"evidence": [{"text": "x"}], "claim": WRONG}, 422, "evidence"),
    ],
)
def test_a_bad_body_is_a_problem_naming_the_field(service, body, status, field):
    response = httpx.post(f"{service}/alignscore_large", json=body)
    assert response.status_code == status, response.text
    problem = response.json()
    assert response.headers["content-type"] == "application/problem+json"
    assert problem["field"].startswith(field), problem


def test_the_rails_own_action_blocks_and_allows(service):
    """nemoguardrails' own action, where the package is importable (it is not in `make test`: see the module doc)."""
    pytest.importorskip("nemoguardrails", reason="nemoguardrails is not installed (see this module's docstring)")
    import asyncio

    from nemoguardrails.library.factchecking.align_score.request import alignscore_request as nemo_request

    url = f"{service}/alignscore_large"
    assert asyncio.run(nemo_request(url, EVIDENCE, WRONG)) < FACT_CHECK_THRESHOLD
    assert asyncio.run(nemo_request(url, EVIDENCE, RIGHT)) >= FACT_CHECK_THRESHOLD
    assert asyncio.run(nemo_request(url, EVIDENCE, "")) < FACT_CHECK_THRESHOLD
    assert asyncio.run(nemo_request(f"{url}?unchecked=pass", EVIDENCE, "")) >= FACT_CHECK_THRESHOLD
