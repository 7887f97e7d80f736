"""Declaring and bidding: ordering, legality, declarer, Bridge's make and doubling conversation."""

from __future__ import annotations

import itertools
import random

import pytest

from redouble import CardSet, Deal, IllegalCallError, Seat, laws
from redouble.auction import (
    Auction,
    BridgeDeclaration,
    Call,
    CallKind,
    declaring_procedure,
)

BIDDING = ["auction_1912", "contract"]


@pytest.mark.parametrize("name", BIDDING)
def test_core_ordering_agrees_with_the_law_set_data(name: str) -> None:
    law = laws.get(name)
    bids = [(lv, d.symbol) for lv in range(1, 8) for d in law.declarations]
    for a, b in itertools.product(bids, repeat=2):
        auction = Auction(law, Seat.NORTH, [f"{b[0]}{b[1]}"])
        legal = auction.is_legal(f"{a[0]}{a[1]}")
        assert legal == law.is_higher(a, b), (a, b)


def test_auction_1912_orders_by_value_then_tricks() -> None:
    a = Auction("auction_1912", Seat.NORTH, ["3S"])
    assert not a.is_legal("1C")  # 6 = 6 and fewer tricks (law 44)
    a = Auction("auction_1912", Seat.NORTH, ["2R", "X"])
    assert a.is_legal("3C")  # 18 = 18 with more tricks; doubling does not count (law 53)
    a = Auction("auction_1912", Seat.NORTH, ["1R"])
    assert not a.is_legal("4S")


def test_contract_orders_by_level_then_strain() -> None:
    a = Auction("contract", Seat.NORTH, ["1NT"])
    assert not a.is_legal("1S")
    assert a.is_legal("2C")


def test_dealer_must_bid_in_auction_1912_but_may_pass_in_contract() -> None:
    a = Auction("auction_1912", Seat.EAST)
    assert not a.is_legal("P")
    with pytest.raises(IllegalCallError, match=r"Law 42"):
        a.call("P")
    c = Auction("contract", Seat.EAST, ["P", "P", "P", "P"])
    assert c.is_passed_out
    assert c.is_complete
    assert c.contract is None


def test_doubling_rules() -> None:
    a = Auction("auction_1912", Seat.NORTH, ["1H", "P"])
    assert not a.is_legal("X")  # partner's declaration (law 54)
    a = Auction("auction_1912", Seat.NORTH, ["1H", "X"])
    assert a.is_legal("XX")  # partner's declaration doubled by an adversary
    assert not a.is_legal("X")
    a = Auction("auction_1912", Seat.NORTH, ["1H", "X", "P"])
    assert not a.is_legal("XX")  # redoubling partner's double
    a = Auction("auction_1912", Seat.NORTH, ["1NT", "X", "XX"])
    assert not a.is_legal("X")
    assert not a.is_legal("XX")
    assert a.is_legal("2C")  # a double or redouble reopens the bidding (law 55)


def test_three_passes_close_and_declarer_is_first_to_name() -> None:
    # Case 7 of the Card Committee: final 3 clubs by South, but North bid clubs first.
    calls = ["1C", "1D", "P", "P", "1H", "P", "P", "2D", "2H", "X", "3C", "P", "P", "P"]
    a = Auction("auction_1912", Seat.NORTH, calls)
    assert a.is_complete
    assert a.contract is not None
    assert str(a.contract) == "3C by N"
    assert a.contract.opening_leader is Seat.EAST
    assert a.legal_calls() == []
    with pytest.raises(IllegalCallError, match="over"):
        a.call("P")


def test_law_46_reaches_no_trump_only_under_its_flag() -> None:
    # Auction Bridge (1912), Law 46 names the winning suit; flag law46_applies_to_nt.
    calls = ["1C", "P", "1NT", "P", "2NT", "P", "P", "P"]
    assert str(Auction("auction_1912", Seat.NORTH, calls).contract) == "2NT by S"
    off = laws.get("auction_1912", law46_applies_to_nt=False)
    assert str(Auction(off, Seat.NORTH, calls).contract) == "2NT by N"
    hearts = ["1C", "P", "1H", "P", "2H", "P", "P", "P"]
    assert str(Auction(off, Seat.NORTH, hearts).contract) == "2H by S"
    assert Auction(off, Seat.NORTH).declarer is None


def test_illegal_call_changes_nothing_and_names_the_rule() -> None:
    a = Auction("contract", Seat.SOUTH, ["1S"])
    before = (a.calls, a.to_call, a.last_bid)
    with pytest.raises(IllegalCallError, match="higher") as err:
        a.call("1H")
    assert "Law" in str(err.value)
    assert (a.calls, a.to_call, a.last_bid) == before
    with pytest.raises(IllegalCallError):
        a.call("8NT")
    with pytest.raises(IllegalCallError):
        a.call("1R")  # no Royal Spades in contract bridge
    assert Auction("auction_1912", Seat.NORTH, ["1RS"]).last_bid == Call.parse("1R")


def test_undo_and_copy() -> None:
    a = Auction("contract", Seat.WEST, ["1C", "X", "XX", "P"])
    b = a.copy()
    assert a.undo() == Call.PASS
    assert a.undo() == Call.REDOUBLE
    assert a.doublings == 1
    assert b.doublings == 2
    assert len(b.calls) == 4


@pytest.mark.parametrize("name", BIDDING)
def test_random_auctions_keep_their_invariants(name: str) -> None:
    r = random.Random(name)
    law = laws.get(name)
    for _ in range(300):
        dealer = Seat(r.randrange(4))
        a = Auction(law, dealer)
        while not a.is_complete:
            legal = a.legal_calls()
            assert legal
            weights = [8 if c.kind is CallKind.PASS else 1 for c in legal]
            a.call(r.choices(legal, weights)[0])
        if a.is_passed_out:
            assert all(c.kind is CallKind.PASS for c in a.calls)
            continue
        contract = a.contract
        assert contract is not None
        assert a.last_bid is not None
        # Declarer's side made the final bid and the declarer named its declaration first.
        seat_of = {i: dealer.next(i) for i in range(len(a.calls))}
        bidders = [seat_of[i] for i, c in enumerate(a.calls) if c == a.last_bid]
        assert contract.declarer.side is bidders[-1].side
        firsts = [
            seat_of[i]
            for i, c in enumerate(a.calls)
            if c.is_bid
            and c.declaration == contract.declaration
            and seat_of[i].side is contract.declarer.side
        ]
        assert contract.declarer is firsts[0]
        assert [str(c) for c in a.calls[-3:]] == ["P", "P", "P"]
        # The string form round-trips.
        again = Auction(law, dealer, str(a).split(":")[1].split())
        assert again.calls == a.calls


def test_call_parse_and_str() -> None:
    for text, norm in [("pass", "P"), ("Dbl", "X"), ("rdbl", "XX"), ("1nt", "1NT"), ("7s", "7S")]:
        assert str(Call.parse(text, "contract")) == norm
    with pytest.raises(IllegalCallError):
        Call.parse("1Z", "contract")
    with pytest.raises(IllegalCallError):
        Call.parse(3)  # type: ignore[arg-type]


# -- Bridge 1906: the make and the conversation --------------------------------------------------


def test_bridge_make_passed_and_the_conversation() -> None:
    # BR-P01 with Z = South dealing: Z passes the make, Y (North) makes hearts, A (West, eldest)
    # asks "May I lead?", B (East) doubles, Y is satisfied, Z re-doubles, B then A are satisfied.
    d = BridgeDeclaration("bridge_1906", Seat.SOUTH)
    assert d.to_call is Seat.SOUTH
    d.call("P")
    assert d.to_call is Seat.NORTH
    assert Call.PASS not in d.legal_calls()  # the partner must make it
    d.call("H")
    assert d.maker is Seat.NORTH
    for seat, call in [
        (Seat.WEST, "P"),
        (Seat.EAST, "X"),
        (Seat.NORTH, "P"),
        (Seat.SOUTH, "X"),
        (Seat.EAST, "P"),
        (Seat.WEST, "P"),
    ]:
        assert d.to_call is seat
        d.call(call)
    assert d.is_complete
    assert d.contract is not None
    assert d.contract.doublings == 2
    assert d.contract.declarer is Seat.SOUTH  # the dealer plays the two hands
    assert d.contract.opening_leader is Seat.WEST


def test_bridge_doubling_has_no_ceiling_by_default_but_a_flag_sets_one() -> None:
    d = BridgeDeclaration("bridge_1906", Seat.NORTH, ["NT"] + ["X"] * 9 + ["P", "P"])
    assert d.contract is not None
    assert d.contract.doublings == 9
    capped = laws.get("bridge_1906", bridge_max_doublings=2)
    d = BridgeDeclaration(capped, Seat.NORTH, ["NT", "X", "X"])
    assert d.is_complete
    assert d.contract is not None
    assert d.contract.doublings == 2


def test_bridge_levels_and_bad_calls_are_refused() -> None:
    d = BridgeDeclaration("bridge_1906", Seat.NORTH)
    with pytest.raises(IllegalCallError, match="no levels"):
        d.call("2H")
    with pytest.raises(IllegalCallError):
        d.call("Q")
    assert d.calls == ()


def test_three_handed_compulsory_declaration_and_leader_only_doubles() -> None:
    dummy = CardSet.from_pbn_hand("AK5.A973.A84.652")  # three aces: no trump (T3-001)
    hands = {Seat.SOUTH: dummy}
    rest = CardSet.full_deck() - dummy
    cards = list(rest)
    for i, seat in enumerate((Seat.NORTH, Seat.EAST, Seat.WEST)):
        hands[seat] = CardSet(cards[13 * i : 13 * i + 13])
    deal = Deal(hands)
    law = laws.get("bridge_three_handed")
    d = declaring_procedure(law, Seat.NORTH, deal=deal)
    assert isinstance(d, BridgeDeclaration)
    d.call("P")  # the dealer passes the make to the dummy
    assert d.maker is Seat.SOUTH
    assert d.history[1] == (Seat.SOUTH, Call.parse("NT", law))
    assert d.to_call is Seat.EAST  # the leader
    # "Only one adversary, the leader, can double": when he declines, his partner (West) is
    # never asked, and declaring is over undoubled.
    declined = declaring_procedure(law, Seat.NORTH, deal=deal)
    declined.call("P")
    declined.call("P")
    assert declined.is_complete
    assert declined.to_call is None
    assert declined.contract is not None
    assert declined.contract.doublings == 0
    assert declined.why_illegal("X") is not None
    d.call("X")
    # The dealer has seen both hands, so he may not redouble: the conversation is over.
    assert d.is_complete
    assert d.contract is not None
    assert d.contract.doublings == 1


def test_declaring_procedure_picks_by_law_set() -> None:
    assert isinstance(declaring_procedure("auction_1912", Seat.NORTH), Auction)
    assert isinstance(declaring_procedure("bridge_1906", Seat.NORTH), BridgeDeclaration)
    with pytest.raises(IllegalCallError):
        Auction("bridge_1906", Seat.NORTH)


@pytest.mark.parametrize("name", BIDDING)
def test_auction_string_form_round_trips(name: str) -> None:
    r = random.Random(7)
    for _ in range(100):
        a = Auction(name, Seat(r.randrange(4)))
        while not a.is_complete:
            legal = a.legal_calls()
            a.call(r.choices(legal, [6 if c.kind is CallKind.PASS else 1 for c in legal])[0])
        again = Auction.parse(name, str(a))
        assert again.calls == a.calls
        assert again.contract == a.contract
    with pytest.raises(IllegalCallError):
        Auction.parse(name, "1H P P P")
    with pytest.raises(IllegalCallError):
        Auction.parse(name, "Q: 1H")


def test_bridge_declaration_string_form_round_trips() -> None:
    d = BridgeDeclaration("bridge_1906", Seat.SOUTH, ["P", "H", "P", "X", "P", "X", "P", "P"])
    again = BridgeDeclaration.parse("bridge_1906", str(d))
    assert again.history == d.history
    assert again.contract == d.contract
