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
