from labs.common.harness import main

main("toy_orphan")
