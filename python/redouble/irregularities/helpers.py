"""Pure helpers the game uses: a trick's winner as it lies, Law 64's transfer, the revoke's score, claims."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._check import as_card, as_index, as_iterable, as_pair, as_seat
from ..cards import Card, CardSet, Seat, Side, Strain
from ..errors import IrregularityError, RedoubleError
from ..laws import Law64Revoke, LawSet, PointsRevoke, TrickTransferRevoke
from ..laws import get as get_law_set
from ..scoring import PerSide

# --------------------------------------------------------------------------------------------
# Pure helpers the game uses.
# --------------------------------------------------------------------------------------------


def trick_winner_of(cards: Mapping[Seat, Card], leader: Seat, strain: Strain | int) -> Seat:
    """The winner of a trick as it lies, whatever its cards: the highest trump, else the highest
    card of the suit led. Cards may be missing (a card omitted: Auction Bridge (1912), Law 81) or not follow suit.

    Raises:
        IrregularityError: the leader has no card in the trick, or a seat, card or strain is
            out of range.
        TypeError: `cards` is not a mapping, or a seat, card or strain is of a wrong type.
    """
    # Checked here, since the function is public: an array or a list given for `cards` would
    # otherwise fail inside with an IndexError or an AttributeError.
    if not isinstance(cards, Mapping):
        raise TypeError(f"cards must be a mapping of seat to card, not {type(cards).__name__}")
    given, cards = cards, {}
    for seat, card in given.items():
        # A card's errors name it by its key ("cards['N']"), a seat's the mapping.
        try:
            who = Seat.of(seat)
        except RedoubleError as e:
            if isinstance(e, TypeError):
                raise
            raise IrregularityError(f"cards: {e}") from None
        try:
            cards[who] = as_card(card, f"cards[{who.letter!r}]")
        except RedoubleError as e:
            if isinstance(e, TypeError):
                raise
            raise IrregularityError(str(e)) from None
    try:
        leader = as_seat(leader, "leader")
    except RedoubleError as e:
        if isinstance(e, TypeError):
            raise
        raise IrregularityError(str(e)) from None
    strain = (
        Strain.parse(strain)
        if isinstance(strain, str)
        else Strain(as_index(strain, "strain", 0, 4, error=IrregularityError))
    )
    if leader not in cards:
        raise IrregularityError("the leader has no card in the trick")
    led = cards[leader].suit
    trump = strain.suit

    def key(item: tuple[Seat, Card]) -> tuple[int, int]:
        card = item[1]
        if trump is not None and card.suit == trump:
            return (2, int(card.rank))
        if card.suit == led:
            return (1, int(card.rank))
        return (0, 0)

    return max(cards.items(), key=key)[0]


def law64_transfer(
    tricks: Sequence[tuple[Seat, Iterable[Seat]]], revokes: Sequence[tuple[Seat, int]]
) -> PerSide:
    """Contract bridge (2017 Laws, Law 64A): tricks each side forfeits for its revokes.

    `tricks` lists each trick's winner (first item) in order; `revokes` gives (offender,
    index of the revoke trick). Law 64A1: the offender won the revoke trick: it and one more
    trick the offending side won later are transferred. 64A2: otherwise one trick, if the
    offending side won that or any later trick. A revoke's index may also be the number of
    tricks (a revoke in a trick left unfinished, which nobody won).

    Raises:
        TypeError: an argument is not a list of pairs, or a seat or index is of a wrong type.
        RedoubleError: a seat names no seat, or an index is negative or past the tricks.
    """
    winners = [
        as_seat(as_pair(t, f"tricks[{i}]", "a pair (winner, cards)")[0], f"tricks[{i}]'s winner")
        for i, t in enumerate(as_iterable(tricks, "tricks", "a list of (winner, cards) pairs"))
    ]
    offences = []
    for i, r in enumerate(as_iterable(revokes, "revokes", "a list of (offender, trick) pairs")):
        seat, index = as_pair(r, f"revokes[{i}]", "a pair (offender, trick index)")
        offences.append(
            (
                as_seat(seat, f"revokes[{i}]'s offender"),
                as_index(index, f"revokes[{i}]'s trick index", 0, len(winners)),
            )
        )
    out = [0, 0]
    for seat, index in offences:
        side = seat.side
        later = [w for w in winners[index + 1 :] if w.side == side]
        won = winners[index] if index < len(winners) else None
        if won == seat:
            n = 1 + (1 if later else 0)
        else:
            n = 1 if (won is not None and won.side == side) or later else 0
        out[side] += n
    return PerSide(out[0], out[1])


def revoke_score_arguments(
    law_set: LawSet | str,
    claimed: Mapping[Side, int],
    *,
    declarer_side: Side,
    election: str | None = None,
    forfeits: PerSide | None = None,
) -> dict[str, Any]:
    """The keyword arguments of :func:`redouble.scoring.score_hand` for the revokes claimed.

    `claimed` maps each side to its established revokes whose penalty was claimed. Auction
    1912: the declarer chooses "points" (150) or "tricks" (three tricks) when a defender
    revoked (Law 84 (b)); further revokes cost 100 each (Law 84 (c)); both sides revoking leaves only
    honours and chicane (Law 89) — all computed by the scorer from these arguments. Bridge: three
    tricks per revoke, the 28 limit (Bridge (Elwell, 1906), Laws 87-96). Contract: `forfeits` from
    :func:`law64_transfer`.

    Raises:
        IrregularityError: an election is needed and missing, or given where none applies.
    """
    law = get_law_set(law_set)
    counts = PerSide(claimed.get(Side.NS, 0), claimed.get(Side.EW, 0))
    out: dict[str, Any] = {}
    if not counts.ns and not counts.ew:
        return out
    out["revokes"] = counts
    rule = law.revoke
    if isinstance(rule, PointsRevoke):
        defenders = declarer_side.opponents
        if counts[defenders] and not counts[declarer_side]:
            if election not in ("points", "tricks"):
                raise IrregularityError(
                    "a defender's revoke: the declarer elects 'points' or 'tricks' [Auction Bridge (1912), Law 84 (b)]"
                )
            out["revoke_election"] = election
    elif isinstance(rule, Law64Revoke):
        out["revoke_tricks"] = forfeits if forfeits is not None else PerSide()
    elif isinstance(rule, TrickTransferRevoke) and election not in (None, "tricks"):
        raise IrregularityError(
            "a Bridge revoke always costs three tricks [Bridge (Elwell, 1906), Law 87]"
        )
    return out


def claim_holds(
    hands: Sequence[int | CardSet],
    strain: Strain | int,
    leader: Seat,
    trick: Sequence[Card],
    claimer_side: Side,
    tricks: int,
    *,
    max_exhaustive_tricks: int = 4,
) -> bool | None:
    """Whether `claimer_side` can take `tricks` of the remaining tricks double-dummy, by
    :mod:`redouble.solver`; None when the cards do not make a position.

    `max_exhaustive_tricks` is accepted and ignored: the solver, part of the package, always
    answers, so the exhaustive search it once bounded was never reached and is gone.
    """
    from ..play import Position
    from ..solver import Solver

    try:
        position = Position(list(hands), strain, leader, trick)
    except RedoubleError:
        return None
    left = position.tricks_left
    if tricks > left:
        return False
    got = int(Solver().solve(position))
    mine = got if position.to_play.side == claimer_side else left - got
    return mine >= tricks
