"""Facts about the kernels Inductor generates, stated from its own files and checked by a second route.

`recorder.capturing` records a compile, `facts.analyze` turns its debug folder into `GraphFacts`
(one `KernelFacts` per kernel: lines, loads, stores, reductions, traffic, the pattern fused),
`checks.verify` recomputes each fact another way, and `render`/`document` put them in words in
either language. README.md in this folder is the map.
"""
