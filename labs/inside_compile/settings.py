"""Every knob of the lab, one frozen dataclass per preset: smoke runs in the test suite, full is
what the site shows."""

from __future__ import annotations

from dataclasses import dataclass

from labs.common.settings_rules import positive

SEED = 0


@dataclass(frozen=True)
class Settings:
    d_model: int
    """LayerNorm width, input and output of the block."""
    d_hidden: int
    """The up-projection, 4x d_model as in a transformer's MLP."""
    batch: int
    """Sequences in the input."""
    tokens: int
    """Tokens per sequence: a 3-D input, so Linear shows the view around its matmul."""
    tlparse_timeout_s: float
    """tlparse renders a trace of a few hundred kB in well under a second."""
    trace_timeout_s: float
    """The traced compile, a child process: a cold compile of the block."""

    def __post_init__(self) -> None:
        for name in ("d_model", "d_hidden", "batch", "tokens", "tlparse_timeout_s", "trace_timeout_s"):
            positive(name, getattr(self, name))

    @property
    def input_shape(self) -> tuple[int, int, int]:
        return (self.batch, self.tokens, self.d_model)


SETTINGS = {
    # tiny: every graph and kernel reads at a glance, and the whole lab runs in the test suite
    "smoke": Settings(d_model=64, d_hidden=256, batch=4, tokens=16, tlparse_timeout_s=60,
                      trace_timeout_s=300),
    # transformer-MLP sized: the same graphs, with the tiling and vector widths of real shapes
    "full": Settings(d_model=256, d_hidden=1024, batch=8, tokens=128, tlparse_timeout_s=120,
                     trace_timeout_s=600),
}
