"""Any kit game (or a start state) as an OpenSpiel Python game.

Needs the optional extra ``openspiel`` (``pip install 'tabletop-teaching-kit[openspiel]'``);
OpenSpiel is imported only when :func:`to_openspiel` is called.

Actions get integer ids in the order of the game's own sort order, so
OpenSpiel's sorted legal-action lists match the kit's.  The ids come from the
game's ``all_actions()`` when it has one, otherwise from exploring every
state reachable from the start (fine for endgames and other small trees).
Information-state strings are the kit's ``information_state(player)``, so an
OpenSpiel policy and a kit strategy index the same information sets.

Examples
--------
>>> from kit.loveletter.endgame import endgame
>>> game = to_openspiel(endgame("princess-hunt"))          # doctest: +SKIP
>>> from open_spiel.python.algorithms import cfr           # doctest: +SKIP
>>> solver = cfr.CFRPlusSolver(game)                        # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..core.errors import KitError
from ..core.protocol import CHANCE, TERMINAL

__all__ = ["to_openspiel", "kit_policy_to_openspiel", "discover"]


def _sort_key(a: Any) -> Any:
    return a.sort_key() if hasattr(a, "sort_key") else str(a)


def discover(start: Any, max_states: int = 2_000_000) -> dict[str, Any]:
    """Walk every state from ``start``: the distinct actions, the longest game, the payoff range.

    >>> from kit.loveletter.endgame import endgame
    >>> info = discover(endgame("princess-hunt"))
    >>> info["max_game_length"], info["min_utility"], info["max_utility"]
    (8, 0.0, 1.0)
    """
    actions: dict[str, Any] = {}
    longest, lo, hi, max_chance, count = 0, float("inf"), float("-inf"), 1, 0
    stack = [(start, 0)]
    while stack:
        state, depth = stack.pop()
        count += 1
        if count > max_states:
            raise KitError(f"more than {max_states} states: give the game an all_actions() method "
                           "or start from a smaller position")
        if state.is_terminal():
            r = state.returns()
            lo, hi = min(lo, *r), max(hi, *r)
            longest = max(longest, depth)
            continue
        if state.current_player() == CHANCE:
            moves = [a for a, _ in state.chance_outcomes()]
            max_chance = max(max_chance, len(moves))
        else:
            moves = state.legal_actions()
        for a in moves:
            actions.setdefault(str(a), a)
            stack.append((state.child(a), depth + 1))
    return {"actions": sorted(actions.values(), key=_sort_key), "max_game_length": longest,
            "min_utility": float(lo), "max_utility": float(hi), "max_chance_outcomes": max_chance,
            "states": count}


def to_openspiel(game_or_state: Any, *, name: str | None = None, payoffs: str = "auto",
                 max_states: int = 2_000_000) -> Any:
    """An OpenSpiel ``pyspiel.Game`` whose states wrap the kit's.

    Parameters
    ----------
    game_or_state
        A kit game (its ``new_initial_state()`` starts each game) or a kit
        state (each OpenSpiel game starts from a copy of it).
    name
        OpenSpiel's short name (default ``"kit_" + game name``).
    payoffs
        ``"raw"``: the kit's returns; ``"difference"`` (two players): seat 0
        gets ``returns[0] - returns[1]`` and seat 1 the negative, a zero-sum
        game (what :func:`kit.trees.solve` solves, and what OpenSpiel's
        exploitability needs); ``"auto"``: raw when every ending already sums
        to zero, else the difference.
    max_states
        Cap on the exploration used to number the actions.
    """
    import pyspiel  # optional dependency, imported on demand

    if hasattr(game_or_state, "new_initial_state"):
        kit_game, make_start = game_or_state, game_or_state.new_initial_state
    else:
        start_state = game_or_state.clone()
        kit_game, make_start = start_state.game, start_state.clone
    first = make_start()
    n = kit_game.num_players
    if payoffs == "auto":
        payoffs = "raw" if _zero_sum(first) else "difference"
    if payoffs not in ("raw", "difference") or (payoffs == "difference" and n != 2):
        raise KitError(f"payoffs must be 'raw', 'auto' or (two players) 'difference', not {payoffs!r}")
    diff = payoffs == "difference"
    zero_sum = diff or _zero_sum(first)
    info = discover(first, max_states)
    if diff:
        spread = info["max_utility"] - info["min_utility"]
        info["min_utility"], info["max_utility"] = -spread, spread
    if hasattr(kit_game, "all_actions"):
        info["actions"] = sorted(kit_game.all_actions(), key=_sort_key)
    actions = info["actions"]
    ids = {str(a): i for i, a in enumerate(actions)}
    utility = pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
    short = name or f"kit_{getattr(kit_game, 'name', 'game')}"
    game_type = pyspiel.GameType(
        short_name=short, long_name=f"kit {kit_game!r}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n, min_num_players=n,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={})
    game_info = pyspiel.GameInfo(
        num_distinct_actions=len(actions), max_chance_outcomes=max(1, info["max_chance_outcomes"]),
        num_players=n, min_utility=info["min_utility"], max_utility=info["max_utility"],
        utility_sum=0.0 if zero_sum else None, max_game_length=max(1, info["max_game_length"]))

    class KitState(pyspiel.State):
        def __init__(self, game: Any, kit_state: Any) -> None:
            super().__init__(game)
            self.kit = kit_state

        def current_player(self) -> int:
            p = self.kit.current_player()
            if p == TERMINAL:
                return pyspiel.PlayerId.TERMINAL
            if p == CHANCE:
                return pyspiel.PlayerId.CHANCE
            return p

        def _legal_actions(self, player: int) -> list[int]:
            return [ids[str(a)] for a in self.kit.legal_actions()]

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [(ids[str(a)], float(p)) for a, p in self.kit.chance_outcomes()]

        def _apply_action(self, action: int) -> None:
            self.kit.apply_action(actions[action])

        def _action_to_string(self, player: int, action: int) -> str:
            return str(actions[action])

        def is_terminal(self) -> bool:
            return self.kit.is_terminal()

        def returns(self) -> list[float]:
            if not self.kit.is_terminal():
                return [0.0] * n
            r = [float(x) for x in self.kit.returns()]
            return [r[0] - r[1], r[1] - r[0]] if diff else r

        def __str__(self) -> str:
            return str(self.kit)

        def __deepcopy__(self, memo: dict) -> "KitState":
            return KitState(self.get_game(), self.kit.clone())

    class KitObserver:
        def __init__(self, iig_obs_type: Any, params: Any) -> None:
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            self.perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
            self.tensor, self.dict = None, {}

        def set_from(self, state: Any, player: int) -> None:  # no tensors
            pass

        def string_from(self, state: Any, player: int) -> str:
            if self.perfect_recall:
                return str(state.kit.information_state(player))
            import json

            return json.dumps(state.kit.observation(player), sort_keys=True)

    class KitGame(pyspiel.Game):
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, game_info, params or {})

        def new_initial_state(self) -> KitState:
            return KitState(self, make_start())

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> KitObserver:
            return KitObserver(iig_obs_type, params)

    KitGame.kit_actions = actions  # type: ignore[attr-defined]
    return KitGame()


def _zero_sum(start: Any, limit: int = 200_000) -> bool:
    stack, seen = [start], 0
    while stack and seen < limit:
        s = stack.pop()
        seen += 1
        if s.is_terminal():
            if abs(sum(s.returns())) > 1e-12:
                return False
            continue
        moves = [a for a, _ in s.chance_outcomes()] if s.current_player() == CHANCE else s.legal_actions()
        stack.extend(s.child(a) for a in moves)
    return True


def kit_policy_to_openspiel(os_game: Any, strategy: Mapping[tuple[int, Any], Mapping[str, float]],
                            default: Callable[[list[int]], list[float]] | None = None) -> Any:
    """An OpenSpiel ``TabularPolicy`` holding a kit strategy.

    ``strategy`` maps ``(player, infoset)`` to ``{action notation: probability}``
    (the shape of :class:`kit.trees.Solution`'s ``strategy``); information sets
    it does not mention keep OpenSpiel's uniform default.
    """
    from open_spiel.python import policy as os_policy

    table = os_policy.TabularPolicy(os_game)
    actions = os_game.kit_actions
    ids = {str(a): i for i, a in enumerate(actions)}
    for (player, infoset), probs in strategy.items():
        key = str(infoset)
        if key not in table.state_lookup:
            continue
        row = table.policy_for_key(key)
        row[:] = 0.0
        for act, p in probs.items():
            row[ids[str(act)]] = p
    return table
