"""The Prince's deduction reads an observation checked once (``deduction.view``) and passes the view on.

Every entry point of :mod:`kit.princesslegend.deduction` and :mod:`kit.princesslegend.explain` takes an
observation, a state or a :class:`~kit.princesslegend.deduction.SeatView`; the data is checked where it comes
in, once, and the functions it asks take the view as it is.  The panel the table draws is the same as before.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import kit.princesslegend.deduction as deduction
import kit.princesslegend.explain as explain
from kit.core import KitError
from kit.princesslegend import PrincessLegend
from kit.render.princesslegend import reasoning_html

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve"]


def played(n: int, tiles: list[str], centre: str | None, steps: list[str]) -> Any:
    s = PrincessLegend(n).dealt_state(tiles, centre=centre)
    for t in steps:
        s.apply_action(t)
    return s


def four_players() -> Any:
    return played(4, ["Prince", "Fairy", "Guard", "Princess"], "Black Queen",
                  ["ask p1 where-princess", "answer p3", "ask p2 who-is p1", "answer Princess",
                   "ask p3 who-is p2", "answer Guard"])


def five_players_over() -> Any:
    return played(5, ["Prince", "Black Queen", "Guard", "Fairy", "Servant"], "Princess",
                  ["ask p1 where-princess", "answer p2", "ask p2 where-princess", "answer p3",
                   "ask p3 who-are-you", "answer Fairy", "ask p4 who-is p1", "answer Guard",
                   "no-extra-question", "reveal p2"])


@pytest.fixture
def views(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every call of ``deduction.view`` from now on (the deduction's caches emptied: nothing is skipped)."""
    calls: list[Any] = []
    real = deduction.view

    def counted(source: Any, seat: int | None = None) -> Any:
        calls.append(source)
        return real(source, seat)

    monkeypatch.setattr(deduction, "view", counted)
    explain._CACHE.clear()
    return calls


@pytest.mark.parametrize("position", [four_players, five_players_over])
def test_one_reasoning_panel_checks_its_observation_once(views: list[Any], position: Any) -> None:
    s = position()
    n = s.game.num_players
    reasoning_html(s.observation(2), names=NAMES[:n], lang="en", reader=2)
    assert len(views) == 1  # before: 24 checks (and copies) of the same observation for the four-player panel


def test_each_entry_point_checks_what_comes_in_once(views: list[Any]) -> None:
    s = four_players()
    obs = s.observation(0)
    explain.deduce(s)
    explain.smallest_core(obs, "p1")
    explain.argument(obs, "p1", explain.smallest_core(obs, "p1"))
    deduction.knowledge_base(obs)
    deduction.consistent_deals(obs, method="sympy")
    assert len(views) == 6


def test_a_view_passes_on_as_it_is_and_still_answers_for_its_own_seat_only(views: list[Any]) -> None:
    s = four_players()
    seen = deduction.view(s.observation(1))
    views.clear()
    assert isinstance(seen, deduction.SeatView) and seen == s.observation(1)
    assert explain.facts(seen) == explain.facts(s.observation(1))
    assert deduction.consistent_deals(seen, seat=1) == [{"p1": "Fairy", "p2": "Guard", "p3": "Princess",
                                                        "centre": "Black Queen"}]
    assert views == [s.observation(1)]  # only the plain observation was checked; the view passed on
    with pytest.raises(KitError, match="this observation is p1's; it cannot tell what p2 knows"):
        deduction.consistent_deals(seen, seat=2)


def test_the_reasoning_panel_says_what_it_said_before_four_players() -> None:
    html = reasoning_html(four_players().observation(2), names=NAMES[:4], lang="en", reader=2)
    assert html.split("</style>")[-1] == (
        "<div class='pl-table' style='max-width:520px'><section class='pl-deduce' aria-label='What can the Prince "
        "(Ana) deduce?'><h3>What can the Prince (Ana) deduce?</h3><p class='pl-count'>2 deals of the tiles (of 24) "
        "fit every answer so far.</p><div class='pl-barrow' data-place='p1'><span class='pl-barname'>Ben</span>"
        "<span class='pl-bar' role='img' aria-label='Ben: 0 percent'><span style='width:0%'></span></span>"
        "<span class='pl-pct'>0%</span></div><details data-why='p1'><summary>Ben is ruled out — why?</summary>"
        "<div class='pl-why-text'><p>Suppose Ben were the Princess.</p><p>Ben said “Dan is the Princess”. The "
        "Princess tells the truth: she could not say that.</p><p>So Ben is not the Princess.</p></div></details>"
        "<div class='pl-barrow' data-place='p2'><span class='pl-barname'>Cleo</span><span class='pl-bar' "
        "role='img' aria-label='Cleo: 0 percent'><span style='width:0%'></span></span><span class='pl-pct'>0%"
        "</span></div><details data-why='p2'><summary>Cleo is ruled out — why?</summary><div class='pl-why-text'>"
        "<p>Suppose Cleo were the Princess.</p><p>Cleo said “Ben is the Princess”. The Princess tells the truth: "
        "she could not say that.</p><p>So Cleo is not the Princess.</p></div></details><div class='pl-barrow' "
        "data-place='p3'><span class='pl-barname'>Dan</span><span class='pl-bar' role='img' aria-label='Dan: 50 "
        "percent'><span style='width:50%'></span></span><span class='pl-pct'>50%</span></div><div "
        "class='pl-barrow' data-place='centre'><span class='pl-barname'>centre</span><span class='pl-bar' "
        "role='img' aria-label='centre: 50 percent'><span style='width:50%'></span></span><span class='pl-pct'>"
        "50%</span></div></section></div>")


def test_the_reasoning_panel_says_what_it_said_before_after_the_reveal_and_the_rubies() -> None:
    html = reasoning_html(five_players_over().observation(0), names=NAMES, lang="en", reader=0)
    assert re.findall(r"<p[^>]*>(.*?)</p>", html) == [
        "1 deal of the tiles (of 120) fits the answers, the tile turned over and the rubies.",
        "Suppose Ben were the Princess.",
        "Ben said “Cleo is the Princess”. The Princess tells the truth: she could not say that.",
        "So Ben is not the Princess.",
        "Suppose Cleo were the Princess.",
        "Cleo said “Dan is the Princess”. The Princess tells the truth: she could not say that.",
        "So Cleo is not the Princess.",
        "Suppose Dan were the Princess.",
        "Dan said “I am the Fairy”. The Princess tells the truth: she could not say that.",
        "So Dan is not the Princess.",
        "Suppose Eve were the Princess.",
        "Eve took a ruby for the mask: a tile of that family. No deal of the tiles fits all of that.",
        "So Eve is not the Princess.",
        "The Princess must be in the centre."]
    assert re.findall(r"data-place='(\w+)'.*?(\d+)%</span>", html) == [
        ("p1", "0"), ("p2", "0"), ("p3", "0"), ("p4", "0"), ("centre", "100")]
