"""The words of COMPILE_LOG.md, one table per language, with the same keys (tested).

`compile_log` fills them with the run's numbers, formatted for the language.
"""

from __future__ import annotations

from typing import Any

from labs.compile_compare import compile_phases

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "title": "# COMPILE_LOG: torch.compile on the MiniGPT training loop",
        "device": "Device: {device} ({name}); torch {torch}; preset `{preset}`. Written by "
                  "`python -m labs.compile_compare`: every number below is from that run.",
        "busy": "**Read the step times with care:** other programs kept {others} threads running on "
                "average, on {cores}, while the lab measured. Compiled CPU kernels, which run "
                "every kernel in parallel over all cores, slow down far more under contention than "
                "eager's small single-threaded operations.",
        "method": "How it was measured: every compile time below comes from an empty (cold) cache, "
                  "except the restarted process of section 1, which is about the warm one; every "
                  "comparison changes one thing and times its two sides in alternating rounds; "
                  "step times are medians, with quartiles and the number of steps timed. Two medians are "
                  "called the same within the noise when each lies inside the other's quartiles, and the "
                  "same by the course's {band} band when they lie less than {pct} apart (the changed "
                  "step's time against the baseline's) although they do not each lie inside the other's "
                  "quartiles.",
        "overall": "Over the whole run: {sentence}.",
        "missing": "_Part `{key}` {status}: {reason}._",
        "did_not_run": "did not run", "no_result": "no result",
        "status": {"skipped": "skipped", "failed": "failed"},
        "needs_cuda": "needs a CUDA device; this run used {device}",
        "s1": "## 1. First step: what compiling costs",
        "first_header": ["", "eager", "compiled, cold cache", "compiled, warm cache (new process)"],
        "first_row": "first step",
        "first_ratio": "The compiled first step took {ratio} as long as eager's. Where the cold compile's "
                       "time went, from Dynamo's compilation records (the phases are nested timers, "
                       "taken apart so that none is counted twice):",
        "phase_header": ["phase", "what happens", "cold", "share", "warm"],
        "phase_meaning": dict(compile_phases.PHASES) | {"rest": "running the step, guards, everything else"},
        "toolchain": "Not in these numbers: the process's first compile of anything (a one-line function, "
                     "compiled before the timings) took {toolchain}: importing Inductor, starting its "
                     "compile workers{header}. Every process that compiles pays it once.",
        "isa": " Before it, and apart, Inductor's search for the vector instruction sets its C++ kernels may "
               "use took {seconds} ({built}); it chose {chosen}.",
        "isa_built": "{programs} built now: this machine's first search for this torch",
        "isa_found": "its test programs already built by an earlier process on this machine, loaded again",
        "warm_isa": ", {seconds} for the vector-instruction search",
        "header_built": ", and building Inductor's precompiled C++ header (once per machine and temp folder)",
        "warm": "A new process pointed at the same `TORCHINDUCTOR_CACHE_DIR` (a warm cache, on purpose) "
                "took {warm} for its first step ({saved} less; {aot} AOTAutograd and {fx} FX-graph cache "
                "hits). Dynamo still traced the bytecode ({dynamo}): the cache keeps compiled graphs, not "
                "the guarded frames of a process. Before that step the restart cost {startup} of imports "
                "and setup{isa} and {toolchain} for its own first compile of anything; {process} from launch "
                "to the end of the first step.",
        "s2": "## 2. Steady state",
        "ab_header": ["variant", "clock", "median", "quartiles", "steps timed", "first step"],
        "clock": {"latency": "latency", "device": "device time",
                  "device_queued": "device time (queued calls, launch gaps included)"},
        "steady_verdict": "Compiled against eager: {sentence}.",
        "tokens": "Tokens per second (latency): eager {eager}, compiled {compiled}.",
        "pays": {"never": "{what} never pays off on {clock}: it is not measurably faster per step.",
                 "immediately": "{what} pays off from the first step on {clock}: it costs no more up front "
                                "and runs faster.",
                 "after": "{what} pays off after {steps} steps on {clock}.",
                 "unplaced": "{what} runs faster on {clock}, but its first step lies within the noise of a cold "
                             "compile of the baseline's: when it pays off is not established."},
        "compiling": "Compiling (against eager)",
        "s3": "## 3. Recompilations",
        "sequence": "One compiled training step met these (batch × length) shapes in order: {sequence}. "
                    "Dynamo's recompile limit per function is {limit}. Each policy compiled its own copy "
                    "of the loss function (its own cache entries and recompile count) against its own "
                    "empty cache, with Dynamo's `recompiles` log switched on only while the shapes ran. "
                    "The study uses a MiniGPT of {layers}, same width and block size.",
        "policy_header": ["policy", "meaning", "predicted", "recompiles", "graphs", "compile time"],
        "policy_meaning": {
            "static": "`dynamic=False`: every new shape is a new static graph",
            "automatic": "`dynamic=None` (the default): static first, then the sizes that changed become symbolic",
            "dynamic": "`dynamic=True`: symbolic sizes from the first compile",
            "mark_dynamic": "`mark_dynamic` on the batch, `maybe_mark_dynamic` on the length: symbolic "
                            "from the first compile where the model allows it"},
        "policies": "Across the policies: {sentence}.",
        "why": "Why each recompilation happened (the guard that failed, from the log):",
        "call": "- {policy}, call {n} ({shape}): {reason}{graph}",
        "graph": " → graph input idx {shape}",
        "no_recompile": "- {policy}: no recompilation",
        "specialized": "With `dynamic=True` the first graph's `idx` was {shape}: {why}.",
        "length_fixed": "a length equal to the block size is compiled as a constant, because MiniGPT slices "
                        "its causal mask with `[:T, :T]` and the full-buffer case differs from a shorter one",
        "batch_fixed": "the batch equalled that length, and duck sizing gives equal sizes one symbol, so the "
                       "batch was specialized with it",
        "mark_raised": "A hard `torch._dynamo.mark_dynamic(idx, 1)` on that length raised: `{error}`. The "
                       "`mark_dynamic` policy therefore marks the length with `maybe_mark_dynamic`, a hint "
                       "Dynamo may overrule.",
        "mark_ok": "A hard `torch._dynamo.mark_dynamic(idx, 1)` on the length was accepted in this run.",
        "symbolic": "What symbolic sizes cost per step, measured at {shape} with `dynamic=True`'s graph "
                    "(`idx` {dyn}) against `dynamic=False`'s (`idx` {static}), interleaved: the symbolic "
                    "step was {sentence}.",
        "automatic_yes": "With the default (`automatic`), the recompilation after a size changed produced a "
                         "graph with symbolic sizes (`sN`): automatic dynamic shapes. Later sizes along those "
                         "dimensions reuse it.",
        "automatic_no": "With the default (`automatic`), no recompiled graph had symbolic sizes in this run.",
        "s4": "## 4. Compile modes",
        "autotune_title": "### {mode} against default",
        "graphs_title": "### reduce-overhead (CUDA graphs) against default",
        "bounds": "The search was bounded: {bounds}. The implementations of {products} were benchmarked.",
        "mode_verdict": "{what}'s first step cost {extra} {more} than default's, and its steps were {sentence}.",
        "more": "more", "less": "less",
        "s5": "## 5. Graph breaks: triage",
        "explain": "`torch._dynamo.explain` on `loss_with_breaks` (step_variants.py): {graphs}, {breaks}. "
                   "On `loss_without_breaks`: {fgraphs}, {fbreaks}.",
        "break_title": "### Break {n}: {kind} ({file}:{line})",
        "code": "- Code: `{code}`", "cause": "- Cause (Dynamo): {reason}", "fix": "- Fix: {fix}",
        "effect": "### Effect",
        "effect_note": "Both steps on a MiniGPT of {layers}, each compiled against an empty cache, "
                       "warmed up past the recompile limit, then timed interleaved:",
        "breaks_verdict": "The fixed step against the step with breaks: {sentence}. Both compute the same loss "
                          "(|difference| {diff}).",
        "raised": "`fullgraph=True` on the step with breaks raised `{error}`: \"{message}\".",
        "not_raised": "`fullgraph=True` on the step with breaks did not raise (unexpected).",
        "accepted": "It compiled the fixed step without complaint.",
        "also_raised": "It also raised on the fixed step: {message}",
        "recompiled": "While it warmed up, the step with breaks also recompiled {n} {times} (the first on the "
                      "guard `{guard}`): the `.item()` value reaches the code after the break as a Python "
                      "float, a resumed frame that receives it guards on its exact value, and every step "
                      "brings a new value. Dynamo counts recompilations per frame, each frame against its own "
                      "limit ({limit}); a frame that reaches it is no longer compiled and runs eagerly (the "
                      "log reports that last, refused attempt too). By frame: {frames}.",
        "frame_count": "`{function}` ({location}): {n}",
        "times": ("time", "times"),
        "hits": ("hit", "hits"),
        # counted nouns, (one, more): "1 block", "2 blocks"
        "blocks": ("block", "blocks"), "graphs": ("graph", "graphs"), "breaks": ("break", "breaks"),
        "products": ("matrix product", "matrix products"), "programs": ("test program", "test programs"),
        "cores": ("core", "cores"),
        "variant": {},
        "s6": "## 6. Warm-up procedure for a job that compiles",
        "w_cache": "Keep `TORCHINDUCTOR_CACHE_DIR` on storage that survives restarts (and ship it with the "
                   "job image when the machine is new){result}",
        "w_cache_result": ": here it turned a {cold} first step into {warm}.",
        "w_shapes_maybe": "Run one step per input shape the job will see before taking real traffic or starting "
                          "the clock. Where shapes vary, mark the varying dimensions: `torch._dynamo.mark_dynamic` "
                          "where the model keeps them symbolic (here the batch), and `torch._dynamo."
                          "maybe_mark_dynamic` where it may specialize them: in this run a hard `mark_dynamic` "
                          "on the length raised `{error}`.",
        "w_shapes_mark": "Run one step per input shape the job will see before taking real traffic or starting "
                         "the clock; where shapes vary, mark the varying dimensions with "
                         "`torch._dynamo.mark_dynamic` (accepted for the length in this run) so they compile once.",
        "w_best": " Of the policies measured here, `{policy}` compiled in the least time.",
        "w_fewest": " Of the policies measured here, `{policy}` recompiled least ({n}); their compile times lay "
                    "within the {noise} by which one cold compile can vary, so none compiled measurably faster.",
        "w_fullgraph": "Compile with `fullgraph=True` in CI: a new graph break then fails a test instead of "
                       "silently splitting the step.",
        "w_logs": "Run once per release with `TORCH_LOGS=\"recompiles\"` (or `torch._logging.set_logs("
                  "recompiles=True)`) and read every guard that fails; switch it off again before timing "
                  "anything.",
    },
    "es": {
        "title": "# COMPILE_LOG: torch.compile en el bucle de entrenamiento del MiniGPT",
        "device": "Dispositivo: {device} ({name}); torch {torch}; preajuste `{preset}`. Escrito por "
                  "`python -m labs.compile_compare`: cada número que sigue sale de esa ejecución.",
        "busy": "**Lee con cuidado los tiempos por paso:** otros programas mantuvieron de media {others} "
                "hilos en ejecución, en {cores}, mientras el laboratorio medía. Los kernels de CPU "
                "compilados, que ejecutan cada kernel en paralelo sobre todos los núcleos, se frenan mucho "
                "más con competencia que las operaciones pequeñas de eager, de un solo hilo.",
        "method": "Cómo se midió: cada tiempo de compilación sale de una caché vacía (fría), salvo el proceso "
                  "reiniciado de la sección 1, que trata precisamente de la caché caliente; cada comparación "
                  "cambia una sola cosa y mide sus dos lados en rondas alternas; los tiempos por paso son "
                  "medianas, con cuartiles y el número de pasos medidos. Dos medianas son iguales dentro "
                  "del ruido cuando cada una cae dentro de los cuartiles de la otra, e iguales según la "
                  "banda del {band} del curso cuando distan menos de un {pct} (el tiempo del paso con el "
                  "cambio frente al de la referencia) aunque no caiga cada una dentro de los cuartiles de "
                  "la otra.",
        "overall": "En toda la ejecución: {sentence}.",
        "missing": "_La parte `{key}` {status}: {reason}._",
        "did_not_run": "no se ejecutó", "no_result": "sin resultado",
        "status": {"skipped": "se omitió", "failed": "falló"},
        "needs_cuda": "necesita un dispositivo CUDA; esta ejecución usó {device}",
        "s1": "## 1. Primer paso: lo que cuesta compilar",
        "first_header": ["", "eager", "compilado, caché fría", "compilado, caché caliente (proceso nuevo)"],
        "first_row": "primer paso",
        "first_ratio": "El primer paso compilado tardó {ratio} lo que el de eager. En qué se fue el tiempo de "
                       "la compilación en frío, según los registros de compilación de Dynamo (las fases son "
                       "temporizadores anidados, separados para no contar ninguno dos veces):",
        "phase_header": ["fase", "qué ocurre", "en frío", "parte", "en caliente"],
        "phase_meaning": {
            "dynamo": "Dynamo: bytecode de Python a un grafo FX, más las guardas",
            "aot_autograd": "AOTAutograd: grafo conjunto forward-backward, partición (o lectura de caché)",
            "inductor": "Inductor: bajada, fusión, planificación, generación de código",
            "kernel_compile": "espera al compilador de kernels (g++ en CPU, Triton en GPU)",
            "rest": "ejecutar el paso, las guardas, todo lo demás"},
        "toolchain": "Fuera de estas cifras: la primera compilación de cualquier cosa en el proceso (una "
                     "función de una línea, compilada antes de medir) tardó {toolchain}: importar Inductor, "
                     "arrancar sus procesos de compilación{header}. Todo proceso que compila la paga una vez.",
        "isa": " Antes, y aparte, la búsqueda de Inductor de los conjuntos de instrucciones vectoriales que "
               "pueden usar sus kernels C++ tardó {seconds} ({built}); eligió {chosen}.",
        "isa_built": "construyó ahora {programs}: la primera búsqueda de esta máquina para "
                     "este torch",
        "isa_found": "sus programas de prueba ya los había construido otro proceso en esta máquina; solo los "
                     "volvió a cargar",
        "warm_isa": ", {seconds} de la búsqueda de instrucciones vectoriales",
        "header_built": " y construir la cabecera C++ precompilada de Inductor (una vez por máquina y carpeta "
                        "temporal)",
        "warm": "Un proceso nuevo apuntado al mismo `TORCHINDUCTOR_CACHE_DIR` (una caché caliente, a propósito) "
                "tardó {warm} en su primer paso ({saved} menos; {aot_hits} en la caché de AOTAutograd y "
                "{fx} en la de grafos FX). Dynamo volvió a trazar el bytecode ({dynamo}): la caché guarda "
                "grafos compilados, no los marcos (frames) con guardas de un proceso. Antes de ese paso, el "
                "reinicio costó {startup} de importaciones y preparación{isa} y {toolchain} de su propia primera "
                "compilación; {process} desde el arranque hasta el final del primer paso.",
        "s2": "## 2. Régimen estacionario",
        "ab_header": ["variante", "reloj", "mediana", "cuartiles", "pasos medidos", "primer paso"],
        "clock": {"latency": "latencia", "device": "tiempo de dispositivo",
                  "device_queued": "tiempo de dispositivo (llamadas encoladas, con los huecos entre lanzamientos)"},
        "steady_verdict": "Compilado frente a eager: {sentence}.",
        "tokens": "Tokens por segundo (latencia): eager {eager}, compilado {compiled}.",
        "pays": {"never": "{what} no se amortiza nunca en {clock}: no es mediblemente más rápido por paso.",
                 "immediately": "{what} se amortiza desde el primer paso en {clock}: no cuesta más al principio "
                                "y va más rápido.",
                 "after": "{what} se amortiza tras {steps} pasos en {clock}.",
                 "unplaced": "{what} va más rápido en {clock}, pero su primer paso queda dentro del ruido de una "
                             "compilación en frío del de la referencia: no queda establecido cuándo se amortiza."},
        "compiling": "Compilar (frente a eager)",
        "s3": "## 3. Recompilaciones",
        "sequence": "Un paso de entrenamiento compilado recibió estas formas (lote × longitud), en orden: "
                    "{sequence}. El límite de recompilaciones de Dynamo por función es {limit}. Cada política "
                    "compiló su propia copia de la función de pérdida (sus propias entradas de caché y su "
                    "propia cuenta de recompilaciones) con su propia caché vacía, y el log `recompiles` de "
                    "Dynamo activado solo mientras pasaban las formas. El estudio usa un MiniGPT de "
                    "{layers}, con la misma anchura y el mismo tamaño de bloque.",
        "policy_header": ["política", "significado", "previstas", "recompilaciones", "grafos", "compilación"],
        "policy_meaning": {
            "static": "`dynamic=False`: cada forma nueva es un grafo estático nuevo",
            "automatic": "`dynamic=None` (por defecto): estático al principio; luego los tamaños que cambian "
                         "pasan a ser simbólicos",
            "dynamic": "`dynamic=True`: tamaños simbólicos desde la primera compilación",
            "mark_dynamic": "`mark_dynamic` en el lote, `maybe_mark_dynamic` en la longitud: simbólicos desde "
                            "la primera compilación donde el modelo lo permite"},
        "policies": "Entre las políticas: {sentence}.",
        "why": "Por qué ocurrió cada recompilación (la guarda que falló, según el log):",
        "call": "- {policy}, llamada {n} ({shape}): {reason}{graph}",
        "graph": " → entrada idx del grafo {shape}",
        "no_recompile": "- {policy}: ninguna recompilación",
        "specialized": "Con `dynamic=True`, el `idx` del primer grafo fue {shape}: {why}.",
        "length_fixed": "una longitud igual al tamaño de bloque se compila como constante, porque MiniGPT corta "
                        "su máscara causal con `[:T, :T]` y el caso del búfer completo difiere de uno más corto",
        "batch_fixed": "el lote era igual a esa longitud, y el duck sizing da un solo símbolo a tamaños iguales, "
                       "así que el lote se especializó con ella",
        "mark_raised": "Un `torch._dynamo.mark_dynamic(idx, 1)` estricto sobre esa longitud lanzó: `{error}`. "
                       "Por eso la política `mark_dynamic` marca la longitud con `maybe_mark_dynamic`, una "
                       "sugerencia que Dynamo puede descartar.",
        "mark_ok": "Un `torch._dynamo.mark_dynamic(idx, 1)` estricto sobre la longitud se aceptó en esta ejecución.",
        "symbolic": "Lo que cuestan los tamaños simbólicos por paso, medido en {shape} con el grafo de "
                    "`dynamic=True` (`idx` {dyn}) frente al de `dynamic=False` (`idx` {static}), de forma "
                    "intercalada: el paso simbólico fue {sentence}.",
        "automatic_yes": "Con la política por defecto (`automatic`), la recompilación tras cambiar un tamaño "
                         "produjo un grafo con tamaños simbólicos (`sN`): formas dinámicas automáticas. Los "
                         "tamaños posteriores en esas dimensiones lo reutilizan.",
        "automatic_no": "Con la política por defecto (`automatic`), ningún grafo recompilado tuvo tamaños "
                        "simbólicos en esta ejecución.",
        "s4": "## 4. Modos de compilación",
        "autotune_title": "### {mode} frente a default",
        "graphs_title": "### reduce-overhead (CUDA graphs) frente a default",
        "bounds": "La búsqueda se acotó: {bounds}. Se midieron las implementaciones de {products}.",
        "mode_verdict": "El primer paso de {what} costó {extra} {more} que el de default, y sus pasos fueron "
                        "{sentence}.",
        "more": "más", "less": "menos",
        "s5": "## 5. Rupturas de grafo: clasificación",
        "explain": "`torch._dynamo.explain` sobre `loss_with_breaks` (step_variants.py): {graphs}, {breaks}. "
                   "Sobre `loss_without_breaks`: {fgraphs}, {fbreaks}.",
        "break_title": "### Ruptura {n}: {kind} ({file}:{line})",
        "code": "- Código: `{code}`", "cause": "- Causa (Dynamo): {reason}", "fix": "- Corrección: {fix}",
        "effect": "### Efecto",
        "effect_note": "Los dos pasos sobre un MiniGPT de {layers}, cada uno compilado con una caché "
                       "vacía, calentados hasta pasar el límite de recompilación y medidos después de forma "
                       "intercalada:",
        "breaks_verdict": "El paso corregido frente al paso con rupturas: {sentence}. Los dos calculan la misma "
                          "pérdida (|diferencia| {diff}).",
        "raised": "`fullgraph=True` sobre el paso con rupturas lanzó `{error}`: \"{message}\".",
        "not_raised": "`fullgraph=True` sobre el paso con rupturas no lanzó nada (inesperado).",
        "accepted": "Compiló el paso corregido sin quejarse.",
        "also_raised": "También lanzó sobre el paso corregido: {message}",
        "recompiled": "Durante el calentamiento, el paso con rupturas recompiló además {n} {times} (la primera "
                      "por la guarda `{guard}`): el valor de `.item()` llega al código tras la ruptura como un "
                      "float de Python, un marco (frame) reanudado que lo recibe pone una guarda sobre su valor "
                      "exacto y cada paso trae un valor nuevo. Dynamo cuenta las recompilaciones por marco, "
                      "cada uno con su propio límite ({limit}); un marco que lo alcanza deja de compilarse y se "
                      "ejecuta en eager (el log informa también de ese último intento, el rechazado). Por "
                      "marco: {frames}.",
        "frame_count": "`{function}` ({location}): {n}",
        "times": ("vez", "veces"),
        "hits": ("acierto", "aciertos"),
        "blocks": ("bloque", "bloques"), "graphs": ("grafo", "grafos"), "breaks": ("ruptura", "rupturas"),
        "products": ("producto de matrices", "productos de matrices"),
        "programs": ("programa de prueba", "programas de prueba"), "cores": ("núcleo", "núcleos"),
        # the variants' names in the tables; code names (`default`, eager) stay as they are
        "variant": {"compiled": "compilado", "default": "`default`", "tuned": "ajustado",
                    "graphed": "con CUDA graphs", "broken": "con rupturas", "fixed": "corregido",
                    "static": "estático", "symbolic": "simbólico"},
        "s6": "## 6. Procedimiento de calentamiento para un trabajo que compila",
        "w_cache": "Mantén `TORCHINDUCTOR_CACHE_DIR` en un almacenamiento que sobreviva a los reinicios (y "
                   "distribúyelo con la imagen del trabajo cuando la máquina sea nueva){result}",
        "w_cache_result": ": aquí convirtió un primer paso de {cold} en uno de {warm}.",
        "w_shapes_maybe": "Ejecuta un paso por cada forma de entrada que verá el trabajo antes de aceptar tráfico "
                          "real o de poner en marcha el reloj. Donde las formas varían, marca las dimensiones "
                          "que cambian: `torch._dynamo.mark_dynamic` donde el modelo las mantiene simbólicas "
                          "(aquí el lote) y `torch._dynamo.maybe_mark_dynamic` donde puede especializarlas: en "
                          "esta ejecución, un `mark_dynamic` estricto sobre la longitud lanzó `{error}`.",
        "w_shapes_mark": "Ejecuta un paso por cada forma de entrada que verá el trabajo antes de aceptar tráfico "
                         "real o de poner en marcha el reloj; donde las formas varían, marca las dimensiones que "
                         "cambian con `torch._dynamo.mark_dynamic` (aceptado para la longitud en esta ejecución) "
                         "para que se compilen una sola vez.",
        "w_best": " De las políticas medidas aquí, `{policy}` fue la que menos tardó en compilar.",
        "w_fewest": " De las políticas medidas aquí, `{policy}` fue la que menos recompiló ({n}); sus tiempos de "
                    "compilación quedaron dentro del {noise} que puede variar una compilación en frío, así que "
                    "ninguna compiló de forma medible más rápido.",
        "w_fullgraph": "Compila con `fullgraph=True` en la integración continua: una ruptura de grafo nueva hace "
                       "fallar una prueba en lugar de partir el paso en silencio.",
        "w_logs": "Ejecuta una vez por versión con `TORCH_LOGS=\"recompiles\"` (o `torch._logging.set_logs("
                  "recompiles=True)`) y lee cada guarda que falle; desactívalo de nuevo antes de medir nada.",
    },
}
