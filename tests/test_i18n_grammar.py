"""Grammar in every language: patterns that are always wrong never reach a reader.

* French: "de", "que", "le", "la" (and the other eliding words) before a vowel, "de le", "à le", "de les",
  "à les" (kit.i18n.grammar elides and contracts where a word meets a field: "d'Ana", "qu'Eva", "du Garde");
* Polish and Czech: a Queen's name said twice ("budzi Królewnę: Królewna Naleśników"): the Queens take
  their case through the context ``sleepingqueens:object``;
* no English word at a table in another language.

They are checked over the narration of every game's table (Love Letter in both editions, Sleeping Queens,
Princess Legend), read by every seat and by a spectator, played with names that begin with a vowel and
with names that begin with a consonant, over the refusals of moves at those tables, and over every message
of every catalog (every checker's and table's message), filled with those names and the games' names.
"""

from __future__ import annotations

import random
import re
import string

import pytest
from babel.messages.pofile import read_po

from kit.core import KitError, RandomBot, play
from kit.i18n import LANGUAGES, _, catalogs, join, name, ngettext, npgettext
from kit.i18n.grammar import fill
from kit.i18n.refusals import explain
from kit.loveletter import LoveLetter
from kit.princesslegend import PrincessLegend
from kit.render.narration import narrate
from kit.sleepingqueens import SleepingQueens
from kit.sleepingqueens.cards import QUEEN_NAMES

VOWEL_NAMES = ["Ana", "Eva", "Ivo", "Olek", "Ula", "Édith"]
CONSONANT_NAMES = ["Ben", "Cleo", "Dan", "Filip", "Gosia", "Marek"]
OTHERS = [lang for lang in LANGUAGES if lang != "en"]

# --------------------------------------------------------------------------- the patterns
_V = "aeiouàâäéèêëîïôöùûüAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜ"
#: French: an eliding word before a vowel (not a pronoun after a hyphen, "garde-la"), or an uncontracted article.
FRENCH_WRONG = re.compile(r"(?<![\w'’-])(?:de|que|le|la|ne|se|je|me|te|jusque|lorsque|puisque) (?=[" + _V + "])"
                          r"|(?<![\w'’-])(?:de le|à le|de les|à les) ", re.IGNORECASE)
#: Polish and Czech: a word for "Queen" and then, after a colon, a Queen's name (the name said twice).
NAMES_TWICE = {"pl": re.compile(r"Królewn\w*[^.!?:]{0,40}: Królewn"),
               "cs": re.compile(r"[Kk]rálovn\w*[^.!?:]{0,40}: Královn")}
#: English words that no other language of the kit writes (names of people and digits aside).
ENGLISH = {"the", "and", "you", "your", "plays", "played", "wakes", "woke", "draws", "drew", "discards",
           "holds", "card", "cards", "Queen", "Queens", "King", "Knight", "Jester", "Guard", "Priest",
           "Handmaid", "Countess", "Chancellor", "Spy", "round", "wins", "with", "of", "is", "asks", "turns"}


def wrong(text: str, lang: str) -> list[str]:
    """The always-wrong patterns of ``lang`` in ``text``."""
    found = []
    if lang == "fr":
        found += [m.group(0) for m in FRENCH_WRONG.finditer(text)]
    if lang in NAMES_TWICE:
        found += [m.group(0) for m in NAMES_TWICE[lang].finditer(text)]
    return found


def english_words(text: str, names: list[str]) -> set[str]:
    words = set(re.findall(r"[^\W\d_]+", text)) - set(names)
    return words & ENGLISH


# --------------------------------------------------------------------------- the rules themselves
@pytest.mark.parametrize("template, fields, lang, want", [
    ("la main de {name}", {"name": "Ana"}, "fr", "la main d'Ana"),
    ("la main de {name}", {"name": "Ben"}, "fr", "la main de Ben"),
    ("La tuile de {name}", {"name": "Édith"}, "fr", "La tuile d'Édith"),
    ("Il ne reste que {player} en jeu", {"player": "Eva"}, "fr", "Il ne reste qu'Eva en jeu"),
    ("{n} carte que {name} n'a pas vue", {"n": 1, "name": "Ivo"}, "fr", "1 carte qu'Ivo n'a pas vue"),
    ("Que {name} joue", {"name": "Ana"}, "fr", "Qu'Ana joue"),
    ("le pouvoir de {card}", {"card": "le Garde"}, "fr", "le pouvoir du Garde"),
    ("Passe à {card}", {"card": "le Roi"}, "fr", "Passe au Roi"),
    ("la défausse de {cards}", {"cards": "les Gardes"}, "fr", "la défausse des Gardes"),
    ("donne-la à {cards}", {"cards": "les Gardes"}, "fr", "donne-la aux Gardes"),
    ("le pouvoir de {card}", {"card": "l'Espion"}, "fr", "le pouvoir de l'Espion"),
    ("le pouvoir de {card}", {"card": "la Fée"}, "fr", "le pouvoir de la Fée"),
    ("la carte de {name}", {"name": "Hugo"}, "fr", "la carte de Hugo"),  # h: the written form is kept
    ("Défausser le {n}", {"n": 8}, "fr", "Défausser le 8"),               # digits: no elision ("le huit")
    ("garde-la {x}", {"x": "encore"}, "fr", "garde-la encore"),            # a pronoun after a hyphen
    ("o poder de {tile}", {"tile": "a Fada"}, "pt", "o poder da Fada"),
    ("em {tile}", {"tile": "o Guarda"}, "pt", "no Guarda"),
    ("por {tile}", {"tile": "a Serva"}, "pt", "pela Serva"),
    ("Você acorda a {queen}", {"queen": "Rainha das Rosas"}, "pt", "Você acorda a Rainha das Rosas"),
    ("a mão de {name}", {"name": "Ana"}, "pt", "a mão de Ana"),
    ("la main de {name}", {"name": "Ana"}, "en", "la main de Ana"),        # English rewrites nothing
    ("{a:>3}|{b!r}", {"a": "x", "b": "y"}, "fr", "  x|'y'"),              # format specs and conversions
])
def test_elision_and_contraction_where_a_word_meets_a_field(template, fields, lang, want):
    assert fill(template, fields, lang) == want


def test_the_translators_own_words_are_never_rewritten():
    # only the word right before a field changes: "de Ana" written out in a template stays (the test of the
    # catalogs below makes sure no catalog writes it)
    assert fill("de Ana et de {name}", {"name": "Eva"}, "fr") == "de Ana et d'Eva"


def test_french_messages_elide_for_a_vowel_name_and_not_for_a_consonant():
    assert _("{name}’s hand", "fr", name="Ana") == "la main d'Ana"
    assert _("{name}’s hand", "fr", name="Ben") == "la main de Ben"
    assert _("{player} is the last one standing and wins the round.", "fr", player="Eva").startswith(
        "Il ne reste qu'Eva en jeu")


def test_joiners_are_the_languages():
    assert join(["a", "b"], "fr", "; ") == "a\u00a0; b"
    assert join(["a", "b"], "en", "; ") == "a; b" and join(["a", "b"], "pl") == "a, b"
    assert join(["a", "b"], "fr", " / ") == "a / b"  # not a joiner of the catalogs: as given


def test_one_field_per_count_in_the_chancellors_sentence():
    for n, back, want in [(2, 2, "odkłada 2 karty pod talię"), (2, 1, "odkłada 1 kartę pod talię"),
                          (1, 1, "dobiera z talii 1 kartę i odkłada 1 kartę")]:
        put = npgettext("under the deck", "{n} card", "{n} cards", back, "pl")
        text = ngettext("{actor} drew {n} card and put {back} under the deck",
                        "{actor} drew {n} cards and put {back} under the deck", n, "pl", actor="Ana", back=put)
        assert want in text


def test_zero_and_the_answer_no_are_two_messages():
    from kit.sleepingqueens import equations
    assert "no" not in equations._WORDS and equations._WORDS[0] == "zero"


def test_polish_queens_take_the_accusative():
    from kit.render.narration.sleepingqueens import narrate_event
    wake = {"kind": "wake", "seat": 0, "queen": "Pancake", "bonus": False, "place": 3}
    assert narrate_event(wake, names=["Ana", "Ben"], lang="pl") == "Ana budzi Królewnę Naleśników."
    assert narrate_event(wake, names=["Ana", "Ben"], reader=0, lang="pl") == "Budzisz Królewnę Naleśników."
    assert narrate_event(wake, names=["Ana", "Ben"], lang="cs") == "Ana probouzí Královnu palačinek."
    steal = {"kind": "steal", "seat": 1, "target": 0, "queen": "Cat"}
    assert narrate_event(steal, names=["Ana", "Ben"], lang="pl") == "Rycerz gracza Ben zabiera graczowi Ana Królewnę Kotów."
    assert narrate_event(wake, names=["Ana", "Ben"], lang="en") == "Ana wakes the Pancake Queen."


def test_a_discard_that_holds_counts_its_new_cards_in_polish():
    from kit.sleepingqueens.equations import check_discard
    assert check_discard("2+3=5").say("pl").endswith("dobierz 3 nowe karty")
    assert check_discard("1+2+3+4=10").say("pl").endswith("dobierz 5 nowych kart")
    assert check_discard("1+2+3+4=10").say("fr").endswith("pioche 5 cartes")


def test_the_patterns_find_what_they_look_for():
    assert wrong("la main de Ana", "fr") == ["de "] and wrong("Il ne reste que Eva", "fr") == ["que "]
    assert wrong("le pouvoir de le Garde", "fr") == ["de le "] and wrong("donne à les Gardes", "fr") == ["à les "]
    assert wrong("garde-la encore, d'Ana", "fr") == []
    assert wrong("Ana budzi Królewnę: Królewna Naleśników.", "pl")
    assert not wrong("Ana budzi Królewnę Naleśników.", "pl")
    assert english_words("Ana plays the Guard", ["Ana"]) == {"plays", "the", "Guard"}


# --------------------------------------------------------------------------- tables, played
GAMES = [("loveletter", lambda n: LoveLetter(n, edition="classic"), 2),
         ("loveletter", lambda n: LoveLetter(n, edition="2019"), 4),
         ("sleepingqueens", SleepingQueens, 3),
         ("princesslegend", PrincessLegend, 5)]


def _played(factory, players: int, seed: int):
    return play(factory(players).new_initial_state(), [RandomBot(seed=seed + i) for i in range(players)], seed=seed)


@pytest.fixture(scope="module")
def played():
    return {(game, players, seed): _played(factory, players, seed)
            for game, factory, players in GAMES for seed in (1, 2)}


def _lines(played, lang: str, names: list[str]):
    for (game, players, _seed), state in played.items():
        for reader in [None, *range(players)]:
            log = state.observation(reader)["log"]
            for line in narrate(game, log, names=names[:players], reader=reader, lang=lang):
                yield game, reader, line.text


def problems(text: str, lang: str, names: list[str]) -> list[str]:
    """The always-wrong patterns and the English words of ``text`` read at a table in ``lang``."""
    return wrong(text, lang) + sorted(english_words(text, names))


@pytest.mark.parametrize("names", [VOWEL_NAMES, CONSONANT_NAMES], ids=["vowel-names", "consonant-names"])
@pytest.mark.parametrize("lang", OTHERS)
def test_no_always_wrong_pattern_and_no_english_word_in_any_tables_narration(played, lang, names):
    bad = [(game, reader, text, problems(text, lang, names)) for game, reader, text in _lines(played, lang, names)
           if problems(text, lang, names)]
    assert not bad, bad[:5]


def test_french_narration_elides_the_vowel_names(played):
    texts = [text for _g, _r, text in _lines(played, "fr", VOWEL_NAMES)]
    assert any(re.search(r"\b[dl]'(Ana|Eva|Ivo|Olek|Ula|Édith)\b", t) or re.search(r"qu'(Ana|Eva|Ivo|Olek|Ula)", t)
               for t in texts)
    assert not any(re.search(r"\bde (Ana|Eva|Ivo|Olek|Ula|Édith)\b", t) for t in texts)


@pytest.mark.parametrize("names", [VOWEL_NAMES, CONSONANT_NAMES], ids=["vowel-names", "consonant-names"])
@pytest.mark.parametrize("lang", OTHERS)
def test_refusals_at_the_tables_have_no_always_wrong_pattern_and_no_english(lang, names):
    said = []
    for game, factory, players in GAMES:
        state = factory(players).new_initial_state()
        rng = random.Random(5)
        while not state.is_terminal() and len(said) < 4000:
            player = state.current_player()
            if player >= 0:
                legal = {str(a) for a in state.legal_actions()}
                for other in rng.sample(sorted(_all_moves(state)), k=min(6, len(_all_moves(state)))):
                    if other in legal:
                        continue
                    try:
                        state.clone().apply_action(other)
                    except KitError as exc:
                        said.append(explain(exc, lang, names=names[:players], notation=False))
                action = rng.choice(state.legal_actions())
            else:
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _p in outcomes], [float(p) for _a, p in outcomes])[0]
            state.apply_action(action)
    assert len(said) > 50
    bad = [(text, problems(text, lang, names)) for text in said if problems(text, lang, names)]
    assert not bad, bad[:5]


def _all_moves(state) -> set[str]:
    """Moves of the game that are well formed (the legal moves of this state and of every seat's turn)."""
    moves = {str(a) for a in state.legal_actions()}
    game = type(state).__module__.split(".")[1]
    seats = range(6)
    if game == "loveletter":
        for card in ("Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"):
            moves.add(card)
            for p in seats:
                moves.add(f"{card} p{p}")
        moves.add("Guard p1 Guard")
    elif game == "sleepingqueens":
        moves |= {"King 1", "Knight p1 Cat", "Potion p0 Rose 3", "Jester", "discard 1 2 3", "discard 2 2"}
    return moves


# --------------------------------------------------------------------------- every message of every catalog
_NAME_FIELDS = {"name", "actor", "target", "seat", "player", "prince", "chooser", "attacker", "winners", "others",
                "next", "bot", "who", "asker", "answerer", "holder"}


def _fields(template: str, lang: str, person: str, sample: dict[str, list[str]]) -> dict[str, str]:
    out = {}
    for _lit, field, _spec, _conv in string.Formatter().parse(template):
        if not field:
            continue
        if field in _NAME_FIELDS:
            out[field] = person
        elif field in ("queen", "rival", "mine"):
            out[field] = sample["queen"][len(out) % len(sample["queen"])]
        elif field in ("card", "guess", "new", "actor_card", "target_card", "theirs", "gave", "got"):
            out[field] = sample["card"][len(out) % len(sample["card"])]
        elif field in ("tile", "character", "about"):
            out[field] = sample["tile"][len(out) % len(sample["tile"])]
        else:
            out[field] = "7"
    return out


def _sample(lang: str) -> dict[str, list[str]]:
    queens = [name("sleepingqueens", q, lang) for q in QUEEN_NAMES.values()]
    queens += [name("sleepingqueens", q, lang, form="object") for q in QUEEN_NAMES.values()]
    cards = [name("loveletter", c, lang) for c in ("Guard", "Spy", "Handmaid", "Princess", "Chancellor", "King")]
    tiles = [name("princesslegend", t, lang, form="the") for t in ("Spy", "Fairy", "Guard", "Servant")]
    tiles += [name("princesslegend", t, lang) for t in ("Spy", "Fairy", "Guard", "Servant")]
    return {"queen": queens, "card": cards, "tile": tiles}


@pytest.mark.parametrize("lang", OTHERS)
def test_no_always_wrong_pattern_in_any_message_of_the_catalog(lang):
    with open(catalogs.po_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang)
    sample = _sample(lang)
    bad = []
    for m in catalog:
        if not m.id or not m.string:
            continue
        forms = [m.string] if isinstance(m.string, str) else [f for f in m.string if f]
        for form in forms:
            for person in ("Ana", "Eva", "Ben", "Cleo"):
                try:
                    text = fill(form, _fields(form, lang, person, sample), lang)
                except (KeyError, IndexError, ValueError):
                    continue  # a field with an attribute or an index: not a message a table fills by name
                if wrong(text, lang):
                    bad.append((m.id, text, wrong(text, lang)))
    assert not bad, bad[:5]
