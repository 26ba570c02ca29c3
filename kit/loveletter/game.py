"""The Love Letter game: settings and a factory of rounds.

Examples
--------
>>> from kit.loveletter import LoveLetter
>>> g = LoveLetter(players=4, edition="classic")
>>> g
LoveLetter(players=4, edition='classic', variant=None)
>>> g.tokens_to_win
3
>>> LoveLetter(5, edition="classic")
Traceback (most recent call last):
...
kit.core.errors.KitError: the classic edition is for 2 to 4 players, not 5
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.errors import KitError
from ..core.protocol import Game
from .actions import parse_action
from .cards import Edition, edition
from .saves import load as load_save
from .state import LoveLetterState, _Rules

__all__ = ["LoveLetter"]


@lru_cache(maxsize=None)
def _rules(ed: Edition, n: int) -> _Rules:
    return _Rules(ed, n)


class LoveLetter(Game):
    """One round of Love Letter as a protocol game.

    Parameters
    ----------
    players
        Number of players (classic 2–4, 2019 2–6).
    edition
        ``"classic"`` (16 cards) or ``"2019"`` (21 cards, Spy and Chancellor).
    variant
        ``"first-publisher"`` (classic only): 7/5/4 tokens and a round-end tie
        broken by the higher sum of discards.  Never the default.
    """

    name = "loveletter"

    def __init__(self, players: int = 2, edition: str = "2019", variant: str | None = None) -> None:
        ed = globals()["edition"](edition, variant)
        counts = self.player_counts(edition=edition, variant=variant)
        if not isinstance(players, int) or isinstance(players, bool) or players not in counts:
            raise KitError(f"the {edition} edition is for {counts[0]} to {counts[-1]} players, not {players}")
        self.num_players = players
        self.edition: Edition = ed
        self._edition_name = str(edition)
        self._variant = variant
        self._rules = _rules(ed, players)

    @classmethod
    def player_counts(cls, **settings: Any) -> range:
        """The player counts of an edition (docs/rules/loveletter.md#editions): classic 2 to 4, 2019 2 to 6.

        ``settings``: ``edition`` (default ``"2019"``, as the constructor's) and
        ``variant`` (the first-publisher variant is for 2 to 4, like the classic edition).

        >>> LoveLetter.player_counts(edition="classic"), LoveLetter.player_counts(edition="2019")
        (range(2, 5), range(2, 7))
        >>> LoveLetter.player_counts(edition="classic", variant="first-publisher")
        range(2, 5)
        """
        cls._known_settings(settings, ("edition", "variant"))
        lo, hi = globals()["edition"](settings.get("edition", "2019"), settings.get("variant")).players
        return range(lo, hi + 1)

    @property
    def tokens_to_win(self) -> int:
        """Tokens that win the game at this player count."""
        return self.edition.tokens_to_win[self.num_players]

    @property
    def cards(self) -> list[Any]:
        """The edition's kinds of card, lowest first."""
        return self.edition.cards

    def __reduce__(self) -> tuple:
        # Pickle the settings only (processes rebuild their own caches).
        return (LoveLetter, (self.num_players, self._edition_name, self._variant))

    def settings(self) -> dict[str, Any]:
        return {"players": self.num_players, "edition": self._edition_name, "variant": self._variant}

    def new_initial_state(self, first_player: int = 0) -> LoveLetterState:
        """A round before the set-aside card is drawn; ``first_player`` moves first."""
        return LoveLetterState(self, first_player)

    def parse_action(self, text: str) -> Any:
        """Read ``"Guard p1 Priest"``, ``"keep Guard under Priest Baron"``, ``"deal Spy"``."""
        return parse_action(text, self.edition)

    def state_from_json(self, data: str | dict) -> LoveLetterState:
        """The state saved by ``to_json`` (text or its dict), every field checked: a refusal is a
        :class:`~kit.core.KitError` naming the field and what is allowed (:mod:`kit.loveletter.saves`)."""
        return load_save(self, data)
