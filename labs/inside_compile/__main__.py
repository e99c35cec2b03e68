from labs.common.harness import main

main("inside_compile")
