"""Scoring under any law set: hands, rubbers, Chicago, duplicate and progressive tallies.

This module is the only place with scoring logic; the numbers all come from the
:class:`~redouble.laws.LawSet` passed in. :func:`score_hand` scores one hand and returns a
:class:`HandScore` (trick score "below the line" and honour column "above the line" for each
side, with a breakdown). :class:`Rubber` and :class:`Chicago` accumulate hands into games
and rubbers and render the score sheet as players kept it; :class:`DuplicateTally` and
:class:`ProgressiveTally` total deals as points. :func:`imps` and :func:`matchpoints` convert
contract-bridge duplicate results (Law 78).

Example::

    >>> from redouble.scoring import score_hand
    >>> result = score_hand("auction_1912", "2HX", "N", {"NS": 9, "EW": 4})
    >>> result.trick_score.ns, result.honour_column.ns
    (48, 100)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import numpy as np

from redouble._check import as_iterable, shown
from redouble._jsondoc import JsonDocument
from redouble.auction import CallKind, parse_contract_text
from redouble.cards import Seat, Side
from redouble.deal import Vulnerability
from redouble.errors import RedoubleError, ScoringInputError
from redouble.laws import (
    ChicaneRules,
    Declaration,
    HonoursRules,
    Law64Revoke,
    LawSet,
    PointsRevoke,
    TrickScoring,
    TrickTransferRevoke,
)
from redouble.laws import contract as _contract_laws
from redouble.laws import get as _get_law_set
from redouble.laws.citations import law_set_title as _law_set_title

if TYPE_CHECKING:
    from redouble.deal import Deal

__all__ = [
    "BoardsLedger",
    "Chicago",
    "ChicagoLedger",
    "ContractSpec",
    "DuplicateTally",
    "HandScore",
    "HonourColumn",
    "PerSide",
    "PerSideLike",
    "ProgressiveSession",
    "ProgressiveTally",
    "Rubber",
    "RubberLedger",
    "ScoringInputError",
    "SeatLike",
    "SessionLedger",
    "SideLike",
    "TableComparison",
    "ThreeHandedSettlement",
    "VulnerabilityLike",
    "best_net",
    "compare_tables",
    "imps",
    "is_played_under_spade_convention",
    "ledger_for",
    "matchpoint_percentages",
    "matchpoints",
    "score_hand",
    "settle_three_handed",
]


# --------------------------------------------------------------------------------------------
# Small value types.
# --------------------------------------------------------------------------------------------

SideLike = Side | str | int
"""A side: :class:`~redouble.cards.Side`, "NS"/"EW", or 0/1."""
SeatLike = Seat | str | int
"""A seat: :class:`~redouble.cards.Seat`, "N"/"NORTH" ..., or 0-3."""
VulnerabilityLike = str | int | Side | Iterable[SideLike] | None
"""Who is vulnerable: "None", "NS", "EW", "Both"; a Vulnerability code 0-3; or sides."""


def _side(value: SideLike, what: str = "side") -> Side:
    """`value` as a side; a bad one is our error naming the argument `what`."""
    if isinstance(value, Side):
        return value
    if isinstance(value, str):
        key = value.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "EW"):
            return Side[key]
        raise ScoringInputError(f"{what}: not a side: {shown(value)} (expected NS or EW)")
    if isinstance(value, int | np.integer) and not isinstance(value, bool) and value in (0, 1):
        return Side(int(value))
    raise ScoringInputError(f"{what}: not a side: {shown(value)} (expected NS or EW)")


def _require_score(score: object, name: str) -> None:
    # Ledgers read a hand's fields at once: anything but a HandScore was an AttributeError.
    if not isinstance(score, HandScore):
        raise TypeError(f"{name} must be a HandScore (see score_hand), not {type(score).__name__}")


def _seat(value: SeatLike, what: str) -> Seat:
    """`value` as a seat; a bad one is our error naming the argument `what`."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str):
        key = str.__str__(value).strip().upper()  # a subclass's overrides are not trusted
        for seat in Seat:
            if key in (seat.letter, seat.name):
                return seat
        raise ScoringInputError(f"{what}: not a seat: {shown(value)} (expected N, E, S or W)")
    if isinstance(value, int | np.integer) and not isinstance(value, bool) and 0 <= value <= 3:
        return Seat(int(value))
    raise ScoringInputError(f"{what}: not a seat: {shown(value)} (expected N, E, S or W)")


@dataclasses.dataclass(frozen=True)
class PerSide:
    """A pair of integers, one per side (NS, EW), indexable by :class:`Side` or "NS"/"EW"."""

    ns: int = 0
    ew: int = 0

    @classmethod
    def of(cls, value: Mapping[Any, int] | Sequence[int] | PerSide | None, what: str) -> PerSide:
        """Build from a mapping {side: n}, a pair (ns, ew) or None (zeros).

        Raises:
            ScoringInputError: an unknown side, a value that is not an integer, or a wrong length.
        """
        if value is None:
            return cls()
        if isinstance(value, PerSide):
            return value
        values = [0, 0]
        if isinstance(value, Mapping):
            given: dict[Side, Any] = {}
            for key, amount in value.items():
                side = _side(key, what)
                # {"NS": 7, "ns": 6}: two spellings of one side; the last won in silence.
                if side in given:
                    raise ScoringInputError(
                        f"{what}: {side.name} given twice ({shown(given[side])} and {shown(key)})"
                    )
                given[side] = key
                values[side] = _integer(amount, f"{what}[{key}]")
        else:
            if not isinstance(value, Sequence | np.ndarray):
                raise TypeError(
                    f"{what} must be a pair (NS, EW) or a mapping of side to value, "
                    f"not {type(value).__name__}"
                )
            if isinstance(value, str | bytes) or len(value) != 2:
                raise ScoringInputError(f"{what} needs two values (NS, EW), not {shown(value)}")
            values = [_integer(v, what) for v in value]
        return cls(values[0], values[1])

    def __getitem__(self, side: SideLike) -> int:
        return self.ns if _side(side) == Side.NS else self.ew

    def __add__(self, other: PerSide) -> PerSide:
        return PerSide(self.ns + other.ns, self.ew + other.ew)

    def replace(self, side: SideLike, value: int) -> PerSide:
        """Return a copy with one side's value replaced."""
        return PerSide(value, self.ew) if _side(side) == Side.NS else PerSide(self.ns, value)

    def add(self, side: SideLike, value: int) -> PerSide:
        """Return a copy with ``value`` added to one side."""
        return self.replace(side, self[side] + value)

    def to_dict(self) -> dict[str, int]:
        """Return ``{"NS": ns, "EW": ew}``."""
        return {"NS": self.ns, "EW": self.ew}


PerSideLike = Mapping[Any, int] | Sequence[int] | PerSide
"""A value per side: a mapping ``{"NS": 9, "EW": 4}``, a pair ``(9, 4)`` or a :class:`PerSide`."""


def _integer(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ScoringInputError(f"{what} must be an integer, not {shown(value)}")
    return int(value)


@dataclasses.dataclass(frozen=True)
class ContractSpec:
    """What is scored: level (None in Bridge), declaration, and number of doublings."""

    level: int | None
    declaration: Declaration
    doublings: int = 0

    @classmethod
    def parse(cls, law_set: LawSet | str, text: str) -> ContractSpec:
        """Parse "2HX", "3RXX", "1NT", or for Bridge "H", "NTXXX" (one X per doubling).

        Raises:
            LawSetError: no law set has that name.
            ScoringInputError: the text is malformed, the level is out of range, the
                declaration is unknown to the law set, or it is doubled too often.
            IllegalCallTypeError: `text` is not a str (a TypeError).
        """
        law = _get_law_set(law_set)
        # redouble's one grammar for contract text; the law set checks the level's range.
        read = parse_contract_text(text, max_level=None, error=ScoringInputError)
        if read.kind is not CallKind.BID or read.name is None:
            raise ScoringInputError(
                f"cannot read a contract from {shown(text)} (e.g. '2HX', '3NT')"
            )
        try:
            declaration = law.declaration(read.name)
        except RedoubleError as err:
            raise ScoringInputError(str(err)) from None
        return cls.of(law, read.level, declaration, read.doublings)

    @classmethod
    def of(
        cls,
        law_set: LawSet | str,
        level: int | None,
        declaration: str | Declaration,
        doublings: int = 0,
    ) -> ContractSpec:
        """Build and check a contract for ``law_set``.

        Raises:
            ScoringInputError: as :meth:`parse`.
        """
        law = _get_law_set(law_set)
        try:
            decl = law.declaration(declaration)
        except RedoubleError as err:
            raise ScoringInputError(str(err)) from None
        if law.play.max_level is None:
            if level is not None:
                raise ScoringInputError(
                    f"{law.short_title} has no levels: give the declaration only"
                )
        else:
            if level is None:
                raise ScoringInputError(
                    f"{law.short_title} needs a level from 1 to {law.play.max_level}"
                )
            _integer(level, "level")
            if not 1 <= level <= law.play.max_level:
                raise ScoringInputError(
                    f"level {shown(level)} is out of range: {law.short_title} allows 1 to {law.play.max_level}"
                )
        _integer(doublings, "doublings")
        limit = law.doubling.max_doublings
        if doublings < 0 or (limit is not None and doublings > limit):
            raise ScoringInputError(
                f"{shown(doublings)} doublings: {law.short_title} allows 0 to "
                f"{'any number' if limit is None else limit}"
            )
        return cls(level, decl, doublings)

    def __str__(self) -> str:
        return f"{self.level or ''}{self.declaration.symbol}{'X' * self.doublings}"


@dataclasses.dataclass(frozen=True)
class HonourColumn:
    """The items of one hand's honour column ("above the line"), per side."""

    honours: PerSide = PerSide()
    chicane: PerSide = PerSide()
    slam: PerSide = PerSide()
    undertricks: PerSide = PerSide()
    doubled_bonus: PerSide = PerSide()
    revoke_penalty: PerSide = PerSide()
    overtricks: PerSide = PerSide()
    game_bonus: PerSide = PerSide()
    part_score_bonus: PerSide = PerSide()

    @property
    def total(self) -> PerSide:
        """Sum of all items, per side."""
        result = PerSide()
        for f in dataclasses.fields(self):
            result = result + getattr(self, f.name)
        return result

    def to_dict(self) -> dict[str, dict[str, int]]:
        """Return ``{item: {"NS": n, "EW": n}}`` for every item."""
        return {f.name: getattr(self, f.name).to_dict() for f in dataclasses.fields(self)}


@dataclasses.dataclass(frozen=True)
class HandScore(JsonDocument):
    """The score of one hand under a law set.

    ``trick_score`` is what each side scores toward game (below the line); the honour column
    (above the line) is broken down in ``breakdown``. ``game_caps`` holds, per side, the most
    that side may reach toward game after this hand (Bridge revoke, Bridge (Elwell, 1906), Laws 89, 95), or
    None.
    """

    _json_kind: ClassVar[str] = "hand_score"

    law_set: str
    contract: ContractSpec
    declarer: Seat
    vulnerable: frozenset[Side]
    tricks_in_play: PerSide
    tricks_after_revoke_penalty: PerSide
    contract_made: bool | None
    trick_score: PerSide
    breakdown: HonourColumn
    game_won_by: Side | None
    game_caps: tuple[int | None, int | None] = (None, None)

    @property
    def declarer_side(self) -> Side:
        """The declarer's (or, in Bridge, the maker's) side."""
        return self.declarer.side

    @property
    def honour_column(self) -> PerSide:
        """Total of the honour column per side."""
        return self.breakdown.total

    @property
    def deal_points(self) -> PerSide:
        """Trick score plus honour column per side: the deal's points in duplicate play."""
        return self.trick_score + self.honour_column

    def score_for(self, side: SideLike) -> int:
        """Net points of the deal for ``side`` (its points less the other side's)."""
        s = _side(side)
        return self.deal_points[s] - self.deal_points[s.opponents]

    def to_dict(self) -> dict[str, Any]:
        """Return the result with the keys of the reference cases' ``expected`` objects."""
        return {
            "contract_made": self.contract_made,
            "tricks_after_revoke_penalty": self.tricks_after_revoke_penalty.to_dict(),
            "trick_score": self.trick_score.to_dict(),
            "honour_column": self.honour_column.to_dict(),
            "honour_column_breakdown": self.breakdown.to_dict(),
            "deal_points": self.deal_points.to_dict(),
            "game_won_by": None if self.game_won_by is None else self.game_won_by.name,
        }


# --------------------------------------------------------------------------------------------
# score_hand: input checking.
# --------------------------------------------------------------------------------------------

_VULNERABILITY_NAMES = {
    "NONE": (),
    "LOVE": (),
    "-": (),
    "": (),
    "NS": (Side.NS,),
    "EW": (Side.EW,),
    "BOTH": (Side.NS, Side.EW),
    "ALL": (Side.NS, Side.EW),
}


def _vulnerability(value: VulnerabilityLike) -> frozenset[Side]:
    if value is None:
        return frozenset()
    if isinstance(value, Side):
        return frozenset((value,))
    if isinstance(value, str):
        key = value.strip().upper().replace("-", "") if value.strip() != "-" else "-"
        if key in _VULNERABILITY_NAMES:
            return frozenset(_VULNERABILITY_NAMES[key])
        raise ScoringInputError(
            f"vulnerable: not a vulnerability: {shown(value)} (None, NS, EW or Both)"
        )
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= 3:
            raise ScoringInputError(f"vulnerable: vulnerability code {shown(value)} is not 0-3")
        return frozenset(side for side in Side if value >> int(side) & 1)
    if isinstance(value, Iterable):
        return frozenset(_side(v, "vulnerable") for v in value)
    raise ScoringInputError(f"vulnerable: not a vulnerability: {shown(value)}")


def _tricks(value: PerSideLike) -> PerSide:
    tricks = PerSide.of(value, "tricks")
    if tricks.ns < 0 or tricks.ew < 0:
        raise ScoringInputError(f"tricks cannot be negative: {shown(tricks.to_dict())}")
    if tricks.ns + tricks.ew != 13:
        raise ScoringInputError(
            f"tricks must add up to 13, not {shown(tricks.ns + tricks.ew)}: {shown(tricks.to_dict())}"
        )
    return tricks


def _honour_holdings(
    decl: Declaration,
    deal: Deal | None,
    honours: Mapping[Any, int] | None,
    voids: Iterable[SeatLike] | None,
) -> tuple[list[int], list[Seat]]:
    """Return honours held by each seat and the seats void of trumps."""
    from redouble.deal import Deal as _Deal  # at run time only: deal is a typing import here

    if deal is not None and not isinstance(deal, _Deal):
        raise TypeError(f"deal must be a Deal or None, not {type(deal).__name__}")
    if honours is not None and not isinstance(honours, Mapping):
        raise TypeError(
            f"honours must be a mapping of seats to counts, not {type(honours).__name__}"
        )
    if deal is not None:
        if honours is not None or voids is not None:
            raise ScoringInputError("give either the deal or explicit honours/voids, not both")
        masks = deal.masks
        if decl.is_notrump:
            counts = [sum(mask >> (13 * s + 12) & 1 for s in range(4)) for mask in masks]
            return counts, []
        holdings = [mask >> (13 * int(decl.strain)) & 0x1FFF for mask in masks]
        counts = [(holding >> 8).bit_count() for holding in holdings]
        return counts, [Seat(i) for i, holding in enumerate(holdings) if holding == 0]
    counts = [0, 0, 0, 0]
    if honours is not None:
        given: dict[Seat, Any] = {}
        for key, amount in honours.items():
            seat = _seat(key, "honours")
            # {"N": 2, "north": 3}: two spellings of one seat; the last won in silence.
            if seat in given:
                raise ScoringInputError(
                    f"honours: {seat.letter} given twice ({shown(given[seat])} and {shown(key)})"
                )
            given[seat] = key
            counts[seat] = _integer(amount, f"honours[{key}]")
        limit = 4 if decl.is_notrump else 5
        if any(c < 0 or c > limit for c in counts):
            raise ScoringInputError(f"each seat holds 0 to {limit} honours, not {shown(counts)}")
        if sum(counts) > limit:
            what = "four aces" if decl.is_notrump else "five honours, A K Q J 10 of trumps"
            raise ScoringInputError(
                f"honour counts add up to {sum(counts)}: there are only {limit} ({what})"
            )
    void_seats = sorted({_seat(v, "trump_void_seats") for v in voids or ()})
    if void_seats and decl.is_notrump:
        raise ScoringInputError("there is no chicane at no-trump")
    if len(void_seats) == 4:
        raise ScoringInputError("all four seats cannot be void of trumps")
    for seat in void_seats:
        if counts[seat]:
            raise ScoringInputError(f"{seat.letter} is void of trumps but holds honours")
    return counts, void_seats


def _score_honours(rules: HonoursRules | None, decl: Declaration, counts: Sequence[int]) -> PerSide:
    if rules is None:
        return PerSide()
    table = rules.notrump if decl.is_notrump else rules.trump
    scale = 1 if decl.is_notrump or rules.trump_scale == "points" else decl.trick_value
    result = PerSide()
    for side in Side:
        a, b = (counts[seat] for seat in side.seats)
        result = result.replace(side, table.get((a + b, max(a, b)), 0) * scale)
    return result


def _score_chicane(
    rules: ChicaneRules | None, decl: Declaration, honours: PerSide, voids: Sequence[Seat]
) -> PerSide:
    if rules is None or decl.is_notrump or not voids:
        return PerSide()
    chicane = PerSide()
    for side in Side:
        void = [seat for seat in voids if seat.side == side]
        other = side.opponents
        if len(void) == 2:
            chicane = chicane.add(other, -rules.double_units * decl.trick_value)
        elif len(void) == 1:
            if honours[side] > 0:
                chicane = chicane.add(side, rules.single_units * decl.trick_value)
            else:
                chicane = chicane.add(other, -rules.single_units * decl.trick_value)
    for side in Side:  # a deduction never takes a side's honours below nothing
        if honours[side] + chicane[side] < 0:
            chicane = chicane.replace(side, -honours[side])
    return chicane


# --------------------------------------------------------------------------------------------
# score_hand: the three ways of scoring tricks.
# --------------------------------------------------------------------------------------------


@dataclasses.dataclass
class _Hand:
    """Working state of one hand while it is scored (internal)."""

    law: LawSet
    contract: ContractSpec
    declarer: Seat
    vulnerable: frozenset[Side]
    tricks: PerSide
    revokes: PerSide
    revoke_election: str | None
    revoke_tricks: PerSide | None
    prior: PerSide
    one_spade: bool
    honours: PerSide
    chicane: PerSide
    after: PerSide = PerSide()
    trick_score: PerSide = PerSide()
    column: dict[str, PerSide] = dataclasses.field(default_factory=dict)
    made: bool | None = None
    caps: tuple[int | None, int | None] = (None, None)

    @property
    def side(self) -> Side:
        return self.declarer.side

    def put(self, item: str, side: Side, value: int) -> None:
        self.column[item] = self.column.get(item, PerSide()).add(side, value)


def _slam(hand: _Hand, side: Side, tricks: int) -> None:
    rules = hand.law.slam
    if rules is None:
        return
    if tricks == 13:
        hand.put("slam", side, rules.grand)
    elif tricks == 12:
        hand.put("slam", side, rules.little)


def _score_majority(hand: _Hand) -> None:
    """Bridge: the side with more than six tricks scores them; revokes transfer tricks."""
    rule = hand.law.revoke
    if not isinstance(rule, TrickTransferRevoke):
        raise ScoringInputError(
            f"{hand.law.short_title}: majority scoring needs trick-transfer revokes"
        )
    if hand.revoke_election is not None or hand.revoke_tricks is not None:
        raise ScoringInputError(f"{hand.law.short_title}: a revoke always costs three tricks here")
    gain = [
        min(rule.tricks_per_revoke * hand.revokes[s.opponents], rule.max_total_tricks) for s in Side
    ]
    ns = min(max(hand.tricks.ns + gain[Side.NS] - gain[Side.EW], 0), 13)
    hand.after = PerSide(ns, 13 - ns)
    multiplier = hand.law.doubling.multiplier**hand.contract.doublings
    winner = Side.NS if ns > 6 else Side.EW
    points = (hand.after[winner] - 6) * hand.contract.declaration.trick_value * multiplier
    revoked = [s for s in Side if hand.revokes[s] > 0]
    cap = rule.both_revoke_game_cap if len(revoked) == 2 else rule.revoking_side_game_cap
    caps: list[int | None] = [None, None]
    for s in revoked:
        caps[s] = cap
    if caps[winner] is not None:
        points = min(points, max(0, cap - hand.prior[winner]))
    hand.caps = (caps[0], caps[1])
    hand.trick_score = PerSide().replace(winner, points)
    for (
        s
    ) in Side:  # Bridge (Elwell, 1906), Law 7: slam is counted without the tricks gained by penalty
        lost = min(rule.tricks_per_revoke * hand.revokes[s], hand.tricks[s])
        slam_tricks = hand.after[s] if rule.penalty_tricks_count_for_slam else hand.tricks[s] - lost
        _slam(hand, s, slam_tricks)


def _score_declarer_if_made(hand: _Hand) -> None:
    """Auction Bridge (1912): the declarer scores all tricks over six if he makes his
    declaration."""
    rule = hand.law.revoke
    if not isinstance(rule, PointsRevoke):
        raise ScoringInputError(f"{hand.law.short_title}: declarer scoring needs points revokes")
    if hand.revoke_tricks is not None:
        raise ScoringInputError(f"{hand.law.short_title}: use revoke_election, not revoke_tricks")
    decl, defs = hand.side, hand.side.opponents
    level = hand.contract.level or 0
    need = 6 + level
    doublings = hand.contract.doublings
    in_play = hand.tricks[decl]
    hand.after = hand.tricks
    if hand.revokes[defs] == 0 and hand.revoke_election is not None:
        raise ScoringInputError("revoke_election applies only when a defender revoked")

    if hand.revokes.ns and hand.revokes.ew:  # Law 89: only honours and chicane
        for s in Side:
            if hand.revokes[s] > 1:
                hand.put(
                    "revoke_penalty", s.opponents, rule.extra_revoke_points * (hand.revokes[s] - 1)
                )
        if hand.contract.declaration.is_notrump and not rule.both_revoke_allow_nt_aces:
            hand.honours = PerSide()
        hand.made = None
        return

    extra = PerSide(*(rule.extra_revoke_points * max(0, hand.revokes[s] - 1) for s in Side))
    penalty_tricks = 0
    undertrick_allowed = True
    trick_allowed = True
    slam_barred = {
        s
        for s in Side
        if hand.revokes[s] > 0 and hand.law.slam is not None and hand.law.slam.revoking_side_barred
    }
    if hand.revokes[decl]:  # Law 84 (a)
        hand.put("revoke_penalty", defs, rule.declarer_side_points + extra[decl])
        trick_allowed = False
    elif hand.revokes[defs]:  # Law 84 (b, c)
        if hand.revoke_election not in ("tricks", "points"):
            raise ScoringInputError(
                "a defender revoked: revoke_election must be 'tricks' or 'points' (Law 84 (b))"
            )
        if hand.revoke_election == "points":
            hand.put("revoke_penalty", decl, rule.defender_points + extra[defs])
        else:
            penalty_tricks = min(rule.defender_tricks, hand.tricks[defs])
            if extra[defs]:
                hand.put("revoke_penalty", decl, extra[defs])
        undertrick_allowed = False
        hand.after = hand.tricks.add(decl, penalty_tricks).add(defs, -penalty_tricks)

    total = in_play + penalty_tricks
    hand.made = total >= need
    multiplier = hand.law.doubling.multiplier**doublings
    value = hand.contract.declaration.trick_value
    if hand.made and trick_allowed:
        hand.trick_score = PerSide().replace(decl, (total - 6) * value * multiplier)
        bonus = hand.law.doubled_bonus
        no_bonus = penalty_tricks and rule.penalty_tricks_earn_bonus == "none"
        if bonus is not None and doublings and in_play >= need and not no_bonus:
            hand.put(
                "doubled_bonus",
                decl,
                bonus.base[doublings] + bonus.per_overtrick[doublings] * (in_play - need),
            )
    elif not hand.made and undertrick_allowed:
        _undertricks(hand, need - total)
    for s in Side:
        if s in slam_barred:
            continue
        needs_contract = hand.law.slam is not None and hand.law.slam.requires_contract
        if s == decl and needs_contract and not hand.made:
            continue
        _slam(hand, s, hand.tricks[s])


def _undertricks(hand: _Hand, down: int) -> None:
    rules = hand.law.undertricks
    if rules is None or down <= 0:
        return
    decl, defs = hand.side, hand.side.opponents
    schedule = rules.schedule[(decl in hand.vulnerable, hand.contract.doublings)]
    points = sum(schedule[min(i, len(schedule) - 1)] for i in range(down))
    limit = rules.one_spade_limit
    redoubled = limit is not None and limit.void_if_redoubled and hand.contract.doublings >= 2
    if hand.one_spade and limit is not None and not redoubled:
        points = min(points, limit.cap)
        penalty = hand.column.get("revoke_penalty", PerSide())
        allowed = max(0, limit.cap - points)
        if limit.includes_revoke and penalty[defs] > allowed:
            hand.column["revoke_penalty"] = penalty.replace(defs, allowed)
    hand.put("undertricks", defs, points)


def _score_contracted(hand: _Hand) -> None:
    """Contract bridge (Law 77): the declarer scores the tricks bid; premiums above the line."""
    rule = hand.law.revoke
    premiums = hand.law.premiums
    if not isinstance(rule, Law64Revoke) or premiums is None:
        raise ScoringInputError(f"{hand.law.short_title}: contract scoring needs Law 77 premiums")
    if hand.revoke_election is not None:
        raise ScoringInputError(f"{hand.law.short_title}: no revoke election; give revoke_tricks")
    transfer = hand.revoke_tricks or PerSide()
    if any(hand.revokes[s] for s in Side) and hand.revoke_tricks is None:
        raise ScoringInputError(
            "contract bridge: give revoke_tricks, the tricks each side forfeits (Law 64A)"
        )
    for s in Side:
        limit = rule.max_tricks_per_revoke * hand.revokes[s]
        if transfer[s] < 0 or transfer[s] > limit:
            raise ScoringInputError(
                f"{s.name} forfeits {shown(transfer[s])} tricks for {shown(hand.revokes[s])} revoke(s): "
                f"Law 64A allows 0 to {limit}"
            )
    ns = hand.tricks.ns - transfer.ns + transfer.ew
    if not 0 <= ns <= 13:
        raise ScoringInputError("revoke_tricks transfer more tricks than a side holds")
    hand.after = PerSide(ns, 13 - ns)
    decl, _defs = hand.side, hand.side.opponents
    level = hand.contract.level or 0
    doublings = hand.contract.doublings
    declaration = hand.contract.declaration
    vulnerable = decl in hand.vulnerable
    multiplier = hand.law.doubling.multiplier**doublings
    tricks = hand.after[decl]
    hand.made = tricks >= 6 + level
    if not hand.made:
        _undertricks(hand, 6 + level - tricks)
        return
    points = sum(declaration.value_of_trick(i) for i in range(level)) * multiplier
    hand.trick_score = PerSide().replace(decl, points)
    over = tricks - 6 - level
    if doublings == 0:
        hand.put(
            "overtricks", decl, sum(declaration.value_of_trick(level + i) for i in range(over))
        )
    else:
        each = premiums.doubled_overtrick[vulnerable] * multiplier // 2
        hand.put("overtricks", decl, each * over)
        bonus = hand.law.doubled_bonus
        if bonus is not None:
            hand.put("doubled_bonus", decl, bonus.base[doublings])
    if level == 6:
        hand.put("slam", decl, premiums.small_slam[vulnerable])
    elif level == 7:
        hand.put("slam", decl, premiums.grand_slam[vulnerable])
    game = hand.law.game
    if premiums.game is not None and game is not None and points >= game.threshold:
        hand.put("game_bonus", decl, premiums.game[vulnerable])
    elif premiums.part_score is not None:
        hand.put("part_score_bonus", decl, premiums.part_score)


_TRICK_SCORERS: Mapping[TrickScoring, Callable[[_Hand], None]] = {
    TrickScoring.MAJORITY: _score_majority,
    TrickScoring.DECLARER_IF_MADE: _score_declarer_if_made,
    TrickScoring.CONTRACTED_TRICKS: _score_contracted,
}


def score_hand(
    law_set: LawSet | str,
    contract: str | ContractSpec,
    declarer: SeatLike,
    tricks: PerSideLike,
    *,
    deal: Deal | None = None,
    honours: Mapping[Any, int] | None = None,
    trump_void_seats: Iterable[SeatLike] | None = None,
    revokes: PerSideLike | None = None,
    revoke_election: str | None = None,
    revoke_tricks: PerSideLike | None = None,
    prior_trick_score: PerSideLike | None = None,
    vulnerable: VulnerabilityLike = None,
    dealer_original_one_spade: bool = False,
) -> HandScore:
    """Score one hand under ``law_set``.

    Args:
        law_set: a :class:`~redouble.laws.LawSet` or its name ("auction_1912", "contract" ...).
        contract: "2HX", "3R", "7NTXX"; in Bridge the declaration only, one X per doubling
            ("HXXX" is doubled three times, x8); or a :class:`ContractSpec`.
        declarer: the declarer, or in Bridge the maker of the trump.
        tricks: tricks each side won in play, ``{"NS": 9, "EW": 4}`` or ``(9, 4)``.
        deal: the deal, from which honours, chicane and double chicane are computed.
        honours: instead of ``deal``, honours held per seat (aces at no-trump), e.g.
            ``{"N": 2, "S": 1, "E": 1, "W": 1}``; at most 5 in all (4 at no-trump), seats
            left out hold none. Refused (if any are held) under a law set that scores none.
        trump_void_seats: instead of ``deal``, the seats holding no trumps; refused under a
            law set that scores no chicane. (A ``deal`` is accepted under any law set.)
        revokes: established revokes per side.
        revoke_election: Auction Bridge (1912), Law 84 (b), when a defender revoked: "tricks"
            (take three tricks) or "points" (150 in the honour column).
        revoke_tricks: contract bridge, tricks each side forfeits under Law 64A.
        prior_trick_score: each side's score toward game before this hand (for game and for
            the Bridge revoke limit of 28).
        vulnerable: contract bridge: "None", "NS", "EW", "Both", a set of sides, or a
            :class:`~redouble.deal.Vulnerability`. The other law sets have no vulnerability:
            under them only None, "None" or no sides is accepted.
        dealer_original_one_spade: Auction Bridge (1912), Law 48: the contract is the dealer's
            original One Spade, left in with only passes and doubles.

    Raises:
        LawSetError: no law set has that name.
        ScoringInputError: unknown declaration, level out of range, too many
            doublings, tricks negative or not adding up to 13, impossible honours or voids,
            missing or misplaced revoke choices, a prior score already at game, or a side
            vulnerable, honours or voids under a law set that does not score them.
    """
    law = _get_law_set(law_set)
    spec = contract if isinstance(contract, ContractSpec) else ContractSpec.parse(law, contract)
    if isinstance(contract, ContractSpec):
        spec = ContractSpec.of(law, contract.level, contract.declaration, contract.doublings)
    seat = _seat(declarer, "declarer")
    played = _tricks(tricks)
    revoke_counts = PerSide.of(revokes, "revokes")
    if revoke_counts.ns < 0 or revoke_counts.ew < 0:
        raise ScoringInputError(f"revokes cannot be negative: {shown(revoke_counts.to_dict())}")
    forfeits = None if revoke_tricks is None else PerSide.of(revoke_tricks, "revoke_tricks")
    prior = PerSide.of(prior_trick_score, "prior_trick_score")
    threshold = law.game.threshold if law.game is not None else None
    for s in Side:
        if prior[s] < 0 or (threshold is not None and prior[s] >= threshold):
            raise ScoringInputError(
                f"prior_trick_score: {shown(prior[s])} for {s.name} is not below game ({threshold})"
            )
    if revoke_election is not None and revoke_election not in ("tricks", "points"):
        raise ScoringInputError(
            f"revoke_election must be 'tricks' or 'points', not {shown(revoke_election)}"
        )
    one_spade = bool(dealer_original_one_spade)
    if one_spade:
        limit = law.undertricks.one_spade_limit if law.undertricks is not None else None
        if limit is None:
            raise ScoringInputError(f"{law.short_title} has no One Spade limit")
        if spec.level != 1 or spec.declaration.symbol != "S":
            raise ScoringInputError(f"the dealer's original One Spade cannot be {spec}")
    vulnerable_sides = _vulnerability(vulnerable)
    # Only contract bridge's premiums depend on vulnerability; a side named vulnerable under
    # another law set would be ignored in silence, so it is refused ("None" is no claim).
    if vulnerable_sides and law.premiums is None:
        raise ScoringInputError(
            f"vulnerable: {law.title} has no vulnerability (only contract bridge scores it), "
            f"got {shown(vulnerable)}"
        )
    counts, voids = _honour_holdings(spec.declaration, deal, honours, trump_void_seats)
    if law.honours is None and any(counts) and deal is None:
        raise ScoringInputError(f"honours: {law.title} scores no honours")
    if law.chicane is None and voids and deal is None:
        raise ScoringInputError(f"trump_void_seats: {law.title} scores no chicane")
    honour_points = _score_honours(law.honours, spec.declaration, counts)
    hand = _Hand(
        law=law,
        contract=spec,
        declarer=seat,
        vulnerable=vulnerable_sides,
        tricks=played,
        revokes=revoke_counts,
        revoke_election=revoke_election,
        revoke_tricks=forfeits,
        prior=prior,
        one_spade=one_spade,
        honours=honour_points,
        chicane=PerSide(),
    )
    _TRICK_SCORERS[law.trick_scoring](hand)
    hand.chicane = _score_chicane(law.chicane, spec.declaration, hand.honours, voids)
    game_won_by = None
    if threshold is not None:
        for s in Side:
            if hand.trick_score[s] and prior[s] + hand.trick_score[s] >= threshold:
                game_won_by = s
    column = HonourColumn(
        honours=hand.honours,
        chicane=hand.chicane,
        **dict(hand.column.items()),
    )
    return HandScore(
        law_set=law.name,
        contract=spec,
        declarer=seat,
        vulnerable=hand.vulnerable,
        tricks_in_play=played,
        tricks_after_revoke_penalty=hand.after,
        contract_made=hand.made,
        trick_score=hand.trick_score,
        breakdown=column,
        game_won_by=game_won_by,
        game_caps=hand.caps,
    )


# --------------------------------------------------------------------------------------------
# Rubbers.
# --------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Entry:
    trick_score: PerSide
    honour_column: PerSide
    game: int
    label: str


class _GameLedger:
    """State shared by :class:`Rubber` and :class:`Chicago` (internal): hands entered, game
    winners, score toward the current game, and the score sheet drawn from them."""

    def __init__(self, law: LawSet) -> None:
        self._law = law
        self._entries: list[_Entry] = []
        self._games: list[Side] = []
        self._toward = PerSide()

    def _points(self) -> PerSide:
        """Trick score + honour column of every hand entered, per side."""
        total = PerSide()
        for entry in self._entries:
            total = total + entry.trick_score + entry.honour_column
        return total

    def _reaching_game(self, trick_score: PerSide) -> tuple[PerSide, list[Side]]:
        """Score toward game with ``trick_score`` added, and the sides that reach game."""
        game = self._law.game
        assert game is not None
        toward = self._toward + trick_score
        return toward, [s for s in Side if toward[s] >= game.threshold]

    def score_sheet(self) -> str:
        """Render the score sheet (each subclass draws its own)."""
        raise NotImplementedError

    def _render_sheet(
        self,
        title: str,
        *,
        bonus: tuple[str, Side | None, int],
        totals: PerSide,
        footer: str,
    ) -> str:
        entries = self._entries
        game_labels = [f"game {i + 1}: {side.name}" for i, side in enumerate(self._games)]
        width = 9

        def row(ns: str, ew: str, note: str = "") -> str:
            return f"{ns:>{width}} | {ew:<{width}}  {note}".rstrip()

        def cell(value: int) -> str:
            return str(value) if value else ""

        rule = f"{'-' * (width + 1)}+{'-' * (width + 1)}"
        lines = [title, "", row("NS", "EW"), rule]
        label, side, amount = bonus
        if side is not None and amount:
            lines.append(
                row(
                    cell(amount) if side == Side.NS else "",
                    cell(amount) if side == Side.EW else "",
                    label,
                )
            )
        for entry in reversed(entries):
            if entry.honour_column.ns or entry.honour_column.ew:
                lines.append(row(cell(entry.honour_column.ns), cell(entry.honour_column.ew)))
        lines.append(f"{'=' * (width + 1)}+{'=' * (width + 1)}")
        for index in range(len(game_labels) + 1):
            game_entries = [
                e for e in entries if e.game == index and (e.trick_score.ns or e.trick_score.ew)
            ]
            for entry in game_entries:
                lines.append(
                    row(cell(entry.trick_score.ns), cell(entry.trick_score.ew), entry.label)
                )
            if index < len(game_labels):
                lines.append(f"{rule}  {game_labels[index]}")
        lines.append(rule)
        lines.append(row(str(totals.ns), str(totals.ew), "total"))
        lines.append(footer)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.score_sheet()


class Rubber(_GameLedger):
    """A rubber under a law set: games of tricks alone, best of three, rubber bonus.

    Part-scores stop counting toward game when either side wins a game (flag
    ``partscore_reset_on_game``); the third game is not played when one side wins the first
    two; a Bridge side that revoked cannot pass 28 toward game in that hand. With
    ``single_game=True`` the rubber is a single game (three-handed Bridge "games", bonus 50).

    Raises:
        LawSetError: no law set has that name.
        ScoringInputError: the law set has no games or rubbers (duplicate, progressive).
    """

    def __init__(self, law_set: LawSet | str, *, single_game: bool = False) -> None:
        law = _get_law_set(law_set)
        if law.game is None or law.rubber is None:
            raise ScoringInputError(f"{law.short_title} is not played in games and rubbers")
        if single_game and not law.plays_single_games:
            raise ScoringInputError(f"{law.short_title} has no bonus for single games")
        super().__init__(law)
        self._single_game = single_game

    @property
    def law_set(self) -> LawSet:
        """The law set the rubber is played under."""
        return self._law

    @property
    def games_to_win(self) -> int:
        """Games a side must win to take the rubber (1 for a single game)."""
        assert self._law.rubber is not None
        return 1 if self._single_game else self._law.rubber.games_to_win

    @property
    def toward_game(self) -> PerSide:
        """Each side's trick score in the current game."""
        return self._toward

    @property
    def games(self) -> PerSide:
        """Games won by each side."""
        return PerSide(self._games.count(Side.NS), self._games.count(Side.EW))

    @property
    def game_winners(self) -> tuple[Side, ...]:
        """The winner of each game so far, in order."""
        return tuple(self._games)

    @property
    def vulnerable(self) -> frozenset[Side]:
        """Sides that have won a game (vulnerable, in contract bridge)."""
        return frozenset(self._games)

    @property
    def is_complete(self) -> bool:
        """Whether a side has won the rubber."""
        return max(self.games.ns, self.games.ew) >= self.games_to_win

    @property
    def winner(self) -> Side | None:
        """The side that won the rubber, or None while it goes on."""
        if not self.is_complete:
            return None
        return Side.NS if self.games.ns > self.games.ew else Side.EW

    @property
    def third_game_played(self) -> bool:
        """Whether a third game was played (it is not when one side won the first two)."""
        return len(self._games) >= 3

    @property
    def rubber_bonus(self) -> int:
        """The bonus to the winners (0 while the rubber goes on)."""
        winner = self.winner
        rules = self._law.rubber
        assert rules is not None
        assert self._law.game is not None
        if winner is None:
            return 0
        if self._single_game:
            return self._law.game.single_game_bonus or 0
        return rules.bonus[self.games[winner.opponents]]

    @property
    def totals(self) -> PerSide:
        """Trick score + honour column of every hand per side, plus the rubber bonus."""
        total = self._points()
        winner = self.winner
        return total if winner is None else total.add(winner, self.rubber_bonus)

    @property
    def difference(self) -> int | None:
        """The value of the rubber: winners' total less losers' (None while it goes on)."""
        winner = self.winner
        if winner is None:
            return None
        return self.totals[winner] - self.totals[winner.opponents]

    def unfinished_totals(self) -> PerSide:
        """Totals if play stops now, with the unfinished-rubber premiums where the law set has
        them (contract bridge: 300 for a side's only game, 100 for a part-score)."""
        rules = self._law.rubber
        assert rules is not None
        total = self.totals
        if self.is_complete:
            return total
        for side in Side:
            if rules.unfinished_game is not None and self.games[side] > self.games[side.opponents]:
                total = total.add(side, rules.unfinished_game)
            if rules.unfinished_partscore is not None and self._toward[side] > 0:
                total = total.add(side, rules.unfinished_partscore)
        return total

    def add(self, score: HandScore, *, label: str = "") -> None:
        """Add a hand scored with :func:`score_hand` under this rubber's law set.

        The hand should have been scored with ``prior_trick_score=rubber.toward_game``; the
        Bridge revoke limit is applied again here from the rubber's own state.

        Raises:
            ScoringInputError: the hand was scored under another law set, or the rubber is over.
        """
        _require_score(score, "score")
        if not isinstance(label, str):
            raise TypeError(f"label must be a str, not {type(label).__name__}")
        if score.law_set != self._law.name:
            raise ScoringInputError(
                f"hand scored under {_law_set_title(score.law_set)}, rubber played under "
                f"{self._law.short_title}"
            )
        trick = score.trick_score
        for side in Side:
            cap = score.game_caps[side]
            if cap is not None:
                trick = trick.replace(side, min(trick[side], max(0, cap - self._toward[side])))
        self.record(trick, score.honour_column, label=label or str(score.contract))

    def score_hand(
        self,
        contract: str | ContractSpec,
        declarer: SeatLike,
        tricks: PerSideLike,
        **options: Any,
    ) -> HandScore:
        """Score a hand with the rubber's state (score toward game, vulnerability) and add it.

        Takes the arguments of :func:`score_hand` except ``prior_trick_score`` and
        ``vulnerable``, which come from the rubber.

        Raises:
            ScoringInputError: as :func:`score_hand`, or the rubber is over.
        """
        if "prior_trick_score" in options or "vulnerable" in options:
            raise ScoringInputError("the rubber supplies prior_trick_score and vulnerable")
        if self.is_complete:
            raise ScoringInputError("the rubber is over")
        score = score_hand(
            self._law,
            contract,
            declarer,
            tricks,
            prior_trick_score=self._toward,
            # Sides that have won a game are vulnerable only where premiums depend on it.
            vulnerable=self.vulnerable if self._law.premiums is not None else None,
            **options,
        )
        self.add(score)
        return score

    def record(
        self,
        trick_score: PerSideLike,
        honour_column: PerSideLike,
        *,
        label: str = "",
    ) -> None:
        """Enter a hand's points directly: trick score (below) and honour column (above).

        Raises:
            ScoringInputError: negative points, or the rubber is already over.
        """
        if self.is_complete:
            raise ScoringInputError("the rubber is over: no more hands can be added")
        trick = PerSide.of(trick_score, "trick_score")
        honour = PerSide.of(honour_column, "honour_column")
        if min(trick.ns, trick.ew) < 0:
            raise ScoringInputError("trick scores cannot be negative")
        game = self._law.game
        assert game is not None
        toward, winners = self._reaching_game(trick)
        if len(winners) == 2:
            raise ScoringInputError("both sides cannot reach game on the same hand")
        self._entries.append(_Entry(trick, honour, len(self._games), label))
        if winners:
            self._games.append(winners[0])
            toward = PerSide() if game.partscore_reset_on_game else toward.replace(winners[0], 0)
        self._toward = toward

    def score_sheet(self) -> str:
        """Render the score sheet: honour column above the line, tricks below, per side."""
        return self._render_sheet(
            f"{'Game' if self._single_game else 'Rubber'} under {self._law.short_title}",
            bonus=(f"{self._unit} bonus", self.winner, self.rubber_bonus),
            totals=self.totals,
            footer=self._footer(),
        )

    @property
    def _unit(self) -> str:
        """What is being played, in the sheet's words: a rubber, or a single game."""
        return "game" if self._single_game else "rubber"

    def _footer(self) -> str:
        winner = self.winner
        if winner is None:
            return f"{self._unit.title()} in progress: games NS {self.games.ns}, EW {self.games.ew}"
        return f"{winner.name} win the {self._unit} by {self.difference}"

    def __repr__(self) -> str:
        return (
            f"<Rubber {self._law.name} games NS {self.games.ns} EW {self.games.ew} "
            f"totals NS {self.totals.ns} EW {self.totals.ew}>"
        )


# --------------------------------------------------------------------------------------------
# Chicago.
# --------------------------------------------------------------------------------------------


class Chicago(_GameLedger):
    """Chicago (four-deal bridge): fixed vulnerability, game and fourth-deal part-score bonuses.

    Raises:
        LawSetError: no law set has that name.
        ScoringInputError: the law set has no Chicago rules.
    """

    def __init__(
        self, law_set: LawSet | str = "contract_chicago", *, first_dealer: SeatLike = Seat.NORTH
    ) -> None:
        law = _get_law_set(law_set)
        if law.chicago is None or law.game is None:
            raise ScoringInputError(f"{law.short_title} has no Chicago rules")
        super().__init__(law)
        self._first = _seat(first_dealer, "first_dealer")

    @property
    def law_set(self) -> LawSet:
        """The law set."""
        return self._law

    @property
    def deals_played(self) -> int:
        """Number of deals scored so far."""
        return len(self._entries)

    @property
    def is_complete(self) -> bool:
        """Whether all the deals of the chukker have been played."""
        assert self._law.chicago is not None
        return self.deals_played >= self._law.chicago.deals

    @property
    def next_dealer(self) -> Seat:
        """The dealer of the next deal (the deal passes to the left)."""
        return self._first.next(self.deals_played)

    def vulnerable_on(self, deal_number: int) -> frozenset[Side]:
        """Sides vulnerable on deal ``deal_number`` (1-based).

        Raises:
            ScoringInputError: the deal number is out of range.
        """
        rules = self._law.chicago
        assert rules is not None
        if not 1 <= deal_number <= rules.deals:
            raise ScoringInputError(f"deal number must be 1 to {rules.deals}")
        kind = rules.vulnerability[deal_number - 1]
        dealer = self._first.next(deal_number - 1)
        return {"none": frozenset(), "dealer": frozenset((dealer.side,)), "both": frozenset(Side)}[
            kind
        ]

    @property
    def toward_game(self) -> PerSide:
        """Each side's part-score carried toward game."""
        return self._toward

    @property
    def totals(self) -> PerSide:
        """Points per side so far, bonuses included."""
        return self._points()

    def score_hand(
        self,
        contract: str | ContractSpec,
        declarer: SeatLike,
        tricks: PerSideLike,
        **options: Any,
    ) -> HandScore:
        """Score the next deal (vulnerability and part-scores from the chukker) and add it.

        Raises:
            ScoringInputError: as :func:`score_hand`, or all deals have been played.
        """
        if self.is_complete:
            raise ScoringInputError("all the deals of this Chicago have been played")
        if "prior_trick_score" in options or "vulnerable" in options:
            raise ScoringInputError("Chicago supplies prior_trick_score and vulnerable")
        number = self.deals_played + 1
        vulnerable = self.vulnerable_on(number)
        score = score_hand(
            self._law,
            contract,
            declarer,
            tricks,
            prior_trick_score=self._toward,
            vulnerable=vulnerable,
            **options,
        )
        rules = self._law.chicago
        assert rules is not None
        honour = score.honour_column
        toward, winners = self._reaching_game(score.trick_score)
        for side in winners:
            honour = honour.add(side, rules.game_bonus[side in vulnerable])
            self._games.append(side)
        if winners:
            toward = PerSide()
        elif number == rules.deals:
            for side in Side:
                if score.trick_score[side]:
                    honour = honour.add(side, rules.last_deal_partscore_bonus)
        self._entries.append(
            _Entry(
                score.trick_score,
                honour,
                len(self._games) - len(winners),
                f"deal {number}: {score.contract}",
            )
        )
        self._toward = toward
        return score

    def score_sheet(self) -> str:
        """Render the Chicago score sheet (bonuses above the line with the other premiums)."""
        return self._render_sheet(
            f"Chicago under {self._law.short_title}",
            bonus=("", None, 0),
            totals=self.totals,
            footer=f"after {self.deals_played} deal(s)",
        )


# --------------------------------------------------------------------------------------------
# Session ledgers: how a game's hands add up, chosen by the law set.
# --------------------------------------------------------------------------------------------


class SessionLedger(Protocol):
    """How a session's hands add up: a rubber, a Chicago, or boards scored alone.

    A :class:`~redouble.game.Game` enters each hand in the ledger :func:`ledger_for` chooses
    for its law set and asks it whether the session is over.
    """

    def score_hand(
        self, contract: str, declarer: SeatLike, tricks: PerSideLike, **options: Any
    ) -> HandScore:
        """Score the next hand and enter it."""
        ...

    def pass_out(self) -> bool:
        """Enter a passed-out deal; whether the deal then passes to the left."""
        ...

    @property
    def is_complete(self) -> bool:
        """Whether the session is over."""
        ...

    def score_sheet(self) -> str:
        """The score sheet as players kept it."""
        ...

    @property
    def totals(self) -> PerSide:
        """Points per side so far."""
        ...


class RubberLedger(Rubber):
    """A game's rubber: a :class:`Rubber` that also enters passed-out deals."""

    def pass_out(self) -> bool:
        """Rubber bridge: a passed-out deal is thrown in and the deal passes to the left."""
        return True


class ChicagoLedger(Chicago):
    """A game's Chicago: a :class:`Chicago` that also enters passed-out deals."""

    def pass_out(self) -> bool:
        """Chicago: a passed-out deal is redealt by the same dealer (it does not count)."""
        return False


class BoardsLedger:
    """Duplicate and progressive play: each board scored alone, vulnerability by board number.

    Args:
        law_set: the law set scored.
        boards: how many boards the session has.
    """

    def __init__(self, law_set: LawSet, boards: int) -> None:
        self._law = law_set
        self._boards = boards
        self._scores: list[HandScore] = []
        self._passed = 0

    def score_hand(
        self, contract: str, declarer: SeatLike, tricks: PerSideLike, **options: Any
    ) -> HandScore:
        """Score the next board (its vulnerability from its number, where the law set has
        premiums that depend on it) and enter it."""
        number = len(self._scores) + self._passed + 1
        if self._law.premiums is not None:
            options["vulnerable"] = Vulnerability.of_board(number)
        score = score_hand(self._law, contract, declarer, tricks, **options)
        self._scores.append(score)
        return score

    def pass_out(self) -> bool:
        """Duplicate: a passed-out board scores nothing for either side and counts as played."""
        self._passed += 1
        return True

    @property
    def is_complete(self) -> bool:
        """Whether every board has been played."""
        return len(self._scores) + self._passed >= self._boards

    def score_sheet(self) -> str:
        """Each scored board's points per side, and the totals."""
        lines = [f"{'Board':>5} {'NS':>7} {'EW':>7}"]
        for i, s in enumerate(self._scores, 1):
            p = s.deal_points
            lines.append(f"{i:>5} {p.ns:>7} {p.ew:>7}")
        t = self.totals
        lines.append(f"{'Total':>5} {t.ns:>7} {t.ew:>7}")
        return "\n".join(lines)

    @property
    def totals(self) -> PerSide:
        """Points per side of the boards scored so far."""
        total = PerSide()
        for s in self._scores:
            total = total + s.deal_points
        return total


def ledger_for(
    law_set: LawSet, *, first_dealer: Seat, boards: int, single_game: bool = False
) -> SessionLedger:
    """The ledger a session under `law_set` keeps: a rubber where the law set plays rubbers
    (one game when `single_game`), Chicago where it plays Chicago, otherwise `boards` boards
    scored alone."""
    if law_set.rubber is not None:
        return RubberLedger(law_set, single_game=single_game)
    if law_set.chicago is not None:
        return ChicagoLedger(law_set, first_dealer=first_dealer)
    return BoardsLedger(law_set, boards)


# --------------------------------------------------------------------------------------------
# Duplicate, progressive and three-handed tallies.
# --------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class TableComparison:
    """One deal played at two tables: team A sits NS at table 1 and EW at table 2."""

    table1_points: PerSide
    table2_points: PerSide
    team_a_net: int
    team_b_net: int

    def to_dict(self) -> dict[str, Any]:
        """Return the comparison with the reference cases' keys."""
        return {
            "table1_points": self.table1_points.to_dict(),
            "table2_points": self.table2_points.to_dict(),
            "team_A_net": self.team_a_net,
            "team_B_net": self.team_b_net,
        }


def compare_tables(table1: HandScore, table2: HandScore) -> TableComparison:
    """Compare one deal played at two tables (flag ``duplicate_netting="team_of_four"``).

    Raises:
        TypeError: if a table is not a :class:`HandScore`.
        ScoringInputError: the two hands were scored under different law sets.
    """
    for name, table in (("table1", table1), ("table2", table2)):
        if not isinstance(table, HandScore):
            raise TypeError(f"{name} must be a HandScore, not {type(table).__name__}")
    if table1.law_set != table2.law_set:
        raise ScoringInputError("both tables must be scored under the same law set")
    one, two = table1.deal_points, table2.deal_points
    net = (one.ns - one.ew) + (two.ew - two.ns)
    return TableComparison(one, two, net, -net)


class DuplicateTally:
    """Totals of a duplicate match between two teams of four, deal by deal.

    Raises:
        LawSetError: no law set has that name.
        ScoringInputError: the law set is not scored for points (it has rubbers instead).
    """

    def __init__(self, law_set: LawSet | str) -> None:
        law = _get_law_set(law_set)
        if law.rubber is not None:
            raise ScoringInputError(f"{law.short_title} is played in rubbers, not duplicate")
        self._law = law
        self._boards: list[TableComparison] = []

    @property
    def boards(self) -> tuple[TableComparison, ...]:
        """The comparisons so far."""
        return tuple(self._boards)

    def add(self, table1: HandScore, table2: HandScore) -> TableComparison:
        """Add one deal played at both tables and return its comparison.

        Raises:
            ScoringInputError: a hand was scored under another law set.
        """
        _require_score(table1, "table1")
        _require_score(table2, "table2")
        if table1.law_set != self._law.name:
            raise ScoringInputError(
                f"hand scored under {_law_set_title(table1.law_set)}, not {self._law.short_title}"
            )
        comparison = compare_tables(table1, table2)
        self._boards.append(comparison)
        return comparison

    @property
    def team_a_net(self) -> int:
        """Team A's net points over all deals."""
        return sum(b.team_a_net for b in self._boards)

    @property
    def team_b_net(self) -> int:
        """Team B's net points over all deals."""
        return -self.team_a_net

    @property
    def team_a_imps(self) -> int:
        """Team A's IMPs over all deals (each deal's net converted by Law 78B)."""
        return sum(imps(b.team_a_net) for b in self._boards)


def best_net(nets: Mapping[str, int]) -> tuple[str, ...]:
    """Return the player(s) with the best net score, in the mapping's order (ties included).

    Raises:
        TypeError: if `nets` is not a mapping of names to int scores.
    """
    if not isinstance(nets, Mapping):
        raise TypeError(f"nets must be a mapping of player to net score, not {type(nets).__name__}")
    for player, net in nets.items():
        if isinstance(net, bool) or not isinstance(net, int | np.integer):
            raise TypeError(f"nets[{shown(player)}] must be an int score, not {type(net).__name__}")
    if not nets:
        return ()
    best = max(nets.values())
    return tuple(player for player, net in nets.items() if net == best)


class ProgressiveTally:
    """Progressive Bridge: each player's points won and lost over a session; best net wins.

    Raises:
        LawSetError: no law set has that name.
        ScoringInputError: the law set has no progressive tally.
    """

    def __init__(self, law_set: LawSet | str = "bridge_progressive") -> None:
        law = _get_law_set(law_set)
        if law.tally is None or law.tally.kind != "progressive":
            raise ScoringInputError(f"{law.short_title} has no progressive tally")
        self._law = law
        self._won: dict[str, int] = {}
        self._lost: dict[str, int] = {}

    def add(self, score: HandScore, players: Mapping[Any, str] | None = None) -> None:
        """Credit a hand: each player wins his side's points and loses the other side's.

        ``players`` maps seats to player names (default: the seat letters).

        Raises:
            ScoringInputError: the hand was scored under another law set, or a seat is unknown.
        """
        _require_score(score, "score")
        if score.law_set != self._law.name:
            raise ScoringInputError(
                f"hand scored under {_law_set_title(score.law_set)}, not {self._law.short_title}"
            )
        names = {seat: seat.letter for seat in Seat}
        for key, name in (players or {}).items():
            names[_seat(key, "players")] = str(name)
        points = score.deal_points
        for seat in Seat:
            name = names[seat]
            self._won[name] = self._won.get(name, 0) + points[seat.side]
            self._lost[name] = self._lost.get(name, 0) + points[seat.side.opponents]

    @property
    def won(self) -> dict[str, int]:
        """Points won per player."""
        return dict(self._won)

    @property
    def lost(self) -> dict[str, int]:
        """Points lost per player."""
        return dict(self._lost)

    @property
    def net(self) -> dict[str, int]:
        """Points won less points lost per player."""
        return {name: self._won[name] - self._lost[name] for name in self._won}

    @property
    def winners(self) -> tuple[str, ...]:
        """The player(s) with the best net score."""
        return best_net(self.net)


class ProgressiveSession:
    """A session of Progressive Bridge (Elwell, 1906): the tables, the movement, the tally.

    "The players are usually numbered, 1, 2, 3, 4 playing at Table 1, and 5, 6, 7, 8 at Table
    2, etc. At each table the cards are cut in the usual manner for partners and for the deal;
    and a stated number of hands played for points, tricks and honours included, without
    regard to games or rubbers. An individual score is kept of the points lost and won during
    the entire game; the points lost being deducted from those won, and the player making the
    best net score being declared the winner." Each hand is entered with :meth:`record`, the
    seats of the four players as they cut at that table (partners are cut once a round: every
    hand of a round at a table keeps them); :meth:`end_round` moves the players on.

    The movement: the book says only that the game is played "in much the same manner as
    Progressive Euchre". Its usual movement is assumed: at the end of a round the pair with
    more points in the round at each table wins it; at table 1 the winners stay and the losers
    go to the last table; at every other table the winners move up one table and the losers
    stay. A tie at a table is decided by the players (a cut), given to :meth:`end_round`. With
    one table nobody moves.

    Args:
        law_set: a law set with a progressive tally (``"bridge_progressive"``).
        tables: the number of tables (four players each).
        hands_per_round: the stated number of hands each table plays in a round.
        players: the players' names, four a table in order (default "1", "2", ... numbered).

    Raises:
        TypeError: `tables` or `hands_per_round` not an integer, or a name not a string.
        LawSetError: no law set has that name.
        ScoringInputError: the law set has no progressive tally, a count is below 1, or the
            names are not four a table, all different.
    """

    def __init__(
        self,
        law_set: LawSet | str = "bridge_progressive",
        *,
        tables: int,
        hands_per_round: int,
        players: Sequence[str] | None = None,
    ) -> None:
        for what, value in (("tables", tables), ("hands_per_round", hands_per_round)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{what} must be an int, not {type(value).__name__}")
            if value < 1:
                raise ScoringInputError(f"{what} must be at least 1, got {shown(value)}")
        names = [str(n) for n in range(1, 4 * tables + 1)] if players is None else list(players)
        for name in names:
            if not isinstance(name, str):
                raise TypeError(f"players must be strings, not {type(name).__name__}")
        if len(names) != 4 * tables or len(set(names)) != len(names):
            raise ScoringInputError(
                f"players: {tables} table(s) need {4 * tables} different names, got {shown(names)}"
            )
        self._tally = ProgressiveTally(law_set)
        self._law = _get_law_set(law_set)
        self._numbering = names
        self._hands = hands_per_round
        self._tables = [tuple(names[4 * t : 4 * t + 4]) for t in range(tables)]
        self._round = 1
        self._played = [0] * tables
        self._pairs: list[dict[str, frozenset[str]]] = [{} for _ in range(tables)]
        self._points: list[dict[frozenset[str], int]] = [{} for _ in range(tables)]
        self._history: list[tuple[int, int, dict[frozenset[str], int]]] = []

    @property
    def round(self) -> int:
        """The round being played (from 1)."""
        return self._round

    @property
    def tables(self) -> tuple[tuple[str, ...], ...]:
        """The players at each table this round (table 1 first)."""
        return tuple(self._tables)

    @property
    def hands_per_round(self) -> int:
        """The stated number of hands a table plays in a round."""
        return self._hands

    def record(self, table: int, score: HandScore, seats: Mapping[Any, str]) -> None:
        """Enter a hand played at `table` (from 1): each player wins his side's points and
        loses the other side's.

        Args:
            table: the table's number.
            score: the hand's score, under the session's law set.
            seats: the four players of the table by seat (as they cut for partners).

        Raises:
            ScoringInputError: no such table; the hand is scored under another law set; the
                table has played its hands this round; the seats do not name the table's four
                players, or break the partnerships cut for the round.
        """
        if isinstance(table, bool) or not isinstance(table, int):
            raise TypeError(f"table must be an int, not {type(table).__name__}")
        if not 1 <= table <= len(self._tables):
            raise ScoringInputError(
                f"table must be from 1 to {len(self._tables)}, got {shown(table)}"
            )
        i = table - 1
        _require_score(score, "score")
        if score.law_set != self._law.name:
            raise ScoringInputError(
                f"hand scored under {_law_set_title(score.law_set)}, not {self._law.short_title}"
            )
        if self._played[i] >= self._hands:
            raise ScoringInputError(
                f"table {table} has played its {self._hands} hand(s) of round {self._round}"
            )
        by_seat = {_seat(k, "seats"): str(v) for k, v in seats.items()}
        if set(by_seat) != set(Seat) or sorted(by_seat.values()) != sorted(self._tables[i]):
            raise ScoringInputError(
                f"seats must name the four players of table {table} "
                f"({', '.join(self._tables[i])}), got {shown(seats)}"
            )
        pairs = {
            name: frozenset(by_seat[x] for x in Seat if x.side is seat.side)
            for seat, name in by_seat.items()
        }
        if self._pairs[i] and pairs != self._pairs[i]:
            raise ScoringInputError(
                f"seats: the partners at table {table} were cut for the round; they do not "
                "change until it ends"
            )
        self._tally.add(score, by_seat)
        self._pairs[i] = pairs
        points = score.deal_points
        for side in Side:
            pair = frozenset(by_seat[x] for x in Seat if x.side is side)
            self._points[i][pair] = self._points[i].get(pair, 0) + points[side]
        self._played[i] += 1

    def end_round(self, *, ties: Mapping[int, str] | None = None) -> tuple[tuple[str, ...], ...]:
        """End the round: move the players on (see the class) and return the new tables.

        Args:
            ties: for each table whose pairs tie on the round, a player of the pair that won
                the cut.

        Raises:
            ScoringInputError: a table has not played its hands, or a tie is not decided (or a
                decision names no player of the table).
        """
        short = [t + 1 for t, n in enumerate(self._played) if n < self._hands]
        if short:
            raise ScoringInputError(
                f"table(s) {', '.join(map(str, short))} have not played their "
                f"{self._hands} hand(s) of round {self._round}"
            )
        ties = dict(ties or {})
        winners: list[frozenset[str]] = []
        losers: list[frozenset[str]] = []
        for t, points in enumerate(self._points):
            (a, pa), (b, pb) = points.items()
            if pa == pb:
                choice = ties.get(t + 1)
                if choice is None or choice not in a | b:
                    raise ScoringInputError(
                        f"ties: the pairs at table {t + 1} tie on {pa}: name a player of the "
                        "pair that won the cut"
                    )
                won = a if choice in a else b
            else:
                won = a if pa > pb else b
            winners.append(won)
            losers.append(b if won == a else a)
        self._history += [(self._round, t + 1, dict(p)) for t, p in enumerate(self._points)]
        n = len(self._tables)
        moved: list[list[str]] = [[] for _ in range(n)]
        for t in range(n):
            moved[max(t - 1, 0)] += winners[t]
            moved[n - 1 if t == 0 else t] += losers[t]  # one table: nobody moves
        self._tables = [tuple(sorted(players, key=self._order)) for players in moved]
        self._round += 1
        self._played = [0] * n
        self._pairs = [{} for _ in range(n)]
        self._points = [{} for _ in range(n)]
        return self.tables

    def _order(self, name: str) -> int:
        """A player's place in the session's numbering (to list a table's players)."""
        return self._numbering.index(name)

    @property
    def rounds(self) -> tuple[tuple[int, int, dict[frozenset[str], int]], ...]:
        """Each finished round at each table: (round, table, points of each pair)."""
        return tuple(self._history)

    @property
    def won(self) -> dict[str, int]:
        """Points won per player over the session."""
        return self._tally.won

    @property
    def lost(self) -> dict[str, int]:
        """Points lost per player over the session."""
        return self._tally.lost

    @property
    def net(self) -> dict[str, int]:
        """Points won less points lost per player."""
        return self._tally.net

    @property
    def winners(self) -> tuple[str, ...]:
        """The player(s) with the best net score (a tie is left to the players)."""
        return self._tally.winners

    def score_sheet(self) -> str:
        """Each player's points won, lost and net, best net first."""
        net = self.net
        lines = [f"{'Player':>8} {'Won':>6} {'Lost':>6} {'Net':>6}"]
        for name in sorted(net, key=lambda p: (-net[p], self._order(p))):
            lines.append(f"{name:>8} {self.won[name]:>6} {self.lost[name]:>6} {net[name]:>6}")
        return "\n".join(lines)


@dataclasses.dataclass(frozen=True)
class ThreeHandedSettlement:
    """Settlement of a three-handed rubber between the dummy-holder and each adversary."""

    net_to_solo: int
    payments: Mapping[str, int | float]


def settle_three_handed(
    law_set: LawSet | str,
    solo_total: int,
    pair_total: int,
    *,
    adversaries: tuple[str, str] = ("B", "C"),
) -> ThreeHandedSettlement:
    """Settle a three-handed rubber (flag ``three_handed_settlement``).

    ``payments[name]`` is what each adversary pays the dummy-holder (negative: receives).

    Raises:
        LawSetError: no law set has that name.
        ScoringInputError: the law set is not three-handed.
    """
    law = _get_law_set(law_set)
    if law.tally is None or law.tally.settlement is None:
        raise ScoringInputError(f"{law.short_title} has no three-handed settlement")
    net = _integer(solo_total, "solo_total") - _integer(pair_total, "pair_total")
    share: int | float = net
    if law.tally.settlement == "split":
        share = net // 2 if net % 2 == 0 else net / 2
    return ThreeHandedSettlement(net, dict.fromkeys(adversaries, share))


def is_played_under_spade_convention(
    law_set: LawSet | str,
    contract: str | ContractSpec,
    toward_game: PerSideLike,
) -> bool:
    """Whether a hand is played under the Bridge spade convention (Elwell, 1906).

    Where the players agree "not to play spades" (the law set's flag
    ``spade_convention_agreed``), an undoubled spade make is played only when either side has
    20 or more toward game; any other make, and every make without the agreement, is played.

    Raises:
        LawSetError: no law set has that name.
        ScoringInputError: bad contract or scores.
    """
    law = _get_law_set(law_set)
    rules = law.spade_convention
    spec = contract if isinstance(contract, ContractSpec) else ContractSpec.parse(law, contract)
    if rules is None or spec.declaration.symbol != rules.declaration:
        return True
    if rules.only_if_undoubled and spec.doublings:
        return True
    scores = PerSide.of(toward_game, "toward_game")
    return max(scores.ns, scores.ew) >= rules.min_score_to_play


# --------------------------------------------------------------------------------------------
# IMPs and matchpoints.
# --------------------------------------------------------------------------------------------


def imps(difference: int) -> int:
    """Convert a difference in total points to IMPs (Law 78B), keeping its sign.

    Raises:
        ScoringInputError: the difference is not an integer.
    """
    value = _integer(difference, "difference")
    magnitude = sum(1 for bound in _contract_laws.IMP_SCALE if abs(value) >= bound)
    return magnitude if value >= 0 else -magnitude


def matchpoints(scores: Sequence[int]) -> tuple[int, ...]:
    """Matchpoint each score against the others on the same board (Law 78A).

    Each score gets 2 units for every score it beats and 1 for every tie; the top is
    ``2 * (len(scores) - 1)``.

    Raises:
        ScoringInputError: a score is not an integer.
    """
    values = [
        _integer(s, f"scores[{i}]")
        for i, s in enumerate(as_iterable(scores, "scores", "a sequence of integers"))
    ]
    beat, tie = _contract_laws.MATCHPOINT_UNITS
    return tuple(
        sum(beat if v > other else tie if v == other else 0 for other in values) - tie
        for v in values
    )


def matchpoint_percentages(scores: Sequence[int]) -> tuple[float, ...]:
    """Matchpoints as percentages of the top (50% each when a board was played once).

    Raises:
        ScoringInputError: a score is not an integer.
    """
    points = matchpoints(scores)
    top = 2 * (len(points) - 1)
    return tuple(100.0 * p / top if top else 50.0 for p in points)
