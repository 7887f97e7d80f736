"""Irregular play (``strict=False``): cards out of turn, revokes, tricks, claims."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Seat
from ..errors import GameError, IllegalPlayError
from ..irregularities import (
    Irregularity,
    claim_holds,
)
from ..irregularities.judging import NoLaw, judge_play, revoke_claims, revoke_penalty
from ..irregularities.referee import TRICKS
from ..irregularities.referee import parse_card as _parse_card
from ..irregularities.rulings import lapsed_at_end, lapsed_on_play, lapsed_on_quit
from ..irregularities.table import _Revoke
from .events import Event, Phase
from .revokes import _RevokesAtTable


class _LenientPlay(_RevokesAtTable):
    """The play of a lenient game, irregularities included (internal)."""

    # -- play ------------------------------------------------------------------------------------------
    def _lenient_play(self, card: Card, seat: Seat | None) -> None:
        self._check_free()
        table = self._table
        assert table is not None
        assert self._contract is not None
        player = seat if seat is not None else table.expected()
        if not table.holds(player, card):
            raise IllegalPlayError(f"{player.name.title()} does not hold {card}")
        full = table.is_full()
        if not full and player in table.cards:
            raise IllegalPlayError(
                f"{player.name.title()} has already played to this trick; two cards played at once "
                "are play_together (A70, A82)"
            )
        lead = full or not table.cards
        rightful = table.winner() if full else table.rightful
        if lead and player != rightful:
            kind = (
                Irregularity.DECLARER_LEAD_OUT_OF_TURN
                if player.side == self._contract.declarer.side
                else Irregularity.LEAD_OUT_OF_TURN
            )
            self._require(kind, IllegalPlayError, f"{player.name.title()} leads out of turn")
        elif not lead and player != table.expected():
            self._require(
                Irregularity.PLAYED_BEFORE_TURN,
                IllegalPlayError,
                f"{player.name.title()} plays early",
            )
        self._log.append(Event("play", player, {"card": str(card)}))
        if full:
            self._gather()
        self._place(player, card)
        if self._phase is Phase.PLAY and table.is_full() and len(table.tricks) == TRICKS - 1:
            self._gather()
        self._surplus_found_by_want_of_a_card()

    def _place(self, seat: Seat, card: Card) -> None:
        """Put `seat`'s `card` on the table and raise what the referee finds it breaks
        (internal)."""
        table = self._table
        assert table is not None
        verdict = judge_play(self._view(), seat, card)
        for index in verdict.established:  # A85: the revoking side plays to the next trick
            self._establish(self._revokes[index])
        for pending in verdict.spent:
            self._obligations.remove(pending)
        for request in verdict.before:
            self._raise_request(request)
        if verdict.lead:
            table.leader = seat
        table.add(seat, card)
        self._callable[seat].discard(card)
        for item in verdict.after:
            if isinstance(item, NoLaw):
                self._log.append(
                    Event(item.kind, item.seat, {"card": str(item.card), "no_law": True})
                )
                continue
            ruling = self._raise_request(item)
            if item.revoke:
                trick = len(table.tricks)
                self._revokes.append(
                    _Revoke(seat, trick, card, ruling.kind, ruling.id, obligation=item.obligation)
                )
        self._lapse_on_play()

    def _lapse_on_play(self) -> None:
        self._lapse(lapsed_on_play(self._view()))

    def _lapse(self, rulings: tuple[int, ...]) -> None:
        """Close the open `rulings` the referee finds lapsed (internal)."""
        for ruling in rulings:
            self._close(self._open[ruling], "lapsed")

    def _gather(self) -> None:
        """Turn and quit the trick on the table: its revokes are established (A83; B86)."""
        table = self._table
        assert table is not None
        index = len(table.tricks)
        table.gather()
        self._obligations = [
            (obligation, trick)
            for obligation, trick in self._obligations
            if trick is None or trick > index
        ]
        for rv in self._revokes:
            if rv.trick == index and not rv.corrected and not rv.established:
                if rv.questioned and len(table.tricks) < TRICKS:
                    continue  # A85: quitting does not establish it
                self._establish(rv)
        self._lapse(lapsed_on_quit(self._view()))
        if len(table.tricks) == TRICKS:
            self._end_play()

    def quit_trick(self, *, seat: Seat | int | str | None = None) -> None:
        """Turn and quit the trick on the table (its revokes are then established, A83; B86).

        A trick of three cards quitted is a card omitted (A81; B83): the offender's adversaries
        choose a new deal or that the deal stands.

        Raises:
            GameError: strict game, not the play phase, a decision pending, or no trick to quit.
        """
        self._need_lenient("quit_trick")
        if self._phase is not Phase.PLAY or self._table is None:
            raise GameError("no trick is on the table")
        self._check_free()
        table = self._table
        assert self._contract is not None
        if table.is_full():
            self._log.append(Event("quit_trick", None, {}))
            self._gather()
            return
        if len(table.cards) != 3:
            raise GameError("only a full trick (or one a single card short) can be quitted")
        self._require(Irregularity.CARD_OMITTED, GameError, "a card omitted")
        missing = table.expected()
        if missing == self._contract.dummy:
            raise GameError("dummy's card is played by the declarer: play it (A81 excludes dummy)")
        index = len(table.tricks)
        self._log.append(Event("quit_trick", None, {}))
        self._omissions[index] = (missing, None)
        self._raise(Irregularity.CARD_OMITTED, missing, data={"trick": index})
        self._gather()

    def play_together(
        self, cards: Sequence[Card | str | int], *, seat: Seat | int | str | None = None
    ) -> None:
        """Two or more cards played at once (A70, A82; B72): the declarer calls one to the trick
        and the others are exposed; the declarer's own he chooses himself, not exposed.

        Raises:
            GameError: strict game, not the play phase, or a decision pending.
            IllegalPlayError: fewer than two cards, a card not held, or not in turn.
        """
        self._need_lenient("play_together")
        self._require(Irregularity.TWO_CARDS_PLAYED, GameError, "two cards at once")
        if self._phase is not Phase.PLAY or self._table is None:
            raise GameError("no card is due")
        self._check_free()
        table = self._table
        assert self._contract is not None
        player = Seat.of(seat) if seat is not None else table.expected()
        parsed = [_parse_card(card) for card in cards]
        if len(set(parsed)) < 2:
            raise IllegalPlayError("two or more different cards are needed")
        missing = [card for card in parsed if not table.holds(player, card)]
        if missing:
            raise IllegalPlayError(f"{player.name.title()} does not hold {missing[0]}")
        if player != table.expected():
            raise IllegalPlayError("cards played at once out of turn: play them in turn")
        self._log.append(Event("play_together", player, {"cards": [str(card) for card in parsed]}))
        if table.is_full():
            self._gather()
        declarer_side = player.side == self._contract.declarer.side
        follow = table.follow(player, not table.cards)
        data = {"cards": [str(card) for card in parsed], "exposed": not declarer_side}
        if not any(card in follow for card in parsed):
            # None can be called without obliging a revoke (A74; B79): all are exposed.
            if not declarer_side:
                self._callable[player].update(parsed)
            self._raise(
                Irregularity.TWO_CARDS_PLAYED,
                player,
                data=data,
                options=(),
                note="no card can be called to the trick without a revoke (A74): the cards "
                "are exposed and the player plays again",
            )
            return
        self._raise(
            Irregularity.TWO_CARDS_PLAYED, player, data=data, claimants=(self._contract.declarer,)
        )

    def claim(self, *, seat: Seat | int | str | None = None, tricks: int | None = None) -> None:
        """The declarer says "I have the rest" (or a number of the remaining tricks; A72; B74;
        Case 8). The ruling says whether the claim holds double-dummy (``holds_double_dummy``:
        True, False, or None when unknown) and offers the adversaries to concede or to have the
        hand played out with the declarer's cards face up.

        Raises:
            GameError: strict game, not the play phase, a decision pending, not the declarer,
                or more tricks claimed than remain.
        """
        self._need_lenient("claim")
        self._require(Irregularity.CLAIM, GameError, "a claim")
        table = self._table
        if self._phase is not Phase.PLAY or table is None or self._contract is None:
            raise GameError("no claim can be made now")
        self._check_free()
        declarer = self._contract.declarer
        if seat is not None and Seat.of(seat) != declarer:
            raise GameError("only the declarer's claim is provided for [A72]")
        remaining = TRICKS - len(table.tricks) - (1 if table.is_full() else 0)
        claimed = remaining if tricks is None else int(tricks)
        if not 0 <= claimed <= remaining:
            raise GameError(f"{claimed} tricks claimed, {remaining} remain")
        self._log.append(Event("claim", declarer, {"tricks": tricks}))
        if table.is_full():
            self._gather()
        trick = table.trick_in_rotation()
        holds = claim_holds(
            table.hands,
            table.strain,
            table.leader if table.cards else table.rightful,
            trick,
            declarer.side,
            claimed,
        )
        self._raise(
            Irregularity.CLAIM,
            declarer,
            data={"tricks": claimed, "remaining": remaining, "holds_double_dummy": holds},
        )

    def throw_down(self, *, seat: Seat | int | str) -> None:
        """A player throws his cards face up (A72; B74): a defender's are exposed and liable
        to be called, unless thrown down after the declarer's claim.

        Raises:
            GameError: strict game, or not the play phase.
        """
        self._need_lenient("throw_down")
        self._require(Irregularity.CARDS_THROWN_DOWN, GameError, "cards thrown down")
        table = self._table
        if self._phase is not Phase.PLAY or table is None or self._contract is None:
            raise GameError("no cards can be thrown down now")
        player = Seat.of(seat)
        self._log.append(Event("throw_down", player, {}))
        after_claim = self._claim_played_out or any(
            r.kind is Irregularity.CLAIM for r in self._hand_rulings
        )
        defender = player.side != self._contract.declarer.side
        callable_ = defender and not after_claim
        if callable_:
            self._callable[player].update(table.hand(player))
        self._raise(
            Irregularity.CARDS_THROWN_DOWN,
            player,
            data={"cards": table.hand(player).to_pbn(), "callable": callable_},
        )

    # -- the end of the hand ------------------------------------------------------------------------------
    def _end_play(self) -> None:
        """The play is over: the surplus card of an omission, then the revoke claims (A88;
        B94: before the cut for the next deal); the score once they are settled."""
        table = self._table
        assert table is not None
        assert self._contract is not None
        self._lapse(lapsed_at_end(self._view()))
        if self._surplus:  # A82: "answerable for any consequent revokes", though undetected
            self._restore_surplus(restore=False)
        for index, (seat, how) in sorted(self._omissions.items()):
            if how != "deal_stands" or not table.hands[seat] or self._conceded is not None:
                continue
            table.complete_short_trick(index, seat)
        self._phase = Phase.SETTLE
        for request in revoke_claims(self._view()):
            self._raise_request(request)
        if not self._open:
            self._score_lenient()

    def _score_lenient(self) -> None:
        table = self._table
        assert table is not None
        won = table.won()
        tricks = won if self._conceded is None else won + self._conceded
        options = self._score_options()
        options.update(revoke_penalty(self._view(), self._revoke_claims))
        self._phase = Phase.PLAY
        self._record_score(tricks, table.tricks, options, self._conceded)
