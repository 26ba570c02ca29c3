"""One registration per game (kit.core.registry): the kit's packages, bad declarations, missing parts, the views."""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest

from kit.core import KitError, PlayerView, game_from_settings, loads, register_game, registry
from kit.core.registry import GamePackage
from kit.trees.examples import KuhnPoker

BUILTIN = ("loveletter", "sleepingqueens", "princesslegend")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def forget():
    """Names registered by a test, unregistered after it."""
    names: list[str] = []
    yield names
    for name in names:
        if name in registry.names():
            registry.unregister(name)


# ---------------------------------------------------------------------- unknown games
def test_an_unknown_game_is_a_kit_error_naming_the_known_ones():
    with pytest.raises(KitError, match="unknown game 'chess'; known games: loveletter, sleepingqueens, "
                                       "princesslegend"):
        registry.package("chess")
    with pytest.raises(KitError, match="known games: loveletter, sleepingqueens, princesslegend"):
        registry.part("chess", "narration")
    assert registry.find("chess") is None and registry.find(None) is None


def test_a_save_of_an_unknown_game_names_the_known_ones_and_imports_nothing_it_names():
    doc = '{"kit": 1, "game": "os", "settings": {}, "state": {}}'
    with pytest.raises(KitError, match="unknown game 'os'; known games: loveletter"):
        loads(doc)
    with pytest.raises(KitError, match="unknown game 'kit.loveletter.game'"):
        loads('{"kit": 1, "game": "kit.loveletter.game", "settings": {}, "state": {}}')


def test_narrating_an_unknown_game_names_the_known_ones():
    from kit.render.narration import narrate

    with pytest.raises(KitError, match="unknown game 'chess'; known games: loveletter"):
        narrate("chess", [], names=["Ana", "Ben"])


# ---------------------------------------------------------------------- bad declarations
GOOD = dict(name="toy", game="toy.game:Toy", events="toy.events", narration="toy.narration")


@pytest.mark.parametrize("change, says", [
    ({"name": "Toy game"}, "GamePackage name 'Toy game': write lower-case letters"),
    ({"name": 7}, "GamePackage name 7"),
    ({"game": "toy.game.Toy"}, "game='toy.game.Toy' is not a module:Class name"),
    ({"game": None}, "game=None is not a module:Class name"),
    ({"events": "toy/events.py"}, "events='toy/events.py' is not a module name; write it as 'kuhn.events'"),
    ({"narration": ["toy.narration"]}, "narration=['toy.narration'] is not a module name"),
    ({"adapter": "toy.table"}, "adapter='toy.table' is not a module:Class name"),
    ({"bots": "toy bots"}, "bots='toy bots' is not a module name"),
    ({"knowledge": 3}, "knowledge=3 is not a module name"),
    ({"rules_page": "toy/rules.txt"}, "rules_page='toy/rules.txt' is not the path of a .md page"),
    ({"languages": ["en"]}, "languages=['en']; write a tuple of language codes, English first"),
    ({"languages": ("fr", "en")}, "English first"),
    ({"languages": ("en", "French")}, "languages=('en', 'French')"),
])
def test_a_bad_declaration_is_refused_saying_which_field(change, says):
    with pytest.raises(KitError, match=re_escape(says)):
        registry.register(GamePackage(**{**GOOD, **change}))
    assert "toy" not in registry.names()


def re_escape(text: str) -> str:
    import re

    return re.escape(text)


def test_register_takes_a_game_package_only():
    with pytest.raises(KitError, match="register\\(\\) takes a GamePackage"):
        registry.register({"name": "toy"})


def test_a_name_taken_by_another_declaration_is_refused_and_the_same_one_again_is_harmless(forget):
    forget.append("toy")
    registry.register(GamePackage(**GOOD))
    registry.register(GamePackage(**GOOD))  # the same declaration again: nothing changes
    with pytest.raises(KitError, match="a game named 'toy' is already registered \\(toy.game:Toy\\)"):
        registry.register(GamePackage(**{**GOOD, "game": "other.game:Toy"}))
    assert registry.package("toy") == GamePackage(**GOOD) and registry.names()[-1] == "toy"
    registry.unregister("toy")
    with pytest.raises(KitError, match="no game 'toy' was registered"):
        registry.unregister("toy")


def test_the_kits_own_games_cannot_be_replaced_or_forgotten():
    with pytest.raises(KitError, match="a game named 'loveletter' is already registered"):
        registry.register(GamePackage("loveletter", "mine.game:LoveLetter", "mine.events", "mine.narration"))
    with pytest.raises(KitError, match="'loveletter' is one of the kit's own games; it stays registered"):
        registry.unregister("loveletter")
    assert registry.package("loveletter").game == "kit.loveletter.game:LoveLetter"


# ---------------------------------------------------------------------- the kit's own packages
@pytest.mark.parametrize("name", BUILTIN)
def test_each_builtin_package_is_declared_in_its_init_and_every_part_imports(name):
    module = importlib.import_module(f"kit.{name}")
    pkg = registry.package(name)
    assert module.PACKAGE is pkg and pkg.name == name
    game = registry.part(name, "game")
    assert game.name == name and f"{game.__module__}:{game.__qualname__}" == pkg.game
    assert callable(registry.part(name, "events").visible_events)
    assert callable(registry.part(name, "narration").narrate)
    adapter = registry.part(name, "adapter")
    from kit.widgets.adapter import TableAdapter

    assert issubclass(adapter, TableAdapter) and adapter.game_name == name
    assert "random" in registry.part(name, "bots").BOTS
    if pkg.knowledge is not None:
        knowledge = registry.part(name, "knowledge")
        assert callable(knowledge.knowledge) and callable(knowledge.resample)
    page = registry.rules_path(name)
    assert page == ROOT / "docs" / "rules" / f"{name}.md" and page.exists()
    from kit.i18n import LANGUAGES

    assert pkg.languages == LANGUAGES


def test_the_registry_lists_the_kits_games_in_one_order():
    assert [p.name for p in registry.packages()][:3] == list(BUILTIN)
    assert registry.names()[:3] == BUILTIN and registry.BUILTIN_MODULES == tuple(f"kit.{n}" for n in BUILTIN)


def test_a_role_not_declared_is_a_kit_error_saying_what_to_add():
    with pytest.raises(KitError, match="the game 'princesslegend' declares no knowledge module: add "
                                       "knowledge='<module>' \\(a module exposing knowledge, resample\\)"):
        registry.part("princesslegend", "knowledge")
    with pytest.raises(KitError, match="no role 'pictures'; the roles are game, events, narration, adapter, bots, "
                                       "knowledge, counting"):
        registry.part("loveletter", "pictures")


# ---------------------------------------------------------------------- the old tables are views
def test_the_old_tables_are_views_of_the_declarations():
    from kit.core.serialize import _GAMES
    from kit.render.narration import NARRATION_MODULES
    from kit.widgets.table import ADAPTERS

    for name in BUILTIN:
        pkg = registry.package(name)
        assert _GAMES[name] == pkg.game and ADAPTERS[name] == pkg.adapter and NARRATION_MODULES[name] == pkg.narration
    assert list(_GAMES)[:3] == list(BUILTIN) and "kuhn_poker" not in NARRATION_MODULES
    with pytest.raises(KeyError):
        ADAPTERS["kuhn_poker"]
    with pytest.raises(TypeError):
        ADAPTERS["kuhn_poker"] = "x:Y"  # read-only: a game is added by registering its package


def test_a_registered_package_appears_in_every_view(forget):
    from kit.core.serialize import _GAMES
    from kit.render.narration import NARRATION_MODULES
    from kit.widgets.table import ADAPTERS

    forget.append("toy")
    registry.register(GamePackage(**GOOD))
    assert _GAMES["toy"] == "toy.game:Toy" and NARRATION_MODULES["toy"] == "toy.narration"
    assert "toy" not in ADAPTERS  # it declares no adapter: the generic one


def test_register_game_registers_a_package_that_declares_its_game_only(forget):
    forget.append("kuhn_poker")
    register_game("kuhn_poker", KuhnPoker)
    assert game_from_settings("kuhn_poker", {}) == KuhnPoker()
    assert registry.package("kuhn_poker").game == "kit.trees.examples:KuhnPoker"
    from kit.render.narration import narrate

    with pytest.raises(KitError, match="the game 'kuhn_poker' declares no narration module: add narration="):
        narrate("kuhn_poker", [], names=["Ana", "Ben"])


def test_a_declared_module_that_does_not_exist_says_so(forget):
    forget.append("toy")
    registry.register(GamePackage(**GOOD))
    with pytest.raises(KitError, match="the game 'toy' declares game='toy.game:Toy', but there is no module 'toy': "
                                       "write it, or correct game= in its GamePackage"):
        registry.part("toy", "game")


# ---------------------------------------------------------------------- the parts found through the declaration
def test_seat_knowledge_comes_from_the_declared_module_not_an_import_side_effect(monkeypatch):
    import kit.core.bots as bots
    from kit.loveletter import LoveLetter
    from kit.loveletter.knowledge import Knowledge
    from kit.sleepingqueens import SleepingQueens
    from kit.princesslegend import PrincessLegend

    monkeypatch.setattr(bots, "_KNOWLEDGE", {})  # nothing registered by any import
    for game, seat in ((LoveLetter(2), 0), (SleepingQueens(2), 1)):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        view = PlayerView(state, seat)
        declared = registry.part(game.name, "knowledge")
        know = view.knowledge()
        assert know == declared.knowledge(state, seat)
        drawn = declared.resample(state, seat, random.Random(1), know=know)
        assert view.resample(random.Random(1)).to_json() == drawn.to_json()
    assert isinstance(PlayerView(LoveLetter(2).new_initial_state(), 0).knowledge(), Knowledge)
    with pytest.raises(KitError, match="has no seat knowledge registered"):
        PlayerView(PrincessLegend(4).new_initial_state(), 0).knowledge()


def test_card_counting_comes_from_the_declared_module_not_an_import_side_effect(monkeypatch):
    import kit.core.bots as bots
    from kit.loveletter import LoveLetter
    from kit.princesslegend import PrincessLegend

    monkeypatch.setattr(bots, "_POSTERIOR", {})  # nothing registered by any import
    state = LoveLetter(2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    declared = registry.part("loveletter", "counting")
    assert declared.__name__ == "kit.loveletter.counting"
    assert PlayerView(state, 1).posterior() == declared.posterior(state, 1, None)
    with pytest.raises(KitError, match="has no card counting registered"):
        PlayerView(PrincessLegend(4).new_initial_state(), 0).posterior()
    with pytest.raises(KitError, match="the game 'sleepingqueens' declares no counting module: add "
                                       "counting='<module>' \\(a module exposing posterior\\)"):
        registry.part("sleepingqueens", "counting")


def test_bot_kinds_come_from_the_declared_bots_module():
    from kit.loveletter.bots import BOTS
    from kit.widgets.seats import bot_kinds

    from kit.loveletter import LoveLetter

    assert bot_kinds(LoveLetter(2)) == {"random": BOTS["random"], **BOTS}
    assert list(bot_kinds(KuhnPoker())) == ["random"]  # a protocol game without a package: the random bot


def test_the_teachers_every_event_comes_from_the_declared_events_module():
    from kit.loveletter import LoveLetter, all_events
    from kit.widgets.inspect import _all_events

    s = LoveLetter(2).new_initial_state()
    for _ in range(4):
        s.apply_action(s.chance_outcomes()[0][0])
    assert _all_events(s) == all_events(s) and _all_events(s)
    k = KuhnPoker().new_initial_state()
    assert _all_events(k) == []  # no package: the log everyone sees (Kuhn poker's observation has none)


# ---------------------------------------------------------------------- adapter hooks declared on the base class
def test_the_setup_forms_hooks_are_declared_on_table_adapter_with_defaults():
    from kit.widgets.adapter import TableAdapter

    for hook in ("SETTING_CHOICES", "player_counts", "game_setting", "make_game", "language_note", "new_match"):
        assert hook in vars(TableAdapter), hook
    a = TableAdapter(KuhnPoker())
    assert a.SETTING_CHOICES == {} and list(a.player_counts()) == [2]
    assert a.make_game(2) is a.game
    with pytest.raises(KitError, match="TableAdapter cannot make another KuhnPoker \\(3 players"):
        a.make_game(3)
    with pytest.raises(KitError, match="KuhnPoker has no setting 'edition'; settings: none"):
        a.game_setting("edition")
    assert a.language_note("pl") == ""  # the generic table's words are the kit's own


def test_no_widget_asks_an_adapter_for_an_undeclared_hook():
    for path in sorted((ROOT / "kit" / "widgets").rglob("*.py")) + sorted((ROOT / "kit" / "render").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for line in text.splitlines():
            if "hasattr(" in line or "getattr(" in line:
                assert "adapter" not in line and "SETTING_CHOICES" not in line, (path.name, line)
