"""The helpers the per-code rule tables share: option builders and deadlines."""

from __future__ import annotations

from .catalogue import Option, OptionCode

# --------------------------------------------------------------------------------------------
# The catalogue.
# --------------------------------------------------------------------------------------------


def _o(code: str, text: str, law: str, *aliases: str) -> Option:
    return Option(OptionCode(code), text, law, aliases)


def _second_hand_options(law: str, who: str) -> tuple[Option, ...]:
    """Auction Bridge (1912), Laws 80, 92, Bridge (Elwell, 1906), Laws 82, 100: the partner of the
    offender may be called upon to play his highest or lowest card of the suit played, or to win or
    lose the trick (the laws name the four together: :data:`JOINT_WORDINGS`)."""
    return (
        _o("highest", f"the {who} plays his highest card of the suit led", law),
        _o("lowest", f"the {who} plays his lowest card of the suit led", law),
        _o("win", f"the {who} wins the trick if he can", law),
        _o("lose", f"the {who} loses the trick if he can", law),
        _o(_WAIVE, _T_WAIVE, law),
    )


_WAIVE = "waive"
_T_WAIVE = "exact no penalty"

_DEADLINE_QUITTED = "before the trick is turned and quitted"
_DEADLINE_REVOKE_FIX = (
    "before the trick is turned and quitted, and before the revoking player or his partner "
    "leads or plays to the following trick"
)
_DEADLINE_NEXT_CUT = "before the cards are cut for the next deal"
_DEADLINE_SECOND_HAND = "until the second hand has played"
_DEADLINE_BEFORE_ADVERSARY_ACTS = "before an adversary has passed, doubled or declared"
_DEADLINE_DEAL = "before the deal is completed, and not by a player who has looked at his cards"
_DEADLINE_NEXT_CALL = "before the next call"
_DEADLINE_NEXT_CARD = "before the next card is played"
