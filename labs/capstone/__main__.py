from labs.common.harness import main

main("capstone")
