"""The catalogue: irregularities, claimants, options and their codes, rules, codes of laws, rulings, obligations."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .._check import CheckedEnumType, as_iterable, as_str, shown
from ..cards import Card, Seat, Suit
from ..errors import IrregularityError


class Irregularity(enum.Enum, metaclass=CheckedEnumType):
    """The kinds of irregularity the codes provide for."""

    # -- the deal ---------------------------------------------------------------------------
    NEW_DEAL_GROUND = "new_deal_ground"
    """A compulsory ground for a new deal (Auction Bridge (1912), Law 37 (a-e, g); Bridge (Elwell,
    1906), Law 38 (a-e); Bridge (Elwell, 1907), Law 38 (g))."""
    PACK_NOT_CUT = "pack_not_cut"
    """The dealer omitted the cut (Auction Bridge (1912), Law 37 (f), Bridge (Elwell, 1906), Law 38
    (f)): a new deal if an adversary claims in time."""
    CARD_EXPOSED_IN_DEAL = "card_exposed_in_deal"
    """A card exposed during the deal (Auction Bridge (1912), Law 37 (c) compulsory; Bridge (Elwell,
    1906), Law 39 (a, b, d) optional)."""
    DEALER_LOOKED = "dealer_looked"
    """The dealer looked at a card before 51 were dealt (Bridge (Elwell, 1906), Law 39 (c))."""
    SHORT_HAND = "short_hand"
    """A hand found short after its holder has played (Auction Bridge (1912), Law 38; Bridge
    (Elwell, 1907))."""
    PACK_INCORRECT = "pack_incorrect"
    """The pack proven incorrect during the play (Auction Bridge (1912), Law 39, Bridge (Elwell,
    1906), Law 42; Case 3 after the play)."""
    WRONG_HAND_SIZES = "wrong_hand_sizes"
    """One hand too many cards and another as many too few (Auction Bridge (1912), Law 39)."""
    DEALT_OUT_OF_TURN = "dealt_out_of_turn"
    """A player dealt out of turn (Auction Bridge (1912), Law 40, Bridge (Elwell, 1906), Law 43)."""
    # -- declaring --------------------------------------------------------------------------
    DECLARATION_OUT_OF_TURN = "declaration_out_of_turn"
    """A declaration (not a pass) out of turn (Auction Bridge (1912), Law 49)."""
    PASS_OUT_OF_TURN = "pass_out_of_turn"
    """A pass out of turn: no penalty; it is void (Auction Bridge (1912), Law 49 penalises only a
    declaration "other than passing"; Bridge (Elwell, 1906), Law 59: the third hand's "May I lead?"
    leaves the eldest hand his right to double)."""
    INSUFFICIENT_DECLARATION = "insufficient_declaration"
    """A bid that does not overcall the last one (Auction Bridge (1912), Law 50)."""
    IMPOSSIBLE_DECLARATION = "impossible_declaration"
    """A bid of more than seven odd tricks (Auction Bridge (1912), Law 50)."""
    DECLARATION_CORRECTED = "declaration_corrected"
    """An inadvertent declaration corrected before the next player acts (Auction Bridge (1912), Law
    52; Case 2)."""
    DOUBLE_OUT_OF_TURN = "double_out_of_turn"
    """A double or redouble out of turn (Auction Bridge (1912), Law 57; Bridge (Elwell, 1906), Laws
    54, 59: third hand doubles first)."""
    ILLEGAL_DOUBLE = "illegal_double"
    """A double the law forbids (partner's declaration, partner's double, a third doubling):
    no penalty (Auction Bridge (1912), Law 54, Case 6)."""
    MAKE_WITHOUT_PERMISSION = "make_without_permission"
    """The dealer's partner makes the trump unasked (Bridge (Elwell, 1906), Law 46)."""
    PASS_BACK = "pass_back"
    """The dealer's partner passes the make back to the dealer (Bridge (Elwell, 1906), Law 47)."""
    ADVERSARY_DECLARES = "adversary_declares"
    """An adversary of the dealer makes or passes the trump (Bridge (Elwell, 1906), Law 48)."""
    CARD_EXPOSED_BEFORE_FINAL_DECLARATION = "card_exposed_before_final_declaration"
    """A card led or exposed before the final declaration (Auction Bridge (1912), Law 65; Bridge
    (Elwell, 1906), Law 67)."""
    LEAD_DURING_DECLARING = "lead_during_declaring"
    """A card led before the doubling is over (Bridge (Elwell, 1906), Laws 56, 60)."""
    SPADE_CONVENTION_PREMATURE_PLAY = "spade_convention_premature_play"
    """Under the Spade Convention, when the spade make is not to be played, the third hand
    asks "Shall I play?" or leads, or the eldest hand leads without asking permission to play
    (Bridge (Elwell, 1906), Spade Convention (II))."""
    CARD_EXPOSED_BEFORE_LEAD = "card_exposed_before_lead"
    """A card exposed after the final declaration, before the opening lead (Auction Bridge (1912),
    Law 66)."""
    INFORMATION_AFTER_FINAL_DECLARATION = "information_after_final_declaration"
    """A defender tells his partner about a previous declaration (Auction Bridge (1912), Law 51)."""
    # -- the play ---------------------------------------------------------------------------
    EXPOSED_CARD = "exposed_card"
    """A card exposed by a defender during the play (Auction Bridge (1912), Laws 67-69, 72; Bridge
    (Elwell, 1906), Laws 69-71, 74)."""
    LEAD_OUT_OF_TURN = "lead_out_of_turn"
    """A defender leads out of turn (Auction Bridge (1912), Laws 76, 78; Bridge (Elwell, 1906), Laws
    76, 78)."""
    DECLARER_LEAD_OUT_OF_TURN = "declarer_lead_out_of_turn"
    """The declarer leads out of turn from his hand or dummy (Auction Bridge (1912), Law 77; Bridge
    (Elwell, 1906), Law 77)."""
    CALLED_SUIT_NOT_HELD = "called_suit_not_held"
    """The player called on to lead a suit has none: the penalty is paid (Auction Bridge (1912), Law
    79)."""
    FAILURE_TO_COMPLY = "failure_to_comply"
    """A penalty card, lead or play not complied with: the revoke penalty (Auction Bridge (1912),
    Law 73)."""
    PLAYED_BEFORE_TURN = "played_before_turn"
    """The fourth hand plays before the second (Auction Bridge (1912), Law 80; Bridge (Elwell,
    1906), Law 82)."""
    ATTENTION_TO_TRICK = "attention_to_trick"
    """A defender claims the trick or names or draws his card before his partner plays
    (Auction Bridge (1912), Law 92; Bridge (Elwell, 1906), Law 100)."""
    WINNING_CARDS_LED_WITHOUT_WAITING = "winning_cards_led_without_waiting"
    """A defender leads winning cards one after another without waiting (Auction Bridge (1912), Law
    71)."""
    TWO_CARDS_PLAYED = "two_cards_played"
    """Two or more cards played at once (Auction Bridge (1912), Laws 70, 82; Bridge (Elwell, 1906),
    Law 72)."""
    CARD_OMITTED = "card_omitted"
    """A player omitted to play to a trick (Auction Bridge (1912), Law 81; Bridge (Elwell, 1906),
    Law 83)."""
    SURPLUS_CARD = "surplus_card"
    """A trick found to hold more than four cards (Auction Bridge (1912), Law 82; Bridge by the
    Auction equivalent): the surplus card goes back to its holder, who answers for the revokes it
    caused."""
    REVOKE = "revoke"
    """A player held a card of the suit led and played another suit (Auction Bridge (1912), Laws
    83-89; Bridge (Elwell, 1906), Laws 85-96)."""
    REVOKE_QUESTION = "revoke_question"
    """A player asks his partner whether he has a card of the suit he renounced (Auction Bridge
    (1912), Law 85): the revoke is then not established by quitting the trick."""
    REVOKE_CORRECTED = "revoke_corrected"
    """A revoke corrected before it was established (Auction Bridge (1912), Laws 85, 86; Bridge
    (Elwell, 1906), Law 91)."""
    DUMMY_REVOKE = "dummy_revoke"
    """Dummy revoked: no penalty; the trick stands once quitted (Auction Bridge (1912), Law 63)."""
    REVOKE_CLAIM = "revoke_claim"
    """The established revokes of one side, claimable at the end of the hand (Auction Bridge (1912),
    Laws 84, 88, 89; Bridge (Elwell, 1906), Laws 87-96; contract Law 64)."""
    DUMMY_RIGHT = "dummy_right"
    """Dummy exercises one of his rights (Auction Bridge (1912), Law 60 (a-f); Bridge (Elwell,
    1906), Law 61 (a-g)): no effect."""
    DUMMY_INTERVENTION = "dummy_intervention"
    """Dummy draws attention to another incident: the declarer cannot exact its penalty (Auction
    Bridge (1912), Law 61; Bridge (Elwell, 1906), Law 63)."""
    DUMMY_SUGGESTS_CARD = "dummy_suggests_card"
    """Dummy suggests a card from dummy (Auction Bridge (1912), Law 62; Bridge (Elwell, 1906), Law
    64)."""
    UNAUTHORISED_REFERENCE = "unauthorised_reference"
    """A defender makes an unauthorised reference to the play or the bidding (Auction Bridge (1912),
    Law 93; Bridge (Elwell, 1906), Law 101)."""
    CLAIM = "claim"
    """The declarer says "I have the rest" (Auction Bridge (1912), Law 72; Bridge (Elwell, 1906),
    Law 74; Case 8)."""
    CARDS_THROWN_DOWN = "cards_thrown_down"
    """A defender throws his cards face up (Auction Bridge (1912), Law 72; Bridge (Elwell, 1906),
    Law 74)."""
    # -- procedure ---------------------------------------------------------------------------
    CONSULTATION = "consultation"
    """Partners consult about a penalty (Bridge (Elwell, 1906), Law 97: penalty lost; A: allowed,
    Case 1)."""
    WRONG_PENALTY = "wrong_penalty"
    """A penalty the laws do not give is demanded (Bridge (Elwell, 1906), Law 102: none can be
    enforced)."""
    NEW_CARDS = "new_cards"
    """New cards called for (Auction Bridge (1912), Laws 95-96; Bridge (Elwell, 1906), Laws
    104-105): no effect on play or score."""
    BYSTANDER = "bystander"
    """A bystander's remark (Auction Bridge (1912), Law 97): no effect on play or score."""


class Claimant(enum.Enum, metaclass=CheckedEnumType):
    """Who may choose among a ruling's options."""

    ADVERSARIES = "adversaries"
    """Either adversary of the offender (the partners may consult: Case 1; not in Bridge, Bridge
    (Elwell, 1906), Law 97)."""
    DECLARER = "declarer"
    """The declarer (in Bridge the dealer, who plays the combined hands)."""
    MAKER = "maker"
    """Bridge: the player who made the trump."""
    ELDEST_HAND = "eldest_hand"
    """The player on the dealer's left."""
    DEALER = "dealer"
    """The dealer."""
    DEALER_SIDE = "dealer_side"
    """The dealer or his partner."""
    OFFENDER = "offender"
    """The offender himself (a correction the laws leave to him)."""
    NONE = "none"
    """Nobody: the law applies itself (or gives no penalty)."""


class OptionCode(enum.StrEnum, metaclass=CheckedEnumType):
    """The code of an :class:`Option`: what the game does when it is chosen.

    A string enum: each member is its code's text (``OptionCode.WAIVE == "waive"``), so an
    option's ``code`` is compared, logged and passed to ``Game.decide`` as text, and its repr
    is the text's (``'waive'``), as it was when codes were plain strings.
    """

    def __repr__(self) -> str:
        return repr(self.value)

    ACCEPT = "accept"
    CALL_CARD = "call_card"
    CALL_SUIT = "call_suit"
    COMPEL = "compel"
    CONCEDE = "concede"
    CONDONE = "condone"
    CALL_LEAD = "call_lead"
    CORRECT = "correct"
    DEAL_STANDS = "deal_stands"
    EXPOSE = "expose"
    HIGHEST = "highest"
    LET_STAND = "let_stand"
    LOSE = "lose"
    LOWEST = "lowest"
    NEW_DEAL = "new_deal"
    NOT_PLAY_SUGGESTED = "not_play_suggested"
    PENALISE = "penalise"
    PLAY_OUT = "play_out"
    PLAY_SUGGESTED = "play_suggested"
    POINTS = "points"
    PREVIOUS_FINAL = "previous_final"
    PROCEED = "proceed"
    PROHIBIT_SUIT = "prohibit_suit"
    RETRACT = "retract"
    TAKE_TWO = "take_two"
    TO_TRICK = "to_trick"
    TREAT_AS_EXPOSED = "treat_as_exposed"
    TRICKS = "tricks"
    VOID = "void"
    WAIVE = "waive"
    WIN = "win"


@dataclass(frozen=True)
class Option:
    """One choice open after an irregularity: a code the engine applies, words, and its law.

    ``aliases`` are the seed's own wordings of the same choice, verbatim (each cited next to it
    in the catalogue), so that the law's language can name the option (:meth:`is_named`,
    :func:`options_named`); a wording of the law that names several options at once is in
    :data:`JOINT_WORDINGS`. Paraphrases (a worked case's shorthand, say) are not the library's:
    they belong to whoever uses them, mapped to option codes. Aliases are vocabulary, not
    state: they are not part of :meth:`to_json`.
    """

    code: str
    text: str
    law: str
    aliases: tuple[str, ...] = ()

    def is_named(self, phrase: str) -> bool:
        """Whether `phrase` names this option: once normalised (:func:`normalise_phrase`) it is
        the option's code, its text, or one of its aliases."""
        wanted = normalise_phrase(phrase)
        return bool(wanted) and any(
            normalise_phrase(name) == wanted for name in (self.code, self.text, *self.aliases)
        )

    def to_json(self) -> dict[str, str]:
        """The option as a JSON-ready dict."""
        return {"code": self.code, "text": self.text, "law": self.law}


_STOP_WORDS = frozenset({"a", "an", "the", "his", "its"})
_NOT_WORD = re.compile(r"[^a-z0-9 ]+")


def normalise_phrase(text: str) -> str:
    """The comparable form of a phrase of the laws: lower case; underscores, hyphens and
    slashes read as spaces; apostrophes dropped ("partner's" -> "partners"); other punctuation
    dropped; the articles and the possessives "his" and "its" left out; spaces collapsed.

    >>> normalise_phrase("Treat his own or his partner's last previous declaration as final.")
    'treat own or partners last previous declaration as final'
    >>> normalise_phrase("demand_new_deal") == normalise_phrase("demand a new deal")
    True

    Raises:
        TypeError: `text` is not a str.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    lowered = re.sub(r"[_\-/]", " ", str.lower(text)).replace("'", "").replace("\u2019", "")
    words = _NOT_WORD.sub(" ", lowered).split()
    return " ".join(w for w in words if w not in _STOP_WORDS)


JOINT_WORDINGS: Mapping[str, frozenset[str]] = {
    normalise_phrase(words): frozenset(codes)
    for words, codes in (
        # Auction Bridge (1912), Law 86: "or he may require the offender to play his highest or lowest card of
        # the suit to the trick".
        (
            "require the offender to play his highest or lowest card of the suit to the trick",
            ("highest", "lowest"),
        ),
        # Bridge (Elwell, 1906), Law 91 (it prints "card or the suit").
        (
            (
                "require the offender to play his highest or lowest card or the suit to the "
                "trick in which he has renounced"
            ),
            ("highest", "lowest"),
        ),
        # Auction Bridge (1912), Law 80, Bridge (Elwell, 1906), Law 82: "play his highest or lowest card of the suit played, or
        # ... win or lose the trick".
        (
            "play his highest or lowest card of the suit played, or to win or lose the trick",
            ("highest", "lowest", "win", "lose"),
        ),
        # Auction Bridge (1912), Law 92, Bridge (Elwell, 1906), Law 100: "play his highest or lowest card of the suit led, or to
        # win or lose the trick".
        (
            "play his highest or lowest card of the suit led, or to win or lose the trick",
            ("highest", "lowest", "win", "lose"),
        ),
    )
}
"""Wordings of the laws (verbatim, each cited) that name several options together (normalised
phrase -> codes). :func:`options_named` requires every one of them to be offered."""


def options_named(options: Iterable[Option], phrase: str) -> tuple[Option, ...]:
    """The options among `options` that `phrase` names, in order: those it names by code, text
    or alias (:meth:`Option.is_named`), or all the options of a joint wording
    (:data:`JOINT_WORDINGS`), each of which must then be offered.

    Raises:
        IrregularityError: the phrase names none of them — an unknown wording, or an option
            the ruling does not offer — or a joint wording names an option not offered.
        TypeError: `options` holds something other than an Option, or `phrase` is not a str.
    """
    offered = tuple(as_iterable(options, "options", "a list of Option"))
    for i, o in enumerate(offered):
        if not isinstance(o, Option):
            raise TypeError(f"options[{i}] must be an Option, not {type(o).__name__}")
    phrase = as_str(phrase, "phrase")
    codes = ", ".join(o.code for o in offered) or "none"
    joint = JOINT_WORDINGS.get(normalise_phrase(phrase))
    if joint is not None:
        missing = joint - {o.code for o in offered}
        if missing:
            raise IrregularityError(
                f"{shown(phrase)} also names {', '.join(sorted(missing))}, not offered ({codes})"
            )
        return tuple(o for o in offered if o.code in joint)
    named = tuple(o for o in offered if o.is_named(phrase))
    if not named:
        raise IrregularityError(f"{shown(phrase)} names none of the options offered ({codes})")
    return named


@dataclass(frozen=True)
class Rule:
    """What a code of laws says about one kind of irregularity.

    ``blocking`` rules must be decided before the next call or card; the others lapse at their
    deadline (or, for the revoke claims, are decided at the end of the hand).
    """

    kind: Irregularity
    law: str
    claimant: Claimant
    options: tuple[Option, ...]
    deadline: str | None = None
    blocking: bool = True
    note: str = ""


@dataclass(frozen=True)
class IrregularityCode:
    """The irregularity laws of one code (a strategy object named by the law set's
    ``irregularity_code``).

    ``consultation_forfeits``: partners who consult about a penalty lose it (Bridge (Elwell, 1906),
    Law 97). ``wrong_penalty_forfeits``: demanding a penalty the laws do not give forfeits every
    penalty for the incident (Bridge (Elwell, 1906), Law 102)."""

    name: str
    rules: Mapping[Irregularity, Rule]
    consultation_forfeits: bool
    wrong_penalty_forfeits: bool
    sources: Mapping[str, str] = field(default_factory=dict)

    @property
    def title(self) -> str:
        """The code these laws come from as citations name it, for messages users see:
        ``"Auction Bridge (1912)"``, ``"Bridge (Elwell, 1906)"``, ``"Laws of Duplicate Bridge 2017"``."""
        from redouble.laws.citations import irregularity_code_title

        return irregularity_code_title(self.name)

    def rule(self, kind: Irregularity) -> Rule:
        """The rule for `kind`.

        Raises:
            IrregularityError: this code has no law for it.
        """
        try:
            return self.rules[kind]
        except KeyError:
            raise IrregularityError(f"{self.title} has no law on {kind.value}") from None

    def has(self, kind: Irregularity) -> bool:
        """Whether this code provides for `kind`."""
        return kind in self.rules


@dataclass(frozen=True)
class Ruling:
    """One irregularity at the table: what happened, who offended, who may claim, the options.

    ``data`` carries what the rectification needs (the card, the call, the rightful leader);
    its values are JSON-ready.
    """

    id: int
    kind: Irregularity
    law: str
    offender: Seat | None
    claimants: tuple[Seat, ...]
    options: tuple[Option, ...]
    deadline: str | None
    blocking: bool
    data: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""

    def option(self, code: str) -> Option:
        """The option called `code`.

        Raises:
            IrregularityError: the ruling offers no such option.
        """
        for o in self.options:
            if o.code == code:
                return o
        offered = ", ".join(o.code for o in self.options) or "none"
        raise IrregularityError(
            f"{self.kind.value}: {shown(code)} is not an option here (offered: {offered}) [{self.law}]"
        )

    def options_named(self, phrase: str) -> tuple[Option, ...]:
        """The options of this ruling that `phrase`, in the law's words, names.

        Raises:
            IrregularityError: the phrase names none of them.
        """
        return options_named(self.options, phrase)

    def to_json(self) -> dict[str, Any]:
        """The ruling as a JSON-ready dict (the data of an ``"irregularity"`` event)."""
        return {
            "id": self.id,
            "kind": self.kind.value,
            "law": self.law,
            "offender": None if self.offender is None else self.offender.letter,
            "claimants": [s.letter for s in self.claimants],
            "options": [o.to_json() for o in self.options],
            "deadline": self.deadline,
            "blocking": self.blocking,
            "data": dict(self.data),
            "note": self.note,
        }


class ObligationKind(enum.Enum, metaclass=CheckedEnumType):
    """A penalty that constrains a player's next lead or play."""

    PLAY_CARD = "play_card"
    """Play this (called or suggested) card."""
    NOT_PLAY_CARD = "not_play_card"
    """Do not play this (suggested) card."""
    LEAD_SUIT = "lead_suit"
    """Lead this suit (a called lead)."""
    NOT_LEAD_SUIT = "not_lead_suit"
    """Do not lead this suit (a prohibited opening lead)."""
    HIGHEST = "highest"
    """Play the highest card of the suit led."""
    LOWEST = "lowest"
    """Play the lowest card of the suit led."""
    WIN = "win"
    """Win the trick if possible."""
    LOSE = "lose"
    """Lose the trick if possible."""


@dataclass(frozen=True)
class Obligation:
    """A penalty on a seat's next lead or play; ``seat`` None means whichever defender leads next
    (Auction Bridge (1912), Laws 51, 93). A call that would oblige a revoke is void (Auction Bridge
    (1912), Law 74; Bridge (Elwell, 1906), Law 79)."""

    kind: ObligationKind
    seat: Seat | None
    law: str
    card: Card | None = None
    suit: Suit | None = None
    on_lead_only: bool = False
