"""Grading the exercises: each exercise on its own, and a kind word for an answer not written yet.

Two things a graded exercise notebook needs, beside its checkers:

* :func:`graded` runs a checker the way an nbgrader *hidden test* does: the
  learner's answer is checked with the **solution's** versions of the earlier
  answers it may call, so that one wrong answer costs one exercise only (a
  wrong ``unseen`` does not sink ``chance``, which calls it).  The hidden tests
  that :mod:`kit.teach.notebooks` writes into every solution notebook call it::

      from kit.teach.grading import graded
      from kit.teach.loveletter import check_chance as _check
      _c = graded(globals(), _check, chance, given=GIVEN)    # GIVEN: the solution's earlier functions
      assert _c, str(_c)

  The checker is imported afresh, so an answer cell that redefines
  ``check_chance`` gains nothing, and the assertion's message is the
  checker's reason, which nbgrader's feedback shows.
* :func:`show_unanswered_kindly`: an exercise cell run before it is answered
  raises ``NotImplementedError("write your answer here")`` (the stub of
  :data:`kit.teach.notebooks.CODE_STUB`).  In a notebook that imported any
  checker, that cell shows one line, "write your answer here ...", in a box
  instead of a red traceback.  The cell still counts as failed (the kernel
  reports an error, so *Run All* stops there).  A cell that calls an earlier
  exercise's function not written yet says that, in one line of an error
  (a test cell must fail).  Any other ``NotImplementedError`` shows the usual
  traceback.

Examples
--------
>>> from kit.teach.checks import Check
>>> ns = {"double": lambda x: 3 * x}                 # the learner's wrong helper
>>> quadruple = eval("lambda x: double(double(x))", ns)
>>> check = lambda fn: Check(fn(1) == 4, 1, "quadruple(1) is 4")
>>> check(quadruple).ok                               # with the learner's helper
False
>>> graded(ns, check, quadruple, given="def double(x):\\n    return 2 * x\\n").ok   # graded on its own
True
>>> ns["double"](1)                                   # the learner's helper is back
3
>>> graded(ns, lambda fn: True, quadruple)            # a checker patched in its module
Traceback (most recent call last):
...
kit.core.errors.KitError: <lambda> gave no verdict of the kit's (bool): the checker was replaced, so this ...
"""

from __future__ import annotations

import ast
import sys
from typing import Any, Callable, MutableMapping

from ..core.errors import KitError
from ..i18n import N_, _

__all__ = ["ANSWER_HERE", "graded", "given_names", "show_unanswered_kindly"]

#: The words of an exercise's stub (``raise NotImplementedError(ANSWER_HERE)``), in English like the code.
ANSWER_HERE = "write your answer here"
#: What a learner reads when an exercise cell runs unanswered (translated).
UNANSWERED = N_("✎ Write your answer here: replace the lines “# YOUR CODE HERE” and “raise "
                "NotImplementedError(…)” with your answer, then run this cell again.")

_MISSING = object()


def given_names(source: str) -> list[str]:
    """The names that top-level ``def``, ``class`` and ``import`` statements of ``source`` bind.

    >>> given_names("import math\\nfrom x import y as z\\ndef f():\\n    pass\\nclass C:\\n    pass\\nq = 1")
    ['math', 'z', 'f', 'C']
    """
    names: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names += [(a.asname or a.name).split(".")[0] for a in node.names]
    return names


#: What a hidden test says when the checker it imported gives no verdict (it was replaced at run time).
REPLACED = N_("{name} gave no verdict of the kit's ({got}): the checker was replaced, so this exercise is not graded")


def _verdict(check: Callable[..., Any], result: Any) -> Any:
    """The checker's verdict, refused when it is not one (a checker patched in its module answers ``True``)."""
    from .checks import Check

    if not isinstance(result, Check):
        raise KitError(_(REPLACED, name=getattr(check, "name", None) or getattr(check, "__name__", "the checker"),
                         got=type(result).__name__))
    return result


def graded(namespace: MutableMapping[str, Any], check: Callable[..., Any], *args: Any, given: str = "",
           **kwargs: Any) -> Any:
    """``check(*args, **kwargs)`` with the names ``given`` defines put in ``namespace`` for the while.

    Parameters
    ----------
    namespace : dict
        The notebook's globals (``globals()``): the learner's functions look up the
        earlier answers they call there.
    check : callable
        The checker, imported by the hidden test itself (never the notebook's name).
    *args, **kwargs
        What the visible test passes the checker: the learner's answer and the seed
        of the question asked (``seed=SEED``).  Evaluated before this call, so
        they are the learner's own.
    given : str
        The solution's earlier answers (``def``, ``class`` and ``import``
        statements only: the hidden test's author wrote them, never a learner).
        They run in a copy of ``namespace``; the names they define replace the
        learner's while the check runs, and are put back afterwards.

    Returns
    -------
    Check
        The checker's verdict.

    Raises
    ------
    KitError
        If the checker gave no :class:`~kit.teach.checks.Check` (it was replaced in its module, say by
        ``lambda *a, **k: True``): the hidden test fails.
    """
    names = given_names(given) if given else []
    if not names:
        return _verdict(check, check(*args, **kwargs))
    scratch = dict(namespace)
    exec(compile(given, "<the solution's earlier answers>", "exec"), scratch)  # noqa: S102 - the author's code
    saved = {name: namespace.get(name, _MISSING) for name in names}
    try:
        for name in names:
            namespace[name] = scratch[name]
        return _verdict(check, check(*args, **kwargs))
    finally:
        for name, value in saved.items():
            if value is _MISSING:
                namespace.pop(name, None)
            else:
                namespace[name] = value


# ---------------------------------------------------------------------- an answer not written yet
#: The same, when the cell calls a function of an earlier exercise not answered yet.
UNANSWERED_ABOVE = N_("✎ {name} is an exercise above with no answer yet: write your answer in its cell and run "
                      "it, then run this cell again.")


def _stub_frame(value: BaseException, tb: Any) -> tuple[bool, str] | None:
    """For the stub's own exception: (raised in the cell being run?, the function that raised it); else None."""
    if not (isinstance(value, NotImplementedError) and value.args == (ANSWER_HERE,)) or tb is None:
        return None
    cell = None                      # the cell's own code: the first module-level frame after IPython's
    while True:
        if cell is None and tb.tb_frame.f_code.co_name == "<module>":
            cell = tb.tb_frame.f_code.co_filename
        if tb.tb_next is None:
            break
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    return code.co_filename == cell, code.co_name


def _handler(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: int | None = None) -> None:
    found = _stub_frame(value, tb)
    if found is None:
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
        return
    own, function = found
    if not own:   # an earlier exercise's stub: one line, and still an error (an autograder must see it fail)
        shell._showtraceback(etype, value, [_(UNANSWERED_ABOVE, name=function)])
        return
    from IPython.display import display

    from ..render.teach import answer_here_html  # lazy: only a notebook needs the picture

    message = _(UNANSWERED)
    display({"text/plain": message, "text/html": answer_here_html(message)}, raw=True,
            metadata={"kit": {"unanswered": True}})
    shell._last_traceback = [message]   # the kernel's error reply says it too (nbgrader's feedback shows that)


def show_unanswered_kindly() -> bool:
    """In a running IPython kernel, show an unanswered exercise as one kind line; ``True`` if installed.

    Installed once per kernel (importing any checker does it); outside IPython it does nothing.
    """
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    if NotImplementedError not in shell.custom_exceptions:
        shell.set_custom_exc(tuple(shell.custom_exceptions) + (NotImplementedError,), _handler)
    return True
