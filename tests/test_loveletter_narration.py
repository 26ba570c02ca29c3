"""Love Letter narration (kit.render.narration.loveletter): one narrator per event kind, from templates."""

from __future__ import annotations

import ast
import os
import re
import string
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from ll_helpers import run, start  # noqa: E402

import kit.i18n  # noqa: E402
from kit.loveletter import all_events, visible_events  # noqa: E402
from kit.loveletter.events import EVENT_FIELDS  # noqa: E402
from kit.render import loveletter as R  # noqa: E402
from kit.render.narration import Line  # noqa: E402
from kit.render.narration import loveletter as N  # noqa: E402
from kit.render.narration import narrate as narrate_game  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo"]


def texts(events, reader):
    return [ln.text for ln in N.narrate(events, names=NAMES, reader=reader)]


def ev(kind, **fields):
    return {"kind": kind, **fields}


# One known answer per (event, reader): the actor, another seat, nobody (a spectator / teacher).
KNOWN = {
    "setaside": [
        (ev("setaside", card=None), 0, ["A card was set aside face down."]),
        (ev("setaside", card=None), None, ["A card was set aside face down."]),
        (ev("setaside", card="Princess"), None, ["The Princess was set aside face down."]),
    ],
    "faceup": [
        (ev("faceup", card="Guard"), 0, ["Face up for everyone, out of this round: Guard."]),
        (ev("faceup", card="Guard"), None, ["Face up for everyone, out of this round: Guard."]),
    ],
    "deal": [
        (ev("deal", seat=0, card="Priest"), 0, ["Each player was dealt a card.", "You were dealt the Priest."]),
        (ev("deal", seat=0, card=None), 1, ["Each player was dealt a card."]),
        (ev("deal", seat=0, card="Priest"), None, ["Each player was dealt a card.", "Dealt: Ana Priest."]),
    ],
    "draw": [
        (ev("draw", seat=0, card="Handmaid", source="deck", placer=None), 0, ["You drew the Handmaid."]),
        (ev("draw", seat=0, card=None, source="deck", placer=None), 1, []),  # told by the play that follows
        (ev("draw", seat=0, card="Handmaid", source="deck", placer=None), None, ["Ana drew the Handmaid."]),
        (ev("draw", seat=0, card="Countess", source="set-aside", placer=None), 0,
         ["You drew the Countess (the set-aside card)."]),
        (ev("draw", seat=1, card="Spy", source="bottom", placer=0), 0,
         ["Ben drew the Spy, which you had put under the deck."]),
    ],
    "play": [
        (ev("play", seat=0, card="Guard", target=1, guess="Priest"), 0,
         ["You played the Guard on Ben, naming the Priest: a miss."]),
        (ev("play", seat=0, card="Guard", target=1, guess="Priest"), 1,
         ["Ana played the Guard on you, naming the Priest: a miss."]),
        (ev("play", seat=0, card="Guard", target=1, guess="Priest"), None,
         ["Ana played the Guard on Ben, naming the Priest: a miss."]),
        (ev("play", seat=0, card="Handmaid", target=None, guess=None), 0,
         ["You played the Handmaid: you are protected until your next turn."]),
        (ev("play", seat=0, card="Handmaid", target=None, guess=None), 2,
         ["Ana played the Handmaid: Ana is protected until their next turn."]),
        (ev("play", seat=2, card="Countess", target=None, guess=None), None, ["Cleo played the Countess."]),
        (ev("play", seat=0, card="Guard", target=None, guess=None), 0,
         ["You played the Guard with no effect: nobody could be chosen."]),
        (ev("play", seat=0, card="Priest", target=1, guess=None), 1,
         ["Ana played the Priest on you: Ana looked at your hand."]),
        (ev("play", seat=0, card="King", target=1, guess=None), 2,
         ["Ana played the King on Ben: they trade hands."]),
        (ev("play", seat=1, card="Prince", target=1, guess=None), None, ["Ben played the Prince on themself."]),
        (ev("play", seat=1, card="Prince", target=1, guess=None), 1, ["You played the Prince on yourself."]),
    ],
    "peek": [
        (ev("peek", seat=0, target=1, card="Baron"), 0, ["You saw Ben\u2019s Baron."]),
        (ev("peek", seat=0, target=1, card="Baron"), 1, ["Ana saw your Baron."]),
        (ev("peek", seat=0, target=1, card="Baron"), None, ["Ana saw Ben\u2019s Baron."]),
    ],
    "baron": [
        (ev("baron", seat=0, target=1, seat_card="Prince", target_card="Priest"), 0,
         ["You compared hands with Ben: you had the Prince, Ben had the Priest."]),
        (ev("baron", seat=0, target=1, seat_card="Prince", target_card="Priest"), 1,
         ["Ana compared hands with you: Ana had the Prince, you had the Priest."]),
        (ev("baron", seat=0, target=1, seat_card="Prince", target_card="Priest"), None,
         ["Ana compared hands with Ben: Ana had the Prince, Ben had the Priest."]),
    ],
    "trade": [
        (ev("trade", seat=0, target=1, gave="Guard", got="Priest"), 0,
         ["You traded hands with Ben: you gave the Guard and got the Priest."]),
        (ev("trade", seat=0, target=1, gave="Guard", got="Priest"), 1,
         ["Ana traded hands with you: you gave the Priest and got the Guard."]),
        (ev("trade", seat=0, target=1, gave="Guard", got="Priest"), None,
         ["Ana traded hands with Ben: Ana gave the Guard and got the Priest."]),
    ],
    "discard": [
        (ev("discard", seat=1, card="Princess"), 1, ["You discarded the Princess."]),
        (ev("discard", seat=1, card="Princess"), 0, ["Ben discarded the Princess."]),
        (ev("discard", seat=1, card="Princess"), None, ["Ben discarded the Princess."]),
    ],
    "out": [
        (ev("out", seat=1, cards=["Priest"], cause="guard"), 1, ["You are out, showing the Priest."]),
        (ev("out", seat=1, cards=["Priest"], cause="guard"), 0, ["Ben is out, showing the Priest."]),
        (ev("out", seat=1, cards=["Princess", "King"], cause="princess"), None,
         ["Ben is out, showing the Princess and the King."]),
    ],
    "return": [
        (ev("return", seat=0, count=2, cards=["Spy", "Guard"]), 0, ["You put the Spy, then the Guard under the deck."]),
        (ev("return", seat=0, count=2, cards=None), 1, ["Ana put 2 cards under the deck."]),
        (ev("return", seat=0, count=1, cards=None), None, ["Ana put 1 card under the deck."]),
    ],
    "history": [
        (ev("history", seat=0, card="Guard"), 0, ["Earlier, you played the Guard."]),
        (ev("history", seat=0, card="Guard"), 1, ["Earlier, Ana played the Guard."]),
        (ev("history", seat=0, card="Guard"), None, ["Earlier, Ana played the Guard."]),
    ],
    "protected": [
        (ev("protected", seat=1), 1, ["You are protected by a Handmaid."]),
        (ev("protected", seat=1), 0, ["Ben is protected by a Handmaid."]),
        (ev("protected", seat=1), None, ["Ben is protected by a Handmaid."]),
    ],
    "reveal": [
        (ev("reveal", seat=1, card="Prince"), 1, ["Everyone knows you hold the Prince."]),
        (ev("reveal", seat=1, card="Prince"), 0, ["Everyone knows Ben holds the Prince."]),
        (ev("reveal", seat=1, card="Prince"), None, ["Everyone knows Ben holds the Prince."]),
    ],
    "end": [
        (ev("end", winners=[0], reason="last-standing", spy=None, hands=[]), 0,
         ["Round over: you are the last one standing and win the round."]),
        (ev("end", winners=[0], reason="last-standing", spy=None, hands=[]), 1,
         ["Round over: Ana is the last one standing and wins the round."]),
        (ev("end", winners=[0, 1], reason="deck-empty", spy=1,
            hands=[{"seat": 0, "card": "King"}, {"seat": 1, "card": "King"}]), 0,
         ["Round over: the deck is empty. Hands: you the King, Ben the King. You and Ben win the round (a tie). "
          "Spy bonus: Ben gains a token."]),
        (ev("end", winners=[0, 1], reason="deck-empty", spy=1,
            hands=[{"seat": 0, "card": "King"}, {"seat": 1, "card": "King"}]), None,
         ["Round over: the deck is empty. Hands: Ana the King, Ben the King. Ana and Ben win the round (a tie). "
          "Spy bonus: Ben gains a token."]),
        (ev("end", winners=[2], reason="deck-empty", spy=2,
            hands=[{"seat": 0, "card": "Guard"}, {"seat": 2, "card": "Prince"}]), 2,
         ["Round over: the deck is empty. Hands: Ana the Guard, you the Prince. You win the round. "
          "Spy bonus: you gain a token."]),
    ],
}


def test_every_event_kind_has_a_narrator_and_known_answers():
    assert set(N.NARRATORS) == set(EVENT_FIELDS) == set(KNOWN)


@pytest.mark.parametrize("kind", sorted(KNOWN))
def test_known_answer_sentences(kind):
    readers = set()
    for event, reader, want in KNOWN[kind]:
        assert list(event) == ["kind", *EVENT_FIELDS[kind]]
        assert texts([event], reader) == want, (event, reader)
        assert [ln.text for ln in N.narrate_event(event, names=NAMES, reader=reader)] == want
        readers.add(reader)
    assert None in readers and len(readers) >= 2


def test_a_play_tells_what_follows_from_it():
    baron = [ev("play", seat=0, card="Baron", target=1, guess=None),
             ev("baron", seat=0, target=1, seat_card="Priest", target_card="King"),
             ev("out", seat=0, cards=["Priest"], cause="baron")]
    assert texts(baron, 1) == [
        "Ana played the Baron on you: Ana had the Priest, you had the King; Ana is out, showing the Priest."]
    assert texts(baron, 0) == [
        "You played the Baron on Ben: you had the Priest, Ben had the King; you are out, showing the Priest."]
    assert texts([baron[0], baron[2]], 2) == ["Ana played the Baron on Ben: Ana is out, showing the Priest."]
    assert texts([baron[0]], 2) == ["Ana played the Baron on Ben: a tie, nobody is out."]
    guard = [ev("play", seat=0, card="Guard", target=1, guess="Priest"), ev("out", seat=1, cards=["Priest"],
                                                                            cause="guard")]
    assert texts(guard, 2) == ["Ana played the Guard on Ben, naming the Priest: Ben is out, showing the Priest."]
    prince = [ev("play", seat=0, card="Prince", target=0, guess=None), ev("discard", seat=0, card="Handmaid"),
              ev("draw", seat=0, card="Countess", source="set-aside", placer=None)]
    assert texts(prince, 0) == ["You played the Prince on yourself: you discarded the Handmaid and drew the "
                                "Countess (the set-aside card)."]
    assert texts([*prince[:2], dict(prince[2], card=None)], 1) == [
        "Ana played the Prince on themself: Ana discarded the Handmaid and drew a new card (the set-aside card)."]
    princess = [ev("play", seat=0, card="Prince", target=1, guess=None), ev("discard", seat=1, card="Princess"),
                ev("out", seat=1, cards=[], cause="princess")]
    assert texts(princess, 1) == ["Ana played the Prince on you: you discarded the Princess; you are out."]
    priest = [ev("play", seat=0, card="Priest", target=1, guess=None), ev("peek", seat=0, target=1, card="Baron")]
    assert texts(priest, 0) == ["You played the Priest on Ben: you saw Ben\u2019s Baron."]
    king = [ev("play", seat=0, card="King", target=1, guess=None),
            ev("trade", seat=0, target=1, gave="Guard", got="Priest")]
    assert texts(king, 1) == ["Ana played the King on you: you gave the Priest and got the Guard."]
    assert texts(king, None) == ["Ana played the King on Ben: Ana gave the Guard and got the Priest."]


def test_a_chancellor_turn_is_one_sentence_for_everyone():
    s = run(start(3, "2019", aside="Princess", hands=["Chancellor", "Priest", "Baron"], draw="Guard"),
            "Chancellor", "deal Spy", "deal Handmaid", "keep Handmaid under Spy Guard")
    assert texts(visible_events(s, 0), 0)[-1] == (
        "You played the Chancellor: you drew the Spy and the Handmaid and put the Spy, then the Guard under the deck "
        "(the last at the very bottom).")
    assert texts(visible_events(s, 1), 1)[-1] == (
        "Ana played the Chancellor: Ana drew 2 cards and put 2 cards under the deck.")
    assert texts(all_events(s), None)[-1].startswith("Ana played the Chancellor: Ana drew the Spy and the Handmaid")


def test_lines_say_which_event_they_tell_and_what_is_private():
    s = run(start(2, "classic", aside="Princess", faceup=("Guard", "Guard", "Guard"), hands=("Baron", "King"),
                  draw="Priest"), "Baron p1")
    lines = N.narrate(visible_events(s, 1), names=["Ana", "Ben"], reader=1)
    assert all(isinstance(ln, Line) for ln in lines)
    kinds = [visible_events(s, 1)[ln.event]["kind"] for ln in lines]
    assert kinds == ["setaside", "faceup", "deal", "deal", "play", "end"]
    assert [ln.private for ln in lines] == [False, False, False, True, True, False]
    public = N.narrate(visible_events(s, None), names=["Ana", "Ben"])
    assert not any(ln.private for ln in public)
    assert "Faceup" not in str(public) and "Guard, Guard, Guard" in public[1].text
    # the dispatcher of kit.render.narration finds this module; kit.render.loveletter.narrate is the same
    assert narrate_game("loveletter", visible_events(s, 1), names=["Ana", "Ben"], reader=1) == lines
    assert R.narrate is N.narrate


def test_every_sentence_is_one_translated_template_with_card_names_translated(monkeypatch):
    class Marked:  # a "language" that marks every message it translates
        def gettext(self, message):
            return "\u00ab" + message + "\u00bb"

        def ngettext(self, singular, plural, n):
            return "\u00ab" + (singular if n == 1 else plural) + "\u00bb"

    monkeypatch.setattr(kit.i18n, "translation", lambda code: Marked())
    for events in KNOWN.values():
        for event, reader, want in events:
            for text in texts([event], reader):
                assert text.startswith("\u00ab") and text.endswith("\u00bb"), text
                plain = text.replace("Spy bonus", "")  # the name of a rule, not of a card
                for card in re.findall(r"\b(Guard|Priest|Baron|Handmaid|Prince|King|Countess|Princess|Spy)\b", plain):
                    assert f"\u00ab{card}\u00bb" in text, text  # a card name is a message of its own
                assert "\u00abAna\u00bb" not in text and "\u00abBen\u00bb" not in text  # names are not messages


def test_templates_are_literal_with_named_fields_only():
    tree = ast.parse(open(N.__file__, encoding="utf-8").read())
    calls = [c for c in ast.walk(tree) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
             and c.func.id in ("_", "ngettext")]
    assert len(calls) > 60
    literals = 0
    for c in calls:
        first = c.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            msgs = [first.value] + ([c.args[1].value] if c.func.id == "ngettext" else [])
            for msg in msgs:
                fields = [f for _, f, _, _ in string.Formatter().parse(msg) if f is not None]
                assert all(f.isidentifier() for f in fields), msg
            literals += 1
    assert literals == len(calls)  # every message is a literal (card names go through kit.i18n.name)
    # no sentence is an f-string or a "+" of strings (the one f-string names a seat without a name)
    fstrings = [ast.unparse(x) for x in ast.walk(tree) if isinstance(x, ast.JoinedStr)]
    assert fstrings == ["f'p{s}'"]
    def text(x):
        return isinstance(x, (ast.JoinedStr, ast.Call)) or (isinstance(x, ast.Constant) and isinstance(x.value, str))
    joins = [x for x in ast.walk(tree) if (isinstance(x, ast.BinOp) and isinstance(x.op, ast.Add)
                                           and (text(x.left) or text(x.right)))
             or (isinstance(x, ast.AugAssign) and isinstance(x.op, ast.Add) and text(x.value))
             or (isinstance(x, ast.Call) and isinstance(x.func, ast.Attribute) and x.func.attr == "join"
                 and not (isinstance(x.func.value, ast.Constant) and x.func.value.value == ""))]
    assert not joins, [ast.unparse(x) for x in joins]


def test_table_log_is_the_narration():
    s = run(start(2, "classic", aside="Princess", faceup=("Guard", "Guard", "Guard"), hands=("Baron", "King"),
                  draw="Priest"), "Baron p1")
    html = R.table_html(s.observation(1), names=["Ana", "Ben"])
    assert "Ana played the Baron on you: Ana had the Priest, you had the King; Ana is out, showing the Priest." in html
    assert "You are the last one standing and win the round." in html  # the result box
    spectator = R.table_html(s.observation(None), names=["Ana", "Ben"])
    assert "Ana played the Baron on Ben: Ana is out, showing the Priest." in spectator and "King" not in spectator
