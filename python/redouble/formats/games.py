"""Games as file records: each hand a game played becomes a :class:`BoardRecord` (deal,
auction or Bridge declaration, contract, play, result, law set), ready for PBN, LIN or JSON.

>>> from redouble.game import Game, RandomPlayer
>>> g = Game("auction_1912", seed=1)
>>> g.auto_play(RandomPlayer(1))
>>> records = game_records(g)
>>> records[0].law_set, records[0].contract is not None
('AUCTION_WCNY_1912', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Seat
from ..deal import Vulnerability
from .records import (
    AuctionRecord,
    BoardRecord,
    Call,
    Contract,
    DeclarationRecord,
    PlayedCard,
    PlayRecord,
)

if TYPE_CHECKING:
    from ..game import Game, HandResult
    from ..laws import LawSet

__all__ = ["game_records", "hand_record"]


def _token(call: str) -> str:
    """Our call text ("P", "X", "1NT", "2R") as a record token ("Pass", "X", "1NT", "2RS")."""
    if call == "P":
        return "Pass"
    if call.endswith("R") and call[:-1].isdigit():
        return call + "S"
    return call


def _declaration(symbol: str) -> str:
    """A law set's declaration symbol as records write it (Royal Spades "R" is "RS")."""
    return "RS" if symbol == "R" else symbol


def hand_record(result: HandResult, law_set: LawSet, *, board: int | None = None) -> BoardRecord:
    """The record of one finished (or passed-out) hand under `law_set`."""
    from ..auction import CallKind

    number = board if board is not None else result.number
    auction = declaration = None
    if law_set.bid_order.value == "none":
        # Bridge: re-run the make and the conversation to recover who spoke each statement;
        # calls the procedure made itself (three-handed dummy's compulsory make) are skipped.
        from ..auction import BridgeDeclaration

        replay = BridgeDeclaration(law_set, result.dealer, deal=result.deal)
        for i, c in enumerate(result.calls):
            if replay.is_complete:
                break
            if len(replay.history) <= i:
                replay.call(c)
        statements = [
            (
                s,
                "Pass"
                if c.kind is CallKind.PASS
                else "X"
                if c.kind is CallKind.DOUBLE
                else str(c.declaration),
            )
            for s, c in replay.history
        ]
        made = any(c.kind is CallKind.BID for _, c in replay.history)
        if made:
            declaration = DeclarationRecord(tuple(statements))
    else:
        auction = AuctionRecord(
            result.dealer, tuple(Call.parse(_token(str(c))) for c in result.calls), True
        )
    declarer: Seat | None = None
    tricks: int | None = None
    play: PlayRecord | None = None
    final = result.contract
    if final is None:
        contract = Contract.passed_out()
    else:
        contract = Contract(final.level, _declaration(final.declaration), final.doublings)
        declarer = final.declarer
        won = result.tricks_won
        tricks = won.ns if declarer.side.value == 0 else won.ew
        strain = law_set.declaration(final.declaration).strain
        cards = [PlayedCard.of(card) for t in result.tricks for card in t.cards]
        play = PlayRecord.from_order(final.opening_leader, cards, strain)
    score = None
    if result.score is not None and declarer is not None:
        side = declarer.side
        score = f"{side.name} {result.score.score_for(side)}"
    return BoardRecord(
        board=number,
        dealer=result.dealer,
        vulnerability=Vulnerability.of_board(number),
        deal=result.deal,
        auction=auction,
        contract=contract,
        declarer=declarer,
        result=tricks,
        score=score,
        play=play,
        law_set=law_set.name,
        declaration=declaration,
    )


def game_records(game: Game) -> list[BoardRecord]:
    """One record per hand the game has finished, numbered in order."""
    return [hand_record(r, game.law_set) for r in game.results]
