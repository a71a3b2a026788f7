"""Human-labelled NLI, fact-verification and grounding data as verifier training pairs (``../shared/data/grounding``).

Each source is one gzipped JSONL file of ``{"id", "source", "premise", "hypothesis", "label", "split"}`` rows
(``../shared/data/grounding/README.md``). This module reads them, maps their label schemes onto the verifier's
training targets, shortens long premises the way the detectors read evidence, and refuses rows that equal a text of
an evaluation set.

Label decisions (``docs/verifier.md``):

* three-class sources keep ``entailment`` / ``neutral`` / ``contradiction``;
* ``not_entailment`` (binary sources) stays ``not_entailment``: the trainer scores it against
  P(neutral) + P(contradiction) (:func:`veracity.training.verifier.nli_loss`), never as either class alone;
* WiCE ``partially_supported`` becomes ``not_entailment``: some part of the claim is not supported, which is what a
  hallucination detector must flag (the detection set ``wice-test.jsonl`` counts it as not supported too);
* BEGIN ``generic`` (a response without factual content, "that sounds fun") is dropped: it is neither supported nor
  unsupported by the knowledge, and the detectors filter such sentences before verification.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from veracity.errors import InputError

__all__ = [
    "GROUNDING_SOURCES",
    "Decontaminator",
    "GroundingSource",
    "TrainLabel",
    "evaluation_texts",
    "normalize_text",
    "read_grounding",
    "select_premise_sentences",
    "split_premise",
    "training_label",
]

TrainLabel = Literal["entailment", "neutral", "contradiction", "not_entailment"]


@dataclass(frozen=True)
class GroundingSource:
    """One human-labelled source: its licence (as the data README states it) and whether a shipped model may use it."""

    name: str
    licence: str
    trainable: bool
    labels: str
    folder: str = "grounding"  # the folder under the data directory ("grounding-extra" for the minimal pairs)

    def path(self, data_dir: Path) -> Path:
        """Where the source's rows lie under ``data_dir``."""
        return data_dir / self.folder / f"{self.name}.jsonl.gz"


GROUNDING_SOURCES: dict[str, GroundingSource] = {
    s.name: s
    for s in (
        GroundingSource("mnli", "MNLI: OANC / CC BY-SA 3.0 and others; repository MIT", True, "3-class"),
        GroundingSource("watson", "none stated (Kaggle competition data built from MNLI + XNLI)", True, "3-class"),
        GroundingSource("rte", "GLUE RTE: research use", True, "binary"),
        GroundingSource("fever-nli", "FEVER: CC BY-SA 3.0; DocNLI: BSD-3", True, "binary"),
        GroundingSource("climate-fever", "none stated in the repository (dataset paper: CC BY-SA)", True, "3-class"),
        GroundingSource("covid-fact", "none stated", True, "binary"),
        GroundingSource("healthver", "none stated", True, "3-class"),
        GroundingSource("summedits", "Apache-2.0", True, "binary"),
        GroundingSource("begin", "CC BY 4.0 (TopicalChat: CDLA)", True, "binary + generic"),
        GroundingSource("control", "none stated", True, "3-class"),
        GroundingSource("wice", "Wikipedia CC BY-SA; Common Crawl terms of use", True, "3-class-like"),
        # Non-commercial licences: evaluation only, never in the training data of a shipped model.
        GroundingSource("anli", "CC BY-NC 4.0", False, "3-class"),
        GroundingSource("sick", "CC BY-NC-SA 3.0", False, "3-class"),
        # ../shared/data/grounding-extra: human minimal pairs and human-labelled summaries and dialogue (verifier v3).
        GroundingSource("cad-nli", "Apache-2.0; SNLI CC BY-SA 4.0", True, "3-class", "grounding-extra"),
        GroundingSource("breaking-nli", "CC BY-SA 4.0", True, "3-class", "grounding-extra"),
        GroundingSource("conjnli", "MIT", True, "3-class", "grounding-extra"),
        GroundingSource("med", "CC BY-SA 4.0", True, "binary", "grounding-extra"),
        GroundingSource("snli-sample", "SNLI CC BY-SA 4.0", True, "3-class", "grounding-extra"),
        GroundingSource("wanli-sample", "WANLI CC BY 4.0", True, "3-class", "grounding-extra"),
        GroundingSource(
            "fm2", "Apache-2.0; Wikipedia CC BY-SA", True, "binary (supports / refutes)", "grounding-extra"
        ),
        GroundingSource("fib", "CC BY 4.0", True, "binary", "grounding-extra"),
        GroundingSource("frank", "MIT", True, "binary", "grounding-extra"),
        GroundingSource("faithdial-audit", "MIT", True, "binary + generic", "grounding-extra"),
    )
}


def read_grounding(data_dir: Path, name: str, split: str | None = None) -> Iterator[dict[str, Any]]:
    """Rows of source ``name`` (optionally only ``split``), as stored.

    Raises:
        InputError: the source is unknown or its file is missing.
    """
    if name not in GROUNDING_SOURCES:
        raise InputError(f"unknown grounding source {name!r}; known: {', '.join(sorted(GROUNDING_SOURCES))}")
    path = GROUNDING_SOURCES[name].path(data_dir)
    if not path.exists():
        raise InputError(
            f"grounding source {name!r} not found at {path}; the data is not shipped with veracity (docs/data.md "
            "says where it comes from) — set VERACITY_DATA or pass --data-dir"
        )
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line_number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{line_number}: not valid JSON ({exc})") from exc
            if split is None or row.get("split") == split:
                yield row


def training_label(label: str) -> TrainLabel | None:
    """The training target of a stored label; ``None`` drops the row (see the module docstring)."""
    if label in ("entailment", "neutral", "contradiction", "not_entailment"):
        return label  # type: ignore[return-value]
    if label == "partially_supported":
        return "not_entailment"
    return None  # "generic" and anything unknown


_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)
_SPACE = re.compile(r"\s+")


def normalize_text(text: str) -> str:
    """Lower-cased, punctuation removed, whitespace collapsed: the form texts are compared in for decontamination."""
    text = unicodedata.normalize("NFKC", text).lower()
    return _SPACE.sub(" ", _PUNCT.sub(" ", text)).strip()


def _digest(text: str) -> bytes:
    return hashlib.blake2b(normalize_text(text).encode("utf-8"), digest_size=12).digest()


class Decontaminator:
    """Refuses training pairs that equal (after :func:`normalize_text`) an evaluation text.

    Two tiers: a pair is refused when its premise or its hypothesis equals one of ``texts``, or when its
    hypothesis equals one of ``claims``. ``claims`` holds the claims of the grounding sources' own evaluation
    splits: those datasets split by claim and pair many claims with one evidence passage (HealthVer's abstracts,
    RTE's premises), so their train rows share premises with their test rows by design, and refusing on the
    premise would drop nearly the whole training split (v2: 3,134 of HealthVer's 3,310 pairs).
    Texts are kept as short digests, so the hundreds of thousands of evaluation texts cost a few MB.
    """

    def __init__(self, texts: Iterable[str], claims: Iterable[str] = ()) -> None:
        self._digests = {_digest(t) for t in texts if normalize_text(t)}
        self._claims = {_digest(t) for t in claims if normalize_text(t)} - self._digests
        self.refused = 0

    def __len__(self) -> int:
        return len(self._digests) + len(self._claims)

    def contaminated(self, premise: str, hypothesis: str) -> bool:
        """Whether the pair touches an evaluation text; counts every refusal in :attr:`refused`."""
        claim = _digest(hypothesis)
        hit = _digest(premise) in self._digests or claim in self._digests or claim in self._claims
        self.refused += hit
        return hit


def evaluation_texts(
    data_dir: Path, extra_files: Sequence[Path] = (), own_split_claims_only: bool = False
) -> Iterator[str]:
    """Every text of the evaluation sets the harness knows, as far as they are present under ``data_dir``.

    The MNLI-matched sample, FEVER-Symmetric (full and generated), HaluEval test records (9000–9999 of each task),
    the HotpotQA dev questions and paragraphs HotPotQA-Derived is built from, ANLI and SICK, the grounding dev rows
    (HealthVer, SummEdits, WiCE, ConTRoL, RTE, SICK: the floors and selection sets) and the detection dev sets.
    With ``own_split_claims_only`` the dev rows of the trainable grounding sources are left out: they go to
    :func:`evaluation_claims` instead (see :class:`Decontaminator`). ANLI and SICK, which are never trained on,
    stay here whole. A missing file is skipped: decontamination can only refuse what it can read.
    """
    nli = data_dir / "nli" / "mnli_matched.tsv"
    if nli.exists():
        for line in nli.read_text(encoding="utf-8").splitlines():
            yield from line.split("\t")[1:]
    for name in ("fever_symmetric_full.jsonl", "fever_symmetric_generated.jsonl"):
        path = data_dir / "fever_symmetric" / name
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    yield from (str(v) for k, v in row.items() if isinstance(v, str) and k not in ("id", "label"))
    for task in ("qa", "dialogue", "summarization"):
        path = data_dir / "halueval" / f"{task}_data.json"
        if path.exists():
            with path.open(encoding="utf-8") as handle:
                for index, line in enumerate(handle):
                    if index >= 9000:
                        yield from _strings(json.loads(line))
    hotpot = data_dir / "hotpotqa_dev"
    for path in sorted(hotpot.glob("*.jsonl")) if hotpot.exists() else []:
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    yield from _strings(json.loads(line))
    for name, source in GROUNDING_SOURCES.items():
        if not source.path(data_dir).exists() or (source.trainable and own_split_claims_only):
            continue
        for row in read_grounding(data_dir, name, None if not source.trainable else "dev"):
            yield row["premise"]
            yield row["hypothesis"]
    detection = data_dir / "grounding" / "detection"
    for path in [*(sorted(detection.glob("*.jsonl")) if detection.exists() else []), *extra_files]:
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    yield from _strings(json.loads(line))


def evaluation_claims(data_dir: Path) -> Iterator[str]:
    """The hypotheses (claims) of the trainable grounding sources' dev rows: refused on the hypothesis alone."""
    for name, source in GROUNDING_SOURCES.items():
        if source.trainable and source.path(data_dir).exists():
            for row in read_grounding(data_dir, name, "dev"):
                yield row["hypothesis"]


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a JSON value longer than a few words (ids and labels are no evaluation text)."""
    if isinstance(value, str):
        if len(value.split()) >= 3:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def split_premise(premise: str, split_sentences: Callable[[str], list[str]]) -> list[str]:
    """The premise's sentences: its lines (web pages and transcripts put one unit per line), each split further."""
    return [s for line in premise.splitlines() if line.strip() for s in split_sentences(line)]


def select_premise_sentences(relatedness: Sequence[float], lengths: Sequence[int], budget: int) -> list[int]:
    """The sentences a window of ``budget`` tokens holds: the most related first, returned in document order.

    The detectors read long evidence this way (LiteHall's main evidence, ``sea``'s relevance ranking): a long
    premise becomes the sentences most related to the hypothesis, in their original order, within the model's
    window. A sentence that does not fit is skipped and the next most related one tried, so short related
    sentences still enter after a long one fails. Everything is kept when it all fits.

    Args:
        relatedness: one score per sentence (e.g. embedding cosine with the hypothesis).
        lengths: the tokens of each sentence.
        budget: the tokens the premise may take.

    Example: scores (0.1, 0.9, 0.5), lengths (5, 6, 6), budget 12 → sentences 1 then 2 fit → ``[1, 2]``.
    """
    if len(relatedness) != len(lengths):
        raise ValueError("one relatedness score and one length per sentence")
    if sum(lengths) <= budget:
        return list(range(len(lengths)))
    chosen: list[int] = []
    used = 0
    for i in sorted(range(len(lengths)), key=lambda k: (-relatedness[k], k)):
        if used + lengths[i] <= budget:
            chosen.append(i)
            used += lengths[i]
    return sorted(chosen)
