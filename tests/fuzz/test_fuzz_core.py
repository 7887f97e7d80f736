"""Fuzzing the public core API: hostile arguments of every type, and results against brute force.

Two kinds of property:

* **Only our errors.** Each public function of cards, deal, dealing, play, solver (one deal at a
  time), laws and scoring is called with arguments drawn from a hostile mix (None, bools, huge
  and negative ints, NaN and infinities, numpy scalars of odd dtypes, arrays of odd shapes,
  str subclasses, bytes, nested containers, and some valid values). Whatever happens, the only
  exceptions allowed out are :class:`~redouble.errors.RedoubleError` (bad value) and
  :class:`TypeError` (wrong type). A crash, an ``AttributeError``, an ``OverflowError``, a
  plain ``ValueError``, an ``IndexError`` is a failure.
* **Right answers.** Where a brute force is cheap, results are checked against it: trick
  winners, card sets against Python sets, perft and the double-dummy value of small endings
  against an independent minimax over the rules, and the board cycle for any board number.

``REDOUBLE_FUZZ_EXAMPLES`` (see conftest.py) makes every test run longer in CI.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import redouble
import redouble.solver as rs
from redouble import (
    Board,
    Card,
    CardSet,
    Deal,
    DealRecord,
    Position,
    Rank,
    RedoubleError,
    Seat,
    Strain,
    Suit,
    Vulnerability,
    deal_by_the_laws,
    trick_winner,
)
from redouble.laws import get as get_law_set
from redouble.scoring import score_hand

ALLOWED = (RedoubleError, TypeError)

# A short run in the ordinary suite; CI's fuzz step sets REDOUBLE_FUZZ_EXAMPLES for a long one.
FUZZ = settings(
    max_examples=int(os.environ.get("REDOUBLE_FUZZ_EXAMPLES", "30")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

# -- hostile values ----------------------------------------------------------------------------


class _Str(str):
    """A str subclass whose methods lie: callers must not trust its overrides."""

    __slots__ = ()

    def strip(self, chars: str | None = None) -> str:  # type: ignore[override]
        return "SA"

    def upper(self) -> str:  # type: ignore[override]
        raise RuntimeError("a str subclass's override was trusted")


_NUMPY_DTYPES = [
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.float16,
    np.float32,
    np.float64,
    np.bool_,
    np.complex64,
]

_ints = st.one_of(
    st.integers(-4, 60),
    st.sampled_from([-(2**63), 2**63 - 1, 2**63, 2**64 - 1, 2**64, -(2**64), 10**30, 2**52]),
    st.integers(),
)
_floats = st.one_of(
    st.sampled_from([0.0, -0.0, 0.9, 1.7, 3.0, float("nan"), float("inf"), float("-inf"), 1e300]),
    st.floats(),
)


def _np_scalar(draw: Callable[..., Any]) -> Any:
    dtype = draw(st.sampled_from(_NUMPY_DTYPES))
    value = draw(st.integers(0, 127) if dtype is not np.bool_ else st.booleans())
    return dtype(value)


@st.composite
def _numpy_scalars(draw: Callable[..., Any]) -> Any:
    return _np_scalar(draw)


@st.composite
def _arrays(draw: Callable[..., Any]) -> Any:
    shape = draw(st.sampled_from([(), (0,), (3,), (4,), (5,), (2, 4), (4, 1), (1, 4, 1)]))
    dtype = draw(st.sampled_from([np.uint64, np.int64, np.float64, np.bool_, object, np.int8]))
    return np.zeros(shape, dtype=dtype) + (1 if dtype is not object else 0)


_scalars = st.one_of(
    st.none(),
    st.booleans(),
    _ints,
    _floats,
    st.text(max_size=12),
    st.sampled_from(["SA", "h10", "N", "NT", "", "♠K", "X", "\x00", "é", "²", "N:- - - -"]),
    st.binary(max_size=6),
    st.builds(_Str, st.sampled_from(["SA", "N", "AK..."])),
    _numpy_scalars(),
    st.sampled_from([*Seat, *Suit, *Strain, *Rank, Card(51), CardSet(7), Vulnerability.BOTH]),
    st.sampled_from([object(), 1j, Ellipsis, len, b"SA", bytearray(b"N")]),
)
hostile = st.recursive(
    st.one_of(_scalars, _arrays()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.tuples(inner, inner),
        st.dictionaries(st.sampled_from([0, 1, Seat.SOUTH, "N", None, 2.0]), inner, max_size=4),
        st.frozensets(st.integers(0, 60), max_size=5),
    ),
    max_leaves=8,
)


def _only_our_errors(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call fn; our errors and TypeError are fine, anything else fails the test."""
    try:
        return fn(*args, **kwargs)
    except ALLOWED:
        return None


DEAL = redouble.deal(seed=2026, board=7)
ENDING = Deal.from_pbn("N:AK.Q.. Q.K.2. J.A..3 T..K.4")  # 3 cards a hand


def _small(x: object, limit: int = 10_000) -> bool:
    """False for valid-looking ints so big the call would be a (legitimate) memory hog."""
    try:
        i = int(x)  # type: ignore[call-overload]
    except Exception:  # noqa: BLE001 - anything not an int is fine to pass on
        return True
    return i <= limit


# -- only our errors ---------------------------------------------------------------------------

ONE_ARG: dict[str, Callable[[Any], Any]] = {
    "Card": Card,
    "Card.parse": Card.parse,
    "Suit.parse": Suit.parse,
    "Strain.parse": Strain.parse,
    "Seat.parse": Seat.parse,
    "Seat.of": Seat.of,
    "Rank.parse": Rank.parse,
    "Seat.next": Seat.NORTH.next,
    "CardSet": CardSet,
    "CardSet.from_pbn_hand": CardSet.from_pbn_hand,
    "CardSet.holding": CardSet(12345).holding,
    "CardSet.suit": CardSet(12345).suit,
    "CardSet.length": CardSet(12345).length,
    "CardSet.contains": lambda x: x in CardSet(12345),
    "CardSet.and": lambda x: CardSet(12345) & x,
    "CardSet.or": lambda x: CardSet(12345) | x,
    "CardSet.sub": lambda x: CardSet(12345) - x,
    "CardSet.xor": lambda x: CardSet(12345) ^ x,
    "CardSet.eq": lambda x: CardSet(12345) == x,
    "Deal": Deal,
    "Deal.from_pbn": Deal.from_pbn,
    "Deal.from_index": Deal.from_index,
    "Deal.from_array": Deal.from_array,
    "Deal.hand": DEAL.hand,
    "Deal.getitem": DEAL.__getitem__,
    "Deal.seat_of": DEAL.seat_of,
    "Deal.rotate": DEAL.rotate,
    "Deal.to_pbn": DEAL.to_pbn,
    "Deal.check.code": lambda x: Deal.check(deal_by_the_laws(1, 0), code=x),
    "Vulnerability.of_board": Vulnerability.of_board,
    "Vulnerability.is_vulnerable": Vulnerability.NS.is_vulnerable,
    "Board.from_number": lambda x: Board.from_number(x, DEAL),
    "deal.seed": lambda x: redouble.deal(x),
    "deal.board": lambda x: redouble.deal(1, x),
    "board": lambda x: redouble.board(1, x),
    "deals.n": lambda x: redouble.deals(x, 1) if _small(x) else None,
    "deals.seed": lambda x: redouble.deals(2, x),
    "deals.first_board": lambda x: redouble.deals(2, 1, first_board=x),
    "predeal.fixed": lambda x: redouble.predeal(x, 1),
    "predeal.n": lambda x: redouble.predeal({}, 1, n=x) if _small(x) else None,
    "predeal.max_tries": lambda x: redouble.predeal({}, 1, max_tries=x),
    "predeal.accept": lambda x: redouble.predeal({}, 1, accept=x, max_tries=64),
    "deal_by_the_laws.dealer": lambda x: deal_by_the_laws(1, x),
    "deal_by_the_laws.board": lambda x: deal_by_the_laws(1, 0, board=x),
    "DealRecord.dealer": lambda x: DealRecord(dealer=x, dealt=()),
    "DealRecord.dealt": lambda x: DealRecord(dealer=Seat.NORTH, dealt=x),
    "DealRecord.cut": lambda x: DealRecord(dealer=Seat.NORTH, dealt=(), cut=x).check(),
    "Position.hands": lambda x: Position(x, Strain.NOTRUMP, Seat.NORTH),
    "Position.strain": lambda x: Position(DEAL, x, Seat.NORTH),
    "Position.leader": lambda x: Position(DEAL, Strain.NOTRUMP, x),
    "Position.trick": lambda x: Position(ENDING, Strain.NOTRUMP, Seat.NORTH, trick=x),
    "Position.play": lambda x: Position(DEAL, Strain.NOTRUMP, Seat.NORTH).play(x),
    "Position.is_legal": lambda x: Position(DEAL, Strain.NOTRUMP, Seat.NORTH).is_legal(x),
    "Position.hand": lambda x: Position(DEAL, Strain.NOTRUMP, Seat.NORTH).hand(x),
    "Position.tricks_won": lambda x: Position(DEAL, Strain.NOTRUMP, Seat.NORTH).tricks_won(x),
    "Position.perft": lambda x: Position(ENDING, Strain.NOTRUMP, Seat.NORTH).perft(x),
    "trick_winner.cards": lambda x: trick_winner(x, Seat.NORTH, Strain.SPADES),
    "trick_winner.leader": lambda x: trick_winner(["SA", "S2"], x, Strain.SPADES),
    "trick_winner.strain": lambda x: trick_winner(["SA", "S2"], Seat.NORTH, x),
    "Solver.tt_bytes": lambda x: rs.Solver(tt_bytes=x) if _small(x, 64 << 20) else None,
    "solve": rs.solve,
    "solve_cards": rs.solve_cards,
    "dd_table": rs.dd_table,
    "analyse_play.deal": lambda x: rs.analyse_play(x, Strain.NOTRUMP, Seat.NORTH, []),
    "analyse_play.strain": lambda x: rs.analyse_play(ENDING, x, Seat.NORTH, []),
    "analyse_play.leader": lambda x: rs.analyse_play(ENDING, Strain.NOTRUMP, x, []),
    "analyse_play.plays": lambda x: rs.analyse_play(ENDING, Strain.NOTRUMP, Seat.NORTH, x),
    "laws.get": get_law_set,
    "score_hand.law_set": lambda x: score_hand(x, "3NT", Seat.SOUTH, (9, 4)),
    "score_hand.contract": lambda x: score_hand("contract", x, Seat.SOUTH, (9, 4)),
    "score_hand.declarer": lambda x: score_hand("contract", "3NT", x, (9, 4)),
    "score_hand.tricks": lambda x: score_hand("contract", "3NT", Seat.SOUTH, x),
    "score_hand.vulnerable": lambda x: score_hand(
        "contract", "3NT", Seat.SOUTH, (9, 4), vulnerable=x
    ),
    "score_hand.honours": lambda x: score_hand("auction_1912", "1S", Seat.SOUTH, (7, 6), honours=x),
}


@pytest.mark.parametrize("name", sorted(ONE_ARG))
@FUZZ
@given(arg=hostile)
def test_hostile_argument_raises_only_our_errors(name: str, arg: Any) -> None:
    _only_our_errors(ONE_ARG[name], arg)


@FUZZ
@given(suit=hostile, rank=hostile)
def test_card_of_hostile_pairs(suit: Any, rank: Any) -> None:
    card = _only_our_errors(Card.of, suit, rank)
    if card is not None:
        # Accepted: both were ints in range, and nothing was truncated or wrapped.
        assert 0 <= int(suit) <= 3
        assert 0 <= int(rank) <= 12
        assert card == int(suit) * 13 + int(rank)


@FUZZ
@given(a=hostile, b=hostile)
def test_swap_suits_hostile(a: Any, b: Any) -> None:
    _only_our_errors(DEAL.swap_suits, a, b)


@FUZZ
@given(hands=st.lists(hostile, min_size=4, max_size=4))
def test_deal_of_four_hostile_hands(hands: list[Any]) -> None:
    d = _only_our_errors(Deal, hands)
    if d is not None:
        for h, m in zip(hands, d.masks, strict=True):
            assert m == (h.mask if isinstance(h, CardSet) else int(h))


@FUZZ
@given(value=st.one_of(_floats, st.booleans(), _numpy_scalars()))
def test_floats_and_bools_are_never_truncated_into_cards(value: Any) -> None:
    p = Position(DEAL, Strain.NOTRUMP, Seat.NORTH)
    before = p.hand(Seat.NORTH)
    result = _only_our_errors(p.play, value)
    if isinstance(value, float | bool | np.floating | np.bool_ | np.complexfloating):
        assert result is None
        assert p.hand(Seat.NORTH) == before
        assert p.trick == ()


@FUZZ
@given(
    st.sampled_from([(Card.of, 2), (trick_winner, 3), (score_hand, 4), (Position, 4)]),
    st.lists(hostile, min_size=4, max_size=4),
)
def test_hostile_argument_lists(target: tuple[Callable[..., Any], int], args: list[Any]) -> None:
    fn, n = target
    _only_our_errors(fn, *args[:n])


# -- right answers against brute force ---------------------------------------------------------


def _winner_brute(cards: list[int], leader: int, strain: int) -> int:
    led = cards[0] // 13

    def strength(c: int) -> int:
        if strain < 4 and c // 13 == strain:
            return 200 + c % 13
        return 100 + c % 13 if c // 13 == led else c % 13 - 100

    best = max(range(len(cards)), key=lambda i: strength(cards[i]))
    return (leader + best) % 4


@FUZZ
@given(
    cards=st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True),
    leader=st.integers(0, 3),
    strain=st.integers(0, 4),
)
def test_trick_winner_matches_brute_force(cards: list[int], leader: int, strain: int) -> None:
    assert int(trick_winner(cards, leader, strain)) == _winner_brute(cards, leader, strain)
    # numpy integers work wherever ints do.
    np_cards = [np.int16(c) for c in cards]
    assert trick_winner(np_cards, np.uint8(leader), np.int64(strain)) == trick_winner(
        cards, leader, strain
    )


@FUZZ
@given(a=st.frozensets(st.integers(0, 51)), b=st.frozensets(st.integers(0, 51)))
def test_cardset_operations_match_python_sets(a: frozenset[int], b: frozenset[int]) -> None:
    x, y = CardSet(sorted(a)), CardSet(sorted(b))
    assert set(x & y) == a & b
    assert set(x | y) == a | b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert len(x) == len(a)
    assert CardSet(x.mask) == x == CardSet(np.uint64(x.mask))
    for s in range(4):
        assert x.length(s) == sum(1 for c in a if c // 13 == s)


@FUZZ
@given(number=st.one_of(st.integers(1, 100), st.integers(1, 2**200)))
def test_board_cycle_for_any_board_number(number: int) -> None:
    b = Board.from_number(number, DEAL)
    assert b.dealer == (number - 1) % 4
    expected = (0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2)[(number - 1) % 16]
    assert b.vulnerability == expected


# A minimax over the rules, written independently of the core: hands as sets of card ids.
def _legal(hand: frozenset[int], trick: tuple[int, ...]) -> list[int]:
    if trick:
        follow = [c for c in hand if c // 13 == trick[0] // 13]
        if follow:
            return sorted(follow)
    return sorted(hand)


def _count(
    hands: tuple[frozenset[int], ...], leader: int, trick: tuple[int, ...], depth: int, strain: int
) -> int:
    to_play = (leader + len(trick)) % 4
    if depth == 0 or not any(hands):
        return 1
    total = 0
    for c in _legal(hands[to_play], trick):
        nh = tuple(h - {c} if i == to_play else h for i, h in enumerate(hands))
        t = (*trick, c)
        if len(t) == 4:
            total += _count(nh, _winner_brute(list(t), leader, strain), (), depth - 1, strain)
        else:
            total += _count(nh, leader, t, depth - 1, strain)
    return total


@functools.cache
def _ns_tricks(
    hands: tuple[frozenset[int], ...], leader: int, trick: tuple[int, ...], strain: int
) -> int:
    """Tricks North-South take from here (the trick in progress included), best play."""
    if not any(hands):
        return 0
    to_play = (leader + len(trick)) % 4
    outcomes = []
    for c in _legal(hands[to_play], trick):
        nh = tuple(h - {c} if i == to_play else h for i, h in enumerate(hands))
        t = (*trick, c)
        if len(t) == 4:
            w = _winner_brute(list(t), leader, strain)
            outcomes.append((1 if w % 2 == 0 else 0) + _ns_tricks(nh, w, (), strain))
        else:
            outcomes.append(_ns_tricks(nh, leader, t, strain))
    return max(outcomes) if to_play % 2 == 0 else min(outcomes)


@st.composite
def _endings(draw: Callable[..., Any]) -> tuple[Deal, int, int]:
    size = draw(st.integers(1, 3))
    cards = draw(st.permutations(range(52)))[: 4 * size]
    masks = [sum(1 << c for c in cards[s * size : (s + 1) * size]) for s in range(4)]
    return Deal(masks), draw(st.integers(0, 4)), draw(st.integers(0, 3))


@FUZZ
@given(ending=_endings())
def test_perft_and_solve_of_small_endings_match_brute_force(ending: tuple[Deal, int, int]) -> None:
    d, strain, leader = ending
    hands_i = tuple(frozenset(int(c) for c in d.hand(s)) for s in range(4))
    p = Position(d, strain, leader)
    for depth in (1, 2, 4, 52):
        assert p.perft(depth) == _count(hands_i, leader, (), depth, strain)
    ns = _ns_tricks(hands_i, leader, (), strain)
    assert rs.solve(p) == (ns if leader % 2 == 0 else d.hand_size - ns)
    values = rs.solve_cards(p)
    assert max(values.values()) == rs.solve(p)
