"""Irregular declaring (``strict=False``): calls out of turn, insufficient and impossible bids."""

from __future__ import annotations

from ..auction import Auction, BridgeDeclaration, Call, CallKind
from ..cards import Card, Seat
from ..errors import GameError, IllegalCallError, IllegalPlayError, RedoubleError
from ..irregularities import (
    Irregularity,
    IrregularityError,
    Ruling,
)
from ..irregularities.referee import TOP_LEVEL, side_bids, stand_auction
from ..irregularities.referee import parse_card as _parse_card
from .core import _IMPOSSIBLE_BID, _Consent
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
        if isinstance(d, Auction):
            self._auction_call(d, call, s)
        else:
            self._bridge_call(d, call, s)

    def _impossible(self, call: Call | str) -> Call | None:
        """A bid of more than seven in a declaration of the law set (A50), else None."""
        if isinstance(call, Call):
            return call if call.is_bid and (call.level or 0) > TOP_LEVEL else None
        m = _IMPOSSIBLE_BID.match(call)
        if not m or int(m.group(1)) <= TOP_LEVEL:
            return None
        try:
            symbol = self._law.declaration(m.group(2)).symbol
        except RedoubleError:
            return None
        return Call(CallKind.BID, int(m.group(1)), symbol)

    def _auction_call(self, auction: Auction, call: Call | str, caller: Seat) -> None:
        impossible = self._impossible(call)
        parsed = impossible or Call.parse(call, self._law)
        to = auction.to_call
        text = str(parsed)
        if caller != to:
            kind = (
                Irregularity.PASS_OUT_OF_TURN
                if parsed.kind is CallKind.PASS
                else Irregularity.DECLARATION_OUT_OF_TURN
                if parsed.is_bid
                else Irregularity.DOUBLE_OUT_OF_TURN
            )
            self._require(kind, IllegalCallError, f"{caller.name.title()} calls out of turn")
            if parsed.kind is CallKind.PASS:
                self._log.append(Event("call", caller, {"call": text}))
                self._raise(Irregularity.PASS_OUT_OF_TURN, caller, data={"call": text})
                return
            kind = (
                Irregularity.DECLARATION_OUT_OF_TURN
                if parsed.is_bid
                else Irregularity.DOUBLE_OUT_OF_TURN
            )
            stand = (
                impossible is None and stand_auction(self._law, auction, caller, parsed) is not None
            )
            self._log.append(Event("call", caller, {"call": text}))
            self._raise(
                kind,
                caller,
                data={"call": text},
                options=self._options(kind, () if stand else ("let_stand",)),
            )
            return
        if impossible is not None:
            self._require(Irregularity.IMPOSSIBLE_DECLARATION, IllegalCallError, text)
            assert parsed.declaration is not None
            seven = Call(CallKind.BID, TOP_LEVEL, parsed.declaration)
            drop: list[str] = [] if auction.is_legal(seven) else ["accept"]
            if not side_bids(auction, caller.side.opponents):
                drop.append("previous_final")
            self._log.append(Event("call", caller, {"call": text}))
            self._raise(
                Irregularity.IMPOSSIBLE_DECLARATION,
                caller,
                data={"call": text, "declaration": parsed.declaration},
                options=self._options(Irregularity.IMPOSSIBLE_DECLARATION, drop),
            )
            return
        why = auction.why_illegal(parsed)
        if why is None:
            self._regular_call(parsed, caller)
            return
        if auction.is_insufficient(parsed) and self._code.has(
            Irregularity.INSUFFICIENT_DECLARATION
        ):
            self._log.append(Event("call", caller, {"call": text}))
            self._raise(Irregularity.INSUFFICIENT_DECLARATION, caller, data={"call": text})
            return
        if (
            parsed.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)
            and auction.is_legal(Call.PASS)
            and self._code.has(Irregularity.ILLEGAL_DOUBLE)
        ):
            # A54, Case 6: forbidden, not penalised; the call has no effect but takes the turn.
            self._log.append(Event("call", caller, {"call": text}))
            self._raise(Irregularity.ILLEGAL_DOUBLE, caller, data={"call": text, "why": why})
            auction.call(Call.PASS)
            self._calls_in_hand += 1
            self._after_call()
            return
        raise IllegalCallError(f"{caller.name.title()}: {why}")

    def _bridge_call(self, bridge: BridgeDeclaration, call: Call | str, caller: Seat) -> None:
        parsed = Call.parse(call, self._law)
        if parsed.kind is CallKind.REDOUBLE:
            parsed = Call.DOUBLE
        to = bridge.to_call
        dealer = bridge.dealer
        text = str(parsed)
        if caller == to:
            why = bridge.why_illegal(parsed)
            missing = self._consent_missing(caller) if parsed.kind is CallKind.DOUBLE else None
            if why is None and missing is not None:
                consenter, words, law = missing
                why = (
                    f"{caller.name.title()} may double only if {consenter.name.title()}, {words}, "
                    f"consents (Game.consent) [{law}]"
                )
            if why is None:
                needed = self._consent_needed.get(caller)
                if parsed.kind is CallKind.DOUBLE and needed is not None:
                    needed.given = False  # B56: a consent is for one re-double
                self._regular_call(parsed, caller)
                return
            if bridge.maker is None and to == dealer.partner and parsed.kind is CallKind.PASS:
                self._log.append(Event("call", caller, {"call": text}))
                self._raise(Irregularity.PASS_BACK, caller, data={"call": text})
                return
            raise IllegalCallError(why)
        if self._law.compulsory_dummy is not None and (
            caller == dealer.partner or (caller == dealer.rho and parsed.kind is CallKind.DOUBLE)
        ):
            # Three-handed Bridge: nobody sits at the permanent dummy, and "only one adversary,
            # the leader, can double" — the other's double is no double out of turn (Laws 54,
            # 59, which the maker could let stand) but one he never has.
            who = (
                "the dummy makes no call"
                if caller == dealer.partner
                else "only the leader may double"
            )
            raise IllegalCallError(
                f"{caller.name.title()}: {who} [Bridge (Elwell, 1906), Bridge for Three Players]"
            )
        if bridge.maker is None:
            if caller.side != dealer.side:
                self._log.append(Event("call", caller, {"call": text}))
                self._raise(Irregularity.ADVERSARY_DECLARES, caller, data={"call": text})
                return
            if caller == dealer.partner and to == dealer and parsed.is_bid and parsed.level is None:
                self._log.append(Event("call", caller, {"call": text}))
                self._raise(
                    Irregularity.MAKE_WITHOUT_PERMISSION,
                    caller,
                    data={"call": text, "declaration": parsed.declaration},
                )
                return
        elif (
            parsed.kind is CallKind.DOUBLE
            and caller == dealer.rho
            and to == dealer.lho
            and bridge.doublings == 0
            and caller.side != bridge.maker.side
        ):
            self._log.append(Event("call", caller, {"call": text}))
            self._raise(Irregularity.DOUBLE_OUT_OF_TURN, caller, data={"call": text})
            return
        elif (
            parsed.kind is CallKind.PASS
            and caller == dealer.rho
            and to == dealer.lho
            and bridge.doublings == 0
            and self._code.has(Irregularity.PASS_OUT_OF_TURN)
        ):
            # B59: the dealer's right-hand adversary asks "May I lead?" before the eldest hand
            # has spoken: the question is void and the eldest hand keeps his right to double.
            self._log.append(Event("call", caller, {"call": text}))
            self._raise(
                Irregularity.PASS_OUT_OF_TURN,
                caller,
                data={"call": text, "may_still_double": to.letter},
            )
            return
        raise IllegalCallError(
            f"{caller.name.title()} speaks out of turn, and {self._law.name} gives no rectification "
            "for it"
        )

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
        if not isinstance(declaring, Auction) or law52 is None:
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
        declaring: Auction,
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
        declaring = self._declaring
        if seat is None:
            raise IllegalPlayError("no card is due: name the seat that led")
        if not self._deal[seat].mask >> int(led) & 1:
            raise IllegalPlayError(f"{seat.name.title()} does not hold {led}")
        if isinstance(declaring, Auction):
            self.expose(led, seat=seat)
            return
        if declaring.maker is None or seat.side == declaring.maker.side:
            raise IllegalPlayError("no card is due: the trump is not made")
        self._log.append(Event("play", seat, {"card": str(led)}))
        if self._spade_play_forbidden():
            # Spade Convention II: the third hand "should he lead out of turn", or the eldest
            # hand "should ... lead without asking permission to play". Under the agreement
            # this penalty replaces Laws 56 and 60: the make is not to be played, so the lead
            # is an attempt to play it (the card is taken back).
            act = "third_hand_leads" if seat == declaring.dealer.rho else "eldest_hand_leads"
            self._raise(
                Irregularity.SPADE_CONVENTION_PREMATURE_PLAY,
                seat,
                data={"act": act, "card": str(led)},
            )
            return
        if seat == declaring.dealer.rho:
            # B60: the eldest hand "may only double if the maker of the trump consent".
            self._consent_needed[declaring.dealer.lho] = _Consent(
                "Bridge (Elwell, 1906), Law 60", declaring.maker
            )
            self._raise(Irregularity.LEAD_DURING_DECLARING, seat, data={"card": str(led)})
        else:
            # B56: "his partner may re-double only with the consent of the adversary who last
            # doubled; but such lead shall not affect the right of either adversary to double":
            # the partner's first double, and every double of the eldest hand, stay free.
            self._consent_needed[seat.partner] = _Consent(
                "Bridge (Elwell, 1906), Law 56", None, redouble_only=True
            )
            self._raise(
                Irregularity.LEAD_DURING_DECLARING,
                seat,
                data={"card": str(led)},
                options=(),
                note="B56: the eldest hand led before the doubling was over; the card is taken "
                "back [redouble's decision], and his partner may re-double only with the consent of the "
                "adversary who last doubled (Game.consent); either adversary's right to double "
                "is not affected",
            )
