"""Princess Legend narration (kit.render.narration.princesslegend): a narrator for every event kind and
known-answer sentences for the Prince, an answering player and a spectator."""

from __future__ import annotations

import random

import pytest

from kit.core import KitError, play_at_random
from kit.princesslegend import EVENT_KINDS, PrincessLegend
from kit.render import narration
from kit.render.narration import Line
from kit.render.narration.princesslegend import NARRATORS, narrate, narrate_event

from protocol_helpers import run

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eve"]


def scripted():
    """5 players, Ana (p0) the Prince: Ben the Servant, Cleo the Princess, Dev the Fairy, Eve the Guard;
    the Black Queen in the centre.  Every question kind, the extra question, the Princess found."""
    s = PrincessLegend(5).dealt_state(["Prince", "Servant", "Princess", "Fairy", "Guard"], centre="Black Queen")
    return run(s, "ask p1 where-princess", "answer p2", "ask p2 who-is p3", "answer Fairy",
               "ask p3 who-are-you", "answer Fairy", "ask p4 who-is centre", "answer Servant",
               "ask p4 where-princess", "answer centre", "reveal p2")


def texts(lines):
    return [line.text for line in lines]


def test_every_event_kind_has_a_narrator():
    assert set(NARRATORS) == set(EVENT_KINDS)


def test_a_spectator_reads_the_public_log():
    s = scripted()
    lines = narrate(s.observation(None)["log"], names=NAMES)
    assert texts(lines) == [
        "Ana is the Prince.",
        "Ben is dealt a tile face down.", "Cleo is dealt a tile face down.", "Dev is dealt a tile face down.",
        "Eve is dealt a tile face down.", "A tile goes face down to the centre.",
        "Ana asks Ben: where is the Princess?", "Ben answers: Cleo.",
        "Ana asks Cleo: who is Dev?", "Cleo answers: the Fairy.",
        "Ana asks Dev: who are you?", "Dev answers: the Fairy.",
        "Ana asks Eve: who is in the centre?", "Eve answers: the Servant.",
        "Ana asks one more question.", "Ana asks Eve: where is the Princess?", "Eve answers: the centre.",
        "Ana turns over Cleo's tile: the Princess!",
        "Rubies for Ana, Cleo and Dev.",
        "Every tile turns face up: Ben was the Servant, Cleo was the Princess, Dev was the Fairy and Eve was the Guard.",
        "The centre tile was the Black Queen.",
    ]
    assert not any(line.private for line in lines)
    # each line points at its event; the extra question is two sentences of one event
    assert [line.event for line in lines][-7:] == [14, 14, 15, 16, 17, 18, 18]


def test_the_prince_reads_his_own_actions_as_you():
    s = scripted()
    got = texts(narrate(s.observation(0)["log"], names=NAMES, reader=0))
    assert got[0] == "You are the Prince."
    assert got[1] == "Ben is dealt a tile face down."
    assert got[6:8] == ["You ask Ben: where is the Princess?", "Ben answers: Cleo."]
    assert got[8] == "You ask Cleo: who is Dev?" and got[12] == "You ask Eve: who is in the centre?"
    assert got[14:16] == ["You ask one more question.", "You ask Eve: where is the Princess?"]
    assert got[-4:-2] == ["You turn over Cleo's tile: the Princess!", "Rubies for you, Cleo and Dev."]
    assert got[-2].startswith("Every tile turns face up: Ben was the Servant")  # the Prince learns who lied


def test_an_answering_player_reads_every_tile_and_their_own_answers():
    s = scripted()
    lines = narrate(s.observation(3)["log"], names=NAMES, reader=3)  # Dev, the Fairy
    assert [(line.text, line.private) for line in lines[1:6]] == [
        ("Ben is the Servant.", True), ("Cleo is the Princess.", True), ("You are the Fairy.", True),
        ("Eve is the Guard.", True), ("The centre tile is the Black Queen.", True)]
    got = texts(lines)
    assert got[8:12] == ["Ana points at you and asks Cleo: who is that?", "Cleo answers: the Fairy.",
                         "Ana asks you: who are you?", "You answer: the Fairy."]
    assert got[-3] == "Rubies for Ana, Cleo and you."
    assert "you were the Fairy" in got[-2]
    cleo = texts(narrate(s.observation(2)["log"], names=NAMES, reader=2))
    assert cleo[7] == "Ben answers: you." and cleo[-4] == "Ana turns over your tile: the Princess!"


def test_more_known_answers():
    def one(event, reader=None):
        return texts(narrate_event(event, names=NAMES, reader=reader))

    assert one({"kind": "deal", "place": 1, "tile": None}, reader=1) == ["You are dealt a tile face down."]
    assert one({"kind": "answer", "seat": 2, "place": 2, "character": None}, reader=2) == ["You answer: yourself."]
    assert one({"kind": "answer", "seat": 2, "place": 2, "character": None}) == ["Cleo answers: Cleo."]
    assert one({"kind": "answer", "seat": 2, "place": "centre", "character": None}, reader=2) == \
        ["You answer: the centre."]
    assert one({"kind": "answer", "seat": 1, "place": 4, "character": None}, reader=1) == ["You answer: Eve."]
    assert one({"kind": "noextra", "prince": 0}) == ["Ana asks no extra question."]
    assert one({"kind": "noextra", "prince": 0}, reader=0) == ["You ask no extra question."]
    assert one({"kind": "ask", "prince": 0, "seat": 3, "question": "who-is", "about": 1, "extra": False},
               reader=3) == ["Ana asks you: who is Ben?"]
    assert one({"kind": "ask", "prince": 0, "seat": 3, "question": "where-princess", "about": None,
                "extra": True}, reader=3) == ["Ana asks one more question.", "Ana asks you: where is the Princess?"]
    assert one({"kind": "reveal", "prince": 1, "place": "centre", "tile": "Guard", "symbol": "mask"}) == \
        ["Ben turns over the centre tile: the Guard!"]
    assert one({"kind": "reveal", "prince": 1, "place": "centre", "tile": "Guard", "symbol": "mask"}, reader=1) == \
        ["You turn over the centre tile: the Guard!"]
    assert one({"kind": "rubies", "symbol": "mask", "seats": []}) == ["No rubies: no player is of the mask family."]
    assert one({"kind": "rubies", "symbol": "crown", "seats": [4]}) == ["A ruby for Eve."]
    assert one({"kind": "rubies", "symbol": "crown", "seats": [4]}, reader=4) == ["A ruby for you."]
    assert one({"kind": "rubies", "symbol": "crown", "seats": [2, 4]}) == ["Rubies for Cleo and Eve."]
    assert one({"kind": "prince", "seat": 2}, reader=2) == ["You are the Prince."]


def test_the_narration_package_dispatches_to_princess_legend():
    s = scripted()
    log = s.observation(1)["log"]
    assert narration.narrate("princesslegend", log, names=NAMES, reader=1) == narrate(log, names=NAMES, reader=1)
    assert all(isinstance(line, Line) for line in narrate(log, names=NAMES))


def test_no_event_is_narrated_from_anything_but_an_event():
    with pytest.raises(KitError, match="not a Princess Legend event"):
        narrate_event({"kind": "play", "seat": 0}, names=NAMES)
    with pytest.raises(KitError):
        narrate_event("Ana asks Ben: where is the Princess?", names=NAMES)


@pytest.mark.parametrize("n", range(3, 9))
def test_every_event_of_random_rounds_is_told_for_every_reader(n):
    rng = random.Random(n)
    names = [f"Seat{i}" for i in range(n)]
    for _ in range(10):
        s = PrincessLegend(n).new_initial_state(first_player=rng.randrange(n))
        play_at_random(s, rng)
        for reader in [*range(n), None]:
            log = s.observation(reader)["log"]
            lines = narrate(log, names=names, reader=reader)
            assert sorted({line.event for line in lines}) == list(range(len(log)))  # every event told
            for line in lines:
                assert line.text and "{" not in line.text and line.text[0].isupper()
                assert line.private == (log[line.event]["kind"] == "deal" and log[line.event]["tile"] is not None)
            if reader is not None and reader != s.prince:
                assert sum(line.text.startswith("You are the ") for line in lines) == 1
