"""Tile sizes for the fused Linear + GELU kernel, and the rules a tile must obey.

Standard library only: the rules are checked (and shown on the page) on any machine; the
Triton kernel turns the valid candidates into its `triton.autotune` configurations.

The rules:
- every block size is a power of two: `tl.arange(0, BLOCK)` accepts nothing else;
- every block size is at least 16: `tl.dot` feeds the tensor cores, whose smallest operand is
  16 wide;
- the software pipeline keeps `num_stages` copies of an A tile (BLOCK_M x BLOCK_K) and a B
  tile (BLOCK_K x BLOCK_N) in shared memory, and that must fit in what one block may use.
"""

from __future__ import annotations

from dataclasses import dataclass

# Shared memory one thread block may use on an H100 or H200 (227 KiB, with opt-in); the
# lab reads the real figure from the GPU when there is one.
REFERENCE_SHARED_MEMORY = 227 * 1024


@dataclass(frozen=True)
class Tile:
    block_m: int
    block_n: int
    block_k: int
    num_warps: int
    num_stages: int
    group_m: int = 8        # tiles of 8 row-blocks are walked together, so B stays in L2

    @property
    def label(self) -> str:
        return f"{self.block_m}×{self.block_n}×{self.block_k}, {self.num_warps} warps, {self.num_stages} stages"

    def shared_memory(self, element_bytes: int) -> int:
        return self.num_stages * (self.block_m * self.block_k + self.block_k * self.block_n) * element_bytes


def _power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def problems(tile: Tile, element_bytes: int, shared_memory: int = REFERENCE_SHARED_MEMORY) -> list[str]:
    """Why a tile cannot run; empty when it can."""
    found = []
    sizes = {"BLOCK_M": tile.block_m, "BLOCK_N": tile.block_n, "BLOCK_K": tile.block_k}
    odd = [name for name, size in sizes.items() if not _power_of_two(size)]
    if odd:
        found.append(f"{', '.join(odd)} not a power of two (tl.arange)")
    small = [name for name, size in sizes.items() if size < 16]
    if small:
        found.append(f"{', '.join(small)} below 16 (tl.dot)")
    needed = tile.shared_memory(element_bytes)
    if needed > shared_memory:
        found.append(f"needs {needed // 1024} KiB of shared memory, the block may use {shared_memory // 1024} KiB")
    return found


# The autotuning space, bounded to eight configurations so that tuning six shapes stays near
# half a minute: large tiles for large M (128 x 256 keeps the tensor cores fed), smaller ones
# so that M = 512 still spreads over every SM, and two depths of pipelining.
CANDIDATES = (
    Tile(128, 256, 64, 8, 3),
    Tile(128, 128, 64, 8, 4),
    Tile(128, 128, 32, 4, 4),
    Tile(64, 256, 64, 4, 3),
    Tile(128, 64, 64, 4, 4),
    Tile(64, 128, 64, 4, 4),
    Tile(64, 64, 64, 4, 4),
    Tile(64, 64, 32, 2, 5),
)
# Tiles that break a rule: the page shows them next to the candidates, with the reason.
REJECTED_EXAMPLES = (
    Tile(96, 128, 32, 4, 4),
    Tile(128, 128, 8, 4, 4),
    Tile(256, 256, 128, 8, 4),
)
