"""The rule table of Bridge (1906-07, and its three-handed, duplicate and progressive forms)."""

from __future__ import annotations

from .auction_1912 import _auction_1912
from .catalogue import (
    Claimant,
    Irregularity,
    IrregularityCode,
    Rule,
)
from .rule_tables import (
    _DEADLINE_DEAL,
    _DEADLINE_NEXT_CUT,
    _DEADLINE_QUITTED,
    _DEADLINE_REVOKE_FIX,
    _DEADLINE_SECOND_HAND,
    _T_WAIVE,
    _WAIVE,
    _o,
    _second_hand_options,
)


def _bridge_1906() -> IrregularityCode:
    s = "Bridge (Elwell, 1906),"
    fb = (
        "[redouble's decision: the Auction Bridge (1912) law applies, flag bridge_exposed_card_def]"
    )
    auction = _auction_1912().rules
    r: list[Rule] = [
        Rule(
            Irregularity.NEW_DEAL_GROUND,
            f"{s} Law 38 (a-e); Bridge (Elwell, 1907), A New Deal (g)",
            Claimant.NONE,
            (
                _o(
                    "new_deal",
                    "new deal by the same dealer ('there is no misdeal')",
                    f"{s} Laws 37, 42",
                ),
            ),
            note="compulsory",
        ),
        Rule(
            Irregularity.PACK_NOT_CUT,
            f"{s} Law 38 (f)",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "demand a new deal", f"{s} Law 38 (f)"),
                _o(_WAIVE, "let the deal stand", f"{s} Law 38 (f)"),
            ),
            deadline=_DEADLINE_DEAL,
        ),
        Rule(
            Irregularity.CARD_EXPOSED_IN_DEAL,
            f"{s} Law 39 (a, b, d); Law 40",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "claim a new deal", f"{s} Law 39"),
                _o(_WAIVE, "no new deal: the card cannot be called", f"{s} Law 40"),
            ),
            deadline=_DEADLINE_DEAL,
            note="exposed by the dealer or his partner: the eldest hand claims (a); by an "
            "adversary: the dealer or his partner (b)",
        ),
        Rule(
            Irregularity.DEALER_LOOKED,
            f"{s} Law 39 (c)",
            Claimant.ELDEST_HAND,
            (
                _o("new_deal", "exact a new deal", f"{s} Law 39 (c)"),
                _o(
                    _WAIVE,
                    "let the deal stand (the adversaries may see the card)",
                    f"{s} Law 39 (c)",
                ),
            ),
            deadline=_DEADLINE_DEAL,
        ),
        Rule(
            Irregularity.SHORT_HAND,
            "Bridge (Elwell, 1907), A New Deal (short hand)",
            Claimant.NONE,
            (),
            note="the deal stands; the short player (not dummy) answers for his revokes",
        ),
        Rule(
            Irregularity.PACK_INCORRECT,
            f"{s} Laws 38 (b), 42",
            Claimant.NONE,
            (_o("new_deal", "the current deal is void; the dealer deals again", f"{s} Law 42"),),
        ),
        Rule(
            Irregularity.DEALT_OUT_OF_TURN,
            f"{s} Law 43",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "correct it: the rightful dealer deals", f"{s} Law 43"),
                _o(
                    "let_stand",
                    "let the deal stand",
                    f"{s} Law 43 [redouble's decision when not corrected]",
                ),
            ),
            deadline="before the cards are dealt for the following deal",
        ),
        Rule(
            Irregularity.MAKE_WITHOUT_PERMISSION,
            f"{s} Law 46",
            Claimant.ELDEST_HAND,
            (
                _o(
                    "let_stand",
                    "let the trump stand",
                    f"{s} Law 46; [completed from Elwell's 1907 revision]",
                ),
                _o(
                    "new_deal",
                    "demand a new deal",
                    f"{s} Law 46; [completed from Elwell's 1907 revision]",
                ),
            ),
            deadline="before any declaration as to doubling",
        ),
        Rule(
            Irregularity.PASS_BACK,
            f"{s} Law 47",
            Claimant.ELDEST_HAND,
            (
                _o("new_deal", "claim a new deal", f"{s} Law 47"),
                _o(
                    "compel",
                    "compel the dealer's partner to declare the trump",
                    f"{s} Law 47",
                    "compel the offending player to declare the trump",  # Bridge (Elwell, 1906), Law 47 verbatim
                ),
            ),
            deadline="before any declaration as to doubling",
        ),
        Rule(
            Irregularity.ADVERSARY_DECLARES,
            f"{s} Law 48",
            Claimant.DEALER,
            (
                _o("new_deal", "claim a new deal", f"{s} Law 48"),
                _o("proceed", "proceed as if no declaration had been made", f"{s} Law 48"),
            ),
            note="the dealer decides after looking at his hand",
        ),
        Rule(
            Irregularity.DOUBLE_OUT_OF_TURN,
            f"{s} Laws 54, 59",
            Claimant.MAKER,
            (
                _o("let_stand", "the double stands; re-doubling continues", f"{s} Laws 54, 59"),
                _o("void", "the double does not stand", f"{s} Laws 54, 59"),
            ),
            note="the dealer's right-hand adversary doubled before his partner asked 'May I lead?'",
        ),
        Rule(
            Irregularity.ILLEGAL_DOUBLE,
            f"{s} the line closing the laws of doubling, after Law 60 ('A declaration as to "
            f"doubling or re-doubling once made cannot be altered'); {fb}",
            Claimant.NONE,
            (),
            blocking=False,
            note="no law penalises it: no effect [redouble's decision]",
        ),
        Rule(
            Irregularity.PASS_OUT_OF_TURN,
            f"{s} Law 59",
            Claimant.NONE,
            (),
            blocking=False,
            note="the dealer's right-hand adversary asks 'May I lead?' before the eldest hand "
            "has spoken: no penalty; the question is void and the eldest hand does not thereby "
            "lose his right to double",
        ),
        Rule(
            Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION,
            f"{s} Law 67",
            Claimant.ELDEST_HAND,
            (
                _o("new_deal", "claim a new deal (without consulting his partner)", f"{s} Law 67"),
                _o(_WAIVE, "let the deal stand", f"{s} Law 67"),
            ),
            note="exposed by the dealer or his partner before the trump is declared; a card an "
            f"adversary exposes is liable to be called {fb}",
        ),
        Rule(
            Irregularity.LEAD_DURING_DECLARING,
            f"{s} Laws 56, 60",
            Claimant.MAKER,
            (
                _o("call_suit", "call a suit from the eldest hand", f"{s} Law 60"),
                _o(_WAIVE, _T_WAIVE, f"{s} Law 60"),
            ),
            note="Law 60: the dealer's right-hand adversary led; the eldest hand may double only "
            "with the maker's consent. Law 56: the eldest hand led before the doubling was over; "
            "his partner may re-double only with the consent of the adversary who last doubled",
        ),
        Rule(
            Irregularity.SPADE_CONVENTION_PREMATURE_PLAY,
            f"{s} Spade Convention (II)",
            Claimant.MAKER,
            (
                _o(
                    "take_two",
                    "score two toward game for the maker's side; the hand is not played",
                    f"{s} Spade Convention (II)",
                    "take two on the score",  # Spade Convention II, verbatim
                ),
                _o(
                    "call_lead",
                    "call a suit for the eldest hand to lead; the hand is played out undoubled",
                    f"{s} Spade Convention (II)",
                    "call a lead",  # Spade Convention II, verbatim
                ),
            ),
            deadline="before the next call or card",
            note="the players agreed 'not to play spades' and the make is not to be played "
            "(Spade Convention (I)); the premature act is penalised, the card led taken back "
            "[redouble's decision]",
        ),
        Rule(
            Irregularity.EXPOSED_CARD,
            f"{s} Laws 69, 71, 80",
            Claimant.DECLARER,
            (),
            blocking=False,
            note="liable to be called, left face up; the call may be repeated at every trick "
            "until the card is played (Law 80) and never compels a revoke (Law 79); a card dropped "
            "below the table is not exposed (Law 71)",
        ),
        Rule(
            Irregularity.LEAD_OUT_OF_TURN,
            f"{s} Laws 76, 78",
            Claimant.DECLARER,
            (
                _o("treat_as_exposed", "call the card erroneously led", f"{s} Law 76"),
                _o(
                    "call_suit",
                    "call a suit when it is the turn of either adversary to lead",
                    f"{s} Law 76",
                ),
                _o("accept", "let the lead stand", f"{s} Law 78"),
            ),
            deadline="before all three others have followed (then the trick stands, Law 78)",
            blocking=False,
        ),
        Rule(
            Irregularity.DECLARER_LEAD_OUT_OF_TURN,
            f"{s} Law 77, Preface to the laws",
            Claimant.OFFENDER,
            (
                _o("retract", "take the lead back (no penalty)", f"{s} Law 77"),
                _o("accept", "let the lead stand", f"{s} Laws 77, 78"),
            ),
            deadline=_DEADLINE_SECOND_HAND,
            blocking=False,
        ),
        Rule(
            Irregularity.PLAYED_BEFORE_TURN,
            f"{s} Law 82",
            Claimant.DECLARER,
            _second_hand_options(f"{s} Law 82", "second hand"),
            note="the offender's partner is the second hand, not dummy or dealer",
        ),
        Rule(
            Irregularity.ATTENTION_TO_TRICK,
            f"{s} Law 100",
            Claimant.DECLARER,
            _second_hand_options(f"{s} Law 100", "partner"),
        ),
        Rule(
            Irregularity.TWO_CARDS_PLAYED,
            f"{s} Law 72",
            Claimant.DECLARER,
            (
                _o(
                    "to_trick",
                    "call one of the cards to the trick; the others stay face up and may be "
                    "called at any time",
                    f"{s} Law 72",
                ),
            ),
        ),
        Rule(
            Irregularity.CARD_OMITTED,
            f"{s} Law 83",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "claim a new deal", f"{s} Law 83"),
                _o(
                    "deal_stands",
                    "the deal stands: the surplus card is deemed played to the imperfect trick "
                    "(no revoke there)",
                    f"{s} Law 83",
                ),
            ),
        ),
        Rule(
            Irregularity.REVOKE,
            f"{s} Laws 85, 86",
            Claimant.OFFENDER,
            (_o("correct", "correct the revoke", f"{s} Law 91"),),
            deadline=_DEADLINE_REVOKE_FIX,
            blocking=False,
        ),
        Rule(
            Irregularity.REVOKE_CORRECTED,
            f"{s} Law 91",
            Claimant.DECLARER,
            (
                _o(
                    "expose",
                    "the card played in error is exposed; the dealer may call it whenever he "
                    "pleases",
                    f"{s} Law 91",
                    # Bridge (Elwell, 1906), Law 91, verbatim.
                    "the card played in error is an exposed card, and the dealer can call it "
                    "whenever he pleases",
                ),
                _o(
                    "highest",
                    "the offender plays his highest card of the suit to the trick",
                    f"{s} Law 91",
                ),
                _o(
                    "lowest",
                    "the offender plays his lowest card of the suit to the trick",
                    f"{s} Law 91",
                ),
            ),
            note="the players who followed may withdraw their cards, which are not exposed",
        ),
        Rule(
            Irregularity.DUMMY_REVOKE,
            f"{s} Law 85 (dummy excluded); {fb}",
            Claimant.NONE,
            (_o("correct", "correct dummy's card", f"{s} Law 85"),),
            deadline=_DEADLINE_QUITTED,
            blocking=False,
            note="dummy is not liable to the revoke penalty",
        ),
        Rule(
            Irregularity.REVOKE_CLAIM,
            f"{s} Laws 87-96",
            Claimant.ADVERSARIES,
            (
                _o(
                    "tricks",
                    "three tricks for each revoke from the revoking side (at most 13); the "
                    "revoking side cannot go beyond 28 toward game",
                    f"{s} Laws 87, 89, 96",
                ),
                _o(_WAIVE, "do not claim the revoke", f"{s} Law 94"),
            ),
            deadline=_DEADLINE_NEXT_CUT,
            blocking=False,
            note="both sides revoking: neither can win the game by that hand (Law 95); penalty "
            "tricks never count for slam (Law 7)",
        ),
        Rule(
            Irregularity.DUMMY_RIGHT,
            f"{s} Law 61 (a-g)",
            Claimant.NONE,
            (),
            blocking=False,
            note="no effect",
        ),
        Rule(
            Irregularity.DUMMY_INTERVENTION,
            f"{s} Law 63",
            Claimant.NONE,
            (),
            blocking=False,
            note="the dealer cannot exact the penalty",
        ),
        Rule(
            Irregularity.DUMMY_SUGGESTS_CARD,
            f"{s} Law 64",
            Claimant.ADVERSARIES,
            (
                _o("play_suggested", "the dealer must play the card suggested", f"{s} Law 64"),
                _o(
                    "not_play_suggested",
                    "the dealer must not play the card suggested",
                    f"{s} Law 64",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} Law 64"),
            ),
            note="either adversary, without consultation",
        ),
        Rule(
            Irregularity.UNAUTHORISED_REFERENCE,
            f"{s} Law 101",
            Claimant.DECLARER,
            (
                _o(
                    "call_suit",
                    "call a suit from the adversary whose turn it next is to lead",
                    f"{s} Law 101",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} Law 101"),
            ),
        ),
        Rule(
            Irregularity.CLAIM,
            f"{s} Law 74",
            Claimant.ADVERSARIES,
            (
                _o("concede", "accept the claim", f"{s} Law 74"),
                _o(
                    "play_out",
                    "play the hand out; cards the adversaries expose believing the claim are "
                    "not called",
                    f"{s} Law 74",
                ),
            ),
        ),
        Rule(
            Irregularity.CARDS_THROWN_DOWN,
            f"{s} Law 74",
            Claimant.DECLARER,
            (),
            blocking=False,
            note="exposed and liable to be called, unless exposed believing the dealer's claim",
        ),
        Rule(
            Irregularity.CONSULTATION,
            f"{s} Law 97",
            Claimant.NONE,
            (),
            blocking=False,
            note="partners who consult about enforcing a penalty lose it",
        ),
        Rule(
            Irregularity.WRONG_PENALTY,
            f"{s} Law 102",
            Claimant.NONE,
            (),
            blocking=False,
            note="if a wrong penalty is demanded none can be enforced",
        ),
        Rule(
            Irregularity.NEW_CARDS,
            f"{s} Laws 104, 105",
            Claimant.NONE,
            (),
            blocking=False,
            note="no effect on play or score",
        ),
    ]
    rules = {x.kind: x for x in r}
    # The laws Bridge (Elwell, 1906) is missing (Law 65, 68, 70, 73, 75, 92 ...) fall back to Auction 1912.
    for kind in (
        Irregularity.FAILURE_TO_COMPLY,
        Irregularity.CALLED_SUIT_NOT_HELD,
        Irregularity.CARD_EXPOSED_BEFORE_LEAD,
        Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING,
        Irregularity.SURPLUS_CARD,  # Bridge (Elwell, 1906) has no Law 84, where A82 would be
    ):
        rule = auction[kind]
        rules[kind] = Rule(
            kind,
            f"{rule.law} {fb}",
            rule.claimant,
            rule.options,
            rule.deadline,
            rule.blocking,
            rule.note,
        )
    return IrregularityCode(
        name="bridge",
        rules=rules,
        consultation_forfeits=True,
        wrong_penalty_forfeits=True,
        sources={
            "consultation_forfeits": f"{s} Law 97",
            "wrong_penalty_forfeits": f"{s} Law 102",
        },
    )
