"""BBO teaching files ("movies") in LIN: the forms they use that the reader once refused.

A real teaching file (described in tests/data/README.md, "formats/real/"; not copied, as its
repository reserves all rights) showed three: a name after a colour line's last pair, an
``at|`` text that runs over several lines, and a whole auction in one ``mb|`` value. The file
below is written here in that shape with problems of our own. Each form is read by the core
and by the Python reference alike, whole and streamed in chunks of every size, and a record
read from it goes back through the writer (one call per ``mb|``) to the same record.
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import random

import numpy as np
import pytest
from test_lin_core import _both
from test_lin_stream import _all_ways

from redouble import _core
from redouble.errors import FormatError, RedoubleError
from redouble.formats import lin
from redouble.formats.records import BoardRecord

# A movie of our own: a colour line with its colour's name after the last pair, a title, a
# menu of at| texts over several lines with ^*G links, then problems with end positions of
# two to five cards a hand, each auction in one mb|, and the play. CRLF line breaks, as the
# Windows tools that write these files use.
_LINES = [
    "cr|200|cg|40 |cb|40 |deep red",
    "bt||mn|Endings for beginners|",
    "at|Pick a problem:",
    "^*GA1,Two tricks at notrump^*N",
    "^*GB2,Three tricks in spades^*N",
    "^*GD3,The last five cards^*N|pg||",
    "nt||rh||ah|Your aim:|qx|A1|st||md|4SAK,S32,SQJ,HA2|sv|o|mb|1nppp|ht|b|",
    "at|South leads.",
    "Who wins the tricks?|pg||pc|SA|pc|S2|pc|SJ|pc|H2|pg||",
    "pc|SK|pc|S3|pc|SQ|pc|HA|pg||",
    "nt||qx|B2|st||md|1S432,HAKQ,DAKQ,CAKQ|sv|n|mb|1s!|an|five or more",
    "spades|mb|ppp|at|West leads the king of hearts.|pg||",
    "pc|HK|pc|DQ|pc|CQ|pc|S2|pg||",
    "nt||qx|D3|st||md|2SAKQJT,HAKQJT,DAKQJT,CAKQJT|sv|b|mb|p1h!drp3hpp p|pg||mc|3|",
]
MOVIE = "\r\n".join(_LINES)


def _values(record: BoardRecord, name: str) -> list[str]:
    return [value for tag, value in record.tags if tag == name]


def test_a_movie_reads_every_problem() -> None:
    # The menu has no deal: it is the first problem's, which begins at the first md|.
    one, two, three = lin.loads(MOVIE)
    # The colour line's name is display text: the pairs before it are kept, the name is not.
    assert (_values(one, "Lin_cr"), _values(one, "Lin_cg"), _values(one, "Lin_cb")) == (
        ["200"],
        ["40 "],
        ["40 "],
    )
    assert not any("deep red" in value for _, value in one.tags)
    # The menu's at| keeps its line breaks as written.
    assert _values(one, "Lin_at") == [
        "\r\n".join(_LINES[2:6]).removeprefix("at|").removesuffix("|pg||"),
        "South leads.\r\nWho wins the tricks?",
    ]
    assert _values(one, "Lin_mn") == ["Endings for beginners"]
    assert [b.tag("Lin_qx") for b in (one, two, three)] == ["A1", "B2", "D3"]
    assert [len(b.deal.hand(0)) for b in (one, two, three)] == [2, 3, 5]
    # mb|1nppp| is four calls: East opens 1NT and three players pass.
    assert [c.token for c in one.auction.calls] == ["1NT", "Pass", "Pass", "Pass"]
    assert (str(one.contract), one.declarer.name) == ("1NT", "EAST")
    assert [str(c) for row in one.play.tricks for c in row] == [
        "SA", "S2", "SJ", "H2", "SK", "S3", "SQ", "HA",
    ]  # fmt: skip
    # The alert of 1S! and the an| text over two lines belong to the call before them.
    first = two.auction.calls[0]
    assert (first.token, first.annotations, first.note) == ("1S", ("!",), "five or more\r\nspades")
    assert [c.token for c in two.auction.calls] == ["1S", "Pass", "Pass", "Pass"]
    assert len(two.play.tricks) == 1
    # Spaces may part the calls of one mb|; an alert "!" stays with its call.
    calls = three.auction.calls
    assert [c.token for c in calls] == ["Pass", "1H", "X", "XX", "Pass", "3H"] + ["Pass"] * 3
    assert calls[1].annotations == ("!",)
    assert (str(three.contract), three.declarer.name, three.result) == ("3H", "NORTH", 3)


def test_a_movie_goes_back_through_the_writer() -> None:
    boards = lin.loads(MOVIE)
    written = lin.dumps(boards)
    assert "mb|1nppp|" not in written
    assert "mb|1N|mb|p|mb|p|mb|p|" in written  # one call per mb|
    assert "\r\n^*GB2,Three tricks in spades^*N\r\n" in written  # the at| text's own breaks
    again = lin.loads(written)
    # The same records, but for where the writer puts an ah| that is no board number (after
    # the board's other keys): the tags are the same, and writing again changes nothing.
    assert [dataclasses.replace(b, tags=tuple(sorted(b.tags))) for b in again] == [
        dataclasses.replace(b, tags=tuple(sorted(b.tags))) for b in boards
    ]
    assert again[0].tags[-1] == ("Lin_ah", "Your aim:")
    assert again[1:] == boards[1:]
    assert lin.dumps(again) == written


def test_a_movie_reads_the_same_in_the_core_streamed_and_as_deals() -> None:
    data = MOVIE.encode("cp1250")
    _all_ways(data, (1, 5, 64, 1 << 16))
    _all_ways(MOVIE.replace("\r\n", "\n").encode(), (1, 3, 1 << 16))
    deals = lin.loads_deals(MOVIE)
    assert deals.shape == (3, 4)
    assert np.array_equal(deals, lin.load_deals(io.StringIO(MOVIE)))


@pytest.mark.parametrize(
    ("value", "tokens"),
    [
        ("1nppp", ["1NT", "Pass", "Pass", "Pass"]),
        ("1NTPPP", ["1NT", "Pass", "Pass", "Pass"]),
        ("pp", ["Pass", "Pass"]),
        ("p7Ndbl", ["Pass", "7NT", "X"]),
        ("1c d r", ["1C", "X", "XX"]),
        ("1c,x,xx", ["1C", "X", "XX"]),
        ("2d!!p", ["2D", "Pass"]),
        ("1s pass 2dpass", ["1S", "Pass", "2D", "Pass"]),
        ("1cr", ["1C", "XX"]),
        ("3hdp", ["3H", "X", "Pass"]),
        ("5cdbl pp", ["5C", "X", "Pass", "Pass"]),
    ],
)
def test_several_calls_in_one_mb_are_split(value: str, tokens: list[str]) -> None:
    rec = lin.loads(f"md|1SA,SK,SQ,SJ|mb|{value}|")[0]
    assert [c.token for c in rec.auction.calls] == tokens
    # A single call is still one call, whatever it would split into.
    assert [c.token for c in lin.loads("md|1|mb|xx|mb|dbl|mb|rdbl|")[0].auction.calls] == [
        "XX",
        "X",
        "XX",
    ]


def _typed_by_core(text: str) -> list[bool]:
    events = _core.read_lin(text.encode(), False, lin.MAX_VALUE, lin.MAX_BOARD_PAIRS)
    return [kind == 2 for kind, _ in events]


@pytest.mark.parametrize(
    ("value", "typed"),
    [
        # The plain spelling (level digits, strain letters, p d r) is split by the core itself.
        ("1nppp", True),
        ("1Cd2Hr3NPPP", True),
        ("pp", True),
        # Words, "nt", alerts, separators and overlong values are left to the reference.
        ("1ntppp", False),
        ("1s pass", False),
        ("2d!!p", False),
        ("1c,x,xx", False),
        ("p" * 1025, False),
    ],
)
def test_the_core_splits_the_plain_spelling_itself(value: str, typed: bool) -> None:
    text = f"pn|s,w,n,e|md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|sv|o|mb|{value}|\n"
    assert _typed_by_core(text) == [typed]
    _both(lambda: lin.loads(text, errors="skip"))


def test_several_calls_read_the_same_in_the_core_and_the_reference() -> None:
    # Every value of one to three characters over the plain spelling's letters, then random
    # longer ones with words, alerts and separators mixed in, after boards of each kind and
    # followed by notes, more calls and play.
    heads = ["md|1SA,SK,SQ,SJ|", "pn|s,w,n,e|md|3SAKQJHAKQJDAKQJCA,S2,S3,|sv|o|", "md|1|mb|1c|"]
    tails = ["", "mb|p|", "an|alert|pc|SA|", "mb|p|mb|p|mb|p|pc|S2|"]
    plain = "1234567cdhsnprCDHSNPR"
    values = ["".join(t) for n in (1, 2, 3) for t in itertools.product(plain, repeat=n)]
    rng = random.Random(7)
    mixed = plain + "x!t ,aolb9"
    values += [
        "".join(
            rng.choice(mixed if rng.random() < 0.3 else plain) for _ in range(rng.randint(2, 14))
        )
        for _ in range(3000)
    ]
    values += ["p" * 1024, "p" * 1025, "1c" * 512, "1c" * 512 + "p"]
    for k, value in enumerate(values):
        text = f"{heads[k % 3]}mb|{value}|{tails[k // 3 % 4]}"
        _both(lambda t=text: lin.loads(t, errors="skip"))


@pytest.mark.parametrize("value", ["xxx", "1cxxx", "1cdrdbl", "p xxx p"])
def test_an_mb_that_splits_more_than_one_way_is_refused(value: str) -> None:
    with pytest.raises(FormatError, match=r"more than one way") as info:
        lin.loads(f"md|1SA,SK,SQ,SJ|\nst||mb|{value}|")
    assert value in str(info.value)
    assert (info.value.line, info.value.column) == (2, 5)
    _both(lambda: lin.loads(f"md|1SA,SK,SQ,SJ|\nst||mb|{value}|", errors="skip"))


@pytest.mark.parametrize(
    # "qp", "9p": no call at the start, though the rest would split.
    "value",
    ["1nq", "8nppp", "1n pz", "", "1n,,", ",p", "p" * 2000, "1n\x00pp", "qp", "9p"],
)
def test_an_mb_that_does_not_split_is_refused_as_a_call(value: str) -> None:
    with pytest.raises(FormatError, match=r"(not a|empty) call") as info:
        lin.loads(f"md|1SA,SK,SQ,SJ|mb|{value}|")
    assert (info.value.line, info.value.column) == (1, 17)


@pytest.mark.parametrize("key", ["at", "nt", "an", "mn", "AT"])
def test_free_text_runs_over_lines(key: str) -> None:
    text = f"md|1SA,SK,SQ,SJ|mb|1S|{key}|one\ntwo\n\nthree|mb|p|zz|x|\n"
    rec = lin.loads(text)[0]
    value = "one\ntwo\n\nthree"
    if key == "nt":
        assert rec.commentary == (value,)
    elif key == "an":
        assert rec.auction.calls[0].note == value
    else:
        assert rec.tag(f"Lin_{key.lower()}") == value
    assert [c.token for c in rec.auction.calls] == ["1S", "Pass"]
    assert lin.loads(lin.dumps([rec])) == [rec]
    _both(lambda: lin.loads(text))


def test_a_pair_after_a_value_over_lines_is_located_on_its_own_line() -> None:
    with pytest.raises(FormatError, match="not a call") as info:
        lin.loads("md|1SA,SK,SQ,SJ|at|a\nbc|mb|zz|")
    assert (info.value.line, info.value.column) == (2, 4)
    with pytest.raises(FormatError, match=r"expected a LIN key") as info:
        lin.loads("md|1SA,SK,SQ,SJ|at|a\né|mb|1S|x y|")
    assert (info.value.line, info.value.column) == (2, 9)


@pytest.mark.parametrize("key", ["mb", "pc", "md", "sv", "pn", "ah", "qx", "zz"])
def test_other_values_still_end_at_their_line(key: str) -> None:
    with pytest.raises(FormatError, match=r"is not closed by '\|' on its line") as info:
        lin.loads(f"md|1SA,SK,SQ,SJ|{key}|1S\n|mb|p|")
    assert (info.value.line, info.value.column) == (1, 17)


@pytest.mark.parametrize(
    "text",
    [
        "md|1SA,SK,SQ,SJ|at|an unfinished text\nover two lines",
        "md|1SA,SK,SQ,SJ|at|an unfinished text\n",
        "md|1SA,SK,SQ,SJ|at|",
    ],
)
def test_a_free_text_still_open_at_the_end_is_refused_at_its_key(text: str) -> None:
    with pytest.raises(FormatError, match=r"at\| is not closed by '\|' before the end") as info:
        lin.loads(text)
    assert (info.value.line, info.value.column) == (1, 17)
    # With errors="skip" the board is refused, the boards before it kept.
    boards = lin.loads("md|1SA,SK,SQ,SJ|\n" + text, errors="skip")
    assert len(boards) == 1
    assert boards.problems[0].line == 2
    _both(lambda: lin.loads("md|1|\n" + text, errors="skip"))
    _all_ways(text.encode(), (1, 4, 1 << 16))


def test_a_free_text_over_lines_has_the_value_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lin, "MAX_VALUE", 20)
    for text in (
        "md|1|nt|" + "0123456789\n" * 3 + "|md|1|",  # past the limit on the third line
        "md|1|nt|" + "0" * 20 + "\n|md|1|",  # the break is the 21st character
        "md|1|nt|" + "0" * 21 + "\n|md|1|",  # past it on the first line
    ):
        with pytest.raises(FormatError, match="longer than 20 characters") as info:
            lin.loads(text)
        assert (info.value.line, info.value.column) == (1, 6)
        _all_ways(text.encode(), (1, 7, 1 << 16))
    assert lin.loads("md|1|nt|" + "0" * 18 + "\n|")[0].commentary == ("0" * 18 + "\n",)
    # A line too long for the limit ends an open value: the error is the line's.
    with pytest.raises(FormatError, match="line longer than 80") as info:
        lin.loads("md|1|nt|a\n" + "b" * 81 + "|\nmd|1|")
    assert info.value.line == 2
    _all_ways(("md|1|nt|a\n" + "b" * 81 + "|\nmd|1|").encode(), (1, 64))


@pytest.mark.parametrize(
    "value",
    [
        "0" * 19 + "\n",  # at the limit on its first line, its break counted
        "0" * 9 + "\n" + "0" * 10,  # at the limit on the line that closes it
        "0" * 4 + "\r\n" + "0" * 13 + "\n",  # a CRLF is two characters
        "\n" * 20,
    ],
)
def test_a_free_text_of_the_limit_is_read(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setattr(lin, "MAX_VALUE", 20)
    boards, problems = _both(lambda: lin.loads(f"md|1|nt|{value}|mb|p|\nmd|1|", errors="skip"))
    assert problems == []
    assert boards[0].commentary == (value,)
    longer = _both(lambda: lin.loads(f"md|1|nt|{value}0|mb|p|\nmd|1|", errors="skip"))
    assert [p[1:] for p in longer[1]] == [
        ("value of nt| longer than 20 characters (line 1, column 6)", 1, 6)
    ]
    assert len(longer[0]) == 1


def test_a_huge_open_value_fails_fast() -> None:
    """An at| never closed, over many lines, fails at its key when it passes the limit,
    without reading the rest of the text into it."""
    text = "md|1|at|" + ("x" * 1000 + "\n") * 200
    with pytest.raises(FormatError, match="longer than") as info:
        lin.loads(text)
    assert (info.value.line, info.value.column) == (1, 6)
    problems: list[FormatError] = []
    assert list(lin.iter_boards(io.StringIO(text), errors="skip", problems=problems)) == []
    assert problems[0].line == 1


@pytest.mark.parametrize(
    "text",
    [
        "cr|1|cg|2|cb|3|light red",
        "cr|1|cg|2|cb|3|light red  \n",
        "cr|1|jasno czerwony\t",
        "cr|1|cg|2|cb|3 |blue, or nearly",
        "cr|1|é",
    ],
)
def test_display_text_after_a_lines_last_pair_is_skipped(text: str) -> None:
    rec = lin.loads(text + "\nmd|1SA,SK,SQ,SJ|mb|1S|")[0]
    assert rec.tag("Lin_cr") == "1"
    assert [c.token for c in rec.auction.calls] == ["1S"]
    _both(lambda: lin.loads(text + "\nmd|1|"))
    _all_ways((text + "\nmd|1|").encode(), (1, 5))


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("md|1|mb|1S|mb", 12),  # a pair cut short after its key
        ("md|1|mb|1S|mb  ", 12),
        ("md|1|mb|1S|p2", 12),
        ("light red", 1),  # text with no pair before it on its line
        ("md|1|\nlight red|", 1),
    ],
)
def test_text_that_may_be_a_pair_cut_short_is_still_refused(text: str, column: int) -> None:
    with pytest.raises(FormatError, match="expected a LIN key") as info:
        lin.loads(text)
    assert info.value.column == column
    _both(lambda: lin.loads(text, errors="skip"))


@pytest.mark.parametrize(
    "text",
    [
        "md|1|at|\x00\n\x00",
        "md|1|mb|\x00|",
        "md|1|mb|1n\x00ppp|",
        "md|1|mb|" + "1n" * 40000 + "|",
        "md|1|mb|" + "x" * 60000 + "|",
        "md|1|at|" + "\n" * 70000,
        "at|\u2028" * 3 + "md|1|",
    ],
)
def test_hostile_movies_raise_only_format_errors(text: str) -> None:
    with pytest.raises(FormatError) as info:
        lin.loads(text)
    assert info.value.line is not None
    assert isinstance(info.value, RedoubleError | ValueError)
    _both(lambda: lin.loads(text, errors="skip"))


def test_a_nul_inside_free_text_is_text() -> None:
    rec = lin.loads("md|1|at|a\x00\nb|")[0]
    assert rec.tag("Lin_at") == "a\x00\nb"
