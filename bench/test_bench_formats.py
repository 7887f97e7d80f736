"""PBN reading speed: redouble's reader and its deal-only fast path against endplay's
``pbn.load``, on one generated file of real-looking boards (tags, auction, play, notes,
commentary) of at least 20 MB, in the same run. Nothing here asserts a time."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from redouble.cards import Seat
from redouble.deal import Deal
from redouble.dealing import board as make_board
from redouble.formats import pbn

TARGET_BYTES = 20_000_000
_STRAINS = ("C", "D", "H", "S", "NT")


def _board_text(n: int, rng: random.Random) -> str:
    b = make_board(2026, n)
    dealer = b.dealer
    level = rng.randrange(1, 5)
    strain = rng.choice(_STRAINS)
    opener = dealer.next(rng.randrange(4))
    calls = ["Pass"] * ((int(opener) - int(dealer)) % 4) + [f"{level}{strain}", "Pass"]
    calls += [f"{level + 2}{strain} =1=", "Pass", "Pass", "Pass"]
    declarer = opener
    leader = declarer.lho
    hands = [sorted(str(c) for c in b.deal.hand(leader.next(k))) for k in range(4)]
    play = "\n".join(" ".join(hands[k][t] for k in range(4)) for t in range(13))
    auction = "\n".join(" ".join(calls[i : i + 4]) for i in range(0, len(calls), 4))
    return (
        f'[Event "Generated club pairs"]\n[Site "Benchmark club"]\n[Date "2026.01.01"]\n'
        f'[Board "{n}"]\n[West "West {n}"]\n[North "North {n}"]\n[East "East {n}"]\n'
        f'[South "South {n}"]\n[Dealer "{dealer.letter}"]\n'
        f'[Vulnerable "{b.vulnerability.pbn}"]\n[Deal "{b.deal.to_pbn(dealer)}"]\n'
        f'[Scoring "MP"]\n[Declarer "{declarer.letter}"]\n'
        f'[Contract "{level + 2}{strain}"]\n[Result "{rng.randrange(6, 13)}"]\n'
        f"{{Board {n}: declarer {Seat(declarer).name.lower()} took the lead in hand and "
        "drew trumps before cashing the side suit; a squeeze was possible.}\n"
        f'[Auction "{dealer.letter}"]\n{auction}\n[Note "1:game try, then game"]\n'
        f'[Play "{leader.letter}"]\n{play}\n\n'
    )


@pytest.fixture(scope="module")
def pbn_file(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> tuple[Path, int]:
    """A seeded file of at least TARGET_BYTES and its number of boards (1 MB when timing is
    off, as in CI's smoke run, which only checks that the benchmarks work)."""
    target = TARGET_BYTES
    if request.config.getoption("benchmark_disable", default=False):
        target = 1_000_000
    path = tmp_path_factory.mktemp("formats") / "big.pbn"
    rng = random.Random(7)
    size = 0
    n = 0
    with path.open("w", encoding="ascii", newline="\n") as fh:
        fh.write("% PBN 2.1\n% EXPORT\n")
        while size < target:
            n += 1
            text = _board_text(n, rng)
            fh.write(text)
            size += len(text)
    return path, n


@pytest.mark.benchmark(group="formats")
def test_redouble_pbn_load(benchmark: Any, pbn_file: tuple[Path, int]) -> None:
    path, n = pbn_file
    benchmark.extra_info.update(compare="PBN read, records (per board)", engine="redouble", units=n)
    boards = benchmark.pedantic(pbn.load, args=(path,), rounds=1, iterations=1)
    assert len(boards) == n
    assert boards[-1].board == n


@pytest.mark.benchmark(group="formats")
def test_redouble_pbn_load_deals(benchmark: Any, pbn_file: tuple[Path, int]) -> None:
    path, n = pbn_file
    benchmark.extra_info.update(
        compare="PBN read, deals only (per board)", engine="redouble", units=n
    )
    deals = benchmark.pedantic(pbn.load_deals, args=(path,), rounds=3, iterations=1)
    assert deals.shape == (n, 4)
    assert np.all(np.bitwise_or.reduce(deals, axis=1) == np.uint64((1 << 52) - 1))
    for k in range(5):
        want = make_board(2026, k + 1).deal
        assert [int(x) for x in deals[k]] == [want.hand(s).mask for s in Seat]


def _endplay_load(path: Path) -> list[Any]:
    from endplay.parsers import pbn as ep

    with path.open() as fh:
        return list(ep.load(fh))


@pytest.mark.benchmark(group="formats")
@pytest.mark.parametrize(
    "compare", ["PBN read, records (per board)", "PBN read, deals only (per board)"]
)
def test_endplay_pbn_load(benchmark: Any, pbn_file: tuple[Path, int], compare: str) -> None:
    pytest.importorskip("endplay", reason="the reference is not installed: pip install .[bench]")
    path, n = pbn_file
    benchmark.extra_info.update(compare=compare, engine="endplay", units=n)
    boards = benchmark.pedantic(_endplay_load, args=(path,), rounds=1, iterations=1)
    assert len(boards) == n
    first = pbn.load_deals(path)[:3]
    for row, theirs in zip(first, boards[:3], strict=True):
        assert [int(x) for x in row] == [
            Deal.from_pbn(theirs.deal.to_pbn()).hand(s).mask for s in Seat
        ]
