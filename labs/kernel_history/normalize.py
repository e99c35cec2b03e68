"""Generated kernels made comparable across runs and releases, and the cheap facts read from them.

Two compiles of the same module write the same kernels with different buffer numbers, cache
paths and hashes; `normalize` removes exactly those, so a diff between two releases shows what
the compiler changed and nothing the run happened to name. `fusion` and `strategy` read a
kernel's name and text (no annotator needed): which ops it fused, and how it loops and reduces.
Standard library only (tested on text).
"""

from __future__ import annotations

import re

# Order matters: a path may contain a hash, and both contain word characters.
_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<![\w.])(?:/[\w.+@-]+){2,}/?"), "<path>"),   # /tmp/torchinductor_x/ab/cab….h
    (re.compile(r"\b[0-9a-fA-F]{16,}\b"), "<hash>"),        # backend_hash, source hashes
    (re.compile(r"\b[a-z0-9]{40,}\b"), "<hash>"),           # Inductor's base32 cache keys
    (re.compile(r"\bbuf\d+\b"), "buf#"),                    # buffer numbers follow the graph's order
)
_PREFIX = re.compile(r"^(?:cpp|triton)_(?:(?:poi|red|per|tem)_)?(?:fused_)?")
_SUFFIX = re.compile(r"_\d+$")


def normalize(source: str) -> str:
    """The kernel's text without what changes run to run; trailing spaces removed."""
    for pattern, replacement in _RULES:
        source = pattern.sub(replacement, source)
    return "\n".join(line.rstrip() for line in source.splitlines()).strip("\n") + "\n"


def fusion(kernel_name: str) -> str:
    """The ops a kernel fused, from Inductor's name: cpp_fused__softmax_add_3 -> _softmax_add."""
    return _SUFFIX.sub("", _PREFIX.sub("", kernel_name)) or kernel_name


def strategy(kernel_name: str, source: str) -> str:
    """How the kernel loops and reduces, as a few tags (e.g. "vectorized+parallel+welford").

    C++: vectorized (at::vec) or scalar, parallel (OpenMP), and the reduction it uses
    (welford for mean and variance in one pass). Triton: pointwise, persistent reduction (the
    row in one block) or looped reduction, from the kernel's kind.
    """
    tags = []
    if kernel_name.startswith("triton_"):
        kind = kernel_name.split("_")[1]
        tags.append({"poi": "pointwise", "per": "persistent", "red": "looped", "tem": "template"}.get(kind, kind))
        if "welford" in source:
            tags.append("welford")
        return "+".join(tags)
    tags.append("vectorized" if "at::vec::" in source else "scalar")
    if "#pragma omp" in source:
        tags.append("parallel")
    if "welford" in source.lower():
        tags.append("welford")
    elif re.search(r"\breduction\b|tmp_acc\d", source):
        tags.append("reduction")
    return "+".join(tags)
