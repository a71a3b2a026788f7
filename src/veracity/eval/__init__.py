"""Evaluation: metrics, the harness behind `veracity eval`, and BENCHMARKS.md generation."""
