"""Card counting in Love Letter as Bayesian reasoning: positions, reference answers, checkers.

A :class:`Position` is what one seat sees at one of its turns: its
observation (its hand, every discard in order, the face-up cards, the events
it saw; :attr:`Position.log` tells them in words) and its exact card counting
(:func:`kit.loveletter.posterior`, which reads only what the seat saw).
Nothing else of the round is kept, so a position can be handed to a learner
without giving away a hidden card.

The exercises rise in difficulty:

1. :func:`check_unseen`: the cards a seat has not seen (:func:`unseen_counts`);
2. :func:`check_chance`: simple counting, every unseen card equally likely
   (:func:`naive_chance`);
3. :func:`check_guard_guess`: the card a Guard should name (:func:`naive_guard_guesses`);
4. :func:`check_baron_win`: the chance a Baron wins, from the exact counting (:func:`baron_win_chance`);
5. :func:`check_after_miss`: Bayes' rule after a Guard missed, a public event (:func:`after_guard_miss`);
6. :func:`check_bayes`: Bayes' rule with any likelihood, prior times likelihood over the evidence
   (:func:`bayes_update`);
7. :func:`check_kept_card`: exact counting beats simple counting: the card an opponent kept after
   playing one of two unknown cards (:func:`kept_card`, the policy-free model of
   :mod:`kit.loveletter.counting`).

Checkers are :class:`kit.teach.hints.Checker`: they take the learner's
*function*, run it on many seeded cases (``seed=`` gives endless variants) so a
lucky guess does not pass, and return a :class:`~kit.teach.checks.Check` that
says what was wrong (never the answer); ``check_x.hint(1)`` ... ``check_x.hint(3)``
help from a nudge to nearly the answer.  Probabilities are read with
:func:`~kit.teach.checks.read_fraction` (a Fraction, a float, text such as
``"2/7"``); card names in any case.  Nothing a learner types is evaluated.

Examples
--------
>>> from kit.teach.loveletter import positions, unseen_counts, naive_chance
>>> pos = positions(1, seed=3)[0]
>>> sum(unseen_counts(pos.observation).values()) + len(pos.observation["hand"]) + sum(
...     len(d) for d in pos.observation["discards"]) + len(pos.observation["face_up"])
16
>>> naive_chance(pos.observation, "Princess") <= 1
True
>>> str(check_after_miss.hint(1))
'Hint 1 of 3: A Guard that missed is a piece of evidence: the named card is not in that hand.'
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Mapping

from ..core import KitError, RandomBot, derive_seed, play
from ..i18n import N_, _, ngettext
from ..i18n import name as name_of
from ..loveletter import EDITIONS, LoveLetter, LoveLetterState, posterior
from ..loveletter.cards import CARD_NAMES
from .checks import Check, read_fraction, run_cases
from .hints import checker

__all__ = ["Position", "Check", "positions", "unseen_counts", "naive_chance", "naive_guard_guesses",
           "baron_win_chance", "after_guard_miss", "bayes_update", "kept_card", "simple_kept_card",
           "read_fraction", "check_unseen", "check_chance", "check_guard_guess", "check_baron_win",
           "check_after_miss", "check_bayes", "check_kept_card"]

Judge = Callable[[Any], "str | None"]


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


#: The editions' names as a learner reads them (the same messages as the tables' edition menu).
EDITION_WORDS: dict[str, str] = {"classic": N_("classic"), "2019": N_("2019")}


def _edition_word(edition: str, lang: str | None = None) -> str:
    return _(EDITION_WORDS[edition], lang) if edition in EDITION_WORDS else str(edition)


# ---------------------------------------------------------------------- reference answers
def _edition(observation: Mapping[str, Any] | str) -> Any:
    name = observation if isinstance(observation, str) else observation.get("edition")
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
        raise KitError(_("{card} is not a card of the {edition} edition; cards: {cards}", card=repr(card),
                         edition=_edition_word(observation["edition"]), cards=", ".join(left)))
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


def baron_win_chance(keep: str, belief: Mapping[str, Any], edition: str = "classic") -> Fraction:
    """The chance that a Baron wins when its player keeps ``keep``: the opponent's card is lower.

    ``belief`` is the chance of each card for the opponent (a tie knocks nobody out, so it is no win).

    >>> baron_win_chance("Prince", {"Guard": Fraction(1, 2), "Prince": Fraction(1, 4), "King": Fraction(1, 4)})
    Fraction(1, 2)
    """
    ed = _edition(edition)
    mine = int(ed.by_name(keep))
    return sum((Fraction(p) for c, p in belief.items() if int(ed.by_name(c)) < mine), Fraction(0))


def after_guard_miss(prior: Mapping[str, Any], named: str) -> dict[str, Fraction]:
    """Bayes' rule after a Guard named ``named`` and missed: that card is ruled out, the rest keep their odds.

    >>> after_guard_miss({"Priest": Fraction(1, 4), "Baron": Fraction(1, 4), "Prince": Fraction(1, 2)}, "Prince")
    {'Priest': Fraction(1, 2), 'Baron': Fraction(1, 2), 'Prince': Fraction(0, 1)}
    """
    return bayes_update(prior, {c: 0 if c == named else 1 for c in prior})


def bayes_update(prior: Mapping[str, Any], likelihood: Mapping[str, Any]) -> dict[str, Fraction]:
    """Bayes' rule: ``posterior(card) = prior(card) * likelihood(card) / evidence``.

    ``likelihood[card]`` is the chance of the event seen if the opponent holds
    ``card`` (missing: 0); the evidence is the sum of ``prior * likelihood``.

    >>> bayes_update({"Guard": Fraction(1, 2), "King": Fraction(1, 2)}, {"Guard": Fraction(1, 3), "King": 1})
    {'Guard': Fraction(1, 4), 'King': Fraction(3, 4)}
    """
    joint = {c: Fraction(p) * Fraction(likelihood.get(c, 0)) for c, p in prior.items()}
    evidence = sum(joint.values())
    if evidence == 0:
        raise KitError("the event has no chance under this prior and likelihood: nothing to update")
    return {c: j / evidence for c, j in joint.items()}


def kept_card(unseen: Mapping[str, int], played: str) -> dict[str, Fraction]:
    """Exact counting: the card an opponent kept after playing ``played`` from two unknown cards.

    The two cards were drawn at random from the ``unseen`` cards (counts *before* the
    play, the played card included).  **The opponent model** is the policy-free one of
    :func:`kit.loveletter.posterior`: the choice of the card tells nothing, every legal
    play has likelihood 1, as if the opponent would make this play with any hand that
    allows it.  So the hand ``{c, y}`` (two orders of drawing) is twice as likely as
    ``{c, c}`` per pair of copies, and this is what ``posterior(state, seat)`` gives
    (tests/test_teach_loveletter.py holds the two equal on real rounds).  Under another
    model the answer differs: if the opponent plays either of its two cards half the
    time, the half cancels the two orders and :func:`simple_kept_card` is exact.

    >>> kept_card({"Guard": 3, "Priest": 1}, "Guard")
    {'Guard': Fraction(1, 2), 'Priest': Fraction(1, 2)}
    >>> simple_kept_card({"Guard": 3, "Priest": 1}, "Guard")     # simple counting: 2 Guards, 1 Priest left
    {'Guard': Fraction(2, 3), 'Priest': Fraction(1, 3)}
    """
    n_c = unseen.get(played, 0)
    if n_c < 1:
        raise KitError(f"no {played} is unseen: it cannot have been played from an unknown hand")
    weights = {y: (n_c * (n_c - 1) if y == played else 2 * n_c * n) for y, n in unseen.items()}
    total = sum(weights.values())
    if total == 0:
        raise KitError("a hand of two cards needs two unseen cards")
    return {y: Fraction(w, total) for y, w in weights.items()}


def simple_kept_card(unseen: Mapping[str, int], played: str) -> dict[str, Fraction]:
    """Simple counting of the same question: take the played card out, every unseen card equally likely."""
    left = {y: n - (y == played) for y, n in unseen.items()}
    total = sum(left.values())
    return {y: Fraction(n, total) for y, n in left.items()}


# ---------------------------------------------------------------------- reading answers
def _card_name(name: str) -> str:
    """A card's name as a person reads it (translated)."""
    key = str(name).upper()
    return name_of("loveletter", CARD_NAMES[key]) if key in CARD_NAMES else str(name)


def _cards(names: Any) -> str:
    return ", ".join(_card_name(c) for c in names)


def _read_card(ed: Any, text: Any) -> str:
    """A card name in any case (``"princess"``, ``" Princess "``), as the notation writes it."""
    return str(ed.by_name(str(text)))


def _read_distribution(ed: Any, answer: Any) -> tuple[dict[str, Fraction] | None, str | None]:
    """A learner's ``{card: probability}`` (names in any case, probabilities in natural forms), or what is wrong."""
    if not isinstance(answer, Mapping):
        return None, _("expected a dict like {{'Guard': Fraction(1, 3), ...}}, got {got}", got=_short(answer))
    out: dict[str, Fraction] = {}
    for key, value in answer.items():
        try:
            card = _read_card(ed, key)
        except KitError:
            return None, _("{key} is not a card of the edition", key=_short(key))
        try:
            out[card] = out.get(card, Fraction(0)) + read_fraction(value)
        except KitError as exc:
            return None, _("for {card}: {problem}", card=_card_name(card), problem=str(exc))
    return out, None


def _short(value: Any, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def _judge_distribution(ed: Any, want: Mapping[str, Fraction], answer: Any,
                        diagnose: Callable[[dict[str, Fraction]], str | None] = lambda got: None) -> str | None:
    """What is wrong with a distribution ``answer`` against ``want`` (never the expected numbers)."""
    got, problem = _read_distribution(ed, answer)
    if problem is not None:
        return problem
    total = sum(got.values())
    if total != 1:
        return _("your chances add up to {total}, not 1", total=str(total))
    wrong = [c for c in sorted(set(got) | set(want), key=lambda c: int(ed.by_name(c)))
             if got.get(c, 0) != want.get(c, 0)]
    if not wrong:
        return None
    special = diagnose(got)
    if special is not None:
        return special
    high = [c for c in wrong if got.get(c, 0) > want.get(c, 0)]
    low = [c for c in wrong if got.get(c, 0) < want.get(c, 0)]
    return _("too high for: {high}; too low for: {low}", high=_cards(high) or "-", low=_cards(low) or "-")


def _describe(pos: Position) -> str:
    obs = pos.observation
    if obs["face_up"]:
        return _("hand {hand}, discards {discards}, face up {face_up}", hand=obs["hand"], discards=obs["discards"],
                 face_up=obs["face_up"])
    return _("hand {hand}, discards {discards}", hand=obs["hand"], discards=obs["discards"])


def _run(fn: Callable[..., Any], count: int, seed: int | None, edition: str, players: int,
         ask: Callable[[Position], tuple[tuple, Judge]], cases: list[Position] | None = None) -> Check:
    """Call ``fn`` on ``count`` positions; ``ask(position)`` gives its arguments and a judge of the answer."""
    return run_cases(fn, cases if cases is not None else positions(count, seed, edition=edition, players=players),
                     ask, ngettext("positions ({edition} edition, {n} player)",
                                   "positions ({edition} edition, {n} players)", players,
                                   edition=_edition_word(edition)),
                     _describe, _("position"))


def _counter(cards: Any) -> Counter:
    return Counter(str(c) for c in cards)


# ---------------------------------------------------------------------- 1. unseen cards
@checker(N_("The deck's copies of each card are known; some of them you have already seen."),
         N_("Every card you have seen is in one of three places: your hand, a discard pile, or face up."),
         N_("Start from the deck's copies and take away one for each card in your hand, in every "
            "discard pile and face up."))
def check_unseen(fn: Callable[[Mapping[str, Any]], Mapping[str, int]], count: int = 40, seed: int | None = 0, *,
                 edition: str = "classic", players: int = 2) -> Check:
    """Check ``fn(observation) -> {card name: unseen copies}`` against :func:`unseen_counts`.

    Cards with no unseen copy may be left out of the answer; names in any case.

    >>> check_unseen(unseen_counts).ok
    True
    >>> print(check_unseen(lambda obs: {"Guard": 5}, count=3))   # doctest: +ELLIPSIS
    ✘ position 1 (...): too many unseen: Guard; too few unseen: ...
    """
    ed = EDITIONS[edition]

    def ask(pos: Position) -> tuple[tuple, Judge]:
        obs = pos.observation
        want = Counter({c: n for c, n in unseen_counts(obs).items() if n})

        def judge(answer: Any) -> str | None:
            if not isinstance(answer, Mapping):
                return _("expected a dict like {{'Guard': 3, ...}}, got {got}", got=_short(answer))
            got: Counter = Counter()
            for key, n in answer.items():
                try:
                    card = _read_card(ed, key)
                except KitError:
                    return _("{key} is not a card of the edition", key=_short(key))
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    return _("the count for {card} must be a whole number from 0 up, not {got}",
                             card=_card_name(card), got=_short(n))
                got[card] += n
            got = +got
            if got == want:
                return None
            extra, missing = got - want, want - got
            places = [(_("you did not take out the face-up cards"), _counter(obs["face_up"])),
                      (_("you did not take out the cards in your hand"), _counter(obs["hand"])),
                      (_("you did not take out the discarded cards"), _counter(c for d in obs["discards"] for c in d))]
            places += [(_("you did not take out the cards p{seat} discarded", seat=s), _counter(d))
                       for s, d in enumerate(obs["discards"])]
            for message, cards in places:
                if cards and not missing and extra == cards:
                    return message
            return _("too many unseen: {high}; too few unseen: {low}",
                     high=_cards(sorted(extra, key=lambda c: int(ed.by_name(c)))) or "-",
                     low=_cards(sorted(missing, key=lambda c: int(ed.by_name(c)))) or "-")

        return (obs,), judge

    return _run(fn, count, seed, edition, players, ask)


# ---------------------------------------------------------------------- 2. simple counting
@checker(N_("Your opponent's card is one of the cards you have not seen, each copy as likely as another."),
         N_("The chance of a card is a share: the part of the unseen cards that are copies of it."),
         N_("Divide the unseen copies of the card by the number of all unseen cards, as a Fraction."))
def check_chance(fn: Callable[[Mapping[str, Any], str], Any], count: int = 40, seed: int | None = 0, *,
                 edition: str = "classic", players: int = 2) -> Check:
    """Check ``fn(observation, card) -> probability`` against :func:`naive_chance` for every card.

    Answers may be Fractions, numbers or text such as ``"2/7"`` (see :func:`read_fraction`).

    >>> check_chance(naive_chance, count=5).ok
    True
    >>> print(check_chance(lambda obs, card: "1/9", count=5))  # doctest: +ELLIPSIS
    ✘ position 1 (...): your chances of all the cards add up to ..., not 1
    """
    if not callable(fn):
        raise KitError(_("give your function itself (without calling it), not {got}", got=_short(fn)))
    ed = EDITIONS[edition]

    # fn is called once per card; the answers of a position are judged together.
    def per_position(pos: Position) -> tuple[tuple, Judge]:
        obs = pos.observation
        cards = list(unseen_counts(obs))

        def judge(answers: Any) -> str | None:
            got = {}
            for card, answer in zip(cards, answers):
                try:
                    got[card] = read_fraction(answer)
                except KitError as exc:
                    return _("for {card}: {problem}", card=_card_name(card), problem=str(exc))
            left = unseen_counts(obs)
            if all(got[c] == Fraction(ed.counts[int(ed.by_name(c))], ed.deck_size) for c in cards):
                return _("you counted the whole deck, not the cards you have not seen")
            if all(got[c] == Fraction(left[c], ed.deck_size) for c in cards):
                return ngettext("you divided by the {n} card of the deck; divide by the unseen cards only",
                                "you divided by all {n} cards of the deck; divide by the unseen cards only",
                                ed.deck_size)
            total = sum(got.values())
            if total != 1:
                return _("your chances of all the cards add up to {total}, not 1", total=str(total))
            for card in cards:
                want = naive_chance(obs, card)
                if got[card] == want:
                    continue
                if got[card] > want:
                    return _("for {card}: your chance is too high", card=_card_name(card))
                return _("for {card}: your chance is too low", card=_card_name(card))
            return None

        return (obs, cards), judge

    return _run(lambda obs, cards: [fn(obs, c) for c in cards], count, seed, edition, players, per_position)


# ---------------------------------------------------------------------- 3. the Guard's guess
@checker(N_("The best card to name is the one your opponent most likely holds."),
         N_("By simple counting, the likeliest card is the one with the most unseen copies."),
         N_("Count the unseen copies of each card, leave the Guard out (it may not be named), "
            "and name a card with the largest count."))
def check_guard_guess(fn: Callable[[Mapping[str, Any]], str], count: int = 40, seed: int | None = 0, *,
                      edition: str = "classic", players: int = 2) -> Check:
    """Check ``fn(observation) -> card name`` names a card with the most unseen copies (never the Guard).

    >>> check_guard_guess(lambda obs: naive_guard_guesses(obs)[0]).ok
    True
    >>> print(check_guard_guess(lambda obs: "guard", count=3))   # doctest: +ELLIPSIS
    ✘ position 1 (...): a Guard may not name the Guard
    """
    ed = EDITIONS[edition]

    def ask(pos: Position) -> tuple[tuple, Judge]:
        best = naive_guard_guesses(pos.observation)
        left = unseen_counts(pos.observation)

        def judge(answer: Any) -> str | None:
            try:
                name = _read_card(ed, answer)
            except KitError:
                return _("{got} is not a card of the edition; cards: {cards}", got=_short(answer),
                         cards=_cards(left))
            if name == "Guard":
                return _("a Guard may not name the Guard")
            if left[name] == 0:
                return _("every {card} is already seen: your opponent cannot hold one", card=_card_name(name))
            if name not in best:
                return _("another card has more unseen copies than the {card}", card=_card_name(name))
            return None

        return (pos.observation,), judge

    return _run(fn, count, seed, edition, players, ask)


# ---------------------------------------------------------------------- 4. the Baron
def _baron_positions(count: int, seed: int | None, edition: str, players: int) -> list[Position]:
    """Seeded positions of seat 0 with a Baron in hand (two players: one opponent to duel)."""
    out: list[Position] = []
    k = 0
    while len(out) < count:
        for pos in positions(8, derive_seed(seed, "baron", k), edition=edition, players=players):
            if "Baron" in pos.observation["hand"] and pos.counting and len(out) < count:
                out.append(pos)
        k += 1
    return out


@checker(N_("A Baron wins when the opponent's card is lower than the card you keep."),
         N_("Add up the chances of the opponent's cards that are lower than yours; a tie is not a win."),
         N_("With the card values (Guard 1, Priest 2, Baron 3, ...), sum belief[card] over the cards whose "
            "value is strictly less than the value of the card you keep."))
def check_baron_win(fn: Callable[[str, Mapping[str, Fraction]], Any], count: int = 30, seed: int | None = 0, *,
                    edition: str = "classic") -> Check:
    """Check ``fn(keep, belief) -> probability`` against :func:`baron_win_chance`.

    Each case is a two-player position where seat 0 holds a Baron: ``keep`` is its
    other card, ``belief`` the exact counting of the opponent's card
    (:attr:`Position.counting`).

    >>> check_baron_win(baron_win_chance, count=5).ok
    True
    >>> print(check_baron_win(lambda keep, belief: "1/7", count=5))   # doctest: +ELLIPSIS
    ✘ position ...: the chance of winning with the ... kept is not 1/7
    """
    ed = EDITIONS[edition]

    def ask(pos: Position) -> tuple[tuple, Judge]:
        hand = list(pos.observation["hand"])
        hand.remove("Baron")
        keep = hand[0]
        (opponent, belief), = pos.counting.items()
        want = baron_win_chance(keep, belief, edition)
        mine = int(ed.by_name(keep))

        def judge(answer: Any) -> str | None:
            try:
                got = read_fraction(answer)
            except KitError as exc:
                return str(exc)
            if got == want:
                return None
            tie = sum((p for c, p in belief.items() if int(ed.by_name(c)) == mine), Fraction(0))
            if tie and got == want + tie:
                return _("you counted a tie as a win: with equal cards nobody is out")
            if got == 1 - want - tie:
                return _("you added up the cards that beat yours: those knock you out")
            simple = sum((naive_chance(pos.observation, c) for c in belief if int(ed.by_name(c)) < mine), Fraction(0))
            if got == simple and simple != want:
                return _("that is simple counting; use the exact counting in belief")
            return _("the chance of winning with the {card} kept is not {got}", card=_card_name(keep),
                     got=str(got))

        return (keep, dict(belief)), judge

    return run_cases(fn, _baron_positions(count, seed, edition, 2), ask,
                     _("positions with a Baron ({edition} edition)", edition=_edition_word(edition)), _describe,
                     _("position"))


# ---------------------------------------------------------------------- 5. Bayes after a Guard miss
def _bayes_cases(count: int, seed: int | None, edition: str, players: int) -> list[tuple[Position, dict, str]]:
    """Seeded (position, prior, named card) with 0 < prior[named] < 1, the prior from simple counting."""
    ed = EDITIONS[edition]
    out = []
    k = 0
    while len(out) < count:
        rng = random.Random(derive_seed(seed, "miss", k))
        for pos in positions(4, derive_seed(seed, "miss", k), edition=edition, players=players):
            prior = {str(c): naive_chance(pos.observation, str(c)) for c in ed.cards}
            named = [c for c, p in prior.items() if c != "Guard" and 0 < p < 1]
            if named and len(out) < count:
                out.append((pos, prior, rng.choice(named)))
        k += 1
    return out


@checker(N_("A Guard that missed is a piece of evidence: the named card is not in that hand."),
         N_("Cross out the named card; the cards left must share all the chance, in the proportions they had."),
         N_("Set the named card's chance to 0 and divide every other chance by 1 minus the named card's "
            "chance before the miss."))
def check_after_miss(fn: Callable[[Mapping[str, Fraction], str], Mapping[str, Any]], count: int = 30,
                     seed: int | None = 0, *, edition: str = "classic", players: int = 2) -> Check:
    """Check ``fn(prior, named) -> {card: probability}``: the chances after a Guard named ``named`` and missed.

    ``prior`` is the chance of each card for the opponent before the miss (simple
    counting of seeded positions); compared with :func:`after_guard_miss`.

    >>> check_after_miss(after_guard_miss, count=5).ok
    True
    >>> print(check_after_miss(lambda prior, named: prior, count=5))   # doctest: +ELLIPSIS
    ✘ case 1 (...): the Guard missed, so the opponent cannot hold the ...
    """
    ed = EDITIONS[edition]

    def ask(case: tuple[Position, dict, str]) -> tuple[tuple, Judge]:
        pos, prior, named = case
        want = after_guard_miss(prior, named)

        def judge(answer: Any) -> str | None:
            got, problem = _read_distribution(ed, answer)
            if problem is not None:
                return problem
            if got.get(named, 0) != 0:
                return _("the Guard missed, so the opponent cannot hold the {card}", card=_card_name(named))

            def diagnose(got: dict[str, Fraction]) -> str | None:
                return _("the cards left must keep their proportions: compare two of them before and after")

            return _judge_distribution(ed, want, answer, diagnose)

        return (dict(prior), named), judge

    def describe(case: tuple[Position, dict, str]) -> str:
        return _("the Guard named {card}; prior {prior}", card=_card_name(case[2]),
                 prior={c: str(p) for c, p in case[1].items() if p})

    return run_cases(fn, _bayes_cases(count, seed, edition, players), ask,
                     _("Guard misses ({edition})", edition=_edition_word(edition)), describe, _("case"))


# ---------------------------------------------------------------------- 6. Bayes' rule
_LIKELIHOODS = (Fraction(0), Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(2, 3), Fraction(3, 4),
                Fraction(1))


def _likelihood_cases(count: int, seed: int | None, edition: str) -> list[tuple[Position, dict, dict]]:
    """Seeded (position, prior, likelihood): the prior is the exact counting, the likelihood made up."""
    ed = EDITIONS[edition]
    out = []
    k = 0
    while len(out) < count:
        rng = random.Random(derive_seed(seed, "bayes", k))
        for pos in positions(4, derive_seed(seed, "bayes", k), edition=edition, players=2):
            (_opponent, belief), = pos.counting.items()
            prior = {str(c): belief.get(str(c), Fraction(0)) for c in ed.cards}
            support = [c for c, p in prior.items() if p]
            if len(support) < 2 or len(out) >= count:
                continue
            kind = rng.randrange(3)
            if kind == 0:      # a Baron between two others: the winner's card is above the loser's
                cut = rng.randrange(1, 4)
                likelihood = {c: Fraction(int(ed.by_name(c)) > cut) for c in prior}
            elif kind == 1:    # a bot's habit: how likely it does what it did, given each card
                likelihood = {c: rng.choice(_LIKELIHOODS) for c in prior}
            else:
                likelihood = {c: rng.choice(_LIKELIHOODS[1:]) for c in prior}
            if sum(prior[c] * likelihood[c] for c in prior) > 0:
                out.append((pos, prior, likelihood))
        k += 1
    return out


@checker(N_("Bayes' rule: what you believe after the event is what you believed before, times how well each "
            "card explains the event."),
         N_("Multiply each card's prior chance by its likelihood; these products do not add up to 1 yet."),
         N_("Divide each product prior[card] * likelihood[card] by the sum of all the products (the chance "
            "of the event, the evidence)."))
def check_bayes(fn: Callable[[Mapping[str, Fraction], Mapping[str, Fraction]], Mapping[str, Any]],
                count: int = 30, seed: int | None = 0, *, edition: str = "classic") -> Check:
    """Check ``fn(prior, likelihood) -> {card: probability}`` against :func:`bayes_update`.

    ``prior`` is the exact counting of seeded two-player positions,
    ``likelihood[card]`` the chance of an event seen if the opponent holds
    ``card``: a Baron between two other players (the winner's card is higher
    than the loser's), or a bot's habit.

    >>> check_bayes(bayes_update, count=5).ok
    True
    >>> print(check_bayes(lambda prior, lik: {c: p * lik[c] for c, p in prior.items()}, count=5))
    ... # doctest: +ELLIPSIS
    ✘ case 1 (...): your chances add up to ..., not 1
    """
    ed = EDITIONS[edition]

    def ask(case: tuple[Position, dict, dict]) -> tuple[tuple, Judge]:
        _pos, prior, likelihood = case
        want = bayes_update(prior, likelihood)

        def diagnose(got: dict[str, Fraction]) -> str | None:
            for c, lk in likelihood.items():
                if lk == 0 and got.get(c, 0):
                    return _("the event cannot happen when the opponent holds the {card}, so its chance must be 0",
                             card=_card_name(c))
            return _("the chances are not in proportion to prior times likelihood")

        return (dict(prior), dict(likelihood)), lambda answer: _judge_distribution(ed, want, answer, diagnose)

    def describe(case: tuple[Position, dict, dict]) -> str:
        return _("prior {prior}, likelihood {likelihood}",
                 prior={c: str(p) for c, p in case[1].items() if p},
                 likelihood={c: str(p) for c, p in case[2].items() if case[1][c]})

    return run_cases(fn, _likelihood_cases(count, seed, edition), ask,
                     _("updates ({edition})", edition=_edition_word(edition)), describe, _("case"))


# ---------------------------------------------------------------------- 7. exact and simple counting
def _kept_cases(count: int, seed: int | None, edition: str) -> list[tuple[dict, str]]:
    """Seeded (unseen counts, played card): the counts of seeded positions, a card with an unseen copy."""
    out = []
    k = 0
    while len(out) < count:
        rng = random.Random(derive_seed(seed, "kept", k))
        for pos in positions(4, derive_seed(seed, "kept", k), edition=edition, players=2):
            unseen = unseen_counts(pos.observation)
            twice = [c for c, n in unseen.items() if n >= 2]   # one copy only: simple counting is exact
            if twice and sum(unseen.values()) >= 3 and len(out) < count:
                out.append((unseen, rng.choice(twice)))
        k += 1
    return out


@checker(N_("Think of the opponent's two cards as a pair drawn from the unseen cards, and ask which pairs "
            "could have produced the card played."),
         N_("A pair with the played card and a different card can be drawn in two orders; a pair of two "
            "copies of the played card in one. Count the ways for each card kept."),
         N_("For each card y, weigh 2 * n(played) * n(y) when y differs from the played card and "
            "n(played) * (n(played) - 1) when it is the same card (n: unseen copies before the play); "
            "then divide by the total weight."))
def check_kept_card(fn: Callable[[Mapping[str, int], str], Mapping[str, Any]], count: int = 30,
                    seed: int | None = 0, *, edition: str = "classic") -> Check:
    """Check ``fn(unseen, played) -> {card: probability}`` against :func:`kept_card` (exact counting).

    ``unseen`` holds the copies of each card the reader has not seen *before* the
    opponent's play (the played card among them); the opponent's two cards were
    drawn from them at random, and either may have been played, with the choice
    itself telling nothing: the opponent model of :func:`kit.loveletter.posterior`
    with no policy, which the exercise states.

    >>> check_kept_card(kept_card, count=5).ok
    True
    >>> print(check_kept_card(simple_kept_card, count=5))   # doctest: +ELLIPSIS
    ✘ case 1 (...): that is simple counting: ...
    """
    ed = EDITIONS[edition]

    def ask(case: tuple[dict, str]) -> tuple[tuple, Judge]:
        unseen, played = case
        want = kept_card(unseen, played)

        def diagnose(got: dict[str, Fraction]) -> str | None:
            if got == {c: p for c, p in simple_kept_card(unseen, played).items() if p} or got == {
                    c: p for c, p in simple_kept_card(unseen, played).items()}:
                return _("that is simple counting: it forgets that the hand had to hold a {card} to play it",
                         card=_card_name(played))
            total = sum(unseen.values())
            if all(got.get(c, 0) == Fraction(n, total) for c, n in unseen.items()):
                return _("the played {card} is seen now: it is no longer among the unseen cards",
                         card=_card_name(played))
            return None

        return (dict(unseen), played), lambda answer: _judge_distribution(ed, want, answer, diagnose)

    def describe(case: tuple[dict, str]) -> str:
        return _("unseen {unseen}, played {card}", unseen={c: n for c, n in case[0].items() if n},
                 card=_card_name(case[1]))

    return run_cases(fn, _kept_cases(count, seed, edition), ask,
                     _("plays from unknown hands"), describe, _("case"))
