"""PBN and LIN reading speed: redouble's readers and their deal-only fast paths against
endplay's ``pbn.load`` and ``lin.load``, each on one generated file of real-looking boards
(PBN: tags, auction, play, notes, commentary, at least 20 MB; LIN: see below), in the same run.
Nothing here asserts a time."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from redouble.cards import Seat
from redouble.deal import Deal
from redouble.dealing import board as make_board
from redouble.formats import lin, pbn

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


def _write_boards(
    path: Path,
    target: int,
    board_text: Callable[[int, random.Random], str],
    *,
    seed: int,
    header: str = "",
) -> int:
    """Write generated boards 1, 2, ... to `path` until it holds `target` bytes; their number."""
    rng = random.Random(seed)
    size = n = 0
    with path.open("w", encoding="ascii", newline="\n") as fh:
        fh.write(header)
        while size < target:
            n += 1
            text = board_text(n, rng)
            fh.write(text)
            size += len(text)
    return n


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
    return path, _write_boards(path, target, _board_text, seed=7, header="% PBN 2.1\n% EXPORT\n")


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
    _deals_are_the_boards(deals, n, 2026)


def _endplay_load(fmt: str, path: Path) -> list[Any]:
    """endplay's reader of `fmt` ("pbn" or "lin") over a whole file."""
    import importlib

    parser = importlib.import_module(f"endplay.parsers.{fmt}")
    with path.open() as fh:
        return list(parser.load(fh))


def _endplay_agrees(benchmark: Any, fmt: str, file: tuple[Path, int], compare: str) -> None:
    """Time endplay's reader of `fmt` on `file` and check it read every board, the first
    deals equal to redouble's."""
    pytest.importorskip("endplay", reason="the reference is not installed: pip install .[bench]")
    path, n = file
    benchmark.extra_info.update(compare=compare, engine="endplay", units=n)
    boards = benchmark.pedantic(_endplay_load, args=(fmt, path), rounds=1, iterations=1)
    assert len(boards) == n
    ours = {"pbn": pbn, "lin": lin}[fmt].load_deals(path)[:3]
    for row, theirs in zip(ours, boards[:3], strict=True):
        assert [int(x) for x in row] == [
            Deal.from_pbn(theirs.deal.to_pbn()).hand(s).mask for s in Seat
        ]


def _deals_are_the_boards(deals: Any, n: int, seed: int) -> None:
    """The deal-only path gave one full deal a board, the first ones those of the generator."""
    assert deals.shape == (n, 4)
    assert np.all(np.bitwise_or.reduce(deals, axis=1) == np.uint64((1 << 52) - 1))
    for k in range(5):
        want = make_board(seed, k + 1).deal
        assert [int(x) for x in deals[k]] == [want.hand(s).mask for s in Seat]


@pytest.mark.benchmark(group="formats")
@pytest.mark.parametrize(
    "compare", ["PBN read, records (per board)", "PBN read, deals only (per board)"]
)
def test_endplay_pbn_load(benchmark: Any, pbn_file: tuple[Path, int], compare: str) -> None:
    _endplay_agrees(benchmark, "pbn", pbn_file, compare)


# ---------------------------------------------------------------------------------------------
# LIN: redouble's reader (the core's lexer and board typer) and its deal-only path against
# endplay's ``lin.load``, on one generated file of BBO-style boards (names, deal, auction with
# an alert and its explanation, the whole play in legal order), in the same run.
# ---------------------------------------------------------------------------------------------

LIN_TARGET_BYTES = 10_000_000
_LIN_DIGIT = {Seat.SOUTH: 1, Seat.WEST: 2, Seat.NORTH: 3, Seat.EAST: 4}
_LIN_ORDER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)


def _lin_hand(cards: list[int]) -> str:
    out = ""
    for suit in (3, 2, 1, 0):
        out += "SHDC"[3 - suit] + "".join(
            "23456789TJQKA"[c % 13] for c in sorted(cards, reverse=True) if c // 13 == suit
        )
    return out


def _lin_board_text(n: int, rng: random.Random) -> str:
    b = make_board(2027, n)
    dealer = b.dealer
    masks = {s: b.deal.hand(s).mask for s in Seat}
    hands = {s: [c for c in range(52) if masks[s] >> c & 1] for s in Seat}
    level = rng.randrange(1, 5)
    strain = rng.randrange(5)
    opener = dealer.next(rng.randrange(4))
    bid = f"{level}{'CDHSN'[strain]}"
    calls = ["p"] * ((int(opener) - int(dealer)) % 4) + [bid + "!", "p"]
    calls += [f"{level + 2}{'CDHSN'[strain]}", "p", "p", "p"]
    declarer = opener
    # The play: the leader's random card, the others follow suit when they can.
    leader = declarer.lho
    play = []
    for _ in range(13):
        trick: list[tuple[Seat, int]] = []
        for k in range(4):
            seat = leader.next(k)
            own = hands[seat]
            follow = [c for c in own if trick and c // 13 == trick[0][1] // 13]
            card = rng.choice(follow or own)
            own.remove(card)
            trick.append((seat, card))

        def rank(item: tuple[Seat, int], led: int = trick[0][1] // 13) -> int:
            suit = item[1] // 13
            return 200 + item[1] if suit == strain else (100 + item[1] if suit == led else 0)

        leader = max(trick, key=rank)[0]
        play += ["SHDC"[3 - c // 13] + "23456789TJQKA"[c % 13] for _, c in trick]
    deal = ",".join(_lin_hand([c for c in range(52) if masks[s] >> c & 1]) for s in _LIN_ORDER[:3])
    text = (
        f"pn|South {n},West {n},North {n},East {n}|st||md|{_LIN_DIGIT[dealer]}{deal},|rh||"
        f"ah|Board {n}|sv|{'oneb'[int(b.vulnerability)]}|"
    )
    for call in calls:
        text += f"mb|{call}|" + ("an|natural, 5+ cards|" if call.endswith("!") else "")
    text += "pg||"
    for i, card in enumerate(play):
        text += f"pc|{card}|" + ("pg||" if i % 4 == 3 else "")
    return text + "\n"


@pytest.fixture(scope="module")
def lin_file(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> tuple[Path, int]:
    """A seeded LIN file of at least LIN_TARGET_BYTES and its number of boards (300 kB when
    timing is off, as in CI's smoke run: endplay reads it twice, at under 200 boards a
    second on a loaded 2-core machine)."""
    target = LIN_TARGET_BYTES
    if request.config.getoption("benchmark_disable", default=False):
        target = 300_000
    path = tmp_path_factory.mktemp("formats") / "big.lin"
    return path, _write_boards(path, target, _lin_board_text, seed=11)


@pytest.mark.benchmark(group="formats")
def test_redouble_lin_load(benchmark: Any, lin_file: tuple[Path, int]) -> None:
    path, n = lin_file
    benchmark.extra_info.update(compare="LIN read, records (per board)", engine="redouble", units=n)
    boards = benchmark.pedantic(lin.load, args=(path,), rounds=1, iterations=1)
    assert len(boards) == n
    assert boards[-1].board == n
    assert boards[-1].play is not None
    assert len(boards[-1].plays()) == 52


@pytest.mark.benchmark(group="formats")
def test_redouble_lin_load_deals(benchmark: Any, lin_file: tuple[Path, int]) -> None:
    path, n = lin_file
    benchmark.extra_info.update(
        compare="LIN read, deals only (per board)", engine="redouble", units=n
    )
    deals = benchmark.pedantic(lin.load_deals, args=(path,), rounds=3, iterations=1)
    _deals_are_the_boards(deals, n, 2027)


@pytest.mark.benchmark(group="formats")
@pytest.mark.parametrize(
    "compare", ["LIN read, records (per board)", "LIN read, deals only (per board)"]
)
def test_endplay_lin_load(benchmark: Any, lin_file: tuple[Path, int], compare: str) -> None:
    _endplay_agrees(benchmark, "lin", lin_file, compare)
