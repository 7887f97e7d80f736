"""JSON documents of deals and board records (redouble.formats.json_format)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redouble.dealing import deal as make_deal
from redouble.errors import FormatError
from redouble.formats import json_format, pbn, read, write
from redouble.formats.records import BoardRecord

GAMES = Path(__file__).parent / "data" / "games"


def test_every_document_carries_its_format_version() -> None:
    doc = json.loads(json_format.dumps([]))
    assert doc == {"format": "redouble/1", "boards": []}


def test_sample_records_round_trip_through_json() -> None:
    records = read(GAMES / "sample.pbn") + read(GAMES / "endplay_boards.pbn")
    assert json_format.loads(json_format.dumps(records)) == records


def test_historical_fields_are_plain_values() -> None:
    bridge = read(GAMES / "sample.pbn")[3]
    d = json_format.record_to_dict(bridge)
    assert d["law_set"] == "bridge_1906"
    assert d["declaration"] == "W:Pass E:H N:X W:X"
    assert d["contract"] == "HXX"
    assert d["deal"] == "N:- 765.432.AKQJ.T98 - -"


def test_annotated_calls_are_objects_and_plain_calls_strings() -> None:
    first = read(GAMES / "sample.pbn")[0]
    calls = json_format.record_to_dict(first)["auction"]["calls"]
    assert calls[0] == "Pass"
    assert calls[1] == {"call": "1C", "note": "5+ clubs"}
    assert calls[5] == {"call": "1NT", "annotations": ["!"]}


def test_dd_table_is_keyed_by_strain_with_seats_n_e_s_w() -> None:
    rec = BoardRecord(dd_table=((1, 2, 3, 4), (0,) * 4, (0,) * 4, (0,) * 4, (13,) * 4))
    d = json_format.record_to_dict(rec)
    assert d["dd_table"]["C"] == [1, 2, 3, 4]
    assert d["dd_table"]["NT"] == [13] * 4
    assert json_format.record_from_dict(d) == rec


def test_deals_document_reads_as_records_holding_the_deal() -> None:
    deals = [make_deal(3, n) for n in range(1, 6)]
    records = json_format.loads(json_format.dumps_deals(deals))
    assert [r.deal for r in records] == deals


def test_a_serialized_batch_of_deals_reads_as_a_deals_document() -> None:
    # redouble.serialize tags a batch with "kind": "deals"; the file reader accepts the tag.
    from redouble import serialize
    from redouble.dealing import deals as make_deals

    arr = make_deals(4, seed=9)
    records = json_format.loads(serialize.dumps(arr))
    assert [r.deal for r in records] == [make_deal(9, n) for n in range(1, 5)]


@pytest.mark.parametrize(
    "doc",
    [
        {"format": "redouble/1", "kind": "deal", "deal": "N:- - - -"},
        {"format": "redouble/1", "kind": "deals", "boards": []},
        {"format": "redouble/1", "kind": "boards", "deals": []},
    ],
)
def test_a_serialized_single_value_is_refused_naming_serialize(doc: dict[str, object]) -> None:
    with pytest.raises(FormatError, match=r"serialize\.loads"):
        json_format.loads(json.dumps(doc))


def test_write_and_read_dispatch_on_json_extension(tmp_path: Path) -> None:
    records = read(GAMES / "sample.pbn")
    write(records, tmp_path / "x.json")
    assert read(tmp_path / "x.json") == records
    assert pbn.loads(pbn.dumps(read(tmp_path / "x.json"))) == records


def test_invalid_json_reports_line_and_column() -> None:
    with pytest.raises(FormatError, match="invalid JSON") as e:
        json_format.loads('{"format": "redouble/1",\n "boards": [}\n')
    assert (e.value.line, e.value.column) == (2, 13)


@pytest.mark.parametrize(
    ("doc", "match"),
    [
        ({"format": "redouble/2", "boards": []}, "not a redouble/1"),
        ({"format": "redouble/1", "boards": [{"colour": "red"}]}, r"boards\[0\]: unknown"),
        ({"format": "redouble/1", "boards": [{"board": "1"}]}, r"boards\[0\].board"),
        ({"format": "redouble/1", "boards": [{"contract": "8NT"}]}, "contract"),
        (
            {"format": "redouble/1", "boards": [{"auction": {"first": "N", "calls": ["1Q"]}}]},
            r"calls\[0\]",
        ),
        ({"format": "redouble/1", "boards": [{"dd_table": {"C": [1, 2, 3, 4]}}]}, "NT"),
        ({"format": "redouble/1", "deals": ["N:AKQ"]}, r"deals\[0\]"),
        ({"format": "redouble/1"}, "list of"),
    ],
)
def test_schema_violations_say_where(doc: object, match: str) -> None:
    with pytest.raises(FormatError, match=match):
        json_format.loads(json.dumps(doc))
