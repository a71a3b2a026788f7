"""LiteHall's prompts (litehall.txt Appendix, Tables 16–18) and the JSON schemas that constrain their replies.

The instructions are the paper's, with its output formats stated as JSON (Tables 16–18 give JSON; the fine-tuned
models of Tables 19–21 use XML-like tags instead, which we do not need: every backend here can be asked for JSON).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CLAIM_EXTRACTION",
    "CLAIM_SCHEMA",
    "CLAIM_VERIFICATION",
    "EVIDENCE_RETRIEVAL",
    "EVIDENCE_SCHEMA",
    "VERIFICATION_LABELS",
    "VERIFICATION_SCHEMA",
]

CLAIM_EXTRACTION = """You are a helpful assistant specialized in extracting factual claims from a given Question and \
Answer. Your task is to return each factual claim stated or implied in the Answer, along with the sentence number it \
originates from. Each sentence in the Answer is already numbered for your convenience.

If the Answer is short or minimal, use the Question for necessary context to reconstruct a clear and self-contained \
factual claim. Always combine Question and Answer when needed to form a meaningful claim.

Definitions: A claim is a statement that asserts something as true or false and can be verified or refuted using \
external evidence.

Do not include:
- Opinions
- Vague or rhetorical expressions
- Hypothetical conditionals (unless they assert a verifiable fact)

Each claim must:
- Be concise
- Contain only one main idea (atomic)
- Be standalone and understandable without referring to the full Answer

Note: If a single sentence contains multiple factual claims, extract each one independently with the correct \
sentence number.

Output Format: Return a list of extracted claims in the following JSON format:
[{{"sentence_number": <integer indicating the source sentence>, "claim": <extracted factual claim in clear language>}}]

Question: {question}

Answer: {answer}"""

CLAIM_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {"sentence_number": {"type": "integer"}, "claim": {"type": "string"}},
        "required": ["sentence_number", "claim"],
    },
}

EVIDENCE_RETRIEVAL = """You are an intelligent assistant designed to identify all necessary evidence sentences index \
numbers required to fact-check a given Claim.

Input Structure:
- Claim: A candidate self-contained claim.
- Evidence: A list of sentences, each marked with a unique sentence number using XML-style tags, such as: \
<1> ... </1>, <2> ... </2>, etc.

Your Task:
1. Select all primary evidence sentence index numbers from the provided evidence that are essential for verifying \
factual claims made in the Claim.
2. For each selected primary sentence, identify and list supporting sentence index numbers that:
 - Clarify references (e.g., pronouns like "he", "this", "it").
 - Provide necessary background, definitions, or prior events.
 - Establish temporal, geographical, or logical context to ensure the primary sentence is self-contained and \
unambiguous.
3. Do NOT rewrite any sentences. Your goal is to extract the most relevant supporting context index numbers from \
existing evidence.

Output Format (JSON): {{"main_sentences": [{{"sentence_number": X, "support": [Y1, Y2]}}]}}
If no main evidence sentence is found, return {{"main_sentences": []}}.

Claim: {claim}

Evidence: {evidence}"""

EVIDENCE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "main_sentences": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "sentence_number": {"type": "integer"},
                    "support": {"type": "array", "items": {"type": "integer"}},
                },
                "required": ["sentence_number", "support"],
            },
        }
    },
    "required": ["main_sentences"],
}

VERIFICATION_LABELS = ("supported", "not_supported", "unverifiable", "irrelevant")

CLAIM_VERIFICATION = """You are an intelligent fact-checking system. Your job is to determine the factual validity \
of a given sub-claim using the provided evidence, which includes primary evidence lines and their corresponding \
supporting evidence lines. Optionally, you may also be given a question for additional context.

Input Structure:
- Question (optional): A question providing high-level context for interpreting the claim. If this is missing, rely \
solely on the claim and the evidence.
- Sub-claim: A single factual or subjective claim that needs to be evaluated against the provided evidence.
- Evidence: A curated set of primary evidence statements, each expressly chosen for its direct relevance to the \
sub-claim and extracted from the broader body of available material. Every primary statement may be supplemented by \
one or more secondary (supporting) evidence lines that provide additional context and clarification.

Tasks:
Task 1 - Factual Assessment: Based on the claim and the evidence, assign one of the following factuality labels:
- "supported" — The claim is clearly and directly supported by the given evidence.
- "not_supported" — The claim is contradicted or refuted by the evidence.
- "unverifiable" — The claim lacks sufficient evidence, is subjective, or cannot be verified with the given \
information.
- "irrelevant" — The claim does not relate to the given question.

Task 2 - Error Identification:
- Identify the minimal set of tokens (words or short phrases) in the claim that cause the contradiction.
- Return them comma-separated, in their original casing and order.
- If the label is not not_supported, leave the token list blank (but keep the key present).

Output Format (Standard JSON):
{{"label": "<one of: supported, not_supported, unverifiable, irrelevant>", "error_tokens": "<comma-separated tokens \
from claim that contradict evidence (if label is not_supported); otherwise, empty string>"}}

**question**:
{question}

**sub-claim**:
{claim}

**evidence**:
{evidence}"""

VERIFICATION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "label": {"type": "string", "enum": list(VERIFICATION_LABELS)},
        "error_tokens": {"type": "string"},
    },
    "required": ["label", "error_tokens"],
}
