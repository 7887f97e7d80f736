"""Files written by other programs, taken from public repositories (tests/data/README.md,
"formats/real/", names each file's source and producer). Each test compares the reading with
values read by eye from the file itself: the deal, the contract, the declarer, the result."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest

from redouble.cards import Seat, Strain
from redouble.deal import Vulnerability
from redouble.formats import lin, pbn, read, reads, writes

REAL = Path(__file__).parent / "data" / "formats" / "real"
STRAINS = {"NT": Strain.NOTRUMP, "S": Strain.SPADES, "H": Strain.HEARTS}
STRAINS |= {"D": Strain.DIAMONDS, "C": Strain.CLUBS}


def _tricks(rec: object) -> list[str]:
    play = rec.play  # type: ignore[attr-defined]
    return [" ".join(c.token for c in trick) for trick in play.tricks]


def test_ebl_pbn_1_0_export_with_unknown_cards_and_an_irregular_declarer() -> None:
    """The European Bridge League's PBN 1.0 exports: '#' inheritance, a play whose unknown
    cards are '-', and PBN's '^' on a declarer who was not the auction's (the closed room
    of board 6: South bid hearts first, North played it)."""
    boards = read(REAL / "etc99_A1A10101.pbn")
    assert [(b.board, b.tag("Room")) for b in boards] == [
        (1, "Open"),
        (1, "Closed"),
        (3, "Open"),
        (6, "Open"),
        (6, "Closed"),
        (14, "Open"),
    ]
    open1, closed1, _, open6, closed6, open14 = boards
    assert open1.deal is not None
    assert open1.deal.to_pbn() == (
        "N:T7.QT6.AQ985.T87 98.542.KT643.K54 AQ32.AK97.72.Q62 KJ654.J83.J.AJ93"
    )
    assert (open1.dealer, open1.vulnerability) == (Seat.NORTH, Vulnerability.NONE)
    assert (str(open1.contract), open1.declarer, open1.result, open1.score) == (
        "3NT",
        Seat.SOUTH,
        7,
        "NS -100",
    )
    # '#' takes the Event of the board before; the players are the board's own.
    assert closed1.tag("Event") == "European Team Championships '99"
    assert closed1.tag("North") == "De Falco S"
    assert (str(closed1.contract), closed1.result, closed1.score) == ("1NT", 7, "NS 90")
    # Nine tricks, the last of which only East's HT is known (Play "W": W N E S).
    assert _tricks(open1)[0] == "S4 ST S8 S3"
    assert _tricks(open1)[-1] == "- HT - -"
    assert (str(open6.contract), open6.declarer, open6.result) == ("6H", Seat.SOUTH, 11)
    assert _tricks(open6)[-1] == "- - SA -"
    assert (str(closed6.contract), closed6.declarer, closed6.result) == ("6H", Seat.NORTH, 13)
    assert closed6.tag("Declarer") == "^N"
    assert '[Declarer "^N"]' in pbn.dumps([closed6])
    assert (str(open14.contract), open14.declarer, open14.result) == ("4HX", Seat.SOUTH, 10)
    assert pbn.loads(pbn.dumps(boards)) == boards


def test_bridgecomposer_with_big_deal_and_its_double_dummy_tables() -> None:
    """BridgeComposer 5.57's export (ISO-8859-1, its % directives, BCFlags, the
    OptimumResultTable with Result\\1R or \\2R) of a Big Deal 1.2 set."""
    raw = (REAL / "bridgecomposer_557.pbn").read_bytes()
    assert "párový".encode("latin-1") in raw  # the header's charset, not UTF-8
    first, second, third = read(REAL / "bridgecomposer_557.pbn")
    assert [(b.board, b.dealer, b.vulnerability) for b in (first, second, third)] == [
        (16, Seat.WEST, Vulnerability.EW),
        (17, Seat.NORTH, Vulnerability.NONE),
        (30, Seat.EAST, Vulnerability.NONE),
    ]
    assert first.tag("Generator") == "Big Deal version 1.2"
    assert first.tag("BCFlags") == "1f"
    assert first.contract is None
    assert first.declarer is None
    assert first.result is None
    # The tables as the file gives them (Declarer, Denomination, Result).
    given = {
        16: {"N": (6, 6, 4, 7, 7), "S": (6, 6, 5, 8, 7), "E": (7, 7, 8, 5, 6)},
        17: {"N": (3, 2, 6, 3, 3), "E": (10, 10, 7, 9, 10), "W": (10, 10, 7, 9, 10)},
        30: {"S": (6, 8, 6, 5, 7), "W": (6, 5, 6, 8, 6)},
    }
    for rec in (first, second, third):
        assert rec.dd_table is not None
        for seat, counts in given[rec.board].items():  # type: ignore[index]
            for strain, n in zip(("NT", "S", "H", "D", "C"), counts, strict=True):
                assert rec.dd_table[STRAINS[strain]][Seat.parse(seat)] == n


def test_big_deal_with_ability_and_minimax_kept() -> None:
    """Big Deal 1.1 with Deep Finesse's Ability and Minimax tags, which redouble keeps as
    tags; two empty lines between games."""
    boards = read(REAL / "bigdeal_deepfinesse.pbn")
    assert [(b.board, b.dealer, b.vulnerability) for b in boards] == [
        (1, Seat.NORTH, Vulnerability.NONE),
        (2, Seat.EAST, Vulnerability.NS),
        (11, Seat.SOUTH, Vulnerability.NONE),
    ]
    assert boards[0].tag("Generator") == "Big Deal version 1.1"
    assert boards[0].tag("Ability") == "N:7AA55 E:53377 S:7AA56 W:53377"
    assert boards[2].tag("Minimax") == "1NW-120"
    assert boards[2].deal is not None
    assert boards[2].deal.to_pbn() == (
        "N:963.AKT8.Q8.Q982 J5.765.T32.AKT74 Q42.943.KJ4.J653 AKT87.QJ2.A9765."
    )


def test_the_pbn_verifiers_own_correct_2_1_file() -> None:
    """The PBN 2.1 verifier's test file: Vulnerable "-", '?' for unknown tags, a table
    sorted by declarer then clubs first, a Result after the play section and a
    side in it ("NS 11"), and an OptimumPlayTable."""
    first, second = read(REAL / "pbn_verifier_correct_21.pbn")
    assert (first.board, first.vulnerability, first.contract, first.declarer) == (
        1,
        Vulnerability.NONE,
        None,
        None,
    )
    assert first.tag("Declarer") == "?"
    assert first.dd_table is not None
    assert first.dd_table[Strain.NOTRUMP][Seat.WEST] == 7
    assert first.dd_table[Strain.NOTRUMP][Seat.EAST] == 6
    assert first.dd_table[Strain.CLUBS][Seat.NORTH] == 9
    assert first.dd_table[Strain.HEARTS][Seat.EAST] == 8
    assert (second.board, second.dealer, second.vulnerability) == (
        16,
        Seat.WEST,
        Vulnerability.EW,
    )
    assert (str(second.contract), second.declarer, second.result, second.score) == (
        "5CX",
        Seat.NORTH,
        11,
        "NS +550",
    )
    assert second.auction is not None
    assert second.auction.is_complete
    assert _tricks(second) == ["SK ST S4 S2", "HK H5 H2 C7", "S6 C2 S5 S3", "H3 HA H6 D4"]
    [table] = second.tables
    assert (table.name, len(table.rows), table.rows[0]) == (
        "OptimumPlayTable",
        16,
        ("KQ86", "-", "QJ", "K"),
    )


def test_bridgecomposer_commentary_full_of_braces() -> None:
    """A BridgeComposer 5.50 file edited by hand for a PBN parser's tests: a comment ends at
    its first '}' whatever '{' it holds, and an empty line inside a comment does not end the
    game; the empty line after the tag that follows it does (PBN 2.1 section 3)."""
    first, second = read(REAL / "bridgecomposer_550_curlies.pbn")
    assert first.board == 1
    assert first.commentary == (" {", "  comment is open\n\n{ {{{ ")
    assert first.tag("CommentIsClosed") == ""
    assert second.board is None
    assert second.deal is None
    assert second.dd_table is not None
    assert second.dd_table[Strain.CLUBS][Seat.NORTH] == 12
    assert second.tag("Generator") == "BridgeComposer Version 5.50"


def test_kops_results_with_lower_case_doubles() -> None:
    """KOPS (Polish scoring) results: Board "01", Contract "5Cx", Vulnerable "Both"."""
    boards = read(REAL / "kops_PCH1003.pbn")
    assert [(b.board, str(b.contract), b.declarer, b.result) for b in boards] == [
        (1, "5CX", Seat.NORTH, 8),
        (1, "4H", Seat.WEST, 10),
        (2, "3NT", Seat.NORTH, 7),
        (4, "3NT", Seat.EAST, 6),
    ]
    assert boards[3].vulnerability is Vulnerability.BOTH
    assert boards[0].tag("North") == "N1"


def test_tourcalc_deals_only() -> None:
    boards = read(REAL / "tourcalc_260902.pbn")
    assert [(b.board, b.dealer, b.vulnerability) for b in boards] == [
        (1, Seat.NORTH, Vulnerability.NONE),
        (2, Seat.EAST, Vulnerability.NS),
        (3, Seat.SOUTH, Vulnerability.EW),
        (4, Seat.WEST, Vulnerability.BOTH),
    ]
    assert boards[3].deal is not None
    assert boards[3].deal.hand(Seat.WEST).to_pbn() == "AK62.K54.A642.A2"
    assert boards[3].deal.hand(Seat.EAST).to_pbn() == "987.98763.QT95.9"


def test_bbo_hand_record_played_out_with_alerts() -> None:
    """A BBO tournament hand record: robots' names (~~M), an| explanations BBO cut short,
    thirteen tricks and no claim."""
    [rec] = read(REAL / "bbo_skyclub_20784111.lin")
    assert rec.deal is not None
    assert rec.deal.hand(Seat.SOUTH).to_pbn() == "52.T97.A53.AJ753"
    assert rec.deal.hand(Seat.NORTH).to_pbn() == "AT97.K653.98762."
    assert (rec.board, rec.dealer, rec.vulnerability) == (1, Seat.NORTH, Vulnerability.NONE)
    assert [(rec.tag(s)) for s in ("South", "West", "North", "East")] == [
        "thebestcyc",
        "peter1959",
        "~~M59370",
        "asokefinan",
    ]
    assert rec.auction is not None
    assert [c.token for c in rec.auction.calls][:8] == [
        "Pass",
        "Pass",
        "1C",
        "Pass",
        "1D",
        "Pass",
        "Pass",
        "1NT",
    ]
    assert rec.auction.calls[2].note == "Minor suit opening -- 3+ C; 11-21 HCP; 1"
    # West's 1NT, raised to 3NT; East-West take tricks 2, 4, 5, 9, 10, 11 and 13.
    assert (str(rec.contract), rec.declarer, rec.claim, rec.result) == (
        "3NT",
        Seat.WEST,
        None,
        7,
    )
    assert rec.play is not None
    assert len(rec.play.tricks) == 13


def test_bbo_hand_record_with_a_claim_and_its_pbn_conversion() -> None:
    """A BBO hand record ending in a claim (mc|11), and the PBN that pbntools made of it
    (CRLF line breaks, a Note for the alert, the two unplayed tricks as '- - - -')."""
    [from_lin] = read(REAL / "bbo_history_3381671193.lin")
    from_pbn = read(REAL / "pbntools_history_expected.pbn")[0]
    for rec in (from_lin, from_pbn):
        assert rec.deal is not None
        assert rec.deal.to_pbn() == (
            "N:AQ983.A973.K92.3 J7..AQJ863.KJ864 KT2.QT842.7.T952 654.KJ65.T54.AQ7"
        )
        assert (rec.board, rec.dealer, str(rec.contract), rec.declarer, rec.result) == (
            1,
            Seat.NORTH,
            "5D",
            Seat.EAST,
            11,
        )
        assert rec.auction is not None
        assert rec.auction.calls[1].token == "2NT"
        assert rec.auction.calls[1].note == "gesthem"
    assert from_lin.claim == 11
    assert from_lin.auction is not None
    assert from_lin.auction.calls[1].annotations == ("!",)
    # The same eleven tricks, then the PBN's two unknown ones.
    assert _tricks(from_pbn)[:11] == _tricks(from_lin)
    assert _tricks(from_pbn)[11:] == ["- - - -", "- - - -"]
    assert from_pbn.tag("DealId") == "3381671193.lin"


def test_bbo_claim_in_the_middle_of_a_trick() -> None:
    [rec] = read(REAL / "bbo_wronie_28189369.lin")
    assert (str(rec.contract), rec.declarer, rec.claim, rec.result) == ("2S", Seat.WEST, 9, 9)
    assert rec.play is not None
    assert len(rec.play.tricks) == 12
    assert [c.token for c in rec.play.tricks[-1]] == ["H8"]
    # In the order of play: East led D2 to North's DQ (trick 9); North's CK took trick 10
    # and his DA trick 11 (no spade played), so he led the H8.
    order = rec.play.in_order(Strain.SPADES)
    assert len(order) == 45
    assert [(seat, pc.token) for seat, pc in order[-6:]] == [
        (Seat.WEST, "CJ"),
        (Seat.NORTH, "DA"),
        (Seat.EAST, "D8"),
        (Seat.SOUTH, "D5"),
        (Seat.WEST, "D4"),
        (Seat.NORTH, "H8"),
    ]


def test_bbo_hand_record_from_endplays_tests() -> None:
    """BBO's LIN as endplay's tests keep it: 'd' for a double, '!S' in explanations."""
    [rec] = read(REAL / "bbo_endplay_example1.lin")
    assert rec.deal is not None
    assert rec.deal.hand(Seat.SOUTH).to_pbn() == "T43.AKQT84.K.KJT"
    assert rec.auction is not None
    assert [c.token for c in rec.auction.calls][3:5] == ["2S", "X"]
    assert rec.auction.calls[4].note == (
        "Negative double -- 4+ !C; 4+ !D; 11- HCP; 9-12 total points "
    )
    # North's 3NT; North-South take the first eleven tricks.
    assert (str(rec.contract), rec.declarer, rec.result) == ("3NT", Seat.NORTH, 11)


@pytest.mark.parametrize("path", sorted(REAL.iterdir()), ids=lambda p: p.name)
def test_every_real_file_converts_to_json_and_back(path: Path) -> None:
    boards = read(path)
    assert boards
    assert not boards.problems
    assert reads(writes(boards, "json"), "json") == boards


def test_lin_files_read_the_same_through_the_core_and_the_reference() -> None:
    for path in sorted(REAL.glob("*.lin")):
        text = path.read_text()
        core = lin.loads(text)
        with pytest.MonkeyPatch.context() as m:
            m.setattr(lin, "_LEXER", "python")
            assert lin.loads(text) == core


def test_results_files_are_built_by_the_fast_builder() -> None:
    """Results-only files (KOPS's, pbntools') are common and large: their boards take the fast
    builder, which gives what RecordBuilder gives, never RecordBuilder itself."""
    for name in ("kops_PCH1003.pbn", "pbntools_history_expected.pbn"):
        text = (REAL / name).read_text(encoding="latin-1")
        slow = pbn.loads(text)
        with mock.patch.object(pbn, "RecordBuilder", side_effect=AssertionError(name)):
            assert pbn.loads(text) == slow
