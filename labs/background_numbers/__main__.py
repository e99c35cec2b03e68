from labs.common.harness import main

main("background_numbers")
