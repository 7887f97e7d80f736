"""An audit of Auction Bridge (Whist Club of New York, 1912) against the seed texts.

Each test states a law's outcome as read from the code itself (English laws 37-97 and the
Cases; the Thai translation for laws 1-36) on a scenario the other test files do not
already pin down, and drives it through the public API: :func:`score_hand`,
:class:`Rubber`, :class:`Auction` and the lenient :class:`Game`.
"""

from __future__ import annotations

from typing import Any

import pytest

from redouble import laws
from redouble.auction import Auction
from redouble.cards import Card, Seat, Side
from redouble.deal import Deal
from redouble.errors import IllegalCallError, IrregularityError
from redouble.game import Game, Phase, cut_card, cut_for_partners
from redouble.irregularities import Irregularity
from redouble.scoring import HandScore, PerSide, Rubber, score_hand

LAW = "auction_1912"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# N: S AKQJ H T98 D 765 C 432    E: S T98 H 765 D 432 C AKQJ
# S: S 765 H 432 D AKQJ C T98    W: S 432 H AKQJ D T98 C 765
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")

# North void of hearts, South A K Q of hearts, East J 10; West void of spades, North holds
# all five spade honours; the four aces: North three, South one.
CHICANE = Deal.from_pbn("N:AKQJT98..AKQ.AKQ 765.JT98.JT9.JT9 432.AKQ32.876.87 .7654.5432.65432")
# North and South both void of hearts; East A K Q and West J 10 of hearts.
DOUBLE_CHICANE = Deal.from_pbn(
    "N:AKQJT98..AKQ.AKQ 765.AKQ32.JT9.65 432..87654.JT987 .JT987654.32.432"
)


def score(contract: str, declarer: str, tricks: tuple[int, int], **kwargs: Any) -> HandScore:
    return score_hand(LAW, contract, declarer, tricks, **kwargs)


def game(*calls: str, dealer: str = "N") -> Game:
    g = Game(LAW, deals=[DEAL] * 8, first_dealer=dealer, strict=False)
    for c in calls:
        g.call(c)
    return g


def finish_by_claim(g: Game, tricks: int) -> HandScore:
    """The declarer claims ``tricks`` of the thirteen and the adversaries concede (Law 72)."""
    g.claim(tricks=tricks)
    g.decide("concede")
    result = g.results[-1].score
    assert result is not None
    return result


# --------------------------------------------------------------------------------------------
# Laws 4, 47, 53, 56: the trick score, undertricks and the doubled bonus.
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("declaration", "value"), [("S", 2), ("C", 6), ("D", 7), ("H", 8), ("R", 9), ("NT", 10)]
)
def test_law_4_and_47_every_trick_over_six_counts_at_the_declarations_value(
    declaration: str, value: int
) -> None:
    """Law 4: 2, 6, 7, 8, 9 (Royal Spades), 10 (no trump) a trick; Law 47: the declarer who
    makes his declaration scores the full value of all the tricks he won, not only those bid."""
    made = score(f"1{declaration}", "N", (10, 3))
    assert made.trick_score == PerSide(4 * value, 0)
    assert made.contract_made is True


def test_law_47_a_failed_declaration_scores_nothing_toward_game_for_either_side() -> None:
    """Law 47: neither side scores toward game; the adversaries take 50, doubled 100,
    redoubled 200 for each undertrick, in the honour column."""
    for suffix, each in (("", 50), ("X", 100), ("XX", 200)):
        result = score(f"4H{suffix}", "S", (7, 6))  # three short
        assert result.trick_score == PerSide(0, 0)
        assert result.breakdown.undertricks == PerSide(0, 3 * each)
        assert result.game_won_by is None


def test_law_53_and_56_doubled_and_redoubled_contracts_made_with_overtricks() -> None:
    """Law 53: each trick over six doubled or quadrupled; Law 56: 50 for making a doubled
    declaration and 50 for each further trick, the whole bonus doubled when redoubled."""
    doubled = score("2HX", "N", (10, 3))
    assert doubled.trick_score.ns == 4 * 8 * 2
    assert doubled.breakdown.doubled_bonus.ns == 50 + 2 * 50
    redoubled = score("2HXX", "N", (10, 3))
    assert redoubled.trick_score.ns == 4 * 8 * 4
    assert redoubled.breakdown.doubled_bonus.ns == 100 + 2 * 100
    assert score("2H", "N", (10, 3)).breakdown.doubled_bonus.ns == 0  # undoubled: no bonus


# --------------------------------------------------------------------------------------------
# Law 48: the dealer's original One Spade.
# --------------------------------------------------------------------------------------------


def test_law_48_the_dealers_one_spade_loses_at_most_100_unless_redoubled() -> None:
    """Law 48: the loss on the dealer's original One Spade is limited to one hundred points
    whether doubled or not, unless redoubled."""
    cases = (("1S", 100), ("1SX", 100), ("1SXX", 3 * 200))
    for contract, loss in cases:
        result = score(contract, "N", (4, 9), dealer_original_one_spade=True)
        assert result.breakdown.undertricks.ew == loss, contract
    assert score("1S", "N", (4, 9)).breakdown.undertricks.ew == 150  # not the dealer's


def test_law_48_in_play_the_cap_applies_and_honours_are_scored_as_held() -> None:
    """Law 48 through a game: North deals and bids One Spade, East doubles, all pass; North
    takes four tricks. Three doubled undertricks (300) cost only 100, and North's four
    honours in one hand still score 8 tricks at 2 ("Honors are scored as held")."""
    g = game("1S", "X", "P", "P", "P")
    assert g.declaring.dealer_original_one_spade
    result = finish_by_claim(g, 4)
    assert result.breakdown.undertricks == PerSide(0, 100)
    assert result.breakdown.honours == PerSide(16, 0)
    # South redoubles his partner's declaration doubled by an adversary: no limit.
    g = game("1S", "X", "XX", "P", "P", "P")
    result = finish_by_claim(g, 4)
    assert result.breakdown.undertricks == PerSide(0, 600)


def test_law_48_does_not_cover_a_one_spade_after_another_declaration() -> None:
    """Law 48 speaks of the dealer's *original* declaration: once anyone else has declared
    the final declaration is no longer it (and can no longer be One Spade)."""
    auction = Auction(LAW, E, ["1S", "P", "P", "P"])
    assert auction.dealer_original_one_spade
    auction = Auction(LAW, E, ["1S", "P", "2S", "P", "P", "P"])
    assert not auction.dealer_original_one_spade


# --------------------------------------------------------------------------------------------
# Laws 5, 6, 9, 10: honours and chicane, from the cards.
# --------------------------------------------------------------------------------------------


def test_law_6_honours_go_to_their_original_holders_whoever_declared() -> None:
    """Law 6: honours are entered for the original holders: the adversaries' four aces in one
    hand score 100 at no trump, and the declarer's side scores its honours when it fails."""
    aces = score("1NT", "N", (9, 4), honours={"E": 4})
    assert aces.breakdown.honours == PerSide(0, 100)
    assert aces.trick_score == PerSide(30, 0)
    failed = score("3H", "N", (7, 6), honours={"N": 4, "S": 1})
    assert failed.breakdown.honours == PerSide(9 * 8, 0)  # four in one hand, fifth in partner's
    assert failed.breakdown.undertricks == PerSide(0, 100)


def test_law_9_chicane_added_when_its_side_scores_honours() -> None:
    """Law 9: North holds no hearts and South A K Q: simple honours (2 tricks, 16) and the
    chicane, worth simple honours, added to NS's honours."""
    result = score("2H", "S", (8, 5), deal=CHICANE)
    assert result.breakdown.honours == PerSide(16, 0)
    assert result.breakdown.chicane == PerSide(16, 0)
    assert result.honour_column == PerSide(32, 0)


@pytest.mark.parametrize(("declaration", "value"), [("S", 2), ("R", 9)])
def test_law_9_chicane_deducted_from_the_adversaries_honours(declaration: str, value: int) -> None:
    """Law 9: West holds no spades while North holds all five honours (10 tricks); EW score no
    honours, so simple honours (2 tricks) are deducted from NS's. Royal Spades are spades as
    trumps at 9 a trick (Law 4), for honours too (Law 6)."""
    result = score(f"1{declaration}", "N", (12, 1), deal=CHICANE)
    assert result.breakdown.honours == PerSide(10 * value, 0)
    assert result.breakdown.chicane == PerSide(-2 * value, 0)
    assert result.honour_column.ns == 8 * value + 20  # + little slam (Law 8)


def test_law_9_and_10_double_chicane_deducts_four_honours_whatever_the_doubling() -> None:
    """Law 9: North and South both void of hearts: four honours (32) deducted from EW's five
    honours divided (40); Law 10: doubling changes neither."""
    for suffix in ("", "X", "XX"):
        result = score(f"1H{suffix}", "E", (6, 7), deal=DOUBLE_CHICANE)
        assert result.breakdown.honours == PerSide(0, 40)
        assert result.breakdown.chicane == PerSide(0, -32)


def test_law_5_and_9_no_trump_honours_are_aces_and_there_is_no_chicane() -> None:
    """Law 5: at no trump the honours are the four aces (North three, South one: 40, Law 6);
    a void suit is no chicane when there are no trumps."""
    result = score("1NT", "N", (7, 6), deal=CHICANE)
    assert result.breakdown.honours == PerSide(40, 0)
    assert result.breakdown.chicane == PerSide(0, 0)


# --------------------------------------------------------------------------------------------
# Laws 7, 8, 84, 89: slams and revokes.
# --------------------------------------------------------------------------------------------


def test_law_7_and_8_either_side_scores_slam_the_adversaries_included() -> None:
    """Laws 7, 8: slam (40) and little slam (20) are scored by either side; the adversaries
    of a failed declaration score them besides the undertricks."""
    grand = score("1NT", "N", (0, 13))
    assert grand.breakdown.slam == PerSide(0, 40)
    assert grand.breakdown.undertricks == PerSide(0, 7 * 50)
    little = score("1NT", "N", (1, 12))
    assert little.breakdown.slam == PerSide(0, 20)


def test_law_7_and_84b_revoke_tricks_help_the_declaration_but_not_the_slam() -> None:
    """Law 84 (b): three tricks taken for a defender's revoke help the declarer make his
    declaration and count in his trick score; Law 7: a slam does not count them."""
    result = score("2NT", "N", (10, 3), revokes={"EW": 1}, revoke_election="tricks")
    assert result.tricks_after_revoke_penalty == PerSide(13, 0)
    assert result.trick_score.ns == 7 * 10
    assert result.breakdown.slam == PerSide(0, 0)  # ten won in play: no slam
    little = score("2NT", "N", (12, 1), revokes={"EW": 1}, revoke_election="tricks")
    assert little.breakdown.slam == PerSide(20, 0)  # twelve in play: little slam only


def test_law_84b_penalty_tricks_earn_no_doubled_bonus() -> None:
    """Law 84 (b): the penalty tricks do not entitle the declarer to the Law 56 bonus: 4H
    doubled, eight tricks in play plus three for the revoke: made, scored at the doubled
    rate, no bonus; the revoking defenders score no undertricks."""
    result = score("4HX", "N", (8, 5), revokes={"EW": 1}, revoke_election="tricks")
    assert result.contract_made is True
    assert result.trick_score.ns == 5 * 8 * 2
    assert result.breakdown.doubled_bonus == PerSide(0, 0)
    assert result.breakdown.undertricks == PerSide(0, 0)


def test_law_84c_each_further_revoke_costs_100_whichever_penalty_the_declarer_takes() -> None:
    """Law 84 (c): a side's revokes after its first cost 100 each in the honour column, also
    when the declarer takes three tricks for the first (Law 84 (b))."""
    tricks = score("3NT", "N", (7, 6), revokes={"EW": 3}, revoke_election="tricks")
    assert tricks.tricks_after_revoke_penalty == PerSide(10, 3)
    assert tricks.trick_score.ns == 4 * 10
    assert tricks.breakdown.revoke_penalty == PerSide(200, 0)
    points = score("3NT", "N", (7, 6), revokes={"EW": 3}, revoke_election="points")
    assert points.breakdown.revoke_penalty == PerSide(150 + 200, 0)
    assert points.contract_made is False  # seven tricks of nine
    assert points.breakdown.undertricks == PerSide(0, 0)  # revoking defenders score none


def test_law_84a_declarer_revoke_costs_150_besides_the_undertricks() -> None:
    """Law 84 (a): the adversaries add 150 in addition to the penalty for not making the
    declaration; (c) a second revoke by the same side costs 100 more; the revoking side
    scores only honours."""
    result = score("3HX", "N", (7, 6), revokes={"NS": 2}, honours={"N": 3})
    assert result.breakdown.revoke_penalty == PerSide(0, 150 + 100)
    assert result.breakdown.undertricks == PerSide(0, 2 * 100)
    assert result.breakdown.honours == PerSide(16, 0)
    made = score("1H", "N", (9, 4), revokes={"NS": 1})
    assert made.trick_score == PerSide(0, 0)  # a revoking side cannot score
    assert made.breakdown.revoke_penalty == PerSide(0, 150)


def test_law_84_revoking_adversaries_keep_only_honours_and_chicane() -> None:
    """Law 84: "A revoking side cannot score, except for honors or chicane": the defenders
    who revoked score no undertricks and no slam, but keep their honours."""
    result = score(
        "1H", "N", (0, 13), revokes={"EW": 1}, revoke_election="points", honours={"E": 4}
    )
    assert result.breakdown.undertricks == PerSide(0, 0)
    assert result.breakdown.slam == PerSide(0, 0)
    assert result.breakdown.honours == PerSide(0, 64)
    assert result.breakdown.revoke_penalty == PerSide(150, 0)


def test_law_89_both_sides_revoke_only_honours_chicane_and_extra_revokes() -> None:
    """Law 89: with both sides revoking only honours in trumps and chicane are scored; each
    revoke after a side's first still gives the other side 100."""
    result = score("2H", "S", (9, 4), revokes={"NS": 1, "EW": 2}, deal=CHICANE)
    assert result.trick_score == PerSide(0, 0)
    assert result.breakdown.honours == PerSide(16, 0)
    assert result.breakdown.chicane == PerSide(16, 0)
    assert result.breakdown.revoke_penalty == PerSide(100, 0)
    assert result.breakdown.undertricks == PerSide(0, 0)
    assert result.breakdown.doubled_bonus == PerSide(0, 0)


# --------------------------------------------------------------------------------------------
# Laws 1, 2, 3, 11: games and the rubber.
# --------------------------------------------------------------------------------------------


def test_law_2_only_tricks_count_toward_game() -> None:
    """Law 2: a game is thirty points from tricks only, never from honours, chicane, slams,
    bonuses or undertricks."""
    rubber = Rubber(LAW)
    rubber.score_hand("3H", "N", (9, 4), honours={"N": 5})  # 24 + 80 honours
    assert rubber.games == PerSide(0, 0)
    assert rubber.toward_game == PerSide(24, 0)
    rubber.score_hand("4HX", "E", (13, 0))  # EW: 400 undertricks, no game
    assert rubber.toward_game == PerSide(24, 0)
    rubber.score_hand("1C", "S", (7, 6))  # 24 + 6 = 30
    assert rubber.games == PerSide(1, 0)


def test_law_1_3_11_a_rubber_played_through_the_game() -> None:
    """Law 3: every deal is played out and points beyond thirty count (2NT making ten tricks:
    40); Law 1: two games win the rubber and no third is played; Law 11: 250 to the
    winners."""
    g = game("2NT", "P", "P", "P")
    first = finish_by_claim(g, 10)
    assert first.trick_score == PerSide(40, 0)
    assert first.game_won_by is Side.NS
    g.call("1NT")  # East deals
    for _ in range(3):
        g.call("P")
    second = finish_by_claim(g, 0)  # East takes no trick: seven undertricks and a slam to NS
    assert second.breakdown.undertricks == PerSide(350, 0)
    assert second.breakdown.slam == PerSide(40, 0)
    assert g.phase is Phase.DECLARE  # the rubber goes on
    g.call("3NT")  # South deals
    for _ in range(3):
        g.call("P")
    third = finish_by_claim(g, 13)
    assert third.trick_score == PerSide(70, 0)
    assert g.phase is Phase.COMPLETE  # NS won two games: no third game
    assert g.totals == PerSide(40 + 350 + 40 + 70 + 40 + 250, 0)


# --------------------------------------------------------------------------------------------
# Laws 14, 16, 18: cutting.
# --------------------------------------------------------------------------------------------


def test_law_14_16_18_the_ace_cuts_lowest_and_the_lowest_deals() -> None:
    """Law 14: the ace is lowest, equal cards rank hearts, diamonds, clubs, spades upward;
    Law 16: of several cards exposed the highest is the cut; Law 18: the two lowest play the
    two highest, the lowest deals."""
    assert cut_card(LAW, ["SA", "H2"]) == Card.parse("H2")
    assert cut_card(LAW, ["D5", "H5"]) == Card.parse("D5")
    result = cut_for_partners(
        LAW, ["A", "B", "C", "D"], cuts=[{"A": "H2", "B": "SA", "C": "D2", "D": "SK"}]
    )
    assert result.dealer == "B"
    assert {frozenset(p) for p in result.partners} == {frozenset("AB"), frozenset("CD")}


# --------------------------------------------------------------------------------------------
# Laws 42-55: the auction.
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("previous", "higher", "lower"),
    [
        ("4NT", "5H", None),  # 40 = 40, five tricks beat four (Law 44)
        ("5H", None, "4NT"),
        ("6D", "7C", None),  # 42 = 42
        ("3H", "4C", None),  # 24 = 24
        ("4C", None, "3H"),
        ("1NT", "5S", "1R"),  # 10 = 10; Royal Spades 9 < 10
    ],
)
def test_law_44_points_first_then_more_tricks(
    previous: str, higher: str | None, lower: str | None
) -> None:
    """Law 44: a declaration of more tricks in a lower suit that equals the last in points
    is higher."""
    auction = Auction(LAW, N, [previous])
    if higher is not None:
        assert auction.is_legal(higher)
    if lower is not None:
        assert not auction.is_legal(lower)


def test_law_43_and_55_the_declarer_may_redouble_or_overbid_his_own_doubled_declaration() -> None:
    """Law 43: each player may redouble a declaration which has been doubled; Law 55: a
    double reopens the bidding, and the declarer himself may make a higher declaration."""
    auction = Auction(LAW, N, ["1H", "X", "P", "P"])
    assert auction.to_call is N
    assert auction.is_legal("XX")
    assert auction.is_legal("2H")
    auction.call("2H")
    assert auction.doublings == 0  # Law 53: the new declaration is not doubled
    assert auction.is_legal("X")  # East may double the new declaration


def test_law_45_a_declaration_passed_by_the_three_others_closes_the_auction() -> None:
    """Law 45: a player cannot overbid his own declaration once the three others have passed
    it: the auction is over and he plays it."""
    auction = Auction(LAW, N, ["1H", "P", "P", "P"])
    assert auction.is_complete
    with pytest.raises(IllegalCallError):
        auction.call("2H")
    assert str(auction.contract) == "1H by N"


def test_law_54_doubled_and_redoubled_once_but_not_more() -> None:
    """Law 54: any declaration can be doubled and redoubled once, but not more, by anyone."""
    auction = Auction(LAW, N, ["1H", "X", "XX"])
    for seat in (W, N, E):  # the doubler's partner, the declarer, the doubler
        assert auction.to_call is seat
        assert not auction.is_legal("X")
        assert not auction.is_legal("XX")
        auction.call("P")
    assert auction.contract is not None
    assert auction.contract.spec() == "1HXX"


def test_law_46_the_partner_who_first_bid_the_winning_suit_plays_it() -> None:
    """Law 46: the final declarer plays unless his partner first bid the winning suit, no
    matter what bids intervened; the opening lead is then from the left of the partner who
    plays (Law 58)."""
    auction = Auction(LAW, N, ["1H", "1NT", "P", "2C", "2H", "P", "P", "P"])
    assert auction.contract is not None
    assert auction.contract.declarer is N  # North named hearts before South
    assert auction.contract.opening_leader is E
    auction = Auction(LAW, N, ["1C", "P", "1H", "P", "2H", "P", "P", "P"])
    assert auction.contract is not None
    assert auction.contract.declarer is S


# --------------------------------------------------------------------------------------------
# Laws 65, 66, 72: cards exposed before the play.
# --------------------------------------------------------------------------------------------


def test_law_65_a_card_exposed_by_the_future_declarer_bars_his_partner_but_is_never_called() -> (
    None
):
    """Law 65: the partner of a player who exposes a card in the auction may not bid or
    double again; the card is subject to call, but Law 72: cards exposed by the declarer are
    not liable to be called."""
    g = game("1S")
    g.expose("D5", seat=N)
    ruling = [r for r in g.rulings if r.kind is Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION]
    assert ruling[-1].data["barred"] == "S"
    g.call("P")  # East
    assert [str(c) for c in g.legal_actions()] == ["P"]  # South barred
    g.call("P")
    g.call("P")
    assert g.phase is Phase.PLAY
    assert g.contract is not None
    assert g.contract.declarer is N
    assert not g.pending
    assert not g.exposed_cards  # nothing to call from the declarer


def test_law_65_the_offender_himself_leading_gives_a_card_to_call_but_no_suit_bar() -> None:
    """Law 65: East exposes a card in the auction and is then the original leader himself:
    his partner West is barred; the card is subject to call, but the lead of its suit can
    be prohibited only when the offender's *partner* is the original leader."""
    g = game("1S")
    g.expose("D2", seat=E)
    g.call("P")  # East himself is not barred
    assert "1NT" in [str(c) for c in g.legal_actions()]  # South
    g.call("P")
    assert [str(c) for c in g.legal_actions()] == ["P"]  # West is barred
    g.call("P")
    assert g.phase is Phase.PLAY
    assert g.to_act is E
    assert not g.pending  # no prohibition of the suit to decide
    assert g.exposed_cards == {E: {Card.parse("D2")}}
    g.call_exposed_card("D2", seat=N)
    assert g.legal_actions() == [Card.parse("D2")]


def test_law_66_the_rightful_leader_exposing_a_card_only_makes_it_liable_to_call() -> None:
    """Law 66: a card exposed by the leader's partner may be called and its suit prohibited;
    a card the rightful leader exposes is only subject to call; a card the declarer or
    dummy exposes is not called (Law 72)."""
    g = game("1S", "P", "P", "P")
    g.expose("D2", seat=E)  # East is to lead
    ruling = [r for r in g.rulings if r.kind is Irregularity.CARD_EXPOSED_BEFORE_LEAD][-1]
    assert ruling.options == ()
    assert g.exposed_cards == {E: {Card.parse("D2")}}
    for seat, card in ((N, "D7"), (S, "C9")):
        g = game("1S", "P", "P", "P")
        g.expose(card, seat=seat)
        assert not g.exposed_cards
        assert not g.pending


def test_law_46_at_no_trump_follows_the_flag_law46_applies_to_nt() -> None:
    """Law 46 names the winning *suit*; whether it reaches no trump is a flag. On (the
    default) the partner who first bid no trump plays it; off, the final declarer does. The
    flag used to change only the par search, not who played."""
    calls = ["1C", "P", "1NT", "P", "2NT", "P", "P", "P"]
    on = Auction(LAW, N, calls)
    assert on.contract is not None
    assert on.contract.declarer is S
    off = Auction(laws.get(LAW, law46_applies_to_nt=False), N, calls)
    assert off.contract is not None
    assert off.contract.declarer is N
    assert off.contract.opening_leader is E
    # Suits are untouched by the flag: South first bid hearts and plays them.
    suit = Auction(laws.get(LAW, law46_applies_to_nt=False), N, ["1C", "P", "1H", "P", "2H"])
    assert suit.declarer is S
    # A game under the flag gives North the play, East the opening lead.
    g = Game(laws.get(LAW, law46_applies_to_nt=False), deals=[DEAL], strict=True)
    for c in calls:
        g.call(c)
    assert g.contract is not None
    assert g.contract.declarer is N
    assert g.to_act is E


def test_law_6_and_9_a_game_scores_honours_and_chicane_from_its_own_cards() -> None:
    """Laws 6, 9 through a game: South deals and plays Two Hearts on the chicane deal; the
    hand is scored from the cards held, simple honours and the chicane to NS."""
    g = Game(LAW, deals=[CHICANE], first_dealer="S", strict=False)
    for c in ("2H", "P", "P", "P"):
        g.call(c)
    result = finish_by_claim(g, 8)
    assert result.trick_score == PerSide(16, 0)
    assert result.breakdown.honours == PerSide(16, 0)
    assert result.breakdown.chicane == PerSide(16, 0)


# --------------------------------------------------------------------------------------------
# A second audit: corners the tests above leave open.
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("calls", "contract"), [(("1S", "P", "P"), "1S"), (("1S", "X", "P"), "1SX")]
)
def test_law_48_and_50_the_dealers_one_spade_made_final_after_an_impossible_declaration(
    calls: tuple[str, ...], contract: str
) -> None:
    """Law 50: West's impossible declaration; North, instead of accepting it, treats his own
    last previous declaration, the dealer's original One Spade, as final. Law 48: the loss
    on that declaration is limited to 100, doubled or not (five undertricks, not 250/500)."""
    g = game(*calls)
    g.call("8D")  # West
    g.decide("previous_final", seat=N)
    assert g.contract is not None
    assert g.contract.spec() == contract
    assert g.contract.declarer is N
    result = finish_by_claim(g, 2)
    assert result.breakdown.undertricks == PerSide(0, 100)


def test_law_77_summary_the_declarers_lead_out_of_turn_is_never_penalised() -> None:
    """Law 77: the declarer who leads out of turn "incurs no penalty; but he may not rectify
    the error after the second hand has played" — the penalty does not hang on a correction,
    and the summary a reader is shown must not say it does."""
    from redouble.laws import citations

    summary = citations.LawRef("auction_1912", law=77).summary
    assert summary is not None
    assert "no penalty" in summary
    assert "if corrected" not in summary
    assert "second hand" in summary


def test_law_44_and_53_every_pair_of_declarations_ranks_by_points_then_tricks() -> None:
    """Law 44 on all 42 x 42 pairs: a declaration is higher when worth more points (level x
    Law 4's trick value), or as many points for more tricks; nothing else counts (Law 53:
    not the doubling either)."""
    values = {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10}
    bids = [f"{level}{d}" for level in range(1, 8) for d in values]

    def key(bid: str) -> tuple[int, int]:
        return int(bid[0]) * values[bid[1:]], int(bid[0])

    for last in bids:
        for suffix in ("", "X", "XX"):
            calls = [last] + (["X"] if suffix else []) + (["XX"] if suffix == "XX" else [])
            auction = Auction(LAW, N, calls)
            wrong = [b for b in bids if auction.is_legal(b) != (key(b) > key(last))]
            assert not wrong, (calls, wrong)


def test_law_48_and_case_6_an_illegal_redouble_leaves_the_one_spade_limit() -> None:
    """Law 48: only a redouble lifts the limit; Case 6: West's redouble of his partner's
    double is forbidden and has no effect, so the dealer's One Spade doubled still loses
    at most 100."""
    g = game("1S", "X", "P", "XX", "P")
    assert any(r.kind is Irregularity.ILLEGAL_DOUBLE for r in g.rulings)
    assert g.contract is not None
    assert g.contract.spec() == "1SX"
    result = finish_by_claim(g, 1)
    assert result.breakdown.undertricks == PerSide(0, 100)


def _play_first_trick_to_north(g: Game) -> None:
    """East leads a spade into North's ace: the declarer is next to lead."""
    for card in ("S8", "S5", "S2", "SA"):
        g.play(card)
    assert g.to_act is N


@pytest.mark.parametrize("offence", ["lead", "reference"])
def test_law_76_and_93_a_suit_called_while_the_declarer_has_the_lead_waits_for_the_adversaries(
    offence: str,
) -> None:
    """Law 76: a suit is called "as soon as it is the turn of either adversary to lead";
    Law 93: from "the adversary whose turn it is next to lead". When the declarer has the
    lead, the call binds West, who wins the next trick and leads, not the declarer."""
    g = game("1S", "P", "P", "P")
    _play_first_trick_to_north(g)
    if offence == "lead":
        g.play("D8", seat=W)  # out of turn
    else:
        g.remark(Irregularity.UNAUTHORISED_REFERENCE, seat=E)
    g.decide("call_suit", seat=N, suit="C")
    assert g.to_act is N
    assert len({c.suit for c in g.legal_actions()}) > 1  # the declarer leads as he pleases
    for card in ("H8", "H5", "H2", "HA"):
        g.play(card)
    assert g.to_act is W
    assert {c.suit for c in g.legal_actions()} == {Card.parse("C5").suit}


def test_law_84b_only_the_declarer_elects_the_revoke_penalty_not_dummy() -> None:
    """Law 84 (b): "the declarer may either add 150 ... or may take three tricks"; dummy,
    his hand down, takes no part (Law 60) and cannot make the election."""
    from redouble.errors import IrregularityError

    g = game("1S", "P", "P", "P")
    for card in ("CA", "C8", "HJ", "C2", "CK"):  # West revokes; East leads again
        g.play(card)
    while g.phase is Phase.PLAY:
        g.act(min(g.legal_actions()))
    (claim,) = g.pending
    assert claim.claimants == (N,)
    with pytest.raises(IrregularityError):
        g.decide("tricks", seat=S)
    g.decide("tricks", seat=N)
    result = g.results[-1].score
    assert result is not None
    assert result.tricks_after_revoke_penalty.ns == result.tricks_in_play.ns + 3


def _honours_by_the_text(hands: list[list[str]], declaration: str) -> tuple[list[int], list[int]]:
    """Laws 5, 6 and 9 read afresh: honours and chicane per side (NS, EW) from the cards."""
    values = {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9}
    suit = "S" if declaration == "R" else declaration
    held = [sum(1 for c in h if c[0] == suit and c[1] in "AKQJT") for h in hands]
    void = [not any(c[0] == suit for c in h) for h in hands]
    value = values[declaration]
    honours = [0, 0]
    for side, (a, b) in enumerate(((held[0], held[2]), (held[1], held[3]))):
        total, most = a + b, max(a, b)
        units = {5: 10, 4: 9 if total == 5 else 8}.get(most) or {5: 5, 4: 4, 3: 2}.get(total, 0)
        honours[side] = units * value
    chicane = [0, 0]
    for side, (a, b) in enumerate(((void[0], void[2]), (void[1], void[3]))):
        if a and b:  # double chicane: four honours off the adversaries' honours
            chicane[1 - side] -= 4 * value
        elif a or b:  # simple honours, added if the side scores honours, else deducted
            if honours[side]:
                chicane[side] += 2 * value
            else:
                chicane[1 - side] -= 2 * value
    return honours, chicane


def test_law_6_and_9_honours_and_chicane_from_400_dealt_hands_with_voids() -> None:
    """Laws 5, 6, 9 on 400 seeded deals, one to three seats emptied of the trump suit:
    every honour holding and every chicane and double chicane combination, scored as the
    text reads, for each trump declaration (Royal Spades at 9 with the spade honours)."""
    import random

    rng = random.Random(1912)
    ranks = "AKQJT98765432"
    for _ in range(400):
        declaration = rng.choice("SCDHR")
        suit = "S" if declaration == "R" else declaration
        cards = [s + r for s in "SHDC" for r in ranks]
        rng.shuffle(cards)
        hands = [cards[i * 13 : (i + 1) * 13] for i in range(4)]
        voids = rng.sample(range(4), rng.choice((0, 1, 2, 3)))
        keep = [i for i in range(4) if i not in voids]
        for v in voids:
            for card in [c for c in hands[v] if c[0] == suit]:
                other = rng.choice(keep)
                swap = rng.choice([c for c in hands[other] if c[0] != suit])
                hands[other].remove(swap)
                hands[other].append(card)
                hands[v].remove(card)
                hands[v].append(swap)
        pbn = " ".join(
            ".".join("".join(r for r in ranks if s + r in h) for s in "SHDC") for h in hands
        )
        result = score(f"1{declaration}", "N", (7, 6), deal=Deal.from_pbn("N:" + pbn))
        honours, chicane = _honours_by_the_text(hands, declaration)
        assert result.breakdown.honours == PerSide(*honours), (declaration, pbn)
        assert result.breakdown.chicane == PerSide(*chicane), (declaration, pbn)


@pytest.mark.parametrize("law_set", ["auction_1912", "bridge_1906"])
def test_law_60_a_defenders_card_omitted_is_the_declarers_to_claim_not_dummys(
    law_set: str,
) -> None:
    # Auction Bridge (1912), Law 81 (Bridge (Elwell, 1906), Law 83): "the adversaries or either
    # of them may claim a new deal"; but dummy takes no part in the play beyond the rights of
    # Law 60 (Bridge: Law 62), and his calling attention to a penalty forfeits it (Laws 61, 63).
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    g = Game(law_set, deals=[deal] * 4, first_dealer="N", strict=False)
    for call in ("1S", "P", "P", "P") if law_set == "auction_1912" else ("S", "P", "P"):
        g.call(call)
    assert g.contract.declarer is Seat.NORTH
    for card in ("D2", "DA", "D8", "D5", "DK", "D9", "D6"):  # dummy (South) wins, leads again
        g.play(card)
    g.quit_trick()  # East, a defender, omitted to play to the second trick
    (ruling,) = [r for r in g.pending if r.kind is Irregularity.CARD_OMITTED]
    assert ruling.offender is Seat.EAST
    assert ruling.claimants == (Seat.NORTH,)
    with pytest.raises(IrregularityError, match="South may not decide"):
        g.decide("new_deal", seat="S")
    g.decide("deal_stands", seat="N")
