"""The words of an annotation, in English and Spanish, for each language-neutral fact code.

Facts carry codes (`step:div`, `store_exp`, `in_place`); pages and documents put words on
them here, so a Spanish page shows only Spanish prose and a fact's meaning never depends on
a translation. Templates take their values with `str.format`.
"""

from __future__ import annotations

STEP = {
    "en": {"max": "max(x): the maximum along the reduced dimension",
           "sub": "x − max: shifts x so that exp cannot overflow",
           "exp": "exp(x − max)",
           "sum": "the sum of exp(x − max) along the same dimension",
           "div": "exp(x − max) / sum: the softmax itself",
           "log": "the logarithm of that sum",
           "sub_log": "(x − max) − log(sum): the log-softmax itself"},
    "es": {"max": "max(x): el máximo a lo largo de la dimensión reducida",
           "sub": "x − max: desplaza x para que exp no pueda desbordarse",
           "exp": "exp(x − max)",
           "sum": "la suma de exp(x − max) a lo largo de la misma dimensión",
           "div": "exp(x − max) / suma: el propio softmax",
           "log": "el logaritmo de esa suma",
           "sub_log": "(x − max) − log(suma): el propio log-softmax"},
}

PATTERN = {"en": {"softmax": "a softmax", "attention_softmax": "the softmax of attention scores (q·kᵀ)",
                  "log_softmax": "a log-softmax", "cross_entropy": "a cross-entropy loss (log-softmax, then the mean "
                  "negative log-likelihood)", "layer_norm": "a layer norm", "rms_norm": "an RMS norm",
                  "gelu": "a GELU", "silu": "a SiLU", "swiglu": "a SwiGLU gate (SiLU of one input times the other)"},
           "es": {"softmax": "un softmax", "attention_softmax": "el softmax de las puntuaciones de atención (q·kᵀ)",
                  "log_softmax": "un log-softmax", "cross_entropy": "una pérdida de entropía cruzada (log-softmax y "
                  "después la media de la log-verosimilitud negativa)", "layer_norm": "una normalización de capa "
                  "(layer norm)", "rms_norm": "una normalización RMS", "gelu": "una GELU", "silu": "una SiLU",
                  "swiglu": "una compuerta SwiGLU (SiLU de una entrada por la otra)"}}

FORM = {"en": {"two_pass": "the graph asks for amax, then a sum of exp", "online": "the graph asks for the max and the sum of exp as one node, prepare_softmax_online"},
        "es": {"two_pass": "el grafo pide amax y después una suma de exp", "online": "el grafo pide el máximo y la suma de exp como un solo nodo, prepare_softmax_online"}}

EXP_HOME = {
    "en": {"local_buffer": "a scratch row of each thread (one row at a time, which stays in cache), never a tensor",
           "in_place": "the kernel's own input buffer, overwritten in place and read back",
           "buffer": "an output buffer of the kernel",
           "registers": "registers only: it is never stored"},
    "es": {"local_buffer": "una fila de trabajo de cada hilo (una fila cada vez, que se queda en caché), nunca un tensor",
           "in_place": "el propio búfer de entrada del kernel, sobrescrito in situ y leído de nuevo",
           "buffer": "un búfer de salida del kernel",
           "registers": "solo registros: no se guarda nunca"},
}

REDUCTION = {"en": {"amax": "max", "amin": "min", "sum": "sum", "any": "any (is some element set)", "welford": "Welford mean and variance",
                    "prepare_softmax_online": "online max and sum of exp"},
             "es": {"amax": "máximo", "amin": "mínimo", "sum": "suma", "any": "alguno (hay algún elemento activo)", "welford": "media y varianza de Welford",
                    "prepare_softmax_online": "máximo y suma de exp en línea"}}

STYLE = {"en": {"cpp_vectorized": "C++ with OpenMP and vector loops", "cpp_scalar": "C++ with OpenMP, scalar loops",
                "cpp_pointwise": "C++ with OpenMP, no reduction", "triton_persistent": "Triton, a persistent reduction (one block holds a whole row)",
                "triton_looped": "Triton, a looped reduction (the row is read in chunks)",
                "triton_pointwise": "Triton, pointwise (no reduction)"},
         "es": {"cpp_vectorized": "C++ con OpenMP y bucles vectoriales", "cpp_scalar": "C++ con OpenMP, bucles escalares",
                "cpp_pointwise": "C++ con OpenMP, sin reducción", "triton_persistent": "Triton, una reducción persistente (un bloque contiene una fila entera)",
                "triton_looped": "Triton, una reducción en bucle (la fila se lee por trozos)",
                "triton_pointwise": "Triton, elemento a elemento (sin reducción)"}}

IN_CALL = {"en": {"argument": "passed to this kernel", "allocated": "allocated by call()",
                  "reuses": "takes over the memory of {buffer} in call()", "assigned": "assigned in call()",
                  "mentioned": "named in call()", "absent": "never appears in call(): no tensor backs it"},
           "es": {"argument": "se pasa a este kernel", "allocated": "lo reserva call()",
                  "reuses": "ocupa en call() la memoria de {buffer}", "assigned": "se asigna en call()",
                  "mentioned": "aparece en call()", "absent": "no aparece nunca en call(): ningún tensor lo respalda"}}

# Table rows: what each kind of cited line does.
ROW = {
    "en": {"load": "reads what x is computed from ({where})", "load_other": "reads {where}",
           "load_back": "reads back what line {source} wrote ({where})",
           "store": "writes the output, node {node} ({where})", "store_exp": "writes exp(x − max) to {home}",
           "store_step": "writes the row's {step}, one number per row ({where})",
           "store_total": "writes one number for the whole batch, a {what} ({where})", "store_other": "writes {what} ({where})",
           "reduction": "{kind} reduction", "call": "launches the kernel", "alloc": "allocates {buffer}",
           "generic_load": "reads {where}", "generic_store": "writes {what} ({where})"},
    "es": {"load": "lee un dato del que se calcula x ({where})", "load_other": "lee {where}",
           "load_back": "vuelve a leer lo que escribió la línea {source} ({where})",
           "store": "escribe la salida, nodo {node} ({where})", "store_exp": "escribe exp(x − max) en {home}",
           "store_step": "escribe {step} de la fila, un número por fila ({where})",
           "store_total": "escribe un solo número para todo el lote, {what} ({where})", "store_other": "escribe {what} ({where})",
           "reduction": "reducción: {kind}", "call": "lanza el kernel", "alloc": "reserva {buffer}",
           "generic_load": "lee {where}", "generic_store": "escribe {what} ({where})"},
}

ROW_STEP = {"en": "{text} (node {nodes})", "es": "{text} (nodo {nodes})"}
SCRATCH = {"en": "a scratch row", "es": "una fila de trabajo"}

# Why a fact is not stated (facts.KernelFacts.unknown holds the codes, "code:count").
UNKNOWN = {
    "en": {"no_nodes": "which graph nodes this kernel runs: the dump has no provenance mapping and no graph fragment comment",
           "no_ir": "which buffers the scheduler planned: the dump has no ir_post_fusion.txt",
           "no_graph": "what the kernel computes: the dump has no post-grad graph (post_grad_graph.json or fx_graph_transformed.py)",
           "no_pattern_without_nodes": "what the kernel computes: without knowing which graph nodes it runs, no pattern is claimed",
           "several_outputs": "{count} pattern outputs run in this kernel; only the first is described",
           "steps_found": "the lines of each step: the kernel's dataflow shows {count} such computations where the graph has one, so no line is claimed",
           "steps_without_nodes": "which graph node is each step: the graph computes the pattern in another spelling (a scale, a guard, max().values, exp2), recognised by meaning",
           "pattern_from_fragment": "the whole graph: what the kernel computes was read from its own graph fragment comment (the dump has no post-grad graph), which can show a pattern but not prove there is none"},
    "es": {"no_nodes": "qué nodos del grafo ejecuta este kernel: el volcado no tiene mapa de procedencia ni comentario con el fragmento del grafo",
           "no_ir": "qué búferes planificó el planificador: el volcado no tiene ir_post_fusion.txt",
           "no_graph": "qué calcula el kernel: el volcado no tiene el grafo post-grad (post_grad_graph.json o fx_graph_transformed.py)",
           "no_pattern_without_nodes": "qué calcula el kernel: sin saber qué nodos del grafo ejecuta, no se afirma ningún patrón",
           "several_outputs": "en este kernel se ejecutan {count} salidas de un patrón; solo se describe la primera",
           "steps_found": "las líneas de cada paso: el flujo de datos del kernel muestra {count} cálculos así donde el grafo tiene uno, de modo que no se afirma ninguna línea",
           "steps_without_nodes": "qué nodo del grafo es cada paso: el grafo calcula el patrón escrito de otra forma (una escala, una guarda, max().values, exp2), reconocido por su significado",
           "pattern_from_fragment": "el grafo entero: qué calcula el kernel se leyó de su propio comentario con el fragmento del grafo (el volcado no tiene grafo post-grad), que puede mostrar un patrón pero no probar que no lo hay"},
}

STEP_NOUN = {"en": {"max": "max", "sum": "sum"}, "es": {"max": "el máximo", "sum": "la suma"}}
COPY = {"en": "a copy of what it read", "es": "una copia de lo que leyó"}
