"""Irregularities and their penalties, as each code of laws gives them.

Every bridge program prevents irregularities; the old codes of laws *rectify* them. This module
is the catalogue: for each kind of irregularity (:class:`Irregularity`) and each code of laws
(:class:`IrregularityCode`, named by the law set's ``irregularity_code``, never by an ``if`` on its name), the
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

* ``bridge`` — Bridge (Elwell, 1906) with its 1907 revision, Bridge (Elwell, 1907). Missing
  laws (65, 68, 70, 73, 75, 81, 84, 90, 92, 98, 103) fall back to the Auction Bridge (1912)
  equivalents, as redouble decided (flag ``bridge_exposed_card_def``); those entries say so.
* ``auction_1912`` — Auction Bridge (1912): the Whist Club of New York's code of November 1912,
  Laws 1-97 and the Card Committee's Cases 1-8.
* ``contract`` — modern contract bridge: only the revoke (2017 Laws, Law 64) is catalogued.

Law map (law number -> function -> test; ``tests/test_irregularities.py`` checks that every
function and test named here exists, so the table cannot drift). Functions are methods of
:class:`~redouble.game.Game` unless they name this module or :mod:`redouble.club` (the table
laws); a bare name is a function of :mod:`redouble.game` (cutting). In the first column "A49"
is Auction Bridge (1912), Law 49 (Laws 1-36 are known from a Thai translation); "B46" is
Bridge (Elwell, 1906), Law 46 (Bridge (Elwell, 1907) where marked; "B 3 pl." its Bridge for
Three Players).

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
A42, A65  Game.expose                                  test_auction_1912_law_42_barred_dealer_makes_the_lowest_declaration
A49       Game.call                                    test_auction_1912_law_49_declaration_out_of_turn
A50       Game.call                                    test_auction_1912_law_50_insufficient_declaration_bars_partner
A50       Game.call                                    test_auction_1912_law_50_impossible_declaration_options
A51       Game.remark                                  test_auction_1912_law_51_information_lets_declarer_call_a_lead
A52       Game.correct_call                            test_auction_1912_law_52_inadvertent_declaration_corrected
A52       Game.call_attention                          test_auction_1912_law_52_insufficient_declaration_corrected_before_attention
A54       Game.call                                    test_auction_1912_law_54_illegal_double_has_no_penalty_case_6
A57       Game.call                                    test_auction_1912_law_57_double_out_of_turn_new_deal
A60       Game.remark                                  test_auction_1912_law_60_dummys_rights_carry_no_effect
A61       Game.remark                                  test_auction_1912_law_61_dummy_intervention_forfeits_penalty
A62       Game.remark                                  test_auction_1912_law_62_dummy_suggests_a_card
A63       Game.play                                    test_auction_1912_law_63_dummy_revoke_has_no_penalty
A64       Game.touch_dummy                             test_auction_1912_law_64_dummy_card_touched_is_played
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
Case 2    Game.call_attention                          test_auction_1912_case_2_insufficient_bid_correction_is_the_penalty
Case 3    Game.report_new_deal_ground                  test_auction_1912_case_3_imperfect_pack_after_play_score_stands
Case 4    club.Club.cut_into                           test_auction_1912_case_4_cutting_in_unneeded_gives_equal_standing
Case 5    club.Club.cut_into                           test_auction_1912_case_5_failed_cut_in_enters_without_cutting
Case 6    Game.call                                    test_auction_1912_law_54_illegal_double_has_no_penalty_case_6
Case 7    Game.call                                    test_auction_1912_case_7_partner_who_first_bid_plays
Case 8    Game.claim                                   test_auction_1912_case_8_claim_and_exposed_hands
B16       cut_card                                     test_bridge_1906_law_16_several_exposed_cut_again
B19-20    cut_for_partners                             test_bridge_1906_law_19_lowest_equal_cards_recut_for_the_deal
B 3 pl.   cut_for_dummy                                test_bridge_three_handed_lowest_cut_has_the_permanent_dummy
B 3 pl.   Game.dealer                                  test_bridge_three_handed_dealer_keeps_the_permanent_dummy_for_the_rubber
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
B Spade I Game.call                                    test_bridge_1906_spade_convention_i_unplayed_spade_make
B Spade II Game.remark                                 test_bridge_1906_spade_convention_ii_third_hand_asks_shall_i_play
B Spade II Game.play                                   test_bridge_1906_spade_convention_ii_lead_without_permission
B Spade II Game.decide                                 test_bridge_1906_spade_convention_ii_lead_without_permission
B66       Game.touch_dummy                             test_bridge_1906_law_66_dummy_card_touched_is_played
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
B97       Game.decide                                  test_bridge_1906_law_97_consultation_forfeits_a_lone_claimants_penalty
B100      Game.remark                                  test_bridge_1906_law_100_attention_to_trick
B101      Game.remark                                  test_bridge_1906_law_101_unauthorised_reference
B102      Game.record_wrong_penalty                    test_bridge_1906_law_102_wrong_penalty_forfeits
C64       irregularities.law64_transfer                test_contract_law_64_revoke_transfer
========  ==========================================  =================================================================

Laws of these codes that change neither play nor score, or cannot arise in the engine, have no
row. The catalogue describes some of them for reference (:func:`rule_for`): new cards
(A95-96/B104-105), bystanders (A97). The others: A41/B44 (cutting or dealing for partner),
A90-91/B99 (quitted tricks, placing cards), A94/B102 first clause (reasonable time),
A12-13/B13 (correcting an erroneous score: the engine computes the score, never enters it
wrongly), A87/B93 (searching the tricks for a revoke: the engine keeps every trick), B43 first
sentence (dealing with the adversaries' cards: the engine has one pack), the etiquette. B61 a
(dummy may ask the dealer whether he has none of a suit he renounced) has no effect on play or
score: Bridge (Elwell, 1906), Law 86 establishes the revoke when the trick is quitted whatever was asked; in
Auction Bridge (1912) the same question does (Law 85, :meth:`~redouble.game.Game.ask_having_none`).

Laws that change play or score but live elsewhere, each value cited where it is defined: the
shuffle, the cut and the deal (A28-35; B29-36, Bridge (Elwell, 1907)) in
:func:`redouble.dealing.deal_by_the_laws` and :meth:`redouble.deal.DealRecord.check`; the
declaring, doubling and scoring laws (A1-11, A42-48, A53-56, A58; B1-11, B45, B49-53, the
revoke's score B85-96; Bridge for Three Players) in the law sets' data (:mod:`redouble.laws`),
:mod:`redouble.auction` and :mod:`redouble.scoring`.
The table laws: :mod:`redouble.club` models Auction Bridge (1912), Laws 19-25 and Cases 4-5 (rows above); the
rest (A17, A22, A26-27; B17, B21-28) decide who sits at a table, not the play or the score.

The Spade Convention of Bridge (Elwell, 1906) is a house agreement ("where players agree
'not to play spades'"), played when the law set is built with the flag
``spade_convention_agreed``: an undoubled spade make is then played only when a side has 20 or
more toward game (I), otherwise the game records the hand as not played, scores nothing for it
(the text does not say what an unplayed hand scores) and passes the deal to the left. Its
penalty for playing too soon (II: "If the third hand player ask, 'Shall I play?' or should he
lead out of turn, or should the eldest hand lead without asking permission to play, the spade
maker may take two on the score or may call a lead and require the hand to be played out") is
the kind ``spade_convention_premature_play``: the third hand's question is a
:meth:`~redouble.game.Game.remark`, a lead is :meth:`~redouble.game.Game.play` while the
doubling goes on (it then replaces Laws 56 and 60); the maker chooses ``take_two`` (two
toward game for his side, the hand not played) or ``call_lead`` (a suit the eldest hand must
lead; the hand is played out undoubled). What the text leaves open is redouble's decision,
documented on those options.

Example::

    >>> from redouble import laws
    >>> rule = rule_for(laws.get("auction_1912"), Irregularity.INSUFFICIENT_DECLARATION)
    >>> rule.law, [o.code for o in rule.options]
    ('Auction Bridge (1912), Law 50', ['penalise', 'condone'])
"""

from __future__ import annotations

from ..errors import IrregularityError
from .catalogue import (
    JOINT_WORDINGS,
    Claimant,
    Irregularity,
    IrregularityCode,
    Obligation,
    ObligationKind,
    Option,
    OptionCode,
    Rule,
    Ruling,
    normalise_phrase,
    options_named,
)
from .codes import code_for, rule_for
from .helpers import claim_holds, law64_transfer, revoke_score_arguments, trick_winner_of
from .law_map import LAW_MAP, LawMapRow

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
    "OptionCode",
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
