from labs.common.harness import main

main("kernel_history")
