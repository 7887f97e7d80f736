"""Irregular declaring (``strict=False``): calls out of turn, insufficient and impossible bids."""

from __future__ import annotations

from ..auction import Auction, BridgeDeclaration, Call
from ..cards import Card, Seat
from ..errors import GameError, IllegalCallError, IllegalPlayError
from ..irregularities import (
    Irregularity,
    IrregularityError,
    Ruling,
)
from ..irregularities.referee import parse_card as _parse_card
from ..irregularities.rulings import judge_call, judge_lead_while_declaring
from .events import Event, Phase
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
        # The referee rules the call; the consents asked (B56, B60) are the game's record.
        self._apply_outcome(judge_call(self._view(), call, s, self._consent_missing(s)))

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
        if self._phase is not Phase.DECLARE:
            raise GameError("no declaration can be corrected now")
        declaring = self._declaring
        law52 = self._code.rules.get(Irregularity.DECLARATION_CORRECTED)
        if law52 is None:  # Bridge has no Law 52: its codes have no such rule
            raise IrregularityError(
                "a declaration once made cannot be altered [Bridge (Elwell, 1906), Law 49]"
            )
        slips = [
            open_ruling
            for open_ruling in self._open.values()
            if open_ruling.kind
            in (Irregularity.INSUFFICIENT_DECLARATION, Irregularity.IMPOSSIBLE_DECLARATION)
        ]
        if slips:
            self._correct_slip(declaring, slips[-1], call, seat)
            return
        calls = declaring.calls
        if not calls:
            raise IrregularityError("there is no declaration to correct")
        last = declaring.dealer.next(len(calls) - 1)
        if seat is not None and Seat.of(seat) != last:
            raise IrregularityError(
                "only the last declaration, before the next player acts, may be corrected "
                "[Auction Bridge (1912), Law 52]"
            )
        if self._last_call_applied():
            raise IrregularityError(
                "that declaration was made under a ruling (the Law 50 penalty or its "
                "condonation): it is not an inadvertent one to correct "
                "[Auction Bridge (1912), Law 52, Case 2]"
            )
        trial = declaring.copy()
        trial.undo()
        new = Call.parse(call, self._law)
        why = trial.why_illegal(new)
        if why is not None:
            raise IllegalCallError(why)
        self._check_free()
        self._log.append(Event("correct_call", last, {"call": str(new)}))
        declaring.undo()
        declaring.call(new)
        self._raise(
            Irregularity.DECLARATION_CORRECTED, last, data={"from": str(calls[-1]), "to": str(new)}
        )
        self._after_call()

    def _last_call_applied(self) -> bool:
        """Whether the last declaration was made by a decision's rectification (internal)."""
        for e in reversed(self._log):
            if e.kind == "correct_call":
                return False
            if e.kind == "call" and not e.data.get("compulsory"):
                return bool(e.data.get("applied"))
        return False

    def _correct_slip(
        self,
        declaring: Auction | BridgeDeclaration,
        open_ruling: Ruling,
        call: Call | str,
        seat: Seat | int | str | None,
    ) -> None:
        """Law 52's free correction of an insufficient or impossible declaration whose Law 50
        ruling is still open and unnoticed (internal; see :meth:`correct_call`)."""
        offender = open_ruling.offender
        assert offender is not None
        if open_ruling.id in self._attention:
            raise IrregularityError(
                "an adversary has called attention to the declaration: its correction is "
                "the Law 50 penalty, not a free correction [Auction Bridge (1912), Law 52, "
                "Case 2]"
            )
        if seat is not None and Seat.of(seat) != offender:
            raise IrregularityError(
                f"only {offender.name.title()}, who made the declaration, may correct it "
                "[Auction Bridge (1912), Law 52]"
            )
        new = Call.parse(call, self._law)
        why = declaring.why_illegal(new)
        if why is not None:
            raise IllegalCallError(why)
        for other in self._open.values():
            if other.blocking and other.id != open_ruling.id:
                raise GameError(
                    f"a decision is pending: ruling {other.id} ({other.kind.value}, {other.law})"
                )
        self._log.append(Event("correct_call", offender, {"call": str(new)}))
        self._close(open_ruling, "decided")  # withdrawn: the correction is the whole of it
        declaring.call(new)
        self._calls_in_hand += 1
        self._raise(
            Irregularity.DECLARATION_CORRECTED,
            offender,
            data={"from": str(open_ruling.data["call"]), "to": str(new), "ruling": open_ruling.id},
        )
        self._after_call()

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
        if self._phase is not Phase.DECLARE:
            raise GameError("attention to a declaration is called only while declaring")
        open_ruling = self._find_ruling(ruling)
        if open_ruling.kind not in (
            Irregularity.INSUFFICIENT_DECLARATION,
            Irregularity.IMPOSSIBLE_DECLARATION,
        ):
            raise IrregularityError(
                f"ruling {open_ruling.id} is not on an insufficient or impossible declaration"
            )
        if who not in open_ruling.claimants:
            raise IrregularityError(
                f"{who.name.title()} is not an adversary of the declaration's maker; "
                f"claimants: {', '.join(claimant.letter for claimant in open_ruling.claimants)}"
            )
        if open_ruling.id in self._attention:
            raise IrregularityError(f"attention has already been called to ruling {open_ruling.id}")
        self._log.append(Event("call_attention", who, {"ruling": open_ruling.id}))
        self._attention.add(open_ruling.id)

    def _lead_while_declaring(self, card: Card | str | int, seat: Seat | None) -> None:
        """A card led before the declaring is over: Auction A65 (an exposed card); Bridge B56,
        B60 (a lead before the doubling is over)."""
        self._check_free()
        led = _parse_card(card)
        if seat is None:
            raise IllegalPlayError("no card is due: name the seat that led")
        if not self._deal[seat].mask >> int(led) & 1:
            raise IllegalPlayError(f"{seat.name.title()} does not hold {led}")
        outcome = judge_lead_while_declaring(self._view(), seat, led)
        if outcome is None:  # an auction: the card led is an exposed card (A65)
            self.expose(led, seat=seat)
            return
        self._apply_outcome(outcome)
