"""Exercise generators and checkers (pure functions, no widgets).

* :mod:`kit.teach.checks`: what every checker shares (:class:`~kit.teach.checks.Check`, reading fractions).
* :mod:`kit.teach.hints`: checkers with hints in steps (:class:`~kit.teach.hints.Checker`), a learner's progress.
* :mod:`kit.teach.loveletter`: card counting as Bayesian reasoning (positions, checkers).
* :mod:`kit.teach.trees`: game trees and information sets (small games, endgames, checkers).
* :mod:`kit.teach.sleepingqueens`: addition at two levels: cards with dots for children, sympy equations.
* :mod:`kit.teach.princesslegend`: truth and lies: colour rules, consistent worlds, the best question.
* :mod:`kit.teach.bots`: writing bots and reading a class tournament's results.
* :mod:`kit.teach.notebooks`: exercise notebooks made from their solved twins, with nbgrader's marks.
* :mod:`kit.teach.grading`: each exercise graded on its own; an unanswered cell says "write your answer here".

Examples
--------
>>> from kit.teach.loveletter import check_unseen, unseen_counts
>>> bool(check_unseen(unseen_counts, count=3))
True
"""

from .grading import show_unanswered_kindly as _kindly

_kindly()  # in a notebook: an exercise run before it is answered says so in one line, not a traceback
