"""A learner's progress: which exercises are solved, topic by topic (an optional panel).

A checker records the exercises a learner solves in a small JSON file beside
the notebook once :func:`kit.teach.hints.use_progress` is on (see
:class:`kit.teach.hints.Progress`).  :class:`ProgressPanel` reads that file and
shows, for each topic, which of its exercises are solved.  Nothing depends on
it: without the file (or with a broken one) the panel says that nothing is
solved yet, and the exercises work as before.

The exercises of a topic are the :class:`~kit.teach.hints.Checker` objects of
its module in :mod:`kit.teach` (in the order they are defined there), so a new
exercise appears in the panel as soon as its checker exists.  A topic module
may name its topic with a message id ``TOPIC = N_("...")``; otherwise the
panel uses the kit's own title for it, or the first line of its docstring.

Examples
--------
>>> import os, tempfile
>>> from kit.teach.hints import Progress
>>> path = os.path.join(tempfile.mkdtemp(), "kit-progress.json")
>>> Progress(path).record("check_unseen")
>>> panel = ProgressPanel(path, topics={"Card counting": ["check_unseen", "check_chance"]})
>>> panel.solved()
['check_unseen']
>>> "1 of 2 solved" in panel.view.value
True
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import dataclass
from html import escape
from typing import Any, Iterable, Mapping, Sequence

import ipywidgets as w

from ..core.errors import KitError
from ..i18n import N_, _, check_language, get_language
from .language_menu import language_menu
from ..teach.hints import Checker, Progress, active_progress

__all__ = ["ProgressPanel", "Topic", "exercise_topics", "progress_html"]

#: Modules of :mod:`kit.teach` that hold tools, not a topic's exercises.
_NOT_TOPICS = frozenset({"checks", "hints", "notebooks"})

#: Titles of the topic modules that do not name themselves (``TOPIC``), in the order of the learning path.
_TITLES = {
    "loveletter": N_("Card counting in Love Letter"),
    "trees": N_("Game trees and information sets"),
    "sleepingqueens": N_("Sleeping Queens and addition"),
    "princesslegend": N_("Princess Legend: truth and lies"),
    "bots": N_("Bots and tournaments"),
}


@dataclass(frozen=True)
class Topic:
    """One topic's exercises: its title (a message id, or plain words) and its checkers' names, in order."""

    title: str
    exercises: tuple[str, ...]


def _checkers_of(module: Any) -> list[str]:
    """Names of the checkers defined in ``module`` (not imported into it), in definition order."""
    return [obj.name for obj in vars(module).values()
            if isinstance(obj, Checker) and getattr(obj, "__module__", None) == module.__name__]


def _title_of(short: str, module: Any) -> str:
    named = getattr(module, "TOPIC", None)
    if isinstance(named, str) and named:
        return named
    if short in _TITLES:
        return _TITLES[short]
    doc = (module.__doc__ or "").strip().splitlines()
    return doc[0].split(":")[0].strip() if doc else short


def exercise_topics() -> list[Topic]:
    """The kit's exercises, topic by topic: every checker of every topic module in :mod:`kit.teach`.

    Topics with a title of the kit come first (in the order of the learning path), then the others
    by module name; a module with no checker is left out.

    >>> topics = {t.title: t.exercises for t in exercise_topics()}
    >>> topics["Card counting in Love Letter"][:2]
    ('check_unseen', 'check_chance')
    """
    import kit.teach as teach

    found: list[tuple[tuple[int, str], Topic]] = []
    for info in pkgutil.iter_modules(teach.__path__):
        if info.name in _NOT_TOPICS or info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{teach.__name__}.{info.name}")
        except ImportError:  # a topic needing an optional package that is not installed
            continue
        names = _checkers_of(module)
        if names:
            order = list(_TITLES).index(info.name) if info.name in _TITLES else len(_TITLES)
            found.append(((order, info.name), Topic(_title_of(info.name, module), tuple(names))))
    return [topic for _key, topic in sorted(found, key=lambda item: item[0])]


def _as_topics(topics: Mapping[str, Sequence[Any]] | Iterable[Topic]) -> list[Topic]:
    if isinstance(topics, Mapping):
        return [Topic(str(title), tuple(x.name if isinstance(x, Checker) else str(x) for x in names))
                for title, names in topics.items()]
    return list(topics)


_HIDDEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"


def _exercise_item(name: str, solved: bool, lang: str | None) -> str:
    mark, colour, back = ("\u2714", "#1a7f37", "#dafbe1") if solved else ("\u25cb", "#57606a", "#f6f8fa")
    state = _("solved", lang) if solved else _("not solved yet", lang)
    return (f'<li class="kit-progress-item" data-exercise="{escape(name)}" data-solved="{str(solved).lower()}" '
            f'style="list-style:none;display:inline-flex;align-items:center;gap:5px;margin:0;padding:2px 8px;'
            f'font-size:14px;border:1px solid {colour};border-radius:12px;background:{back}">'
            f'<span aria-hidden="true" style="color:{colour};font-weight:bold">{mark}</span>'
            f'<code style="font-size:14px;background:none">{escape(name)}</code>'
            f'<span style="{_HIDDEN}">: {escape(state)}</span></li>')


def _bar(solved: int, total: int) -> str:
    share = 100 * solved / total if total else 0
    return (f'<div aria-hidden="true" style="height:6px;max-width:320px;background:#eaeef2;border-radius:3px;'
            f'margin:2px 0 5px"><div style="height:6px;width:{share:.0f}%;background:#1a7f37;border-radius:3px">'
            f'</div></div>')


def progress_html(solved: Iterable[str], topics: Iterable[Topic], *, path: str | None = None,
                  lang: str | None = None) -> str:
    """The progress panel's picture: each topic, how many of its exercises are solved, and which.

    Parameters
    ----------
    solved
        Names of the solved exercises (checkers), e.g. :meth:`kit.teach.hints.Progress.solved`.
    topics
        The topics to show; solved exercises of no topic are listed under "Other exercises".
    path
        The progress file, named under the panel (None: not named).
    lang
        The reader's language (None: the kit's default).

    >>> html = progress_html(["check_b"], [Topic("Counting", ("check_a", "check_b"))])
    >>> "1 of 2 solved" in html, 'data-exercise="check_a" data-solved="false"' in html
    (True, True)
    """
    done = set(solved)
    topics = list(topics)
    listed = {name for topic in topics for name in topic.exercises}
    others = sorted(done - listed)
    if others:
        topics.append(Topic(N_("Other exercises"), tuple(others)))
    title = escape(_("Your progress", lang))
    parts = [f'<h3 style="margin:0 0 6px;font-size:18px">{title}</h3>']
    if not done:
        nothing = _("Nothing solved yet: every exercise you solve will be ticked here.", lang)
        parts.append(f'<p style="margin:4px 0;font-size:15px">{escape(nothing)}</p>')
    for topic in topics:
        count = sum(name in done for name in topic.exercises)
        summary = _("{solved} of {total} solved", lang, solved=count, total=len(topic.exercises))
        heading = escape(_(topic.title, lang))
        parts.append(f'<section class="kit-progress-topic" style="margin:10px 0 4px">'
                     f'<h4 style="margin:4px 0;font-size:16px">{heading} '
                     f'<span style="font-weight:normal;color:#57606a;font-size:14px">\u00b7 {escape(summary)}'
                     f'</span></h4>' + _bar(count, len(topic.exercises))
                     + '<ul style="margin:0;padding:0;display:flex;flex-wrap:wrap;gap:5px">'
                     + "".join(_exercise_item(name, name in done, lang) for name in topic.exercises)
                     + "</ul></section>")
    if path is not None:
        kept = escape(_("Kept in the file {path}.", lang, path=path))
        parts.append(f'<p style="margin:6px 0 0;color:#57606a;font-size:13px">{kept}</p>')
    return (f'<div class="kit-progress" role="region" aria-label="{title}" '
            f'style="font-family:system-ui,sans-serif;color:#1f2328;border:1px solid #d0d7de;border-radius:8px;'
            f'padding:10px 14px;max-width:720px">' + "".join(parts) + "</div>")


class ProgressPanel(w.VBox):
    """Which exercises a learner has solved, read from a progress file (optional; nothing needs it).

    Parameters
    ----------
    path
        The progress file (:class:`kit.teach.hints.Progress`).  By default the file the checkers
        record into now (:func:`kit.teach.hints.active_progress`), else ``kit-progress.json`` in
        the current folder.  The panel only reads it.
    topics
        The exercises to show: ``{title: [checker or name, ...]}`` or a list of :class:`Topic`;
        by default every topic of the kit (:func:`exercise_topics`).
    language
        One of :data:`kit.i18n.LANGUAGES` (default: the kernel's); the menu under the panel
        (``language_menu``, each language by its own name) changes it and redraws the panel.
    lang
        The old name of ``language`` (still accepted; give one of the two).

    Attributes
    ----------
    view : ipywidgets.HTML
        The picture (:func:`progress_html`).
    refresh_button : ipywidgets.Button
        Reads the file again (a checker in another notebook may have ticked an exercise since).
    language_menu : ipywidgets.Dropdown
        The panel's language.
    lang : str
        The panel's language (a code of :data:`kit.i18n.LANGUAGES`).

    Examples
    --------
    >>> panel = ProgressPanel("/no/such/folder/kit-progress.json", topics={"Counting": ["check_unseen"]})
    >>> panel.solved(), "Nothing solved yet" in panel.view.value
    ([], True)
    >>> pl = ProgressPanel("/no/such/folder/kit-progress.json", topics={"Counting": ["check_unseen"]},
    ...                    language="pl")
    >>> pl.language_menu.value = "en"; pl.refresh_button.description
    'Refresh'
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 topics: Mapping[str, Sequence[Any]] | Iterable[Topic] | None = None,
                 language: str | None = None, lang: str | None = None) -> None:
        if language is not None and lang is not None and language != lang:
            raise KitError(f"give the language once: language={language!r} or lang={lang!r}")
        code = language if language is not None else lang
        self.lang = check_language(code) if code is not None else get_language()
        if path is None:
            active = active_progress()
            path = active.path if active is not None else "kit-progress.json"
        self.progress = Progress(path)
        self.topics = _as_topics(topics) if topics is not None else exercise_topics()
        self.view = w.HTML()
        self.refresh_button = w.Button(icon="refresh")
        self.refresh_button.on_click(lambda _button: self.refresh())
        # each language by its own name, whatever the panel's language
        self.language_menu = language_menu(self.lang)
        self.language_menu.observe(self._on_language, names="value")
        super().__init__([self.view, w.HBox([self.refresh_button, self.language_menu])])
        self.add_class("kit-progress-panel")
        self._relabel()
        self.refresh()

    @property
    def path(self) -> str:
        """The progress file the panel reads."""
        return self.progress.path

    def solved(self) -> list[str]:
        """The names of the solved exercises, as the file says now."""
        return self.progress.solved()

    def _relabel(self) -> None:
        self.refresh_button.description = _("Refresh", self.lang)
        self.refresh_button.tooltip = _("Read the progress file again", self.lang)
        self.language_menu.description = _("Language", self.lang)

    def _on_language(self, change: Mapping[str, Any]) -> None:
        self.lang = check_language(change["new"])
        self._relabel()
        self.refresh()

    def refresh(self) -> None:
        """Read the file again and redraw."""
        self.view.value = progress_html(self.solved(), self.topics, path=self.path, lang=self.lang)
