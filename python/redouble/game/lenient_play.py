"""Irregular play (``strict=False``): cards out of turn, revokes, tricks, claims."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, Seat
from ..errors import GameError, IllegalPlayError
from ..irregularities import (
    Irregularity,
    claim_holds,
)
from ..irregularities.judging import NoLaw, judge_play, revoke_claims, revoke_penalty
from ..irregularities.table import _Revoke
from .core import TRICKS, _HandState, _parse_card
from .events import Event, Phase


class _LenientPlay(_HandState):
    """The play of a lenient game, irregularities included (internal)."""

    # -- play ------------------------------------------------------------------------------------------
    def _lenient_play(self, c: Card, seat: Seat | None) -> None:
        self._check_free()
        t = self._table
        assert t is not None
        assert self._contract is not None
        s = seat if seat is not None else t.expected()
        if not t.holds(s, c):
            raise IllegalPlayError(f"{s.name.title()} does not hold {c}")
        full = t.is_full()
        if not full and s in t.cards:
            raise IllegalPlayError(
                f"{s.name.title()} has already played to this trick; two cards played at once "
                "are play_together (A70, A82)"
            )
        lead = full or not t.cards
        rightful = t.winner() if full else t.rightful
        if lead and s != rightful:
            kind = (
                Irregularity.DECLARER_LEAD_OUT_OF_TURN
                if s.side == self._contract.declarer.side
                else Irregularity.LEAD_OUT_OF_TURN
            )
            self._require(kind, IllegalPlayError, f"{s.name.title()} leads out of turn")
        elif not lead and s != t.expected():
            self._require(
                Irregularity.PLAYED_BEFORE_TURN, IllegalPlayError, f"{s.name.title()} plays early"
            )
        self._log.append(Event("play", s, {"card": str(c)}))
        if full:
            self._gather()
        self._place(s, c)
        if self._phase is Phase.PLAY and t.is_full() and len(t.tricks) == TRICKS - 1:
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
        t = self._table
        assert t is not None
        for r in list(self._open.values()):
            lapsed = (r.kind is Irregularity.LEAD_OUT_OF_TURN and t.is_full()) or (
                r.kind is Irregularity.DECLARER_LEAD_OUT_OF_TURN and t.leader.lho in t.cards
            )
            if lapsed:
                self._close(r, "lapsed")

    def _gather(self) -> None:
        """Turn and quit the trick on the table: its revokes are established (A83; B86)."""
        t = self._table
        assert t is not None
        index = len(t.tricks)
        t.gather()
        self._obligations = [(o, k) for o, k in self._obligations if k is None or k > index]
        for rv in self._revokes:
            if rv.trick == index and not rv.corrected and not rv.established:
                if rv.questioned and len(t.tricks) < TRICKS:
                    continue  # A85: quitting does not establish it
                self._establish(rv)
        for r in list(self._open.values()):
            if r.kind in (Irregularity.LEAD_OUT_OF_TURN, Irregularity.DECLARER_LEAD_OUT_OF_TURN):
                self._close(r, "lapsed")
        if len(t.tricks) == TRICKS:
            self._end_play()

    def _establish(self, rv: _Revoke) -> None:
        """The revoke `rv` can no longer be corrected: established (a dummy's card just stands)
        (internal)."""
        rv.established = rv.kind is not Irregularity.DUMMY_REVOKE
        ruling = next((r for r in self._open.values() if r.id == rv.ruling), None)
        if ruling is not None:
            self._close(ruling, "lapsed")
        if rv.established:
            self._log.append(
                Event("revoke_established", rv.seat, {"card": str(rv.card), "trick": rv.trick})
            )

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
        t = self._table
        assert self._contract is not None
        if t.is_full():
            self._log.append(Event("quit_trick", None, {}))
            self._gather()
            return
        if len(t.cards) != 3:
            raise GameError("only a full trick (or one a single card short) can be quitted")
        self._require(Irregularity.CARD_OMITTED, GameError, "a card omitted")
        missing = t.expected()
        if missing == self._contract.dummy:
            raise GameError("dummy's card is played by the declarer: play it (A81 excludes dummy)")
        index = len(t.tricks)
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
        t = self._table
        assert self._contract is not None
        s = Seat.of(seat) if seat is not None else t.expected()
        parsed = [_parse_card(c) for c in cards]
        if len(set(parsed)) < 2:
            raise IllegalPlayError("two or more different cards are needed")
        missing = [c for c in parsed if not t.holds(s, c)]
        if missing:
            raise IllegalPlayError(f"{s.name.title()} does not hold {missing[0]}")
        if s != t.expected():
            raise IllegalPlayError("cards played at once out of turn: play them in turn")
        self._log.append(Event("play_together", s, {"cards": [str(c) for c in parsed]}))
        if t.is_full():
            self._gather()
        declarer_side = s.side == self._contract.declarer.side
        follow = t.follow(s, not t.cards)
        data = {"cards": [str(c) for c in parsed], "exposed": not declarer_side}
        if not any(c in follow for c in parsed):
            # None can be called without obliging a revoke (A74; B79): all are exposed.
            if not declarer_side:
                self._callable[s].update(parsed)
            self._raise(
                Irregularity.TWO_CARDS_PLAYED,
                s,
                data=data,
                options=(),
                note="no card can be called to the trick without a revoke (A74): the cards "
                "are exposed and the player plays again",
            )
            return
        self._raise(
            Irregularity.TWO_CARDS_PLAYED, s, data=data, claimants=(self._contract.declarer,)
        )

    def correct_revoke(self, *, seat: Seat | int | str | None = None) -> None:
        """Correct a revoke (or a penalty not complied with) before it is established (A73,
        A85-86; B91): the card goes back, the players who followed take back theirs; against a
        defender the declarer then chooses the card exposed or highest or lowest.

        Raises:
            GameError: strict game, or no revoke can be corrected now; nothing changes.
        """
        self._need_lenient("correct_revoke")
        t = self._table
        if self._phase is not Phase.PLAY or t is None:
            raise GameError("there is no revoke to correct")
        who = None if seat is None else Seat.of(seat)
        index = len(t.tricks)
        open_ = [
            rv
            for rv in self._revokes
            if rv.trick == index
            and not rv.corrected
            and not rv.established
            and t.cards.get(rv.seat) == rv.card
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
            t.reopen_last_trick()
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
        t = self._table
        if self._phase is not Phase.PLAY or t is None or not t.cards:
            raise GameError("the question is asked before the trick is turned and quitted")
        asker = Seat.of(seat)
        partner = asker.partner
        led = t.led_suit
        card = t.cards.get(partner)
        if card is None or partner == t.leader or card.suit == led:
            raise GameError(
                f"{partner.name.title()} has not renounced to the trick on the table [Auction Bridge (1912), Law 85]"
            )
        self._check_free()
        index = len(t.tricks)
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
        t = self._table
        if self._phase is not Phase.PLAY or t is None:
            raise GameError("no trick is on the table")
        self._check_free()
        assert self._contract is not None
        s = Seat.of(seat)
        c = _parse_card(card)
        if s == self._contract.dummy:
            raise IllegalPlayError("dummy's cards are played by the declarer (A82 excludes dummy)")
        if s not in t.cards:
            raise IllegalPlayError(f"{s.name.title()} has not played to the trick on the table")
        if not t.holds(s, c):
            raise IllegalPlayError(f"{s.name.title()} does not hold {c}")
        self._log.append(Event("play_surplus_card", s, {"card": str(c)}))
        t.hands[s] &= ~c.mask
        self._callable[s].discard(c)
        self._surplus.append((len(t.tricks), s, c))
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
        t = self._table
        if not self._surplus or self._phase is not Phase.PLAY or t is None:
            return
        if len(t.tricks) < TRICKS and not t.hands[t.expected()]:
            self._restore_surplus(restore=True)

    def _restore_surplus(self, *, restore: bool) -> int:
        """A82: each surplus card back to its holder (when `restore`), and his revokes meanwhile
        made (the suit led held only by the surplus card, another suit played) established
        (internal)."""
        t = self._table
        assert t is not None
        found = list(self._surplus)
        self._surplus.clear()
        for index, seat, card in found:
            if restore:
                t.hands[seat] |= card.mask
            meanwhile = t.renounced_meanwhile(self._revokes, index, seat, card)
            ruling = self._raise(
                Irregularity.SURPLUS_CARD,
                seat,
                data={
                    "trick": index,
                    "card": str(card),
                    "restored": restore,
                    "revokes": [j for j, _ in meanwhile],
                },
            )
            for j, played in meanwhile:
                rv = _Revoke(seat, j, played, Irregularity.REVOKE, ruling.id)
                self._revokes.append(rv)
                self._establish(rv)
            # A renounce on the trick still on the table is a revoke that may yet be corrected.
            now = t.cards.get(seat)
            on_table = len(t.tricks)
            known = any(rv.seat == seat and rv.trick == on_table for rv in self._revokes)
            renounced = now is not None and card.suit == t.led_suit and now.suit != card.suit
            if restore and renounced and now is not None and seat != t.leader and not known:
                r = self._raise(
                    Irregularity.REVOKE, seat, data={"card": str(now), "trick": on_table}
                )
                self._revokes.append(_Revoke(seat, on_table, now, Irregularity.REVOKE, r.id))
        return len(found)

    def _do_correct(self, rv: _Revoke) -> None:
        t = self._table
        assert t is not None
        index = rv.trick
        after = t.order[t.order.index(rv.seat) :]
        for other in self._revokes:  # the followers' cards go back: their revokes vanish
            withdrawn = other is not rv and other.trick == index and other.seat in after[1:]
            if withdrawn and not other.corrected and not other.established:
                other.corrected = True
                ruling = self._open.get(other.ruling)
                if ruling is not None:
                    self._close(ruling, "lapsed")
        for s in reversed(after):
            t.take_back(s)
        if not t.cards:
            t.leader = t.rightful
        rv.corrected = True
        ruling = next((r for r in self._open.values() if r.id == rv.ruling), None)
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
                data={"card": str(rv.card), "trick": index, "withdrawn": [s.letter for s in after]},
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
        t = self._table
        if self._phase is not Phase.PLAY or t is None or self._contract is None:
            raise GameError("no claim can be made now")
        self._check_free()
        declarer = self._contract.declarer
        if seat is not None and Seat.of(seat) != declarer:
            raise GameError("only the declarer's claim is provided for [A72]")
        remaining = TRICKS - len(t.tricks) - (1 if t.is_full() else 0)
        n = remaining if tricks is None else int(tricks)
        if not 0 <= n <= remaining:
            raise GameError(f"{n} tricks claimed, {remaining} remain")
        self._log.append(Event("claim", declarer, {"tricks": tricks}))
        if t.is_full():
            self._gather()
        trick = t.trick_in_rotation()
        holds = claim_holds(
            t.hands, t.strain, t.leader if t.cards else t.rightful, trick, declarer.side, n
        )
        self._raise(
            Irregularity.CLAIM,
            declarer,
            data={"tricks": n, "remaining": remaining, "holds_double_dummy": holds},
        )

    def throw_down(self, *, seat: Seat | int | str) -> None:
        """A player throws his cards face up (A72; B74): a defender's are exposed and liable
        to be called, unless thrown down after the declarer's claim.

        Raises:
            GameError: strict game, or not the play phase.
        """
        self._need_lenient("throw_down")
        self._require(Irregularity.CARDS_THROWN_DOWN, GameError, "cards thrown down")
        t = self._table
        if self._phase is not Phase.PLAY or t is None or self._contract is None:
            raise GameError("no cards can be thrown down now")
        s = Seat.of(seat)
        self._log.append(Event("throw_down", s, {}))
        after_claim = self._claim_played_out or any(
            r.kind is Irregularity.CLAIM for r in self._hand_rulings
        )
        defender = s.side != self._contract.declarer.side
        callable_ = defender and not after_claim
        if callable_:
            self._callable[s].update(t.hand(s))
        self._raise(
            Irregularity.CARDS_THROWN_DOWN,
            s,
            data={"cards": t.hand(s).to_pbn(), "callable": callable_},
        )

    def _take_back_all(self) -> None:
        """Every card of the trick on the table goes back to its holder; revokes among them
        vanish with them."""
        t = self._table
        assert t is not None
        index = len(t.tricks)
        for rv in self._revokes:
            if rv.trick == index and not rv.established and not rv.corrected:
                rv.corrected = True
                ruling = self._open.get(rv.ruling)
                if ruling is not None:
                    self._close(ruling, "lapsed")
        t.take_back_all()

    # -- the end of the hand ------------------------------------------------------------------------------
    def _end_play(self) -> None:
        """The play is over: the surplus card of an omission, then the revoke claims (A88;
        B94: before the cut for the next deal); the score once they are settled."""
        t = self._table
        assert t is not None
        assert self._contract is not None
        for r in list(self._open.values()):
            self._close(r, "lapsed")
        if self._surplus:  # A82: "answerable for any consequent revokes", though undetected
            self._restore_surplus(restore=False)
        for index, (seat, how) in sorted(self._omissions.items()):
            if how != "deal_stands" or not t.hands[seat] or self._conceded is not None:
                continue
            t.complete_short_trick(index, seat)
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
