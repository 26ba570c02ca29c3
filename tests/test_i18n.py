"""Languages: every word a learner reads at a table comes from the catalogs.

* PSEUDO-LOCALISATION (no English leaks): a fake catalog marks every literal piece of every message
  (``⟦…⟧``, its ``{fields}`` left outside the marks); student tables of every game are played by
  clicks (Love Letter in both editions, hot seat included; Sleeping Queens; Princess Legend as the
  Prince and as an answerer), with refused moves, the inspect panel and the help open, and every
  text node, ``aria-label`` and ``title`` of every synced HTML string, and every label of every
  control, holds nothing once the marked pieces, the seats' names, digits, punctuation and symbols
  are taken away;
* every message the tables asked for during those games is in the extracted template (what the
  extractor misses, for example a message inside an f-string, is caught here, and statically by an
  AST check of the whole kit);
* the catalogs hold every extracted message, each translated with the same fields and every plural
  form, and each language's game uses its rule sheet's names;
* choosing a language: ``set_language``, ``LANGUAGES``, an unknown code refused with the six listed,
  the language menu shows each language by its own name, a refused move speaks the table's language.
"""

from __future__ import annotations

import ast
import gettext
import pathlib
import random
import re
import string
import unicodedata
from html.parser import HTMLParser
from typing import Any, Iterable

import pytest

import kit.i18n
from kit.core import KitError
from kit.i18n import LANGUAGE_NAMES, LANGUAGES, catalogs, name
from kit.loveletter import LoveLetter
from kit.princesslegend import PrincessLegend
from kit.sleepingqueens import SleepingQueens
from kit.widgets import GameTable
from kit.widgets.inspect import EVERYTHING, PUBLIC
from kit.widgets.seats import DEFAULT_NAMES

from table_helpers import drive, synced

OPEN, CLOSE = "\u27e6", "\u27e7"
PSEUDO = "cs"  # the language whose catalog the fake replaces (any of the kit's languages would do)
KIT = pathlib.Path(kit.i18n.__file__).resolve().parents[1]


# --------------------------------------------------------------------------- the fake catalog
def mark(text: str) -> str:
    """``text`` with each literal piece marked and its ``{fields}`` kept, unmarked, for ``str.format``."""
    if "{" not in text:
        return OPEN + text + CLOSE
    out = []
    for literal, field, spec, conv in string.Formatter().parse(text):
        if literal:
            out.append(OPEN + literal.replace("{", "{{").replace("}", "}}") + CLOSE)
        if field is not None:
            out.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    return "".join(out)


class Pseudo(gettext.NullTranslations):
    """A "language" that marks every message it is asked for, and records what it was asked."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return mark(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.add((None, singular))
        return mark(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return mark(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        self.asked.add((context, singular))
        return mark(singular if n == 1 else plural)


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Pseudo:
    fake = Pseudo()
    real = kit.i18n.translation
    monkeypatch.setattr(kit.i18n, "translation", lambda code: fake if code == PSEUDO else real(code))
    return fake


# --------------------------------------------------------------------------- what a person reads
_SKIPPED = ("style", "script", "code")


class _Texts(HTMLParser):
    """The text nodes and the aria-label/title/alt values of an HTML string; not the text of <style> and
    <script>, nor of <code>: the notation of an action ("Guard p1 Priest") is the API and stays English."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[str] = []
        self.attrs: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self._skip += 1
        self.attrs += [v for k, v in attrs if k in ("aria-label", "title", "alt", "placeholder") and v]

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs += [v for k, v in attrs if k in ("aria-label", "title", "alt", "placeholder") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.nodes.append(data)


_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_NAMES = sorted(DEFAULT_NAMES, key=len, reverse=True)


def leftover(text: str) -> str:
    """The letters of ``text`` that no message holds: not marked, not a seat's name (empty: no leak)."""
    rest = _MARKED.sub("", text)
    for n in _NAMES:
        rest = rest.replace(n, "")
    return "".join(ch for ch in rest if unicodedata.category(ch)[0] == "L")


def html_leaks(html: str) -> list[str]:
    parser = _Texts()
    parser.feed(html)
    parser.close()
    # the text nodes of one picture read together: a long name drawn on two lines is two SVG texts
    found = [t for t in parser.attrs if leftover(t)]
    joined = "\n".join(parser.nodes)
    if leftover(joined):
        found += [t for t in _MARKED.sub("", joined).split("\n") if leftover(t)]
    return found


_LABELS = re.compile(r"\.(description|tooltip|placeholder|label|_options_labels\[\d+\]|titles\[\d+\])$")
_HTML = re.compile(r"/(HTML|HTMLMath|ClickPane)\.(value|html)$")
_AUTONYMS = set(LANGUAGE_NAMES.values())


def table_leaks(table: GameTable) -> list[tuple[str, str]]:
    """Every piece of English (or other unmarked words) in what ``table`` syncs to the page."""
    out = []
    for path, value in synced(table).items():
        if not isinstance(value, str) or not value.strip():
            continue
        if _HTML.search(path):
            out += [(path, t) for t in html_leaks(value)]
        elif _LABELS.search(path) and value not in _AUTONYMS and leftover(value):
            out.append((path, value))
    return out


# --------------------------------------------------------------------------- playing by clicks
def _check(table: GameTable, where: str, seen: list[tuple[str, str, str]]) -> None:
    for path, text in table_leaks(table):
        seen.append((where, path, text[:160]))


def play(table: GameTable, moves: int, rng: random.Random, seen: list, *, refuse: Iterable[str] = ()) -> int:
    """Play up to ``moves`` moves by clicks for the people at ``table`` (choosing at random), checking what it
    shows after every step; next rounds are started by their button, and the end of the game ends the play.
    Returns the moves made."""
    refuse = list(refuse)
    made = 0
    for _step in range(moves * 4):
        if made >= moves:
            break
        if "pass" in table.choices():  # a hot seat: the mover has read what their move did, then OK
            _check(table, "handover", seen)
            table.click("pass")
            continue
        if table._covered is not None:  # the hot-seat cover: nothing of the game, one button
            _check(table, "cover", seen)
            table.click("ready")
            continue
        if table.state.is_terminal():
            _check(table, "result", seen)
            if table.match.is_over():  # (a new game would be dealt from a drawn seed: the test stays seeded)
                break
            table.click("next")
            continue
        legal = table.legal()
        if not legal:
            break
        if refuse:  # a refused move at a table: said in the table's language
            assert table.act(refuse.pop(0)) is False and table.message and table.refusal
            _check(table, "refused", seen)
        action = rng.choice(legal)
        clicks = table.clicks(action)
        if len(clicks) > 1:  # half-way through a move: the offer in words, and "Start again"
            table.click(clicks[0])
            _check(table, "picking", seen)
            table.click("cancel")
        drive(table, action)
        made += 1
        _check(table, f"move {made}", seen)
    return made


def inspect_all(table: GameTable, seen: list) -> None:
    """Open the inspect panel at a few steps, for every seat it may show."""
    table.inspect()
    for seat in [v for _label, v in table.inspector.seats()]:
        for step in (0, table.inspector.step.max // 2, table.inspector.step.max):
            table.inspect(step=step, seat=seat)
            _check(table, f"inspect {seat} {step}", seen)
    table.inspector.toggle.value = False


STUDENT_TABLES = {
    "loveletter-classic": lambda: GameTable(LoveLetter(2, edition="classic"), ["you", "random"], seed=3, delay=0,
                                            language=PSEUDO),
    "loveletter-2019-hot-seat": lambda: GameTable(LoveLetter(4, edition="2019"), ["you", "person", "random",
                                                                                  "heuristic"], seed=8, delay=0,
                                                  language=PSEUDO),
    "sleepingqueens": lambda: GameTable(SleepingQueens(3), ["you", "random", "heuristic"], seed=2, delay=0,
                                        language=PSEUDO),
    "sleepingqueens-hints": lambda: GameTable(SleepingQueens(2), ["you", "random"], seed=4, delay=0,
                                              language=PSEUDO, hints=True),
    "princesslegend-prince": lambda: GameTable(PrincessLegend(4), ["you", "random", "random", "random"], seed=1,
                                               delay=0, first_player=0, language=PSEUDO),
    "princesslegend-answerer": lambda: GameTable(PrincessLegend(5), ["you", "heuristic", "random", "random",
                                                                     "random"], seed=6, delay=0, first_player=1,
                                                 language=PSEUDO),
}
REFUSED = {"loveletter": ["nonsense", "Guard p1 Guard"], "sleepingqueens": ["nonsense", "discard 1+1=9"],
           "princesslegend": ["nonsense"]}


@pytest.fixture(scope="module")
def template_ids() -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalogs.extract() if m.id}


@pytest.mark.parametrize("key", list(STUDENT_TABLES))
def test_no_english_leaks_into_a_table_in_another_language(key, pseudo, template_ids):
    seen: list[tuple[str, str, str]] = []
    table = STUDENT_TABLES[key]()
    table.setup_form.selected_index = 0  # the setup form open: its labels too
    _check(table, "start", seen)
    rng = random.Random(key)
    game = key.partition("-")[0]
    made = play(table, 40, rng, seen, refuse=REFUSED[game])
    assert made >= 10
    inspect_all(table, seen)
    assert not seen, seen[:12]
    # (b) every message asked for at run time is in the extracted template
    missing = sorted((c or "", m) for c, m in pseudo.asked if (c, m) not in template_ids)
    assert not missing, missing


def test_no_leak_at_a_teachers_table_switched_to_the_language_by_its_menu(pseudo, template_ids):
    seen: list = []
    tables = [GameTable(LoveLetter(3, edition="2019"), ["you", "random", "ismcts"], seed=5, delay=0, teacher=True,
                        bot_options={"ismcts": {"iterations": 20}}),
              GameTable(SleepingQueens(2), ["you", "random"], seed=5, delay=0, teacher=True),
              GameTable(PrincessLegend(3), ["you", "random", "random"], seed=5, delay=0, teacher=True,
                        first_player=0)]
    for table in tables:
        table.language_menu.value = PSEUDO  # as a click on the menu: every label follows
        table.teacher = True
        table.setup_form.selected_index = 0
        play(table, 12, random.Random(1), seen)
        table.inspect(seat=EVERYTHING)
        _check(table, "everything", seen)
        table.inspect(seat=PUBLIC)
        _check(table, "public", seen)
    assert not seen, seen[:12]
    missing = sorted((c or "", m) for c, m in pseudo.asked if (c, m) not in template_ids)
    assert not missing, missing


def test_no_leak_on_the_end_screens(pseudo, template_ids):
    from kit.sleepingqueens.actions import King
    from kit.sleepingqueens.position import position

    seen: list = []
    s = position(hands=[["King", "Knight", "2", "3", "5"], ["Knight", "Dragon", "1", "2", "3"]],
                 queens=[["Rose", "Cake", "Starfish", "Rainbow"], ["Dog"]])
    table = GameTable(SleepingQueens(2), ["you", "random"], seed=1, delay=0, language=PSEUDO, hints=True)
    table.load_round(s)
    for picked in (("card:Knight:0",), ("card:2:0",), ("card:2:0", "card:2:0"), ("card:3:0", "card:2:0"),
                   ("card:5:0", "card:3:0", "card:2:0"), ("card:2:0", "card:3:0", "card:5:0"), ("hint",),
                   ("hint", "hint"), ("card:King:0",)):
        for c in picked:
            table.click(c)
        _check(table, f"picked {picked}", seen)
        table.click("cancel")
    drive(table, next(a for a in table.legal() if isinstance(a, King)))  # the fifth Queen: the game is won
    assert table.state.is_terminal() and table.match.is_over()
    _check(table, "game over", seen)
    inspect_all(table, seen)
    table.click("new")
    _check(table, "new game", seen)
    assert not seen, seen[:12]
    missing = sorted((c or "", m) for c, m in pseudo.asked if (c, m) not in template_ids)
    assert not missing, missing


def test_no_leak_in_the_pictures_a_notebook_shows(pseudo, template_ids):
    """The renderers' own pictures (rich display, notebooks): cards, actions, whole tables with their
    banner, log, scoreboard, cover and result, card counting, the help panels."""
    from fractions import Fraction as F

    from kit.i18n.refusals import explain
    from kit.loveletter import Card2019, CardClassic, Deal, Keep, Play
    from kit.loveletter.cards import edition
    from kit.render import loveletter as LL, princesslegend as PLR, sleepingqueens as SQR

    lang = PSEUDO
    s = LoveLetter(2, edition="2019").new_initial_state(first_player=0)
    for a in ["deal Princess", "deal Guard", "deal Spy", "deal Priest", "deal Chancellor", "deal Guard", "deal Baron",
              "Chancellor", "deal King", "deal Countess", "keep Baron under King Countess", "deal Spy", "Spy"]:
        s.apply_action(a)
    names = ["Ana", "Ben"]
    pictures = [
        LL.card_html(CardClassic.GUARD, lang=lang),
        LL.card_html("King", "2019", lang=lang,  # the note a table puts on a card the Countess rule bars
                     note=explain(edition("2019").barred("King", ["King", "Countess"]), lang, notation=False)),
        LL.card_back_html(lang=lang), LL.hand_html(["Guard", "Spy"], "2019", lang=lang),
        LL.discards_html(["Guard"], "2019", lang=lang),
        LL.action_html(Play(Card2019.GUARD, 1, Card2019.PRIEST), lang), LL.action_html(Play(Card2019.SPY), lang),
        LL.action_html(Play(Card2019.PRINCE, 0), lang), LL.action_html(Deal(Card2019.KING), lang),
        LL.action_html(Keep(Card2019.GUARD, (Card2019.KING, Card2019.BARON)), lang),
        LL.table_html(s.observation(1), names=names, tokens=[2, 1], target=6, round_no=3, lang=lang,
                      ui={"step": "cover", "cover": 1, "next": True, "new": True}, log_lines=2),
        LL.table_html(s.observation(None), names=names, tokens=[6, 1], target=6, match_winners=[0, 1], lang=lang),
        LL.teacher_table_html(s, names=names, lang=lang),
        LL.counting_html({"Guard": 2, "Princess": 1}, {1: {"Guard": F(2, 3), "Princess": F(1, 3)}}, edition="classic",
                         names=names, seat=0, hand_sizes={1: 2}, actual={1: ["Guard"]}, lang=lang),
        LL.counting_html({}, {}, edition="2019", names=names, seat=0, lang=lang),
        LL.how_to_play_html("2019", 6, lang),
        SQR.how_to_play_html(5, 50, lang),
        PLR.how_to_play_html(lang),
    ]
    end = s.clone()
    while not end.is_terminal():
        end.apply_action(end.legal_actions()[0] if end.current_player() >= 0 else end.chance_outcomes()[0][0])
    pictures.append(LL.table_html(end.observation(0), names=names, tokens=[1, 0], lang=lang))
    for text in ("guess", "order", "confirm"):
        ui = {"step": text, "card": 1, "guesses": [0, 2, 9], "orders": [[1, [7, 3]]]}
        pictures.append(LL.table_html(s.observation(0), names=names, ui=ui, lang=lang))
    q = SleepingQueens(3).new_initial_state()
    pictures.append(SQR.reasoning_html(*_sq_reasoning(q, None), names=["Ana", "Ben", "Cleo"], seat=None, lang=lang))
    p = PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen")
    for text in ["ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Fairy", "ask p3 who-is centre",
                 "answer Black Queen"]:
        p.apply_action(text)
    pl_names = ["Ana", "Ben", "Cleo", "Dev"]
    pictures += [PLR.table_html(p.observation(None), names=pl_names, banner=kit.i18n._("Your turn, {name}.", lang,
                                                                                         name="Ana"), lang=lang),
                 PLR.reasoning_html(p.observation(None), names=pl_names, lang=lang, reader=0),
                 PLR.reasoning_html(p.observation(None), names=pl_names, lang=lang, reader=None)]
    leaks = [(i, t) for i, html in enumerate(pictures) for t in html_leaks(html)]
    assert not leaks, leaks[:12]
    missing = sorted((c or "", m) for c, m in pseudo.asked if (c, m) not in template_ids)
    assert not missing, missing


def _sq_reasoning(state: Any, seat: int | None) -> tuple:
    from kit.widgets.adapters.sleepingqueens import jester_reach, unseen_cards, unseen_queens

    obs = state.observation(seat)
    return unseen_cards(obs), jester_reach(obs), unseen_queens(obs)


def test_the_leak_check_finds_an_unmarked_word(pseudo):
    # the check itself: an English word outside the catalog is found, a marked one and a name are not
    assert html_leaks("<div title='⟦Play⟧'>Ana ⟦plays⟧ 3</div>") == []
    assert html_leaks("<div aria-label='Choose Ben'>⟦x⟧</div>") == ["Choose Ben"]
    assert html_leaks("<p>⟦Black</p><p>Queen⟧</p><style>.a{b:c}</style>") == []
    assert html_leaks("<p>⟦Guard⟧ wins</p>") == [" wins"]
    assert kit.i18n._("{actor} plays the {card}.", PSEUDO, actor="Ana", card="Guard") == "Ana⟦ plays the ⟧Guard⟦.⟧"
    assert leftover(kit.i18n._("{actor} plays the {card}.", PSEUDO, actor="Ana", card="Guard")) == "Guard"


# --------------------------------------------------------------------------- the extractor sees every message
MARKINGS = {"_", "N_", "NC_", "ngettext", "pgettext"}


def test_no_message_is_marked_inside_an_f_string():
    # Babel's extractor (Python 3.11) does not look inside f-string expressions: such a message never
    # reaches the catalogs
    found = []
    for path in sorted(KIT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                found += [f"{path.relative_to(KIT.parent)}:{sub.lineno}: {ast.unparse(sub)[:60]}"
                          for sub in ast.walk(node) if isinstance(sub, ast.Call)
                          and isinstance(sub.func, ast.Name) and sub.func.id in MARKINGS]
    assert not found, found


def test_names_are_marked_once_per_game_in_their_context(template_ids):
    from kit.loveletter.cards import CARD_NAMES
    from kit.princesslegend.tiles import SYMBOL_LABELS, TILE_LABELS
    from kit.sleepingqueens.cards import CARD_NAMES as SQ_CARDS, QUEEN_NAMES

    for game, names in [("loveletter", CARD_NAMES.values()), ("sleepingqueens", SQ_CARDS.values()),
                        ("sleepingqueens", QUEEN_NAMES.values()), ("princesslegend", TILE_LABELS.values()),
                        ("princesslegend", SYMBOL_LABELS.values())]:
        for english in names:
            assert (game, english) in template_ids, (game, english)
    # the King of Love Letter and the King card of Sleeping Queens are two messages (Król, Książę)
    assert ("loveletter", "King") in template_ids and ("sleepingqueens", "King") in template_ids


# --------------------------------------------------------------------------- the catalogs
def test_every_extracted_message_is_in_every_catalog():
    missing = [p for p in catalogs.check() if p.endswith(": missing (run python -m kit.i18n.catalogs update)")
               or ": no catalog at " in p]
    assert not missing, missing[:20]


def test_parity_every_message_translated_with_the_same_fields_in_every_language():
    problems = catalogs.check()
    assert not problems, problems[:40]


#: The names as each rule sheet prints them (issue 12; docs/rules/*.<lang>.md use them).
SHEET_NAMES = [
    ("ro", "loveletter", {"Guard": "Gardiană", "Priest": "Preot", "Handmaid": "Cameristă", "Prince": "Prinț",
                          "King": "Rege", "Countess": "Contesă", "Princess": "Prințesă"}),
    ("cs", "loveletter", {"Spy": "Špión", "Guard": "Stráž", "Priest": "Kněz", "Handmaid": "Komorná",
                          "Chancellor": "Kancléř", "Countess": "Hraběnka", "Princess": "Princezna"}),
    ("pt", "loveletter", {"Spy": "Espiã", "Guard": "Guarda", "Priest": "Sacerdote", "Baron": "Barão",
                          "Handmaid": "Criada", "Prince": "Príncipe", "Chancellor": "Chanceler", "King": "Rei",
                          "Countess": "Condessa", "Princess": "Princesa"}),
    ("pl", "sleepingqueens", {"King": "Książę", "Knight": "Rycerz", "Dragon": "Smok",
                              "Sleeping Potion": "Mikstura usypiająca", "Magic Wand": "Różdżka", "Jester": "Błazen"}),
    ("fr", "princesslegend", {"Princess": "Princesse", "Fairy": "Fée", "Black Queen": "Reine Noire",
                              "Guard": "Garde", "Siamese": "Siamois", "Servant": "Servante", "Spy": "Espion"}),
]


@pytest.mark.parametrize("lang, game, names", SHEET_NAMES, ids=[f"{g}-{lang}" for lang, g, _n in SHEET_NAMES])
def test_the_names_are_the_rule_sheets(lang, game, names):
    assert {english: name(game, english, lang) for english in names} == names


# --------------------------------------------------------------------------- choosing a language
def test_the_six_languages_and_the_kernels_default():
    assert LANGUAGES == ("en", "ro", "cs", "pt", "pl", "fr")
    before = kit.i18n.get_language()
    try:
        for code in LANGUAGES:
            kit.i18n.set_language(code)
            assert kit.i18n.get_language() == code
            assert GameTable(SleepingQueens(2), ["you", "random"], seed=1, delay=0, setup=False).lang == code
    finally:
        kit.i18n.set_language(before)


@pytest.mark.parametrize("code", ["xx", "EN", "english", None, 3])
def test_an_unknown_language_is_refused_with_the_six_listed(code):
    with pytest.raises(KitError) as err:
        kit.i18n.set_language(code)
    assert "en, ro, cs, pt, pl, fr" in str(err.value)
    if code is not None:  # language=None is the kernel's language
        with pytest.raises(KitError, match="en, ro, cs, pt, pl, fr"):
            GameTable(LoveLetter(2), ["you", "random"], seed=1, delay=0, setup=False, language=code)


def test_the_language_menu_names_each_language_in_that_language():
    table = GameTable(LoveLetter(2), ["you", "random"], seed=1, delay=0, setup=False, language="pl")
    assert table.language_menu.options == (("English", "en"), ("Română", "ro"), ("Čeština", "cs"),
                                           ("Português", "pt"), ("Polski", "pl"), ("Français", "fr"))
    assert table.language_menu.value == "pl"
    table.language_menu.value = "fr"
    assert table.lang == "fr"


def test_a_refused_move_speaks_the_tables_language_and_keeps_the_engines_reason(pseudo):
    english = GameTable(LoveLetter(2), ["you", "random"], seed=1, delay=0, setup=False, first_player=0)
    other = GameTable(LoveLetter(2), ["you", "random"], seed=1, delay=0, setup=False, first_player=0,
                      language=PSEUDO)
    for table in (english, other):
        assert table.act("no such move") is False
    assert english.message == english.refusal  # an English table shows the engine's own words
    assert other.refusal == english.refusal  # the English reason is kept for the Python user
    assert other.message.startswith(OPEN) and not leftover(other.message)
    assert not html_leaks(other.pane.html)
