"""``python -m redouble``: the command line (see :mod:`redouble.cli`)."""

from __future__ import annotations

import sys

from .cli import main

sys.exit(main())
