"""Seeded dealing: determinism, pinned deals, batches, predeal, uniformity, the laws' procedure."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from redouble import (
    Card,
    CardSet,
    Deal,
    DealRecord,
    InvalidDealError,
    RedoubleError,
    Seat,
    deal,
    deal_by_the_laws,
    deals,
    predeal,
)
from redouble.dealing import board

# (seed, board) -> deal. These pin the generator (xoshiro256** seeded by splitmix64, one stream
# per board) and the dealing order; if one changes, every user's saved seed means a new deal.
PINNED = {
    (0, 1): "N:4.KQ7632.AQJT.A5 AK76.98.K953.KT8 QT.T5.87642.J974 J98532.AJ4..Q632",
    (1, 1): "N:T843.K2.T93.AQ82 KJ9.953.QJ652.T6 A752.AQ76.AK7.54 Q6.JT84.84.KJ973",
    (1, 2): "N:KJ97.7.98632.AK3 AT6.KQ64.KQT7.92 852.A853.5.Q8654 Q43.JT92.AJ4.JT7",
    (2026, 16): "N:K8754.Q.A4.AJT72 6.A98643.K863.86 AJT.752.T952.953 Q932.KJT.QJ7.KQ4",
    (2**64 - 1, 1000): "N:J964.A9652.A4.K8 K73.8.JT63.96543 AT5.KQJ3.K52.JT7 Q82.T74.Q987.AQ2",
}


@pytest.mark.parametrize(("key", "pbn"), PINNED.items())
def test_pinned_deals_never_change(key: tuple[int, int], pbn: str) -> None:
    assert deal(seed=key[0], board=key[1]).to_pbn() == pbn


def test_same_seed_same_deal_and_different_seeds_differ() -> None:
    assert deal(5, 3) == deal(5, 3)
    assert deal(5, 3) != deal(6, 3)
    assert deal(5, 3) != deal(5, 4)


def test_batch_rows_are_the_boards_of_the_seed() -> None:
    arr = deals(50, seed=9, first_board=11)
    assert arr.shape == (50, 4)
    assert arr.dtype == np.uint64
    assert arr.flags.c_contiguous
    for i, row in enumerate(arr):
        assert Deal.from_array(row) == deal(9, 11 + i)
    # Splitting the range gives the same deals.
    assert np.array_equal(
        np.vstack([deals(20, 9, first_board=11), deals(30, 9, first_board=31)]), arr
    )


def test_batch_on_threads_is_the_same_for_any_thread_count() -> None:
    # Big enough that 2..5 threads each get a share (a thread takes at least 2**14 deals); odd
    # sizes leave a short last share.
    n = 5 * 2**14 + 7
    one = deals(n, seed=77, first_board=5)
    for threads in (2, 3, 5, None):
        assert np.array_equal(deals(n, seed=77, first_board=5, threads=threads), one)
    # Shares start where they should: a board deep in the range is the seed's board.
    assert Deal.from_array(one[n - 1]) == deal(77, 5 + n - 1)
    assert deals(3, seed=1, threads=4).shape == (3, 4)


def test_batch_threads_are_checked() -> None:
    for bad in (0, -1, 257):
        with pytest.raises(InvalidDealError, match="threads"):
            deals(10, seed=1, threads=bad)
    with pytest.raises(TypeError, match="threads"):
        deals(10, seed=1, threads=2.0)  # type: ignore[arg-type]


def test_batch_deals_are_valid_full_deals() -> None:
    arr = deals(2000, seed=3)
    assert np.all(np.bitwise_or.reduce(arr, axis=1) == np.uint64((1 << 52) - 1))
    counts = np.vectorize(lambda x: int(x).bit_count())(arr)
    assert np.all(counts == 13)


def test_empty_batch_and_bad_counts() -> None:
    assert deals(0, seed=1).shape == (0, 4)
    for bad in (-1, 2.5, "3"):
        with pytest.raises(InvalidDealError):
            deals(bad, seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidDealError):
        deal(seed="x")  # type: ignore[arg-type]


def test_board_carries_dealer_and_vulnerability() -> None:
    b = board(seed=4, number=6)
    assert b.dealer is Seat.EAST
    assert b.vulnerability.pbn == "EW"
    assert b.deal == deal(4, 6)


def test_each_card_lands_in_each_seat_uniformly() -> None:
    n = 20000
    arr = deals(n, seed=123)
    # counts[seat, card]
    bits = (arr[:, :, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)
    counts = bits.sum(axis=0).astype(float)
    assert np.all(counts.sum(axis=0) == n)
    expected = n / 4
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    dof = 52 * 3
    # Far beyond the 99.99th percentile of chi-square(156) (about 225); fails only on a biased
    # generator or with vanishing probability.
    assert chi2 < dof + 6 * (2 * dof) ** 0.5, chi2


def test_hand_shape_frequencies() -> None:
    arr = deals(30000, seed=77)
    shapes: Counter[tuple[int, ...]] = Counter()
    for row in arr:
        for m in row:
            h = CardSet(int(m))
            shapes[tuple(sorted(h.shape(), reverse=True))] += 1
    total = sum(shapes.values())
    # Theoretical frequencies of hand patterns (combinatorics of 13 cards from 52).
    for shape, p in {(4, 4, 3, 2): 0.2155, (5, 3, 3, 2): 0.1552, (4, 3, 3, 3): 0.1054}.items():
        freq = shapes[shape] / total
        se = (p * (1 - p) / total) ** 0.5
        assert abs(freq - p) < 5 * se, (shape, freq, p)


def test_predeal_honours_fixed_cards() -> None:
    fixed = {Seat.NORTH: "AKQJ.AKQ.AKQ.AKQ", Seat.SOUTH: "SA HA"[0:0] + "T98..."}
    arr = predeal(fixed, seed=1, n=200)
    assert isinstance(arr, np.ndarray)
    n_mask = CardSet.from_pbn_hand("AKQJ.AKQ.AKQ.AKQ").mask
    s_mask = CardSet.from_pbn_hand("T98...").mask
    for row in arr:
        d = Deal.from_array(row)
        assert d.is_full
        assert d[Seat.NORTH].mask == n_mask
        assert d[Seat.SOUTH].mask & s_mask == s_mask
    one = predeal({Seat.WEST: "SA HK"}, seed=2)
    assert isinstance(one, Deal)
    assert {"SA", "HK"} <= {str(c) for c in one[Seat.WEST]}


def test_predeal_with_accept_filter() -> None:
    arr = predeal({}, seed=5, n=20, accept=lambda d: d[Seat.NORTH].hcp() >= 20)
    assert isinstance(arr, np.ndarray)
    assert arr.shape == (20, 4)
    assert all(Deal.from_array(r)[Seat.NORTH].hcp() >= 20 for r in arr)
    with pytest.raises(InvalidDealError, match="no deal accepted"):
        predeal({}, seed=5, accept=lambda d: False, max_tries=256)


def test_predeal_rejects_conflicts() -> None:
    with pytest.raises(InvalidDealError):
        predeal({Seat.NORTH: "A...", Seat.SOUTH: "A..."}, seed=1)
    with pytest.raises(InvalidDealError):
        predeal({Seat.NORTH: "AKQJT98765432.A.."}, seed=1)
    fixed = {Seat.NORTH: "A..."}
    predeal(fixed, seed=1)
    assert fixed == {Seat.NORTH: "A..."}


def test_deal_by_the_laws_follows_the_procedure() -> None:
    for seed in range(30):
        dealer = Seat(seed % 4)
        rec = deal_by_the_laws(seed, dealer)
        assert rec.check() == []
        assert rec.check(code="bridge_1907") == []
        assert 4 <= rec.cut <= 48  # type: ignore[operator]
        assert rec.cutter is dealer.rho
        # The pack is the shuffled pack with the cut completed: top packet goes underneath.
        assert [c for _, c in rec.dealt] == list(rec.shuffled[rec.cut :] + rec.shuffled[: rec.cut])
        assert rec.dealt[0][0] is dealer.lho
        assert rec.dealt[-1][0] is dealer
        assert all(rec.dealt[i][0] is dealer.next(i + 1) for i in range(52))
        assert rec.deal.is_full


def _record(**changes: object) -> DealRecord:
    rec = deal_by_the_laws(11, Seat.NORTH)
    fields = {"dealer": rec.dealer, "dealt": rec.dealt, "cut": rec.cut, "shuffled": rec.shuffled}
    fields.update(changes)
    return DealRecord(**fields)  # type: ignore[arg-type]


def _laws(rec: DealRecord, code: str = "auction_1912") -> list[str]:
    return [r.law for r in Deal.check(rec, code=code)]


def test_check_finds_cards_out_of_rotation() -> None:
    rec = _record()
    dealt = list(rec.dealt)
    dealt[0], dealt[1] = (dealt[1][0], dealt[0][1]), (dealt[0][0], dealt[1][1])
    assert _laws(_record(dealt=tuple(dealt))) == ["Auction Bridge (1912), Law 37 (a)"]
    assert _laws(_record(dealt=tuple(dealt)), "bridge_1906") == [
        "Bridge (Elwell, 1906), Law 38 (a)"
    ]


def test_check_finds_an_imperfect_pack() -> None:
    rec = _record()
    dealt = list(rec.dealt)
    dealt[5] = (dealt[5][0], dealt[6][1])  # a duplicated card, one missing
    reasons = Deal.check(_record(dealt=tuple(dealt)))
    assert [r.law for r in reasons] == ["Auction Bridge (1912), Law 37 (b)"]
    assert "duplicated" in reasons[0].reason
    assert "missing" in reasons[0].reason


def test_check_finds_fourteen_cards_and_the_last_card() -> None:
    rec = _record()
    dealt = list(rec.dealt)
    dealt[-1] = (Seat.EAST, dealt[-1][1])  # last card to East (dealer is North)
    laws = _laws(_record(dealt=tuple(dealt)))
    assert "Auction Bridge (1912), Law 37 (d)" in laws
    assert "Auction Bridge (1912), Law 37 (g)" in laws
    assert "Auction Bridge (1912), Law 37 (a)" in laws
    # Bridge 1906 (Elwell, 1906) has no last-card clause; the 1907 text (Elwell, 1907) adds it.
    assert not any("(g)" in x for x in _laws(_record(dealt=tuple(dealt)), "bridge_1906"))
    assert any("(g)" in x for x in _laws(_record(dealt=tuple(dealt)), "bridge_1907"))


def test_check_uncut_pack_and_short_cut() -> None:
    uncut = Deal.check(_record(cut=None))
    assert [r.law for r in uncut] == ["Auction Bridge (1912), Law 37 (f)"]
    assert not uncut[0].compulsory
    short = Deal.check(_record(cut=2))
    assert [r.law for r in short] == ["Auction Bridge (1912), Law 32"]
    assert short[0].recut_only
    with pytest.raises(ValueError, match="unknown code"):
        Deal.check(_record(), code="whist")


def test_record_deal_of_a_faulty_record_raises() -> None:
    rec = _record()
    dealt = list(rec.dealt)
    dealt[5] = (dealt[5][0], dealt[6][1])
    with pytest.raises(InvalidDealError):
        _ = _record(dealt=tuple(dealt)).deal
    assert Card(rec.dealt[0][1]) in rec.deal[Seat.EAST]


def test_record_entries_are_checked_by_index_and_take_card_names() -> None:
    rec = _record()
    # A card given by its name is the card; the record equals the one built from Cards.
    named = tuple((seat, str(card)) for seat, card in rec.dealt)
    assert _record(dealt=named, shuffled=tuple(str(c) for c in rec.shuffled)) == rec
    bad = list(rec.dealt)
    bad[5] = "x"  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"dealt\[5\] must be a \(seat, card\) pair"):
        _record(dealt=tuple(bad))
    bad[5] = (rec.dealt[5][0], 2.0)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match=r"dealt\[5\]'s card"):
        _record(dealt=tuple(bad))
    bad[5] = (7, rec.dealt[5][1])  # type: ignore[call-overload]
    with pytest.raises(RedoubleError, match=r"dealt\[5\]'s seat"):
        _record(dealt=tuple(bad))
    with pytest.raises(TypeError, match=r"shuffled\[2\]"):
        _record(shuffled=(*rec.shuffled[:2], None, *rec.shuffled[3:]))
