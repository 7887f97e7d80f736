"""Par: the result both sides reach when each bids and doubles perfectly with the DD table known.

Contract bridge (duplicate scoring, Laws 77 and 82 of the Laws of Duplicate Bridge). The bidding is
seen as a game between the two sides over the 35 contracts in bidding order: a side either passes
(the last contract stands) or bids a higher contract; a contract that goes down is doubled by the
defenders and one that makes is left undoubled; each side's declarer is the partner who takes more
tricks in the strain (the DD table). Par is the value of that game, found by backward induction
from 7NT down (the idea behind Matthew Kidd's and DDS's par calculators, computed here as the
whole game instead of a case analysis).

Two semantics, as DDS defines them:

* **dealer par** (``first="dealer"``, DDS's ``DealerPar``): the dealer's side has the first
  chance to bid, so when both sides can make the same contract the dealer's side gets it;
* **sides par** (``first="NS"`` or ``"EW"``, the two results of DDS's ``Par``/``SidesPar``):
  the named side bids first.

The par contracts listed are the final contracts of the par auction as DDS lists them: for a
making contract, each strain and declarer(s) at the lowest level that scores the par score and
leaves the opponents no standing bid that does better (so "2S+1", not "3S", when the
opponents' best makeable contract is 2H and no sacrifice pays); for a sacrifice, each strain at
the lowest level that outbids the par side's contract, doubled, with its undertricks.

The C++ core computes this game (``redouble/par.hpp``, a batch per call); ``_solve`` below is the
same definition in Python, kept as the reference the tests compare the core with.

Auction Bridge (1912) and Bridge (Elwell, 1906) with its variants have their own par, defined in
:mod:`redouble.analysis.par_historical` (value-ordered bidding, honours from the actual cards,
the doubling conversation); ``par(..., law="auction_1912")`` and ``law="bridge_1906"`` use it
and need the cards (a :class:`~redouble.deal.Deal`, or ``deal=`` with the table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from .. import _core
from .. import laws as _laws
from .._check import as_bool, as_index, as_iterable, as_str, is_pandas, shown
from .._jsondoc import JsonDocument
from ..cards import Seat, Side, Strain
from ..deal import Deal, Vulnerability
from ..errors import RedoubleError
from ._common import (
    AnalysisError,
    AnalysisInterrupted,
    as_seat,
    as_table,
    as_tables,
    as_vulnerability,
    progress_reporter,
)
from .par_historical import historical_par

__all__ = ["Par", "ParContract", "contract_score", "par", "pars"]

_LAWS = ("contract",)


def contract_score(level: int, strain: int, doubled: int, vulnerable: bool, tricks: int) -> int:
    """Duplicate score of a contract for the declaring side (Law 77, contract bridge).

    `doubled` is 0 (undoubled), 1 (doubled) or 2 (redoubled); `tricks` is what declarer takes.
    Negative when the contract goes down.

    >>> contract_score(4, 3, 0, False, 10), contract_score(3, 4, 1, True, 7)
    (420, -500)
    """
    need = level + 6
    if tricks >= need:
        per = 20 if strain < 2 else 30
        mult = (1, 2, 4)[doubled]
        points = (per * level + (10 if strain == 4 else 0)) * mult
        score = points + ((500 if vulnerable else 300) if points >= 100 else 50)
        if level == 6:
            score += 750 if vulnerable else 500
        elif level == 7:
            score += 1500 if vulnerable else 1000
        over = tricks - need
        if doubled:
            score += over * (200 if vulnerable else 100) * doubled + 50 * doubled
        else:
            score += over * per
        return score
    down = need - tricks
    if not doubled:
        return -down * (100 if vulnerable else 50)
    if vulnerable:
        pen = 200 + 300 * (down - 1)
    else:
        pen = (0, 100, 300, 500)[min(down, 3)] + 300 * max(0, down - 3)
    return -pen * doubled


@dataclass(frozen=True)
class ParContract:
    """One par contract.

    Attributes:
        level: 1..7.
        strain: the strain.
        declarers: the seat(s) of the side that can declare it for the par score.
        doubled: True for a sacrifice (doubled and going down).
        result: tricks over (positive or 0) or under (negative) the contract; in Bridge
            (no levels) the declaring side's tricks over six (negative: fewer than six).
        declaration: the law set's symbol for the declaration ("S", "R" for Royal Spades,
            "NT"); empty for contract bridge, where the strain says it all.
        doublings: 0, 1 (doubled), 2 (redoubled) and so on.
    """

    level: int
    strain: Strain
    declarers: tuple[Seat, ...]
    doubled: bool
    result: int
    declaration: str = ""
    doublings: int = -1

    def __post_init__(self) -> None:
        # Built by par() from checked values; built by hand, the fields are checked here so
        # that a wrong one is refused at once rather than breaking str() or to_json() later.
        object.__setattr__(self, "level", as_index(self.level, "level", 0, 7))
        if not isinstance(self.strain, Strain):
            raise TypeError(f"strain must be a Strain, not {type(self.strain).__name__}")
        declarers = tuple(as_iterable(self.declarers, "declarers", "a tuple of seats"))
        if not 1 <= len(declarers) <= 2 or not all(isinstance(d, Seat) for d in declarers):
            raise TypeError(f"declarers must be one or two Seats, not {shown(self.declarers)}")
        object.__setattr__(self, "declarers", declarers)
        object.__setattr__(self, "doubled", as_bool(self.doubled, "doubled"))
        object.__setattr__(self, "result", as_index(self.result, "result", -13, 13))
        object.__setattr__(self, "declaration", as_str(self.declaration, "declaration"))
        doublings = as_index(self.doublings, "doublings", -1, 10)
        if doublings < 0:  # contract bridge's par contracts are doubled at most once
            doublings = int(self.doubled)
        object.__setattr__(self, "doublings", doublings)

    @property
    def side(self) -> Side:
        """The declaring side."""
        return Side(int(self.declarers[0]) & 1)

    def __str__(self) -> str:
        seats = "".join(s.letter for s in self.declarers)
        strain = "NT" if self.strain == Strain.NOTRUMP else self.strain.letter
        name = self.declaration or strain
        if self.level == 0:  # Bridge: no levels; say the tricks the declaring side takes
            return f"{name}{'X' * self.doublings} by {seats}, {self.result + 6} tricks"
        res = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.level}{name}{'X' * self.doublings}{res} by {seats}"


@dataclass(frozen=True)
class Par(JsonDocument):
    """The par of one deal.

    Attributes:
        score: the par score for North-South (negative when East-West gain it); 0 when passed out.
        contracts: every par contract (empty when the par is to pass the deal out).
        law: the law set ("contract", or the canonical name of a historical law set).
        first: the side that had the first chance to bid.
        vulnerability: the vulnerability used.
    """

    _json_kind: ClassVar[str] = "par"

    score: int
    contracts: tuple[ParContract, ...]
    law: str
    first: Side
    vulnerability: Vulnerability

    @property
    def side(self) -> Side | None:
        """The side that gains the par score (None when it is 0)."""
        if self.score == 0:
            return None
        return Side.NS if self.score > 0 else Side.EW

    def __str__(self) -> str:
        if not self.contracts:
            return "par 0 (pass)"
        return f"par {self.score:+d}: " + ", ".join(str(c) for c in self.contracts)


def _solve(
    table: Sequence[Sequence[int]], vul: tuple[bool, bool], first: int
) -> tuple[int, list[tuple[int, int, tuple[int, ...], bool, int]]]:
    """Par score (for NS) and contracts ``(level, strain, declarers, doubled, result)``."""
    # Best tricks of each side per strain, and the final score sc[s][k] for side s if contract k
    # (k = 5 * (level - 1) + strain) stands: undoubled if it makes, doubled if it goes down.
    best = [[max(table[st][s], table[st][s + 2]) for st in range(5)] for s in (0, 1)]
    sc = [
        [
            contract_score(
                k // 5 + 1, k % 5, int(best[s][k % 5] < k // 5 + 7), vul[s], best[s][k % 5]
            )
            for k in range(35)
        ]
        for s in (0, 1)
    ]
    # w[s][k]: value for side s after s bids k, the other side to act (it passes, or outbids).
    # r[s][k]: the best s can get by bidding some contract >= k.
    neg_inf = -(10**9)
    w = [[0] * 35 for _ in (0, 1)]
    r = [[neg_inf] * 36 for _ in (0, 1)]
    for k in range(34, -1, -1):
        for s in (0, 1):
            w[s][k] = min(sc[s][k], -r[1 - s][k + 1])
        for s in (0, 1):
            r[s][k] = max(r[s][k + 1], w[s][k])
    d, o = first, 1 - first
    value_first = max(-max(0, r[o][0]), r[d][0])
    value_ns = value_first if d == 0 else -value_first
    if value_ns == 0:
        return 0, []
    p = 0 if value_ns > 0 else 1
    q = 1 - p
    s_par = abs(value_ns)
    out: list[tuple[int, int, tuple[int, ...], bool, int]] = []
    # Making contracts: per strain and declarer the lowest level scoring the par, with no
    # standing opponents' bid above it that would do better for them.
    no_better_above = [False] * 36
    ok = True
    for k in range(34, -1, -1):
        no_better_above[k] = ok
        ok = ok and -sc[q][k] >= s_par
    no_better_above[35] = True
    for st in range(5):
        found: dict[int, list[int]] = {}
        for dec in (p, p + 2):
            t = table[st][dec]
            for level in range(1, t - 5):
                k = 5 * (level - 1) + st
                if contract_score(level, st, 0, vul[p], t) == s_par and no_better_above[k]:
                    found.setdefault(k, []).append(dec)
                    break
        for k, decs in sorted(found.items()):
            t = table[st][decs[0]]
            out.append((k // 5 + 1, st, tuple(sorted(decs)), False, t - (k // 5 + 7)))
    if out:
        return value_ns, out

    # Sacrifices: the opponents' doubled contract scoring the par, with no making contract of
    # the par side above it that scores more.
    p_better_above = [False] * 36
    ok = True
    for k in range(34, -1, -1):
        p_better_above[k] = not ok
        ok = ok and sc[p][k] <= s_par
    sac: set[int] = set()

    def good(k2: int) -> bool:
        return -sc[q][k2] == s_par and w[q][k2] == -s_par and not p_better_above[k2]

    for c in range(35):
        if w[p][c] == s_par and sc[p][c] > s_par:
            for st in range(5):
                k2 = c + 1 + ((st - (c + 1) % 5) % 5)
                if k2 < 35 and good(k2):
                    sac.add(k2)
    if not sac:
        # A preemptive sacrifice: the opponents bid first, at their lowest useful level.
        for st in range(5):
            for level in range(1, 8):
                k2 = 5 * (level - 1) + st
                if good(k2):
                    sac.add(k2)
                    break
    for k2 in sorted(sac):
        st = k2 % 5
        t = best[q][st]
        sac_decs = tuple(dec for dec in (q, q + 2) if table[st][dec] == t)
        out.append((k2 // 5 + 1, st, sac_decs, True, t - (k2 // 5 + 7)))
    return value_ns, out


# The C++ core (redouble/par.hpp) computes the same game as _solve for batches; _solve stays the
# reference the tests compare it with. Rows go to the core in chunks, so that Ctrl-C is honoured
# between chunks as well as while the Par objects are built.
_CHUNK = 1 << 16
_SIDES = (Side.NS, Side.EW)
_DECODED: dict[int, ParContract] = {}  # bounded by the 16-bit code space (a few thousand used)


_ALONE: dict[int, tuple[ParContract]] = {}  # the same, as a row's only par contract


def _decode(code: int) -> ParContract:
    """The ParContract of a packed code (redouble::ParCode: level, strain, seats, doubled, result)."""
    got = _DECODED.get(code)
    if got is None:
        seats = tuple(Seat(d) for d in range(4) if code >> (6 + d) & 1)
        got = ParContract(
            code & 7, Strain(code >> 3 & 7), seats, bool(code >> 10 & 1), (code >> 11) - 16
        )
        _DECODED[code] = got
        _ALONE[code] = (got,)
    return got


def _core_pars(
    arr: npt.NDArray[np.uint8], vul_codes: Sequence[int], firsts: Sequence[int]
) -> tuple[list[int], list[int], list[int]]:
    """The core's par of rows: NS scores, contract offsets and packed contract codes."""
    scores, offsets, codes = _core.contract_pars(
        arr, np.asarray(vul_codes, dtype=np.uint8), np.asarray(firsts, dtype=np.uint8)
    )
    return scores.tolist(), offsets.tolist(), codes.tolist()


def _first_side(first: object, dealer: object) -> int:
    if isinstance(first, str) and first.strip().lower() == "dealer":
        if dealer is None:
            raise AnalysisError("dealer is required for dealer par (first='dealer')")
        return int(as_seat(dealer, "dealer")) & 1
    if isinstance(first, Side):
        return int(first)
    if isinstance(first, str) and first.strip().upper() in ("NS", "EW"):
        return 0 if first.strip().upper() == "NS" else 1
    if isinstance(first, str):
        raise AnalysisError(f"first must be 'dealer', 'NS' or 'EW', got {shown(first)}")
    raise TypeError(f"first must be 'dealer', 'NS', 'EW' or a Side, got {type(first).__name__}")


def _check_law(law: object) -> tuple[str, _laws.LawSet | None]:
    """The law's name and, for a historical law set, the law set (None for contract bridge)."""
    if isinstance(law, _laws.LawSet):
        law_set = law
    elif isinstance(law, str):
        if law in _LAWS:
            return law, None
        try:
            law_set = _laws.get(law)
        except RedoubleError:
            raise AnalysisError(
                f"law must be one of {', '.join(_laws.available())}; got {shown(law)}"
            ) from None
    else:
        raise TypeError(f"law must be a law set name, got {type(law).__name__}")
    if law_set.name == "CONTRACT":
        return "contract", None
    if law_set.trick_scoring is _laws.TrickScoring.CONTRACTED_TRICKS:
        # Rubber and Chicago scores depend on the score before the hand, not just the hand.
        raise AnalysisError(
            f"par is defined for contract (duplicate scoring), Auction Bridge and Bridge law "
            f"sets; got {law_set.short_title} ({law_set.name})"
        )
    return law_set.name, law_set


def _dealer_first(first: object, law_set: _laws.LawSet) -> None:
    """Under the historical codes the dealer speaks first (he must declare or make)."""
    if not (isinstance(first, str) and first.strip().lower() == "dealer"):
        raise AnalysisError(
            f"under {law_set.short_title} the dealer always speaks first: first must be 'dealer', "
            f"got {shown(first)}"
        )


def _historical(
    law_set: _laws.LawSet, table: npt.NDArray[np.uint8], deal: Deal, dealer: int
) -> tuple[int, list[Any]]:
    got = historical_par(law_set, table.tolist(), deal, dealer)
    raw = [
        (level, st, decs, x > 0, tricks - 6 - level, symbol, x)
        for level, symbol, st, decs, x, tricks in got.contracts
    ]
    return got.score, raw


def _as_deal(value: object, what: str) -> Deal:
    if isinstance(value, Deal):
        return value
    if isinstance(value, np.ndarray) and value.shape == (4,) and value.dtype.kind in "iu":
        try:
            return Deal([int(m) for m in value])
        except RedoubleError as e:
            raise AnalysisError(f"{what}: {e}") from None
    raise TypeError(f"{what} must be a Deal or 4 uint64 hand masks, got {type(value).__name__}")


def _make(value: int, raw: list[Any], law: str, first: int, vul: Vulnerability) -> Par:
    contracts = tuple(
        ParContract(level, Strain(st), tuple(Seat(d) for d in decs), dbl, res, *extra)
        for level, st, decs, dbl, res, *extra in raw
    )
    return Par(value, contracts, law, Side(first), vul)


def _refuse_vulnerability(law_set: _laws.LawSet, vuls: Sequence[Vulnerability]) -> None:
    """Only contract bridge scores vulnerability: a side named vulnerable under another law
    set would be ignored in silence, so it is refused (NONE is no claim)."""
    for v in vuls:
        if v != Vulnerability.NONE:
            raise AnalysisError(
                f"vulnerability: {law_set.title} has no vulnerability (only contract bridge "
                f"scores it), got {('None', 'NS', 'EW', 'Both')[int(v)]}"
            )


def par(
    deal_or_table: Deal | npt.ArrayLike,
    law: str | _laws.LawSet = "contract",
    *,
    dealer: Seat | int | str | None = None,
    vulnerability: Vulnerability | int | str = Vulnerability.NONE,
    first: str | Side = "dealer",
    deal: Deal | None = None,
) -> Par:
    """The par score and every par contract of a deal (see the module docstring).

    Args:
        deal_or_table: a :class:`~redouble.deal.Deal` (solved here) or its ``(5, 4)`` DD table.
        law: the law set: "contract" (contract bridge), or a historical one ("auction_1912",
            "bridge_1906", "bridge_duplicate" ...; see :mod:`redouble.analysis.par_historical`),
            by name or as a :class:`~redouble.laws.LawSet`.
        dealer: the dealer (needed for dealer par).
        vulnerability: a :class:`~redouble.deal.Vulnerability`, its code or "None"/"NS"/"EW"/"Both";
            contract bridge only (the historical codes have none: anything but "None" is
            refused under them).
        first: "dealer" (dealer par, DDS's ``DealerPar``) or the side that bids first, "NS" or
            "EW" (the two results of DDS's ``Par``); under the historical codes the dealer
            always acts first.
        deal: the cards, when `deal_or_table` is a table and the law set counts honours.

    >>> import numpy as np
    >>> t = np.array([[7] * 4, [6] * 4, [6] * 4, [10, 3, 10, 3], [9, 4, 9, 4]])
    >>> str(par(t, dealer="N", vulnerability="None"))
    'par +420: 4S= by NS'

    Raises:
        AnalysisError: on a bad table, law, seat or vulnerability (a ``ValueError``).
    """
    name, law_set = _check_law(law)
    vul = as_vulnerability(vulnerability)
    if law_set is not None:
        _refuse_vulnerability(law_set, [vul])
        _dealer_first(first, law_set)
        if dealer is None:
            raise AnalysisError(f"dealer is required for par under {law_set.short_title}")
        seat = int(as_seat(dealer, "dealer"))
        if deal is None and isinstance(deal_or_table, Deal):
            deal = deal_or_table
        if deal is None:
            raise AnalysisError(f"par under {law_set.short_title} counts honours: give the deal")
        cards = _as_deal(deal, "deal")
        arr = as_table(deal_or_table)
        value, raw = _historical(law_set, arr, cards, seat)
        return _make(value, raw, name, seat & 1, vul)
    side_first = _first_side(first, dealer)
    table = as_table(deal_or_table)
    scores, _, codes = _core_pars(table[None], [int(vul)], [side_first])
    contracts = tuple(_decode(c) for c in codes)
    return Par(scores[0], contracts, name, _SIDES[side_first], vul)


def _per_row(value: Any, n: int, conv: Any, what: str) -> list[Any]:
    if isinstance(value, np.ndarray | list | tuple):
        if len(value) != n:
            raise AnalysisError(f"{what} must have one entry per table ({n}), got {len(value)}")
        if isinstance(value, np.ndarray) and value.ndim == 1 and value.dtype.kind in "iu":
            # Seats and vulnerabilities are codes 0-3: checked at once and looked up, since
            # converting each entry costs more than the core's par of its table.
            bad = (value < 0) | (value > 3)
            if bad.any():
                conv(value[np.argmax(bad)], what)  # raises, naming the value
            lut = [conv(code, what) for code in range(4)]
            return [lut[code] for code in value.tolist()]
        return [conv(v, what) for v in value]
    one = conv(value, what)
    return [one] * n


def _rows_of(value: Any) -> Any:
    """A per-row argument as pars reads it: a pandas Series as its array (its values, not its
    index), a 0-d array as its one value (``len()`` of one was a bare TypeError)."""
    if is_pandas(value, "Series"):
        value = value.to_numpy()
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return value[()]
    return value


def pars(
    tables: npt.ArrayLike,
    law: str | _laws.LawSet = "contract",
    *,
    dealer: Any = None,
    vulnerability: Any = Vulnerability.NONE,
    first: str | Side = "dealer",
    deals: Any = None,
    progress: Any = None,
) -> list[Par]:
    """Par of each table of a ``(N, 5, 4)`` batch; `dealer` and `vulnerability` may be per row
    (a list, an array or a pandas Series, read by position).

    `law` is as for :func:`par`; the historical law sets need `deals`, the cards of each
    row (an ``(N, 4) uint64`` array of hand masks or a sequence of :class:`~redouble.deal.Deal`).
    `progress` is a callable ``(done, total)`` (called about every 50 ms), or True for a tqdm
    bar (``.[progress]``). Ctrl-C stops the batch at once and raises
    :class:`~redouble.analysis.AnalysisInterrupted`, a :class:`KeyboardInterrupt` whose
    ``partial`` holds the pars of the first ``done`` tables.

    Raises:
        AnalysisError: on a bad batch or argument.
        AnalysisInterrupted: on Ctrl-C.
    """
    name, law_set = _check_law(law)
    arr = as_tables(tables)
    n = len(arr)
    dealer, vulnerability = _rows_of(dealer), _rows_of(vulnerability)
    if is_pandas(deals, "DataFrame"):
        deals = deals.to_numpy()
    vuls = _per_row(vulnerability, n, as_vulnerability, "vulnerability")
    if law_set is not None:
        _refuse_vulnerability(law_set, vuls)
        _dealer_first(first, law_set)
        if dealer is None:
            raise AnalysisError(f"dealer is required for par under {law_set.short_title}")
        seats = [int(s) for s in _per_row(dealer, n, as_seat, "dealer")]
        if deals is None:
            raise AnalysisError(f"par under {law_set.short_title} counts honours: give deals")
        if isinstance(deals, np.ndarray):
            if deals.shape != (n, 4) or deals.dtype.kind not in "iu":
                raise AnalysisError(f"deals must have shape ({n}, 4) of hand masks")
        elif not isinstance(deals, Sequence):
            raise TypeError(f"deals must be an array or a sequence of Deal, got {type(deals)}")
        if len(deals) != n:
            raise AnalysisError(f"deals must have one entry per table ({n}), got {len(deals)}")
        cards = [_as_deal(d, "deals") for d in deals]
        report = progress_reporter(progress, n)
        out: list[Par] = []
        try:
            for t, v, seat, c in zip(arr, vuls, seats, cards, strict=True):
                value, raw = _historical(law_set, t, c, seat)
                out.append(_make(value, raw, name, seat & 1, v))
                if report is not None:
                    report(len(out))
        except KeyboardInterrupt:
            raise AnalysisInterrupted(out, len(out), n) from None
        return out
    if isinstance(first, str) and first.strip().lower() == "dealer":
        if dealer is None:
            raise AnalysisError("dealer is required for dealer par (first='dealer')")
        if isinstance(dealer, np.ndarray | list | tuple):
            firsts = [int(s) & 1 for s in _per_row(dealer, n, as_seat, "dealer")]
        else:  # one dealer for the batch: converted once, not per row
            firsts = [int(as_seat(dealer, "dealer")) & 1] * n
    else:
        firsts = [_first_side(first, None)] * n
    report = progress_reporter(progress, n)
    per_row = isinstance(vulnerability, np.ndarray | list | tuple)
    vul_codes = [int(v) for v in vuls] if per_row or not n else [int(vuls[0])] * n
    new = object.__new__
    vul_of = [Vulnerability(code) for code in range(4)]
    memo: dict[int, Par] = {}
    out = []
    try:
        for lo in range(0, n, _CHUNK):
            hi = min(n, lo + _CHUNK)
            scores, offsets, codes = _core_pars(arr[lo:hi], vul_codes[lo:hi], firsts[lo:hi])
            for code in set(codes):
                _decode(code)
            get = _DECODED.__getitem__
            alone = _ALONE
            rows = zip(
                scores, offsets[:-1], offsets[1:], firsts[lo:hi], vul_codes[lo:hi], strict=True
            )
            for score, a, b, f, vc in rows:
                # A row with at most one par contract is the same Par as any other row of the
                # batch with that score, contract, first side and vulnerability (Par is frozen):
                # made once per batch. Code 0 (no contract) is never a contract's code.
                key = -1
                if b - a <= 1:
                    key = (codes[a] if b > a else 0) | f << 16 | vc << 17 | (score + 8192) << 19
                    p = memo.get(key)
                    if p is not None:
                        out.append(p)
                        if report is not None:
                            report(len(out))
                        continue
                # The fields Par(...) sets, written straight into the new object's __dict__:
                # the frozen dataclass's __init__ (five object.__setattr__ calls) costs more
                # than the core's whole par of a table. The tests compare both ways.
                p = new(Par)
                fields = p.__dict__
                fields["score"] = score
                # Most rows have one par contract: its 1-tuple is made once.
                fields["contracts"] = alone[codes[a]] if b - a == 1 else tuple(map(get, codes[a:b]))
                fields["law"] = name
                fields["first"] = _SIDES[f]
                fields["vulnerability"] = vul_of[vc]
                if key >= 0:
                    memo[key] = p
                out.append(p)
                if report is not None:
                    report(len(out))
    except KeyboardInterrupt:
        raise AnalysisInterrupted(out, len(out), n) from None
    return out


def par_scores(pars_: Sequence[Par]) -> npt.NDArray[np.int32]:
    """The NS par scores of a list of :class:`Par` as an ``int32`` array.

    Raises:
        TypeError: if `pars_` is not an iterable of :class:`Par` (what :func:`pars` returns).
    """
    items = list(as_iterable(pars_, "pars_", "a list of Par"))
    for i, p in enumerate(items):
        if not isinstance(p, Par):
            raise TypeError(f"pars_[{i}] must be a Par, not {type(p).__name__}")
    return np.array([p.score for p in items], dtype=np.int32)
