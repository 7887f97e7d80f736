"""A lenient game never gets stuck: whatever sequence of acts, regular or irregular, is made at
the table, until the session is over there is always a legal action or a ruling to decide.

Random lenient games under every law set (hypothesis draws the law set, the seed and every act:
regular calls and cards, calls and cards by any seat, exposed cards, corrections, attention
called, claims, remarks, reports, decisions with their parameters). An act the laws refuse
must raise our error and change nothing (the log is the same); after every act the game must
be over, or offer a legal action, or hold a pending ruling.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redouble import laws
from redouble.auction import BridgeDeclaration
from redouble.cards import Card, Seat, Suit
from redouble.errors import RedoubleError
from redouble.game import Game, Phase
from redouble.irregularities import Irregularity

LAW_SETS = sorted(laws.available())
SEATS = list(Seat)
STEPS = 160


def _stuck(g: Game) -> bool:
    return g.phase is not Phase.COMPLETE and not g.legal_actions() and not g.pending


def _call_text(data: st.DataObject, g: Game) -> str:
    symbols = [d.symbol for d in g.law_set.declarations]
    if isinstance(g.declaring, BridgeDeclaration):  # Bridge: a bare make, pass or double
        return data.draw(st.sampled_from(["P", "X", *symbols]))
    level = data.draw(st.integers(1, 8))
    return data.draw(
        st.sampled_from(["P", "X", "XX", f"{level}{data.draw(st.sampled_from(symbols))}"])
    )


def _card(data: st.DataObject) -> Card:
    return Card(data.draw(st.integers(0, 51)))


def _held_card(data: st.DataObject, g: Game, seat: Seat) -> Card:
    """A card `seat` was dealt (most acts need one he holds), or any card now and then."""
    hand = sorted(g.deal[seat], key=int)
    if not hand or data.draw(st.integers(0, 9)) == 0:
        return _card(data)
    return data.draw(st.sampled_from(hand))


def _regular(data: st.DataObject, g: Game) -> None:
    actions = g.legal_actions()
    if actions:
        g.act(data.draw(st.sampled_from(actions)))


def _decide(data: st.DataObject, g: Game) -> None:
    if not g.pending:
        return
    r = data.draw(st.sampled_from(list(g.pending)))
    if not r.options:
        return
    option = data.draw(st.sampled_from([o.code for o in r.options]))
    seat = data.draw(st.sampled_from([None, *r.claimants]))
    cards = [str(c) for c in r.data.get("cards", ())] or [str(_card(data))]
    kwargs: dict[str, Any] = {
        "ruling": r.id,
        "seat": seat,
        "card": data.draw(st.sampled_from([None, *cards])),
        "suit": data.draw(st.sampled_from([None, *Suit])),
        "consulted": data.draw(st.booleans()),
    }
    if g.phase is Phase.DECLARE:
        legal = [str(c) for c in g.legal_actions()]
        kwargs["call"] = data.draw(st.sampled_from([None, *legal[:8]]))
    g.decide(option, **kwargs)


def _call_by_any(data: st.DataObject, g: Game) -> None:
    g.call(_call_text(data, g), seat=data.draw(st.sampled_from(SEATS)))


def _play_by_any(data: st.DataObject, g: Game) -> None:
    seat = data.draw(st.sampled_from(SEATS))
    g.play(_held_card(data, g, seat), seat=seat)


def _expose(data: st.DataObject, g: Game) -> None:
    seat = data.draw(st.sampled_from(SEATS))
    g.expose(_held_card(data, g, seat), seat=seat, during_deal=data.draw(st.booleans()))


def _correct_call(data: st.DataObject, g: Game) -> None:
    g.correct_call(_call_text(data, g))


def _call_attention(data: st.DataObject, g: Game) -> None:
    g.call_attention(seat=data.draw(st.sampled_from(SEATS)))


def _claim(data: st.DataObject, g: Game) -> None:
    g.claim(seat=data.draw(st.sampled_from(SEATS)), tricks=data.draw(st.integers(0, 13)))


def _remark(data: st.DataObject, g: Game) -> None:
    kind = data.draw(st.sampled_from(list(Irregularity)))
    seat = data.draw(st.sampled_from(SEATS))
    g.remark(kind, seat=seat, card=data.draw(st.sampled_from([None, _held_card(data, g, seat)])))


def _report(data: st.DataObject, g: Game) -> None:
    which = data.draw(st.integers(0, 3))
    seat = data.draw(st.sampled_from(SEATS))
    if which == 0:
        # Found in the hand in progress, or in the one before (at the conclusion of its play,
        # Auction Bridge (1912), Law 39, or later: Case 3).
        hand = data.draw(st.sampled_from([None, g.hand_number, g.hand_number - 1]))
        g.report_new_deal_ground(
            data.draw(st.sampled_from([*"abcdefg", "wrong_hand_sizes"])), hand=hand
        )
    elif which == 1:
        g.report_dealt_out_of_turn(seat, before_last_card=data.draw(st.booleans()))
    elif which == 2:
        g.report_dealer_looked(_held_card(data, g, g.dealer))
    else:
        g.consent(seat=seat)


def _table_acts(data: st.DataObject, g: Game) -> None:
    which = data.draw(st.integers(0, 7))
    seat = data.draw(st.sampled_from(SEATS))
    if which == 0:
        g.quit_trick()
    elif which == 1:
        g.play_together([_held_card(data, g, seat), _held_card(data, g, seat)], seat=seat)
    elif which == 2:
        g.throw_down(seat=seat)
    elif which == 3:
        g.correct_revoke(seat=seat)
    elif which == 4:
        g.call_exposed_card(_card(data))
    elif which == 5:
        g.ask_having_none(seat=seat, answered_no=data.draw(st.booleans()))
    elif which == 6:
        g.record_wrong_penalty(seat=seat)
    else:
        g.count_tricks(seat=seat)


# Regular acts and decisions most often, so that games move on and reach their end.
ACTS: list[tuple[int, Callable[[st.DataObject, Game], None]]] = [
    (12, _regular),
    (6, _decide),
    (2, _call_by_any),
    (2, _play_by_any),
    (1, _expose),
    (1, _correct_call),
    (1, _call_attention),
    (1, _claim),
    (1, _remark),
    (1, _report),
    (1, _table_acts),
]
_WEIGHTED = [act for weight, act in ACTS for _ in range(weight)]
# The acts a hand can open with, before any regular call: where a penalty meets the laws'
# compulsions (the dealer must declare, the partner must make the trump).
OPENING = [
    _expose,
    _expose,
    _play_by_any,
    _call_by_any,
    _correct_call,
    _call_attention,
    _decide,
    _report,
]


def _run(
    data: st.DataObject, law_set: str | laws.LawSet, seed: int, steps: int, *calls: str
) -> None:
    """Play `calls`, then `steps` random acts (the first few from the opening acts), checking
    after each."""
    g = Game(law_set, seed=seed, strict=False)
    for c in calls:
        g.call(c)
    opening = data.draw(st.integers(0, 8))
    for step in range(steps):
        if g.phase is Phase.COMPLETE:
            break
        act = data.draw(st.sampled_from(OPENING if step < opening else _WEIGHTED))
        before = g.log
        try:
            act(data, g)
        except RedoubleError:
            assert g.log == before, f"{act.__name__}: refused, but the log changed"
        assert not _stuck(g), (
            f"{law_set} seed {seed}: stuck after {act.__name__} "
            f"({g.phase.value}, {g.to_act} to act, hand {g.hand_number})"
        )


_SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


@settings(max_examples=300, **_SETTINGS)
@given(data=st.data(), law_set=st.sampled_from(LAW_SETS), seed=st.integers(0, 2**20))
def test_no_hand_opening_leaves_a_lenient_game_without_an_action_or_a_ruling(
    data: st.DataObject, law_set: str, seed: int
) -> None:
    """Short games: where the irregularities of a hand's opening meet the laws' compulsions
    (a bar on the dealer who must declare: Auction Bridge (1912), Laws 42 and 65)."""
    _run(data, law_set, seed, 24)


@settings(max_examples=40, **_SETTINGS)
@given(data=st.data(), law_set=st.sampled_from(LAW_SETS), seed=st.integers(0, 2**20))
def test_no_lenient_game_is_left_without_an_action_or_a_ruling(
    data: st.DataObject, law_set: str, seed: int
) -> None:
    """Long games, through the play, the settling and the next hands."""
    _run(data, law_set, seed, STEPS)


SPADES_AGREED = laws.get("bridge_1906", spade_convention_agreed=True)


@settings(max_examples=100, **_SETTINGS)
@given(data=st.data(), seed=st.integers(0, 2**20))
def test_no_lenient_game_under_the_spade_convention_is_left_without_an_action_or_a_ruling(
    data: st.DataObject, seed: int
) -> None:
    """The Spade Convention agreed (Bridge (Elwell, 1906), Spade Convention): hands left
    unplayed, and the premature plays its part II penalises, decided or not."""
    _run(data, SPADES_AGREED, seed, 60, "S")  # the first hand: the dealer makes spades
