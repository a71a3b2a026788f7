"""The rule checkers: each reads an answer against its sources and says what they contradict.

Every checker has one shape, :class:`Checker`: ``findings(answer, sources)``, where ``answer`` is the answer with
its units (:class:`~veracity.stages.sources.AnswerUnits`) and ``sources`` the input's documents read once
(:class:`~veracity.stages.sources.Sources`: sentences with offsets, record fields, a memo for what a checker derives
from them). A checker never splits or parses a source itself, and a finding's source span is the recorded offset of
the sentence or clause it cites.

One module or package per checker:

* ``frames`` — the frame checker (:class:`~veracity.stages.verify.checkers.frames.consistency.ConsistencyChecker`):
  a value, role or polarity that an aligned source sentence's parse gives otherwise;
* ``records`` — :class:`~veracity.stages.verify.checkers.records.RecordChecker`: claims about a JSON or table
  record, read by key;
* ``tables`` — :class:`~veracity.stages.verify.checkers.tables.TableChecker`: a value the answer gives the row or
  column of a source table it names that sits in another row or column;
* ``attachment`` — :class:`~veracity.stages.verify.checkers.attachment.AttachmentChecker`: a value the sources give
  only to another thing;
* ``names`` — :class:`~veracity.stages.verify.checkers.names.NameChecker`: a name moved into another's place, or
  two names exchanged, in a copied clause;
* ``conditions`` — :class:`~veracity.stages.verify.checkers.conditions.ConditionChecker`: a source sentence
  restated without the condition that limits it.

:mod:`veracity.stages.verify.checks` runs them in that order. A new checker is a module here with a class that has
a ``name`` and ``findings``; it may import ``text``, ``models``, ``schema`` and ``stages.sources`` (and its own
package), never another checker, and is added to :func:`veracity.stages.verify.checks.rule_checkers`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from veracity.schema import Finding
    from veracity.stages.sources import AnswerUnits, Sources

__all__ = ["Checker"]


@runtime_checkable
class Checker(Protocol):
    """A rule checker: what the sources contradict in an answer, as findings (answer offsets, cited source spans)."""

    name: str

    def findings(self, answer: AnswerUnits, sources: Sources) -> list[Finding]:
        """What the sources contradict in ``answer``; notes on what was left unread go to ``answer.notes``."""
        ...
