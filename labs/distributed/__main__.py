from labs.common.harness import main

main("distributed")
