"""Published hallucination detectors and the Logic-Matters paper's models, read the way their authors read them.

Each family lives in its own module: its input format (templates, chunking, truncation), the output read where the
reference implementation reads it, and a check that recognises its checkpoints from their files (config, manifest),
never from the id string alone. ``experiments/published-models/reference-facts.md`` lists the facts and their
sources.

* ``lettuce.py``: LettuceDetect token classifiers (v1 ModernBERT, TinyLettuce/Ettin, v2 mmBERT), the ``span``
  detector's model when ``model=`` names one;
* ``hhem.py``: HHEM-2.1-Open; ``minicheck.py``: MiniCheck (Flan-T5, RoBERTa, DeBERTa-v3) and FactCG-DeBERTa, pair
  scorers; ``formats.py``: how a pair scorer's family is recognised (``veracity-model.json``, then ``config.json``);
* ``mxbai.py``: mxbai-rerank-v2 rerankers, the relevance scorer R of ``sea`` (Logic-Matters);
* ``catalog.py``: the published ids, the command that fetches each and the setting that uses it.

The tests in ``tests/models/published/`` hold each reading to the reference package (where one installs) or
to a step-by-step re-computation written from the reference code, on small random models.
"""
