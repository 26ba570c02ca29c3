"""Each Sleeping Queens rule has one home in the engine, and everything else asks it.

The rivalry of the Cat and the Dog is written once, as ``RIVAL_PAIRS`` in
``kit/sleepingqueens/cards.py``.  The test changes that one line in a copy of
the kit (another pair of Queens are rivals; or no Queens at all) and plays the
same probe in each: the engine, the table's offers, both bots, the refusal's
explanation and the exercise checks all follow.  Then each query of the rules
has a known-answer test named after its rule.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kit.core import IllegalActionError, KitError
from kit.sleepingqueens import Card, Queen
from kit.sleepingqueens.cards import (ATTACKS, DEFENCES, RIVAL_PAIRS, RIVALS, attack_blocked_by, defence_against,
                                      rival)
from kit.sleepingqueens.position import position
from kit.sleepingqueens.state import discards, jester_count, jester_reach

KIT = Path(__file__).resolve().parents[1] / "kit"
THE_LINE = "RIVAL_PAIRS: tuple[tuple[Queen, Queen], ...] = ((Queen.CAT, Queen.DOG),)"

# What the table, the bots, the refusals and the exercises make of one pair of Queens, ``have`` in front of the
# player to move and ``other``: run in the kit as it is and in copies with another rivalry.  Public entry points
# only.
PROBE = r'''
def probe(have, other):
    import random

    import kit
    from kit.core import IllegalActionError, KitError, PlayerView
    from kit.i18n.refusals import explain
    from kit.sleepingqueens import Queen
    from kit.sleepingqueens.bots import HeuristicBot
    from kit.sleepingqueens.bots.lookahead import policy
    from kit.sleepingqueens.compiled import engine
    from kit.sleepingqueens.position import position
    from kit.teach.bots import QUEENS, RIVALS, WakeBestBot, check_wake_best, wake_values
    from kit.widgets.adapters.sleepingqueens import SleepingQueensAdapter

    out = {"kit": kit.__file__, "engine": engine(), "rivals": RIVALS}
    # a Knight in hand, `other` in front of the opponent
    s = position(hands=[["Knight", "King", "1", "2", "3"], ["4", "5", "6", "7", "8"]], queens=[[have], [other, "Moon"]])
    out["knights"] = sorted(str(a) for a in s.legal_actions() if str(a).startswith("Knight"))
    held = s.rival_held(0, Queen[other.upper()])
    out["rival_held"] = None if held is None else str(held)
    offer = SleepingQueensAdapter(s.game).offer(s.observation(0), s.legal_actions(), ("card:Knight:0",),
                                                names=["Ana", "Ben"])
    out["table_aims"] = sorted(c for c in offer.choices if c.startswith("queen:"))
    out["table_note"] = offer.note
    from kit.render.sleepingqueens import card_rule

    out["hover"] = card_rule(other, "en")  # the words on the Queen's picture
    try:
        s.apply_action(f"Knight p1 {other}")
        out["refusal"] = None
    except IllegalActionError as exc:
        out["refusal"] = {lang: explain(exc, lang, names=["Ana", "Ben"], notation=False) for lang in ("en", "pl")}
    # a King in hand, `other` asleep face up in place 2
    grid = ["empty", other] + ["unseen"] * 10
    w = position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[[have], []], grid=grid)
    out["heuristic"] = str(HeuristicBot(seed=0).choose(PlayerView(w, 0), 0)) == "King 2"
    out["lookahead_policy"] = str(policy(w, random.Random(0))) == "King 2"
    out["wake_value"] = wake_values(w.observation(0))[2]
    w.apply_action("King 2")
    last = w.events()[-1]
    out["woken"] = {k: last[k] for k in ("kind", "queen", "rival") if k in last}
    # nobody may have both rivals
    try:
        position(hands=[["King", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[[have, other], []])
        out["both"] = None
    except KitError as exc:
        out["both"] = str(exc)

    # the exercise: its reference bot passes; a bot that hard-codes the printed Cat and Dog rivalry
    class CatDogBot(WakeBestBot):
        def choose(self, view, seat):
            obs = view.observation()
            kings = [a for a in view.legal_actions() if a.__class__.__name__ == "King"]
            if not kings:
                return super().choose(view, seat)
            values = wake_values(obs)

            def value(a):
                spot = obs["grid"][a.place - 1]
                if not spot.startswith("asleep:"):
                    return values[a.place]
                q = spot.split(":", 1)[1]
                return 0.0 if {"Cat": "Dog", "Dog": "Cat"}.get(q) in obs["queens"][seat] else float(QUEENS[q])

            return max(kings, key=value)

    out["exercise_reference"] = check_wake_best(WakeBestBot, count=12).ok
    judged = check_wake_best(CatDogBot, count=12)
    out["exercise_cat_dog_bot"] = [judged.ok, str(judged)]
    return out
'''

RUN = PROBE + r'''
import json, sys
print(json.dumps({f"{a}/{b}": probe(a, b) for a, b in json.loads(sys.argv[1])}))
'''

PAIRS = [("Dog", "Cat"), ("Cat", "Dog"), ("Pancake", "Heart")]


def _world(tmp: Path, rivals: str | None) -> subprocess.Popen:
    """Start the probe in the kit as it is (``rivals`` None) or in a copy whose one line of the rivalry says
    ``rivals``."""
    env = dict(os.environ)
    if rivals is not None:
        shutil.copytree(KIT, tmp / "kit", ignore=shutil.ignore_patterns("_compiled", "__pycache__"))
        cards = tmp / "kit" / "sleepingqueens" / "cards.py"
        text = cards.read_text()
        assert text.count(THE_LINE) == 1, "the rivalry's one home moved: update THE_LINE"
        cards.write_text(text.replace(THE_LINE, f"RIVAL_PAIRS: tuple[tuple[Queen, Queen], ...] = {rivals}"))
        env["PYTHONPATH"] = str(tmp)
    return subprocess.Popen([sys.executable, "-c", RUN, json.dumps(PAIRS)], cwd=tmp, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def worlds(tmp_path_factory):
    """The probe's answers in three kits: as printed (Cat and Dog), Heart and Pancake rivals, no rivals."""
    started = {name: _world(tmp_path_factory.mktemp(name), rivals) for name, rivals in
               (("printed", None), ("heart_pancake", "((Queen.HEART, Queen.PANCAKE),)"), ("none", "()"))}
    out = {}
    for name, proc in started.items():
        stdout, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, stderr[-3000:]
        out[name] = json.loads(stdout)
    return out


def test_each_world_runs_its_own_copy_of_the_kit(worlds):
    assert Path(worlds["printed"]["Dog/Cat"]["kit"]).parent == KIT
    for name in ("heart_pancake", "none"):
        copy = Path(worlds[name]["Dog/Cat"]["kit"]).parent
        assert copy != KIT and copy.name == "kit" and copy.parent.name.startswith(name)
        assert worlds[name]["Dog/Cat"]["engine"] == "pure Python"  # the build is of the printed rules only


def _rivals(answer: dict, have: str) -> None:
    """Everything treats ``have`` (in front of the player to move) and the probe's other Queen as rivals."""
    assert answer["rival_held"] == have
    assert answer["knights"] == ["Knight p1 Moon"]  # the engine: the rival may not be taken
    assert answer["table_aims"] == ["queen:1:Moon"]  # the table offers the same targets
    assert answer["refusal"] is not None and answer["heuristic"] is False and answer["lookahead_policy"] is False
    assert answer["wake_value"] == 0.0
    assert answer["woken"]["kind"] == "back" and answer["woken"]["rival"] == have
    assert answer["both"] is not None and "do not get along" in answer["both"]
    assert f"She and the {have} Queen do not get along" in answer["hover"]


def _friends(answer: dict, other: str) -> None:
    """Everything treats ``have`` and ``other`` as Queens who get along."""
    assert answer["rival_held"] is None
    assert answer["knights"] == sorted([f"Knight p1 {other}", "Knight p1 Moon"])
    assert answer["table_aims"] == sorted([f"queen:1:{other}", "queen:1:Moon"])
    assert answer["table_note"] == "" and answer["refusal"] is None
    assert answer["heuristic"] is True and answer["lookahead_policy"] is True  # she is worth more than a face-down one
    assert answer["wake_value"] > 10
    assert answer["woken"] == {"kind": "wake", "queen": other}
    assert answer["both"] is None
    assert "do not get along" not in answer["hover"]


def test_the_printed_rules_make_the_cat_and_the_dog_rivals(worlds):
    w = worlds["printed"]
    assert w["Dog/Cat"]["rivals"] == {"Cat": "Dog", "Dog": "Cat"}
    for pair in ("Dog/Cat", "Cat/Dog"):
        _rivals(w[pair], pair.split("/")[0])
    assert w["Dog/Cat"]["table_note"] == "You have the Dog Queen, so you may not take the Cat Queen: they do not get along."
    assert w["Dog/Cat"]["refusal"] == {
        "en": "You have the Dog Queen, so you may not take the Cat Queen: they do not get along.",
        "pl": "Królewna Psów jest już u ciebie, więc Królewna Kotów nie może do ciebie trafić: one się nie znoszą."}
    _friends(w["Pancake/Heart"], "Heart")
    assert w["Dog/Cat"]["exercise_reference"] is True
    assert w["Dog/Cat"]["exercise_cat_dog_bot"][0] is True  # the printed rivalry is the one it knows


def test_one_line_of_cards_py_makes_heart_and_pancake_the_rivals_everywhere(worlds):
    w = worlds["heart_pancake"]
    assert w["Dog/Cat"]["rivals"] == {"Heart": "Pancake", "Pancake": "Heart"}
    _rivals(w["Pancake/Heart"], "Pancake")
    assert w["Pancake/Heart"]["table_note"] == ("You have the Pancake Queen, so you may not take the Heart Queen: "
                                                "they do not get along.")
    assert w["Pancake/Heart"]["refusal"]["en"] == ("You have the Pancake Queen, so you may not take the Heart Queen: "
                                                   "they do not get along.")
    assert w["Pancake/Heart"]["refusal"]["pl"].startswith("Królewna Naleśników jest już u ciebie, więc Królewna "
                                                          "Serc nie może")
    for pair, other in (("Dog/Cat", "Cat"), ("Cat/Dog", "Dog")):
        _friends(w[pair], other)
    # the exercise follows: its reference passes, and its rival traps are now Heart and Pancake, so a bot that
    # knows only the printed Cat and Dog falls into one
    assert w["Dog/Cat"]["exercise_reference"] is True
    ok, text = w["Dog/Cat"]["exercise_cat_dog_bot"]
    assert ok is False and "her rival is in front of you" in text
    assert "woke the Heart, but" in text or "woke the Pancake, but" in text


def test_with_no_rivals_in_cards_py_no_queen_is_refused_or_sent_back(worlds):
    w = worlds["none"]
    assert w["Dog/Cat"]["rivals"] == {}
    for pair, other in (("Dog/Cat", "Cat"), ("Cat/Dog", "Dog"), ("Pancake/Heart", "Heart")):
        _friends(w[pair], other)
    assert w["Dog/Cat"]["exercise_reference"] is True  # the exercise makes no rival traps, and still its cases


# --------------------------------------------------------------------------- no rule restated
CONSUMERS = ["sleepingqueens/events.py", "sleepingqueens/refusals.py", "sleepingqueens/bots/heuristic.py",
             "sleepingqueens/bots/lookahead.py", "teach/bots.py", "widgets/adapters/sleepingqueens.py",
             "sleepingqueens/invariants.py"]  # the renderer names every card: its hover words are probed above


def _code_strings(path: Path) -> set[str]:
    """The string constants of a module's code (docstrings left out)."""
    tree = ast.parse(path.read_text())
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs}


@pytest.mark.parametrize("module", CONSUMERS)
def test_the_rivals_and_the_defence_cards_are_named_only_in_cards_py(module):
    assert not _code_strings(KIT / module) & {"Cat", "Dog", "Dragon", "Wand"}


def test_the_refusals_read_no_private_attribute_of_the_state():
    tree = ast.parse((KIT / "sleepingqueens" / "refusals.py").read_text())
    private = sorted({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr.startswith("_")
                      and not n.attr.startswith("__")})
    assert private == []


# --------------------------------------------------------------------------- the queries, known answers
def test_rule_cat_and_dog_are_rivals_and_no_other_queens():
    assert RIVAL_PAIRS == ((Queen.CAT, Queen.DOG),)
    assert RIVALS == {Queen.CAT: Queen.DOG, Queen.DOG: Queen.CAT}
    assert rival(Queen.CAT) is Queen.DOG and rival(Queen.DOG) is Queen.CAT
    assert rival(1) is Queen.DOG and rival("dog queen") is Queen.CAT
    assert [q for q in Queen if rival(q) is not None] == [Queen.CAT, Queen.DOG]
    with pytest.raises(KitError, match="not a Queen"):
        rival("Unicorn")


def test_rule_a_dragon_blocks_a_knight_and_a_magic_wand_a_sleeping_potion():
    assert DEFENCES == {Card.KNIGHT: Card.DRAGON, Card.POTION: Card.WAND}
    assert ATTACKS == {Card.DRAGON: Card.KNIGHT, Card.WAND: Card.POTION}
    assert defence_against(Card.KNIGHT) is Card.DRAGON and defence_against("potion") is Card.WAND
    assert attack_blocked_by(Card.DRAGON) is Card.KNIGHT and attack_blocked_by(15) is Card.POTION
    assert [c for c in Card if defence_against(c)] == [Card.KNIGHT, Card.POTION]
    assert [c for c in Card if attack_blocked_by(c)] == [Card.DRAGON, Card.WAND]


def test_rule_a_jesters_number_counts_clockwise_from_its_player_as_one():
    assert jester_count(3, 1, 5) == (1, 2, 0, 1, 2)
    assert jester_count(5, 4, 1) == (4,)  # a 1 reaches the Jester's own player
    assert [jester_reach(2, 0, n) for n in range(1, 11)] == [0, 1] * 5
    assert [jester_reach(4, 3, n) for n in range(1, 6)] == [3, 0, 1, 2, 3]
    for bad in ((1, 0, 3), (3, 3, 3), (3, 0, 0), (3, 0, 11)):
        with pytest.raises(KitError):
            jester_count(*bad)


def test_rule_the_jester_count_in_the_game_is_the_query():
    s = position(hands=[["1", "2", "3", "4", "5"], ["Jester", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]],
                 to_move=1)
    s.apply_action("Jester")
    s.apply_action("deal 7")
    count = s.events()[-1]
    assert count["kind"] == "count" and tuple(count["counted"]) == jester_count(3, 1, 7)
    assert s.current_player() == jester_reach(3, 1, 7) == 1


def test_rule_the_rival_in_front_of_a_seat():
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["5", "6", "7", "8", "9"]], queens=[["Dog"], ["Cat", "Moon"]])
    assert s.rival_held(0, Queen.CAT) is Queen.DOG
    assert s.rival_held(1, Queen.DOG) is Queen.CAT
    assert s.rival_held(0, Queen.MOON) is None and s.rival_held(1, Queen.CAT) is None
    with pytest.raises(KitError):
        s.rival_held(2, Queen.CAT)
    with pytest.raises(KitError):
        s.rival_held(0, 12)


def test_rule_the_attack_to_answer_is_public_and_named_by_its_card():
    s = position(hands=[["Potion", "1", "2", "3", "4"], ["Wand", "6", "7", "8", "9"]], queens=[[], ["Moon"]])
    assert s.pending_attack() is None
    s.apply_action("Potion p1 Moon 1")
    assert s.pending_attack() == (Card.POTION, 0, 1, Queen.MOON)
    with pytest.raises(IllegalActionError, match="must answer the Potion: block with a Wand or allow"):
        s.apply_action("King 2")
    s.apply_action("block")
    assert s.pending_attack() is None


def test_rule_a_discard_is_one_card_a_pair_or_an_addition():
    assert [str(d) for d in discards([Card.KING, 2, 3, 5, 5])] == [
        "discard 2", "discard 3", "discard 5", "discard King", "discard 5 5", "discard 2+3=5"]
    assert [str(d) for d in discards([3, 3, 3])] == ["discard 3", "discard 3 3"]  # three of a kind is no discard
    assert [str(d) for d in discards([1, 2, 3, 6])] == [
        "discard 1", "discard 2", "discard 3", "discard 6", "discard 1+2=3", "discard 1+2+3=6"]
    with pytest.raises(KitError):
        discards([0])
    s = position(hands=[["2", "3", "5", "5", "Wand"], ["5", "6", "7", "8", "9"]])
    assert [a for a in s.legal_actions() if a.__class__.__name__ == "Discard"] == discards(s.hand(0))
