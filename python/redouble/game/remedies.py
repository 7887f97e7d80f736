"""Decisions on rulings (``strict=False``): the referee rules each option on a read-only view
of the hand (:mod:`redouble.irregularities.referee`) and the game applies its outcome here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, assert_never

from ..auction import Call, declaring_procedure
from ..cards import Card, Seat, Suit
from ..irregularities import Option, Ruling
from ..irregularities.play_rulings import declarer_penalties_forfeited
from ..irregularities.referee import (
    TRICKS,
    AddObligation,
    AfterCall,
    AttentionCalled,
    BarPlayer,
    CallTakesTurn,
    CloseRulings,
    CompleteShortTrick,
    Concede,
    Consent,
    ConsentGiven,
    ConsentLifted,
    ConsentSpent,
    CorrectCall,
    CorrectRevoke,
    DealStands,
    DealtBy,
    DeclaringStands,
    Effect,
    ElectRevokePenalty,
    EstablishRevoke,
    ExposeCards,
    ExposedInDeclaring,
    ForfeitDeclarerPenalties,
    ForfeitRevokes,
    GatherLastTrick,
    HandNotPlayed,
    LapseObligations,
    LogEvent,
    MakeCall,
    NeedConsent,
    NotCallable,
    OmitCard,
    Outcome,
    PlaceCard,
    PlayEffect,
    PlayOut,
    QuestionRevokes,
    QuitTrick,
    RaiseIrregularity,
    RecordRevokes,
    RegularCall,
    ReopenLastTrick,
    RestoreCard,
    ReturnCards,
    RevokeCorrected,
    SetAsideSurplus,
    StartPlay,
    SurplusFound,
    TakeBackTrick,
    VoidDeal,
    WithdrawRevoke,
    remedy,
)
from ..irregularities.rulings import judge_decide, judge_wrong_penalty
from ..irregularities.table import _Revoke
from .events import Event, Phase
from .lenient_play import _LenientPlay


class _Remedies(_LenientPlay):
    """Decisions on rulings and the rectifications and penalties they apply (internal)."""

    def _decide_now(self, r: Ruling, option: str) -> None:
        outcome = self._prepare(r, r.option(option), {})
        self._close(r, "decided")
        self._log.append(Event("applied", None, {"ruling": r.id, "option": option}))
        self._apply_outcome(outcome)

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

        `seat` is who decides (one of the ruling's claimants); `card`, `suit` and `call` are what
        some options need (the card called to the trick, the suit called, the sufficient bid).
        `consulted`: the partners consulted first — allowed in Auction Bridge (1912) (Case 1); in
        Bridge the penalty is then lost (Bridge (Elwell, 1906), Law 97).

        Raises:
            GameError: strict game.
            IrregularityError: no such ruling or option, a seat that may not decide, or a
                missing or wrong parameter; nothing changes.
        """
        self._need_lenient("decide")
        open_ruling = self._find_ruling(ruling)
        by = None if seat is None else Seat.of(seat)
        params = {"card": card, "suit": suit, "call": call}
        self._apply_outcome(
            judge_decide(self._view(), open_ruling, option, by, params, consulted=consulted)
        )
        if self._phase is Phase.SETTLE and not self._open:
            self._score_lenient()

    def record_wrong_penalty(
        self, *, ruling: int | None = None, seat: Seat | int | str | None = None
    ) -> None:
        """A penalty the laws do not give was demanded for an open ruling. Bridge: none can then be
        enforced (Bridge (Elwell, 1906), Law 102); Auction Bridge (1912) abolished that rule, so the
        claimants may still choose.

        Raises:
            GameError: strict game.
            IrregularityError: no such open ruling.
        """
        self._need_lenient("record_wrong_penalty")
        open_ruling = self._find_ruling(ruling)
        by = None if seat is None else Seat.of(seat)
        self._apply_outcome(judge_wrong_penalty(self._view(), open_ruling, by))
        if self._phase is Phase.SETTLE and not self._open:
            self._score_lenient()

    def _forfeit_declarer_penalties(self) -> None:
        """Auction Bridge (1912), Law 61; Bridge (Elwell, 1906), Law 63: the declarer cannot exact
        the penalties of incidents so far (which, the referee says)."""
        self._apply_outcome(declarer_penalties_forfeited(self._view()))

    def _prepare(self, r: Ruling, opt: Option, params: Mapping[str, Any]) -> Outcome:
        """What option `opt` of `r` does, as the referee rules it on a view of the hand;
        nothing changes here (an option that cannot be applied raises)."""
        return remedy(self._view(), r, opt.code, params)

    # -- the one place a remedy's outcome changes the game -------------------------------------
    def _apply_outcome(self, outcome: Outcome) -> None:
        """Apply the referee's `outcome`, its effects in order."""
        for effect in outcome.effects:
            self._apply_effect(effect)

    def _apply_effect(self, effect: Effect) -> None:
        match effect:
            case VoidDeal(ruling=ruling):
                self._void_hand(ruling)
            case DealStands(trick=index, seat=seat):
                self._omissions[index] = (seat, "deal_stands")
            case DealtBy(dealer=dealer):
                self._dealer = dealer
                self._declaring = declaring_procedure(self._law, dealer, deal=self._deal)
                self._after_call()
            case DeclaringStands(declaring=declaring):
                # The act let stand was logged when it was made (as the irregular call): count
                # it, so that the procedure's calls and the log agree. Uncounted, the next
                # call was logged twice (Bridge, a make or double let stand).
                self._declaring = declaring
                self._calls_in_hand += 1
                self._log_procedure_calls()
                self._after_call()
            case BarPlayer(bar=bar):
                self._declaring.bar(bar)
            case MakeCall(call=call, seat=seat):
                self._regular_call(call, seat, applied=True)
            case StartPlay(contract=contract):
                self._start_play(contract)
            case TakeBackTrick():
                table = self._table
                assert table is not None
                self._take_back_all()
                table.leader = table.rightful
            case AddObligation(obligation=obligation, trick=trick):
                self._obligations.append((obligation, trick))
            case ExposeCards(seat=seat, cards=cards):
                self._callable[seat].update(cards)
            case PlaceCard(seat=seat, card=card):
                self._place(seat, card)
            case GatherLastTrick():
                table = self._table
                assert table is not None
                last = self._phase is Phase.PLAY and table.is_full()
                if last and len(table.tricks) == TRICKS - 1:
                    self._gather()
            case CorrectRevoke(ruling=ruling_id):
                self._correct(ruling_id)
            case Concede(tricks=tricks):
                self._conceded = tricks
                self._end_play()
            case PlayOut():
                self._claim_played_out = True
            case ElectRevokePenalty(side=side, how=how):
                self._revoke_claims[side] = how
            case (
                QuitTrick()
                | OmitCard()
                | LapseObligations()
                | EstablishRevoke()
                | WithdrawRevoke()
                | ReturnCards()
                | RevokeCorrected()
                | ReopenLastTrick()
                | QuestionRevokes()
                | SetAsideSurplus()
                | SurplusFound()
                | RestoreCard()
                | RecordRevokes()
                | ForfeitRevokes()
                | CompleteShortTrick()
            ):  # play (refplay)
                self._apply_play_effect(effect)
            case LogEvent(kind=kind, seat=seat, data=data):
                self._log.append(Event(kind, seat, dict(data)))
            case RaiseIrregularity(
                request=request, decide=decide, void=void, void_concluded=void_concluded
            ):
                raised = self._raise_request(request)
                if decide is not None:  # the law decides at once (A37 c, A40)
                    self._decide_now(raised, decide)
                if void:
                    self._void_hand(raised)
                if void_concluded:  # A39: found at the conclusion of the play
                    self._void_concluded(raised)
            case CloseRulings(rulings=rulings, how=how):
                for ruling_id in rulings:
                    self._close(self._open[ruling_id], how.value)
            case RegularCall(call=call, seat=seat):
                self._regular_call(call, seat)
            case CallTakesTurn():
                self._declaring.call(Call.PASS)
                self._calls_in_hand += 1
                self._after_call()
            case ExposedInDeclaring(seat=seat, card=card):
                self._exposed_in_auction.append((seat, card))
            case ForfeitDeclarerPenalties():
                self._forfeit_declarer_penalties()
            case NeedConsent(doubler=doubler, law=law, consenter=consenter, redouble_only=only):
                self._consent_needed[doubler] = Consent(law, consenter, redouble_only=only)
            case ConsentGiven(doubler=doubler):
                self._consent_needed[doubler] = replace(self._consent_needed[doubler], given=True)
            case ConsentLifted(doubler=doubler):
                del self._consent_needed[doubler]
            case ConsentSpent(doubler=doubler):
                self._consent_needed[doubler] = replace(self._consent_needed[doubler], given=False)
            case AttentionCalled(ruling=ruling_id):
                self._attention.add(ruling_id)
            case CorrectCall(call=call, replaces_last=replaces_last):
                if replaces_last:
                    self._declaring.undo()
                self._declaring.call(call)
                if not replaces_last:
                    self._calls_in_hand += 1
            case AfterCall():
                self._after_call()
            case HandNotPlayed(contract=contract, maker=maker, penalty=penalty, label=label):
                self._spade_hand_not_played(contract, maker, penalty, label)
            case NotCallable(seat=seat):
                self._callable[seat].clear()
            case _:  # every effect has its case: mypy checks the match is exhaustive
                assert_never(effect)

    def _apply_play_effect(self, effect: PlayEffect) -> None:
        """Apply one of the play's own effects (a trick quitted, revokes, surplus cards)."""
        match effect:
            case QuitTrick():
                self._gather()
            case OmitCard(trick=index, seat=seat):
                self._omissions[index] = (seat, None)
            case LapseObligations(pending=pending):
                for spent in pending:
                    self._obligations.remove(spent)
            case EstablishRevoke(index=index, counts=counts):
                self._establish(self._revokes[index], counts)
            case WithdrawRevoke(index=index):
                self._withdraw(self._revokes[index])
            case ReturnCards(seats=seats):
                table = self._table
                assert table is not None
                for follower in seats:
                    table.take_back(follower)
                if not table.cards:
                    table.leader = table.rightful
            case RevokeCorrected(index=index):
                corrected = self._revokes[index]
                corrected.corrected = True
                decided = self._open.get(corrected.ruling)
                if decided is not None:
                    self._close(decided, "decided")
            case ReopenLastTrick():
                table = self._table
                assert table is not None
                table.reopen_last_trick()
            case QuestionRevokes(indices=indices, questioned=questioned):
                for index in indices:
                    self._revokes[index].questioned = questioned
            case SetAsideSurplus(trick=index, seat=seat, card=card):
                table = self._table
                assert table is not None
                table.hands[seat] &= ~card.mask
                self._callable[seat].discard(card)
                self._surplus.append((index, seat, card))
            case SurplusFound():
                self._surplus.clear()
            case RestoreCard(seat=seat, card=card):
                table = self._table
                assert table is not None
                table.hands[seat] |= card.mask
            case RecordRevokes(request=request, kind=kind, revokes=revokes, established=now):
                raised = self._raise_request(request)
                assert request.offender is not None
                for index, card in revokes:
                    revoke = _Revoke(request.offender, index, card, kind, raised.id)
                    self._revokes.append(revoke)
                    if now:
                        self._establish(revoke, True)
            case ForfeitRevokes(indices=indices):
                for index in indices:
                    self._revokes[index].forfeited = True
            case CompleteShortTrick(trick=index, seat=seat):
                table = self._table
                assert table is not None
                table.complete_short_trick(index, seat)
            case _:  # every play effect has its case: mypy checks the match is exhaustive
                assert_never(effect)
