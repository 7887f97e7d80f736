"""Plain-Python scorers written from the laws, for tests only: they import nothing from
``redouble`` and share no code with it, so that agreeing with them means something.

- :func:`law77_score`: the duplicate score of a contract result, computed from the Law 77
  table of the Laws of Duplicate Bridge 2017 as transcribed in ``data/law77_table.json``.
- :func:`rubber_totals`: the totals of a rubber of Bridge (Elwell, 1906) or Auction Bridge (1912),
  hand by hand from the deal, the final declaration and the tricks won, following the laws
  of each code (trick values, honours, chicane, slams, doubling, undertricks, the One Spade
  limit, games of 30, the rubber bonus). Revokes and other irregularities are not modelled:
  it scores regular play only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

LAW77 = json.loads((Path(__file__).parent / "data" / "law77_table.json").read_text("utf-8"))
DOUBLING = ("undoubled", "doubled", "redoubled")


def law77_score(level: int, strain: str, doublings: int, vulnerable: bool, tricks: int) -> int:
    """The declaring side's duplicate score (negative when it goes down), from Law 77."""
    dbl = DOUBLING[doublings]
    vul = "vulnerable" if vulnerable else "not_vulnerable"
    needed = 6 + level
    if tricks < needed:
        steps = LAW77["undertricks"][vul][dbl]
        down = needed - tricks
        return -sum(steps[min(i, 3)] for i in range(down))
    points = LAW77["trick_points"][strain][dbl]
    trick_points = points["first"] + points["subsequent"] * (level - 1)
    premiums = LAW77["premium_points"]
    score = trick_points
    over = tricks - needed
    per_over = LAW77["overtrick_points"][dbl][vul]
    score += over * (LAW77["trick_value"][strain] if per_over == "trick_value" else per_over)
    if trick_points >= premiums["game_threshold"]:
        score += premiums["game"][vul]
    else:
        score += premiums["part_score"]
    if level == 6:
        score += premiums["small_slam"][vul]
    elif level == 7:
        score += premiums["grand_slam"][vul]
    if doublings:
        score += premiums["making_doubled_or_redoubled_contract"][dbl]
    return score


# ------------------------------------------------------------------------------------------------
# The old codes.
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OldCode:
    """What differs between Bridge (Elwell, 1906) and Auction Bridge (1912) in scoring."""

    name: str
    trick_value: dict[str, int]  # points per trick over six, undoubled
    rubber_bonus: int
    contracted: bool  # Auction: the declarer scores only if he makes his contract


# Bridge (Elwell, 1906), law 4 (from Elwell's 1907 code, the seed's law 4 being lost): spades 2,
# clubs 4, diamonds 6, hearts 8, no trump 12; law 11: 100 for the rubber.
BRIDGE_1906 = OldCode("bridge_1906", {"S": 2, "C": 4, "D": 6, "H": 8, "NT": 12}, 100, False)
# Auction Bridge (1912), law 4: spades 2, clubs 6, diamonds 7, hearts 8, royal spades 9, no
# trump 10; law 11: 250 for the rubber.
AUCTION_1912 = OldCode(
    "auction_1912", {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10}, 250, True
)
SEATS = "NESW"


def _hands(pbn: str) -> dict[str, dict[str, str]]:
    """Seat letter -> suit letter -> ranks, from a PBN deal string "N:S.H.D.C ..."."""
    first, _, rest = pbn.partition(":")
    start = SEATS.index(first.strip().upper())
    out: dict[str, dict[str, str]] = {}
    for i, hand in enumerate(rest.split()):
        suits = hand.split(".")
        out[SEATS[(start + i) % 4]] = dict(zip("SHDC", suits, strict=True))
    return out


def _side(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def honours(code: OldCode, pbn: str, declaration: str) -> dict[str, int]:
    """Honour points each side scores, chicane included (laws 5, 6, 9 of both codes)."""
    hands = _hands(pbn)
    out = {"NS": 0, "EW": 0}
    if declaration == "NT":
        # Law 6: at no trump the aces count: three between partners 30, four 40, four in one
        # hand 100; two each, nothing.
        aces = {s: int("A" in hands[s]["S"]) + int("A" in hands[s]["H"]) +
                int("A" in hands[s]["D"]) + int("A" in hands[s]["C"]) for s in SEATS}  # fmt: skip
        for side, (a, b) in {"NS": ("N", "S"), "EW": ("E", "W")}.items():
            n = aces[a] + aces[b]
            if max(aces[a], aces[b]) == 4:
                out[side] = 100
            elif n == 4:
                out[side] = 40
            elif n == 3:
                out[side] = 30
        return out
    suit = "S" if declaration == "R" else declaration  # royal spades are spades
    tv = code.trick_value[declaration]
    held = {s: sum(r in hands[s][suit] for r in "AKQJT") for s in SEATS}
    for side, (a, b) in {"NS": ("N", "S"), "EW": ("E", "W")}.items():
        hi, lo = max(held[a], held[b]), min(held[a], held[b])
        if hi == 5:
            units = 10
        elif hi == 4 and lo == 1:
            units = 9
        elif hi == 4:
            units = 8
        elif hi + lo == 5:
            units = 5
        elif hi + lo == 4:
            units = 4
        elif hi + lo == 3:
            units = 2
        else:
            units = 0
        out[side] = units * tv
    # Law 9, chicane: a hand without trumps is worth simple honours (two tricks' value): added
    # to its side's honours if that side scores honours, else deducted from the adversaries'.
    # Both hands of a side without trumps (double chicane) are worth four honours, deducted
    # from the adversaries' score.
    for side, (a, b) in {"NS": ("N", "S"), "EW": ("E", "W")}.items():
        other = "EW" if side == "NS" else "NS"
        voids = (hands[a][suit] == "") + (hands[b][suit] == "")
        if voids == 2:
            out[other] -= 4 * tv
        elif voids == 1:
            if out[side] > 0:
                out[side] += 2 * tv
            else:
                out[other] = max(0, out[other] - 2 * tv)
    return out


@dataclass(frozen=True)
class PlayedHand:
    """What the scorer needs of one hand: the deal (PBN), the dealer, the calls in order, the
    final declaration and the tricks each side won."""

    pbn: str
    dealer: str
    calls: tuple[str, ...]
    level: int | None
    declaration: str
    doublings: int
    declarer: str
    tricks: dict[str, int]


def hand_points(code: OldCode, h: PlayedHand) -> tuple[dict[str, int], dict[str, int]]:
    """(trick score toward game, points above the line) of each side for one hand."""
    below = {"NS": 0, "EW": 0}
    above = honours(code, h.pbn, h.declaration)
    tv = code.trick_value[h.declaration]
    for side in ("NS", "EW"):
        # Law 7 and 8 of both codes: slam 40, little slam 20, to either side, on tricks won.
        if h.tricks[side] == 13:
            above[side] += 40
        elif h.tricks[side] == 12:
            above[side] += 20
    if not code.contracted:
        # Bridge: the side that wins more than six tricks scores them, each doubling doubling
        # the value (law 50); no penalty for the makers' failure.
        winner = "NS" if h.tricks["NS"] > 6 else "EW"
        below[winner] = (h.tricks[winner] - 6) * tv * 2**h.doublings
        return below, above
    decl = _side(h.declarer)
    defenders = "EW" if decl == "NS" else "NS"
    assert h.level is not None
    needed = 6 + h.level
    won = h.tricks[decl]
    if won >= needed:
        # Law 47: all tricks over six count; law 53: doubled x2, redoubled x4.
        below[decl] = (won - 6) * tv * (1, 2, 4)[h.doublings]
        if h.doublings:
            # Law 56: 50 for making a doubled declaration and 50 a trick over it; doubled if
            # redoubled.
            above[decl] += (50 + 50 * (won - needed)) * h.doublings
    else:
        down = (needed - won) * (50, 100, 200)[h.doublings]
        # Law 48: the loss on the dealer's original One Spade is limited to 100 unless
        # redoubled: the dealer's first call 1S and no other bid after it.
        bids = [c for c in h.calls if c not in ("P", "X", "XX")]
        if bids == ["1S"] and h.calls[0] == "1S" and h.doublings < 2:
            down = min(down, 100)
        above[defenders] += down
    return below, above


def rubber_totals(code: OldCode, hands: list[PlayedHand]) -> dict[str, int]:
    """Each side's total for a finished rubber: every hand's points, plus the rubber bonus to
    the side that won two games (law 1, law 2: a game is 30 from tricks; law 11)."""
    total = {"NS": 0, "EW": 0}
    toward = {"NS": 0, "EW": 0}
    games = {"NS": 0, "EW": 0}
    for h in hands:
        below, above = hand_points(code, h)
        for side in ("NS", "EW"):
            total[side] += below[side] + above[side]
            toward[side] += below[side]
        for side in ("NS", "EW"):
            if toward[side] >= 30:
                games[side] += 1
                toward = {"NS": 0, "EW": 0}
                break
        if max(games.values()) == 2:
            winner = "NS" if games["NS"] == 2 else "EW"
            total[winner] += code.rubber_bonus
            break
    return total
