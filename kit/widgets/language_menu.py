"""The language menu every table and exercise widget carries.

>>> menu = language_menu("pl")
>>> menu.value, menu.options[0], menu.options[4]
('pl', ('English', 'en'), ('Polski', 'pl'))
"""

from __future__ import annotations

import ipywidgets as w

from ..i18n import LANGUAGE_NAMES, LANGUAGES

__all__ = ["language_menu"]


def language_menu(lang: str) -> w.Dropdown:
    """A menu of the kit's six languages, each by its own name whatever ``lang`` is, set to ``lang``.

    Its owner labels it (``_("Language", lang)``) and observes its ``value``.
    """
    return w.Dropdown(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=lang,
                      layout=w.Layout(width="220px"))
