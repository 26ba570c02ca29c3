"""Who sits at a table: people at this screen, and bots of the game's own registry.

A seat is ``"you"`` (the person at this screen), ``"person"`` (another
person at the same screen: the table covers the cards between their turns),
``"random"``, any kind of the ``BOTS`` mapping the game's package declares (:mod:`kit.core.registry`)
(Love Letter: ``"heuristic"``, ``"ismcts"``), or a bot object with
``choose(view, seat)``.

Examples
--------
>>> from kit.trees.examples import KuhnPoker
>>> seats = Seats(KuhnPoker(), ["you", "random"], seed=1)
>>> seats.humans, sorted(seats.bots), seats.kinds
([0], [1], ['you', 'random'])
>>> Seats(KuhnPoker(), ["you", "wizard"], seed=1)
Traceback (most recent call last):
...
kit.core.errors.KitError: seat 1: no 'wizard' seat for kuhn_poker; seat kinds: you, person, random, or a bot object
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..core import registry
from ..core.bots import RandomBot
from ..core.errors import KitError
from ..core.seeding import derive_seed
from ..i18n import N_

__all__ = ["HUMAN_KINDS", "DEFAULT_NAMES", "bot_kinds", "kind_labels", "Seats"]

#: Seat kinds played by people at this screen, and how a setup form names them.
HUMAN_KINDS: dict[str, str] = {"you": N_("you"), "person": N_("another person (hot seat)")}
#: The words of :class:`kit.core.RandomBot`'s ``label`` (kit.core holds no messages: the message is marked here).
RANDOM_LABEL = N_("random bot")
#: Names given to seats when none are given.
DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana")


def bot_kinds(game: Any) -> dict[str, type]:
    """The bot kinds a game offers: ``"random"`` and the ``BOTS`` (kind -> class taking ``seed=``) of the bots
    module its package declares (:mod:`kit.core.registry`; none declared, or no package: random only)."""
    pkg = registry.of(game)
    kinds: Mapping[str, type] = registry.part(pkg.name, "bots").BOTS if pkg is not None and pkg.bots else {}
    return {"random": RandomBot, **kinds}


def kind_labels(game: Any) -> dict[str, str]:
    """Every seat kind of ``game`` with its words for a setup form (message ids)."""
    bots = {k: getattr(cls, "label", k) for k, cls in bot_kinds(game).items()}
    return {**HUMAN_KINDS, **bots}


class Seats:
    """The seats of one table: their kinds, the bots (made from the table's seed), the people.

    Parameters
    ----------
    game
        The game (its package's ``BOTS`` give the bot kinds).
    players
        One entry per seat: a seat kind or a bot object.
    seed
        Each bot of a named kind is made with ``seed=derive_seed(seed, "bot", seat)``.
    bot_options
        Extra keyword arguments per bot kind (``{"ismcts": {"iterations": 300}}``).
    """

    def __init__(self, game: Any, players: Sequence[Any], *, seed: int,
                 bot_options: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        n = game.num_players
        if isinstance(players, str) or len(players) != n:
            raise KitError(f"give one seat kind per player ({n}), not {players!r}")
        kinds = bot_kinds(game)
        self.kinds: list[str] = []
        self.bots: dict[int, Any] = {}
        for s, p in enumerate(players):
            if isinstance(p, str):
                if p in HUMAN_KINDS:
                    pass
                elif p in kinds:
                    options = dict((bot_options or {}).get(p, {}))
                    self.bots[s] = kinds[p](seed=derive_seed(seed, "bot", s), **options)
                else:
                    choices = ", ".join([*HUMAN_KINDS, *kinds])
                    raise KitError(f"seat {s}: no {p!r} seat for {game.name}; seat kinds: {choices}, or a bot object")
                self.kinds.append(p)
            elif callable(getattr(p, "choose", None)):
                self.kinds.append("bot")
                self.bots[s] = p
            else:
                raise KitError(f"seat {s}: {p!r} is neither a seat kind nor a bot with choose(view, seat)")

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this screen."""
        return [s for s, k in enumerate(self.kinds) if k in HUMAN_KINDS]

    def label(self, seat: int) -> str:
        """What sits at ``seat``, as a message id ("heuristic bot"; "" for a person)."""
        k = self.kinds[seat]
        if k in HUMAN_KINDS:
            return ""
        bot = self.bots[seat]
        return getattr(bot, "label", None) or getattr(bot, "name", None) or type(bot).__name__
