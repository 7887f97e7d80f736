"""Irregularities and their penalties, as each code of laws gives them.

Every bridge program prevents irregularities; the laws in the seeds *rectify* them. This module
is the catalogue: for each kind of irregularity (:class:`Irregularity`) and each code of laws
(:class:`IrregularityCode`, selected by the law set's seeds, never by an ``if`` on its name), the
law that governs it, who may claim (:class:`Claimant`), the options open to the non-offending
side, each with its law number (:class:`Option`), and the deadline for claiming. A
:class:`Ruling` is one occurrence at the table: the irregularity, the offender, the seats that
may claim, the options, the deadline.

:class:`redouble.game.Game` applies the catalogue when it is created with ``strict=False``: the
irregular action happens, the game records an ``"irregularity"`` event carrying the ruling,
the caller chooses an option with :meth:`Game.decide <redouble.game.Game.decide>`, and the
engine applies the rectification and the penalty; the hand's score includes it. The pure
helpers here (the trick winner of an irregular trick, revoke detection, the revoke arguments of
:func:`redouble.scoring.score_hand`, the Law 64 transfer, the claim check) are what the game
uses.

The codes:

* ``bridge`` — Bridge, seed 003 (Elwell 1906) with seed 004 (1907). Missing laws (65, 68,
  70, 73, 75, 81, 84, 90, 92, 98, 103) fall back to the Auction 1912 equivalents, as
  ``lawsets.md`` §3.8 directs (flag ``bridge_exposed_card_def``); those entries say so.
* ``auction_1912`` — Auction Bridge, WCNY November 1912, seeds 000 and 002, Cases 1-8.
* ``contract`` — modern contract bridge: only the revoke (2017 Laws, Law 64) is catalogued.

Law map (law number -> function -> test; ``tests/test_irregularities.py`` checks that every
function and test named here exists, so the table cannot drift). Functions are methods of
:class:`~redouble.game.Game` unless they name this module or :mod:`redouble.club` (the table
laws); a bare name is a function of :mod:`redouble.game` (cutting). "B" is Bridge (seed 003
numbering, seed 004 where marked; "B 3 pl." its Bridge for Three Players), "A" Auction 1912
(seed 000 numbering; laws 1-36 from seed 002).

========  ==========================================  =================================================================
Law       Function                                     Test
========  ==========================================  =================================================================
A14       cut_for_partners                             test_auction_1912_law_14_ace_lowest_equal_cards_by_suit
A16       cut_card                                     test_auction_1912_law_16_highest_exposed_card_is_the_cut
A18       cut_for_partners                             test_auction_1912_law_14_ace_lowest_equal_cards_by_suit
A19-20    club.Club.announce                           test_auction_1912_law_19_six_make_a_complete_table
A21       club.ClubTable.end_rubber                    test_auction_1912_law_21_longest_playing_cut_out_highest_on_ties
A23, A25  club.Club.cut_into                           test_auction_1912_law_25_cutting_into_another_table_leaves_the_old
A24       club.Club.new_table                          test_auction_1912_law_24_makers_of_a_new_table_cut_out_last
A36       Game.report_new_deal_ground                  test_auction_1912_law_37_compulsory_new_deal_voids_and_redeals
A37       Game.report_new_deal_ground                  test_auction_1912_law_37_compulsory_new_deal_voids_and_redeals
A37f      Game.report_new_deal_ground                  test_auction_1912_law_37f_uncut_pack_needs_an_adversarys_claim
A37c      Game.expose                                  test_auction_1912_law_37c_card_exposed_in_the_deal_forces_new_deal
A38       Game.report_short_hand                       test_auction_1912_law_38_short_hand_deal_stands
A39       Game.report_new_deal_ground                  test_auction_1912_law_39_incorrect_pack_voids_only_current_deal
A40       Game.report_dealt_out_of_turn                test_auction_1912_law_40_deal_out_of_turn_stands_after_last_card
A49       Game.call                                    test_auction_1912_law_49_declaration_out_of_turn
A50       Game.call                                    test_auction_1912_law_50_insufficient_declaration_bars_partner
A50       Game.call                                    test_auction_1912_law_50_impossible_declaration_options
A51       Game.remark                                  test_auction_1912_law_51_information_lets_declarer_call_a_lead
A52       Game.correct_call                            test_auction_1912_law_52_inadvertent_declaration_corrected
A54       Game.call                                    test_auction_1912_law_54_illegal_double_has_no_penalty_case_6
A57       Game.call                                    test_auction_1912_law_57_double_out_of_turn_new_deal
A60       Game.remark                                  test_auction_1912_law_60_dummys_rights_carry_no_effect
A61       Game.remark                                  test_auction_1912_law_61_dummy_intervention_forfeits_penalty
A62       Game.remark                                  test_auction_1912_law_62_dummy_suggests_a_card
A63       Game.play                                    test_auction_1912_law_63_dummy_revoke_has_no_penalty
A65       Game.expose                                  test_auction_1912_law_65_card_exposed_in_auction_bars_partner
A66       Game.expose                                  test_auction_1912_law_66_leaders_partner_exposes_before_lead
A67-69    Game.expose                                  test_auction_1912_law_67_exposed_card_is_liable_to_be_called
A70       Game.play_together                           test_auction_1912_law_70_two_cards_played_at_once
A71       Game.remark                                  test_auction_1912_law_71_winning_cards_led_without_waiting
A72       Game.claim                                   test_auction_1912_law_72_claim_checked_double_dummy
A72       Game.throw_down                              test_auction_1912_law_72_cards_thrown_down_are_exposed
A73       Game.play                                    test_auction_1912_law_73_failure_to_comply_is_a_revoke
A74       Game.call_exposed_card                       test_auction_1912_law_74_call_never_compels_a_revoke
A75       Game.call_exposed_card                       test_auction_1912_law_67_exposed_card_is_liable_to_be_called
A76       Game.play                                    test_auction_1912_law_76_adversary_leads_out_of_turn
A77       Game.play                                    test_auction_1912_law_77_declarer_leads_out_of_turn
A78       Game.play                                    test_auction_1912_law_78_false_lead_followed_by_all_stands
A79       Game.play                                    test_auction_1912_law_79_called_suit_not_held
A80       Game.play                                    test_auction_1912_law_80_fourth_hand_plays_before_second
A81       Game.quit_trick                              test_auction_1912_law_81_card_omitted_from_a_trick
A82       Game.play                                    test_auction_1912_law_82_no_second_card_to_a_trick
A82       Game.play_surplus_card                       test_auction_1912_law_82_surplus_card_found_when_its_holder_has_none_to_play
A82       Game.count_tricks                            test_auction_1912_law_82_five_card_trick_surplus_card_restored
A83       Game.quit_trick                              test_auction_1912_law_83_revoke_established_when_trick_quitted
A84a      irregularities.revoke_score_arguments        test_auction_1912_law_84a_declarer_revoke_costs_150
A84b      irregularities.revoke_score_arguments        test_auction_1912_law_84b_declarer_chooses_150_or_three_tricks
A84c      irregularities.revoke_score_arguments        test_auction_1912_law_84c_further_revokes_cost_100_each
A85       Game.ask_having_none                         test_auction_1912_law_85_question_keeps_the_revoke_open_after_quitting
A85-86    Game.correct_revoke                          test_auction_1912_law_86_revoke_corrected_card_exposed
A88       Game.decide                                  test_auction_1912_law_88_revoke_claim_before_next_cut
A89       irregularities.revoke_score_arguments        test_auction_1912_law_89_both_sides_revoke
A92       Game.remark                                  test_auction_1912_law_92_attention_to_trick_before_partner_plays
A93       Game.remark                                  test_auction_1912_law_93_unauthorised_reference_calls_a_lead
Case 1    Game.decide                                  test_auction_1912_case_1_consultation_allowed
Case 2    Game.correct_call                            test_auction_1912_case_2_insufficient_bid_correction_is_the_penalty
Case 3    Game.report_new_deal_ground                  test_auction_1912_case_3_imperfect_pack_after_play_score_stands
Case 4    club.Club.cut_into                           test_auction_1912_case_4_cutting_in_unneeded_gives_equal_standing
Case 5    club.Club.cut_into                           test_auction_1912_case_5_failed_cut_in_enters_without_cutting
Case 6    Game.call                                    test_auction_1912_law_54_illegal_double_has_no_penalty_case_6
Case 7    Game.call                                    test_auction_1912_case_7_partner_who_first_bid_plays
Case 8    Game.claim                                   test_auction_1912_case_8_claim_and_exposed_hands
B16       cut_card                                     test_bridge_1906_law_16_several_exposed_cut_again
B19-20    cut_for_partners                             test_bridge_1906_law_19_lowest_equal_cards_recut_for_the_deal
B 3 pl.   cut_for_dummy                                test_bridge_three_handed_lowest_cut_has_the_permanent_dummy
B37       Game.report_new_deal_ground                  test_bridge_1906_law_38_compulsory_new_deal
B38       Game.report_new_deal_ground                  test_bridge_1906_law_38_compulsory_new_deal
B39a,b,d  Game.expose                                  test_bridge_1906_law_39_card_exposed_in_deal_optional_new_deal
B39c      Game.report_dealer_looked                    test_bridge_1906_law_39c_dealer_looks_at_a_card_eldest_hand_may_exact_new_deal
B40       Game.expose                                  test_bridge_1906_law_39_card_exposed_in_deal_optional_new_deal
B41 (004) Game.report_short_hand                       test_bridge_1906_law_41_short_hand_deal_stands_seed_004
B42       Game.report_new_deal_ground                  test_bridge_1906_law_42_incorrect_pack_during_play
B43       Game.report_dealt_out_of_turn                test_bridge_1906_law_43_deal_out_of_turn_corrected
B46       Game.call                                    test_bridge_1906_law_46_partner_makes_without_permission
B47       Game.call                                    test_bridge_1906_law_47_partner_passes_back
B48       Game.call                                    test_bridge_1906_law_48_adversary_declares
B54, B59  Game.call                                    test_bridge_1906_law_54_third_hand_doubles_first
B56       Game.consent                                 test_bridge_1906_law_56_eldest_hand_leads_partner_redoubles_only_with_consent
B59       Game.call                                    test_bridge_1906_law_59_third_hand_asks_to_lead_eldest_hand_may_double
B60       Game.play                                    test_bridge_1906_law_60_third_hand_leads_during_doubling
B60       Game.consent                                 test_bridge_1906_law_60_eldest_hand_doubles_only_with_makers_consent
B61       Game.remark                                  test_bridge_1906_law_61_dummys_rights_carry_no_effect
B63       Game.remark                                  test_bridge_1906_law_63_dummy_intervention_forfeits_penalty
B64       Game.remark                                  test_bridge_1906_law_64_dummy_suggests_a_card
B67       Game.expose                                  test_bridge_1906_law_67_dealers_side_exposes_before_make
B69-72    Game.play_together                           test_bridge_1906_law_72_two_cards_played_at_once
B74       Game.claim                                   test_bridge_1906_law_74_claim_the_rest
B76       Game.play                                    test_bridge_1906_law_76_adversary_leads_out_of_turn
B77       Game.play                                    test_bridge_1906_law_77_dealer_leads_out_of_turn
B78       Game.play                                    test_bridge_1906_law_78_false_lead_followed_by_all_stands
B79-80    Game.call_exposed_card                       test_bridge_1906_law_80_call_repeated_never_compels_a_revoke
B82       Game.play                                    test_bridge_1906_law_82_fourth_hand_plays_before_partner
B83       Game.quit_trick                              test_bridge_1906_law_83_card_omitted_from_a_trick
B84 (A82) Game.count_tricks                            test_auction_1912_law_82_surplus_card_found_when_its_holder_has_none_to_play
B85       Game.play                                    test_bridge_1906_law_85_dummy_revoke_has_no_penalty
B86       Game.quit_trick                              test_bridge_1906_law_86_revoke_established
B87-96    irregularities.revoke_score_arguments        test_bridge_1906_law_87_revoke_costs_three_tricks_and_game
B91       Game.correct_revoke                          test_bridge_1906_law_91_revoke_corrected
B94       Game.decide                                  test_bridge_1906_law_94_revoke_claim_before_next_cut
B95       irregularities.revoke_score_arguments        test_bridge_1906_law_95_both_sides_revoke_no_game
B97       Game.decide                                  test_bridge_1906_law_97_consultation_forfeits_penalty
B100      Game.remark                                  test_bridge_1906_law_100_attention_to_trick
B101      Game.remark                                  test_bridge_1906_law_101_unauthorised_reference
B102      Game.record_wrong_penalty                    test_bridge_1906_law_102_wrong_penalty_forfeits
C64       irregularities.law64_transfer                test_contract_law_64_revoke_transfer
========  ==========================================  =================================================================

Laws of the seeds that change neither play nor score, or cannot arise in the engine, have no
row. The catalogue describes some of them for reference (:func:`rule_for`): new cards
(A95-96/B104-105), bystanders (A97). The others: A41/B44 (cutting or dealing for partner),
A90-91/B99 (quitted tricks, placing cards), A94/B102 first clause (reasonable time),
A12-13/B13 (correcting an erroneous score: the engine computes the score, never enters it
wrongly), A64/B66 (a card of dummy's named or touched is played: the engine's play is that
naming), A87/B93 (searching the tricks for a revoke: the engine keeps every trick), B43 first
sentence (dealing with the adversaries' cards: the engine has one pack), the etiquette. B61 a
(dummy may ask the dealer whether he has none of a suit he renounced) has no effect on play or
score: seed 003 L86 establishes the revoke when the trick is quitted whatever was asked; in
Auction 1912 the same question does (A85, :meth:`~redouble.game.Game.ask_having_none`).

Laws that change play or score but live elsewhere, each value cited where it is defined: the
shuffle, the cut and the deal (A28-35; B29-36, seed 004) in
:func:`redouble.dealing.deal_by_the_laws` and :meth:`redouble.deal.DealRecord.check`; the
declaring, doubling and scoring laws (A1-11, A42-48, A53-56, A58; B1-11, B45, B49-53, the
revoke's score B85-96; Bridge for Three Players) in the law sets' data (:mod:`redouble.laws`),
:mod:`redouble.auction` and :mod:`redouble.scoring`.
The table laws: :mod:`redouble.club` models Auction laws 19-25 and Cases 4-5 (rows above); the
rest (A17, A22, A26-27; B17, B21-28) decide who sits at a table, not the play or the score.

Not implemented: seed 003's Spade Convention, a house agreement ("where players agree 'not to
play spades'") that an undoubled spade make is played only when a side has 20 or more, with a
penalty for playing too soon (II: the maker "may take two on the score or may call a lead").
The game has no way to record the agreement, and the text leaves open what an unplayed hand
scores and where the "two" are scored; :func:`redouble.scoring.is_played_under_spade_convention`
answers part I only.

Example::

    >>> from redouble import laws
    >>> rule = rule_for(laws.get("auction_1912"), Irregularity.INSUFFICIENT_DECLARATION)
    >>> rule.law, [o.code for o in rule.options]
    ('seed 000 L50', ['penalise', 'condone'])
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, CardSet, Seat, Side, Strain, Suit
from .errors import RedoubleError
from .laws import Law64Revoke, LawSet, PointsRevoke, TrickTransferRevoke
from .laws import get as get_law_set
from .scoring import PerSide

__all__ = [
    "JOINT_WORDINGS",
    "LAW_MAP",
    "Claimant",
    "Irregularity",
    "IrregularityCode",
    "IrregularityError",
    "LawMapRow",
    "Obligation",
    "ObligationKind",
    "Option",
    "Rule",
    "Ruling",
    "claim_holds",
    "code_for",
    "law64_transfer",
    "normalise_phrase",
    "options_named",
    "revoke_score_arguments",
    "rule_for",
    "trick_winner_of",
]


class IrregularityError(RedoubleError):
    """An irregularity or a decision that the laws do not allow (wrong option, wrong claimant,
    nothing to decide): refused with nothing changed."""


class Irregularity(enum.Enum):
    """The kinds of irregularity the codes provide for."""

    # -- the deal ---------------------------------------------------------------------------
    NEW_DEAL_GROUND = "new_deal_ground"
    """A compulsory ground for a new deal (A37 a-e, g; B38 a-e; 1907 g)."""
    PACK_NOT_CUT = "pack_not_cut"
    """The dealer omitted the cut (A37 f, B38 f): a new deal if an adversary claims in time."""
    CARD_EXPOSED_IN_DEAL = "card_exposed_in_deal"
    """A card exposed during the deal (A37 c compulsory; B39 a, b, d optional)."""
    DEALER_LOOKED = "dealer_looked"
    """The dealer looked at a card before 51 were dealt (B39 c)."""
    SHORT_HAND = "short_hand"
    """A hand found short after its holder has played (A38; seed 004)."""
    PACK_INCORRECT = "pack_incorrect"
    """The pack proven incorrect during the play (A39, B42; Case 3 after the play)."""
    WRONG_HAND_SIZES = "wrong_hand_sizes"
    """One hand too many cards and another as many too few (A39)."""
    DEALT_OUT_OF_TURN = "dealt_out_of_turn"
    """A player dealt out of turn (A40, B43)."""
    # -- declaring --------------------------------------------------------------------------
    DECLARATION_OUT_OF_TURN = "declaration_out_of_turn"
    """A declaration (not a pass) out of turn (A49)."""
    PASS_OUT_OF_TURN = "pass_out_of_turn"
    """A pass out of turn: no penalty; it is void (A49 penalises only a declaration "other than
    passing"; B59: the third hand's "May I lead?" leaves the eldest hand his right to double)."""
    INSUFFICIENT_DECLARATION = "insufficient_declaration"
    """A bid that does not overcall the last one (A50)."""
    IMPOSSIBLE_DECLARATION = "impossible_declaration"
    """A bid of more than seven odd tricks (A50)."""
    DECLARATION_CORRECTED = "declaration_corrected"
    """An inadvertent declaration corrected before the next player acts (A52; Case 2)."""
    DOUBLE_OUT_OF_TURN = "double_out_of_turn"
    """A double or redouble out of turn (A57; B54, B59: third hand doubles first)."""
    ILLEGAL_DOUBLE = "illegal_double"
    """A double the law forbids (partner's declaration, partner's double, a third doubling):
    no penalty (A54, Case 6)."""
    MAKE_WITHOUT_PERMISSION = "make_without_permission"
    """The dealer's partner makes the trump unasked (B46)."""
    PASS_BACK = "pass_back"
    """The dealer's partner passes the make back to the dealer (B47)."""
    ADVERSARY_DECLARES = "adversary_declares"
    """An adversary of the dealer makes or passes the trump (B48)."""
    CARD_EXPOSED_BEFORE_FINAL_DECLARATION = "card_exposed_before_final_declaration"
    """A card led or exposed before the final declaration (A65; B67)."""
    LEAD_DURING_DECLARING = "lead_during_declaring"
    """A card led before the doubling is over (B56, B60)."""
    CARD_EXPOSED_BEFORE_LEAD = "card_exposed_before_lead"
    """A card exposed after the final declaration, before the opening lead (A66)."""
    INFORMATION_AFTER_FINAL_DECLARATION = "information_after_final_declaration"
    """A defender tells his partner about a previous declaration (A51)."""
    # -- the play ---------------------------------------------------------------------------
    EXPOSED_CARD = "exposed_card"
    """A card exposed by a defender during the play (A67-69, A72; B69-71, B74)."""
    LEAD_OUT_OF_TURN = "lead_out_of_turn"
    """A defender leads out of turn (A76, A78; B76, B78)."""
    DECLARER_LEAD_OUT_OF_TURN = "declarer_lead_out_of_turn"
    """The declarer leads out of turn from his hand or dummy (A77; B77)."""
    CALLED_SUIT_NOT_HELD = "called_suit_not_held"
    """The player called on to lead a suit has none: the penalty is paid (A79)."""
    FAILURE_TO_COMPLY = "failure_to_comply"
    """A penalty card, lead or play not complied with: the revoke penalty (A73)."""
    PLAYED_BEFORE_TURN = "played_before_turn"
    """The fourth hand plays before the second (A80; B82)."""
    ATTENTION_TO_TRICK = "attention_to_trick"
    """A defender claims the trick or names or draws his card before his partner plays
    (A92; B100)."""
    WINNING_CARDS_LED_WITHOUT_WAITING = "winning_cards_led_without_waiting"
    """A defender leads winning cards one after another without waiting (A71)."""
    TWO_CARDS_PLAYED = "two_cards_played"
    """Two or more cards played at once (A70, A82; B72)."""
    CARD_OMITTED = "card_omitted"
    """A player omitted to play to a trick (A81; B83)."""
    SURPLUS_CARD = "surplus_card"
    """A trick found to hold more than four cards (A82; Bridge by the Auction equivalent): the
    surplus card goes back to its holder, who answers for the revokes it caused."""
    REVOKE = "revoke"
    """A player held a card of the suit led and played another suit (A83-89; B85-96)."""
    REVOKE_QUESTION = "revoke_question"
    """A player asks his partner whether he has a card of the suit he renounced (A85): the
    revoke is then not established by quitting the trick."""
    REVOKE_CORRECTED = "revoke_corrected"
    """A revoke corrected before it was established (A85, A86; B91)."""
    DUMMY_REVOKE = "dummy_revoke"
    """Dummy revoked: no penalty; the trick stands once quitted (A63)."""
    REVOKE_CLAIM = "revoke_claim"
    """The established revokes of one side, claimable at the end of the hand (A84, A88, A89;
    B87-96; contract Law 64)."""
    DUMMY_RIGHT = "dummy_right"
    """Dummy exercises one of his rights (A60 a-f; B61 a-g): no effect."""
    DUMMY_INTERVENTION = "dummy_intervention"
    """Dummy draws attention to another incident: the declarer cannot exact its penalty (A61;
    B63)."""
    DUMMY_SUGGESTS_CARD = "dummy_suggests_card"
    """Dummy suggests a card from dummy (A62; B64)."""
    UNAUTHORISED_REFERENCE = "unauthorised_reference"
    """A defender makes an unauthorised reference to the play or the bidding (A93; B101)."""
    CLAIM = "claim"
    """The declarer says "I have the rest" (A72; B74; Case 8)."""
    CARDS_THROWN_DOWN = "cards_thrown_down"
    """A defender throws his cards face up (A72; B74)."""
    # -- procedure ---------------------------------------------------------------------------
    CONSULTATION = "consultation"
    """Partners consult about a penalty (B97: penalty lost; A: allowed, Case 1)."""
    WRONG_PENALTY = "wrong_penalty"
    """A penalty the laws do not give is demanded (B102: none can be enforced)."""
    NEW_CARDS = "new_cards"
    """New cards called for (A95-96; B104-105): no effect on play or score."""
    BYSTANDER = "bystander"
    """A bystander's remark (A97): no effect on play or score."""


class Claimant(enum.Enum):
    """Who may choose among a ruling's options."""

    ADVERSARIES = "adversaries"
    """Either adversary of the offender (the partners may consult: Case 1; not in Bridge, B97)."""
    DECLARER = "declarer"
    """The declarer (in Bridge the dealer, who plays the combined hands)."""
    MAKER = "maker"
    """Bridge: the player who made the trump."""
    ELDEST_HAND = "eldest_hand"
    """The player on the dealer's left."""
    DEALER = "dealer"
    """The dealer."""
    DEALER_SIDE = "dealer_side"
    """The dealer or his partner."""
    OFFENDER = "offender"
    """The offender himself (a correction the laws leave to him)."""
    NONE = "none"
    """Nobody: the law applies itself (or gives no penalty)."""


@dataclass(frozen=True)
class Option:
    """One choice open after an irregularity: a code the engine applies, words, and its law.

    ``aliases`` are the seed's own wordings of the same choice, verbatim (each cited next to it
    in the catalogue), so that the law's language can name the option (:meth:`is_named`,
    :func:`options_named`); a wording of the law that names several options at once is in
    :data:`JOINT_WORDINGS`. Paraphrases (a worked case's shorthand, say) are not the library's:
    they belong to whoever uses them, mapped to option codes. Aliases are vocabulary, not
    state: they are not part of :meth:`to_json`.
    """

    code: str
    text: str
    law: str
    aliases: tuple[str, ...] = ()

    def is_named(self, phrase: str) -> bool:
        """Whether `phrase` names this option: once normalised (:func:`normalise_phrase`) it is
        the option's code, its text, or one of its aliases."""
        wanted = normalise_phrase(phrase)
        return bool(wanted) and any(
            normalise_phrase(name) == wanted for name in (self.code, self.text, *self.aliases)
        )

    def to_json(self) -> dict[str, str]:
        """The option as a JSON-ready dict."""
        return {"code": self.code, "text": self.text, "law": self.law}


_STOP_WORDS = frozenset({"a", "an", "the", "his", "its"})
_NOT_WORD = re.compile(r"[^a-z0-9 ]+")


def normalise_phrase(text: str) -> str:
    """The comparable form of a phrase of the laws: lower case; underscores, hyphens and
    slashes read as spaces; apostrophes dropped ("partner's" -> "partners"); other punctuation
    dropped; the articles and the possessives "his" and "its" left out; spaces collapsed.

    >>> normalise_phrase("Treat his own or his partner's last previous declaration as final.")
    'treat own or partners last previous declaration as final'
    >>> normalise_phrase("demand_new_deal") == normalise_phrase("demand a new deal")
    True
    """
    lowered = re.sub(r"[_\-/]", " ", text.lower()).replace("'", "").replace("\u2019", "")
    words = _NOT_WORD.sub(" ", lowered).split()
    return " ".join(w for w in words if w not in _STOP_WORDS)


JOINT_WORDINGS: Mapping[str, frozenset[str]] = {
    normalise_phrase(words): frozenset(codes)
    for words, codes in (
        # seed 000 L86: "or he may require the offender to play his highest or lowest card of
        # the suit to the trick".
        (
            "require the offender to play his highest or lowest card of the suit to the trick",
            ("highest", "lowest"),
        ),
        # seed 003 L91 (it prints "card or the suit").
        (
            (
                "require the offender to play his highest or lowest card or the suit to the "
                "trick in which he has renounced"
            ),
            ("highest", "lowest"),
        ),
        # seed 000 L80, seed 003 L82: "play his highest or lowest card of the suit played, or
        # ... win or lose the trick".
        (
            "play his highest or lowest card of the suit played, or to win or lose the trick",
            ("highest", "lowest", "win", "lose"),
        ),
        # seed 000 L92, seed 003 L100: "play his highest or lowest card of the suit led, or to
        # win or lose the trick".
        (
            "play his highest or lowest card of the suit led, or to win or lose the trick",
            ("highest", "lowest", "win", "lose"),
        ),
    )
}
"""Wordings of the laws (verbatim, each cited) that name several options together (normalised
phrase -> codes). :func:`options_named` requires every one of them to be offered."""


def options_named(options: Iterable[Option], phrase: str) -> tuple[Option, ...]:
    """The options among `options` that `phrase` names, in order: those it names by code, text
    or alias (:meth:`Option.is_named`), or all the options of a joint wording
    (:data:`JOINT_WORDINGS`), each of which must then be offered.

    Raises:
        IrregularityError: the phrase names none of them — an unknown wording, or an option
            the ruling does not offer — or a joint wording names an option not offered.
    """
    offered = tuple(options)
    codes = ", ".join(o.code for o in offered) or "none"
    joint = JOINT_WORDINGS.get(normalise_phrase(phrase))
    if joint is not None:
        missing = joint - {o.code for o in offered}
        if missing:
            raise IrregularityError(
                f"{phrase!r} also names {', '.join(sorted(missing))}, not offered ({codes})"
            )
        return tuple(o for o in offered if o.code in joint)
    named = tuple(o for o in offered if o.is_named(phrase))
    if not named:
        raise IrregularityError(f"{phrase!r} names none of the options offered ({codes})")
    return named


@dataclass(frozen=True)
class Rule:
    """What a code of laws says about one kind of irregularity.

    ``blocking`` rules must be decided before the next call or card; the others lapse at their
    deadline (or, for the revoke claims, are decided at the end of the hand).
    """

    kind: Irregularity
    law: str
    claimant: Claimant
    options: tuple[Option, ...]
    deadline: str | None = None
    blocking: bool = True
    note: str = ""


@dataclass(frozen=True)
class IrregularityCode:
    """The irregularity laws of one code (a strategy object selected by the law set's seeds).

    ``consultation_forfeits``: partners who consult about a penalty lose it (B97).
    ``wrong_penalty_forfeits``: demanding a penalty the laws do not give forfeits every
    penalty for the incident (B102).
    """

    name: str
    rules: Mapping[Irregularity, Rule]
    consultation_forfeits: bool
    wrong_penalty_forfeits: bool
    sources: Mapping[str, str] = field(default_factory=dict)

    def rule(self, kind: Irregularity) -> Rule:
        """The rule for `kind`.

        Raises:
            IrregularityError: this code has no law for it.
        """
        try:
            return self.rules[kind]
        except KeyError:
            raise IrregularityError(f"the {self.name} code has no law on {kind.value}") from None

    def has(self, kind: Irregularity) -> bool:
        """Whether this code provides for `kind`."""
        return kind in self.rules


@dataclass(frozen=True)
class Ruling:
    """One irregularity at the table: what happened, who offended, who may claim, the options.

    ``data`` carries what the rectification needs (the card, the call, the rightful leader);
    its values are JSON-ready.
    """

    id: int
    kind: Irregularity
    law: str
    offender: Seat | None
    claimants: tuple[Seat, ...]
    options: tuple[Option, ...]
    deadline: str | None
    blocking: bool
    data: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""

    def option(self, code: str) -> Option:
        """The option called `code`.

        Raises:
            IrregularityError: the ruling offers no such option.
        """
        for o in self.options:
            if o.code == code:
                return o
        offered = ", ".join(o.code for o in self.options) or "none"
        raise IrregularityError(
            f"{self.kind.value}: {code!r} is not an option here (offered: {offered}) [{self.law}]"
        )

    def options_named(self, phrase: str) -> tuple[Option, ...]:
        """The options of this ruling that `phrase`, in the law's words, names.

        Raises:
            IrregularityError: the phrase names none of them.
        """
        return options_named(self.options, phrase)

    def to_json(self) -> dict[str, Any]:
        """The ruling as a JSON-ready dict (the data of an ``"irregularity"`` event)."""
        return {
            "id": self.id,
            "kind": self.kind.value,
            "law": self.law,
            "offender": None if self.offender is None else self.offender.letter,
            "claimants": [s.letter for s in self.claimants],
            "options": [o.to_json() for o in self.options],
            "deadline": self.deadline,
            "blocking": self.blocking,
            "data": dict(self.data),
            "note": self.note,
        }


class ObligationKind(enum.Enum):
    """A penalty that constrains a player's next lead or play."""

    PLAY_CARD = "play_card"
    """Play this (called or suggested) card."""
    NOT_PLAY_CARD = "not_play_card"
    """Do not play this (suggested) card."""
    LEAD_SUIT = "lead_suit"
    """Lead this suit (a called lead)."""
    NOT_LEAD_SUIT = "not_lead_suit"
    """Do not lead this suit (a prohibited opening lead)."""
    HIGHEST = "highest"
    """Play the highest card of the suit led."""
    LOWEST = "lowest"
    """Play the lowest card of the suit led."""
    WIN = "win"
    """Win the trick if possible."""
    LOSE = "lose"
    """Lose the trick if possible."""


@dataclass(frozen=True)
class Obligation:
    """A penalty on a seat's next lead or play; ``seat`` None means whichever defender leads
    next (A51, A93). A call that would oblige a revoke is void (A74; B79)."""

    kind: ObligationKind
    seat: Seat | None
    law: str
    card: Card | None = None
    suit: Suit | None = None
    on_lead_only: bool = False


# --------------------------------------------------------------------------------------------
# The catalogue.
# --------------------------------------------------------------------------------------------


def _o(code: str, text: str, law: str, *aliases: str) -> Option:
    return Option(code, text, law, aliases)


def _second_hand_options(law: str, who: str) -> tuple[Option, ...]:
    """A80, A92, B82, B100: the partner of the offender may be called upon to play his highest
    or lowest card of the suit played, or to win or lose the trick (the laws name the four
    together: :data:`JOINT_WORDINGS`)."""
    return (
        _o("highest", f"the {who} plays his highest card of the suit led", law),
        _o("lowest", f"the {who} plays his lowest card of the suit led", law),
        _o("win", f"the {who} wins the trick if he can", law),
        _o("lose", f"the {who} loses the trick if he can", law),
        _o(_WAIVE, _T_WAIVE, law),
    )


_WAIVE = "waive"
_T_WAIVE = "exact no penalty"

_DEADLINE_QUITTED = "before the trick is turned and quitted"
_DEADLINE_REVOKE_FIX = (
    "before the trick is turned and quitted, and before the revoking player or his partner "
    "leads or plays to the following trick"
)
_DEADLINE_NEXT_CUT = "before the cards are cut for the next deal"
_DEADLINE_SECOND_HAND = "until the second hand has played"
_DEADLINE_BEFORE_ADVERSARY_ACTS = "before an adversary has passed, doubled or declared"
_DEADLINE_DEAL = "before the deal is completed, and not by a player who has looked at his cards"
_DEADLINE_NEXT_CALL = "before the next call"
_DEADLINE_NEXT_CARD = "before the next card is played"


def _auction_1912() -> IrregularityCode:
    s = "seed 000"
    r: list[Rule] = [
        Rule(
            Irregularity.NEW_DEAL_GROUND,
            f"{s} L37 a-e, g; L39",
            Claimant.NONE,
            (_o("new_deal", "new deal by the same dealer", f"{s} L37; seed 002 L36"),),
            note="compulsory: the deal is void and the same player deals again",
        ),
        Rule(
            Irregularity.PACK_NOT_CUT,
            f"{s} L37 f",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "demand a new deal", f"{s} L37 f"),
                _o(_WAIVE, "let the deal stand", f"{s} L37 f"),
            ),
            deadline=_DEADLINE_DEAL,
        ),
        Rule(
            Irregularity.CARD_EXPOSED_IN_DEAL,
            f"{s} L37 c",
            Claimant.NONE,
            (_o("new_deal", "new deal by the same dealer", f"{s} L37 c"),),
            note="compulsory: a card faced in the pack or exposed during the deal",
        ),
        Rule(
            Irregularity.SHORT_HAND,
            f"{s} L38",
            Claimant.NONE,
            (),
            note="the deal stands; the short player (not dummy) answers for his revokes as if "
            "the missing cards were in his hand; the other pack may be searched",
        ),
        Rule(
            Irregularity.PACK_INCORRECT,
            f"{s} L39; Case 3",
            Claimant.NONE,
            (_o("new_deal", "the current deal is void; prior scores stand", f"{s} L39"),),
            note="found during the play: the current deal is void; found after the play "
            "(Case 3): the score stands",
        ),
        Rule(
            Irregularity.WRONG_HAND_SIZES,
            f"{s} L39",
            Claimant.NONE,
            (_o("new_deal", "the deal is void", f"{s} L39"),),
        ),
        Rule(
            Irregularity.DEALT_OUT_OF_TURN,
            f"{s} L40",
            Claimant.NONE,
            (
                _o("new_deal", "correct it: the rightful dealer deals", f"{s} L40"),
                _o("let_stand", "the deal stands; the next deal passes to the left", f"{s} L40"),
            ),
            deadline="before the last card is dealt, and not by a player who (or whose partner) "
            "has looked at his cards",
        ),
        Rule(
            Irregularity.DECLARATION_OUT_OF_TURN,
            f"{s} L49",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "demand a new deal", f"{s} L49"),
                _o(
                    "let_stand",
                    "let the declaration stand; bidding continues as if in order",
                    f"{s} L49",
                ),
            ),
            note="either adversary may decide; the partners may consult, and the first decision "
            "made is final (Case 1)",
        ),
        Rule(
            Irregularity.PASS_OUT_OF_TURN,
            f"{s} L49 (a declaration 'other than passing')",
            Claimant.NONE,
            (),
            blocking=False,
            note="no penalty: the pass is void and the rightful player calls [assumed]",
        ),
        Rule(
            Irregularity.INSUFFICIENT_DECLARATION,
            f"{s} L50",
            Claimant.ADVERSARIES,
            (
                _o(
                    "penalise",
                    "the offender must make his bid sufficient and his partner may not declare "
                    "again unless an adversary bids or doubles",
                    f"{s} L50; Case 2",
                    # seed 000 L50, verbatim.
                    "the declarer must make his bid sufficient and his partner is debarred from "
                    "making any further declaration unless an adversary subsequently bids or "
                    "doubles",
                ),
                _o(
                    "condone",
                    "no penalty: the offender substitutes any legal call",
                    f"{s} L52 [assumed when no penalty is demanded]",
                ),
            ),
            deadline=_DEADLINE_BEFORE_ADVERSARY_ACTS,
        ),
        Rule(
            Irregularity.IMPOSSIBLE_DECLARATION,
            f"{s} L50",
            Claimant.ADVERSARIES,
            (
                _o(
                    "accept",
                    "the offender is deemed to have bid seven (all the tricks) in that "
                    "declaration; his partner may not declare again unless an adversary bids "
                    "or doubles",
                    f"{s} L50",
                    # seed 000 L50, verbatim.
                    "the declarer is considered to have bid to take all the tricks and his "
                    "partner cannot further declare unless an adversary subsequently bids or "
                    "doubles",
                ),
                _o("new_deal", "demand a new deal", f"{s} L50"),
                _o(
                    "previous_final",
                    "treat his own or his partner's last previous declaration as final",
                    f"{s} L50",
                ),
            ),
            deadline=_DEADLINE_BEFORE_ADVERSARY_ACTS,
        ),
        Rule(
            Irregularity.DECLARATION_CORRECTED,
            f"{s} L52; Case 2",
            Claimant.NONE,
            (),
            blocking=False,
            note="no penalty, unless an adversary has called attention to the declaration",
        ),
        Rule(
            Irregularity.DOUBLE_OUT_OF_TURN,
            f"{s} L57",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "demand a new deal", f"{s} L57"),
                _o(
                    "let_stand",
                    "let the double stand as if in order",
                    f"{s} L57 [assumed, as L49, when no new deal is demanded]",
                ),
            ),
        ),
        Rule(
            Irregularity.ILLEGAL_DOUBLE,
            f"{s} L54; Case 6",
            Claimant.NONE,
            (),
            blocking=False,
            note="forbidden but not penalised: the double has no effect and the score counts "
            "as it stood (Case 6); the call takes the player's turn [assumed]",
        ),
        Rule(
            Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION,
            f"{s} L65",
            Claimant.DECLARER,
            (
                _o(
                    "prohibit_suit",
                    "prohibit the lead of the exposed card's suit (the offender's partner is the "
                    "original leader)",
                    f"{s} L65",
                    # seed 000 L65, verbatim.
                    "prohibit the suit of the exposed card being the initial lead",
                ),
                _o(_WAIVE, "allow any opening lead", f"{s} L65"),
            ),
            note="the offender's partner may not bid or double again that hand; the card is "
            "subject to call",
        ),
        Rule(
            Irregularity.CARD_EXPOSED_BEFORE_LEAD,
            f"{s} L66",
            Claimant.DECLARER,
            (
                _o(
                    "prohibit_suit",
                    "call the card and also prohibit the lead of its suit",
                    f"{s} L66",
                    # seed 000 L66, verbatim.
                    "in addition to calling the card, prohibit the lead of the suit of the "
                    "exposed card",
                ),
                _o("call_card", "call the card only", f"{s} L66"),
            ),
            note="exposed by the leader's partner; a card the rightful leader exposes is only "
            "subject to call",
        ),
        Rule(
            Irregularity.INFORMATION_AFTER_FINAL_DECLARATION,
            f"{s} L51",
            Claimant.DECLARER,
            (
                _o(
                    "call_suit",
                    "call a lead from the adversary whose turn it next is to lead",
                    f"{s} L51",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} L51"),
            ),
            note="anyone may ask what the final declaration is",
        ),
        Rule(
            Irregularity.EXPOSED_CARD,
            f"{s} L67-69",
            Claimant.DECLARER,
            (),
            blocking=False,
            note="the card is left face up and liable to be called; the call may be repeated "
            "until it is played (L75) and never compels a revoke (L74); a card dropped below the "
            "table or seen only by an adversary is not exposed (L69); cards the declarer exposes "
            "are never called (L72)",
        ),
        Rule(
            Irregularity.LEAD_OUT_OF_TURN,
            f"{s} L76, L78",
            Claimant.DECLARER,
            (
                _o("treat_as_exposed", "treat the card led as an exposed card", f"{s} L76"),
                _o(
                    "call_suit",
                    "call a suit when it is next either adversary's turn to lead",
                    f"{s} L76",
                ),
                _o("accept", "let the lead stand", f"{s} L78"),
            ),
            deadline="before all three others have followed (then the trick stands, L78)",
            blocking=False,
        ),
        Rule(
            Irregularity.DECLARER_LEAD_OUT_OF_TURN,
            f"{s} L77",
            Claimant.OFFENDER,
            (
                _o("retract", "take the lead back (no penalty)", f"{s} L77"),
                _o("accept", "let the lead stand", f"{s} L77, L78"),
            ),
            deadline=_DEADLINE_SECOND_HAND,
            blocking=False,
        ),
        Rule(
            Irregularity.CALLED_SUIT_NOT_HELD,
            f"{s} L79",
            Claimant.NONE,
            (),
            blocking=False,
            note="the penalty is paid",
        ),
        Rule(
            Irregularity.FAILURE_TO_COMPLY,
            f"{s} L73",
            Claimant.OFFENDER,
            (_o("correct", "correct the play", f"{s} L73"),),
            deadline=_DEADLINE_QUITTED,
            blocking=False,
            note="liable to the penalty for a revoke unless corrected in time",
        ),
        Rule(
            Irregularity.PLAYED_BEFORE_TURN,
            f"{s} L80",
            Claimant.DECLARER,
            _second_hand_options(f"{s} L80", "second hand"),
            note="the offender is the fourth hand, not dummy or declarer",
        ),
        Rule(
            Irregularity.ATTENTION_TO_TRICK,
            f"{s} L92",
            Claimant.DECLARER,
            _second_hand_options(f"{s} L92", "partner"),
        ),
        Rule(
            Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING,
            f"{s} L71",
            Claimant.DECLARER,
            (
                _o(
                    "win",
                    "the offender's partner must win the trick if he can (the other cards so "
                    "played are exposed)",
                    f"{s} L71",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} L71"),
            ),
        ),
        Rule(
            Irregularity.TWO_CARDS_PLAYED,
            f"{s} L70, L82",
            Claimant.DECLARER,
            (
                _o(
                    "to_trick",
                    "call one of the cards to the trick; the others are exposed",
                    f"{s} L70",
                ),
            ),
            note="the declarer who plays two cards chooses himself, and his cards are not "
            "called (L72)",
        ),
        Rule(
            Irregularity.CARD_OMITTED,
            f"{s} L81",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "claim a new deal", f"{s} L81"),
                _o(
                    "deal_stands",
                    "the deal stands: the surplus card is deemed played to the imperfect trick "
                    "(no revoke there)",
                    f"{s} L81",
                ),
            ),
        ),
        Rule(
            Irregularity.SURPLUS_CARD,
            f"{s} L82",
            Claimant.NONE,
            (),
            blocking=False,
            note="the trick holding a surplus card is examined and the card restored to its "
            "holder (not dummy), who is liable for any revoke he has meanwhile made; the "
            "surplus card never counted in the trick [assumed]",
        ),
        Rule(
            Irregularity.REVOKE_QUESTION,
            f"{s} L85",
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
            f"{s} L83",
            Claimant.OFFENDER,
            (_o("correct", "correct the revoke", f"{s} L85, L86"),),
            deadline=_DEADLINE_REVOKE_FIX,
            blocking=False,
        ),
        Rule(
            Irregularity.REVOKE_CORRECTED,
            f"{s} L86",
            Claimant.DECLARER,
            (
                _o(
                    "expose",
                    "the card played in error is exposed; the declarer may call it whenever he "
                    "pleases",
                    f"{s} L86",
                    # seed 000 L86, verbatim.
                    "the card played in error is exposed and the declarer may call it whenever "
                    "he pleases",
                ),
                _o(
                    "highest",
                    "the offender plays his highest card of the suit to the trick",
                    f"{s} L86",
                ),
                _o(
                    "lowest",
                    "the offender plays his lowest card of the suit to the trick",
                    f"{s} L86",
                ),
            ),
            note="the players who followed may withdraw their cards, which are not exposed; no "
            "penalty against the declarer",
        ),
        Rule(
            Irregularity.DUMMY_REVOKE,
            f"{s} L63",
            Claimant.NONE,
            (_o("correct", "correct dummy's card", f"{s} L63"),),
            deadline=_DEADLINE_QUITTED,
            blocking=False,
            note="dummy is not liable to the revoke penalty; once the trick is quitted it stands",
        ),
        Rule(
            Irregularity.REVOKE_CLAIM,
            f"{s} L84, L88, L89",
            Claimant.ADVERSARIES,
            (
                _o("points", "150 in the honour column, 100 for each further revoke", f"{s} L84"),
                _o(
                    "tricks",
                    "take three tricks from the revoking side (no doubled bonus, no slam), 100 "
                    "for each further revoke",
                    f"{s} L84 b",
                ),
                _o(_WAIVE, "do not claim the revoke", f"{s} L88"),
            ),
            deadline=_DEADLINE_NEXT_CUT,
            blocking=False,
            note="the declarer's side revoking: 150 to the adversaries besides any undertricks "
            "(L84 a); a revoking side scores only honours and chicane; both sides revoking: only "
            "honours and chicane, 100 for each extra revoke (L89)",
        ),
        Rule(
            Irregularity.DUMMY_RIGHT,
            f"{s} L60",
            Claimant.NONE,
            (),
            blocking=False,
            note="dummy may ask about a renounce, point out too many or too few cards in a "
            "trick, correct a claim to a penalty, a trick wrongly taken or the score, and join "
            "a dispute of fact",
        ),
        Rule(
            Irregularity.DUMMY_INTERVENTION,
            f"{s} L61",
            Claimant.NONE,
            (),
            blocking=False,
            note="the declarer is precluded from exacting the penalty",
        ),
        Rule(
            Irregularity.DUMMY_SUGGESTS_CARD,
            f"{s} L62",
            Claimant.ADVERSARIES,
            (
                _o("play_suggested", "the declarer must play the card suggested", f"{s} L62"),
                _o(
                    "not_play_suggested",
                    "the declarer must not play the card suggested",
                    f"{s} L62",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} L62"),
            ),
        ),
        Rule(
            Irregularity.UNAUTHORISED_REFERENCE,
            f"{s} L93",
            Claimant.DECLARER,
            (
                _o(
                    "call_suit",
                    "call a suit from the adversary whose turn it next is to lead",
                    f"{s} L93",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} L93"),
            ),
            note="warning a partner that he is about to lead out of turn is allowed",
        ),
        Rule(
            Irregularity.CLAIM,
            f"{s} L72; Case 8",
            Claimant.ADVERSARIES,
            (
                _o("concede", "accept the claim (a concession stands: Etiquette 10)", f"{s} L72"),
                _o(
                    "play_out",
                    "require the declarer to place his cards face upward and play on; the "
                    "adversaries' cards then exposed are not called",
                    f"{s} L72",
                ),
            ),
        ),
        Rule(
            Irregularity.CARDS_THROWN_DOWN,
            f"{s} L72",
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
            f"{s} L95, L96",
            Claimant.NONE,
            (),
            blocking=False,
            note="no effect on play or score",
        ),
        Rule(
            Irregularity.BYSTANDER,
            f"{s} L97",
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
            "consultation_forfeits": "Case 1; seed 002 introduction (ban abolished in 1912)",
            "wrong_penalty_forfeits": "seed 002 introduction (rule abolished in 1912)",
        },
    )


def _bridge_1906() -> IrregularityCode:
    s = "seed 003"
    fb = "[assumed: Auction 1912 equivalent, flag bridge_exposed_card_def]"
    auction = _auction_1912().rules
    r: list[Rule] = [
        Rule(
            Irregularity.NEW_DEAL_GROUND,
            f"{s} L38 a-e; seed 004 g",
            Claimant.NONE,
            (
                _o(
                    "new_deal",
                    "new deal by the same dealer ('there is no misdeal')",
                    f"{s} L37, L42",
                ),
            ),
            note="compulsory",
        ),
        Rule(
            Irregularity.PACK_NOT_CUT,
            f"{s} L38 f",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "demand a new deal", f"{s} L38 f"),
                _o(_WAIVE, "let the deal stand", f"{s} L38 f"),
            ),
            deadline=_DEADLINE_DEAL,
        ),
        Rule(
            Irregularity.CARD_EXPOSED_IN_DEAL,
            f"{s} L39 a, b, d; L40",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "claim a new deal", f"{s} L39"),
                _o(_WAIVE, "no new deal: the card cannot be called", f"{s} L40"),
            ),
            deadline=_DEADLINE_DEAL,
            note="exposed by the dealer or his partner: the eldest hand claims (a); by an "
            "adversary: the dealer or his partner (b)",
        ),
        Rule(
            Irregularity.DEALER_LOOKED,
            f"{s} L39 c",
            Claimant.ELDEST_HAND,
            (
                _o("new_deal", "exact a new deal", f"{s} L39 c"),
                _o(_WAIVE, "let the deal stand (the adversaries may see the card)", f"{s} L39 c"),
            ),
            deadline=_DEADLINE_DEAL,
        ),
        Rule(
            Irregularity.SHORT_HAND,
            "seed 004 (short hand)",
            Claimant.NONE,
            (),
            note="the deal stands; the short player (not dummy) answers for his revokes",
        ),
        Rule(
            Irregularity.PACK_INCORRECT,
            f"{s} L38 b, L42",
            Claimant.NONE,
            (_o("new_deal", "the current deal is void; the dealer deals again", f"{s} L42"),),
        ),
        Rule(
            Irregularity.DEALT_OUT_OF_TURN,
            f"{s} L43",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "correct it: the rightful dealer deals", f"{s} L43"),
                _o("let_stand", "let the deal stand", f"{s} L43 [assumed when not corrected]"),
            ),
            deadline="before the cards are dealt for the following deal",
        ),
        Rule(
            Irregularity.MAKE_WITHOUT_PERMISSION,
            f"{s} L46",
            Claimant.ELDEST_HAND,
            (
                _o("let_stand", "let the trump stand", f"{s} L46; [external: partyfass.cc]"),
                _o("new_deal", "demand a new deal", f"{s} L46; [external: partyfass.cc]"),
            ),
            deadline="before any declaration as to doubling",
        ),
        Rule(
            Irregularity.PASS_BACK,
            f"{s} L47",
            Claimant.ELDEST_HAND,
            (
                _o("new_deal", "claim a new deal", f"{s} L47"),
                _o(
                    "compel",
                    "compel the dealer's partner to declare the trump",
                    f"{s} L47",
                    "compel the offending player to declare the trump",  # seed 003 L47 verbatim
                ),
            ),
            deadline="before any declaration as to doubling",
        ),
        Rule(
            Irregularity.ADVERSARY_DECLARES,
            f"{s} L48",
            Claimant.DEALER,
            (
                _o("new_deal", "claim a new deal", f"{s} L48"),
                _o("proceed", "proceed as if no declaration had been made", f"{s} L48"),
            ),
            note="the dealer decides after looking at his hand",
        ),
        Rule(
            Irregularity.DOUBLE_OUT_OF_TURN,
            f"{s} L54, L59",
            Claimant.MAKER,
            (
                _o("let_stand", "the double stands; re-doubling continues", f"{s} L54, L59"),
                _o("void", "the double does not stand", f"{s} L54, L59"),
            ),
            note="the dealer's right-hand adversary doubled before his partner asked 'May I lead?'",
        ),
        Rule(
            Irregularity.ILLEGAL_DOUBLE,
            f"{s} L49 ('a declaration as to doubling once made cannot be altered'); {fb}",
            Claimant.NONE,
            (),
            blocking=False,
            note="no law penalises it: no effect [assumed]",
        ),
        Rule(
            Irregularity.PASS_OUT_OF_TURN,
            f"{s} L59",
            Claimant.NONE,
            (),
            blocking=False,
            note="the dealer's right-hand adversary asks 'May I lead?' before the eldest hand "
            "has spoken: no penalty; the question is void and the eldest hand does not thereby "
            "lose his right to double",
        ),
        Rule(
            Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION,
            f"{s} L67",
            Claimant.ELDEST_HAND,
            (
                _o("new_deal", "claim a new deal (without consulting his partner)", f"{s} L67"),
                _o(_WAIVE, "let the deal stand", f"{s} L67"),
            ),
            note="exposed by the dealer or his partner before the trump is declared; a card an "
            f"adversary exposes is liable to be called {fb}",
        ),
        Rule(
            Irregularity.LEAD_DURING_DECLARING,
            f"{s} L56, L60",
            Claimant.MAKER,
            (
                _o("call_suit", "call a suit from the eldest hand", f"{s} L60"),
                _o(_WAIVE, _T_WAIVE, f"{s} L60"),
            ),
            note="L60: the dealer's right-hand adversary led; the eldest hand may double only "
            "with the maker's consent. L56: the eldest hand led before the doubling was over; "
            "his partner may re-double only with the consent of the adversary who last doubled",
        ),
        Rule(
            Irregularity.EXPOSED_CARD,
            f"{s} L69, L71, L80",
            Claimant.DECLARER,
            (),
            blocking=False,
            note="liable to be called, left face up; the call may be repeated at every trick "
            "until the card is played (L80) and never compels a revoke (L79); a card dropped "
            "below the table is not exposed (L71)",
        ),
        Rule(
            Irregularity.LEAD_OUT_OF_TURN,
            f"{s} L76, L78",
            Claimant.DECLARER,
            (
                _o("treat_as_exposed", "call the card erroneously led", f"{s} L76"),
                _o(
                    "call_suit",
                    "call a suit when it is the turn of either adversary to lead",
                    f"{s} L76",
                ),
                _o("accept", "let the lead stand", f"{s} L78"),
            ),
            deadline="before all three others have followed (then the trick stands, L78)",
            blocking=False,
        ),
        Rule(
            Irregularity.DECLARER_LEAD_OUT_OF_TURN,
            f"{s} L77; preface to the laws",
            Claimant.OFFENDER,
            (
                _o("retract", "take the lead back (no penalty)", f"{s} L77"),
                _o("accept", "let the lead stand", f"{s} L77, L78"),
            ),
            deadline=_DEADLINE_SECOND_HAND,
            blocking=False,
        ),
        Rule(
            Irregularity.PLAYED_BEFORE_TURN,
            f"{s} L82",
            Claimant.DECLARER,
            _second_hand_options(f"{s} L82", "second hand"),
            note="the offender's partner is the second hand, not dummy or dealer",
        ),
        Rule(
            Irregularity.ATTENTION_TO_TRICK,
            f"{s} L100",
            Claimant.DECLARER,
            _second_hand_options(f"{s} L100", "partner"),
        ),
        Rule(
            Irregularity.TWO_CARDS_PLAYED,
            f"{s} L72",
            Claimant.DECLARER,
            (
                _o(
                    "to_trick",
                    "call one of the cards to the trick; the others stay face up and may be "
                    "called at any time",
                    f"{s} L72",
                ),
            ),
        ),
        Rule(
            Irregularity.CARD_OMITTED,
            f"{s} L83",
            Claimant.ADVERSARIES,
            (
                _o("new_deal", "claim a new deal", f"{s} L83"),
                _o(
                    "deal_stands",
                    "the deal stands: the surplus card is deemed played to the imperfect trick "
                    "(no revoke there)",
                    f"{s} L83",
                ),
            ),
        ),
        Rule(
            Irregularity.REVOKE,
            f"{s} L85, L86",
            Claimant.OFFENDER,
            (_o("correct", "correct the revoke", f"{s} L91"),),
            deadline=_DEADLINE_REVOKE_FIX,
            blocking=False,
        ),
        Rule(
            Irregularity.REVOKE_CORRECTED,
            f"{s} L91",
            Claimant.DECLARER,
            (
                _o(
                    "expose",
                    "the card played in error is exposed; the dealer may call it whenever he "
                    "pleases",
                    f"{s} L91",
                    # seed 003 L91, verbatim.
                    "the card played in error is an exposed card, and the dealer can call it "
                    "whenever he pleases",
                ),
                _o(
                    "highest",
                    "the offender plays his highest card of the suit to the trick",
                    f"{s} L91",
                ),
                _o(
                    "lowest",
                    "the offender plays his lowest card of the suit to the trick",
                    f"{s} L91",
                ),
            ),
            note="the players who followed may withdraw their cards, which are not exposed",
        ),
        Rule(
            Irregularity.DUMMY_REVOKE,
            f"{s} L85 (dummy excluded); {fb}",
            Claimant.NONE,
            (_o("correct", "correct dummy's card", f"{s} L85"),),
            deadline=_DEADLINE_QUITTED,
            blocking=False,
            note="dummy is not liable to the revoke penalty",
        ),
        Rule(
            Irregularity.REVOKE_CLAIM,
            f"{s} L87-96",
            Claimant.ADVERSARIES,
            (
                _o(
                    "tricks",
                    "three tricks for each revoke from the revoking side (at most 13); the "
                    "revoking side cannot go beyond 28 toward game",
                    f"{s} L87, L89, L96",
                ),
                _o(_WAIVE, "do not claim the revoke", f"{s} L94"),
            ),
            deadline=_DEADLINE_NEXT_CUT,
            blocking=False,
            note="both sides revoking: neither can win the game by that hand (L95); penalty "
            "tricks never count for slam (L7)",
        ),
        Rule(
            Irregularity.DUMMY_RIGHT,
            f"{s} L61 a-g",
            Claimant.NONE,
            (),
            blocking=False,
            note="no effect",
        ),
        Rule(
            Irregularity.DUMMY_INTERVENTION,
            f"{s} L63",
            Claimant.NONE,
            (),
            blocking=False,
            note="the dealer cannot exact the penalty",
        ),
        Rule(
            Irregularity.DUMMY_SUGGESTS_CARD,
            f"{s} L64",
            Claimant.ADVERSARIES,
            (
                _o("play_suggested", "the dealer must play the card suggested", f"{s} L64"),
                _o("not_play_suggested", "the dealer must not play the card suggested", f"{s} L64"),
                _o(_WAIVE, _T_WAIVE, f"{s} L64"),
            ),
            note="either adversary, without consultation",
        ),
        Rule(
            Irregularity.UNAUTHORISED_REFERENCE,
            f"{s} L101",
            Claimant.DECLARER,
            (
                _o(
                    "call_suit",
                    "call a suit from the adversary whose turn it next is to lead",
                    f"{s} L101",
                ),
                _o(_WAIVE, _T_WAIVE, f"{s} L101"),
            ),
        ),
        Rule(
            Irregularity.CLAIM,
            f"{s} L74",
            Claimant.ADVERSARIES,
            (
                _o("concede", "accept the claim", f"{s} L74"),
                _o(
                    "play_out",
                    "play the hand out; cards the adversaries expose believing the claim are "
                    "not called",
                    f"{s} L74",
                ),
            ),
        ),
        Rule(
            Irregularity.CARDS_THROWN_DOWN,
            f"{s} L74",
            Claimant.DECLARER,
            (),
            blocking=False,
            note="exposed and liable to be called, unless exposed believing the dealer's claim",
        ),
        Rule(
            Irregularity.CONSULTATION,
            f"{s} L97",
            Claimant.NONE,
            (),
            blocking=False,
            note="partners who consult about enforcing a penalty lose it",
        ),
        Rule(
            Irregularity.WRONG_PENALTY,
            f"{s} L102",
            Claimant.NONE,
            (),
            blocking=False,
            note="if a wrong penalty is demanded none can be enforced",
        ),
        Rule(
            Irregularity.NEW_CARDS,
            f"{s} L104, L105",
            Claimant.NONE,
            (),
            blocking=False,
            note="no effect on play or score",
        ),
    ]
    rules = {x.kind: x for x in r}
    # The laws seed 003 is missing (L65, 68, 70, 73, 75, 92 ...) fall back to Auction 1912.
    for kind in (
        Irregularity.FAILURE_TO_COMPLY,
        Irregularity.CALLED_SUIT_NOT_HELD,
        Irregularity.CARD_EXPOSED_BEFORE_LEAD,
        Irregularity.WINNING_CARDS_LED_WITHOUT_WAITING,
        Irregularity.SURPLUS_CARD,  # seed 003 has no L84, where A82 would be
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
            "consultation_forfeits": f"{s} L97",
            "wrong_penalty_forfeits": f"{s} L102",
        },
    )


def _contract() -> IrregularityCode:
    law = "Laws of Duplicate Bridge 2017, Law 64"
    r = [
        Rule(
            Irregularity.REVOKE,
            "Laws of Duplicate Bridge 2017, Law 62",
            Claimant.OFFENDER,
            (_o("correct", "correct the revoke", "Law 62"),),
            deadline="before the revoke is established (Law 63)",
            blocking=False,
        ),
        Rule(
            Irregularity.REVOKE_CLAIM,
            law,
            Claimant.ADVERSARIES,
            (
                _o("tricks", "transfer one or two tricks (Law 64A)", law),
                _o(_WAIVE, "do not claim the revoke", law),
            ),
            deadline="before the end of the correction period (Law 64B)",
            blocking=False,
        ),
        Rule(
            Irregularity.DUMMY_REVOKE,
            "Laws of Duplicate Bridge 2017, Law 64B3",
            Claimant.NONE,
            (_o("correct", "correct dummy's card", "Law 62"),),
            blocking=False,
            note="no trick transfer for a revoke by dummy",
        ),
    ]
    return IrregularityCode(
        name="contract",
        rules={x.kind: x for x in r},
        consultation_forfeits=False,
        wrong_penalty_forfeits=False,
    )


_CODES: dict[str, IrregularityCode] = {}


def code_for(law_set: LawSet | str) -> IrregularityCode:
    """The irregularity laws of a law set, chosen by the seeds it comes from.

    Auction 1912 (seeds 000/002), Bridge and its variants (seeds 003/004); a law set with no
    seed is modern contract bridge.

    Raises:
        LawSetError: unknown law set.
    """
    law = get_law_set(law_set)
    if not _CODES:
        _CODES.update(auction_1912=_auction_1912(), bridge=_bridge_1906(), contract=_contract())
    if "000" in law.seeds or "002" in law.seeds:
        return _CODES["auction_1912"]
    if "003" in law.seeds or "004" in law.seeds:
        return _CODES["bridge"]
    return _CODES["contract"]


def rule_for(law_set: LawSet | str, kind: Irregularity) -> Rule:
    """What `law_set`'s code says about `kind`: law, claimant, options, deadline.

    Raises:
        IrregularityError: the code has no law on it.
        LawSetError: unknown law set.
    """
    return code_for(law_set).rule(kind)


# --------------------------------------------------------------------------------------------
# Pure helpers the game uses.
# --------------------------------------------------------------------------------------------


def trick_winner_of(cards: Mapping[Seat, Card], leader: Seat, strain: Strain | int) -> Seat:
    """The winner of a trick as it lies, whatever its cards: the highest trump, else the highest
    card of the suit led. Cards may be missing (a card omitted, law 81) or not follow suit.

    Raises:
        IrregularityError: the leader has no card in the trick.
    """
    if leader not in cards:
        raise IrregularityError("the leader has no card in the trick")
    led = cards[leader].suit
    trump = Strain(strain).suit

    def key(item: tuple[Seat, Card]) -> tuple[int, int]:
        card = item[1]
        if trump is not None and card.suit == trump:
            return (2, int(card.rank))
        if card.suit == led:
            return (1, int(card.rank))
        return (0, 0)

    return max(cards.items(), key=key)[0]


def law64_transfer(
    tricks: Sequence[tuple[Seat, Iterable[Seat]]], revokes: Sequence[tuple[Seat, int]]
) -> PerSide:
    """Contract bridge (2017 Laws, Law 64A): tricks each side forfeits for its revokes.

    `tricks` lists each trick's winner (first item) in order; `revokes` gives (offender,
    index of the revoke trick). Law 64A1: the offender won the revoke trick: it and one more
    trick the offending side won later are transferred. 64A2: otherwise one trick, if the
    offending side won that or any later trick.
    """
    out = [0, 0]
    for seat, index in revokes:
        side = seat.side
        later = [w for w, _ in tricks[index + 1 :] if w.side == side]
        won = tricks[index][0] if 0 <= index < len(tricks) else None
        if won == seat:
            n = 1 + (1 if later else 0)
        else:
            n = 1 if (won is not None and won.side == side) or later else 0
        out[side] += n
    return PerSide(out[0], out[1])


def revoke_score_arguments(
    law_set: LawSet | str,
    claimed: Mapping[Side, int],
    *,
    declarer_side: Side,
    election: str | None = None,
    forfeits: PerSide | None = None,
) -> dict[str, Any]:
    """The keyword arguments of :func:`redouble.scoring.score_hand` for the revokes claimed.

    `claimed` maps each side to its established revokes whose penalty was claimed. Auction
    1912: the declarer chooses "points" (150) or "tricks" (three tricks) when a defender
    revoked (L84 b); further revokes cost 100 each (L84 c); both sides revoking leaves only
    honours and chicane (L89) — all computed by the scorer from these arguments. Bridge: three
    tricks per revoke, the 28 limit (seed 003 L87-96). Contract: `forfeits` from
    :func:`law64_transfer`.

    Raises:
        IrregularityError: an election is needed and missing, or given where none applies.
    """
    law = get_law_set(law_set)
    counts = PerSide(claimed.get(Side.NS, 0), claimed.get(Side.EW, 0))
    out: dict[str, Any] = {}
    if not counts.ns and not counts.ew:
        return out
    out["revokes"] = counts
    rule = law.revoke
    if isinstance(rule, PointsRevoke):
        defenders = declarer_side.opponents
        if counts[defenders] and not counts[declarer_side]:
            if election not in ("points", "tricks"):
                raise IrregularityError(
                    "a defender's revoke: the declarer elects 'points' or 'tricks' [seed 000 L84 b]"
                )
            out["revoke_election"] = election
    elif isinstance(rule, Law64Revoke):
        out["revoke_tricks"] = forfeits if forfeits is not None else PerSide()
    elif isinstance(rule, TrickTransferRevoke) and election not in (None, "tricks"):
        raise IrregularityError("a Bridge revoke always costs three tricks [seed 003 L87]")
    return out


def claim_holds(
    hands: Sequence[int | CardSet],
    strain: Strain | int,
    leader: Seat,
    trick: Sequence[Card],
    claimer_side: Side,
    tricks: int,
    *,
    max_exhaustive_tricks: int = 4,
) -> bool | None:
    """Whether `claimer_side` can take `tricks` of the remaining tricks double-dummy.

    Uses :mod:`redouble.solver` when it can be imported; otherwise an exhaustive search, only
    for endings of at most `max_exhaustive_tricks` tricks; None when neither can tell (or the
    position cannot be built).
    """
    from .play import Position

    try:
        position = Position(list(hands), strain, leader, trick)
    except RedoubleError:
        return None
    left = position.tricks_left
    if tricks > left:
        return False
    import importlib

    try:
        _solver: Any = importlib.import_module("redouble.solver")
    except ImportError:
        _solver = None
    if _solver is not None:
        got: int | None
        try:
            got = int(_solver.Solver().solve(position))
        except (RuntimeError, ValueError, TypeError, AttributeError):  # not ready: search
            got = None
        if got is not None:
            mine = got if position.to_play.side == claimer_side else left - got
            return mine >= tricks
    if left > max_exhaustive_tricks:
        return None
    memo: dict[tuple[int, int, int, int, int, int], int] = {}

    def best(p: Position) -> int:
        """Most tricks `claimer_side` takes from here with best play by both sides."""
        if p.is_complete():
            return 0
        key = (*p.deal.masks, int(p.to_play), 0) if not p.trick else None
        if key is not None and key in memo:
            return memo[key]
        mine = p.to_play.side == claimer_side
        result = -1 if mine else 99
        for card in p.legal_plays():
            won = p.play(card)
            value = best(p) + (1 if won is not None and won.side == claimer_side else 0)
            p.undo()
            result = max(result, value) if mine else min(result, value)
        if key is not None:
            memo[key] = result
        return result

    return best(position) >= tricks


# --------------------------------------------------------------------------------------------
# The law map, as data (the module docstring renders it).
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LawMapRow:
    """One row of the law map: the law, the function applying it, the test checking it."""

    law: str
    function: str
    test: str


def _law_map() -> tuple[LawMapRow, ...]:
    rows: list[LawMapRow] = []
    lines = (__doc__ or "").splitlines()
    inside = 0
    for line in lines:
        if line.startswith("========"):
            inside += 1
            continue
        if inside == 2 and line.strip():
            parts = line.split()
            test, function = parts[-1], parts[-2]
            rows.append(LawMapRow(" ".join(parts[:-2]), function, test))
    return tuple(rows)


LAW_MAP: tuple[LawMapRow, ...] = _law_map()
"""The law map of the module docstring: law -> function -> test."""
