"""The rule table of modern contract bridge: the revoke only (its other laws are not modelled)."""

from __future__ import annotations

from .catalogue import (
    Claimant,
    Irregularity,
    IrregularityCode,
    Rule,
)
from .rule_tables import (
    _WAIVE,
    _o,
)


def _contract() -> IrregularityCode:
    law = "Laws of Duplicate Bridge 2017, Law 64"
    r = [
        Rule(
            Irregularity.REVOKE,
            "Laws of Duplicate Bridge 2017, Law 62",
            Claimant.OFFENDER,
            (_o("correct", "correct the revoke", "Law 62"),),
            deadline="before the revoke is established (Law 63)",
            blocking=False,
        ),
        Rule(
            Irregularity.REVOKE_CLAIM,
            law,
            Claimant.ADVERSARIES,
            (
                _o("tricks", "transfer one or two tricks (Law 64A)", law),
                _o(_WAIVE, "do not claim the revoke", law),
            ),
            deadline="before the end of the correction period (Law 64B)",
            blocking=False,
        ),
        Rule(
            Irregularity.DUMMY_REVOKE,
            "Laws of Duplicate Bridge 2017, Law 64B3",
            Claimant.NONE,
            (_o("correct", "correct dummy's card", "Law 62"),),
            blocking=False,
            note="no trick transfer for a revoke by dummy",
        ),
    ]
    return IrregularityCode(
        name="contract",
        rules={x.kind: x for x in r},
        consultation_forfeits=False,
        wrong_penalty_forfeits=False,
    )
