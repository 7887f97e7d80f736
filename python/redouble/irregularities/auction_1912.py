"""The rule table of Auction Bridge (Whist Club of New York, 1912): Laws 36-97 and Cases 1-8."""

from __future__ import annotations

from .catalogue import (
    Claimant,
    Irregularity,
    IrregularityCode,
    Rule,
)
from .rule_tables import (
    _DEADLINE_BEFORE_ADVERSARY_ACTS,
    _DEADLINE_NEXT_CUT,
    _DEADLINE_QUITTED,
    _DEADLINE_REVOKE_FIX,
    _DEADLINE_SECOND_HAND,
    _T_WAIVE,
    _WAIVE,
    _o,
    _second_hand_options,
)


def _auction_1912() -> IrregularityCode:
    s = "Auction Bridge (1912),"
    r: list[Rule] = [
        Rule(
            Irregularity.NEW_DEAL_GROUND,
            f"{s} Law 37 (a-e, g); Law 39",
            Claimant.NONE,
            (
                _o(
                    "new_deal",
                    "new deal by the same dealer",
                    f"{s} Law 37; Auction Bridge (1912), Law 36",
                ),
            ),
            note="compulsory: the deal is void and the same player deals again",
        ),
        Rule(
            Irregularity.PACK_NOT_CUT,
            f"{s} Law 37 (f)",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "demand a new deal", f"{s} Law 37 (f)"),
                _o(_WAIVE, "let the deal stand", f"{s} Law 37 (f)"),
            ),
            # Law 37 (f): once either adversary has looked at his cards, neither may claim.
            deadline="before the deal is completed and before either adversary has looked at "
            "any of his cards",
        ),
        Rule(
            Irregularity.CARD_EXPOSED_IN_DEAL,
            f"{s} Law 37 (c)",
            Claimant.NONE,
            (_o("new_deal", "new deal by the same dealer", f"{s} Law 37 (c)"),),
            note="compulsory: a card faced in the pack or exposed during the deal",
        ),
        Rule(
            Irregularity.SHORT_HAND,
            f"{s} Law 38",
            Claimant.NONE,
            (),
            note="the deal stands; the short player (not dummy) answers for his revokes as if "
            "the missing cards were in his hand; the other pack may be searched",
        ),
        Rule(
            Irregularity.PACK_INCORRECT,
            f"{s} Law 39; Case 3",
            Claimant.NONE,
            (_o("new_deal", "the current deal is void; prior scores stand", f"{s} Law 39"),),
            note="found during the play: the current deal is void; found after the play "
            "(Case 3): the score stands",
        ),
        Rule(
            Irregularity.WRONG_HAND_SIZES,
            f"{s} Law 39",
            Claimant.NONE,
            (_o("new_deal", "the deal is void", f"{s} Law 39"),),
            note="found during or at the conclusion of the play (its score, if entered, "
            "withdrawn): the deal is void; found once the next deal's auction has begun: the "
            "score stands (Case 3)",
        ),
        Rule(
            Irregularity.DEALT_OUT_OF_TURN,
            f"{s} Law 40",
            Claimant.NONE,
            (
                _o("new_deal", "correct it: the rightful dealer deals", f"{s} Law 40"),
                _o("let_stand", "the deal stands; the next deal passes to the left", f"{s} Law 40"),
            ),
            deadline="before the last card is dealt, and not by a player who (or whose partner) "
            "has looked at his cards",
        ),
        Rule(
            Irregularity.DECLARATION_OUT_OF_TURN,
            f"{s} Law 49",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "demand a new deal", f"{s} Law 49"),
                _o(
                    "let_stand",
                    "let the declaration stand; bidding continues as if in order",
                    f"{s} Law 49",
                ),
            ),
            note="either adversary may decide; the partners may consult, and the first decision "
            "made is final (Case 1)",
        ),
        Rule(
            Irregularity.PASS_OUT_OF_TURN,
            f"{s} Law 49 (a declaration 'other than passing')",
            Claimant.NONE,
            (),
            blocking=False,
            note="no penalty: the pass is void and the rightful player calls [redouble's decision]",
        ),
        Rule(
            Irregularity.INSUFFICIENT_DECLARATION,
            f"{s} Law 50",
            Claimant.ADVERSARIES,
            (
                _o(
                    "penalise",
                    "the offender must make his bid sufficient and his partner may not declare "
                    "again unless an adversary bids or doubles",
                    f"{s} Law 50; Case 2",
                    # Auction Bridge (1912), Law 50, verbatim.
                    "the declarer must make his bid sufficient and his partner is debarred from "
                    "making any further declaration unless an adversary subsequently bids or "
                    "doubles",
                ),
                _o(
                    "condone",
                    "no penalty: the offender substitutes any legal call",
                    f"{s} Law 52 [redouble's decision when no penalty is demanded]",
                ),
            ),
            deadline=_DEADLINE_BEFORE_ADVERSARY_ACTS,
        ),
        Rule(
            Irregularity.IMPOSSIBLE_DECLARATION,
            f"{s} Law 50",
            Claimant.ADVERSARIES,
            (
                _o(
                    "accept",
                    "the offender is deemed to have bid seven (all the tricks) in that "
                    "declaration; his partner may not declare again unless an adversary bids "
                    "or doubles",
                    f"{s} Law 50",
                    # Auction Bridge (1912), Law 50, verbatim.
                    "the declarer is considered to have bid to take all the tricks and his "
                    "partner cannot further declare unless an adversary subsequently bids or "
                    "doubles",
                ),
                _o("new_deal", "demand a new deal", f"{s} Law 50"),
                _o(
                    "previous_final",
                    "treat his own or his partner's last previous declaration as final",
                    f"{s} Law 50",
                ),
            ),
            deadline=_DEADLINE_BEFORE_ADVERSARY_ACTS,
        ),
        Rule(
            Irregularity.DECLARATION_CORRECTED,
            f"{s} Law 52; Case 2",
            Claimant.NONE,
            (),
            blocking=False,
            note="no penalty, unless an adversary has called attention to the declaration",
        ),
        Rule(
            Irregularity.DOUBLE_OUT_OF_TURN,
            f"{s} Law 57",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "demand a new deal", f"{s} Law 57"),
                _o(
                    "let_stand",
                    "let the double stand as if in order",
                    f"{s} Law 57 [redouble's decision, as Law 49, when no new deal is demanded]",
                ),
            ),
        ),
        Rule(
            Irregularity.ILLEGAL_DOUBLE,
            f"{s} Law 54; Case 6",
            Claimant.NONE,
            (),
            blocking=False,
            note="forbidden but not penalised: the double has no effect and the score counts "
            "as it stood (Case 6); the call takes the player's turn [redouble's decision]",
        ),
        Rule(
            Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION,
            f"{s} Law 65",
            Claimant.DECLARER,
            (
                _o(
                    "prohibit_suit",
                    "prohibit the lead of the exposed card's suit (the offender's partner is the "
                    "original leader)",
                    f"{s} Law 65",
                    # Auction Bridge (1912), Law 65, verbatim.
                    "prohibit the suit of the exposed card being the initial lead",
                ),
                _o(_WAIVE, "allow any opening lead", f"{s} Law 65"),
            ),
            note="the offender's partner may not bid or double again that hand; the card is "
            "subject to call",
        ),
        Rule(
            Irregularity.CARD_EXPOSED_BEFORE_LEAD,
            f"{s} Law 66",
            Claimant.DECLARER,
            (
                _o(
                    "prohibit_suit",
                    "call the card and also prohibit the lead of its suit",
                    f"{s} Law 66",
                    # Auction Bridge (1912), Law 66, verbatim.
                    "in addition to calling the card, prohibit the lead of the suit of the "
                    "exposed card",
                ),
                _o("call_card", "call the card only", f"{s} Law 66"),
            ),
            note="exposed by the leader's partner; a card the rightful leader exposes is only "
            "subject to call",
        ),
        Rule(
            Irregularity.INFORMATION_AFTER_FINAL_DECLARATION,
            f"{s} Law 51",
            Claimant.DECLARER,
            (
                _o(
                    "call_suit",
                    "call a lead from the adversary whose turn it next is to lead",
                    f"{s} Law 51",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} Law 51"),
            ),
            note="anyone may ask what the final declaration is",
        ),
        Rule(
            Irregularity.EXPOSED_CARD,
            f"{s} Laws 67-69",
            Claimant.DECLARER,
            (),
            blocking=False,
            note="the card is left face up and liable to be called; the call may be repeated "
            "until it is played (Law 75) and never compels a revoke (Law 74); a card dropped below the "
            "table or seen only by an adversary is not exposed (Law 69); cards the declarer exposes "
            "are never called (Law 72)",
        ),
        Rule(
            Irregularity.LEAD_OUT_OF_TURN,
            f"{s} Laws 76, 78",
            Claimant.DECLARER,
            (
                _o("treat_as_exposed", "treat the card led as an exposed card", f"{s} Law 76"),
                _o(
                    "call_suit",
                    "call a suit when it is next either adversary's turn to lead",
                    f"{s} Law 76",
                ),
                _o("accept", "let the lead stand", f"{s} Law 78"),
            ),
            deadline="before all three others have followed (then the trick stands, Law 78)",
            blocking=False,
        ),
        Rule(
            Irregularity.DECLARER_LEAD_OUT_OF_TURN,
            f"{s} Law 77",
            Claimant.OFFENDER,
            (
                _o("retract", "take the lead back (no penalty)", f"{s} Law 77"),
                _o("accept", "let the lead stand", f"{s} Laws 77, 78"),
            ),
            deadline=_DEADLINE_SECOND_HAND,
            blocking=False,
        ),
        Rule(
            Irregularity.CALLED_SUIT_NOT_HELD,
            f"{s} Law 79",
            Claimant.NONE,
            (),
            blocking=False,
            note="the penalty is paid",
        ),
        Rule(
            Irregularity.FAILURE_TO_COMPLY,
            f"{s} Law 73",
            Claimant.OFFENDER,
            (_o("correct", "correct the play", f"{s} Law 73"),),
            deadline=_DEADLINE_QUITTED,
            blocking=False,
            note="liable to the penalty for a revoke unless corrected in time",
        ),
        Rule(
            Irregularity.PLAYED_BEFORE_TURN,
            f"{s} Law 80",
            Claimant.DECLARER,
            _second_hand_options(f"{s} Law 80", "second hand"),
            note="the offender is the fourth hand, not dummy or declarer",
        ),
        Rule(
            Irregularity.ATTENTION_TO_TRICK,
            f"{s} Law 92",
            Claimant.DECLARER,
            _second_hand_options(f"{s} Law 92", "partner"),
        ),
        Rule(
            Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING,
            f"{s} Law 71",
            Claimant.DECLARER,
            (
                _o(
                    "win",
                    "the offender's partner must win the trick if he can (the other cards so "
                    "played are exposed)",
                    f"{s} Law 71",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} Law 71"),
            ),
        ),
        Rule(
            Irregularity.TWO_CARDS_PLAYED,
            f"{s} Laws 70, 82",
            Claimant.DECLARER,
            (
                _o(
                    "to_trick",
                    "call one of the cards to the trick; the others are exposed",
                    f"{s} Law 70",
                ),
            ),
            note="the declarer who plays two cards chooses himself, and his cards are not "
            "called (Law 72)",
        ),
        Rule(
            Irregularity.CARD_OMITTED,
            f"{s} Law 81",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "claim a new deal", f"{s} Law 81"),
                _o(
                    "deal_stands",
                    "the deal stands: the surplus card is deemed played to the imperfect trick "
                    "(no revoke there)",
                    f"{s} Law 81",
                ),
            ),
        ),
        Rule(
            Irregularity.SURPLUS_CARD,
            f"{s} Law 82",
            Claimant.NONE,
            (),
            blocking=False,
            note="the trick holding a surplus card is examined and the card restored to its "
            "holder (not dummy), who is liable for any revoke he has meanwhile made; the "
            "surplus card never counted in the trick [redouble's decision]",
        ),
        Rule(
            Irregularity.REVOKE_QUESTION,
            f"{s} Law 85",
            Claimant.NONE,
            (),
            blocking=False,
            note="asked before the trick is turned and quitted: quitting it does not establish "
            "the revoke, which may be corrected unless the question is answered in the "
            "negative or the revoking player or his partner has led or played to the "
            "following trick",
        ),
        Rule(
            Irregularity.REVOKE,
            f"{s} Law 83",
            Claimant.OFFENDER,
            (_o("correct", "correct the revoke", f"{s} Laws 85, 86"),),
            deadline=_DEADLINE_REVOKE_FIX,
            blocking=False,
        ),
        Rule(
            Irregularity.REVOKE_CORRECTED,
            f"{s} Law 86",
            Claimant.DECLARER,
            (
                _o(
                    "expose",
                    "the card played in error is exposed; the declarer may call it whenever he "
                    "pleases",
                    f"{s} Law 86",
                    # Auction Bridge (1912), Law 86, verbatim.
                    "the card played in error is exposed and the declarer may call it whenever "
                    "he pleases",
                ),
                _o(
                    "highest",
                    "the offender plays his highest card of the suit to the trick",
                    f"{s} Law 86",
                ),
                _o(
                    "lowest",
                    "the offender plays his lowest card of the suit to the trick",
                    f"{s} Law 86",
                ),
            ),
            note="the players who followed may withdraw their cards, which are not exposed; no "
            "penalty against the declarer",
        ),
        Rule(
            Irregularity.DUMMY_REVOKE,
            f"{s} Law 63",
            Claimant.NONE,
            (_o("correct", "correct dummy's card", f"{s} Law 63"),),
            deadline=_DEADLINE_QUITTED,
            blocking=False,
            note="dummy is not liable to the revoke penalty; once the trick is quitted it stands",
        ),
        Rule(
            Irregularity.REVOKE_CLAIM,
            f"{s} Laws 84, 88, 89",
            Claimant.ADVERSARIES,
            (
                _o(
                    "points", "150 in the honour column, 100 for each further revoke", f"{s} Law 84"
                ),
                _o(
                    "tricks",
                    "take three tricks from the revoking side (no doubled bonus, no slam), 100 "
                    "for each further revoke",
                    f"{s} Law 84 (b)",
                ),
                _o(_WAIVE, "do not claim the revoke", f"{s} Law 88"),
            ),
            deadline=_DEADLINE_NEXT_CUT,
            blocking=False,
            note="the declarer's side revoking: 150 to the adversaries besides any undertricks "
            "(Law 84 (a)); a revoking side scores only honours and chicane; both sides revoking: only "
            "honours and chicane, 100 for each extra revoke (Law 89)",
        ),
        Rule(
            Irregularity.DUMMY_RIGHT,
            f"{s} Law 60",
            Claimant.NONE,
            (),
            blocking=False,
            note="dummy may ask about a renounce, point out too many or too few cards in a "
            "trick, correct a claim to a penalty, a trick wrongly taken or the score, and join "
            "a dispute of fact",
        ),
        Rule(
            Irregularity.DUMMY_INTERVENTION,
            f"{s} Law 61",
            Claimant.NONE,
            (),
            blocking=False,
            note="the declarer is precluded from exacting the penalty",
        ),
        Rule(
            Irregularity.DUMMY_SUGGESTS_CARD,
            f"{s} Law 62",
            Claimant.ADVERSARIES,
            (
                _o("play_suggested", "the declarer must play the card suggested", f"{s} Law 62"),
                _o(
                    "not_play_suggested",
                    "the declarer must not play the card suggested",
                    f"{s} Law 62",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} Law 62"),
            ),
        ),
        Rule(
            Irregularity.UNAUTHORISED_REFERENCE,
            f"{s} Law 93",
            Claimant.DECLARER,
            (
                _o(
                    "call_suit",
                    "call a suit from the adversary whose turn it next is to lead",
                    f"{s} Law 93",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} Law 93"),
            ),
            note="warning a partner that he is about to lead out of turn is allowed",
        ),
        Rule(
            Irregularity.CLAIM,
            f"{s} Law 72; Case 8",
            Claimant.ADVERSARIES,
            (
                _o(
                    "concede", "accept the claim (a concession stands: Etiquette 10)", f"{s} Law 72"
                ),
                _o(
                    "play_out",
                    "require the declarer to place his cards face upward and play on; the "
                    "adversaries' cards then exposed are not called",
                    f"{s} Law 72",
                ),
            ),
        ),
        Rule(
            Irregularity.CARDS_THROWN_DOWN,
            f"{s} Law 72",
            Claimant.DECLARER,
            (),
            blocking=False,
            note="the cards are exposed and liable to be called, unless thrown down after the "
            "declarer's claim; a player who keeps his hand cannot be forced to abandon it",
        ),
        Rule(
            Irregularity.CONSULTATION,
            "Case 1",
            Claimant.NONE,
            (),
            blocking=False,
            note="the partners may consult; the first decision made is final",
        ),
        Rule(
            Irregularity.NEW_CARDS,
            f"{s} Laws 95, 96",
            Claimant.NONE,
            (),
            blocking=False,
            note="no effect on play or score",
        ),
        Rule(
            Irregularity.BYSTANDER,
            f"{s} Law 97",
            Claimant.NONE,
            (),
            blocking=False,
            note="no effect on play or score; a bystander who calls attention to an oversight "
            "may be made to pay the stakes lost",
        ),
    ]
    return IrregularityCode(
        name="auction_1912",
        rules={x.kind: x for x in r},
        consultation_forfeits=False,
        wrong_penalty_forfeits=False,
        sources={
            "consultation_forfeits": "Case 1; M. C. Work, Auction of To-day (1913), Introduction (ban abolished in 1912)",
            "wrong_penalty_forfeits": "M. C. Work, Auction of To-day (1913), Introduction (rule abolished in 1912)",
        },
    )
