"""Masked value frames (issue 70, items 1–3): which thing a value or a name belongs to, read from the words around it.

:mod:`.frames` builds the frames (pure: a value's sentence with the value written as its kind), :mod:`.names` the
frames of persons' and organisations' names (a name's clause with the name written ``[PERSON]``), :mod:`.checker`
compares an answer value's frame with the sources' frames of its kind and says where the answer gives a value or a
name to the wrong thing (:class:`MaskedFrameChecker`, ``name = "masked"``).

Example::

    >>> from veracity.stages.verify.checkers.masked import frame, sentence_values
    >>> s = "SEPA Direct Debit payments can be refunded within 60 days."
    >>> frame(s, sentence_values(s), 0)
    'SEPA Direct Debit payments can be refunded within [DURATION].'
"""

from veracity.stages.verify.checkers.masked.checker import (
    ALIGNED_MARGIN,
    MARGIN,
    MAX_SOURCE_FRAMES,
    NAME_MARGIN,
    NAMES,
    READ_KINDS,
    READ_RANGES,
    Attached,
    MaskedFrameChecker,
    content_words,
    jaccard,
    similarity,
    told_apart,
)
from veracity.stages.verify.checkers.masked.frames import (
    MAX_FRAME_CHARS,
    MAX_VALUES,
    SourceFrame,
    SourceFrames,
    field_clause,
    frame,
    frames_of_text,
    source_frames,
)
from veracity.stages.verify.checkers.masked.names import (
    MAX_NAMES,
    NAME_KINDS,
    name_clause,
    name_frames,
    name_relation,
    name_source_frames,
    name_values,
    same_name,
)
from veracity.text.values.kinds import (
    KINDS,
    WrittenValue,
    in_range,
    same_stated,
    sentence_values,
    value_kind,
    written_span,
)

__all__ = [
    "ALIGNED_MARGIN",
    "KINDS",
    "MARGIN",
    "MAX_FRAME_CHARS",
    "MAX_NAMES",
    "MAX_SOURCE_FRAMES",
    "MAX_VALUES",
    "NAMES",
    "NAME_KINDS",
    "NAME_MARGIN",
    "READ_KINDS",
    "READ_RANGES",
    "Attached",
    "MaskedFrameChecker",
    "SourceFrame",
    "SourceFrames",
    "WrittenValue",
    "content_words",
    "field_clause",
    "frame",
    "frames_of_text",
    "in_range",
    "jaccard",
    "name_clause",
    "name_frames",
    "name_relation",
    "name_source_frames",
    "name_values",
    "same_name",
    "same_stated",
    "sentence_values",
    "similarity",
    "source_frames",
    "told_apart",
    "value_kind",
    "written_span",
]
