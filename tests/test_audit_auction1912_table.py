"""An audit of Auction Bridge (Whist Club of New York, 1912): the laws before the auction
(cutting, forming the table, shuffling and dealing, Laws 14-41) and the new-deal laws.

Laws 1-36 are read from the Thai translation of the code (the only copy of them), laws 37-97
and the Cases from the English. Each test states a law's outcome on a scenario the other test
files (``test_irregularities.py``, ``test_dealing.py``, ``test_audit_auction1912.py``) do not
already pin down, driven through the public API: :func:`cut_for_partners`, :class:`Table`,
:class:`redouble.club.Club`, :func:`deal_by_the_laws`, :class:`DealRecord` and the lenient
:class:`Game`.
"""

from __future__ import annotations

import pytest

from redouble.cards import Card, Seat
from redouble.club import Club, ClubError
from redouble.deal import Deal, DealRecord
from redouble.dealing import deal_by_the_laws
from redouble.errors import GameError, IrregularityError
from redouble.game import Game, Table, cut_for_partners
from redouble.irregularities import Irregularity
from redouble.laws import citations

LAW = "auction_1912"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


def game() -> Game:
    return Game(LAW, deals=[DEAL] * 8, first_dealer="N", strict=False)


def finish_hand(g: Game) -> None:
    """One hand through: the dealer's One Heart passed out, the declarer's claim conceded."""
    for call in ("1H", "P", "P", "P"):
        g.call(call)
    g.claim(tricks=7)
    g.decide("concede")


# --------------------------------------------------------------------------------------------
# Laws 14-18: cutting for partners and deal.
# --------------------------------------------------------------------------------------------


def test_law_14_equal_cards_rank_hearts_diamonds_clubs_spades_not_the_bidding_order() -> None:
    """Auction Bridge (1912), Law 14: of equal cards the heart is lowest, then the diamond,
    the club, the spade highest; the cutting order is not the bidding order (clubs below
    diamonds, Law 4). Law 18: the two lowest (heart and diamond) play the two highest, the
    heart deals."""
    cuts = {"Ann": "C8", "Bob": "S8", "Cy": "H8", "Di": "D8"}
    r = cut_for_partners(LAW, list(cuts), cuts=[cuts])
    assert r.order == ("Cy", "Di", "Ann", "Bob")
    assert r.dealer == "Cy"
    assert {frozenset(p) for p in r.partners} == {
        frozenset({"Cy", "Di"}),
        frozenset({"Ann", "Bob"}),
    }
    assert len(r.rounds) == 1  # equal ranks are settled by suit: nobody cuts again


def test_law_15_no_two_players_cut_the_same_card() -> None:
    """Auction Bridge (1912), Law 15: everyone cuts from the same pack, so a recorded cut in
    which two players show the same card is no cut at all, not a tie to be cut again."""
    with pytest.raises(GameError, match="same pack"):
        cut_for_partners(
            LAW, ["A", "B", "C", "D"], cuts=[{"A": "H2", "B": "H2", "C": "SK", "D": "DK"}]
        )


def test_law_15_and_16_the_cards_a_player_exposes_are_out_of_the_pack_for_the_others() -> None:
    """Auction Bridge (1912), Law 16: a player who exposes several cards cuts the highest;
    Law 15: those cards come from the one pack, so nobody else can have cut any of them."""
    with pytest.raises(GameError, match="A and B both show S5"):
        cut_for_partners(
            LAW, ["A", "B", "C", "D"], cuts=[{"A": ["H2", "S5"], "B": "S5", "C": "SK", "D": "DK"}]
        )
    r = cut_for_partners(
        LAW, ["A", "B", "C", "D"], cuts=[{"A": ["H2", "S5"], "B": "C5", "C": "SK", "D": "DK"}]
    )
    assert r.rounds[0]["A"] == Card.parse("S5")  # S5 above C5: A cuts second highest
    assert r.order == ("B", "A", "D", "C")


def test_law_18_at_the_table_the_lowest_cut_deals_the_first_hand() -> None:
    """Auction Bridge (1912), Law 18: the lowest cut deals (and chooses his seat: the table
    puts him North), his partner is the second lowest; Law 14: the ace is the lowest card."""
    t = Table(
        LAW, ["Ann", "Bob", "Cy", "Di"], cuts=[{"Ann": "SK", "Bob": "HA", "Cy": "D2", "Di": "C9"}]
    )
    assert t.cut.dealer == "Bob"
    assert t.game.dealer is t.seat_of("Bob")
    assert t.seat_of("Cy") is t.seat_of("Bob").partner
    assert {t.seat_of("Ann"), t.seat_of("Di")} == {E, W}


def test_law_21_cutting_out_equal_ranks_go_by_suit_clubs_above_diamonds() -> None:
    """Auction Bridge (1912), Law 21: among players of equal standing the highest cut goes
    out, the cards valued as in Law 14 (its footnote): of two nines the club is higher than
    the diamond, and a spade higher than both."""
    club = Club(LAW)
    t = club.new_table(["Ann", "Bob", "Cy", "Di"])
    club.announce("Ed", t)
    assert t.end_rubber(cuts={"Ann": "D9", "Bob": "C9", "Cy": "H9", "Di": "CA"}) == ["Bob"]
    # Law 15 again: Ann, Cy and Di (two rubbers each) cut from one pack to decide who
    # gives way to Bob.
    with pytest.raises(ClubError, match="same card"):
        t.end_rubber(cuts={"Ann": "D9", "Cy": "D9", "Di": "CA"})
    # The refused cut did not close the rubber: cut again, it is counted once.
    assert [t.member(p).rubbers for p in ("Ann", "Cy", "Di", "Ed")] == [1, 1, 1, 0]
    assert t.end_rubber(cuts={"Ann": "D9", "Cy": "DT", "Di": "CA"}) == ["Cy"]
    assert [t.member(p).rubbers for p in ("Ann", "Di", "Ed", "Bob")] == [2, 2, 1, 0]


# --------------------------------------------------------------------------------------------
# Laws 31-37: dealing, the cut and the new deal.
# --------------------------------------------------------------------------------------------


def test_law_31_the_deal_passes_to_the_left() -> None:
    """Auction Bridge (1912), Law 31: each player deals in turn, the deal passing to the left."""
    g = game()
    dealers = []
    for _ in range(5):
        dealers.append(g.dealer)
        finish_hand(g)
    assert dealers == [N, E, S, W, N]


@pytest.mark.parametrize(("cut", "stands"), [(3, False), (4, True), (48, True), (49, False)])
def test_law_32_each_packet_of_the_cut_holds_at_least_four_cards(cut: int, stands: bool) -> None:
    """Auction Bridge (1912), Law 32: the cut leaves not fewer than four cards in each packet;
    otherwise the pack is cut again (a fresh cut, not a new deal)."""
    rec = deal_by_the_laws(5, E)
    reasons = DealRecord(rec.dealer, rec.dealt, cut, rec.shuffled).check()
    if stands:
        assert reasons == []
    else:
        assert [(r.law, r.recut_only) for r in reasons] == [("Auction Bridge (1912), Law 32", True)]
        assert "3 card(s)" in reasons[0].reason


def test_law_32_and_37_the_reasons_cite_laws_a_reader_can_find() -> None:
    """Auction Bridge (1912), Laws 32 and 37: every reason a faulty record gives names the law
    and clause as printed, so that the citation reads back as that law."""
    rec = deal_by_the_laws(5, N)
    dealt = list(rec.dealt)
    dealt[-1] = (E, dealt[-1][1])  # 37 (a), (d) and (g)
    dealt[3] = (dealt[3][0], dealt[4][1])  # 37 (b)
    faulty = [
        DealRecord(N, tuple(dealt), None, rec.shuffled),  # 37 (f)
        DealRecord(N, rec.dealt, 2, rec.shuffled),  # 32
    ]
    refs = {
        (ref.law, ref.clause)
        for record in faulty
        for reason in record.check()
        for ref in citations.parse(reason.law)
        if ref.code == LAW
    }
    assert refs == {(37, "a"), (37, "b"), (37, "d"), (37, "f"), (37, "g"), (32, None)}


@pytest.mark.parametrize("ground", ["a", "c", "d", "e", "g"])
def test_law_36_and_37_after_a_compulsory_new_deal_the_same_player_deals_again(ground: str) -> None:
    """Auction Bridge (1912), Law 37: a new deal is compulsory on grounds (a)-(e) and (g);
    Law 36: the same player deals again (here East, the second dealer), and the void deal
    scores nothing."""
    g = game()
    finish_hand(g)
    before = g.totals
    assert g.dealer is E
    g.report_new_deal_ground(ground)
    assert g.hand_number == 3
    assert g.dealer is E
    assert g.results[1].void is not None
    assert g.results[1].score is None
    assert g.totals == before


def test_law_37f_the_claim_is_lost_once_an_adversary_could_have_looked() -> None:
    """Auction Bridge (1912), Law 37 (f): the dealer's omission to have the pack cut gives a
    new deal only if an adversary calls attention to it before the deal is complete and
    before either adversary has looked at any of his cards."""
    g = game()
    g.report_new_deal_ground("f")
    (ruling,) = g.pending
    assert ruling.kind is Irregularity.PACK_NOT_CUT
    assert "before either adversary has looked at any of his cards" in (ruling.deadline or "")
    g.decide("new_deal", seat=W)
    assert g.hand_number == 2
    assert g.dealer is N  # Law 36: the same dealer deals again
    g.call("1H")
    with pytest.raises(IrregularityError, match=r"Auction Bridge \(1912\), Law 37 \(f\)"):
        g.report_new_deal_ground("f")


# --------------------------------------------------------------------------------------------
# Law 40: a deal out of turn.
# --------------------------------------------------------------------------------------------


def test_law_40_a_deal_out_of_turn_that_stands_moves_the_rotation_for_good() -> None:
    """Auction Bridge (1912), Law 40: found after the last card, the deal out of turn stands,
    the player to the actual dealer's left deals next, and the rotation goes on from there
    (Law 31): the rightful dealer's turn is simply lost."""
    g = game()
    g.report_dealt_out_of_turn("S")  # North's turn, South dealt
    assert g.dealer is S
    finish_hand(g)
    assert g.dealer is W
    finish_hand(g)
    assert g.dealer is N


def test_law_36_the_same_dealer_deals_a_fresh_pack_shuffled_and_cut_again() -> None:
    """Auction Bridge (1912), Law 36: after a new deal the same player deals again; dealing
    by the laws (Laws 28-35) that is a new shuffle, cut and deal, not the void hands again."""
    g = Game(LAW, seed=11, first_dealer="W", strict=False, deal_by_the_laws=True)
    void = g.deal
    assert void == deal_by_the_laws(11, W, board=1).deal
    g.report_new_deal_ground("c")
    assert g.dealer is W
    assert g.deal == deal_by_the_laws(11, W, board=2).deal
    assert g.deal != void
