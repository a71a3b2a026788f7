"""The layer contract (docs/design.md), checked on every import in src/ — function-level ones included.

A module may import from its own package and from the layers below its own; nothing above, nothing beside.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "veracity"

# Top to bottom. Each name is a package under veracity/ or a top-level module of it.
LAYERS: list[set[str]] = [
    {"__main__"},
    {"cli"},  # parses, calls the library, prints
    {"server", "integrations"},  # the HTTP service; the frameworks' adapters (LangChain, MCP, ...)
    {"runners"},  # where a detection runs (here, a service, a batch, Ray); the exit-code policy
    {"scale"},  # the Ray runner
    {"_ray_datasource"},  # its Ray Data source
    {"batch", "client"},  # the local batch runner; the service's client
    {"training"},  # trainers (they read data and evaluate with eval's metrics)
    {"eval"},  # the harness, metrics, reports
    {"data"},  # dataset loaders and builders (perturbations, grounding sources, LLM-OASIS)
    {"streaming"},  # a detector over an answer that streams: readings per sentence, then the Report
    {"detectors"},  # compositions of stages, each paper's method-specific stages with it
    {"calibration"},  # raw scores to P(hallucinated): the maps, their files, their fitting
    {"stages"},  # steps several detectors share
    {"models", "text"},  # model wrappers; text processing
    {"registry", "_jsonl", "batch_input"},  # name tables; JSON lines I/O; a batch's numbered input lines
    {"schema", "errors"},  # the result types; the error types
]
LAYER_OF = {name: i for i, layer in enumerate(LAYERS) for name in layer}


def unit_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "veracity" and len(parts) > 1 else None


def import_statements(src: Path = SRC) -> Iterator[tuple[Path, int, str, str]]:
    """(file, line, module, name) per name of every absolute import under ``src``, lazy ones included.

    ``from M import N`` gives (M, N); ``import M`` gives (M, "").
    """
    for path in sorted(src.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    yield path, node.lineno, node.module, alias.name
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, node.lineno, alias.name, ""


def imports() -> list[tuple[str, str, str]]:
    """(importing unit, imported unit, file:line) for every import of another veracity unit."""
    found = []
    for path, line, module, _ in import_statements():
        relative = path.relative_to(SRC.parent).with_suffix("")
        if relative.parts == ("veracity", "__init__"):
            continue  # the package's public face re-exports from below
        me, target = relative.parts[1], unit_of(module)
        if target is not None and target != me:
            found.append((me, target, f"{path.relative_to(SRC.parent)}:{line}"))
    return found


def test_every_unit_has_a_layer():
    units = {p.stem if p.is_file() else p.name for p in SRC.iterdir() if p.suffix == ".py" or p.is_dir()}
    units -= {"__init__", "__pycache__", "py"}
    assert units - set(LAYER_OF) == set(), "add the new module to LAYERS (and to docs/design.md)"


def violations(found: list[tuple[str, str, str]]) -> list[str]:
    return [
        f"{where}: {me} (layer {LAYER_OF[me]}) imports {target} (layer {LAYER_OF[target]})"
        for me, target, where in found
        if LAYER_OF[target] <= LAYER_OF[me]
    ]


def test_no_import_goes_up_or_sideways():
    broken = violations(imports())
    assert broken == [], "\n".join(broken)


def test_the_check_catches_an_upward_and_a_sideways_import():
    planted = [("stages", "detectors", "x.py:1"), ("models", "text", "y.py:2"), ("detectors", "stages", "z.py:3")]
    assert violations(planted) == [
        "x.py:1: stages (layer 13) imports detectors (layer 11)",
        "y.py:2: models (layer 14) imports text (layer 14)",
    ]
    assert len(imports()) > 100  # the walk sees the package's imports, lazy ones included


def test_no_module_is_over_600_lines():
    """A module a reader can hold in mind (issue 34): split by topic before it grows past this."""
    long = {
        str(p.relative_to(SRC.parent)): n for p in SRC.rglob("*.py") if (n := len(p.read_text().splitlines())) > 600
    }
    assert long == {}


def _is_module(name: str, src: Path = SRC) -> bool:
    path = src.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def private_imports(src: Path = SRC) -> list[str]:
    """Every import of a private name from another module, or of a private module from outside its package."""
    found = []
    for path, line, target, name in import_statements(src):
        if not target.startswith("veracity"):
            continue
        parts = path.relative_to(src.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = module if parts[-1] == "__init__" else module.rpartition(".")[0]
        where = f"{path.relative_to(src.parent)}:{line}"
        full = f"{target}.{name}" if name and _is_module(f"{target}.{name}", src) else target
        pieces = full.split(".")
        for i, piece in enumerate(pieces):
            owner = ".".join(pieces[:i])
            inside = package == owner or package.startswith(owner + ".")
            if piece.startswith("_") and not piece.startswith("__") and not inside:
                found.append(f"{where}: the private module {full}")
                break
        if name.startswith("_") and not name.startswith("__") and full == target and target != module:
            found.append(f"{where}: the private name {target}.{name}")
    return found


def test_no_private_name_or_module_is_imported_across_modules():
    """Issue 69: a name with a leading underscore stays in its module, a private module in its package; what other
    modules share is public where it is defined."""
    assert private_imports() == []


def test_the_private_import_check_on_a_tree_checked_by_hand(tmp_path):
    files = {
        "veracity/__init__.py": "",
        "veracity/a/__init__.py": "from veracity.a import _x\n",  # its own package's private module: allowed
        "veracity/a/_x.py": "def f(): pass\n",
        "veracity/a/y.py": "from veracity.a._x import f\n_g = 1\n",  # allowed: inside package a
        "veracity/b.py": "from veracity.a._x import f\nfrom veracity.a.y import _g\nimport veracity.a._x\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert private_imports(tmp_path / "veracity") == [
        "veracity/b.py:1: the private module veracity.a._x",
        "veracity/b.py:2: the private name veracity.a.y._g",
        "veracity/b.py:3: the private module veracity.a._x",
    ]


# Inside the verify area (issue 69): the value reader and lexicon (veracity.text) under the sources, the sources
# under the checkers, the checkers under the one module that runs them in order.
CHECKERS = "veracity.stages.verify.checkers"


def _module_of(path: Path, src: Path) -> str:
    parts = path.relative_to(src.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _checker_of(module: str) -> str | None:
    """The checker a module belongs to (``veracity.stages.verify.checkers.names`` → ``names``), or None."""
    return module.removeprefix(CHECKERS + ".").split(".")[0] if module.startswith(CHECKERS + ".") else None


def verify_area_violations(src: Path = SRC) -> list[str]:
    """Imports against the verify area's order: sources → checkers → checks.

    * ``stages.sources`` imports nothing of ``stages.verify``;
    * a checker imports its own package and the checkers' protocol (``checkers/__init__``), never another checker,
      nor ``checks`` which runs them;
    * within ``stages``, only ``stages.verify.checks`` imports a checker (detectors above may).
    """
    found = []
    for path, line, target, _ in import_statements(src):
        module = _module_of(path, src)
        where = f"{path.relative_to(src.parent)}:{line}"
        if module == "veracity.stages.sources" and target.startswith("veracity.stages.verify"):
            found.append(f"{where}: the sources import {target}")
        mine, theirs = _checker_of(module), _checker_of(target)
        if mine is not None and theirs is not None and theirs != mine:
            found.append(f"{where}: the checker {mine} imports the checker {theirs}")
        if mine is not None and target.startswith("veracity.stages.verify.checks"):
            found.append(f"{where}: the checker {mine} imports {target}")
        in_stages = module.startswith("veracity.stages.")
        if in_stages and mine is None and theirs is not None and module != "veracity.stages.verify.checks":
            found.append(f"{where}: {module} imports the checker {theirs}")
    return found


def test_the_verify_area_keeps_its_order():
    assert verify_area_violations() == []


def test_the_verify_area_check_on_a_tree_checked_by_hand(tmp_path):
    files = {
        "veracity/__init__.py": "",
        "veracity/stages/__init__.py": "",
        "veracity/stages/sources.py": "from veracity.stages.verify.checks import run\n",  # sources above checks
        "veracity/stages/verify/__init__.py": "",
        "veracity/stages/verify/checks.py": "from veracity.stages.verify.checkers.a import A\n",  # allowed
        "veracity/stages/verify/grounding.py": "from veracity.stages.verify.checkers.a import A\n",
        "veracity/stages/verify/checkers/__init__.py": "from typing import Protocol\n",
        "veracity/stages/verify/checkers/a/__init__.py": "from veracity.stages.verify.checkers.a.b import B\n",
        "veracity/stages/verify/checkers/a/b.py": "from veracity.stages.verify.checkers import Checker\n",  # allowed
        "veracity/stages/verify/checkers/c.py": "from veracity.stages.verify.checkers.a.b import B\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert sorted(verify_area_violations(tmp_path / "veracity")) == [
        "veracity/stages/sources.py:1: the sources import veracity.stages.verify.checks",
        "veracity/stages/verify/checkers/c.py:1: the checker c imports the checker a",
        "veracity/stages/verify/grounding.py:1: veracity.stages.verify.grounding imports the checker a",
    ]
