"""The referee's rulings on acts at the table other than a card played (internal): calls in and
out of turn, a card led or exposed while declaring, exposed cards, remarks, and the rulings that
lapse as the play goes on.

Each function reads a :class:`~redouble.irregularities.referee.HandView` and returns an
:class:`~redouble.irregularities.referee.Outcome` (what the game logs, raises and changes, in
order) or the rulings that lapse; one that finds the act impossible raises before anything
changes. The game (:mod:`redouble.game`) checks the arguments, asks, and applies.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .._check import as_card, as_int, shown
from ..auction import Bar, Call, CallKind, Contract, _unalterable_text
from ..cards import Card, Seat, Side, Suit
from ..errors import GameError, IllegalCallError, IllegalPlayError, IrregularityError, RedoubleError
from ..scoring import PerSide
from .catalogue import Claimant, Irregularity, Option, Ruling
from .referee import (
    NO_PENALTY,
    NOTHING,
    TOP_LEVEL,
    AfterCall,
    AttentionCalled,
    BarPlayer,
    CallTakesTurn,
    CloseRulings,
    Closing,
    ConsentGiven,
    ConsentLifted,
    ConsentSpent,
    CorrectCall,
    Effect,
    ExposeCards,
    ExposedInDeclaring,
    ForfeitDeclarerPenalties,
    HandNotPlayed,
    HandView,
    LogEvent,
    NeedConsent,
    NotCallable,
    Outcome,
    RaiseIrregularity,
    RaiseRuling,
    RegularCall,
    StartPlay,
    cite,
    remedy,
    side_bids,
    stand_auction,
)

_IMPOSSIBLE_BID = re.compile(r"^\s*(\d+)\s*([A-Za-z]+)\s*$")

REMARKS = frozenset(
    {
        Irregularity.INFORMATION_AFTER_FINAL_DECLARATION,
        Irregularity.UNAUTHORISED_REFERENCE,
        Irregularity.ATTENTION_TO_TRICK,
        Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING,
        Irregularity.DUMMY_RIGHT,
        Irregularity.DUMMY_INTERVENTION,
        Irregularity.DUMMY_SUGGESTS_CARD,
        Irregularity.NEW_CARDS,
        Irregularity.BYSTANDER,
        Irregularity.SPADE_CONVENTION_PREMATURE_PLAY,
    }
)
"""Remarks (things said or done at the table) the game records, by the irregularity they are."""


# ------------------------------------------------------------------------------------------------
# Helpers.
# ------------------------------------------------------------------------------------------------


def no_law_text(code_title: str, kind: str) -> str:
    """The words for an act the code has no law on, in refusals and in the ruling recorded:
    "Bridge (Elwell, 1906) has no law on insufficient_declaration"."""
    return f"{code_title} has no law on {kind}"


def require(view: HandView, kind: Irregularity, error: type[RedoubleError], what: str) -> None:
    """Refuse (nothing changed) an irregularity the law set's code has no law on."""
    if not view.code.has(kind):
        raise error(f"{what}: {no_law_text(view.code.title, kind.value)}")


def options(view: HandView, kind: Irregularity, drop: tuple[str, ...] = ()) -> tuple[Option, ...]:
    """The options of `kind`'s rule, less those in `drop`."""
    return tuple(o for o in view.code.rule(kind).options if o.code not in drop)


def check_free(view: HandView) -> None:
    """Refuse an act while a blocking decision is pending."""
    for r in view.open_rulings:
        if r.blocking:
            raise GameError(
                f"a decision is pending: ruling {r.id} ({r.kind.value}, {r.law}); "
                f"options: {', '.join(o.code for o in r.options)}"
            )


def _said(seat: Seat, text: str, request: RaiseRuling, *after: Effect) -> Outcome:
    """A call logged as said, then its ruling."""
    return Outcome((LogEvent("call", seat, {"call": text}), RaiseIrregularity(request), *after))


def spade_play_forbidden(view: HandView) -> bool:
    """Whether, while the doubling goes on, the Spade Convention says the hand is not to be
    played as it stands: an undoubled spade make, no side at 20 (Bridge (Elwell, 1906), Spade
    Convention)."""
    rules = view.law.spade_convention
    d = view.declaring
    # An auction has no make (its maker is None): the convention is Bridge's.
    if rules is None or d.is_complete or d.maker is None:
        return False
    if rules.only_if_undoubled and d.doublings:
        return False
    made = next((c.declaration for _, c in d.history if c.declaration is not None), None)
    if made != rules.declaration:
        return False
    toward = view.toward_game
    return max(toward.ns, toward.ew) < rules.min_score_to_play


# ------------------------------------------------------------------------------------------------
# The rulings that lapse as the play goes on.
# ------------------------------------------------------------------------------------------------


def lapsed_on_play(view: HandView) -> tuple[int, ...]:
    """The open rulings a card just played lets lapse: a lead out of turn once the trick is
    complete (Auction Bridge (1912), Law 76: the penalty must be claimed before it; Bridge
    (Elwell, 1906), Law 78), the declarer's once his left-hand adversary has played to it
    (Auction Bridge (1912), Law 77)."""
    table = view.table
    assert table is not None
    return tuple(
        ruling.id
        for ruling in view.open_rulings
        if (ruling.kind is Irregularity.LEAD_OUT_OF_TURN and table.is_full())
        or (
            ruling.kind is Irregularity.DECLARER_LEAD_OUT_OF_TURN
            and table.leader.lho in table.cards
        )
    )


def lapsed_on_quit(view: HandView) -> tuple[int, ...]:
    """The open rulings on leads out of turn once their trick is quitted (Auction Bridge
    (1912), Laws 76-77)."""
    return tuple(
        ruling.id
        for ruling in view.open_rulings
        if ruling.kind in (Irregularity.LEAD_OUT_OF_TURN, Irregularity.DECLARER_LEAD_OUT_OF_TURN)
    )


def lapsed_at_end(view: HandView) -> tuple[int, ...]:
    """Every ruling still open when the play is over: its penalty was not claimed in time."""
    return tuple(ruling.id for ruling in view.open_rulings)


# ------------------------------------------------------------------------------------------------
# Decisions on open rulings.
# ------------------------------------------------------------------------------------------------


def as_logged(key: str, value: Any) -> str:
    """A decision's parameter as the log writes it: the text its reader parses back (a suit by
    its letter, a card by its name), whatever form the caller gave it in."""
    if isinstance(value, Suit):
        return value.letter
    if key == "card" and not isinstance(value, str):
        try:
            return str(as_card(value))
        except (RedoubleError, TypeError):
            pass  # not a card: no option took it, and the log keeps what was said
    return str(value)


def judge_decide(
    view: HandView,
    ruling: Ruling,
    option: str,
    by: Seat | None,
    params: Mapping[str, Any],
    *,
    consulted: bool = False,
) -> Outcome:
    """Option `option` of open ruling `ruling` chosen by `by` (None: not said), with the
    parameters some options need (``card``, ``suit``, ``call``; None where not given).

    The decision is logged and the ruling closed, then the option's rectification or penalty
    follows. `consulted`: the partners consulted before choosing. Auction Bridge (1912) allows
    it (Case 1); in Bridge (Elwell, 1906), Law 97, "If they do so consult, the penalty is
    paid": for every penalty, whether one adversary may claim it (Laws 46, 47, 67) or either
    may, a lone claimant consulting his partner all the same. The ruling then falls back to its
    option without a penalty or, where it has none (Law 67's new deal, Law 47's choice), closes
    with nothing exacted and the hand goes on as it stands.

    Raises:
        IrregularityError: a seat that may not decide, no such option, or a missing or wrong
            parameter; nothing changes.
    """
    if by is not None and ruling.claimants and by not in ruling.claimants:
        raise IrregularityError(
            f"{by.name.title()} may not decide ruling {ruling.id}; claimants: "
            f"{', '.join(claimant.letter for claimant in ruling.claimants)}"
        )
    opt = ruling.option(option)
    chosen: Option | None = opt
    forfeit = consulted and view.code.consultation_forfeits and opt.code not in NO_PENALTY
    if forfeit:
        chosen = next((other for other in ruling.options if other.code in NO_PENALTY), None)
    # Asked before anything changes: an option that cannot be applied raises here.
    outcome = remedy(view, ruling, chosen.code, params) if chosen is not None else NOTHING
    data: dict[str, Any] = {"option": option, "ruling": ruling.id}
    for key, value in params.items():
        if value is not None:
            data[key] = as_logged(key, value)
    if consulted:
        data["consulted"] = True
    effects: list[Effect] = [
        LogEvent("decide", by, data),
        CloseRulings((ruling.id,), Closing.DECIDED if chosen is not None else Closing.FORFEITED),
    ]
    if consulted:
        effects.append(
            RaiseIrregularity(
                RaiseRuling(
                    Irregularity.CONSULTATION,
                    by,
                    data={"ruling": ruling.id, "penalty_lost": forfeit},
                    options=(),
                )
            )
        )
    return Outcome((*effects, *outcome.effects))


def judge_wrong_penalty(view: HandView, ruling: Ruling, by: Seat | None) -> Outcome:
    """A penalty the laws do not give was demanded for open ruling `ruling`. In Bridge (Elwell,
    1906), Law 102, none can then be enforced: the ruling falls back to its option without a
    penalty, or closes with nothing exacted. Auction Bridge (1912) abolished that rule: the
    demand is recorded and the claimants may still choose."""
    logged = LogEvent("record_wrong_penalty", by, {"ruling": ruling.id})
    if not view.code.wrong_penalty_forfeits:
        return Outcome((logged,))
    fallback = next((o for o in ruling.options if o.code in NO_PENALTY), None)
    raised = RaiseIrregularity(
        RaiseRuling(Irregularity.WRONG_PENALTY, by, data={"ruling": ruling.id}, options=())
    )
    closed = CloseRulings((ruling.id,), Closing.FORFEITED)
    if fallback is None:
        return Outcome((logged, raised, closed))
    return Outcome((logged, raised, closed, *remedy(view, ruling, fallback.code, {}).effects))


# ------------------------------------------------------------------------------------------------
# Calls.
# ------------------------------------------------------------------------------------------------


def impossible_bid(view: HandView, call: Call | str) -> Call | None:
    """A bid of more than seven in a declaration of the law set (Auction Bridge (1912), Law
    50), else None."""
    if isinstance(call, Call):
        return call if call.is_bid and (call.level or 0) > TOP_LEVEL else None
    if not isinstance(call, str):
        return None  # not a call: Call.parse refuses it, naming the argument (the regex would not)
    m = _IMPOSSIBLE_BID.match(call)
    if not m or int(m.group(1)) <= TOP_LEVEL:
        return None
    try:
        symbol = view.law.declaration(m.group(2)).symbol
    except RedoubleError:
        return None
    return Call(CallKind.BID, int(m.group(1)), symbol)


def judge_call(view: HandView, call: Call | str, caller: Seat) -> Outcome:
    """`caller`'s `call`: made in turn, or the irregularity it is (Auction Bridge (1912), Laws
    49-54; Bridge (Elwell, 1906), Laws 45-60; a double that needs a consent, Laws 56, 60).

    Raises:
        IllegalCallError: the call is neither legal nor an irregularity the code provides for.
    """
    if view.declaring.bidding:
        return _auction_call(view, call, caller)
    return _bridge_call(view, call, caller)


def _auction_call(view: HandView, call: Call | str, caller: Seat) -> Outcome:
    auction = view.declaring
    impossible = impossible_bid(view, call)
    parsed = impossible or Call.parse(call, view.law)
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
        require(view, kind, IllegalCallError, f"{caller.name.title()} calls out of turn")
        if parsed.kind is CallKind.PASS:
            return _said(caller, text, RaiseRuling(kind, caller, {"call": text}))
        # A49: a call out of turn can stand only where it could be made as if in order.
        stand = impossible is None and stand_auction(view.law, auction, caller, parsed) is not None
        opts = options(view, kind, () if stand else ("let_stand",))
        return _said(caller, text, RaiseRuling(kind, caller, {"call": text}, options=opts))
    if impossible is not None:
        require(view, Irregularity.IMPOSSIBLE_DECLARATION, IllegalCallError, text)
        assert parsed.declaration is not None
        seven = Call(CallKind.BID, TOP_LEVEL, parsed.declaration)
        # A50: the bid is accepted as seven where seven is sufficient; the adversaries may
        # take their own previous declaration as final where they made one.
        drop: list[str] = [] if auction.is_legal(seven) else ["accept"]
        if not side_bids(auction, caller.side.opponents):
            drop.append("previous_final")
        data = {"call": text, "declaration": parsed.declaration}
        opts = options(view, Irregularity.IMPOSSIBLE_DECLARATION, tuple(drop))
        request = RaiseRuling(Irregularity.IMPOSSIBLE_DECLARATION, caller, data, options=opts)
        return _said(caller, text, request)
    why = auction.why_illegal(parsed)
    if why is None:
        return Outcome((RegularCall(parsed, caller),))
    if auction.is_insufficient(parsed) and view.code.has(Irregularity.INSUFFICIENT_DECLARATION):
        request = RaiseRuling(Irregularity.INSUFFICIENT_DECLARATION, caller, {"call": text})
        return _said(caller, text, request)
    if (
        parsed.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)
        and auction.is_legal(Call.PASS)
        and view.code.has(Irregularity.ILLEGAL_DOUBLE)
    ):
        # A54, Case 6: forbidden, not penalised; the call has no effect but takes the turn.
        request = RaiseRuling(Irregularity.ILLEGAL_DOUBLE, caller, {"call": text, "why": why})
        return _said(caller, text, request, CallTakesTurn())
    raise IllegalCallError(f"{caller.name.title()}: {why}")


def _bridge_call(view: HandView, call: Call | str, caller: Seat) -> Outcome:
    bridge = view.declaring
    parsed = Call.parse(call, view.law)
    if parsed.kind is CallKind.REDOUBLE:
        parsed = Call.DOUBLE
    to = bridge.to_call
    dealer = bridge.dealer
    text = str(parsed)
    if caller == to:
        why = bridge.why_illegal(parsed)
        missing = consent_missing(view, caller) if parsed.kind is CallKind.DOUBLE else None
        if why is None and missing is not None:
            consenter, words, law = missing
            why = (
                f"{caller.name.title()} may double only if {consenter.name.title()}, {words}, "
                f"consents (Game.consent) [{law}]"
            )
        if why is None:
            if parsed.kind is CallKind.DOUBLE and caller in view.consents:
                # B56: a consent is good for one re-double.
                return Outcome((ConsentSpent(caller), RegularCall(parsed, caller)))
            return Outcome((RegularCall(parsed, caller),))
        if bridge.maker is None and to == dealer.partner and parsed.kind is CallKind.PASS:
            # B47: the dealer's partner, passed the make, must make it.
            return _said(caller, text, RaiseRuling(Irregularity.PASS_BACK, caller, {"call": text}))
        raise IllegalCallError(why)
    if view.law.compulsory_dummy is not None and (
        caller == dealer.partner or (caller == dealer.rho and parsed.kind is CallKind.DOUBLE)
    ):
        # Three-handed Bridge: nobody sits at the permanent dummy, and "only one adversary,
        # the leader, can double" — the other's double is no double out of turn (Laws 54,
        # 59, which the maker could let stand) but one he never has.
        who = (
            "the dummy makes no call" if caller == dealer.partner else "only the leader may double"
        )
        raise IllegalCallError(
            f"{caller.name.title()}: {who} [Bridge (Elwell, 1906), Bridge for Three Players]"
        )
    if bridge.maker is None:
        if caller.side != dealer.side:
            request = RaiseRuling(Irregularity.ADVERSARY_DECLARES, caller, {"call": text})
            return _said(caller, text, request)
        if caller == dealer.partner and to == dealer and parsed.is_bid and parsed.level is None:
            data = {"call": text, "declaration": parsed.declaration}
            return _said(
                caller, text, RaiseRuling(Irregularity.MAKE_WITHOUT_PERMISSION, caller, data)
            )
    elif (
        parsed.kind is CallKind.DOUBLE
        and caller == dealer.rho
        and to == dealer.lho
        and bridge.doublings == 0
        and caller.side != bridge.maker.side
    ):
        request = RaiseRuling(Irregularity.DOUBLE_OUT_OF_TURN, caller, {"call": text})
        return _said(caller, text, request)
    elif (
        parsed.kind is CallKind.PASS
        and caller == dealer.rho
        and to == dealer.lho
        and bridge.doublings == 0
        and view.code.has(Irregularity.PASS_OUT_OF_TURN)
    ):
        # B59: the dealer's right-hand adversary asks "May I lead?" before the eldest hand
        # has spoken: the question is void and the eldest hand keeps his right to double.
        data = {"call": text, "may_still_double": to.letter}
        return _said(caller, text, RaiseRuling(Irregularity.PASS_OUT_OF_TURN, caller, data))
    raise IllegalCallError(
        f"{caller.name.title()} speaks out of turn, and {view.law.short_title} gives no rectification "
        "for it"
    )


def judge_lead_while_declaring(view: HandView, seat: Seat, led: Card) -> Outcome | None:
    """A card led by `seat` before the declaring is over. None in an auction: the card is an
    exposed one (Auction Bridge (1912), Law 65; see :func:`judge_expose`). In Bridge: a lead
    before the doubling is over (Bridge (Elwell, 1906), Laws 56, 60), or under the Spade
    Convention (II) an attempt to play a make not to be played.

    Raises:
        IllegalPlayError: the trump is not made, or `seat` is of the maker's side.
    """
    declaring = view.declaring
    if declaring.bidding:
        return None
    if declaring.maker is None or seat.side == declaring.maker.side:
        raise IllegalPlayError("no card is due: the trump is not made")
    played = LogEvent("play", seat, {"card": str(led)})
    data = {"card": str(led)}
    if spade_play_forbidden(view):
        # Spade Convention II: the third hand "should he lead out of turn", or the eldest
        # hand "should ... lead without asking permission to play". Under the agreement
        # this penalty replaces Laws 56 and 60: the make is not to be played, so the lead
        # is an attempt to play it (the card is taken back).
        act = "third_hand_leads" if seat == declaring.dealer.rho else "eldest_hand_leads"
        request = RaiseRuling(
            Irregularity.SPADE_CONVENTION_PREMATURE_PLAY, seat, {"act": act, "card": str(led)}
        )
        return Outcome((played, RaiseIrregularity(request)))
    if seat == declaring.dealer.rho:
        # B60: the eldest hand "may only double if the maker of the trump consent".
        consent = NeedConsent(
            declaring.dealer.lho, "Bridge (Elwell, 1906), Law 60", declaring.maker
        )
        request = RaiseRuling(Irregularity.LEAD_DURING_DECLARING, seat, data)
        return Outcome((played, consent, RaiseIrregularity(request)))
    # B56: "his partner may re-double only with the consent of the adversary who last
    # doubled; but such lead shall not affect the right of either adversary to double":
    # the partner's first double, and every double of the eldest hand, stay free.
    consent = NeedConsent(seat.partner, "Bridge (Elwell, 1906), Law 56", None, redouble_only=True)
    request = RaiseRuling(
        Irregularity.LEAD_DURING_DECLARING,
        seat,
        data,
        options=(),
        note="Bridge (Elwell, 1906), Law 56: the eldest hand led before the doubling was over; "
        "the card is taken "
        "back [redouble's decision], and his partner may re-double only with the consent of the "
        "adversary who last doubled (Game.consent); either adversary's right to double "
        "is not affected",
    )
    return Outcome((played, consent, RaiseIrregularity(request)))


# ------------------------------------------------------------------------------------------------
# Corrections, attention called, consents.
# ------------------------------------------------------------------------------------------------

_SLIPS = (Irregularity.INSUFFICIENT_DECLARATION, Irregularity.IMPOSSIBLE_DECLARATION)
"""The Law 50 declarations whose maker may correct them free until attention is called."""
_LAW_52 = "Auction Bridge (1912), Law 52"


def find_ruling(view: HandView, ruling: int | None) -> Ruling:
    """The open ruling numbered `ruling`; by default the blocking one, else the oldest.

    Raises:
        IrregularityError: no such open ruling, or none open.
        TypeError: `ruling` is not an int (a float or a bool is not truncated into a number).
    """
    if ruling is not None:
        wanted = as_int(ruling, "ruling")
        found = next((r for r in view.open_rulings if r.id == wanted), None)
        if found is None:
            raise IrregularityError(f"no open ruling {shown(ruling)}")
        return found
    blocking = [r for r in view.open_rulings if r.blocking]
    if blocking:
        return blocking[0]
    if not view.open_rulings:
        raise IrregularityError("no ruling is open")
    return view.open_rulings[0]


def last_call_applied(view: HandView) -> bool:
    """Whether the hand's last declaration was made by a decision's rectification (the Law 50
    penalty or its condonation), as the hand's log shows."""
    for event in reversed(view.hand_log):
        if event.kind == "correct_call":
            return False
        if event.kind == "call" and not event.data.get("compulsory"):
            return bool(event.data.get("applied"))
    return False


def judge_correct_call(view: HandView, call: Call | str, seat: Seat | int | str | None) -> Outcome:
    """An inadvertent declaration corrected before the next player acts (Auction Bridge (1912),
    Law 52; see :meth:`redouble.game.Game.correct_call`): whether the correction is allowed,
    and what it does.

    An insufficient or impossible declaration's Law 50 ruling still open is withdrawn by its
    maker's free correction until an adversary calls attention to it (Case 2); else the last
    call is replaced, unless a ruling made it. Bridge has no Law 52: a declaration once made
    cannot be altered (Bridge (Elwell, 1906), Law 49).

    Raises:
        GameError: not the declaring phase, or another decision pending.
        IrregularityError: the correction is not allowed.
        IllegalCallError: the new call is not legal.
    """
    if view.phase != "declare":
        raise GameError("no declaration can be corrected now")
    if view.code.rules.get(Irregularity.DECLARATION_CORRECTED) is None:  # Bridge: no Law 52
        raise IrregularityError(_unalterable_text(view.declaring))
    slips = [ruling for ruling in view.open_rulings if ruling.kind in _SLIPS]
    if slips:
        return _correct_slip(view, slips[-1], call, seat)
    declaring = view.declaring
    calls = declaring.calls
    if not calls:
        raise IrregularityError("there is no declaration to correct")
    last = declaring.dealer.next(len(calls) - 1)
    if seat is not None and Seat.of(seat) != last:
        raise IrregularityError(
            f"only the last declaration, before the next player acts, may be corrected [{_LAW_52}]"
        )
    if last_call_applied(view):
        raise IrregularityError(
            "that declaration was made under a ruling (the Law 50 penalty or its "
            f"condonation): it is not an inadvertent one to correct [{_LAW_52}, Case 2]"
        )
    trial = declaring.copy()
    trial.undo()
    new = Call.parse(call, view.law)
    why = trial.why_illegal(new)
    if why is not None:
        raise IllegalCallError(why)
    check_free(view)
    data = {"from": str(calls[-1]), "to": str(new)}
    return Outcome(
        (
            LogEvent("correct_call", last, {"call": str(new)}),
            CorrectCall(new, replaces_last=True),
            RaiseIrregularity(RaiseRuling(Irregularity.DECLARATION_CORRECTED, last, data)),
            AfterCall(),
        )
    )


def _correct_slip(
    view: HandView, slip: Ruling, call: Call | str, seat: Seat | int | str | None
) -> Outcome:
    """Law 52's free correction of an insufficient or impossible declaration whose Law 50
    ruling `slip` is still open and unnoticed: the ruling is withdrawn, the new call made."""
    offender = slip.offender
    assert offender is not None
    if slip.id in view.attention:
        raise IrregularityError(
            "an adversary has called attention to the declaration: its correction is "
            f"the Law 50 penalty, not a free correction [{_LAW_52}, Case 2]"
        )
    if seat is not None and Seat.of(seat) != offender:
        raise IrregularityError(
            f"only {offender.name.title()}, who made the declaration, may correct it [{_LAW_52}]"
        )
    new = Call.parse(call, view.law)
    why = view.declaring.why_illegal(new)
    if why is not None:
        raise IllegalCallError(why)
    for other in view.open_rulings:
        if other.blocking and other.id != slip.id:
            raise GameError(
                f"a decision is pending: ruling {other.id} ({other.kind.value}, {other.law})"
            )
    data = {"from": str(slip.data["call"]), "to": str(new), "ruling": slip.id}
    return Outcome(
        (
            LogEvent("correct_call", offender, {"call": str(new)}),
            CloseRulings((slip.id,), Closing.DECIDED),  # the correction is the whole of it
            CorrectCall(new, replaces_last=False),
            RaiseIrregularity(RaiseRuling(Irregularity.DECLARATION_CORRECTED, offender, data)),
            AfterCall(),
        )
    )


def judge_call_attention(view: HandView, who: Seat, ruling: int | None) -> Outcome:
    """`who` calls attention to an insufficient or impossible declaration (Auction Bridge
    (1912), Law 52 as Case 2 reads it): from then on its Law 50 ruling (by default the one
    open) can only be decided, not corrected free.

    Raises:
        GameError: not the declaring phase.
        IrregularityError: no such open ruling on an insufficient or impossible declaration,
            `who` is not an adversary of its maker, or attention was already called to it.
    """
    if view.phase != "declare":
        raise GameError("attention to a declaration is called only while declaring")
    open_ruling = find_ruling(view, ruling)
    if open_ruling.kind not in _SLIPS:
        raise IrregularityError(
            f"ruling {open_ruling.id} is not on an insufficient or impossible declaration"
        )
    if who not in open_ruling.claimants:
        raise IrregularityError(
            f"{who.name.title()} is not an adversary of the declaration's maker; "
            f"claimants: {', '.join(claimant.letter for claimant in open_ruling.claimants)}"
        )
    if open_ruling.id in view.attention:
        raise IrregularityError(f"attention has already been called to ruling {open_ruling.id}")
    logged = LogEvent("call_attention", who, {"ruling": open_ruling.id})
    return Outcome((logged, AttentionCalled(open_ruling.id)))


def consent_missing(view: HandView, seat: Seat) -> tuple[Seat, str, str] | None:
    """Whose consent `seat` lacks to double now (Bridge (Elwell, 1906), Laws 56, 60):
    (consenter, who he is, law), or None when `seat` may double without one."""
    needed = view.consents.get(seat)
    # Only Bridge's Laws 56 and 60 ask a consent: an auction never records one.
    if needed is None or needed.given:
        return None
    if needed.consenter is not None:
        return needed.consenter, "the maker of the trump", needed.law
    declaring = view.declaring
    if not needed.redouble_only or declaring.doublings == 0:
        return None  # B56: a first double is not affected by the lead
    last = next(who for who, made in reversed(declaring.history) if made.kind is CallKind.DOUBLE)
    return last, "the adversary who last doubled", needed.law


def judge_consent(view: HandView, who: Seat) -> Outcome:
    """`who` gives the consent a law requires before another player may double (Bridge
    (Elwell, 1906), Laws 56, 60; see :meth:`redouble.game.Game.consent`): the maker's consent
    lifts Law 60's bar; the last doubler's is good for one re-double (Law 56).

    Raises:
        GameError: not the declaring phase, or nobody needs `who`'s consent now.
    """
    if view.phase != "declare":
        raise GameError("consent to a double: only while declaring")
    needing = [
        doubler
        for doubler in view.consents
        if (missing := consent_missing(view, doubler)) is not None and missing[0] == who
    ]
    if not needing:
        raise GameError(f"nobody needs {who.name.title()}'s consent to double now")
    effects: list[Effect] = [LogEvent("consent", who, {})]
    for doubler in needing:
        given = view.consents[doubler].redouble_only
        effects.append(ConsentGiven(doubler) if given else ConsentLifted(doubler))
    return Outcome(tuple(effects))


# ------------------------------------------------------------------------------------------------
# The end of the declaring: the Spade Convention, and the play's first rulings.
# ------------------------------------------------------------------------------------------------


def spade_hand_played(view: HandView, contract: Contract) -> bool:
    """Bridge (Elwell, 1906), Spade Convention I, where the players agree "not to play
    spades": whether `contract` is played. An undoubled spade make is played only when either
    side has 20 or more toward game; every other declaration is."""
    rules = view.law.spade_convention
    if rules is None or contract.declaration != rules.declaration:
        return True
    if rules.only_if_undoubled and contract.doublings:
        return True
    toward = view.toward_game
    return max(toward.ns, toward.ew) >= rules.min_score_to_play


def judge_declaring_over(view: HandView, contract: Contract) -> Outcome:
    """The declaring is over with `contract`: the play starts, or, under the Spade Convention
    (I), the hand is not played. The text does not say what is scored then: by default
    nothing; the law set's ``unplayed_score`` gives the maker's side that many points on the
    trick score. The deal passes to the left as after a hand played."""
    if spade_hand_played(view, contract):
        return Outcome((StartPlay(contract),))
    rules = view.law.spade_convention
    assert rules is not None  # only the convention leaves a hand unplayed
    maker = view.declaring.maker
    scorer = maker if maker is not None else contract.declarer
    if not rules.unplayed_score:
        return Outcome((HandNotPlayed(contract, scorer, None, "Spade Convention (I)"),))
    points = rules.unplayed_score
    penalty = PerSide(points, 0) if scorer.side is Side.NS else PerSide(0, points)
    return Outcome((HandNotPlayed(contract, scorer, penalty, "Spade Convention (I), not played"),))


def judge_play_starts(view: HandView) -> Outcome:
    """The play of a lenient hand starts: only the declarer's adversaries' exposed cards are
    called (Auction Bridge (1912), Laws 67, 72; Bridge (Elwell, 1906), Law 69); a card exposed
    during the auction by the opening leader's partner lets the declarer prohibit its suit
    (Auction Bridge (1912), Law 65)."""
    contract = view.contract
    assert contract is not None
    effects: list[Effect] = [NotCallable(contract.declarer), NotCallable(contract.dummy)]
    kind = Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION
    for offender, card in view.exposed_in_declaring:
        if offender.partner == contract.opening_leader and view.code.has(kind):
            data = {"card": str(card), "suit": card.suit.letter}
            effects.append(RaiseIrregularity(RaiseRuling(kind, offender, data)))
    return Outcome(tuple(effects))


# ------------------------------------------------------------------------------------------------
# Exposed cards.
# ------------------------------------------------------------------------------------------------


def judge_expose(view: HandView, player: Seat, exposed: Card, during_deal: bool) -> Outcome:
    """A card of `player`'s exposed, rectified by when it happens: during the deal (Auction Bridge
    (1912), Law 37 (c); Bridge (Elwell, 1906), Law 39), before the final declaration (Auction Bridge
    (1912), Law 65) or, in Bridge, by the dealer's side before the trump is made (Bridge (Elwell,
    1906), Law 67), before the opening lead (Auction Bridge (1912), Law 66), or in the play (Auction
    Bridge (1912), Law 67; Bridge (Elwell, 1906), Law 69)."""
    data = {"card": str(exposed)}
    if view.phase == "declare":
        if during_deal and view.calls_in_hand == 0:
            logged = LogEvent("expose", player, {"card": str(exposed), "during_deal": True})
            rule = view.code.rule(Irregularity.CARD_EXPOSED_IN_DEAL)
            who = None
            if rule.claimant is Claimant.ADVERSARIES:  # B39 a, b
                dealer = view.dealer
                who = (dealer.lho,) if player.side == dealer.side else (dealer, dealer.partner)
            request = RaiseRuling(Irregularity.CARD_EXPOSED_IN_DEAL, player, data, claimants=who)
            # A37 c: a new deal is compulsory.
            decide = "new_deal" if rule.claimant is Claimant.NONE else None
            return Outcome((logged, RaiseIrregularity(request, decide)))
        logged = LogEvent("expose", player, {"card": str(exposed), "during_deal": False})
        declaring = view.declaring
        if declaring.bidding:
            # A65: partner barred from bidding and doubling; the card is subject to call.
            bar = Bar(
                player.partner,
                "Auction Bridge (1912), Law 65",
                doubles_too=True,
                lifted_by_adversary=False,
            )
            request = RaiseRuling(
                Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION,
                player,
                {**data, "barred": player.partner.letter},
                options=(),
                note="the offender's partner may not bid or double again; the card is "
                "subject to call",
            )
            return Outcome(
                (
                    logged,
                    BarPlayer(bar),
                    ExposeCards(player, (exposed,)),
                    ExposedInDeclaring(player, exposed),
                    RaiseIrregularity(request),
                )
            )
        if player.side == declaring.dealer.side:
            if declaring.maker is None:  # B67: "before the trump declaration has been made"
                request = RaiseRuling(
                    Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION, player, data
                )
                return Outcome((logged, RaiseIrregularity(request)))
            # The trump is made: Law 67 is past, and only the dealer's adversaries' cards are
            # liable to be called (B69), so a card of the dealer's or dummy's goes unpenalised.
            request = RaiseRuling(
                Irregularity.EXPOSED_CARD,
                player,
                {**data, "callable": False},
                note="exposed by the dealer or his partner after the trump was declared: not "
                "liable to be called (Bridge (Elwell, 1906), Laws 67, 69)",
            )
            return Outcome((logged, RaiseIrregularity(request)))
        request = RaiseRuling(Irregularity.EXPOSED_CARD, player, data)
        return Outcome((logged, ExposeCards(player, (exposed,)), RaiseIrregularity(request)))
    table = view.table
    contract = view.contract
    assert table is not None
    assert contract is not None
    logged = LogEvent("expose", player, {"card": str(exposed), "during_deal": False})
    declarer, leader = contract.declarer, contract.opening_leader
    if player.side == declarer.side:
        request = RaiseRuling(
            Irregularity.EXPOSED_CARD,
            player,
            {**data, "callable": False},
            note="cards exposed by the declarer (or dummy) are not called "
            f"[{cite(view, bridge='Law 69', auction_1912='Law 72')}]",
        )
        return Outcome((logged, RaiseIrregularity(request)))
    callable_ = ExposeCards(player, (exposed,))
    if not table.tricks and not table.cards:
        if player == leader.partner:
            request = RaiseRuling(
                Irregularity.CARD_EXPOSED_BEFORE_LEAD,
                player,
                {**data, "suit": exposed.suit.letter},
            )
        else:
            request = RaiseRuling(
                Irregularity.CARD_EXPOSED_BEFORE_LEAD,
                player,
                data,
                options=(),
                note="the rightful leader exposed a card: it is subject to call "
                f"[{view.code.rule(Irregularity.CARD_EXPOSED_BEFORE_LEAD).law}]",
            )
        return Outcome((logged, callable_, RaiseIrregularity(request)))
    request = RaiseRuling(Irregularity.EXPOSED_CARD, player, {**data, "callable": True})
    return Outcome((logged, callable_, RaiseIrregularity(request)))


# ------------------------------------------------------------------------------------------------
# Remarks.
# ------------------------------------------------------------------------------------------------


def _shall_i_play(view: HandView, player: Seat) -> Outcome:
    """Bridge (Elwell, 1906), Spade Convention (II): "If the third hand player ask, 'Shall
    I play?'" while the make is not to be played.

    The text leaves open when the question can be asked: redouble takes any moment of the
    doubling of an undoubled spade make that the convention would leave unplayed (no side
    at 20). Only the third hand (the leader's partner, the dealer's right) is penalised:
    the eldest hand's "May I lead?" is his pass, the declaring's own question.
    """
    check_free(view)
    if view.phase != "declare" or not spade_play_forbidden(view):
        raise GameError(
            "spade_convention_premature_play: only while the doubling of a spade make "
            "the Spade Convention leaves unplayed goes on"
        )
    if player != view.declaring.dealer.rho:
        raise GameError(
            "spade_convention_premature_play: only the third hand's 'Shall I play?' is "
            "penalised (Bridge (Elwell, 1906), Spade Convention (II))"
        )
    kind = Irregularity.SPADE_CONVENTION_PREMATURE_PLAY
    return Outcome(
        (
            LogEvent("remark", player, {"kind": kind.value, "card": None}),
            RaiseIrregularity(RaiseRuling(kind, player, {"act": "third_hand_asks"})),
        )
    )


def judge_remark(
    view: HandView,
    remark_kind: Irregularity,
    seat: Seat | int | str,
    given: Card | str | int | None,
) -> Outcome:
    """Something said or done at the table that the laws rectify (see
    :meth:`redouble.game.Game.remark`): whether it fits the moment and the seat, and its
    ruling.

    Raises:
        IrregularityError: not a remark, or the law set's code has no law on it.
        GameError: the remark does not fit the moment or the seat.
    """
    if remark_kind not in REMARKS:
        raise IrregularityError(f"{remark_kind.value} is not a remark")
    view.code.rule(remark_kind)
    player = Seat.of(seat)
    contract = view.contract
    table = view.table
    if remark_kind is Irregularity.SPADE_CONVENTION_PREMATURE_PLAY:
        return _shall_i_play(view, player)
    if view.phase != "play" or contract is None or table is None:
        if remark_kind in (Irregularity.NEW_CARDS, Irregularity.BYSTANDER):
            return Outcome(
                (
                    LogEvent("remark", player, {"kind": remark_kind.value, "card": None}),
                    RaiseIrregularity(RaiseRuling(remark_kind, player)),
                )
            )
        raise GameError(f"{remark_kind.value}: only during the play")
    check_free(view)
    defender = player.side != contract.declarer.side
    dummy_kinds = (
        Irregularity.DUMMY_RIGHT,
        Irregularity.DUMMY_INTERVENTION,
        Irregularity.DUMMY_SUGGESTS_CARD,
    )
    if remark_kind in dummy_kinds and player != contract.dummy:
        raise GameError(f"{remark_kind.value}: only dummy")
    others = (*dummy_kinds, Irregularity.NEW_CARDS, Irregularity.BYSTANDER)
    if remark_kind not in others and not defender:
        raise GameError(f"{remark_kind.value}: the laws penalise only the declarer's adversaries")
    card = None if given is None else as_card(given)
    if remark_kind is Irregularity.DUMMY_SUGGESTS_CARD and (
        card is None or not table.holds(contract.dummy, card)
    ):
        raise GameError("dummy suggests a card of dummy's hand: give the card")
    data: dict[str, object] = {}
    if remark_kind in (
        Irregularity.ATTENTION_TO_TRICK,
        Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING,
    ):
        if player.partner in table.cards or not table.cards or table.is_full():
            raise GameError(
                f"{remark_kind.value}: only while the partner has still to play to the trick"
            )
        data = {"target": player.partner.letter, "trick": len(table.tricks)}
    if card is not None:
        data["card"] = str(card)
    logged = LogEvent(
        "remark", player, {"kind": remark_kind.value, "card": None if card is None else str(card)}
    )
    if remark_kind is Irregularity.DUMMY_INTERVENTION:
        request = RaiseRuling(remark_kind, player)
        return Outcome((logged, RaiseIrregularity(request), ForfeitDeclarerPenalties()))
    return Outcome((logged, RaiseIrregularity(RaiseRuling(remark_kind, player, data))))


# ------------------------------------------------------------------------------------------------
# Reports of a bad deal.
# ------------------------------------------------------------------------------------------------


def judge_new_deal_ground(
    view: HandView,
    letter: str,
    who: Seat | None,
    hand: int | None,
    hand_number: int,
    *,
    concluded: int | None = None,
) -> Outcome:
    """A new-deal ground `letter` reported by `who` (Auction Bridge (1912), Laws 37, 39;
    Bridge (Elwell, 1906), Laws 38, 42); `hand`: the hand it was found in, where earlier than
    the hand in progress, `hand_number`; `concluded`: the hand whose play has just concluded
    (scored, nothing of the next deal done but the dealing), if any.

    Raises:
        GameError: no such earlier hand.
        IrregularityError: the cut's omission pointed out too late, or no law on the ground.
    """
    if letter == "wrong_hand_sizes" and hand is not None and hand == concluded:
        # Law 39: "during or at the conclusion of the play" the deal is void, though scored.
        kind = Irregularity.WRONG_HAND_SIZES
        view.code.rule(kind)
        request = RaiseRuling(
            kind,
            None,
            {"ground": letter, "hand": hand},
            options=(),
            note="found at the conclusion of the play of that deal: the deal is void and its "
            "score withdrawn",
        )
        logged = LogEvent("report_new_deal_ground", who, {"ground": letter, "hand": hand})
        return Outcome((logged, RaiseIrregularity(request, void_concluded=True)))
    if hand is not None and hand != hand_number:
        if not 1 <= hand < hand_number:
            raise GameError(f"no earlier hand {shown(hand)}")
        # Case 3: found after the play of that deal, a prior score is not affected.
        request = RaiseRuling(
            Irregularity.PACK_INCORRECT,
            who,
            {"ground": letter, "hand": hand},
            options=(),
            note="found after the play of that deal: a prior score, not affected (Case 3)",
        )
        logged = LogEvent("report_new_deal_ground", who, {"ground": letter, "hand": hand})
        return Outcome((logged, RaiseIrregularity(request)))
    logged = LogEvent("report_new_deal_ground", who, {"ground": letter, "hand": None})
    if letter == "f":
        if view.phase != "declare" or view.calls_in_hand:
            rule = view.code.rule(Irregularity.PACK_NOT_CUT)
            raise IrregularityError(
                "the cut's omission must be pointed out before the deal is complete and "
                f"before looking at the cards [{rule.law}]"
            )
        request = RaiseRuling(Irregularity.PACK_NOT_CUT, view.dealer, {"ground": letter})
        return Outcome((logged, RaiseIrregularity(request)))
    kind = (
        Irregularity.PACK_INCORRECT
        if letter == "b"
        else Irregularity.WRONG_HAND_SIZES
        if letter == "wrong_hand_sizes"
        else Irregularity.NEW_DEAL_GROUND
    )
    view.code.rule(kind)
    # A compulsory ground: the deal is void and the same dealer deals again.
    request = RaiseRuling(kind, None, {"ground": letter}, options=())
    return Outcome((logged, RaiseIrregularity(request, void=True)))


def judge_dealt_out_of_turn(
    view: HandView, actual: Seat, seat: Seat | int | str | None, before_last_card: bool
) -> Outcome:
    """The hand dealt by `actual` out of turn, reported by `who` (Auction Bridge (1912), Law
    40; Bridge (Elwell, 1906), Law 43).

    Raises:
        GameError: `actual` is the rightful dealer, or the permanent dummy.
    """
    dealer = view.dealer
    if actual == dealer:
        raise GameError(f"{actual.name.title()} is the rightful dealer")
    permanent = view.law.compulsory_dummy is not None
    if permanent and actual == dealer.partner:
        raise GameError(f"{actual.name.title()} is the dummy: nobody sits there to deal")
    who = None if seat is None else Seat.of(seat)
    logged = LogEvent(
        "report_dealt_out_of_turn",
        who,
        {"dealer": actual.letter, "before_last_card": before_last_card},
    )
    data = {"dealer": actual.letter, "rightful": dealer.letter}
    kind = Irregularity.DEALT_OUT_OF_TURN
    rule = view.code.rule(kind)
    if rule.claimant is Claimant.NONE:
        # A40: the law decides by when it is found: corrected before the last card is dealt,
        # the deal standing after it.
        decide, drop = ("new_deal", "let_stand") if before_last_card else ("let_stand", "new_deal")
        request = RaiseRuling(kind, actual, data, options=options(view, kind, (drop,)))
        return Outcome((logged, RaiseIrregularity(request, decide)))
    if permanent:
        # Three-handed Bridge: the holder of the permanent dummy deals every hand of his
        # game or rubber (Bridge (Elwell, 1906), Bridge for Three Players). Letting another
        # player's deal stand would move the dummy; the deal is corrected or nothing.
        request = RaiseRuling(kind, actual, data, options=options(view, kind, ("let_stand",)))
        return Outcome((logged, RaiseIrregularity(request)))
    return Outcome((logged, RaiseIrregularity(RaiseRuling(kind, actual, data))))


def judge_dealer_looked(
    view: HandView, card: Card | str | int, seat: Seat | int | str | None
) -> Outcome:
    """The dealer looked at `looked` before fifty-one cards were dealt (Bridge (Elwell, 1906),
    Law 39 (c)): his adversaries see it, and the eldest hand may exact a new deal.

    Raises:
        GameError: the declaring has begun (Law 39 (d): claimed before the deal is complete).
    """
    if view.phase != "declare" or view.calls_in_hand:
        raise GameError(
            "the dealer's look at a card is claimed before the deal is completed "
            "[Bridge (Elwell, 1906), Law 39 (c, d)]"
        )
    check_free(view)
    looked = as_card(card)
    dealer = view.dealer
    holder = next(seat for seat in Seat if view.deal[seat].mask >> int(looked) & 1)
    data = {
        "card": str(looked),
        "holder": holder.letter,
        "shown_to": [dealer.lho.letter, dealer.rho.letter],
    }
    who = None if seat is None else Seat.of(seat)
    logged = LogEvent("report_dealer_looked", who, {"card": str(looked)})
    request = RaiseRuling(Irregularity.DEALER_LOOKED, dealer, data)
    return Outcome((logged, RaiseIrregularity(request)))
