"""Citations a reader can follow: the grammar of redouble.laws.citations, the law summaries,
``redouble rules``, and a scan of what users see for the workshop's names of the texts."""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import itertools
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import redouble
from redouble import laws
from redouble.cli import main
from redouble.game import Game
from redouble.irregularities import Irregularity, code_for
from redouble.laws import citations
from redouble.laws.bridge_variants import compulsory_declaration
from redouble.laws.citations import LawRef
from redouble.laws.summaries import SUMMARIES
from redouble.scoring import Chicago, Rubber, score_hand

A, B6, B7 = "auction_1912", "bridge_1906", "bridge_1907"


# -- the grammar -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ref", "text"),
    [
        (LawRef(A, law=52), "Auction Bridge (1912), Law 52"),
        (LawRef(A, law=37, clause="a-e, g"), "Auction Bridge (1912), Law 37 (a-e, g)"),
        (LawRef(A, case=2), "Auction Bridge (1912), Case 2"),
        (LawRef(B6, law=45), "Bridge (Elwell, 1906), Law 45"),
        (
            LawRef(B6, section="Spade Convention", clause="I"),
            "Bridge (Elwell, 1906), Spade Convention (I)",
        ),
        (LawRef(B7, section="A New Deal", clause="g"), "Bridge (Elwell, 1907), A New Deal (g)"),
        (
            LawRef(B6, section="Bridge for Three Players"),
            "Bridge (Elwell, 1906), Bridge for Three Players",
        ),
    ],
)
def test_a_law_renders_as_a_reader_finds_it_and_parses_back(ref: LawRef, text: str) -> None:
    assert str(ref) == text
    assert citations.parse(text) == (ref,)
    assert ref.summary == SUMMARIES[ref.code][ref.key]


def test_parse_reads_lists_ranges_cases_and_the_code_named_last() -> None:
    got = citations.parse(
        "Auction Bridge (1912), Laws 44, 53; Case 2; Bridge (Elwell, 1906), Laws 50-52 (b)"
    )
    assert [(r.code, r.law, r.case, r.clause) for r in got] == [
        (A, 44, None, None),
        (A, 53, None, None),
        (A, None, 2, None),
        (B6, 50, None, None),
        (B6, 51, None, None),
        (B6, 52, None, "b"),
    ]
    # A clause in parentheses is a clause only when it is one; other asides are not.
    assert citations.parse("Auction Bridge (1912), Law 4 (Royal Spades: Law 53)") == (
        LawRef(A, law=4),
        LawRef(A, law=53),
    )
    # Laws of a code redouble does not summarise, and law numbers with no code, are not read.
    assert citations.parse("Laws of Duplicate Bridge 2017, Law 77") == ()
    assert citations.parse("Law 45") == ()
    assert citations.parse("Case 6") == (LawRef(A, case=6),)


def test_bad_values_are_refused() -> None:
    with pytest.raises(laws.LawSetError, match="code"):
        LawRef("seed", law=1)
    with pytest.raises(laws.LawSetError, match="exactly one"):
        LawRef(A, law=1, case=2)
    with pytest.raises(laws.LawSetError, match="exactly one"):
        LawRef(A)
    with pytest.raises(TypeError, match="text"):
        citations.parse(45)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="query"):
        citations.find(A, 45)  # type: ignore[arg-type]
    with pytest.raises(laws.LawSetError, match="no such law"):
        citations.find(A, "98")
    with pytest.raises(laws.LawSetError, match="unknown law set"):
        citations.find("whist", "1")


@pytest.mark.parametrize(
    ("law_set", "query", "want"),
    [
        ("auction_1912", "52", LawRef(A, law=52)),
        ("auction_1912", "Law 4", LawRef(A, law=4)),
        ("auction_1912", "case 2", LawRef(A, case=2)),
        ("bridge_1906", "45", LawRef(B6, law=45)),
        ("bridge_1907", "a new deal", LawRef(B7, section="A New Deal")),
        ("bridge_1907", "45", LawRef(B6, law=45)),
        ("bridge_three_handed", "Spade Convention", LawRef(B6, section="Spade Convention")),
    ],
)
def test_find_names_a_law_of_the_codes_a_law_set_plays(
    law_set: str, query: str, want: LawRef
) -> None:
    assert citations.find(law_set, query) == want


def test_every_law_of_the_1912_code_and_every_case_has_a_summary() -> None:
    keys = set(SUMMARIES[A])
    assert set(range(1, 98)) <= keys
    assert {f"Case {n}" for n in range(1, 9)} <= keys
    for code, table in SUMMARIES.items():
        for key, line in table.items():
            assert line, (code, key)
            assert "\n" not in line, (code, key)
            assert len(line) <= 130, (code, key)
            assert "seed" not in line.lower(), (code, key)
            assert "lawsets" not in line, (code, key)


# -- the package cites only laws it can summarise -------------------------------------------


def _package_citations() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for name in laws.available():
        ls = laws.get(name)
        out += [(f"{name}: {path}", text) for path, text in ls.citations()]
        code = code_for(ls)
        for rule in code.rules.values():
            out.append((f"{name}: rule {rule.kind.value}", rule.law))
            out += [(f"{name}: option {o.code}", o.law) for o in rule.options]
        out += [(f"{name}: {k}", v) for k, v in code.sources.items()]
    return out


def test_every_historical_citation_names_a_summarised_law_or_says_redouble_decided() -> None:
    historical = {"auction_1912", "bridge"}
    for where, text in _package_citations():
        if code_for(where.split(":")[0]).name not in historical:
            continue
        refs = citations.parse(text)
        # A citation names laws, or says that redouble decided, or that the code is silent.
        decided = text.startswith("[redouble's decision") or ": no rule" in text
        assert refs or decided, (where, text)
        for ref in refs:
            assert ref.summary, f"{where}: {ref} has no summary ({text!r})"


# -- what users see ----------------------------------------------------------------------------

# PBN's own section numbers ("PBN 2.1 §4.8") are how a reader finds them in the PBN standard.
_FORBIDDEN = re.compile(r"seed 0\d\d|lawsets|§")
_PBN_MODULES = ("redouble.formats",)


def _bad(text: str, *, pbn: bool = False) -> list[str]:
    found = _FORBIDDEN.findall(text)
    return [f for f in found if not (pbn and f == "§")]


def _source_docstrings(modname: str, path: Path) -> list[tuple[str, str]]:
    """Docstrings read from source, for a module that needs an extra this run lacks."""
    out: list[tuple[str, str]] = []
    for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
        tree = ast.parse(file.read_text(encoding="utf-8"))
        for node in [tree, *ast.walk(tree)]:
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node)
                if doc:
                    out.append((f"{modname} ({file.name})", doc))
    return out


def _docstrings() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    unimportable: list[str] = []
    names = [redouble.__name__] + [
        m.name
        for m in pkgutil.walk_packages(
            redouble.__path__, redouble.__name__ + ".", onerror=unimportable.append
        )
        if not m.name.endswith("__main__")  # importing it runs the command line
    ]
    root = Path(redouble.__file__).parent
    for modname in names:
        try:
            mod = importlib.import_module(modname)
        except ImportError:  # a module of an optional extra (serve, dask) not installed here
            unimportable.append(modname)
            continue
        out.append((modname, inspect.getdoc(mod) or ""))
        for attr, obj in vars(mod).items():
            if getattr(obj, "__module__", None) != modname:
                continue
            out.append((f"{modname}.{attr}", inspect.getdoc(obj) or ""))
            if inspect.isclass(obj):
                for member, value in vars(obj).items():
                    doc = getattr(value, "__doc__", None)
                    if isinstance(doc, str) and (
                        inspect.isfunction(value) or isinstance(value, property)
                    ):
                        out.append((f"{modname}.{attr}.{member}", doc))
    for modname in dict.fromkeys(unimportable):
        rel = Path(*modname.split(".")[1:])
        path = root / rel if (root / rel).is_dir() else (root / rel).with_suffix(".py")
        out.extend(_source_docstrings(modname, path))
    return out


def test_the_scan_finds_what_it_looks_for() -> None:
    # The scan itself: it must see a workshop name where there is one.
    assert _bad("ruling [seed 003 L45]") == ["seed 003"]
    assert _bad("see lawsets.md §3.3") == ["lawsets", "§"]
    assert _bad("PBN 2.1 §4.8", pbn=True) == []
    assert len(_docstrings()) > 500


def test_docstrings_name_no_workshop_texts() -> None:
    bad = [
        (where, _bad(doc, pbn=where.startswith(_PBN_MODULES)))
        for where, doc in _docstrings()
        if _bad(doc, pbn=where.startswith(_PBN_MODULES))
    ]
    assert not bad


def test_citations_rulings_and_cli_output_name_no_workshop_texts(golden: Any) -> None:
    texts = [f"{w}: {t}" for w, t in _package_citations()]
    texts += [laws.get(n).title for n in laws.available()]
    # Rulings as the game makes them: a sample of the recorded lenient games, replayed.
    recorded = golden.read(golden.LenientGameRecorder.FILE)
    for key in itertools.islice(sorted(recorded), 0, None, 8):
        game = Game.from_json(recorded[key]["json"])
        texts.append(game.to_json() + game.score_sheet())
    # The command line: rules of every law set, and one law of each code.
    for args in [["rules", n] for n in laws.available()] + [
        ["rules", "auction_1912", "52"],
        ["rules", "bridge_1906", "45"],
        ["rules", "bridge_1907", "a new deal"],
    ]:
        out = io.StringIO()
        assert main(args, out=out) == 0, args
        texts.append(out.getvalue())
    readme = Path(__file__).parents[1] / "README.md"
    texts.append(readme.read_text(encoding="utf-8").replace("§", ""))  # the README's § are PBN's
    bad = [t[:200] for t in texts if _bad(t)]
    assert not bad, f"{len(bad)} texts, e.g. {bad[:3]}"


# -- redouble rules ----------------------------------------------------------------------------


def test_rules_prints_every_law_of_the_code_one_line_each() -> None:
    out = io.StringIO()
    assert main(["rules", "auction_1912"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == laws.get("auction_1912").title
    assert any(line.startswith("Auction Bridge (1912): Laws of Auction Bridge") for line in lines)
    law_lines = [line for line in lines if re.match(r"  (Law \d+|Case \d)", line)]
    assert len(law_lines) == 97 + 8
    assert any(re.match(r"  Law 52 +A slip of the tongue", line) for line in law_lines)


def test_rules_with_a_law_prints_it_and_where_redouble_applies_it() -> None:
    out = io.StringIO()
    assert main(["rules", "auction_1912", "50"], out=out) == 0
    text = out.getvalue()
    assert text.startswith("Auction Bridge (1912), Law 50: " + SUMMARIES[A][50])


def test_rules_names_the_rulings_and_values_that_cite_the_law() -> None:
    out = io.StringIO()
    assert main(["rules", "auction_1912", "50"], out=out) == 0
    assert "ruling insufficient_declaration" in out.getvalue()
    out = io.StringIO()
    assert main(["rules", "bridge_1906", "87"], out=out) == 0
    assert "revoke.tricks_per_revoke" in out.getvalue()


def test_rules_of_an_unknown_law_is_one_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "auction_1912", "98"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no such law" in err
    assert main(["rules", "whist"]) == 1
    assert "unknown law set" in capsys.readouterr().err


# -- at the play prompt ------------------------------------------------------------------------


def test_play_prompt_has_help_and_rules_for_one_law() -> None:
    moves = "help\nrules 52\nrules case 2\nrules 99\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "redouble", "play", "--law", "auction_1912", "--ascii"],
        input=moves,
        capture_output=True,
        text=True,
        env=dict(os.environ, NO_COLOR="1"),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "rules N  one law of that code" in out  # help lists it
    assert "Auction Bridge (1912), Law 52: " + SUMMARIES[A][52] in out
    assert "Auction Bridge (1912), Case 2: " + SUMMARIES[A]["Case 2"] in out
    assert "Not a law here: law '99': no such law" in out
    assert "Stopped." in out


# -- law sets in messages and headings: named as a reader finds the code ------------------------


def _message(call: Any) -> str:
    with pytest.raises(redouble.RedoubleError) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (
            lambda: laws.get("bridge_1906").bid_value(1, "H"),
            "Bridge (Elwell, 1906) has no bidding",
        ),
        (
            lambda: laws.get("auction_1912").declaration("Z"),
            "Auction Bridge (1912) has no declaration 'Z'",
        ),
        (
            lambda: laws.get("auction_1912").with_flags(bridge_both_revoke_cap=30),
            "changes nothing in Auction Bridge (1912):",
        ),
        (
            lambda: compulsory_declaration(laws.get("bridge_1906"), 0),
            "Bridge (Elwell, 1906) has no compulsory declaration for dummy",
        ),
        (
            lambda: score_hand("bridge_1907", "2H", "N", {"NS": 8, "EW": 5}),
            "Bridge (Elwell, 1907) has no levels",
        ),
        (
            lambda: Chicago("auction_1912"),
            "Auction Bridge (1912) has no Chicago rules",
        ),
        (
            lambda: code_for("contract").rule(Irregularity.DEALT_OUT_OF_TURN),
            "Laws of Duplicate Bridge 2017 has no law on dealt_out_of_turn",
        ),
        (
            lambda: Rubber("bridge_progressive"),
            "Progressive Bridge (Elwell, 1906) is not played in games and rubbers",
        ),
    ],
)
def test_messages_name_the_law_set_as_a_reader_finds_it_not_by_its_id(
    call: Any, expected: str
) -> None:
    text = _message(call)
    assert expected in text
    assert not re.search(r"\b(AUCTION_WCNY_1912|BRIDGE_[A-Z0-9_]+|CONTRACT(_[A-Z]+)?)\b", text), (
        text
    )


@pytest.mark.parametrize(
    ("law_set", "heading"),
    [
        ("auction_1912", "Rubber under Auction Bridge (1912)"),
        ("bridge_1906", "Rubber under Bridge (Elwell, 1906)"),
        ("contract_rubber", "Rubber under Laws of Contract Bridge (rubber bridge)"),
        ("contract_chicago", "Chicago under Laws of Contract Bridge (Chicago)"),
    ],
)
def test_score_sheet_headings_name_the_code(law_set: str, heading: str) -> None:
    ledger = Chicago(law_set) if "chicago" in law_set else Rubber(law_set)
    assert ledger.score_sheet().splitlines()[0] == heading


def test_the_codes_a_bridge_law_set_plays_follow_its_dealing_laws_not_its_name() -> None:
    """Bridge (Elwell, 1907) revised the laws of the deal only: a law set that deals by them
    plays the 1907 code first, under whatever name it was built."""
    import dataclasses

    from redouble import laws
    from redouble.laws import citations

    assert citations.codes_for("BRIDGE_ELWELL_1907") == ("bridge_1907", "bridge_1906")
    assert citations.codes_for("BRIDGE_ELWELL_1906") == ("bridge_1906", "bridge_1907")
    renamed = dataclasses.replace(laws.get("BRIDGE_ELWELL_1907"), name="OUR_CLUB_1906_RULES")
    assert citations.codes_for(renamed) == ("bridge_1907", "bridge_1906")
    plain = dataclasses.replace(laws.get("BRIDGE_ELWELL_1906"), name="OUR_CLUB_1907")
    assert citations.codes_for(plain) == ("bridge_1906", "bridge_1907")


def test_a_log_naming_the_code_by_its_id_still_replays() -> None:
    """A ruling on an act the code has no law on names the code as readers know it; a log
    written before 0.2.0 named it by its id there, and still replays, in today's words."""
    path = Path(__file__).parent / "data" / "games" / "legacy_no_law.json"
    text = path.read_text(encoding="utf-8")
    assert "no law of contract on revoke_corrected" in text
    game = Game.from_json(text)
    words = [
        e.data["law"]
        for e in game.log
        if e.kind == "irregularity" and e.data["kind"] == "revoke_corrected"
    ]
    assert words == ["Laws of Duplicate Bridge 2017 has no law on revoke_corrected"]
    assert "no law of" not in game.to_json()
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    # Only the exact old form is read so: another code's id there is a log that disagrees.
    with pytest.raises(redouble.errors.GameError, match="does not agree"):
        Game.from_json(text.replace("no law of contract on", "no law of bridge on"))
