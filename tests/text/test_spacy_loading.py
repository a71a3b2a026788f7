"""How spaCy is loaded for a one-shot check (issue 68, item 8): without its command line, its entry points grouped
once, the pipeline's disabled components never built, and the same parses as a plain ``spacy.load``."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys

import pytest

pytest.importorskip("spacy", reason="spaCy is not installed")

from veracity.text import parsing

PARSE = (
    "import json, sys\n"
    "from veracity.text.parsing import DEFAULT_SPACY_MODEL, load_spacy\n"
    "nlp = load_spacy()\n"
    "loaded = sorted(m for m in ('weasel', 'jinja2', 'httpx', 'requests', 'torch') if m in sys.modules)\n"
    "import spacy\n"
    "info = spacy.info()\n"
    "import spacy.cli\n"
    "plain = spacy.load(DEFAULT_SPACY_MODEL)\n"
    "text = 'Payouts are made daily on a T+2 schedule, so a payment captured on Monday reaches Acme Bank "
    "on Wednesday.'\n"
    "read = lambda doc: [(t.text, t.tag_, t.dep_, t.head.i, t.lemma_, t.ent_type_, t.is_sent_start) for t in doc]\n"
    "print(json.dumps({'loaded': loaded, 'info': sorted(info)[:3], 'cli': hasattr(spacy.cli, 'download'),\n"
    "    'components': nlp.component_names, 'plain': plain.component_names,\n"
    "    'same': read(nlp(text)) == read(plain(text))}))\n"
)


def test_spacy_loads_without_its_command_line_and_parses_as_a_plain_load():
    done = subprocess.run([sys.executable, "-c", PARSE], capture_output=True, text=True, check=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["loaded"] == []  # no CLI modules (nor torch) for the pipeline
    assert found["info"] and found["cli"]  # spacy.info and spacy.cli still work when asked for
    assert "senter" in found["plain"] and "senter" not in found["components"]  # disabled there: never built here
    assert [c for c in found["plain"] if c != "senter"] == found["components"]
    assert found["same"]  # tags, dependencies, lemmas, entities and sentence starts


def test_grouped_entry_points_are_what_a_scan_finds():
    parsing._index_entry_points()
    import catalogue  # type: ignore[import-untyped]

    grouped = catalogue.AVAILABLE_ENTRY_POINTS
    scanned = importlib.metadata.entry_points()
    assert isinstance(grouped, parsing._EntryPointsByGroup)
    for group in scanned.groups:
        assert list(grouped.select(group=group)) == list(scanned.select(group=group))
    assert list(grouped.select(group="no such group")) == []
    name = next(iter(scanned.select(group="console_scripts"))).name
    assert list(grouped.select(name=name)) == list(scanned.select(name=name))
