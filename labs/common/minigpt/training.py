"""Training the grammar MiniGPT, its data and evaluation, and its checkpoint cache.

    model, info = trained_minigpt("full", "cpu")   # trains once, then loads in well under 1 s

Training is the labs' own loop (AdamW, warmup then cosine decay) on the grammar corpus
(`labs.common.grammar`); it reports the validation loss and the exact-match accuracy of
greedy conjugations of held-out verbs. Checkpoints are cached under COURSE_CHECKPOINT_DIR
(default `<repo>/.cache/checkpoints`), keyed by everything that changes the weights.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import pickle
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
from torch import nn

from labs.common import grammar
from labs.common.measure import cpu_threads
from labs.common.minigpt import model as model_module
from labs.common.minigpt.model import GPTConfig, MiniGPT, param_count

REPO_ROOT = Path(__file__).resolve().parents[3]
# The accuracy `full` trains for, on conjugations of verbs it never saw.
TARGET_VAL_EXACT_MATCH = 0.90
CLIP_NORM = 1.0               # gradient-norm clip of every training loop on the MiniGPT


# -- data --------------------------------------------------------------------------------

def get_batch(split_data: torch.Tensor, batch_size: int, block_size: int,
              generator: torch.Generator, device: str) -> tuple[torch.Tensor, torch.Tensor]:
    """Random windows of a 1-D token tensor: inputs x and next-token targets y, (B, block_size)."""
    starts = torch.randint(len(split_data) - block_size - 1, (batch_size,), generator=generator)
    x = torch.stack([split_data[s:s + block_size] for s in starts.tolist()])
    y = torch.stack([split_data[s + 1:s + 1 + block_size] for s in starts.tolist()])
    return x.to(device), y.to(device)


def encoded_splits(corpus: grammar.Corpus) -> tuple[torch.Tensor, torch.Tensor]:
    encode = corpus.tokenizer.encode
    return (torch.tensor(encode(corpus.train_text), dtype=torch.long),
            torch.tensor(encode(corpus.val_text), dtype=torch.long))


# -- evaluation --------------------------------------------------------------------------

@torch.no_grad()
def greedy_complete(model: MiniGPT, prompts: list[str], tokenizer: grammar.CharTokenizer,
                    max_new_tokens: int, device: str, stop: str = grammar.END) -> list[str]:
    """Greedy continuation of each prompt up to `stop`. Prompts of equal length run as a batch,
    so no padding is needed (a causal model without an attention mask would read the pad)."""
    was_training = model.training
    model.eval()
    stop_id = tokenizer.encode(stop)[0]
    block = model.config.block_size
    completions: dict[str, str] = {}
    by_length: dict[int, list[str]] = {}
    for prompt in dict.fromkeys(prompts):
        by_length.setdefault(len(prompt), []).append(prompt)
    for group in by_length.values():
        idx = torch.tensor([tokenizer.encode(p) for p in group], dtype=torch.long, device=device)
        generated = []
        for _ in range(max_new_tokens):
            logits, _ = model(idx[:, -block:])
            next_id = logits[:, -1, :].argmax(dim=-1, keepdim=True)
            generated.append(next_id)
            idx = torch.cat([idx, next_id], dim=1)
            if bool((torch.cat(generated, dim=1) == stop_id).any(dim=1).all()):
                break
        tokens = torch.cat(generated, dim=1).tolist()
        for prompt, row in zip(group, tokens):
            text = tokenizer.decode(row)
            completions[prompt] = text.split(stop, 1)[0]
    model.train(was_training)
    return [completions[p] for p in prompts]


def exact_match(model: MiniGPT, examples: list[grammar.Example], tokenizer: grammar.CharTokenizer,
                device: str, context: str = grammar.END) -> float:
    """Share of examples whose greedy answer after "=" is exactly the conjugated form.

    `context` goes before each prompt: in training every line follows another line.
    """
    if not examples:
        return float("nan")
    prompts = [context + e.prompt for e in examples]
    longest = max(len(e.answer) for e in examples) + 2
    answers = greedy_complete(model, prompts, tokenizer, longest, device)
    return sum(a == e.answer for a, e in zip(answers, examples)) / len(examples)


@torch.no_grad()
def mean_loss(model: MiniGPT, data: torch.Tensor, batches: int, batch_size: int, device: str,
              seed: int = 0) -> float:
    was_training = model.training
    model.eval()
    generator = torch.Generator().manual_seed(seed)
    losses = []
    for _ in range(batches):
        x, y = get_batch(data, batch_size, model.config.block_size, generator, device)
        losses.append(model(x, y)[1].item())
    model.train(was_training)
    return sum(losses) / len(losses)


# -- training ----------------------------------------------------------------------------

@dataclass(frozen=True)
class TrainSettings:
    n_layer: int
    n_head: int
    n_embd: int
    block_size: int        # one corpus line is at most 54 characters: a window sees a whole line
    batch_size: int
    steps: int
    lr: float
    warmup_steps: int
    weight_decay: float    # on weight matrices (embedding included); biases and norms are left alone
    eval_examples: int     # held-out lines scored by exact match (0 = all of them)
    eval_batches: int      # batches of held-out text for the validation loss
    seed: int = 0


PRESETS = {
    # Seconds: enough to exercise every code path, nowhere near learning the grammar.
    "smoke": TrainSettings(n_layer=2, n_head=2, n_embd=64, block_size=64, batch_size=16, steps=30,
                           lr=3e-3, warmup_steps=5, weight_decay=0.1, eval_examples=48,
                           eval_batches=4),
    # About three minutes on a busy 2-core CPU (under a minute on a GPU). In a sweep on a GPU
    # this shape passed TARGET_VAL_EXACT_MATCH by step 2500; 4000 steps leave a margin.
    "full": TrainSettings(n_layer=4, n_head=4, n_embd=64, block_size=64, batch_size=32,
                          steps=4000, lr=2e-3, warmup_steps=100, weight_decay=0.1,
                          eval_examples=0, eval_batches=20),
}


@dataclass(frozen=True)
class TrainInfo:
    preset: str
    device: str                    # where it was trained
    config: dict
    settings: dict
    params: int
    steps: int
    train_s: float                 # wall time of the training loop (0 on a cache hit's load)
    final_train_loss: float
    val_loss: float
    val_exact_match: float         # on held-out verbs
    val_examples: int
    target_exact_match: float
    history: tuple = ()            # (step, train loss) along the way
    cached: bool = False
    checkpoint: str = ""
    load_s: float = 0.0
    torch: str = ""                # the torch that trained it
    evaluated_on: str = ""         # the device the validation numbers were measured on


def config_for(settings: TrainSettings, corpus: grammar.Corpus) -> GPTConfig:
    return GPTConfig(vocab_size=corpus.tokenizer.vocab_size, block_size=settings.block_size,
                     n_layer=settings.n_layer, n_head=settings.n_head, n_embd=settings.n_embd)


def make_optimizer(model: nn.Module, settings: TrainSettings) -> torch.optim.AdamW:
    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    groups = [{"params": decay, "weight_decay": settings.weight_decay},
              {"params": no_decay, "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=settings.lr, betas=(0.9, 0.99))


def learning_rate(step: int, settings: TrainSettings) -> float:
    """Linear warmup, then cosine decay to a tenth of the peak."""
    if step < settings.warmup_steps:
        return settings.lr * (step + 1) / settings.warmup_steps
    progress = (step - settings.warmup_steps) / max(1, settings.steps - settings.warmup_steps)
    return settings.lr * (0.1 + 0.9 * 0.5 * (1.0 + math.cos(math.pi * min(1.0, progress))))


def train(settings: TrainSettings, device: str, preset: str = "custom",
          progress=None) -> tuple[MiniGPT, TrainInfo]:
    """Train a MiniGPT from scratch on the grammar corpus; `progress(step, loss)` if given."""
    with cpu_threads(1, device, timing=False), torch.enable_grad():  # callers may be inside no_grad
        return _train(settings, device, preset, progress)


def evaluate(model: MiniGPT, settings: TrainSettings, device: str) -> dict:
    """Validation loss and exact-match accuracy on held-out verbs, measured on `device`."""
    corpus = grammar.build_corpus()
    val_data = encoded_splits(corpus)[1]
    examples = list(corpus.val)
    if settings.eval_examples:
        examples = examples[::max(1, len(examples) // settings.eval_examples)]
    return {"val_loss": round(mean_loss(model, val_data, settings.eval_batches, settings.batch_size, device), 4),
            "val_exact_match": exact_match(model, examples, corpus.tokenizer, device, corpus.context),
            "val_examples": len(examples), "evaluated_on": device}


def _train(settings: TrainSettings, device: str, preset: str, progress) -> tuple[MiniGPT, TrainInfo]:
    corpus = grammar.build_corpus()
    train_data = encoded_splits(corpus)[0]
    config = config_for(settings, corpus)
    torch.manual_seed(settings.seed)
    model = MiniGPT(config).to(device)
    optimizer = make_optimizer(model, settings)
    generator = torch.Generator().manual_seed(settings.seed)
    history = []
    started = time.perf_counter()
    model.train()
    loss_value = float("nan")
    for step in range(settings.steps):
        for group in optimizer.param_groups:
            group["lr"] = learning_rate(step, settings)
        x, y = get_batch(train_data, settings.batch_size, config.block_size, generator, device)
        _, loss = model(x, y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), CLIP_NORM)
        optimizer.step()
        if step % 50 == 0 or step == settings.steps - 1:
            loss_value = loss.item()
            history.append((step, round(loss_value, 4)))
            if progress:
                progress(step, loss_value)
    if device == "cuda":
        torch.cuda.synchronize()
    train_s = time.perf_counter() - started
    model.eval()
    measured = evaluate(model, settings, device)
    info = TrainInfo(
        preset=preset, device=device, torch=str(torch.__version__), config=asdict(config), settings=asdict(settings),
        params=param_count(model), steps=settings.steps, train_s=round(train_s, 2),
        final_train_loss=round(loss_value, 4), target_exact_match=TARGET_VAL_EXACT_MATCH,
        history=tuple(history), **measured)
    return model, info


# -- the checkpoint cache ----------------------------------------------------------------

# The full preset's checkpoint is committed (0.8 MB), so a fresh clone or a bare GPU machine
# loads it instead of training for minutes; smoke checkpoints stay in the local cache.
COMMITTED_DIR = REPO_ROOT / "results" / "minigpt"


def checkpoint_dir() -> Path:
    return Path(os.environ.get("COURSE_CHECKPOINT_DIR", REPO_ROOT / ".cache" / "checkpoints"))


def checkpoint_key(preset: str, settings: TrainSettings) -> str:
    """What decides the trained weights: the settings (hence the shape and the seed), the preset,
    and the source of the model, the training loop and the grammar. Not the machine: a model
    trained on a CPU is the same model on a GPU, and its accuracy is measured again there."""
    sources = hashlib.sha256()
    for module_file in (Path(grammar.__file__), Path(model_module.__file__), Path(__file__)):
        sources.update(module_file.read_bytes())
    parts = {"preset": preset, "settings": asdict(settings), "sources": sources.hexdigest()}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:16]


def checkpoint_paths(preset: str) -> list[Path]:
    """Where the checkpoint may be, in the order it is looked for; the first is where it is saved."""
    name = f"minigpt-{preset}-{checkpoint_key(preset, PRESETS[preset])}.pt"
    places = [COMMITTED_DIR, checkpoint_dir()] if preset == "full" else [checkpoint_dir()]
    return [folder / name for folder in places]


def _save(path: Path, model: MiniGPT, info: TrainInfo) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    state = {k: v.detach().cpu() for k, v in model.state_dict().items()}
    torch.save({"state_dict": state, "info": asdict(info)}, tmp)
    os.replace(tmp, path)  # atomic: a concurrent reader sees no half-written file


def _load(path: Path, device: str) -> tuple[MiniGPT, TrainInfo]:
    """Load weights only (no pickled code runs); re-measure validation on another device."""
    started = time.perf_counter()
    saved = torch.load(path, map_location=device, weights_only=True)
    fields = dict(saved["info"])
    fields["history"] = tuple(tuple(point) for point in fields.get("history", ()))
    model = MiniGPT(GPTConfig(**fields["config"])).to(device)
    model.load_state_dict(saved["state_dict"])
    model.eval()
    if fields.get("evaluated_on") != device:
        fields.update(evaluate(model, TrainSettings(**fields["settings"]), device))
    fields.update(cached=True, checkpoint=str(path), load_s=round(time.perf_counter() - started, 4))
    return model, TrainInfo(**fields)


def trained_minigpt(preset: str, device: str, progress=None) -> tuple[MiniGPT, TrainInfo]:
    """A trained grammar MiniGPT for `preset` ("smoke" or "full") on `device`, in eval mode.

    The first call trains and saves a checkpoint; later calls (any lab, any process, any machine
    for the committed full one) load it.
    """
    if preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r}; use one of {sorted(PRESETS)}")
    paths = checkpoint_paths(preset)
    for path in paths:
        if path.is_file():
            try:
                return _load(path, device)
            except (RuntimeError, KeyError, TypeError, EOFError, OSError, pickle.UnpicklingError) as error:
                print(f"minigpt: ignoring unreadable checkpoint {path}: {error}")
    model, info = train(PRESETS[preset], device, preset, progress)
    path = paths[0]
    _save(path, model, info)
    model.eval()
    return model, _with(info, checkpoint=str(path))


def _with(info: TrainInfo, **changes) -> TrainInfo:
    return TrainInfo(**(asdict(info) | changes))
