"""The referee (issue 14): remedies ruled on a read-only view of the hand return outcomes, and
the play is judged the same way; the game applies what they return, in one place."""

from __future__ import annotations

import dataclasses
import pathlib
import typing

import pytest

from redouble import Card, Deal, Seat, Suit, laws
from redouble.auction import Call
from redouble.game import Game, GameError
from redouble.irregularities import (
    Claimant,
    Irregularity,
    IrregularityError,
    Obligation,
    ObligationKind,
    OptionCode,
    code_for,
)
from redouble.irregularities.judging import (
    RaiseRuling,
    claimants,
    judge_play,
    revoke_claims,
)
from redouble.irregularities.referee import (
    HANDLERS,
    AddObligation,
    Effect,
    ElectRevokePenalty,
    HandView,
    TakeBackTrick,
    remedy,
)

# N: S AKQJ H T98 D 765 C 432    E: S T98 H 765 D 432 C AKQJ
# S: S 765 H 432 D AKQJ C T98    W: S 432 H AKQJ D T98 C 765
DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def one_spade() -> Game:
    """One Spade by North, Auction 1912: East leads."""
    g = Game("auction_1912", deals=[DEAL] * 4, strict=False)
    for call in ("1S", "P", "P", "P"):
        g.call(call)
    return g


def view(g: Game) -> HandView:
    return g._view()


def test_every_option_of_every_rule_table_has_a_handler() -> None:
    seen = set()
    for name in laws.available():
        for rule in code_for(name).rules.values():
            for option in rule.options:
                assert option.code in HANDLERS, f"{name}: {option.code} has no handler"
                seen.add(option.code)
    assert set(HANDLERS) == set(OptionCode)
    assert all(callable(h) for h in HANDLERS.values())
    assert seen <= set(HANDLERS)


def test_every_effect_is_a_frozen_value() -> None:
    kinds: tuple[type, ...] = typing.get_args(Effect)
    assert len(kinds) > 10
    for kind in kinds:
        assert dataclasses.is_dataclass(kind)
        assert vars(kind)["__dataclass_params__"].frozen, kind.__name__


def test_the_view_is_read_only() -> None:
    v = view(one_spade())
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.dealer = S  # type: ignore[misc]
    with pytest.raises(TypeError):
        v.omissions[0] = (N, None)  # type: ignore[index]


def test_a_remedy_returns_its_outcome_and_changes_nothing() -> None:
    g = one_spade()
    g.play("HA", seat=W)  # West leads out of turn: East is the rightful leader
    (ruling,) = g.pending
    assert ruling.kind is Irregularity.LEAD_OUT_OF_TURN
    before = (g.to_json(), g.pending, g.trick_on_table, g.obligations)
    outcome = remedy(view(g), ruling, "call_suit", {"suit": "S"})
    lead_spades = Obligation(
        ObligationKind.LEAD_SUIT, None, ruling.law, suit=Suit.SPADES, on_lead_only=True
    )
    assert outcome.effects == (TakeBackTrick(), AddObligation(lead_spades, None))
    assert (g.to_json(), g.pending, g.trick_on_table, g.obligations) == before
    # The game applies the same outcome when the option is chosen.
    g.decide("call_suit", suit="S")
    assert g.trick_on_table == {}
    assert g.obligations == (lead_spades,)


def test_a_remedy_refuses_before_anything_changes() -> None:
    g = one_spade()
    g.play("HA", seat=W)
    (ruling,) = g.pending
    before = g.to_json()
    with pytest.raises(IrregularityError, match="name the suit"):
        remedy(view(g), ruling, "call_suit", {})
    with pytest.raises(IrregularityError, match="cannot be applied"):
        remedy(view(g), ruling, "no_such_option", {})
    with pytest.raises(IrregularityError, match="name the suit"):
        g.decide("call_suit")
    assert g.to_json() == before


def test_the_play_is_judged_without_changing_the_hand() -> None:
    g = one_spade()
    lead = judge_play(view(g), W, Card.parse("HA"))
    assert lead.lead
    (out_of_turn,) = lead.after
    assert isinstance(out_of_turn, RaiseRuling)
    assert out_of_turn.kind is Irregularity.LEAD_OUT_OF_TURN
    assert out_of_turn.data == {"card": "HA", "rightful": "E", "trick": 0}
    g.play("CA")
    g.play("C8")
    before = g.to_json()
    verdict = judge_play(view(g), W, Card.parse("HJ"))  # West holds clubs: a revoke
    assert g.to_json() == before
    assert not verdict.lead
    assert verdict.after == (
        RaiseRuling(Irregularity.REVOKE, W, {"card": "HJ", "trick": 0}, revoke=True),
    )
    g.play("HJ")
    (ruling,) = g.pending
    assert (ruling.kind, ruling.offender, dict(ruling.data)) == (
        Irregularity.REVOKE,
        W,
        {"card": "HJ", "trick": 0},
    )


def test_the_revoke_claims_are_what_the_referee_finds_at_the_end() -> None:
    g = one_spade()
    for card in ("CA", "C8", "HJ", "C2"):  # West revokes; quitting the trick establishes it
        g.play(card)
    g.quit_trick()
    while g.phase.value == "play":
        g.act(min(g.legal_actions()))
    (claim,) = [r for r in g.pending if r.kind is Irregularity.REVOKE_CLAIM]
    (expected,) = revoke_claims(view(g))
    assert (claim.kind, claim.offender, dict(claim.data)) == (
        expected.kind,
        expected.offender,
        dict(expected.data),
    )
    assert claim.claimants == expected.claimants == (N,)  # A84: the declarer elects
    assert claim.options == expected.options
    outcome = remedy(view(g), claim, "points", {})
    assert outcome.effects == (ElectRevokePenalty(W.side, "points"),)


def test_claimants_follow_the_rule() -> None:
    v = view(one_spade())
    # Before the opening lead dummy has all the rights of a player (Auction Bridge (1912),
    # Law 60); once the play is under way, a defender's adversary is the declarer alone.
    assert claimants(v, Claimant.ADVERSARIES, W) == (N, S)
    g = one_spade()
    g.play("CA")
    assert claimants(view(g), Claimant.ADVERSARIES, W) == (N,)
    assert claimants(view(g), Claimant.ADVERSARIES, N) == (E, W)
    assert claimants(v, Claimant.DECLARER, W) == (N,)
    assert claimants(v, Claimant.ELDEST_HAND, None) == (E,)
    assert claimants(v, Claimant.DEALER_SIDE, None) == (N, S)
    assert claimants(v, Claimant.OFFENDER, None) == ()


# -- The rulings decided by the referee, not the game: calls, exposed cards, remarks, lapses ------


def test_a_call_out_of_turn_is_ruled_by_the_referee_and_changes_nothing() -> None:
    from redouble.irregularities.referee import LogEvent, RaiseIrregularity, RegularCall
    from redouble.irregularities.rulings import judge_call

    g = Game("auction_1912", deals=[DEAL] * 4, strict=False)
    before = g.to_json()
    assert judge_call(view(g), "1S", N).effects == (RegularCall(Call.parse("1S"), N),)
    # Auction Bridge (1912), Law 49: a bid out of turn; it can stand as if in order.
    outcome = judge_call(view(g), "1H", S)
    assert g.to_json() == before
    logged, raised = outcome.effects
    assert logged == LogEvent("call", S, {"call": "1H"})
    assert isinstance(raised, RaiseIrregularity)
    assert raised.request.kind is Irregularity.DECLARATION_OUT_OF_TURN
    assert raised.request.offender is S
    assert raised.request.options is not None
    assert "let_stand" in [o.code for o in raised.request.options]
    g.call("1H", seat=S)
    (ruling,) = g.pending
    assert ruling.kind is Irregularity.DECLARATION_OUT_OF_TURN
    assert ruling.options == raised.request.options


def test_an_exposed_card_in_the_auction_is_ruled_by_the_referee() -> None:
    from redouble.auction import Bar
    from redouble.irregularities.referee import (
        BarPlayer,
        ExposeCards,
        ExposedInDeclaring,
        RaiseIrregularity,
    )
    from redouble.irregularities.rulings import judge_expose

    g = Game("auction_1912", deals=[DEAL] * 4, strict=False)
    g.call("1S")
    before = g.to_json()
    ace = Card.parse("CA")
    effects = judge_expose(view(g), E, ace, False).effects
    assert g.to_json() == before
    # Auction Bridge (1912), Law 65: the partner is barred from bidding and doubling.
    assert effects[1] == BarPlayer(
        Bar(W, "Auction Bridge (1912), Law 65", doubles_too=True, lifted_by_adversary=False)
    )
    assert effects[2:4] == (ExposeCards(E, (ace,)), ExposedInDeclaring(E, ace))
    assert isinstance(effects[4], RaiseIrregularity)
    assert effects[4].request.kind is Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION


def test_a_remark_out_of_place_is_refused_by_the_referee() -> None:
    from redouble.errors import GameError
    from redouble.irregularities.rulings import judge_remark

    g = one_spade()
    with pytest.raises(GameError, match="only dummy"):
        judge_remark(view(g), Irregularity.DUMMY_RIGHT, N, None)
    with pytest.raises(IrregularityError, match="is not a remark"):
        judge_remark(view(g), Irregularity.REVOKE, N, None)


def test_the_lapses_are_the_referees() -> None:
    from redouble.irregularities.rulings import lapsed_at_end, lapsed_on_play, lapsed_on_quit

    g = one_spade()
    g.play("HA", seat=W)  # West leads out of turn
    (ruling,) = g.pending
    v = view(g)
    # Auction Bridge (1912), Law 76: open until the trick is complete.
    assert lapsed_on_play(v) == ()
    assert lapsed_on_quit(v) == lapsed_at_end(v) == (ruling.id,)


def test_the_declaring_the_referee_sees_cannot_be_changed() -> None:
    from redouble.irregularities.referee import DeclaringView

    for law_set in ("auction_1912", "bridge_1906"):
        g = Game(law_set, deals=[DEAL] * 4, strict=False)
        v = view(g)
        assert isinstance(v.declaring, DeclaringView)
        before = g.to_json()
        for mutator in ("call", "bar", "undo", "make_by", "double_by", "_core", "_calls"):
            assert not hasattr(v.declaring, mutator), mutator
        with pytest.raises(AttributeError):
            v.declaring.call("P")  # type: ignore[attr-defined]
        with pytest.raises(AttributeError, match="read-only"):
            v.declaring._procedure = v.declaring.copy()  # type: ignore[misc]
        with pytest.raises(AttributeError, match="read-only"):
            v.declaring.dealer = S  # type: ignore[misc]
        # What the referee tries, it tries on its own copy.
        mine = v.declaring.copy()
        mine.call(mine.legal_calls()[-1])
        assert len(mine.calls) == 1
        assert v.declaring.calls == ()
        assert g.to_json() == before


def test_the_game_asks_the_declaring_protocol_not_which_procedure_it_holds() -> None:
    import ast

    import redouble.game
    from redouble.auction import Auction, Bar, BridgeDeclaration, Declaring
    from redouble.errors import IllegalCallError

    root = pathlib.Path(redouble.game.__file__).parent
    sources = sorted(root.glob("*.py"))
    assert len(sources) > 10  # the whole game package
    # The referee, its rulings and the players ask the protocol too.
    package = root.parent
    sources += [
        package / "irregularities" / "referee.py",
        package / "irregularities" / "rulings.py",
        package / "players.py",
    ]
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance":
                names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                assert not names & {"Auction", "BridgeDeclaration"}, f"{source.name}:{node.lineno}"
    auction = Auction("auction_1912", N, ["1H"])
    bridge = BridgeDeclaration("bridge_1906", N, ["H"])
    for procedure in (auction, bridge):
        assert isinstance(procedure, Declaring)
        assert procedure.is_legal("P")
        assert procedure.unlogged_calls(len(procedure.calls)) == ()
    assert auction.bidding
    assert not bridge.bidding
    assert auction.is_insufficient("1S")  # Auction Bridge (1912), Law 50
    assert not bridge.is_insufficient("S")
    assert bridge.bars == ()
    with pytest.raises(IllegalCallError, match="bars no player"):
        bridge.bar(Bar(E, "Auction Bridge (1912), Law 65"))
    with pytest.raises(IllegalCallError, match="Law 49"):
        bridge.undo()
    # A Bridge copy is independent of its original.
    other = bridge.copy()
    other.call("P")
    assert (len(other.calls), len(bridge.calls)) == (2, 1)
    # The calls past those logged: the three-handed compulsory make is the procedure's own.
    three = BridgeDeclaration("bridge_three_handed", N, deal=DEAL)
    three.call("P")
    assert [call for _, call in three.unlogged_calls(1)] == [three.calls[1]]
    assert auction.unlogged_calls(0) == ()


@pytest.mark.parametrize(
    ("law_set", "made", "before"),
    [
        ("bridge_1906", ("H", S), []),  # Law 46: the dealer's partner makes unasked
        ("bridge_1906", ("X", W), ["S"]),  # Law 54: the third hand doubles first
        ("auction_1912", ("1H", E), []),  # Law 49: a declaration out of turn
    ],
)
def test_an_act_let_stand_is_logged_once_and_counts_as_the_hands_first_call(
    law_set: str, made: tuple[str, Seat], before: list[str]
) -> None:
    """A call made out of turn and let stand (Bridge (Elwell, 1906), Laws 46 and 54; Auction
    Bridge (1912), Law 49) is in the log once, as made; the next calls are logged once each;
    and the hand's calls have begun, so a deal out of turn can no longer be reported."""
    g = Game(law_set, deals=[DEAL] * 2, strict=False)
    for call in before:
        g.call(call)
    g.call(made[0], seat=made[1])
    g.decide("let_stand")
    g.call("P")
    calls = [(e.seat, e.data["call"]) for e in g.log if e.kind == "call"]
    assert len(calls) == len(before) + 2
    assert calls[len(before)] == (made[1], made[0])
    assert not [e for e in g.log if e.data.get("compulsory")]
    with pytest.raises(GameError, match="before the first call"):
        g.report_dealt_out_of_turn(E)
    assert Game.from_json(g.to_json()).log == g.log


# -- The declaring decided by the referee: corrections, attention, consents, the end -------------


def _insufficient() -> tuple[Game, int]:
    """Auction 1912: North bids Two Hearts, East Two Diamonds (insufficient, Law 50): its
    ruling."""
    g = Game("auction_1912", deals=[DEAL] * 4, strict=False)
    g.call("2H")
    g.call("2D")
    (ruling,) = g.pending
    assert ruling.kind is Irregularity.INSUFFICIENT_DECLARATION
    return g, ruling.id


def test_the_referee_rules_a_correction_of_the_last_call() -> None:
    from redouble.irregularities.referee import (
        AfterCall,
        CorrectCall,
        LogEvent,
        RaiseIrregularity,
    )
    from redouble.irregularities.rulings import judge_correct_call

    g = Game("auction_1912", deals=[DEAL] * 4, strict=False)
    g.call("1S")
    before = g.to_json()
    # Auction Bridge (1912), Law 52: "One Spade - I mean, two Spades".
    effects = judge_correct_call(view(g), "2S", None).effects
    assert g.to_json() == before
    assert effects == (
        LogEvent("correct_call", N, {"call": "2S"}),
        CorrectCall(Call.parse("2S"), replaces_last=True),
        RaiseIrregularity(
            RaiseRuling(Irregularity.DECLARATION_CORRECTED, N, {"from": "1S", "to": "2S"})
        ),
        AfterCall(),
    )
    # Refused, nothing changed: another seat's correction, an illegal new call.
    with pytest.raises(IrregularityError, match="only the last declaration"):
        judge_correct_call(view(g), "2S", E)
    from redouble.errors import IllegalCallError

    with pytest.raises(IllegalCallError):
        judge_correct_call(view(g), "9S", N)
    assert g.to_json() == before
    g.correct_call("2S")
    assert g.declaring.calls == (Call.parse("2S"),)


def test_the_referee_refuses_a_correction_where_none_is_allowed() -> None:
    from redouble.irregularities.rulings import judge_correct_call

    fresh = Game("auction_1912", deals=[DEAL] * 4, strict=False)
    with pytest.raises(IrregularityError, match="no declaration to correct"):
        judge_correct_call(view(fresh), "1S", None)
    with pytest.raises(GameError, match="no declaration can be corrected now"):
        judge_correct_call(view(one_spade()), "2S", None)
    # Bridge (Elwell, 1906), Law 49: a declaration once made cannot be altered.
    bridge = Game("bridge_1906", deals=[DEAL] * 4, strict=False)
    bridge.call("H")
    before = bridge.to_json()
    with pytest.raises(IrregularityError, match="Law 49"):
        judge_correct_call(view(bridge), "S", None)
    assert bridge.to_json() == before


def test_the_referee_rules_a_free_correction_of_an_insufficient_bid() -> None:
    from redouble.irregularities.referee import (
        AfterCall,
        CloseRulings,
        Closing,
        CorrectCall,
        LogEvent,
        RaiseIrregularity,
    )
    from redouble.irregularities.rulings import judge_correct_call

    g, ruling = _insufficient()
    before = g.to_json()
    effects = judge_correct_call(view(g), "3D", E).effects
    assert g.to_json() == before
    data = {"from": "2D", "to": "3D", "ruling": ruling}
    assert effects == (
        LogEvent("correct_call", E, {"call": "3D"}),
        CloseRulings((ruling,), Closing.DECIDED),
        CorrectCall(Call.parse("3D"), replaces_last=False),
        RaiseIrregularity(RaiseRuling(Irregularity.DECLARATION_CORRECTED, E, data)),
        AfterCall(),
    )
    # Only its maker corrects it free (Law 52).
    with pytest.raises(IrregularityError, match="only East"):
        judge_correct_call(view(g), "3D", W)
    assert g.to_json() == before


def test_the_referee_rules_attention_called_and_then_refuses_the_free_correction() -> None:
    from redouble.irregularities.referee import AttentionCalled, LogEvent
    from redouble.irregularities.rulings import judge_call_attention, judge_correct_call

    g, ruling = _insufficient()
    before = g.to_json()
    assert judge_call_attention(view(g), S, None).effects == (
        LogEvent("call_attention", S, {"ruling": ruling}),
        AttentionCalled(ruling),
    )
    # Refused, nothing changed: East's partner is no adversary; no such ruling.
    with pytest.raises(IrregularityError, match="not an adversary"):
        judge_call_attention(view(g), W, None)
    with pytest.raises(IrregularityError, match="no open ruling 99"):
        judge_call_attention(view(g), S, 99)
    assert g.to_json() == before
    g.call_attention(seat=S)
    assert view(g).attention == frozenset({ruling})
    # Auction Bridge (1912), Law 52, Case 2: the correction is now the Law 50 penalty.
    with pytest.raises(IrregularityError, match="called attention"):
        judge_correct_call(view(g), "3D", E)
    with pytest.raises(IrregularityError, match="already been called"):
        judge_call_attention(view(g), N, ruling)
    with pytest.raises(GameError, match="only while declaring"):
        judge_call_attention(view(one_spade()), S, None)


def test_the_referee_reads_a_call_made_under_a_ruling_from_the_hands_log() -> None:
    from redouble.irregularities.rulings import judge_correct_call, last_call_applied

    g, _ = _insufficient()
    assert not last_call_applied(view(g))
    g.decide("condone", call="3D")  # the sufficient bid is made by the ruling
    assert last_call_applied(view(g))
    before = g.to_json()
    with pytest.raises(IrregularityError, match="made under a ruling"):
        judge_correct_call(view(g), "4D", E)
    assert g.to_json() == before
    g.call("P")
    assert not last_call_applied(view(g))  # South's pass is his own


def test_the_referee_rules_the_makers_consent_law_60() -> None:
    from redouble.irregularities.referee import ConsentLifted, LogEvent
    from redouble.irregularities.rulings import consent_missing, judge_consent

    g = Game("bridge_1906", deals=[DEAL] * 4, strict=False)
    g.call("H")  # North makes hearts
    g.play("S2", seat=W)  # the dealer's right-hand adversary leads during the doubling
    law = "Bridge (Elwell, 1906), Law 60"
    assert consent_missing(view(g), E) == (N, "the maker of the trump", law)
    before = g.to_json()
    assert judge_consent(view(g), N).effects == (LogEvent("consent", N, {}), ConsentLifted(E))
    # Refused, nothing changed: nobody needs South's consent.
    with pytest.raises(GameError, match="nobody needs South's consent"):
        judge_consent(view(g), S)
    assert g.to_json() == before
    g.consent(seat=N)
    assert consent_missing(view(g), E) is None
    assert view(g).consents == {}


def test_the_referee_rules_the_last_doublers_consent_law_56() -> None:
    from redouble.errors import IllegalCallError
    from redouble.irregularities.referee import (
        Consent,
        ConsentGiven,
        ConsentSpent,
        LogEvent,
        RegularCall,
    )
    from redouble.irregularities.rulings import consent_missing, judge_call, judge_consent

    g = Game("bridge_1906", deals=[DEAL] * 4, strict=False)
    g.call("H")  # North makes hearts
    g.play("D2", seat=E)  # the eldest hand leads before the doubling is over
    law = "Bridge (Elwell, 1906), Law 56"
    assert view(g).consents == {W: Consent(law, None, redouble_only=True)}
    assert consent_missing(view(g), W) is None  # a first double needs no consent
    for call in ("X", "X", "P"):  # East doubles, North re-doubles, East is satisfied
        g.call(call)
    assert g.to_act is W
    assert consent_missing(view(g), W) == (N, "the adversary who last doubled", law)
    with pytest.raises(IllegalCallError, match="consents"):
        judge_call(view(g), "X", W)
    assert judge_consent(view(g), N).effects == (LogEvent("consent", N, {}), ConsentGiven(W))
    g.consent(seat=N)
    assert view(g).consents[W].given
    # The consent is spent on the re-double it was given for.
    assert judge_call(view(g), "X", W).effects == (
        ConsentSpent(W),
        RegularCall(Call.DOUBLE, W),
    )
    g.call("X", seat=W)
    assert not view(g).consents[W].given


def test_the_referee_rules_the_end_of_the_declaring_under_the_spade_convention() -> None:
    from redouble.auction import Contract
    from redouble.irregularities.referee import HandNotPlayed, StartPlay
    from redouble.irregularities.rulings import judge_declaring_over, spade_hand_played
    from redouble.scoring import PerSide

    agreed = laws.get("bridge_1906", spade_convention_agreed=True)
    g = Game(agreed, deals=[DEAL] * 4, strict=False)
    g.call("S")  # North's spades: below 20, undoubled, the hand is not played
    spades = Contract(None, "S", 0, N)
    assert not spade_hand_played(view(g), spades)
    before = g.to_json()
    assert judge_declaring_over(view(g), spades).effects == (
        HandNotPlayed(spades, N, None, "Spade Convention (I)"),
    )
    doubled = Contract(None, "S", 1, N)
    assert judge_declaring_over(view(g), doubled).effects == (StartPlay(doubled),)
    hearts = Contract(None, "H", 0, N)
    assert judge_declaring_over(view(g), hearts).effects == (StartPlay(hearts),)
    assert g.to_json() == before
    # The unplayed score, where the law set gives one, goes to the maker's side.
    scored = laws.get(
        "bridge_1906", spade_convention_agreed=True, spade_convention_unplayed_score=6
    )
    g = Game(scored, deals=[DEAL] * 4, strict=False, first_dealer=E)
    g.call("S")
    east = Contract(None, "S", 0, E)
    assert judge_declaring_over(view(g), east).effects == (
        HandNotPlayed(east, E, PerSide(0, 6), "Spade Convention (I), not played"),
    )


def test_the_referee_rules_the_exposed_cards_as_the_play_starts() -> None:
    from redouble.irregularities.referee import NotCallable, RaiseIrregularity
    from redouble.irregularities.rulings import judge_play_starts

    g = one_spade()
    assert judge_play_starts(view(g)).effects == (NotCallable(N), NotCallable(S))
    # Auction Bridge (1912), Law 65: West, the opening leader's partner, exposed a card.
    g = Game("auction_1912", deals=[DEAL] * 4, strict=False)
    g.call("1S")
    g.expose("S2", seat=W)
    for _ in range(3):
        g.call("P")
    kind = Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION
    before = g.to_json()
    assert judge_play_starts(view(g)).effects == (
        NotCallable(N),
        NotCallable(S),
        RaiseIrregularity(RaiseRuling(kind, W, {"card": "S2", "suit": "S"})),
    )
    assert g.to_json() == before
    assert [r.kind for r in g.pending][-1] is kind


def test_the_view_holds_its_own_declaring_not_the_games() -> None:
    for law_set in ("auction_1912", "bridge_1906"):
        g = Game(law_set, deals=[DEAL] * 4, strict=False)
        before = g.to_json()
        v = view(g)
        # Reached through its private attribute, what the view holds is a snapshot.
        held = object.__getattribute__(v.declaring, "_procedure")
        assert held is not g.declaring
        held.call(held.legal_calls()[-1])
        assert len(held.calls) == 1
        assert g.declaring.calls == ()
        assert g.to_json() == before
        # A call made at the table afterwards is not seen by a view built before it.
        g.call(g.legal_actions()[-1])
        assert len(view(g).declaring.calls) == 1
        assert v.declaring.calls == held.calls


def test_an_auction_refuses_the_bridge_acts_let_stand_and_nothing_changes() -> None:
    """The Declaring protocol's make_by and double_by (Bridge (Elwell, 1906), Laws 46, 54, 59)
    are Bridge's: an auction has neither a make nor a doubling conversation to break."""
    from redouble.auction import Auction
    from redouble.errors import IllegalCallError

    auction = Auction("auction_1912", N, ["1H"])
    with pytest.raises(IllegalCallError, match="no make of the trump"):
        auction.make_by(S, "H")
    with pytest.raises(IllegalCallError, match="no doubling conversation"):
        auction.double_by(E)
    assert [str(call) for call in auction.calls] == ["1H"]


def test_the_referee_rules_a_decision_and_the_consultation_that_loses_its_penalty() -> None:
    """Bridge (Elwell, 1906), Law 97: partners who consult before choosing pay the penalty; the
    ruling falls back to its option without one. Auction Bridge (1912) allows the consultation
    (Case 1): the option chosen is applied."""
    from redouble.irregularities.referee import (
        CloseRulings,
        Closing,
        DeclaringStands,
        LogEvent,
        RaiseIrregularity,
    )
    from redouble.irregularities.rulings import judge_decide

    none = {"card": None, "suit": None, "call": None}
    # Law 46: South makes the trump without permission; East (eldest hand) may exact a new deal.
    g = Game("bridge_1906", deals=[DEAL] * 4, strict=False)
    g.call("H", seat=S)
    (ruling,) = g.pending
    before = g.to_json()
    plain = judge_decide(view(g), ruling, "new_deal", E, none).effects
    consulted = judge_decide(view(g), ruling, "new_deal", E, none, consulted=True).effects
    assert g.to_json() == before
    assert plain[:2] == (
        LogEvent("decide", E, {"option": "new_deal", "ruling": ruling.id}),
        CloseRulings((ruling.id,), Closing.DECIDED),
    )
    assert plain[2:] == remedy(view(g), ruling, "new_deal", none).effects
    assert consulted[0] == LogEvent(
        "decide", E, {"option": "new_deal", "ruling": ruling.id, "consulted": True}
    )
    assert consulted[2] == RaiseIrregularity(
        RaiseRuling(
            Irregularity.CONSULTATION,
            E,
            data={"ruling": ruling.id, "penalty_lost": True},
            options=(),
        )
    )
    # The trump stands (the option without a penalty), made on the referee's own copy.
    (stands,) = consulted[3:]
    assert isinstance(stands, DeclaringStands)
    assert stands.declaring.maker is S
    assert g.declaring.maker is None
    # Law 47: the make passed back has no option without a penalty: nothing is exacted.
    g = Game("bridge_1906", deals=[DEAL] * 4, strict=False)
    g.call("P")
    g.call("P")
    (ruling,) = g.pending
    effects = judge_decide(view(g), ruling, "new_deal", E, none, consulted=True).effects
    assert effects[1] == CloseRulings((ruling.id,), Closing.FORFEITED)
    assert len(effects) == 3
    # Refused, nothing changed: a seat that may not decide, an option the rule has not.
    with pytest.raises(IrregularityError, match="may not decide"):
        judge_decide(view(g), ruling, "new_deal", N, none)
    with pytest.raises(IrregularityError):
        judge_decide(view(g), ruling, "no_such_option", E, none)
    # Auction Bridge (1912) allows the consultation: the penalty is not lost.
    g, ruling_id = _insufficient()
    (ruling,) = g.pending
    effects = judge_decide(view(g), ruling, "condone", N, none, consulted=True).effects
    assert effects[2].request.data == {"ruling": ruling_id, "penalty_lost": False}
    assert effects[3:] == remedy(view(g), ruling, "condone", none).effects


def test_the_referee_rules_a_wrong_penalty_demanded() -> None:
    """Bridge (Elwell, 1906), Law 102: after a wrong penalty is demanded none can be enforced;
    Auction Bridge (1912) abolished the rule: the demand is only recorded."""
    from redouble.irregularities.referee import (
        CloseRulings,
        Closing,
        DeclaringStands,
        LogEvent,
        RaiseIrregularity,
    )
    from redouble.irregularities.rulings import judge_wrong_penalty

    g = Game("bridge_1906", deals=[DEAL] * 4, strict=False)
    g.call("H", seat=S)
    (ruling,) = g.pending
    before = g.to_json()
    effects = judge_wrong_penalty(view(g), ruling, E).effects
    assert g.to_json() == before
    assert effects[:3] == (
        LogEvent("record_wrong_penalty", E, {"ruling": ruling.id}),
        RaiseIrregularity(
            RaiseRuling(Irregularity.WRONG_PENALTY, E, data={"ruling": ruling.id}, options=())
        ),
        CloseRulings((ruling.id,), Closing.FORFEITED),
    )
    (stands,) = effects[3:]
    assert isinstance(stands, DeclaringStands)
    assert stands.declaring.maker is S
    g, _ = _insufficient()
    (ruling,) = g.pending
    assert judge_wrong_penalty(view(g), ruling, N).effects == (
        LogEvent("record_wrong_penalty", N, {"ruling": ruling.id}),
    )
