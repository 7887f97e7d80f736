"""The referee's rulings on the play (issue 14): each ``judge_*`` of
:mod:`redouble.irregularities.play_rulings`, called directly with a read-only view of the hand,
returns the outcome the game then applies, and refuses what it cannot rule on before anything
changes."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from redouble import Card, Deal, Seat
from redouble.errors import GameError, IllegalPlayError
from redouble.game import Game, Phase
from redouble.irregularities import Irregularity, Obligation, ObligationKind, claim_holds
from redouble.irregularities.play_rulings import (
    declarer_penalties_forfeited,
    establish,
    judge_call_exposed_card,
    judge_card_played,
    judge_claim,
    judge_correct_revoke,
    judge_correction,
    judge_count_tricks,
    judge_having_none,
    judge_play_together,
    judge_quit,
    judge_quit_trick,
    judge_short_hand,
    judge_short_tricks,
    judge_surplus_card,
    judge_surplus_found,
    judge_throw_down,
    surplus_detected,
    withdrawn_with_trick,
)
from redouble.irregularities.referee import (
    AddObligation,
    CloseRulings,
    Closing,
    CompleteShortTrick,
    CorrectRevoke,
    EstablishRevoke,
    ExposeCards,
    ForfeitRevokes,
    GatherLastTrick,
    HandView,
    LapseObligations,
    LogEvent,
    OmitCard,
    Outcome,
    PlaceCard,
    QuestionRevokes,
    QuitTrick,
    RaiseIrregularity,
    RaiseRuling,
    RecordRevokes,
    ReopenLastTrick,
    RestoreCard,
    ReturnCards,
    RevokeCorrected,
    SetAsideSurplus,
    SurplusFound,
    WithdrawRevoke,
)
from redouble.irregularities.table import _TablePlay

# N: S AKQJ H T98 D 765 C 432    E: S T98 H 765 D 432 C AKQJ
# S: S 765 H 432 D AKQJ C T98    W: S 432 H AKQJ D T98 C 765
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def c(name: str) -> Card:
    return Card.parse(name)


def spades(law_set: str = "auction_1912", *cards: str) -> Game:
    """One Spade by North (Auction) or spades made by North (Bridge); East leads `cards`."""
    g = Game(law_set, deals=[DEAL] * 4, strict=False)
    for call in ("1S", "P", "P", "P") if law_set == "auction_1912" else ("S", "P", "P"):
        g.call(call)
    for card in cards:
        g.play(card)
    return g


def state(g: Game) -> Any:
    """What a ruling must leave as it was."""
    return (g.to_json(), g.pending, g.trick_on_table, g.obligations, g.exposed_cards, g.tricks)


def judged(g: Game, judge: Any, *args: Any, **kwargs: Any) -> Outcome:
    """`judge` on the game's view, checked to change nothing."""
    before = state(g)
    outcome: Outcome = judge(g._view(), *args, **kwargs)
    assert state(g) == before
    return outcome


def refused(g: Game, error: type[Exception], match: str, judge: Any, *args: Any) -> None:
    """`judge` refuses with `error`, and nothing has changed."""
    before = state(g)
    with pytest.raises(error, match=match):
        judge(g._view(), *args)
    assert state(g) == before


def raised(kind: Irregularity, offender: Seat | None, data: Any, **kwargs: Any) -> Any:
    return RaiseIrregularity(RaiseRuling(kind, offender, data, **kwargs))


def law(kind: Irregularity) -> str:
    return spades()._code.rule(kind).law


# ------------------------------------------------------------------------------------------------
# A card played.
# ------------------------------------------------------------------------------------------------


def test_a_card_played_is_placed_then_the_last_trick_gathers_itself() -> None:
    g = spades("auction_1912", "CA")
    assert judged(g, judge_card_played, c("C8"), None) == Outcome(
        (LogEvent("play", S, {"card": "C8"}), PlaceCard(S, c("C8")), GatherLastTrick())
    )
    # A lead out of turn is admitted (the code rectifies it); a full trick is quitted first.
    assert judged(spades(), judge_card_played, c("HA"), W).effects[0] == LogEvent(
        "play", W, {"card": "HA"}
    )
    g = spades("auction_1912", "CA", "C8", "C7", "C2")
    assert judged(g, judge_card_played, c("CK"), None) == Outcome(
        (
            LogEvent("play", E, {"card": "CK"}),
            QuitTrick(),
            PlaceCard(E, c("CK")),
            GatherLastTrick(),
        )
    )


def test_a_card_is_refused_when_not_held_a_second_to_the_trick_or_out_of_turn_unruled() -> None:
    g = spades("auction_1912", "CA")
    refused(g, IllegalPlayError, "South does not hold CA", judge_card_played, c("CA"), None)
    refused(g, IllegalPlayError, "already played", judge_card_played, c("CK"), E)
    contract = Game("contract", deals=[DEAL], strict=False)
    for call in ("1S", "P", "P", "P"):
        contract.call(call)
    refused(contract, IllegalPlayError, "West leads out of turn", judge_card_played, c("HA"), W)
    refused(contract, IllegalPlayError, "North leads out of turn", judge_card_played, c("HT"), N)
    contract.play("CA")
    refused(contract, IllegalPlayError, "West plays early", judge_card_played, c("C7"), W)
    g = spades("auction_1912", "CA", "C8", "HJ", "C2")
    g.correct_revoke()  # the declarer's choice of penalty is pending
    refused(g, GameError, "a decision is pending", judge_card_played, c("HJ"), W)


# ------------------------------------------------------------------------------------------------
# Tricks quitted.
# ------------------------------------------------------------------------------------------------


def test_a_full_trick_is_quitted() -> None:
    g = spades("auction_1912", "CA", "C8", "C7", "C2")
    quit_ = LogEvent("quit_trick", None, {})
    assert judged(g, judge_quit_trick) == Outcome((quit_, QuitTrick()))
    g.quit_trick()
    assert len(g.tricks) == 1
    assert g.log[-1].kind == "quit_trick"


def test_a_trick_a_card_short_is_a_card_omitted() -> None:
    g = spades("auction_1912", "CA", "C8", "C7")  # North, the declarer, has not played
    assert judged(g, judge_quit_trick) == Outcome(
        (
            LogEvent("quit_trick", None, {}),
            OmitCard(0, N),
            raised(Irregularity.CARD_OMITTED, N, {"trick": 0}),
            QuitTrick(),
        )
    )
    g.quit_trick()
    (omitted,) = g.pending
    assert (omitted.kind, omitted.offender, dict(omitted.data)) == (
        Irregularity.CARD_OMITTED,
        N,
        {"trick": 0},
    )


def test_a_trick_is_quitted_only_full_or_a_card_short_and_not_without_dummys_card() -> None:
    refused(spades(), GameError, "only a full trick", judge_quit_trick)
    declaring = Game("auction_1912", deals=[DEAL], strict=False)
    refused(declaring, GameError, "no trick is on the table", judge_quit_trick)
    g = spades("auction_1912", "CA", "C8")
    refused(g, GameError, "only a full trick", judge_quit_trick)
    g = spades("auction_1912", "CA")
    g.play("C7", seat=W)  # early, passing over dummy
    g.play("C2", seat=N)
    refused(g, GameError, "dummy's card is played by the declarer", judge_quit_trick)


def test_quitting_establishes_the_revokes_and_lets_the_penalties_lapse() -> None:
    g = spades("auction_1912", "CA", "C8", "HJ", "C2")  # West revokes
    assert judged(g, judge_quit) == Outcome((EstablishRevoke(0, True),))
    # A penalty waiting on a play to this trick lapses with it; one for a later trick stays.
    win = Obligation(ObligationKind.WIN, W, "a law")
    later = Obligation(ObligationKind.LOSE, E, "a law")
    view = dataclasses.replace(g._view(), obligations=((win, 0), (later, 1), (later, None)))
    assert judge_quit(view) == Outcome((LapseObligations(((win, 0),)), EstablishRevoke(0, True)))
    # A lead out of turn can no longer be penalised once its trick is quitted (A76).
    g = spades()
    g.play("HA", seat=W)
    (lead,) = g.pending
    g.play("HT")
    g.play("H5")  # three cards: the trick is not complete, the ruling still open
    assert judged(g, judge_quit) == Outcome((CloseRulings((lead.id,), Closing.LAPSED),))


def test_a_revoke_asked_about_is_not_established_by_quitting() -> None:
    g = spades("auction_1912", "D2", "DA", "HJ", "D5")
    g.ask_having_none(seat=E)
    assert judged(g, judge_quit) == Outcome()
    g.quit_trick()
    assert not [e for e in g.log if e.kind == "revoke_established"]


def test_a_card_of_dummys_that_renounced_just_stands() -> None:
    g = spades("bridge_1906", "CA", "DJ")  # dummy (South) holds clubs
    assert establish(g._view(), 0) == EstablishRevoke(0, False)
    g = spades("auction_1912", "CA", "C8", "HJ")
    assert establish(g._view(), 0) == EstablishRevoke(0, True)


# ------------------------------------------------------------------------------------------------
# Cards played together, claims, cards thrown down.
# ------------------------------------------------------------------------------------------------


def test_two_cards_played_together_the_declarer_calls_one() -> None:
    g = spades("auction_1912", "CA", "C8")
    cards = ["C7", "C6"]
    assert judged(g, judge_play_together, cards, None) == Outcome(
        (
            LogEvent("play_together", W, {"cards": cards}),
            raised(
                Irregularity.TWO_CARDS_PLAYED,
                W,
                {"cards": cards, "exposed": True},
                claimants=(N,),
            ),
        )
    )
    # The declarer's side: his own, not exposed.
    g = spades("auction_1912", "CA")
    outcome = judged(g, judge_play_together, ["C9", "C8"], S)
    assert outcome.effects[-1] == raised(
        Irregularity.TWO_CARDS_PLAYED,
        S,
        {"cards": ["C9", "C8"], "exposed": False},
        claimants=(N,),
    )


def test_two_cards_none_of_which_can_be_called_are_exposed() -> None:
    g = spades("auction_1912", "CA", "C8")
    outcome = judged(g, judge_play_together, ["HA", "HK"], W)  # West holds clubs
    assert outcome.effects[:2] == (
        LogEvent("play_together", W, {"cards": ["HA", "HK"]}),
        ExposeCards(W, (c("HA"), c("HK"))),
    )
    (last,) = outcome.effects[2:]
    assert isinstance(last, RaiseIrregularity)
    assert last.request.options == ()
    g.play_together(["HA", "HK"])
    assert g.exposed_cards[W] == {c("HA"), c("HK")}
    # A full trick on the table is quitted first: the next cards lead, any can be called.
    g = spades("auction_1912", "CA", "C8", "C7", "C2")
    outcome = judged(g, judge_play_together, ["CK", "ST"], E)
    assert outcome.effects[1] == QuitTrick()
    assert outcome.effects[2] == raised(
        Irregularity.TWO_CARDS_PLAYED,
        E,
        {"cards": ["CK", "ST"], "exposed": True},
        claimants=(N,),
    )


def test_cards_played_together_are_refused_when_they_cannot_be() -> None:
    g = spades("auction_1912", "CA", "C8")
    refused(g, IllegalPlayError, "two or more different", judge_play_together, ["C7"], None)
    refused(g, IllegalPlayError, "two or more different", judge_play_together, ["C7", "C7"], W)
    refused(g, IllegalPlayError, "West does not hold CA", judge_play_together, ["C7", "CA"], W)
    refused(g, IllegalPlayError, "out of turn", judge_play_together, ["C4", "C3"], N)
    declaring = Game("auction_1912", deals=[DEAL], strict=False)
    refused(declaring, GameError, "no card is due", judge_play_together, ["C7", "C6"], W)


def test_a_claim_is_checked_double_dummy_on_the_cards_as_they_lie() -> None:
    g = spades("auction_1912", "CA")
    view = g._view()
    table = view.table
    assert isinstance(table, _TablePlay)
    holds = claim_holds(table.hands, table.strain, E, [c("CA")], N.side, 13)
    data = {"tricks": 13, "remaining": 13, "holds_double_dummy": holds}
    assert judged(g, judge_claim, None, None) == Outcome(
        (LogEvent("claim", N, {"tricks": None}), raised(Irregularity.CLAIM, N, data))
    )
    g.claim()
    assert dict(g.pending[0].data) == data
    # A full trick is quitted first: East, who won it, leads to the next.
    g = spades("auction_1912", "CA", "C8", "C7", "C2")
    outcome = judged(g, judge_claim, N, 5)
    table = g._view().table
    assert isinstance(table, _TablePlay)
    holds = claim_holds(table.hands, table.strain, E, [], N.side, 5)
    assert outcome == Outcome(
        (
            LogEvent("claim", N, {"tricks": 5}),
            QuitTrick(),
            raised(
                Irregularity.CLAIM,
                N,
                {"tricks": 5, "remaining": 12, "holds_double_dummy": holds},
            ),
        )
    )


def test_a_claim_is_refused_when_it_cannot_be_made() -> None:
    g = spades("auction_1912", "CA")
    refused(g, GameError, "only the declarer's claim", judge_claim, E, None)
    refused(g, GameError, "14 tricks claimed, 13 remain", judge_claim, None, 14)
    refused(g, GameError, "-1 tricks claimed", judge_claim, None, -1)
    declaring = Game("auction_1912", deals=[DEAL], strict=False)
    refused(declaring, GameError, "no claim can be made now", judge_claim, None, None)


def test_cards_thrown_down_by_a_defender_are_exposed_unless_after_a_claim() -> None:
    g = spades("auction_1912", "CA")
    hand = g._view().table.hand(W)  # type: ignore[union-attr]
    data = {"cards": hand.to_pbn(), "callable": True}
    assert judged(g, judge_throw_down, W) == Outcome(
        (
            LogEvent("throw_down", W, {}),
            ExposeCards(W, tuple(hand)),
            raised(Irregularity.CARDS_THROWN_DOWN, W, data),
        )
    )
    north = g._view().table.hand(N).to_pbn()  # type: ignore[union-attr]
    assert judged(g, judge_throw_down, N) == Outcome(
        (
            LogEvent("throw_down", N, {}),
            raised(Irregularity.CARDS_THROWN_DOWN, N, {"cards": north, "callable": False}),
        )
    )
    played_out = dataclasses.replace(g._view(), claim_played_out=True)
    assert judge_throw_down(played_out, W).effects[1] == raised(
        Irregularity.CARDS_THROWN_DOWN, W, {"cards": hand.to_pbn(), "callable": False}
    )
    g.claim()  # a claim on record, whatever became of it
    assert judged(g, judge_throw_down, W).effects[1:] == (
        raised(Irregularity.CARDS_THROWN_DOWN, W, {"cards": hand.to_pbn(), "callable": False}),
    )
    declaring = Game("auction_1912", deals=[DEAL], strict=False)
    refused(declaring, GameError, "no cards can be thrown down now", judge_throw_down, W)


# ------------------------------------------------------------------------------------------------
# Exposed cards called; a short hand.
# ------------------------------------------------------------------------------------------------


def test_an_exposed_card_called_must_be_played_by_its_holder() -> None:
    g = spades("auction_1912", "CA")
    g.expose("HA", seat=W)
    obligation = Obligation(
        ObligationKind.PLAY_CARD, W, law(Irregularity.EXPOSED_CARD), card=c("HA")
    )
    expected = Outcome(
        (LogEvent("call_exposed_card", N, {"card": "HA"}), AddObligation(obligation, None))
    )
    assert judged(g, judge_call_exposed_card, "HA", None) == expected
    assert judged(g, judge_call_exposed_card, c("HA"), N) == expected
    g.call_exposed_card("HA")
    assert g.obligations == (obligation,)


def test_only_an_exposed_card_held_is_called_and_only_by_the_declarer() -> None:
    g = spades("auction_1912", "CA")
    g.expose("HA", seat=W)
    refused(g, GameError, "HK is not an exposed card", judge_call_exposed_card, "HK", None)
    refused(g, GameError, "only the declarer calls", judge_call_exposed_card, "HA", E)
    gone = dataclasses.replace(g._view(), exposed={W: frozenset({c("CA")})})  # played: East's
    with pytest.raises(GameError, match="CA is not an exposed card"):
        judge_call_exposed_card(gone, "CA", None)
    declaring = dataclasses.replace(g._view(), phase="declare")
    with pytest.raises(GameError, match="no card can be called now"):
        judge_call_exposed_card(declaring, "HA", None)


def test_a_short_hand_found_in_the_play_lets_the_deal_stand() -> None:
    g = spades("auction_1912", "CA")
    assert judged(g, judge_short_hand, E) == Outcome(
        (
            LogEvent("report_short_hand", E, {}),
            raised(Irregularity.SHORT_HAND, E, {"deal_stands": True}),
        )
    )
    declaring = Game("auction_1912", deals=[DEAL], strict=False)
    refused(declaring, GameError, "found during the play", judge_short_hand, E)


def test_a_short_trick_whose_deal_stands_takes_the_card_left_at_the_end() -> None:
    view = spades("auction_1912", "CA")._view()
    stands = dataclasses.replace(view, omissions={0: (N, "deal_stands"), 1: (W, None)})
    assert judge_short_tricks(stands) == Outcome((CompleteShortTrick(0, N),))
    assert judge_short_tricks(dataclasses.replace(stands, conceded=view.toward_game)) == Outcome()
    assert judge_short_tricks(view) == Outcome()


# ------------------------------------------------------------------------------------------------
# Revokes: corrected, asked about, withdrawn with their trick.
# ------------------------------------------------------------------------------------------------


def test_a_revoke_on_the_trick_on_the_table_is_corrected() -> None:
    g = spades("auction_1912", "CA", "C8", "HJ", "C2")  # West revokes; North follows
    (revoke,) = g.pending
    assert judged(g, judge_correct_revoke, None) == Outcome(
        (LogEvent("correct_revoke", W, {}), CorrectRevoke(revoke.id))
    )
    # The correction: West's card and North's after it go back; the declarer's penalty.
    data = {"card": "HJ", "trick": 0, "withdrawn": ["W", "N"]}
    assert judged(g, judge_correction, 0) == Outcome(
        (
            ReturnCards((N, W)),
            RevokeCorrected(0),
            raised(Irregularity.REVOKE_CORRECTED, W, data),
        )
    )
    g.correct_revoke(seat=W)
    assert g.trick_on_table == {E: c("CA"), S: c("C8")}
    (corrected,) = g.pending
    assert corrected.kind is Irregularity.REVOKE_CORRECTED


def test_the_followers_revokes_vanish_and_the_declarers_is_corrected_without_penalty() -> None:
    g = spades("auction_1912", "CA", "C8", "HJ", "HT")  # West, then North, revoke
    assert judged(g, judge_correction, 0) == Outcome(
        (
            WithdrawRevoke(1),
            ReturnCards((N, W)),
            RevokeCorrected(0),
            raised(
                Irregularity.REVOKE_CORRECTED,
                W,
                {"card": "HJ", "trick": 0, "withdrawn": ["W", "N"]},
            ),
        )
    )
    assert judged(g, judge_correction, 1) == Outcome((ReturnCards((N,)), RevokeCorrected(1)))
    outcome = judged(g, judge_correct_revoke, N)
    assert outcome.effects[0] == LogEvent("correct_revoke", N, {})


def test_a_penalty_not_complied_with_waits_on_the_play_again_once_corrected() -> None:
    g = spades("auction_1912", "CA", "C8", "C7", "C2", "D4", "DA", "DT", "D5", "H2")
    g.expose("HA", seat=W)
    g.call_exposed_card("HA")
    g.play("HK")  # West does not play the called card
    (failure,) = [r for r in g.pending if r.kind is Irregularity.FAILURE_TO_COMPLY]
    obligation = g._view().revokes[0].obligation
    assert obligation is not None
    outcome = judged(g, judge_correction, 0)
    assert outcome == Outcome((ReturnCards((W,)), RevokeCorrected(0), AddObligation(obligation, 2)))
    assert judged(g, judge_correct_revoke, W).effects[1] == CorrectRevoke(failure.id)


def test_a_revoke_established_cannot_be_corrected() -> None:
    g = spades("auction_1912", "CA", "C8", "HJ", "C2")
    g.quit_trick()
    refused(g, GameError, "established once the trick is quitted", judge_correct_revoke, None)
    g = spades("auction_1912", "CA", "C8", "HJ")
    refused(g, GameError, "can be corrected", judge_correct_revoke, E)  # East did not revoke
    declaring = Game("auction_1912", deals=[DEAL], strict=False)
    refused(declaring, GameError, "there is no revoke to correct", judge_correct_revoke, None)


def test_a_revoke_asked_about_is_corrected_after_its_trick_is_quitted() -> None:
    g = spades("auction_1912", "D2", "DA", "HJ", "D5")
    g.ask_having_none(seat=E)
    g.quit_trick()
    g.play("DK")  # dummy leads to the next trick: not the revoking side
    revoke = next(r for r in g.rulings if r.kind is Irregularity.REVOKE)
    assert judged(g, judge_correct_revoke, W) == Outcome(
        (LogEvent("correct_revoke", W, {}), ReopenLastTrick(), CorrectRevoke(revoke.id))
    )


def test_the_revokes_on_a_trick_taken_back_vanish_with_it() -> None:
    g = spades("auction_1912", "CA", "C8", "HJ")
    assert judged(g, withdrawn_with_trick) == Outcome((WithdrawRevoke(0),))
    assert judged(spades("auction_1912", "CA"), withdrawn_with_trick) == Outcome()


def test_having_none_keeps_a_revoke_open_unless_answered_no() -> None:
    g = spades("auction_1912", "D2", "DA", "HJ", "D5")
    data = {"trick": 0, "card": "HJ", "revoke": True}
    assert judged(g, judge_having_none, E, False) == Outcome(
        (
            LogEvent("ask_having_none", E, {}),
            QuestionRevokes((0,), True),
            raised(Irregularity.REVOKE_QUESTION, W, data),
        )
    )
    assert judged(g, judge_having_none, E, True) == Outcome(
        (
            LogEvent("ask_having_none", E, {"answered_no": True}),
            QuestionRevokes((0,), False),
            raised(Irregularity.REVOKE_QUESTION, W, {**data, "answered_no": True}),
        )
    )
    # A renounce that is no revoke is asked about to no effect.
    clubs = ("CA", "C8", "C7", "C2", "CK", "C9", "C5", "C3", "CQ", "CT", "C6", "C4", "CJ")
    g = spades("auction_1912", *clubs)
    g.play("DA")  # dummy has no club left: a renounce, no revoke
    assert judged(g, judge_having_none, N, False).effects[1:] == (
        QuestionRevokes((), True),
        raised(Irregularity.REVOKE_QUESTION, S, {"trick": 3, "card": "DA", "revoke": False}),
    )


def test_having_none_is_refused_where_nobody_renounced_or_the_code_has_no_law() -> None:
    g = spades("auction_1912", "D2")
    refused(g, GameError, "West has not renounced", judge_having_none, E, False)
    refused(g, GameError, "East has not renounced", judge_having_none, W, False)
    refused(spades(), GameError, "asked before the trick is turned", judge_having_none, E, False)
    g = spades("bridge_1906", "D2", "DA", "HJ")
    refused(g, GameError, "no law", judge_having_none, E, False)


# ------------------------------------------------------------------------------------------------
# Surplus cards (A82).
# ------------------------------------------------------------------------------------------------


def test_a_surplus_card_is_set_aside_out_of_its_holders_hand() -> None:
    g = spades("auction_1912", "CA", "C8", "C7")
    assert judged(g, judge_surplus_card, "C6", W) == Outcome(
        (LogEvent("play_surplus_card", W, {"card": "C6"}), SetAsideSurplus(0, W, c("C6")))
    )
    refused(g, IllegalPlayError, "dummy's cards", judge_surplus_card, "C9", S)
    refused(g, IllegalPlayError, "North has not played", judge_surplus_card, "C4", N)
    refused(g, IllegalPlayError, "West does not hold CA", judge_surplus_card, "CA", W)
    declaring = Game("auction_1912", deals=[DEAL], strict=False)
    refused(declaring, GameError, "no trick is on the table", judge_surplus_card, "C6", W)


def _surplus_then(*cards: str) -> Game:
    """West's surplus C6 on trick one, then `cards` played."""
    g = spades("auction_1912", "CA", "C8", "C7")
    g.play_surplus_card("C6", seat=W)
    for card in ("C2", *cards):
        g.play(card)
    return g


def test_counting_the_tricks_restores_the_surplus_card_and_establishes_the_revokes() -> None:
    g = _surplus_then("CK", "C9", "C5", "C3", "CQ", "CT", "D8", "C4")
    g.quit_trick()
    request = RaiseRuling(
        Irregularity.SURPLUS_CARD,
        W,
        {"trick": 0, "card": "C6", "restored": True, "revokes": [2]},
    )
    assert judged(g, judge_count_tricks, N) == Outcome(
        (
            LogEvent("count_tricks", N, {}),
            SurplusFound(),
            RestoreCard(W, c("C6")),
            RecordRevokes(request, Irregularity.REVOKE, ((2, c("D8")),), True),
        )
    )
    # At the end of the play the card is not restored, the revokes still established.
    unrestored = RaiseRuling(
        Irregularity.SURPLUS_CARD,
        W,
        {"trick": 0, "card": "C6", "restored": False, "revokes": [2]},
    )
    assert judged(g, judge_surplus_found, restore=False) == Outcome(
        (SurplusFound(), RecordRevokes(unrestored, Irregularity.REVOKE, ((2, c("D8")),), True))
    )
    assert g.count_tricks(seat=N) == 1
    assert judged(g, judge_count_tricks, E) == Outcome(
        (LogEvent("count_tricks", E, {}), SurplusFound())
    )


def test_a_renounce_on_the_trick_on_the_table_is_a_revoke_still_to_correct() -> None:
    g = _surplus_then("CK", "C9", "C5", "C3", "CQ", "CT", "D8")  # North still to play
    surplus = RaiseRuling(
        Irregularity.SURPLUS_CARD,
        W,
        {"trick": 0, "card": "C6", "restored": True, "revokes": []},
    )
    revoke = RaiseRuling(Irregularity.REVOKE, W, {"card": "D8", "trick": 2})
    assert judged(g, judge_surplus_found, restore=True) == Outcome(
        (
            SurplusFound(),
            RestoreCard(W, c("C6")),
            RecordRevokes(surplus, Irregularity.REVOKE, (), True),
            RecordRevokes(revoke, Irregularity.REVOKE, ((2, c("D8")),), False),
        )
    )
    # Not restored (the end of the play), the renounce is no revoke.
    assert len(judged(g, judge_surplus_found, restore=False).effects) == 2


def test_the_tricks_are_counted_only_in_the_play() -> None:
    declaring = Game("auction_1912", deals=[DEAL], strict=False)
    refused(declaring, GameError, "counted during the play", judge_count_tricks, N)


def test_a_surplus_card_is_found_when_its_holder_has_none_to_play() -> None:
    g = _surplus_then("CK", "C9", "C5", "C3")
    view = g._view()
    assert not surplus_detected(view)  # East, to lead, holds cards
    table = view.table
    assert isinstance(table, _TablePlay)
    empty = list(table.hands)
    empty[E] = 0
    dry = dataclasses.replace(view, table=_with_hands(table, empty))
    assert surplus_detected(dry)
    assert not surplus_detected(dataclasses.replace(dry, surplus=()))
    assert not surplus_detected(dataclasses.replace(dry, phase=Phase.SETTLE.value))


def _with_hands(table: _TablePlay, hands: list[int]) -> _TablePlay:
    """A copy of `table` holding `hands` (the view's own is the game's)."""
    other = _TablePlay(DEAL, table.strain, table.rightful)
    other.hands, other.tricks, other.cards = hands, list(table.tricks), dict(table.cards)
    other.leader, other.rightful = table.leader, table.rightful
    return other


def test_the_view_shows_the_play_facts_the_referee_needs() -> None:
    g = spades("auction_1912", "CA")
    g.expose("HA", seat=W)
    g.claim()
    view: HandView = g._view()
    assert view.exposed[W] == frozenset({c("HA")})
    assert [r.kind for r in view.hand_rulings] == [Irregularity.EXPOSED_CARD, Irregularity.CLAIM]
    assert view.claim_played_out is False
    assert view.surplus == ()
    assert view.conceded is None
    g.decide("play_out")
    assert g._view().claim_played_out is True


def test_dummys_intervention_loses_the_declarers_penalties_so_far() -> None:
    g = spades()
    g.play("HA", seat=W)  # a lead out of turn: the declarer's penalty
    (lead,) = g.pending
    assert judged(g, declarer_penalties_forfeited) == Outcome(
        (CloseRulings((lead.id,), Closing.FORFEITED), ForfeitRevokes(()))
    )
    g = spades("auction_1912", "CA", "C8", "HJ")  # West's revoke: only he may correct it
    assert judged(g, declarer_penalties_forfeited) == Outcome(
        (CloseRulings((), Closing.FORFEITED), ForfeitRevokes((0,)))
    )
    g.remark(Irregularity.DUMMY_INTERVENTION, seat=S)
    assert g._view().revokes[0].forfeited
    assert [r.kind for r in g.pending] == [Irregularity.REVOKE]
