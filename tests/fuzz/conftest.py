"""Fuzzing settings: a quick default run in the suite, a longer one selected by an environment
variable in CI.

``REDOUBLE_FUZZ_EXAMPLES=N`` (e.g. 2000) loads the "redouble-fuzz" hypothesis profile: N
examples per fuzz test and no per-example deadline. Without it hypothesis's defaults apply, so
the fuzz tests cost the ordinary suite a few seconds.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_examples = os.environ.get("REDOUBLE_FUZZ_EXAMPLES")
if _examples:
    settings.register_profile(
        "redouble-fuzz",
        max_examples=int(_examples),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        print_blob=True,
    )
    settings.load_profile("redouble-fuzz")
