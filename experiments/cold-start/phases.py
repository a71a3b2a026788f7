"""Where a one-shot check's time goes: its phases run one after the other in one fresh process, each timed.

    python experiments/cold-start/phases.py examples/payments   # prints one JSON object: phase -> seconds

Run by ``measure.py`` with ``PYTHONPATH=<a checkout>/src``, so the same script times the code of any commit. The
phases are what ``veracity detect`` does, made explicit (it does them lazily, inside the first answer):

* ``imports`` — ``veracity.cli`` and what it imports (the interpreter's own start is timed apart by ``measure.py``);
* ``detector`` — ``load_detector("auto")`` (the reader model's JSON; no encoder yet);
* ``models`` — the reader's ``load_models``: its NLI scorer, value and consistency checkers and span detector (since
  issue 68 it also starts reading the two ONNX sessions in a background thread);
* ``spacy_import`` / ``spacy_load`` — ``import spacy`` and the English pipeline (the reader's first parse does both);
* ``onnx_nli`` / ``onnx_span`` — each encoder's ONNX files found (the model folder's content digest), its
  tokenizer and its ONNX Runtime session: what is left to wait for, where they were started in the background;
* ``langid`` — the language identifier (the CLI loads it in a background thread while the reader works);
* ``first_answer`` — the first ``detect`` once all of that is loaded: the modules the reading imports on first use,
  parsing, the checkers, the NLI and span models' first runs;
* ``second_answer`` — the same answer again (what a warm service pays), for reference: ``first_answer`` minus it is
  what a first answer costs beyond its reading.

The order is the one a one-shot check meets them in (the reader loads spaCy for its first parse, before its first NLI
pair).
"""

from __future__ import annotations

import time

START = time.perf_counter()
START_CPU = time.process_time()

import json  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402


def read_case(folder: Path) -> tuple[str, list[str], str | None]:
    """The answer, the passages (every other ``.txt``, sorted) and the question of an example folder."""
    answer = (folder / "answer.txt").read_text(encoding="utf-8").strip()
    question_file = folder / "question.txt"
    question = question_file.read_text(encoding="utf-8").strip() if question_file.is_file() else None
    passages = [
        p.read_text(encoding="utf-8").strip()
        for p in sorted(folder.glob("*.txt"))
        if p.name not in ("answer.txt", "question.txt")
    ]
    return answer, passages, question


def main() -> None:
    """Time each phase of a one-shot check on the example folder named on the command line."""
    answer, passages, question = read_case(Path(sys.argv[1]))
    phases: dict[str, float] = {}
    cpu: dict[str, float] = {}
    mark, mark_cpu = START, START_CPU

    def done(name: str) -> None:
        nonlocal mark, mark_cpu
        now, now_cpu = time.perf_counter(), time.process_time()
        phases[name], cpu[name] = round(now - mark, 4), round(now_cpu - mark_cpu, 4)
        mark, mark_cpu = now, now_cpu

    import veracity.cli  # noqa: F401

    done("imports")
    from veracity.detectors import load_detector
    from veracity.detectors.guard import innermost

    detector = load_detector("auto")
    done("detector")
    auto = innermost(detector)
    reader: Any = innermost(next(iter(auto.routes.values())))
    reader.load_models()
    done("models")
    try:  # the module's name since 69's tidy-up; 6cbf84b calls it _spacy
        from veracity.text import parsing as spacy_module
    except ImportError:
        from veracity.text import _spacy as spacy_module  # type: ignore[no-redef]

    spacy_module._import_spacy()
    done("spacy_import")
    spacy_module.load_spacy()
    done("spacy_load")
    for name, model in (("onnx_nli", reader.stages.nli.get()), ("onnx_span", getattr(reader.stages.span.get(), "tagger", None))):
        if model is not None and model.runs_on == "onnx":
            _ = model._onnx
        done(name)
    from veracity.text import language

    language._identifier()
    done("langid")
    report = detector.detect(answer, passages, question)
    done("first_answer")
    again = detector.detect(answer, passages, question)
    done("second_answer")
    assert again.score == report.score
    print(
        json.dumps(
            {
                "phases": phases,
                "cpu": cpu,
                "score": report.score,
                "verdict": str(report.verdict),
                "onnx": reader.stages.nli.get().runs_on == "onnx",
                "heavy_modules": [m for m in ("torch", "transformers", "scipy", "sklearn") if m in sys.modules],
            }
        )
    )


if __name__ == "__main__":
    main()
