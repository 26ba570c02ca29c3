"""Many seeded games between bots, spread over any executor.

Examples
--------
>>> from concurrent.futures import ThreadPoolExecutor
>>> from kit.core import RandomBot, tournament
>>> from kit.loveletter import LoveLetter
>>> with ThreadPoolExecutor(1) as pool:
...     res = tournament(LoveLetter(2), [RandomBot, RandomBot], games=20, seed=1,
...                      executor=pool, progress=False)
>>> res.games, len(res.wins), len(res.seats)
(20, 2, 20)
"""

from __future__ import annotations

import math
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .driver import play
from .seeding import derive_seed

__all__ = ["tournament", "TournamentResult", "default_outcome", "wilson_interval"]


def default_outcome(state: Any) -> list[float]:
    """Scores of a finished state: its ``returns()``."""
    return list(state.returns())


@dataclass
class TournamentResult:
    """Totals per entrant (index into the ``bots`` list given to :func:`tournament`).

    ``wins[i]`` counts games where entrant ``i`` alone had the best score,
    ``shared[i]`` games where it tied for the best, ``score[i]`` its summed score.
    """

    games: int
    wins: list[int]
    shared: list[int]
    score: list[float]
    seats: list[list[int]] = field(default_factory=list, repr=False)  # entrant per seat, game by game

    def win_rate(self, i: int, shared_counts: float = 0.0) -> float:
        """Share of games entrant ``i`` won (a shared win counts ``shared_counts``)."""
        return (self.wins[i] + shared_counts * self.shared[i]) / self.games if self.games else 0.0


def wilson_interval(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a proportion: ``k`` successes in ``n`` trials.

    >>> lo, hi = wilson_interval(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    """
    if n <= 0:
        raise ValueError(f"n must be positive, not {n}")
    p = k / n
    denom = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return mid - half, mid + half


def _play_block(game: Any, factories: Sequence[Callable[..., Any]], seed: int | None,
                indices: Sequence[int], outcome: Callable[[Any], Sequence[float]]
                ) -> list[tuple[list[int], list[float]]]:
    n = game.num_players
    out = []
    for g in indices:
        # Entrants rotate through the seats: game g seats entrant (g + s) % k at seat s.
        k = len(factories)
        entrants = [(g + s) % k for s in range(n)]
        bots = [factories[e](seed=derive_seed(seed, g, s)) for s, e in enumerate(entrants)]
        initial = game.new_initial_state(first_player=g % n) if _takes_first(game) else game.new_initial_state()
        final = play(initial, bots, seed=derive_seed(seed, "chance", g))
        out.append((entrants, list(outcome(final))))
    return out


def _takes_first(game: Any) -> bool:
    import inspect
    return "first_player" in inspect.signature(game.new_initial_state).parameters


def tournament(
    game: Any,
    bots: Sequence[Callable[..., Any]],
    games: int,
    seed: int | None = 0,
    *,
    executor: Executor | None = None,
    progress: bool = True,
    block: int = 50,
    outcome: Callable[[Any], Sequence[float]] = default_outcome,
) -> TournamentResult:
    """Play ``games`` seeded games, entrants rotating through the seats.

    Parameters
    ----------
    game
        A protocol game.
    bots
        Factories called as ``factory(seed=...)`` (a bot class works); with
        processes they must be picklable (a class, or ``functools.partial``).
    games
        How many games.
    seed
        Makes the whole tournament repeatable, whatever the executor.
    executor
        Any :class:`concurrent.futures.Executor`; by default a process pool
        over this machine's cores.
    progress
        Show a tqdm progress bar.
    outcome
        ``outcome(final_state)`` scores a finished game, one number per seat.
    """
    k = len(bots)
    result = TournamentResult(games, [0] * k, [0] * k, [0.0] * k)
    chunks = [range(i, min(i + block, games)) for i in range(0, games, block)]
    own = executor is None
    pool = ProcessPoolExecutor(max_workers=os.cpu_count() or 1) if own else executor
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=games, desc=f"{getattr(game, 'name', 'game')} tournament")
    try:
        futures = [pool.submit(_play_block, game, list(bots), seed, list(c), outcome) for c in chunks]
        for fut in futures:
            block_results = fut.result()
            for entrants, scores in block_results:
                best = max(scores)
                top = [s for s, v in enumerate(scores) if v == best]
                for s, e in enumerate(entrants):
                    result.score[e] += scores[s]
                    if s in top:
                        if len(top) == 1:
                            result.wins[e] += 1
                        else:
                            result.shared[e] += 1
                result.seats.append(entrants)
            if bar is not None:
                bar.update(len(block_results))
    finally:
        if bar is not None:
            bar.close()
        if own:
            pool.shutdown()
    return result
