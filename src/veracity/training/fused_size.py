"""How many labelled answers a fused model needs (issue 58): the measured reliable size and the warning below it."""

from __future__ import annotations

__all__ = ["MEASURED_AUROC", "MIN_ANSWERS", "RELIABLE_ANSWERS", "size_warnings"]

MIN_ANSWERS = 20
"""The fewest labelled answers ``train fused`` fits on: five out-of-fold folds of at least four answers each."""

RELIABLE_ANSWERS = 400
"""A fit on fewer labelled answers than this gets a warning (:func:`size_warnings`). Measured
(experiments/fused-size): from 400 answers on, a fit ranks new answers within 0.01 of a fit on all 1,230 RAGTruth
training answers (AUROC 0.82 against 0.83), and 9 fits in 10 print an out-of-fold AUROC within 0.04 of the AUROC they
reach on new answers; at 200 that error is 0.06, at 24 it is 0.66 (an out-of-fold figure of 24 answers says
nothing)."""

MEASURED_AUROC: dict[int, tuple[float, float, float]] = {
    24: (0.756, 0.7095, 0.6636),
    50: (0.7781, 0.7452, 0.1399),
    100: (0.7974, 0.7846, 0.0893),
    200: (0.8142, 0.8029, 0.0647),
    400: (0.8206, 0.8129, 0.0366),
    800: (0.8261, 0.822, 0.0214),
}
"""Per number of training answers n: (mean AUROC on new answers, its 10th percentile, the 90th percentile of
|out-of-fold AUROC − AUROC on new answers|) of fits on n answers. The ``table`` of experiments/fused-size/metrics.json:
20 random draws of n answers from RAGTruth train, each fit measured on the 894 dev answers it did not see."""


def size_warnings(n: int) -> list[str]:
    """A warning when ``n`` answers are fewer than :data:`RELIABLE_ANSWERS`, with the error measured at that size.

    The figures are those measured at the largest size not above ``n`` (:data:`MEASURED_AUROC`); under the smallest
    measured size, the error is larger than the figures at that size.
    """
    if n >= RELIABLE_ANSWERS:
        return []
    measured = [size for size in MEASURED_AUROC if size <= n]
    size = max(measured) if measured else min(MEASURED_AUROC)
    mean, p10, error = MEASURED_AUROC[size]
    at_reliable = MEASURED_AUROC[RELIABLE_ANSWERS][0]
    expect = (
        f"about {mean:.2f}, {p10:.2f} or worse in 1 fit of 10"
        if measured
        else f"below {mean:.2f} (at {size} answers, the fewest measured: {mean:.2f}, {p10:.2f} or worse in 1 fit of 10)"
    )
    return [
        f"fitting on {n} answers: expect an AUROC on new answers of {expect}, against {at_reliable:.2f} from "
        f"{RELIABLE_ANSWERS} answers; the out-of-fold AUROC printed here is off by up to {error:.2f} in 9 fits of 10"
        f"{'' if measured else ' (more below that size)'}. Label {RELIABLE_ANSWERS} answers or more for a model to "
        "trust (measured on RAGTruth: experiments/fused-size)"
    ]
