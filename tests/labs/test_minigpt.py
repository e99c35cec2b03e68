"""The grammar MiniGPT: causal attention, batches, memory estimate, the checkpoint cache."""

from __future__ import annotations

import time

import pytest
import torch

from labs.common import grammar, minigpt, training_memory

CONFIG = minigpt.GPTConfig(vocab_size=32, block_size=16, n_layer=2, n_head=2, n_embd=32)


def model(use_sdpa: bool = False) -> minigpt.MiniGPT:
    torch.manual_seed(0)
    return minigpt.MiniGPT(CONFIG, use_sdpa=use_sdpa).eval()


def test_forward_returns_logits_and_loss():
    idx = torch.randint(32, (3, 16))
    logits, loss = model()(idx, idx)
    assert logits.shape == (3, 16, 32) and loss.ndim == 0
    assert model()(idx)[1] is None


def test_attention_is_causal():
    """Changing a later token must not change the logits at any earlier position."""
    for use_sdpa in (False, True):
        m = model(use_sdpa)
        idx = torch.randint(32, (2, 16), generator=torch.Generator().manual_seed(1))
        changed = idx.clone()
        changed[:, 10:] = (changed[:, 10:] + 1) % 32
        with torch.no_grad():
            a, b = m(idx)[0], m(changed)[0]
        assert torch.equal(a[:, :10], b[:, :10])
        assert not torch.allclose(a[:, 10:], b[:, 10:])


def test_explicit_attention_matches_sdpa():
    idx = torch.randint(32, (2, 16))
    with torch.no_grad():
        torch.testing.assert_close(model(False)(idx)[0], model(True)(idx)[0], rtol=1e-5, atol=1e-5)


def test_tied_embedding_is_counted_once():
    m = model()
    assert m.lm_head.weight is m.tok_emb.weight
    unique = {id(p): p.numel() for p in m.parameters()}
    assert minigpt.param_count(m) == sum(unique.values())


def test_get_batch_targets_are_inputs_shifted_by_one():
    data = torch.arange(100)
    x, y = minigpt.get_batch(data, 4, 8, torch.Generator().manual_seed(0), "cpu")
    assert x.shape == y.shape == (4, 8)
    assert torch.equal(y, x + 1)


def test_training_memory_adds_up():
    memory = training_memory.training_memory(model(), batch_size=4)
    params = minigpt.param_count(model())
    assert memory.param_bytes == memory.grad_bytes == 4 * params
    assert memory.optimizer_bytes == 8 * params
    assert memory.activation_bytes > 4 * 16 * 32 * 4, "at least one (B, T, C) float32 tensor per layer"
    assert memory.total_bytes == (memory.param_bytes + memory.grad_bytes + memory.optimizer_bytes
                                  + memory.activation_bytes)


def test_greedy_complete_returns_one_answer_per_prompt():
    corpus = grammar.build_corpus()
    m = minigpt.MiniGPT(minigpt.GPTConfig(corpus.tokenizer.vocab_size, 64, 1, 1, 16)).eval()
    prompts = [e.prompt for e in corpus.val[:5]]
    answers = minigpt.greedy_complete(m, prompts, corpus.tokenizer, 4, "cpu")
    assert len(answers) == 5 and all(len(a) <= 4 for a in answers)


def test_checkpoint_cache_hit(tmp_path, monkeypatch):
    monkeypatch.setenv("COURSE_CHECKPOINT_DIR", str(tmp_path))
    trained, info = minigpt.trained_minigpt("smoke", "cpu")
    assert not info.cached and info.steps == minigpt.PRESETS["smoke"].steps
    assert list(tmp_path.glob("minigpt-smoke-*.pt"))
    started = time.perf_counter()
    loaded, again = minigpt.trained_minigpt("smoke", "cpu")
    assert time.perf_counter() - started < 1.0
    assert again.cached and again.val_exact_match == info.val_exact_match
    for (name, a), (_, b) in zip(trained.state_dict().items(), loaded.state_dict().items()):
        assert torch.equal(a, b), name


def test_checkpoint_key_changes_with_the_settings():
    smoke = minigpt.PRESETS["smoke"]
    changed = minigpt.TrainSettings(**{**smoke.__dict__, "steps": smoke.steps + 1})
    assert minigpt.checkpoint_key("smoke", smoke) != minigpt.checkpoint_key("smoke", changed)
    assert minigpt.checkpoint_key("smoke", smoke) != minigpt.checkpoint_key("full", smoke)


@pytest.mark.slow   # trains a MiniGPT
def test_a_checkpoint_trained_elsewhere_is_measured_again_here(tmp_path, monkeypatch):
    monkeypatch.setenv("COURSE_CHECKPOINT_DIR", str(tmp_path))
    _, info = minigpt.trained_minigpt("smoke", "cpu")
    path = next(tmp_path.glob("minigpt-smoke-*.pt"))
    saved = torch.load(path, weights_only=True)
    saved["info"]["evaluated_on"] = "cuda"           # as if measured on a GPU
    saved["info"]["val_exact_match"] = -1.0
    torch.save(saved, path)
    _, again = minigpt.trained_minigpt("smoke", "cpu")
    assert again.evaluated_on == "cpu" and again.val_exact_match == info.val_exact_match
