"""Bots and tournaments: write a bot, enter it in a class tournament, read win rates with intervals.

A bot is any class with ``choose(view, seat) -> action`` (and ``__init__(seed=None)``);
``view`` shows only what the seat may know (:data:`kit.core.bots.SEAT_VIEW`).
The exercises rise in difficulty:

1. :func:`check_no_princess`: a Love Letter bot that never throws the Princess away
   (:class:`NoPrincessBot`, on :func:`princess_cases`);
2. :func:`check_counting_bot`: a bot that counts cards: its Guard names a card with the most
   unseen copies (:class:`CountingBot`, on :func:`guard_cases`);
3. :func:`check_wake_best`: a Sleeping Queens bot that wakes the best Queen with its King
   (:class:`WakeBestBot`, on :func:`wake_cases`; :func:`wake_values` says what each choice is worth);
4. :func:`check_class_tournament`: enter your bots in a class tournament
   (:func:`kit.core.tournament`; the task from :func:`tournament_task`);
5. :func:`check_interval`: the 95 % interval of a win rate (:func:`win_interval`, Wilson's);
6. :func:`check_paired_z`: how far apart two bots are, deal by deal, in standard errors: a **paired**
   test, since the games of one deal are played with the seats swapped (:func:`paired_z`, on the
   differences of :func:`paired_differences`);
7. :func:`check_significant`: is the difference between two bots significant?
   (the case from :func:`significance_case`).

Checkers are :class:`kit.teach.hints.Checker`: they take the learner's bot
class (or function, or answer), try it on many seeded cases (``seed=`` gives
endless variants), and say right, or what was wrong (never the answer);
``check_x.hint(1)`` ... ``.hint(3)`` help in steps.  A bot is tried through
:class:`kit.core.PlayerView` (the seat's view); its answer is read by its
notation (an action, or text such as ``"Guard p1 Priest"``), never evaluated.

Examples
--------
>>> from kit.teach.bots import check_no_princess, NoPrincessBot, princess_cases
>>> case = princess_cases(1, seed=2)[0]
>>> "Princess" in case.observation["hand"]
True
>>> bool(check_no_princess(NoPrincessBot))
True
>>> round(win_interval(30, 50)[0], 3)
0.462
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Sequence

from ..core import KitError, PlayerView, RandomBot, derive_seed
from ..core.protocol import CHANCE, TERMINAL
from ..core.sealed import BotFault, validate_action
from ..core.seeding import sample_outcome
from ..core.tournament import TournamentResult, wilson_interval
from ..i18n import N_, _, name, ngettext
from ..loveletter import LoveLetter, posterior
from ..loveletter.actions import Play
from ..sleepingqueens.actions import King
from ..sleepingqueens.cards import QUEEN_POINTS, RIVAL_PAIRS, RIVALS as _RIVALS
from ..sleepingqueens.position import position
from .checks import Check, read_fraction
from .hints import checker
from .loveletter import EDITION_WORDS, unseen_counts

__all__ = ["BotCase", "princess_cases", "prince_trap_cases", "guard_cases", "wake_cases", "wake_values", "QUEENS", "RIVALS",
           "NoPrincessBot", "CountingBot", "WakeBestBot", "TournamentTask", "tournament_task",
           "win_interval", "paired_differences", "paired_z", "SignificanceCase", "significance_case", "is_significant",
           "check_no_princess", "check_counting_bot", "check_wake_best", "check_class_tournament",
           "check_interval", "check_paired_z", "check_significant"]

#: Every Sleeping Queens Queen and her points.
QUEENS: dict[str, int] = {str(q): p for q, p in QUEEN_POINTS.items()}
#: The Queens who cannot sit in front of the same player, each Queen's rival (the Cat's is the Dog): the second
#: one woken goes straight back to sleep.  Read from the rules (:data:`kit.sleepingqueens.cards.RIVALS`).
RIVALS: dict[str, str] = {str(q): str(r) for q, r in _RIVALS.items()}
#: How close a number must be to the exact one.
TOLERANCE = 1e-3


# ====================================================================== cases
@dataclass(frozen=True)
class BotCase:
    """One position where a bot must move: the seat to move and its view.

    ``view`` is the seat's :class:`~kit.core.PlayerView` (what the checker
    hands a bot); ``observation`` what the seat sees.  In a notebook a case
    shows the table as that seat sees it.
    """

    _state: Any = field(repr=False)
    seat: int

    @property
    def view(self) -> PlayerView:
        return PlayerView(self._state, self.seat)

    @property
    def observation(self) -> dict[str, Any]:
        return self._state.observation(self.seat)

    def _repr_html_(self) -> str:
        obs = self.observation
        if obs.get("game") == "sleepingqueens":
            from ..render.sleepingqueens import table_html  # lazy: exercises never need the renderer
        else:
            from ..render.loveletter import table_html
        return table_html(obs)


def _random_turns(game: Any, seed: int | None, want: Callable[[Any, int], bool], count: int,
                  tag: str) -> list[BotCase]:
    """``count`` positions of seeded random rounds where the player to move passes ``want`` (one a round)."""
    if not isinstance(count, int) or count < 1:
        raise KitError(f"count must be a positive whole number, not {count!r}")
    out: list[BotCase] = []
    for k in range(count * 200):
        if len(out) == count:
            break
        rng = random.Random(derive_seed(seed, tag, k))
        bots = [RandomBot(derive_seed(seed, tag, k, s)) for s in range(game.num_players)]
        state = game.new_initial_state(first_player=rng.randrange(game.num_players))
        found = []
        while True:
            p = state.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
                continue
            if want(state, p):
                found.append(state.clone())
            state.apply_action(bots[p].choose(PlayerView(state, p), p))
        if found:
            pick = found[rng.randrange(len(found))]
            out.append(BotCase(pick, pick.current_player()))
    return out


def _plays(state: Any) -> list[Any]:
    legal = state.legal_actions()
    return legal if legal and all(isinstance(a, Play) for a in legal) else []


def _holds(state: Any, seat: int, card: str) -> bool:
    return card in state.observation(seat)["hand"]


def _loses(action: Any, seat: int) -> bool:
    """Does this play throw the Princess away (her, or a Prince on oneself while holding her)?"""
    return action.card.name == "PRINCESS" or (action.card.name == "PRINCE" and action.target == seat)


def princess_cases(count: int = 30, seed: int | None = 0) -> list[BotCase]:
    """Positions where the player to move holds the Princess and has a play that keeps her.

    From seeded random rounds of both editions, two to four players.

    >>> cases = princess_cases(4, seed=1)
    >>> all("Princess" in c.observation["hand"] for c in cases)
    True
    """
    out: list[BotCase] = []
    for i in range(count):
        players = 2 + (i % 3)
        edition = "2019" if i % 2 else "classic"

        def want(state: Any, p: int) -> bool:
            plays = _plays(state)
            return bool(plays) and _holds(state, p, "Princess") and not all(_loses(a, p) for a in plays)

        out += _random_turns(LoveLetter(players, edition=edition), derive_seed(seed, "princess", i), want, 1,
                             "princess")
    return out


def prince_trap_cases(count: int = 6, seed: int | None = 0) -> list[BotCase]:
    """Positions where the player to move holds the Prince **and** the Princess, and may play the Prince on
    someone else: the trap of the Prince on oneself.

    Two to four players, both editions; the player to move sits first (seat 0) in every other case and last in
    the others, so that a bot which always picks the first (or the last) Prince move is caught too.

    >>> cases = prince_trap_cases(4, seed=1)
    >>> all(sorted(c.observation["hand"]) == ["Prince", "Princess"] for c in cases), [c.seat for c in cases]
    (True, [0, 2, 0, 1])
    """
    out: list[BotCase] = []
    for i in range(count):
        players = 2 + (i % 3)
        edition = "2019" if i % 2 else "classic"
        mover = 0 if i % 2 == 0 else players - 1

        def want(state: Any, p: int, mover: int = mover) -> bool:
            plays = _plays(state)
            return (p == mover and bool(plays) and _holds(state, p, "Prince") and _holds(state, p, "Princess")
                    and not all(_loses(a, p) for a in plays))

        out += _random_turns(LoveLetter(players, edition=edition), derive_seed(seed, "prince trap", i), want, 1,
                             "prince trap")
    return out


def guard_cases(count: int = 30, seed: int | None = 0) -> list[BotCase]:
    """Positions (classic edition, two players) where the player to move holds a Guard and may aim it.

    >>> c = guard_cases(1, seed=1)[0]
    >>> "Guard" in c.observation["hand"] and c.observation["edition"]
    'classic'
    """
    def want(state: Any, p: int) -> bool:
        return any(a.card.name == "GUARD" and a.guess is not None for a in _plays(state))

    return _random_turns(LoveLetter(2, edition="classic"), seed, want, count, "guard")


def wake_cases(count: int = 30, seed: int | None = 0) -> list[BotCase]:
    """Sleeping Queens positions (two players) where the player to move holds a King.

    Some sleeping Queens lie face up (everyone saw them go back to sleep),
    the others face down; each player has some Queens in front of them.  The
    cases mix every kind of answer: a face-up Queen is best, a face-down one
    is best, the best-looking face-up Queen is the rival of one you have
    (the rivals of :data:`RIVALS`; without rivals in the rules, only the
    first two kinds).

    >>> c = wake_cases(1, seed=2)[0]
    >>> "King" in c.observation["hand"]
    True
    """
    if not isinstance(count, int) or count < 1:
        raise KitError(f"count must be a positive whole number, not {count!r}")
    out = []
    names = sorted(QUEENS)
    numbers = [str(k) for k in range(1, 11)]
    # each rival pair both ways round: (the one you have, her rival face up)
    traps = [(str(a), str(b)) for pair in RIVAL_PAIRS for a, b in (pair, pair[::-1])]
    kinds = 3 if traps else 2
    k = 0
    while len(out) < count:
        if k >= 1000 * count:  # pragma: no cover - every kind is found within a few dozen draws
            raise KitError(f"no {count} wake cases found in {k} random deals")
        rng = random.Random(derive_seed(seed, "wake", k))
        k += 1
        kind = len(out) % kinds  # 0: a face-up Queen is best; 1: face down is best; 2: the rival trap
        pool = names[:]
        rng.shuffle(pool)
        mine = [pool.pop() for _ in range(rng.randrange(0, 3))]
        theirs = [pool.pop() for _ in range(rng.randrange(0, 3))]
        up = [pool.pop() for _ in range(rng.randrange(1, 4))]
        if kind == 2:
            if any(q in theirs for pair in traps for q in pair):
                continue
            have, rival = rng.choice(traps)
            for q in (have, rival):
                for group in (mine, up, pool):
                    if q in group:
                        group.remove(q)
            mine.append(have)
            up.append(rival)
        if any(RIVALS.get(q) in queens for queens in (mine, theirs) for q in queens):
            continue  # nobody may have two rivals
        grid = ["empty"] * (len(mine) + len(theirs)) + up + ["unseen"] * (12 - len(mine) - len(theirs) - len(up))
        rng.shuffle(grid)
        try:
            state = position(hands=[["King"] + rng.sample(numbers, 4), rng.sample(numbers, 5)],
                             queens=[mine, theirs], grid=grid)
        except KitError:  # a described game that would already be over: draw another
            continue
        case = BotCase(state, 0)
        values = wake_values(case.observation)
        best = max(values.values())
        face_up_best = any(abs(v - best) < 1e-9 and case.observation["grid"][p - 1] != "asleep"
                           for p, v in values.items())
        face_down = [v for p, v in values.items() if case.observation["grid"][p - 1] == "asleep"]
        if kind == 0 and not face_up_best:
            continue
        if kind == 1 and (face_up_best or not face_down):
            continue
        if kind == 2 and (not face_down or QUEENS[up[-1]] <= max(face_down)):
            continue
        out.append(case)
    return out


# ====================================================================== reference answers
class NoPrincessBot(RandomBot):
    """Plays at random, but never throws the Princess away (nor plays a Prince on itself while holding her)."""

    def choose(self, view: Any, seat: int) -> Any:
        legal = view.legal_actions()
        hand = view.observation()["hand"]
        safe = [a for a in legal if not (isinstance(a, Play) and (
            str(a.card) == "Princess" or (str(a.card) == "Prince" and a.target == seat and "Princess" in hand)))]
        choices = safe or legal
        return choices[self.rng.randrange(len(choices))]


class CountingBot(NoPrincessBot):
    """Like :class:`NoPrincessBot`, but with a Guard in hand it plays it, naming a card (not a Guard)
    with the most unseen copies."""

    def choose(self, view: Any, seat: int) -> Any:
        guards = [a for a in view.legal_actions() if isinstance(a, Play) and a.guess is not None]
        if not guards:
            return super().choose(view, seat)
        left = unseen_counts(view.observation())
        return max(guards, key=lambda a: (left.get(str(a.guess), 0), -a.target))


def wake_values(observation: dict[str, Any]) -> dict[int, float]:
    """What waking the Queen in each sleeping place is worth to the seat, by the rule of the exercise.

    A face-up Queen is worth her points, but nothing when her rival is in
    front of the seat (she goes straight back to sleep); a face-down Queen
    the mean points of the Queens nobody has seen.

    >>> obs = {"seat": 0, "queens": [["Cat"], []], "grid": ["asleep:Dog", "asleep"] + ["empty"] * 10}
    >>> v = wake_values(obs)
    >>> v[1], round(v[2], 2)     # the Dog would go back to sleep; a face-down one: 95 points / 10 Queens
    (0.0, 9.5)
    """
    me = observation["seat"]
    awake = [q for seat in observation["queens"] for q in seat]
    up = [spot.split(":", 1)[1] for spot in observation["grid"] if spot.startswith("asleep:")]
    hidden = [q for q in QUEENS if q not in awake and q not in up]
    mean = sum(QUEENS[q] for q in hidden) / len(hidden) if hidden else 0.0
    out = {}
    for place, spot in enumerate(observation["grid"], 1):
        if spot == "asleep":
            out[place] = mean
        elif spot.startswith("asleep:"):
            q = spot.split(":", 1)[1]
            out[place] = 0.0 if RIVALS.get(q) in observation["queens"][me] else float(QUEENS[q])
    return out


class WakeBestBot(RandomBot):
    """With a King in hand, wakes the sleeping Queen worth most (:func:`wake_values`); else at random."""

    def choose(self, view: Any, seat: int) -> Any:
        kings = [a for a in view.legal_actions() if isinstance(a, King)]
        if not kings:
            return super().choose(view, seat)
        values = wake_values(view.observation())
        return max(kings, key=lambda a: values[a.place])


def win_interval(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate (:func:`kit.core.tournament.wilson_interval`).

    >>> [round(x, 3) for x in win_interval(7, 20)]
    [0.181, 0.567]
    """
    return wilson_interval(wins, games)


def paired_differences(result: TournamentResult, a: int | str, b: int | str) -> list[int]:
    """Bot ``a`` against bot ``b``, deal by deal: for each deal both played, ``a``'s wins minus ``b``'s.

    A tournament plays each table's deal once per rotation of its seats (with two players: twice, the seats
    swapped), so the games of one deal come in a group: the same cards, each bot in each seat.  A deal that
    favours a seat favours each bot once, and its luck cancels inside the group.  The difference of each group
    (from ``-rotations`` to ``rotations``; a shared win counts for nobody) is what a **paired** test compares
    (:func:`paired_z`).  ``a`` and ``b`` are entrants' indices or names.

    >>> from kit.core import tournament
    >>> from kit.loveletter.bots import HeuristicBot
    >>> res = tournament(LoveLetter(2), {"heuristic": HeuristicBot, "random": RandomBot}, games=40, seed=1,
    ...                  progress=False)
    >>> d = paired_differences(res, "heuristic", "random")
    >>> len(d), sum(d) == res.wins[0] - res.wins[1], set(d) <= {-2, -1, 0, 1, 2}
    (20, True, True)
    """
    ia = result.names.index(a) if isinstance(a, str) else a
    ib = result.names.index(b) if isinstance(b, str) else b
    deals: dict[int, int] = {}
    for r in result.records:
        if ia in r.entrants and ib in r.entrants and ia != ib:
            won = [r.entrants[s] for s in r.winners] if len(r.winners) == 1 else []
            key = r.deal if r.deal >= 0 else r.index // result.num_players  # the games of one deal
            deals[key] = deals.get(key, 0) + won.count(ia) - won.count(ib)
    return [deals[key] for key in sorted(deals)]


def paired_z(differences: Sequence[float]) -> float:
    """The paired z statistic: the mean difference per deal in standard errors, ``mean / (s / sqrt(k))``.

    ``s`` is the standard deviation of the ``k`` differences (dividing by ``k - 1``).  When every difference
    is the same the statistic is 0 (all zero) or infinite.

    >>> round(paired_z([1, 0, 2, -1, 1, 0, 1, 1]), 3)     # mean 5/8, s 0.916, 8 deals
    1.93
    >>> paired_z([0, 0, 0])
    0.0
    """
    k = len(differences)
    if k < 2:
        raise KitError(f"a paired test needs at least two deals, not {k}")
    mean = sum(differences) / k
    s = math.sqrt(sum((d - mean) ** 2 for d in differences) / (k - 1))
    if s == 0:
        return 0.0 if mean == 0 else math.copysign(math.inf, mean)
    return mean / (s / math.sqrt(k))


@dataclass(frozen=True)
class SignificanceCase:
    """Two bots compared deal by deal: is the difference significant (paired test, 5 % level, two-sided)?

    ``differences[i]``: ``a``'s wins minus ``b``'s in the two games of deal ``i`` (the seats swapped).
    """

    a: str
    b: str
    differences: tuple[int, ...]

    @property
    def deals(self) -> int:
        return len(self.differences)

    def __str__(self) -> str:
        return _("{a} and {b} played {deals} deals, each twice with the seats swapped. {a}'s wins minus {b}'s, "
                 "deal by deal: {differences}.", None, a=self.a, b=self.b, deals=self.deals,
                 differences=" ".join(f"{d:+d}" if d else "0" for d in self.differences))


_NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Filip", "Greta", "Hugo", "Ines", "Jon")


def significance_case(seed: int | None = 0) -> SignificanceCase:
    """A seeded case of 20 to 60 deals, never near the edge (``|z|`` below 1.5 or above 2.5).

    >>> significance_case(3).deals >= 20
    True
    """
    rng = random.Random(derive_seed(seed, "paired significance"))
    while True:
        deals = rng.choice((20, 30, 40, 50, 60))
        edge = rng.uniform(-0.35, 0.35)          # how much better a is, per game
        diffs = []
        for _deal in range(deals):
            d = 0
            for _game in range(2):
                u = rng.random()
                d += (u < 0.5 + edge / 2) - (u > 0.5 + edge / 2 + 0.1)   # a wins, b wins, or (10 %) nobody
            diffs.append(d)
        z = paired_z(diffs)
        if math.isfinite(z) and (abs(z) < 1.5 or abs(z) > 2.5):
            a, b = rng.sample(_NAMES, 2)
            return SignificanceCase(a, b, tuple(diffs))


def is_significant(case: SignificanceCase) -> bool:
    """``|z| > 1.96`` (the paired z of :func:`paired_z`): significant at the 5 % level."""
    return abs(paired_z(case.differences)) > 1.96


@dataclass(frozen=True)
class TournamentTask:
    """What a class tournament must be: the game, at least so many games, the seed."""

    players: int
    edition: str
    games: int
    seed: int

    def game(self) -> LoveLetter:
        return LoveLetter(self.players, edition=self.edition)

    def __str__(self) -> str:
        return ngettext("Love Letter ({edition} edition, {n} player): at least {games} games, seed {seed}.",
                        "Love Letter ({edition} edition, {n} players): at least {games} games, seed {seed}.",
                        self.players, None, edition=_(EDITION_WORDS.get(self.edition, self.edition)),
                        games=self.games, seed=self.seed)


def tournament_task(seed: int | None = 0) -> TournamentTask:
    """A seeded task for :func:`check_class_tournament`.

    >>> str(tournament_task(0))
    'Love Letter (classic edition, 2 players): at least 72 games, seed 1000.'
    """
    rng = random.Random(derive_seed(seed, "tournament task"))
    s = 0 if seed is None else seed
    return TournamentTask(2, "classic" if s % 2 == 0 else "2019", rng.choice((60, 72, 90)), 1000 + 7 * s)


# ====================================================================== judging bots
def _make(bot: Any, seed: int) -> Any:
    """A fresh bot from a class (``cls(seed=...)``) or a bot itself."""
    if isinstance(bot, type):
        return bot(seed=seed)
    if callable(getattr(bot, "choose", None)):
        return bot
    raise KitError(_("give your bot class (the class itself, not a call to it), not {got}", None,
                     got=type(bot).__name__))


def _error_text(exc: BaseException) -> str:
    """An exception as data: its type and message."""
    return "{}: {}".format(type(exc).__name__, exc)


def _hand_text(case: BotCase, game: str, lang: str | None) -> str:
    return ", ".join(name(game, c, lang) for c in case.observation["hand"])


def _try_bot(bot: Any, cases: Sequence[BotCase], judge: Callable[[BotCase, Any], str | None], game: str,
             lang: str | None = None) -> Check:
    """Ask a fresh bot for each case; stop at the first wrong answer and say what was wrong."""
    try:
        _make(bot, 0)
    except NotImplementedError:
        return Check(False, 0, _("your bot is not written yet (it raises NotImplementedError)", lang))
    except KitError:
        raise
    except Exception as exc:  # noqa: BLE001 - e.g. an __init__ without seed=
        return Check(False, 0, _("your bot could not be made with {call}: {error}", lang, call="YourBot(seed=1)",
                                 error=_error_text(exc)))
    for n, case in enumerate(cases, 1):
        hand = _hand_text(case, game, lang)
        view = case.view
        try:
            answer = _make(bot, n).choose(view, case.seat)
        except NotImplementedError:
            return Check(False, n - 1, _("your bot is not written yet (it raises NotImplementedError)", lang))
        except KitError:
            raise
        except Exception as exc:  # noqa: BLE001 - a learner's bug: say so, do not crash the checker
            return Check(False, n, _("position {n} (your hand: {hand}): your bot raised {error}", lang, n=n,
                                     hand=hand, error=_error_text(exc)))
        try:
            action = validate_action(case._state.game, list(case._state.legal_actions()), answer)
        except BotFault as fault:
            return Check(False, n, _("position {n} (your hand: {hand}): your bot answered {action}, which is not "
                                     "a legal action here", lang, n=n, hand=hand, action=fault.detail["action"]))
        wrong = judge(case, action)
        if wrong is not None:
            return Check(False, n, _("position {n} (your hand: {hand}): {wrong}", lang, n=n, hand=hand, wrong=wrong))
    return Check(True, len(cases), ngettext("right on the {n} position", "right on all {n} positions", len(cases),
                                            lang))


# ====================================================================== checkers
@checker(N_("The Princess is out of the round the moment she is discarded: look at each legal action and ask "
            "whether it makes you discard her."),
         N_("Two plays lose her: playing the Princess card itself, and playing a Prince on yourself while "
            "you hold her (the Prince makes the target discard their hand). Leave those out."),
         N_("Make a list of the legal actions without those two kinds, then choose from that list at random; "
            "if the list is empty, choose from all the legal actions."))
def check_no_princess(bot: Any, seed: int | None = 0, *, count: int = 30, lang: str | None = None) -> Check:
    """Check a bot that never throws the Princess away, on :func:`princess_cases` ``(count, seed)`` and
    :func:`prince_trap_cases` (six, of the same seed).

    Each trap (the Prince and the Princess in hand) is asked of eight fresh bots (seeds of their own), so
    that a bot that forgets the Prince on itself, choosing at random, fails at every seed: it escapes a
    trap of two players with chance 1/2 a try, of four with 3/4, and all 48 tries with less than 1 in 10⁶.

    >>> check_no_princess(NoPrincessBot, count=10).ok
    True
    >>> print(check_no_princess(RandomBot, count=30))   # doctest: +ELLIPSIS
    ✘ position ...: your bot ... and is out of the round
    """
    def judge(case: BotCase, action: Any) -> str | None:
        if action.card.name == "PRINCESS":
            return _("your bot played the Princess, and is out of the round", lang)
        if action.card.name == "PRINCE" and action.target == case.seat:
            return _("your bot played the Prince on itself: it must discard the Princess, and is out of the round",
                     lang)
        return None

    traps = [case for case in prince_trap_cases(6, seed) for _try in range(8)]
    return _try_bot(bot, princess_cases(count, seed) + traps, judge, "loveletter", lang)


@checker(N_("Counting means: start from the whole deck and take away every card you have seen."),
         N_("The cards you have seen are your hand, every player's discards and the face-up cards. A Guard may "
            "not name a Guard, so leave the Guard out when you look for the card with the most copies left."),
         N_("Compute the unseen copies of each card (the deck's copies minus the ones in view.observation()'s "
            "hand, discards and face_up); among the Guard plays in legal_actions(), pick the one whose guess has "
            "the largest count."))
def check_counting_bot(bot: Any, seed: int | None = 0, *, count: int = 30, lang: str | None = None) -> Check:
    """Check a bot whose Guard names a card with the most unseen copies, on :func:`guard_cases`.

    A guess that the exact counting (:func:`kit.loveletter.posterior`) makes
    most likely is right too.

    >>> check_counting_bot(CountingBot, count=10).ok
    True
    """
    def judge(case: BotCase, action: Any) -> str | None:
        if not (isinstance(action, Play) and action.card.name == "GUARD" and action.guess is not None):
            return _("your bot did not play its Guard", lang)
        left = unseen_counts(case.observation)
        guess = str(action.guess)
        most = max(v for c, v in left.items() if c != "Guard")
        if left.get(guess, 0) == most:
            return None
        exact = posterior(case._state, case.seat).get(action.target, {})
        if exact and exact.get(action.guess, 0) == max(exact.values()):
            return None
        return _unseen_message(guess, left.get(guess, 0), lang)

    return _try_bot(bot, guard_cases(count, seed), judge, "loveletter", lang)


def _unseen_message(card: str, n: int, lang: str | None) -> str:
    from ..i18n import ngettext

    return ngettext("your bot named the {card}, which has {n} unseen copy; another card has more",
                    "your bot named the {card}, which has {n} unseen copies; another card has more",
                    n, lang, card=name("loveletter", card, lang))


@checker(N_("A Queen lying face up is one everyone saw: you know her points. A face-down Queen could be any "
            "Queen nobody has seen."),
         N_("Give each sleeping place a value: a face-up Queen her points, unless her rival (Cat or Dog) is in "
            "front of you, when she is worth nothing; a face-down Queen the average points of the Queens nobody "
            "has seen."),
         N_("The Queens nobody has seen are all the Queens less the awake ones (observation 'queens') and the "
            "face-up ones ('asleep:Name' in 'grid'); then play the King whose place has the highest value."))
def check_wake_best(bot: Any, seed: int | None = 0, *, count: int = 30, lang: str | None = None) -> Check:
    """Check a Sleeping Queens bot that wakes the best Queen with its King, on :func:`wake_cases`.

    >>> check_wake_best(WakeBestBot, count=9).ok
    True
    """
    def judge(case: BotCase, action: Any) -> str | None:
        if not isinstance(action, King):
            return _("your bot did not play its King", lang)
        obs = case.observation
        values = wake_values(obs)
        if values[action.place] >= max(values.values()) - 1e-9:
            return None
        spot = obs["grid"][action.place - 1]
        if spot.startswith("asleep:") and values[action.place] == 0:
            q = spot.split(":", 1)[1]
            return _("your bot woke the {queen}, but her rival is in front of you: she goes straight back to "
                     "sleep", lang, queen=name("sleepingqueens", q, lang))
        return _("your bot woke the Queen in place {place}, but another choice is worth more to you", lang,
                 place=action.place)

    return _try_bot(bot, wake_cases(count, seed), judge, "sleepingqueens", lang)


@checker(N_("A class tournament is one call: tournament(game, {name: bot class, ...}, games=..., seed=...)."),
         N_("Enter your two bots and RandomBot (named \"random\": it is the yardstick), for the game, the number "
            "of games and the seed of your task."),
         N_("Build the game with task.game(), call tournament(task.game(), {...}, games=task.games, "
            "seed=task.seed) and give its result to the checker; fix any bot the result says lost a game by a "
            "fault."))
def check_class_tournament(result: Any, seed: int | None = 0, *, lang: str | None = None) -> Check:
    """Check the result of the class tournament of :func:`tournament_task` ``(seed)``.

    >>> from kit.core import tournament
    >>> task = tournament_task(0)
    >>> res = tournament(task.game(), {"no princess": NoPrincessBot, "counter": CountingBot, "random": RandomBot},
    ...                  games=task.games, seed=task.seed, progress=False)
    >>> print(check_class_tournament(res))
    ✔ a fair class tournament, with no faults (bots: 3; games: 72)
    """
    if result is NotImplemented or result is None or result is ...:
        return Check(False, 0, _("run the tournament first, and give its result", lang))
    task = tournament_task(seed)
    if not isinstance(result, TournamentResult):
        return Check(False, 1, _("give the result of tournament(...), not {got}", lang, got=type(result).__name__))
    game = result.game
    if not isinstance(game, LoveLetter) or game != task.game():
        return Check(False, 1, _("this tournament was not played at the task's game: {task}", lang, task=str(task)))
    if result.seed != task.seed:
        return Check(False, 1, _("this tournament was played with another seed; use seed={seed}", lang,
                                 seed=task.seed))
    if result.games < task.games:
        return Check(False, 1, ngettext("only {n} game was played; play at least {need}",
                                        "only {n} games were played; play at least {need}", result.games, lang,
                                        need=task.games))
    if len(result.names) < 3:
        return Check(False, 1, _("enter at least three bots (your two and RandomBot); this tournament had {n}", lang,
                                 n=len(result.names)))
    if "random" not in result.names:
        return Check(False, 1, _("enter RandomBot too, named \"random\": it is the yardstick", lang))
    if result.sealed is False:
        return Check(False, 1, _("a class tournament seals the bots: leave sealed as it is", lang))
    faults = result.fault_list()
    if faults:
        return Check(False, 1, ngettext("{n} game was lost by a fault: {message}",
                                        "{n} games were lost by a fault; the first: {message}", len(faults), lang,
                                        message=faults[0].message(lang)))
    return Check(True, 1, _("a fair class tournament, with no faults (bots: {bots}; games: {games})", lang,
                            bots=len(result.names), games=result.games))


def _number(x: Any, lang: str | None = None) -> float:
    """A learner's number: an int, a float, a Fraction or text such as ``"0.41"`` or ``"2/7"`` (parsed)."""
    if isinstance(x, (int, float, Fraction)) and not isinstance(x, bool):
        return float(x)
    if isinstance(x, str):
        try:
            return float(Fraction(x.strip().replace(" ", "")))
        except (ValueError, ZeroDivisionError):
            pass
    elif not isinstance(x, bool):
        try:
            return float(x)  # numpy numbers
        except (TypeError, ValueError):
            pass
    raise KitError(_("{got} is not a number; write a decimal like 0.41 or a fraction like 2/7", lang,
                     got=repr(x)[:40]))


def _interval_cases(seed: int | None) -> list[tuple[int, int]]:
    rng = random.Random(derive_seed(seed, "intervals"))
    cases = [(0, 10), (10, 10), (50, 100)]
    for _i in range(12):
        games = rng.choice((10, 20, 30, 50, 80, 100, 200, 400))
        cases.append((rng.randint(0, games), games))
    return cases


def _blank(fn: Any, args: tuple, lang: str | None) -> Check | None:
    if not callable(fn):
        raise KitError(f"give your function itself (without calling it), not {fn!r}")
    try:
        fn(*args)
    except NotImplementedError:
        return Check(False, 0, _("your function is not written yet (it raises NotImplementedError)", lang))
    except Exception:  # noqa: BLE001 - reported case by case below
        return None
    return None


@checker(N_("A win rate from a few games is uncertain: the interval says where the true rate may well be."),
         N_("Wilson's 95 % interval: with p = wins / games, n = games and z = 1.96, its centre is "
            "(p + z²/(2n)) / (1 + z²/n) and its half-width z·√(p(1 − p)/n + z²/(4n²)) / (1 + z²/n)."),
         N_("Return (centre − half-width, centre + half-width); with 0 wins the low end is 0 and with every "
            "game won the high end is 1. Use math.sqrt."))
def check_interval(fn: Callable[[int, int], Any], seed: int | None = 0, *, lang: str | None = None) -> Check:
    """Check ``fn(wins, games) -> (low, high)``, the 95 % Wilson interval, on seeded cases.

    >>> check_interval(win_interval).ok
    True
    >>> print(check_interval(lambda w, g: (w / g - 0.1, w / g + 0.1)))   # doctest: +ELLIPSIS
    ✘ 0 wins in 10 games: your low end is ...
    """
    blank = _blank(fn, (1, 2), lang)
    if blank is not None:
        return blank
    cases = _interval_cases(seed)
    for n, (wins, games) in enumerate(cases, 1):
        where = ngettext("{n} win in {games} games", "{n} wins in {games} games", wins, lang, games=games)
        try:
            got = fn(wins, games)
            low, high = (_number(x, lang) for x in got)
        except KitError as e:
            return Check(False, n, _("{where}: {problem}", lang, where=where, problem=str(e)))
        except Exception as exc:  # noqa: BLE001
            return Check(False, n, _("{where}: your function raised {error}", lang, where=where,
                                     error=_error_text(exc)))
        lo, hi = wilson_interval(wins, games)
        for mine, ref, end in ((low, lo, "low"), (high, hi, "high")):
            if abs(mine - ref) > TOLERANCE:
                side = _("too low", lang) if mine < ref else _("too high", lang)
                which = _("your low end", lang) if end == "low" else _("your high end", lang)
                return Check(False, n, _("{where}: {which} is {side}", lang, where=where, which=which, side=side))
    return Check(True, len(cases), ngettext("right on the {n} case", "right on all {n} cases", len(cases), lang))


def _paired_cases(seed: int | None) -> list[tuple[int, ...]]:
    rng = random.Random(derive_seed(seed, "paired z"))
    out = [(1, 0, 2, -1, 1, 0, 1, 1), (0, 1, -1, 0, 2, -2, 1, -1), (-1, 0, -2, 0, -1, 1, -1, 0, 0, -1)]
    while len(out) < 12:
        diffs = tuple(rng.choice((-2, -1, -1, 0, 0, 0, 1, 1, 2)) for _deal in range(rng.choice((8, 20, 40, 100))))
        if len(set(diffs)) > 1:
            out.append(diffs)
    return out


@checker(N_("The two games of one deal are played with the same cards, the seats swapped: compare the two bots "
            "deal by deal, not game by game."),
         N_("For each deal you are given one difference (a's wins minus b's). If the bots were equally good, the "
            "mean difference would be 0: how many standard errors away from 0 is it?"),
         N_("z is the mean of the differences divided by (s / √k), where k is the number of deals and s their "
            "standard deviation with k − 1 in the division: s = √(sum of (d − mean)² / (k − 1)). Keep the sign."))
def check_paired_z(fn: Callable[[Sequence[int]], Any], seed: int | None = 0, *, lang: str | None = None) -> Check:
    """Check ``fn(differences) -> z``, the paired z statistic of :func:`paired_z`, on seeded lists of differences.

    >>> check_paired_z(paired_z).ok
    True
    >>> print(check_paired_z(lambda d: sum(d) / len(d)))   # doctest: +ELLIPSIS
    ✘ 8 deals (+1 0 +2 -1 +1 0 +1 +1): your z is too small
    """
    blank = _blank(fn, ([1, 0, -1],), lang)
    if blank is not None:
        return blank
    cases = _paired_cases(seed)
    for n, diffs in enumerate(cases, 1):
        shown = " ".join(f"{d:+d}" if d else "0" for d in diffs[:10]) + (" …" if len(diffs) > 10 else "")
        where = ngettext("{k} deal ({shown})", "{k} deals ({shown})", len(diffs), lang, k=len(diffs), shown=shown)
        try:
            mine = _number(fn(list(diffs)), lang)
        except KitError as e:
            return Check(False, n, _("{where}: {problem}", lang, where=where, problem=str(e)))
        except Exception as exc:  # noqa: BLE001
            return Check(False, n, _("{where}: your function raised {error}", lang, where=where,
                                     error=_error_text(exc)))
        ref = paired_z(diffs)
        if abs(mine - ref) > TOLERANCE:
            if ref and mine and (mine > 0) != (ref > 0):
                problem = _("your z has the wrong sign", lang)
            else:
                problem = _("your z is too small", lang) if abs(mine) < abs(ref) else _("your z is too large", lang)
            return Check(False, n, _("{where}: {problem}", lang, where=where, problem=problem))
    return Check(True, len(cases), ngettext("right on the {n} case", "right on all {n} cases", len(cases), lang))


_YES = {"yes", "y", "true", "significant", "it is", "da", "ano", "sim", "tak", "oui"}
_NO = {"no", "n", "false", "not significant", "it is not", "nu", "ne", "não", "nao", "nie", "non"}


@checker(N_("Significant means: a difference this large would rarely (less than 5 % of the time) come from luck "
            "alone, if the two bots were equally good."),
         N_("Compute the paired z of the two bots' differences, deal by deal (your paired_z); at the 5 % level "
            "the difference is significant "
            "when z is further from 0 than 1.96."),
         N_("Look at the size of z only, not its sign: compare abs(z) with 1.96 and answer True or False (or "
            "\"yes\" or \"no\")."))
def check_significant(answer: Any, seed: int | None = 0, *, lang: str | None = None) -> Check:
    """Check whether the difference in :func:`significance_case` ``(seed)`` is significant (``True``/``False``,
    or yes/no in words).

    >>> check_significant(is_significant(significance_case(4)), seed=4).ok
    True
    """
    if answer is NotImplemented or answer is None or answer is ...:
        return Check(False, 0, _("answer True or False (or \"yes\" or \"no\")", lang))
    if isinstance(answer, bool):
        said = answer
    elif isinstance(answer, str) and answer.strip().lower().rstrip(".!") in _YES | _NO:
        said = answer.strip().lower().rstrip(".!") in _YES
    else:
        return Check(False, 1, _("answer True or False (or \"yes\" or \"no\"), not {got}", lang,
                                 got=str(answer)[:40]))
    case = significance_case(seed)
    if said == is_significant(case):
        return Check(True, 1, _("right: compare the size of z with 1.96 whenever you compare two bots", lang))
    return Check(False, 1, _("not what the numbers say: compute z for these two results and compare its size with "
                             "1.96 again", lang))
