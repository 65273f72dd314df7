from crdex.cli import main

main()
