from labs.capstone.mlopt.cli import main

main()
