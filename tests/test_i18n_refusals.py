"""Refusals in every language (issue 12): the engines' refusals and the equation verdicts are facts, said in words.

* every refusal carries its English template and its fields as data; ``str(exc)`` is today's English sentence,
  word for word, and :func:`kit.i18n.refusals.explain` in English gives exactly it;
* PSEUDO-LOCALISATION: every refusal met in seeded games of the three games (and every equation verdict and
  parse error) is said without one unmarked word: at a table (the reason alone, seats by their names) nothing
  is left once the marked pieces of messages and the seats' names are taken away; with the notation, only the
  notation (``Code`` fields) is left; every message asked for is in the extracted template;
* every message a refusal needs is translated in every language (the catalogs' check covers the fields);
* known answers in Polish, French and Czech, with the sheets' names of the cards, tiles and Queens;
* a refused move at a student table of every game, in every language, names the cards with that language's
  names and holds no English sentence;
* Sleeping Queens' state refusals (kit.sleepingqueens.refusals) say what the engine says.
"""

from __future__ import annotations

import html
import pickle
import random
from typing import Any, Iterator

import pytest

import kit.i18n
from kit.core import CHANCE, GameOverError, IllegalActionError, InvalidActionError, KitError
from kit.core.errors import Code, Joined, Phrase, Seat, Term
from kit.i18n import LANGUAGES, name
from kit.i18n.refusals import explain
from kit.loveletter import LoveLetter
from kit.loveletter.actions import Deal as LLDeal, Keep, Play
from kit.loveletter.cards import Card2019, CardClassic
from kit.princesslegend import PrincessLegend
from kit.princesslegend.actions import CENTRE, Answer, Ask, Deal as PLDeal, NoExtraQuestion, Question, Reveal
from kit.princesslegend.tiles import Character
from kit.sleepingqueens import SleepingQueens
from kit.sleepingqueens.actions import parse_action as sq_parse
from kit.sleepingqueens.equations import check_discard, parse_equation
from kit.sleepingqueens.position import position
from kit.sleepingqueens.refusals import game_over, not_an_action, why_illegal
from kit.widgets import GameTable
from kit.widgets.seats import DEFAULT_NAMES

from test_i18n import PSEUDO, html_leaks, leftover, pseudo, template_ids  # noqa: F401 (fixtures)

OTHERS = LANGUAGES[1:]
NAMES = list(DEFAULT_NAMES)  # (the leak check knows these names)


# --------------------------------------------------------------------------- refusals met in play
LL_TEXT = ["", "nonsense", "deal", "keep Guard under", "Guard p1 Priest Baron", "Guard p² Priest", "deal 10",
           "Guard p1 Guard", "Guard p1", "Guard", "Princess", "Countess", "King p0", "Prince p1", "Baron p1",
           "Handmaid p1", "Priest p5", "Guard p1 Spy", "Priest p1 Guard", "Chancellor", "Spy p1",
           "keep Guard under Priest Baron", "keep Spy"]
PL_TEXT = ["", "nonsense", "ask p1", "ask p1 who-is", "reveal p1 p2", "deal Guard", "answer p1 p2",
           "ask centre where-princess", "ask p1 where-princess", "ask p2 who-is p1", "ask p1 who-is centre",
           "ask p1 who-are-you", "ask p0 who-are-you", "ask p1 who-is p0", "answer Fairy", "answer p1", "answer centre",
           "answer Princess", "answer Spy", "reveal centre", "reveal p0", "reveal p1", "no-extra-question",
           "deal Fairy to p1", "deal Fairy to centre", "answer Dragon"]
SQ_TEXT = ["", "nonsense", "King", "King 13", "Knight p9 Cat", "Knight p1 Zebra", "Potion p1 Cat 13", "discard",
           "discard 2+3=6", "discard 1+1=9", "discard 1 2 3 4 5 6", "discard King 3", "discard 2 3", "discard 2 3 4",
           "discard 2+x=5", "discard 3 3", "discard 2+3=5", "discard King", "discard Jester", "block", "allow",
           "wake 5", "deal 7", "deal Zebra", "reveal Cat", "Knight p1 Cat", "Knight p0 Cat", "Knight p1 Dog",
           "Potion p1 Rose 3", "Potion p1 Cat 1", "King 1", "King 5", "King 12", "Jester", "Knight 1 Cat"]


def _ll_objects(rng: random.Random, n: int) -> list[Any]:
    cards = list(CardClassic) + list(Card2019)
    out: list[Any] = [None, 42]
    for _ in range(10):
        c = rng.choice(cards)
        out += [LLDeal(c), Keep(c, (rng.choice(cards),)),
                Play(rng.choice([c, c, "Guard"]), rng.choice([None, -1, 0, 1, 2, n + 1, "1"]),
                     rng.choice([None, "Priest"] + cards))]
    return out


def _pl_objects(rng: random.Random, n: int) -> list[Any]:
    places = list(range(-1, n + 1)) + [CENTRE]
    out: list[Any] = [None, 42, NoExtraQuestion()]
    for _ in range(8):
        q = rng.choice(list(Question))
        out += [PLDeal(rng.choice(list(Character)), rng.choice(places)),
                Ask(rng.choice(places), q, rng.choice(places) if q is Question.WHO_IS else None),
                Answer(place=rng.choice(places)), Answer(character=rng.choice(list(Character))),
                Reveal(rng.choice(places))]
    return out


GAMES = {
    "loveletter-classic": (lambda: LoveLetter(3, edition="classic"), LL_TEXT, _ll_objects),
    "loveletter-2019": (lambda: LoveLetter(4, edition="2019"), LL_TEXT, _ll_objects),
    "princesslegend": (lambda: PrincessLegend(5), PL_TEXT, _pl_objects),
    "sleepingqueens": (lambda: SleepingQueens(3), SQ_TEXT, lambda rng, n: [None, 42]),
}


def refusals(key: str, seeds: int = 3, steps: int = 250) -> Iterator[tuple[Any, KitError]]:
    """(state, refusal) for many refused actions along seeded games."""
    make, texts, objects = GAMES[key]
    for seed in range(seeds):
        rng = random.Random(f"{key}-{seed}")
        s = make().new_initial_state()
        n = s.game.num_players
        for _step in range(steps):
            tries = list(texts) + objects(rng, n) if rng.random() < 0.35 or _step < 3 else []
            if s.is_terminal():
                tries = texts[:4] + ["Guard", "answer p1", "Jester"]
            for x in tries:
                try:
                    s.clone().apply_action(x)
                except KitError as exc:
                    yield s, _as_data(s, x, exc)
            if s.is_terminal():
                break
            if s.current_player() == CHANCE:
                outs = s.chance_outcomes()
                a = rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0]
            else:
                a = rng.choice(s.legal_actions())
            s.apply_action(a)


def _as_data(state: Any, x: Any, exc: KitError) -> KitError:
    """The refusal as data.  Until kit/sleepingqueens/state.py raises the refusals of kit.sleepingqueens.refusals
    (the lead's change), its own refusals are finished English sentences: take the module's, which must say
    exactly the same words."""
    if exc.fields or state.game.name != "sleepingqueens":
        return exc
    if isinstance(exc, GameOverError):
        ours: KitError = game_over(state)
    elif isinstance(exc, IllegalActionError):
        ours = why_illegal(state, sq_parse(x) if isinstance(x, str) else x)
    elif not isinstance(x, str):
        ours = not_an_action(x)
    else:
        return exc  # pragma: no cover - the notation's refusals are data already
    assert type(ours) is type(exc) and str(ours) == str(exc)
    return ours


def verdicts() -> Iterator[Any]:
    """Equation verdicts and parse errors of learners' texts (each a refusal or an answer with a template)."""
    texts = ["2+3=5", "2+3=6", "2-3=5", "3=3", "5=5", "2+3=11", "2x3=6", "", "=", "2+=5", "+2=2", "2 3=5", "2+3=5=5",
             "5=2+3", "05+1=6", "1+1+1+1+1=5", "1+1+1+1+1+1=6", "2+5=3", "(2+3)=5", "2+3=5.", "five+1=6", "2\u22123=5",
             "２+3=5", "2＋3=5", "2+3＝5", "2\u00a0+3=5", "[2]+3=5", "2+3<5", "٣+1=4", "\x00", "2+2+2=6", "4+4=8"]
    for text in texts:
        for hand in (None, [3, 6, "King", 9, 1], [2, 4, "Knight"], [], [2, 2, 6], [1, 1, 2, 4, 5]):
            yield check_discard(text, hand)
        try:
            parse_equation(text)
        except KitError as exc:
            yield exc
    for bad in (None, 5, ["2"]):
        for call in (lambda: parse_equation(bad), lambda: check_discard("2+3=5", bad)):
            try:
                call()
            except KitError as exc:
                yield exc


def walk(value: Any) -> Iterator[Any]:
    """Every field of a refusal, nested phrases and joined lists included."""
    fields = getattr(value, "fields", None) or {}
    for v in fields.values():
        yield v
        if isinstance(v, Phrase):
            yield from walk(v)
        if isinstance(v, Joined):
            for item in v.items:
                yield item
                if isinstance(item, Phrase):
                    yield from walk(item)


def templates(value: Any) -> set[str]:
    out = {value.template} if getattr(value, "template", "") else set()
    return out | {v.template for v in walk(value) if isinstance(v, Phrase)}


@pytest.fixture(scope="module")
def met() -> dict[str, list[tuple[Any, KitError]]]:
    return {key: list(refusals(key)) for key in GAMES}


# --------------------------------------------------------------------------- the English words are kept
ENGLISH = [
    (lambda: LoveLetter(2).new_initial_state(first_player=0), ["deal Guard"] * 3 + ["deal Priest", "deal Countess",
                                                                                     "deal Baron", "deal Prince"],
     "Prince p1", "Prince p1 is not allowed: with the Countess and a Prince in hand, the Countess must be played. "
                  "Allowed: Countess"),
    (lambda: LoveLetter(2).new_initial_state(first_player=0), ["deal Guard"] * 3 + ["deal Priest", "deal Countess",
                                                                                     "deal Baron", "deal Prince"],
     "keep Guard", "keep Guard is not allowed: there is no Chancellor choice to make now. Allowed: Countess"),
    (lambda: PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen"),
     ["ask p3 where-princess"], "answer p1",
     "answer p1 is not allowed: p3 holds the Princess (green) and must tell the truth. Allowed: answer p3"),
    (lambda: _sq(), [], "Knight p1 Cat", "Knight p1 Cat is not allowed: p1 has no awake Cat Queen. Allowed: "),
]


@pytest.mark.parametrize("make, moves, refused, english", ENGLISH, ids=["countess", "no-chancellor", "princess",
                                                                        "sleepingqueens"])
def test_the_english_sentence_is_kept_word_for_word(make, moves, refused, english):
    s = make()
    for a in moves:
        s.apply_action(a)
    with pytest.raises(IllegalActionError) as info:
        s.apply_action(refused)
    exc = info.value
    if english.endswith("Allowed: "):  # (a long list of what is allowed: its start is enough)
        english += ", ".join(map(str, s.legal_actions()))
        exc = why_illegal(s, s.game.parse_action(refused))  # (the same words, as data: see the last tests)
        assert str(info.value) == str(exc)
    assert str(exc) == english
    assert explain(exc, "en") == english
    assert exc.template == "{action} is not allowed: {why}. Allowed: {allowed}"
    assert isinstance(exc.reason, Phrase) and str(exc.reason) in english


def test_explain_in_english_is_str_and_a_refusal_survives_pickling(met):
    count = 0
    for key, found in met.items():
        for _state, exc in found:
            assert explain(exc, "en") == str(exc), (key, str(exc))
            back = pickle.loads(pickle.dumps(exc))
            assert type(back) is type(exc) and str(back) == str(exc) and back.template == exc.template
            count += 1
    assert count > 2000
    for v in verdicts():
        assert explain(v, "en") == (v.message if hasattr(v, "message") else str(v))


def test_every_kind_of_refusal_is_met(met):
    # the sample is wide: most of the templates of the three games' refusals occur in it
    seen = set().union(*(templates(exc) for found in met.values() for _s, exc in found),
                       *(templates(v) for v in verdicts()))
    assert len(seen) > 110, len(seen)
    for kind in (InvalidActionError, IllegalActionError, GameOverError):
        assert any(type(exc) is kind for found in met.values() for _s, exc in found), kind


def test_old_style_messages_still_work():
    exc = KitError("a finished message {with braces}")
    assert str(exc) == "a finished message {with braces}" and exc.fields == {} and exc.reason is None
    assert explain(exc, "pl") == "a finished message {with braces}"  # nothing to translate: the words as given
    # at a table, such a refusal (a finished English sentence) is said in general words, never in English
    assert explain(IllegalActionError("Guard is not allowed"), "pl", notation=False) == \
        kit.i18n._("The rules do not allow that move now.", "pl")
    copy = IllegalActionError(IllegalActionError("{x} and {y}", x=Code("a"), y=1))
    assert str(copy) == "a and 1" and copy.template == "{x} and {y}"


# --------------------------------------------------------------------------- no English leaks (pseudo)
def _without_code(text: str, value: Any, n: int = 0) -> str:
    """``text`` without the notation it quotes (and without seats that are not seats of the game: notation too)."""
    for v in sorted(walk(value), key=lambda v: -len(str(v))):
        if isinstance(v, Code) or (isinstance(v, Seat) and not (type(v.seat) is int and 0 <= v.seat < n)):
            text = text.replace(str(v), "")
    return text


@pytest.mark.parametrize("key", list(GAMES))
def test_every_refusal_is_said_without_an_unmarked_word(key, met, pseudo, template_ids):
    found = met[key]
    assert len(found) > 300
    n = found[0][0].game.num_players
    names = NAMES[:n]
    for _state, exc in found:
        shown = explain(exc, PSEUDO, names=names, notation=False)  # what a table shows
        assert shown and not leftover(_without_code(shown, exc, n)), (str(exc), shown)
        full = explain(exc, PSEUDO, names=names)  # with the notation: only the notation is left
        assert not leftover(_without_code(full, exc, n)), (str(exc), full)
        for term in (v for v in walk(exc) if isinstance(v, Term)):  # every name is asked in its game's context
            assert (term.game, term.message) in pseudo.asked
    missing = sorted((c or "", m) for c, m in pseudo.asked if (c, m) not in template_ids)
    assert not missing, missing


def test_every_verdict_is_said_without_an_unmarked_word(pseudo, template_ids):
    for v in verdicts():
        said = explain(v, PSEUDO)
        assert not leftover(_without_code(said, v)), (str(v), said)
        if hasattr(v, "say"):
            assert v.say(PSEUDO) == said
    missing = sorted((c or "", m) for c, m in pseudo.asked if (c, m) not in template_ids)
    assert not missing, missing


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_of_a_refusal_is_translated(lang, met):
    catalog = kit.i18n.translation(lang)._catalog  # the messages translated in lang (untranslated ones are absent)
    needed = set().union(*(templates(exc) for found in met.values() for _s, exc in found),
                         *(templates(v) for v in verdicts()))
    missing = sorted(t for t in needed if t not in catalog)
    assert not missing, missing[:10]


# --------------------------------------------------------------------------- known answers
def _refusal(state: Any, action: str) -> KitError:
    with pytest.raises(KitError) as info:
        state.clone().apply_action(action)
    return info.value


def _countess() -> Any:
    s = LoveLetter(2).new_initial_state(first_player=0)
    for a in ["deal Guard"] * 3 + ["deal Priest", "deal Countess", "deal Baron", "deal Prince"]:
        s.apply_action(a)
    return s


def _priest_state() -> Any:  # p0 holds a Guard and a Priest; p1 a Baron
    s = LoveLetter(2).new_initial_state(first_player=0)
    for a in ["deal Spy", "deal Guard", "deal Guard", "deal Guard", "deal Guard", "deal Baron", "deal Priest"]:
        s.apply_action(a)
    return s


@pytest.mark.parametrize("lang, want", [
    ("pl", "W ręce są Hrabina i Książę, więc trzeba zagrać Hrabinę."),
    ("fr", "Avec la Comtesse et la carte Prince en main, il faut jouer la Comtesse."),
    ("cs", "V ruce je Hraběnka a Princ, takže se musí zahrát Hraběnka."),
    ("pt", "Com a Condessa e a carta Príncipe na mão, é preciso jogar a Condessa."),
    ("ro", "Cu Contesa și cartea Prinț în mână, trebuie jucată Contesa."),
])
def test_love_letter_countess_rule_known_answer(lang, want):
    exc = _refusal(_countess(), "Prince p1")
    assert explain(exc, lang, names=["Ana", "Ben"], notation=False) == want
    assert explain(exc, lang).startswith("Prince p1") and explain(exc, lang).endswith(": Countess")


@pytest.mark.parametrize("lang, want", [
    ("pl", "Ana nie ma w ręce karty: Księżniczka."),
    ("fr", "Ana n'a pas la carte Princesse en main."),
    ("cs", "Ana nemá v ruce kartu: Princezna."),
])
def test_love_letter_card_not_held_known_answer(lang, want):
    exc = _refusal(_priest_state(), "Princess")
    assert str(exc.reason) == "p0 does not hold a Princess"
    assert explain(exc, lang, names=["Ana", "Ben"], notation=False) == want


@pytest.mark.parametrize("lang, want", [
    ("pl", "Guard p1 Guard – tak nie można: Strażniczka nie może nazwać Strażniczki. Dozwolone: "),
    ("cs", "Guard p1 Guard není dovoleno: Stráž nesmí jmenovat Stráž. Dovoleno: "),
    ("fr", "Guard p1 Guard n'est pas permis\u00a0: un Garde ne peut pas nommer le Garde. Permis\u00a0: "),
])
def test_love_letter_guard_rule_with_the_notation_known_answer(lang, want):
    exc = _refusal(_priest_state(), "Guard p1 Guard")
    said = explain(exc, lang)
    assert said.startswith(want) and said.endswith(str(exc).rsplit("Allowed: ", 1)[1])


def _princess_asked(question: str) -> Any:
    s = PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen")
    s.apply_action(question)
    return s


@pytest.mark.parametrize("lang, want", [
    ("fr", "Cleo a la tuile Fée (verte) et doit dire la vérité."),
    ("pl", "Cleo ma płytkę: Wróżka (kolor zielony), więc musi mówić prawdę."),
    ("cs", "Cleo má destičku: Víla (zelená), a proto musí říkat pravdu."),
])
def test_princess_legend_answer_rule_known_answer(lang, want):
    exc = _refusal(_princess_asked("ask p2 who-are-you"), "answer Guard")
    assert explain(exc, lang, names=NAMES[:4], notation=False) == want


@pytest.mark.parametrize("lang, want", [
    ("fr", "Le Prince révèle une tuile après ses questions\u00a0; encore à interroger\u00a0: Ben, Cleo, Dev."),
    ("pl", "Książę odkrywa płytkę po swoich pytaniach; trzeba jeszcze zapytać: Ben, Cleo, Dev."),
])
def test_princess_legend_reveal_too_early_known_answer(lang, want):
    s = PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen")
    exc = _refusal(s, "reveal p1")
    assert explain(exc, lang, names=NAMES[:4], notation=False) == want


def _sq() -> Any:
    return position(hands=[["King", "Knight", "2", "3", "5"], ["Knight", "Dragon", "1", "2", "3"]],
                    queens=[["Rose"], ["Dog"]])


@pytest.mark.parametrize("lang, text, want", [
    ("pl", "Knight p1 Cat", "Królewna Kotów nie leży obudzona przed graczem Kuba."),
    ("pl", "Jester", "Ola nie ma karty: Błazen (w ręce: 2, 3, 5, Książę, Rycerz)."),
    ("pl", "discard 2 3 4", "Ola nie ma w ręce: 2, 3, 4 (ma: 2, 3, 5, Książę, Rycerz)."),
    ("fr", "Knight p1 Cat", "Kuba n'a pas la Reine des Chats réveillée."),
    ("fr", "Potion p1 Dog 1", "Ola n'a pas la carte Potion de sommeil (en main\u00a0: 2, 3, 5, Roi, Chevalier)."),
    ("cs", "Knight p1 Cat", "Královna koček není vzhůru před hráčem Kuba."),
    ("cs", "discard 2 3", "Dvě karty lze odhodit jen jako dvojici stejných čísel."),
])
def test_sleeping_queens_refusals_known_answer(lang, text, want):
    s = _sq()
    exc = why_illegal(s, sq_parse(text))
    assert explain(exc, lang, names=["Ola", "Kuba"], notation=False) == want


@pytest.mark.parametrize("text, hand, lang, want", [
    ("2+3=6", None, "pl", "2+3=6 to nieprawda: 2+3 = 5"),
    ("2+3=6", None, "fr", "2+3=6 est faux\u00a0: 2+3 = 5"),
    ("2+3=6", None, "cs", "2+3=6 neplatí: 2+3 = 5"),
    ("2+3=5", None, "pl", "2+3=5 się zgadza: odrzuć 2, 3 i 5 i dobierz 3 nowe karty"),
    ("3+3=6", [3, 6, "King", 9, 1], "pl",
     "3+3=6 się zgadza, ale nie możesz tego odrzucić: masz 1 kartę 3, a równanie potrzebuje: dwa "
     "(twoja ręka: 3, 6, Książę, 9, 1)"),
    ("3+3=6", [3, 6, "King", 9, 1], "fr",
     "3+3=6 est juste, mais tu ne peux pas la défausser\u00a0: un seul 3 en main, alors que l'équation en demande "
     "deux "
     "(ta main\u00a0: 3, 6, Roi, 9, 1)"),
    ("2x3=6", None, "cs",
     "'2x3=6': 'x' (znak č. 2) není dovolen: jen sčítání, pište '+'. Dovoleno: čísla 1 až 10 spojená znakem '+', "
     "pak '=' a jedno číslo, jako 2+3=5 nebo 2 + 3 + 4 = 9 (jen sčítání)"),
])
def test_equation_verdicts_known_answer(text, hand, lang, want):
    v = check_discard(text, hand)
    assert v.say(lang) == want
    assert v.say("en") == v.message  # English: the message, word for word


def test_print_of_a_verdict_follows_the_kernels_language():
    v = check_discard("2+3=6")
    before = kit.i18n.get_language()
    try:
        kit.i18n.set_language("pl")
        assert str(v) == "2+3=6 to nieprawda: 2+3 = 5"
        kit.i18n.set_language("en")
        assert str(v) == v.message == "2+3=6 is false: 2+3 = 5"
    finally:
        kit.i18n.set_language(before)


def test_sleeping_queens_state_refusals_say_what_the_engine_says():
    # kit.sleepingqueens.refusals.why_illegal holds the state's reasons: the same English words, as data
    count = 0
    for state, exc in refusals("sleepingqueens", seeds=2):
        if type(exc) is not IllegalActionError or state.current_player() == CHANCE:
            continue
        texts = [t for t in SQ_TEXT if t]
        for text in texts:
            try:
                action = sq_parse(text)
            except KitError:
                continue
            try:
                state.clone().apply_action(action)
            except IllegalActionError as engine:
                ours = why_illegal(state, action)
                assert str(ours) == str(engine)
                assert ours.reason is not None and str(ours.reason) in str(engine)
                count += 1
        if count > 400:
            break
    assert count > 100


# --------------------------------------------------------------------------- at a student table
def _person_to_move(table: GameTable) -> None:
    assert table.state.current_player() == table.viewer, "the table waits for the person"


def _not_held(hand: list[str], candidates: list[str]) -> str:
    return next(c for c in candidates if c not in hand)


@pytest.mark.parametrize("lang", OTHERS)
def test_love_letter_table_names_the_card_in_its_language(lang):
    table = GameTable(LoveLetter(2, edition="2019"), ["you", "random"], seed=3, delay=0, language=lang,
                      setup=False, first_player=0)
    _person_to_move(table)
    card = _not_held(list(table.state.observation(0)["hand"]), ["Princess", "Countess", "King", "Baron"])
    english = str(_refusal(table.state, card))
    assert table.act(card) is False
    assert table.refusal == english and english.startswith(f"{card} is not allowed: p0 does not hold a {card}.")
    assert name("loveletter", card, lang) in table.message and table.names[0] in table.message
    assert "does not hold" not in table.message and "Allowed" not in table.message
    assert html.escape(table.message) in table.pane.html


@pytest.mark.parametrize("lang", OTHERS)
def test_princess_legend_table_names_the_tile_in_its_language(lang):
    # the Prince (a bot, p1) asks the person, who answers what their tile forbids
    table = GameTable(PrincessLegend(4), ["you", "heuristic", "random", "random"], seed=6, delay=0, language=lang,
                      setup=False, first_player=1)
    _person_to_move(table)
    legal = table.legal()
    wrong = [f"answer {c}" for c in Character if c is not Character.PRINCE] + \
        [f"answer p{i}" for i in range(4)] + ["answer centre"]
    for text in wrong:
        if table.game.parse_action(text) in legal:
            continue
        exc = _refusal(table.state, text)
        if exc.reason is not None and exc.reason.template == "{seat} holds the {tile} ({colour}) and {rule}":
            break
    else:  # pragma: no cover
        pytest.fail("no wrong answer of the kind the tile forbids")
    assert table.act(text) is False and table.refusal == str(exc)
    tile = exc.reason.fields["tile"]
    assert isinstance(tile, Term) and tile.game == "princesslegend"
    assert name("princesslegend", tile, lang) in table.message and table.names[0] in table.message
    assert "holds the" not in table.message and "must" not in table.message


@pytest.mark.parametrize("lang", OTHERS)
def test_sleeping_queens_table_names_the_card_in_its_language(lang):
    table = GameTable(SleepingQueens(2), ["you", "random"], seed=4, delay=0, language=lang, setup=False)
    table.load_round(_sq())
    _person_to_move(table)
    assert table.act("Jester") is False
    assert table.refusal.startswith("Jester is not allowed: p0 holds no Jester (holds 2 3 5 King Knight)")
    for english in ("Jester", "King", "Knight"):
        assert name("sleepingqueens", english, lang) in table.message
    assert "holds no" not in table.message and table.names[0] in table.message


@pytest.mark.parametrize("lang", OTHERS)
def test_sleeping_queens_table_says_a_false_equation_in_its_language(lang):
    table = GameTable(SleepingQueens(2), ["you", "random"], seed=4, delay=0, language=lang, setup=False)
    _person_to_move(table)
    assert table.act("discard 1+1=9") is False
    assert table.refusal.startswith("'discard 1+1=9' is not a true addition equation: 1 + 1 makes 2, not 9; write ")
    # the fact alone, in the child's words (the notation help is English: it is the API)
    assert table.message == {"ro": "1 + 1 fac 2, nu 9.", "cs": "1 + 1 dává 2, ne 9.", "pt": "1 + 1 dá 2, não 9.",
                             "pl": "1 + 1 daje 2, a nie 9.", "fr": "1 + 1 fait 2, pas 9."}[lang]


def test_refused_moves_at_pseudo_tables_leak_nothing(pseudo, template_ids):
    tables = [GameTable(LoveLetter(2, edition="2019"), ["you", "random"], seed=3, delay=0, language=PSEUDO,
                        setup=False, first_player=0),
              GameTable(LoveLetter(3, edition="classic"), ["you", "random", "random"], seed=5, delay=0,
                        language=PSEUDO, setup=False, first_player=0),
              GameTable(PrincessLegend(4), ["you", "random", "random", "random"], seed=1, delay=0, language=PSEUDO,
                        setup=False, first_player=0),
              GameTable(SleepingQueens(3), ["you", "random", "random"], seed=2, delay=0, language=PSEUDO,
                        setup=False)]
    texts = {"loveletter": LL_TEXT, "princesslegend": PL_TEXT, "sleepingqueens": SQ_TEXT}
    refused = 0
    for table in tables:
        _person_to_move(table)
        for text in texts[table.game.name]:
            if table.act(text) is False:
                refused += 1
                assert table.message and table.refusal and not leftover(table.message), (text, table.message)
                assert not html_leaks(table.pane.html), (text, html_leaks(table.pane.html))
    assert refused > 40
    missing = sorted((c or "", m) for c, m in pseudo.asked if (c, m) not in template_ids)
    assert not missing, missing
