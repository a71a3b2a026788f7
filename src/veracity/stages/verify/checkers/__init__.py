"""The rule checkers: each reads an answer against its sources and returns findings.

One module or package per checker; :mod:`veracity.stages.verify.checks` runs them in order.
"""
