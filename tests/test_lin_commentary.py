"""Where LIN commentary (nt|) stood: read, written back, and carried into PBN.

A LIN board's commentary is kept with what it followed (``commentary_after``): ``mb:K`` the
K-th call (``mb:0`` before the first), ``pc:K`` the K-th card, ``mc:K`` a claim made
after the K-th card. The
reference reader and the core's agree (tests/test_lin_core.py holds them equal on every
input; here on a BBO-style board by name), the LIN writer puts each nt| back, and the PBN
writer puts the places in the auction and play sections.
"""

from __future__ import annotations

from unittest import mock

import pytest
from test_lin import random_lin_record

from redouble import _core
from redouble.errors import FormatError
from redouble.formats import json_format, lin, pbn
from redouble.formats.records import BoardRecord

# A BBO board as its hand viewer writes one, with commentary in every place LIN has.
BBO = (
    "pn|Sue,Wes,Ned,Ed|st||nt|Welcome to board 7|md|3S962HAJ7DKT82CJ75,ST5HQ9863DA943CKQ,"
    "SK843HT542DJ6C863|rh||ah|Board 7|sv|n|nt|Ned deals, NS vulnerable|mb|p|mb|1C!|"
    "an|5+ clubs|nt|Ed: natural here|mb|p|mb|1H|mb|p|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|"
    "nt|A normal 3NT|pg||pc|D2|nt|fourth best|pc|D3|pc|DJ|pc|DQ|pg||nt|after trick one|"
    "pc|CA|pc|C5|pc|CK|pc|C3|pg||mc|9|nt|claim accepted|nt||\n"
)
PLACES = [
    ("mb:0", "Welcome to board 7"),
    ("mb:0", "Ned deals, NS vulnerable"),
    ("mb:2", "Ed: natural here"),
    ("mb:11", "A normal 3NT"),
    ("pc:1", "fourth best"),
    ("pc:4", "after trick one"),
    ("mc:8", "claim accepted"),
    ("mc:8", ""),
]


def _read(text: str, lexer: str) -> list[BoardRecord]:
    with mock.patch.object(lin, "_LEXER", lexer):
        return list(lin.loads(text))


def test_the_core_types_the_commented_boards_itself() -> None:
    # Else the core's places would never be compared with the reference's.
    text = (BBO + lin.dumps(random_lin_record(seed, commented=True) for seed in range(20))).encode()
    events = _core.read_lin(text, False, lin.MAX_VALUE, lin.MAX_BOARD_PAIRS)
    assert [kind for kind, _ in events] == [2] * 21


@pytest.mark.parametrize("lexer", ["python", "core"])
def test_commentary_keeps_its_place(lexer: str) -> None:
    (rec,) = _read(BBO, lexer)
    assert list(zip(rec.commentary_after, rec.commentary, strict=True)) == PLACES
    # The plain commentary reads as it always has.
    assert rec.commentary == tuple(text for _, text in PLACES)


def test_each_nt_is_written_back_at_its_place() -> None:
    (rec,) = lin.loads(BBO)
    text = lin.dumps([rec])
    assert "sv|n|nt|Welcome to board 7|nt|Ned deals, NS vulnerable|mb|p|" in text
    assert "mb|1C!|an|5+ clubs|nt|Ed: natural here|mb|p|" in text
    assert "mb|p|nt|A normal 3NT|pg||pc|D2|nt|fourth best|pc|D3|" in text
    assert "pc|DQ|nt|after trick one|pg||pc|CA|" in text
    assert text.endswith("mc|9|nt|claim accepted|nt||\n")
    assert lin.loads(text) == [rec]
    assert lin.dumps(lin.loads(text)) == text


def test_generated_commentary_round_trips() -> None:
    records = [random_lin_record(seed, commented=True) for seed in range(120)]
    assert sum(len(r.commentary) for r in records) > 100
    assert {a[:2] for r in records for a in r.commentary_after} == {"mb", "pc", "mc"}
    text = lin.dumps(records)
    assert _read(text, "python") == records
    assert _read(text, "core") == records


def test_commentary_without_a_place_goes_before_the_auction_as_before() -> None:
    (rec,) = lin.loads(BBO)
    bare = rec.replace(commentary=("one", "two"))
    assert bare.commentary_after == ()
    text = lin.dumps([bare])
    assert "sv|n|nt|one|nt|two|mb|p|" in text
    assert lin.loads(text)[0].commentary_after == ("mb:0", "mb:0")


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("md|3|mb|p|nt||", [("mb:1", "")]),
        ("nt|a|md|3|nt|b|", [("mb:0", "a"), ("mb:0", "b")]),
        (
            "md|3|mb|p|an|x|pg||nt|{a} [b] %c;\t\u200f\U0001f0a1|",
            [("mb:1", "{a} [b] %c;\t\u200f\U0001f0a1")],
        ),
        # A pc| after the claim: the place is what came last.
        (
            "md|1SAKQJHAKQJDAKQJCA,S2,S3,|mb|7N|mb|p|mb|p|mb|p|mc|13|nt|a|pc|D2|nt|b|",
            [("mc:0", "a"), ("pc:1", "b")],
        ),
    ],
)
@pytest.mark.parametrize("lexer", ["python", "core"])
def test_odd_commentary_places(lexer: str, text: str, places: list[tuple[str, str]]) -> None:
    (rec,) = _read(text, lexer)
    assert list(zip(rec.commentary_after, rec.commentary, strict=True)) == places


@pytest.mark.parametrize("lexer", ["python", "core"])
def test_hostile_commentary_is_refused_with_its_line(lexer: str) -> None:
    # LIN has no escape: a backslash before '|' is text, and the value ends at the '|'.
    for text, column in (("md|3|mb|p|nt|", 11), ("md|3|nt|a\\|b|nt|c|", 17)):
        with pytest.raises(FormatError, match="not closed") as info:
            _read(text, lexer)
        assert (info.value.line, info.value.column) == (1, column)


def test_commentary_with_a_pipe_is_refused_by_the_writer() -> None:
    (rec,) = lin.loads(BBO)
    commentary = ("a|b", *rec.commentary[1:])
    with pytest.raises(FormatError, match="LIN cannot hold '\\|' in a value"):
        lin.dumps([rec.replace(commentary=commentary, commentary_after=rec.commentary_after)])
    # A line break is text in nt| (free text runs over lines, as in BBO's teaching files).
    for text in ("a\nb", "a\r\nb\n", "\n"):
        other = rec.replace(commentary=(text, *rec.commentary[1:]))
        assert lin.loads(lin.dumps([other])) == [other]


@pytest.mark.parametrize("place", ["mb:12", "pc:0", "pc:9", "mb:x"])
def test_writers_refuse_a_place_the_board_lacks(place: str) -> None:
    (rec,) = lin.loads(BBO)
    bad = rec.replace(commentary_after=(place, *rec.commentary_after[1:]))
    if place == "mb:x":
        # Not a LIN place: a PBN tag anchor, which LIN puts before the auction, and which
        # PBN refuses (the board has no such tag).
        assert lin.lin_view(bad).commentary_after[0] == "mb:0"
        with pytest.raises(FormatError, match="after tag 'mb:x'"):
            pbn.write_board(bad)
        return
    with pytest.raises(FormatError, match=f"commentary placed at '{place}', which the board"):
        lin.dumps([bad])
    with pytest.raises(FormatError, match=f"commentary placed at '{place}', which the board"):
        pbn.write_board(bad)


def test_writers_refuse_a_claim_place_without_a_claim() -> None:
    (rec,) = lin.loads(BBO)
    bad = rec.replace(claim=None, result=None, play=None, commentary_after=("mc:8",) * 8)
    with pytest.raises(FormatError, match=r"'mc:8', which the board lacks .* and no claim"):
        lin.dumps([bad])
    with pytest.raises(FormatError, match="'mc:8', which the board lacks"):
        pbn.write_board(bad)
    # A claim made before the last card: the writers put the claim after every card.
    early = rec.replace(commentary_after=(*rec.commentary_after[:-1], "mc:3"))
    with pytest.raises(FormatError, match=r"'mc:3', which the board lacks .* 8 cards and a claim"):
        lin.dumps([early])
    with pytest.raises(FormatError, match="'mc:3', which the board lacks"):
        pbn.write_board(early)


def test_lin_places_go_into_the_pbn_sections() -> None:
    (rec,) = lin.loads(BBO)
    text = pbn.write_board(rec)
    lines = text.splitlines()

    def after(line: str) -> str:
        return lines[lines.index(line) + 1]

    auction = lines.index('[Auction "N"]')
    # Before the first call: just before the Auction tag, after the board's other tags.
    assert lines[auction - 2 : auction] == ["{Welcome to board 7}", "{Ned deals, NS vulnerable}"]
    # After the second call: the auction line ends there.
    assert after('[Auction "N"]') == "Pass 1C! =1="
    assert after("Pass 1C! =1=") == "{Ed: natural here}"
    assert after("AP") == "{A normal 3NT}"
    assert lines[lines.index("{A normal 3NT}") + 1].startswith("[Note")
    # After a card: after its trick (PBN orders a trick by seat, not by play).
    play = next(k for k, line in enumerate(lines) if line.startswith("[Play "))
    assert lines[play + 2 : play + 4] == ["{fourth best}", "{after trick one}"]
    # After the claim: after the play section's '*'.
    assert lines[-3:] == ["*", "{claim accepted}", "{}"]
    back = pbn.loads(text)[0]
    assert back.commentary == rec.commentary
    before = lines[auction - 3][1:].split()[0]  # the tag written before the Auction
    assert back.commentary_after == (
        before,
        before,
        "Auction",
        "Auction",
        "Play",
        "Play",
        "Play",
        "Play",
    )
    assert pbn.pbn_view(rec) == pbn.pbn_view(back)


def test_auction_passes_stay_written_out_where_commentary_stands_among_them() -> None:
    (rec,) = lin.loads(BBO)
    text = pbn.write_board(rec.replace(commentary=("quick",), commentary_after=("mb:10",)))
    assert "AP" not in text.splitlines()
    assert "Pass 3NT\nPass Pass\n{quick}\nPass\n" in text
    # After the last bid, or after the last pass, AP stands.
    for k, layout in ((8, "3NT\n{quick}\nAP\n"), (11, "3NT\nAP\n{quick}\n")):
        text = pbn.write_board(rec.replace(commentary=("quick",), commentary_after=(f"mb:{k}",)))
        assert layout in text


def test_pbn_anchors_come_to_lin_at_the_nearest_place() -> None:
    (rec,) = lin.loads(BBO)
    back = pbn.loads(pbn.write_board(rec))[0]
    text = lin.dumps([back])
    assert lin.loads(text)[0].commentary_after == (
        "mb:0",
        "mb:0",
        "mb:11",
        "mb:11",
        "mc:8",
        "mc:8",
        "mc:8",
        "mc:8",
    )
    # Play with no claim ends at its last card; no play at the last call.
    unclaimed = back.replace(claim=None, result=None, play=None)
    assert lin.lin_view(unclaimed).commentary_after[-1] == "mb:11"


def test_json_keeps_lin_places() -> None:
    (rec,) = lin.loads(BBO)
    assert json_format.loads(json_format.dumps([rec]))[0] == rec


def test_a_pbn_tag_named_like_a_lin_key_is_no_lin_place() -> None:
    # LIN's places hold a colon, which no PBN tag name does: commentary after a tag "mc" (or
    # a LIN tg|mc=...|) stays after that tag in PBN, and goes before the auction in LIN.
    (rec,) = lin.loads(BBO)
    odd = rec.replace(
        tags=(*rec.tags, ("mc", "x")), commentary=("after mc",), commentary_after=("mc",)
    )
    text = pbn.write_board(odd)
    assert '[mc "x"]\n{after mc}\n' in text
    assert pbn.loads(text)[0].commentary_after == ("mc",)
    assert lin.lin_view(odd).commentary_after == ("mb:0",)
    assert lin.loads(lin.dumps([odd]))[0].commentary_after == ("mb:0",)
