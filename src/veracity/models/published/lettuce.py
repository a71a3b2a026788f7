"""LettuceDetect's token classifiers (v1 ModernBERT, TinyLettuce on Ettin, v2 mmBERT), read as its authors do.

Reference: ``lettucedetect`` 0.2.3 (KRLabsOrg/LettuceDetect, tag v0.2.3): ``detectors/transformer.py``
(``TransformerDetector``: chunking, the logits read, spans), ``detectors/prompt_utils.py`` (``format_context``,
``LANG_TO_PASSAGE``), ``prompts/{qa,summary}_prompt_{lang}.txt`` (the templates, copied byte for byte below) and
``datasets/hallucination_dataset.py`` (``prepare_tokenized_input``). The facts and their sources are listed in
``experiments/published-models/reference-facts.md`` §1; ``tests/models/published/test_lettuce.py`` holds this module
equal to the installed reference package on a small random ModernBERT.

**Recognition** (:func:`is_lettucedetect_checkpoint`), from the folder's files, never the id: ``config.json`` says
``model_type: modernbert`` (ModernBERT, the Ettin encoders and mmBERT all do), its ``architectures`` name
``ModernBertForTokenClassification``, it has two labels (``id2label`` or ``num_labels``; transformers' default is two)
and the folder has no ``span_model.json`` (the side file of veracity's own span models, read with veracity's
windows). ModernBERT is built into transformers, so no checkpoint code runs; LettuceDetect's EuroBERT models need
``trust_remote_code`` and are refused. A caller that knows better says so (the ``span`` detector's ``reader``).

**The reading**, for an answer, its passages and the question (``None``: a summary):

1. prompt: ``"{word} {i}: {passage}"`` lines joined by newlines, numbered from 1 (``word`` is the language's, e.g.
   ``passage``, ``Passage``, ``pasaje``), put into the language's QA template (question, passage count, passages) or
   summary template (passages); an empty passage is a line like any other;
2. chunks (only when the prompt does not fit): the prompt budget is ``max_length − answer tokens − 3``; the passages
   are packed greedily in order into groups whose lines (``"{word} {i}: …"`` with the original index, +1 token per
   newline) fit the budget less the template's own tokens; each group is formatted again, numbered from 1; a single
   passage over the budget is a group of its own and loses its end; when the template and answer alone overflow, one
   group;
3. each prompt and the answer are one pair ``[CLS] prompt [SEP] answer [SEP]``, ``truncation="only_first"`` at
   ``max_length`` (default 4096): only the prompt's end is ever cut; the answer starts at
   ``len(ids) − answer tokens − 1``; only ``input_ids`` and ``attention_mask`` reach the model;
4. P(hallucinated) of a token = softmax column 1; with one chunk a token is marked by argmax (P > ½, a tie unmarked),
   with several its P is the largest over the chunks and it is marked when that is ≥ ½;
5. spans: runs of marked tokens, a token of empty offsets (a special token) skipped without ending a run, the
   confidence the run's largest P, offsets relative to the answer (a byte-level token's leading space included).

**Batching**: every chunk of every answer is encoded alone, exactly as above; the encodings are sorted by length and
run several at a time, padded on the right under an attention mask (``batch_size`` rows, at most
:data:`BATCH_POSITIONS` positions, at most :data:`PADDING_SLACK` of them padding on an accelerator, none on the CPU,
where padding costs more than batching saves). The test holds padded batches' P equal to one-at-a-time P within 1e-5.

**Where veracity differs**: the reference's token output also lists the trailing ``[SEP]``; a reading here holds the
answer's tokens only. With several chunks the reference pairs the k-th answer position with the k-th answer token of
non-empty offsets; here each token keeps its own offsets (the two agree unless an answer token has empty offsets,
which a byte-level tokenizer never gives). An answer too long to fit the window beside one prompt token is an
:class:`~veracity.errors.InputError` (the reference's tokenizer raises a bare ``Exception``).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from veracity.errors import BackendError, ConfigError, InputError, ModelNotAvailableError
from veracity.models.catalog import resolve_model_path
from veracity.models.pair_scorer import load_classifier

__all__ = [
    "BATCH_POSITIONS",
    "DEFAULT_LANG",
    "DEFAULT_MAX_LENGTH",
    "PADDING_SLACK",
    "PASSAGE_WORDS",
    "QA_TEMPLATES",
    "SUMMARY_TEMPLATES",
    "LettuceDetectModel",
    "LettuceReading",
    "describe_checkpoint",
    "format_prompt",
    "group_passages",
    "is_lettucedetect_checkpoint",
    "marked_spans",
]

DEFAULT_MAX_LENGTH = 4096  # TransformerDetector's default
DEFAULT_LANG = "en"
# Padded positions one forward pass may hold: attention on the CPU builds a (rows × heads × L × L) matrix per layer,
# and a batch of full 4,096-position windows would need gigabytes for it.
BATCH_POSITIONS = 16384
# On an accelerator a window joins a batch only while padding stays within this share of the batch's positions. On the
# CPU no padding is allowed (only windows of one length share a pass): there a padded batch was slower than one window
# at a time (ModernBERT-base size, 2 threads, 10 RAGTruth dev answers: 14.3 s against 12.5 s), since a padded batch
# needs an attention mask on every layer and a lone window does not.
PADDING_SLACK = 0.1
# The model types the LettuceDetect token classifiers are built on: ModernBERT (v1), Ettin (TinyLettuce) and mmBERT
# (v2) all declare "modernbert" in config.json.
MODEL_TYPES = frozenset({"modernbert"})
ARCHITECTURE = "ModernBertForTokenClassification"
# "passage" in each language of the templates (prompt_utils.LANG_TO_PASSAGE).
PASSAGE_WORDS: dict[str, str] = {
    "en": "passage",
    "de": "Passage",
    "fr": "passage",
    "es": "pasaje",
    "it": "brano",
    "pl": "fragment",
    "cn": "段落",
    "hu": "szövegrészlet",
}

# prompts/qa_prompt_{lang}.txt and prompts/summary_prompt_{lang}.txt, byte for byte (the last bytes matter: some
# end in a space or a newline, some in neither); string.Template placeholders, as the reference fills them.
QA_TEMPLATES: dict[str, str] = {
    "en": (
        "Briefly answer the following question:\n"
        "${question}\n"
        "Bear in mind that your response should be strictly based on the following ${num_passages} "
        "passages:\n"
        "${context}\n"
        "In case the passages do not contain the necessary information to answer the question, please "
        'reply with: "Unable to answer based on given passages."\n'
        "output:"
    ),
    "de": (
        "Beantworte die folgende Frage kurz:\n"
        "${question}\n"
        "Beachte, dass deine Antwort nur auf den folgenden ${num_passages} Passagen basieren soll:\n"
        "${context}\n"
        "Falls die Passagen nicht die notwendigen Informationen zur Beantwortung der Frage enthalten, "
        'antworte bitte mit: "Kann aufgrund der gegebenen Passagen nicht beantwortet werden."\n'
        "Ausgabe:"
    ),
    "fr": (
        "Réponds brièvement à la question suivante :\n"
        "${question}\n"
        "Note que ta réponse doit être basée uniquement sur les ${num_passages} passages suivants :\n"
        "${context}\n"
        "Si les passages ne contiennent pas les informations nécessaires pour répondre à la question, "
        'réponds s\'il te plaît par : "Impossible de répondre sur la base des passages fournis."\n'
        "Sortie : "
    ),
    "es": (
        "Responde a la siguiente pregunta brevemente:\n"
        "${question}\n"
        "Ten en cuenta que tu respuesta debe basarse únicamente en los siguientes ${num_passages} "
        "pasajes:\n"
        "${context}\n"
        "Si los pasajes no contienen la información necesaria para responder a la pregunta, por favor "
        'responde con: "No se puede responder con base en los pasajes proporcionados."\n'
        "Salida: "
    ),
    "it": (
        "Rispondi alla seguente domanda in modo breve:\n"
        "${question}\n"
        "Tieni presente che la tua risposta deve basarsi solo sui seguenti ${num_passages} passaggi:\n"
        "${context}\n"
        "Se i passaggi non contengono le informazioni necessarie per rispondere alla domanda, per "
        'favore rispondi con: "Non può essere risposto in base ai passaggi forniti."\n'
        "Risposta:\n"
    ),
    "pl": (
        "Zwięźle odpowiedz na następujące pytanie:\n"
        "${question}\n"
        "Pamiętaj, że Twoja odpowiedź powinna opierać się wyłącznie na następujących ${num_passages} "
        "fragmentach:\n"
        "${context}\n"
        "Jeśli fragmenty nie zawierają informacji niezbędnych do udzielenia odpowiedzi na pytanie, "
        'odpowiedz: "Nie można odpowiedzieć na podstawie podanych fragmentów."\n'
        "output: "
    ),
    "cn": (
        "请简短回答以下问题：\n"
        "${question}\n"
        "请注意，您的回答应严格基于以下${num_passages}段落：\n"
        "${context}\n"
        '如果段落中不包含回答问题所需的信息，请回复："基于给定段落无法回答。"\n'
        "输出：\n"
    ),
    "hu": (
        "Röviden válaszolj az alábbi kérdésre:\n"
        "${question}\n"
        "Vedd figyelembe, hogy a válaszod kizárólag az alábbi ${num_passages} szövegrészletre "
        "támaszkodjon:\n"
        "${context}\n"
        "Ha a szövegrészletek nem tartalmazzák a kérdés megválaszolásához szükséges információt, "
        'válaszolj így: "Nem tudok válaszolni a megadott szövegrészletek alapján."\n'
        "output:"
    ),
}
SUMMARY_TEMPLATES: dict[str, str] = {
    "en": "Summarize the following text:\n${text}\noutput:",
    "de": "Fasse den folgenden Text zusammen:\n${text}\nAusgabe:\n",
    "fr": "Résume le texte suivant :\n${text}\nSortie : ",
    "es": "Resume el siguiente texto:\n${text}\nSalida: ",
    "it": "Riassumi il seguente testo:\n${text}\nRisposta: ",
    "pl": "Streść następujący tekst:\n${text}\nWynik: ",
    "cn": "请总结以下文本：\n${text}\n输出：\n",
    "hu": "Foglalja össze az alábbi szöveget:\n${text}\noutput:\n\n\n",
}


def format_prompt(passages: Sequence[str], question: str | None, lang: str = DEFAULT_LANG) -> str:
    """The prompt LettuceDetect builds from ``passages`` (``PromptUtils.format_context``).

    Raises:
        ConfigError: ``lang`` is not one of the reference's languages.
    """
    word = _passage_word(lang)
    block = "\n".join(f"{word} {i + 1}: {passage}" for i, passage in enumerate(passages))
    if question is None:
        return Template(SUMMARY_TEMPLATES[lang]).substitute(text=block)
    return Template(QA_TEMPLATES[lang]).substitute(question=question, num_passages=len(passages), context=block)


def _passage_word(lang: str) -> str:
    if lang not in PASSAGE_WORDS:
        raise ConfigError(
            f"LettuceDetect has no prompt for language {lang!r}; choose one of {', '.join(PASSAGE_WORDS)}"
        )
    return PASSAGE_WORDS[lang]


def group_passages(
    passages: Sequence[str],
    question: str | None,
    answer_tokens: int,
    count_tokens: Callable[[str], int],
    max_length: int = DEFAULT_MAX_LENGTH,
    lang: str = DEFAULT_LANG,
) -> list[list[str]]:
    """The passages grouped so that each group's prompt fits beside the answer (``_group_passages_into_chunks``).

    Args:
        passages: the context passages, in order.
        question: the question, ``None`` for a summary.
        answer_tokens: the answer's tokens (no special tokens).
        count_tokens: tokens of a text, no special tokens.
        max_length: positions of one window.
        lang: the template's language.
    """
    budget = max_length - answer_tokens - 3  # [CLS] prompt [SEP] answer [SEP]
    if count_tokens(format_prompt(passages, question, lang)) <= budget:
        return [list(passages)]
    passage_budget = budget - count_tokens(format_prompt([""], question, lang))
    if passage_budget <= 0:
        return [list(passages)]  # the template and the answer alone overflow: one group, its prompt cut
    word = _passage_word(lang)
    groups: list[list[str]] = []
    group: list[str] = []
    used = 0
    for i, passage in enumerate(passages):
        # Each line is counted with its original number; the group renumbers from 1 when it is formatted.
        tokens = count_tokens(f"{word} {i + 1}: {passage}")
        cost = tokens + (1 if group else 0)  # +1: the newline before it
        if used + cost > passage_budget and group:
            groups.append(group)
            group, used, cost = [], 0, tokens
        group.append(passage)
        used += cost
    if group:
        groups.append(group)
    return groups or [list(passages)]


def marked_spans(
    offsets: Sequence[tuple[int, int]], probs: Sequence[float], marked: Sequence[bool]
) -> list[tuple[int, int, float]]:
    """LettuceDetect's spans: runs of marked tokens as ``(start, end, largest P)``.

    A token of empty offsets (a special token) is skipped: it neither extends nor ends a run.
    """
    spans: list[tuple[int, int, float]] = []
    current: tuple[int, int, float] | None = None
    for (start, end), p, hallucinated in zip(offsets, probs, marked, strict=True):
        if start == end:
            continue
        if hallucinated:
            current = (start, end, float(p)) if current is None else (current[0], end, max(current[2], float(p)))
        elif current is not None:
            spans.append(current)
            current = None
    if current is not None:
        spans.append(current)
    return spans


@dataclass(frozen=True)
class LettuceReading:
    """One answer as a LettuceDetect model reads it.

    ``offsets``, ``probs`` and ``marked`` have one entry per answer token (the trailing ``[SEP]`` not included):
    character offsets relative to the answer, P(hallucinated), and the model's own decision. ``spans`` are built from
    them by :func:`marked_spans`. ``prompt_tokens`` / ``prompt_tokens_read``: the prompts' tokens over all chunks,
    and how many of them the windows held (fewer when a prompt lost its end).
    """

    offsets: list[tuple[int, int]]
    probs: NDArray[np.float32]
    marked: list[bool]
    spans: list[tuple[int, int, float]]
    chunks: int
    prompt_tokens: int
    prompt_tokens_read: int


@dataclass(frozen=True)
class _Window:
    """One (prompt, answer) pair encoded for the model."""

    item: int
    input_ids: list[int]
    offsets: list[tuple[int, int]]
    answer_start: int
    prompt_tokens: int


def _config_json(path: Path) -> dict[str, Any] | None:
    try:
        config = json.loads((path / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return config if isinstance(config, dict) else None


def _label_count(config: dict[str, Any]) -> int:
    labels = config.get("id2label")
    if isinstance(labels, dict):
        return len(labels)
    return int(config.get("num_labels", 2))  # transformers writes neither for its default of two


def is_lettucedetect_checkpoint(path: Path) -> bool:
    """Whether the folder holds a LettuceDetect token classifier (the rule is in the module docstring)."""
    config = _config_json(path)
    if config is None or (path / "span_model.json").exists():
        return False
    return (
        config.get("model_type") in MODEL_TYPES
        and ARCHITECTURE in (config.get("architectures") or [])
        and _label_count(config) == 2
    )


def describe_checkpoint(path: Path) -> str:
    """What a model folder holds, in a few words, for error messages."""
    config = _config_json(path)
    if config is None:
        return "no readable config.json"
    names = ", ".join(str(n) for n in config.get("architectures") or []) or "a model that names no architecture"
    return f"{names} (model_type {config.get('model_type')!r}, {_label_count(config)} labels)"


class LettuceDetectModel:
    """A LettuceDetect token classifier: P(hallucinated) per answer token and the reference's spans.

    Args:
        model: a local folder or cached Hugging Face id (never downloaded).
        lang: the prompt's language (:data:`PASSAGE_WORDS`); v1 and TinyLettuce models read English.
        max_length: positions per window (the reference's default: 4096).
        batch_size: windows per forward pass.
        num_threads: torch CPU threads (process-wide); ``None`` leaves torch's default.
        device: torch device.
        quantize: ``"int8"`` runs dynamic int8 ``Linear`` layers on the CPU (not the reference's numbers).
        padding_slack: the largest share of a batch's positions that may be padding; ``None``: none on the CPU,
            :data:`PADDING_SLACK` on other devices.
    """

    def __init__(
        self,
        model: str,
        lang: str = DEFAULT_LANG,
        max_length: int = DEFAULT_MAX_LENGTH,
        batch_size: int = 8,
        num_threads: int | None = None,
        device: str = "cpu",
        quantize: Literal["none", "int8"] = "none",
        padding_slack: float | None = None,
    ) -> None:
        _passage_word(lang)
        if batch_size < 1 or max_length < 8:
            raise ConfigError(f"batch_size must be ≥ 1 and max_length ≥ 8, got {batch_size}, {max_length}")
        if quantize == "int8" and device != "cpu":
            raise ConfigError("int8 dynamic quantisation runs on the CPU only; use quantize='none' on " + device)
        self.model_id = model
        self.lang = lang
        self.max_length = max_length
        self.batch_size = batch_size
        self.num_threads = num_threads
        self.device = device
        self.quantize = quantize
        self.padding_slack = padding_slack if padding_slack is not None else (0.0 if device == "cpu" else PADDING_SLACK)

    @functools.cached_property
    def path(self) -> Path:
        """The model's local folder."""
        return resolve_model_path(self.model_id)

    def _loaded(self) -> tuple[Any, Any]:
        tokenizer, model = load_classifier(str(self.path), self.device, self.quantize, head="token")
        if int(model.config.num_labels) != 2:
            raise ModelNotAvailableError(
                f"{self.path} is a token classifier with {model.config.num_labels} labels, not a LettuceDetect model "
                "(two labels: supported, hallucinated)"
            )
        if not getattr(tokenizer, "is_fast", False):
            raise BackendError(
                f"{self.path}: a LettuceDetect model needs a fast tokenizer (tokenizer.json) for offsets"
            )
        return tokenizer, model

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` without special tokens."""
        tokenizer, _ = self._loaded()
        return len(tokenizer(text, add_special_tokens=False)["input_ids"])

    def prompts(self, passages: Sequence[str], question: str | None, answer: str) -> list[str]:
        """The prompt of each chunk the answer is read with (one unless the passages need several).

        Raises:
            InputError: the answer alone does not fit a window beside one prompt token.
        """
        return self._prompts(passages, question, self._answer_tokens(answer))

    def _prompts(self, passages: Sequence[str], question: str | None, answer_tokens: int) -> list[str]:
        groups = group_passages(passages, question, answer_tokens, self.count_tokens, self.max_length, self.lang)
        return [format_prompt(group, question, self.lang) for group in groups]

    def _answer_tokens(self, answer: str) -> int:
        count = self.count_tokens(answer)
        # only_first truncation keeps at least one prompt token; the tokenizer raises when that cannot fit.
        if count + 4 > self.max_length:
            raise InputError(
                f"the answer has {count} tokens and LettuceDetect reads the whole answer in one window of "
                f"max_length={self.max_length} positions (its prompt is cut, never the answer): shorten the answer or "
                "raise max_length"
            )
        return count

    def read(self, passages: Sequence[str], question: str | None, answer: str) -> LettuceReading:
        """One answer, read against its passages (:meth:`read_many` of one)."""
        return self.read_many([(passages, question, answer)])[0]

    def read_many(self, items: Sequence[tuple[Sequence[str], str | None, str]]) -> list[LettuceReading]:
        """(passages, question or ``None``, answer) triples, read in batches; readings in input order.

        Raises:
            InputError: an answer does not fit a window beside one prompt token.
        """
        tokenizer, _ = self._loaded()
        windows: list[_Window] = []
        for item, (passages, question, answer) in enumerate(items):
            answer_tokens = self._answer_tokens(answer)
            for prompt in self._prompts(passages, question, answer_tokens):
                windows.append(self._encode(tokenizer, item, prompt, answer, answer_tokens))
        per_item: list[list[tuple[_Window, NDArray[np.float32]]]] = [[] for _ in items]
        for window, logits in zip(windows, self._run(windows), strict=True):
            per_item[window.item].append((window, logits))
        return [self._combine(chunks) for chunks in per_item]

    def _encode(self, tokenizer: Any, item: int, prompt: str, answer: str, answer_tokens: int) -> _Window:
        encoded = tokenizer(
            prompt,
            answer,
            truncation="only_first",
            max_length=self.max_length,
            return_offsets_mapping=True,
            add_special_tokens=True,
        )
        ids = list(encoded["input_ids"])
        answer_start = len(ids) - answer_tokens - 1  # counted from the right: right under truncation too
        return _Window(
            item=item,
            input_ids=ids,
            offsets=[(int(s), int(e)) for s, e in encoded["offset_mapping"]],
            answer_start=answer_start,
            # [CLS] prompt [SEP] answer [SEP]: a window shorter than max_length holds the whole prompt
            prompt_tokens=self.count_tokens(prompt) if len(ids) >= self.max_length else answer_start - 2,
        )

    def _run(self, windows: Sequence[_Window]) -> list[NDArray[np.float32]]:
        """Each window's logits (positions × 2), run in length-sorted, right-padded batches."""
        import torch

        tokenizer, model = self._loaded()
        if self.num_threads is not None:
            torch.set_num_threads(self.num_threads)
        pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
        results: list[NDArray[np.float32] | None] = [None] * len(windows)
        order = sorted(range(len(windows)), key=lambda i: len(windows[i].input_ids))
        start = 0
        with torch.inference_mode():
            while start < len(order):
                stop, held = start + 1, len(windows[order[start]].input_ids)
                while stop < len(order) and stop - start < self.batch_size:
                    width = len(windows[order[stop]].input_ids)  # the longest so far: the order is by length
                    padded = (stop - start + 1) * width
                    if padded > BATCH_POSITIONS or padded - (held + width) > self.padding_slack * padded:
                        break
                    held += width
                    stop += 1
                batch = order[start:stop]
                width = len(windows[batch[-1]].input_ids)
                ids = torch.full((len(batch), width), pad, dtype=torch.long)
                mask = torch.zeros((len(batch), width), dtype=torch.long)
                for row, i in enumerate(batch):
                    n = len(windows[i].input_ids)
                    ids[row, :n] = torch.tensor(windows[i].input_ids)
                    mask[row, :n] = 1
                out = model(input_ids=ids.to(self.device), attention_mask=mask.to(self.device)).logits.float().cpu()
                for row, i in enumerate(batch):
                    results[i] = out[row, : len(windows[i].input_ids)].numpy()
                start = stop
        return [r for r in results if r is not None]

    @staticmethod
    def _combine(windows: Sequence[tuple[_Window, NDArray[np.float32]]]) -> LettuceReading:
        """The answer's tokens over its chunks: P and marks as the reference reads them, spans from them."""
        import torch

        first = windows[0][0]
        per_chunk = []
        for window, logits in windows:
            answer_logits = torch.from_numpy(logits[window.answer_start : len(window.input_ids) - 1])
            probs = torch.softmax(answer_logits, dim=-1)[:, 1].numpy()
            per_chunk.append((probs, (torch.argmax(answer_logits, dim=-1) == 1).tolist()))
        if len(per_chunk) == 1:
            probs, marked = per_chunk[0]
        else:
            probs = np.max(np.stack([p for p, _ in per_chunk]), axis=0)
            marked = [bool(p >= 0.5) for p in probs]
        shift = first.offsets[first.answer_start][0] if first.answer_start < len(first.offsets) else 0
        offsets = [(s - shift, e - shift) for s, e in first.offsets[first.answer_start : len(first.input_ids) - 1]]
        return LettuceReading(
            offsets=offsets,
            probs=probs.astype(np.float32),
            marked=[bool(m) for m in marked],
            spans=marked_spans(offsets, probs.tolist(), marked),
            chunks=len(windows),
            prompt_tokens=sum(w.prompt_tokens for w, _ in windows),
            prompt_tokens_read=sum(w.answer_start - 2 for w, _ in windows),
        )
