"""The batches every pattern trains on: drawn once by the parent, saved, loaded by every rank.

Same seed and same data on every pattern is what makes their losses comparable; drawing them
once also spares each rank of each launch the seconds it takes to build the grammar corpus.
"""

from __future__ import annotations

from pathlib import Path

import torch

from labs.common import grammar, minigpt
from labs.distributed.settings import Settings


def save_batches(settings: Settings, folder: Path) -> tuple[Path, int]:
    """{variant: (x, y)} with x, y of shape (check_steps, batch, block); returns (path, vocab size)."""
    corpus = grammar.build_corpus()
    train_data, _ = minigpt.encoded_splits(corpus)
    batches = {}
    for variant in settings.variants:
        generator = torch.Generator().manual_seed(settings.seed)
        drawn = [minigpt.get_batch(train_data, variant.batch_size, variant.block_size, generator, "cpu")
                 for _ in range(settings.check_steps)]
        batches[variant.name] = (torch.stack([x for x, _ in drawn]), torch.stack([y for _, y in drawn]))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "batches.pt"
    torch.save(batches, path)
    return path, corpus.tokenizer.vocab_size
