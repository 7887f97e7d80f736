"""Single-dummy analysis by sampling: opening leads and contracts.

Both functions deal `n` boards consistent with the cards a player sees (with
:func:`~redouble.analysis.constrained_deals`: the given hands predealt, the constraint, the
auction's inferences, run in the core), solve each one double-dummy on every core, and
summarise. The sample is reproducible: the same `seed` gives the same deals and the same
numbers. Double-dummy play on sampled deals is the method of the lead-analysis tools
(redeal, and the simulations analysts run on them); its known bias is that declarer and the
defence always guess right.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._check import as_index, as_int, shown
from ..auction import parse_contract_text
from ..cards import Card, CardSet, Seat, Strain
from ..deal import Deal, Vulnerability
from ..play import Position
from ..scoring import imps
from ..solver import _default_threads, solve, solve_cards
from ._common import (
    AnalysisError,
    AnalysisInterrupted,
    as_seat,
    as_vulnerability,
    progress_reporter,
)
from .constraints import Constraint, constrained_deals
from .par import contract_score

__all__ = ["ContractAnalysis", "LeadAnalysis", "LeadResult", "contract_analysis", "lead_analysis"]

# The strains single-dummy analysis knows, by the names redouble's contract grammar reads.
_STRAINS = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES}
_STRAINS |= {"N": Strain.NOTRUMP, "NT": Strain.NOTRUMP}


def _parse_contract(text: str) -> tuple[int, Strain, int]:
    # redouble's one grammar for contract text (redouble.auction.parse_contract_text).
    read = parse_contract_text(text, level_required=True, error=AnalysisError)
    strain = _STRAINS.get(read.name or "")
    if read.level is None or strain is None or read.doublings > 2:
        raise AnalysisError(f"contract must look like '3NT', '4S' or '2HX', got {shown(text)}")
    return read.level, strain, read.doublings


def _check_n(n: object) -> int:
    n = as_int(n, "n")  # a numpy integer too (n taken from an array's length or a sum)
    if not 1 <= n <= 1_000_000:
        raise AnalysisError(f"n must be 1..1000000, got {shown(n)}")
    return n


def _check_law(law: object) -> None:
    if not isinstance(law, str):
        raise TypeError(f"law must be a law set name, got {type(law).__name__}")
    if law != "contract":
        raise AnalysisError(
            f"single-dummy analysis supports law 'contract' so far, got {shown(law)}"
        )


def _mask(hand: CardSet | str | int, what: str) -> int:
    from ..dealing import _hand_mask

    try:
        mask = _hand_mask(hand)
    except (TypeError, ValueError) as e:
        raise AnalysisError(f"{what} is not a hand: {e}") from None
    if (mask).bit_count() != 13:
        raise AnalysisError(f"{what} must hold 13 cards, got {(mask).bit_count()}")
    return mask


class _Stopped(Exception):
    """Ctrl-C inside :func:`_run`, carrying the results finished in order before it."""

    def __init__(self, done: list[Any]) -> None:
        super().__init__(len(done))
        self.done = done


def _check_threads(threads: object) -> None:
    """`threads` is None or an int 1.. the solver's most: checked before any deal is dealt.

    ThreadPoolExecutor would refuse 0 or a negative number with a bare ValueError after the
    deals were dealt, and wait for ever on a NaN.
    """
    if threads is not None:
        as_index(threads, "threads", 1, _core.MAX_BATCH_THREADS, error=AnalysisError)


def _constraint_text(constraints: Any) -> Any:
    """The constraint text to deal with: "true" for None or an empty string. Anything else
    goes to :func:`constrained_deals` as it is, to be checked there (not tested for truth,
    which a numpy array refuses with a bare ValueError)."""
    if isinstance(constraints, Constraint):
        return constraints.text
    if constraints is None or (isinstance(constraints, str) and not constraints):
        return "true"
    return constraints


def _run(
    fn: Callable[[npt.NDArray[np.uint64]], Any],
    deals: npt.NDArray[np.uint64],
    threads: int | None,
    report: Callable[[int], None] | None,
) -> list[Any]:
    """fn on every deal, on a thread pool (the solver releases the GIL), results in order.

    Ctrl-C (a signal interrupts the wait for a result on POSIX) cancels the deals not
    started, lets the running ones finish their solve, and raises :class:`_Stopped`.
    """
    workers = threads or _default_threads()
    out: list[Any] = []
    with ThreadPoolExecutor(max_workers=workers) as ex:
        futures = [ex.submit(fn, row) for row in deals]
        try:
            for f in futures:
                out.append(f.result())
                if report is not None:
                    report(len(out))
        except KeyboardInterrupt:
            for f in futures:
                f.cancel()  # deals not started are dropped; running ones end with their solve
            stopped = True
        except BaseException:
            for f in futures:
                f.cancel()
            raise
        else:
            stopped = False
    if stopped:
        raise _Stopped(out)
    return out


@dataclass(frozen=True)
class LeadResult:
    """One opening lead over the sample.

    Attributes:
        card: the lead.
        tricks: mean tricks the defence takes (double-dummy after this lead).
        stderr: the standard error of `tricks`.
        p_set: the share of deals on which the contract goes down.
        score: the mean score for the defence (duplicate points).
        imps: mean IMPs for the defence against the average of all leads on each deal.
        matchpoints: mean matchpoint share (0..1) among the leads on each deal.
    """

    card: Card
    tricks: float
    stderr: float
    p_set: float
    score: float
    imps: float
    matchpoints: float


@dataclass(frozen=True)
class LeadAnalysis:
    """The result of :func:`lead_analysis`: ``leads`` best first (by mean defence tricks)."""

    contract: str
    leader: Seat
    n: int
    seed: int
    leads: tuple[LeadResult, ...]
    tricks: npt.NDArray[np.int8]  # (n, 52): defence tricks per deal and lead, -1 if not held

    def table(self) -> str:
        """A readable table, one line per lead."""
        lines = [
            (
                f"Opening lead by {self.leader.name.title()} against {self.contract}, "
                f"{self.n} deals (seed {self.seed})"
            ),
            f"{'lead':>5} {'tricks':>7} {'+/-':>5} {'set %':>6} {'score':>7} {'IMPs':>6} {'MP %':>6}",
        ]
        for r in self.leads:
            lines.append(
                f"{r.card!s:>5} {r.tricks:7.2f} {r.stderr:5.2f} {100 * r.p_set:6.1f} "
                f"{r.score:7.1f} {r.imps:6.2f} {100 * r.matchpoints:6.1f}"
            )
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The leads as a bar chart of the defence's mean tricks, the best leads marked."""
        from ..display import bar_chart_svg  # display is optional at import time

        best = max(r.tricks for r in self.leads)
        return bar_chart_svg(
            [str(r.card) for r in self.leads],
            [r.tricks for r in self.leads],
            title=f"Defence tricks against {self.contract}, {self.n} deals",
            highlight=[i for i, r in enumerate(self.leads) if r.tricks == best],
        )


def lead_analysis(
    hand: CardSet | str | int,
    seat: Seat | int | str,
    contract: str,
    *,
    constraints: str | Constraint | None = None,
    n: int = 100,
    seed: int = 1,
    law: str = "contract",
    vulnerability: Vulnerability | int | str = Vulnerability.NONE,
    threads: int | None = None,
    progress: Any = None,
) -> LeadAnalysis:
    """Which opening lead is best: every legal lead solved double-dummy on sampled deals.

    Args:
        hand: the leader's 13 cards ("KQ52.T98.A76.J43", a card list, a CardSet or a mask).
        seat: the leader; declarer is the leader's right-hand opponent.
        contract: "3NT", "4S", "2HX" ...
        constraints: what the auction showed, in the constraint language (see
            :mod:`redouble.analysis.constraints`), e.g. "S.hcp in 15..17 and S.balanced".
        n: deals to sample.
        seed: the dealing seed (same seed, same result).
        law: the law set ("contract").
        vulnerability: for the scores.
        threads: solver threads (default: every core).
        progress: a callable ``(done, total)`` over the deals solved (about every 50 ms), or
            True for a tqdm bar. Ctrl-C stops within about a second (the solves in
            progress end) and raises :class:`~redouble.analysis.AnalysisInterrupted`, whose
            ``partial`` is the analysis of the deals solved so far (None if none).

    Raises:
        AnalysisError: on a bad hand, seat, contract, constraint or count.
        AnalysisInterrupted: on Ctrl-C.
    """
    _check_law(law)
    leader = as_seat(seat, "seat")
    level, strain, doubled = _parse_contract(contract)
    vul = as_vulnerability(vulnerability)
    count = _check_n(n)
    _check_threads(threads)
    mask = _mask(hand, "hand")
    text = _constraint_text(constraints)
    got = constrained_deals(text, count, seed=seed, predeal={leader: mask})
    declarer = Seat((int(leader) + 3) % 4)

    def leads(row: npt.NDArray[np.uint64]) -> dict[Card, int]:
        return solve_cards(Position(Deal.from_array(row), strain, leader))

    report = progress_reporter(progress, count)
    try:
        results = _run(leads, got.deals, threads, report)
    except _Stopped as stop:
        partial = (
            _summarise_leads(
                stop.done, mask, level, strain, doubled, vul, declarer, contract, leader, seed
            )
            if stop.done
            else None
        )
        raise AnalysisInterrupted(partial, len(stop.done), count) from None
    return _summarise_leads(
        results, mask, level, strain, doubled, vul, declarer, contract, leader, seed
    )


def _summarise_leads(
    results: list[dict[Card, int]],
    mask: int,
    level: int,
    strain: Strain,
    doubled: int,
    vul: Vulnerability,
    declarer: Seat,
    contract: str,
    leader: Seat,
    seed: int,
) -> LeadAnalysis:
    count = len(results)
    tricks = np.full((count, 52), -1, np.int8)
    for i, r in enumerate(results):
        for card, won in r.items():
            tricks[i, int(card)] = won
    cards = [c for c in range(52) if mask >> c & 1]
    decl_vul = vul.is_vulnerable(declarer)
    # Defence score per deal and lead; all leads are legal at trick one, so every column of a
    # held card is filled.
    score = np.zeros((count, len(cards)))
    for j, c in enumerate(cards):
        for i in range(count):
            score[i, j] = -contract_score(
                level, int(strain), doubled, decl_vul, 13 - int(tricks[i, c])
            )
    mean_per_deal = score.mean(axis=1)
    out = []
    need_set = 13 - (level + 6) + 1
    for j, c in enumerate(cards):
        t = tricks[:, c].astype(np.float64)
        imp = [imps(round(score[i, j] - mean_per_deal[i])) for i in range(count)]
        mp = [
            ((score[i] < score[i, j]).sum() + 0.5 * ((score[i] == score[i, j]).sum() - 1))
            / max(1, len(cards) - 1)
            for i in range(count)
        ]
        out.append(
            LeadResult(
                card=Card(c),
                tricks=float(t.mean()),
                stderr=float(t.std(ddof=1) / math.sqrt(count)) if count > 1 else math.nan,
                p_set=float((t >= need_set).mean()),
                score=float(score[:, j].mean()),
                imps=float(np.mean(imp)),
                matchpoints=float(np.mean(mp)),
            )
        )
    out.sort(key=lambda r: (-r.tricks, -r.score, int(r.card)))
    return LeadAnalysis(contract.strip().upper(), leader, count, seed, tuple(out), tricks)


@dataclass(frozen=True)
class ContractAnalysis:
    """The result of :func:`contract_analysis`.

    Attributes:
        p_make: the share of deals on which the contract makes.
        stderr: the standard error of `p_make`.
        tricks: declarer's mean tricks.
        distribution: ``(14,)`` counts of declarer's tricks 0..13.
        score: declarer's mean score (duplicate points).
    """

    contract: str
    declarer: Seat
    n: int
    p_make: float
    stderr: float
    tricks: float
    distribution: npt.NDArray[np.int64]
    score: float


def contract_analysis(
    declarer_hand: CardSet | str | int,
    dummy_hand: CardSet | str | int,
    contract: str,
    *,
    declarer: Seat | int | str = Seat.SOUTH,
    constraints: str | Constraint | None = None,
    n: int = 100,
    seed: int = 1,
    law: str = "contract",
    vulnerability: Vulnerability | int | str = Vulnerability.NONE,
    threads: int | None = None,
    progress: Any = None,
) -> ContractAnalysis:
    """How often a contract makes: the defenders' hands sampled, every deal solved double-dummy.

    Args:
        declarer_hand: declarer's 13 cards.
        dummy_hand: dummy's 13 cards.
        contract: "3NT", "4S", "6HX" ...
        declarer: declarer's seat (dummy is the partner; the left-hand opponent leads).
        constraints: what the auction showed about the defenders (constraint language).
        n, seed, law, vulnerability, threads, progress: as for :func:`lead_analysis` (on
            Ctrl-C, ``partial`` is the analysis of the deals solved so far).

    Raises:
        AnalysisError: on a bad argument.
        AnalysisInterrupted: on Ctrl-C.
    """
    _check_law(law)
    decl = as_seat(declarer, "declarer")
    level, strain, doubled = _parse_contract(contract)
    vul = as_vulnerability(vulnerability)
    count = _check_n(n)
    _check_threads(threads)
    dm, dd = _mask(declarer_hand, "declarer_hand"), _mask(dummy_hand, "dummy_hand")
    if dm & dd:
        raise AnalysisError("declarer_hand and dummy_hand share cards")
    text = _constraint_text(constraints)
    fixed: Mapping[Seat, int] = {decl: dm, Seat((int(decl) + 2) % 4): dd}
    got = constrained_deals(text, count, seed=seed, predeal=fixed)
    leader = Seat((int(decl) + 1) % 4)

    def declarer_tricks(row: npt.NDArray[np.uint64]) -> int:
        return 13 - solve(Position(Deal.from_array(row), strain, leader))

    report = progress_reporter(progress, count)
    try:
        done = _run(declarer_tricks, got.deals, threads, report)
    except _Stopped as stop:
        partial = (
            _summarise_contract(stop.done, level, strain, doubled, vul, decl, contract)
            if stop.done
            else None
        )
        raise AnalysisInterrupted(partial, len(stop.done), count) from None
    return _summarise_contract(done, level, strain, doubled, vul, decl, contract)


def _summarise_contract(
    done: list[int],
    level: int,
    strain: Strain,
    doubled: int,
    vul: Vulnerability,
    decl: Seat,
    contract: str,
) -> ContractAnalysis:
    count = len(done)
    tricks = np.array(done, dtype=np.int64)
    made = tricks >= level + 6
    p = float(made.mean())
    decl_vul = vul.is_vulnerable(decl)
    scores = [contract_score(level, int(strain), doubled, decl_vul, int(t)) for t in tricks]
    return ContractAnalysis(
        contract=contract.strip().upper(),
        declarer=decl,
        n=count,
        p_make=p,
        stderr=math.sqrt(p * (1 - p) / count),
        tricks=float(tricks.mean()),
        distribution=np.bincount(tricks, minlength=14),
        score=float(np.mean(scores)),
    )
