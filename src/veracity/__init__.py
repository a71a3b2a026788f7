"""veracity: detect hallucinations in LLM answers against the documents they should rest on.

Example::

    from veracity import Document, load_detector

    detector = load_detector("grounding")
    report = detector.detect("Paris is in Germany.", context=[Document(id="d1", text="Paris is in France.")])
    print(report.verdict, [span.text for span in report.hallucinated_spans])
"""

from veracity.detectors import Detector, load_detector
from veracity.errors import VeracityError
from veracity.schema import Claim, ClaimVerdict, Document, Evidence, Label, Report, SentenceScore, TextSpan

__all__ = [
    "Claim",
    "ClaimVerdict",
    "Detector",
    "Document",
    "Evidence",
    "Label",
    "Report",
    "SentenceScore",
    "TextSpan",
    "VeracityError",
    "load_detector",
]
__version__ = "0.1.0"
