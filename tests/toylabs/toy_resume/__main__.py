from labs.common.harness import main

main("toy_resume")
