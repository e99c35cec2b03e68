from labs.common.harness import main

main("compile_compare")
