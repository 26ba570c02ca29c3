"""docs/adding-a-game.md is a working game package: its file blocks, written into a folder, play Kuhn poker.

The guide's blocks headed by a file name (```` ```python kuhn/events.py ````) are written into a temporary
folder, whose package is registered and played: at a GameTable by clicks (a whole hand, hot seat, teacher's
inspect panel, a table in another language), through kit.core.play with its bots, saved and loaded; its
``pycon`` blocks run as doctests; and a package with a part missing gives the KitError saying what to add.
"""

from __future__ import annotations

import doctest
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from kit.core import CHANCE, KitError, loads, play, registry  # noqa: E402
from kit.trees import build_tree, solve  # noqa: E402

from table_helpers import drive, strings  # noqa: E402

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "adding-a-game.md"
FENCE = re.compile(r"^```(\w+)(?: (\S+))?\n(.*?)^```$", re.S | re.M)


def blocks() -> list[tuple[str, str | None, str]]:
    """The guide's fenced blocks: (language, file name or None, text)."""
    return [(m.group(1), m.group(2), m.group(3)) for m in FENCE.finditer(GUIDE.read_text(encoding="utf-8"))]


def files() -> dict[str, str]:
    """The guide's files: path -> text (each path once)."""
    out: dict[str, str] = {}
    for _lang, path, text in blocks():
        if path is not None:
            assert path not in out, f"the guide writes {path} twice"
            out[path] = text
    return out


def _forget_package() -> None:
    for mod in [m for m in sys.modules if m == "kuhn" or m.startswith("kuhn.")]:
        del sys.modules[mod]
    if "kuhn" in registry.names():
        registry.unregister("kuhn")


def write_package(folder: Path, change: dict[str, str | None] | None = None) -> Path:
    """Write the guide's package into ``folder`` (``change``: path -> other text, or None to leave it out)."""
    for path, text in {**files(), **(change or {})}.items():
        if text is None:
            continue
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def kuhn(tmp_path, monkeypatch):
    """The guide's package, importable and registered (forgotten afterwards)."""
    _forget_package()
    monkeypatch.syspath_prepend(str(write_package(tmp_path)))
    import kuhn as package

    registry.register(package.PACKAGE)
    yield package
    _forget_package()


def test_the_guide_writes_every_part_of_a_package():
    assert sorted(files()) == ["kuhn/__init__.py", "kuhn/bots.py", "kuhn/events.py", "kuhn/game.py",
                               "kuhn/narration.py", "kuhn/rules.md", "kuhn/table.py"]


def test_the_guide_imports_the_rules_of_kit_trees_examples_instead_of_copying_them(kuhn):
    from kit.trees.examples import KuhnPoker, KuhnState

    assert issubclass(kuhn.Kuhn, KuhnPoker) and issubclass(kuhn.KuhnHand, KuhnState)
    text = files()["kuhn/game.py"]
    assert "def legal_actions" not in text and "def returns" not in text  # no second copy of the rules
    # the same game: Kuhn poker's value for seat 0 is -1/18
    assert round(solve(build_tree(kuhn.Kuhn().new_initial_state())).value * 18, 6) == -1.0


def test_every_declared_part_of_the_guides_package_imports(kuhn):
    pkg = registry.package("kuhn")
    assert registry.part("kuhn", "game") is kuhn.Kuhn
    for role in ("events", "narration", "bots"):
        assert registry.part("kuhn", role).__name__ == getattr(pkg, role)
    assert registry.part("kuhn", "adapter").__name__ == "KuhnAdapter"
    assert registry.rules_path("kuhn").read_text(encoding="utf-8").startswith("# Kuhn poker")


def test_the_guides_examples_run_as_written(kuhn, tmp_path, monkeypatch):
    """Every ``pycon`` block of the guide, in order, as one doctest (the folder holding kuhn/ is the cwd)."""
    monkeypatch.chdir(tmp_path)
    registry.unregister("kuhn")  # the guide registers it itself
    text = "\n".join(t for lang, _path, t in blocks() if lang == "pycon")
    test = doctest.DocTestParser().get_doctest(text, {}, "adding-a-game.md", str(GUIDE), 0)
    assert len(test.examples) >= 15
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of the guide failed (see the output above)"


def test_a_whole_hand_at_a_hot_seat_table_by_clicks(kuhn):
    """Ana (Queen) checks, Ben (King) bets, Ana calls: the showdown, and Ben wins 2 chips (the rules' answer)."""
    from kit.widgets import GameTable

    def table_with(first: str, second: str) -> GameTable:
        t = GameTable(kuhn.Kuhn(), ["you", "person"], seed=5, delay=0, setup=True)
        t.load_round(_dealt(kuhn, first, second))
        return t

    table, twin = table_with("Q", "K"), table_with("Q", "J")
    assert table.viewer == 0 and table.choices() == ["act:check", "act:bet"]
    html = table.pane.html
    assert "You are dealt the Queen." in html and "Ben is dealt a card face down." in html
    assert html == twin.pane.html  # Ana's view says nothing of Ben's card
    drive(table, "check")
    drive(twin, "check")
    assert table.choices() == ["pass"] and table.pane.html == twin.pane.html  # Ana reads what her move did
    table.click("pass")
    assert "kit-cover" in table.pane.html and "King" not in table.pane.html.split("How to play")[0]
    table.click("ready")
    assert table.viewer == 1 and "You are dealt the King." in table.pane.html and "Ana checks." in table.pane.html
    drive(table, "bet")
    table.click("pass")
    table.click("ready")
    assert table.viewer == 0 and table.choices() == ["act:fold", "act:call"] and "Ben bets 1 chip." in table.pane.html
    drive(table, "call")
    assert table.state.is_terminal() and table.state.history() == ["deal Q", "deal K", "check", "bet", "call"]
    assert table.state.returns() == [-2, 2] and table.match.is_over() and list(table.match.winners()) == [1]
    html = table.pane.html  # the end, as everyone sees it at a hot seat: the showdown and the winner
    assert "Showdown: Ana shows the Queen, Ben the King." in html and "Ben wins 2 chips." in html
    assert table.choices() == ["new"]
    table.click("new")  # and the next hand is dealt
    assert len(table.state.history()) == 2 and not table.state.is_terminal()


def test_the_card_bot_at_a_table_and_in_play(kuhn):
    from kit.widgets import GameTable
    from kit.widgets.seats import kind_labels

    assert kind_labels(kuhn.Kuhn())["card"] == "card bot"  # the setup form offers the package's bots
    table = GameTable(kuhn.Kuhn(), ["you", "card"], seed=1, delay=0, setup=False)
    table.load_round(_dealt(kuhn, "K", "J"))
    drive(table, "bet")  # the card bot folds the Jack to a bet, whatever its seed
    assert table.state.history()[-1] == "fold" and table.state.returns() == [1, -1]
    assert "Ben folds." in table.pane.html and "You win 1 chip." in table.pane.html
    for seed in range(30):  # the King never folds, the Jack never calls
        end = play(kuhn.Kuhn().new_initial_state(), [kuhn.bots.CardBot(seed=seed), kuhn.bots.CardBot(seed=seed + 1)],
                   seed=seed)
        cards, moves = end.cards, end.moves
        for i, move in enumerate(moves):
            card = cards[i % 2]
            assert not (card == "K" and move == "fold") and not (card == "J" and move == "call"), (cards, moves)


def _dealt(kuhn, first: str, second: str):
    s = kuhn.Kuhn().new_initial_state()
    s.apply_action(f"deal {first}")
    s.apply_action(f"deal {second}")
    return s


def test_who_sees_what_the_other_card_only_at_a_showdown(kuhn):
    s = _dealt(kuhn, "Q", "K")
    assert kuhn.events.visible_events(s, 0)[:2] == [{"kind": "deal", "seat": 0, "card": "Q"},
                                                  {"kind": "deal", "seat": 1, "card": None}]
    assert [e["card"] for e in kuhn.events.visible_events(s, None)] == [None, None]
    for a in ["check", "check"]:
        s.apply_action(a)
    assert kuhn.events.visible_events(s, 0)[-2:] == [{"kind": "showdown", "cards": ["Q", "K"]},
                                                   {"kind": "end", "winner": 1, "chips": 1}]
    t = _dealt(kuhn, "Q", "K")
    for a in ["bet", "fold"]:
        t.apply_action(a)
    assert [e["kind"] for e in kuhn.events.visible_events(t, 0)] == ["deal", "deal", "move", "move", "end"]
    assert "K" not in str(kuhn.events.visible_events(t, 0))  # a fold shows no card
    with pytest.raises(KitError, match="the seats are 0 and 1"):
        kuhn.events.visible_events(t, 2)


def test_a_teachers_inspect_panel_shows_every_event_through_the_declared_events(kuhn):
    from kit.widgets import GameTable
    from kit.widgets.inspect import EVERYTHING

    table = GameTable(kuhn.Kuhn(), ["you", "card"], seed=3, delay=0, teacher=True, setup=False)
    table.load_round(_dealt(kuhn, "J", "K"))
    table.teacher = True
    table.inspector.show(seat=EVERYTHING)
    assert "Ben is dealt the King." in table.inspector.board.value
    table.inspector.show(seat=0)
    assert "King" not in table.inspector.board.value


def test_another_language_plays_in_english_with_a_note_never_a_crash(kuhn):
    from kit.i18n import _ as translate
    from kit.widgets import GameTable

    table = GameTable(kuhn.Kuhn(), ["you", "card"], seed=2, delay=0, language="pl")
    html = table.pane.html
    note = translate("This game's own sentences are in English: it has no {language} translation yet.", "pl",
                     language="Polski")
    assert note != "This game's own sentences are in English: it has no Polski translation yet."  # said in Polish
    assert note.replace("'", "&#x27;") in html and "You are dealt the " in html
    drive(table, table.state.legal_actions()[0])
    assert table.state.is_terminal() or table.choices()
    table.language_menu.value = "en"
    assert "kit-language-note" not in table.pane.html  # English is the game's own language: no note
    for lang in ("ro", "cs", "pt", "fr"):
        assert "kit-language-note" in GameTable(kuhn.Kuhn(), ["you", "card"], seed=2, delay=0,
                                                language=lang).pane.html


def test_a_saved_hand_loads_by_its_games_name_and_a_damaged_one_is_refused(kuhn):
    s = _dealt(kuhn, "J", "Q")
    s.apply_action("bet")
    again = loads(s.to_json())
    assert type(again) is kuhn.KuhnHand and again.history() == ["deal J", "deal Q", "bet"]
    for bad in ("[1]", '{"kit": 1, "game": "kuhn", "settings": {}, "state": {"history": "bet"}}',
                '{"kit": 1, "game": "kuhn", "settings": {}, "state": {"history": ["deal J", "deal J"]}}'):
        with pytest.raises(KitError):
            kuhn.Kuhn().state_from_json(bad)


def test_the_guides_messages_are_its_english_catalog(kuhn, tmp_path):
    from babel.messages.extract import extract_from_dir

    from kit.i18n.catalogs import KEYWORDS

    found = {m[2] if isinstance(m[2], str) else m[2][0] for m in extract_from_dir(str(tmp_path / "kuhn"),
                                                                                  keywords=KEYWORDS)}
    for template in ("{name} is dealt a card face down.", "You are dealt the {card}.", "{name} bets 1 chip.",
                     "Showdown: {first} shows the {card}, {second} the {other}.", "{name} wins {n} chip.",
                     "Bet 1 chip", "card bot", "Jack"):
        assert template in found, template


@pytest.mark.parametrize("change, says", [
    ({"kuhn/__init__.py": files()["kuhn/__init__.py"].replace('events="kuhn.events"', 'events="kuhn.event"')},
     "declares events='kuhn.event', but there is no module 'kuhn.event': write it, or correct events= in its "
     "GamePackage"),
    ({"kuhn/narration.py": files()["kuhn/narration.py"].replace("def narrate(", "def tell(")},
     "the narration module kuhn.narration of the game 'kuhn' has no narrate: add narrate to it"),
    ({"kuhn/bots.py": files()["kuhn/bots.py"].replace("BOTS = ", "KINDS = ")},
     "the bots module kuhn.bots of the game 'kuhn' has no BOTS: add BOTS to it"),
    ({"kuhn/table.py": files()["kuhn/table.py"].replace("class KuhnAdapter(", "class Adapter(")},
     "declares adapter='kuhn.table:KuhnAdapter', but kuhn.table has no KuhnAdapter: define it there"),
    ({"kuhn/game.py": files()["kuhn/game.py"].replace('name = "kuhn"', 'name = "kuhn_poker_2"')},
     "set name = 'kuhn' in it, the name of its GamePackage"),
], ids=["no-events-module", "no-narrate", "no-BOTS", "no-adapter-class", "game-name-differs"])
def test_a_missing_part_is_a_kit_error_saying_what_to_add(tmp_path, monkeypatch, change, says):
    """A teacher's table of the damaged package, its inspect panel showing every event, then its game class."""
    from kit.widgets import GameTable
    from kit.widgets.inspect import EVERYTHING

    _forget_package()
    monkeypatch.syspath_prepend(str(write_package(tmp_path, change)))
    try:
        import kuhn

        registry.register(kuhn.PACKAGE)
        with pytest.raises(KitError) as err:
            table = GameTable(kuhn.Kuhn(), ["you", "card"], seed=1, delay=0, teacher=True)
            table.teacher = True
            table.inspector.show(seat=EVERYTHING)
            registry.part("kuhn", "game")
        assert says in str(err.value)
    finally:
        _forget_package()


def test_a_table_seat_of_a_kind_the_bots_do_not_name_lists_the_kinds(kuhn):
    from kit.widgets import GameTable

    with pytest.raises(KitError, match="seat kinds: you, person, random, card, or a bot object"):
        GameTable(kuhn.Kuhn(), ["you", "wizard"], seed=1, delay=0)


def test_the_chance_node_of_a_guide_state_is_the_rules(kuhn):
    s = kuhn.Kuhn().new_initial_state()
    assert s.current_player() == CHANCE and [a for a, _p in s.chance_outcomes()] == ["deal J", "deal Q", "deal K"]
    assert type(s.child("deal J")) is kuhn.KuhnHand  # a copy keeps the package's class (and its events)
