"""LEAP's toolbox (Table 11): what the actor may call, each call bounded in time, nothing reaching the network.

- ``web_search(query)``: a :class:`SearchBackend`: the example's own context (:class:`ContextSearch`), a
  ``veracity index`` (:class:`IndexSearch`) or a user's HTTP service (:class:`HTTPSearch`); never the open web;
- ``calculator(formula)``: :func:`~veracity.detectors.leap.sandbox.calculator`, an AST walk;
- ``code_interpreter(code)``: :func:`~veracity.detectors.leap.sandbox.run_code`, the sandbox;
- ``word_count(length, text)``: (words, words <= length);
- ``match(sentence, context)``: the verifier (the same NLI model as the other detectors): P(entailment) of the
  sentence against the context; with no context, against the example's documents and everything searched so far,
  chunk by chunk (the best chunk decides);
- ``split_text(text)``: the project's sentence splitter;
- ``get_answer(label, evidence)``: ends the run with ``hallucinated`` or ``faithful``.

Decisions of ours around ``match`` (the paper leaves them open):

- ``context`` may be omitted: a 1.5B actor copying a page of context into a tool call is slow and error-prone, and
  the documents are already in the state.
- A ``context`` that is not text of the documents or of the search results is not used (the sources are matched
  instead, and the observation says so): otherwise an agent could "verify" a sentence against words it made up.
- A short sentence (fewer than ``short_words`` words) with a question in the state is stated with the question,
  ``The answer to "{question}" is: {sentence}``, as the ``verifier`` detector states short answers: a bare
  fragment such as "the French Revolution" is not a claim an NLI model can judge.

Every call returns a :class:`ToolOutcome`; a tool that raises or runs out of time gives an observation that says
so, and the agent goes on.
"""

from __future__ import annotations

import ast
import dataclasses
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from veracity.detectors.leap.sandbox import SandboxLimits, calculator, run_code
from veracity.errors import BackendError, InputError
from veracity.models.embedder import Embedder
from veracity.models.pair_scorer import ENTAILMENT, PairScorer
from veracity.schema import Document
from veracity.text.chunk import chunk_sentences
from veracity.text.split import SentenceSplitter
from veracity.text.tokens import RegexTokenizer

__all__ = [
    "TOOL_NAMES",
    "ContextSearch",
    "HTTPSearch",
    "IndexSearch",
    "SearchBackend",
    "ToolCall",
    "ToolOutcome",
    "Toolbox",
    "action_schema",
    "parse_action",
]

TOOL_NAMES = ("web_search", "calculator", "code_interpreter", "word_count", "match", "split_text", "get_answer")
LABELS = ("hallucinated", "faithful")
TEMPLATE = 'The answer to "{question}" is: {answer}'  # the verifier detector's question_template

# Argument names and JSON types per tool; the first ``required`` of them must be given.
_ARGUMENTS: dict[str, tuple[dict[str, dict[str, Any]], tuple[str, ...]]] = {
    "web_search": ({"query": {"type": "string", "maxLength": 300}}, ("query",)),
    "calculator": ({"formula": {"type": "string", "maxLength": 300}}, ("formula",)),
    "code_interpreter": ({"code": {"type": "string", "maxLength": 2000}}, ("code",)),
    "word_count": ({"length": {"type": "integer"}, "text": {"type": "string", "maxLength": 2000}}, ("length", "text")),
    "match": (
        {"sentence": {"type": "string", "maxLength": 600}, "context": {"type": "string", "maxLength": 1000}},
        ("sentence",),
    ),
    "split_text": ({"text": {"type": "string", "maxLength": 2000}}, ("text",)),
    "get_answer": (
        {"label": {"enum": list(LABELS)}, "evidence": {"type": "string", "maxLength": 240}},
        ("label",),
    ),
}

TOOL_DESCRIPTIONS = {
    "web_search": "web_search(query) -> passages from the search backend about the query",
    "calculator": "calculator(formula) -> the value of an arithmetic formula",
    "code_interpreter": "code_interpreter(code) -> whether a Python snippet ran, and its output",
    "word_count": "word_count(length, text) -> (number of words, whether it is at most length)",
    "match": "match(sentence, context?) -> whether the context (default: the documents and search results) "
    "supports the sentence",
    "split_text": "split_text(text) -> the text's sentences, numbered",
    "get_answer": "get_answer(label, evidence) -> ends the check; label is hallucinated or faithful",
}


@dataclass(frozen=True)
class ToolCall:
    """One action: a tool name and its keyword arguments."""

    tool: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ToolOutcome:
    """What a call gave: the observation shown to the agent, whether it worked, and how long it took."""

    observation: str
    ok: bool
    elapsed_ms: float
    label: str | None = None  # set by get_answer only
    evidence: str = ""
    supported: bool | None = None  # set by match only


def action_schema(tools: Sequence[str] = TOOL_NAMES, thought_chars: int = 240) -> dict[str, Any]:
    """The JSON schema of one actor step: ``{"thought", "tool", "args"}``, one branch per tool.

    Constrained decoding against it makes a malformed action impossible for backends with grammars (llama.cpp);
    for the others the reply is still checked by :meth:`Toolbox.check`.
    """
    branches = []
    for name in tools:
        properties, required = _ARGUMENTS[name]
        branches.append(
            {
                "type": "object",
                "properties": {
                    "thought": {"type": "string", "maxLength": thought_chars},
                    "tool": {"const": name},
                    "args": {
                        "type": "object",
                        "properties": properties,
                        "required": list(required),
                        "additionalProperties": False,
                    },
                },
                "required": ["thought", "tool", "args"],
                "additionalProperties": False,
            }
        )
    return {"anyOf": branches}


def parse_action(text: str) -> ToolCall:
    """A call written as Python, ``match(sentence="...")`` or ``get_answer("faithful")``, as a :class:`ToolCall`.

    Only literal arguments are read (``ast.literal_eval``); positional ones take the tool's argument names in order.
    Used to repair replies of models that write the action as code instead of JSON.

    Raises:
        ValueError: not a single call of a known tool with literal arguments.
    """
    stripped = text.strip()
    if stripped.lower().startswith("action:"):
        stripped = stripped[len("action:") :]
    stripped = stripped.strip().strip("`").strip()
    try:
        node = ast.parse(stripped, mode="eval").body
    except SyntaxError as exc:
        raise ValueError(f"not a tool call: {stripped[:80]!r}") from exc
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise ValueError(f"not a tool call: {stripped[:80]!r}")
    name = node.func.id
    if name not in _ARGUMENTS:
        raise ValueError(f"unknown tool {name!r}; tools are {', '.join(TOOL_NAMES)}")
    names = list(_ARGUMENTS[name][0])
    if len(node.args) > len(names):
        raise ValueError(f"{name} takes at most {len(names)} arguments")
    args: dict[str, Any] = {}
    try:
        for position, value in enumerate(node.args):
            args[names[position]] = ast.literal_eval(value)
        for keyword in node.keywords:
            if keyword.arg is None:
                raise ValueError("**kwargs are not allowed")
            args[keyword.arg] = ast.literal_eval(keyword.value)
    except (ValueError, SyntaxError) as exc:
        raise ValueError(f"{name}: arguments must be literals ({exc})") from exc
    return ToolCall(name, args)


@runtime_checkable
class SearchBackend(Protocol):
    """Where ``web_search`` looks. Implement ``search`` to plug in another engine."""

    name: str

    def search(self, query: str, k: int) -> list[str]:
        """Up to ``k`` passages for ``query``, best first.

        Raises:
            BackendError: the backend failed (the agent sees the message and goes on).
        """
        ...


class ContextSearch:
    """Dense search over the example's own documents (and any extra passages): the default, fully offline.

    Documents are cut into chunks of whole sentences of at most ``chunk_words`` words; a query returns the chunks
    with the highest cosine similarity under ``embedder``.
    """

    name = "context"

    def __init__(
        self,
        embedder: Embedder,
        documents: Sequence[Document],
        extra_passages: Sequence[str] = (),
        splitter: SentenceSplitter | None = None,
        chunk_words: int = 60,
    ) -> None:
        splitter = splitter or SentenceSplitter("rules")
        tokenizer = RegexTokenizer()
        passages: list[str] = []
        for document in documents:
            sentences = splitter.split(document.text)
            passages.extend(c.text for c in chunk_sentences(document.text, sentences, tokenizer, chunk_words))
        passages.extend(p for p in extra_passages if p.strip())
        self.passages = passages
        self._embedder = embedder
        self._vectors = embedder.embed(passages) if passages else None

    def search(self, query: str, k: int) -> list[str]:
        """The ``k`` chunks closest to ``query``."""
        if self._vectors is None or not query.strip():
            return []
        scores = self._vectors @ self._embedder.embed([query])[0]
        order = np.argsort(-scores, kind="stable")[:k]
        return [self.passages[int(i)] for i in order]


class IndexSearch:
    """A persistent ``veracity index`` (:class:`~veracity.stages.retrieve.knowledge.KnowledgeIndex`)."""

    name = "index"

    def __init__(self, index: Any, mode: str = "hybrid") -> None:
        self._index = index
        self._mode = mode

    def search(self, query: str, k: int) -> list[str]:
        """The index's top ``k`` passages."""
        return [hit.passage.text for hit in self._index.search(query, k=k, mode=self._mode)]


class HTTPSearch:
    """A search service of the user's: ``POST url`` with ``{"query": ..., "k": ...}``.

    The service answers ``{"results": [{"text": ...}, ...]}`` or a bare list of strings. Nothing in veracity calls
    it unless a user configures it; an API key, if given, is sent as a bearer token.
    """

    name = "http"

    def __init__(self, url: str, api_key: str | None = None, timeout: float = 10.0) -> None:
        if not url.startswith(("http://", "https://")):
            raise InputError(f"search URL must start with http:// or https://, got {url!r}")
        self.url = url
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._timeout = timeout

    def search(self, query: str, k: int) -> list[str]:
        """The service's passages for ``query``.

        Raises:
            BackendError: the service is down or answered something else.
        """
        import httpx

        try:
            response = httpx.post(self.url, json={"query": query, "k": k}, headers=self._headers, timeout=self._timeout)
            response.raise_for_status()
            body = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise BackendError(f"search service {self.url} failed: {exc}") from exc
        items = body.get("results") if isinstance(body, dict) else body
        if not isinstance(items, list):
            raise BackendError(f"search service {self.url} answered without a results list")
        texts = [item.get("text") if isinstance(item, dict) else item for item in items]
        return [t for t in texts if isinstance(t, str)][:k]


class Toolbox:
    """The tools of one example: its documents, its search backend and the verifier.

    Args:
        scorer: the NLI pair scorer ``match`` uses.
        documents: the example's context.
        search: the ``web_search`` backend; None disables the tool (its calls say so).
        threshold: ``match`` is True iff P(entailment) >= threshold.
        time_budget_s: wall-clock limit per call; a call over it is reported as timed out.
        search_k: passages per search.
        chunk_words: size of the context chunks ``match`` scores.
        sandbox: the code sandbox's limits (its wall clock is capped by the time budget).
        observation_chars: observations are cut to this many characters.
    """

    def __init__(
        self,
        scorer: PairScorer,
        documents: Sequence[Document],
        search: SearchBackend | None,
        threshold: float = 0.5,
        time_budget_s: float = 20.0,
        search_k: int = 3,
        chunk_words: int = 200,
        sandbox: SandboxLimits | None = None,
        splitter: SentenceSplitter | None = None,
        observation_chars: int = 1200,
        question: str | None = None,
        short_words: int = 6,
    ) -> None:
        self.scorer = scorer
        self.documents = list(documents)
        self.search_backend = search
        self.threshold = threshold
        self.time_budget_s = time_budget_s
        self.search_k = search_k
        self.chunk_words = chunk_words
        limits = sandbox or SandboxLimits()
        self.sandbox = dataclasses.replace(limits, wall_seconds=min(limits.wall_seconds, time_budget_s))
        self.splitter = splitter or SentenceSplitter("rules")
        self.observation_chars = observation_chars
        self.question = question.strip() if question and question.strip() else None
        self.short_words = short_words
        self.found: list[str] = []  # search results so far: match's default context grows with them
        self._tokenizer = RegexTokenizer()

    def check(self, call: ToolCall) -> str | None:
        """Why ``call`` cannot run (unknown tool, missing or mistyped argument), or None if it can."""
        if call.tool not in _ARGUMENTS:
            return f"unknown tool {call.tool!r}; tools are {', '.join(TOOL_NAMES)}"
        properties, required = _ARGUMENTS[call.tool]
        for name in required:
            if name not in call.args:
                return f"{call.tool} needs the argument {name!r}"
        for name, value in call.args.items():
            if name not in properties:
                return f"{call.tool} has no argument {name!r} (it takes {', '.join(properties)})"
            expected = properties[name]
            if "enum" in expected and value not in expected["enum"]:
                return f"{call.tool}: {name} must be one of {', '.join(expected['enum'])}"
            if expected.get("type") == "string" and not isinstance(value, str):
                return f"{call.tool}: {name} must be a string"
            if expected.get("type") == "integer" and (isinstance(value, bool) or not isinstance(value, int)):
                return f"{call.tool}: {name} must be an integer"
        return None

    def run(self, call: ToolCall) -> ToolOutcome:
        """Run one call within the time budget. Never raises: failures are observations."""
        start = time.perf_counter()
        problem = self.check(call)
        if problem is not None:
            return ToolOutcome(f"error: {problem}", False, _ms(start))
        if call.tool == "get_answer":
            label = str(call.args["label"])
            evidence = str(call.args.get("evidence", ""))
            return ToolOutcome(f"answer recorded: {label}", True, _ms(start), label=label, evidence=evidence)
        handler: Callable[[Mapping[str, Any]], ToolOutcome] = getattr(self, f"_{call.tool}")
        box: dict[str, Any] = {}

        def target() -> None:
            try:
                box["outcome"] = handler(call.args)
            except Exception as exc:  # a tool's failure is the agent's observation, not a crash
                box["error"] = f"{type(exc).__name__}: {exc}"

        # A daemon thread: a tool that overruns is abandoned (its result ignored), and the agent goes on.
        worker = threading.Thread(target=target, daemon=True, name=f"tool-{call.tool}")
        worker.start()
        worker.join(self.time_budget_s)
        if worker.is_alive():
            return ToolOutcome(f"error: {call.tool} ran out of its {self.time_budget_s:g} s budget", False, _ms(start))
        if "error" in box:
            return ToolOutcome(f"error: {call.tool} failed: {box['error'][:300]}", False, _ms(start))
        outcome: ToolOutcome = box["outcome"]
        text = outcome.observation
        if len(text) > self.observation_chars:
            text = text[: self.observation_chars] + " [cut]"
        return ToolOutcome(text, outcome.ok, _ms(start), supported=outcome.supported)

    # Each handler returns an outcome with elapsed_ms 0; ``run`` times the call.
    def _web_search(self, args: Mapping[str, Any]) -> ToolOutcome:
        if self.search_backend is None:
            return ToolOutcome("error: no search backend is configured", False, 0.0)
        passages = self.search_backend.search(str(args["query"]), self.search_k)
        new = [p for p in passages if p not in self.found]
        self.found.extend(new)
        if not passages:
            return ToolOutcome("no results", True, 0.0)
        return ToolOutcome("\n".join(f"[{i}] {p[:400]}" for i, p in enumerate(passages, 1)), True, 0.0)

    def _calculator(self, args: Mapping[str, Any]) -> ToolOutcome:
        try:
            return ToolOutcome(f"{calculator(str(args['formula'])):g}", True, 0.0)
        except (ValueError, InputError, ArithmeticError) as exc:
            return ToolOutcome(f"error: {exc}", False, 0.0)

    def _code_interpreter(self, args: Mapping[str, Any]) -> ToolOutcome:
        result = run_code(str(args["code"]), self.sandbox)
        if result.ok:
            return ToolOutcome(f"True; output: {result.stdout.strip()[:600]}", True, 0.0)
        detail = (result.stderr.strip().splitlines() or [result.reason])[-1]
        return ToolOutcome(f"False ({result.reason}): {detail[:300]}", True, 0.0)

    def _word_count(self, args: Mapping[str, Any]) -> ToolOutcome:
        words = len(str(args["text"]).split())
        return ToolOutcome(f"({words}, {words <= int(args['length'])})", True, 0.0)

    def _split_text(self, args: Mapping[str, Any]) -> ToolOutcome:
        sentences = [s.text for s in self.splitter.split(str(args["text"]))]
        return ToolOutcome("\n".join(f"{i}. {s}" for i, s in enumerate(sentences, 1)) or "(no sentences)", True, 0.0)

    def _match(self, args: Mapping[str, Any]) -> ToolOutcome:
        sentence = str(args["sentence"]).strip()
        if not sentence:
            return ToolOutcome("error: the sentence is empty", False, 0.0)
        given = str(args.get("context", "")).strip()
        sources = [d.text for d in self.documents] + self.found
        note = ""
        if given and not _quoted_from(given, sources):
            given, note = "", " [the given context is not from the documents or search results; matched against them]"
        texts = [given] if given else sources
        hypothesis = sentence
        if self.question and len(sentence.split()) < self.short_words:
            hypothesis = TEMPLATE.format(question=self.question, answer=sentence)
        chunks: list[str] = []
        for text in texts:
            sentences = self.splitter.split(text)
            chunks.extend(c.text for c in chunk_sentences(text, sentences, self._tokenizer, self.chunk_words))
        if not chunks:
            return ToolOutcome("False (no context to match against)", True, 0.0, supported=False)
        probabilities = self.scorer.score([(chunk, hypothesis) for chunk in chunks])[:, ENTAILMENT]
        best = int(np.argmax(probabilities))
        p = float(probabilities[best])
        supported = p >= self.threshold
        quote = chunks[best][:200]
        text = f"{supported} (P(supported)={p:.2f}; closest: {quote!r}){note}"
        return ToolOutcome(text, True, 0.0, supported=supported)


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def _quoted_from(text: str, sources: Sequence[str]) -> bool:
    """Whether ``text`` (whitespace and case aside) is a passage of one of ``sources``."""
    wanted = _normalise(text).strip(" .\"'")
    return bool(wanted) and any(wanted in _normalise(source) for source in sources)


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000.0
