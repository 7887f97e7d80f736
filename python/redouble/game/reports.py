"""Things done and said at the table (``strict=False``): exposed cards, remarks, reports."""

from __future__ import annotations

from .._check import as_card, as_seat, shown
from ..cards import Card, Seat
from ..errors import GameError, IllegalPlayError
from ..irregularities import Irregularity, IrregularityError
from ..irregularities.play_rulings import judge_call_exposed_card, judge_short_hand
from ..irregularities.rulings import (
    judge_consent,
    judge_dealer_looked,
    judge_dealt_out_of_turn,
    judge_expose,
    judge_new_deal_ground,
    judge_remark,
)
from .events import Phase
from .remedies import _Remedies


class _Reports(_Remedies):
    """Exposed cards, consents, remarks and reports of a bad deal (internal)."""

    def expose(
        self,
        card: Card | str | int,
        *,
        seat: Seat | int | str,
        during_deal: bool = False,
    ) -> None:
        """A card exposed (dropped face up, shown, named as held; Auction Bridge (1912), Law 68):
        rectified by when it happens — during the deal (Auction Bridge (1912), Law 37 (c); Bridge
        (Elwell, 1906), Law 39), before the final declaration (Auction Bridge (1912), Law 65; Bridge
        (Elwell, 1906), Law 67), before the opening lead (Auction Bridge (1912), Law 66), or in the
        play (Auction Bridge (1912), Law 67; Bridge (Elwell, 1906), Law 69). A card dropped below
        the table, or seen only by an adversary, is not exposed (Auction Bridge (1912), Law 69): do
        not record it.

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
        exposed = as_card(card)
        held = (
            self._table.holds(player, exposed)
            if self._table is not None
            else bool(self._deal[player].mask >> int(exposed) & 1)
        )
        if not held:
            raise IllegalPlayError(f"{player.name.title()} does not hold {exposed}")
        self._apply_outcome(judge_expose(self._view(), player, exposed, during_deal))

    def call_exposed_card(
        self, card: Card | str | int, *, seat: Seat | int | str | None = None
    ) -> None:
        """The declarer calls an exposed card: its holder must play it at his next turn, unless that
        would oblige a revoke (Auction Bridge (1912), Laws 74, 75; Bridge (Elwell, 1906), Laws 79,
        80). The call may be repeated until the card is played.

        Raises:
            GameError: strict game, not the play phase, or the card is not liable to be called.
        """
        self._need_lenient("call_exposed_card")
        self._apply_outcome(judge_call_exposed_card(self._view(), card, seat))

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
        self._apply_outcome(judge_consent(self._view(), who))

    def remark(
        self,
        kind: Irregularity | str,
        *,
        seat: Seat | int | str,
        card: Card | str | int | None = None,
    ) -> None:
        """Something said or done at the table that the laws rectify: information about the
        declarations (Auction Bridge (1912), Law 51), an unauthorised reference (Auction Bridge
        (1912), Law 93; Bridge (Elwell, 1906), Law 101), calling attention to the trick (Auction
        Bridge (1912), Law 92; Bridge (Elwell, 1906), Law 100), winning cards led without waiting
        (Auction Bridge (1912), Law 71), dummy's rights and interventions (Auction Bridge (1912),
        Laws 60-62; Bridge (Elwell, 1906), Laws 61-64), new cards and bystanders (no effect), and
        the third hand's "Shall I play?" under the Spade Convention (Bridge (Elwell, 1906), Spade
        Convention (II): kind ``spade_convention_premature_play``, during the doubling).

        Raises:
            GameError: strict game, or the remark does not fit the moment or the seat.
            IrregularityError: the law set's code has no law on it.
        """
        self._need_lenient("remark")
        remark_kind = Irregularity(kind)
        self._apply_outcome(judge_remark(self._view(), remark_kind, seat, card))

    # -- deal ------------------------------------------------------------------------------------------
    def report_new_deal_ground(
        self,
        ground: str,
        *,
        seat: Seat | int | str | None = None,
        hand: int | None = None,
    ) -> None:
        """A new-deal condition discovered: a ground letter of the law set's dealing laws (Auction
        Bridge (1912), Law 37 (a-g); Bridge (Elwell, 1906), Law 38 (a-f); Bridge (Elwell, 1907), Law
        38 (g)), or "wrong_hand_sizes" (Auction Bridge (1912), Law 39). Compulsory grounds void the
        deal and the same dealer deals again; "f" (the pack not cut) needs an adversary's claim; "b"
        (the pack incorrect) found during the play voids only the current deal (Auction Bridge
        (1912), Law 39; Bridge (Elwell, 1906), Law 42); reported for an earlier `hand`, the score
        stands (Case 3). "wrong_hand_sizes" reported for the hand whose play has just concluded
        (`hand`, before the first call of the next deal, or when that hand ended the session)
        voids that deal: "if during or at the conclusion of the play one player be found to hold
        more than the proper number of cards and another have an equal number less, the deal is
        void" (Auction Bridge (1912), Law 39). Its score is withdrawn, the session stands as it
        did before it, and its dealer deals again.

        Raises:
            GameError: strict game, the game is over, or a decision pending.
            IrregularityError: the law set has no such ground.
        """
        self._need_lenient("report_new_deal_ground")
        self._require(Irregularity.NEW_DEAL_GROUND, GameError, "a new-deal ground")
        letter = ground.strip().lower()
        concluded = self._concluded_hand()
        at_conclusion = letter == "wrong_hand_sizes" and (
            # the play over, revoke claims still being settled, or just scored (Law 39)
            (hand is None and self._phase is Phase.SETTLE)
            or (hand is not None and hand == concluded)
        )
        if self._phase not in (Phase.DECLARE, Phase.PLAY) and not at_conclusion:
            raise GameError("no deal is in progress")
        self._check_free()
        letters = [entry.split(":")[0].strip() for entry in self._law.dealing.new_deal_grounds]
        if letter not in letters and letter != "wrong_hand_sizes":
            raise IrregularityError(
                f"{self._law.short_title} has no new-deal ground {shown(ground)} (grounds: {', '.join(letters)})"
            )
        who = None if seat is None else Seat.of(seat)
        self._apply_outcome(
            judge_new_deal_ground(
                self._view(), letter, who, hand, self._hand_number, concluded=concluded
            )
        )

    def report_dealer_looked(
        self, card: Card | str | int, *, seat: Seat | int | str | None = None
    ) -> None:
        """The dealer looked at `card` before fifty-one cards were dealt (Bridge (Elwell, 1906), Law
        39 (c); Bridge (Elwell, 1907)): "his adversaries have the right to see it, and the eldest
        hand may exact a new deal" (the same dealer deals again, Law 37). Like every claim of Law 39
        it is made before the deal is completed (Law 39 (d)), so before the first call; declined,
        the deal stands. The ruling's data names the card, its holder and the adversaries it is
        shown to.

        Raises:
            GameError: strict game, a law set whose code has no such law (Auction Bridge
                (1912)), the declaring has begun, or a decision pending.
        """
        self._need_lenient("report_dealer_looked")
        self._require(Irregularity.DEALER_LOOKED, GameError, "the dealer looked at a card")
        self._apply_outcome(judge_dealer_looked(self._view(), card, seat))

    def report_dealt_out_of_turn(
        self,
        dealer: Seat | int | str,
        *,
        seat: Seat | int | str | None = None,
        before_last_card: bool = False,
    ) -> None:
        """The hand was dealt by `dealer` out of turn (Auction Bridge (1912), Law 40; Bridge
        (Elwell, 1906), Law 43). Auction Bridge (1912): corrected (a new deal by the rightful
        dealer) before the last card is dealt; after it the deal stands and `dealer` is the dealer,
        the deal passing to his left. Bridge: the adversaries may correct it (before the next deal)
        or let it stand.

        Raises:
            GameError: strict game, or the declaring has begun.
        """
        self._need_lenient("report_dealt_out_of_turn")
        self._require(Irregularity.DEALT_OUT_OF_TURN, GameError, "a deal out of turn")
        if self._phase is not Phase.DECLARE or self._calls_in_hand:
            raise GameError("a deal out of turn is reported before the first call")
        self._check_free()
        actual = as_seat(dealer, "dealer")
        self._apply_outcome(judge_dealt_out_of_turn(self._view(), actual, seat, before_last_card))

    def report_short_hand(self, *, seat: Seat | int | str) -> None:
        """A hand found short after its holder has played (Auction Bridge (1912), Law 38; Bridge
        (Elwell, 1907)): the deal stands and the player (not dummy) answers for his revokes. The
        engine deals only full hands, so this records the report.

        Raises:
            GameError: strict game, or not the play phase.
        """
        self._need_lenient("report_short_hand")
        self._apply_outcome(judge_short_hand(self._view(), seat))
