"""Published hallucination detectors and the Logic-Matters paper's models, read the way their authors read them.

Each family lives in its own module: its input format (templates, chunking, truncation), the output read where the
reference implementation reads it, and a check that recognises its checkpoints from their files (config, manifest),
never from the id string alone. ``experiments/published-models/reference-facts.md`` lists the facts and their
sources; the tests in ``tests/models/published/`` hold each reading to the reference package (where one installs) or
to a step-by-step re-computation written from the reference code, on small random models.
"""
