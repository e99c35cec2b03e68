from labs.common.harness import main

main("inductor_kernels")
