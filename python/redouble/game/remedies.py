"""Decisions on rulings (``strict=False``): each option applied by its handler."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..auction import Auction, Bar, BridgeDeclaration, Call, CallKind, Contract, declaring_procedure
from ..cards import Card, Seat, Side, Suit
from ..errors import RedoubleError
from ..irregularities import (
    Irregularity,
    IrregularityError,
    Obligation,
    ObligationKind,
    Option,
    OptionCode,
    Ruling,
)
from ..scoring import PerSide
from .core import _NO_PENALTY, TOP_LEVEL, TRICKS, _parse_card
from .events import Event, Phase
from .lenient_play import _LenientPlay


class _Remedies(_LenientPlay):
    """Decisions on rulings and the rectifications and penalties they apply (internal)."""

    def _decide_now(self, r: Ruling, option: str) -> None:
        apply = self._prepare(r, r.option(option), {})
        self._close(r, "decided")
        self._log.append(Event("applied", None, {"ruling": r.id, "option": option}))
        apply()

    # -- decisions ---------------------------------------------------------------------------------------
    def decide(
        self,
        option: str,
        *,
        ruling: int | None = None,
        seat: Seat | int | str | None = None,
        card: Card | str | int | None = None,
        suit: Suit | str | None = None,
        call: Call | str | None = None,
        consulted: bool = False,
    ) -> None:
        """Choose an option of an open ruling (by default the blocking one, else the oldest)
        and apply it: the rectification, the penalty, or a new deal.

        `seat` is who decides (one of the ruling's claimants); `card`, `suit` and `call` are
        what some options need (the card called to the trick, the suit called, the sufficient
        bid). `consulted`: the partners consulted first — allowed in Auction 1912 (Case 1); in
        Bridge the penalty is then lost (B97).

        Raises:
            GameError: strict game.
            IrregularityError: no such ruling or option, a seat that may not decide, or a
                missing or wrong parameter; nothing changes.
        """
        self._need_lenient("decide")
        r = self._find_ruling(ruling)
        by = None if seat is None else Seat.of(seat)
        if by is not None and r.claimants and by not in r.claimants:
            raise IrregularityError(
                f"{by.name.title()} may not decide ruling {r.id}; claimants: "
                f"{', '.join(s.letter for s in r.claimants)}"
            )
        opt = r.option(option)
        params: dict[str, Any] = {"card": card, "suit": suit, "call": call}
        # Bridge (Elwell, 1906), Law 97: "If they do so consult, the penalty is paid" — for
        # every penalty, whether one adversary may claim it (Laws 46, 47, 67: the eldest hand)
        # or either may; a lone claimant consults his partner all the same.
        forfeit = consulted and self._code.consultation_forfeits and opt.code not in _NO_PENALTY
        chosen: Option | None = opt
        if forfeit:
            # The penalty is paid: the ruling falls back to its option without a penalty, or,
            # where it has none (Law 67's new deal, Law 47's choice), closes with nothing
            # exacted and the hand goes on as it stands.
            chosen = next((o for o in r.options if o.code in _NO_PENALTY), None)
        apply = self._prepare(r, chosen, params) if chosen is not None else (lambda: None)
        data: dict[str, Any] = {"option": option, "ruling": r.id}
        for key, value in params.items():
            if value is not None:
                data[key] = _as_logged(key, value)
        if consulted:
            data["consulted"] = True
        self._log.append(Event("decide", by, data))
        self._close(r, "decided" if chosen is not None else "forfeited")
        if consulted:
            self._raise(
                Irregularity.CONSULTATION,
                by,
                data={"ruling": r.id, "penalty_lost": forfeit},
                options=(),
            )
        apply()
        if self._phase is Phase.SETTLE and not self._open:
            self._score_lenient()

    def record_wrong_penalty(
        self, *, ruling: int | None = None, seat: Seat | int | str | None = None
    ) -> None:
        """A penalty the laws do not give was demanded for an open ruling. Bridge: none can then
        be enforced (B102); Auction 1912 abolished that rule, so the claimants may still choose.

        Raises:
            GameError: strict game.
            IrregularityError: no such open ruling.
        """
        self._need_lenient("record_wrong_penalty")
        r = self._find_ruling(ruling)
        by = None if seat is None else Seat.of(seat)
        self._log.append(Event("record_wrong_penalty", by, {"ruling": r.id}))
        if not self._code.wrong_penalty_forfeits:
            return
        fallback = next((o for o in r.options if o.code in _NO_PENALTY), None)
        self._raise(Irregularity.WRONG_PENALTY, by, data={"ruling": r.id}, options=())
        if fallback is None:
            self._close(r, "forfeited")
            return
        apply = self._prepare(r, fallback, {})
        self._close(r, "forfeited")
        apply()
        if self._phase is Phase.SETTLE and not self._open:
            self._score_lenient()

    def _prepare(self, r: Ruling, opt: Option, params: Mapping[str, Any]) -> Any:
        """Check an option's parameters and return the function that applies it."""
        try:
            code = OptionCode(opt.code)
        except ValueError:
            raise IrregularityError(f"option {opt.code!r} cannot be applied") from None
        result: Any = HANDLERS[code](self, r, params)
        return result

    # The option handlers: each checks its parameters, then returns what applies it.
    def _apply_new_deal(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return lambda: self._void_hand(r)

    def _apply_deal_stands(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        index = int(r.data["trick"])
        seat, _ = self._omissions[index]
        return lambda: self._omissions.__setitem__(index, (seat, "deal_stands"))

    def _no_effect(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        """Waive, proceed, compel, void: the choice is recorded and nothing else changes."""
        return lambda: None

    def _apply_let_stand(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        d = self._declaring
        if r.kind is Irregularity.DEALT_OUT_OF_TURN:
            actual = Seat.parse(str(r.data["dealer"]))

            def deal_stands() -> None:
                self._dealer = actual
                self._declaring = declaring_procedure(self._law, actual, deal=self._deal)
                self._after_call()

            return deal_stands
        offender = r.offender
        assert offender is not None
        if isinstance(d, BridgeDeclaration):
            bridge = d
            if r.kind is Irregularity.MAKE_WITHOUT_PERMISSION:
                decl = str(r.data["declaration"])

                def make() -> None:
                    bridge.make_by(offender, decl)
                    self._after_call()

                return make

            def double() -> None:
                bridge.double_by(offender)
                self._after_call()

            return double
        c = Call.parse(str(r.data["call"]), self._law)
        other = self._stand_auction(d, offender, c)
        if other is None:
            raise IrregularityError("the call cannot stand here")

        def stand() -> None:
            self._declaring = other
            other.call(c)
            self._after_call()

        return stand

    def _sufficient_call(self, r: Ruling, params: Mapping[str, Any], same: bool) -> Call:
        d = self._declaring
        assert isinstance(d, Auction)
        bad = Call.parse(str(r.data["call"]), self._law)
        if params.get("call") is not None:
            c = Call.parse(params["call"], self._law)
        else:
            c = next(
                (
                    Call(CallKind.BID, level, bad.declaration)
                    for level in range(1, 8)
                    if d.is_legal(Call(CallKind.BID, level, bad.declaration))
                ),
                Call.PASS,
            )
        why = d.why_illegal(c)
        if why is not None:
            raise IrregularityError(why)
        if same and c.is_bid and c.declaration != bad.declaration:
            has_same = any(
                d.is_legal(Call(CallKind.BID, level, bad.declaration)) for level in range(1, 8)
            )
            if has_same:
                raise IrregularityError(
                    f"the offender must make his bid sufficient: a bid in {bad.declaration} "
                    "[Auction Bridge (1912), Law 50; Case 2]"
                )
        return c

    def _apply_penalise(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        d = self._declaring
        assert isinstance(d, Auction)
        assert r.offender is not None
        c = self._sufficient_call(r, params, same=True)
        offender = r.offender

        def apply() -> None:
            d.bar(Bar(offender.partner, "Auction Bridge (1912), Law 50", doubles_too=False))
            self._regular_call(c, offender, applied=True)

        return apply

    def _apply_condone(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        c = self._sufficient_call(r, params, same=False)
        return lambda: self._regular_call(c, r.offender, applied=True)

    def _apply_accept(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        if r.kind is not Irregularity.IMPOSSIBLE_DECLARATION:
            return lambda: None  # accepting the irregular call as made: nothing to do
        d = self._declaring
        assert isinstance(d, Auction)
        assert r.offender is not None
        seven = Call(CallKind.BID, TOP_LEVEL, str(r.data["declaration"]))
        if not d.is_legal(seven):
            raise IrregularityError(f"{seven} is not a sufficient bid here")
        offender = r.offender

        def apply() -> None:
            d.bar(Bar(offender.partner, "Auction Bridge (1912), Law 50", doubles_too=False))
            self._regular_call(seven, offender, applied=True)

        return apply

    def _apply_previous_final(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        d = self._declaring
        assert isinstance(d, Auction)
        assert r.offender is not None
        side = r.offender.side.opponents
        calls = d.calls
        indices = [i for i, c in enumerate(calls) if c.is_bid and d.dealer.next(i).side == side]
        if params.get("call") is not None:
            want = Call.parse(params["call"], self._law)
            indices = [i for i in indices if calls[i] == want]
        if not indices:
            raise IrregularityError("that side has made no such declaration")
        i = indices[-1]
        # The auction as it stood before the next bid after it (its doubles included).
        j = next((k for k in range(i + 1, len(calls)) if calls[k].is_bid), len(calls))
        trial = Auction(self._law, d.dealer, calls[:j])
        bid = calls[i]
        assert bid.declaration is not None
        declarer = trial.declarer
        assert declarer is not None
        contract = Contract(bid.level, bid.declaration, trial.doublings, declarer)
        return lambda: self._start_play(contract)

    def _apply_prohibit_suit(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        assert self._contract is not None
        suit = Suit.parse(str(r.data["suit"]))
        leader = self._contract.opening_leader
        law = r.law
        card = _parse_card(str(r.data["card"]))

        def apply() -> None:
            self._obligations.append(
                (
                    Obligation(
                        ObligationKind.NOT_LEAD_SUIT, leader, law, suit=suit, on_lead_only=True
                    ),
                    0,
                )
            )
            if r.kind is Irregularity.CARD_EXPOSED_BEFORE_LEAD and r.offender is not None:
                self._obligations.append(
                    (Obligation(ObligationKind.PLAY_CARD, r.offender, law, card=card), None)
                )

        return apply

    def _apply_call_card(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        card = _parse_card(str(r.data["card"]))
        offender = r.offender
        return lambda: self._obligations.append(
            (Obligation(ObligationKind.PLAY_CARD, offender, r.law, card=card), None)
        )

    def _apply_call_suit(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        if params.get("suit") is None:
            raise IrregularityError("call_suit: name the suit called (suit=...)")
        suit = (
            params["suit"] if isinstance(params["suit"], Suit) else Suit.parse(str(params["suit"]))
        )
        target: Seat | None = None
        if r.kind is Irregularity.LEAD_DURING_DECLARING:
            target = self._dealer.lho  # B60: a suit from the eldest hand
        t = self._table

        def apply() -> None:
            if r.kind is Irregularity.LEAD_OUT_OF_TURN and t is not None:
                self._take_back_all()
                t.leader = t.rightful
            self._obligations.append(
                (
                    Obligation(
                        ObligationKind.LEAD_SUIT, target, r.law, suit=suit, on_lead_only=True
                    ),
                    None,
                )
            )

        return apply

    def _apply_treat_as_exposed(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        t = self._table
        assert t is not None
        assert r.offender is not None
        card = _parse_card(str(r.data["card"]))
        offender = r.offender

        def apply() -> None:
            self._take_back_all()
            t.leader = t.rightful
            self._callable[offender].add(card)

        return apply

    def _apply_retract(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        t = self._table
        assert t is not None

        def apply() -> None:
            self._take_back_all()
            t.leader = t.rightful

        return apply

    def _penalty_on_play(self, r: Ruling, kind: ObligationKind) -> Any:
        t = self._table
        assert t is not None
        if r.kind in (Irregularity.DUMMY_SUGGESTS_CARD,):
            assert self._contract is not None
            card = _parse_card(str(r.data["card"]))
            ob = Obligation(kind, self._contract.dummy, r.law, card=card)
            return lambda: self._obligations.append((ob, None))
        if r.kind is Irregularity.REVOKE_CORRECTED:
            target = r.offender
        else:
            target = Seat.parse(str(r.data["target"]))
        ob = Obligation(kind, target, r.law)
        index = len(t.tricks)
        return lambda: self._obligations.append((ob, index))

    def _apply_highest(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.HIGHEST)

    def _apply_lowest(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.LOWEST)

    def _apply_win(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.WIN)

    def _apply_lose(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.LOSE)

    def _apply_play_suggested(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.PLAY_CARD)

    def _apply_not_play_suggested(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        return self._penalty_on_play(r, ObligationKind.NOT_PLAY_CARD)

    def _apply_expose(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        card = _parse_card(str(r.data["card"]))
        assert r.offender is not None
        offender = r.offender
        return lambda: self._callable[offender].add(card)

    def _apply_to_trick(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        t = self._table
        assert t is not None
        assert r.offender is not None
        assert self._contract is not None
        cards = [_parse_card(c) for c in r.data["cards"]]
        if params.get("card") is None:
            raise IrregularityError("to_trick: name the card called to the trick (card=...)")
        chosen = _parse_card(params["card"])
        if chosen not in cards:
            raise IrregularityError(f"{chosen} is not one of the cards played together")
        offender = r.offender
        follow = t.follow(offender, not t.cards)
        if chosen not in follow:
            raise IrregularityError(f"calling {chosen} would oblige a revoke [A74; B79]")
        exposed = bool(r.data.get("exposed"))

        def apply() -> None:
            self._place(offender, chosen)
            if exposed:
                self._callable[offender].update(c for c in cards if c != chosen)
            if self._phase is Phase.PLAY and t.is_full() and len(t.tricks) == TRICKS - 1:
                self._gather()

        return apply

    def _apply_correct(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        rv = next((x for x in self._revokes if x.ruling == r.id), None)
        t = self._table
        if (
            rv is None
            or t is None
            or rv.trick != len(t.tricks)
            or rv.established
            or rv.corrected
            or t.cards.get(rv.seat) != rv.card
        ):
            raise IrregularityError("this revoke can no longer be corrected")
        return lambda: self._do_correct(rv)

    def _apply_concede(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        assert self._contract is not None
        n, remaining = int(r.data["tricks"]), int(r.data["remaining"])
        side = self._contract.declarer.side
        conceded = PerSide().add(side, n).add(side.opponents, remaining - n)

        def apply() -> None:
            t = self._table
            assert t is not None
            self._take_back_all()
            self._conceded = conceded
            self._end_play()

        return apply

    def _apply_play_out(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        def apply() -> None:
            self._claim_played_out = True

        return apply

    def _spade_contract(self) -> Contract:
        """The undoubled spade make the doubling has reached (Spade Convention II)."""
        d = self._declaring
        assert isinstance(d, BridgeDeclaration)
        rules = self._law.spade_convention
        assert rules is not None
        return Contract(None, rules.declaration, d.doublings, d.dealer)

    def _apply_take_two(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        """Spade Convention II: "the spade maker may take two on the score". Two (the law
        set's ``premature_play_option_points``) toward game for the maker's side; the hand is
        then not played and the deal passes, as under Spade Convention I."""
        rules = self._law.spade_convention
        maker = self._declaring.maker
        if rules is None or maker is None or not hasattr(self._session, "add"):
            raise IrregularityError("take_two: no spade make scored in games to take two on")
        contract = self._spade_contract()
        penalty = PerSide().add(maker.side, rules.premature_play_option_points)
        return lambda: self._spade_hand_not_played(contract, penalty)

    def _apply_call_lead(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        """Spade Convention II: the maker "may call a lead and require the hand to be played
        out". The text leaves the details open; redouble's decisions: the maker names a suit
        (``suit=``) that the eldest hand, the proper leader, must lead if he can (as Laws 60
        and 76 call a lead); the doubling ends where it stands (the adversaries, who offered
        to play, have given up their double), so the spades are played undoubled; a card led
        prematurely goes back to its hand."""
        if params.get("suit") is None:
            raise IrregularityError("call_lead: name the suit called (suit=...)")
        suit = (
            params["suit"] if isinstance(params["suit"], Suit) else Suit.parse(str(params["suit"]))
        )
        contract = self._spade_contract()
        leader = self._dealer.lho

        def apply() -> None:
            self._start_play(contract)
            self._obligations.append(
                (
                    Obligation(
                        ObligationKind.LEAD_SUIT, leader, r.law, suit=suit, on_lead_only=True
                    ),
                    None,
                )
            )

        return apply

    def _apply_points(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        side = Side[str(r.data["side"])]
        return lambda: self._revoke_claims.__setitem__(side, "points")

    def _apply_tricks(self, r: Ruling, params: Mapping[str, Any]) -> Any:
        side = Side[str(r.data["side"])]
        return lambda: self._revoke_claims.__setitem__(side, "tricks")


def _as_logged(key: str, value: Any) -> str:
    """A decision's parameter as the log writes it: the text its reader parses back (a suit by
    its letter, a card by its name), whatever form the caller gave it in."""
    if isinstance(value, Suit):
        return value.letter
    if key == "card" and not isinstance(value, str):
        try:
            return str(_parse_card(value))
        except (RedoubleError, TypeError):
            pass  # not a card: no option took it, and the log keeps what was said
    return str(value)


# What applies each option (an explicit table: tests check every option of every code has one).
HANDLERS: Mapping[OptionCode, Callable[[_Remedies, Ruling, Mapping[str, Any]], Any]] = {
    OptionCode.ACCEPT: _Remedies._apply_accept,
    OptionCode.CALL_CARD: _Remedies._apply_call_card,
    OptionCode.CALL_LEAD: _Remedies._apply_call_lead,
    OptionCode.CALL_SUIT: _Remedies._apply_call_suit,
    OptionCode.COMPEL: _Remedies._no_effect,
    OptionCode.CONCEDE: _Remedies._apply_concede,
    OptionCode.CONDONE: _Remedies._apply_condone,
    OptionCode.CORRECT: _Remedies._apply_correct,
    OptionCode.DEAL_STANDS: _Remedies._apply_deal_stands,
    OptionCode.EXPOSE: _Remedies._apply_expose,
    OptionCode.HIGHEST: _Remedies._apply_highest,
    OptionCode.LET_STAND: _Remedies._apply_let_stand,
    OptionCode.LOSE: _Remedies._apply_lose,
    OptionCode.LOWEST: _Remedies._apply_lowest,
    OptionCode.NEW_DEAL: _Remedies._apply_new_deal,
    OptionCode.NOT_PLAY_SUGGESTED: _Remedies._apply_not_play_suggested,
    OptionCode.PENALISE: _Remedies._apply_penalise,
    OptionCode.PLAY_OUT: _Remedies._apply_play_out,
    OptionCode.PLAY_SUGGESTED: _Remedies._apply_play_suggested,
    OptionCode.POINTS: _Remedies._apply_points,
    OptionCode.PREVIOUS_FINAL: _Remedies._apply_previous_final,
    OptionCode.PROCEED: _Remedies._no_effect,
    OptionCode.PROHIBIT_SUIT: _Remedies._apply_prohibit_suit,
    OptionCode.RETRACT: _Remedies._apply_retract,
    OptionCode.TAKE_TWO: _Remedies._apply_take_two,
    OptionCode.TO_TRICK: _Remedies._apply_to_trick,
    OptionCode.TREAT_AS_EXPOSED: _Remedies._apply_treat_as_exposed,
    OptionCode.TRICKS: _Remedies._apply_tricks,
    OptionCode.VOID: _Remedies._no_effect,
    OptionCode.WAIVE: _Remedies._no_effect,
    OptionCode.WIN: _Remedies._apply_win,
}
