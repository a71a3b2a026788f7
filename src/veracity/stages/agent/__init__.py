"""LEAP's agent parts (issue 17): the toolbox's safe evaluators first."""
