"""What every report promises, whichever detector wrote it: :func:`~veracity.detectors.load_detector` wraps each.

1. **Marks agree with the verdict.** Words are shown as unsupported (``hallucinated_spans``, a sentence's
   ``error_spans``) only under a ``hallucinated`` verdict. A detector that marked words in an answer it judged faithful
   as a whole (a span model's weak token run, a sentence over its own threshold under a calibrated headline) keeps
   them, named for what they are, in ``details.below_threshold_spans``; its sentences read ✓.
2. **No verdict on what the models cannot read, sentence by sentence.** A detector whose models read English only
   (``reads_english_only``, true for every shipped detector but ``novelty``) reads only the sentences of an answer
   that it can read (:func:`~veracity.text.language.read_languages`). A sentence that surely reads as another language
   is set aside: the detector reads the answer again with that sentence blanked out (every offset stays the answer's),
   the verdict is that of the sentences read, and ``details.unread_sentences`` lists each sentence set aside
   (a sentence-level ``not_checked``), with a note. When no sentence can be read — an answer that reads as another
   language — or, with the setting ``unread_sentences="not_checked"``, when any cannot, the answer gets the verdict
   ``not_checked``, with a note naming the language. A ``not_checked`` report has no score: what the detector read
   anyway (``fused`` computes it from its language-agnostic word overlap signals alone) is kept in
   ``details.unchecked_score`` and decides nothing: a swapped name or number in German is as invisible to the models
   as a faithful German paraphrase is unreadable to them. Its notes are only those that apply to it: the detector's
   notes on how a verdict or a score was reached (:class:`VerdictNotes`) go.
3. **Nothing dropped silently.** Empty documents and repeated passages, which every detector drops
   (:func:`~veracity.detectors.base.as_documents`), are named in a note.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from veracity.schema import Document, Report, TextSpan, UnreadSentence

if TYPE_CHECKING:
    from veracity.text.language import AnswerLanguages

__all__ = [
    "UNREAD_SENTENCES",
    "GuardedDetector",
    "UnreadPolicy",
    "VerdictNotes",
    "guarded",
    "innermost",
    "keep_promises",
    "notes_without_verdict",
]

UnreadPolicy = Literal["skip", "not_checked"]
"""What the guard does with an answer some of whose sentences the models cannot read (another language):
``"skip"`` (the default) reads the others and lists those in ``details.unread_sentences``; ``"not_checked"`` gives
the answer no verdict. An answer none of whose sentences can be read is ``not_checked`` under both."""

UNREAD_SENTENCES = "unread_sentences"
"""The setting that carries it: ``load_detector(name, unread_sentences=...)``, ``--set unread_sentences=...``."""


@runtime_checkable
class VerdictNotes(Protocol):
    """A detector some of whose notes say how its verdict or score was reached: a report without one drops them."""

    def unchecked_notes(self, notes: Sequence[str]) -> list[str]:
        """Those of ``notes`` that still apply to a report with no verdict and no score."""
        ...


def notes_without_verdict(detector: Any, notes: Sequence[str]) -> list[str]:
    """``notes`` but those ``detector`` (under its wrappers) says apply only to a verdict (:class:`VerdictNotes`)."""
    inner = innermost(detector)
    return inner.unchecked_notes(notes) if isinstance(inner, VerdictNotes) else list(notes)


def keep_promises(report: Report, english_only: bool) -> Report:
    """``report`` made to keep the two promises of this module without reading anything again.

    An answer with a sentence the models cannot read is ``not_checked`` here (the report read that sentence too);
    :class:`GuardedDetector` reads the other sentences again instead.
    """
    if english_only and _checkable(report):
        from veracity.text.language import read_languages

        languages = read_languages(report.answer)
        if languages.others:
            report = _not_checked(report, languages, _unread(report.answer, languages))
    return _marks_agree(report)


def _checkable(report: Report) -> bool:
    """Whether the language gate has a report to decide: one with a verdict, of an answer it has not gated yet."""
    return report.verdict != "not_checked" and bool(report.answer.strip()) and not report.details.unread_sentences


_READ_APART = "not read: "


def _unread(answer: str, languages: AnswerLanguages) -> list[UnreadSentence]:
    return [
        UnreadSentence(span=TextSpan.of(answer, o.start, o.end), language=o.language.code,
                       probability=o.language.probability)
        for o in languages.others
    ]  # fmt: skip


def _languages_named(unread: Sequence[UnreadSentence]) -> str:
    """The languages of ``unread`` in words: each code once, with its highest probability."""
    best: dict[str, float] = {}
    for sentence in unread:
        best[sentence.language] = max(best.get(sentence.language, 0.0), sentence.probability)
    return ", ".join(f"{code!r}, p = {p:.2f}" for code, p in best.items())


def _not_checked(
    report: Report,
    languages: AnswerLanguages | None,
    unread: list[UnreadSentence],
    notes: Sequence[str] | None = None,
) -> Report:
    """``report`` with no verdict: none of its answer's sentences can be read, or some (``unread``) cannot.

    ``languages``: what the gate read of the answer (None: a gate inside the detector set ``unread`` aside);
    ``notes``: the report's notes that still apply (default: all of them).
    """
    reader = f"the models of {report.detector!r} read English only"
    kept = "what they read is kept in details.unchecked_score and decides nothing"
    whole = languages.whole if languages is not None else None
    if languages is not None and languages.nothing_read and whole is not None and whole.code != "en":
        note = (
            f"not checked: the answer reads as {whole.code!r} (p = {whole.probability:.2f}) and {reader}; {kept} "
            "(the `novelty` detector reads any language)"
        )
    elif languages is not None and languages.nothing_read:
        note = (
            f"not checked: no sentence of the answer reads as English ({_languages_named(unread)}) and {reader}; "
            f"{kept} (the `novelty` detector reads any language)"
        )
    else:
        verb = "reads" if len(unread) == 1 else "read"
        note = (
            f"not checked: {_sentences(len(unread))} of the answer {verb} as another language "
            f"({_languages_named(unread)}) and {reader}; under {UNREAD_SENTENCES}=not_checked such an answer gets no "
            f"verdict, and {kept} ({UNREAD_SENTENCES}=skip reads the other sentences)"
        )
    notes = [n for n in (report.notes if notes is None else notes) if not n.startswith(_READ_APART)]
    report = report.model_copy(update={"notes": notes}).as_not_checked(note)
    return report.model_copy(update={"details": report.details.model_copy(update={"unread_sentences": unread})})


def _sentences(count: int) -> str:
    return f"{count} sentence{'s' * (count != 1)}"


def _read_apart(report: Report, answer: str, languages: AnswerLanguages) -> Report:
    """The report of the answer read without the sentences set aside (``report``), as a report of ``answer``.

    The answer read had those sentences blanked out, so every offset is already the answer's; a span that covers
    blanked text (none does: spans hold no surrounding whitespace) would not match the answer, and is left out.
    """
    unread = _unread(answer, languages)

    def kept(spans: Sequence[TextSpan]) -> list[TextSpan]:
        return [span for span in spans if span.matches(answer)]

    sentences = [s.model_copy(update={"error_spans": kept(s.error_spans)}) for s in report.sentences]
    quoted = "; ".join(repr(_start_of(u.span.text)) for u in unread[:3]) + ("; …" if len(unread) > 3 else "")
    note = (
        f"{_READ_APART}{_sentences(len(unread))} in another language ({_languages_named(unread)}: {quoted}), which the "
        f"models of {report.detector!r} do not read; the verdict is that of the other sentences "
        f"(details.unread_sentences lists those not read; the setting {UNREAD_SENTENCES}=not_checked gives such an "
        "answer no verdict)"
    )
    return report.model_copy(
        update={
            "answer": answer,
            "hallucinated_spans": kept(report.hallucinated_spans),
            "sentences": sentences,
            "notes": [*report.notes, note],
            "details": report.details.model_copy(
                update={"unread_sentences": unread, "below_threshold_spans": kept(report.details.below_threshold_spans)}
            ),
        }
    )


def _start_of(text: str, words: int = 6) -> str:
    """The first ``words`` words of ``text`` (with "…" when there are more)."""
    split = text.split()
    return " ".join(split[:words]) + (" …" if len(split) > words else "")


def _marks_agree(report: Report) -> Report:
    """``report`` with words shown as unsupported only under a hallucinated verdict (promise 1)."""
    if report.verdict == "hallucinated":
        return report
    weak = list(report.hallucinated_spans)
    sentences = []
    for scored in report.sentences:
        if scored.hallucinated or scored.error_spans:
            weak += [s for s in scored.error_spans if s not in weak]
            scored = scored.model_copy(update={"hallucinated": False, "error_spans": []})
        sentences.append(scored)
    if not weak and sentences == report.sentences:
        return report
    return report.model_copy(
        update={
            "hallucinated_spans": [],
            "sentences": sentences,
            "details": report.details.model_copy(
                update={"below_threshold_spans": sorted(weak, key=lambda span: (span.start, span.end))}
            ),
        }
    )


class GuardedDetector:
    """A detector whose every report keeps this module's promises (it sees through to the wrapped one otherwise).

    ``unread_sentences`` (:data:`UnreadPolicy`): what an answer some of whose sentences the models cannot read gets.
    """

    def __init__(self, inner: Any, unread_sentences: UnreadPolicy = "skip") -> None:
        if unread_sentences not in ("skip", "not_checked"):
            from veracity.errors import ConfigError

            raise ConfigError(f"{UNREAD_SENTENCES} must be 'skip' or 'not_checked', not {unread_sentences!r}")
        self.inner = inner
        self.name = inner.name
        self.unread_sentences: UnreadPolicy = unread_sentences

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.inner, attribute)

    def config(self) -> dict[str, Any]:
        """The wrapped detector's, and the policy on unread sentences where it is not the default."""
        config = dict(self.inner.config())
        if self.unread_sentences != "skip":
            config[UNREAD_SENTENCES] = self.unread_sentences
        return config

    def detect(self, answer: str, context: Sequence[Document | str], question: str | None = None) -> Report:
        """The wrapped detector's report, keeping the promises.

        An answer with sentences its models cannot read is read again without them (unless none can be read, or the
        policy gives it no verdict): the first reading, of every sentence, is what a ``not_checked`` report keeps.
        """
        english_only = bool(getattr(innermost(self.inner), "reads_english_only", False))
        if english_only:
            from veracity.text.language import preload_identifier

            preload_identifier()  # loads while the detector works (see there)
        report = self.inner.detect(answer, context, question)
        if english_only and _checkable(report):
            from veracity.text.language import read_languages

            languages = read_languages(answer)
            unread = _unread(answer, languages)
            if unread and (languages.nothing_read or self.unread_sentences == "not_checked"):
                report = _not_checked(report, languages, unread, notes_without_verdict(self.inner, report.notes))
            elif unread:
                report = _read_apart(self.inner.detect(languages.masked(answer), context, question), answer, languages)
        unread = list(report.details.unread_sentences)
        if self.unread_sentences == "not_checked" and report.verdict != "not_checked" and unread:
            # the gate of a detector inside this one (auto's reader) read the other sentences
            report = _not_checked(report, None, unread, notes_without_verdict(self.inner, report.notes))
        if self.unread_sentences != "skip":
            report = report.model_copy(update={"config": {**report.config, UNREAD_SENTENCES: self.unread_sentences}})
        dropped = _dropped(context)
        if dropped is not None and dropped not in report.notes:
            report = report.model_copy(update={"notes": [*report.notes, dropped]})
        return _marks_agree(report)


def _dropped(context: Sequence[Document | str]) -> str | None:
    """The note naming the documents of ``context`` that the detector dropped (a context it refuses has none)."""
    from veracity.detectors.base import dropped_documents, to_documents
    from veracity.errors import InputError

    try:
        return dropped_documents(to_documents(context))
    except InputError:  # the detector said what is wrong with it already
        return None


def guarded(detector: Any, unread_sentences: UnreadPolicy = "skip") -> GuardedDetector:
    """``detector`` wrapped once (a guarded detector with the same policy is returned as it is)."""
    if isinstance(detector, GuardedDetector):
        if detector.unread_sentences == unread_sentences:
            return detector
        detector = detector.inner
    return GuardedDetector(detector, unread_sentences)


def innermost(detector: Any) -> Any:
    """The detector under its wrappers (the guard, a calibration)."""
    while hasattr(detector, "inner") and getattr(detector, "name", None) == getattr(detector.inner, "name", None):
        detector = detector.inner
    return detector
