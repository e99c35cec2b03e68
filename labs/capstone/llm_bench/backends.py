"""Four serving backends behind one interface, each one change away from the previous:

    eager                     growing KV cache, PyTorch eager
    compile_default           the same step under torch.compile (dynamic shapes: the cache grows)
    compile_reduce_overhead   the same, mode="reduce-overhead": CUDA graphs, one recorded per
                              cache length, since a graph's shapes are fixed
    static_kv                 gpt-fast: a static cache, so every decode step has one shape,
                              compiled with CUDA graphs (default mode on a CPU, which has none):
                              one graph, replayed at every step

The generation loop is shared: it streams, timing each token when it reaches the host.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import torch

from labs.capstone.llm_bench import decoder as decoders
from labs.capstone.llm_bench.base import GenerationConfig, GenerationResult, LLMBackend
from labs.capstone.llm_bench.metrics import TokenTimes
from labs.capstone.llm_bench.models import LoadedModel


def floats_as_constants(run: Callable[..., Any]) -> Callable[..., Any]:
    """`run` with every Python float the models hold read as a constant by Dynamo.

    With dynamic=True Dynamo traces a float attribute (LayerNorm's eps) as a symbolic float,
    then finds it must be a tensor and restarts the frame's analysis: each compiled step is
    analysed twice (Compile and Compare measures that restart). A server's eps never changes,
    so the serving parts compile as `specialize_float=True` says: once. The patch wraps whole
    parts, never a timed call: entering it costs microseconds.
    """
    @functools.wraps(run)
    def with_constant_floats(*args: Any, **kwargs: Any) -> Any:
        with torch._dynamo.config.patch(specialize_float=True):
            return run(*args, **kwargs)
    return with_constant_floats


@dataclass
class StreamingBackend(LLMBackend):
    """The loop: prefill the prompt, then decode one token at a time until done."""
    loaded: LoadedModel | None = None

    def load_model(self, model_name: str, **kwargs: Any) -> None:
        loaded = kwargs.get("loaded")
        if loaded is None or loaded.name != model_name:
            raise ValueError(f"pass the loaded model: load_model({model_name!r}, loaded=LoadedModel)")
        self.loaded = loaded
        self._build()

    def _build(self) -> None:
        """Prepare the decoder (and compile it) for self.loaded."""

    def uses_cuda_graphs(self) -> bool:
        return False

    def _prefill(self, ids: torch.Tensor) -> tuple[torch.Tensor, Any]: ...

    def _decode(self, token: torch.Tensor, state: Any) -> tuple[torch.Tensor, Any]: ...

    # --8<-- [start:loop]
    @torch.no_grad()
    def generate(self, prompt: str | Sequence[int], config: GenerationConfig) -> GenerationResult:
        ids = self.loaded.encode(prompt)
        room = self.loaded.max_len - len(ids)
        if config.max_new_tokens > room:
            raise ValueError(f"{len(ids)} prompt tokens + {config.max_new_tokens} new ones exceed the "
                             f"model's {self.loaded.max_len} positions")
        if self.uses_cuda_graphs():
            torch.compiler.cudagraph_mark_step_begin()  # a new request: earlier outputs may go
        start = self.clock()
        token, state = self._prefill(torch.tensor([ids], device=self.device))
        generated, stamps = [int(token.item())], [self.clock()]   # .item(): the token is on the host
        while len(generated) < config.max_new_tokens and generated[-1] != config.stop_token:
            token, state = self._decode(token.clone(), state)    # clone: a CUDA graph reuses its output
            generated.append(int(token.item()))
            stamps.append(self.clock())
        kept = generated[:-1] if generated[-1] == config.stop_token else generated
        return GenerationResult(self.loaded.decode(kept), len(generated), generated,
                                TokenTimes(start, tuple(stamps)))
    # --8<-- [end:loop]

    def cleanup(self) -> None:
        self.loaded = None
        torch._dynamo.reset()
        if self.device == "cuda":
            torch.cuda.empty_cache()


@dataclass
class EagerBackend(StreamingBackend):
    def name(self) -> str:
        return "eager"

    def _build(self) -> None:
        self.step = decoders.GrowingCacheDecoder(self.loaded.model)

    def _prefill(self, ids):
        return self.step(ids, [])

    def _decode(self, token, cache):
        return self.step(token, cache)


@dataclass
class CompiledBackend(EagerBackend):
    mode: str = "default"

    def name(self) -> str:
        return "compile_reduce_overhead" if self.mode == "reduce-overhead" else "compile_default"

    def uses_cuda_graphs(self) -> bool:
        return self.mode == "reduce-overhead" and self.device == "cuda"

    def _build(self) -> None:
        super()._build()
        self.step = torch.compile(self.step, mode=self.mode, dynamic=True)


@dataclass
class StaticKVBackend(StreamingBackend):
    def name(self) -> str:
        return "static_kv"

    def uses_cuda_graphs(self) -> bool:
        return self.device == "cuda"

    def _build(self) -> None:
        self.decoder = decoders.StaticCacheDecoder(self.loaded.model, self.loaded.max_len, self.loaded.dtype)
        self.prefill_fn = torch.compile(decoders.prefill, dynamic=True)
        mode = "reduce-overhead" if self.uses_cuda_graphs() else "default"
        self.decode_fn = torch.compile(decoders.decode_one, mode=mode, fullgraph=True)

    def _prefill(self, ids):
        positions = torch.arange(ids.shape[1], device=ids.device)
        token = self.prefill_fn(self.decoder, ids, positions)
        return token, positions[-1:].clone()

    def _decode(self, token, position):
        position += 1                        # on the device, in place: no copy from the host
        if self.uses_cuda_graphs():
            # Each step a generation of its own: cudagraph trees then replay the one graph of the
            # decode step. Marked once per request only, they grow a chain instead, one graph per
            # step (the previous step's output is still alive at the next call), recorded again
            # whenever a generation walks a path the warm-up did not (39 inside a timed window,
            # H100). The caller has read and cloned the previous token: nothing of it is needed.
            torch.compiler.cudagraph_mark_step_begin()
        return self.decode_fn(self.decoder, token, position), position

    def resident_bytes(self) -> int:
        return sum(b.numel() * b.element_size() for b in self.decoder.buffers())


BACKENDS = {"eager": lambda device: EagerBackend(device=device),
            "compile_default": lambda device: CompiledBackend(device=device, mode="default"),
            "compile_reduce_overhead": lambda device: CompiledBackend(device=device, mode="reduce-overhead"),
            "static_kv": lambda device: StaticKVBackend(device=device)}


def make_backend(name: str, device: str) -> StreamingBackend:
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {name!r}; choose from {', '.join(BACKENDS)}")
    return BACKENDS[name](device)
