"""The starting point of the 3-layer span model: layers 0, 2 and 4 of veracity-span-small, with its embeddings and head.

usage: python experiments/span-tiny/make_base.py OUT_DIR   (configs/span-tiny.yaml reads ../runs/span-tiny/base)

Every other layer (DistilBERT's choice for halving a BERT) keeps the trained model's lowest and middle features; the
fine-tuning in configs/span-tiny.yaml then re-fits the three layers and the head together.
"""

from __future__ import annotations

import sys

import torch
from transformers import AutoModelForTokenClassification, AutoTokenizer

from veracity.models.catalog import resolve_model_path

KEEP = (0, 2, 4)


def main() -> None:
    """Write the 3-layer base to the folder given on the command line."""
    out = sys.argv[1]
    source = str(resolve_model_path("veracity-span-small"))
    model = AutoModelForTokenClassification.from_pretrained(source, dtype=torch.float32)
    model.bert.encoder.layer = torch.nn.ModuleList([model.bert.encoder.layer[i] for i in KEEP])
    model.config.num_hidden_layers = len(KEEP)
    model.save_pretrained(out)
    AutoTokenizer.from_pretrained(source).save_pretrained(out)
    print(f"{out}: {sum(p.numel() for p in model.parameters()):,} parameters, layers {KEEP} of {source}")


if __name__ == "__main__":
    main()
