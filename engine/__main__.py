"""`python -m engine <command> ...`: developer tools over the match contract."""

from __future__ import annotations

import sys

from engine.cli import main

if __name__ == "__main__":
    sys.exit(main())
