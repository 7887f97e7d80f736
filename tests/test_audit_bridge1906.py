"""An independent audit of Bridge (Elwell, 1906), its variants and the 1907 dealing laws.

Each test states a scenario and the outcome the law text gives, worked out from the book
(Elwell's Laws of Bridge 1-105, Bridge for Three Players, Duplicate and Progressive Bridge, the
Spade Convention) or, for the deal, from the 1907 revision. Where the 1906 copy lacks a law
(Law 4 trick values, Law 6 honours table, Law 9 chicane) the values are those the library
documents from the period texts, and the test says so. Everything is driven through the
public API: ``score_hand``, ``Rubber``, the tallies, ``BridgeDeclaration``, ``Game`` (with
``strict=False`` for irregularities), the cutting and dealing functions.
"""

from __future__ import annotations

import re

import pytest

from redouble import laws
from redouble.auction import BridgeDeclaration
from redouble.cards import Card, CardSet, Seat, Side
from redouble.deal import Deal, DealRecord
from redouble.errors import IllegalCallError, IllegalPlayError, IrregularityError
from redouble.game import Game, GameError, Phase, RandomPlayer, cut_for_partners
from redouble.irregularities import Irregularity
from redouble.laws.bridge_variants import compulsory_declaration
from redouble.scoring import (
    DuplicateTally,
    PerSide,
    ProgressiveTally,
    Rubber,
    ScoringInputError,
    compare_tables,
    score_hand,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# N: S AKQJ H T98 D 765 C 432    E: S T98 H 765 D 432 C AKQJ
# S: S 765 H 432 D AKQJ C T98    W: S 432 H AKQJ D T98 C 765
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


# ------------------------------------------------------------------------------------------------
# Scoring a hand: Laws 2-10 (Law 4, Law 6's table and Law 9 from the period texts).
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("make", "value"), [("S", 2), ("C", 4), ("D", 6), ("H", 8), ("NT", 12)])
def test_law_4_each_odd_trick_scores_the_trick_value_for_whichever_side_wins_it(
    make: str, value: int
) -> None:
    """Law 4 (values from the 1907 revision): spades 2, clubs 4, diamonds 6, hearts 8, no trump
    12 a trick over six. No contract: the side that wins more than six tricks scores them
    (Laws 2, 3), here the adversaries of the maker, with nine tricks (three by cards)."""
    score = score_hand("bridge_1906", make, "N", (4, 9))
    assert score.trick_score == PerSide(0, 3 * value)
    assert score.breakdown.undertricks == PerSide()  # Bridge has no undertricks


def test_law_2_honours_do_not_count_toward_game() -> None:
    """Law 2: a game is thirty points "obtained by tricks alone, exclusive of any points counted
    for honours, chicane or slam". One odd trick in hearts (8) with five honours in one hand
    (80 above the line) is no game."""
    score = score_hand("bridge_1906", "H", "N", (7, 6), honours={"N": 5})
    assert score.trick_score == PerSide(8, 0)
    assert score.honour_column == PerSide(80, 0)
    assert score.game_won_by is None


@pytest.mark.parametrize(
    ("holding", "units"),
    [
        ({"N": 2, "S": 1, "E": 1, "W": 1}, 2),  # three honours (simple honours)
        ({"N": 2, "S": 2, "E": 1}, 4),  # four honours divided
        ({"N": 3, "S": 2}, 5),  # five honours divided, no hand holding four
        ({"N": 4, "E": 1}, 8),  # four in one hand, the fifth with the adversaries
        ({"N": 4, "S": 1}, 9),  # four in one hand and the fifth in partner's
        ({"N": 5}, 10),  # five in one hand
    ],
)
def test_law_6_honours_table_in_multiples_of_the_trick_value(
    holding: dict[str, int], units: int
) -> None:
    """Law 6 (the table from Elwell's book and the period tables): honours go to their
    original holders, valued in multiples of the trick value (diamonds, 6), whoever made the
    trump and whoever won the tricks."""
    score = score_hand("bridge_1906", "D", "E", (7, 6), honours=holding)  # East made diamonds
    assert score.breakdown.honours == PerSide(units * 6, 0)


@pytest.mark.parametrize(
    ("aces", "points"),
    [
        ({"N": 2, "S": 1, "E": 1}, 30),
        ({"N": 3, "S": 1}, 40),
        ({"S": 4}, 100),
        ({"N": 2, "E": 2}, 0),
    ],
)
def test_law_5_aces_are_the_honours_at_no_trump(aces: dict[str, int], points: int) -> None:
    """Law 5: at no trump the honours are the four aces: three aces 30, four divided 40,
    four in one hand 100, two each nothing (Elwell's table)."""
    score = score_hand("bridge_1906", "NT", "N", (3, 10), honours=aces)
    assert score.breakdown.honours == PerSide(points, 0)
    assert score.trick_score == PerSide(0, 4 * 12)  # the adversaries' four by cards


def test_law_9_chicane_is_added_when_its_side_scores_honours_and_doubling_leaves_it() -> None:
    """Law 9 (from the same book): chicane is worth three honours; the chicane hand's side,
    scoring honours, adds it (16 + 16 in hearts). Law 10: doubling and redoubling change
    neither honours nor chicane, only the tricks (one odd trick x4 = 32, game)."""
    plain = score_hand("bridge_1906", "H", "S", (7, 6), honours={"S": 3, "E": 1, "W": 1},
                       trump_void_seats=["N"])  # fmt: skip
    assert plain.breakdown.honours == PerSide(16, 0)
    assert plain.breakdown.chicane == PerSide(16, 0)
    redoubled = score_hand("bridge_1906", "HXX", "S", (7, 6), honours={"S": 3, "E": 1, "W": 1},
                           trump_void_seats=["N"])  # fmt: skip
    assert redoubled.honour_column == plain.honour_column == PerSide(32, 0)
    assert redoubled.trick_score == PerSide(32, 0)
    assert redoubled.game_won_by is Side.NS


def test_law_9_no_chicane_at_no_trump() -> None:
    """Law 9: chicane is a hand without trumps; at no trump there are none to lack."""
    with pytest.raises(ScoringInputError, match="no chicane at no-trump"):
        score_hand("bridge_1906", "NT", "N", (7, 6), trump_void_seats=["N"])


def test_law_50_each_doubling_doubles_the_trick_value_again_without_limit() -> None:
    """Law 50: doubled, quadrupled "and so on": four doublings multiply the trick value by 16;
    Law 10: the grand slam's 40 is not doubled."""
    score = score_hand("bridge_1906", "SXXXX", "N", (13, 0))
    assert score.trick_score == PerSide(7 * 2 * 16, 0)
    assert score.breakdown.slam == PerSide(40, 0)


def test_laws_7_8_slams_go_to_the_side_that_wins_the_tricks_not_to_the_maker() -> None:
    """Laws 7, 8: "If a player and his partner make thirteen tricks" they add 40; twelve, 20.
    The adversaries of the maker who win twelve tricks score little slam."""
    score = score_hand("bridge_1906", "S", "N", (1, 12))
    assert score.breakdown.slam == PerSide(0, 20)
    assert score.trick_score == PerSide(0, 6 * 2)


def test_law_7_revoking_side_loses_its_slam_the_penalty_taking_precedence() -> None:
    """Laws 85, 87: the penalty (three tricks) "takes precedence of all other counts": a side
    that wins all thirteen tricks in play but revoked keeps ten, and scores no slam; the
    adversaries' three penalty tricks are not "made" tricks either (Law 7)."""
    score = score_hand("bridge_1906", "NT", "N", (13, 0), revokes={"NS": 1})
    assert score.tricks_after_revoke_penalty == PerSide(10, 3)
    assert score.breakdown.slam == PerSide()
    assert score.trick_score == PerSide(28, 0)  # 4 x 12 = 48, held to 28 (Law 89)
    assert score.game_won_by is None


def test_law_87_each_revoke_costs_three_tricks_no_more_than_the_side_holds() -> None:
    """Laws 87, 96: three tricks for each revoke; two revokes by a side holding four tricks give
    the adversaries all thirteen (the transfer stops at the tricks held, the library's decision
    for the text's silence), yet Law 7 counts only nine made tricks: no slam."""
    score = score_hand("bridge_1906", "H", "N", (9, 4), revokes={"EW": 2})
    assert score.tricks_after_revoke_penalty == PerSide(13, 0)
    assert score.trick_score == PerSide(7 * 8, 0)
    assert score.breakdown.slam == PerSide()
    assert score.game_won_by is Side.NS


def test_law_89_revoking_side_stops_at_twenty_eight_whatever_its_previous_score() -> None:
    """Law 89: "the side revoking cannot attain a higher score toward game than twenty-eight".
    At 26, the revoking makers' one odd trick after the penalty (10 - 3 = 7 tricks, 8 points)
    brings them only to 28; at 28 or 29 they score nothing toward game."""
    score = score_hand("bridge_1906", "H", "N", (10, 3), revokes={"NS": 1},
                       prior_trick_score={"NS": 26, "EW": 0})  # fmt: skip
    assert score.trick_score == PerSide(2, 0)
    assert score.game_caps == (28, None)
    at_29 = score_hand("bridge_1906", "H", "N", (10, 3), revokes={"NS": 1},
                       prior_trick_score={"NS": 29, "EW": 0})  # fmt: skip
    assert at_29.trick_score == PerSide()


def test_law_89_the_adversaries_of_the_revoker_may_win_the_game() -> None:
    """Law 89 binds only the revoking side: its adversaries, given three tricks, score all of
    them and win the game (7 + 3 = 10 tricks in hearts: 4 x 8 = 32)."""
    score = score_hand("bridge_1906", "H", "N", (7, 6), revokes={"EW": 1})
    assert score.tricks_after_revoke_penalty == PerSide(10, 3)
    assert score.trick_score == PerSide(32, 0)
    assert score.game_won_by is Side.NS
    assert score.game_caps == (None, 28)


# ------------------------------------------------------------------------------------------------
# The rubber: Laws 1, 3, 11, 88, 89.
# ------------------------------------------------------------------------------------------------


def test_laws_1_11_rubber_of_two_games_with_100_and_honours_in_the_total() -> None:
    """Law 1: two games win the rubber, the third not played. Law 3: points beyond thirty count.
    Law 11: the totals (tricks, honours, chicane, slam) of each side, 100 to the winners, and
    the difference is the rubber's value."""
    rubber = Rubber("bridge_1906")
    rubber.score_hand("NT", "N", (10, 3), honours={"N": 2, "S": 1})  # 48 + 30: game
    assert rubber.games == PerSide(1, 0)
    rubber.score_hand("C", "E", (5, 8), honours={"E": 4, "W": 1})  # EW 8 + 36
    assert rubber.toward_game == PerSide(0, 8)
    rubber.score_hand("H", "S", (11, 2), honours={"N": 1, "S": 1, "E": 2, "W": 1})  # NS 40
    assert rubber.is_complete
    assert not rubber.third_game_played
    assert rubber.winner is Side.NS
    assert rubber.rubber_bonus == 100
    # NS: 48 + 30 + 40 + 100; EW: 8 + 36 + 16 (three heart honours).
    assert rubber.totals == PerSide(218, 60)
    assert rubber.difference == 158


def test_law_89_the_limit_of_28_holds_across_the_rubbers_hands() -> None:
    """Law 89 with the rubber's own score: NS at 18 revoke and win twelve tricks in no trump
    (nine after the penalty: 36 points); they reach 28, not game, and the next hand's odd
    trick in spades (2) takes them to 30 and game."""
    rubber = Rubber("bridge_1906")
    rubber.score_hand("D", "N", (9, 4))
    assert rubber.toward_game == PerSide(18, 0)
    score = rubber.score_hand("NT", "N", (12, 1), revokes={"NS": 1})
    assert score.trick_score == PerSide(10, 0)
    assert (rubber.toward_game, rubber.games) == (PerSide(28, 0), PerSide(0, 0))
    rubber.score_hand("S", "S", (7, 6))
    assert rubber.games == PerSide(1, 0)
    assert rubber.toward_game == PerSide()


# ------------------------------------------------------------------------------------------------
# Bridge for Three Players.
# ------------------------------------------------------------------------------------------------

T3 = "bridge_three_handed"


def _mask(pbn_hand: str) -> int:
    return CardSet.from_pbn_hand(pbn_hand).mask


@pytest.mark.parametrize(
    ("hand", "make"),
    [
        ("A5432.A32.A2.432", "NT"),  # three aces: compulsory no trump, long spades or not
        ("A.A.A.AKQJT9876", "NT"),  # four aces, seven clubs
        ("A5432.A32.K2.432", "S"),  # two aces: the longest suit
        ("J432.AK75.QT98.3", "D"),  # four-card suits: diamonds Q T 9 8 = 37 over hearts 33
        ("2.KQ32.JT32.Q32", "H"),  # hearts 25, diamonds 25: the higher trick value, hearts
        ("KQ32.2.432.JT32", "C"),  # spades 25, clubs 25: clubs (4) over spades (2)
        ("AK2.AK2.5432.432", "D"),  # two aces; diamonds the one four-card suit
    ],
)
def test_three_handed_compulsory_declaration(hand: str, make: str) -> None:
    """Bridge for Three Players: with the make passed to dummy, "four aces or three aces
    constitute a compulsory 'no-trump' declaration; otherwise, dummy must declare the longest
    suit. When there are two suits of equal length, dummy must select the suit which counts most
    by spots, the ace counting eleven and the other honours ten each. If the suits are still
    equal, dummy declares the one having the higher trick valuation."""
    law = laws.get(T3)
    assert compulsory_declaration(law, _mask(hand)).symbol == make


def test_three_handed_only_the_leader_doubles_and_a_dealer_who_saw_dummy_may_not_redouble() -> None:
    """Bridge for Three Players: "Only one adversary, the leader, can double. If the dealer has
    seen the two hands, he is not allowed to re-double." North deals and holds the dummy
    (South). Passing the make, he sees dummy's hand (dummy must declare diamonds, its longest
    suit): after East's double the conversation is over. Making it himself, unseen, he may
    redouble, and the leader may double again."""
    passed = BridgeDeclaration(T3, N, deal=DEAL)
    passed.call("P")
    assert passed.history[-1] == (S, passed.history[-1][1])
    assert str(passed.history[-1][1]) == "D"
    assert passed.to_call is E  # the leader, never West (the dealer's right) nor dummy
    passed.call("X")
    assert passed.is_complete
    assert passed.contract is not None
    assert (passed.contract.declaration, passed.contract.doublings) == ("D", 1)
    assert passed.contract.declarer is N

    own = BridgeDeclaration(T3, N, deal=DEAL)
    own.call("H")
    assert own.to_call is E
    own.call("P")  # the leader declines: West may not double
    assert own.is_complete
    own = BridgeDeclaration(T3, N, ["S", "X"], deal=DEAL)
    assert own.to_call is N  # the dealer, who has not seen dummy, may redouble
    own.call("X")
    assert own.to_call is E
    own.call("X")
    assert own.doublings == 3
    with pytest.raises(IllegalCallError, match="only the leader"):
        BridgeDeclaration(T3, N, ["S"], deal=DEAL).double_by(W)


def test_three_handed_bonuses_100_for_the_rubber_50_for_a_game() -> None:
    """Bridge for Three Players: "In playing rubbers, 100 points are added to the score of the
    winning side. In playing games, 50 points"; the four-handed Law 11 knows the rubber only."""
    rubber = Rubber(T3)
    rubber.record({"NS": 30}, {})
    rubber.record({"NS": 30}, {})
    assert rubber.rubber_bonus == 100
    game = Rubber(T3, single_game=True)
    game.record({"EW": 36}, {"EW": 16})
    assert (game.winner, game.rubber_bonus, game.totals) == (Side.EW, 50, PerSide(0, 36 + 16 + 50))
    with pytest.raises(ScoringInputError, match="no bonus for single games"):
        Rubber("bridge_1906", single_game=True)


def test_three_handed_game_dummy_declares_and_the_holder_plays() -> None:
    """A three-handed game: the dealer passes, the procedure makes dummy's compulsory
    declaration (logged as dummy's call), the leader may double, and the dealer plays."""
    g = Game(T3, deals=[DEAL] * 3)
    g.call("P")
    calls = [(e.seat, e.data["call"]) for e in g.log if e.kind == "call"]
    assert calls == [(N, "P"), (S, "D")]
    assert g.to_act is E
    g.call("P")
    assert g.phase is Phase.PLAY
    assert g.contract is not None
    assert (g.contract.declarer, g.contract.dummy) == (N, S)
    assert g.to_act is E  # the leader


# ------------------------------------------------------------------------------------------------
# Duplicate and Progressive Bridge.
# ------------------------------------------------------------------------------------------------


def test_duplicate_is_scored_for_points_honours_included_no_games_or_rubbers() -> None:
    """Duplicate Bridge: "played for points, not games or rubbers, the honour score requires as
    much attention as the trick score"; "four honours in clubs count as much as the average
    deal is worth". Table 1: team A (NS) makes clubs, wins 8 tricks (8) with four honours in
    one hand (32). Table 2: team B (NS) makes no trump on the same cards and wins 7 (12), the
    aces 2-2 (nothing). Team A: (40 - 0) + (0 - 12) = 28."""
    one = score_hand("bridge_duplicate", "C", "N", (8, 5), honours={"N": 4, "E": 1})
    two = score_hand("bridge_duplicate", "NT", "N", (7, 6), honours={"N": 2, "E": 2})
    assert one.deal_points == PerSide(40, 0)
    assert two.deal_points == PerSide(12, 0)
    tally = DuplicateTally("bridge_duplicate")
    comparison = tally.add(one, two)
    assert (comparison.team_a_net, comparison.team_b_net) == (28, -28)
    assert compare_tables(one, two) == comparison
    big = score_hand("bridge_duplicate", "NT", "N", (13, 0), honours={"N": 4})
    assert big.game_won_by is None  # no games: 84 + 100 + 40 are just points
    assert big.deal_points == PerSide(84 + 100 + 40, 0)
    with pytest.raises(ScoringInputError, match="not played in games and rubbers"):
        Rubber("bridge_duplicate")


def test_progressive_individual_points_won_lost_and_net() -> None:
    """Progressive Bridge: "An individual score is kept of the points lost and won during the
    entire game; the points lost being deducted from those won, and the player making the best
    net score being declared the winner." Players 1-4 at table 1, 5-8 at table 2; tricks and
    honours both count, games and rubbers do not."""
    tally = ProgressiveTally("bridge_progressive")
    t1 = score_hand("bridge_progressive", "H", "N", (9, 4), honours={"N": 3, "E": 2})  # 24 + 16
    t2 = score_hand("bridge_progressive", "S", "E", (5, 8), honours={"W": 4, "N": 1})  # 4 + 16
    tally.add(t1, {"N": "1", "E": "2", "S": "3", "W": "4"})
    tally.add(t2, {"N": "5", "E": "6", "S": "7", "W": "8"})
    assert tally.won == {"1": 40, "2": 0, "3": 40, "4": 0, "5": 0, "6": 20, "7": 0, "8": 20}
    assert tally.net == {"1": 40, "2": -40, "3": 40, "4": -40, "5": -20, "6": 20, "7": -20,
                         "8": 20}  # fmt: skip
    assert tally.winners == ("1", "3")


# ------------------------------------------------------------------------------------------------
# Cutting: Laws 14, 16, 19, 20.
# ------------------------------------------------------------------------------------------------


def test_law_20_three_equal_lowest_the_two_lowest_of_the_recut_are_partners() -> None:
    """Law 20: three cut equal cards and "the fourth card be the highest": "the two lowest of the
    new cut are partners and the lower of the two the dealer"."""
    cuts = [{"A": "3H", "B": "3C", "C": "3D", "D": "KS"}, {"A": "9H", "B": "2C", "C": "5D"}]
    result = cut_for_partners("bridge_1906", "ABCD", cuts=cuts)
    assert result.partners == (("B", "C"), ("A", "D"))
    assert result.dealer == "B"


def test_law_20_three_equal_highest_the_original_lowest_deals() -> None:
    """Law 20: "if, however, the fourth card be the lowest, the two highest on the re-cut are
    partners and the original lowest the dealer" (the lowest of the re-cut is his partner)."""
    cuts = [{"A": "9H", "B": "9C", "C": "9D", "D": "2S"}, {"A": "KH", "B": "2C", "C": "5D"}]
    result = cut_for_partners("bridge_1906", "ABCD", cuts=cuts)
    assert result.partners == (("D", "B"), ("C", "A"))
    assert result.dealer == "D"


def test_law_14_ace_is_lowest_and_a_tie_that_decides_nothing_is_not_recut() -> None:
    """Law 14: the ace is the lowest card, so the ace cuts lowest and deals. Laws 19, 20 re-cut
    only ties that decide the deal or the partners: two equal highest cards are not re-cut, and
    a recorded re-cut for them is refused rather than silently ignored."""
    cuts = {"A": "AH", "B": "3C", "C": "9D", "D": "9S"}
    result = cut_for_partners("bridge_1906", list(cuts), cuts=[cuts])
    assert (result.dealer, result.partners) == ("A", (("A", "B"), ("C", "D")))
    assert len(result.rounds) == 1
    with pytest.raises(GameError, match="round 2 is not needed"):
        cut_for_partners("bridge_1906", list(cuts), cuts=[cuts, {"C": "2C", "D": "5S"}])


# ------------------------------------------------------------------------------------------------
# The make and the doubling: Laws 45-54, 67.
# ------------------------------------------------------------------------------------------------


def test_laws_45_49_the_partner_must_make_and_a_make_cannot_be_altered() -> None:
    """Law 45 (b): the make passed, the dealer's partner "must make the trump"; he cannot pass
    it back. Law 49: "A declaration once made cannot be altered"."""
    g = Game("bridge_1906", deals=[DEAL] * 2)
    g.call("P")
    assert g.to_act is S
    with pytest.raises(IllegalCallError, match="must make the trump"):
        g.call("P")
    g.call("NT")
    with pytest.raises(IllegalCallError, match="cannot be altered"):
        g.declaring.undo()
    assert g.declaring.maker is S


def test_laws_52_53_the_doubling_conversation_in_its_order() -> None:
    """Law 51 (1907 text): the eldest hand doubles or asks "May I lead?", and his partner may
    double. Law 52: the maker re-doubles first ("Satisfied" passes the right to his partner).
    Law 53: the original doubler has the first right to double again. Law 50: no limit."""
    d = BridgeDeclaration("bridge_1906", N)
    spoken = []
    for call in ("P", "H", "P", "X", "P", "X", "P", "X", "P", "P"):
        assert d.to_call is not None
        spoken.append(d.to_call.letter)
        d.call(call)
    # N passes, S makes hearts; E "May I lead?", W doubles; S (maker) satisfied, N re-doubles;
    # W (the original doubler) first, declines, E doubles again; S satisfied, N enough.
    assert spoken == ["N", "S", "E", "W", "S", "N", "W", "E", "S", "N"]
    assert d.is_complete
    assert d.contract is not None
    assert (d.contract.declaration, d.contract.doublings, d.contract.declarer) == ("H", 3, N)
    assert d.maker is S


def test_law_67_a_card_the_dealers_side_exposes_before_the_make() -> None:
    """Law 67: "If, after the deal has been completed and before the trump declaration has been
    made, either the dealer or his partner expose a card from his hand, the eldest hand may,
    without consulting with his partner, claim a new deal." The dealer passed the make: the
    trump is not yet declared when he shows a card."""
    g = Game("bridge_1906", deals=[DEAL] * 3, strict=False)
    g.call("P")
    g.expose("SA", seat=N)
    (ruling,) = g.pending
    assert (ruling.kind, ruling.law, ruling.claimants) == (
        Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION,
        "Bridge (Elwell, 1906), Law 67",
        (E,),
    )
    g.decide("new_deal", seat=E)
    assert (g.hand_number, g.dealer) == (2, N)  # no misdeal: the same dealer again (Law 37)


def test_law_67_ends_with_the_make_and_the_dealers_cards_are_never_called() -> None:
    """Law 67 runs only "before the trump declaration has been made"; once North has made
    spades, a card his partner shows during the doubling gives the eldest hand no new deal,
    and it is not liable to be called: only the dealer's adversaries' exposed cards are (Law
    69). The doubling and the play go on."""
    g = Game("bridge_1906", deals=[DEAL] * 3, strict=False)
    g.call("S")
    g.expose("S7", seat=S)
    assert not g.pending
    assert [r.kind for r in g.rulings] == [Irregularity.EXPOSED_CARD]
    assert g.rulings[0].data == {"card": "S7", "callable": False}
    assert g.exposed_cards == {}
    g.call("P")
    g.call("P")
    assert (g.phase, g.hand_number, g.to_act) == (Phase.PLAY, 1, E)
    assert Game.from_json(g.to_json()).log == g.log


# ------------------------------------------------------------------------------------------------
# Penalties in the play: Laws 76, 91.
# ------------------------------------------------------------------------------------------------


def _spades_by_north(strict: bool = False) -> Game:
    g = Game("bridge_1906", deals=[DEAL] * 3, strict=strict)
    for call in ("S", "P", "P"):  # North makes spades; East and West decline to double
        g.call(call)
    return g


def test_law_76_a_suit_called_waits_for_an_adversarys_lead() -> None:
    """Law 76: when a dealer's adversary leads out of turn the dealer "may call a suit when it
    is the turn of either adversary to lead". West leads while dummy has the lead: the card
    goes back, dummy leads, and the call binds the next adversary to lead (West, who trumps
    dummy's fourth diamond)."""
    g = _spades_by_north()
    for card in ("D2", "DA", "D8", "D5"):  # East leads, dummy's ace wins
        g.play(card)
    assert g.to_act is S
    g.play("S2", seat=W)  # West leads out of turn
    (ruling,) = g.pending
    assert ruling.law == "Bridge (Elwell, 1906), Laws 76, 78"
    assert ruling.claimants == (N,)
    g.decide("call_suit", suit="H")
    assert g.to_act is S
    assert g.exposed_cards == {}  # the card led is not exposed when a suit is called
    for card in ("DK", "DT", "D7", "D4"):
        g.play(card)
    assert g.to_act is S  # dummy's king won: the call still waits
    assert len(g.obligations) == 1
    for card in ("DQ", "D9", "D6", "D3"):
        g.play(card)
    g.play("DJ")
    g.play("S2")  # West, void of diamonds, trumps; North and East discard
    g.play("C2")
    g.play("CJ")
    assert g.to_act is W
    assert {c.suit.letter for c in g.legal_actions()} == {"H"}


def test_law_91_the_dealer_corrects_his_own_renounce_without_penalty() -> None:
    """Law 91: a revoke corrected in time; only "if the player in fault be one of the dealer's
    adversaries" is the card exposed or the highest/lowest required. The dealer's own card
    played in error is simply taken back."""
    g = _spades_by_north()
    for card in ("CA", "C8", "C7"):
        g.play(card)
    g.play("SA")  # North holds clubs
    g.correct_revoke()
    assert not g.pending
    assert g.exposed_cards == {}
    assert g.to_act is N
    assert Card.parse("C2") in g.legal_actions()
    assert Card.parse("SA") not in g.legal_actions()


# ------------------------------------------------------------------------------------------------
# The deal (1907 text): the cut and the compulsory and optional new-deal grounds.
# ------------------------------------------------------------------------------------------------


def _dealt(dealer: Seat) -> tuple[tuple[Seat, Card], ...]:
    return tuple((dealer.next(1 + i), Card(i)) for i in range(52))


def test_1907_the_cut_the_uncut_pack_and_the_last_card() -> None:
    """Bridge (Elwell, 1907), The Deal: the player on the dealer's right cuts, leaving "not fewer
    than four cards in either packet" (else a fresh cut, not a new deal). A New Deal (f): the
    pack not cut is a new deal only when the adversaries call attention to it in time (not
    compulsory by itself). (g): "If the last card do not come in its regular order to the
    dealer" - a ground the 1906 Law 38 lacks."""
    good = DealRecord(dealer=E, dealt=_dealt(E), cut=20)
    assert good.cutter is N
    assert good.check(code="bridge_1907") == []
    short = DealRecord(dealer=E, dealt=_dealt(E), cut=3).check(code="bridge_1907")
    assert [(r.law, r.recut_only) for r in short] == [("Bridge (Elwell, 1907), The Deal", True)]
    uncut = DealRecord(dealer=E, dealt=_dealt(E)).check(code="bridge_1907")
    assert [(r.law, r.compulsory) for r in uncut] == [("Bridge (Elwell, 1907), A New Deal (f)",
                                                        False)]  # fmt: skip
    # The dealer gives the last card to his left-hand neighbour: fourteen cards to him.
    dealt = (*_dealt(E)[:51], (S, Card(51)))
    laws_1907 = [r.law for r in DealRecord(dealer=E, dealt=dealt, cut=20).check(code="bridge_1907")]
    assert "Bridge (Elwell, 1907), A New Deal (d)" in laws_1907
    assert "Bridge (Elwell, 1907), A New Deal (g)" in laws_1907
    laws_1906 = [r.law for r in DealRecord(dealer=E, dealt=dealt, cut=20).check(code="bridge_1906")]
    assert "Bridge (Elwell, 1906), Law 38 (d)" in laws_1906
    assert not any("(g)" in law for law in laws_1906)


def test_law_37_there_is_no_misdeal_the_same_dealer_deals_again() -> None:
    """Law 37: "There is No Misdeal"; Law 38 (c): a card faced in the pack is a compulsory new
    deal, and the same dealer deals again (Law 42). The 1907 ground (g) is known only to the
    1907 law set."""
    g = Game("bridge_1907", deals=[DEAL] * 3, first_dealer=W, strict=False)
    g.report_new_deal_ground("c")
    assert (g.hand_number, g.dealer) == (2, W)
    g.report_new_deal_ground("g")
    assert (g.hand_number, g.dealer) == (3, W)
    assert laws.get("bridge_1907").dealing.new_deal_grounds[-1].startswith("g: the last card")
    assert len(laws.get("bridge_1906").dealing.new_deal_grounds) == 6


# ------------------------------------------------------------------------------------------------
# The Spade Convention and the three-handed settlement.
# ------------------------------------------------------------------------------------------------


def test_spade_convention_i_twenty_or_over_on_either_side_and_doubled_spades() -> None:
    """Spade Convention (I): "if the spade make is not doubled, the hand shall be played where
    either side is 20 or over": at 19-19 an undoubled spade make is not played; at 20 for the
    makers' adversaries it is; doubled (by the eldest hand or on), always. Other makes are
    unaffected, and without the agreement everything is played."""
    from redouble.scoring import is_played_under_spade_convention as played

    agreed = laws.get("bridge_1906", spade_convention_agreed=True)
    assert not played(agreed, "S", {"NS": 19, "EW": 19})
    assert played(agreed, "S", {"NS": 0, "EW": 20})
    assert played(agreed, "SX", {"NS": 0, "EW": 0})
    assert played(agreed, "SXX", {"NS": 4, "EW": 0})
    assert played(agreed, "C", {"NS": 0, "EW": 0})
    assert played("bridge_1906", "S", {"NS": 0, "EW": 0})


def test_three_handed_settlement_each_adversary_pays_the_difference() -> None:
    """Law 11: the difference of the completed scores is what the rubber is worth. Three-handed,
    the text is silent on who pays whom; the library's documented decision (flag
    three_handed_settlement) has each adversary settle the whole difference with the
    dummy-holder."""
    from redouble.scoring import settle_three_handed

    settlement = settle_three_handed(T3, 312, 190, adversaries=("B", "C"))
    assert settlement.net_to_solo == 122
    assert dict(settlement.payments) == {"B": 122, "C": 122}
    with pytest.raises(ScoringInputError, match="no three-handed settlement"):
        settle_three_handed("bridge_1906", 312, 190)


# ------------------------------------------------------------------------------------------------
# Mutation survivors of the game group (see tests/data/mutation_survivors.md).
# ------------------------------------------------------------------------------------------------


def test_laws_56_60_a_card_led_during_the_doubling_must_be_the_leaders_own() -> None:
    """Laws 56, 60 rectify a lead made before the doubling is over; the card led must be one
    the player holds: West has no club two (North has it), though he holds higher cards."""
    g = Game("bridge_1906", deals=[DEAL] * 3, strict=False)
    g.call("S")
    before = list(g.log)
    with pytest.raises(IllegalPlayError, match="West does not hold C2"):
        g.play("C2", seat=W)
    assert list(g.log) == before
    assert not g.rulings


def test_a_three_handed_rubber_auto_played_seat_by_seat() -> None:
    """Bridge for Three Players, played to its end by a player for each seat (dummy's seat
    included: the dealer acts for it); a seat without a player is refused before any action."""
    g = Game(T3, seed=3, first_dealer=N)
    g.auto_play({seat: RandomPlayer(int(seat)) for seat in Seat})
    assert g.phase is Phase.COMPLETE
    assert all(result.dealer is N for result in g.results)
    partial = Game(T3, seed=3, first_dealer=N)
    before = list(partial.log)
    with pytest.raises(GameError, match="no player for W"):
        partial.auto_play({seat: RandomPlayer(0) for seat in (N, E, S)})
    assert list(partial.log) == before


# ------------------------------------------------------------------------------------------------
# What a player reads: the messages and notes of a Bridge game cite its laws by name.
# ------------------------------------------------------------------------------------------------

_INTERNAL_ID = re.compile(r"\b[AB]\d{2,3}\b")


def _cites(text: str, law: str) -> None:
    assert law in text, text
    assert not _INTERNAL_ID.search(text), text


def test_law_79_two_cards_played_the_refused_call_cites_bridge_law_79() -> None:
    """Law 72: West plays a club and a heart together to a club lead; Law 79: the dealer may not
    call the heart to the trick ("In no case can a player be compelled to play a card which
    would oblige him to revoke"); the refusal says so in the book's numbering."""
    g = _spades_by_north()
    g.play("CA")
    g.play("C8")
    g.play_together(["C7", "HA"], seat=W)
    with pytest.raises(IrregularityError) as refused:
        g.decide("to_trick", card="HA")
    _cites(str(refused.value), "Bridge (Elwell, 1906), Law 79")
    g.decide("to_trick", card="C7")
    assert g.exposed_cards == {W: CardSet.from_pbn_hand(".A..")}


def test_law_79_two_cards_neither_of_which_follows_cites_law_79() -> None:
    """Laws 72, 79: West plays two hearts together to a club lead, holding clubs: neither can be
    called to the trick; both are exposed and he plays again."""
    g = _spades_by_north()
    g.play("CA")
    g.play("C8")
    g.play_together(["HA", "HK"], seat=W)
    ruling = g.rulings[-1]
    assert ruling.kind is Irregularity.TWO_CARDS_PLAYED
    _cites(ruling.note, "Bridge (Elwell, 1906), Law 79")
    assert g.exposed_cards == {W: CardSet.from_pbn_hand(".AK..")}


def test_law_72_a_second_card_to_the_trick_points_to_law_72() -> None:
    """Law 72: "If two or more cards be played at once": a second card to the same trick is
    refused, and the refusal names the law that rectifies it."""
    g = _spades_by_north()
    g.play("CA")
    with pytest.raises(IllegalPlayError) as refused:
        g.play("CK", seat=E)
    _cites(str(refused.value), "Bridge (Elwell, 1906), Law 72")


def test_law_74_only_the_dealers_claim_is_provided_for() -> None:
    """Law 74: "If, however, the dealer should say, 'I have the rest'": an adversary's claim has
    no law, and the refusal cites Law 74, not the Auction code."""
    g = _spades_by_north()
    with pytest.raises(GameError) as refused:
        g.claim(seat=E)
    _cites(str(refused.value), "Bridge (Elwell, 1906), Law 74")


def test_law_83_dummy_omits_no_card() -> None:
    """Law 83: "If anyone, not being dummy, omit playing to a former trick": a trick quitted
    without dummy's card is refused (the dealer plays it), citing Law 83."""
    g = _spades_by_north()
    for card in ("H5", "H2", "HA", "H8"):  # West wins the heart and leads: dummy plays last
        g.play(card)
    for card in ("HK", "H9", "H6"):
        g.play(card)
    with pytest.raises(GameError) as refused:
        g.quit_trick()
    _cites(str(refused.value), "Bridge (Elwell, 1906), Law 83")


def test_law_69_the_dealers_card_exposed_in_the_play_is_not_called() -> None:
    """Law 69: "All cards exposed by the dealer's adversaries are liable to be called": the
    dealer's own card shown in the play is not, and the ruling's note cites Law 69."""
    g = _spades_by_north()
    g.play("CA")
    g.expose("SA", seat=N)
    ruling = g.rulings[-1]
    assert (ruling.kind, ruling.data["callable"]) == (Irregularity.EXPOSED_CARD, False)
    _cites(ruling.note, "Bridge (Elwell, 1906), Law 69")
    assert g.exposed_cards == {}


def test_before_the_lead_the_rightful_leaders_exposed_card_note_names_its_source() -> None:
    """The eldest hand shows a card before his lead: liable to be called (Law 69); the note of
    the ruling names the Auction Bridge (1912) law the library applies there by name, with
    its documented decision, not an internal id."""
    g = _spades_by_north()
    g.expose("CA", seat=E)
    ruling = g.rulings[-1]
    assert ruling.kind is Irregularity.CARD_EXPOSED_BEFORE_LEAD
    _cites(ruling.note, "Auction Bridge (1912), Law 66")
    assert g.exposed_cards == {E: CardSet.from_pbn_hand("...A")}


def test_law_56_the_note_of_an_early_lead_cites_law_56() -> None:
    """Law 56: the eldest hand leads before the doubling is completed; the ruling's note reads
    "Bridge (Elwell, 1906), Law 56", as the consent refusal does."""
    g = Game("bridge_1906", deals=[DEAL] * 3, strict=False)
    g.call("S")
    g.call("X")
    g.play("D4", seat=E)
    ruling = g.rulings[-1]
    assert ruling.kind is Irregularity.LEAD_DURING_DECLARING
    _cites(ruling.note, "Bridge (Elwell, 1906), Law 56")


_DOUBLING_FINAL = "a declaration as to doubling or re-doubling once made cannot be altered"


def test_the_doubling_once_declared_cannot_be_altered_a_line_of_its_own_not_law_49() -> None:
    """Law 49 ("A declaration once made cannot be altered") closes the laws of declaring
    trumps; the doubling has its own line, after Law 60: "A declaration as to doubling or
    re-doubling once made cannot be altered." A double taken back is refused with that line;
    the make with Law 49; and the catalogue quotes neither as the other."""
    d = BridgeDeclaration("bridge_1906", N, ["S"])
    with pytest.raises(IllegalCallError, match=r"once made cannot be altered \[.*Law 49\]"):
        d.undo()
    d.call("X")
    with pytest.raises(IllegalCallError) as refused:
        d.undo()
    assert _DOUBLING_FINAL in str(refused.value)
    assert "Law 60" in str(refused.value)
    assert "Law 49" not in str(refused.value)
    d.call("P")  # the maker: "Satisfied" is a declaration as to re-doubling
    with pytest.raises(IllegalCallError, match="as to doubling or re-doubling"):
        d.undo()
    passed = BridgeDeclaration("bridge_1906", N, ["P"])  # the dealer passes the make
    with pytest.raises(IllegalCallError, match=r"Law 49\]"):
        passed.undo()

    from redouble.irregularities import rule_for

    law = rule_for(laws.get("bridge_1906"), Irregularity.ILLEGAL_DOUBLE).law
    assert "Law 49" not in law
    assert "Law 60" in law


def test_the_doubling_line_in_a_game_a_double_cannot_be_corrected() -> None:
    """The same line in a lenient game: East's double cannot be corrected to "May I lead?"
    (Bridge has no law of free correction); North's make still can't either (Law 49)."""
    g = Game("bridge_1906", deals=[DEAL] * 3, strict=False)
    g.call("S")
    with pytest.raises(IrregularityError, match=r"Law 49\]"):
        g.correct_call("H", seat=N)
    g.call("X")
    with pytest.raises(IrregularityError) as refused:
        g.correct_call("P", seat=E)
    assert _DOUBLING_FINAL in str(refused.value)
    assert "Law 49" not in str(refused.value)
    assert g.declaring.doublings == 1


# ------------------------------------------------------------------------------------------------
# Corners of the scoring laws: revokes with slams, both sides, the limit of 28; chicane
# deducted; the variants' points.
# ------------------------------------------------------------------------------------------------


def test_law_7_twelve_made_and_one_gained_by_penalty_is_little_slam_not_grand() -> None:
    """Law 7: thirteen tricks "independently of any tricks gained by the revoke penalty"
    score grand slam: twelve won in play and a thirteenth from East-West's revoke give the
    little slam (20), and the trick score counts all thirteen (7 x 8 = 56, Law 87)."""
    score = score_hand("bridge_1906", "H", "N", (12, 1), revokes={"EW": 1})
    assert score.tricks_after_revoke_penalty == PerSide(13, 0)
    assert score.breakdown.slam == PerSide(20, 0)
    assert score.trick_score == PerSide(56, 0)


def test_law_96_five_revokes_give_all_thirteen_and_no_slam() -> None:
    """Law 96: "the accumulated penalty shall in no event exceed thirteen tricks": five revokes
    (fifteen tricks) by a side that won all thirteen give the adversaries thirteen, seven by
    cards in spades (14), and no slam: none was made in play (Law 7)."""
    score = score_hand("bridge_1906", "S", "N", (0, 13), revokes={"EW": 5})
    assert score.tricks_after_revoke_penalty == PerSide(13, 0)
    assert score.trick_score == PerSide(14, 0)
    assert score.breakdown.slam == PerSide()
    assert score.game_caps == (None, 28)


def test_law_95_both_sides_revoke_the_trick_winners_stop_at_28() -> None:
    """Law 95: both sides revoke, "neither can win the game by that hand": the penalties
    cancel (11 - 3 + 3), five by cards at no trump (60) held to 28; at 20 the side adds 8."""
    score = score_hand("bridge_1906", "NT", "N", (11, 2), revokes={"NS": 1, "EW": 1})
    assert score.tricks_after_revoke_penalty == PerSide(11, 2)
    assert (score.trick_score, score.game_won_by, score.game_caps) == (PerSide(28, 0), None,
                                                                       (28, 28))  # fmt: skip
    at_20 = score_hand("bridge_1906", "NT", "N", (11, 2), revokes={"NS": 1, "EW": 1},
                       prior_trick_score={"NS": 20, "EW": 0})  # fmt: skip
    assert at_20.trick_score == PerSide(8, 0)


def test_law_89_a_revoke_that_loses_the_odd_tricks_the_adversaries_score_them_all() -> None:
    """Laws 87, 89: the makers win seven tricks but revoke once: four are theirs, nine the
    adversaries' (three by cards in hearts, 24); the limit binds only the revoking side."""
    score = score_hand("bridge_1906", "H", "N", (7, 6), revokes={"NS": 1},
                       prior_trick_score={"NS": 28, "EW": 10})  # fmt: skip
    assert score.tricks_after_revoke_penalty == PerSide(4, 9)
    assert score.trick_score == PerSide(0, 24)
    assert score.game_won_by is Side.EW
    assert score.game_caps == (28, None)


def test_laws_50_89_doubling_does_not_lift_the_limit_of_28() -> None:
    """Laws 50, 89: the revoking makers win twelve at no trump redoubled (nine after the
    penalty: 3 x 12 x 4 = 144); the limit of 28 holds whatever the doubling."""
    score = score_hand("bridge_1906", "NTXX", "N", (12, 1), revokes={"NS": 1})
    assert score.tricks_after_revoke_penalty == PerSide(9, 4)
    assert score.trick_score == PerSide(28, 0)
    assert score.game_won_by is None


@pytest.mark.parametrize(
    ("honours", "voids", "column"),
    [
        # East-West hold four honours divided (4 x 8 = 32); South is void: less 16.
        ({"E": 3, "W": 1, "N": 1}, ["S"], PerSide(0, 16)),
        # Simple honours against a chicane come to nothing (16 - 16), never below it.
        ({"E": 2, "W": 1, "N": 2}, ["S"], PerSide(0, 0)),
        # Double chicane (North and South void): four honours (32) off East's five (80).
        ({"E": 5}, ["N", "S"], PerSide(0, 48)),
        # ... off four in one hand and the fifth in partner's (72).
        ({"E": 4, "W": 1}, ["N", "S"], PerSide(0, 40)),
    ],
)
def test_law_9_chicane_is_deducted_from_the_adversaries_honours(
    honours: dict[str, int], voids: list[str], column: PerSide
) -> None:
    """Law 9 (as another printing of the book gives it): if the adversaries of the chicane
    hand score honours, chicane (three honours) is deducted from their score; double chicane,
    four honours. Hearts (8); the trick score is untouched."""
    score = score_hand("bridge_1906", "H", "N", (7, 6), honours=honours, trump_void_seats=voids)
    assert score.honour_column == column
    assert score.trick_score == PerSide(8, 0)


def test_three_handed_dummys_honours_and_chicane_score_for_the_dealer() -> None:
    """Bridge for Three Players scores each hand as Bridge (Law 6: honours to their original
    holders): the permanent dummy's honours and its chicane are the dealer's side's."""
    score = score_hand("bridge_three_handed", "D", "N", (8, 5), honours={"S": 4, "N": 1},
                       trump_void_seats=[])  # fmt: skip
    assert score.honour_column == PerSide(9 * 6, 0)
    chicane = score_hand("bridge_three_handed", "D", "N", (8, 5), honours={"N": 3, "E": 2},
                         trump_void_seats=["S"])  # fmt: skip
    assert chicane.honour_column == PerSide(12 + 12, 0)


def test_three_handed_a_dealer_who_made_it_himself_ends_the_conversation_when_satisfied() -> None:
    """Bridge for Three Players: the leader doubles the dealer's own make; the dealer, who has
    not seen dummy, may re-double, but "Satisfied" ends it: the permanent dummy makes no
    call (Law 52 gives the right to "his partner", who in the three-handed game is no player)."""
    d = BridgeDeclaration(T3, N, ["S", "X"], deal=DEAL)
    assert d.to_call is N
    d.call("P")
    assert d.is_complete
    assert d.contract is not None
    assert (d.contract.declaration, d.contract.doublings) == ("S", 1)


def test_progressive_a_grand_slam_with_chicane_counts_in_the_individual_scores() -> None:
    """Progressive Bridge: "points, tricks and honours included": the grand slam (40), the
    honours and a chicane deduction all count in each player's won and lost."""
    grand = score_hand("bridge_progressive", "C", "E", (13, 0), honours={"N": 4, "S": 1},
                       trump_void_seats=["E"])  # fmt: skip
    # NS: 7 x 4 = 28 tricks, 9 x 4 = 36 honours, 40 slam; East's chicane: less 8.
    assert grand.deal_points == PerSide(28 + 36 + 40 - 8, 0)
    tally = ProgressiveTally("bridge_progressive")
    tally.add(grand, {"N": "1", "E": "2", "S": "3", "W": "4"})
    assert tally.net == {"1": 96, "2": -96, "3": 96, "4": -96}


def test_duplicate_the_same_deal_at_two_tables_nets_honours_and_slams() -> None:
    """Duplicate Bridge: "played for points, not games or rubbers, the honour score requires as
    much attention as the trick score". Team A sits North-South at table 1 and East-West at
    table 2: its little slam in no trump with three aces (72 + 20 + 30) against the other
    team's ten tricks and the same aces (48 + 30) nets 44."""
    one = score_hand("bridge_duplicate", "NT", "N", (12, 1), honours={"N": 2, "S": 1, "E": 1})
    two = score_hand("bridge_duplicate", "NT", "N", (10, 3), honours={"N": 2, "S": 1, "E": 1})
    comparison = compare_tables(one, two)
    assert (one.deal_points, two.deal_points) == (PerSide(122, 0), PerSide(78, 0))
    assert (comparison.team_a_net, comparison.team_b_net) == (44, -44)
    assert one.game_won_by is None  # no games in duplicate


# ------------------------------------------------------------------------------------------------
# Corners of the play: Laws 77, 82.
# ------------------------------------------------------------------------------------------------


def test_law_82_dummy_and_dealer_are_never_called_upon_but_an_adversary_is() -> None:
    """Law 82: "Should the third hand not have played and the fourth play before his partner,
    the latter (not being dummy or dealer) may be called upon". East leads: the dealer, fourth,
    plays before dummy (second): no penalty. Dummy leads: East, fourth, plays before West
    (second) and the dealer (third): the dealer may direct West."""
    g = _spades_by_north()
    g.play("CA")
    g.play("C2", seat=N)
    assert not g.pending
    assert not [r for r in g.rulings if r.kind is Irregularity.PLAYED_BEFORE_TURN]
    g = _spades_by_north()
    for card in ("D2", "DA", "D8", "D5"):  # dummy's ace wins: dummy leads next
        g.play(card)
    g.play("DK")
    g.play("D4", seat=E)
    (ruling,) = g.pending
    assert (ruling.kind, ruling.law, ruling.offender, ruling.claimants) == (
        Irregularity.PLAYED_BEFORE_TURN,
        "Bridge (Elwell, 1906), Law 82",
        E,
        (N,),
    )
    g.decide("lowest")
    assert g.to_act is W
    assert g.legal_actions() == [Card.parse("D9")]  # West holds D T 9 after the first trick


def test_law_77_the_dealers_lead_out_of_turn_stands_once_second_hand_has_played() -> None:
    """Law 77: the dealer leading out of turn "incurs no penalty; but he may not rectify the
    error after the second hand has played": East follows to North's ace, and the trick is
    North's lead."""
    g = _spades_by_north()
    g.play("SA", seat=N)
    (ruling,) = g.pending
    assert ruling.kind is Irregularity.DECLARER_LEAD_OUT_OF_TURN
    g.play("S8", seat=E)
    assert not g.pending
    with pytest.raises(IrregularityError):
        g.decide("retract")
    assert g.trick_on_table == {N: Card.parse("SA"), E: Card.parse("S8")}


def test_law_86_a_revoke_established_by_the_partners_play_to_the_next_trick() -> None:
    """Law 86: a revoke is established "if either the revoking player or his partner, whether in
    his right turn or otherwise, have led or played to the following trick". West renounces
    to a diamond holding diamonds; dummy's ace wins; East (or West himself) leads out of turn
    to the next trick: the revoke is established, and the refusal to correct it cites Law 86,
    not the Auction code."""
    for offender, card in ((E, "CA"), (W, "C5")):
        g = _spades_by_north()
        for played in ("D2", "DA", "HJ", "D5"):  # West holds D T 9 8
            g.play(played)
        g.play(card, seat=offender)
        assert [e.kind for e in g.log].count("revoke_established") == 1
        with pytest.raises(GameError) as refused:
            g.correct_revoke(seat=W)
        _cites(str(refused.value), "Bridge (Elwell, 1906), Law 86")
        assert "Auction" not in str(refused.value)


def test_three_handed_a_record_giving_dummy_another_make_than_the_compulsory_one() -> None:
    """Bridge for Three Players: passed the make, dummy "must declare the longest suit"
    (South's diamonds A K Q J, four cards; clubs T 9 8 three). A written declaring that has
    it make hearts is refused, naming the second call and the make the law requires; the
    right one reads back as written."""
    with pytest.raises(IllegalCallError, match=r"call 2 should be D, not H"):
        BridgeDeclaration.parse(T3, "N: P H", deal=DEAL)
    d = BridgeDeclaration.parse(T3, "N: P D X", deal=DEAL)
    assert (str(d), d.maker, d.doublings, d.is_complete) == ("N: P D X", S, 1, True)
