"""VeracityGuard in real LangChain chains (issue 54 §1): langchain-core's fake chat model, an in-memory retriever over
deterministic fake embeddings, the real `grounding` detector; no network, nothing of LangChain mocked."""

import asyncio
import json

import pytest

pytest.importorskip("langchain_core", reason="the langchain extra is not installed: pip install 'veracity[langchain]'")

from langchain_core.documents import Document as LangChainDocument
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.messages import AIMessage
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnablePassthrough
from langchain_core.vectorstores import InMemoryVectorStore

from veracity import load_detector
from veracity.errors import ConfigError, InputError
from veracity.integrations import HallucinatedAnswerError
from veracity.integrations.langchain import VeracityGuard, documents_of
from veracity.schema import Document

QUESTION = "Where was Marie Curie born, and which Nobel Prize did she share in 1903?"
WRONG = "Marie Curie was born in Kraków in 1867. In 1903 she shared the Nobel Prize in Physics."
RIGHT = "Marie Curie was born in Warsaw in 1867. In 1903 she shared the Nobel Prize in Physics."
SOURCES = [
    LangChainDocument(
        page_content="Maria Skłodowska, later Marie Curie, was born in Warsaw on 7 November 1867.",
        metadata={"id": "warsaw", "title": "Early life"},
    ),
    LangChainDocument(
        page_content="In 1903 Marie Curie shared the Nobel Prize in Physics with Pierre Curie and Henri Becquerel.",
        metadata={"source": "nobel.txt"},
    ),
]


@pytest.fixture(scope="module")
def detector():
    return load_detector("grounding")


def rag_chain(answer):
    """A retrieval chain as LangChain's RAG tutorial builds one: {question, context, answer} out."""
    retriever = InMemoryVectorStore.from_documents(SOURCES, DeterministicFakeEmbedding(size=16)).as_retriever(
        search_kwargs={"k": 2}
    )
    prompt = ChatPromptTemplate.from_template("Answer from the context only.\n{context}\n\nQuestion: {question}")
    llm = FakeListChatModel(responses=[answer])
    return {"context": retriever, "question": RunnablePassthrough()} | RunnablePassthrough.assign(
        answer=prompt | llm | StrOutputParser()
    )


def comparable(report):
    return {k: v for k, v in json.loads(report.model_dump_json()).items() if k != "timings_ms"}


def expected_report(detector, answer):
    return detector.detect(answer, documents_of(SOURCES), QUESTION)


def test_invoke_attaches_detects_report_to_the_chains_output(detector):
    out = (rag_chain(WRONG) | VeracityGuard(detector)).invoke(QUESTION)
    assert set(out) == {"question", "context", "answer", "veracity"} and out["answer"] == WRONG
    report = out["veracity"]
    assert report.verdict == "hallucinated" and [s.text for s in report.hallucinated_spans] == ["Kraków"]
    assert comparable(report) == comparable(expected_report(detector, WRONG))
    assert {e.document_id for s in report.sentences for e in s.evidence} <= {"warsaw", "nobel.txt"}


def test_documents_take_page_content_and_an_id_from_metadata():
    assert documents_of(SOURCES) == [
        Document(id="warsaw", text=SOURCES[0].page_content, title="Early life"),
        Document(id="nobel.txt", text=SOURCES[1].page_content),
    ]
    mixed = documents_of(["plain text", {"page_content": "a dict", "metadata": {"id": 7}}, LangChainDocument("x")])
    assert [(d.id, d.text) for d in mixed] == [("doc-1", "plain text"), ("7", "a dict"), ("doc-3", "x")]
    repeated = documents_of([LangChainDocument("a", metadata={"source": "f.txt"})] * 2)
    assert [d.id for d in repeated] == ["f.txt", "f.txt#2"]
    assert documents_of("one joined context") == [Document(id="context", text="one joined context")]


@pytest.mark.parametrize("bad", [b"bytes", {"metadata": {}}, 42])
def test_a_document_that_is_not_text_is_refused_by_name(detector, bad):
    with pytest.raises(InputError, match=r"context document 1 is .*, not text"):
        VeracityGuard(detector).invoke({"question": QUESTION, "answer": RIGHT, "context": [SOURCES[0], bad]})


def test_missing_keys_name_what_was_looked_for_and_found(detector):
    with pytest.raises(InputError) as missing:
        VeracityGuard(detector).invoke({"question": QUESTION, "answer": RIGHT})
    assert str(missing.value) == (
        "VeracityGuard found no context in the chain's output: looked for 'context', 'documents', "
        "'source_documents'; it has 'question', 'answer'"
    )
    with pytest.raises(InputError, match="looked for 'reply'; it has 'question', 'context'"):
        VeracityGuard(detector, answer_key="reply").invoke({"question": QUESTION, "context": SOURCES})


def test_the_policies(detector):
    chain_out = {"input": QUESTION, "context": SOURCES, "answer": WRONG}  # create_retrieval_chain's keys
    with pytest.raises(HallucinatedAnswerError) as refused:
        VeracityGuard(detector, policy="raise").invoke(chain_out)
    assert refused.value.report.verdict == "hallucinated" and "'Kraków'" in str(refused.value)
    assert refused.value.report.question == QUESTION
    passed = VeracityGuard(detector, policy="raise").invoke({**chain_out, "answer": RIGHT})
    assert passed["veracity"].verdict == "faithful" and passed["answer"] == RIGHT
    replaced = VeracityGuard(detector, policy="replace", fallback="No supported answer.").invoke(chain_out)
    assert replaced["answer"] == "No supported answer." and replaced["veracity"].answer == WRONG
    kept = VeracityGuard(detector, policy="replace").invoke({**chain_out, "answer": RIGHT})
    assert kept["answer"] == RIGHT


def test_a_chat_message_answer_is_read_as_its_text(detector):
    out = VeracityGuard(detector).invoke({"question": QUESTION, "context": SOURCES, "answer": AIMessage(WRONG)})
    assert out["veracity"].answer == WRONG and out["veracity"].verdict == "hallucinated"


def test_batch_and_ainvoke_give_invokes_results(detector):
    guard = VeracityGuard(detector)
    inputs = [{"question": QUESTION, "context": SOURCES, "answer": a} for a in (WRONG, RIGHT)]
    singles = [guard.invoke(i)["veracity"] for i in inputs]
    batched = [out["veracity"] for out in guard.batch(inputs)]
    awaited = [asyncio.run(guard.ainvoke(i))["veracity"] for i in inputs]
    assert [r.verdict for r in singles] == ["hallucinated", "faithful"]
    assert [comparable(r) for r in batched] == [comparable(r) for r in awaited] == [comparable(r) for r in singles]


def collect_async(chain, value):
    async def run():
        return [chunk async for chunk in chain.astream(value)]

    return asyncio.run(run())


def test_astream_checks_sentences_as_they_complete_while_the_answer_streams(detector):
    chunks = collect_async(rag_chain(WRONG) | VeracityGuard(detector), QUESTION)
    kinds = [next(iter(c)) if len(c) == 1 else "other" for c in chunks]
    first_reading = kinds.index("veracity_sentences")
    last_answer = len(kinds) - 1 - kinds[::-1].index("answer")
    assert first_reading < last_answer, "the first sentence was read only after the whole answer had streamed"
    total = added(chunks)
    assert total["answer"] == WRONG and total["question"] == QUESTION
    readings = total["veracity_sentences"]
    assert [r.sentence.text for r in readings] == [
        "Marie Curie was born in Kraków in 1867.",
        "In 1903 she shared the Nobel Prize in Physics.",
    ]
    assert [r.hallucinated for r in readings] == [True, False] and not readings[-1].partial
    assert comparable(total["veracity"]) == comparable(expected_report(detector, WRONG))


def added(chunks):
    total = chunks[0]
    for chunk in chunks[1:]:
        total = total + chunk
    return total


def test_stream_gives_what_astream_gives(detector):
    sync = list((rag_chain(WRONG) | VeracityGuard(detector)).stream(QUESTION))
    total = added(sync)
    assert (
        total["veracity_sentences"]
        == added(collect_async(rag_chain(WRONG) | VeracityGuard(detector), QUESTION))["veracity_sentences"]
    )
    assert comparable(total["veracity"]) == comparable(expected_report(detector, WRONG))
    assert any("answer" in c for c in sync[sync.index(next(c for c in sync if "veracity_sentences" in c)) :])


def test_a_streamed_replace_holds_the_answer_back_until_the_report(detector):
    chunks = collect_async(rag_chain(WRONG) | VeracityGuard(detector, policy="replace", fallback="No."), QUESTION)
    assert all("answer" not in c for c in chunks[:-1])
    assert chunks[-1]["answer"] == "No." and chunks[-1]["veracity"].verdict == "hallucinated"


def test_a_streamed_raise_raises_after_the_readings(detector):
    chain = rag_chain(WRONG) | VeracityGuard(detector, policy="raise")
    seen = []

    async def run():
        async for chunk in chain.astream(QUESTION):
            seen.append(chunk)

    with pytest.raises(HallucinatedAnswerError):
        asyncio.run(run())
    assert any("veracity_sentences" in c for c in seen)


def test_a_stream_without_context_is_an_error_naming_the_keys(detector):
    with pytest.raises(InputError, match=r"found no context .* it has 'question', 'answer'"):
        list(VeracityGuard(detector).stream({"question": QUESTION, "answer": WRONG}))


# Issue 58 §2: an answer the detector could not check — empty, blank, another language — does not pass a guard by
# default, under every policy; unchecked="pass" lets it through. The reason (the report's note) is in what it returns.
FRENCH = "Marie Curie est née à Varsovie en 1867. En 1903, elle a partagé le prix Nobel de physique avec Pierre Curie."
UNCHECKED = {"empty": ("", "empty answer"), "whitespace": (" \n\t ", "empty answer"), "french": (FRENCH, "'fr'")}
unchecked_answers = pytest.mark.parametrize(("answer", "reason"), list(UNCHECKED.values()), ids=list(UNCHECKED))


@unchecked_answers
def test_an_answer_not_checked_is_blocked_by_default_under_each_policy(detector, answer, reason):
    chain = rag_chain(answer)
    with pytest.raises(HallucinatedAnswerError) as refused:
        (chain | VeracityGuard(detector, policy="raise")).invoke(QUESTION)
    from veracity.integrations import UncheckedAnswerError

    assert isinstance(refused.value, UncheckedAnswerError) and reason in str(refused.value)
    assert refused.value.report.verdict == "not_checked" and "unchecked='pass'" in str(refused.value)
    replaced = (chain | VeracityGuard(detector, policy="replace", fallback="No checked answer.")).invoke(QUESTION)
    assert replaced["answer"] == "No checked answer." and replaced["veracity"].answer == answer
    assert any(reason in note for note in replaced["veracity"].notes)
    guard = VeracityGuard(detector)
    annotated = (chain | guard).invoke(QUESTION)
    assert annotated["answer"] == answer and annotated["veracity"].verdict == "not_checked"
    assert any(reason in note for note in annotated["veracity"].notes) and guard.passes(annotated["veracity"]) is False


@unchecked_answers
def test_unchecked_pass_lets_an_answer_not_checked_through(detector, answer, reason):
    chain = rag_chain(answer)
    for policy in ("raise", "replace", "annotate"):
        guard = VeracityGuard(detector, policy=policy, unchecked="pass", fallback="No checked answer.")
        out = (chain | guard).invoke(QUESTION)
        assert out["answer"] == answer and out["veracity"].verdict == "not_checked", policy
        assert any(reason in note for note in out["veracity"].notes) and guard.passes(out["veracity"]) is True
    # what is checked is gated as before: a hallucinated answer is still refused
    with pytest.raises(HallucinatedAnswerError):
        (rag_chain(WRONG) | VeracityGuard(detector, policy="raise", unchecked="pass")).invoke(QUESTION)


@unchecked_answers
def test_a_streamed_answer_not_checked_is_blocked_by_default_and_passed_with_pass(detector, answer, reason):
    from veracity.integrations import UncheckedAnswerError

    chain_out = {"question": QUESTION, "context": SOURCES, "answer": answer}
    with pytest.raises(UncheckedAnswerError, match=reason):
        list(VeracityGuard(detector, policy="raise").stream(chain_out))
    chunks = list(VeracityGuard(detector, policy="replace", fallback="No checked answer.").stream(chain_out))
    assert all("answer" not in c for c in chunks[:-1])
    assert chunks[-1]["answer"] == "No checked answer." and chunks[-1]["veracity"].verdict == "not_checked"
    assert list(VeracityGuard(detector, policy="raise", unchecked="pass").stream(chain_out))[-1]["veracity"].notes
    passed = list(VeracityGuard(detector, policy="replace", unchecked="pass").stream(chain_out))
    assert passed[-1]["answer"] == answer


def test_a_french_answer_streamed_through_a_chain_is_replaced(detector):
    chunks = collect_async(rag_chain(FRENCH) | VeracityGuard(detector, policy="replace", fallback="No."), QUESTION)
    assert all("answer" not in c for c in chunks[:-1]) and chunks[-1]["answer"] == "No."
    assert chunks[-1]["veracity"].verdict == "not_checked"


def test_an_unknown_unchecked_policy_is_refused():
    with pytest.raises(ConfigError, match="unknown unchecked policy 'allow'; choose block"):
        VeracityGuard("grounding", unchecked="allow")
