"""Game-agnostic foundations: the protocol, errors, seeding, drivers, JSON.

Examples
--------
>>> import kit.core as core
>>> core.CHANCE, core.TERMINAL
(-1, -4)
"""

from .errors import GameOverError, IllegalActionError, InvalidActionError, KitError
from .protocol import CHANCE, TERMINAL, Game, State, sorted_actions
from .seeding import ChanceOutcomes, FrozenList, below, derive_seed, make_rng, sample_outcome
from .bots import Bot, PlayerView, RandomBot, view_for
from .driver import play, play_at_random, replay
from . import registry
from .registry import GamePackage
from .serialize import game_from_settings, load, loads, register_game, save
from .tournament import Fault, TournamentResult, bots_from_folder, tournament, wilson_interval
from .match import Match, SingleRound

__all__ = [
    "CHANCE", "TERMINAL", "Game", "State", "sorted_actions",
    "KitError", "InvalidActionError", "IllegalActionError", "GameOverError",
    "make_rng", "sample_outcome", "below", "derive_seed", "ChanceOutcomes", "FrozenList",
    "Bot", "PlayerView", "RandomBot", "view_for",
    "play", "play_at_random", "replay",
    "save", "load", "loads", "register_game", "game_from_settings", "GamePackage", "registry",
    "tournament", "TournamentResult", "Fault", "bots_from_folder", "wilson_interval", "Match", "SingleRound",
]
