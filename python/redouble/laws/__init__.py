"""Law sets: the rules of each code of bridge, held as data with a citation for every value.

A :class:`LawSet` is a frozen bundle of rule objects (trick values, honours, chicane, slams,
undertricks, doubled bonuses, revoke penalties, games and rubbers, procedure data). It holds no
logic beyond lookups: :mod:`redouble.scoring` is the only place that turns a law set into
scores. Rules that differ in procedure are selected by the *type* of the rule object a law set
carries (for instance :class:`TrickTransferRevoke` or :class:`PointsRevoke`), never by the law
set's name.

Every rule object has a ``sources`` mapping from each of its field names to the citation that
justifies the value (the code and law as a reader finds them, another period text where ours
is silent, or ``[redouble's decision]`` with the name of the flag that controls it).

Use :func:`get` to obtain a law set by name or alias, and :func:`available` to list them::

    >>> from redouble import laws
    >>> laws.get("auction_1912").declaration("R").trick_value
    9
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from redouble._check import CheckedEnumType, shown
from redouble._jsondoc import JsonDocument
from redouble.cards import Strain
from redouble.errors import LawSetError, LawSetTypeError

__all__ = [
    "BidOrder",
    "ChicagoRules",
    "ChicaneRules",
    "CompulsoryDummyRules",
    "ContractPremiums",
    "CuttingRules",
    "DealingRules",
    "Declaration",
    "DeclarerRule",
    "DoubledBonusRules",
    "DoublingRules",
    "Flags",
    "GameRules",
    "HonoursRules",
    "Law64Revoke",
    "LawSet",
    "LawSetError",
    "OneSpadeLimit",
    "PlayRules",
    "PointsRevoke",
    "RevokeRule",
    "RubberRules",
    "SlamRules",
    "SpadeConvention",
    "TallyRules",
    "TrickScoring",
    "TrickTransferRevoke",
    "UndertrickRules",
    "available",
    "get",
]


# --------------------------------------------------------------------------------------------
# Flags: the points no text settles, with their documented defaults.
# --------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class Flags:
    """Named switches for the points no source settles (redouble's decisions), defaults first.

    Each flag is read by the builder of the law sets it concerns and turned into rule data;
    change one with :meth:`LawSet.with_flags` or ``laws.get(name, flag=value)``.
    """

    partscore_reset_on_game: bool = True
    """A game won by either side stops both sides' part-scores counting toward the next game."""
    bridge_max_doublings: int | None = None
    """Bridge: most doublings allowed (None: "and so on" without limit, Bridge (Elwell, 1906), Laws 50-54)."""
    bridge_honour_units: tuple[int, int, int, int, int, int] = (2, 4, 5, 8, 9, 10)
    """Bridge honours in trick values: 3, 4 and 5 divided; 4 in one hand, 4 + 5th, 5 in one."""
    chicane_both_sides: str = "independent"
    """Chicane on both sides at once: "independent" applies both adjustments."""
    bridge_revoke_transfer_limit: str = "tricks_held"
    """Bridge: a revoking side can lose only the tricks it holds ("tricks_held")."""
    bridge_both_revoke_cap: int = 28
    """Bridge: when both sides revoke, each is held to this score toward game."""
    bridge_exposed_card_def: str = "auction1912"
    """Bridge: which definition of an exposed card fills the missing laws (Auction Laws 68-69)."""
    spade_convention_unplayed_score: int = 0
    """Bridge spade convention: what is scored when a spade make is not played (the text does
    not say): points entered on the trick score of the maker's side; 0, nothing, by default."""
    three_handed_settlement: str = "each_adversary_full"
    """Three-handed: each adversary settles the full difference ("each_adversary_full") or
    half of it ("split")."""
    duplicate_netting: str = "team_of_four"
    """Duplicate Bridge: a team sits NS at one table and EW at the other on the same deal."""
    progressive_credit: str = "side_points"
    """Progressive Bridge: each player is credited with his side's points won and lost."""
    one_spade_cap_includes_revoke: bool = False
    """Auction Law 48: the 100 limit also covers revoke penalties (False: undertricks only)."""
    slam_requires_contract: bool = False
    """Auction Laws 7-8: the declarer's side scores slam only when its contract is made."""
    revoke_bonus_basis: str = "tricks_in_play"
    """Auction Law 84 (b): doubled bonus from tricks won in play ("tricks_in_play") or never once
    penalty tricks are taken ("none")."""
    both_revoke_allow_nt_aces: bool = True
    """Auction Law 89: when both sides revoke, aces at no-trump still score as honours."""
    law46_applies_to_nt: bool = True
    """Auction Law 46 (partner first bid the winning suit plays) applies to no-trump too."""
    bridge_1907_dealing: bool = False
    """Bridge: use the 1907 text of the dealing laws (Elwell, 1907), which adds new-deal ground (g)."""
    spade_convention_agreed: bool = False
    """Bridge (Elwell, 1906), "Spade Convention": the players agree "not to play spades", so
    that an undoubled spade make is played only when a side has 20 or more toward game (the
    law set's ``spade_convention`` is None unless they agree)."""

    def __post_init__(self) -> None:
        self._check_types()
        choices = {
            "chicane_both_sides": ("independent",),
            "bridge_revoke_transfer_limit": ("tricks_held",),
            "bridge_exposed_card_def": ("auction1912",),
            "three_handed_settlement": ("each_adversary_full", "split"),
            "duplicate_netting": ("team_of_four",),
            "progressive_credit": ("side_points",),
            "revoke_bonus_basis": ("tricks_in_play", "none"),
        }
        for name, allowed in choices.items():
            value = getattr(self, name)
            if value not in allowed:
                raise LawSetError(f"flag {name}={shown(value)} is not one of {allowed}")
        if self.bridge_max_doublings is not None and self.bridge_max_doublings < 0:
            raise LawSetError("flag bridge_max_doublings must be None or >= 0")
        if len(self.bridge_honour_units) != 6:
            raise LawSetError("flag bridge_honour_units needs six values")
        for name in ("bridge_both_revoke_cap", "spade_convention_unplayed_score"):
            if getattr(self, name) < 0:
                raise LawSetError(f"flag {name} must be >= 0, got {shown(getattr(self, name))}")

    def _check_types(self) -> None:
        """A flag of the wrong type is a TypeError naming it (a list of six ints, as JSON
        gives the honour units back, becomes a tuple)."""

        def is_int(value: object) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            kind = str(field.type)
            if kind.startswith("tuple["):
                if isinstance(value, list | tuple) and all(is_int(v) for v in value):
                    object.__setattr__(self, field.name, tuple(value))
                    continue
                ok = False
            elif kind == "int | None":
                ok = value is None or is_int(value)
            elif kind == "int":
                ok = is_int(value)
            elif kind == "bool":
                ok = isinstance(value, bool)
            elif kind == "str":
                ok = isinstance(value, str)
            else:  # pragma: no cover - a flag of a new type must be added above
                raise AssertionError(f"flag {field.name}: no type check for {kind}")
            if not ok:
                raise TypeError(f"flag {field.name} must be {kind}, not {type(value).__name__}")


# --------------------------------------------------------------------------------------------
# Rule objects. Each carries ``sources``: field name -> citation.
# --------------------------------------------------------------------------------------------


class _FrozenMap(Mapping[Any, Any]):
    """A read-only, hashable mapping, so that rule objects and law sets stay hashable."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[Any, Any]) -> None:
        self._data = MappingProxyType(dict(data))
        self._hash: int | None = None

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._data) == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return repr(dict(self._data))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_FrozenMap, (dict(self._data),))  # a mappingproxy does not pickle


def _freeze(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return mapping if isinstance(mapping, _FrozenMap) else _FrozenMap(mapping)


@dataclasses.dataclass(frozen=True, kw_only=True)
class _Rule:
    """Base of the rule objects: checks that every field has a citation in ``sources``."""

    sources: Mapping[str, str] = dataclasses.field(compare=False, repr=False)

    def __post_init__(self) -> None:
        missing = [
            f.name
            for f in dataclasses.fields(self)
            if f.name != "sources" and not self.sources.get(f.name)
        ]
        if missing:
            raise LawSetError(f"{type(self).__name__}: no citation for {', '.join(missing)}")
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Mapping) and f.name != "sources":
                object.__setattr__(self, f.name, _freeze(value))
        object.__setattr__(self, "sources", _freeze(self.sources))

    def cite(self, field_name: str) -> str:
        """Return the citation for one field.

        Raises:
            LawSetError: the rule object has no such field.
        """
        try:
            return self.sources[field_name]
        except KeyError:
            raise LawSetError(f"{type(self).__name__} has no field {shown(field_name)}") from None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Declaration:
    """A declaration a law set allows (a suit, Royal Spades, no-trump) and its trick value.

    ``strain`` is the play strain the solver knows; Auction Bridge (1912)'s Royal Spades plays as
    spades. ``trick_value`` is the undoubled value of each trick over six;
    ``first_trick_value`` differs only for contract bridge no-trump (40, then 30).
    """

    symbol: str
    name: str
    strain: Strain
    trick_value: int
    source: str
    first_trick_value: int | None = None
    aliases: tuple[str, ...] = ()

    @property
    def is_notrump(self) -> bool:
        """Whether this declaration is played without a trump suit."""
        return self.strain == Strain.NOTRUMP

    def value_of_trick(self, index: int) -> int:
        """Undoubled value of the ``index``-th trick over six (0-based)."""
        if index == 0 and self.first_trick_value is not None:
            return self.first_trick_value
        return self.trick_value


class TrickScoring(enum.Enum, metaclass=CheckedEnumType):
    """Who scores the tricks toward game."""

    MAJORITY = "majority"
    """Bridge: the side winning more than six tricks scores every trick over six."""
    DECLARER_IF_MADE = "declarer_if_made"
    """Auction Bridge (1912), Law 47: the declarer, only if he makes his declaration, all tricks
    over six."""
    CONTRACTED_TRICKS = "contracted_tricks"
    """Contract bridge: the declarer, only the tricks bid; overtricks go above the line."""


class BidOrder(enum.Enum, metaclass=CheckedEnumType):
    """How one bid is compared with another."""

    NONE = "none"
    """No bidding (Bridge: the dealer makes the trump or passes it to his partner)."""
    VALUE_THEN_LEVEL = "value_then_level"
    """Auction Bridge (1912), Law 44: by level x trick value; equal values go to the larger number
    of tricks."""
    LEVEL_THEN_DECLARATION = "level_then_declaration"
    """Contract bridge: by level, then by the order of the declarations (C < D < H < S < NT)."""


class DeclarerRule(enum.Enum, metaclass=CheckedEnumType):
    """Who plays the combined hands."""

    DEALER = "dealer"
    """Bridge: the dealer, whichever partner named the trump (Bridge (Elwell, 1906), Law 61)."""
    FIRST_TO_NAME_DECLARATION = "first_to_name_declaration"
    """The member of the final bidder's side who first named the final declaration."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class DoublingRules(_Rule):
    """How far a declaration may be doubled and who may double.

    Each doubling multiplies the trick value by ``multiplier`` (x2, x4, x8 ...).
    """

    max_doublings: int | None
    multiplier: int
    doublers: str
    may_double_partner: bool
    reopens_bidding: bool
    dealer_who_saw_dummy_may_redouble: bool


@dataclasses.dataclass(frozen=True, kw_only=True)
class HonoursRules(_Rule):
    """Honours: which holdings score and how much.

    ``trump`` and ``notrump`` map ``(honours held by the side, most held in one hand)`` to a
    value. With ``trump_scale == "trick_value"`` a trump value is in units of the undoubled
    trick value of the declaration (the historical tables); with ``"points"`` it is in points
    (contract bridge). No-trump values (aces) are always points.
    """

    trump: Mapping[tuple[int, int], int]
    notrump: Mapping[tuple[int, int], int]
    trump_scale: str
    credited_to: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class ChicaneRules(_Rule):
    """Chicane (a hand void of trumps) and double chicane, in units of the trick value.

    A single chicane adds ``single_units`` to its side's honours if that side scores honours,
    otherwise deducts them from the adversaries'. A double chicane deducts ``double_units``
    from the adversaries' honours.
    """

    single_units: int
    double_units: int
    both_sides: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class SlamRules(_Rule):
    """Historical slams: fixed points to the side winning 12 or 13 tricks in play.

    Tricks gained by a revoke penalty never count; with ``requires_contract`` the declarer's
    side scores slam only when it makes its contract.
    """

    grand: int
    little: int
    either_side: bool
    requires_contract: bool
    revoking_side_barred: bool


@dataclasses.dataclass(frozen=True, kw_only=True)
class OneSpadeLimit(_Rule):
    """Auction Bridge (1912), Law 48: the loss on the dealer's original One Spade is limited."""

    cap: int
    void_if_redoubled: bool
    includes_revoke: bool


@dataclasses.dataclass(frozen=True, kw_only=True)
class UndertrickRules(_Rule):
    """Points to the adversaries for each trick short of the contract.

    ``schedule[(vulnerable, doublings)]`` lists the value of the 1st, 2nd, 3rd ... undertrick;
    the last entry repeats.
    """

    schedule: Mapping[tuple[bool, int], tuple[int, ...]]
    one_spade_limit: OneSpadeLimit | None


@dataclasses.dataclass(frozen=True, kw_only=True)
class DoubledBonusRules(_Rule):
    """Bonus for making a doubled or redoubled contract, by number of doublings.

    The bonus is ``base[d] + per_overtrick[d] * overtricks``.
    """

    base: Mapping[int, int]
    per_overtrick: Mapping[int, int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrickTransferRevoke(_Rule):
    """Bridge revoke: tricks move from the revoking side to the adversaries."""

    tricks_per_revoke: int
    max_total_tricks: int
    transfer_limit: str
    revoking_side_game_cap: int
    both_revoke_game_cap: int
    penalty_tricks_count_for_slam: bool


@dataclasses.dataclass(frozen=True, kw_only=True)
class PointsRevoke(_Rule):
    """Auction Bridge (1912) revoke: points in the honour column, or three tricks at the declarer's
    choice.

    The revoking side scores only honours and chicane; when both sides revoke only honours
    and chicane score, plus ``extra_revoke_points`` for each further revoke by one side.
    """

    declarer_side_points: int
    defender_points: int
    defender_tricks: int
    extra_revoke_points: int
    penalty_tricks_earn_bonus: str
    penalty_tricks_count_for_slam: bool
    both_revoke_allow_nt_aces: bool


@dataclasses.dataclass(frozen=True, kw_only=True)
class Law64Revoke(_Rule):
    """Contract bridge revoke (2017 Laws, Law 64): tricks transferred after play.

    How many tricks move (one or two per revoke) depends on who won the revoke trick and later
    tricks, so the caller supplies the count; transferred tricks score as if won in play.
    """

    max_tricks_per_revoke: int


RevokeRule = TrickTransferRevoke | PointsRevoke | Law64Revoke
"""The revoke rules a law set may carry; :mod:`redouble.scoring` dispatches on the type."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class GameRules(_Rule):
    """Games: points toward game needed, and what happens to part-scores after a game."""

    threshold: int
    partscore_reset_on_game: bool
    single_game_bonus: int | None


@dataclasses.dataclass(frozen=True, kw_only=True)
class RubberRules(_Rule):
    """Rubbers: best of ``games_to_win * 2 - 1`` games and the bonus to the winners.

    ``bonus`` maps the loser's number of games to the bonus (250/250 in Auction Bridge (1912),
    700/500 in contract bridge). ``unfinished_game`` and ``unfinished_partscore`` are the
    contract-bridge premiums for an unfinished rubber (None where the law set has none).
    """

    games_to_win: int
    bonus: Mapping[int, int]
    unfinished_game: int | None
    unfinished_partscore: int | None


@dataclasses.dataclass(frozen=True, kw_only=True)
class ContractPremiums(_Rule):
    """Contract bridge premiums (2017 Laws, Law 77), by vulnerability where they differ.

    Dicts keyed by ``False``/``True`` are (not vulnerable, vulnerable). ``part_score`` and
    ``game`` are None where the form of scoring does not give them per deal (rubber bridge).
    """

    part_score: int | None
    game: Mapping[bool, int] | None
    small_slam: Mapping[bool, int]
    grand_slam: Mapping[bool, int]
    doubled_overtrick: Mapping[bool, int]


@dataclasses.dataclass(frozen=True, kw_only=True)
class ChicagoRules(_Rule):
    """Chicago (four-deal bridge): vulnerability by deal, game bonuses, fourth-deal part-score.

    ``vulnerability[i]`` says who is vulnerable on deal ``i + 1``: "none", "dealer" (the
    dealer's side) or "both".
    """

    deals: int
    vulnerability: tuple[str, ...]
    game_bonus: Mapping[bool, int]
    last_deal_partscore_bonus: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class TallyRules(_Rule):
    """How deals are totalled when there are no games or rubbers (duplicate, progressive)."""

    kind: str
    netting: str | None
    credit: str | None
    settlement: str | None


@dataclasses.dataclass(frozen=True, kw_only=True)
class SpadeConvention(_Rule):
    """Bridge spade convention (Elwell, 1906): an undoubled spade make is played only near game."""

    declaration: str
    min_score_to_play: int
    only_if_undoubled: bool
    unplayed_score: int
    premature_play_option_points: int


@dataclasses.dataclass(frozen=True, kw_only=True)
class CompulsoryDummyRules(_Rule):
    """Three-handed Bridge: the declaration dummy must make when the make is passed to him."""

    notrump_min_aces: int
    spot_values: Mapping[str, int]
    tie_break: str


@dataclasses.dataclass(frozen=True, kw_only=True)
class CuttingRules(_Rule):
    """Cutting for partners and deal: ace low; how ties and several exposed cards are settled.

    ``tie_suit_order`` lists suit symbols lowest first, or is empty when equal cards re-cut.
    """

    ace_low: bool
    tie_suit_order: tuple[str, ...]
    several_exposed: str
    lowest_deals: bool


@dataclasses.dataclass(frozen=True, kw_only=True)
class DealingRules(_Rule):
    """Dealing: compulsory new-deal grounds and who deals after a misdeal."""

    new_deal_grounds: tuple[str, ...]
    misdeal_same_dealer: bool


@dataclasses.dataclass(frozen=True, kw_only=True)
class PlayRules(_Rule):
    """Who declares, who plays, who leads, and the auction's basic shape."""

    declarer: DeclarerRule
    opening_leader: str
    dealer_must_bid: bool
    dealer_may_pass_make_to_partner: bool
    max_level: int | None
    passes_to_close: int | None
    declarer_rule_applies_to_notrump: bool


# --------------------------------------------------------------------------------------------
# The law set.
# --------------------------------------------------------------------------------------------


# The codes of irregularity laws a law set can name (see redouble.irregularities).
IRREGULARITY_CODES = ("auction_1912", "bridge", "contract")


@dataclasses.dataclass(frozen=True, kw_only=True)
class LawSet(JsonDocument):
    """One code of laws as data: declarations, scoring tables and procedure rules.

    Build law sets with the builders in the submodules and look them up with :func:`get`;
    every rule object's ``sources`` says where each value comes from.
    """

    _json_kind: ClassVar[str] = "law_set"

    name: str
    title: str
    aliases: tuple[str, ...]
    seeds: tuple[str, ...]
    declarations: tuple[Declaration, ...]
    bid_order: BidOrder
    trick_scoring: TrickScoring
    doubling: DoublingRules
    honours: HonoursRules | None
    chicane: ChicaneRules | None
    slam: SlamRules | None
    undertricks: UndertrickRules | None
    doubled_bonus: DoubledBonusRules | None
    revoke: RevokeRule
    game: GameRules | None
    rubber: RubberRules | None
    premiums: ContractPremiums | None
    chicago: ChicagoRules | None
    tally: TallyRules | None
    spade_convention: SpadeConvention | None
    compulsory_dummy: CompulsoryDummyRules | None
    cutting: CuttingRules
    dealing: DealingRules
    play: PlayRules
    flags: Flags
    sources: Mapping[str, str] = dataclasses.field(compare=False, repr=False)
    irregularity_code: str = "contract"
    """The irregularity laws played (:func:`redouble.irregularities.code_for`): ``"auction_1912"``
    (Auction Bridge (1912)), ``"bridge"`` (Bridge 1906-07 and its variants) or ``"contract"``."""

    def __post_init__(self) -> None:
        if self.irregularity_code not in IRREGULARITY_CODES:
            raise LawSetError(
                f"law set {self.short_title}: irregularity_code must be one of "
                f"{', '.join(IRREGULARITY_CODES)}, not {shown(self.irregularity_code)}"
            )
        for key in ("bid_order", "trick_scoring", "declarations"):
            if not self.sources.get(key):
                raise LawSetError(f"law set {self.short_title}: no citation for {key}")
        object.__setattr__(self, "sources", _freeze(self.sources))
        symbols = [d.symbol for d in self.declarations]
        if len(set(symbols)) != len(symbols):
            raise LawSetError(f"law set {self.short_title}: duplicate declaration symbols")

    def __repr__(self) -> str:
        return f"laws.get({self.name!r})"

    @property
    def short_title(self) -> str:
        """The code as a reader finds it named, for the messages and headings users see.

        The same words the citations use: ``"Auction Bridge (1912)"``, ``"Bridge (Elwell, 1906)"``,
        a chapter of the book such as ``"Duplicate Bridge (Elwell, 1906)"``, or
        ``"Laws of Duplicate Bridge 2017"`` (:data:`redouble.laws.citations.LAW_SET_TITLES`).
        ``name`` stays the id for lookups and files. Derived, not stored, so that JSON, pickles
        and equality are unchanged; a law set built by hand under a new name is called by its
        ``title``.

            >>> from redouble import laws
            >>> laws.get("auction_1912").short_title
            'Auction Bridge (1912)'
        """
        from .citations import law_set_title

        return law_set_title(self)

    @property
    def plays_single_games(self) -> bool:
        """Whether a game may be played alone, not as part of a rubber.

        Only three-handed Bridge does: "In playing games, 50 points are added to score of the
        winning side" (Bridge (Elwell, 1906), Bridge for Three Players); every other code with
        games plays them in rubbers, and the board-by-board codes have no rubbers at all. The one
        test behind ``Game(..., single_game=True)``, ``RubberLedger(..., single_game=True)``,
        ``redouble play --single-game`` and the service's ``"single_game"``.

            >>> from redouble import laws
            >>> laws.get("bridge_three_handed").plays_single_games
            True
            >>> laws.get("auction_1912").plays_single_games
            False
        """
        return (
            self.game is not None
            and self.rubber is not None
            and self.game.single_game_bonus is not None
        )

    # -- pickling and JSON ----------------------------------------------------------------------

    def __reduce__(self) -> tuple[Any, ...]:
        # One of redouble's law sets travels as its name and changed flags, and is rebuilt
        # (from the cache, for the defaults) on the other side; a law set built by hand
        # travels field by field.
        if _registered(self):
            base = _build(self.name, Flags()).flags  # some law sets are built with a flag set
            return (_by_name, (self.name, _changed_flags(self.flags, base)))
        return (_by_value, ({f.name: getattr(self, f.name) for f in dataclasses.fields(self)},))

    # -- declarations -------------------------------------------------------------------------

    def declaration(self, name: str | Declaration) -> Declaration:
        """Return the declaration called ``name`` (its symbol, its name, or an alias).

        Raises:
            LawSetError: the law set has no such declaration.
        """
        if isinstance(name, Declaration):
            if name in self.declarations:
                return name
            name = name.symbol
        key = _normalise(name)
        for decl in self.declarations:
            if key in {_normalise(decl.symbol), _normalise(decl.name)} | {
                _normalise(a) for a in decl.aliases
            }:
                return decl
        known = ", ".join(d.symbol for d in self.declarations)
        raise LawSetError(f"{self.short_title} has no declaration {shown(name)} (known: {known})")

    def declarations_for(self, strain: Strain | int | str) -> tuple[Declaration, ...]:
        """Return the declarations that play in ``strain`` (spades: Spades and Royal Spades);
        ``strain`` is a :class:`Strain`, its number or its letter ("S", "NT").

        Raises:
            RedoubleError: the number or letter names no strain.
            TypeError: `strain` is of another type.
        """
        s = Strain.parse(strain) if isinstance(strain, str) else Strain(strain)
        return tuple(d for d in self.declarations if d.strain == s)

    # -- bidding order --------------------------------------------------------------------

    def bid_value(self, level: int, declaration: str | Declaration) -> int:
        """Return a bid's value: level x undoubled trick value (Auction Bridge (1912), Laws 44, 53).

        Raises:
            LawSetError: the law set has no bidding, or the level or declaration is unknown.
        """
        decl = self._check_bid(level, declaration)
        return level * decl.trick_value

    def bid_key(self, level: int, declaration: str | Declaration) -> tuple[int, int]:
        """Return a key that sorts bids from lowest to highest under this law set.

        Raises:
            LawSetError: the law set has no bidding, or the level or declaration is unknown.
        """
        decl = self._check_bid(level, declaration)
        if self.bid_order is BidOrder.VALUE_THEN_LEVEL:
            return (level * decl.trick_value, level)
        return (level, self.declarations.index(decl))

    def is_higher(
        self, new: tuple[int, str | Declaration], previous: tuple[int, str | Declaration]
    ) -> bool:
        """Whether bid ``new`` (level, declaration) is higher than ``previous``.

        Doubling never changes the order (Auction Bridge (1912), Law 53).

        Raises:
            LawSetError: the law set has no bidding, or a level or declaration is unknown.
        """
        return self.bid_key(*new) > self.bid_key(*previous)

    def _check_bid(self, level: int, declaration: str | Declaration) -> Declaration:
        if self.bid_order is BidOrder.NONE:
            raise LawSetError(f"{self.short_title} has no bidding: declarations have no level")
        max_level = self.play.max_level or 7
        if isinstance(level, bool) or not isinstance(level, int):
            raise LawSetTypeError(
                f"level must be an integer from 1 to {max_level}, not {shown(level)}"
            )
        if not 1 <= level <= max_level:
            raise LawSetError(f"level must be an integer from 1 to {max_level}, not {shown(level)}")
        return self.declaration(declaration)

    # -- flags and citations ----------------------------------------------------------------

    def with_flags(self, **changes: Any) -> LawSet:
        """Return this law set rebuilt with some flags changed.

        A flag that changes none of this law set's rules (it concerns another code, or one
        the other flags leave out, as ``spade_convention_unplayed_score`` without
        ``spade_convention_agreed``) is refused rather than silently ignored.

        Raises:
            LawSetError: an unknown flag name, a value the flag does not accept, or a flag
                that changes nothing in this law set.
        """
        names = {f.name for f in dataclasses.fields(Flags)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise LawSetError(f"unknown flag(s): {', '.join(unknown)}")
        flags = dataclasses.replace(self.flags, **changes)
        built = _build(self.name, flags)
        for name in changes:
            before = getattr(self.flags, name)
            if getattr(flags, name) == before:
                continue
            # Rebuilt without this one change: the same rules mean the flag is not read here.
            if _same_rules(_build(self.name, dataclasses.replace(flags, **{name: before})), built):
                raise LawSetError(
                    f"flag {name} changes nothing in {self.short_title}: it concerns rules this law "
                    "set does not have, or that its other flags leave out"
                )
        return built

    def citations(self) -> Iterator[tuple[str, str]]:
        """Yield ``(path, citation)`` for every value of the law set, e.g. ``("slam.grand", …)``."""
        yield from self.sources.items()
        for decl in self.declarations:
            yield f"declarations.{decl.symbol}", decl.source
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, _Rule):
                for name in (g.name for g in dataclasses.fields(value) if g.name != "sources"):
                    yield f"{f.name}.{name}", value.sources[name]
                    inner = getattr(value, name)
                    if isinstance(inner, _Rule):
                        for sub in (g.name for g in dataclasses.fields(inner)):
                            if sub != "sources":
                                yield f"{f.name}.{name}.{sub}", inner.sources[sub]


# --------------------------------------------------------------------------------------------
# Registry.
# --------------------------------------------------------------------------------------------

_MODULES = ("bridge_1906", "bridge_variants", "auction_1912", "contract")
_BUILDERS: dict[str, Callable[[Flags], LawSet]] = {}
_ALIASES: dict[str, str] = {}
_CACHE: dict[str, LawSet] = {}


def _normalise(name: str) -> str:
    # str.__str__: a str subclass's own strip() or lower() is not trusted (see redouble._check).
    return "".join(ch for ch in str.__str__(name).strip().lower() if ch.isalnum())


def _load() -> None:
    if _BUILDERS:
        return
    builders: dict[str, Callable[[Flags], LawSet]] = {}
    for module_name in _MODULES:
        module = importlib.import_module(f"{__name__}.{module_name}")
        builders.update(module.BUILDERS)
    aliases: dict[str, str] = {}
    for name, builder in builders.items():
        for alias in (name, *builder(Flags()).aliases):
            key = _normalise(alias)
            if aliases.get(key, name) != name:
                raise LawSetError(f"alias {shown(alias)} names both {aliases[key]} and {name}")
            aliases[key] = name
    _ALIASES.update(aliases)
    _BUILDERS.update(builders)


def _build(name: str, flags: Flags) -> LawSet:
    if flags == Flags() and name in _CACHE:
        return _CACHE[name]
    law_set = _BUILDERS[name](flags)
    if flags == Flags():
        _CACHE[name] = law_set
    return law_set


def available() -> tuple[str, ...]:
    """Return the canonical names of the registered law sets, in a stable order."""
    _load()
    return tuple(_BUILDERS)


def get(name: str | LawSet, **flags: Any) -> LawSet:
    """Return the law set called ``name`` (canonical name or alias, case-insensitive).

    Keyword arguments change flags (see :class:`Flags`), e.g.
    ``get("auction_1912", slam_requires_contract=True)``.

    Raises:
        LawSetError: no law set has that name, or a flag is unknown, has a bad value or
            changes nothing in that law set.
        LawSetTypeError: `name` is not a str or a LawSet (a TypeError and a LawSetError).
    """
    if isinstance(name, LawSet):
        return name.with_flags(**flags) if flags else name
    if not isinstance(name, str):
        raise LawSetTypeError(f"a law set name must be a string, not {type(name).__name__}")
    _load()
    canonical = _ALIASES.get(_normalise(name))
    if canonical is None:
        known = ", ".join(available())
        raise LawSetError(f"unknown law set {shown(name)} (available: {known})")
    law_set = _build(canonical, Flags())
    return law_set.with_flags(**flags) if flags else law_set


# --------------------------------------------------------------------------------------------
# Pickling.
# --------------------------------------------------------------------------------------------


def _changed_flags_json(law: LawSet) -> dict[str, Any]:
    """The flags of `law` that differ from those of the law set registered under its name, as
    a JSON object (tuples as lists); all that differ from the defaults for a law set built by
    hand. One rule for the game log's start event and for :mod:`redouble.serialize`."""
    try:
        base = get(law.name).flags  # BRIDGE_ELWELL_1907 is built with a flag set
    except LawSetError:
        base = Flags()
    changed = _changed_flags(law.flags, base)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in changed.items()}


def _same_rules(a: LawSet, b: LawSet) -> bool:
    """Whether two law sets hold the same rules, whatever their flags."""
    return all(
        getattr(a, f.name) == getattr(b, f.name) for f in dataclasses.fields(a) if f.name != "flags"
    )


def _changed_flags(flags: Flags, base: Flags) -> dict[str, Any]:
    """The fields of `flags` whose values differ from `base`'s."""
    return {
        f.name: getattr(flags, f.name)
        for f in dataclasses.fields(flags)
        if getattr(flags, f.name) != getattr(base, f.name)
    }


def _registered(law_set: LawSet) -> bool:
    """Whether `law_set` is what :func:`get` builds from its name and flags."""
    _load()
    if _ALIASES.get(_normalise(law_set.name)) != law_set.name:
        return False
    try:
        return _build(law_set.name, law_set.flags) == law_set
    except LawSetError:  # pragma: no cover - flags a builder refuses
        return False


def _by_name(name: str, flags: dict[str, Any]) -> LawSet:
    return get(name, **flags)


def _by_value(fields: dict[str, Any]) -> LawSet:
    return LawSet(**fields)
