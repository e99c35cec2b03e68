from labs.common.harness import main

main("lab03_compile")
