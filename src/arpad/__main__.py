"""``python -m arpad``: the same command line as ``arpad``."""

from arpad.cli import main

if __name__ == "__main__":
    main()
