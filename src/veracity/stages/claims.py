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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from veracity.schema import Claim, Sentence, TextSpan
from veracity.text._spacy import load_spacy
from veracity.text.factual import non_claim_reason
from veracity.text.split import SentenceSplitter

__all__ = ["ClaimExtractor", "ClaimSet", "RulesClaimExtractor"]

_PRONOUNS = {"he", "she", "it", "they"}
_FINITE_TAGS = {"VBD", "VBP", "VBZ", "MD"}


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
        self, question_template: str = 'The answer to "{question}" is: {answer}', splitter: str = "auto"
    ) -> None:
        self.question_template = question_template
        self._splitter = SentenceSplitter(splitter)  # type: ignore[arg-type]

    def config(self) -> dict[str, Any]:
        """Settings recorded in reports."""
        return {"extractor": self.name, "question_template": self.question_template}

    def extract(self, answer: str, question: str | None = None) -> ClaimSet:
        """The claims of ``answer``; an empty answer has none."""
        sentences = self._splitter.split(answer)
        if not sentences:
            return ClaimSet([], [])
        nlp = load_spacy(purpose="claim extraction")
        docs = list(nlp.pipe(s.text for s in sentences))
        if question and question.strip() and len(sentences) == 1 and not _has_finite_verb(docs[0]):
            text = self.question_template.format(question=question.strip(), answer=answer.strip())
            claim = Claim(id="c1", text=text, sentence_index=0, span=sentences[0].span)
            return ClaimSet(sentences, [claim], notes=["a short answer is stated with its question"])
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
                span = TextSpan.of(answer, sentence.span.start + start, sentence.span.start + end)
                claims.append(Claim(id=f"c{len(claims) + 1}", text=text, sentence_index=sentence.index, span=span))
            subject = _subject_text(doc)
            if subject and subject.lower() not in _PRONOUNS:
                previous_subject = subject
        return ClaimSet(sentences, claims, notes=notes)


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
    """The text of the tokens ``indices`` (kept in order, whitespace as in the sentence) and its char range."""
    chosen = sorted(set(indices))
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


def _clauses(doc: Any) -> list[tuple[str, int, int]]:
    """(claim text, start, end) for the main clause, each coordinated clause and each apposition of ``doc``."""
    root = _root(doc)
    conjuncts = [t for t in root.children if t.dep_ == "conj" and t.pos_ in ("VERB", "AUX")]
    appositions = [t for t in doc if t.dep_ == "appos" and t.head.pos_ in ("PROPN", "NOUN")]
    removed: set[int] = set()
    for conj in conjuncts:
        removed |= {t.i for t in conj.subtree}
        removed |= {t.i for t in root.children if t.dep_ == "cc" and t.i < conj.i}
    for appos in appositions:
        removed |= {t.i for t in appos.subtree}
        # the commas around the apposition go with it
        for neighbour in (min(t.i for t in appos.subtree) - 1, max(t.i for t in appos.subtree) + 1):
            if 0 <= neighbour < len(doc) and doc[neighbour].text == ",":
                removed.add(neighbour)
    out: list[tuple[str, int, int]] = []
    main = [t.i for t in doc if t.i not in removed and not (t.is_punct and t.text != "%" and t.i == len(doc) - 1)]
    if main:
        text, start, end = _span_text(doc, main)
        out.append((_finish(text), start, end))
    if not conjuncts and not appositions:
        return out
    subject = _subject(root)
    for conj in conjuncts:
        indices = [t.i for t in conj.subtree if not (t.is_punct and t.i == len(doc) - 1)]
        text, start, end = _span_text(doc, indices)
        if _subject(conj) is None and subject is not None:
            text = f"{_noun_phrase(doc, subject)} {text}"
        out.append((_finish(text), start, end))
    for appos in appositions:
        head_tokens = [t.i for t in appos.head.subtree if t.i not in {x.i for x in appos.subtree}]
        head_tokens = [i for i in head_tokens if i <= appos.head.i and not doc[i].is_punct]
        head_text, _, _ = _span_text(doc, head_tokens)
        body, start, end = _span_text(doc, [t.i for t in appos.subtree])
        verb = "are" if appos.head.tag_ in ("NNS", "NNPS") else "is"
        out.append((_finish(f"{head_text} {verb} {body}"), start, end))
    return out


def _resolve_pronoun(text: str, previous_subject: str | None) -> str:
    """Replace a claim-initial he / she / it / they by the previous sentence's subject."""
    first, _, rest = text.partition(" ")
    if previous_subject and first.lower() in _PRONOUNS and rest:
        return f"{previous_subject} {rest}"
    return text
