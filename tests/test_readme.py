"""The README's Python code blocks run, with doctest (python-chess's habit).

Fenced blocks marked ``python``, ``py``, ``pycon`` or ``doctest`` that hold ``>>>``
examples run in order, sharing one namespace, as ``python -m doctest README.md``
would run them.  The README's first screen shows the two commands.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
FENCE = re.compile(r"^```[ \t]*(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
PYTHON_TAGS = {"python", "py", "pycon", "doctest"}
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def python_blocks(text: str) -> list[tuple[int, str]]:
    """``(line number of the block's first line, code)`` for each Python block."""
    return [(text.count("\n", 0, m.start(2)) + 1, m.group(2))
            for m in FENCE.finditer(text) if m.group(1).lower() in PYTHON_TAGS]


def test_readme_python_blocks_pass_doctest():
    text = README.read_text(encoding="utf-8")
    blocks = [(line, code) for line, code in python_blocks(text) if ">>>" in code]
    assert blocks, "README.md has no ```pycon block with >>> examples"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    globs: dict = {"__name__": "README"}
    report: list[str] = []
    for line, code in blocks:
        test = parser.get_doctest(code, globs, f"README.md block at line {line}", str(README), line - 1)
        runner.run(test, out=report.append, clear_globs=False)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, "".join(report)


def test_python_blocks_without_prompts_at_least_compile():
    text = README.read_text(encoding="utf-8")
    for line, code in python_blocks(text):
        if ">>>" not in code:
            compile(code, f"README.md block at line {line}", "exec")


@pytest.mark.parametrize("command", ["make lab", "make test"])
def test_first_screen_shows_the_two_commands(command):
    first_screen = "\n".join(README.read_text(encoding="utf-8").splitlines()[:15])
    assert command in first_screen
