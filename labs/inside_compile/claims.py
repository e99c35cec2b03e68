"""Inside torch.compile's claims: what the guard count is made of on this run's torch.

Each claim reads the run's manifest (see `labs.common.claims`).
"""

from __future__ import annotations

from labs.common.claims import Registry, Run, Said

CLAIMS = Registry("inside_compile")

MARKING = "DIMENSION_DYNAMIC_MARKING_GUARD"   # new in torch 2.13


@CLAIMS.claim("guard_count", condition=(
    "whether the guard count includes DIMENSION_DYNAMIC_MARKING_GUARD (new in torch 2.13), and how many guards are left without it"))
def guard_count(run: Run, _: None) -> Said:
    total = int(run.value("inference.guards"))
    kinds = {row["kind"]: int(row["inference"]) for row in run.rows("guards_by_kind")}
    marking = kinds.get(MARKING, 0)
    if marking:
        return Said("marking", f"{marking} of the {total} guards are `{MARKING}`, new in torch 2.13: "
                    "each checks that nobody called `mark_dynamic`, `maybe_mark_dynamic` or "
                    "`mark_static` on an input's dimension since the compile (this run does not mark one "
                    f"afterwards to see it fail). Without them {total - marking} guards are left, "
                    "the ones that check types, identities, tensor properties and global state.",
                    f"{marking} de las {total} guardas son `{MARKING}`, nuevas en torch 2.13: cada una "
                    "comprueba que nadie llamó a `mark_dynamic`, `maybe_mark_dynamic` ni "
                    "`mark_static` sobre una dimensión de una entrada desde la compilación (esta ejecución "
                    "no marca ninguna después para verla fallar). Sin ellas quedan "
                    f"{total - marking} guardas, las que comprueban tipos, identidades, propiedades de los "
                    "tensores y el estado global.")
    return Said("no_marking", f"This run's torch ({run.torch}) writes no `{MARKING}` (torch 2.13 "
                "adds them, checking that no input dimension was marked dynamic or static after the compile)"
                f": its {total} guards check types, identities, tensor properties and global state.",
                f"El torch de esta ejecución ({run.torch}) no escribe ninguna `{MARKING}` (torch 2.13 "
                "las añade para comprobar que ninguna dimensión de entrada se marcó como dinámica o estática "
                f"después de compilar): sus {total} guardas comprueban tipos, identidades, "
                "propiedades de los tensores y el estado global.")
