"""Irregular play (``strict=False``): cards out of turn, revokes, tricks, claims."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Seat
from ..irregularities.judging import NoLaw, judge_play, revoke_claims, revoke_penalty
from ..irregularities.play_rulings import (
    establish,
    judge_card_played,
    judge_claim,
    judge_play_together,
    judge_quit,
    judge_quit_trick,
    judge_short_tricks,
    judge_throw_down,
)
from ..irregularities.referee import TRICKS
from ..irregularities.rulings import lapsed_at_end, lapsed_on_play
from ..irregularities.table import _Revoke
from .events import Event, Phase
from .revokes import _RevokesAtTable


class _LenientPlay(_RevokesAtTable):
    """The play of a lenient game, irregularities included (internal)."""

    # -- play ------------------------------------------------------------------------------------------
    def _lenient_play(self, card: Card, seat: Seat | None) -> None:
        self._apply_outcome(judge_card_played(self._view(), card, seat))
        self._surplus_found_by_want_of_a_card()

    def _place(self, seat: Seat, card: Card) -> None:
        """Put `seat`'s `card` on the table and raise what the referee finds it breaks
        (internal)."""
        table = self._table
        assert table is not None
        view = self._view()
        verdict = judge_play(view, seat, card)
        for index in verdict.established:  # A85: the revoking side plays to the next trick
            self._apply_effect(establish(view, index))
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
        """Turn and quit the trick on the table; what that establishes and lets lapse is the
        referee's (Auction Bridge (1912), Laws 76-77, 83, 85; Bridge (Elwell, 1906), Law 86), judged
        before the cards are gathered."""
        table = self._table
        assert table is not None
        outcome = judge_quit(self._view())
        table.gather()
        self._apply_outcome(outcome)
        if len(table.tricks) == TRICKS:
            self._end_play()

    def quit_trick(self, *, seat: Seat | int | str | None = None) -> None:
        """Turn and quit the trick on the table (its revokes are then established, Auction Bridge
        (1912), Law 83; Bridge (Elwell, 1906), Law 86).

        A trick of three cards quitted is a card omitted (Auction Bridge (1912), Law 81; Bridge
        (Elwell, 1906), Law 83): the offender's adversaries choose a new deal or that the deal
        stands.

        Raises:
            GameError: strict game, not the play phase, a decision pending, or no trick to quit.
        """
        self._need_lenient("quit_trick")
        self._apply_outcome(judge_quit_trick(self._view()))

    def play_together(
        self, cards: Sequence[Card | str | int], *, seat: Seat | int | str | None = None
    ) -> None:
        """Two or more cards played at once (Auction Bridge (1912), Laws 70, 82; Bridge (Elwell,
        1906), Law 72): the declarer calls one to the trick and the others are exposed; the
        declarer's own he chooses himself, not exposed.

        Raises:
            GameError: strict game, not the play phase, or a decision pending.
            IllegalPlayError: fewer than two cards, a card not held, or not in turn.
        """
        self._need_lenient("play_together")
        self._apply_outcome(judge_play_together(self._view(), cards, seat))

    def claim(self, *, seat: Seat | int | str | None = None, tricks: int | None = None) -> None:
        """The declarer says "I have the rest" (or a number of the remaining tricks; Auction Bridge
        (1912), Law 72; Bridge (Elwell, 1906), Law 74; Case 8). The ruling says whether the claim
        holds double-dummy (``holds_double_dummy``: True, False, or None when unknown) and offers
        the adversaries to concede or to have the hand played out with the declarer's cards face up.

        Raises:
            GameError: strict game, not the play phase, a decision pending, not the declarer,
                or more tricks claimed than remain.
        """
        self._need_lenient("claim")
        self._apply_outcome(judge_claim(self._view(), seat, tricks))

    def throw_down(self, *, seat: Seat | int | str) -> None:
        """A player throws his cards face up (Auction Bridge (1912), Law 72; Bridge (Elwell, 1906),
        Law 74): a defender's are exposed and liable to be called, unless thrown down after the
        declarer's claim.

        Raises:
            GameError: strict game, or not the play phase.
        """
        self._need_lenient("throw_down")
        self._apply_outcome(judge_throw_down(self._view(), seat))

    # -- the end of the hand ------------------------------------------------------------------------------
    def _end_play(self) -> None:
        """The play is over: the surplus card of an omission, then the revoke claims (Auction Bridge
        (1912), Law 88; Bridge (Elwell, 1906), Law 94: before the cut for the next deal); the score
        once they are settled."""
        table = self._table
        assert table is not None
        assert self._contract is not None
        self._lapse(lapsed_at_end(self._view()))
        if self._surplus:  # A82: "answerable for any consequent revokes", though undetected
            self._restore_surplus(restore=False)
        self._apply_outcome(judge_short_tricks(self._view()))
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
