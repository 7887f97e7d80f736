"""Irregular declaring (``strict=False``): calls out of turn, insufficient and impossible bids."""

from __future__ import annotations

from .._check import as_card
from ..auction import Call
from ..cards import Card, Seat
from ..errors import IllegalCallError, IllegalPlayError
from ..irregularities.rulings import (
    judge_call,
    judge_call_attention,
    judge_correct_call,
    judge_lead_while_declaring,
)
from .reports import _Reports


class _LenientDeclaring(_Reports):
    """The declaring of a lenient game, irregularities included (internal)."""

    # -- declaring -----------------------------------------------------------------------------------
    def _lenient_call(self, call: Call | str, seat: Seat | None) -> None:
        self._check_free()
        d = self._declaring
        s = seat if seat is not None else d.to_call
        if s is None:
            raise IllegalCallError("declaring is over")
        # The referee rules the call, the consents asked (B56, B60) included.
        self._apply_outcome(judge_call(self._view(), call, s))

    def correct_call(self, call: Call | str, *, seat: Seat | int | str | None = None) -> None:
        """Correct an inadvertent declaration before the next player acts, without penalty
        (Auction Bridge (1912), Law 52): "Two Diamonds — I mean, three Diamonds".

        An insufficient or impossible declaration opens its Law 50 ruling at once, but until an
        adversary acts on it (decides the ruling) or calls attention to it
        (:meth:`call_attention`) its maker may still correct it for free: the ruling is
        withdrawn and his partner is not barred. Once attention is called, the correction is
        the Law 50 penalty, not a free one (Law 52 as Case 2 reads it). In Bridge a
        declaration once made cannot be altered (Bridge (Elwell, 1906), Law 49).

        Raises:
            GameError: strict game, not the declaring phase, or another decision pending.
            IrregularityError: the correction is not allowed; nothing changes.
            IllegalCallError: the new call is not legal.
        """
        self._need_lenient("correct_call")
        self._apply_outcome(judge_correct_call(self._view(), call, seat))

    def call_attention(self, *, seat: Seat | int | str, ruling: int | None = None) -> None:
        """An adversary calls attention to an insufficient or impossible declaration.

        Auction Bridge (1912), Law 52 lets an inadvertent declaration be corrected without
        penalty before the next player acts; Case 2 reads into it "or either adversary calls
        attention to the insufficient declaration". From this act on, the declaration's Law 50
        ruling (by default the one open) can only be decided: :meth:`correct_call` refuses the
        free correction. `seat` is the adversary who speaks (one of the ruling's claimants).

        Raises:
            GameError: strict game, or not the declaring phase.
            IrregularityError: no such open ruling on an insufficient or impossible
                declaration, `seat` is not an adversary of its maker, or attention was already
                called to it; nothing changes.
        """
        self._need_lenient("call_attention")
        who = Seat.of(seat)
        self._apply_outcome(judge_call_attention(self._view(), who, ruling))

    def _lead_while_declaring(self, card: Card | str | int, seat: Seat | None) -> None:
        """A card led before the declaring is over: Auction Bridge (1912), Law 65 (an
        exposed card); Bridge (Elwell, 1906), Laws 56, 60 (a lead before the doubling is
        over)."""
        self._check_free()
        led = as_card(card)
        if seat is None:
            raise IllegalPlayError("no card is due: name the seat that led")
        if not self._deal[seat].mask >> int(led) & 1:
            raise IllegalPlayError(f"{seat.name.title()} does not hold {led}")
        outcome = judge_lead_while_declaring(self._view(), seat, led)
        if outcome is None:  # an auction: the card led is an exposed card (A65)
            self.expose(led, seat=seat)
            return
        self._apply_outcome(outcome)
