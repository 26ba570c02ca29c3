"""The setup form under a :class:`~kit.widgets.GameTable`: players, names, seat kinds, the game's settings.

Closed until opened; "Start" deals a new game with what the form says.  The
form never shows a seed (a seed deals the cards).  The players menu offers the
numbers the game's rules allow with the settings chosen in the form
(:meth:`kit.widgets.adapter.TableAdapter.player_counts`, which asks
:meth:`kit.core.Game.player_counts`): choosing the 2019 edition of Love Letter
offers 2 to 6 players, the classic one 2 to 4.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

import ipywidgets as w

from ..core.errors import KitError
from ..i18n import _
from .seats import DEFAULT_NAMES, kind_labels

__all__ = ["SetupForm"]


class SetupForm(w.Accordion):
    """A form to start a new game at ``table`` (built by the table)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        lang = table.lang
        a = table.adapter
        self.players = w.Dropdown(options=list(a.player_counts()), value=table.game.num_players,
                                  description=_("Players", lang))
        self.settings = {key: w.Dropdown(options=self._options(values), value=a.game_setting(key),
                                         description=_(label, lang))
                         for key, (label, values) in a.SETTING_CHOICES.items()}
        for menu in self.settings.values():  # another edition may allow other player counts
            menu.observe(lambda _c: self._sync_counts(), names="value")
        self.rows = w.VBox()
        self.start = w.Button(description=_("Start a new game", lang), button_style="primary")
        self.error = w.HTML()
        self.last_error: KitError | None = None  # why "Start" was refused (English, for the Python user)
        self.start.on_click(lambda _b: self._start())
        self.players.observe(lambda _c: self._sync_rows(), names="value")
        box = w.VBox([w.HBox([self.players, *self.settings.values()]), self.rows, self.start, self.error])
        super().__init__(children=[box], selected_index=None)
        self.set_title(0, _("New game\u2026", lang))
        self._sync_rows()

    def _sync_counts(self) -> None:
        """The players menu as the game's rule allows with the settings chosen now (a 2019 table: 2 to 6).

        A number of players the new settings do not allow becomes the nearest one they do.
        """
        counts = list(self.table.adapter.player_counts(**{k: d.value for k, d in self.settings.items()}))
        if counts == list(self.players.options):
            return
        value = self.players.value
        self.players.options = counts
        self.players.value = value if value in counts else min(counts, key=lambda n: abs(n - value))

    def _options(self, values: Any) -> list[Any]:
        """A setting's menu: ``(words, value)`` for a mapping of values to their words (messages), else the values."""
        if isinstance(values, Mapping):
            return [(_(words, self.table.lang), value) for value, words in values.items()]
        return list(values)

    def relabel(self) -> None:
        """Every label of the form in the table's language (after the table's language changed)."""
        t = self.table
        lang = t.lang
        self.players.description = _("Players", lang)
        for key, (label, values) in t.adapter.SETTING_CHOICES.items():
            if key in self.settings:
                menu = self.settings[key]
                value = menu.value
                menu.options = self._options(values)
                menu.value = value
                menu.description = _(label, lang)
        self.start.description = _("Start a new game", lang)
        self.set_title(0, _("New game\u2026", lang))
        self.error.value = ""  # a refusal in the old language would stay behind
        labels = kind_labels(t.game)
        options = [(_(text, lang), k) for k, text in labels.items()]
        for s, row in enumerate(self.rows.children):
            name, kind = row.children
            value = kind.value
            name.description = _("Seat {k}", lang, k=s + 1)
            kind.options = options
            kind.value = value

    def _sync_rows(self) -> None:
        t = self.table
        n = self.players.value
        labels = kind_labels(t.game)
        options = [(_(text, t.lang), k) for k, text in labels.items()]
        old = list(self.rows.children)
        rows = []
        for s in range(n):
            if s < len(old):
                rows.append(old[s])
                continue
            kind = t.seats.kinds[s] if s < len(t.seats.kinds) and t.seats.kinds[s] in labels else \
                ("you" if s == 0 else "random")
            name = t._names[s] if s < len(t._names) else DEFAULT_NAMES[s % len(DEFAULT_NAMES)]
            rows.append(w.HBox([w.Text(value=name, description=_("Seat {k}", t.lang, k=s + 1)),
                                w.Dropdown(options=options, value=kind)]))
        self.rows.children = rows

    def _start(self) -> None:
        t = self.table
        try:
            settings = {k: d.value for k, d in self.settings.items()}
            game = t.adapter.make_game(self.players.value, **settings)
            names = [r.children[0].value.strip() or DEFAULT_NAMES[i] for i, r in enumerate(self.rows.children)]
            kinds = [r.children[1].value for r in self.rows.children]
            t.new_match(game, kinds, names=names)
            self.error.value = ""
            self.selected_index = None
        except KitError as exc:  # the reason in English for the Python user; in words at a table in another language
            self.last_error = exc
            words = str(exc) if t.lang == "en" else _("This game cannot start with these settings.", t.lang)
            self.error.value = f"<span role='alert' style='color:#cf222e;font-size:14px'>{escape(words)}</span>"
