"""LLM-OASIS generation by an LLM (§3, Table 1's prompt): the prompt, the reply's schema, its checks.

The rules generator and everything shared are in :mod:`veracity.data.oasis`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from veracity.data.oasis import (
    DrawOutcome,
    SynthConfig,
    adds_negation,
    drawn_windows,
    edit_region,
    whole_words,
)
from veracity.errors import LLMOutputError
from veracity.schema import Document
from veracity.text.normalize import normalize_words

__all__ = ["TABLE1_PROMPT", "TABLE1_SCHEMA", "Generation", "check_generation", "llm_records_of", "parse_generation"]

TABLE1_PROMPT = """Input: a passage of {k} sentences.

{passage}

Instructions: Execute the following steps:

Step 1 - Claim extraction: From the input passage, extract a comprehensive set of claims. These claims must be \
atomic, i.e., semantically coherent pieces of text that do not require further subdivision, and self-contained, i.e., \
not requiring additional context to be understood. Note that each claim must be short, using 15 words at most. Do \
not use "..." to truncate them. The ordering of the extracted claims must follow the logical flow expressed in the \
original text. Use a noun as the subject in the claim (avoid pronouns). All claims present in the input text must \
be included in the list.

Step 2 - Claim falsification: From the output of Step 1, subtly alter one claim, in order to introduce a critical \
factual inaccuracy. This claim to be altered must be the most relevant for the input text. It is forbidden to change \
dates, years, numbers, and person/location/organization/etc. names. It is also forbidden to provide naive negations \
of verbs, e.g., was -> was not, did -> did not. This step returns the original claim and the falsified one.

Step 3 - Factual text generation: From the output of Step 1, generate a text. Note that this text must be a \
paraphrase of the original provided text, i.e., a new text that should overlap as little as possible with the \
original, while preserving the meaning. The generated text must follow the same logical flow as the ordering of the \
extracted claims.

Step 4 - Unfactual text generation: Generate a text from the union of all extracted claims (including the falsified \
one) and the paraphrase, i.e., the output of Step 3. Therefore this text features a subtly unfactual piece of \
information. The generated text must follow the same logical flow as the ordering of the claims. The output text \
must be as similar as possible to the output of Step 3, except the unfactual part.

Output format: a JSON object {{"claims": [str], "original_claim": str, "falsified_claim": str, "factual_text": str, \
"unfactual_text": str}}. Do not include any marker for the falsified claim inside the values. Do not write any \
preamble: only the JSON."""

TABLE1_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "claims": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 20},
        "original_claim": {"type": "string"},
        "falsified_claim": {"type": "string"},
        "factual_text": {"type": "string"},
        "unfactual_text": {"type": "string"},
    },
    "required": ["claims", "original_claim", "falsified_claim", "factual_text", "unfactual_text"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class Generation:
    """One LLM reply to the Table 1 prompt, as parsed (not yet validated)."""

    claims: list[str]
    original: str
    falsified: str
    factual: str
    unfactual: str


def parse_generation(reply: Any) -> Generation:
    """The fields of a Table 1 reply; ``LLMOutputError`` for a reply that does not follow the schema."""
    if not isinstance(reply, dict):
        raise LLMOutputError("the reply is not a JSON object")
    claims = reply.get("claims")
    if not isinstance(claims, list) or not all(isinstance(c, str) for c in claims):
        raise LLMOutputError("'claims' must be a list of strings")
    fields = [reply.get(k) for k in ("original_claim", "falsified_claim", "factual_text", "unfactual_text")]
    if not all(isinstance(f, str) for f in fields):
        raise LLMOutputError("original_claim, falsified_claim, factual_text and unfactual_text must be strings")
    original, falsified, factual, unfactual = (str(f).strip() for f in fields)
    return Generation([c.strip() for c in claims if c.strip()], original, falsified, factual, unfactual)


def check_generation(generation: Generation, config: SynthConfig) -> tuple[dict[str, Any] | None, str | None]:
    """Validate an LLM's record (§3, Table 1): ``(fields, None)`` when it holds, ``(None, reason)`` otherwise.

    The claims are non-empty and at most ``max_claim_words`` words; the falsified claim's original is one of them;
    the falsified claim differs from it and adds no negation word; the unfactual text differs from the factual one
    in one region (whole words) of at most ``max_edit_share`` of its characters, and that region holds a word the
    falsification brought in (when it brought one).
    """
    g = generation
    if not g.claims:
        return None, "no claims"
    if any(len(c.split()) > config.max_claim_words for c in g.claims):
        return None, "a claim is too long to be atomic"
    keys = [" ".join(normalize_words(c)) for c in g.claims]
    original_key = " ".join(normalize_words(g.original))
    if original_key not in keys:
        return None, "the falsified claim's original is not among the claims"
    index = keys.index(original_key)
    if " ".join(normalize_words(g.falsified)) == original_key:
        return None, "the falsified claim equals its original"
    if adds_negation(g.original, g.falsified):
        return None, "the falsification is a negation"
    if not g.factual or not g.unfactual:
        return None, "a text is empty"
    changed = edit_region(g.factual, g.unfactual)
    if changed is None:
        return None, "the unfactual text equals the factual one"
    start, end, replacement = whole_words(g.factual, g.unfactual, changed)
    if max(end - start, len(replacement)) > config.max_edit_share * len(g.factual):
        return None, "the unfactual text differs beyond the falsified fact"
    brought = set(normalize_words(g.falsified)) - set(normalize_words(g.original))
    if brought and not any(_same_stem(a, b) for a in brought for b in normalize_words(replacement)):
        return None, "the edit is not where the falsified fact is"
    fields = {
        "claims": g.claims,
        "falsified": {"index": index, "claim": g.falsified, "kind": "llm"},
        "factual": g.factual,
        "unfactual": g.unfactual,
        "edit": {"start": start, "end": end, "original": g.factual[start:end], "replacement": replacement},
    }
    return fields, None


def _same_stem(a: str, b: str) -> bool:
    """Two words that differ at most in a short ending (declined / decline, cities / city); a crude stemmer."""
    if a == b:
        return True
    shortest = min(len(a), len(b))
    common = 0
    while common < shortest and a[common] == b[common]:
        common += 1
    return shortest >= 4 and common >= max(4, shortest - 2)


def llm_records_of(document: Document, config: SynthConfig, llm: Any) -> Iterator[DrawOutcome]:
    """The records of one document by the Table 1 prompt; a reply outside the schema is a rejection, not an error."""
    from veracity.models.llm.base import ask_json

    text, _, sentences, windows = drawn_windows(document, config)
    if not windows:
        yield DrawOutcome(None, "no sentences")
        return
    for start, end in windows:
        first, last = sentences[start], sentences[end - 1]
        passage = text[first.span.start : last.span.end]
        prompt = TABLE1_PROMPT.format(k=end - start, passage=passage)
        try:
            generation = ask_json(llm, [{"role": "user", "content": prompt}], TABLE1_SCHEMA, parse_generation,
                                  max_tokens=config.llm_max_tokens)  # fmt: skip
        except LLMOutputError:
            yield DrawOutcome(None, "the reply does not follow the JSON schema")
            continue
        fields, reason = check_generation(generation, config)
        if fields is None:
            yield DrawOutcome(None, reason)
            continue
        yield DrawOutcome({
            "id": f"{document.id}#{first.index}",
            "doc_id": document.id,
            "generator": f"llm:{llm.model_id}",
            "seed": config.seed,
            "passage": {"start": first.span.start, "end": last.span.end, "sentences": [start, end]},
            "text": passage,
            **fields,
        })  # fmt: skip
