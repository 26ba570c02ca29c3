"""Answer a Sleeping Queens card question by clicking: the cards with their dots, number and card buttons.

The questions and their checkers are :mod:`kit.teach.sleepingqueens` (pure functions, no widgets); this
module puts one on the screen for a child who does not type (:func:`practice`, used by
``notebooks/sleepingqueens.ipynb`` and ``solutions/sleepingqueens_equations.ipynb``).

>>> box = practice("make", seed=4)
>>> box.question.cards, box.question.target, box.check().ok
((9, 7, 3, 5, 4), 9, False)
>>> for i in (3, 4):                  # click the 5, then the 4
...     box.card_buttons[i].click()
>>> box.answer, box.check().ok
('5 + 4', True)
>>> pl = practice("sum", seed=1, language="pl")
>>> pl.language_menu.value = "en"; pl.hint_button.description
'Hint'
"""

from __future__ import annotations

import re
from typing import Any, Callable

import ipywidgets as w

from ...core import KitError
from ...i18n import N_, _, check_language, get_language, ngettext
from ...render.sleepingqueens_art import card_svg
from ...render.teach import check_html
from ...teach.checks import Check
from ...teach.sleepingqueens import KINDS, YOUNG_CHECKERS, CardQuestion, question
from ..language_menu import language_menu

__all__ = ["CardPractice", "practice"]

_BIG = {"font_size": "18px", "font_weight": "bold"}
_ANSWERS = (N_("yes"), N_("no"))


def _button(text: str, on_click: Callable[[], None], **layout: Any) -> w.Button:
    b = w.Button(description=text, layout=w.Layout(height="44px", margin="2px", **layout), style=_BIG)
    b.on_click(lambda _b: on_click())
    return b


class CardPractice(w.VBox):
    """A question of ``kind`` (one of :data:`kit.teach.sleepingqueens.KINDS`) answered by clicking.

    See :func:`practice`, which makes it and checks its arguments.
    """

    def __init__(self, kind: str, seed: int, lang: str, width: int) -> None:
        super().__init__()
        self.kind, self.seed, self.lang, self.width = kind, seed, lang, width
        self.picture = w.HTML()
        self.typed = w.Text(layout=w.Layout(width="16em", height="40px"), style={"font_size": "18px"})
        self.feedback = w.HTML()
        self.hint_level = 0
        self._shown: str | None = None  # what the feedback shows: None, "check" or "hint"
        self.check_button = _button("", self.check, width="auto")
        self.hint_button = _button("", self.hint, width="auto")
        self.new_button = _button("", self.new_question, width="auto")
        self.again_button = _button("", lambda: self._set(""), width="auto")
        self.check_button.button_style = "primary"
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="flex-end"))
        self.controls = w.HBox([self.typed, self.check_button, self.hint_button, self.new_button,
                                self.again_button], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        # each language by its own name, whatever the box's language
        self.language_menu = language_menu(self.lang)
        self.language_menu.observe(self._on_language, names="value")
        self.card_buttons: list[Any] = []
        self.children = [self.picture, self.choices, self.controls, self.feedback, self.language_menu]
        self._relabel()
        self._show()

    @property
    def question(self) -> CardQuestion:
        return question(self.kind, self.seed)

    @property
    def answer(self) -> str:
        return self.typed.value

    def _set(self, text: str) -> None:
        self.typed.value = text
        self.feedback.value = ""
        self._shown = None

    def _relabel(self) -> None:
        lang = self.lang
        self.typed.placeholder = _("your answer", lang)
        self.check_button.description = _("Check", lang)
        self.hint_button.description = _("Hint", lang)
        self.new_button.description = _("New question", lang)
        self.again_button.description = _("Start again", lang)
        self.language_menu.description = _("Language", lang)

    def _show(self) -> None:
        self.hint_level = 0
        self._set("")
        self._draw()

    def _draw(self) -> None:
        """The question and its answer buttons in the box's language (the answer is kept)."""
        lang, width = self.lang, self.width
        q = self.question
        hand = q.kind in ("pair", "make", "addition")
        self.picture.value = q.html(lang, width, cards=not hand)
        self.card_buttons = []
        if q.kind == "truth":
            choices = [_button(_(word, lang), lambda t=_(word, lang): self._set(t), width="6em")
                       for word in _ANSWERS]
        elif q.kind in ("sum", "missing"):
            choices = [_button(str(n), lambda t=str(n): self._set(t), width="3.4em") for n in range(1, 11)]
        else:
            choices = []
            for n in q.cards:
                b = _button(str(n), lambda t=str(n): self._pick(t), width=f"{width}px")
                b.tooltip = ngettext("a card with {n} dot", "a card with {n} dots", n, lang)
                self.card_buttons.append(b)
                picture = w.HTML(card_svg(str(n), width=width, label=b.tooltip))
                choices.append(w.VBox([picture, b], layout=w.Layout(margin="0 4px 0 0")))
        self.choices.children = choices

    def _on_language(self, change: Any) -> None:
        old, self.lang = self.lang, check_language(change["new"])
        typed = self.typed.value.strip()
        for word in _ANSWERS:  # a clicked "yes" becomes the new language's "yes"
            if typed and typed == _(word, old):
                self.typed.value = _(word, self.lang)
        self._relabel()
        self._draw()
        if self._shown == "check":
            self.check()
        elif self._shown == "hint":
            self._show_hint()

    def _pick(self, card: str) -> None:
        """A clicked card joins the answer: ``3``, ``3 + 7``; an addition's last card goes after ``=``."""
        parts = [p for p in re.split(r"[\s+=]+", self.typed.value) if p] + [card]
        if self.kind == "addition" and len(parts) >= 3:
            self.typed.value = " + ".join(parts[:-1]) + " = " + parts[-1]
        else:
            self.typed.value = " + ".join(parts)
        self.feedback.value = ""
        self._shown = None

    def check(self) -> Check:
        """The checker's verdict on the answer (shown under the box)."""
        result = YOUNG_CHECKERS[self.kind](self.typed.value.strip() or None, seed=self.seed, lang=self.lang)
        self.feedback.value = check_html(result.ok, result.message)
        self._shown = "check"
        return result

    def hint(self) -> None:
        """The next hint (the last one stays)."""
        hints = YOUNG_CHECKERS[self.kind]
        self.hint_level = min(self.hint_level + 1, len(hints.hints))
        self._show_hint()

    def _show_hint(self) -> None:
        self.feedback.value = YOUNG_CHECKERS[self.kind].hint(self.hint_level, self.lang)._repr_html_()
        self._shown = "hint"

    def new_question(self) -> None:
        """The next seed's question."""
        self.seed += 1
        self._show()


def practice(kind: str = "sum", seed: int = 0, *, language: str | None = None, lang: str | None = None,
             width: int = 90) -> CardPractice:
    """A question of ``kind`` on the screen, answered by clicking (or typing), with hints and new questions.

    The cards are drawn with their dots.  For a number the child clicks a
    number button (or types it); for "truth" a yes or no button; for a pair,
    two cards or an addition the child clicks the button under each card, in
    order (the last card of an addition goes after the ``=``).  **Check** asks
    the same checker as the exercises (:data:`kit.teach.sleepingqueens.YOUNG_CHECKERS`);
    **Hint** shows the next hint; **New question** makes the next seed's;
    **Start again** clears the answer.

    ``language`` is one of :data:`kit.i18n.LANGUAGES` (default: the kernel's); the
    menu under the box (``language_menu``, each language by its own name) changes it
    and redraws the question, the buttons, the feedback and the hint in the new
    language, keeping the answer.  ``lang`` is the old name of ``language`` (still
    accepted; give one of the two).

    >>> practice("sum", seed=4).question.cards
    (4, 5)
    >>> practice("product")
    Traceback (most recent call last):
    ...
    kit.core.errors.KitError: kind is one of sum, truth, pair, make, missing, addition, not 'product'
    """
    if kind not in KINDS:
        raise KitError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    if language is not None and lang is not None and language != lang:
        raise KitError(f"give the language once: language={language!r} or lang={lang!r}")
    code = language if language is not None else lang
    return CardPractice(kind, seed, check_language(code) if code is not None else get_language(), width)
