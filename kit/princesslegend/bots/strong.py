"""A Prince who reasons about liars: a posterior over deals, questions by expected information.

:class:`StrongBot` as the Prince keeps a posterior over the deals he cannot
rule out (:func:`kit.princesslegend.worlds.posterior`): every deal starts as
likely as any other, and each answer weighs it by the chance that the
answerer, holding the tile that deal gives it, would have said exactly that.
That chance comes from an *answer model* per role, how red and blue tiles
choose among the answers the rules allow (green has one: the truth).

**The model is stated, not learned**: by default a
:class:`~kit.princesslegend.worlds.Mixture` of two answer models, each as
likely at first, for the whole table (the answerers all play by one of them;
the answers of the round tell which):

* :class:`~kit.princesslegend.worlds.HeuristicModel`: the answerers play like
  the kit's :class:`~kit.princesslegend.bots.HeuristicBot`.  In every deal the
  Prince works out the heuristic bot's answer for the role that deal gives the
  answerer (a red tile steering him toward the Black Queen, a blue one toward
  a mask, from the Prince's count of deals before the answer), ties shared
  equally;
* :class:`~kit.princesslegend.worlds.ColourModel`: red picks one of its lies
  at random, blue tells the truth half the time and otherwise picks a lie at
  random.

Against the heuristic bots the first model soon wins and the Prince reads
their steering; against answerers who play otherwise a single answer no
heuristic bot would give rules it out, and he reasons with the colour model.
Any other :class:`~kit.princesslegend.worlds.AnswerModel` may be given
(``model=``).

His choices:

1. a question: the best of :func:`kit.princesslegend.worlds.best_question`
   among those open now, the most expected information about the Princess's
   place under his model; ties: the better chance to find her right after,
   then the seeded generator;
2. the extra question: none when he is sure where she is, else as 1;
3. the reveal: the place where the posterior puts her most likely.

As an answering player it plays as :class:`~kit.princesslegend.bots.HeuristicBot`.

Examples
--------
Four players, the heuristic bots answering: the Fairy (p2) says the Princess
is at p3, p3 says she is the Princess, the Guard (p1) lies "the centre",
and the Fairy, asked again, says she is the Fairy.  Counting deals leaves a
coin toss between p3 and the centre: the centre needs three red lies where
p3 needs one; under the answer models the Prince is nearly sure.

>>> from kit.core import PlayerView
>>> from kit.princesslegend import PrincessLegend
>>> from kit.princesslegend.worlds import princess_chances, worlds
>>> s = PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen")
>>> for text in ["ask p2 where-princess", "answer p3", "ask p3 who-are-you", "answer Princess",
...              "ask p1 where-princess", "answer centre", "ask p2 who-are-you", "answer Fairy"]:
...     s.apply_action(text)
>>> {p: str(c) for p, c in worlds(s).candidates().items()}
{'p1': '0', 'p2': '0', 'p3': '1/2', 'centre': '1/2'}
>>> {p: round(c, 3) for p, c in princess_chances(s, HeuristicModel()).items()}
{'p1': 0.0, 'p2': 0.0, 'p3': 0.967, 'centre': 0.033}
>>> str(StrongBot(seed=1).choose(PlayerView(s, 0), 0))
'reveal p3'
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ...core.seeding import make_rng
from ...i18n import N_
from ..actions import Answer, Ask, NoExtraQuestion, Reveal
from ..worlds import AnswerModel, ColourModel, HeuristicModel, Mixture, _joint_posterior, _perms, layout, rank
from .heuristic import HeuristicBot

__all__ = ["StrongBot", "default_model"]


def default_model() -> Mixture:
    """The strong Prince's answer model: the heuristic bot's answers or the colour model, each as likely.

    >>> default_model()
    Mixture([HeuristicModel(noise=0, other=ColourModel(blue_truth=0.5)), ColourModel(blue_truth=0.5)], [0.5, 0.5])
    """
    return Mixture([HeuristicModel(noise=0), ColourModel()])


class StrongBot:
    """The Prince who keeps a posterior over deals under an answer model (see the module docstring).

    Parameters
    ----------
    seed
        Seed or generator for the ties.
    model
        How the answerers are assumed to choose (default: :func:`default_model`).
    """

    name = "strong"
    #: How a setup form names this kind of seat (a message id, translated where it is shown).
    label = N_("strong bot (reasons about liars)")

    def __init__(self, seed: int | random.Random | None = None, model: AnswerModel | None = None) -> None:
        self.rng = make_rng(seed)
        self.model = default_model() if model is None else model
        self.answerer = HeuristicBot(self.rng)

    def __repr__(self) -> str:
        return f"StrongBot(model={self.model!r})"

    def choose(self, view: Any, player: int) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Answer):
            return self.answerer.choose(view, player)
        obs = view.observation()
        lay = layout(obs["players"], obs["prince"])
        rows, weights = _joint_posterior(lay, obs["log"], self.model)
        where = _perms(lay.m)[1][rows, lay.princess]
        chance = np.bincount(where, weights=weights.sum(axis=0), minlength=lay.m)
        if isinstance(legal[0], Reveal):
            return self._best(legal, lambda a: round(float(chance[lay.place_index[a.place]]), 9))
        asks = [a for a in legal if isinstance(a, Ask)]
        if len(asks) < len(legal) and chance.max() >= 1 - 1e-9:
            return next(a for a in legal if isinstance(a, NoExtraQuestion))  # sure where she is
        by_text = {str(a): a for a in asks}
        ranking = rank(lay, rows, weights, asks, self.model)
        return self._best([by_text[v.question] for v in ranking],
                          {by_text[v.question]: (round(v.information, 9), round(v.find, 9)) for v in ranking}.get)

    def _best(self, actions: list[Any], value: Any) -> Any:
        scored = [(value(a), a) for a in actions]
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v == top]
        return best[self.rng.randrange(len(best))]
