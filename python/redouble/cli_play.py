"""``redouble play``: a game at the terminal against the built-in players.

This module owns the terminal table: the diagram of what the player may see (his hand, dummy
once exposed, the trick on the table), the auction as a grid, the contract and tricks won, the
result and score sheet after each hand, and the commands ``help``, ``rules``, ``undo``,
``claim``, ``show``, ``score`` and ``quit``. The game itself is :class:`redouble.game.Game`,
used through its public API only; ``undo`` rebuilds the game from its constructor arguments
and replays its log up to the player's last action.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from . import laws
from .cards import Card, CardSet, Seat, Side
from .cli import _deal_option
from .display import _SUITS_DOWN, can_write_symbols, colour_text
from .errors import RedoubleError
from .laws import citations

__all__ = ["cite", "law_lines", "rules_summary", "run_play"]

_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Older records name the workshop's copies of the codes by file number; these read as the code.
_LEGACY = {
    "000": citations.CODES["auction_1912"].short,
    "002": citations.CODES["auction_1912"].short,
    "000/002": citations.CODES["auction_1912"].short,
    "003": citations.CODES["bridge_1906"].short,
    "004": citations.CODES["bridge_1907"].short,
}
_SEED = re.compile(r"seed (\d{3}(?:/\d{3})?)\s*")
_ASSUMED = re.compile(r"\s*\[assumed[^\]]*\]")
_NOTES = re.compile(r"\s*\(lawsets\.md[^)]*\)")
_LAW_LIST = re.compile(r"\bL(\d+\s?[a-z]?)((?:,\s*L\d+\s?[a-z]?)*)")


def _law_words(m: re.Match[str]) -> str:
    """ "L44, L53" -> "Laws 44, 53"; "L84a" -> "Law 84a"."""
    more = re.findall(r"L(\d+\s?[a-z]?)", m.group(2))
    word = "Laws" if more else "Law"
    return f"{word} " + ", ".join([m.group(1), *more])


def cite(source: str) -> str:
    """A law set's citation as a reader finds it, e.g. "Auction Bridge (1912), Laws 44, 53".

    Citations are stored in that form (:mod:`redouble.laws.citations`); older records that name
    the codes by the workshop's file numbers are translated, and where the text was silent and
    the law set chose, it says so.
    """
    if "seed " not in source and "[assumed" not in source and "lawsets" not in source:
        return source
    assumed = bool(_ASSUMED.search(source))
    text = _NOTES.sub("", _ASSUMED.sub("", source)).strip()

    def code(m: re.Match[str]) -> str:
        return _LEGACY.get(m.group(1), "the old laws") + ", "

    text = _SEED.sub(code, text)
    text = re.sub(r"\[external:\s*([^\]]*)\]", r"(\1)", text)
    text = _LAW_LIST.sub(_law_words, text)
    text = text.rstrip(", ")
    if assumed:
        text = (text + "; " if text else "") + "redouble's decision where the text is silent"
    return text


def law_title(law_set: laws.LawSet) -> str:
    """The law set's title with any source named as a reader finds it."""
    return re.sub(
        r"\(seed (\d{3}(?:/\d{3})?)\)",
        lambda m: "(" + _LEGACY.get(m.group(1), "the old laws").removeprefix("Bridge ("),
        law_set.title,
    )


def law_lines(law_set: laws.LawSet | str, law: str | None = None) -> list[str]:
    """What ``redouble rules LAW_SET [LAW]`` prints: every law of the codes the law set plays,
    one line each in redouble's words; or, with `law`, that law and where redouble applies it.

    Raises:
        LawSetError: an unknown law set, or no law of its codes is called `law`.
    """
    from .irregularities import code_for

    ls = laws.get(law_set)
    if law is not None:
        ref = citations.find(ls, law)
        out = [f"{ref}: {ref.summary}"]
        if ref.code == "auction_1912" and ref.law is not None and ref.law <= 36:
            out.append("  (This law is known to redouble from a Thai translation of the code.)")
        elif (ref.summary or "").startswith("[not in our copy]"):
            out.append(f"  ({citations.CODES[ref.code].note})")
        used = [p for p, c in ls.citations() if _names(c, ref)]
        rules = code_for(ls).rules.values()
        used += [f"ruling {r.kind.value}" for r in rules if _names(r.law, ref)]
        if used:
            out.append("  redouble applies it in: " + ", ".join(used))
        return out
    codes = citations.codes_for(ls)
    out = [law_title(ls)]
    if not codes:
        out.append("  (modern contract bridge: its laws are not summarised here)")
    for code in codes:
        c = citations.CODES[code]
        out.append("")
        out.append(f"{c.short}: {c.title}.")
        if c.note:
            out.append(f"  {c.note}")
        for ref, line in citations.laws_of(ls):
            if ref.code == code:
                label = str(ref)[len(c.short) + 2 :]
                out.append(f"  {label:<26} {line}")
    return out


def _names(text: str, ref: citations.LawRef) -> bool:
    """Whether citation `text` names the law `ref` (its clause aside)."""
    return any(
        (r.code, r.law, r.case, r.section) == (ref.code, ref.law, ref.case, ref.section)
        for r in citations.parse(text)
    )


def _first_source(sources: Any, *keys: str) -> str:
    for k in keys:
        v = sources.get(k) if hasattr(sources, "get") else None
        if v:
            return cite(str(v))
    return ""


def rules_summary(law_set: laws.LawSet | str) -> list[str]:
    """The main laws of a law set in a few lines of our own words, each with its citation.

    Built from the law set's data, so it says what redouble actually plays.

    Raises:
        LawSetError: an unknown law set.
    """
    law = laws.get(law_set)
    out = [law_title(law)]
    decls = ", ".join(f"{d.name} {d.trick_value}" for d in law.declarations)
    out.append(
        f"Declarations and their trick values, lowest first: {decls}"
        f" [{cite(law.declarations[0].source)}]"
    )
    order = law.bid_order.name
    if order == "NONE":
        how = (
            "No bidding: the dealer names the trump (or no trump) or passes the choice to his "
            "partner, who must name it"
        )
    elif order == "VALUE_THEN_LEVEL":
        how = "Each bid must be worth more points than the last (tricks bid x trick value)"
    else:
        how = "Each bid must name more tricks, or the same number in a higher strain"
    out.append(f"{how} [{cite(law.sources['bid_order'])}]")
    d = law.doubling
    limit = (
        "without limit"
        if d.max_doublings is None
        else ("once" if d.max_doublings == 1 else f"up to {d.max_doublings} times in all")
    )
    out.append(
        f"The adversaries may double, and the doubled side double again, {limit}; each doubling "
        f"multiplies the trick values by {d.multiplier} [{_first_source(d.sources, 'max_doublings')}]"
    )
    if law.game is not None:
        out.append(
            f"A game is {law.game.threshold} points below the line, scored by tricks won over "
            f"six [{_first_source(law.game.sources, 'threshold')}]"
        )
    if law.rubber is not None:
        r = law.rubber
        out.append(
            f"The rubber goes to the side that first wins {r.games_to_win} games "
            f"[{_first_source(r.sources, 'games_to_win', 'bonus')}]"
        )
    if law.chicago is not None:
        out.append(f"Chicago: a set of {law.chicago.deals} deals with fixed vulnerability")
    if law.honours is not None:
        out.append(
            "Honours held are scored above the line, whether the contract is made or not "
            f"[{_first_source(law.honours.sources, 'trump', 'notrump')}]"
        )
    if law.undertricks is not None:
        out.append(
            "Each trick the declarer falls short scores to the adversaries above the line "
            f"[{_first_source(law.undertricks.sources, 'schedule')}]"
        )
    if law.slam is not None:
        out.append(
            f"A grand slam (all 13 tricks) scores {law.slam.grand} and a little slam (12) "
            f"{law.slam.little} above the line [{_first_source(law.slam.sources, 'grand')}]"
        )
    rev = law.revoke
    rev_src = _first_source(
        rev.sources, "tricks_per_revoke", "declarer_side_points", "max_tricks_per_revoke"
    )
    out.append(f"Players must follow suit; a revoke is penalised [{rev_src}]")
    return out


# ------------------------------------------------------------------------------------------------
# Text of the table.
# ------------------------------------------------------------------------------------------------


class _Text:
    """How cards and calls are written: suit symbols where the terminal can write them."""

    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode

    def card(self, card: Card) -> str:
        c = str(card)  # e.g. "SA", "HT"
        rank = "10" if c[1] == "T" else c[1]
        return (_SYMBOLS[c[0]] if self.unicode else c[0]) + rank

    def call(self, call: object) -> str:
        c = str(call)
        if c == "P":
            return "Pass"
        m = re.match(r"^([1-7]?)([SHDC])(X{0,2})$", c)
        if m and self.unicode:
            return f"{m.group(1)}{_SYMBOLS[m.group(2)]}{m.group(3)}"
        return c

    def holding_lines(self, hand: CardSet) -> list[str]:
        out = []
        for suit in _SUITS_DOWN:
            h = hand.holding(suit)
            ranks = " ".join(
                ("10" if r == 8 else "23456789TJQKA"[r]) for r in range(12, -1, -1) if h >> r & 1
            )
            mark = _SYMBOLS[suit.letter] if self.unicode else suit.letter
            out.append(f"{mark} {ranks or '-'}")
        return out


def _table_text(
    text: _Text,
    hands: dict[Seat, CardSet],
    trick: dict[Seat, Card],
    labels: dict[Seat, str],
) -> str:
    """The table as text: North on top, West and East either side of the trick, South below;
    hands not visible show only their label."""
    width = 24

    def block(seat: Seat) -> list[str]:
        lines = [labels[seat]]
        lines += text.holding_lines(hands[seat]) if seat in hands else ["", "", "", ""]
        return lines

    def played(seat: Seat) -> str:  # the trick on the table, each card with its seat
        return f"{seat.letter} {text.card(trick[seat])}" if seat in trick else ""

    centre = ["", played(Seat.NORTH).center(16), "", "", played(Seat.SOUTH).center(16)]
    centre[2] = played(Seat.WEST).ljust(7) + "  " + played(Seat.EAST).rjust(7)
    rows = [" " * width + x for x in block(Seat.NORTH)]
    w, e = block(Seat.WEST), block(Seat.EAST)
    for i in range(5):
        rows.append(w[i].ljust(width) + centre[i].ljust(18) + e[i])
    rows += [" " * width + x for x in block(Seat.SOUTH)]
    return "\n".join(r.rstrip() for r in rows)


def _auction_text(text: _Text, game: Any) -> str:
    """The calls of the hand in progress in four columns, West North East South."""
    declaring = game.declaring
    history = getattr(declaring, "history", None)
    if history is not None:
        pairs = [(Seat(s), c) for s, c in history]
    else:
        pairs = [(game.dealer.next(i), c) for i, c in enumerate(declaring.calls)]
    order = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    lines = ["".join(s.name.title().ljust(8) for s in order)]
    row = [""] * 4
    col = 0
    for seat, call in pairs:
        target = order.index(seat)
        if target < col:
            lines.append("".join(x.ljust(8) for x in row).rstrip())
            row, col = [""] * 4, 0
        row[target] = text.call(call)
        col = target + 1
    if any(row):
        lines.append("".join(x.ljust(8) for x in row).rstrip())
    return "\n".join(lines)


_HELP = """Commands:
  a call, e.g. 1S, 2NT, P (pass), X (double), XX (redouble); Bridge: S H D C NT or P
  a card, e.g. SA, H10, DT, C2 (or as the legal list writes it)
  show     the table again
  score    the score sheet
  rules    the main laws of the code being played
  rules N  one law of that code, e.g. rules 45, rules case 2 (rules all: every law)
  undo     take back your last call or card (practice only; see --no-undo)
  claim    as declarer, claim the remaining tricks (checked double-dummy)
  help     this list
  quit     stop"""


def _normalise_input(line: str) -> str:
    """Accept suit symbols and "10" as typed or pasted from the legal list."""
    t = line.strip()
    for sym, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        t = t.replace(sym, letter)
    t = re.sub(r"^([SHDCshdc])10$", r"\g<1>T", t)
    t = re.sub(r"^10([SHDCshdc])$", r"T\g<1>", t)
    return t


# ------------------------------------------------------------------------------------------------
# The session.
# ------------------------------------------------------------------------------------------------


class _Session:
    def __init__(self, args: argparse.Namespace, out: TextIO, inp: TextIO) -> None:
        from .game import Game, RandomPlayer

        self.out, self.inp = out, inp
        self.colour: bool | None = False if args.no_colour else None
        self.text = _Text(not args.ascii and can_write_symbols(out))
        self.human = Seat.parse(args.seat)
        self.allow_undo = not args.no_undo
        options: dict[str, Any] = {"first_dealer": args.dealer}
        self.holds_dummy = False
        law = laws.get(args.law)
        if law.compulsory_dummy is not None and self.human == Seat.parse(args.dealer).partner:
            # Three-handed Bridge: nobody sits at the permanent dummy, opposite the dealer who
            # holds it for the rubber; a player given that seat holds the dummy and deals.
            options["first_dealer"] = self.human
            self.holds_dummy = True
        if args.boards is not None:
            # Ignored in silence otherwise: a rubber or a Chicago sets its own length, and a
            # given deal is one board.
            if law.rubber is not None or law.chicago is not None:
                kind = "rubbers" if law.rubber is not None else "Chicago"
                raise RedoubleError(
                    f"--boards does not apply under --law {args.law}: {law.title} plays {kind}"
                )
            if args.deal:
                raise RedoubleError("--boards does not apply with --deal: one deal is one board")
        if args.single_game:
            if not law.plays_single_games:
                raise RedoubleError(
                    f"--single-game does not apply under --law {args.law}: {law.title} is not "
                    "played in single games (three-handed Bridge only)"
                )
            options["single_game"] = True
        by_boards = law.rubber is None and law.chicago is None
        if args.deal:
            options["deals"] = [_deal_option(args.deal, "--deal")]
            if by_boards:
                options["boards"] = 1
        else:
            options["seed"] = args.seed
            if args.boards is not None:
                options["boards"] = args.boards
        self.make: Callable[[], Any] = lambda: Game(args.law, **options)
        self.game = self.make()
        self.bots: Callable[[Any], Any] = RandomPlayer(args.seed)
        if args.opponents == "dd":
            from .players import DoubleDummyPlayer

            self.bots = DoubleDummyPlayer()
        self.marks: list[int] = []  # len(game.log) before each of the player's actions
        self.shown_hand = 0
        self.results_seen = 0
        self.tricks_seen = 0

    # -- output --------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        colour_text(text + "\n", self.out, colour=self.colour)

    def seat_label(self, seat: Seat) -> str:
        g = self.game
        name = seat.name.title()
        if seat == self.human:
            return f"{name} (you)"
        if g.contract is not None and seat == g.contract.dummy and g.dummy_exposed:
            return f"{name} (dummy)"
        return name

    def show(self) -> None:
        g = self.game
        if g.contract is None:
            self.say(_auction_text(self.text, g))
            self.say()
        else:
            pos = g.position
            won = (
                f"tricks NS {pos.tricks_won(Side.NS)}, EW {pos.tricks_won(Side.EW)}"
                if pos is not None
                else ""
            )
            c = g.contract
            self.say(f"Contract: {self.text.call(c.spec())} by {c.declarer.name.title()}   {won}")
        hands = dict(g.visible_cards(self.human))
        labels = {s: self.seat_label(s) for s in Seat}
        self.say(_table_text(self.text, hands, dict(g.trick_on_table), labels))

    def announce_hand(self) -> None:
        g = self.game
        self.shown_hand = g.hand_number
        self.tricks_seen = 0
        self.say()
        self.say(
            f"=== Hand {g.hand_number} of {law_title(g.law_set)}; dealer {g.dealer.name.title()} ==="
        )

    def report_progress(self) -> None:
        """Say what the last actions finished: a trick, a hand (result and score), the game."""
        g = self.game
        results = g.results
        if len(results) > self.results_seen:
            for r in results[self.results_seen :]:
                self.report_result(r)
            self.results_seen = len(results)
            self.tricks_seen = 0
            return
        tricks = g.tricks
        while self.tricks_seen < len(tricks):
            t = tricks[self.tricks_seen]
            self.tricks_seen += 1
            self.say(f"  Trick {self.tricks_seen} won by {t.winner.name.title()}")

    def report_result(self, r: Any) -> None:
        if r.contract is None:
            why = f" ({r.void})" if getattr(r, "void", None) else ""
            self.say(f"Hand {r.number} is passed out: all four passed{why}; nothing is scored.")
            return
        c = r.contract
        side = c.declarer.side
        won = r.tricks_won[side]
        need = (c.level or 0) + 6
        verdict = ""
        if r.score is not None and r.score.contract_made is not None:
            verdict = " made" if r.score.contract_made else f" down {need - won}"
        self.say(
            f"Hand {r.number}: {self.text.call(c.spec())} by {c.declarer.name.title()}, "
            f"{won} tricks to {side.name}{':' if verdict else ''}{verdict}."
        )
        if r.score is not None:
            s = r.score
            self.say(
                f"  Below the line: NS {s.trick_score.ns}, EW {s.trick_score.ew}; "
                f"above: NS {s.honour_column.ns}, EW {s.honour_column.ew}"
            )
        t = self.game.totals
        self.say(f"  Score so far: NS {t.ns}, EW {t.ew}")

    # -- commands ------------------------------------------------------------------------------
    def undo(self) -> None:
        if not self.allow_undo:
            self.say("Undo is off (--no-undo): a call or card once made stands.")
            return
        if not self.marks:
            self.say("Nothing of yours to take back.")
            return
        mark = self.marks.pop()
        events = self.game.log[:mark]
        game = self.make()
        for e in events[1:]:
            if e.kind == "call" and not e.data.get("compulsory"):
                game.call(str(e.data["call"]))
            elif e.kind == "play":
                game.play(str(e.data["card"]))
        self.game = game
        self.results_seen = len(game.results)
        self.tricks_seen = len(game.tricks)
        self.shown_hand = game.hand_number
        self.say("Taken back. The table is now:")
        self.show()

    def claim(self) -> None:
        g = self.game
        c = g.contract
        pos = g.position
        if c is None or pos is None:
            self.say("You can claim only during the play.")
            return
        if self.human != c.declarer:
            self.say("Only the declarer may claim the remaining tricks.")
            return
        from . import solver
        from .players import DoubleDummyPlayer

        remaining = pos.tricks_left
        value = solver.solve(pos)
        ours = value if pos.to_play.side == c.declarer.side else remaining - value
        if ours < remaining:
            self.say(
                f"The claim does not hold: with best defence your side takes {ours} of the "
                f"{remaining} tricks left. Play on."
            )
            return
        self.say(f"Claim allowed: your side takes all {remaining} remaining tricks.")
        dd = DoubleDummyPlayer()
        number = g.hand_number
        from .game import Phase

        while g.hand_number == number and g.phase is Phase.PLAY:
            g.act(dd(g))
        self.report_progress()

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> int:
        from .game import Phase

        self.say(f"You are {self.human.name.title()}. Type 'help' for the commands.")
        if self.holds_dummy:
            self.say("Three-handed: you hold the permanent dummy and deal every hand.")
        while self.game.phase is not Phase.COMPLETE:
            g = self.game
            if g.hand_number != self.shown_hand:
                self.announce_hand()
            seat = g.controller
            if seat is None:
                raise RedoubleError("the game is waiting for a ruling the terminal cannot make")
            if seat != self.human:
                self.bot_acts()
                continue
            if not self.human_acts():
                self.say("Stopped.")
                return 0
        self.say()
        self.say("The game is over. Score sheet:")
        self.say(self.game.score_sheet())
        t = self.game.totals
        self.say(f"Final score: NS {t.ns}, EW {t.ew}")
        return 0

    def bot_acts(self) -> None:
        g = self.game
        actor = g.to_act
        action = self.bots(g)
        g.act(action)
        name = actor.name.title() if actor is not None else "?"
        if isinstance(action, Card):
            self.say(f"  {name} plays {self.text.card(action)}")
        else:
            self.say(f"  {name}: {self.text.call(action)}")
        self.report_progress()

    def prompt(self) -> str:
        g = self.game
        seat = g.to_act
        assert seat is not None
        name = seat.name.title()
        if seat != self.human:
            name = f"{name} (dummy)"
        verb = "call" if g.contract is None else "play"
        return f"{name} to {verb}: "

    def legal_text(self, actions: Iterable[Any]) -> str:
        out = []
        for a in actions:
            out.append(self.text.card(a) if isinstance(a, Card) else self.text.call(a))
        return " ".join(out)

    def human_acts(self) -> bool:
        """One prompt; False when the player stops."""
        g = self.game
        self.say()
        self.show()
        self.say("Legal: " + self.legal_text(g.legal_actions()))
        while True:
            self.out.write(self.prompt())
            self.out.flush()
            line = self.inp.readline()
            if not line:
                return False
            word = line.strip().lower()
            if word in ("q", "quit", "exit"):
                return False
            if word in ("help", "h", "?"):
                self.say(_HELP)
                continue
            if word == "rules":
                for i, rule in enumerate(rules_summary(g.law_set)):
                    self.say(rule if i == 0 else f"  - {rule}")
                continue
            if word.startswith("rules "):
                what = word[6:].strip()
                try:
                    self.say("\n".join(law_lines(g.law_set, None if what == "all" else what)))
                except RedoubleError as e:
                    self.say(f"Not a law here: {e}")
                continue
            if word in ("show", "table"):
                self.show()
                continue
            if word == "score":
                self.say(g.score_sheet() or "(nothing scored yet)")
                continue
            if word == "undo":
                self.undo()
                return True
            if word == "claim":
                self.claim()
                return True
            if not word:
                continue
            mark = len(g.log)
            try:
                g.act(_normalise_input(line))
            except RedoubleError as e:
                self.say(f"Not allowed: {e}")
                continue
            self.marks.append(mark)
            self.report_progress()
            return True


def run_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    """Run ``redouble play`` with parsed `args`, reading the player's input from `inp`."""
    return _Session(args, out, inp).run()
