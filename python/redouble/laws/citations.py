"""Citations a reader can follow: which code of laws, which law, as structured data and as text.

Every value of a law set and every ruling of the irregularity codes names the law behind it in
words a reader can look up in a copy of the book: "Auction Bridge (1912), Law 52",
"Bridge (Elwell, 1906), Laws 85, 87", "Bridge (Elwell, 1907), A New Deal (g)",
"Auction Bridge (1912), Case 2". Where a book is silent and redouble chose, the text says
"[redouble's decision: ...]"; where the value comes from another printing of the same laws, it
says which.

This module owns the grammar of that text. A :class:`LawRef` is one law (code id, law number
or Card Committee case or section of the book, optional clause); ``str(ref)`` renders it, and
:func:`parse` reads every law a citation text names back into :class:`LawRef` values, so the law
numbers stay machine-readable. :data:`CODES` names the codes; each law's one-line summary, in
redouble's own words, is :meth:`LawRef.summary` (:mod:`redouble.laws.summaries`).

    >>> from redouble.laws import citations
    >>> ref = citations.LawRef("auction_1912", law=52)
    >>> str(ref)
    'Auction Bridge (1912), Law 52'
    >>> [str(r) for r in citations.parse("Auction Bridge (1912), Laws 44, 53; Case 2")]
    ['Auction Bridge (1912), Law 44', 'Auction Bridge (1912), Law 53', 'Auction Bridge (1912), Case 2']
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from .._check import shown
from ..errors import LawSetError
from .summaries import SUMMARIES

__all__ = [
    "CODES",
    "LAW_SET_TITLES",
    "Code",
    "LawRef",
    "codes_for",
    "find",
    "irregularity_code_title",
    "law_set_title",
    "laws_of",
    "parse",
]


@dataclasses.dataclass(frozen=True)
class Code:
    """One code of laws as a reader finds it: a short name for citations and the full title."""

    id: str
    short: str
    """How a citation names the code, e.g. ``"Auction Bridge (1912)"``."""
    title: str
    """The code's full title and the book it is printed in."""
    note: str = ""
    """What a reader should know about redouble's copy of the text."""


CODES: dict[str, Code] = {
    c.id: c
    for c in (
        Code(
            "auction_1912",
            "Auction Bridge (1912)",
            "Laws of Auction Bridge, Whist Club of New York, revised November 1912",
            "Laws 1-36 are known to redouble from a Thai translation of the code (printed in "
            "M. C. Work's Auction of To-day, 1913); laws 37-97 and Cases 1-8 from the English.",
        ),
        Code(
            "bridge_1906",
            "Bridge (Elwell, 1906)",
            "The Laws of Bridge in J. B. Elwell, Bridge: its Principles and Rules of Play (1906), "
            "with its chapters on Bridge for three players, Duplicate and Progressive Bridge and "
            "the Spade Convention",
            "Some laws are missing from redouble's copy; where a value is needed it is taken "
            "from Elwell's 1907 revision or another period text, and the citation says so.",
        ),
        Code(
            "bridge_1907",
            "Bridge (Elwell, 1907)",
            "The Laws of Bridge, revised 1907, in J. B. Elwell, Bridge Axioms and Laws (1907)",
            "redouble has its opening laws only (substitutes, shuffling, the deal, a new deal), "
            "unnumbered; they are cited by their headings.",
        ),
        Code(
            "work_1913",
            "M. C. Work, Auction of To-day (1913)",
            "M. C. Work, Auction of To-day (1913), the chapter that introduces and prints the "
            "1912 laws",
        ),
    )
}
"""The codes of laws that citations name, by id."""

_BY_SHORT = {c.short: c.id for c in CODES.values()}


def _chapter(code: str, chapter: str) -> str:
    """A chapter of a code's book titled as a reader finds it: "Duplicate Bridge (Elwell, 1906)"
    from the code "Bridge (Elwell, 1906)" and its section "Duplicate Bridge"."""
    if chapter not in SUMMARIES[code]:  # pragma: no cover - a typo here is caught at import
        raise AssertionError(f"{CODES[code].short} has no section {chapter!r}")
    return f"{chapter} ({CODES[code].short.partition(' (')[2]}"


# The modern laws are not in CODES (redouble does not summarise them); these are the names their
# citations use (redouble.laws.contract's sources).
_DUPLICATE_2017 = "Laws of Duplicate Bridge 2017"
_CONTRACT_RUBBER = "Laws of Contract Bridge (rubber bridge)"

LAW_SET_TITLES: dict[str, str] = {
    "AUCTION_WCNY_1912": CODES["auction_1912"].short,
    "BRIDGE_ELWELL_1906": CODES["bridge_1906"].short,
    "BRIDGE_ELWELL_1907": CODES["bridge_1907"].short,
    "BRIDGE_THREE_HANDED": _chapter("bridge_1906", "Bridge for Three Players"),
    "BRIDGE_DUPLICATE": _chapter("bridge_1906", "Duplicate Bridge"),
    "BRIDGE_PROGRESSIVE": _chapter("bridge_1906", "Progressive Bridge"),
    "CONTRACT": _DUPLICATE_2017,
    "CONTRACT_RUBBER": _CONTRACT_RUBBER,
    "CONTRACT_CHICAGO": f"{_CONTRACT_RUBBER.partition(' (')[0]} (Chicago)",
}
"""Each registered law set's short title (:attr:`redouble.laws.LawSet.short_title`), by id: the
code as its citations name it, or a chapter of the code's book as "Chapter (author, year)"
("Laws of Contract Bridge (Chicago)" for the Chicago section of the rubber laws)."""

_IRREGULARITY_TITLES = {
    "auction_1912": CODES["auction_1912"].short,
    # Bridge 1907 revised only the opening laws; the irregularity laws are the 1906 code's.
    "bridge": CODES["bridge_1906"].short,
    "contract": _DUPLICATE_2017,
}


def law_set_title(law_set: object) -> str:
    """The short title of a law set, given as a :class:`~redouble.laws.LawSet` or its id.

    A registered law set's title is in :data:`LAW_SET_TITLES`; a law set built by hand under
    another name is called by its own ``title`` (its name where that is empty), and an id
    redouble does not know is returned as it is, so that messages never fail for want of one.
    """
    name = getattr(law_set, "name", law_set)
    if isinstance(name, str) and name in LAW_SET_TITLES:
        return LAW_SET_TITLES[name]
    title = getattr(law_set, "title", "")
    return title if isinstance(title, str) and title else str(name)


def irregularity_code_title(code: str) -> str:
    """The code an irregularity code's laws come from, as citations name it (``"bridge"`` ->
    ``"Bridge (Elwell, 1906)"``); an unknown code is returned as it is."""
    return _IRREGULARITY_TITLES.get(code, code)


@dataclasses.dataclass(frozen=True, order=True)
class LawRef:
    """One law of one code: a numbered law, a Card Committee case, or a section of the book.

    Exactly one of ``law``, ``case`` and ``section`` is set; ``clause`` is a lettered (or
    numbered) part of it, e.g. ``LawRef("bridge_1907", section="A New Deal", clause="g")``.

    Raises:
        LawSetError: an unknown code, or not exactly one of law, case and section.
    """

    code: str
    law: int | None = None
    case: int | None = None
    section: str | None = None
    clause: str | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise LawSetError(f"code must be one of {', '.join(CODES)}, not {shown(self.code)}")
        given = [x for x in (self.law, self.case, self.section) if x is not None]
        if len(given) != 1:
            raise LawSetError("a law reference names exactly one of law, case and section")

    @property
    def key(self) -> int | str:
        """The law's key in its code's summaries: the number, ``"Case N"`` or the section."""
        if self.law is not None:
            return self.law
        if self.case is not None:
            return f"Case {self.case}"
        assert self.section is not None
        return self.section

    @property
    def summary(self) -> str | None:
        """The law's one-line summary in redouble's words, or None where there is none."""
        return SUMMARIES.get(self.code, {}).get(self.key)

    def __str__(self) -> str:
        head = CODES[self.code].short
        if self.law is not None:
            body = f"Law {self.law}"
        elif self.case is not None:
            body = f"Case {self.case}"
        else:
            body = str(self.section)
        if self.clause:
            body += f" ({self.clause})"
        return f"{head}, {body}"


# -- parsing -----------------------------------------------------------------------------------

_CLAUSE = r"\((?:[a-g](?:(?:-|, ?)[a-g])*|[IVX]+|short hand)\)"
_SECTIONS = sorted((str(k) for s in SUMMARIES.values() for k in s if isinstance(k, str)), key=len)
_TOKEN = re.compile(
    "|".join(
        (
            "(?P<code>" + "|".join(re.escape(s) for s in _BY_SHORT) + ")",
            r"\bLaws? (?P<laws>\d+(?:\s?"
            + _CLAUSE
            + r")?(?:(?:-|, | and )\d+(?:\s?"
            + _CLAUSE
            + r")?)*)",
            r"\bCases? (?P<cases>\d+(?:(?:, | and )\d+)*)",
            "(?P<section>"
            + "|".join(re.escape(s) for s in reversed(_SECTIONS) if not s.startswith("Case "))
            + r")(?:\s?\((?P<sclause>[a-g]|[IVX]+|short hand)\))?",
        )
    )
)


def _numbers(text: str) -> Iterator[tuple[int, str | None]]:
    """ "44, 53" -> 44, 53; "50-54" -> 50 ... 54; "37 (a-e, g)" -> (37, "a-e, g")."""
    previous: int | None = None
    ranged = False
    for m in re.finditer(r"(\d+)(?:\s?\(([^)]*)\))?(-?)", text):
        n, clause = int(m.group(1)), m.group(2)
        if ranged and previous is not None:
            yield from ((k, None) for k in range(previous + 1, n))
        yield n, clause
        previous, ranged = n, m.group(3) == "-"


def parse(text: str) -> tuple[LawRef, ...]:
    """Every law that a citation text names, in order, as :class:`LawRef` values.

    A law number belongs to the code named last before it in the text; a Card Committee case
    with no code named before it is the Auction Bridge (1912) code's. Laws of codes redouble
    does not summarise (the modern laws of contract bridge) are not returned.

    Raises:
        TypeError: `text` is not a string.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    code: str | None = None
    refs: list[LawRef] = []
    for m in _TOKEN.finditer(text):
        if m.group("code"):
            code = _BY_SHORT[m.group("code")]
        elif m.group("laws"):
            if code is not None:
                refs.extend(LawRef(code, law=n, clause=c) for n, c in _numbers(m.group("laws")))
        elif m.group("cases"):
            refs.extend(
                LawRef("auction_1912", case=int(n)) for n in re.findall(r"\d+", m.group("cases"))
            )
        elif m.group("section") and code is not None:
            name = m.group("section")
            if name in SUMMARIES[code]:
                refs.append(LawRef(code, section=name, clause=m.group("sclause")))
    return tuple(refs)


# -- law sets ----------------------------------------------------------------------------------


def codes_for(law_set: object) -> tuple[str, ...]:
    """The codes whose laws a law set plays, the main one first (none for contract bridge).

    Raises:
        LawSetError: an unknown law set.
    """
    from . import get

    law = get(law_set)  # type: ignore[arg-type]
    if law.irregularity_code == "auction_1912":
        return ("auction_1912", "work_1913")
    if law.irregularity_code == "bridge":
        # The 1907 revision changed the laws of the deal and nothing else, so a law set plays
        # the 1907 code first exactly when it deals by it (whatever it is called).
        return (
            ("bridge_1907", "bridge_1906")
            if law.flags.bridge_1907_dealing
            else ("bridge_1906", "bridge_1907")
        )
    return ()


def laws_of(law_set: object) -> tuple[tuple[LawRef, str], ...]:
    """Every summarised law of the codes `law_set` plays, with its one-line summary.

    Raises:
        LawSetError: an unknown law set.
    """
    out: list[tuple[LawRef, str]] = []
    for code in codes_for(law_set):
        for key, line in SUMMARIES[code].items():
            out.append((_ref(code, key), line))
    return tuple(out)


def _ref(code: str, key: int | str) -> LawRef:
    if isinstance(key, int):
        return LawRef(code, law=key)
    if key.startswith("Case "):
        return LawRef(code, case=int(key[5:]))
    return LawRef(code, section=key)


def find(law_set: object, query: str) -> LawRef:
    """The law of `law_set`'s codes that `query` names: ``"45"``, ``"Law 45"``, ``"Case 2"``,
    or a section such as ``"spade convention"`` (case-insensitive).

    Raises:
        TypeError: `query` is not a string.
        LawSetError: an unknown law set, or no law of its codes is called `query`.
    """
    if not isinstance(query, str):
        raise TypeError(f"query must be a str, not {type(query).__name__}")
    codes = codes_for(law_set)
    q = " ".join(query.strip().lower().split())
    m = re.fullmatch(r"(?:laws? |l)?(\d+)", q)
    case = re.fullmatch(r"case (\d+)", q)
    for code in codes:
        table = SUMMARIES[code]
        for key in table:
            if m and key == int(m.group(1)):
                return _ref(code, key)
            if case and key == f"Case {int(case.group(1))}":
                return _ref(code, key)
            if isinstance(key, str) and key.lower() == q:
                return _ref(code, key)
    where = ", ".join(CODES[c].short for c in codes) or "this law set's code"
    raise LawSetError(f"law {shown(query)}: no such law in {where} (see 'redouble rules LAW_SET')")
