"""Exercise generators and checkers (pure functions, no widgets).

* :mod:`kit.teach.loveletter`: card-counting positions and checkers.
* :mod:`kit.teach.notebooks`: exercise notebooks made from their solved twins.

Examples
--------
>>> from kit.teach.loveletter import check_unseen, unseen_counts
>>> bool(check_unseen(unseen_counts, count=3))
True
"""
