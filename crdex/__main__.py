from crdex.cli import main

if __name__ == "__main__":  # not when a worker process is started by importing this module
    main()
