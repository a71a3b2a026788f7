"""A chat model run by transformers, with optional LoRA adapters (LEAP's tuned agents, §3.4).

The base model is a catalog name, a ``.gguf`` file (loaded through transformers' GGUF support, dequantised), a local
folder, or a cached Hugging Face id. Adapters are peft LoRA folders, one per role, loaded onto one shared base;
:meth:`TransformersChat.role` gives the LLM of one role. Decoding is greedy. There is no grammar here: a
``json_schema`` is written into the prompt, and callers validate and repair the reply as with any HTTP backend.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from veracity.errors import BackendError, ModelNotAvailableError
from veracity.models.catalog import quiet_transformers, resolve_model_path
from veracity.models.llm.base import Message, validate_messages

__all__ = ["TransformersChat", "load_causal_lm"]


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
            model = AutoModelForCausalLM.from_pretrained(str(path), local_files_only=True)
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
                if adapter is not None:
                    model.set_adapter(adapter)
                # The base weights alone: adapters, when loaded, are switched off for this call.
                weights = model.disable_adapter() if adapter is None and self.adapters else contextlib.nullcontext()
                with torch.inference_mode(), weights:
                    output = model.generate(
                        input_ids=ids, max_new_tokens=max_tokens, do_sample=False, pad_token_id=tokenizer.pad_token_id
                    )
            except Exception as exc:
                raise BackendError(f"generation with {self.base} failed: {exc}") from exc
        return str(tokenizer.decode(output[0, ids.shape[1] :], skip_special_tokens=True))
