"""Claim extraction with sentence provenance (LiteHall §3.2): the answer's sentences → atomic, self-contained claims.

Every extractor returns :class:`ClaimSet`: the answer's sentences (0-based here; the LLM prompt numbers them from 1
as LiteHall's ``<1>…</1>`` tags do) and claims, each with the index of the sentence it came from and, where it can,
its character span in the answer.

``RulesClaimExtractor`` needs no LLM. On spaCy's dependency parse of each sentence it:

1. drops questions, imperatives and opinions (the "declarative structure" and "rejection list" filters of f(c),
   Logic-Matters Appendix H; a sentence without a named entity is still a claim here);
2. splits clauses coordinated with the main verb ("X was born in A and moved to B") into one claim each, the
   second borrowing the first's subject when it has none;
3. turns an apposition ("Curie, a Polish physicist, won …") into its own claim ("Curie is a Polish physicist") and
   removes it from the main claim;
4. replaces a claim-initial personal pronoun (he, she, it, they) by the subject of the previous sentence;
5. states a short answer with its question (``The answer to "{question}" is: {answer}``, the form the verifier
   was trained on) when the answer is a single sentence with no finite verb.

``question_context`` says what else of a one-sentence answer to a question keeps the question: ``short`` (only the
verbless answer of step 5), ``sentence`` (the whole sentence becomes one claim stated with the question, no
splitting), or ``clauses`` (default: each clause is stated with the question, so a wrong answer's clause is not
checked out of context; chosen on halueval-qa:dev, ``experiments/litehall-question-context-dev/``).
With ``question_words`` set, a question longer than that many words (a dialogue history ending in the user's last
turn) is stated only by its last sentences within that many words, so that the claim's own words stay inside the
verifier's input (the ``litehall`` detector uses 20, chosen on halueval-dialogue:dev; None here: the whole question).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, get_args

from veracity.errors import ConfigError, LLMOutputError
from veracity.models.llm.base import LLM, ask_json, reply_int
from veracity.schema import Claim, Sentence, TextSpan
from veracity.stages.prompts import CLAIM_EXTRACTION, CLAIM_SCHEMA
from veracity.text.factual import non_claim_reason
from veracity.text.parsing import load_spacy
from veracity.text.split import SentenceSplitter
from veracity.text.tagging import tag_sentences

__all__ = [
    "ClaimExtractor",
    "ClaimSet",
    "LLMClaimExtractor",
    "QuestionContext",
    "RulesClaimExtractor",
    "locate_in_answer",
]

_PRONOUNS = {"he", "she", "it", "they"}
_FINITE_TAGS = {"VBD", "VBP", "VBZ", "MD"}
QuestionContext = Literal["short", "sentence", "clauses"]


@dataclass(frozen=True)
class ClaimSet:
    """The claims of one answer, the sentences they point to, and what was dropped on the way."""

    sentences: list[Sentence]
    claims: list[Claim]
    dropped: int = 0
    notes: list[str] = field(default_factory=list)


class ClaimExtractor(Protocol):
    """Turns an answer (and its question) into atomic claims with sentence provenance."""

    name: str

    def extract(self, answer: str, question: str | None = None) -> ClaimSet:
        """The claims of ``answer``."""
        ...


class RulesClaimExtractor:
    """Claims from a dependency parse (see the module docstring); deterministic, no LLM."""

    name = "rules"

    def __init__(
        self,
        question_template: str = 'The answer to "{question}" is: {answer}',
        splitter: str = "auto",
        question_context: QuestionContext = "clauses",
        question_words: int | None = None,
    ) -> None:
        if question_words is not None and question_words < 1:
            raise ConfigError(f"question_words must be at least 1 (or None), got {question_words}")
        if question_context not in get_args(QuestionContext):
            choices = ", ".join(get_args(QuestionContext))
            raise ConfigError(f"question_context must be one of {choices}, got {question_context!r}")
        self.question_template = question_template
        self.question_context = question_context
        self.question_words = question_words
        self._splitter = SentenceSplitter(splitter)  # type: ignore[arg-type]

    def config(self) -> dict[str, Any]:
        """Settings recorded in reports."""
        return {"extractor": self.name, "question_template": self.question_template,
                "question_context": self.question_context, "question_words": self.question_words}  # fmt: skip

    def extract(self, answer: str, question: str | None = None) -> ClaimSet:
        """The claims of ``answer``; an empty answer has none."""
        sentences = self._splitter.split(answer)
        if not sentences:
            return ClaimSet([], [])
        nlp = load_spacy()  # the full pipeline, shared with the checkers
        docs = list(nlp.pipe(s.text for s in sentences))
        asked = self._recent(question) if question and question.strip() and len(sentences) == 1 else None
        if asked and (self.question_context == "sentence" or not _has_finite_verb(docs[0])):
            text = self.question_template.format(question=asked, answer=answer.strip())
            claim = Claim(id="c1", text=text, sentence_index=0, span=sentences[0].span)
            return ClaimSet(sentences, [claim], notes=["a one-sentence answer is stated with its question"])
        with_question = asked if self.question_context == "clauses" else None
        claims: list[Claim] = []
        notes: list[str] = []
        previous_subject: str | None = None
        for sentence, doc in zip(sentences, docs, strict=True):
            reason = non_claim_reason(sentence.text, doc)
            if reason:
                notes.append(f"sentence {sentence.index} is not a claim ({reason})")
                continue
            for text, start, end in _clauses(doc):
                text = _resolve_pronoun(text, previous_subject)
                if with_question:
                    text = self.question_template.format(question=with_question, answer=text)
                span = TextSpan.of(answer, sentence.span.start + start, sentence.span.start + end)
                claims.append(Claim(id=f"c{len(claims) + 1}", text=text, sentence_index=sentence.index, span=span))
            subject = _subject_text(doc)
            if subject and subject.lower() not in _PRONOUNS:
                previous_subject = subject
        return ClaimSet(sentences, claims, notes=notes)

    def _recent(self, question: str) -> str:
        """The question, or with ``question_words`` its last sentences within that many words (at least one)."""
        question = question.strip()
        if self.question_words is None or len(question.split()) <= self.question_words:
            return question
        kept: list[str] = []
        words = 0
        # a plain split at end punctuation: spaCy parses speaker tags such as "[Human]:" as sentences of their own
        for sentence in reversed(re.split(r"(?<=[.!?])\s+", question)):
            size = len(sentence.split())
            if kept and words + size > self.question_words:
                break
            kept.insert(0, sentence)
            words += size
        return " ".join(kept) or question


class LLMClaimExtractor:
    """Claims from an LLM with LiteHall's Table 16 prompt, the answer's sentences tagged ``<1>…</1>``.

    The reply is constrained to ``[{"sentence_number", "claim"}]`` where the backend can; a claim whose sentence
    number is not one of the answer's, or whose text is empty, is dropped and counted (``ClaimSet.dropped``). A
    reply that cannot be used after one repair and one retry falls back to ``fallback`` (the rules extractor by
    default) for this answer, with a note saying so. A backend failure (server down, timeout) raises.
    """

    name = "llm"

    def __init__(
        self, llm: LLM, fallback: ClaimExtractor | None = None, splitter: str = "auto", max_tokens: int = 1024
    ) -> None:
        self.llm = llm
        self.fallback = fallback or RulesClaimExtractor(splitter=splitter)
        self.max_tokens = max_tokens
        self._splitter = SentenceSplitter(splitter)  # type: ignore[arg-type]

    def config(self) -> dict[str, Any]:
        """Settings recorded in reports."""
        return {"extractor": self.name, "llm": self.llm.model_id, "fallback": self.fallback.name}

    def extract(self, answer: str, question: str | None = None) -> ClaimSet:
        """The claims of ``answer``; an empty answer has none (and costs no LLM call)."""
        sentences = self._splitter.split(answer)
        if not sentences:
            return ClaimSet([], [])
        prompt = CLAIM_EXTRACTION.format(
            question=(question or "").strip() or "(none)", answer=tag_sentences([s.text for s in sentences])
        )
        try:
            items = ask_json(self.llm, [{"role": "user", "content": prompt}], CLAIM_SCHEMA, _claim_items,
                             max_tokens=self.max_tokens)  # fmt: skip
        except LLMOutputError as exc:
            result = self.fallback.extract(answer, question)
            note = f"LLM claim extraction unusable ({exc}); the {self.fallback.name} extractor was used"
            return ClaimSet(result.sentences, result.claims, result.dropped, [note, *result.notes])
        claims: list[Claim] = []
        dropped = 0
        for number, text in items:
            if not 1 <= number <= len(sentences) or not text:
                dropped += 1
                continue
            sentence = sentences[number - 1]
            claims.append(Claim(id=f"c{len(claims) + 1}", text=text, sentence_index=sentence.index,
                                span=_claim_span(answer, sentence, text)))  # fmt: skip
        notes = [f"{dropped} LLM claim(s) dropped (sentence number out of range or empty text)"] if dropped else []
        return ClaimSet(sentences, claims, dropped, notes)


def _claim_items(reply: Any) -> list[tuple[int, str]]:
    """``(sentence_number, claim)`` pairs from a Table 16 reply; malformed items become ``(0, "")`` (dropped)."""
    if isinstance(reply, dict):
        reply = next((v for v in reply.values() if isinstance(v, list)), None)
    if not isinstance(reply, list):
        raise LLMOutputError("expected a JSON list of {sentence_number, claim}")
    items = []
    for item in reply:
        if not isinstance(item, dict):
            items.append((0, ""))
            continue
        text = item.get("claim")
        items.append((reply_int(item.get("sentence_number")), text.strip() if isinstance(text, str) else ""))
    return items


def _claim_span(answer: str, sentence: Sentence, claim: str) -> TextSpan:
    """The claim's own characters when the answer contains it verbatim inside its sentence, else the sentence."""
    where = sentence.text.find(claim.rstrip("."))
    if where >= 0 and claim.strip("."):
        start = sentence.span.start + where
        return TextSpan.of(answer, start, start + len(claim.rstrip(".")))
    return sentence.span


def _has_finite_verb(doc: Any) -> bool:
    return any(t.tag_ in _FINITE_TAGS or "Fin" in t.morph.get("VerbForm") for t in doc)


def _root(doc: Any) -> Any:
    return next((t for t in doc if t.dep_ == "ROOT"), doc[0])


def _subject(verb: Any) -> Any | None:
    return next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)


def _subject_text(doc: Any) -> str | None:
    subject = _subject(_root(doc))
    return _noun_phrase(doc, subject) if subject is not None else None


def _noun_phrase(doc: Any, head: Any) -> str:
    """The phrase of ``head`` without its appositions, relative clauses and punctuation."""
    skip = {t.i for child in head.children if child.dep_ in ("appos", "relcl", "acl") for t in child.subtree}
    indices = [t.i for t in head.subtree if t.i not in skip and not t.is_punct]
    return _span_text(doc, indices)[0]


def _span_text(doc: Any, indices: Sequence[int]) -> tuple[str, int, int]:
    """The text of the tokens ``indices`` (kept in order, whitespace as in the sentence) and its char range.

    No tokens give an empty text at (0, 0).
    """
    chosen = sorted(set(indices))
    if not chosen:
        return "", 0, 0
    parts = []
    for position, i in enumerate(chosen):
        token = doc[i]
        parts.append(token.text)
        if position + 1 < len(chosen):
            parts.append(token.whitespace_ if chosen[position + 1] == i + 1 else " ")
    text = "".join(parts).strip()
    return text, doc[chosen[0]].idx, doc[chosen[-1]].idx + len(doc[chosen[-1]].text)


def _finish(text: str) -> str:
    text = text.strip().strip(",;:").strip()
    text = text.replace(" ,", ",").replace(" .", ".")
    while ", ," in text:
        text = text.replace(", ,", ",")
    if text and text[-1] not in ".!":
        text += "."
    return text[0].upper() + text[1:] if text else text


_QUOTES = {'"', "“", "”", "'", "‘", "’"}
_MAX_VARIANTS = 12  # claims per clause after expanding coordinations and prepositional phrases


@dataclass
class _Unit:
    """A clause of a sentence: its tokens, the subject to prepend when it has none, and its verb."""

    tokens: set[int]
    verb: Any
    prefix: str | None = None
    text: str | None = None  # a synthesised claim (an apposition) that is not a token slice


def _clauses(doc: Any) -> list[tuple[str, int, int]]:
    """(claim text, start, end) for every atomic claim of the sentence ``doc`` (module docstring, steps 2–3)."""
    root = _root(doc)
    subject = _subject(root)
    subject_text = _noun_phrase(doc, subject) if subject is not None else None
    last = len(doc) - 1
    main = _Unit({t.i for t in doc if not (t.i == last and t.is_punct)}, root)
    units: list[_Unit] = []
    for conj in (t for t in root.children if t.dep_ == "conj" and t.pos_ in ("VERB", "AUX")):
        tokens = {t.i for t in conj.subtree} - {last}
        main.tokens -= tokens | {t.i for t in root.children if t.dep_ == "cc" and t.i < conj.i}
        units.append(_Unit(tokens, conj, None if _subject(conj) is not None else subject_text))
    for token in doc:
        if (
            token.dep_ == "appos"
            and token.head.pos_ in ("PROPN", "NOUN")
            and not _quoted(doc, token)
            and token.left_edge.text not in _QUOTES
        ):
            tokens = _with_commas(doc, {t.i for t in token.subtree})
            for unit in (main, *units):
                unit.tokens -= tokens
            head = _noun_phrase(doc, token.head)
            body = _span_text(doc, [t.i for t in token.subtree if not t.is_punct])[0]
            if not body:  # an "appositive" of punctuation alone (a parser error on odd text)
                continue
            places = token.head.ent_type_ == "GPE" and token.ent_type_ == "GPE"
            verb = "is in" if places else "are" if token.head.tag_ in ("NNS", "NNPS") else "is"
            units.append(_Unit(set(), token, text=f"{head} {verb} {body}"))
        elif token.dep_ == "acl" and token.tag_ == "VBN" and subject_text and token.head.dep_ in ("attr", "appos"):
            # "X is an American actor born on …" → "X was born on …"
            tokens = _with_commas(doc, {t.i for t in token.subtree})
            for unit in (main, *units):
                unit.tokens -= tokens
            units.append(_Unit({t.i for t in token.subtree}, token, f"{subject_text} was"))
        elif token.dep_ == "relcl" and token.head.pos_ in ("NOUN", "PROPN"):
            wh = [c for c in token.children if c.tag_ in ("WDT", "WP") and c.dep_ in ("nsubj", "nsubjpass")]
            if wh:
                tokens = _with_commas(doc, {t.i for t in token.subtree})
                for unit in (main, *units):
                    unit.tokens -= tokens
                own = {t.i for t in token.subtree} - {wh[0].i}
                units.append(_Unit(own, token, _noun_phrase(doc, token.head)))
    out: list[tuple[str, int, int]] = []
    for unit in (main, *units):
        if unit.text is not None:
            indices = [t.i for t in unit.verb.subtree]
            out.append((_finish(unit.text), doc[min(indices)].idx, doc[max(indices)].idx + len(doc[max(indices)].text)))
            continue
        if not any(not doc[i].is_punct for i in unit.tokens):
            continue
        for variant in _expand(doc, unit)[:_MAX_VARIANTS]:
            text, start, end = _span_text(doc, sorted(variant))
            text = f"{unit.prefix} {text}" if unit.prefix else text
            out.append((_finish(text), start, end))
    return out


def _quoted(doc: Any, token: Any) -> bool:
    span = [t.i for t in token.head.subtree]
    return any(doc[i].text in _QUOTES for i in range(min(span), max(span) + 1))


def _with_commas(doc: Any, tokens: set[int]) -> set[int]:
    """``tokens`` with the commas right around them (an inserted phrase takes its commas along)."""
    if not tokens:
        return tokens
    around = {min(tokens) - 1, max(tokens) + 1}
    return tokens | {i for i in around if 0 <= i < len(doc) and doc[i].text == ","}


def _expand(doc: Any, unit: _Unit) -> list[set[int]]:
    """One variant per member of each noun coordination and per prepositional phrase of the verb (capped)."""
    # quotation marks around titles only get in the way of matching ("include "X," "Y"" → include X)
    unit = _Unit({i for i in unit.tokens if doc[i].text not in _QUOTES}, unit.verb, unit.prefix, unit.text)
    variants = [set(unit.tokens)]
    # coordinated nouns: "films, television shows, and theater productions" → one claim each
    for members in _coordinations(doc, unit.tokens):
        group = set().union(*({t.i for t in m.subtree} for m in members)) & unit.tokens
        owns = []
        for member in members:
            own = {t.i for t in member.subtree}
            for other in members:
                if other is not member and other.i in own:
                    own -= {t.i for t in other.subtree}
            own -= {c.i for c in member.children if c.dep_ == "cc" or (c.dep_ == "punct" and c.text == ",")}
            owns.append(own & unit.tokens)
        # "numerous films, shows" shares *numerous*; a title's own "The" is not shared
        shared = _modifiers_before(doc, members[0], group) if members[0].pos_ == "NOUN" else set()
        group |= {i for i in range(min(group), max(group) + 1) if doc[i].dep_ == "cc" or doc[i].text == ","}
        variants = [(v - group) | own | shared for v in variants for own in owns if own][:_MAX_VARIANTS]
    # several prepositional phrases on the verb: "born on 18 December 1949, in Pensacola" → one each
    preps = [c for c in unit.verb.children if c.dep_ in ("prep", "npadvmod") and c.i > unit.verb.i]
    preps = [p for p in preps if p.i in unit.tokens]
    if len(preps) >= 2:
        prep_tokens = [{t.i for t in p.subtree} & unit.tokens for p in preps]
        everything = set().union(*prep_tokens)
        variants = [(v - everything) | (own & v) for v in variants for own in prep_tokens][:_MAX_VARIANTS]
    return variants


_NOUNS = ("NOUN", "PROPN")
_OBJECTS = ("pobj", "dobj", "attr")


def _coordinations(doc: Any, tokens: set[int]) -> list[list[Any]]:
    """Groups of coordinated nouns, in order, including the small parser's usual misattachments.

    Besides "A, B and C" under A, the parser often hangs B and C on the verb ("appeared in films, shows and
    productions": *shows* is a conj of *appeared*) or makes every title its own direct object; both are read as one
    coordination with the nearest preceding object.
    """
    groups: list[list[Any]] = []
    for token in doc:
        if token.i not in tokens:
            continue
        if token.pos_ in _NOUNS and token.dep_ != "conj":
            chain = _conj_chain(token)
            if chain:
                groups.append([token, *chain])
        if token.pos_ in ("VERB", "AUX"):
            hanging = [c for c in token.children if c.dep_ == "conj" and c.pos_ in _NOUNS and c.i in tokens]
            objects = [c for c in token.children if c.dep_ == "dobj" and c.pos_ in _NOUNS and c.i in tokens]
            if hanging:
                before = [t for t in token.subtree if t.dep_ in _OBJECTS and t.pos_ in _NOUNS and t.i < hanging[0].i]
                if before:
                    members = [before[-1], *[m for c in hanging for m in (c, *_conj_chain(c))]]
                    groups = [g for g in groups if before[-1] not in g]
                    groups.append(members)
            if len(objects) >= 2:
                groups.append([m for c in objects for m in (c, *_conj_chain(c))])
    merged: list[dict[int, Any]] = []
    for group in groups:
        by_index = {m.i: m for m in group}
        for other in [g for g in merged if set(g) & set(by_index)]:
            by_index.update(other)
            merged.remove(other)
        merged.append(by_index)
    return [[g[i] for i in sorted(g)] for g in merged]


def _conj_chain(head: Any) -> list[Any]:
    """Nouns coordinated with ``head``, directly or through one another ("A, B, and C").

    A quoted title hung on the previous one as an apposition ('"The Abyss," "The Game"') counts as coordinated.
    """
    chain = []
    for child in head.children:
        quoted_list = child.dep_ == "appos" and child.left_edge.text in _QUOTES
        if (child.dep_ == "conj" or quoted_list) and child.pos_ in _NOUNS:
            chain += [child, *_conj_chain(child)]
    return chain


def _modifiers_before(doc: Any, head: Any, group: set[int]) -> set[int]:
    """Determiners and adjectives of the first member shared by all ("numerous films, shows" → numerous)."""
    return {c.i for c in head.children if c.dep_ in ("det", "amod", "nummod", "poss") and c.i < head.i} & group


def _resolve_pronoun(text: str, previous_subject: str | None) -> str:
    """Replace a claim-initial he / she / it / they by the previous sentence's subject."""
    first, _, rest = text.partition(" ")
    if previous_subject and first.lower() in _PRONOUNS and rest:
        return f"{previous_subject} {rest}"
    return text


def locate_in_answer(answer: str, claim: Claim, spans: Sequence[TextSpan]) -> list[TextSpan]:
    """Error spans of a claim located in the answer.

    The same words inside the claim's source span, where they occur (a claim reworded by extraction may hold words
    the answer does not; those are left out).
    """
    if claim.span is None:
        return []
    located = []
    window = answer[claim.span.start : claim.span.end]
    for span in spans:
        where = window.find(span.text)
        if where >= 0:
            start = claim.span.start + where
            located.append(TextSpan.of(answer, start, start + len(span.text)))
    return located
