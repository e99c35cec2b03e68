"""The grammar MiniGPT: a small decoder-only character transformer, its training and its cache.

    model, info = trained_minigpt("full", "cpu")   # trains once, then loads in well under 1 s

The model is nanoGPT's shape, small: token and position embeddings, `n_layer` blocks of
LayerNorm -> causal self-attention -> LayerNorm -> MLP (GELU), a final LayerNorm and an LM
head tied to the token embedding. Attention is written out (matmul, mask, softmax, matmul)
so that a compiler's fusion of the masked softmax is visible in its output; `use_sdpa=True`
swaps in `F.scaled_dot_product_attention` for comparison.

Training is the labs' own loop (AdamW, warmup then cosine decay) on the grammar corpus
(`labs.common.grammar`); it reports the validation loss and the exact-match accuracy of
greedy conjugations of held-out verbs. Checkpoints are cached under COURSE_CHECKPOINT_DIR
(default `<repo>/.cache/checkpoints`), keyed by everything that changes the weights.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
import torch.nn.functional as F
from torch import nn

from labs.common import grammar

REPO_ROOT = Path(__file__).resolve().parents[2]
# The accuracy `full` trains for, on conjugations of verbs it never saw.
TARGET_VAL_EXACT_MATCH = 0.90
CLIP_NORM = 1.0               # gradient-norm clip of every training loop on the MiniGPT


@dataclass(frozen=True)
class GPTConfig:
    vocab_size: int
    block_size: int
    n_layer: int
    n_head: int
    n_embd: int
    dropout: float = 0.0


# -- the model ---------------------------------------------------------------------------

class CausalSelfAttention(nn.Module):
    def __init__(self, config: GPTConfig, use_sdpa: bool = False):
        super().__init__()
        assert config.n_embd % config.n_head == 0, "n_embd must split evenly across heads"
        self.n_head = config.n_head
        self.use_sdpa = use_sdpa
        self.dropout = config.dropout
        self.qkv = nn.Linear(config.n_embd, 3 * config.n_embd)
        self.proj = nn.Linear(config.n_embd, config.n_embd)
        self.attn_drop = nn.Dropout(config.dropout)
        self.resid_drop = nn.Dropout(config.dropout)
        # Lower-triangular: position t may attend to positions <= t. Not a parameter, not saved.
        mask = torch.tril(torch.ones(config.block_size, config.block_size, dtype=torch.bool))
        self.register_buffer("causal_mask", mask.view(1, 1, config.block_size, config.block_size),
                             persistent=False)

    # --8<-- [start:attention]
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        # (B, T, C) -> (B, n_head, T, head_dim)
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        if self.use_sdpa:
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True,
                                               dropout_p=self.dropout if self.training else 0.0)
        else:
            scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
            scores = scores.masked_fill(~self.causal_mask[:, :, :T, :T], float("-inf"))
            y = self.attn_drop(F.softmax(scores, dim=-1)) @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.resid_drop(self.proj(y))
    # --8<-- [end:attention]


class MLP(nn.Module):
    def __init__(self, config: GPTConfig):
        super().__init__()
        self.fc = nn.Linear(config.n_embd, 4 * config.n_embd)
        self.proj = nn.Linear(4 * config.n_embd, config.n_embd)
        self.drop = nn.Dropout(config.dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.drop(self.proj(F.gelu(self.fc(x))))


class Block(nn.Module):
    def __init__(self, config: GPTConfig, use_sdpa: bool = False):
        super().__init__()
        self.ln1 = nn.LayerNorm(config.n_embd)
        self.attn = CausalSelfAttention(config, use_sdpa)
        self.ln2 = nn.LayerNorm(config.n_embd)
        self.mlp = MLP(config)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class MiniGPT(nn.Module):
    def __init__(self, config: GPTConfig, *, use_sdpa: bool = False):
        super().__init__()
        self.config = config
        self.tok_emb = nn.Embedding(config.vocab_size, config.n_embd)
        self.pos_emb = nn.Embedding(config.block_size, config.n_embd)
        self.drop = nn.Dropout(config.dropout)
        self.blocks = nn.ModuleList(Block(config, use_sdpa) for _ in range(config.n_layer))
        self.ln_f = nn.LayerNorm(config.n_embd)
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)
        self.lm_head.weight = self.tok_emb.weight  # tied: one matrix reads and writes tokens
        self.apply(self._init_weights)

    @staticmethod
    def _init_weights(module: nn.Module) -> None:
        if isinstance(module, (nn.Linear, nn.Embedding)):
            nn.init.normal_(module.weight, mean=0.0, std=0.02)
        if isinstance(module, nn.Linear) and module.bias is not None:
            nn.init.zeros_(module.bias)

    def forward(self, idx: torch.Tensor, targets: torch.Tensor | None = None
                ) -> tuple[torch.Tensor, torch.Tensor | None]:
        B, T = idx.shape
        if T > self.config.block_size:
            raise ValueError(f"sequence of {T} tokens is longer than block_size {self.config.block_size}")
        positions = torch.arange(T, device=idx.device)
        x = self.drop(self.tok_emb(idx) + self.pos_emb(positions))
        for block in self.blocks:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.view(B * T, -1), targets.view(B * T))
        return logits, loss


def param_count(model: nn.Module) -> int:
    """Parameters, each counted once (the tied embedding and LM head are one matrix)."""
    return sum(p.numel() for p in model.parameters())


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
    device: str
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


@contextlib.contextmanager
def cpu_threads(count: int, device: str):
    """Run the block with `count` intra-op threads on CPU, then restore the setting.

    A model this small gains little from a second thread and loses a lot on shared cores:
    every one of its many small ops ends in an OpenMP barrier that waits for a thread the
    OS may have descheduled (measured here: 1.1 s a step with 2 threads on a busy 2-core
    machine, 0.15 s with 1).
    """
    previous = torch.get_num_threads()
    if device == "cpu":
        torch.set_num_threads(count)
    try:
        yield
    finally:
        torch.set_num_threads(previous)


def train(settings: TrainSettings, device: str, preset: str = "custom",
          progress=None) -> tuple[MiniGPT, TrainInfo]:
    """Train a MiniGPT from scratch on the grammar corpus; `progress(step, loss)` if given."""
    with cpu_threads(1, device), torch.enable_grad():  # callers may be inside no_grad
        return _train(settings, device, preset, progress)


def _train(settings: TrainSettings, device: str, preset: str, progress) -> tuple[MiniGPT, TrainInfo]:
    corpus = grammar.build_corpus()
    train_data, val_data = encoded_splits(corpus)
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
    val_examples = list(corpus.val)
    if settings.eval_examples:
        val_examples = val_examples[::max(1, len(val_examples) // settings.eval_examples)]
    info = TrainInfo(
        preset=preset, device=device, config=asdict(config), settings=asdict(settings),
        params=param_count(model), steps=settings.steps, train_s=round(train_s, 2),
        final_train_loss=round(loss_value, 4),
        val_loss=round(mean_loss(model, val_data, settings.eval_batches, settings.batch_size, device), 4),
        val_exact_match=exact_match(model, val_examples, corpus.tokenizer, device, corpus.context),
        val_examples=len(val_examples), target_exact_match=TARGET_VAL_EXACT_MATCH,
        history=tuple(history))
    return model, info


# -- the checkpoint cache ----------------------------------------------------------------

def checkpoint_dir() -> Path:
    return Path(os.environ.get("COURSE_CHECKPOINT_DIR", REPO_ROOT / ".cache" / "checkpoints"))


def checkpoint_key(preset: str, device: str, settings: TrainSettings) -> str:
    """Everything that changes the trained weights: settings (hence config), preset, device,
    this file and the grammar's source, and torch's version."""
    sources = hashlib.sha256()
    for module_file in (Path(grammar.__file__), Path(__file__)):
        sources.update(module_file.read_bytes())
    parts = {"preset": preset, "device": device, "settings": asdict(settings),
             "sources": sources.hexdigest(), "torch": torch.__version__}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:16]


def checkpoint_path(preset: str, device: str) -> Path:
    key = checkpoint_key(preset, device, PRESETS[preset])
    return checkpoint_dir() / f"minigpt-{preset}-{device}-{key}.pt"


def _save(path: Path, model: MiniGPT, info: TrainInfo) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    state = {k: v.detach().cpu() for k, v in model.state_dict().items()}
    torch.save({"state_dict": state, "info": asdict(info)}, tmp)
    os.replace(tmp, path)  # atomic: a concurrent reader sees no half-written file


def _load(path: Path, device: str) -> tuple[MiniGPT, TrainInfo]:
    started = time.perf_counter()
    saved = torch.load(path, map_location=device, weights_only=True)
    fields = dict(saved["info"])
    fields["history"] = tuple(tuple(point) for point in fields.get("history", ()))
    model = MiniGPT(GPTConfig(**fields["config"])).to(device)
    model.load_state_dict(saved["state_dict"])
    model.eval()
    fields.update(cached=True, checkpoint=str(path), load_s=round(time.perf_counter() - started, 4))
    return model, TrainInfo(**fields)


def trained_minigpt(preset: str, device: str, progress=None) -> tuple[MiniGPT, TrainInfo]:
    """A trained grammar MiniGPT for `preset` ("smoke" or "full") on `device`, in eval mode.

    The first call trains and saves a checkpoint; later calls (any lab, any process) load it.
    """
    if preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r}; use one of {sorted(PRESETS)}")
    path = checkpoint_path(preset, device)
    if path.is_file():
        try:
            return _load(path, device)
        except (RuntimeError, KeyError, TypeError, EOFError) as error:  # stale or truncated
            print(f"minigpt: ignoring unreadable checkpoint {path}: {error}")
    model, info = train(PRESETS[preset], device, preset, progress)
    _save(path, model, info)
    model.eval()
    return model, _with(info, checkpoint=str(path))


def _with(info: TrainInfo, **changes) -> TrainInfo:
    return TrainInfo(**(asdict(info) | changes))


# -- memory, for choosing a distributed strategy -----------------------------------------

@dataclass(frozen=True)
class TrainingMemory:
    """Bytes one training step holds at its peak, part by part (float32, AdamW)."""
    params: int
    param_bytes: int
    grad_bytes: int
    optimizer_bytes: int       # AdamW keeps two moments per parameter
    activation_bytes: int      # tensors autograd saved for backward, measured at one batch size
    batch_size: int
    block_size: int

    @property
    def total_bytes(self) -> int:
        return self.param_bytes + self.grad_bytes + self.optimizer_bytes + self.activation_bytes


def saved_activation_bytes(model: MiniGPT, batch_size: int, device: str) -> int:
    """Bytes of the tensors autograd keeps for backward during one forward with targets.

    Measured, not modelled: a hook sees every saved tensor; storages are counted once, and
    parameters (saved by reference, already counted) are left out.
    """
    param_storages = {p.untyped_storage().data_ptr() for p in model.parameters()}
    seen: dict[int, int] = {}

    def pack(tensor: torch.Tensor) -> torch.Tensor:
        storage = tensor.untyped_storage()
        if storage.data_ptr() not in param_storages:
            seen[storage.data_ptr()] = storage.nbytes()
        return tensor

    generator = torch.Generator().manual_seed(0)
    block = model.config.block_size
    idx = torch.randint(model.config.vocab_size, (batch_size, block), generator=generator).to(device)
    was_training = model.training
    model.train()
    with torch.enable_grad(), torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        _, loss = model(idx, idx)
    del loss
    model.train(was_training)
    return sum(seen.values())


def training_memory(model: MiniGPT, batch_size: int, device: str = "cpu") -> TrainingMemory:
    params = param_count(model)
    bytes_per = next(model.parameters()).element_size()
    return TrainingMemory(
        params=params, param_bytes=params * bytes_per, grad_bytes=params * bytes_per,
        optimizer_bytes=2 * params * bytes_per,
        activation_bytes=saved_activation_bytes(model, batch_size, device),
        batch_size=batch_size, block_size=model.config.block_size)
