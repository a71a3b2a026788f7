"""The ``reader`` detector: one sentence-level reader for every answer with sources, monotone in its evidence.

However the input is shaped — a one-line answer to a question, a long RAG answer over six passages, a summary, a
dialogue reply, a text written from a record — it is read the same way:

1. the answer is cut into units: its sentences, a sentence over 45 words into its clauses at ``;``
   (:func:`~veracity.detectors.reader.signals.reader_sentences`);
2. for each unit, the evidence for and against it (:mod:`veracity.detectors.reader.signals`): its words, names,
   numbers and dates found in no source (values compared as values), the NLI verifier on its best-aligned source
   windows, the consistency and record checkers' findings on it, whether it is an abstention, a referral or a hedge;
3. a sign-constrained logistic model (:mod:`veracity.detectors.reader.model`) turns them into the unit's
   P(unsupported): more missing or contradicted evidence can only raise it;
4. the answer's P is its worst unit's (appending a sentence can never lower it), one threshold decides.

The input's shape never picks another detector: only a record as context and a fragment answer ("18 weeks.", read
with its question) are features of the model. The report lists every unit with its P, its evidence and what
decided it; under a hallucinated verdict the marks are what decided — the absent name or value, the words a source
contradicts, else the unsupported unit — never function words alone.

The class lives in :mod:`veracity.detectors.reader.detector`; this package re-exports its public names.
"""

from veracity.detectors.reader.detector import (
    DEFAULT_READER_MODEL,
    ReaderConfig,
    ReaderDetector,
    UnitReading,
    related_texts,
    resolve_reader_model,
)

__all__ = [
    "DEFAULT_READER_MODEL",
    "ReaderConfig",
    "ReaderDetector",
    "UnitReading",
    "related_texts",
    "resolve_reader_model",
]
