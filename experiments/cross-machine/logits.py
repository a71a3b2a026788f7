"""The NLI model's logits from one ONNX file on this CPU and on an emulated AVX2-only CPU (README.md beside this file).

    python experiments/cross-machine/logits.py quantise DIR      # 8-bit and 7-bit int8 copies of the fp32 graph in DIR
    python experiments/cross-machine/logits.py run DIR > OUT     # logits of four pairs from each file in DIR
    qemu-x86_64 -cpu Haswell .venv/bin/python experiments/cross-machine/logits.py run DIR > OUT

DIR starts with the shipped NLI model's fp32 graph (``sequence.onnx``, from ``veracity export-onnx``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAIRS = [
    ("Electric bikes: A full day: £55.", "Hiring an electric bike for a full day costs £25."),
    ("Maria Salomea Skłodowska, later known as Marie Curie, was born in Warsaw, in what was then the Kingdom of "
     "Poland, on 7 November 1867.", "Marie Curie was born in Kraków on 7 November 1867."),
    ("Saturday opening: 09:00 to 13:00.", "The library opens at 9 am on Saturdays."),
    ("The 1903 Nobel Prize in Physics was awarded jointly to Henri Becquerel, Pierre Curie and Marie Curie.",
     "In 1903 she shared the Nobel Prize in Physics with Pierre Curie and Henri Becquerel."),
]


def quantise(folder: Path) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    fp32 = str(folder / "sequence.onnx")
    quantize_dynamic(fp32, str(folder / "int8-8bit.onnx"), weight_type=QuantType.QInt8, per_channel=True)
    quantize_dynamic(fp32, str(folder / "int8-7bit.onnx"), weight_type=QuantType.QInt8, per_channel=True,
                     reduce_range=True)


def run(folder: Path) -> None:
    import numpy as np
    import onnxruntime
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(ROOT / "src/veracity/models/weights/veracity-nli-small/tokenizer.json"))
    out = {}
    for name in ("sequence.onnx", "int8-8bit.onnx", "int8-7bit.onnx"):
        session = onnxruntime.InferenceSession(str(folder / name), providers=["CPUExecutionProvider"])
        inputs = {i.name for i in session.get_inputs()}
        rows = []
        for premise, hypothesis in PAIRS:
            e = tokenizer.encode(premise, hypothesis)
            feed = {"input_ids": [e.ids], "attention_mask": [e.attention_mask], "token_type_ids": [e.type_ids]}
            rows.append(session.run(None, {k: np.array(v, dtype=np.int64) for k, v in feed.items() if k in inputs})[0][0]
                        .tolist())
        out[name] = rows
    print(json.dumps(out))


if __name__ == "__main__":
    {"quantise": quantise, "run": run}[sys.argv[1]](Path(sys.argv[2]))
