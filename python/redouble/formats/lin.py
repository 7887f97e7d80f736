"""LIN, Bridge Base Online's format: read and write deals, auctions, play and claims.

A LIN board is a run of ``key|value|`` pairs (line breaks between pairs are ignored). The
keys redouble interprets:

- ``pn|S,W,N,E|`` player names, South first -> tags South, West, North, East;
- ``md|<d><S>,<W>,<N>,<E>|`` the deal: ``d`` is the dealer (1 = South, 2 = West, 3 = North,
  4 = East), then the hands of South, West, North and East, each as suit letters followed by
  ranks (``SAK3HQJ2D...C...``). A missing fourth hand is the rest of the pack; hands left
  empty are unknown;
- ``sv|o|`` vulnerability: ``o`` or ``0`` none, ``n`` NS, ``e`` EW, ``b`` both;
- ``ah|Board 7|`` the board number;
- ``mb|1N!|`` a call (``p`` pass, ``d`` double, ``r`` redouble; ``!`` marks an alert, kept
  as the annotation ``"!"``), ``an|text|`` the explanation of the call before it (its note);
- ``pc|SA|`` a card played, in order of play; ``mc|9|`` a claim of nine tricks in all for
  the declarer (read also as the result, as Bridge Composer does);
- ``nt|text|`` commentary.

Display keys (``st``, ``rh``, ``pg``, ``sa``) are dropped; any other key is kept as a tag
named ``Lin_<key>`` and written back. The contract and declarer are worked out from the
auction under the contract-bridge rule (LIN only carries modern auctions), which also
orders the play into PBN-style seat columns. A new board starts at ``qx``, ``pn`` or ``md``
once the current board has its deal.

LIN cannot carry Bridge (1906) declarations or Royal Spades: writing them raises
:class:`~redouble.errors.FormatError`. Tags other than players and ``Lin_*`` are not
written (LIN has no place for them).

>>> rec = loads("pn|s,w,n,e|md|1SAKQJHAKQJDAKQJCA,S2,S3,|sv|o|mb|7N|mb|p|mb|p|mb|p|")[0]
>>> str(rec.contract), rec.declarer.name
('7NT', 'SOUTH')
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import TextIO

from ..cards import RANK_CHARS, CardSet, Seat, Suit
from ..deal import Deal, Vulnerability
from ..errors import FormatError, InvalidDealError
from .records import (
    AuctionRecord,
    BoardRecord,
    Call,
    PartialHands,
    PlayedCard,
    PlayRecord,
)

__all__ = ["dump", "dumps", "load", "loads", "write_board"]

#: LIN's dealer digits: 1 = South, 2 = West, 3 = North, 4 = East.
_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_VUL = {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.BOTH,
}
_DISPLAY = {"st", "rh", "pg", "sa"}
_KEY_RE = re.compile(r"[A-Za-z][A-Za-z0-9]{0,2}")
_BOARD_RE = re.compile(r"^\s*board[\s+]*(\d+)\s*$", re.IGNORECASE)
_NAME_TAGS = ("South", "West", "North", "East")


class _Pair:
    __slots__ = ("column", "key", "line", "value")

    def __init__(self, key: str, value: str, line: int, column: int) -> None:
        self.key, self.value, self.line, self.column = key, value, line, column


def _pairs(text: str) -> list[_Pair]:
    out: list[_Pair] = []
    i, line, line_start = 0, 1, 0
    n = len(text)
    if text.startswith("\ufeff"):
        i = 1
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            line_start = i + 1
            i += 1
            continue
        if ch.isspace():
            i += 1
            continue
        col = i - line_start + 1
        bar = text.find("|", i)
        key = text[i:bar] if bar >= 0 else text[i:].rstrip()
        if bar < 0 or not _KEY_RE.fullmatch(key):
            raise FormatError(
                f"expected a LIN key and '|', got {key[:20]!r}", line=line, column=col
            )
        end = text.find("|", bar + 1)
        if end < 0:
            raise FormatError(f"value of {key}| is not closed by '|'", line=line, column=col)
        value = text[bar + 1 : end]
        if "\n" in value:
            raise FormatError(f"value of {key}| runs over a line break", line=line, column=col)
        out.append(_Pair(key.lower(), value, line, col))
        i = end + 1
    return out


def _hand_from_lin(text: str) -> CardSet:
    mask = 0
    suit: Suit | None = None
    for ch in text.upper():
        if ch in "SHDC":
            suit = Suit.parse(ch)
        elif ch in RANK_CHARS and suit is not None:
            bit = 1 << (13 * int(suit) + RANK_CHARS.index(ch))
            if mask & bit:
                raise FormatError(f"card {suit.letter}{ch} given twice in hand {text!r}")
            mask |= bit
        elif not ch.isspace():
            raise FormatError(f"bad character {ch!r} in LIN hand {text!r}")
    return CardSet(mask)


def _hand_to_lin(hand: CardSet) -> str:
    out = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        h = hand.holding(suit)
        out.append(suit.letter + "".join(RANK_CHARS[r] for r in range(12, -1, -1) if h >> r & 1))
    return "".join(out)


def _parse_md(value: str) -> tuple[Seat | None, Deal | None, PartialHands | None]:
    dealer = None
    body = value
    if body[:1] in ("1", "2", "3", "4"):
        dealer = _LIN_SEATS[int(body[0]) - 1]
        body = body[1:]
    parts = body.split(",")
    if len(parts) > 4:
        if any(p.strip() for p in parts[4:]):
            raise FormatError("md| holds at most four hands")
        parts = parts[:4]
    parts += [""] * (4 - len(parts))
    hands: list[CardSet | None] = [None] * 4
    for k, text in enumerate(parts):
        if text.strip():
            hands[int(_LIN_SEATS[k])] = _hand_from_lin(text)
    known = [h for h in hands if h is not None]
    seen = 0
    for h in known:
        if seen & h.mask:
            raise FormatError("a card is in two hands")
        seen |= h.mask
    if len(known) == 3 and all(len(h) == 13 for h in known):
        rest = CardSet(((1 << 52) - 1) & ~seen)
        hands = [h if h is not None else rest for h in hands]
        known = hands  # type: ignore[assignment]
    if len(known) == 4:
        return dealer, Deal([h.mask for h in hands if h is not None]), None
    return dealer, None, (hands[0], hands[1], hands[2], hands[3])


def _board(pairs: list[_Pair]) -> BoardRecord:
    tags: list[tuple[str, str]] = []
    fields: dict[str, object] = {}
    calls: list[Call] = []
    cards: list[PlayedCard] = []
    commentary: list[str] = []
    claim: int | None = None
    dealer: Seat | None = None
    for p in pairs:
        try:
            k, v = p.key, p.value
            if k == "pn":
                names = v.split(",")
                if len(names) == 4:
                    tags.extend((t, n) for t, n in zip(_NAME_TAGS, names, strict=True) if n)
                else:
                    tags.append(("Lin_pn", v))
            elif k == "md":
                dealer, deal, partial = _parse_md(v)
                if deal is not None:
                    fields["deal"] = deal
                if partial is not None:
                    fields["partial_hands"] = partial
            elif k == "sv":
                if v.strip().lower() not in _VUL:
                    raise FormatError(f"bad vulnerability {v!r} (o, n, e or b)")
                fields["vulnerability"] = _VUL[v.strip().lower()]
            elif k == "ah":
                m = _BOARD_RE.match(v)
                if m:
                    fields["board"] = int(m.group(1))
                else:
                    tags.append(("Lin_ah", v))
            elif k == "mb":
                calls.append(Call.parse(v))
            elif k == "an":
                if not calls:
                    raise FormatError("an| explains no call")
                if calls[-1].note is not None:
                    raise FormatError("a second an| for the same call")
                calls[-1] = Call(calls[-1].token, v, calls[-1].annotations)
            elif k == "pc":
                cards.append(PlayedCard.parse(v))
                if cards[-1].card is None or cards[-1].annotations:
                    raise FormatError(f"pc| needs a card, got {v!r}")
            elif k == "mc":
                if not v.strip().isdigit() or int(v) > 13:
                    raise FormatError(f"mc| needs 0..13 tricks, got {v!r}")
                claim = int(v)
            elif k == "nt":
                commentary.append(v)
            elif k not in _DISPLAY:
                tags.append((f"Lin_{k}", v))
        except (FormatError, InvalidDealError) as e:
            if isinstance(e, FormatError) and e.line is not None:
                raise
            msg = str(e.args[0]) if e.args else str(e)
            raise FormatError(msg, line=p.line, column=p.column) from None
    first = pairs[0]
    if dealer is not None:
        fields["dealer"] = dealer
    if calls:
        if dealer is None:
            raise FormatError("an auction needs the dealer (md|)", line=first.line, column=1)
        auction = AuctionRecord(dealer, tuple(calls))
        fields["auction"] = auction
        final = auction.final_contract()
        if final is not None:
            fields["contract"], fields["declarer"] = final
    declarer = fields.get("declarer")
    contract = fields.get("contract")
    if cards or claim is not None:
        if not isinstance(declarer, Seat) or contract is None:
            if cards:
                raise FormatError(
                    "LIN play needs a finished auction to place the cards",
                    line=first.line,
                    column=1,
                )
        else:
            strain = getattr(contract, "strain", None)
            if strain is None:  # pragma: no cover - a passed-out board has no declarer
                raise FormatError("play on a passed-out board", line=first.line, column=1)
            try:
                fields["play"] = PlayRecord.from_order(
                    declarer.lho, cards, strain, is_complete=claim is None
                )
            except FormatError as e:
                raise FormatError(str(e), line=first.line, column=1) from None
    if claim is not None:
        fields["claim"] = claim
        fields["result"] = claim
    return BoardRecord(tags=tuple(tags), commentary=tuple(commentary), **fields)  # type: ignore[arg-type]


def loads(text: str) -> list[BoardRecord]:
    """Every board of a LIN text as records.

    Raises:
        FormatError: if the text is malformed (with line and column).
    """
    boards: list[list[_Pair]] = []
    current: list[_Pair] = []
    has_deal = False
    for p in _pairs(text):
        if p.key in ("qx", "pn", "md") and has_deal:
            boards.append(current)
            current, has_deal = [], False
        current.append(p)
        has_deal = has_deal or p.key == "md"
    if current:
        if not has_deal:
            raise FormatError("a LIN board without md| (the deal)", line=current[0].line, column=1)
        boards.append(current)
    return [_board(b) for b in boards]


def load(source: str | os.PathLike[str] | TextIO) -> list[BoardRecord]:
    """Every board of a LIN file (path or text handle) as records.

    Raises:
        FormatError: if the file is malformed.
    """
    if isinstance(source, str | os.PathLike):
        with open(source, encoding="utf-8-sig") as fh:
            return loads(fh.read())
    return loads(source.read())


def _check(value: str) -> str:
    if "|" in value or "\n" in value:
        raise FormatError(f"LIN cannot hold '|' or a line break in a value: {value!r}")
    return value


def _call_to_lin(call: Call) -> str | None:
    if call.is_placeholder:
        return None
    if call.declaration == "RS":
        raise FormatError("LIN cannot carry Royal Spades (Auction 1912)")
    t = {"Pass": "p", "X": "d", "XX": "r"}.get(call.token, call.token.replace("NT", "N"))
    return t + ("!" if "!" in call.annotations else "")


def write_board(record: BoardRecord) -> str:
    """One board as a line of LIN (without the line break).

    Raises:
        FormatError: for what LIN cannot carry (Bridge 1906 declarations, Royal Spades, a
            '|' in a value) or play without a contract to order it.
    """
    if record.declaration is not None:
        raise FormatError("LIN cannot carry a Bridge (1906) declaration")
    out: list[str] = []
    names = [record.tag(t) or "" for t in _NAME_TAGS]
    if any("," in n for n in names):
        raise FormatError(f"LIN cannot hold ',' in a player name: {names!r}")
    pn = f"pn|{_check(','.join(names))}|"
    for name, value in record.tags:
        if name in _NAME_TAGS or name == "Lin_pn":
            if pn:
                out.append(f"pn|{_check(value)}|" if name == "Lin_pn" else pn)
                pn = ""
        elif name.startswith("Lin_"):
            out.append(f"{name[4:]}|{_check(value)}|")
    if pn:
        out.insert(0, pn)
    out.append("st||")
    digit = "" if record.dealer is None else str(_LIN_SEATS.index(record.dealer) + 1)
    hands = [record.hand(s) for s in _LIN_SEATS]
    out.append(f"md|{digit}{','.join('' if h is None else _hand_to_lin(h) for h in hands)}|rh||")
    if record.board is not None:
        out.append(f"ah|Board {record.board}|")
    if record.vulnerability is not None:
        out.append(f"sv|{'oneb'[int(record.vulnerability)]}|")
    for c in record.commentary:
        out.append(f"nt|{_check(c)}|")
    if record.auction is not None:
        for call in record.auction.calls:
            t = _call_to_lin(call)
            if t is None:
                continue
            out.append(f"mb|{t}|")
            if call.note is not None:
                out.append(f"an|{_check(call.note)}|")
        out.append("pg||")
    if record.play is not None:
        plays = record.plays()
        for i, (_, card) in enumerate(plays):
            out.append(f"pc|{card}|")
            if i % 4 == 3:
                out.append("pg||")
    if record.claim is not None:
        out.append(f"mc|{record.claim}|")
    return "".join(out)


def dumps(records: Iterable[BoardRecord]) -> str:
    """Boards as LIN text, one board a line.

    Raises:
        FormatError: for what LIN cannot carry (see :func:`write_board`).
    """
    return "".join(write_board(r) + "\n" for r in records)


def dump(records: Iterable[BoardRecord], target: str | os.PathLike[str] | TextIO) -> None:
    """Write boards as LIN to a path or text handle.

    Raises:
        FormatError: for what LIN cannot carry.
    """
    text = dumps(records)
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    else:
        target.write(text)
