"""A report as readable text: the verdict, the answer with its unsupported words marked, sentences and claims."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from veracity.schema import Report


# Claim labels in words (the JSON keeps LiteHall's names).
LABEL_WORDS = {
    "supported": "supported",
    "not_supported": "not supported",
    "unverifiable": "not enough evidence",
    "irrelevant": "irrelevant",
}


def score_and_threshold(score: float, threshold: float) -> tuple[str, str]:
    """The two numbers with as many decimals as it takes to show which side of the threshold the score is on."""
    for digits in range(2, 7):
        a, b = f"{score:.{digits}f}", f"{threshold:.{digits}f}"
        if a != b or score == threshold:
            return a, b
    return f"{score:.3e}", f"{threshold:.3e}"


def render_report(report: Report) -> str:
    """A report as readable text: verdict, the answer with flagged words in [[brackets]], then each sentence.

    Every score is on the headline's scale (higher = more likely hallucinated); sentences are marked ✗ / ✓ as the
    detector judged them. A ``not_checked`` report (:func:`render_not_checked`) shows no mark and no score.
    """
    if report.verdict == "not_checked" or report.score is None:
        return render_not_checked(report)
    kind = "P(hallucinated)" if report.calibration else "score"
    score, threshold = score_and_threshold(report.score, report.threshold)
    relation = "≥" if report.verdict == "hallucinated" else "<"
    headline = (
        f"verdict: {report.verdict.upper()}  ({kind} {score} {relation} threshold {threshold}; higher is worse; "
        f"detector {report.detector})"
    )
    lines = [headline, "", *_question(report)]
    marked = report.answer
    for span in sorted(report.hallucinated_spans, key=lambda s: s.start, reverse=True):
        marked = f"{marked[: span.start]}[[{span.text}]]{marked[span.end :]}"
    if report.hallucinated_spans:
        header = "answer (unsupported text in [[...]]):"
    elif report.verdict == "hallucinated":
        header = "answer (the detector marks no words" + ("; see the sentences below):" if report.sentences else "):")
    else:
        header = "answer (no unsupported text found):"
    lines += [header, f"  {marked.strip()}", ""]
    contradicted = [f for f in report.details.findings if f.relation == "contradicted"]
    missing = [f for f in report.details.findings if f.relation == "not_found"]
    if contradicted:
        lines.append("contradicted by a source (the source says otherwise about the same thing):")
        for finding in contradicted:
            source = finding.source_text if len(finding.source_text) <= 160 else finding.source_text[:157] + "..."
            lines.append(f"  ✗ {finding.span.text!r} ({finding.kind}, {finding.confidence:.2f}): {finding.explanation}")
            lines.append(f"      source [{finding.source_document}]: {source}")
        lines.append("")
    if missing:
        lines.append("not found in the record (it does not state this):")
        for finding in missing:
            lines.append(f"  ? {finding.span.text!r}: {finding.explanation}")
        lines.append("")
    if report.sentences:
        lines.append("sentences (score: higher is worse):")
    refuted = {(f.span.start, f.span.end) for f in report.details.findings if f.relation == "contradicted"}
    for scored in report.sentences:
        mark = "✗" if scored.hallucinated else "✓"
        lines.append(f"  {mark} {scored.score:.2f}  {scored.sentence.text}")
        for span in scored.error_spans:
            said = "contradicted" if (span.start, span.end) in refuted else "unsupported"
            lines.append(f"      {said}: {span.text!r}")
        for evidence in scored.evidence[:2]:
            where = evidence.document_id + (
                f" #{evidence.sentence_index}"
                if evidence.sentence_index is not None
                else f" {evidence.span.start}-{evidence.span.end}"
            )
            lines.append(f"      evidence [{where}, {evidence.score:.2f}]: ")
            lines[-1] += evidence.text if len(evidence.text) <= 160 else evidence.text[:157] + "..."
    lines += _unread(report)
    if report.claims:
        lines += ["", "claims (score: higher is worse):"]
        for verdict in report.claims:
            words = LABEL_WORDS.get(verdict.label.value, verdict.label.value)
            lines.append(f"  {words:<19} {1.0 - verdict.p_supported:.2f}  {verdict.claim.text}")
    if report.notes:
        lines += ["", "notes:"] + [f"  - {note}" for note in report.notes]
    return "\n".join(lines + _timings(report))


def render_not_checked(report: Report) -> str:
    """A ``not_checked`` report as text: that the answer was not checked and why, then its sentences, unmarked.

    No sentence, claim or finding gets a ✓ / ✗ or a score: what the detector read anyway decides nothing, and a
    "✓ 0.75" beside a sentence it could not read would look like a pass (issue 58).
    """
    lines = [
        f"verdict: NOT CHECKED  (the detector could not check this answer: no verdict, no score; "
        f"detector {report.detector})",
        "",
        "why it was not checked:",
        *[f"  - {note}" for note in report.notes or ["the detector gave no reason"]],
        "",
        *_question(report),
        "answer (not checked):",
        f"  {report.answer.strip() or '(empty)'}",
    ]
    if report.sentences:
        lines += ["", "sentences (not checked: no marks, no scores):"]
        lines += [f"  - {scored.sentence.text}" for scored in report.sentences]
    if report.claims:
        lines += ["", "claims (not checked: no labels, no scores):"]
        lines += [f"  - {verdict.claim.text}" for verdict in report.claims]
    return "\n".join(lines + _unread(report) + _timings(report))


def _unread(report: Report) -> list[str]:
    """The sentences not read (a language the models do not read), each with its language."""
    unread = report.details.unread_sentences
    if not unread:
        return []
    lines = ["", "not read (a language the models do not read: no mark, no score):"]
    return lines + [f"  - [{u.language}, p = {u.probability:.2f}] {u.span.text}" for u in unread]


def _question(report: Report) -> list[str]:
    return ["question:", f"  {report.question.strip()}", ""] if report.question else []


def _timings(report: Report) -> list[str]:
    if not report.timings_ms:
        return []
    return ["", "timings: " + ", ".join(f"{name} {ms:.0f} ms" for name, ms in report.timings_ms.items())]
