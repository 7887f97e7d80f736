"""A brute-force double-dummy oracle: plain minimax over every legal card, no table, no pruning.

Written from the rules alone (follow suit if able; highest trump wins, else highest card of the
suit led) and independent of the C++ core, so that agreement with the solver means something.
Only for small endings: the cost grows like the product of the hands' branching factors.
"""

from __future__ import annotations

__all__ = ["card_values", "random_ending", "tricks"]

import random

_SUIT = 0x1FFF


def _suit(card: int) -> int:
    return card // 13


def _legal(hand: int, led: int | None) -> int:
    if led is not None:
        follow = hand & (_SUIT << (13 * led))
        if follow:
            return follow
    return hand


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _winner(trick: list[int], leader: int, strain: int) -> int:
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        if _suit(c) == _suit(b):
            if c > b:
                best = i
        elif _suit(c) == strain:
            best = i
    return (leader + best) % 4


def _value(hands: list[int], strain: int, leader: int, trick: list[int]) -> int:
    """Tricks the side to play takes from here (the trick in progress included)."""
    seat = (leader + len(trick)) % 4
    if not hands[seat]:
        return 0
    led = _suit(trick[0]) if trick else None
    return max(
        _after(hands, strain, leader, trick, seat, c) for c in _cards(_legal(hands[seat], led))
    )


def _after(
    hands: list[int], strain: int, leader: int, trick: list[int], seat: int, card: int
) -> int:
    """Tricks the side of `seat` takes if it plays `card` now (the trick in progress included)."""
    hands[seat] &= ~(1 << card)
    trick.append(card)
    try:
        if len(trick) == 4:
            w = _winner(trick, leader, strain)
            rest = _value(hands, strain, w, [])
            left = hands[0].bit_count()
            ours = rest if w % 2 == seat % 2 else left - rest
            return (1 if w % 2 == seat % 2 else 0) + ours
        nxt = (seat + 1) % 4
        rest = _value(hands, strain, leader, trick)
        left = hands[leader].bit_count() + 1  # tricks left, the current one included
        return rest if nxt % 2 == seat % 2 else left - rest
    finally:
        trick.pop()
        hands[seat] |= 1 << card


def tricks(
    hands: list[int], strain: int, leader: int, trick: list[int] | tuple[int, ...] = ()
) -> int:
    """Tricks the side to play takes with best play, by exhaustive minimax."""
    return _value(list(hands), strain, leader, list(trick))


def card_values(
    hands: list[int], strain: int, leader: int, trick: list[int] | tuple[int, ...] = ()
) -> dict[int, int]:
    """Value of every legal card for the side to play (the trick in progress included)."""
    hs, tr = list(hands), list(trick)
    seat = (leader + len(tr)) % 4
    led = _suit(tr[0]) if tr else None
    return {c: _after(hs, strain, leader, tr, seat, c) for c in _cards(_legal(hs[seat], led))}


def random_ending(rng: random.Random, n: int) -> tuple[list[int], int, int, list[int]]:
    """A random ending: n cards a hand, a strain, a leader and 0-3 legal cards on the table.

    Returns (hands after the table cards were played, strain, leader, table cards).
    """
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[13 * s : 13 * s + n]) for s in range(4)]
    strain, leader = rng.randrange(5), rng.randrange(4)
    trick: list[int] = []
    for i in range(rng.randrange(4)):
        seat = (leader + i) % 4
        led = _suit(trick[0]) if trick else None
        card = rng.choice(_cards(_legal(hands[seat], led)))
        hands[seat] &= ~(1 << card)
        trick.append(card)
    return hands, strain, leader, trick
