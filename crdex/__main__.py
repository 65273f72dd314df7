from crdex.cli import main

if __name__ == "__main__":  # run as ``python -m crdex``, not when imported
    main()
