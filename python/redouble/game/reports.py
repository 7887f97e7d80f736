"""Things done and said at the table (``strict=False``): exposed cards, remarks, reports."""

from __future__ import annotations

from typing import Any

from ..auction import Auction, Bar
from ..cards import Card, Seat
from ..errors import GameError, IllegalPlayError
from ..irregularities import (
    Claimant,
    Irregularity,
    IrregularityError,
    Obligation,
    ObligationKind,
)
from ..irregularities.referee import parse_card as _parse_card
from .events import Event, Phase
from .remedies import _Remedies

# Remarks (things said or done at the table) the game records, by the irregularity they are.
_REMARKS = {
    Irregularity.INFORMATION_AFTER_FINAL_DECLARATION,
    Irregularity.UNAUTHORISED_REFERENCE,
    Irregularity.ATTENTION_TO_TRICK,
    Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING,
    Irregularity.DUMMY_RIGHT,
    Irregularity.DUMMY_INTERVENTION,
    Irregularity.DUMMY_SUGGESTS_CARD,
    Irregularity.NEW_CARDS,
    Irregularity.BYSTANDER,
    Irregularity.SPADE_CONVENTION_PREMATURE_PLAY,
}


class _Reports(_Remedies):
    """Exposed cards, consents, remarks and reports of a bad deal (internal)."""

    def expose(
        self,
        card: Card | str | int,
        *,
        seat: Seat | int | str,
        during_deal: bool = False,
    ) -> None:
        """A card exposed (dropped face up, shown, named as held; A68): rectified by when it
        happens — during the deal (A37 c; B39), before the final declaration (A65; B67), before
        the opening lead (A66), or in the play (A67; B69). A card dropped below the table, or
        seen only by an adversary, is not exposed (A69): do not record it.

        Raises:
            GameError: strict game, the game is over, or a decision pending.
            IllegalPlayError: the seat does not hold the card.
        """
        self._need_lenient("expose")
        if self._phase not in (Phase.DECLARE, Phase.PLAY):
            raise GameError("no card can be exposed now")
        self._require(Irregularity.EXPOSED_CARD, GameError, "an exposed card")
        self._check_free()
        player = Seat.of(seat)
        exposed = _parse_card(card)
        held = (
            self._table.holds(player, exposed)
            if self._table is not None
            else bool(self._deal[player].mask >> int(exposed) & 1)
        )
        if not held:
            raise IllegalPlayError(f"{player.name.title()} does not hold {exposed}")
        data = {"card": str(exposed)}
        if self._phase is Phase.DECLARE:
            if during_deal and self._calls_in_hand == 0:
                self._log.append(
                    Event("expose", player, {"card": str(exposed), "during_deal": True})
                )
                rule = self._code.rule(Irregularity.CARD_EXPOSED_IN_DEAL)
                who = None
                if rule.claimant is Claimant.ADVERSARIES:  # B39 a, b
                    who = (
                        (self._dealer.lho,)
                        if player.side == self._dealer.side
                        else (self._dealer, self._dealer.partner)
                    )
                ruling = self._raise(
                    Irregularity.CARD_EXPOSED_IN_DEAL, player, data=data, claimants=who
                )
                if rule.claimant is Claimant.NONE:  # A37 c: compulsory
                    self._decide_now(ruling, "new_deal")
                return
            self._log.append(Event("expose", player, {"card": str(exposed), "during_deal": False}))
            declaring = self._declaring
            if isinstance(declaring, Auction):
                # A65: partner barred from bidding and doubling; the card is subject to call.
                declaring.bar(
                    Bar(
                        player.partner,
                        "Auction Bridge (1912), Law 65",
                        doubles_too=True,
                        lifted_by_adversary=False,
                    )
                )
                self._callable[player].add(exposed)
                self._exposed_in_auction.append((player, exposed))
                self._raise(
                    Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION,
                    player,
                    data={**data, "barred": player.partner.letter},
                    options=(),
                    note="the offender's partner may not bid or double again; the card is "
                    "subject to call",
                )
                return
            if player.side == declaring.dealer.side:  # B67
                self._raise(Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION, player, data=data)
                return
            self._callable[player].add(exposed)
            self._raise(Irregularity.EXPOSED_CARD, player, data=data)
            return
        table = self._table
        assert table is not None
        assert self._contract is not None
        self._log.append(Event("expose", player, {"card": str(exposed), "during_deal": False}))
        declarer, leader = self._contract.declarer, self._contract.opening_leader
        if player.side == declarer.side:
            self._raise(
                Irregularity.EXPOSED_CARD,
                player,
                data={**data, "callable": False},
                note="cards exposed by the declarer (or dummy) are not called [A72]",
            )
            return
        self._callable[player].add(exposed)
        if not table.tricks and not table.cards:
            if player == leader.partner:
                self._raise(
                    Irregularity.CARD_EXPOSED_BEFORE_LEAD,
                    player,
                    data={**data, "suit": exposed.suit.letter},
                )
            else:
                self._raise(
                    Irregularity.CARD_EXPOSED_BEFORE_LEAD,
                    player,
                    data=data,
                    options=(),
                    note="the rightful leader exposed a card: it is subject to call [A66]",
                )
            return
        self._raise(Irregularity.EXPOSED_CARD, player, data={**data, "callable": True})

    def call_exposed_card(
        self, card: Card | str | int, *, seat: Seat | int | str | None = None
    ) -> None:
        """The declarer calls an exposed card: its holder must play it at his next turn, unless
        that would oblige a revoke (A74, A75; B79, B80). The call may be repeated until the
        card is played.

        Raises:
            GameError: strict game, not the play phase, or the card is not liable to be called.
        """
        self._need_lenient("call_exposed_card")
        self._require(Irregularity.EXPOSED_CARD, GameError, "an exposed card")
        if self._phase is not Phase.PLAY or self._contract is None:
            raise GameError("no card can be called now")
        c = _parse_card(card)
        holder = next((s for s, cards in self._callable.items() if c in cards), None)
        if holder is None or (self._table is not None and not self._table.holds(holder, c)):
            raise GameError(f"{c} is not an exposed card liable to be called")
        if seat is not None and Seat.of(seat) != self._contract.declarer:
            raise GameError("only the declarer calls exposed cards")
        self._log.append(Event("call_exposed_card", self._contract.declarer, {"card": str(c)}))
        rule = self._code.rule(Irregularity.EXPOSED_CARD)
        self._obligations.append(
            (Obligation(ObligationKind.PLAY_CARD, holder, rule.law, card=c), None)
        )

    def consent(self, *, seat: Seat | int | str) -> None:
        """`seat` gives the consent a law requires before another player may double (Bridge,
        Bridge (Elwell, 1906)).

        Law 60: after the dealer's right-hand adversary led during the doubling, the eldest hand
        "may only double if the maker of the trump consent" — only the maker's consent counts,
        and once given it lifts the bar. Law 56: after the eldest hand led before the doubling
        was completed, "his partner may re-double only with the consent of the adversary who
        last doubled" — the consent of the player who made the last double (a re-double of the
        dealer's side), given when the partner's turn to re-double comes; it is good for that
        re-double only, and a later re-double needs the consent of whoever then last doubled.
        His first double needs none ("such lead shall not affect the right of either adversary
        to double").

        Raises:
            GameError: strict game, not the declaring phase, or nobody needs `seat`'s consent
                now.
        """
        self._need_lenient("consent")
        who = Seat.of(seat)
        if self._phase is not Phase.DECLARE:
            raise GameError("consent to a double: only while declaring")
        needing = [
            doubler
            for doubler in self._consent_needed
            if (missing := self._consent_missing(doubler)) is not None and missing[0] == who
        ]
        if not needing:
            raise GameError(f"nobody needs {who.name.title()}'s consent to double now")
        self._log.append(Event("consent", who))
        for doubler in needing:
            if self._consent_needed[doubler].redouble_only:
                self._consent_needed[doubler].given = True
            else:
                del self._consent_needed[doubler]

    def _shall_i_play(self, player: Seat) -> None:
        """Bridge (Elwell, 1906), Spade Convention (II): "If the third hand player ask, 'Shall
        I play?'" while the make is not to be played (internal).

        The text leaves open when the question can be asked: redouble takes any moment of the
        doubling of an undoubled spade make that the convention would leave unplayed (no side
        at 20). Only the third hand (the leader's partner, the dealer's right) is penalised:
        the eldest hand's "May I lead?" is his pass, the declaring's own question.
        """
        self._check_free()
        declaring = self._declaring
        if self._phase is not Phase.DECLARE or not self._spade_play_forbidden():
            raise GameError(
                "spade_convention_premature_play: only while the doubling of a spade make "
                "the Spade Convention leaves unplayed goes on"
            )
        if player != declaring.dealer.rho:
            raise GameError(
                "spade_convention_premature_play: only the third hand's 'Shall I play?' is "
                "penalised (Bridge (Elwell, 1906), Spade Convention (II))"
            )
        self._log.append(
            Event(
                "remark",
                player,
                {"kind": Irregularity.SPADE_CONVENTION_PREMATURE_PLAY.value, "card": None},
            )
        )
        self._raise(
            Irregularity.SPADE_CONVENTION_PREMATURE_PLAY, player, data={"act": "third_hand_asks"}
        )

    def remark(
        self,
        kind: Irregularity | str,
        *,
        seat: Seat | int | str,
        card: Card | str | int | None = None,
    ) -> None:
        """Something said or done at the table that the laws rectify: information about the
        declarations (A51), an unauthorised reference (A93; B101), calling attention to the
        trick (A92; B100), winning cards led without waiting (A71), dummy's rights and
        interventions (A60-62; B61-64), new cards and bystanders (no effect), and the third
        hand's "Shall I play?" under the Spade Convention (Bridge (Elwell, 1906), Spade
        Convention (II): kind ``spade_convention_premature_play``, during the doubling).

        Raises:
            GameError: strict game, or the remark does not fit the moment or the seat.
            IrregularityError: the law set's code has no law on it.
        """
        self._need_lenient("remark")
        remark_kind = Irregularity(kind)
        if remark_kind not in _REMARKS:
            raise IrregularityError(f"{remark_kind.value} is not a remark")
        self._code.rule(remark_kind)
        player = Seat.of(seat)
        contract = self._contract
        if remark_kind is Irregularity.SPADE_CONVENTION_PREMATURE_PLAY:
            self._shall_i_play(player)
            return
        if self._phase is not Phase.PLAY or contract is None or self._table is None:
            if remark_kind in (Irregularity.NEW_CARDS, Irregularity.BYSTANDER):
                self._log.append(Event("remark", player, {"kind": remark_kind.value, "card": None}))
                self._raise(remark_kind, player)
                return
            raise GameError(f"{remark_kind.value}: only during the play")
        self._check_free()
        defender = player.side != contract.declarer.side
        dummy_kinds = (
            Irregularity.DUMMY_RIGHT,
            Irregularity.DUMMY_INTERVENTION,
            Irregularity.DUMMY_SUGGESTS_CARD,
        )
        if remark_kind in dummy_kinds and player != contract.dummy:
            raise GameError(f"{remark_kind.value}: only dummy")
        others = (*dummy_kinds, Irregularity.NEW_CARDS, Irregularity.BYSTANDER)
        if remark_kind not in others and not defender:
            raise GameError(
                f"{remark_kind.value}: the laws penalise only the declarer's adversaries"
            )
        parsed = None if card is None else _parse_card(card)
        if remark_kind is Irregularity.DUMMY_SUGGESTS_CARD and (
            parsed is None or not self._table.holds(contract.dummy, parsed)
        ):
            raise GameError("dummy suggests a card of dummy's hand: give the card")
        table = self._table
        data: dict[str, Any] = {}
        if remark_kind in (
            Irregularity.ATTENTION_TO_TRICK,
            Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING,
        ):
            if player.partner in table.cards or not table.cards or table.is_full():
                raise GameError(
                    f"{remark_kind.value}: only while the partner has still to play to the trick"
                )
            data = {"target": player.partner.letter, "trick": len(table.tricks)}
        if parsed is not None:
            data["card"] = str(parsed)
        self._log.append(
            Event(
                "remark",
                player,
                {"kind": remark_kind.value, "card": None if parsed is None else str(parsed)},
            )
        )
        if remark_kind is Irregularity.DUMMY_INTERVENTION:
            self._raise(remark_kind, player)
            self._forfeit_declarer_penalties()
            return
        self._raise(remark_kind, player, data=data)

    def _forfeit_declarer_penalties(self) -> None:
        """A61; B63: the declarer cannot exact the penalties of incidents so far."""
        assert self._contract is not None
        declarer = self._contract.declarer
        for r in list(self._open.values()):
            if declarer in r.claimants and r.claimants != (r.offender,):
                self._close(r, "forfeited")
        for rv in self._revokes:
            if rv.seat.side != declarer.side:
                rv.forfeited = True

    # -- deal ------------------------------------------------------------------------------------------
    def report_new_deal_ground(
        self,
        ground: str,
        *,
        seat: Seat | int | str | None = None,
        hand: int | None = None,
    ) -> None:
        """A new-deal condition discovered: a ground letter of the law set's dealing laws
        (A37 a-g; B38 a-f, 1907 g), or "wrong_hand_sizes" (A39). Compulsory grounds void the
        deal and the same dealer deals again; "f" (the pack not cut) needs an adversary's
        claim; "b" (the pack incorrect) found during the play voids only the current deal
        (A39; B42); reported for an earlier `hand`, the score stands (Case 3).

        Raises:
            GameError: strict game, the game is over, or a decision pending.
            IrregularityError: the law set has no such ground.
        """
        self._need_lenient("report_new_deal_ground")
        self._require(Irregularity.NEW_DEAL_GROUND, GameError, "a new-deal ground")
        if self._phase not in (Phase.DECLARE, Phase.PLAY):
            raise GameError("no deal is in progress")
        self._check_free()
        letter = ground.strip().lower()
        letters = [entry.split(":")[0].strip() for entry in self._law.dealing.new_deal_grounds]
        if letter not in letters and letter != "wrong_hand_sizes":
            raise IrregularityError(
                f"{self._law.name} has no new-deal ground {ground!r} (grounds: {', '.join(letters)})"
            )
        who = None if seat is None else Seat.of(seat)
        if hand is not None and hand != self._hand_number:
            if not 1 <= hand < self._hand_number:
                raise GameError(f"no earlier hand {hand}")
            self._log.append(Event("report_new_deal_ground", who, {"ground": letter, "hand": hand}))
            self._raise(
                Irregularity.PACK_INCORRECT,
                who,
                data={"ground": letter, "hand": hand},
                options=(),
                note="found after the play of that deal: a prior score, not affected (Case 3)",
            )
            return
        if letter == "f":
            if self._phase is not Phase.DECLARE or self._calls_in_hand:
                raise IrregularityError(
                    "the cut's omission must be pointed out before the deal is complete and "
                    "before looking at the cards [A37 f; B38 f]"
                )
            self._log.append(Event("report_new_deal_ground", who, {"ground": letter, "hand": None}))
            self._raise(Irregularity.PACK_NOT_CUT, self._dealer, data={"ground": letter})
            return
        kind = (
            Irregularity.PACK_INCORRECT
            if letter == "b"
            else Irregularity.WRONG_HAND_SIZES
            if letter == "wrong_hand_sizes"
            else Irregularity.NEW_DEAL_GROUND
        )
        self._code.rule(kind)
        self._log.append(Event("report_new_deal_ground", who, {"ground": letter, "hand": None}))
        ruling = self._raise(kind, None, data={"ground": letter}, options=())
        self._void_hand(ruling)

    def report_dealer_looked(
        self, card: Card | str | int, *, seat: Seat | int | str | None = None
    ) -> None:
        """The dealer looked at `card` before fifty-one cards were dealt (Bridge (Elwell, 1906), Law 39 (c); Bridge (Elwell, 1907)): "his adversaries have the right to see it, and the eldest hand may exact a new
        deal" (the same dealer deals again, Law 37). Like every claim of Law 39 it is made before the
        deal is completed (Law 39 (d)), so before the first call; declined, the deal stands. The
        ruling's data names the card, its holder and the adversaries it is shown to.

        Raises:
            GameError: strict game, a law set whose code has no such law (Auction 1912), the
                declaring has begun, or a decision pending.
        """
        self._need_lenient("report_dealer_looked")
        self._require(Irregularity.DEALER_LOOKED, GameError, "the dealer looked at a card")
        if self._phase is not Phase.DECLARE or self._calls_in_hand:
            raise GameError(
                "the dealer's look at a card is claimed before the deal is completed "
                "[Bridge (Elwell, 1906), Law 39 (c, d)]"
            )
        self._check_free()
        looked = _parse_card(card)
        holder = next(
            candidate for candidate in Seat if self._deal[candidate].mask >> int(looked) & 1
        )
        who = None if seat is None else Seat.of(seat)
        self._log.append(Event("report_dealer_looked", who, {"card": str(looked)}))
        self._raise(
            Irregularity.DEALER_LOOKED,
            self._dealer,
            data={
                "card": str(looked),
                "holder": holder.letter,
                "shown_to": [self._dealer.lho.letter, self._dealer.rho.letter],
            },
        )

    def report_dealt_out_of_turn(
        self,
        dealer: Seat | int | str,
        *,
        seat: Seat | int | str | None = None,
        before_last_card: bool = False,
    ) -> None:
        """The hand was dealt by `dealer` out of turn (A40; B43). Auction 1912: corrected (a
        new deal by the rightful dealer) before the last card is dealt; after it the deal
        stands and `dealer` is the dealer, the deal passing to his left. Bridge: the
        adversaries may correct it (before the next deal) or let it stand.

        Raises:
            GameError: strict game, or the declaring has begun.
        """
        self._need_lenient("report_dealt_out_of_turn")
        self._require(Irregularity.DEALT_OUT_OF_TURN, GameError, "a deal out of turn")
        if self._phase is not Phase.DECLARE or self._calls_in_hand:
            raise GameError("a deal out of turn is reported before the first call")
        self._check_free()
        actual = Seat.of(dealer)
        if actual == self._dealer:
            raise GameError(f"{actual.name.title()} is the rightful dealer")
        permanent = self._law.compulsory_dummy is not None
        if permanent and actual == self._dealer.partner:
            raise GameError(f"{actual.name.title()} is the dummy: nobody sits there to deal")
        who = None if seat is None else Seat.of(seat)
        self._log.append(
            Event(
                "report_dealt_out_of_turn",
                who,
                {"dealer": actual.letter, "before_last_card": before_last_card},
            )
        )
        data = {"dealer": actual.letter, "rightful": self._dealer.letter}
        rule = self._code.rule(Irregularity.DEALT_OUT_OF_TURN)
        if rule.claimant is Claimant.NONE:  # A40: the law decides by when it is found
            if before_last_card:
                ruling = self._raise(
                    Irregularity.DEALT_OUT_OF_TURN,
                    actual,
                    data=data,
                    options=self._options(Irregularity.DEALT_OUT_OF_TURN, ("let_stand",)),
                )
                self._decide_now(ruling, "new_deal")
            else:
                ruling = self._raise(
                    Irregularity.DEALT_OUT_OF_TURN,
                    actual,
                    data=data,
                    options=self._options(Irregularity.DEALT_OUT_OF_TURN, ("new_deal",)),
                )
                self._decide_now(ruling, "let_stand")
            return
        if permanent:
            # Three-handed Bridge: the holder of the permanent dummy deals every hand of his
            # game or rubber (Bridge (Elwell, 1906), Bridge for Three Players). Letting another
            # player's deal stand would move the dummy; the deal is corrected or nothing.
            self._raise(
                Irregularity.DEALT_OUT_OF_TURN,
                actual,
                data=data,
                options=self._options(Irregularity.DEALT_OUT_OF_TURN, ("let_stand",)),
            )
            return
        self._raise(Irregularity.DEALT_OUT_OF_TURN, actual, data=data)

    def report_short_hand(self, *, seat: Seat | int | str) -> None:
        """A hand found short after its holder has played (A38; Bridge (Elwell, 1907)): the deal stands and
        the player (not dummy) answers for his revokes. The engine deals only full hands, so
        this records the report.

        Raises:
            GameError: strict game, or not the play phase.
        """
        self._need_lenient("report_short_hand")
        self._require(Irregularity.SHORT_HAND, GameError, "a short hand")
        if self._phase is not Phase.PLAY:
            raise GameError("a short hand is found during the play")
        s = Seat.of(seat)
        self._log.append(Event("report_short_hand", s, {}))
        self._raise(Irregularity.SHORT_HAND, s, data={"deal_stands": True})
