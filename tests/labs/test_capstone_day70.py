"""Day 70's paragraphs, the capstone page's conclusions, on runs made here: which branch each
takes at the edges of its thresholds, and one paragraph per project written out whole.

Added for the survivors of mutmut's first run over labs/capstone/claims.py
(tests/mutation/REVIEW.md): an outcome dropped to None, a branch taken the other way, a Spanish
number written the English way, each left the fast tier green.
"""

from __future__ import annotations

import pytest

from labs.capstone.claims import CLAIMS

COLUMNS = ["rows", "dtype", "vs_default", "vs_max_autotune", "vs_library"]


def _run(metrics: dict, device: str = "cuda", rows: list | None = None) -> dict:
    return {"lab": "capstone", "device": device, "provenance": {"torch": "2.11.0"},
            "metrics": {key: {"value": value, "unit": ""} for key, value in metrics.items()},
            "tables": {"kernel_bench": {"columns": COLUMNS, "rows": rows or []}}}


ENDINGS = {
    "memory": (" What would change it: fewer bytes per token — weights in 8 or 4 bits, or a smaller KV cache — "
               "since memory is most of the step.",
               " Lo que lo cambiaría: menos bytes por token —pesos en 8 o 4 bits, o una caché KV más pequeña—, "
               "porque la memoria es la mayor parte del paso."),
    "mixed": (" What would change it: both fewer bytes per token (weights in 8 or 4 bits) and less work around "
              "the weights' reads (fewer, fused kernels per step).",
              " Lo que lo cambiaría: a la vez menos bytes por token (pesos en 8 o 4 bits) y menos trabajo "
              "alrededor de la lectura de los pesos (menos kernels por paso, fusionados)."),
    "latency": (" What would change it: several requests per step (batching), and fewer, longer kernels per step "
                "(CUDA graphs remove launches, not kernel time).",
                " Lo que lo cambiaría: varias peticiones por paso (lotes) y menos kernels, más largos, por paso (los "
                "CUDA graphs eliminan lanzamientos, no tiempo de kernel)."),
}


@pytest.mark.parametrize("share, outcome", [(50.0, "memory"), (49.9, "mixed"), (25.0, "mixed"), (24.9, "latency")])
def test_decodes_regime_at_the_edges_of_its_shares(share, outcome):
    said = CLAIMS["day70"](_run({"gpt2.best_copy_share": share, "gpt2.best_tpot_ms": 2.5}), "llm_bench")
    assert said.outcome == outcome
    assert said.en.endswith(ENDINGS[outcome][0]) and said.es.endswith(ENDINGS[outcome][1])


def test_a_decode_far_from_the_copy_rate_reads_whole_in_both_languages():
    said = CLAIMS["day70"](_run({"gpt2.best_copy_share": 12.5, "gpt2.best_tpot_ms": 2.5}), "llm_bench")
    # 2.5 ms at 12.5 % of the copy rate: the same bytes at the copy rate take 2.5 x 0.125 = 0.3125 ms
    assert said.en == (
        "The best decode of the GPT-2-shaped model took 2.50\u00a0ms per token. On this run decoding is not bound by "
        "memory: its best decode reads 12.5% of the copy bandwidth (2.50\u00a0ms per token, where moving that step's "
        "bytes at the copy rate takes 0.312\u00a0ms). Streaming the weights is a small part of each step; what the "
        "rest is spent on, this run does not measure. What would change it: several requests per step "
        "(batching), and fewer, longer kernels per step (CUDA graphs remove launches, not kernel time).")
    assert said.es == (
        "La mejor decodificación del modelo con forma de GPT-2 tardó 2,50\u00a0ms por token. En esta ejecución la "
        "decodificación no está limitada por la memoria: su mejor decodificación lee el 12,5\u00a0% del ancho de "
        "banda de copia (2,50\u00a0ms por token, cuando mover los bytes de ese paso a la velocidad de copia lleva "
        "0,312\u00a0ms). Leer los pesos es una parte pequeña de cada paso; en qué se va el resto, esta ejecución no "
        "lo mide. Lo que lo cambiaría: varias peticiones por paso (lotes) y menos kernels, más largos, por paso "
        "(los CUDA graphs eliminan lanzamientos, no tiempo de kernel).")


MLOPT = {"mlopt.vs_eager.speedup": 1.01, "mlopt.fold.found": 20, "mlopt.fusion.found": 8}


@pytest.mark.parametrize("verdict, outcome", [("faster", "faster"), ("same", "not_faster"), ("slower", "not_faster")])
def test_the_graph_optimizer_says_what_it_gained_only_when_faster(verdict, outcome):
    said = CLAIMS["day70"](_run(MLOPT | {"mlopt.vs_eager.verdict": verdict}), "mlopt")
    assert said.outcome == outcome
    assert ("that is the gain" in said.en) is (verdict == "faster")


def test_a_faster_graph_optimizer_reads_whole_in_both_languages():
    said = CLAIMS["day70"](_run(MLOPT | {"mlopt.vs_eager.verdict": "faster", "mlopt.vs_eager.speedup": 1.25}),
                           "mlopt")
    assert said.en == (
        "The optimized ResNet-18 ran at 1.25× of eager's speed (faster, by the course's verdict rule) after folding "
        "20 batch norms and grouping 8 element-wise chains, verified against eager. Folding removes a pass over "
        "every activation; that is the gain. A code generator that turned each fused group into one kernel would "
        "add fusion's share, which eager execution cannot show.")
    assert said.es == (
        "La ResNet-18 optimizada corrió a 1,25× de la velocidad de eager (más rápida, según la regla de veredictos "
        "del curso) tras plegar 20 batch norms y agrupar 8 cadenas elemento a elemento, verificada frente a eager. "
        "El plegado elimina una pasada sobre cada activación; esa es la ganancia. Un generador de código que "
        "convirtiera cada grupo fusionado en un kernel añadiría la parte de la fusión, que la ejecución eager no "
        "puede mostrar.")
    slower = CLAIMS["day70"](_run(MLOPT | {"mlopt.vs_eager.verdict": "slower"}), "mlopt")
    assert "(más lenta, según la regla" in slower.es and "(slower, by the course's verdict rule)" in slower.en
    assert slower.en.endswith("or a model where normalization passes dominate.")


def test_the_graph_optimizers_paragraph_reads_whole_in_spanish():
    said = CLAIMS["day70"](_run(MLOPT | {"mlopt.vs_eager.verdict": "same"}), "mlopt")
    assert said.es.startswith(
        "La ResNet-18 optimizada corrió a 1,01× de la velocidad de eager (igual, según la regla de veredictos del "
        "curso) tras plegar 20 batch norms y agrupar 8 cadenas elemento a elemento, verificada frente a eager. "
        "Reescribir el grafo por sí solo aporta poco aquí")


@pytest.mark.parametrize("device, rows, outcome", [
    ("cpu", [[512, "float32", 1.2, None, 1.3]], "cpu"),                  # on a CPU, whatever the ratios
    ("cuda", [[512, "float16", 1.2, 1.1, 1.3]], "memfuse"),             # faster than every baseline
    ("cuda", [[512, "float16", 1.2, 1.1, 0.9]], "other"),               # the library was faster
    ("cuda", [[512, "float16", 1.2, 1.1, 1.3], [1024, "float16", 1.0, 1.1, 1.3]], "other"),   # one case close
])
def test_memfuses_paragraph_takes_its_branch_from_every_case(device, rows, outcome):
    said = CLAIMS["day70"](_run({"bench.target": 1.0}, device, rows), "memfuse")
    assert said.outcome == outcome
    fastest = CLAIMS["fastest"](_run({}, device, rows), None)
    # the target sentences, then where memfuse stands, then what the branch adds
    assert fastest.en in said.en and fastest.es in said.es
    assert said.en.split(fastest.en)[1].startswith(MEMFUSE_NEXT[outcome][0])
    assert said.es.split(fastest.es)[1].startswith(MEMFUSE_NEXT[outcome][1])


MEMFUSE_NEXT = {
    "cpu": (" On a CPU memfuse's operator is ATen's two calls, so this compares ATen with Inductor's C++",
            " En una CPU el operador de memfuse son las dos llamadas de ATen, así que esto compara ATen"),
    "memfuse": (" The hand-written epilogue kernel was faster than every baseline in every case.",
                " El kernel escrito a mano con el epílogo fue más rápido que todas las referencias en todos los casos."),
    "other": (" Where a baseline is faster, this run does not say why: it times whole calls.",
              " Donde una referencia es más rápida, esta ejecución no dice por qué: mide llamadas"),
}


def test_no_inductor_mode_measured_is_not_measured_rather_than_an_error():
    said = CLAIMS["target"](_run({"bench.target": 1.0}, "cuda", [[512, "float16", None, None, 1.2]]), "best_inductor")
    assert (said.outcome, said.decided) == ("not_measured", False)
