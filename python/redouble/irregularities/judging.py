"""The referee's rulings on the play of a lenient game (internal): what a card played breaks,
what the end of the play leaves to claim, and what the revokes claimed cost.

Each function reads a :class:`~redouble.irregularities.referee.HandView` and returns values:
the rulings to raise (:class:`RaiseRuling`), in the order the game raises them, and what else
the play changes. The game (:mod:`redouble.game`) applies them; nothing here changes the hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..auction import Contract
from ..cards import Card, Seat, Side
from ..laws import Law64Revoke
from .catalogue import Claimant, Irregularity, Obligation, ObligationKind
from .helpers import law64_transfer, revoke_score_arguments
from .referee import HandView, Pending, RaiseRuling, RevokeView


@dataclass(frozen=True)
class NoLaw:
    """An act the code of laws has no law on, recorded as an event of `kind` (a premature play
    other than a defender's before his partner, Auction Bridge (1912), Law 80)."""

    kind: str
    seat: Seat
    card: Card


@dataclass(frozen=True)
class PlayVerdict:
    """What `seat`'s card does, judged before it is placed.

    ``established``: indices (into the view's revokes) of revokes the play establishes (Auction
    Bridge (1912), Law 85: the revoking side plays to the following trick); ``spent``: the
    obligations the card answers, gone once it is played; ``before``: rulings on obligations that
    could not be complied with; ``lead``: the card leads to a trick; ``after``: what the card itself
    is (a lead out of turn, a premature play, a revoke, a penalty not complied with)."""

    established: tuple[int, ...]
    spent: tuple[Pending, ...]
    before: tuple[RaiseRuling, ...]
    lead: bool
    after: tuple[RaiseRuling | NoLaw, ...]


def claimants(view: HandView, claimant: Claimant, offender: Seat | None) -> tuple[Seat, ...]:
    """The seats that may claim a penalty the rule gives to `claimant`."""
    dealer = view.dealer
    if claimant is Claimant.ADVERSARIES:
        if offender is None:
            return ()
        seats: tuple[Seat, ...] = offender.side.opponents.seats
        table = view.table
        if (
            view.phase == "play"
            and view.contract is not None
            and table is not None
            and (table.tricks or table.cards)
        ):
            # Once his cards are down (after the opening lead) dummy "takes no part whatever in
            # the play" beyond the rights listed (Auction Bridge (1912), Law 60; Bridge (Elwell,
            # 1906), Law 62), and his calling attention to a penalty bars the declarer from
            # exacting it (Law 61; Law 63): the adversaries of a defender who errs in the play
            # are the declarer alone. Before the opening lead he "has all the rights of a player".
            seats = tuple(s for s in seats if s != view.contract.dummy)
        return seats
    if claimant is Claimant.DECLARER:
        return (view.contract.declarer,) if view.contract is not None else (dealer,)
    if claimant is Claimant.MAKER:
        maker = view.declaring.maker
        return (maker,) if maker is not None else (dealer,)
    if claimant is Claimant.ELDEST_HAND:
        return (dealer.lho,)
    if claimant is Claimant.DEALER:
        return (dealer,)
    if claimant is Claimant.DEALER_SIDE:
        return (dealer, dealer.partner)
    if claimant is Claimant.OFFENDER:
        return () if offender is None else (offender,)
    return ()


def judge_play(view: HandView, seat: Seat, card: Card) -> PlayVerdict:
    """Judge `seat`'s `card` put on the trick as the table lies (Auction Bridge (1912), Laws 73-86;
    Bridge (Elwell, 1906), Laws 69-91)."""
    table = view.table
    contract = view.contract
    assert table is not None
    assert contract is not None
    declarer, dummy = contract.declarer, contract.dummy
    defenders = declarer.side.opponents
    tricks_quitted = len(table.tricks)
    established = tuple(
        index
        for index, rv in enumerate(view.revokes)
        if rv.trick < tricks_quitted
        and rv.seat.side == seat.side
        and rv.questioned
        and not (rv.established or rv.corrected)
    )
    lead = not table.cards
    follow = table.follow(seat, lead)
    spent: list[Pending] = []
    before: list[RaiseRuling] = []
    failed: Obligation | None = None
    for obligation, trick in table.applicable(view.obligations, defenders.seats, seat, lead):
        allowed = table.allowed(obligation, seat, follow, lead)
        spent.append((obligation, trick))
        if not allowed:
            if obligation.kind is ObligationKind.LEAD_SUIT:
                suit = obligation.suit.letter if obligation.suit else None
                before.append(RaiseRuling(Irregularity.CALLED_SUIT_NOT_HELD, seat, {"suit": suit}))
            continue
        bound = seat.side == defenders or seat == dummy
        if card not in allowed and failed is None and bound:
            failed = obligation
    return PlayVerdict(
        established,
        tuple(spent),
        tuple(before),
        lead,
        tuple(_what_the_card_is(view, contract, seat, card, lead, card not in follow, failed)),
    )


def _what_the_card_is(
    view: HandView,
    contract: Contract,
    seat: Seat,
    card: Card,
    lead: bool,
    renounce: bool,
    failed: Obligation | None,
) -> list[RaiseRuling | NoLaw]:
    """The rulings on the card itself: out of turn, premature, a revoke, a failure to comply."""
    table = view.table
    assert table is not None
    declarer = contract.declarer
    defenders = declarer.side.opponents
    index = len(table.tricks)
    out: list[RaiseRuling | NoLaw] = []
    rightful = table.rightful
    expected = table.expected()
    if lead and seat != rightful:
        data = {"card": str(card), "rightful": rightful.letter, "trick": index}
        if seat.side == declarer.side:
            out.append(RaiseRuling(Irregularity.DECLARER_LEAD_OUT_OF_TURN, seat, data, (declarer,)))
        else:
            out.append(RaiseRuling(Irregularity.LEAD_OUT_OF_TURN, seat, data))
    elif not lead and seat != expected:
        second = table.leader.lho
        # A80: a defender plays before his partner, the second hand: the partner is penalised.
        if (
            seat == table.leader.rho
            and expected == second
            and seat.side == defenders
            and second.side == defenders
        ):
            data = {"card": str(card), "target": second.letter, "trick": index}
            out.append(RaiseRuling(Irregularity.PLAYED_BEFORE_TURN, seat, data))
        else:
            out.append(NoLaw("early_play", seat, card))
    if not lead and renounce:
        kind = Irregularity.DUMMY_REVOKE if seat == contract.dummy else Irregularity.REVOKE
        out.append(RaiseRuling(kind, seat, {"card": str(card), "trick": index}, revoke=True))
    elif failed is not None:
        data = {"card": str(card), "trick": index, "penalty": failed.kind.value}
        out.append(
            RaiseRuling(Irregularity.FAILURE_TO_COMPLY, seat, data, revoke=True, obligation=failed)
        )
    return out


def established_count(revokes: Sequence[RevokeView], side: Side) -> int:
    """How many of `revokes` by `side` are established and not forfeited."""
    return sum(1 for rv in revokes if rv.established and not rv.forfeited and rv.seat.side == side)


def revoke_claims(view: HandView) -> tuple[RaiseRuling, ...]:
    """The revoke claims open at the end of the play (Auction Bridge (1912), Law 88; Bridge (Elwell,
    1906), Law 94), one per side with established revokes, where the code has the law."""
    contract = view.contract
    assert contract is not None
    rule = view.code.rules.get(Irregularity.REVOKE_CLAIM)
    if rule is None:
        return ()
    declarer_side = contract.declarer.side
    out = []
    for side in Side:
        count = established_count(view.revokes, side)
        if not count:
            continue
        # A84: the declarer elects 150 or three tricks for a defender's revoke (a); the
        # declarer's side revoking gives the adversaries 150 (b), never tricks.
        election = any(o.code == "points" for o in rule.options)
        drop = ("tricks",) if election and side == declarer_side else ()
        who = (contract.declarer,) if election and side != declarer_side else side.opponents.seats
        options = tuple(o for o in rule.options if o.code not in drop)
        data = {"side": side.name, "revokes": count}
        out.append(RaiseRuling(Irregularity.REVOKE_CLAIM, None, data, who, options))
    return tuple(out)


def revoke_penalty(view: HandView, elected: Mapping[Side, str]) -> dict[str, Any]:
    """The scoring arguments for the revokes whose penalty was claimed (`elected`: the claim
    made for each side's revokes, "points" or "tricks")."""
    table = view.table
    contract = view.contract
    assert table is not None
    assert contract is not None
    claimed = {side: established_count(view.revokes, side) for side in elected}
    declarer_side = contract.declarer.side
    defenders = declarer_side.opponents
    election = elected.get(defenders) if claimed.get(defenders) else None
    forfeits = None
    if isinstance(view.law.revoke, Law64Revoke):
        winners = [(trick.winner, ()) for trick in table.tricks]
        forfeits = law64_transfer(
            winners,
            [
                (rv.seat, rv.trick)
                for rv in view.revokes
                if rv.established and not rv.forfeited and rv.seat.side in claimed
            ],
        )
    return revoke_score_arguments(
        view.law, claimed, declarer_side=declarer_side, election=election, forfeits=forfeits
    )
