"""The children's page (age 8 to 10): play Sleeping Queens and practise adding, with no code.

``make app`` opens it (``notebooks/kids.ipynb``, or ``notebooks/pl/kids.ipynb`` with
``make app APP_LANG=pl``): a start screen with big buttons, each with a picture,

* **Play with a robot**: a Sleeping Queens table, the child against a friendly robot: by
  default the random bot (it plays any move the rules allow, so a child who plays Kings and
  Knights wins most games: a bot that plays so beat it in 84 of 100 seeded games, and the
  heuristic bot in 17, tests/test_kids_page.py; ``bot="heuristic"`` for a harder robot), which
  waits a moment between its moves so that the child can follow;
* **Play with a friend**: two children at one screen (the table covers the cards
  between their turns);
* **Practise adding**: sums to 10, sums to 20, three numbers, and the Queens' points
  towards 50 ("how many more points do you need?"): :class:`SumsPractice`, answered
  by clicking a number pad or typing a number;

and the stars won at each level (one per right answer; they last while the page is
open).  **Back to the start** comes back; the language menu says everything again in
another of the kit's six languages.  A student's table: it holds the child's own view
only, and has no teacher switch.

For a notebook, :func:`kit.widgets.kids.cards.practice` puts one of the card questions
of :mod:`kit.teach.sleepingqueens` on the screen, answered by clicking.

>>> app = KidsApp(language="en", seed=1)
>>> app.screen_name, sorted(app.stars.items())
('home', [('queens50', 0), ('three', 0), ('to10', 0), ('to20', 0)])
>>> app.choose("practise:to10"); app.screen_name, type(app.practice).__name__
('practise:to10', 'SumsPractice')
>>> app.practice.pad[str(app.practice.question.answer)].click(); app.practice.check_button.click()
>>> app.stars["to10"], app.practice.result.ok
(1, True)
>>> app.home_button.click(); app.screen_name, 'aria-label="1 star"' in app.home.html
('home', True)
>>> app.choose("play:bot"); app.table.is_teacher_table, app.table.lang
(False, 'en')
>>> app.language_menu.value = "pl"; app.table.lang, app.home_button.description
('pl', 'Wróć na start')
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from ...core import KitError
from ...i18n import _, check_language, get_language
from ...render.kids import home_html
from ...teach.sums import LEVELS
from ..clickpane import ClickPane
from ..language_menu import language_menu
from .practice import ROUND, SumsPractice

__all__ = ["KidsApp", "SumsPractice", "ROUND"]



class KidsApp(w.VBox):
    """The children's start page, and the screens its buttons open (see the module's description).

    Parameters
    ----------
    language
        One of :data:`kit.i18n.LANGUAGES` (default: the kernel's).
    seed
        Seeds the practice questions and the games (``None``: drawn, and kept secret).
    delay
        Seconds between two moves of the robot (``0`` in tests).
    bot
        The robot's kind of bot (a kind of :data:`kit.sleepingqueens.bots.BOTS`; default ``"random"``).

    Attributes
    ----------
    screen_name
        ``"home"``, ``"play:bot"``, ``"play:friend"`` or ``"practise:<level>"``.
    stars
        Stars won at each level of practice.
    table, practice
        The game table or the practice box on the screen (``None`` elsewhere).
    """

    def __init__(self, *, language: str | None = None, seed: int | None = None, delay: float = 1.0,
                 bot: str = "random") -> None:
        from ...sleepingqueens.bots import BOTS

        if bot not in BOTS:
            raise KitError(f"bot is one of {', '.join(sorted(BOTS))}, not {bot!r}")
        super().__init__(layout=w.Layout(width="100%"))
        self.players = {"bot": ("you", bot), "friend": ("you", "person")}
        self.lang = check_language(language) if language is not None else get_language()
        self._rng = random.Random(seed)
        self.delay = delay
        self.stars = {level: 0 for level in LEVELS}
        self.table: Any = None
        self.practice: SumsPractice | None = None
        self.screen_name = "home"
        self.home = ClickPane(max_height="")
        self.home.on_choose(self.choose)
        self.home_button = w.Button(layout=w.Layout(height="48px", width="auto"),
                                    style={"font_size": "20px", "font_weight": "bold"})
        self.home_button.add_class("kids-home-button")
        self.home_button.on_click(lambda _b: self.show_home())
        self.language_menu = language_menu(self.lang)
        self.language_menu.observe(lambda change: self.set_language(change["new"]), names="value")
        self.bar = w.HBox([self.home_button, self.language_menu],
                          layout=w.Layout(justify_content="space-between", align_items="center", width="100%"))
        self.screen = w.Box(layout=w.Layout(width="100%"))
        self.children = [self.bar, self.screen]
        self.add_class("kids-app")
        self.show_home()

    def _relabel(self) -> None:
        self.home_button.description = _("Back to the start", self.lang)
        self.language_menu.description = _("Language", self.lang)
        self.home.label = _("Sleeping Queens", self.lang)

    def set_language(self, lang: str) -> None:
        """Say everything again in ``lang`` (a game, an answer and the stars are kept)."""
        self.lang = check_language(lang)
        if self.language_menu.value != self.lang:
            self.language_menu.value = self.lang
        self._relabel()
        self.home.html = home_html(self.lang, self.stars)
        if self.table is not None and self.table.language_menu.value != self.lang:
            self.table.language_menu.value = self.lang
        if self.practice is not None:
            self.practice.set_language(self.lang)

    def _show(self, name: str, widget: w.Widget) -> None:
        """Put ``widget`` on the screen and close the screen it replaces (a game in play ends there)."""
        left = [x for x in (self.table, self.practice) if x is not None and x is not widget]
        self.screen_name = name
        self.screen.children = [widget]
        self.home_button.layout.visibility = "hidden" if name == "home" else "visible"
        for old in left:
            old.close()

    def show_home(self) -> None:
        """The start screen (a game in play is left; the stars are kept)."""
        self._relabel()
        self.home.html = home_html(self.lang, self.stars)
        self._show("home", self.home)
        self.table, self.practice = None, None

    def choose(self, choice: str) -> None:
        """What a button of the start screen does: ``"play:bot"``, ``"play:friend"`` or ``"practise:<level>"``."""
        kind, _sep, what = choice.partition(":")
        if kind == "play" and what in self.players:
            from ...sleepingqueens import SleepingQueens
            from ..table import GameTable

            names = [_("Player 1", self.lang), _("Robot", self.lang) if what == "bot" else _("Player 2", self.lang)]
            table = GameTable(SleepingQueens(2), list(self.players[what]), names=names, language=self.lang,
                              seed=self._rng.randrange(2**32), delay=self.delay, setup=False)
            # the table's own language menu says the whole page again too
            table.language_menu.observe(lambda change: self.set_language(change["new"]), names="value")
            self._show(choice, table)
            self.table, self.practice = table, None
        elif kind == "practise" and what in LEVELS:
            box = SumsPractice(what, self._rng.randrange(10**6), language=self.lang, on_star=self._won_star)
            self._show(choice, box)
            self.table, self.practice = None, box

    def _won_star(self, level: str) -> None:
        self.stars[level] += 1
