"""Card-counting exercises for Love Letter: positions, reference answers, checkers.

A :class:`Position` is what one seat sees at one of its turns: its
observation (its hand, every discard in order, the face-up cards, the events
it saw; :attr:`Position.log` tells them in words) and its exact card counting (:func:`kit.loveletter.posterior`, which
reads only what the seat saw).  Nothing else of the round is kept, so a
position can be handed to a learner without giving away a hidden card.

The exercises count the simple way first: a card is *unseen* when it is
neither in the seat's hand nor face up on the table (discards and the
face-up cards of a 2-player round).  Each opponent's card is then any unseen
card with equal chance, and :func:`naive_chance` is the unseen copies over
all unseen cards.  The exact card counting of :func:`kit.loveletter.posterior`
also uses what the seat saw privately (a Priest, a Baron, a King trade),
failed Guard guesses and the Countess rule; comparing the two is the last
exercise.

Checkers take the learner's *function* and run it on many seeded positions,
so a lucky guess does not pass; they return a :class:`Check` that says what
was tried and, on the first wrong answer, what was expected and why.

Examples
--------
>>> from kit.teach.loveletter import positions, unseen_counts, naive_chance
>>> pos = positions(1, seed=3)[0]
>>> sum(unseen_counts(pos.observation).values()) + len(pos.observation["hand"]) + sum(
...     len(d) for d in pos.observation["discards"]) + len(pos.observation["face_up"])
16
>>> naive_chance(pos.observation, "Princess") <= 1
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..core import KitError, RandomBot, derive_seed, play
from .checks import Check, read_fraction, run_cases
from ..loveletter import EDITIONS, LoveLetter, LoveLetterState, posterior

__all__ = ["Position", "Check", "positions", "unseen_counts", "naive_chance", "naive_guard_guesses",
           "read_fraction", "check_unseen", "check_chance", "check_guard_guess"]


@dataclass(frozen=True)
class Position:
    """One seat's view at one of its turns.

    Attributes
    ----------
    observation
        ``state.observation(seat)``: everything the seat may know, JSON-ready.
    seat
        The seat whose view this is (it is to move, holding two cards).
    counting
        The seat's exact card counting: ``{opponent: {card name: Fraction}}``
        for each opponent still in the round (policy-free
        :func:`kit.loveletter.posterior`; it uses only what the seat saw).
    """

    observation: dict[str, Any]
    seat: int
    counting: dict[int, dict[str, Fraction]]

    @property
    def log(self) -> list[str]:
        """The round so far in words, as the seat saw it (its events, narrated; seats named ``p0``, ``p1``...).

        >>> positions(1, seed=3)[0].log[:2]
        ['A card was set aside face down.', 'Face up for everyone, out of this round: Handmaid, Guard, Priest.']
        """
        from ..render.narration.loveletter import narrate  # lazy: exercises never need the renderer

        obs = self.observation
        names = [f"p{s}" for s in range(obs["players"])]
        return [ln.text for ln in narrate(obs["log"], names=names, reader=self.seat)]

    def _repr_html_(self) -> str:
        """The table as the seat sees it (from the observation alone)."""
        from ..render.loveletter import table_html  # lazy: exercises never need the renderer

        return table_html(self.observation)


def positions(count: int, seed: int | None = 0, *, edition: str = "classic", players: int = 2,
              variant: str | None = None) -> list[Position]:
    """``count`` seeded positions of random play, each at a turn of seat 0.

    Each position comes from its own round (random bots, seeded), at a turn of
    seat 0 picked at random among its turns of that round; rounds where seat 0
    never moves are skipped.  Same seed, same positions.

    >>> [p.seat for p in positions(3, seed=1, players=3)]
    [0, 0, 0]
    """
    if not isinstance(count, int) or count < 1:
        raise KitError(f"count must be a positive whole number, not {count!r}")
    game = LoveLetter(players, edition=edition, variant=variant)
    out: list[Position] = []
    k = 0
    while len(out) < count:
        rng = random.Random(derive_seed(seed, "position", k))
        k += 1
        turns: list[LoveLetterState] = []

        def keep(state: Any, player: int, action: Any) -> None:
            if player == 0 and state.phase == "play":
                turns.append(state.clone())

        bots = [RandomBot(derive_seed(seed, k, s)) for s in range(players)]
        play(game.new_initial_state(first_player=rng.randrange(players)), bots, seed=rng, on_action=keep)
        if turns:
            real = turns[rng.randrange(len(turns))]
            counting = {o: {str(c): p for c, p in dist.items()} for o, dist in posterior(real, 0).items()}
            out.append(Position(real.observation(0), 0, counting))
    return out


def _edition(observation: Mapping[str, Any]) -> Any:
    name = observation.get("edition")
    if name not in EDITIONS:
        raise KitError(f"not a Love Letter observation: edition {name!r}")
    return EDITIONS[name]


def unseen_counts(observation: Mapping[str, Any]) -> dict[str, int]:
    """Copies of each card the seat has not seen: the deck less its hand, discards and face-up cards.

    Every card of the edition is a key (0 when all its copies are seen).

    >>> obs = {"edition": "classic", "hand": ["Guard", "Princess"], "discards": [["Priest"], []],
    ...        "face_up": ["Guard", "King", "Baron"]}
    >>> unseen_counts(obs)
    {'Guard': 3, 'Priest': 1, 'Baron': 1, 'Handmaid': 2, 'Prince': 2, 'King': 0, 'Countess': 1, 'Princess': 0}
    """
    ed = _edition(observation)
    left = {str(c): ed.counts[int(c)] for c in ed.cards}
    seen = list(observation["hand"]) + [c for d in observation["discards"] for c in d] + list(observation["face_up"])
    for c in seen:
        left[c] -= 1
    return left


def naive_chance(observation: Mapping[str, Any], card: str) -> Fraction:
    """The chance that one given opponent holds ``card``, counting the simple way.

    >>> obs = {"edition": "classic", "hand": ["Guard", "Princess"], "discards": [["Priest"], []],
    ...        "face_up": ["Guard", "King", "Baron"]}
    >>> naive_chance(obs, "Handmaid")   # 2 Handmaids among 10 unseen cards
    Fraction(1, 5)
    """
    left = unseen_counts(observation)
    if card not in left:
        raise KitError(f"{card!r} is not a card of the {observation['edition']} edition; cards: {', '.join(left)}")
    return Fraction(left[card], sum(left.values()))


def naive_guard_guesses(observation: Mapping[str, Any]) -> list[str]:
    """The cards a Guard should name by simple counting: the most unseen copies, Guard excluded.

    >>> obs = {"edition": "classic", "hand": ["Guard", "Princess"], "discards": [["Priest"], []],
    ...        "face_up": ["Guard", "King", "Baron"]}
    >>> naive_guard_guesses(obs)
    ['Handmaid', 'Prince']
    """
    left = unseen_counts(observation)
    del left["Guard"]
    top = max(left.values())
    return [c for c, n in left.items() if n == top and n > 0]


def _describe(pos: Position) -> str:
    obs = pos.observation
    return (f"hand {obs['hand']}, discards {obs['discards']}"
            + (f", face up {obs['face_up']}" if obs["face_up"] else ""))


def _run(fn: Callable[..., Any], count: int, seed: int | None, edition: str, players: int,
         ask: Callable[[Position], tuple[tuple, Callable[[Any], str | None]]]) -> Check:
    """Call ``fn`` on ``count`` positions; ``ask(position)`` gives its arguments and a judge of the answer."""
    return run_cases(fn, positions(count, seed, edition=edition, players=players), ask,
                     f"positions ({edition}, {players} players)", _describe, "position")


def check_unseen(fn: Callable[[Mapping[str, Any]], Mapping[str, int]], count: int = 40, seed: int | None = 0, *,
                 edition: str = "classic", players: int = 2) -> Check:
    """Check ``fn(observation) -> {card name: unseen copies}`` against :func:`unseen_counts`.

    Cards with no unseen copy may be left out of the answer.

    >>> check_unseen(unseen_counts).ok
    True
    """
    def ask(pos: Position) -> tuple[tuple, Callable[[Any], str | None]]:
        want = {c: n for c, n in unseen_counts(pos.observation).items() if n}

        def judge(answer: Any) -> str | None:
            if not isinstance(answer, Mapping):
                return f"expected a dict like {{'Guard': 3, ...}}, got {answer!r}"
            got = {str(c): n for c, n in answer.items() if n}
            if got == want:
                return None
            diff = [f"{c}: {got.get(c, 0)} instead of {want.get(c, 0)}" for c in sorted(set(got) | set(want))
                    if got.get(c, 0) != want.get(c, 0)]
            return "wrong counts: " + "; ".join(diff)

        return (pos.observation,), judge

    return _run(fn, count, seed, edition, players, ask)


def check_chance(fn: Callable[[Mapping[str, Any], str], Any], count: int = 40, seed: int | None = 0, *,
                 edition: str = "classic", players: int = 2) -> Check:
    """Check ``fn(observation, card) -> probability`` against :func:`naive_chance` for every card.

    Answers may be Fractions, numbers or text such as ``"2/7"`` (see :func:`read_fraction`).

    >>> check_chance(naive_chance, count=5).ok
    True
    >>> print(check_chance(lambda obs, card: "1/8", count=5))  # doctest: +ELLIPSIS
    ✘ position 1 (...): the chance of ... is ... not 1/8: ... unseen ...
    """
    if not callable(fn):
        raise KitError(f"give your function itself (without calling it), not {fn!r}")

    # fn is called once per card; _run judges the answers of a position together.
    def per_position(pos: Position) -> tuple[tuple, Callable[[Any], str | None]]:
        cards = list(unseen_counts(pos.observation))

        def judge(answers: Any) -> str | None:
            left = unseen_counts(pos.observation)
            total = sum(left.values())
            for card, answer in zip(cards, answers):
                want = naive_chance(pos.observation, card)
                try:
                    got = read_fraction(answer)
                except KitError as exc:
                    return f"for {card}: {exc}"
                if got != want:
                    return (f"the chance of {card} is {want} not {got}: {left[card]} {card} unseen "
                            f"among {total} unseen cards")
            return None

        return (pos.observation, cards), judge

    return _run(lambda obs, cards: [fn(obs, c) for c in cards], count, seed, edition, players, per_position)


def check_guard_guess(fn: Callable[[Mapping[str, Any]], str], count: int = 40, seed: int | None = 0, *,
                      edition: str = "classic", players: int = 2) -> Check:
    """Check ``fn(observation) -> card name`` names a card with the most unseen copies (never the Guard).

    >>> check_guard_guess(lambda obs: naive_guard_guesses(obs)[0]).ok
    True
    """
    def ask(pos: Position) -> tuple[tuple, Callable[[Any], str | None]]:
        best = naive_guard_guesses(pos.observation)
        left = unseen_counts(pos.observation)

        def judge(answer: Any) -> str | None:
            name = str(answer).strip().title()
            if name == "Guard":
                return "a Guard may not name the Guard"
            if name not in left:
                return f"{answer!r} is not a card of the edition; cards: {', '.join(left)}"
            if name not in best:
                return (f"{name} has {left[name]} unseen, but {' and '.join(best)} "
                        f"{'has' if len(best) == 1 else 'have'} {left[best[0]]}")
            return None

        return (pos.observation,), judge

    return _run(fn, count, seed, edition, players, ask)
