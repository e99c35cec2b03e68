"""Part F: DISTRIBUTED.md (and DISTRIBUTED.es.md), a one-page survey of DDP, FSDP, tensor and
pipeline parallelism, and a pick for the grammar MiniGPT.

Each pattern's section says in two sentences what sets it apart, then its API, when to use
it, what it communicates and when not to. The closing paragraph is filled with numbers
computed from the trained MiniGPT (parameters, and the memory one training step holds).
`survey_facts` reads the document back and checks a property a wrong document would break:
each section names its own pattern's API and its own traffic, and no other pattern's API.
The distributed lab runs all four patterns and measures what this page predicts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from labs.common.training_memory import TrainingMemory

REFERENCE_GPU_BYTES = 16 * 2**30   # a modest accelerator, for judging a CPU run's numbers
PATTERNS = ("DDP", "FSDP", "TP", "PP")
# What identifies each pattern in its own section: its API, and the traffic it alone has.
APIS = {"DDP": "DistributedDataParallel", "FSDP": "fully_shard", "TP": "parallelize_module",
        "PP": "torch.distributed.pipelining"}
TRAFFIC = {"DDP": "all-reduce of the gradients", "FSDP": "reduce-scatter", "TP": "of activations in every layer",
           "PP": "point-to-point"}

SECTIONS = {
    "en": {
        "DDP": ("Distributed Data Parallel", """\
**In two sentences.** Every device holds a full copy of the model and trains on its own slice
of each batch. After backward the gradients are averaged across devices, so the copies take
identical steps and stay identical.

- **API:** `torch.nn.parallel.DistributedDataParallel(model)`, one process per device.
- **When to use:** the whole training state (weights, gradients, optimizer) fits on one
  device and you want more samples per second.
- **Communication:** one all-reduce of the gradients per step, bucketed so it overlaps with
  the rest of backward; its volume is the size of the gradients, whatever the batch.
- **When not to:** the model does not fit on one device; nothing here makes it smaller."""),
        "FSDP": ("Fully Sharded Data Parallel", """\
**In two sentences.** Like DDP each device trains on its own data, but weights, gradients and
optimizer state are split so that each device stores only a 1/N share. A layer's full
weights are gathered just before it runs and dropped right after, in forward and again in
backward.

- **API:** `torch.distributed.fsdp.fully_shard(module)` (FSDP2), or the older
  `FullyShardedDataParallel(model)` wrapper.
- **When to use:** the training state does not fit on one device, but one layer at a time does.
- **Communication:** an all-gather of each layer's weights in forward and in backward, and a
  reduce-scatter of its gradients: about one and a half times DDP's volume, and harder to hide.
- **When not to:** the model already fits (DDP is simpler and cheaper), or a single layer
  does not fit (then split the layer itself)."""),
        "TP": ("Tensor parallelism", """\
**In two sentences.** A single layer's weight matrices are cut across devices, by columns or
by rows, so each device computes part of every matrix product. The partial results are
combined inside the layer, which puts communication on the critical path of every layer.

- **API:** `torch.distributed.tensor.parallel.parallelize_module` with
  `ColwiseParallel`/`RowwiseParallel` plans (Megatron-LM introduced the pattern).
- **When to use:** one layer's weights or activations are too large for one device, as in
  the attention and MLP blocks of models with tens of billions of parameters.
- **Communication:** an all-reduce (or an all-gather and a reduce-scatter) of activations in
  every layer, forward and backward; it needs a fast link such as NVLink inside one node.
- **When not to:** devices talk over a slow network, or the layers are small: the
  communication then costs more than the split matrix product saves."""),
        "PP": ("Pipeline parallelism", """\
**In two sentences.** The model is cut by depth into stages, consecutive groups of layers,
each on its own device. Micro-batches flow through the stages like an assembly line, so
stages work at the same time on different micro-batches, with idle bubbles at the start and
the end of each step.

- **API:** `torch.distributed.pipelining` (`pipeline`, `ScheduleGPipe`, `Schedule1F1B`).
- **When to use:** a deep model that does not fit on one device, across links too slow for
  tensor parallelism, such as between nodes.
- **Communication:** point-to-point sends of the activations (forward) and their gradients
  (backward) at each stage boundary, once per micro-batch: little volume, but latency.
- **When not to:** the model is shallow or fits on one device: the bubbles waste compute
  that data parallelism would use."""),
    },
    "es": {
        "DDP": ("Distributed Data Parallel", """\
**En dos frases.** Cada dispositivo guarda una copia completa del modelo y entrena con su
propia porción de cada lote. Tras el backward los gradientes se promedian entre
dispositivos, así que las copias dan pasos idénticos y siguen siendo idénticas.

- **API:** `torch.nn.parallel.DistributedDataParallel(model)`, un proceso por dispositivo.
- **Cuándo usarlo:** todo el estado de entrenamiento (pesos, gradientes, optimizador) cabe en
  un dispositivo y quieres más muestras por segundo.
- **Comunicación:** un all-reduce de los gradientes por paso, agrupado en cubos para que se
  solape con el resto del backward; su volumen es el tamaño de los gradientes, sea cual sea el lote.
- **Cuándo no:** el modelo no cabe en un dispositivo; nada de esto lo hace más pequeño."""),
        "FSDP": ("Fully Sharded Data Parallel", """\
**En dos frases.** Como en DDP, cada dispositivo entrena con sus propios datos, pero los
pesos, los gradientes y el estado del optimizador se reparten de modo que cada dispositivo
guarda solo 1/N. Los pesos completos de una capa se reúnen justo antes de ejecutarla y se
descartan justo después, en el forward y otra vez en el backward.

- **API:** `torch.distributed.fsdp.fully_shard(module)` (FSDP2), o el envoltorio anterior
  `FullyShardedDataParallel(model)`.
- **Cuándo usarlo:** el estado de entrenamiento no cabe en un dispositivo, pero una capa a la
  vez sí.
- **Comunicación:** un all-gather de los pesos de cada capa en el forward y en el backward, y
  un reduce-scatter de sus gradientes: alrededor de vez y media el volumen de DDP, y más
  difícil de ocultar.
- **Cuándo no:** el modelo ya cabe (DDP es más simple y más barato), o una sola capa no cabe
  (entonces hay que partir la propia capa)."""),
        "TP": ("Paralelismo de tensores", """\
**En dos frases.** Las matrices de pesos de una misma capa se cortan entre dispositivos, por
columnas o por filas, de modo que cada dispositivo calcula una parte de cada producto de
matrices. Los resultados parciales se combinan dentro de la capa, lo que pone la
comunicación en el camino crítico de cada capa.

- **API:** `torch.distributed.tensor.parallel.parallelize_module` con planes
  `ColwiseParallel`/`RowwiseParallel` (el patrón lo introdujo Megatron-LM).
- **Cuándo usarlo:** los pesos o las activaciones de una capa no caben en un dispositivo, como
  en los bloques de atención y MLP de modelos con decenas de miles de millones de parámetros.
- **Comunicación:** un all-reduce (o un all-gather y un reduce-scatter) de activaciones en
  cada capa, en el forward y en el backward; necesita un enlace rápido como NVLink dentro de
  un nodo.
- **Cuándo no:** los dispositivos se comunican por una red lenta, o las capas son pequeñas: la
  comunicación cuesta entonces más de lo que ahorra el producto de matrices partido."""),
        "PP": ("Paralelismo de pipeline", """\
**En dos frases.** El modelo se corta en profundidad en etapas, grupos consecutivos de capas,
cada una en su propio dispositivo. Los microlotes recorren las etapas como en una cadena de
montaje, así que las etapas trabajan a la vez sobre microlotes distintos, con burbujas
ociosas al principio y al final de cada paso.

- **API:** `torch.distributed.pipelining` (`pipeline`, `ScheduleGPipe`, `Schedule1F1B`).
- **Cuándo usarlo:** un modelo profundo que no cabe en un dispositivo, con enlaces demasiado
  lentos para el paralelismo de tensores, como entre nodos.
- **Comunicación:** envíos punto a punto de las activaciones (forward) y de sus gradientes
  (backward) en cada frontera entre etapas, una vez por microlote: poco volumen, pero latencia.
- **Cuándo no:** el modelo es poco profundo o cabe en un dispositivo: las burbujas
  desperdician cómputo que el paralelismo de datos aprovecharía."""),
    },
}

TEXT = {
    "en": {
        "title": "# Distributed training: DDP, FSDP, tensor and pipeline parallelism",
        "intro": ("Four ways to spread training over several devices. Each section says in two sentences "
                  "what sets the pattern apart, then its API, when to use it, what it communicates, and "
                  "when not to use it."),
        "pick_title": "## Which would I pick for the grammar MiniGPT?",
        "numbers": ("The grammar MiniGPT has {params} parameters, and one training step at batch {batch} × "
                    "{block} tokens holds {total}: {weights} of float32 weights, as much again of gradients, "
                    "{optimizer} of AdamW moments and {activations} of activations saved for backward (measured)."),
        "fits": ("That is {share} of {device}, so on paper I would pick DDP, and only if it trains faster: one "
                 "device already holds the whole step, and DDP's only traffic is an all-reduce of {grads} of "
                 "gradients per step."),
        "fits_others": ("FSDP would shard state that already fits, and tensor and pipeline parallelism split the "
                        "model itself, which is needed once a layer or the activations no longer fit on one "
                        "device: not the case here. Whether any of them trains faster than one device is not "
                        "a question this sizing answers: the distributed lab times each pattern."),
        "big": ("That is {share} of {device}, more than one device should hold, so I would pick FSDP, which leaves "
                "each of N devices 1/N of the {state} of weights, gradients and optimizer state."),
        "big_others": ("Tensor and pipeline parallelism only pay once a single layer, or the activations of a whole "
                       "model, no longer fit, which is not the case here."),
    },
    "es": {
        "title": "# Entrenamiento distribuido: DDP, FSDP, paralelismo de tensores y de pipeline",
        "intro": ("Cuatro maneras de repartir el entrenamiento entre varios dispositivos. Cada sección dice en "
                  "dos frases qué distingue al patrón, y después su API, cuándo usarlo, qué comunica y cuándo no."),
        "pick_title": "## ¿Cuál elegiría para el MiniGPT de gramática?",
        "numbers": ("El MiniGPT de gramática tiene {params} parámetros, y un paso de entrenamiento con lotes de "
                    "{batch} × {block} tokens ocupa {total}: {weights} de pesos en float32, otro tanto de "
                    "gradientes, {optimizer} de momentos de AdamW y {activations} de activaciones guardadas para "
                    "el backward (medidas)."),
        "fits": ("Eso es {share} de {device}, así que sobre el papel elegiría DDP, y solo si entrena más "
                 "rápido: un dispositivo ya contiene el paso completo, y el único tráfico de DDP es un "
                 "all-reduce de {grads} de gradientes por paso."),
        "fits_others": ("FSDP repartiría un estado que ya cabe, y el paralelismo de tensores y el de pipeline "
                        "parten el propio modelo, lo que hace falta cuando una capa o las activaciones ya no caben "
                        "en un dispositivo: no es el caso. Si alguno de ellos entrena más rápido que un solo "
                        "dispositivo es una pregunta que este dimensionado no responde: el laboratorio distribuido "
                        "mide cada patrón."),
        "big": ("Eso es {share} de {device}, más de lo que debería ocupar un dispositivo, así que elegiría "
                "FSDP, que deja a cada uno de N dispositivos 1/N de los {state} de pesos, gradientes y estado "
                "del optimizador."),
        "big_others": ("El paralelismo de tensores y el de pipeline solo compensan cuando una sola capa, o las "
                       "activaciones de todo el modelo, ya no caben, y no es el caso."),
    },
}


@dataclass(frozen=True)
class Pick:
    strategy: str       # "DDP" or "FSDP"
    fits: bool          # the whole training step fits on one device with half of it to spare
    device_bytes: int


def pick(memory: TrainingMemory, device_bytes: int) -> Pick:
    """DDP while the training state fits on one device with half of it to spare, else FSDP."""
    fits = memory.total_bytes < 0.5 * device_bytes
    return Pick("DDP" if fits else "FSDP", fits, device_bytes)


def _mib(n: int, lang: str) -> str:
    text = f"{n / 2**20:.1f} MiB"
    return text.replace(".", ",") if lang == "es" else text


def _share(fraction: float, lang: str) -> str:
    text = f"{fraction:.2%}" if fraction < 0.1 else f"{fraction:.0%}"
    return text.replace(".", ",").replace("%", "\u00a0%") if lang == "es" else text


def pick_paragraph(memory: TrainingMemory, choice: Pick, device_label: str, lang: str) -> str:
    """Three sentences: the numbers, the pick, and why not the other patterns."""
    words = TEXT[lang]
    params = f"{memory.params:,}".replace(",", "\u202f" if lang == "es" else ",")
    state = memory.param_bytes + memory.grad_bytes + memory.optimizer_bytes
    numbers = words["numbers"].format(params=params, batch=memory.batch_size, block=memory.block_size,
                                      total=_mib(memory.total_bytes, lang), weights=_mib(memory.param_bytes, lang),
                                      optimizer=_mib(memory.optimizer_bytes, lang),
                                      activations=_mib(memory.activation_bytes, lang))
    share = _share(memory.total_bytes / choice.device_bytes, lang)
    if choice.fits:
        verdict = words["fits"].format(share=share, device=device_label, grads=_mib(memory.grad_bytes, lang))
        others = words["fits_others"]
    else:
        verdict = words["big"].format(share=share, device=device_label, state=_mib(state, lang))
        others = words["big_others"]
    return " ".join((numbers, verdict, others))


def render(memory: TrainingMemory, choice: Pick, device_label: str, lang: str = "en") -> str:
    words = TEXT[lang]
    out = [words["title"], "", words["intro"], ""]
    for number, key in enumerate(PATTERNS, start=1):
        title, body = SECTIONS[lang][key]
        out += [f"## {number}. {key}: {title}", "", body, ""]
    out += [words["pick_title"], "", pick_paragraph(memory, choice, device_label, lang), ""]
    return "\n".join(out)


@dataclass(frozen=True)
class SectionFacts:
    own_api: bool            # the section names its own pattern's API
    own_traffic: bool        # and the communication only that pattern has
    other_apis: tuple[str, ...]  # other patterns whose API it names (should be none)

    @property
    def distinct(self) -> bool:
        return self.own_api and self.own_traffic and not self.other_apis


def survey_facts(document: str) -> dict[str, SectionFacts]:
    """Per pattern, what its section of the English document names. A section missing, moved
    under another heading, or holding another pattern's text fails `distinct`."""
    sections = {m.group(1): m.group(2) for m in
                re.finditer(r"^## \d+\. (\w+):.*?\n(.*?)(?=^## |\Z)", document, re.M | re.S)}
    facts = {}
    for key in PATTERNS:
        body = " ".join(sections.get(key, "").split())
        others = tuple(k for k in PATTERNS if k != key and APIS[k] in body)
        facts[key] = SectionFacts(own_api=APIS[key] in body, own_traffic=TRAFFIC[key] in body, other_apis=others)
    return facts
