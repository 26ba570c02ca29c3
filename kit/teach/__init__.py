"""Exercise generators and checkers (pure functions, no widgets).

* :mod:`kit.teach.checks`: what every checker shares (:class:`~kit.teach.checks.Check`, reading fractions).
* :mod:`kit.teach.loveletter`: card-counting positions and checkers.
* :mod:`kit.teach.sleepingqueens`: addition-equation cases and checkers (sympy).
* :mod:`kit.teach.princesslegend`: truth-and-lie deduction rounds and checkers (sympy's logic).
* :mod:`kit.teach.notebooks`: exercise notebooks made from their solved twins.

Examples
--------
>>> from kit.teach.loveletter import check_unseen, unseen_counts
>>> bool(check_unseen(unseen_counts, count=3))
True
"""
