"""Helpers for table tests: every synced value of a widget tree, the kernel's messages, twin positions.

* :func:`synced` — every synced trait of a widget and, recursively, of every widget it refers to;
* :class:`Messages` — records every message widgets send to the front end (model ids normalised);
* :func:`drive` — make an action at a table by clicking only what the table offers;
* :func:`twin_positions` — pairs of positions a seat cannot tell apart that differ in hidden facts;
* :func:`decision_positions` — the decision points of seeded random games;
* :func:`tab_into` — in the browser: Tab from a table's picture to its first choice;
* :func:`wait_for` — wait until something a table's threads do has happened (a remote table's view).
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any, Iterator

import ipywidgets as w

from kit.core import CHANCE, KitError, PlayerView, RandomBot, derive_seed, make_rng, sample_outcome


def synced(widget: Any, path: str = "", seen: set | None = None) -> dict[str, Any]:
    """Every synced trait value of ``widget`` and, recursively, of every widget it refers to."""
    seen = set() if seen is None else seen
    out: dict[str, Any] = {}
    if id(widget) in seen:
        return out
    seen.add(id(widget))
    values = widget.trait_values()
    for name in widget.keys:  # the traits tagged sync=True
        assert widget.trait_metadata(name, "sync"), name
        _walk(values[name], f"{path}/{type(widget).__name__}.{name}", out, seen)
    return out


def _walk(value: Any, path: str, out: dict, seen: set) -> None:
    if isinstance(value, w.Widget):
        out[path] = "<widget>"
        out.update(synced(value, path, seen))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _walk(v, f"{path}[{i}]", out, seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            _walk(v, f"{path}[{k!r}]", out, seen)
    else:
        out[path] = value


def strings(widget: Any) -> list[str]:
    """Every synced string of a widget tree (pictures, labels, options...)."""
    return [v for v in synced(widget).values() if isinstance(v, str)]


_MODEL = re.compile(r"IPY_MODEL_[0-9a-f]+")


class Messages:
    """Record every message the widgets send to the front end while the ``with`` block runs.

    Model ids (random per widget) are replaced by ``IPY_MODEL``, so two tables
    that send the same things record equal lists.
    """

    def __init__(self) -> None:
        self.sent: list[str] = []

    def __enter__(self) -> "Messages":
        self._orig = w.Widget._send

        def send(widget: Any, msg: dict, buffers: Any = None) -> None:
            self.sent.append(type(widget).__name__ + " " + _MODEL.sub("IPY_MODEL", json.dumps(msg, sort_keys=True,
                                                                                             default=str)))
            return self._orig(widget, msg, buffers)

        w.Widget._send = send  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: Any) -> None:
        w.Widget._send = self._orig  # type: ignore[method-assign]


def drive(table: Any, action: Any) -> None:
    """Make ``action`` for the table's viewer by clicking only what the table offers."""
    state = table.state
    before = len(state.history())
    for value in table.clicks(action):
        if len(state.history()) > before:
            break
        assert value in table.choices(), (value, table.choices(), str(action))
        table.click(value)
    assert str(state.history()[before]) == str(action), (state.history()[before:], action)


def fresh(game: Any, first_player: int | None = None) -> Any:
    """A new state of ``game`` started by ``first_player`` (where the game lets anyone start)."""
    import inspect

    if first_player is None or "first_player" not in inspect.signature(game.new_initial_state).parameters:
        return game.new_initial_state()
    return game.new_initial_state(first_player=first_player)


def decision_positions(game: Any, seed: int, *, first_player: int | None = None) -> list[Any]:
    """Every decision point of one seeded game of random bots, as states (the last one terminal)."""
    rng = make_rng(seed)
    n = game.num_players
    bots = [RandomBot(derive_seed(seed, s)) for s in range(n)]
    s = fresh(game, first_player)
    out = []
    for _ in range(100_000):
        if s.is_terminal():
            break
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(sample_outcome(s.chance_outcomes(), rng))
            continue
        out.append(s.clone())
        s.apply_action(bots[p].choose(PlayerView(s, p), p))
    out.append(s.clone())
    return out


def twin_positions(game: Any, seed: int, viewer: int, *, tries: int = 40, first_player: int = 0,
                   window: int = 12) -> list[tuple[Any, Any]]:
    """Pairs of positions ``viewer`` cannot tell apart (equal information states) that differ in hidden
    facts: two chance outcomes of one seeded game are swapped and the game replayed as far as it goes."""
    end = decision_positions(game, seed, first_player=first_player)[-1]
    hist = end.history()
    replay = fresh(game, first_player)
    chance = []
    for i, a in enumerate(hist):
        if replay.current_player() == CHANCE:
            chance.append(i)
        replay.apply_action(a)
    rng = random.Random(seed)
    pairs = _twins_by_view(game, seed, viewer, first_player)
    for _ in range(tries):
        i, j = sorted(rng.sample(chance[: window], 2))
        if str(hist[i]) == str(hist[j]):
            continue
        swapped = list(hist)
        swapped[i], swapped[j] = hist[j], hist[i]
        a = fresh(game, first_player)
        b = fresh(game, first_player)
        for k in range(len(hist)):
            try:
                b.apply_action(swapped[k])
            except KitError:
                break
            a.apply_action(hist[k])
            # (the cheaper test first: most swaps show the viewer something, and then no JSON is written)
            if k > j and a.current_player() not in (CHANCE,) \
                    and a.information_state(viewer) == b.information_state(viewer) and a.to_json() != b.to_json():
                pairs.append((a.clone(), b.clone()))
    return pairs


def _twins_by_view(game: Any, seed: int, viewer: int, first_player: int, games: int = 40) -> list[tuple[Any, Any]]:
    """Pairs of decision points of different seeded random games at which ``viewer`` has seen exactly the same
    (games whose chance steps name their place, like a tile dealt "to p1", cannot be swapped)."""
    seen: dict[Any, Any] = {}
    pairs = []
    for g in range(games):
        for pos in decision_positions(game, derive_seed(seed, "twins", g), first_player=first_player):
            key = pos.information_state(viewer)
            other = seen.setdefault(key, pos)
            if other is not pos and other.to_json() != pos.to_json() and len(pairs) < 40:
                pairs.append((other, pos))
    return pairs


def iter_offers(adapter: Any, obs: Any, legal: Any) -> Iterator[Any]:
    """Every offer reachable by clicks (depth first): :func:`kit.widgets.adapter.offers`."""
    from kit.widgets.adapter import offers

    return offers(adapter, obs, legal)


def tab_into(page: Any, view: Any) -> str:
    """Focus a table's picture (``view``, a Playwright locator) and press Tab to its first choice; the
    choice's ``data-choice`` ('' when Tab reached none).  "What happened" is the first stop when it scrolls
    (more than four lines, :func:`kit.render.table.status_html`): one Tab more goes past it."""
    view.focus()
    page.keyboard.press("Tab")
    if page.evaluate("document.activeElement.classList.contains('kit-more')"):
        page.keyboard.press("Tab")
    return page.evaluate("document.activeElement.getAttribute('data-choice') || ''")


def wait_for(predicate: Any, timeout: float = 15.0) -> bool:
    """Whether ``predicate()`` became true within ``timeout`` seconds (asked every 20 ms)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False
