"""The game at the table: phases, legality, dummy, scoring, rubbers, log replay, cutting."""

from __future__ import annotations

import json

import pytest

from redouble import Card, IllegalCallError, IllegalPlayError, Seat, Side, laws
from redouble.game import (
    Event,
    Game,
    GameError,
    Phase,
    RandomPlayer,
    Table,
    cut_for_partners,
)

ALL_LAW_SETS = list(laws.available())
RUBBERS_PER_LAW_SET = 250


def _check_invariants(g: Game) -> None:
    assert g.phase is Phase.COMPLETE
    scored = [r for r in g.results if r.score is not None]
    for r in scored:
        assert len(r.tricks) == 13
        assert r.tricks_won.ns + r.tricks_won.ew == 13
        assert r.score is not None
        assert r.score.tricks_in_play == r.tricks_won
    for r in g.results:
        if r.score is None:  # passed out: every call a pass
            assert all(str(c) == "P" for c in r.calls)
    law = g.law_set
    sum_ns = sum(r.score.deal_points.ns for r in scored if r.score)
    sum_ew = sum(r.score.deal_points.ew for r in scored if r.score)
    if law.rubber is not None:
        wins = [w for w in (r.score.game_won_by for r in scored if r.score) if w is not None]
        assert max(wins.count(Side.NS), wins.count(Side.EW)) == law.rubber.games_to_win
        assert wins[-1] is not None
        bonus = g.totals.ns + g.totals.ew - sum_ns - sum_ew
        assert bonus in set(law.rubber.bonus.values())
    elif law.chicago is None:
        assert (g.totals.ns, g.totals.ew) == (sum_ns, sum_ew)


@pytest.mark.parametrize("name", ALL_LAW_SETS)
def test_random_rubbers_finish_with_consistent_scores(name: str) -> None:
    for seed in range(RUBBERS_PER_LAW_SET):
        g = Game(name, seed=seed, first_dealer=Seat(seed % 4))
        g.auto_play(RandomPlayer(seed))
        _check_invariants(g)
        if seed % 25 == 0:
            again = Game.from_json(g.to_json())
            assert again.totals == g.totals
            assert [e.to_json() for e in again.log] == [e.to_json() for e in g.log]


def test_replaying_a_log_reproduces_state_mid_hand() -> None:
    g = Game("auction_1912", seed=5)
    player = RandomPlayer(5)
    for _ in range(60):
        g.act(player(g))
    again = Game.replay(g.log)
    assert again.phase is g.phase
    assert again.to_act == g.to_act
    assert again.position is not None
    assert g.position is not None
    assert again.position.trick == g.position.trick
    assert again.hand_number == g.hand_number
    assert again.score_sheet() == g.score_sheet()


def test_a_tampered_log_is_refused() -> None:
    g = Game("contract_rubber", seed=2)
    g.auto_play(RandomPlayer(2))
    events = [e.to_json() for e in g.log]
    score = next(i for i, e in enumerate(events) if e["kind"] == "score")
    events[score]["data"]["trick_score"] = {"NS": 999, "EW": 0}
    with pytest.raises(GameError, match="does not agree"):
        Game.replay(events)
    with pytest.raises(GameError):
        Game.from_json(json.dumps({"format": "something else"}))
    with pytest.raises(GameError):
        Game.replay([Event("deal")])


def test_illegal_actions_name_the_law_and_change_nothing() -> None:
    g = Game("auction_1912", seed=1)
    before = [e.to_json() for e in g.log]
    with pytest.raises(IllegalCallError, match="Law 42"):
        g.act("P")  # the dealer must bid
    assert [e.to_json() for e in g.log] == before
    g.act("1H")
    with pytest.raises(IllegalCallError, match="Law 54"):
        g.act("XX")  # nothing doubled yet
    with pytest.raises(GameError):
        g.play("SA")
    for c in ["P", "P", "P"]:
        g.act(c)
    assert g.phase is Phase.PLAY
    leader = g.to_act
    assert leader is Seat.EAST
    not_held = next(c for c in g.deal[Seat.NORTH])
    with pytest.raises(IllegalPlayError, match="does not hold"):
        g.play(not_held)
    with pytest.raises(GameError):
        g.call("1S")
    assert g.to_act is leader


def test_dummy_is_exposed_after_the_opening_lead_and_declarer_plays_it() -> None:
    g = Game("contract", seed=3)
    for c in ["1S", "P", "P", "P"]:
        g.act(c)
    assert g.contract is not None
    declarer, dummy = g.contract.declarer, g.contract.dummy
    west_view = g.visible_cards(Seat.WEST)
    assert list(west_view) == [Seat.WEST]
    assert not g.dummy_exposed
    g.act(next(iter(g.legal_actions())))  # the opening lead
    assert g.dummy_exposed
    assert dummy in g.visible_cards(g.contract.opening_leader.partner)
    assert g.to_act is dummy
    assert g.controller is declarer


def test_bridge_dealer_plays_even_when_partner_makes() -> None:
    g = Game("bridge_1906", seed=4, first_dealer="S")
    g.act("P")  # the dealer passes the make
    g.act("H")  # his partner makes hearts
    g.act("P")
    g.act("P")
    assert g.contract is not None
    assert g.contract.declarer is Seat.SOUTH
    assert g.to_act is Seat.WEST  # the eldest hand leads


def test_a_hand_scores_from_the_actual_hands() -> None:
    g = Game("auction_1912", seed=11)
    g.auto_play(RandomPlayer(11))
    first = next(r for r in g.results if r.score is not None)
    assert first.score is not None
    assert first.contract is not None
    from redouble.scoring import score_hand

    again = score_hand(
        "auction_1912",
        first.contract.spec(),
        first.contract.declarer,
        first.tricks_won,
        deal=first.deal,
    )
    assert again.honour_column == first.score.honour_column
    assert "total" in g.score_sheet()


def test_passed_out_contract_deal_goes_on() -> None:
    g = Game("contract_rubber", seed=1)
    for _ in range(4):
        g.act("P")
    assert g.results[0].contract is None
    assert g.hand_number == 2
    assert g.dealer is Seat.EAST


def test_cut_auction_1912_breaks_ties_by_suit() -> None:
    r = cut_for_partners(
        "auction_1912", ["A", "B", "C", "D"], cuts=[{"A": "H3", "B": "C3", "C": "D9", "D": "SQ"}]
    )
    assert r.dealer == "A"  # hearts lowest on equal cards (law 14)
    assert r.partners == (("A", "B"), ("C", "D"))
    assert len(r.rounds) == 1


def test_cut_bridge_recuts_ties_that_matter() -> None:
    # BR-P10: the two lowest are equal: they re-cut and the lower deals.
    r = cut_for_partners(
        "bridge_1906",
        ["P1", "P2", "P3", "P4"],
        cuts=[{"P1": "H3", "P2": "C3", "P3": "D9", "P4": "SQ"}, {"P1": "SK", "P2": "S2"}],
    )
    assert r.dealer == "P2"
    assert {frozenset(p) for p in r.partners} == {frozenset({"P1", "P2"}), frozenset({"P3", "P4"})}
    assert len(r.rounds) == 2
    # The two highest equal: no re-cut is needed.
    r = cut_for_partners(
        "bridge_1906",
        ["P1", "P2", "P3", "P4"],
        cuts=[{"P1": "SA", "P2": "C3", "P3": "DK", "P4": "SK"}],
    )
    assert r.dealer == "P1"  # the ace is low
    assert len(r.rounds) == 1
    with pytest.raises(GameError):
        cut_for_partners("bridge_1906", ["P1", "P1", "P3", "P4"])


def test_table_seats_players_and_continues_the_rotation() -> None:
    t = Table("auction_1912", ["Ann", "Bob", "Cy", "Di"], seed=9)
    dealer = t.cut.dealer
    assert t.seat_of(dealer) is Seat.NORTH
    assert t.player_at(Seat.NORTH) == dealer
    with pytest.raises(GameError):
        t.new_game()
    t.game.auto_play(RandomPlayer(9))
    last = t.game.dealer
    g2 = t.new_game()
    assert g2.dealer is last.lho
    assert len(t.games) == 2
    with pytest.raises(GameError):
        t.seat_of("Zed")


def test_card_actions_accept_text_and_cards() -> None:
    g = Game("contract", seed=8)
    for c in ["2NT", "P", "P", "P"]:
        g.act(c)
    card = next(iter(g.legal_actions()))
    g.act(Card(int(card)))
    assert g.position is not None
    assert g.position.trick == (card,)


@pytest.mark.parametrize(("name", "law"), [("auction_1912", "Law 83"), ("contract", "Law 6")])
def test_a_revoke_is_refused_naming_the_law(name: str, law: str) -> None:
    g = Game(name, seed=1)
    for c in ["1H", "P", "P", "P"]:
        g.act(c)
    pos = g.position
    assert pos is not None
    g.act(next(iter(pos.legal_plays())))
    revoke = next(c for c in pos.hand(pos.to_play) if not pos.is_legal(c))
    before = [e.to_json() for e in g.log]
    with pytest.raises(IllegalPlayError, match=law):
        g.act(revoke)
    assert [e.to_json() for e in g.log] == before


def test_a_game_of_given_deals_stops_when_they_are_played() -> None:
    from redouble import deal as seeded_deal

    deals = [seeded_deal(4, 1), seeded_deal(4, 2)]
    g = Game("auction_1912", deals=deals)
    g.auto_play(RandomPlayer(4))
    assert g.phase is Phase.COMPLETE
    assert [r.deal for r in g.results] == deals
    assert g.log[-1].kind == "end"
    assert Game.from_json(g.to_json()).totals == g.totals


def test_both_declaring_procedures_follow_one_protocol() -> None:
    from redouble.auction import Auction, BridgeDeclaration, Declaring, declaring_procedure

    auction = declaring_procedure("auction_1912", Seat.NORTH)
    bridge = declaring_procedure("bridge_1906", Seat.NORTH)
    assert isinstance(auction, Auction)
    assert isinstance(bridge, BridgeDeclaration)
    for procedure in (auction, bridge):
        assert isinstance(procedure, Declaring)
        assert procedure.maker is None
        assert procedure.history == ()
        assert procedure.dealer_original_one_spade is False
    auction.call("1H")
    auction.call("P")
    assert auction.history == ((Seat.NORTH, auction.calls[0]), (Seat.EAST, auction.calls[1]))


def test_a_game_says_what_it_holds() -> None:
    g = Game("auction_1912", seed=3)
    assert repr(g) == "<Game AUCTION_WCNY_1912: hand 1, declare, North to act; NS 0, EW 0>"
    g.auto_play(RandomPlayer(3))
    assert repr(g).startswith("<Game AUCTION_WCNY_1912: hand ")
    assert f"complete; NS {g.totals.ns}, EW {g.totals.ew}>" in repr(g)
    assert "lenient" in repr(Game("contract", strict=False))
