"""Issue 54's floor "installing one extra does not need the others": for each integration, a fresh virtual
environment with only that integration's extra beside the models' (`veracity[ml,EXTRA]`, editable, from this
checkout; torch 2.13.0 first, the CPU build on this disk, as docs/install says) runs that section's examples of
docs/integrations.md, and each prints what the doc shows. (The detectors themselves need `ml`, or the light `onnx`
install: an integration extra alone carries the framework's glue, not a detector's models.)

    python benchmarks/integrations/fresh_venvs.py [EXTRA ...] > benchmarks/integrations/fresh-venvs.json

Needs the network to PyPI (pip). Each example is run as its own script in the new environment; the output is
compared with the doc's text block after it (`…` stands for text left out, as in tests/integrations/). The service
and NeMo sections need a live service and are covered by the test suite, not here.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "integrations.md"
SECTIONS = {"langchain": "## LangChain", "llama-index": "## LlamaIndex", "mcp": "## MCP", "deepeval": "## DeepEval"}
# deepeval is installed as `make setup-test` does only where the test environment forces it; alone it resolves.


def section_examples(heading: str) -> list[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(heading)
    end = text.find("\n## ", start + 1)
    body = text[start : end if end > 0 else len(text)]
    found = re.findall(r"^```(\w*)\n(.*?)^```", body, re.S | re.M)
    return [(code, shown) for (lang, code), (after, shown) in zip(found, found[1:]) if lang == "python" and after == "text"]


def matches(shown: str, printed: str) -> bool:
    pattern = "".join(".*?" if part == "…" else re.escape(part) for part in re.split(r"(…)", shown.strip()))
    return re.fullmatch(pattern, printed.strip(), re.S) is not None


def main() -> None:
    extras = sys.argv[1:] or list(SECTIONS)
    results = {"command": "python " + " ".join(sys.argv), "python": sys.version.split()[0], "extras": {}}
    for extra in extras:
        with tempfile.TemporaryDirectory() as tmp:
            venv = Path(tmp) / "venv"
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "torch==2.13.0"], check=True)
            pip = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "-e", f"{ROOT}[ml,{extra}]"],
                                 capture_output=True, text=True)  # fmt: skip
            entry: dict = {"install_s": round(time.perf_counter() - started, 1), "install_rc": pip.returncode}
            if pip.returncode != 0:
                entry["install_error"] = pip.stderr[-2000:]
                results["extras"][extra] = entry
                continue
            freeze = subprocess.run([str(venv / "bin" / "pip"), "freeze"], capture_output=True, text=True).stdout
            entry["packages"] = len(freeze.splitlines())
            entry["examples"] = []
            for k, (code, shown) in enumerate(section_examples(SECTIONS[extra])):
                script = Path(tmp) / f"example{k}.py"
                script.write_text(code, encoding="utf-8")
                run = subprocess.run([str(venv / "bin" / "python"), str(script)], capture_output=True, text=True,
                                     cwd=tmp, env={"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": tmp,
                                                   "DEEPEVAL_TELEMETRY_OPT_OUT": "YES"}, timeout=600)  # fmt: skip
                ok = run.returncode == 0 and matches(shown, run.stdout)
                entry["examples"].append({"rc": run.returncode, "output_as_documented": ok,
                                          **({} if ok else {"stdout": run.stdout[-1500:], "stderr": run.stderr[-1500:]})})  # fmt: skip
            results["extras"][extra] = entry
            print(extra, entry.get("install_s"), [e["output_as_documented"] for e in entry.get("examples", [])],
                  file=sys.stderr)  # fmt: skip
    json.dump(results, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
