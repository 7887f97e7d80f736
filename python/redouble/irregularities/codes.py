"""Choosing a law set's code of irregularity laws, and the rule it gives an irregularity."""

from __future__ import annotations

from ..laws import LawSet
from ..laws import get as get_law_set
from .auction_1912 import _auction_1912
from .bridge_1906 import _bridge_1906
from .catalogue import Irregularity, IrregularityCode, Rule
from .contract import _contract

_CODES: dict[str, IrregularityCode] = {}


def code_for(law_set: LawSet | str) -> IrregularityCode:
    """The irregularity laws of a law set: the code its ``irregularity_code`` names.

    Auction Bridge (1912), Bridge (1906-07 and its variants), or modern contract bridge.

    Raises:
        LawSetError: unknown law set.
    """
    law = get_law_set(law_set)
    if not _CODES:
        _CODES.update(auction_1912=_auction_1912(), bridge=_bridge_1906(), contract=_contract())
    return _CODES[law.irregularity_code]


def rule_for(law_set: LawSet | str, kind: Irregularity) -> Rule:
    """What `law_set`'s code says about `kind`: law, claimant, options, deadline.

    Raises:
        IrregularityError: the code has no law on it.
        LawSetError: unknown law set.
    """
    return code_for(law_set).rule(kind)
