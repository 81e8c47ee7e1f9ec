"""``python -m engine``: the command line (:mod:`engine.presentation.cli`)."""

import sys

from engine.presentation.cli import main

if __name__ == "__main__":
    sys.exit(main())
