"""Revokes and surplus cards in a lenient game (``strict=False``): a revoke established or
corrected, "Having none?", a card put on a trick unnoticed and the tricks counted (Auction Bridge
(1912), Laws 82-86; Bridge (Elwell, 1906), Laws 86-91)."""

from __future__ import annotations

from ..cards import Card, Seat
from ..irregularities.play_rulings import (
    judge_correct_revoke,
    judge_correction,
    judge_count_tricks,
    judge_having_none,
    judge_surplus_card,
    judge_surplus_found,
    surplus_detected,
    withdrawn_with_trick,
)
from ..irregularities.referee import Effect, Outcome
from ..irregularities.table import _Revoke
from .core import _HandState
from .events import Event


class _RevokesAtTable(_HandState):
    """Revokes on record, their correction and the surplus cards of a lenient game
    (internal). What each act decides is the referee's
    (:mod:`~redouble.irregularities.play_rulings`); the game applies it."""

    def _apply_outcome(self, outcome: Outcome) -> None:
        """Apply the referee's `outcome` (the one place is :class:`_Remedies`)."""
        raise NotImplementedError

    def _apply_effect(self, effect: Effect) -> None:
        """Apply one effect of an outcome (the one place is :class:`_Remedies`)."""
        raise NotImplementedError

    def _establish(self, rv: _Revoke, counts: bool) -> None:
        """The revoke `rv` can no longer be corrected; `counts`: the referee finds it an
        established revoke (a dummy's card just stands) (internal)."""
        rv.established = counts
        ruling = self._open.get(rv.ruling)
        if ruling is not None:
            self._close(ruling, "lapsed")
        if rv.established:
            self._log.append(
                Event("revoke_established", rv.seat, {"card": str(rv.card), "trick": rv.trick})
            )

    def _withdraw(self, rv: _Revoke) -> None:
        """The revoke `rv` vanishes with its card taken back: its ruling lapses (internal)."""
        rv.corrected = True
        ruling = self._open.get(rv.ruling)
        if ruling is not None:
            self._close(ruling, "lapsed")

    def correct_revoke(self, *, seat: Seat | int | str | None = None) -> None:
        """Correct a revoke (or a penalty not complied with) before it is established (Auction
        Bridge (1912), Laws 73, 85-86; Bridge (Elwell, 1906), Law 91): the card goes back, the
        players who followed take back theirs; against a defender the declarer then chooses the card
        exposed or highest or lowest.

        Raises:
            GameError: strict game, or no revoke can be corrected now; nothing changes.
        """
        self._need_lenient("correct_revoke")
        self._apply_outcome(judge_correct_revoke(self._view(), seat))

    def ask_having_none(self, *, seat: Seat | int | str, answered_no: bool = False) -> None:
        """`seat` asks his partner whether he has a card of the suit he has just renounced
        ("Having none?"), before the trick is turned and quitted (Auction Bridge (1912), Law 85).

        The law: "should the question be asked before the trick is turned and quitted, subsequent
        turning and quitting does not establish a revoke, and the error may be corrected unless the
        question is answered in the negative, or unless the revoking player or his partner has led
        or played to the following trick." So a revoke asked about stays open when the trick is
        quitted: :meth:`correct_revoke` may still correct it (the trick comes back to the table)
        until the revoking side plays to the next trick, which establishes it. `answered_no`: the
        partner answered "no" (he has none), which leaves the revoke to be established by quitting,
        as without the question. Dummy may ask the declarer (Auction Bridge (1912), Law 60 (a)); a
        renounce that is no revoke is asked about to no effect. In Bridge quitting the trick
        establishes a revoke whatever is asked (Bridge (Elwell, 1906), Law 86): refused there.

        Raises:
            GameError: strict game, a code without the law, no trick on the table, or the
                partner has not renounced to it.
        """
        self._need_lenient("ask_having_none")
        self._apply_outcome(judge_having_none(self._view(), seat, answered_no))

    def play_surplus_card(self, card: Card | str | int, *, seat: Seat | int | str) -> None:
        """`seat` puts a second card, unnoticed, on the trick on the table to which he has
        already played (Auction Bridge (1912), Law 82; Bridge by the Auction equivalent): the trick
        will hold five cards. The surplus card never counts in the trick [redouble's decision: it was not
        played to it]; it is out of its holder's hand until the tricks are counted
        (:meth:`count_tricks`), or until he has no card to play, when the error is necessarily
        detected and the tricks counted; if neither happens before the play ends (a claim), he
        still answers for the revokes it caused.

        Raises:
            GameError: strict game, a code without the law, not the play phase, or a decision
                pending.
            IllegalPlayError: dummy (whose cards the declarer plays), a card not held, or a
                player who has not played to the trick on the table.
        """
        self._need_lenient("play_surplus_card")
        self._apply_outcome(judge_surplus_card(self._view(), card, seat))
        self._surplus_found_by_want_of_a_card()

    def count_tricks(self, *, seat: Seat | int | str) -> int:
        """`seat` has the tricks counted face downward to see whether any holds more than four
        cards (Auction Bridge (1912), Law 82): each surplus card is restored to its holder, who (not being
        dummy) "shall be liable for any revoke he may meanwhile have made" — every later
        trick to which he renounced the suit of the surplus card is an established revoke.
        Returns the number of cards restored (0: no trick holds more than four).

        Raises:
            GameError: strict game, a code without the law, not the play phase, or a decision
                pending.
        """
        self._need_lenient("count_tricks")
        found = len(self._surplus)
        self._apply_outcome(judge_count_tricks(self._view(), seat))
        return found

    def _surplus_found_by_want_of_a_card(self) -> None:
        """A player with a surplus card out of his hand has none to play: the error is
        detected and the tricks counted (Auction Bridge (1912), Law 82) (internal)."""
        if surplus_detected(self._view()):
            self._restore_surplus(restore=True)

    def _restore_surplus(self, *, restore: bool) -> None:
        """Auction Bridge (1912), Law 82: the surplus cards found, as the referee rules
        (internal)."""
        self._apply_outcome(judge_surplus_found(self._view(), restore=restore))

    def _correct(self, ruling: int) -> None:
        """Correct the revoke recorded by `ruling`, as the referee rules the correction on the
        trick as it lies (internal)."""
        index = next(i for i, rv in enumerate(self._revokes) if rv.ruling == ruling)
        self._apply_outcome(judge_correction(self._view(), index))

    def _take_back_all(self) -> None:
        """Every card of the trick on the table goes back to its holder; revokes among them
        vanish with them."""
        table = self._table
        assert table is not None
        self._apply_outcome(withdrawn_with_trick(self._view()))
        table.take_back_all()
