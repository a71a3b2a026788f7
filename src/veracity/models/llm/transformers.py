"""A chat model run by transformers, with optional LoRA adapters (LEAP's tuned agents, §3.4).

The base model is a catalog name, a ``.gguf`` file (loaded through transformers' GGUF support, dequantised), a local
folder, or a cached Hugging Face id. Adapters are peft LoRA folders, one per role, loaded onto one shared base;
:meth:`TransformersChat.role` gives the LLM of one role. Decoding is greedy. There is no grammar here, but a
``json_schema`` constrains the reply's shape: it is written into the prompt, the reply is started at ``{`` (the
token is given, not generated) and decoding stops as soon as that object closes, so a small model neither answers
in prose first nor runs on after its JSON to ``max_tokens``. Callers validate and repair the reply as with any
HTTP backend.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from veracity.errors import BackendError, ModelNotAvailableError
from veracity.models._checkpoint import architectures, refuse_new_weights
from veracity.models.catalog import quiet_transformers, resolve_model_path
from veracity.models.llm.base import Message, validate_messages

__all__ = ["TransformersChat", "from_spec", "json_object_closed", "load_causal_lm"]


def json_object_closed(text: str) -> bool:
    """Whether ``text`` (a reply started at ``{``) holds a whole JSON object: its first brace has been closed.

    Braces inside JSON strings (with their escapes) do not count, so ``{"a": "}"}`` closes only at its end.
    """
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth <= 0:
                return True
    return False


def _stop_when_object_closes(tokenizer: Any, prompt_length: int, opening: str) -> Any:
    """Transformers stopping criteria: stop once ``opening`` + the generated text is a whole JSON object."""
    import torch
    from transformers import StoppingCriteria, StoppingCriteriaList

    class _ObjectClosed(StoppingCriteria):  # type: ignore[misc]
        def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
            done = [
                json_object_closed(opening + tokenizer.decode(row[prompt_length:], skip_special_tokens=True))
                for row in input_ids
            ]
            return torch.tensor(done, dtype=torch.bool, device=input_ids.device)

    return StoppingCriteriaList([_ObjectClosed()])


def load_causal_lm(spec: str, device: str = "cpu") -> tuple[Any, Any]:
    """(model, tokenizer) for ``spec``: a catalog name, a .gguf file, a local folder or a cached HF id.

    Raises:
        ModelNotAvailableError: transformers is missing or the model is not found.
        BackendError: the model could not be loaded.
    """
    try:
        from transformers import AutoModelForCausalLM, AutoTokenizer
    except ImportError as exc:
        raise ModelNotAvailableError("transformers is not installed; run: pip install 'veracity[ml]'") from exc
    quiet_transformers()
    path = resolve_model_path(spec)
    try:
        if path.is_file() and path.suffix == ".gguf":
            tokenizer = AutoTokenizer.from_pretrained(str(path.parent), gguf_file=path.name)
            model = AutoModelForCausalLM.from_pretrained(str(path.parent), gguf_file=path.name)
        else:
            tokenizer = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
            model, loading = AutoModelForCausalLM.from_pretrained(
                str(path), local_files_only=True, output_loading_info=True
            )
            # a checkpoint of another kind (an encoder, a classifier) would run with a head initialised at random
            refuse_new_weights(
                str(path), loading["missing_keys"], "a causal language model (a chat LLM)", architectures(model.config)
            )
    except ModelNotAvailableError:
        raise
    except Exception as exc:
        raise BackendError(f"could not load the causal LM {spec!r} from {path}: {exc}") from exc
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return model.to(device), tokenizer


class _Role:
    """The LLM of one role: the shared model with that role's adapter active (or none)."""

    def __init__(self, chat: TransformersChat, adapter: str | None) -> None:
        self._chat = chat
        self._adapter = adapter
        self.model_id = f"{chat.base}+{adapter}" if adapter else chat.base

    def complete(
        self,
        messages: Sequence[Message],
        json_schema: Mapping[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> str:
        """The model's greedy reply (``temperature`` is ignored: decoding is deterministic)."""
        return self._chat.generate(messages, self._adapter, json_schema, max_tokens)


class TransformersChat:
    """A base causal LM with named LoRA adapters.

    Args:
        base: the base model (see :func:`load_causal_lm`).
        adapters: role name → adapter folder (as written by ``veracity train leap-agent``).
        device: torch device.
    """

    def __init__(self, base: str, adapters: Mapping[str, str] | None = None, device: str = "cpu") -> None:
        self.base = base
        self.adapters = dict(adapters or {})
        self.device = device
        self.model_id = base
        self._model: Any = None
        self._tokenizer: Any = None
        self._lock = threading.Lock()

    def role(self, name: str) -> _Role:
        """The LLM for ``name``: its adapter when there is one, else the base model."""
        return _Role(self, name if name in self.adapters else None)

    def complete(
        self,
        messages: Sequence[Message],
        json_schema: Mapping[str, Any] | None = None,
        max_tokens: int = 512,
        temperature: float = 0.0,
    ) -> str:
        """The base model's greedy reply."""
        return self.generate(messages, None, json_schema, max_tokens)

    def _load(self) -> tuple[Any, Any]:
        if self._model is None:
            model, tokenizer = load_causal_lm(self.base, self.device)
            if self.adapters:
                try:
                    from peft import PeftModel
                except ImportError as exc:
                    raise ModelNotAvailableError("peft is not installed; run: pip install 'veracity[tune]'") from exc
                names = list(self.adapters)
                for name in names:
                    if not (Path(self.adapters[name]) / "adapter_config.json").exists():
                        raise ModelNotAvailableError(f"no LoRA adapter in {self.adapters[name]} (role {name})")
                model = PeftModel.from_pretrained(model, self.adapters[names[0]], adapter_name=names[0])
                for name in names[1:]:
                    model.load_adapter(self.adapters[name], adapter_name=name)
            model.eval()
            self._model, self._tokenizer = model, tokenizer
        return self._model, self._tokenizer

    def generate(
        self,
        messages: Sequence[Message],
        adapter: str | None,
        json_schema: Mapping[str, Any] | None,
        max_tokens: int,
    ) -> str:
        """Greedy decoding with ``adapter`` active (None: the base weights).

        Raises:
            BackendError: generation failed.
        """
        import torch

        checked = validate_messages(messages)
        if json_schema is not None:
            hint = "Reply with JSON only, matching this schema: " + json.dumps(json_schema, separators=(",", ":"))
            checked = [*checked[:-1], {**checked[-1], "content": checked[-1]["content"] + "\n\n" + hint[:3000]}]
        with self._lock:
            model, tokenizer = self._load()
            try:
                ids = tokenizer.apply_chat_template(checked, add_generation_prompt=True, return_tensors="pt")
                ids = (ids["input_ids"] if isinstance(ids, Mapping) else ids).to(self.device)
                opening, stopping = "", None
                if json_schema is not None:
                    opening = "{"
                    given = torch.tensor([tokenizer.encode(opening, add_special_tokens=False)], device=self.device)
                    ids = torch.cat([ids, given], dim=1)
                    stopping = _stop_when_object_closes(tokenizer, ids.shape[1], opening)
                if adapter is not None:
                    model.set_adapter(adapter)
                # The base weights alone: adapters, when loaded, are switched off for this call.
                weights = model.disable_adapter() if adapter is None and self.adapters else contextlib.nullcontext()
                with torch.inference_mode(), weights:
                    output = model.generate(
                        input_ids=ids,
                        max_new_tokens=max_tokens,
                        do_sample=False,
                        pad_token_id=tokenizer.pad_token_id,
                        stopping_criteria=stopping,
                    )
            except Exception as exc:
                raise BackendError(f"generation with {self.base} failed: {exc}") from exc
        return opening + str(tokenizer.decode(output[0, ids.shape[1] :], skip_special_tokens=True))


def from_spec(base: str, timeout: float) -> TransformersChat:
    """The registry's factory (``llm`` kind): ``base`` run by transformers (no timeout: local)."""
    return TransformersChat(base)
