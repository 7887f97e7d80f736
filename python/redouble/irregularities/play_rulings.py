"""The referee's rulings on the play of a lenient game other than a card played (internal): a
trick quitted (and what that establishes and lets lapse), cards played together, a claim,
cards thrown down, an exposed card called, a short hand, and the revokes: asked about,
corrected, and made by a surplus card (Auction Bridge (1912), Laws 38, 72-86; Bridge (Elwell,
1906), Laws 74-91).

Each ``judge_*`` function reads a :class:`~redouble.irregularities.referee.HandView` and
returns an :class:`~redouble.irregularities.referee.Outcome`: what the game logs, raises and
changes, in order. One that finds the act impossible raises before anything changes. The
game (:mod:`redouble.game`) checks its arguments, asks, and applies; the cards themselves
(placed, taken back, gathered) move only when it applies the effects.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .._check import as_card, shown
from ..cards import Card, Seat
from ..errors import GameError, IllegalPlayError
from .catalogue import Irregularity, Obligation, ObligationKind
from .helpers import claim_holds
from .referee import (
    TRICKS,
    AddObligation,
    CloseRulings,
    Closing,
    CompleteShortTrick,
    CorrectRevoke,
    Effect,
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
    RevokeView,
    SetAsideSurplus,
    SurplusFound,
    TableView,
    WithdrawRevoke,
    cite,
)
from .rulings import check_free, lapsed_on_quit, require


def _in_play(view: HandView, error: str) -> TableView:
    """The table, where the play is on; else GameError `error`."""
    if view.phase != "play" or view.table is None:
        raise GameError(error)
    return view.table


def _counts(rv: RevokeView) -> bool:
    """Whether a revoke no longer correctable is an established revoke: a card of dummy's
    that renounced just stands (Auction Bridge (1912), Law 83; Bridge (Elwell, 1906), Law
    86: no penalty for dummy's revoke)."""
    return rv.kind is not Irregularity.DUMMY_REVOKE


def establish(view: HandView, index: int) -> EstablishRevoke:
    """The revoke at `index` of the view's records established: by the revoking side playing to the
    following trick after it was asked about (Auction Bridge (1912), Law 85), or by quitting its
    trick."""
    return EstablishRevoke(index, _counts(view.revokes[index]))


# ------------------------------------------------------------------------------------------------
# A card played.
# ------------------------------------------------------------------------------------------------


def judge_card_played(view: HandView, card: Card, seat: Seat | None) -> Outcome:
    """`seat`'s `card` (by default the seat expected) put on the trick: admitted where the
    code of laws rectifies what it is (a lead out of turn, Auction Bridge (1912), Laws 76-77;
    a play before one's turn, Law 80), a full trick on the table quitted first; what the card
    breaks is judged as it is placed
    (:func:`~redouble.irregularities.judging.judge_play`), and the twelfth trick complete, the
    thirteenth plays itself.

    Raises:
        GameError: a decision pending.
        IllegalPlayError: the card is not held, a second card to the trick (see
            ``play_together``), or out of turn where the code has no law on it.
    """
    check_free(view)
    table = view.table
    contract = view.contract
    assert table is not None
    assert contract is not None
    player = seat if seat is not None else table.expected()
    if not table.holds(player, card):
        raise IllegalPlayError(f"{player.name.title()} does not hold {card}")
    full = table.is_full()
    if not full and player in table.cards:
        hint = ""
        if view.code.has(Irregularity.TWO_CARDS_PLAYED):
            law = view.code.rule(Irregularity.TWO_CARDS_PLAYED).law
            hint = f"; two cards played at once are play_together ({law})"
        raise IllegalPlayError(f"{player.name.title()} has already played to this trick{hint}")
    lead = full or not table.cards
    rightful = table.winner() if full else table.rightful
    if lead and player != rightful:
        kind = (
            Irregularity.DECLARER_LEAD_OUT_OF_TURN
            if player.side == contract.declarer.side
            else Irregularity.LEAD_OUT_OF_TURN
        )
        require(view, kind, IllegalPlayError, f"{player.name.title()} leads out of turn")
    elif not lead and player != table.expected():
        require(
            view,
            Irregularity.PLAYED_BEFORE_TURN,
            IllegalPlayError,
            f"{player.name.title()} plays early",
        )
    played = LogEvent("play", player, {"card": str(card)})
    quit_: tuple[Effect, ...] = (QuitTrick(),) if full else ()
    return Outcome((played, *quit_, PlaceCard(player, card), GatherLastTrick()))


# ------------------------------------------------------------------------------------------------
# Tricks quitted.
# ------------------------------------------------------------------------------------------------


def judge_quit(view: HandView) -> Outcome:
    """What quitting the trick on the table does, judged before it is gathered: the penalties on its
    plays lapse, its revokes are established (Auction Bridge (1912), Law 83; Bridge (Elwell, 1906),
    Law 86) unless asked about before it was quitted (Auction Bridge (1912), Law 85: until the
    thirteenth trick), and the leads out of turn can no longer be penalised (Auction Bridge (1912),
    Laws 76-77)."""
    table = view.table
    assert table is not None
    index = len(table.tricks)
    effects: list[Effect] = []
    spent = tuple((o, t) for o, t in view.obligations if t is not None and t <= index)
    if spent:
        effects.append(LapseObligations(spent))
    for i, rv in enumerate(view.revokes):
        if rv.trick == index and not rv.corrected and not rv.established:
            if rv.questioned and index + 1 < TRICKS:
                continue  # A85: quitting does not establish it
            effects.append(EstablishRevoke(i, _counts(rv)))
    lapsed = lapsed_on_quit(view)
    if lapsed:
        effects.append(CloseRulings(lapsed, Closing.LAPSED))
    return Outcome(tuple(effects))


def judge_quit_trick(view: HandView) -> Outcome:
    """A player turns and quits the trick on the table (see
    :meth:`redouble.game.Game.quit_trick`): a full trick is quitted; one a card short is a
    card omitted (Auction Bridge (1912), Law 81; Bridge (Elwell, 1906), Law 83), not dummy's.

    Raises:
        GameError: not the play phase, a decision pending, no trick to quit, a code without
            the law, or dummy's card missing.
    """
    table = _in_play(view, "no trick is on the table")
    check_free(view)
    contract = view.contract
    assert contract is not None
    quit_ = LogEvent("quit_trick", None, {})
    if table.is_full():
        return Outcome((quit_, QuitTrick()))
    if len(table.cards) != 3:
        raise GameError("only a full trick (or one a single card short) can be quitted")
    require(view, Irregularity.CARD_OMITTED, GameError, "a card omitted")
    missing = table.expected()
    if missing == contract.dummy:
        law = view.code.rule(Irregularity.CARD_OMITTED).law
        raise GameError(
            f"dummy's card is played by the declarer: play it ({law} is for the others)"
        )
    index = len(table.tricks)
    request = RaiseRuling(Irregularity.CARD_OMITTED, missing, {"trick": index})
    return Outcome((quit_, OmitCard(index, missing), RaiseIrregularity(request), QuitTrick()))


# ------------------------------------------------------------------------------------------------
# Cards played together, claims, cards thrown down.
# ------------------------------------------------------------------------------------------------


def judge_play_together(
    view: HandView, cards: Sequence[Card | str | int], seat: Seat | int | str | None
) -> Outcome:
    """Two or more cards played at once (Auction Bridge (1912), Laws 70, 82; Bridge (Elwell, 1906),
    Law 72): the declarer calls one to the trick and the others are exposed (his own side's are
    not); where none can be called without a revoke (Auction Bridge (1912), Law 74; Bridge (Elwell,
    1906), Law 79), all are exposed and the player plays again.

    Raises:
        GameError: a code without the law, not the play phase, or a decision pending.
        IllegalPlayError: fewer than two cards, a card not held, or not in turn.
    """
    require(view, Irregularity.TWO_CARDS_PLAYED, GameError, "two cards at once")
    table = _in_play(view, "no card is due")
    check_free(view)
    contract = view.contract
    assert contract is not None
    player = Seat.of(seat) if seat is not None else table.expected()
    # A str or bytes is one card (or none), not cards to read a letter or a byte at a time.
    if isinstance(cards, (str, bytes, bytearray)) or not isinstance(cards, Iterable):
        raise TypeError(f"cards must be a sequence of cards, not {type(cards).__name__}")
    parsed = [as_card(card, f"cards[{i}]") for i, card in enumerate(cards)]
    if len(set(parsed)) < 2:
        raise IllegalPlayError("two or more different cards are needed")
    missing = [card for card in parsed if not table.holds(player, card)]
    if missing:
        raise IllegalPlayError(f"{player.name.title()} does not hold {missing[0]}")
    if player != table.expected():
        raise IllegalPlayError("cards played at once out of turn: play them in turn")
    effects: list[Effect] = [
        LogEvent("play_together", player, {"cards": [str(card) for card in parsed]})
    ]
    full = table.is_full()
    if full:
        effects.append(QuitTrick())
    declarer_side = player.side == contract.declarer.side
    # Judged as the table will lie once a full trick is quitted: a lead, any card follows.
    follow = table.follow(player, full or not table.cards)
    data = {"cards": [str(card) for card in parsed], "exposed": not declarer_side}
    kind = Irregularity.TWO_CARDS_PLAYED
    if not any(card in follow for card in parsed):
        # None can be called without obliging a revoke (Auction Bridge (1912), Law 74; Bridge
        # (Elwell, 1906), Law 79): all are exposed.
        if not declarer_side:
            effects.append(ExposeCards(player, tuple(parsed)))
        request = RaiseRuling(
            kind,
            player,
            data,
            options=(),
            note="no card can be called to the trick without a revoke "
            f"({cite(view, bridge='Law 79', auction_1912='Law 74')}): the cards are exposed "
            "and the player plays again",
        )
        return Outcome((*effects, RaiseIrregularity(request)))
    request = RaiseRuling(kind, player, data, claimants=(contract.declarer,))
    return Outcome((*effects, RaiseIrregularity(request)))


def judge_claim(view: HandView, seat: Seat | int | str | None, tricks: int | None) -> Outcome:
    """The declarer claims the rest, or `tricks` of the remaining tricks (Auction Bridge
    (1912), Law 72; Bridge (Elwell, 1906), Law 74; Case 8): the ruling says whether the claim
    holds double-dummy, judged on the cards as they will lie once a full trick is quitted.

    Raises:
        GameError: a code without the law, not the play phase, a decision pending, not the
            declarer, or more tricks claimed than remain.
    """
    require(view, Irregularity.CLAIM, GameError, "a claim")
    table = view.table
    contract = view.contract
    if view.phase != "play" or table is None or contract is None:
        raise GameError("no claim can be made now")
    check_free(view)
    declarer = contract.declarer
    if seat is not None and Seat.of(seat) != declarer:
        law = view.code.rule(Irregularity.CLAIM).law
        raise GameError(f"only the declarer's claim is provided for [{law}]")
    full = table.is_full()
    remaining = TRICKS - len(table.tricks) - (1 if full else 0)
    claimed = remaining if tricks is None else int(tricks)
    if not 0 <= claimed <= remaining:
        raise GameError(f"{shown(claimed)} tricks claimed, {remaining} remain")
    effects: list[Effect] = [LogEvent("claim", declarer, {"tricks": tricks})]
    if full:
        effects.append(QuitTrick())
        leader, trick = table.winner(), []
    else:
        leader = table.leader if table.cards else table.rightful
        trick = table.trick_in_rotation()
    holds = claim_holds(table.hands, table.strain, leader, trick, declarer.side, claimed)
    data = {"tricks": claimed, "remaining": remaining, "holds_double_dummy": holds}
    request = RaiseRuling(Irregularity.CLAIM, declarer, data)
    return Outcome((*effects, RaiseIrregularity(request)))


def judge_throw_down(view: HandView, seat: Seat | int | str) -> Outcome:
    """A player throws his cards face up (Auction Bridge (1912), Law 72; Bridge (Elwell,
    1906), Law 74): a defender's are exposed and liable to be called, unless thrown down after
    the declarer's claim.

    Raises:
        GameError: a code without the law, or not the play phase.
    """
    require(view, Irregularity.CARDS_THROWN_DOWN, GameError, "cards thrown down")
    table = view.table
    contract = view.contract
    if view.phase != "play" or table is None or contract is None:
        raise GameError("no cards can be thrown down now")
    player = Seat.of(seat)
    after_claim = view.claim_played_out or any(
        r.kind is Irregularity.CLAIM for r in view.hand_rulings
    )
    defender = player.side != contract.declarer.side
    callable_ = defender and not after_claim
    hand = table.hand(player)
    effects: list[Effect] = [LogEvent("throw_down", player, {})]
    if callable_:
        effects.append(ExposeCards(player, tuple(hand)))
    data = {"cards": hand.to_pbn(), "callable": callable_}
    request = RaiseRuling(Irregularity.CARDS_THROWN_DOWN, player, data)
    return Outcome((*effects, RaiseIrregularity(request)))


# ------------------------------------------------------------------------------------------------
# Exposed cards called; a short hand.
# ------------------------------------------------------------------------------------------------


def judge_call_exposed_card(
    view: HandView, card: Card | str | int, seat: Seat | int | str | None
) -> Outcome:
    """The declarer calls an exposed card (Auction Bridge (1912), Laws 74-75; Bridge (Elwell,
    1906), Laws 79-80): its holder must play it at his next turn, unless that would oblige a
    revoke. The call may be repeated until the card is played.

    Raises:
        GameError: a code without the law, not the play phase, the card not liable to be
            called, or the caller not the declarer.
    """
    require(view, Irregularity.EXPOSED_CARD, GameError, "an exposed card")
    contract = view.contract
    if view.phase != "play" or contract is None:
        raise GameError("no card can be called now")
    called = as_card(card)
    holder = next((s for s, cards in view.exposed.items() if called in cards), None)
    table = view.table
    if holder is None or (table is not None and not table.holds(holder, called)):
        raise GameError(f"{called} is not an exposed card liable to be called")
    if seat is not None and Seat.of(seat) != contract.declarer:
        raise GameError("only the declarer calls exposed cards")
    law = view.code.rule(Irregularity.EXPOSED_CARD).law
    obligation = Obligation(ObligationKind.PLAY_CARD, holder, law, card=called)
    return Outcome(
        (
            LogEvent("call_exposed_card", contract.declarer, {"card": str(called)}),
            AddObligation(obligation, None),
        )
    )


def judge_short_hand(view: HandView, seat: Seat | int | str) -> Outcome:
    """A hand found short after its holder has played (Auction Bridge (1912), Law 38; Bridge
    (Elwell, 1907)): the deal stands and the player (not dummy) answers for his revokes.

    Raises:
        GameError: a code without the law, or not the play phase.
    """
    require(view, Irregularity.SHORT_HAND, GameError, "a short hand")
    if view.phase != "play":
        raise GameError("a short hand is found during the play")
    player = Seat.of(seat)
    request = RaiseRuling(Irregularity.SHORT_HAND, player, {"deal_stands": True})
    return Outcome(
        (LogEvent("report_short_hand", player, {}), RaiseIrregularity(request)),
    )


def judge_short_tricks(view: HandView) -> Outcome:
    """At the end of the play, each trick quitted a card short whose deal stands takes the
    card left in its omitter's hand (Auction Bridge (1912), Law 81; Bridge (Elwell, 1906), Law
    83); not after a claim conceded."""
    table = view.table
    assert table is not None
    if view.conceded is not None:
        return Outcome()
    return Outcome(
        tuple(
            CompleteShortTrick(index, seat)
            for index, (seat, how) in sorted(view.omissions.items())
            if how == "deal_stands" and table.hands[seat]
        )
    )


# ------------------------------------------------------------------------------------------------
# Revokes: asked about, corrected, vanishing with their cards.
# ------------------------------------------------------------------------------------------------


def judge_correct_revoke(view: HandView, seat: Seat | int | str | None) -> Outcome:
    """A revoke (or a penalty not complied with) corrected before it is established (Auction Bridge
    (1912), Laws 73, 85-86; Bridge (Elwell, 1906), Law 91): one on the trick on the table, or one
    asked about on the trick last quitted (Auction Bridge (1912), Law 85), which comes back to the
    table.

    Raises:
        GameError: not the play phase, or no revoke can be corrected now.
    """
    table = _in_play(view, "there is no revoke to correct")
    who = None if seat is None else Seat.of(seat)
    index = len(table.tricks)
    open_ = [
        i
        for i, rv in enumerate(view.revokes)
        if rv.trick == index
        and not rv.corrected
        and not rv.established
        and table.cards.get(rv.seat) == rv.card
        and (who is None or rv.seat == who)
    ]
    questioned = [
        i
        for i, rv in enumerate(view.revokes)
        if rv.questioned
        and rv.trick == index - 1
        and not (rv.corrected or rv.established)
        and (who is None or rv.seat == who)
    ]
    if not open_ and not questioned:
        raise GameError(
            "no revoke on the trick on the table can be corrected (it is established once "
            f"the trick is quitted) [{cite(view, bridge='Law 86', auction_1912='Laws 83, 85')}]"
        )
    chosen = open_[0] if open_ else questioned[0]
    effects: list[Effect] = [LogEvent("correct_revoke", view.revokes[chosen].seat, {})]
    if not open_:
        effects.append(ReopenLastTrick())
    # The correction itself is judged once the trick lies as it was played (judge_correction).
    return Outcome((*effects, CorrectRevoke(view.revokes[chosen].ruling)))


def judge_correction(view: HandView, index: int) -> Outcome:
    """What correcting the revoke at `index` does, its trick on the table: the revoking card
    and those played after it go back (their revokes vanish with them); a penalty not
    complied with waits on the play again; a defender's revoke corrected gives the declarer
    his choice of penalty (Auction Bridge (1912), Law 73; Bridge (Elwell, 1906), Law 91)."""
    table = view.table
    contract = view.contract
    assert table is not None
    assert contract is not None
    rv = view.revokes[index]
    trick = rv.trick
    after = tuple(table.order[list(table.order).index(rv.seat) :])
    effects: list[Effect] = [
        WithdrawRevoke(i)
        for i, other in enumerate(view.revokes)
        if i != index
        and other.trick == trick
        and other.seat in after[1:]
        and not other.corrected
        and not other.established
    ]
    effects.append(ReturnCards(tuple(reversed(after))))
    effects.append(RevokeCorrected(index))
    if rv.obligation is not None:
        on = trick if not rv.obligation.on_lead_only else None
        effects.append(AddObligation(rv.obligation, on))
    if rv.kind is Irregularity.REVOKE and rv.seat.side != contract.declarer.side:
        data = {
            "card": str(rv.card),
            "trick": trick,
            "withdrawn": [follower.letter for follower in after],
        }
        request = RaiseRuling(Irregularity.REVOKE_CORRECTED, rv.seat, data)
        effects.append(RaiseIrregularity(request))
    return Outcome(tuple(effects))


def withdrawn_with_trick(view: HandView) -> Outcome:
    """Every card of the trick on the table goes back: the revokes among them vanish with
    them (their rulings lapse)."""
    table = view.table
    assert table is not None
    index = len(table.tricks)
    return Outcome(
        tuple(
            WithdrawRevoke(i)
            for i, rv in enumerate(view.revokes)
            if rv.trick == index and not rv.established and not rv.corrected
        )
    )


def judge_having_none(view: HandView, seat: Seat | int | str, answered_no: bool) -> Outcome:
    """`seat` asks his partner "Having none?" before the trick is turned and quitted (Auction
    Bridge (1912), Law 85): a revoke asked about stays open when its trick is quitted, unless
    the answer is no (see :meth:`redouble.game.Game.ask_having_none`).

    Raises:
        GameError: a code without the law, no trick on the table, the partner has not
            renounced to it, or a decision pending.
    """
    require(view, Irregularity.REVOKE_QUESTION, GameError, "asking about a renounce")
    table = view.table
    if view.phase != "play" or table is None or not table.cards:
        raise GameError("the question is asked before the trick is turned and quitted")
    asker = Seat.of(seat)
    partner = asker.partner
    card = table.cards.get(partner)
    if card is None or partner == table.leader or card.suit == table.led_suit:
        raise GameError(
            f"{partner.name.title()} has not renounced to the trick on the table "
            "[Auction Bridge (1912), Law 85]"
        )
    check_free(view)
    index = len(table.tricks)
    data: dict[str, object] = {"answered_no": True} if answered_no else {}
    revokes = tuple(
        i
        for i, rv in enumerate(view.revokes)
        if rv.seat == partner and rv.trick == index and not (rv.corrected or rv.established)
    )
    request = RaiseRuling(
        Irregularity.REVOKE_QUESTION,
        partner,
        {"trick": index, "card": str(card), "revoke": bool(revokes), **data},
    )
    return Outcome(
        (
            LogEvent("ask_having_none", asker, data),
            QuestionRevokes(revokes, not answered_no),
            RaiseIrregularity(request),
        )
    )


# ------------------------------------------------------------------------------------------------
# Surplus cards (A82).
# ------------------------------------------------------------------------------------------------


def judge_surplus_card(view: HandView, card: Card | str | int, seat: Seat | int | str) -> Outcome:
    """`seat` puts a second card, unnoticed, on the trick to which he has played (Auction
    Bridge (1912), Law 82): it is out of his hand until the tricks are counted.

    Raises:
        GameError: a code without the law, not the play phase, or a decision pending.
        IllegalPlayError: dummy, a card not held, or a player who has not played to the
            trick on the table.
    """
    require(view, Irregularity.SURPLUS_CARD, GameError, "a surplus card")
    table = _in_play(view, "no trick is on the table")
    check_free(view)
    contract = view.contract
    assert contract is not None
    player = Seat.of(seat)
    played = as_card(card)
    if player == contract.dummy:
        law = view.code.rule(Irregularity.SURPLUS_CARD).law
        raise IllegalPlayError(
            f"dummy's cards are played by the declarer ({law} is for the others)"
        )
    if player not in table.cards:
        raise IllegalPlayError(f"{player.name.title()} has not played to the trick on the table")
    if not table.holds(player, played):
        raise IllegalPlayError(f"{player.name.title()} does not hold {played}")
    return Outcome(
        (
            LogEvent("play_surplus_card", player, {"card": str(played)}),
            SetAsideSurplus(len(table.tricks), player, played),
        )
    )


def judge_count_tricks(view: HandView, seat: Seat | int | str) -> Outcome:
    """`seat` has the tricks counted face downward (Auction Bridge (1912), Law 82): every
    surplus card is found and restored to its holder (:func:`judge_surplus_found`).

    Raises:
        GameError: a code without the law, not the play phase, or a decision pending.
    """
    require(view, Irregularity.SURPLUS_CARD, GameError, "counting the tricks")
    _in_play(view, "the tricks are counted during the play [Auction Bridge (1912), Law 82]")
    check_free(view)
    counted = LogEvent("count_tricks", Seat.of(seat), {})
    return Outcome((counted, *judge_surplus_found(view, restore=True).effects))


def surplus_detected(view: HandView) -> bool:
    """Whether a player with a surplus card out of his hand has none to play: the error is
    necessarily detected and the tricks counted (Auction Bridge (1912), Law 82)."""
    table = view.table
    if not view.surplus or view.phase != "play" or table is None:
        return False
    return len(table.tricks) < TRICKS and not table.hands[table.expected()]


def _renounced_meanwhile(
    table: TableView, known: set[tuple[Seat, int]], index: int, seat: Seat, card: Card
) -> list[tuple[int, Card]]:
    """Auction Bridge (1912), Law 82: the tricks quitted after trick `index` to which `seat`
    renounced the suit of his surplus `card` (a revoke not yet `known`), each with the card he
    played."""
    meanwhile: list[tuple[int, Card]] = []
    for j in range(index + 1, len(table.tricks)):
        trick = table.tricks[j]
        if len(trick.cards) != 4 or trick.leader == seat:
            continue
        played = next(trick.cards[k] for k in range(4) if trick.player_of(k) == seat)
        led = trick.cards[0].suit
        if card.suit == led and played.suit != led and (seat, j) not in known:
            meanwhile.append((j, played))
    return meanwhile


def judge_surplus_found(view: HandView, *, restore: bool) -> Outcome:
    """The surplus cards found (Auction Bridge (1912), Law 82): each goes back to its holder
    (when `restore`: the tricks counted or his want of a card; at the end of the play it is
    not), who (not being dummy) "shall be liable for any revoke he may meanwhile have made":
    every later trick to which he renounced the suit of the surplus card is an established
    revoke, and a renounce on the trick on the table a revoke that may yet be corrected."""
    table = view.table
    assert table is not None
    known = {(rv.seat, rv.trick) for rv in view.revokes}
    effects: list[Effect] = [SurplusFound()]
    on_table = len(table.tricks)
    for index, seat, card in view.surplus:
        if restore:
            effects.append(RestoreCard(seat, card))
        meanwhile = _renounced_meanwhile(table, known, index, seat, card)
        data = {
            "trick": index,
            "card": str(card),
            "restored": restore,
            "revokes": [later for later, _ in meanwhile],
        }
        request = RaiseRuling(Irregularity.SURPLUS_CARD, seat, data)
        effects.append(RecordRevokes(request, Irregularity.REVOKE, tuple(meanwhile), True))
        known.update((seat, later) for later, _ in meanwhile)
        # A renounce on the trick still on the table is a revoke that may yet be corrected.
        now = table.cards.get(seat)
        renounced = now is not None and card.suit == table.led_suit and now.suit != card.suit
        fresh = (seat, on_table) not in known
        if restore and renounced and now is not None and seat != table.leader and fresh:
            data_now = {"card": str(now), "trick": on_table}
            revoke = RaiseRuling(Irregularity.REVOKE, seat, data_now)
            effects.append(RecordRevokes(revoke, Irregularity.REVOKE, ((on_table, now),), False))
            known.add((seat, on_table))
    return Outcome(tuple(effects))


# ------------------------------------------------------------------------------------------------
# Dummy's intervention.
# ------------------------------------------------------------------------------------------------


def declarer_penalties_forfeited(view: HandView) -> Outcome:
    """Dummy's intervention (Auction Bridge (1912), Law 61; Bridge (Elwell, 1906), Law 63):
    the declarer cannot exact the penalties of the incidents so far: the open rulings he may
    claim (not those only the offender decides) and his adversaries' revokes."""
    contract = view.contract
    assert contract is not None
    declarer = contract.declarer
    rulings = tuple(
        r.id for r in view.open_rulings if declarer in r.claimants and r.claimants != (r.offender,)
    )
    revokes = tuple(i for i, rv in enumerate(view.revokes) if rv.seat.side != declarer.side)
    return Outcome((CloseRulings(rulings, Closing.FORFEITED), ForfeitRevokes(revokes)))
