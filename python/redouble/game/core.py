"""A game's state and the flow of its hands: settings, the hand in progress, rulings."""

from __future__ import annotations

import copy
import operator
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from .. import dealing
from .._check import as_seat, shown
from ..auction import Auction, BridgeDeclaration, Call, Contract, declaring_procedure
from ..cards import Card, Seat, Side
from ..deal import Deal
from ..errors import GameError, RedoubleError
from ..irregularities import (
    Claimant,
    Irregularity,
    IrregularityCode,
    Option,
    Rule,
    Ruling,
    code_for,
)
from ..irregularities.judging import claimants
from ..irregularities.referee import (
    TRICKS,
    Consent,
    DeclaringView,
    HandView,
    Outcome,
    RaiseRuling,
)
from ..irregularities.rulings import (
    find_ruling,
    judge_declaring_over,
    judge_play_starts,
    no_law_text,
)
from ..irregularities.table import _Obligations, _Revoke, _TablePlay
from ..laws import LawSet, _changed_flags_json
from ..laws import get as get_law_set
from ..play import Position, Trick
from ..scoring import ContractSpec, HandScore, HonourColumn, PerSide, SessionLedger, ledger_for
from .events import Event, HandResult, Phase

# ------------------------------------------------------------------------------------------------
# The game.
# ------------------------------------------------------------------------------------------------


def _check_int(name: str, value: object) -> int:
    """`value` as an int (numpy's integers too); a bool or anything else is refused."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not bool")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}") from None


def _check_deals(deals: Sequence[Deal] | None) -> list[Deal] | None:
    """The deals given to a game, each a whole deal of 13 cards a hand (a game plays hands
    to the thirteenth trick).

    A sequence only: the log records every deal given (the start event's ``"deals"``), so that
    a saved game deals on as the original would. An iterator or generator, perhaps endless,
    could be neither written whole nor read back: it is refused, with the way to take a
    finite part of it.
    """
    if deals is None:
        return None
    if isinstance(deals, Iterator):
        raise TypeError(
            f"deals must be a sequence of Deal, not {type(deals).__name__}: a game logs every "
            "deal given, so that a saved game deals on as the original would; pass "
            "list(itertools.islice(deals, n)) for the first n"
        )
    if isinstance(deals, (str, bytes, Deal)) or not isinstance(deals, Sequence):
        raise TypeError(f"deals must be a sequence of Deal, not {type(deals).__name__}")
    for i, d in enumerate(deals):
        if not isinstance(d, Deal):
            raise TypeError(f"deals[{i}] must be a Deal, not {type(d).__name__}")
        _check_whole(d, f"deals[{i}]")
    return list(deals)


def _check_whole(deal: Deal, name: str) -> None:
    """Refuse a deal (named `name`) whose hands are not all of 13 cards (a game plays hands
    to the thirteenth trick)."""
    short = [s.letter for s in Seat if len(deal[s]) != TRICKS]
    if short:
        raise GameError(f"{name} is not a whole deal: {', '.join(short)} not 13 cards")


class _HandState:
    """The state of a game and the one place its hands advance: deal, declare, play, score
    (internal base of :class:`~redouble.game.Game`)."""

    def __init__(
        self,
        law_set: LawSet | str,
        *,
        seed: int = 0,
        first_dealer: Seat | int | str = Seat.NORTH,
        deals: Sequence[Deal] | None = None,
        deal_by_the_laws: bool = False,
        boards: int | None = None,
        strict: bool = True,
        single_game: bool = False,
    ) -> None:
        # Every argument is checked here, before any state exists (TypeError for a wrong
        # type, GameError for a bad value, each naming the argument).
        if not isinstance(law_set, (LawSet, str)):
            raise TypeError(f"law_set must be a LawSet or its name, not {type(law_set).__name__}")
        seed = _check_int("seed", seed)
        if boards is not None:
            boards = _check_int("boards", boards)
            if boards < 1:
                raise GameError(f"boards must be at least 1, got {shown(boards)}")
        switches = (
            ("deal_by_the_laws", deal_by_the_laws),
            ("strict", strict),
            ("single_game", single_game),
        )
        for name, flag in switches:
            if not isinstance(flag, bool):
                raise TypeError(f"{name} must be a bool, not {type(flag).__name__}")
        law = get_law_set(law_set)
        if boards is not None and (law.rubber is not None or law.chicago is not None):
            # A rubber or a Chicago sets its own length: a number of boards would be ignored.
            kind = "rubbers" if law.rubber is not None else "Chicago (four deals)"
            raise GameError(
                f"boards: {law.title} plays {kind}; a number of boards applies only to law "
                f"sets scored board by board, got {shown(boards)}"
            )
        if single_game and not law.plays_single_games:
            raise GameError(f"single_game: {law.title} is not played in single games")
        if boards is None:
            boards = 4
        self._law = law
        # The deals depend on the seed modulo 2**64 (see dealing): kept so, the seed is the one
        # the log records, and a seed of thousands of digits could not be written to JSON.
        self._seed = seed % 2**64
        self._first_dealer = as_seat(first_dealer, "first_dealer")
        self._fixed_deals = _check_deals(deals)
        self._by_laws = deal_by_the_laws
        self._boards = boards
        self._strict = strict
        self._code: IrregularityCode = code_for(self._law)
        self._next_ruling = 1
        # How the hands add up (rubber, Chicago, boards) is the law set's, kept by scoring.
        self._session: SessionLedger = ledger_for(
            self._law, first_dealer=self._first_dealer, boards=boards, single_game=single_game
        )
        self._log: list[Event] = []
        self._results: list[HandResult] = []
        self._hand_number = 0
        self._dealer = self._first_dealer
        self._phase = Phase.DECLARE
        # The hand whose play has just been scored, its dealer and the session as it stood
        # before that score: Auction Bridge (1912), Law 39 voids a deal whose hands are found
        # one too many and one too few "at the conclusion of the play", after its score.
        self._concluded: tuple[int, Seat, SessionLedger] | None = None
        start: dict[str, Any] = {
            "law_set": self._law.name,
            "seed": self._seed,
            "first_dealer": self._first_dealer.letter,
            # Written under every law set (4 where a rubber or Chicago sets the length), so that
            # logs keep one shape; replay passes it on only where boards are scored.
            "boards": boards,
        }
        if self._fixed_deals is not None:
            # Every deal given, played or not: the deal events hold only those dealt so far,
            # and a game reloaded from its log must deal on from the rest as this one does.
            start["deals"] = [d.to_pbn() for d in self._fixed_deals]
        if not self._strict:
            start["strict"] = False
        if single_game:  # written only when set: logs of rubbers keep their shape
            start["single_game"] = True
        flags = _changed_flags_json(self._law)
        if flags:  # the log must rebuild the same laws (the Spade Convention is a flag)
            start["flags"] = flags
        self._log.append(Event("start", None, start))
        self._start_hand()

    # -- hands -------------------------------------------------------------------------------------
    def _next_deal(self) -> Deal:
        n = self._hand_number
        if self._fixed_deals is not None:
            if n > len(self._fixed_deals):
                raise GameError(f"no deal given for hand {n}")
            return self._fixed_deals[n - 1]
        if self._by_laws:
            return dealing.deal_by_the_laws(self._seed, self._dealer, board=n).deal
        return dealing.deal(self._seed, n)

    def _start_hand(self) -> None:
        if self._fixed_deals is not None and self._hand_number >= len(self._fixed_deals):
            # Every deal given has been played: the game stops here, its session unfinished.
            self._end()
            return
        self._hand_number += 1
        self._deal = self._next_deal()
        self._hand_log_start = len(self._log)  # where the hand's events begin (the referee's)
        self._log.append(
            Event(
                "deal",
                self._dealer,
                {"number": self._hand_number, "deal": self._deal.to_pbn()},
            )
        )
        self._declaring: Auction | BridgeDeclaration = declaring_procedure(
            self._law, self._dealer, deal=self._deal
        )
        self._contract: Contract | None = None
        self._position: Position | None = None
        self._calls_in_hand = 0
        self._phase = Phase.DECLARE
        # The irregularities of the hand (strict=False).
        self._table: _TablePlay | None = None
        self._hand_rulings: list[Ruling] = []
        self._open: dict[int, Ruling] = {}
        self._obligations: _Obligations = []
        self._revokes: list[_Revoke] = []
        self._callable: dict[Seat, set[Card]] = {seat: set() for seat in Seat}
        self._exposed_in_auction: list[tuple[Seat, Card]] = []
        self._omissions: dict[int, tuple[Seat, str | None]] = {}
        # A82: cards played, unnoticed, to a trick already played to: (trick, holder, card).
        self._surplus: list[tuple[int, Seat, Card]] = []
        self._claim_played_out = False
        self._conceded: PerSide | None = None
        self._revoke_claims: dict[Side, str] = {}
        # Who may double only with another's consent (B56, B60): doubler -> the consent.
        self._consent_needed: dict[Seat, Consent] = {}
        # Law 50 rulings an adversary has called attention to (A52, Case 2): no free correction.
        self._attention: set[int] = set()
        self._after_call()

    def _after_call(self) -> None:
        d = self._declaring
        # Bridge's three-handed compulsory declaration is made by the procedure itself.
        if not d.is_complete:
            return
        contract = d.contract
        if contract is None:  # passed out: the deal passes to the left, nothing scored
            self._log.append(Event("passed_out", self._dealer, {"number": self._hand_number}))
            self._results.append(
                HandResult(self._hand_number, self._dealer, self._deal, d.calls, None, (), None)
            )
            self._next_hand_unplayed()
            return
        # The referee rules how it ends: the play starts, or the Spade Convention leaves the
        # hand unplayed.
        self._apply_outcome(judge_declaring_over(self._view(), contract))

    def _apply_outcome(self, outcome: Outcome) -> None:
        """Apply the referee's `outcome` (the remedies' :meth:`_Remedies._apply_outcome`)."""
        raise NotImplementedError  # pragma: no cover - the game's class defines it

    def _spade_hand_not_played(
        self, contract: Contract, maker: Seat, penalty: PerSide | None, label: str
    ) -> None:
        """End the hand unplayed under the Spade Convention, as the referee rules it (internal).
        `penalty`: the trick score entered on `maker`'s side, logged as the hand's score (the
        two taken for a premature play, Spade Convention II; the unplayed score, I)."""
        data: dict[str, Any] = {"number": self._hand_number, "played": False}
        score: HandScore | None = None
        if penalty is not None:
            data["penalty"] = penalty.to_dict()
        self._log.append(Event("spade_convention", contract.declarer, data))
        if penalty is not None:
            score = self._spade_penalty_score(contract, maker, penalty, label)
        self._results.append(
            HandResult(
                self._hand_number,
                self._dealer,
                self._deal,
                self._declaring.calls,
                contract,
                (),
                score,
                rulings=tuple(self._hand_rulings),
            )
        )
        self._next_hand_unplayed()

    def _next_hand_unplayed(self) -> None:
        """After a hand that was not played (passed out, or unplayed under the Spade
        Convention): the session says whether the deal passes on, then it ends or the next
        hand starts (internal)."""
        if self._session.pass_out():
            self._dealer = self._dealer.lho
        if self._session.is_complete:
            self._end()
            return
        self._start_hand()

    def _spade_penalty_score(
        self, contract: Contract, maker: Seat, penalty: PerSide, label: str
    ) -> HandScore:
        """Enter the maker's points on the score (Spade Convention II's two, or the unplayed
        score) in the session: a hand score with no tricks, the points below the line
        (internal)."""
        score = HandScore(
            self._law.name,
            ContractSpec.parse(self._law, contract.spec()),
            maker,
            frozenset(),
            PerSide(),
            PerSide(),
            None,
            penalty,
            HonourColumn(),
            None,
        )
        add = getattr(self._session, "add", None)
        assert add is not None  # the convention is Bridge's, scored in rubbers
        add(score, label=label)
        self._log.append(
            Event(
                "score",
                None,
                {
                    "number": self._hand_number,
                    "tricks": PerSide().to_dict(),
                    "trick_score": penalty.to_dict(),
                    "honour_column": PerSide().to_dict(),
                },
            )
        )
        return score

    def _start_play(self, contract: Contract) -> None:
        self._contract = contract
        strain = self._law.declaration(contract.declaration).strain
        self._phase = Phase.PLAY
        if self._strict:
            self._position = Position(self._deal, strain, contract.opening_leader)
            return
        self._table = _TablePlay(self._deal, strain, contract.opening_leader)
        # The referee rules the exposed cards as the play starts (A65, A67, A72; B69).
        self._apply_outcome(judge_play_starts(self._view()))

    def _score_options(self) -> dict[str, Any]:
        assert self._contract is not None
        options: dict[str, Any] = {"deal": self._deal}
        limit = self._law.undertricks.one_spade_limit if self._law.undertricks else None
        if limit is not None:
            # Law 48 covers the dealer's original One Spade however it became final: left in
            # with passes and doubles, or made final under Law 50 by an adversary refusing an
            # impossible declaration (never entered in the auction, which stays unfinished).
            calls = self._declaring.calls
            options["dealer_original_one_spade"] = (
                self._declaring.dealer == self._dealer
                and self._contract.declarer == self._dealer
                and self._contract.level == 1
                and self._contract.declaration == "S"
                and bool(calls)
                and str(calls[0]) == "1S"
                and all(not c.is_bid for c in calls[1:])
            )
        return options

    def _finish_hand(self) -> None:
        assert self._position is not None
        pos = self._position
        tricks = PerSide(pos.tricks_won(Side.NS), pos.tricks_won(Side.EW))
        self._record_score(tricks, pos.tricks, self._score_options())

    def _record_score(
        self,
        tricks: PerSide,
        played: Sequence[Trick],
        options: dict[str, Any],
        conceded: PerSide | None = None,
    ) -> None:
        assert self._contract is not None
        contract = self._contract
        maker = self._declaring.maker
        before = copy.deepcopy(self._session)
        score = self._session.score_hand(
            contract.spec(), maker if maker is not None else contract.declarer, tricks, **options
        )
        result = HandResult(
            self._hand_number,
            self._dealer,
            self._deal,
            self._declaring.calls,
            contract,
            tuple(played),
            score,
            None,
            conceded,
            tuple(self._hand_rulings),
        )
        self._results.append(result)
        self._concluded = (self._hand_number, self._dealer, before)
        self._log.append(
            Event(
                "score",
                None,
                {
                    "number": self._hand_number,
                    "tricks": tricks.to_dict(),
                    "trick_score": score.trick_score.to_dict(),
                    "honour_column": score.honour_column.to_dict(),
                },
            )
        )
        if self._session.is_complete:
            self._end()
            return
        if self._law.compulsory_dummy is None:
            self._dealer = self._dealer.lho
        # Three-handed Bridge: "the one cutting the lowest card has the deal and a permanent
        # dummy during the game or the rubber" (Bridge (Elwell, 1906), Bridge for Three
        # Players). The session is that rubber, so its dealer, the dummy-holder, deals every
        # hand and his partner's seat stays the dummy; the next holder starts a new session.
        self._start_hand()

    def _end(self) -> None:
        self._phase = Phase.COMPLETE
        self._log.append(Event("end", None, {"totals": self._session.totals.to_dict()}))

    def _regular_call(self, call: Call | str, seat: Seat | None, *, applied: bool = False) -> None:
        c = self._declaring.call(call)
        data: dict[str, Any] = {"call": str(c)}
        if applied:  # made by a decision's rectification: replayed with the decision
            data["applied"] = True
        self._log.append(Event("call", seat, data))
        self._calls_in_hand += 1
        self._log_procedure_calls()
        self._after_call()

    def _log_procedure_calls(self) -> None:
        """Log the calls the procedure made itself after the last logged one (internal): a
        three-handed compulsory declaration, logged as dummy's call."""
        for s, extra in self._declaring.unlogged_calls(self._calls_in_hand):
            self._log.append(Event("call", s, {"call": str(extra), "compulsory": True}))
            self._calls_in_hand += 1

    # ==============================================================================================
    # Irregularities (strict=False).
    # ==============================================================================================

    def _need_lenient(self, what: str) -> None:
        if self._strict:
            raise GameError(f"{what}: the game is strict (create it with strict=False)")

    def _check_free(self) -> None:
        for r in self._open.values():
            if r.blocking:
                raise GameError(
                    f"a decision is pending: ruling {r.id} ({r.kind.value}, {r.law}); "
                    f"options: {', '.join(o.code for o in r.options)}"
                )

    def _view(self) -> HandView:
        """The hand as the referee sees it: read-only."""
        return HandView(
            law=self._law,
            code=self._code,
            phase=self._phase.value,
            dealer=self._dealer,
            deal=self._deal,
            declaring=DeclaringView(self._declaring),
            contract=self._contract,
            table=self._table,
            revokes=tuple(self._revokes),
            obligations=tuple(self._obligations),
            omissions=MappingProxyType(dict(self._omissions)),
            scores_in_games=hasattr(self._session, "add"),
            open_rulings=tuple(self._open.values()),
            calls_in_hand=self._calls_in_hand,
            toward_game=getattr(self._session, "toward_game", PerSide()),
            attention=frozenset(self._attention),
            consents=MappingProxyType(dict(self._consent_needed)),
            exposed_in_declaring=tuple(self._exposed_in_auction),
            hand_log=tuple(self._log[self._hand_log_start :]),
            # play (refplay)
            exposed=MappingProxyType(
                {seat: frozenset(cards) for seat, cards in self._callable.items()}
            ),
            hand_rulings=tuple(self._hand_rulings),
            claim_played_out=self._claim_played_out,
            surplus=tuple(self._surplus),
            conceded=self._conceded,
        )

    def _claimants(self, claimant: Claimant, offender: Seat | None) -> tuple[Seat, ...]:
        return claimants(self._view(), claimant, offender)

    def _raise(
        self,
        kind: Irregularity,
        offender: Seat | None,
        *,
        data: Mapping[str, Any] | None = None,
        options: Sequence[Option] | None = None,
        claimants: Sequence[Seat] | None = None,
        note: str | None = None,
    ) -> Ruling:
        """Record an irregularity: its ruling, and the event naming it. Where the law set's
        code has no law on it, the event records that, with no option (internal)."""
        # The code as readers know it; replay also reads the id form that earlier versions
        # wrote in this place (replay.py's _LEGACY_NO_LAW).
        rule = self._code.rules.get(kind) or Rule(
            kind, no_law_text(self._code.title, kind.value), Claimant.NONE, ()
        )
        if kind not in self._code.rules:
            options = ()
        opts = tuple(rule.options if options is None else options)
        who = (
            tuple(claimants) if claimants is not None else self._claimants(rule.claimant, offender)
        )
        ruling = Ruling(
            self._next_ruling,
            kind,
            rule.law,
            offender,
            who,
            opts,
            rule.deadline if opts else None,
            rule.blocking and bool(opts),
            dict(data or {}),
            rule.note if note is None else note,
        )
        self._next_ruling += 1
        self._hand_rulings.append(ruling)
        if opts:
            self._open[ruling.id] = ruling
        self._log.append(Event("irregularity", offender, ruling.to_json()))
        return ruling

    def _raise_request(self, request: RaiseRuling) -> Ruling:
        """Raise a ruling the referee asks for (internal)."""
        return self._raise(
            request.kind,
            request.offender,
            data=request.data,
            options=request.options,
            claimants=request.claimants,
            note=request.note,
        )

    def _close(self, ruling: Ruling, how: str) -> None:
        if self._open.pop(ruling.id, None) is not None and how != "decided":
            self._log.append(Event(how, None, {"ruling": ruling.id}))

    def _require(self, kind: Irregularity, error: type[RedoubleError], what: str) -> None:
        """Refuse (nothing changed) an irregularity the law set's code has no law on."""
        if not self._code.has(kind):
            raise error(f"{what}: {no_law_text(self._code.title, kind.value)}")

    def _options(self, kind: Irregularity, drop: Sequence[str] = ()) -> tuple[Option, ...]:
        return tuple(o for o in self._code.rule(kind).options if o.code not in drop)

    def _void_hand(self, ruling: Ruling) -> None:
        """The deal is void: the same dealer deals again; prior scores stand."""
        self._log.append(
            Event("void", self._dealer, {"number": self._hand_number, "law": ruling.law})
        )
        tricks = tuple(self._table.tricks) if self._table is not None else ()
        self._results.append(
            HandResult(
                self._hand_number,
                self._dealer,
                self._deal,
                self._declaring.calls,
                self._contract,
                tricks,
                None,
                ruling.law,
                None,
                tuple(self._hand_rulings),
            )
        )
        self._start_hand()

    def _concluded_hand(self) -> int | None:
        """The hand whose play has just concluded and been scored, while nothing of the next
        deal has happened but its dealing (no call yet), or the session ended with it."""
        if self._concluded is None:
            return None
        number = self._concluded[0]
        if self._phase is Phase.COMPLETE:
            return number if self._hand_number == number else None
        if self._phase is Phase.DECLARE and not self._calls_in_hand:
            return number if self._hand_number == number + 1 else None
        return None

    def _void_concluded(self, ruling: Ruling) -> None:
        """The deal whose play has just concluded is void (Auction Bridge (1912), Law 39): its
        score is withdrawn, the session stands as it did before it, and its dealer deals again
        (the next deal, already dealt, is set aside)."""
        assert self._concluded is not None
        number, dealer, before = self._concluded
        self._concluded = None
        self._session = before
        index = next(i for i, r in enumerate(self._results) if r.number == number)
        voided = self._results[index]
        self._results[index] = replace(
            voided, score=None, void=ruling.law, rulings=(*voided.rulings, ruling)
        )
        self._log.append(Event("void", dealer, {"number": number, "law": ruling.law}))
        self._dealer = dealer
        self._hand_number = number
        self._start_hand()

    def _find_ruling(self, ruling: int | None) -> Ruling:
        return find_ruling(self._view(), ruling)
