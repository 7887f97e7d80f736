"""Scoring: every reference case, the Law 77 table, the IMP scale, properties and bad input."""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import laws
from redouble.auction import Auction, BridgeDeclaration, Call, CallKind
from redouble.cards import Card, Rank, Seat, Side, Suit
from redouble.deal import Deal
from redouble.errors import RedoubleError
from redouble.game import Game, GameError, Phase, cut_card, cut_for_dummy, cut_for_partners
from redouble.irregularities import (
    JOINT_WORDINGS,
    Irregularity,
    IrregularityError,
    Option,
    Ruling,
    code_for,
    normalise_phrase,
    options_named,
)
from redouble.laws.bridge_variants import compulsory_declaration
from redouble.scoring import (
    ContractSpec,
    HandScore,
    PerSide,
    ProgressiveTally,
    Rubber,
    ScoringInputError,
    best_net,
    compare_tables,
    imps,
    is_played_under_spade_convention,
    matchpoint_percentages,
    matchpoints,
    score_hand,
    settle_three_handed,
)

DATA = Path(__file__).parent / "data"
PUBLIC_CASES_FILE = DATA / "scoring_cases.json"
"""The public file of cases: the default input of the per-case test, and the only input of the
tests of its own wording (the agreed vocabulary, the shared copy)."""
VOCABULARY_FILE = DATA / "vocabulary.json"
CASES_ENV = "REDOUBLE_SCORING_CASES"
"""Environment variable naming other files of the format to run the per-case test on
(separated by the platform's path separator), like the option ``--scoring-cases FILE``."""

# The format (reference/README.md and the laws catalogue): every case has these fields; the first
# five are required. The fields of each kind's ``input`` are the ones its checker reads: a
# field no checker reads fails the case (Tracked, below).
CASE_FIELDS = frozenset(
    {"id", "law_set", "kind", "input", "expected", "title", "tags", "steps", "source", "provenance"}
)
REQUIRED_CASE_FIELDS = ("id", "law_set", "kind", "input", "expected")


def cases_files(config: pytest.Config | None = None) -> list[Path]:
    """The files the per-case test runs on: ``--scoring-cases`` options, else the files
    named by ``REDOUBLE_SCORING_CASES``, else the public file."""
    named: list[str] = list(config.getoption("scoring_cases", None) or []) if config else []
    if not named and os.environ.get(CASES_ENV):
        named = [n for n in os.environ[CASES_ENV].split(os.pathsep) if n]
    return [Path(n) for n in named] or [PUBLIC_CASES_FILE]


class Tracked(Mapping[str, Any]):
    """A case's ``input`` object (or an object inside it) that records which fields are read.

    Reading a field's value (``data[key]``, ``data.get(key)``) or iterating the object reads
    it; asking whether it is there (``key in data``) does not. :meth:`unread` names the fields
    never read, in nested objects and lists too, so that a field the checker does not know
    fails the case instead of being ignored."""

    def __init__(self, data: Mapping[str, Any], path: str = "input") -> None:
        self._path = path
        self._data = {k: _tracked(v, f"{path}.{k}") for k, v in data.items()}
        self._read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self._read.add(key)
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        self._read.update(self._data)
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __repr__(self) -> str:
        return f"Tracked({self._path})"

    def unread(self) -> list[str]:
        """The paths of the fields never read (in what was read, the fields never read)."""
        out = [f"{self._path}.{k}" for k in self._data if k not in self._read]
        for k in sorted(self._read & set(self._data)):
            out += _unread(self._data[k])
        return out


def _tracked(value: Any, path: str) -> Any:
    if isinstance(value, Mapping):
        return Tracked(value, path)
    if isinstance(value, list):
        return [_tracked(v, f"{path}[{i}]") for i, v in enumerate(value)]
    return value


def _unread(value: Any) -> list[str]:
    if isinstance(value, Tracked):
        return value.unread()
    if isinstance(value, list):
        return [path for v in value for path in _unread(v)]
    return []


# --------------------------------------------------------------------------------------------
# Reading a case's input into score_hand arguments.
# --------------------------------------------------------------------------------------------

_DOUBLED = {"none": 0, "doubled": 1, "redoubled": 2}


def _seat_of(text: str) -> str:
    """The seat a case names, e.g. "S (dummy, compulsory)" -> "S"."""
    return text.split()[0]


def hand_arguments(law_set: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Turn a hand's ``input`` object (either format) into keyword arguments of score_hand.

    Every field is read: the dealer is checked against the contract (the maker is of the
    dealer's side in Bridge; the dealer's original One Spade is the dealer's), and an
    ``auction`` is played through the lenient game, which must reach the case's contract."""
    dealer = Seat.parse(data["dealer"])
    if "contract" in data:
        c = data["contract"]
        contract = f"{c['level']}{c['strain']}{'X' * _DOUBLED[c['doubled']]}"
        declarer = c["declarer"]
        one_spade = bool(c.get("dealer_original_one_spade", False))
        if one_spade:
            assert Seat.parse(declarer) is dealer, "the dealer's original One Spade is his own"
    else:
        contract = f"{data['trump']}{'X' * data.get('doubling_level', 0)}"
        declarer = _seat_of(data["maker"])
        one_spade = False
        assert Seat.parse(declarer).side is dealer.side, "the make is the dealer's side's"
    if "auction" in data:
        played = _auction_game(law_set, data["auction"], data["dealer"]).contract
        assert played is not None, "the case's auction reaches no contract"
        assert (played.spec(), played.declarer) == (contract, Seat.parse(declarer)), (
            f"the case's auction reaches {played}, not {contract} by {declarer}"
        )
    arguments: dict[str, Any] = {
        "law_set": law_set,
        "contract": contract,
        "declarer": declarer,
        "tricks": data["tricks_in_play"],
        "honours": data.get("honours"),
        "trump_void_seats": data.get("trump_void_seats"),
        "revokes": data.get("revokes"),
        "revoke_election": data.get("declarer_revoke_election"),
        "prior_trick_score": data.get("prior_trick_score"),
    }
    if one_spade:
        arguments["dealer_original_one_spade"] = True
    return arguments


def _hand(law_set: str, data: Mapping[str, Any]) -> HandScore:
    return score_hand(**hand_arguments(law_set, data))


# --------------------------------------------------------------------------------------------
# One checker per kind: each returns the values it computes, keyed like ``expected``.
# --------------------------------------------------------------------------------------------


def check_hand_score(case: Mapping[str, Any]) -> dict[str, Any]:
    law = laws.get(case["law_set"])
    data = case["input"]
    result = _hand(case["law_set"], data)
    actual = result.to_dict()
    actual["game_bonus"] = None if law.game is None else law.game.single_game_bonus
    actual["rubber_bonus"] = None if law.rubber is None else dict(law.rubber.bonus)
    if law.compulsory_dummy is not None:  # three-handed: the dealer and dummy play alone
        solo = Seat.parse(data["dealer"]).side
        for prefix, side in (("solo_side", solo), ("pair_side", solo.opponents)):
            actual[f"{prefix}_{side.name}"] = {
                "trick": result.trick_score[side],
                "honour": result.honour_column[side],
            }
        actual["detail"] = result.to_dict()
    return actual


def check_rubber(case: Mapping[str, Any]) -> dict[str, Any]:
    rubber = Rubber(case["law_set"])
    for hand in case["input"]["hands"]:
        rubber.record(hand["trick_score"], hand["honour_column"])
    winner = rubber.winner
    return {
        "games": rubber.games.to_dict(),
        "rubber_winner": None if winner is None else winner.name,
        "rubber_bonus": rubber.rubber_bonus,
        "totals": rubber.totals.to_dict(),
        "net_to_winner": rubber.difference,
        "third_game_played": rubber.third_game_played,
    }


def check_duplicate_comparison(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    tables = [_hand(case["law_set"], data[key]) for key in sorted(data)]
    return compare_tables(*tables).to_dict()


def check_progressive_tally(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    if "net_by_player_after_all_tables" in data:
        winners = best_net(data["net_by_player_after_all_tables"])
        return {"winner": list(winners), "tie": len(winners) > 1}
    if "hands" not in data:
        raise NotImplementedError(f"no machine-checkable input in {sorted(data)}")
    tally = ProgressiveTally(case["law_set"])
    for hand in data["hands"]:
        tally.add(_hand(case["law_set"], hand))
    return {"won": tally.won, "lost": tally.lost, "net": tally.net}


def check_settlement(case: Mapping[str, Any]) -> dict[str, Any]:
    totals = case["input"]["rubber_totals"]
    solo_key = next(k for k in totals if k.startswith("solo"))
    pair_key = next(k for k in totals if k.startswith("pair"))
    solo_name = solo_key.split("(")[1].split()[0]
    pair_names = tuple(n for n in pair_key.split("(")[1].rstrip(")").split() if n != "and")
    settlement = settle_three_handed(
        case["law_set"],
        totals[solo_key],
        totals[pair_key],
        adversaries=(pair_names[0], pair_names[1]),
    )
    return {
        "net_to_solo": settlement.net_to_solo,
        "assumed_payment": {f"{n}_pays_{solo_name}": v for n, v in settlement.payments.items()},
    }


_RUBBER_WINNERS = {"dummy player": Side.NS, "solo": Side.NS, "dealer": Side.NS,
                   "adversaries": Side.EW, "pair": Side.EW, "ns": Side.NS, "ew": Side.EW}  # fmt: skip
"""Who wins the rubber, as a case names him: three-handed, the dealer North holds the dummy."""


def check_rubber_bonus(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    winner = _RUBBER_WINNERS.get(normalise_phrase(data["winner"]))
    assert winner is not None, f"winner {data['winner']!r}: not a side or role this test knows"
    actual = {}
    for mode in data["mode"]:
        assert mode in ("game", "rubber"), f"mode {mode!r}: a game or a rubber"
        rubber = Rubber(case["law_set"], single_game=(mode == "game"))
        while not rubber.is_complete:
            rubber.record({winner.name: 30, winner.opponents.name: 0}, {"NS": 0, "EW": 0})
        assert rubber.winner is winner
        actual[mode] = rubber.rubber_bonus
    return actual


_SPADE_EVENTS = {
    normalise_phrase("third hand asks 'Shall I play?'"): ("rho", "asks"),
    normalise_phrase("third hand leads out of turn"): ("rho", "leads"),
    normalise_phrase("eldest hand leads without asking permission to play"): ("lho", "leads"),
}
"""Bridge (Elwell, 1906), Spade Convention II: a case's ``event`` (the premature act, in the
text's words) -> who acts (the dealer's right: the third hand; his left: the eldest hand) and
how (a "Shall I play?" remark, or a card led while the doubling goes on)."""

# The prior hands a spade case's trick scores are reached by, each the dealer's make (and the
# eldest hand's double) played out with the lowest legal card, on _PROCEDURE_DEAL.
_PRIOR_MAKES: tuple[tuple[str, ...], ...] = (("D",), ("C",), ("H",), ("NT",), ("S", "X"))


def _declare_and_play(g: Game, calls: tuple[str, ...]) -> None:
    n = g.hand_number
    for c in calls:
        g.call(c)
    while g.hand_number == n and g.phase is not Phase.COMPLETE:
        if g.phase is Phase.DECLARE:
            g.call("P")
        else:
            g.act(min(g.legal_actions()))


def _toward_game(g: Game) -> dict[str, int]:
    """Each side's trick score so far (no game has been won in the hands the checker plays)."""
    total = PerSide()
    for r in g.results:
        if r.score is not None:
            total = total + r.score.trick_score
    return total.to_dict()


def _game_at(law: laws.LawSet, trick_scores: Mapping[str, int]) -> Game:
    """A lenient game whose rubber stands at `trick_scores` toward game, reached by playing
    prior hands (a search over sequences of _PRIOR_MAKES, at most four hands)."""
    target = {"NS": trick_scores["NS"], "EW": trick_scores["EW"]}
    deal = Deal.from_pbn(_PROCEDURE_DEAL)
    gains = {}
    for make in _PRIOR_MAKES:
        trial = Game(law, deals=[deal], strict=False)
        _declare_and_play(trial, make)
        gains[make] = _toward_game(trial)
    frontier: list[tuple[tuple[tuple[str, ...], ...], dict[str, int]]] = [((), {"NS": 0, "EW": 0})]
    for _ in range(5):
        found = next((seq for seq, score in frontier if score == target), None)
        if found is not None:
            g = Game(law, deals=[deal] * (len(found) + 1), strict=False)
            for make in found:
                _declare_and_play(g, make)
            assert _toward_game(g) == target, "the prior hands do not reach the trick scores"
            return g
        frontier = [
            ((*seq, make), {k: score[k] + gain[k] for k in score})
            for seq, score in frontier
            for make, gain in gains.items()
            if all(score[k] + gain[k] <= target[k] for k in score)
        ]
    raise NotImplementedError(f"no sequence of prior hands reaches trick scores {target}")


def check_spade_convention(case: Mapping[str, Any]) -> dict[str, Any]:
    """Spade Convention I (whether the hand is played) by the scoring function; with an
    ``event``, II as the lenient game plays it: the rubber is brought to the case's trick
    scores, the trump made (and doubled), the premature act done, and the options the ruling
    offers the spade maker read."""
    data = case["input"]
    law = laws.get(case["law_set"], spade_convention_agreed=data["convention_agreed"])
    contract = f"{data['trump']}{'X' if data['doubled'] else ''}"
    played = is_played_under_spade_convention(law, contract, data["trick_scores"])
    if "event" not in data:
        return {"hand_played": played}
    act = _SPADE_EVENTS.get(normalise_phrase(data["event"]))
    assert act is not None, f"event {data['event']!r}: not an act of Spade Convention II"
    g = _game_at(law, data["trick_scores"])
    dealer = g.dealer
    g.call(data["trump"])
    if data["doubled"]:
        g.call("X")  # the eldest hand doubles
    seat = dealer.rho if act[0] == "rho" else dealer.lho
    before = len(g.rulings)
    try:
        if act[1] == "asks":
            g.remark(Irregularity.SPADE_CONVENTION_PREMATURE_PLAY, seat=seat)
        else:
            g.play(min(Deal.from_pbn(_PROCEDURE_DEAL)[seat]), seat=seat)
    except GameError:
        assert played, "the game refuses the act while the convention leaves the hand unplayed"
    premature = [
        r for r in g.rulings[before:] if r.kind is Irregularity.SPADE_CONVENTION_PREMATURE_PLAY
    ]
    if not premature:  # the hand is played: no Spade Convention II
        assert played, "no Spade Convention II ruling though the hand is not to be played"
        return {"hand_played": True, "spade_maker_options": []}
    (ruling,) = premature
    assert not played
    declaring = g.declaring
    assert ruling.claimants == (declaring.maker,), "the spade maker chooses"
    reading = OptionsReading(
        ruling.options, Irregularity.SPADE_CONVENTION_PREMATURE_PLAY, frozenset({"maker"})
    )
    return {"hand_played": False, "spade_maker_options": reading}


_RANK_BY_CHAR = {r.char: r for r in Rank}


def check_compulsory_declaration(case: Mapping[str, Any]) -> dict[str, Any]:
    """Three-handed: the declaration dummy must make when the dealer passes the make to him;
    a make not passed to dummy is the dealer's own choice (no declaration is compulsory)."""
    if not case["input"]["make_passed_to_dummy"]:
        return {"declaration": None}
    hand = 0
    for suit_letter, ranks in case["input"]["dummy_hand"].items():
        suit = Suit.parse(suit_letter)
        for rank in ranks:
            hand |= 1 << (13 * suit + _RANK_BY_CHAR[rank])
    return {"declaration": compulsory_declaration(laws.get(case["law_set"]), hand).symbol}


def check_bid_comparison(case: Mapping[str, Any]) -> dict[str, Any]:
    law = laws.get(case["law_set"])
    data = case["input"]
    new = ContractSpec.parse(law, data["new_declaration"])
    previous = ContractSpec.parse(law, data["previous_declaration"])
    assert new.level is not None
    assert previous.level is not None
    # In an auction: North declares the previous bid, East doubles it (or passes), and South
    # overcalls with the new one, legal only if it is higher (doubling never changes the order).
    auction = Auction(law, Seat.NORTH)
    auction.call(data["previous_declaration"])
    auction.call("X" if data["previous_doubled"] else "P")
    higher = law.is_higher((new.level, new.declaration), (previous.level, previous.declaration))
    assert auction.is_legal(data["new_declaration"]) is higher
    return {
        "previous_value": law.bid_value(previous.level, previous.declaration),
        "new_value": law.bid_value(new.level, new.declaration),
        "new_is_higher": higher,
    }


_SPOKEN_CALLS = {"pass": "P", "double": "X", "redouble": "XX"}
_CLAIMS_NEW_DEAL = "claims new deal"


def _spoken(law: laws.LawSet, words: str) -> str:
    """The call a case's words name ("pass", "double (illegal: ...)", "3R"); a parenthesis
    only comments it: whether the call is irregular is for the engine to say."""
    text = normalise_phrase(re.sub(r"\(.*?\)", "", words))
    return _SPOKEN_CALLS.get(text) or str(Call.parse(words.split("(")[0].strip(), law))


def _auction_game(law_set: str, calls: list[list[str]], dealer: str) -> Game:
    """The case's auction played in the lenient game (``strict=False``): irregular calls are
    recorded and ruled on as the law set's code says (Case 6's illegal double has no penalty);
    "claims new deal" takes a new deal where an open ruling offers it to the claimant, else is
    refused (nothing happens). The auction is then closed with passes. A ruling left open that
    the case does not decide fails."""
    law = laws.get(law_set)
    g = Game(law, deals=[Deal.from_pbn(_PROCEDURE_DEAL)] * 2, first_dealer=Seat.parse(dealer),
             strict=False)  # fmt: skip
    for seat_letter, words in calls:
        seat = Seat.parse(seat_letter)
        if normalise_phrase(words) == _CLAIMS_NEW_DEAL:
            offered = [r for r in g.pending if seat in r.claimants and "new_deal" in
                       {o.code for o in r.options}]  # fmt: skip
            if offered:
                g.decide("new_deal", seat=seat, ruling=offered[0].id)
            continue
        g.call(_spoken(law, words), seat=seat)
    while (
        g.phase is Phase.DECLARE and g.hand_number == 1 and not any(r.blocking for r in g.pending)
    ):
        g.call("P")
    assert not any(r.blocking for r in g.pending), f"the case leaves {g.pending} undecided"
    return g


def _auction(case: Mapping[str, Any], calls: list[list[str]], dealer: str) -> Auction:
    """The case's auction: a regular one in the strict :class:`Auction`, else (an irregular
    call in it) through the lenient game."""
    law = laws.get(case["law_set"])
    auction = Auction(law, Seat.parse(dealer))
    try:
        for seat, words in calls:
            assert auction.to_call is Seat.parse(seat), f"{seat} called out of turn in the case"
            auction.call(_spoken(law, words))
    except (RedoubleError, AssertionError):
        d = _auction_game(case["law_set"], calls, dealer).declaring
        assert isinstance(d, Auction)
        return d
    return auction


def check_call_legality(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    seat, call = data["call"]
    so_far = data["auction_so_far"]
    auction = _auction(case, so_far, so_far[0][0] if so_far else seat)
    law = laws.get(case["law_set"])
    return {"legal": auction.to_call is Seat.parse(seat) and auction.is_legal(_spoken(law, call))}


def check_declarer_determination(case: Mapping[str, Any]) -> dict[str, Any]:
    data = case["input"]
    contract = _auction(case, data["auction"], data["dealer"]).contract
    assert contract is not None, "the auction in the case is not complete"
    return {
        "final_declaration": f"{contract.level}{contract.declaration}",
        "declarer": contract.declarer.letter,
        "dummy": contract.dummy.letter,
        "opening_leader": contract.opening_leader.letter,
    }


# --------------------------------------------------------------------------------------------
# The procedure cases, run through the game engine (strict=False for the irregularities).
#
# Each scenario drives the engine and returns the values it computes, keyed like
# ``expected``. Where the case's expectation is prose, the value is a *reading* of the engine's
# output that is compared with the prose through the agreed vocabulary (tests/data/README.md):
# option phrases go through the options' own names and the seeds' wordings
# (redouble.irregularities.options_named), then through the cases' own wordings in
# tests/data/vocabulary.json (VOCABULARY); other statements through STATEMENTS below, which
# says what engine facts each phrase asserts. A phrase outside the vocabulary fails the test.
# --------------------------------------------------------------------------------------------

_PROCEDURE_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
_NORTH, _EAST, _SOUTH, _WEST = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@runtime_checkable
class Reading(Protocol):
    """Engine output that is compared with a case's words rather than with equal values."""

    def agrees_with(self, words: Any) -> bool:
        """Whether `words` (the case's expected value) say what the engine says."""
        ...


_ROLE_MAY = re.compile(r"^(declarer|dealer|maker|eldest hand|either adversary) may (.+)$")


@dataclass(frozen=True)
class VocabularyEntry:
    """A case's own wording of one or more options (tests/data/vocabulary.json)."""

    phrase: str
    codes: frozenset[str]
    kinds: frozenset[Irregularity]
    cases: tuple[str, ...]


def load_vocabulary(path: Path = VOCABULARY_FILE) -> dict[str, VocabularyEntry]:
    """The cases' wordings of options, keyed by normalised phrase; duplicates are refused."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data.get("provenance"), f"{path.name}: no provenance"
    assert data.get("notes"), f"{path.name}: no notes"
    out: dict[str, VocabularyEntry] = {}
    for phrase, entry in data["phrases"].items():
        key = normalise_phrase(phrase)
        assert key not in out, f"{path.name}: {phrase!r} repeats {out[key].phrase!r}"
        for field in ("codes", "kinds", "cases"):
            assert entry[field], f"{phrase!r}: no {field}"
        out[key] = VocabularyEntry(
            phrase,
            frozenset(entry["codes"]),
            frozenset(Irregularity(k) for k in entry["kinds"]),
            tuple(entry["cases"]),
        )
    return out


VOCABULARY = load_vocabulary()
"""The reference cases' own wordings of options, consulted after the library's names."""


def codes_named(options: tuple[Option, ...], kind: Irregularity | None, phrase: str) -> set[str]:
    """The codes of the options among `options` (those of a ruling of `kind`) that `phrase`
    names: by the library's names and the seeds' wordings (options_named), else by the cases'
    wordings (VOCABULARY). Fails when the phrase names none of them, or names an option not
    offered."""
    try:
        return {o.code for o in options_named(options, phrase)}
    except IrregularityError as err:
        if normalise_phrase(phrase) in JOINT_WORDINGS:
            raise AssertionError(str(err)) from None
        library_error = str(err)
    entry = VOCABULARY.get(normalise_phrase(phrase))
    assert entry is not None, f"{library_error}; nor is it in {VOCABULARY_FILE.name}"
    assert kind in entry.kinds, f"{phrase!r} names no option of {kind} ({VOCABULARY_FILE.name})"
    offered = {o.code for o in options}
    missing = entry.codes - offered
    assert not missing, f"{phrase!r} names {sorted(missing)}, not offered ({sorted(offered)})"
    return set(entry.codes)


@dataclass(frozen=True)
class OptionsReading:
    """Options a ruling of `kind` offers the seat(s) in ``roles``, named by the law's words or
    the case's (:func:`codes_named`).

    ``complete``: the words (a phrase or a list of them) must name every option, each phrase at
    least one; else the words (one phrase) must name exactly one of them. A phrase may begin
    "<role> may ..."; the role must then be one of ``roles``.
    """

    options: tuple[Option, ...]
    kind: Irregularity | None = None
    roles: frozenset[str] = frozenset()
    complete: bool = True

    def named(self, phrase: str) -> set[str]:
        """The codes of the options `phrase` names (raises if it names none)."""
        found = _ROLE_MAY.match(phrase.strip())
        if found:
            assert found.group(1) in self.roles, f"{found.group(1)!r} is not {sorted(self.roles)}"
            phrase = found.group(2)
        return codes_named(self.options, self.kind, phrase)

    def agrees_with(self, words: Any) -> bool:
        if self.complete:
            phrases = [words] if isinstance(words, str) else list(words)
            return {c for p in phrases for c in self.named(p)} == {o.code for o in self.options}
        return len(self.named(words)) == 1


@dataclass(frozen=True)
class RoleReading:
    """The role(s) of the single claimant of a ruling; "role (qualifier)" also needs the
    qualifier in the ruling's note."""

    roles: frozenset[str]
    note: str

    def agrees_with(self, words: Any) -> bool:
        role, _, rest = str(words).partition(" (")
        qualifier = normalise_phrase(rest.rstrip(")"))
        return role in self.roles and qualifier in normalise_phrase(self.note)


@dataclass(frozen=True)
class Unordered:
    """Values whose order carries no meaning (partnerships, lists of roles)."""

    items: frozenset[Any]

    def agrees_with(self, words: Any) -> bool:
        return {_frozen(w) for w in words} == self.items


def _frozen(value: Any) -> Any:
    return frozenset(value) if isinstance(value, list | tuple) else value


def _named_cut(text: str) -> tuple[str, str, str]:
    """ "P3 (AD: ace lowest)" -> ("P3", "AD", "ace lowest")."""
    found = re.fullmatch(r"(\S+) \((\w\w)(?:: (.+))?\)", text)
    assert found, f"not a named cut: {text!r}"
    return found.group(1), found.group(2), found.group(3) or ""


@dataclass(frozen=True)
class CutOrderReading:
    """Players in cutting order, lowest first, with their cards and why a card ranks where it
    does ("ace lowest")."""

    order: tuple[str, ...]
    cards: Mapping[str, Card]
    ace_low: bool

    def agrees_with(self, words: Any) -> bool:
        named = [_named_cut(w) for w in words]
        for player, card, note in named:
            if note:
                meaning = _meaning(note)
                facts = {"ace_low": self.ace_low and self.cards[player].rank is Rank.ACE}
                if not _holds(meaning, facts):
                    return False
            if self.cards.get(player) != Card.parse(card):
                return False
        return tuple(p for p, _, _ in named) == self.order


@dataclass(frozen=True)
class Facts:
    """Engine facts; a phrase agrees when every fact its meaning (STATEMENTS) asserts holds."""

    facts: Mapping[str, Any]

    def agrees_with(self, words: Any) -> bool:
        return _holds(_meaning(str(words)), self.facts)


def _holds(meaning: Mapping[str, Any], facts: Mapping[str, Any]) -> bool:
    missing = set(meaning) - set(facts)
    assert not missing, f"the engine's reading lacks {sorted(missing)}"
    return all(facts[k] == v for k, v in meaning.items())


STATEMENTS: tuple[tuple[str, Callable[[re.Match[str]], dict[str, Any]]], ...] = (
    # AUC-P02, Auction Bridge (1912), Law 50: the bar on the offender's partner.
    (
        r"adversary subsequently bids or doubles",
        lambda m: {"lifted_by_adversary_bid": True, "lifted_by_adversary_double": True,
                   "lifted_by_adversary_pass": False},
    ),
    # AUC-P08, BR-P09: the ruling lapses when the second card of the trick is played (Law 77).
    (r"second hand has played", lambda m: {"lapses_with_card": 2}),
    # BR-P03, Bridge (Elwell, 1906), Law 47: "provided that no declaration as to doubling has been made".
    (
        r"doubling declaration has been made",
        lambda m: {"deadline": "before any declaration as to doubling"},
    ),
    # BR-P06, Bridge (Elwell, 1906), Law 60: the eldest hand "may only double if the maker of the trump consent".
    (
        r"makers consent",
        lambda m: {"double_refused": True, "consent_of_maker": True, "consent_of_others": False},
    ),
    # BR-P07, Bridge (Elwell, 1906), Law 97: "the penalty is paid".
    (
        r"penalty is paid i e lost to claimants",
        lambda m: {"penalty_lost": True, "penalty_enforced": False},
    ),
    # T3-P01, Bridge (Elwell, 1906), Bridge for Three Players: "Only one adversary, the leader, can double."
    (r"leader eldest hand only", lambda m: {"doublers": frozenset({"eldest hand"})}),
    # BR-P12, Bridge (Elwell, 1906), Law 16.
    (r"must cut again", lambda m: {"cut_again": True}),
    # AUC-P15, Auction Bridge (1912), Law 16: "the highest is his cut".
    (r"(\w\w) highest", lambda m: {"card": Card.parse(m.group(1)), "chosen_as": "highest"}),
    # BR-P10, Bridge (Elwell, 1906), Law 19.
    (
        r"(\w+) and (\w+) re cut lower on re cut deals",
        lambda m: {"recut_by": frozenset(m.groups()), "lowest_of_recut_deals": True},
    ),
    # AUC-P14, Auction Bridge (1912), Law 14.
    (r"ace lowest", lambda m: {"ace_low": True}),
    # T3-P04, Bridge (Elwell, 1906), Bridge for Three Players.
    (
        r"one game or one rubber then each player in turn",
        lambda m: {"tenure_in_games": "game", "tenure_in_rubbers": "rubber",
                   "each_player_in_turn": True},
    ),
)  # fmt: skip
"""The agreed vocabulary of statements: a pattern over the normalised phrase
(:func:`redouble.irregularities.normalise_phrase`: no articles, no punctuation) and the engine
facts it asserts."""


def _meaning(phrase: str) -> dict[str, Any]:
    """The facts `phrase` asserts, from STATEMENTS; a phrase outside the vocabulary fails."""
    text = normalise_phrase(phrase)
    for pattern, meaning in STATEMENTS:
        found = re.fullmatch(pattern, text)
        if found:
            return meaning(found)
    raise AssertionError(f"{phrase!r} is not in the agreed vocabulary (STATEMENTS)")


def _game(law_set: str, *calls: str, dealer: Seat = _NORTH) -> Game:
    g = Game(law_set, deals=[Deal.from_pbn(_PROCEDURE_DEAL)] * 2, first_dealer=dealer, strict=False)
    for call in calls:
        g.call(call)
    return g


def _made(law_set: str) -> Game:
    """The trump made by the dealer North (spades; one Spade in Auction): East to lead."""
    if laws.get(law_set).play.max_level is None:
        return _game(law_set, "S", "P", "P")
    return _game(law_set, "1S", "P", "P", "P")


def _blocking(g: Game) -> Ruling:
    (r,) = [r for r in g.pending if r.blocking] or g.pending
    return r


def _lowest(g: Game, seat: Seat) -> Card:
    """`seat`'s lowest card of the suit led, if he holds one, else his lowest card."""
    hand = g.visible_cards(seat)[seat]
    led = list(g.trick_on_table.values())[:1]
    same = [c for c in hand if led and c.suit == led[0].suit]
    return min(same or hand)


def _roles(g: Game, seat: Seat) -> frozenset[str]:
    """What the laws call `seat` in this hand: dealer, eldest hand, maker, declarer, dummy..."""
    out = set()
    d = g.declaring
    if isinstance(d, BridgeDeclaration):
        names = {g.dealer: "dealer", g.dealer.lho: "eldest hand", g.dealer.partner: "dealer's "
                 "partner", g.dealer.rho: "third hand"}  # fmt: skip
        out.add(names[seat])
        if d.maker is seat:
            out.add("maker")
    contract = g.contract
    if contract is not None:
        if seat is contract.dummy:
            out.add("dummy")
        elif seat is contract.declarer:
            out.add("declarer")
        else:
            out.add("adversary")
    return frozenset(out)


def _claimant_roles(g: Game, r: Ruling) -> frozenset[str]:
    if len(r.claimants) == 1:
        return _roles(g, r.claimants[0])
    if r.offender is not None and set(r.claimants) == set(r.offender.side.opponents.seats):
        return frozenset({"either adversary"})
    return frozenset()


def _options_of(
    g: Game,
    r: Ruling,
    role: str,
    options: tuple[Option, ...] | None = None,
    *,
    complete: bool = True,
) -> OptionsReading:
    """The options (by default all the ruling's) open to the claimant the case names by his
    `role`: none when the ruling's claimant has another role."""
    roles = _claimant_roles(g, r)
    offered = r.options if options is None else options
    return OptionsReading(offered if role in roles else (), r.kind, roles, complete)


def _split_by_effect(
    start: Callable[[], Game], seat: Seat, card: Card | None = None
) -> tuple[tuple[Option, ...], tuple[Option, ...]]:
    """The options of `start()`'s ruling that expose `card` of `seat`, and those that put an
    obligation on `seat`'s next play: each decided in a fresh game."""
    r = _blocking(start())
    exposing, requiring = [], []
    for option in r.options:
        g = start()
        g.decide(option.code)
        if card is not None and card in g.exposed_cards.get(seat, ()):
            exposing.append(option)
        elif any(o.seat is seat for o in g.obligations):
            requiring.append(option)
    return tuple(exposing), tuple(requiring)


_AUCTION_ROTATION = (
    "ZAYB"  # Auction Bridge (1912): Z deals, A on his left, then Y (Z's partner), then B
)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}  # fmt: skip


def _seats_from(first: str) -> dict[str, Seat]:
    """Auction Bridge (1912) letters, the first to call being the dealer North."""
    i = _AUCTION_ROTATION.index(first)
    letters = _AUCTION_ROTATION[i:] + _AUCTION_ROTATION[:i]
    return {letter: Seat(n) for n, letter in enumerate(letters)}


_OFFENDER_ROLES = (
    ("leaders partner", "leader's partner"),
    ("fourth", "fourth hand"),
    ("dummy", "dummy"),
    ("declarer", "declarer"),
    ("dealer", "declarer"),  # Bridge's player of the combined hands
    ("defender", "defender"),
    ("adversary", "defender"),
    ("eldest hand", "leader"),
    ("leader", "leader"),
)
"""The offender as a procedure case names him (its parenthesis only comments), first match."""


def _offender_role(data: Mapping[str, Any], default: str) -> str:
    """The role of a procedure case's ``offender`` (`default` where the case names none)."""
    if "offender" not in data:
        return default
    text = normalise_phrase(re.sub(r"\(.*?\)", "", data["offender"]))
    role = next((r for word, r in _OFFENDER_ROLES if word in text), None)
    assert role is not None, f"offender {data['offender']!r}: not a role this test knows"
    return role


def _offender_seat(g: Game, role: str, allowed: Mapping[str, str]) -> Seat:
    """The seat of the offender's `role` in `g`'s hand, for a scenario that plays the roles in
    `allowed` (role -> leader, leader's partner, declarer or dummy): another role fails, as
    the scenario has no ruling to choose for it."""
    assert role in allowed, f"offender {role!r}: this scenario plays only {sorted(allowed)}"
    contract = g.contract
    assert contract is not None
    leader = contract.opening_leader
    return {
        "leader": leader,
        "leader's partner": leader.partner,
        "declarer": contract.declarer,
        "dummy": contract.dummy,
    }[allowed[role]]


def _procedure_insufficient_declaration(case: Mapping[str, Any]) -> dict[str, Any]:
    """Auction Bridge (1912), Laws 50, 52 and Case 2: an insufficient bid, the penalty demanded at once."""
    data = case["input"]
    seats = _seats_from(data["auction"][0][0])
    claimant = seats[data["claimed_by"]]
    # The engine's ruling blocks the next call: the penalty can only be claimed before an
    # adversary acts; a case where one acts first has no scenario here.
    assert data["claim_before_adversary_acts"] is True, "no scenario for a claim made late"

    def start() -> Game:
        g = _game(case["law_set"])
        for letter, call in data["auction"]:
            g.call(call, seat=seats[letter])
        if data["claim_before_adversary_acts"]:
            # The claim calls attention to the declaration: Law 52 no longer frees (Case 2).
            g.call_attention(seat=claimant)
        return g

    g = start()
    r = _blocking(g)
    assert r.kind is Irregularity.INSUFFICIENT_DECLARATION
    assert r.offender is not None
    d = g.declaring
    assert isinstance(d, Auction)
    insufficient = Call.parse(data["auction"][-1][1], laws.get(case["law_set"]))
    assert insufficient.level is not None
    sufficient = next(
        f"{level}{insufficient.declaration}"
        for level in range(insufficient.level, 8)
        if d.is_legal(f"{level}{insufficient.declaration}")
    )
    try:
        g.correct_call(sufficient, seat=r.offender)
        law52 = True
    except IrregularityError:
        law52 = False
    partner = r.offender.partner

    def partner_may_bid(adversary: CallKind) -> bool:
        """After the penalty, the claimant (an adversary) calls; may the partner then bid?"""
        g = start()
        g.decide("penalise", seat=claimant, call=sufficient)
        assert g.to_act is claimant
        g.call(next(c for c in g.legal_actions() if c.kind is adversary))
        assert g.to_act is partner
        return any(c.is_bid for c in g.legal_actions())

    return {
        "penalty": OptionsReading(
            r.options if claimant in r.claimants else (), r.kind, complete=False
        ),
        "offender_partner_barred": not partner_may_bid(CallKind.PASS),
        "bar_lifted_if": Facts(
            {
                "lifted_by_adversary_bid": partner_may_bid(CallKind.BID),
                "lifted_by_adversary_double": partner_may_bid(CallKind.DOUBLE),
                "lifted_by_adversary_pass": partner_may_bid(CallKind.PASS),
            }
        ),
        "law52_correction_available": law52,
    }


def _procedure_impossible_declaration(case: Mapping[str, Any]) -> dict[str, Any]:
    """Auction Bridge (1912), Law 50: East makes the impossible declaration of the case (e.g. "eight hearts")
    over North's bid, so that the adversaries have a previous declaration."""
    number, _, strain = case["input"]["example"].partition(" ")
    law = laws.get(case["law_set"])
    bid = f"{_NUMBERS[number]}{law.declaration(strain).symbol}"
    g = _game(case["law_set"], "1S")
    g.call(bid)
    r = _blocking(g)
    assert r.kind is Irregularity.IMPOSSIBLE_DECLARATION
    assert r.offender is _EAST
    return {"options_for_either_adversary": _options_of(g, r, "either adversary")}


def _procedure_card_exposed_in_auction(case: Mapping[str, Any]) -> dict[str, Any]:
    """Auction Bridge (1912), Law 65: the offender exposes a card during the auction; the final declaration
    falls to the player on his partner's right, so that his partner leads."""
    offender = Seat.parse(case["input"]["offender"])
    partner = offender.partner
    dealer = offender.rho  # the offender's right-hand neighbour deals: he bids first
    g = _game(case["law_set"], dealer=dealer)
    g.call("1C")  # the dealer
    card = _lowest(g, offender)
    g.expose(card, seat=offender)
    g.call("P")  # the offender
    g.call("1H")  # the dealer's partner, on the right of the offender's partner
    assert g.to_act is partner
    barred = all(c.kind is CallKind.PASS for c in g.legal_actions())
    while g.phase is Phase.DECLARE and not g.pending:
        g.call("P")
    contract = g.contract
    assert contract is not None
    assert contract.opening_leader is partner
    r = _blocking(g)
    assert r.kind is Irregularity.CARD_EXPOSED_BEFORE_FINAL_DECLARATION
    return {
        "offender_partner_barred_from_bids_and_doubles": barred,
        "card_subject_to_call": card in g.exposed_cards.get(offender, ()),
        "if_offender_partner_is_original_leader": _options_of(g, r, "declarer", complete=False),
    }


def _procedure_card_exposed_before_lead(case: Mapping[str, Any]) -> dict[str, Any]:
    """Auction Bridge (1912), Law 66: the opening leader's partner exposes a card before the lead."""
    g = _made(case["law_set"])
    role = _offender_role(case["input"], "leader's partner")
    roles = {"leader's partner": "leader's partner", "leader": "leader"}
    offender = _offender_seat(g, role, roles)
    g.expose(_lowest(g, offender), seat=offender)
    return {"declarer_options": _options_of(g, _blocking(g), "declarer")}


_ORDINALS = ("first", "second", "third", "fourth")


def _procedure_declarer_leads_out_of_turn(case: Mapping[str, Any]) -> dict[str, Any]:
    """Auction Bridge (1912), Law 77, Bridge (Elwell, 1906), Law 77: the declarer leads from his hand when East should; the hand
    is then played on until the rectification lapses."""
    g = _made(case["law_set"])
    role = _offender_role(case["input"], "declarer")
    roles = {"declarer": "declarer", "dummy": "dummy", "leader's partner": "leader's partner",
             "defender": "leader's partner"}  # fmt: skip
    offender = _offender_seat(g, role, roles)
    g.play(_lowest(g, offender), seat=offender)
    r = _blocking(g)
    assert r.offender is offender
    if r.kind is Irregularity.LEAD_OUT_OF_TURN:  # an adversary's lead: A76; B76
        return {"penalty": OptionsReading(r.options, r.kind, _claimant_roles(g, r))}
    assert r.kind is Irregularity.DECLARER_LEAD_OUT_OF_TURN
    played = 1
    while any(x.id == r.id for x in g.pending):
        g.act(min(g.legal_actions()))
        played += 1
    until = f"{_ORDINALS[played - 1]} hand has played"
    assert normalise_phrase(r.deadline or "") == normalise_phrase(f"until {until}"), r.deadline
    penalised = bool(set(r.claimants) - {offender})  # a choice left to others than himself
    return {
        "penalty": OptionsReading(r.options, r.kind, _claimant_roles(g, r)) if penalised else None,
        "correction_allowed_until": Facts({"lapses_with_card": played}),
    }


def _declarer_word(g: Game) -> str:
    """What the code calls the player of the combined hands: Bridge's dealer, else declarer."""
    return "dealer" if isinstance(g.declaring, BridgeDeclaration) else "declarer"


def _plays_early(g: Game, seat: Seat) -> bool:
    """`seat` plays before his turn: does the law give a ruling for it (A80; B82)?"""
    g.play(_lowest(g, seat), seat=seat)
    return any(r.kind is Irregularity.PLAYED_BEFORE_TURN for r in g.pending)


def _procedure_fourth_hand_plays_before_second(case: Mapping[str, Any]) -> dict[str, Any]:
    """Auction Bridge (1912), Law 80, Bridge (Elwell, 1906), Law 82: the fourth hand plays before his partner, the second hand.

    Dummy wins trick one and leads: West is second hand, East fourth, and East plays first.
    The options that bind the second hand are found by deciding each in a fresh game; the
    law's exceptions by letting the declarer, then dummy, play before his partner."""

    def start() -> Game:
        g = _made(case["law_set"])
        for card in ("D2", "DA", "DT", "D5"):  # East leads; dummy wins with the ace
            g.play(card)
        g.play("S7")  # dummy leads
        assert _plays_early(g, _EAST)
        return g

    role = _offender_role(case["input"], "fourth hand")
    assert role in ("fourth hand", "defender"), f"offender {role!r}: the scenario's is East"
    g = start()
    r = _blocking(g)
    second = _EAST.partner
    assert r.kind is Irregularity.PLAYED_BEFORE_TURN
    assert r.data["target"] == second.letter
    _, requiring = _split_by_effect(start, second)
    exempt = set()
    other = _made(case["law_set"])  # East leads, dummy is second hand, the declarer fourth
    other.play(_lowest(other, _EAST))
    if not _plays_early(other, _NORTH):
        exempt.add("dummy")
    other = _made(case["law_set"])
    for card in ("H5", "H2", "HA", "HT"):  # West wins trick one
        other.play(card)
    other.play(_lowest(other, _WEST))  # West leads, the declarer is second hand, dummy fourth
    if not _plays_early(other, _SOUTH):
        exempt.add(_declarer_word(other))
    return {
        "declarer_may_require_second_hand_to": _options_of(g, r, "declarer", requiring),
        "dealer_may_require_offender_partner_to": _options_of(g, r, "dealer", requiring),
        "not_applicable_if_partner_is": Unordered(frozenset(exempt)),
    }


def _procedure_revoke_corrected(case: Mapping[str, Any]) -> dict[str, Any]:
    """Auction Bridge (1912), Law 86: West (a defender) revokes and corrects before the trick is quitted."""

    # East leads the club ace; the offender (who holds clubs) plays another suit.
    tricks = {
        _WEST: ("CA", "C8", "HJ", "C2"),  # a defender
        _NORTH: ("CA", "C8", "C7", "HT"),  # the declarer
        _SOUTH: ("CA", "DJ", "C7", "C2"),  # dummy
    }
    probe = _made(case["law_set"])
    role = _offender_role(case["input"], "defender")
    roles = {"defender": "leader's partner", "declarer": "declarer", "dummy": "dummy"}
    offender = _offender_seat(probe, role, roles)
    cards = tricks[offender]

    def start() -> Game:
        g = _made(case["law_set"])
        for card in cards:
            g.play(card)
        g.correct_revoke(seat=offender)
        return g

    g = start()
    corrected = [r for r in g.rulings if r.kind is Irregularity.REVOKE_CORRECTED]
    if not corrected:  # the law rectifies nothing for this offender (the declarer's side)
        return {"card_played_in_error": None, "alternative": None}
    r = _blocking(g)
    assert r.kind is Irregularity.REVOKE_CORRECTED
    assert r.offender is offender
    card = Card.parse(cards[(offender - _EAST) % 4])  # the trick's cards from East's lead on
    exposing, requiring = _split_by_effect(start, offender, card)
    return {
        "card_played_in_error": _options_of(g, r, "declarer", exposing),
        "alternative": _options_of(g, r, "declarer", requiring),
        "others_may_withdraw_cards": any(s != offender.letter for s in r.data["withdrawn"]),
    }


def _procedure_dummy_revokes(case: Mapping[str, Any]) -> dict[str, Any]:
    """Dummy (South) revokes; the trick is quitted; the hand is played out and scored."""
    found = normalise_phrase(case["input"]["discovered"])
    assert "quitted" in found, f"no scenario for {found!r}"
    assert "before" not in found, f"no scenario for {found!r}"
    g = _made(case["law_set"])
    for card in ("CA", "DJ", "C7", "C2", "CK"):  # dummy holds clubs; East leads again
        g.play(card)
    while g.phase is Phase.PLAY:
        g.act(min(g.legal_actions()))
    score = g.results[0].score
    assert score is not None
    claims = [r for r in g.results[0].rulings if r.kind is Irregularity.REVOKE_CLAIM]
    penalty = None if not claims and score.breakdown.revoke_penalty == PerSide() else claims
    return {"penalty": penalty, "trick_stands": Card.parse("DJ") in g.results[0].tricks[0].cards}


def _procedure_partner_passes_back(case: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge (Elwell, 1906), Law 47: the dealer passes the make; his partner passes it back."""
    g = _game(case["law_set"], "P")
    g.call("P")
    r = _blocking(g)
    assert r.kind is Irregularity.PASS_BACK
    assert r.offender is _SOUTH
    return {
        "claimant": RoleReading(_claimant_roles(g, r), r.note),
        "options": _options_of(g, r, "eldest hand"),
        "forfeited_if": Facts({"deadline": r.deadline}),
    }


def _procedure_adversary_declares(case: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge (Elwell, 1906), Law 48: the eldest hand makes the trump."""
    g = _game(case["law_set"])
    g.call("H", seat=_EAST)
    r = _blocking(g)
    assert r.kind is Irregularity.ADVERSARY_DECLARES
    return {
        "claimant": RoleReading(_claimant_roles(g, r), r.note),
        "options": _options_of(g, r, "dealer"),
    }


def _procedure_lead_by_third_hand(case: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge (Elwell, 1906), Law 60: the dealer passes the make, his partner makes; the dealer's right-hand
    adversary (West) leads before the doubling is over. Then: may the eldest hand double, and
    whose consent lets him?"""

    def start() -> Game:
        g = _game(case["law_set"], "P", "S")
        g.play(_lowest(g, _WEST), seat=_WEST)
        return g

    g = start()
    r = _blocking(g)
    assert r.kind is Irregularity.LEAD_DURING_DECLARING

    def may_double(consenter: Seat | None) -> bool:
        g = start()
        g.decide("waive")
        if consenter is not None:
            try:
                g.consent(seat=consenter)
            except GameError:
                return False
        return g.to_act is _EAST and any(c.kind is CallKind.DOUBLE for c in g.legal_actions())

    d = g.declaring
    assert isinstance(d, BridgeDeclaration)
    maker = d.maker
    return {
        "maker_may": _options_of(g, r, "maker", complete=False),
        "eldest_hand_may_double_only_with": Facts(
            {
                "double_refused": not may_double(None),
                "consent_of_maker": maker is not None and may_double(maker),
                "consent_of_others": any(may_double(s) for s in Seat if s is not maker),
            }
        ),
    }


def _procedure_consultation(case: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge (Elwell, 1906), Law 97: the adversaries, entitled to a new deal (the pack was not cut, Law 38 (f)),
    consult before claiming it."""
    g = _game(case["law_set"])
    g.report_new_deal_ground("f")
    r = _blocking(g)
    assert set(r.claimants) == {_EAST, _WEST}
    g.decide("new_deal", seat=_EAST, consulted=True)
    (consult,) = [x for x in g.rulings if x.kind is Irregularity.CONSULTATION]
    return {
        "result": Facts(
            {"penalty_lost": consult.data["penalty_lost"], "penalty_enforced": g.hand_number > 1}
        )
    }


def _three_handed_after_make(case: Mapping[str, Any]) -> BridgeDeclaration:
    """Three-handed: the dealer North passes the make to the dummy, whose compulsory
    declaration he sees."""
    d = BridgeDeclaration(case["law_set"], Seat.NORTH, deal=Deal.from_pbn(_PROCEDURE_DEAL))
    d.call("P")
    return d


def _procedure_redouble_after_seeing_dummy(case: Mapping[str, Any]) -> dict[str, Any]:
    d = _three_handed_after_make(case)
    d.call("X")  # the leader (East) doubles
    return {"legal": d.to_call is Seat.NORTH and d.why_illegal("XX") is None}


def _procedure_double_by_leaders_partner(case: Mapping[str, Any]) -> dict[str, Any]:
    """Three-handed: the leader East declines to double; may his partner West double? And who
    of the adversaries may double at all?"""
    names = {Seat.EAST: "eldest hand", Seat.WEST: "third hand"}
    doublers = set()
    for seat, name in names.items():
        d = _three_handed_after_make(case)
        while d.to_call is not None and d.to_call is not seat:
            d.call("P")
        if d.to_call is seat and d.why_illegal("X") is None:
            doublers.add(name)
    d = _three_handed_after_make(case)
    d.call("P")  # East: "May I lead?"
    return {
        "legal": d.to_call is Seat.WEST and d.why_illegal("X") is None,
        "who_may_double": Facts({"doublers": frozenset(doublers)}),
    }


_PROCEDURE_EVENTS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "insufficient_declaration": _procedure_insufficient_declaration,
    "impossible_declaration": _procedure_impossible_declaration,
    "card_exposed_before_final_declaration": _procedure_card_exposed_in_auction,
    "card_exposed_after_auction_before_lead": _procedure_card_exposed_before_lead,
    "lead_out_of_turn": _procedure_declarer_leads_out_of_turn,
    "dealer_leads_out_of_turn": _procedure_declarer_leads_out_of_turn,
    "fourth_hand_plays_before_second": _procedure_fourth_hand_plays_before_second,
    "fourth_plays_before_partner": _procedure_fourth_hand_plays_before_second,
    "revoke_corrected_before_established": _procedure_revoke_corrected,
    "dummy_revokes": _procedure_dummy_revokes,
    "partner_passes_back": _procedure_partner_passes_back,
    "adversary_declares": _procedure_adversary_declares,
    "lead_out_of_turn_by_third_hand": _procedure_lead_by_third_hand,
    "consultation_on_penalty": _procedure_consultation,
    "redouble_by_dealer_after_seeing_dummy": _procedure_redouble_after_seeing_dummy,
    "double_by_leaders_partner": _procedure_double_by_leaders_partner,
}


def _procedure_cuts(case: Mapping[str, Any]) -> dict[str, Any]:
    """Cutting (Auction Bridge (1912), Laws 14, 18; Bridge (Elwell, 1906), Laws 14, 19; three players: 'Bridge for Three
    Players'): one recorded round, then any re-cut drawn at random."""
    cuts = case["input"]["cuts"]
    law = laws.get(case["law_set"])
    names = list(cuts)
    if len(names) == 3:
        by_games = cut_for_dummy(law, names, cuts=[cuts], single_game=True)
        by_rubbers = cut_for_dummy(law, names, cuts=[cuts])
        rotation = by_rubbers.rotation
        return {
            "dealer_with_dummy": by_rubbers.holder,
            "dummy_duration": Facts(
                {
                    "tenure_in_games": by_games.tenure,
                    "tenure_in_rubbers": by_rubbers.tenure,
                    "each_player_in_turn": rotation[0] == by_rubbers.holder
                    and sorted(rotation) == sorted(names),
                }
            ),
        }
    result = cut_for_partners(law, names, cuts=[cuts])
    last = result.rounds[-1]
    recut = frozenset(p.lower() for p in last) if len(result.rounds) > 1 else frozenset()
    lowest = min(last, key=lambda p: 0 if last[p].rank is Rank.ACE else int(last[p].rank) + 1)
    return {
        "order_low_to_high": CutOrderReading(result.order, result.rounds[0], law.cutting.ace_low),
        "dealer": result.dealer,
        "partners": Unordered(frozenset(frozenset(p) for p in result.partners)),
        "action": Facts({"recut_by": recut, "lowest_of_recut_deals": result.dealer == lowest}),
    }


def _procedure_cut_exposes(case: Mapping[str, Any]) -> dict[str, Any]:
    """Auction Bridge (1912), Law 16 (the highest counts) and Bridge (Elwell, 1906), Law 16 (cut again)."""
    law = laws.get(case["law_set"])
    counted = cut_card(law, case["input"]["cut_exposes"])
    facts = Facts(
        {"card": counted, "chosen_as": law.cutting.several_exposed, "cut_again": counted is None}
    )
    return {"counts_as": facts, "action": facts}


_TABLE_TALK = {"pass": "P", "may i lead": "P", "satisfied": "P", "i double": "X",
               "i re double": "X"}  # fmt: skip
"""The words of Bridge's declaring (Bridge (Elwell, 1906), Laws 45-53; Law 51 [external]) and the calls they are."""


def _procedure_calls(case: Mapping[str, Any]) -> dict[str, Any]:
    """Bridge declaring from the case's prose calls: "Z: pass (...)", "Y: hearts", "A: 'May I
    lead?'" ... each by the seat its letter names, in turn."""
    data = case["input"]
    law = laws.get(case["law_set"])
    seat_of = {
        data["dealer"]: _NORTH,
        data["eldest_hand"]: _EAST,
        data["dealer_partner"]: _SOUTH,
        data["third_adversary"]: _WEST,
    }
    letter_of: dict[Seat, str] = {s: str(letter) for letter, s in seat_of.items()}
    g = _game(case["law_set"])
    for line in data["calls"]:
        who, _, words = line.partition(":")
        spoken = normalise_phrase(re.sub(r"\(.*?\)", "", words))
        call = _TABLE_TALK.get(spoken) or law.declaration(spoken).symbol
        seat = seat_of[who.split()[0]]
        assert g.to_act is seat, f"{line!r}: {g.to_act} is to speak"
        g.call(call)
    assert not g.pending
    contract = g.contract
    assert contract is not None

    def named(seat: Seat) -> str:
        role = {"dealer", "eldest hand"} & _roles(g, seat)
        return letter_of[seat] + (f" ({role.pop()})" if role else "")

    return {
        "trump": law.declaration(contract.declaration).name,
        "doubling_level": contract.doublings,
        "player_of_combined_hands": named(contract.declarer),
        "dummy": named(contract.dummy),
        "opening_leader": named(contract.opening_leader),
    }


def _procedure_scenario(
    data: Mapping[str, Any],
) -> Callable[[Mapping[str, Any]], dict[str, Any]] | None:
    """The scenario for a procedure case's input shape: its event, or cuts, or calls."""
    if "event" in data:
        return _PROCEDURE_EVENTS.get(data["event"])
    if "cuts" in data:
        return _procedure_cuts
    if "cut_exposes" in data:
        return _procedure_cut_exposes
    if "calls" in data:
        return _procedure_calls
    return None


def check_procedure(case: Mapping[str, Any]) -> dict[str, Any]:
    """Run a procedure case through the engine (cutting, declaring or an irregularity)."""
    scenario = _procedure_scenario(case["input"])
    if scenario is None:
        raise NotImplementedError(f"no procedure scenario for {sorted(case['input'])}")
    return scenario(case)


CHECKERS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "hand_score": check_hand_score,
    "rubber": check_rubber,
    "duplicate_comparison": check_duplicate_comparison,
    "progressive_tally": check_progressive_tally,
    "settlement": check_settlement,
    "rubber_bonus": check_rubber_bonus,
    "spade_convention": check_spade_convention,
    "compulsory_declaration": check_compulsory_declaration,
    "bid_comparison": check_bid_comparison,
    "call_legality": check_call_legality,
    "declarer_determination": check_declarer_determination,
    "procedure": check_procedure,
}


def xfail_reason(case: Mapping[str, Any]) -> str | None:
    """Why a case cannot pass yet, or None. Decided by kind and input shape, never by id."""
    if case["kind"] == "procedure":
        if _procedure_scenario(case["input"]) is None:
            return f"no engine scenario for a procedure input of shape {sorted(case['input'])}"
        return None
    if isinstance(case["input"].get("hand"), str):
        return "prose-only case: its input cannot be computed from"
    return None


def assert_matches(actual: Any, expected: Any, path: str = "") -> None:
    """Compare every value in ``expected`` with ``actual``; extra keys in ``actual`` are fine.

    A :class:`Reading` in ``actual`` is compared with the words in ``expected`` through the
    agreed vocabulary."""
    if isinstance(actual, Reading):
        assert expected is not None, f"{path}: the engine gives {actual!r}, not nothing"
        assert actual.agrees_with(expected), (
            f"{path}: the engine gives {actual!r}, not {expected!r}"
        )
        return
    if isinstance(expected, Mapping):
        assert isinstance(actual, Mapping), f"{path}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{path}.{key}: not computed"
            assert_matches(actual[key], value, f"{path}.{key}")
    else:
        assert actual == expected, f"{path}: got {actual!r}, expected {expected!r}"


def load_cases(path: Path = PUBLIC_CASES_FILE, *, prefix: str = "") -> list[Any]:
    """The cases of one file of the format, as parameters of the per-case test."""
    cases = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(cases, list), f"{path}: a file of cases is a JSON list"
    params = []
    for case in cases:
        reason = xfail_reason(case)
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        params.append(pytest.param(case, id=f"{prefix}{case.get('id')}", marks=marks))
    return params


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """The per-case test runs on every case of the chosen files (see :func:`cases_files`)."""
    if metafunc.function.__name__ != "test_reference_case":
        return
    files = cases_files(metafunc.config)
    params = []
    for path in files:
        prefix = "" if files == [PUBLIC_CASES_FILE] else f"{path.stem}:"
        params += load_cases(path, prefix=prefix)
    metafunc.parametrize("case", params)


def test_reference_case(case: Mapping[str, Any]) -> None:
    """One case of a file of the format: its checker computes ``expected`` from ``input``,
    reading every field of ``input`` (an unknown field fails) and changing none."""
    unknown = sorted(set(case) - CASE_FIELDS)
    assert not unknown, f"{case.get('id')}: fields {unknown} are not in the format"
    missing = [f for f in REQUIRED_CASE_FIELDS if f not in case]
    assert not missing, f"{case.get('id')}: no {missing} field"
    original = copy.deepcopy(case)
    checker = CHECKERS.get(case["kind"])
    assert checker is not None, f"no checker for case kind {case['kind']!r}"
    data = Tracked(copy.deepcopy(case["input"]))
    actual = checker({**case, "input": data})
    unread = data.unread()
    assert not unread, (
        f"{case['id']}: the {case['kind']} checker does not read {unread}: a field the format "
        "does not define for this kind (or a checker that ignores it)"
    )
    assert_matches(actual, case["expected"], case["id"])
    assert case == original, "scoring mutated the case's input"


def test_tracked_input_names_the_fields_not_read() -> None:
    data = Tracked({"a": 1, "b": {"c": 2, "d": 3}, "e": [{"f": 4}], "g": {"h": 5}})
    assert data["a"] == 1
    assert data["b"]["c"] == 2
    assert "e" in data  # asking is not reading
    assert dict(data["g"]) == {"h": 5}  # iterating reads every field
    assert data.unread() == ["input.e", "input.b.d"]
    data.get("e")
    assert data.unread() == ["input.b.d", "input.e[0].f"]


def test_an_unknown_input_field_fails_the_case(tmp_path: Path) -> None:
    """The same test on another file of the format: a field its checker does not read fails."""
    cases = json.loads(PUBLIC_CASES_FILE.read_text(encoding="utf-8"))
    case = copy.deepcopy(next(c for c in cases if c["kind"] == "bid_comparison"))
    test_reference_case(case)
    case["input"]["previous_redoubled"] = True
    with pytest.raises(AssertionError, match=r"does not read .*previous_redoubled"):
        test_reference_case(case)
    case = copy.deepcopy(next(c for c in cases if c["kind"] == "hand_score"))
    case["input"]["honours"]["declarer_note"] = "x"
    with pytest.raises((AssertionError, RedoubleError)):
        test_reference_case(case)
    case = copy.deepcopy(next(c for c in cases if c["kind"] == "hand_score"))
    case["weight"] = 1
    with pytest.raises(AssertionError, match="not in the format"):
        test_reference_case(case)


def _public_case(case_id: str) -> dict[str, Any]:
    cases = json.loads(PUBLIC_CASES_FILE.read_text(encoding="utf-8"))
    return copy.deepcopy(next(c for c in cases if c["id"] == case_id))


def test_the_offenders_role_chooses_the_ruling() -> None:
    """AUC-P08 (Law 77: the declarer leads out of turn, no penalty) with the offender changed to
    the leader's partner is an adversary's lead out of turn (Law 76): a penalty, and the case's
    expectation no longer holds; AUC-P11 with the declarer revoking rules on him."""
    case = _public_case("AUC-P08")
    test_reference_case(case)
    case["input"]["offender"] = "leader's partner"
    penalty = check_procedure(case)["penalty"]
    assert isinstance(penalty, OptionsReading)
    assert penalty.kind is Irregularity.LEAD_OUT_OF_TURN
    assert penalty.options
    with pytest.raises(AssertionError, match="penalty"):
        test_reference_case(case)
    case["input"]["offender"] = "the cook"
    with pytest.raises(AssertionError, match="not a role"):
        check_procedure(case)
    case = _public_case("AUC-P11")
    case["input"]["offender"] = "declarer"
    assert check_procedure(case)["card_played_in_error"] is None  # not a defender's card
    case["input"]["offender"] = "leader"
    with pytest.raises(AssertionError, match="plays only"):
        check_procedure(case)


def test_an_auction_with_an_irregular_call_goes_through_the_lenient_game() -> None:
    """AUC-046 is Case 6: South's double of his partner's double is illegal (Law 54); the strict
    auction refuses it, the lenient game rules on it (no penalty, so no new deal for West's
    claim) and reaches the case's contract, six clubs doubled by West."""
    case = _public_case("AUC-046")
    calls = case["input"]["auction"]
    strict = Auction("auction_1912", Seat.NORTH)
    for _, words in calls[:-2]:
        strict.call(_spoken(laws.get("auction_1912"), words))
    assert calls[-2][0] == "S"
    with pytest.raises(RedoubleError):
        strict.call(_spoken(laws.get("auction_1912"), calls[-2][1]))
    g = _auction_game("auction_1912", calls, "N")
    assert [r.kind for r in g.rulings] == [Irregularity.ILLEGAL_DOUBLE]
    assert g.hand_number == 1  # the claim of a new deal had no ground
    assert g.contract is not None
    assert (g.contract.spec(), g.contract.declarer) == ("6CX", Seat.WEST)
    case["input"]["contract"]["declarer"] = "E"
    with pytest.raises(AssertionError, match="auction reaches"):
        check_hand_score(case)


def test_the_cases_file_can_be_chosen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one = tmp_path / "one.json"
    two = tmp_path / "two.json"
    cases = json.loads(PUBLIC_CASES_FILE.read_text(encoding="utf-8"))
    one.write_text(json.dumps(cases[:2]), encoding="utf-8")
    two.write_text(json.dumps(cases[2:3]), encoding="utf-8")
    monkeypatch.delenv(CASES_ENV, raising=False)
    assert cases_files() == [PUBLIC_CASES_FILE]
    monkeypatch.setenv(CASES_ENV, os.pathsep.join([str(one), str(two)]))
    assert cases_files() == [one, two]
    params = [p for f in cases_files() for p in load_cases(f, prefix=f"{f.stem}:")]
    assert [p.id for p in params] == [f"one:{cases[0]['id']}", f"one:{cases[1]['id']}",
                                       f"two:{cases[2]['id']}"]  # fmt: skip
    for p in params:
        test_reference_case(p.values[0])


# --------------------------------------------------------------------------------------------
# The public file's own wording. These tests read only tests/data/scoring_cases.json (never a
# file chosen with --scoring-cases): the agreed vocabulary is made from its cases' phrases,
# and it must stay the shared copy. The per-case test above runs on any file of the format.
#
# The agreed vocabulary: the library carries the seeds' words, the test data the cases'.
# --------------------------------------------------------------------------------------------

_CODES = ("auction_1912", "bridge_1906", "contract")


_OPTION_KINDS = ("procedure", "spade_convention")
"""The kinds of case whose ``expected`` may name options (Spade Convention II: the maker's)."""


def _case_phrases() -> dict[str, set[str]]:
    """Every string in the option-naming cases' ``expected`` (less a leading "<role> may"),
    normalised, with the ids of the cases it occurs in."""
    out: dict[str, set[str]] = {}

    def walk(value: Any, case_id: str) -> None:
        if isinstance(value, str):
            found = _ROLE_MAY.match(value.strip())
            out.setdefault(normalise_phrase(found.group(2) if found else value), set()).add(case_id)
        elif isinstance(value, Mapping):
            for v in value.values():
                walk(v, case_id)
        elif isinstance(value, list):
            for v in value:
                walk(v, case_id)

    for case in json.loads(PUBLIC_CASES_FILE.read_text(encoding="utf-8")):
        if case["kind"] in _OPTION_KINDS:
            walk(case["expected"], case["id"])
    return out


def _library_wordings() -> dict[str, str]:
    """The library's aliases and joint wordings (normalised) -> where they are."""
    out = dict.fromkeys(JOINT_WORDINGS, "JOINT_WORDINGS")
    for name in _CODES:
        for rule in code_for(name).rules.values():
            for o in rule.options:
                for alias in o.aliases:
                    out[normalise_phrase(alias)] = f"{name} {rule.kind.value} {o.code}"
    return out


def test_vocabulary_phrases_are_the_cases_own_and_not_the_librarys() -> None:
    phrases = _case_phrases()
    assert VOCABULARY
    for key, entry in VOCABULARY.items():
        assert set(entry.cases) == phrases.get(key, set()), (
            f"{entry.phrase!r}: used by {sorted(phrases.get(key, ()))}, not {entry.cases}"
        )
        for kind in entry.kinds:
            rules = [code_for(n).rules[kind] for n in _CODES if kind in code_for(n).rules]
            assert rules, f"{entry.phrase!r}: no code has a law on {kind.value}"
            assert any(entry.codes <= {o.code for o in r.options} for r in rules), entry.phrase
            for rule in rules:
                with pytest.raises(IrregularityError):  # the library does not know it
                    options_named(rule.options, entry.phrase)


def test_library_wordings_are_not_the_cases() -> None:
    phrases = _case_phrases()
    leaked = {k: where for k, where in _library_wordings().items() if k in phrases}
    assert not leaked, f"the library carries the cases' wording: {leaked}"


def test_library_wordings_are_the_seeds_own(shared_dir: Path) -> None:
    seeds = " ".join(
        normalise_phrase(p.read_text(encoding="utf-8"))
        for p in sorted((shared_dir / "seeds").glob("00[0-4]_*.txt"))
    )
    assert seeds
    for key, where in _library_wordings().items():
        assert f" {key} " in f" {seeds} ", f"{where}: {key!r} is not in the seeds' text"


def test_the_vocabulary_still_fails_what_the_engine_does_not_offer() -> None:
    rule = code_for("auction_1912").rules[Irregularity.PLAYED_BEFORE_TURN]
    kind = rule.kind
    case = [
        "play highest of suit led",
        "play lowest of suit led",
        "win the trick",
        "lose the trick",
    ]
    assert OptionsReading(rule.options[:4], kind).agrees_with(case)
    without_lose = tuple(o for o in rule.options if o.code != "lose")
    with pytest.raises(AssertionError, match="not offered"):
        OptionsReading(without_lose, kind).agrees_with(case)
    assert not OptionsReading(rule.options, kind).agrees_with(case)  # waive is not named
    with pytest.raises(AssertionError, match="vocabulary"):
        codes_named(rule.options, kind, "play a middling card")
    with pytest.raises(AssertionError, match="names no option"):  # another kind's wording
        codes_named(rule.options, kind, "compel dealer's partner to declare")
    corrected = code_for("auction_1912").rules[Irregularity.REVOKE_CORRECTED]
    joint = "require offender's highest or lowest card of the suit to that trick"
    assert codes_named(corrected.options, corrected.kind, joint) == {"highest", "lowest"}
    with pytest.raises(AssertionError, match="lowest"):
        codes_named(corrected.options[:2], corrected.kind, joint)
    seed_joint = "require the offender to play his highest or lowest card of the suit to the trick"
    with pytest.raises(AssertionError, match="also names lowest"):
        codes_named(corrected.options[:2], corrected.kind, seed_joint)


def test_every_kind_in_the_file_has_a_checker(pytestconfig: pytest.Config) -> None:
    for path in {PUBLIC_CASES_FILE, *cases_files(pytestconfig)}:
        kinds = {case["kind"] for case in json.loads(path.read_text(encoding="utf-8"))}
        assert kinds <= set(CHECKERS), path


def test_reference_file_is_the_shared_copy(shared_dir: Path) -> None:
    shared = (shared_dir / "reference" / "scoring_cases.json").read_bytes()
    assert shared == PUBLIC_CASES_FILE.read_bytes()


# --------------------------------------------------------------------------------------------
# Law 77: key rows transcribed by hand from the Law. The full table (all 2940 results, against
# the hand transcription in data/law77_table.json and against endplay) is checked in
# test_independent_scorers.py.
# --------------------------------------------------------------------------------------------


def _duplicate_score(level: int, strain: str, doubled: str, vulnerable: bool, tricks: int) -> int:
    result = score_hand(
        "contract",
        f"{level}{strain}{doubled}",
        "S",
        {"NS": tricks, "EW": 13 - tricks},
        vulnerable="NS" if vulnerable else "none",
    )
    return result.score_for(Side.NS)


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "score"),
    [
        ("1C", False, 7, 70),  # 20 + part score 50
        ("1NT", False, 8, 120),  # 40 + 30 overtrick + 50
        ("3NT", False, 9, 400),  # 100 + game 300
        ("3NT", True, 9, 600),  # 100 + game 500
        ("4H", True, 10, 620),
        ("5D", False, 11, 400),
        ("2SX", False, 8, 470),  # 120 + game 300 + 50 insult
        ("1NTX", True, 8, 380),  # 80 + 200 doubled overtrick + 50 + 50 part score
        ("1NTXX", False, 7, 560),  # 160 + game 300 + 100
        ("6S", False, 12, 980),  # 180 + 300 + 500
        ("7NT", True, 13, 2220),  # 220 + 500 + 1500
        ("4S", False, 8, -100),  # 2 down undoubled 50 each
        ("4SX", False, 6, -800),  # 100 + 200 + 200 + 300
        ("4SX", True, 6, -1100),  # 200 + 300 x 3
        ("3NTXX", False, 6, -1000),  # 200 + 400 + 400
        ("7NTX", False, 0, -3500),  # 100 + 200 + 200 + 300 x 10
    ],
)
def test_law77_rows_by_hand(contract: str, vulnerable: bool, tricks: int, score: int) -> None:
    spec = ContractSpec.parse("contract", contract)
    assert spec.level is not None
    doubled = "X" * spec.doublings
    assert (
        _duplicate_score(spec.level, spec.declaration.symbol, doubled, vulnerable, tricks) == score
    )


# --------------------------------------------------------------------------------------------
# IMPs and matchpoints (Law 78).
# --------------------------------------------------------------------------------------------

IMP_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, 9990, 24),
]  # fmt: skip
"""The IMP scale of Law 78B, transcribed by hand."""


@pytest.mark.parametrize(("low", "high", "expected"), IMP_TABLE)
def test_imp_scale(low: int, high: int, expected: int) -> None:
    for difference in range(low, high + 1, 10):
        assert imps(difference) == expected
        assert imps(-difference) == -expected


def test_imps_boundaries() -> None:
    assert imps(19) == 0
    assert imps(20) == 1
    assert imps(4000) == 24
    assert imps(100_000) == 24


def test_matchpoints() -> None:
    assert matchpoints([420, 450, 420, -50]) == (3, 6, 3, 0)
    assert matchpoint_percentages([420, 450, 420, -50]) == (50.0, 100.0, 50.0, 0.0)
    assert matchpoints([100]) == (0,)
    assert matchpoint_percentages([100]) == (50.0,)
    assert matchpoints([]) == ()


@given(st.lists(st.integers(-7600, 7600).map(lambda x: x * 10), min_size=1, max_size=20))
@settings(max_examples=50, deadline=None)
def test_matchpoints_sum_to_the_board_total(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)


# --------------------------------------------------------------------------------------------
# Properties.
# --------------------------------------------------------------------------------------------

HISTORICAL = ["BRIDGE_ELWELL_1906", "AUCTION_WCNY_1912", "BRIDGE_DUPLICATE", "BRIDGE_THREE_HANDED"]


@st.composite
def historical_hands(draw: st.DrawFn, names: tuple[str, ...] = tuple(HISTORICAL)) -> dict[str, Any]:
    """A random historical hand: law set, declaration, tricks, honours, voids and revokes."""
    name = draw(st.sampled_from(names))
    law = laws.get(name)
    decl = draw(st.sampled_from(law.declarations))
    level = None if law.play.max_level is None else draw(st.integers(1, 7))
    ns = draw(st.integers(0, 13))
    total = 4 if decl.is_notrump else 5
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=3, max_size=3)))
    counts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], total - cuts[2]]
    voids = (
        []
        if decl.is_notrump
        else [seat.letter for seat in Seat if counts[seat] == 0 and draw(st.booleans())]
    )
    if len(voids) == 4:
        voids = voids[:3]
    revokes = {"NS": draw(st.integers(0, 2)), "EW": draw(st.integers(0, 2))}
    declarer = draw(st.sampled_from("NESW"))
    defenders = "EW" if declarer in "NS" else "NS"
    election = None
    if isinstance(law.revoke, laws.PointsRevoke) and revokes[defenders]:
        election = draw(st.sampled_from(["tricks", "points"]))
    return {
        "law_set": name,
        "contract": f"{level or ''}{decl.symbol}",
        "declarer": declarer,
        "tricks": {"NS": ns, "EW": 13 - ns},
        "honours": {seat.letter: counts[seat] for seat in Seat},
        "trump_void_seats": voids,
        "revokes": revokes,
        "revoke_election": election,
    }


@given(historical_hands(), st.integers(1, 3))
@settings(max_examples=150, deadline=None)
def test_doubling_never_changes_honours_chicane_or_slam(hand: dict[str, Any], extra: int) -> None:
    law = laws.get(hand["law_set"])
    limit = law.doubling.max_doublings
    doublings = extra if limit is None else min(extra, limit)
    plain = score_hand(**hand)
    doubled = score_hand(**{**hand, "contract": hand["contract"] + "X" * doublings})
    for item in ("honours", "chicane", "slam"):
        assert getattr(plain.breakdown, item) == getattr(doubled.breakdown, item), item


@given(historical_hands())
@settings(max_examples=150, deadline=None)
def test_hand_score_invariants(hand: dict[str, Any]) -> None:
    original = copy.deepcopy(hand)
    result = score_hand(**hand)
    assert hand == original
    after = result.tricks_after_revoke_penalty
    assert after.ns + after.ew == 13
    assert min(after.ns, after.ew) >= 0
    assert result.trick_score.ns == 0 or result.trick_score.ew == 0
    assert result.honour_column.ns >= 0
    assert result.honour_column.ew >= 0
    both_revoked = hand["revokes"]["NS"] and hand["revokes"]["EW"]
    if hand["law_set"] == "AUCTION_WCNY_1912" and both_revoked:
        # 1912 law 89: when both sides revoke no side scores trick points.
        assert result.trick_score.ns == result.trick_score.ew == 0
        assert result.contract_made is None


@given(historical_hands(("AUCTION_WCNY_1912",)), st.integers(0, 2))
@settings(max_examples=100, deadline=None)
def test_revoking_side_scores_only_honours_and_chicane_in_auction(
    hand: dict[str, Any], doublings: int
) -> None:
    hand = {**hand, "contract": hand["contract"] + "X" * doublings}
    result = score_hand(**hand)
    both = hand["revokes"]["NS"] and hand["revokes"]["EW"]
    for side in ("NS", "EW"):
        if hand["revokes"][side]:
            assert result.trick_score[side] == 0
            for item in ("slam", "undertricks", "doubled_bonus"):
                assert getattr(result.breakdown, item)[side] == 0, item
            # Law 89: with both revoking, 100 per extra revoke still goes to the other side.
            extra = 100 * max(0, hand["revokes"]["EW" if side == "NS" else "NS"] - 1)
            assert result.breakdown.revoke_penalty[side] == (extra if both else 0)


@given(st.integers(0, 13), st.sampled_from(["C", "D", "H", "S", "NT"]), st.integers(1, 7))
@settings(max_examples=100, deadline=None)
def test_contract_redoubled_undertricks_are_twice_doubled(
    tricks: int, strain: str, level: int
) -> None:
    if tricks >= 6 + level:
        return
    for vulnerable in ("none", "NS"):
        doubled = score_hand(
            "contract", f"{level}{strain}X", "N", (tricks, 13 - tricks), vulnerable=vulnerable
        )
        redoubled = score_hand(
            "contract", f"{level}{strain}XX", "N", (tricks, 13 - tricks), vulnerable=vulnerable
        )
        assert redoubled.honour_column.ew == 2 * doubled.honour_column.ew


def test_honours_from_the_deal_match_explicit_counts() -> None:
    deal_module = pytest.importorskip("redouble.deal")
    deal = deal_module.Deal.from_pbn(
        "N:AKQJ.AK2.432.432 T98.QJT9.AKQ.AKQ 765.876.JT98.JT9 432.543.765.8765"
    )
    from_deal = score_hand("auction_1912", "1S", "N", (7, 6), deal=deal)
    explicit = score_hand("auction_1912", "1S", "N", (7, 6), honours={"N": 4, "E": 1})
    assert from_deal.breakdown == explicit.breakdown
    nt = score_hand("auction_1912", "1NT", "N", (7, 6), deal=deal)
    assert nt.breakdown.honours.to_dict() == {"NS": 0, "EW": 0}  # aces two and two
    clubs = score_hand("bridge_1906", "C", "N", (7, 6), deal=deal)
    assert clubs.breakdown.honours.to_dict() == {"NS": 0, "EW": 8}  # E: A K Q, S: J 10


def test_chicane_and_double_chicane_from_the_deal() -> None:
    deal_module = pytest.importorskip("redouble.deal")
    # N and S hold no hearts; W no spades; E no diamonds.
    deal = deal_module.Deal.from_pbn(
        "N:AKQJT..AKQJT.AKQ 98765.AKQJT9..JT 432..98765.98765 .8765432.432.432"
    )
    hearts = score_hand("bridge_1906", "H", "E", (0, 13), deal=deal)
    assert hearts.breakdown.honours.ew == 10 * 8  # E: five in one hand
    assert hearts.breakdown.chicane.ew == -4 * 8  # double chicane deducted
    spades = score_hand("bridge_1906", "S", "N", (13, 0), deal=deal)
    assert (spades.breakdown.honours.ns, spades.breakdown.chicane.ns) == (10 * 2, -2 * 2)
    clubs = score_hand("auction_1912", "1C", "N", (13, 0), deal=deal)
    assert clubs.breakdown.honours.ns == 2 * 6
    assert clubs.breakdown.chicane.to_dict() == {
        "NS": 0,
        "EW": 0,
    }


# --------------------------------------------------------------------------------------------
# Bad input.
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"law_set": "whist_1890"}, "unknown law set"),
        ({"contract": "8H"}, "level 8 is out of range"),
        ({"contract": "0H"}, "level 0 is out of range"),
        ({"contract": "H"}, "needs a level"),
        ({"contract": "2Q"}, "no declaration"),
        ({"contract": "2HXXX"}, "3 doublings"),
        ({"contract": ""}, "cannot read a contract"),
        ({"tricks": {"NS": -1, "EW": 14}}, "negative"),
        ({"tricks": {"NS": 7, "EW": 7}}, "add up to 13"),
        ({"tricks": (7,)}, "two values"),
        ({"tricks": {"NS": 7.0, "EW": 6}}, "integer"),
        ({"tricks": {"XY": 7, "EW": 6}}, "not a side"),
        ({"declarer": "Q"}, "not a seat"),
        ({"honours": {"N": 3, "E": 3}}, "only 5"),
        ({"honours": {"N": 6, "S": -1}}, "0 to 5"),
        ({"honours": {"N": 5}, "trump_void_seats": ["N"]}, "void of trumps but holds"),
        ({"trump_void_seats": ["N", "E", "S", "W"]}, "all four"),
        ({"revokes": {"NS": -1}}, "negative"),
        ({"revokes": {"EW": 1}}, "revoke_election must be"),
        ({"revoke_election": "tricks"}, "only when a defender revoked"),
        ({"revoke_election": "maybe"}, "'tricks' or 'points'"),
        ({"prior_trick_score": {"NS": 30}}, "not below game"),
        ({"dealer_original_one_spade": True}, "cannot be 2H"),
        ({"dealer_original_one_spade": True, "contract": "2S"}, "cannot be 2S"),
        ({"vulnerable": "sometimes"}, "not a vulnerability"),
    ],
)
def test_bad_input_raises_a_value_error_naming_it(arguments: dict[str, Any], message: str) -> None:
    base: dict[str, Any] = {
        "law_set": "auction_1912",
        "contract": "2H",
        "declarer": "N",
        "tricks": (8, 5),
    }
    with pytest.raises(RedoubleError, match=message) as info:
        score_hand(**{**base, **arguments})
    assert isinstance(info.value, ValueError)
    expected = laws.LawSetError if "law_set" in arguments else ScoringInputError
    assert isinstance(info.value, expected)


@pytest.mark.parametrize(
    ("law_set", "contract", "message"),
    [
        ("bridge_1906", "2H", "no levels"),
        ("bridge_1906", "NTXXXXXXXX", None),  # unlimited doubling (Bridge (Elwell, 1906), Law 50)
        ("contract", "1R", "no declaration"),
        ("contract", "7NTXXX", "3 doublings"),
        ("contract_rubber", "1NT", None),
    ],
)
def test_contract_checks_per_law_set(law_set: str, contract: str, message: str | None) -> None:
    if message is None:
        score_hand(law_set, contract, "N", (7, 6))
    else:
        with pytest.raises(ScoringInputError, match=message):
            score_hand(law_set, contract, "N", (7, 6))


def test_revoke_arguments_per_law_set() -> None:
    with pytest.raises(ScoringInputError, match="three tricks"):
        score_hand("bridge_1906", "H", "N", (7, 6), revokes={"EW": 1}, revoke_election="points")
    with pytest.raises(ScoringInputError, match="give revoke_tricks"):
        score_hand("contract", "4H", "N", (10, 3), revokes={"EW": 1})
    with pytest.raises(ScoringInputError, match="Law 64A allows 0 to 2"):
        score_hand("contract", "4H", "N", (10, 3), revokes={"EW": 1}, revoke_tricks={"EW": 3})
    result = score_hand("contract", "4H", "N", (9, 4), revokes={"EW": 1}, revoke_tricks={"EW": 1})
    assert result.contract_made
    assert result.tricks_after_revoke_penalty.ns == 10


def test_explicit_honours_and_the_deal_are_exclusive() -> None:
    deal_module = pytest.importorskip("redouble.deal")
    deal = deal_module.Deal.from_pbn(
        "N:AKQJ.AK2.432.432 T98.QJT9.AKQ.AKQ 765.876.JT98.JT9 432.543.765.8765"
    )
    with pytest.raises(ScoringInputError, match="not both"):
        score_hand("auction_1912", "1S", "N", (7, 6), deal=deal, honours={"N": 5})


def test_input_mappings_are_not_mutated() -> None:
    tricks = {"NS": 9, "EW": 4}
    honours = {"N": 2, "S": 2, "E": 1}
    revokes = {"NS": 0, "EW": 1}
    voids = ["W"]
    snapshot = copy.deepcopy((tricks, honours, revokes, voids))
    score_hand(
        "auction_1912",
        "2HX",
        "N",
        tricks,
        honours=honours,
        revokes=revokes,
        trump_void_seats=voids,
        revoke_election="tricks",
    )
    assert (tricks, honours, revokes, voids) == snapshot


def test_progressive_tally_rejects_other_law_sets() -> None:
    with pytest.raises(ScoringInputError):
        ProgressiveTally("auction_1912")
    tally = ProgressiveTally()
    with pytest.raises(ScoringInputError, match="scored under"):
        tally.add(score_hand("auction_1912", "1H", "N", (7, 6)))


def test_settlement_split_flag() -> None:
    law = laws.get("bridge_three_handed", three_handed_settlement="split")
    settlement = settle_three_handed(law, 312, 190)
    assert settlement.net_to_solo == 122
    assert dict(settlement.payments) == {"B": 61, "C": 61}
    with pytest.raises(ScoringInputError):
        settle_three_handed("auction_1912", 1, 0)


@pytest.mark.parametrize("name", ["redouble.scoring", "redouble.laws"])
def test_docstring_examples(name: str) -> None:
    import doctest
    import importlib

    failures, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert tried > 0
    assert failures == 0


@pytest.mark.parametrize(("law", "contract"), [("auction_1912", "2H"), ("bridge_1906", "H")])
def test_a_side_vulnerable_is_refused_where_the_law_set_has_no_vulnerability(
    law: str, contract: str
) -> None:
    # Only contract bridge's premiums depend on vulnerability: elsewhere it was ignored.
    with pytest.raises(ScoringInputError, match=r"^vulnerable: .*has no vulnerability"):
        score_hand(law, contract, "N", (9, 4), vulnerable="NS")
    # Nobody vulnerable claims nothing (and is what a generic caller passes).
    for nobody in (None, "None", frozenset()):
        assert score_hand(law, contract, "N", (9, 4), vulnerable=nobody).vulnerable == frozenset()


def test_contract_bridge_still_scores_vulnerability() -> None:
    hand = score_hand("contract", "4S", "N", (10, 3), vulnerable="NS")
    assert hand.vulnerable == frozenset({Side.NS})
    assert hand.score_for("NS") == 620


def test_honours_and_voids_are_refused_where_the_law_set_scores_none() -> None:
    # Duplicate contract bridge scores neither: explicit honours or voids were ignored.
    with pytest.raises(ScoringInputError, match=r"^honours: .*scores no honours"):
        score_hand("contract", "4S", "N", (10, 3), honours={"N": 4})
    with pytest.raises(ScoringInputError, match=r"^trump_void_seats: .*scores no chicane"):
        score_hand("contract", "4S", "N", (10, 3), trump_void_seats=["E"])
    # None held claims nothing; a deal is taken under any law set (a game passes its own),
    # here one where West holds every trump and the other three are void.
    assert score_hand("contract", "4S", "N", (10, 3), honours={"N": 0}).score_for("NS") == 420
    deal = Deal.from_index(0)
    assert score_hand("contract", "4S", "N", (10, 3), deal=deal).score_for("NS") == 420
    # Where they are scored they are still taken.
    assert (
        score_hand("contract_rubber", "4S", "N", (10, 3), honours={"N": 4}).honour_column.ns == 100
    )
    voids = score_hand("auction_1912", "2S", "N", (8, 5), trump_void_seats=["E"], honours={"N": 5})
    assert voids.breakdown.to_dict()["chicane"] != {"NS": 0, "EW": 0}


def test_an_auction_rubber_scores_the_hand_after_a_game() -> None:
    # The rubber passed the sides with a game as vulnerable under every law set; under one
    # with no vulnerability that is now refused, so it passes them only where they count.
    rubber = Rubber("auction_1912")
    rubber.score_hand("4R", "N", (10, 3))  # Royal Spades, 4 x 9 = 36: game for NS
    assert rubber.games == PerSide(1, 0)
    assert rubber.score_hand("1H", "E", (7, 6)).vulnerable == frozenset()


def test_matchpoints_name_the_bad_score() -> None:
    with pytest.raises(TypeError, match=r"^scores must be a sequence of integers, not NoneType"):
        matchpoints(None)  # type: ignore[arg-type]
    with pytest.raises(ScoringInputError, match=r"^scores\[1\] must be an integer"):
        matchpoints([1, "x"])  # type: ignore[list-item]


# A user audit: two spellings of one seat or side, where the last replaced the first in silence.
def test_score_hand_refuses_two_spellings_of_one_seat_or_side() -> None:
    tricks = {"NS": 7, "EW": 6}
    with pytest.raises(ScoringInputError, match=r"honours: N given twice \('N' and 'north'\)"):
        score_hand("auction_1912", "1S", "N", tricks, honours={"N": 2, "north": 3})
    with pytest.raises(ScoringInputError, match=r"honours: N given twice"):
        score_hand("auction_1912", "1S", "N", tricks, honours={"north": 3, Seat.NORTH: 2})
    with pytest.raises(ScoringInputError, match=r"tricks: NS given twice \('NS' and 'ns'\)"):
        score_hand("contract", "1S", "N", {"NS": 7, "ns": 6})
    with pytest.raises(ScoringInputError, match=r"revokes: EW given twice"):
        PerSide.of({"EW": 1, "ew": 0}, "revokes")
    # One spelling of each is as before.
    held = score_hand("auction_1912", "1S", "N", tricks, honours={"north": 3, "S": 1})
    assert held.honour_column == score_hand("auction_1912", "1S", "N", tricks, honours={"N": 3, "S": 1}).honour_column  # fmt: skip


def test_a_board_by_board_score_sheet_numbers_the_boards_from_one() -> None:
    from redouble import laws
    from redouble.cards import Seat
    from redouble.scoring import ledger_for

    ledger = ledger_for(laws.get("contract"), first_dealer=Seat.NORTH, boards=2)
    ledger.score_hand("3NT", "N", (9, 4))
    ledger.score_hand("4S", "E", (3, 10))
    rows = ledger.score_sheet().splitlines()
    assert [row.split()[0] for row in rows] == ["Board", "1", "2", "Total"]


def test_progressive_players_must_be_strings() -> None:
    from redouble.scoring import ProgressiveSession

    with pytest.raises(TypeError, match="players must be strings"):
        ProgressiveSession(tables=1, hands_per_round=1, players=[1, 2, 3, 4])  # type: ignore[list-item]


def test_compare_tables_of_a_score_read_back_from_json() -> None:
    # A score saved and read back names its law set with a new str: the two tables are still
    # under the same law set (compared by value, not identity).
    played = score_hand("contract", "4S", "N", (10, 3))
    again = HandScore.from_json(played.to_json())
    assert again.law_set == played.law_set
    assert again.law_set is not played.law_set  # equal, not the same object
    assert compare_tables(played, again).team_a_net == 0
    with pytest.raises(ScoringInputError, match="same law set"):
        compare_tables(played, score_hand("auction_1912", "4S", "N", (10, 3)))


@pytest.mark.parametrize(
    ("seat", "expected"), [(0, Seat.NORTH), (3, Seat.WEST), (np.int64(2), Seat.SOUTH)]
)
def test_a_declarer_given_by_number(seat: Any, expected: Seat) -> None:
    assert score_hand("contract", "4S", seat, (10, 3)).declarer is expected


@pytest.mark.parametrize("seat", [-1, 4, True])
def test_a_declarer_number_out_of_range_is_refused(seat: Any) -> None:
    with pytest.raises(ScoringInputError, match="declarer: not a seat"):
        score_hand("contract", "4S", seat, (10, 3))


def test_tricks_of_a_wrong_type_name_the_argument() -> None:
    with pytest.raises(TypeError, match=r"^tricks must be a pair \(NS, EW\)"):
        score_hand("contract", "4S", "N", 10)  # type: ignore[arg-type]


def test_tricks_not_adding_up_to_13_say_their_sum() -> None:
    with pytest.raises(ScoringInputError, match=r"^tricks must add up to 13, not 12: "):
        score_hand("contract", "4S", "N", (10, 2))
