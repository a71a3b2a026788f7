"""Running detection for a caller: one answer or a batch, here, on a Ray cluster or on a running service.

What the command line, the service and the integrations share beyond a detector itself:

* :func:`~veracity.runners.dispatch.open_detector`: a detector loaded here, or a running service in a detector's
  shape (:class:`~veracity.runners.dispatch.RemoteDetector`);
* :func:`~veracity.runners.dispatch.run_detect_batch`: a JSONL batch on the local engine (:mod:`veracity.batch`,
  with a loaded detector or a service) or on Ray (:mod:`veracity.scale`), and
  :func:`~veracity.runners.dispatch.batch_outcome`: what the run leaves in its output;
* the exit-code policy of a CI gate (:mod:`veracity.runners.exit_codes`): a verdict, or a batch's outcome, to 0
  (passes), 1 (hallucinated) or 2 (not checked, or a failed record).

Nothing heavy is imported here: a batch runner, Ray or the HTTP client load when a run needs them.
"""

from veracity.runners.dispatch import BatchSummary, RemoteDetector, batch_outcome, open_detector, run_detect_batch
from veracity.runners.exit_codes import (
    EXIT_HALLUCINATED,
    EXIT_NOT_CHECKED,
    EXIT_PASSED,
    answer_exit_code,
    batch_exit_code,
)

__all__ = [
    "EXIT_HALLUCINATED",
    "EXIT_NOT_CHECKED",
    "EXIT_PASSED",
    "BatchSummary",
    "RemoteDetector",
    "answer_exit_code",
    "batch_exit_code",
    "batch_outcome",
    "open_detector",
    "run_detect_batch",
]
