"""Run the CLI with ``python -m veracity``."""

from veracity.cli import main

main()
