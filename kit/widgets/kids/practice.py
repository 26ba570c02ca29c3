"""Practise adding by clicking: a question of :mod:`kit.teach.sums`, a number pad, a star for each right answer.

>>> box = SumsPractice("to10", seed=3, language="en")
>>> box.question.numbers
(4, 3)
>>> for digit in "8":
...     box.pad[digit].click()
>>> box.check_button.click(); box.result.ok, box.won
(False, 0)
>>> box.erase_button.click(); box.pad["7"].click(); box.check_button.click(); box.result.ok, box.won
(True, 1)
>>> box.next_button.click(); box.question.seed, box.answer
(4, '')
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as w

from ...i18n import _, check_language, get_language, ngettext
from ...render.kids import LEVEL_TITLES, stars_html
from ...render.teach import check_html
from ...teach.checks import Check
from ...teach.sums import CHECKERS, LEVELS, SumQuestion, check_sum, sum_question

__all__ = ["SumsPractice", "ROUND"]

#: Right answers in one round of practice (one star each).
ROUND = 5
_BIG = {"font_size": "24px", "font_weight": "bold"}
# the answer box as tall as the buttons beside it (ipywidgets sizes the box, not the field in it)
_ANSWER_CSS = "<style>.kids-answer input{height:52px;font-size:30px;font-weight:700;text-align:center}</style>"


def _button(text: str, on_click: Callable[[], None], width: str = "auto", height: str = "56px") -> w.Button:
    b = w.Button(description=text, layout=w.Layout(width=width, height=height, margin="3px"), style=_BIG)
    b.on_click(lambda _b: on_click())
    return b


class SumsPractice(w.VBox):
    """A round of :data:`ROUND` questions of ``level`` (one of :data:`kit.teach.sums.LEVELS`).

    The child clicks the digits of the number pad (or types the number in the box), then
    **Check**: a right answer wins a star and offers **Next question**; a wrong one says
    what is wrong in the child's words (never the answer), and **Hint** helps in steps.
    After :data:`ROUND` stars the round is over (**Practise again** starts another).

    Parameters
    ----------
    level
        The kind of question.
    seed
        The first question's seed (each next question the next seed).
    language
        One of :data:`kit.i18n.LANGUAGES` (default: the kernel's); :meth:`set_language` changes it.
    on_star
        Called with the level after each star won (the children's page counts them).

    Attributes
    ----------
    won
        Stars won in this round.
    result
        The last check (``None`` before the first).
    """

    def __init__(self, level: str = "to10", seed: int = 0, *, language: str | None = None,
                 on_star: Callable[[str], Any] | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"level is one of {', '.join(LEVELS)}, not {level!r}")
        super().__init__(layout=w.Layout(padding="4px 8px"))
        self.level, self.seed = level, seed
        self.lang = check_language(language) if language is not None else get_language()
        self.won = 0
        self.hint_level = 0
        self.result: Check | None = None
        self._on_star = on_star
        self.title = w.HTML()
        self.picture = w.HTML()
        self.typed = w.Text(layout=w.Layout(width="7em", height="56px"), style={"font_size": "30px"})
        self.typed.add_class("kids-answer")
        self.typed.observe(lambda _c: self._clear_feedback(), names="value")
        self.pad = {d: _button(d, lambda d=d: self._digit(d), width="58px") for d in "1234567890"}
        for d, b in self.pad.items():
            b.add_class(f"kids-pad-{d}")
        self.erase_button = _button("", self._erase)
        self.erase_button.add_class("kids-erase")
        self.check_button = _button("", self.check)
        self.check_button.button_style = "success"
        self.check_button.add_class("kids-check")
        self.hint_button = _button("", self.hint)
        self.next_button = _button("", self.next_question)
        self.next_button.button_style = "primary"
        self.next_button.add_class("kids-next")
        self.again_button = _button("", self.again)
        self.again_button.button_style = "primary"
        self.again_button.add_class("kids-again")
        self.feedback = w.HTML()
        self.answer_row = w.HBox([self.typed, self.check_button, self.hint_button, self.erase_button,
                                  self.next_button, self.again_button],
                                 layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.pad_row = w.HBox(list(self.pad.values()), layout=w.Layout(flex_flow="row wrap"))
        self.children = [self.title, self.picture, self.answer_row, self.pad_row, self.feedback]
        self.add_class("kids-practice")
        self._show()

    # ------------------------------------------------------------------ what the child sees
    @property
    def question(self) -> SumQuestion:
        """The question on the screen."""
        return sum_question(self.level, self.seed)

    @property
    def answer(self) -> str:
        """What the child has clicked or typed."""
        return self.typed.value

    def set_language(self, lang: str) -> None:
        """Say everything again in ``lang`` (the answer and the stars are kept; a verdict or a hint on the
        screen is said again, and wins no new star)."""
        self.lang = check_language(lang)
        self._draw()
        if self.result is not None:
            self.result = check_sum(self.question, self.typed.value, self.lang)
            self._show_result()
        elif self.hint_level and self.feedback.value:
            self._show_hint()

    def _draw(self) -> None:
        lang = self.lang
        title = escape(_(LEVEL_TITLES[self.level], lang))
        self.title.value = (_ANSWER_CSS + f'<div style="display:flex;align-items:center;gap:16px;font-family:system-ui,sans-serif;'
                            f'font-size:28px;font-weight:700;color:#1f2328">{title}'
                            f'{stars_html(self.won, ROUND, lang, size=32)}</div>')
        done = self.won >= ROUND
        self.picture.value = "" if done else self.question.html(lang, width=96)
        self.typed.placeholder = "?"
        self.erase_button.description = _("Erase", lang)
        self.check_button.description = _("Check", lang)
        self.hint_button.description = _("Hint", lang)
        self.next_button.description = _("Next question", lang)
        self.again_button.description = _("Practise again", lang)
        right = self.result is not None and self.result.ok
        for b in (self.typed, self.check_button, self.hint_button, self.erase_button, *self.pad.values()):
            b.layout.display = "none" if (right or done) else ""
        self.next_button.layout.display = "" if right and not done else "none"
        self.again_button.layout.display = "" if done else "none"

    def _show(self) -> None:
        self.typed.value = ""
        self.result = None
        self.hint_level = 0
        self.feedback.value = ""
        self._draw()

    def _clear_feedback(self) -> None:
        if self.result is not None and not self.result.ok:
            self.result = None
            self.feedback.value = ""

    def _digit(self, digit: str) -> None:
        if len(self.typed.value) < 3:
            self.typed.value = self.typed.value.strip() + digit

    def _erase(self) -> None:
        self.typed.value = ""

    def _show_result(self) -> None:
        r = self.result
        if r is None:
            return
        text = r.message
        if r.ok and self.won >= ROUND:
            text += " " + ngettext("Well done! You won {n} star.", "Well done! You won {n} stars.", ROUND,
                                   self.lang, n=ROUND)
        self.feedback.value = (f'<div style="font-size:22px">{check_html(r.ok, text)}</div>')

    # ------------------------------------------------------------------ what the buttons do
    def check(self) -> Check:
        """Check the answer; a right one wins a star."""
        self.result = check_sum(self.question, self.typed.value, self.lang)
        if self.result.ok:
            self.won += 1
            if self._on_star is not None:
                self._on_star(self.level)
        self._draw()
        self._show_result()
        return self.result

    def hint(self) -> None:
        """The next hint of the level (from a nudge to nearly the answer)."""
        self.hint_level = min(self.hint_level + 1, len(CHECKERS[self.level].hints))
        self.result = None
        self._show_hint()

    def _show_hint(self) -> None:
        hint = CHECKERS[self.level].hint(self.hint_level, self.lang)
        self.feedback.value = f'<div style="font-size:20px">{hint._repr_html_()}</div>'

    def next_question(self) -> None:
        """The next seed's question."""
        self.seed += 1
        self._show()

    def again(self) -> None:
        """A new round: no stars yet, the next question."""
        self.won = 0
        self.next_question()
