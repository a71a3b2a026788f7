"""VeracityEvaluator in LlamaIndex (issue 54 §2): its BatchEvalRunner over a real query engine (an in-memory vector
index over mock embeddings, MockLLM), the real `grounding` detector; no network, nothing of LlamaIndex mocked."""

import asyncio

import pytest

pytest.importorskip(
    "llama_index.core", reason="the llama-index extra is not installed: pip install 'veracity[llama-index]'"
)

from llama_index.core import Document as LlamaDocument
from llama_index.core import PromptTemplate, VectorStoreIndex
from llama_index.core.base.response.schema import Response
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.evaluation import BaseEvaluator, BatchEvalRunner, EvaluationResult
from llama_index.core.llms import MockLLM

from veracity import load_detector
from veracity.errors import ConfigError, InputError
from veracity.integrations.llama_index import VeracityEvaluator, VeracityResult
from veracity.schema import Document

QUESTION = "Where was Marie Curie born, and which Nobel Prize did she share in 1903?"
WRONG = "Marie Curie was born in Kraków in 1867. In 1903 she shared the Nobel Prize in Physics."
RIGHT = "Marie Curie was born in Warsaw in 1867. In 1903 she shared the Nobel Prize in Physics."
TEXTS = [
    "Maria Skłodowska, later Marie Curie, was born in Warsaw on 7 November 1867.",
    "In 1903 Marie Curie shared the Nobel Prize in Physics with Pierre Curie and Henri Becquerel.",
]


@pytest.fixture(scope="module")
def detector():
    return load_detector("grounding")


@pytest.fixture(scope="module")
def evaluator(detector):
    return VeracityEvaluator(detector)


def query_engine(answer):
    """A query engine as LlamaIndex's starter builds one, offline: MockLLM echoes its prompt, so a prompt template
    holding only ``answer`` makes it answer that."""
    documents = [
        LlamaDocument(text=TEXTS[0], metadata={"file_name": "warsaw.txt"}),
        LlamaDocument(text=TEXTS[1], metadata={"file_name": "nobel.txt"}),
    ]
    index = VectorStoreIndex.from_documents(documents, embed_model=MockEmbedding(embed_dim=8))
    return index.as_query_engine(llm=MockLLM(), similarity_top_k=2, text_qa_template=PromptTemplate(answer))


def context_documents():
    return [Document(id=f"context-{i + 1}", text=text) for i, text in enumerate(TEXTS)]


def test_it_is_an_evaluator_and_its_result_an_evaluation_result(evaluator):
    result = evaluator.evaluate(query=QUESTION, response=WRONG, contexts=TEXTS)
    assert isinstance(evaluator, BaseEvaluator) and isinstance(result, EvaluationResult)
    assert evaluator.get_prompts() == {}


def test_an_unsupported_answer_fails_with_its_words_and_evidence(evaluator, detector):
    result = evaluator.evaluate(query=QUESTION, response=WRONG, contexts=TEXTS)
    report = detector.detect(WRONG, context_documents(), QUESTION)
    assert result.report.model_dump(exclude={"timings_ms"}) == report.model_dump(exclude={"timings_ms"})
    assert result.passing is False and result.invalid_result is False
    assert result.score == pytest.approx(1 - report.score)
    assert (result.query, result.response, result.contexts) == (QUESTION, WRONG, TEXTS)
    head, line = result.feedback.splitlines()
    assert head.startswith(f"not supported: P(supported) {1 - report.score:.2f}")
    assert line == (
        f'"Marie Curie was born in Kraków in 1867.": unsupported \'Kraków\'; the sources say "{TEXTS[0]}" [context-1]'
    )


def test_a_supported_answer_passes(evaluator):
    result = evaluator.evaluate(query=QUESTION, response=RIGHT, contexts=TEXTS)
    assert result.passing is True and result.score == pytest.approx(1 - result.report.score)
    assert result.score > 0.5 and result.feedback.startswith("supported: ")
    assert "context-1" in result.feedback and "context-2" in result.feedback


# Issue 58 §2: an answer the detector could not check — empty, blank, another language — does not pass by default;
# unchecked="pass" lets it through. It has no score either way, and the feedback gives the reason.
FRENCH = "Marie Curie est née à Varsovie en 1867. En 1903, elle a partagé le prix Nobel de physique avec Pierre Curie."
UNCHECKED = {"empty": ("", "empty answer"), "whitespace": (" \n\t ", "empty answer"), "french": (FRENCH, "'fr'")}
unchecked_answers = pytest.mark.parametrize(("answer", "reason"), list(UNCHECKED.values()), ids=list(UNCHECKED))


@unchecked_answers
def test_an_answer_not_checked_does_not_pass_by_default_and_says_why(evaluator, answer, reason):
    result = evaluator.evaluate(query=QUESTION, response=answer, contexts=TEXTS)
    assert result.report.verdict == "not_checked"
    assert (result.passing, result.score, result.invalid_result) == (False, None, True)
    assert result.invalid_reason == result.feedback and result.feedback.startswith("not checked: ")
    assert reason in result.feedback and "blocked" in result.feedback and "unchecked='pass'" in result.feedback


@unchecked_answers
def test_unchecked_pass_makes_an_answer_not_checked_passing(detector, answer, reason):
    lenient = VeracityEvaluator(detector, unchecked="pass")
    result = lenient.evaluate(query=QUESTION, response=answer, contexts=TEXTS)
    assert (result.passing, result.score, result.invalid_result) == (True, None, True)
    assert reason in result.feedback and "passed" in result.feedback
    assert lenient.evaluate(query=QUESTION, response=WRONG, contexts=TEXTS).passing is False


# BatchEvalRunner's constructor calls its own deprecated asyncio_module() (llama-index-core 0.14.25).
@pytest.mark.filterwarnings(r"ignore:asyncio_module\(\) is deprecated:DeprecationWarning")
def test_batch_eval_runner_counts_answers_not_checked_as_not_passing(evaluator, detector):
    answers = [RIGHT, *(answer for answer, _ in UNCHECKED.values())]

    def passing(evaluator):
        runner = BatchEvalRunner({"veracity": evaluator}, workers=2)
        results = asyncio.run(
            runner.aevaluate_response_strs(
                queries=[QUESTION] * len(answers), response_strs=answers, contexts_list=[TEXTS] * len(answers)
            )
        )
        return [r.passing for r in results["veracity"]]

    assert passing(evaluator) == [True, False, False, False]
    assert passing(VeracityEvaluator(detector, unchecked="pass")) == [True, True, True, True]


def test_an_unknown_unchecked_policy_is_refused(detector):
    with pytest.raises(ConfigError, match="unknown unchecked policy 'allow'; choose block"):
        VeracityEvaluator(detector, unchecked="allow")


@pytest.mark.parametrize(
    ("kwargs", "looked_for"),
    [
        ({"response": WRONG}, "looked for the contexts argument; got None"),
        ({"response": WRONG, "contexts": []}, "looked for the contexts argument; got []"),
        ({"response": WRONG, "contexts": TEXTS[0]}, "looked for the contexts argument; got a str"),
        ({"contexts": TEXTS}, "looked for the response argument; got None"),
    ],
)
def test_a_missing_response_or_context_names_what_it_looked_for(evaluator, kwargs, looked_for):
    with pytest.raises(InputError, match=looked_for.replace("[", r"\[").replace("]", r"\]")):
        evaluator.evaluate(query=QUESTION, **kwargs)


def test_a_context_that_is_not_text_is_named(evaluator):
    with pytest.raises(InputError, match="context 1 is bytes, not text"):
        evaluator.evaluate(response=WRONG, contexts=[TEXTS[0], b"bytes"])


def test_a_response_is_read_against_its_own_source_nodes_named_by_file(evaluator):
    response = query_engine(WRONG).query(QUESTION)
    assert response.response == WRONG
    result = evaluator.evaluate_response(query=QUESTION, response=response)
    assert result.passing is False
    assert {e.document_id for s in result.report.sentences for e in s.evidence} <= {"warsaw.txt", "nobel.txt"}
    assert "[warsaw.txt]" in result.feedback
    with pytest.raises(InputError, match="looked for the Response's source_nodes; it has none"):
        evaluator.evaluate_response(query=QUESTION, response=Response(response=WRONG, source_nodes=[]))
    with pytest.raises(InputError, match="looked for the Response's response text; got None"):
        evaluator.evaluate_response(
            query=QUESTION, response=Response(response=None, source_nodes=response.source_nodes)
        )


# BatchEvalRunner's constructor calls its own deprecated asyncio_module() (llama-index-core 0.14.25). Its async
# methods are used: the sync ones run them with llama-index's asyncio_run, which leaves an event loop open.
@pytest.mark.filterwarnings(r"ignore:asyncio_module\(\) is deprecated:DeprecationWarning")
def test_batch_eval_runner_over_a_query_engine_and_over_strings(evaluator):
    runner = BatchEvalRunner({"veracity": evaluator}, workers=2)
    engine = query_engine(WRONG)
    over_engine = asyncio.run(runner.aevaluate_queries(engine, queries=[QUESTION, "Who was born in 1867?"]))
    assert [r.passing for r in over_engine["veracity"]] == [False, False]
    over_strings = asyncio.run(
        runner.aevaluate_response_strs(
            queries=[QUESTION, QUESTION], response_strs=[WRONG, RIGHT], contexts_list=[TEXTS, TEXTS]
        )
    )
    results = over_strings["veracity"]
    assert all(isinstance(r, VeracityResult) for r in results)
    assert [r.passing for r in results] == [False, True]
    assert [r.score for r in results] == pytest.approx(
        [evaluator.evaluate(QUESTION, a, TEXTS).score for a in (WRONG, RIGHT)]
    )


def test_aevaluate_in_a_running_loop(evaluator):
    async def both():
        return await asyncio.gather(
            evaluator.aevaluate(QUESTION, WRONG, TEXTS), evaluator.aevaluate(QUESTION, RIGHT, TEXTS)
        )

    assert [r.passing for r in asyncio.run(both())] == [False, True]

    async def sync_inside_a_loop():
        return evaluator.evaluate(QUESTION, WRONG, TEXTS)

    assert asyncio.run(sync_inside_a_loop()).passing is False
