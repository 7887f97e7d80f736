"""Revokes and surplus cards in a lenient game (``strict=False``): a revoke established or
corrected, "Having none?", a card put on a trick unnoticed and the tricks counted (A82-A86;
B86-B91)."""

from __future__ import annotations

from typing import Any

from ..cards import Card, Seat
from ..errors import GameError, IllegalPlayError
from ..irregularities import Irregularity
from ..irregularities.referee import TRICKS
from ..irregularities.referee import parse_card as _parse_card
from ..irregularities.table import _Revoke
from .core import _HandState
from .events import Event, Phase


class _RevokesAtTable(_HandState):
    """Revokes on record, their correction and the surplus cards of a lenient game
    (internal)."""

    def _establish(self, rv: _Revoke) -> None:
        """The revoke `rv` can no longer be corrected: established (a dummy's card just stands)
        (internal)."""
        rv.established = rv.kind is not Irregularity.DUMMY_REVOKE
        ruling = next(
            (candidate for candidate in self._open.values() if candidate.id == rv.ruling), None
        )
        if ruling is not None:
            self._close(ruling, "lapsed")
        if rv.established:
            self._log.append(
                Event("revoke_established", rv.seat, {"card": str(rv.card), "trick": rv.trick})
            )

    def correct_revoke(self, *, seat: Seat | int | str | None = None) -> None:
        """Correct a revoke (or a penalty not complied with) before it is established (A73,
        A85-86; B91): the card goes back, the players who followed take back theirs; against a
        defender the declarer then chooses the card exposed or highest or lowest.

        Raises:
            GameError: strict game, or no revoke can be corrected now; nothing changes.
        """
        self._need_lenient("correct_revoke")
        table = self._table
        if self._phase is not Phase.PLAY or table is None:
            raise GameError("there is no revoke to correct")
        who = None if seat is None else Seat.of(seat)
        index = len(table.tricks)
        open_ = [
            rv
            for rv in self._revokes
            if rv.trick == index
            and not rv.corrected
            and not rv.established
            and table.cards.get(rv.seat) == rv.card
            and (who is None or rv.seat == who)
        ]
        questioned = [
            rv
            for rv in self._revokes
            if rv.questioned
            and rv.trick == index - 1
            and not (rv.corrected or rv.established)
            and (who is None or rv.seat == who)
        ]
        if not open_ and not questioned:
            raise GameError(
                "no revoke on the trick on the table can be corrected (it is established once "
                "the trick is quitted) [Auction Bridge (1912), Laws 83, 85]"
            )
        rv = open_[0] if open_ else questioned[0]
        self._log.append(Event("correct_revoke", rv.seat, {}))
        if not open_:
            table.reopen_last_trick()
        self._do_correct(rv)

    def ask_having_none(self, *, seat: Seat | int | str, answered_no: bool = False) -> None:
        """`seat` asks his partner whether he has a card of the suit he has just renounced
        ("Having none?"), before the trick is turned and quitted (Auction Bridge (1912), Law 85).

        The law: "should the question be asked before the trick is turned and quitted,
        subsequent turning and quitting does not establish a revoke, and the error may be
        corrected unless the question is answered in the negative, or unless the revoking
        player or his partner has led or played to the following trick." So a revoke asked
        about stays open when the trick is quitted: :meth:`correct_revoke` may still correct it
        (the trick comes back to the table) until the revoking side plays to the next trick,
        which establishes it. `answered_no`: the partner answered "no" (he has none), which
        leaves the revoke to be established by quitting, as without the question. Dummy may
        ask the declarer (A60 a); a renounce that is no revoke is asked about to no effect.
        Bridge (Bridge (Elwell, 1906), Law 86) establishes a revoke by quitting whatever is asked: refused there.

        Raises:
            GameError: strict game, a code without the law, no trick on the table, or the
                partner has not renounced to it.
        """
        self._need_lenient("ask_having_none")
        self._require(Irregularity.REVOKE_QUESTION, GameError, "asking about a renounce")
        table = self._table
        if self._phase is not Phase.PLAY or table is None or not table.cards:
            raise GameError("the question is asked before the trick is turned and quitted")
        asker = Seat.of(seat)
        partner = asker.partner
        led = table.led_suit
        card = table.cards.get(partner)
        if card is None or partner == table.leader or card.suit == led:
            raise GameError(
                f"{partner.name.title()} has not renounced to the trick on the table [Auction Bridge (1912), Law 85]"
            )
        self._check_free()
        index = len(table.tricks)
        data: dict[str, Any] = {"answered_no": True} if answered_no else {}
        self._log.append(Event("ask_having_none", asker, data))
        revokes = [
            rv
            for rv in self._revokes
            if rv.seat == partner and rv.trick == index and not (rv.corrected or rv.established)
        ]
        for rv in revokes:
            rv.questioned = not answered_no
        self._raise(
            Irregularity.REVOKE_QUESTION,
            partner,
            data={"trick": index, "card": str(card), "revoke": bool(revokes), **data},
        )

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
        self._require(Irregularity.SURPLUS_CARD, GameError, "a surplus card")
        table = self._table
        if self._phase is not Phase.PLAY or table is None:
            raise GameError("no trick is on the table")
        self._check_free()
        assert self._contract is not None
        player = Seat.of(seat)
        played = _parse_card(card)
        if player == self._contract.dummy:
            raise IllegalPlayError("dummy's cards are played by the declarer (A82 excludes dummy)")
        if player not in table.cards:
            raise IllegalPlayError(
                f"{player.name.title()} has not played to the trick on the table"
            )
        if not table.holds(player, played):
            raise IllegalPlayError(f"{player.name.title()} does not hold {played}")
        self._log.append(Event("play_surplus_card", player, {"card": str(played)}))
        table.hands[player] &= ~played.mask
        self._callable[player].discard(played)
        self._surplus.append((len(table.tricks), player, played))
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
        self._require(Irregularity.SURPLUS_CARD, GameError, "counting the tricks")
        if self._phase is not Phase.PLAY or self._table is None:
            raise GameError(
                "the tricks are counted during the play [Auction Bridge (1912), Law 82]"
            )
        self._check_free()
        self._log.append(Event("count_tricks", Seat.of(seat), {}))
        return self._restore_surplus(restore=True)

    def _surplus_found_by_want_of_a_card(self) -> None:
        """A player with a surplus card out of his hand has none to play: the error is
        detected and the tricks counted (A82) (internal)."""
        table = self._table
        if not self._surplus or self._phase is not Phase.PLAY or table is None:
            return
        if len(table.tricks) < TRICKS and not table.hands[table.expected()]:
            self._restore_surplus(restore=True)

    def _restore_surplus(self, *, restore: bool) -> int:
        """A82: each surplus card back to its holder (when `restore`), and his revokes meanwhile
        made (the suit led held only by the surplus card, another suit played) established
        (internal)."""
        table = self._table
        assert table is not None
        found = list(self._surplus)
        self._surplus.clear()
        for index, seat, card in found:
            if restore:
                table.hands[seat] |= card.mask
            meanwhile = table.renounced_meanwhile(self._revokes, index, seat, card)
            ruling = self._raise(
                Irregularity.SURPLUS_CARD,
                seat,
                data={
                    "trick": index,
                    "card": str(card),
                    "restored": restore,
                    "revokes": [later for later, _ in meanwhile],
                },
            )
            for later, played in meanwhile:
                rv = _Revoke(seat, later, played, Irregularity.REVOKE, ruling.id)
                self._revokes.append(rv)
                self._establish(rv)
            # A renounce on the trick still on the table is a revoke that may yet be corrected.
            now = table.cards.get(seat)
            on_table = len(table.tricks)
            known = any(rv.seat == seat and rv.trick == on_table for rv in self._revokes)
            renounced = now is not None and card.suit == table.led_suit and now.suit != card.suit
            if restore and renounced and now is not None and seat != table.leader and not known:
                revoke_ruling = self._raise(
                    Irregularity.REVOKE, seat, data={"card": str(now), "trick": on_table}
                )
                self._revokes.append(
                    _Revoke(seat, on_table, now, Irregularity.REVOKE, revoke_ruling.id)
                )
        return len(found)

    def _do_correct(self, rv: _Revoke) -> None:
        table = self._table
        assert table is not None
        index = rv.trick
        after = table.order[table.order.index(rv.seat) :]
        for other in self._revokes:  # the followers' cards go back: their revokes vanish
            withdrawn = other is not rv and other.trick == index and other.seat in after[1:]
            if withdrawn and not other.corrected and not other.established:
                other.corrected = True
                ruling = self._open.get(other.ruling)
                if ruling is not None:
                    self._close(ruling, "lapsed")
        for follower in reversed(after):
            table.take_back(follower)
        if not table.cards:
            table.leader = table.rightful
        rv.corrected = True
        ruling = next(
            (candidate for candidate in self._open.values() if candidate.id == rv.ruling), None
        )
        if ruling is not None:
            self._close(ruling, "decided")
        assert self._contract is not None
        if rv.obligation is not None:
            self._obligations.append(
                (rv.obligation, index if not rv.obligation.on_lead_only else None)
            )
        if rv.kind is Irregularity.REVOKE and rv.seat.side != self._contract.declarer.side:
            self._raise(
                Irregularity.REVOKE_CORRECTED,
                rv.seat,
                data={
                    "card": str(rv.card),
                    "trick": index,
                    "withdrawn": [follower.letter for follower in after],
                },
            )

    def _take_back_all(self) -> None:
        """Every card of the trick on the table goes back to its holder; revokes among them
        vanish with them."""
        table = self._table
        assert table is not None
        index = len(table.tricks)
        for rv in self._revokes:
            if rv.trick == index and not rv.established and not rv.corrected:
                rv.corrected = True
                ruling = self._open.get(rv.ruling)
                if ruling is not None:
                    self._close(ruling, "lapsed")
        table.take_back_all()
