"""The audit of the rules pages (docs/rules/audit/) is complete and true.

Each audit page is one table per game: every rule and ruling of that game's rules page, the sheet sentence it
comes from (quoted in the sheet's language) or *ruling* with its reason, and the tests that hold the engine to it.
These tests check that

* every section of the English rules page that states a rule is audited, and every ruling the page lists or
  marks is audited as a *ruling*;
* every row names at least one test, and every test it names exists (so the rule's test is named, and found);
* every quotation is word for word in the sheet it names (when the sheets are at hand: they are not in the
  repository; the folder ``KIT_RULE_SHEETS`` names, else ``shared/seeds`` beside the repository);
* each page in a sheet's language marks as many rulings as its English page.

The known-answer tests of the rules the audit of issue 18 changed are at the end of this file, each named
after its rule.
"""

from __future__ import annotations

import ast
import os
import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from test_docs import anchors

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
AUDIT = RULES / "audit"
GAMES = ("loveletter", "sleepingqueens", "princesslegend")

#: The rule sheets by the key the audit quotes them with.
SHEETS = {"RO": "000_", "CS": "001_", "PT": "002_", "PL": "003_", "FR": "004_"}
#: Sections of an English page that state no rule of the game: the page's title, its introduction, the kit's
#: notation of actions (a text format, the same in every language) and the closing index of rulings.
NO_RULE = {"love-letter", "sleeping-queens", "princess-legend", "the-idea-of-the-game", "notation",
           "rulings-and-decisions"}
#: How each page in a sheet's language marks a ruling (and a decision), next to its English page.
MARKS = {"loveletter.md": ("Ruling", "Decision"), "loveletter.ro.md": ("Hotărâre", "Decizie"),
         "loveletter.cs.md": ("Rozhodnutí", "Volba"), "loveletter.pt.md": ("Decisão", "Escolha"),
         "sleepingqueens.md": ("Ruling", "Decision"), "sleepingqueens.pl.md": ("Ustalenie", "Decyzja"),
         "princesslegend.md": ("Ruling", "Decision"), "princesslegend.fr.md": ("Arbitrage", "Décision")}
ENGLISH = {"loveletter.ro.md": "loveletter.md", "loveletter.cs.md": "loveletter.md",
           "loveletter.pt.md": "loveletter.md", "sleepingqueens.pl.md": "sleepingqueens.md",
           "princesslegend.fr.md": "princesslegend.md"}

QUOTE = re.compile(r"\b(RO|CS|PT|PL|FR) «([^«»]+)»")
LINK = re.compile(r"\]\(\.\./([\w.]+\.md)#([^)\s]+)\)")
TEST = re.compile(r"`(test_[\w]+\.py)::(test_\w+)`")


def rows(game: str) -> list[dict]:
    """The audit table of ``game``: one dict per rule (id, rule, sections, quotes, ruling, tests)."""
    out = []
    for line in (AUDIT / f"{game}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("| `") else None
        if not cells:
            continue
        assert len(cells) == 5, line
        rule_id, rule, where, source, tests = cells
        out.append({"id": rule_id.strip("`"), "rule": rule, "sections": LINK.findall(where),
                    "quotes": QUOTE.findall(source), "ruling": "*ruling*" in source, "source": source,
                    "tests": TEST.findall(tests)})
    return out


@cache
def functions_in(file: str) -> frozenset[str]:
    """The names of the test functions (and test methods) defined in ``tests/<file>`` (read once a run)."""
    tree = ast.parse((ROOT / "tests" / file).read_text(encoding="utf-8"))
    return frozenset(n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                     and n.name.startswith("test_"))


def sheets() -> Path | None:
    """The folder of the five rule sheets, if it is at hand."""
    for folder in (os.environ.get("KIT_RULE_SHEETS"), ROOT.parent / "shared" / "seeds"):
        if folder and Path(folder).is_dir() and all(any(Path(folder).glob(p + "*")) for p in SHEETS.values()):
            return Path(folder)
    return None


def flat(text: str) -> str:
    """Text with every run of white space one space (a quotation may span the sheet's line breaks)."""
    return re.sub(r"\s+", " ", text).strip()


def page_rulings(page: str) -> set[str]:
    """The anchors the closing list of an English page links: the rulings and decisions it names."""
    listed = (RULES / page).read_text(encoding="utf-8").split("## Rulings and decisions", 1)[1]
    return set(re.findall(r"^\d+\. \[[^\]]+\]\(#([^)]+)\)", listed, flags=re.M))


# ============================================================================ the audit is complete
@pytest.mark.parametrize("game", GAMES)
def test_the_audit_has_a_row_per_rule_with_unique_ids(game):
    table = rows(game)
    assert len(table) >= 25
    ids = [r["id"] for r in table]
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_section_of_the_page_is_audited(game):
    page = f"{game}.md"
    audited = {anchor for r in rows(game) for p, anchor in r["sections"] if p == page}
    missing = [a for a in anchors(RULES / page) if a not in NO_RULE and a not in audited]
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_every_row_links_sections_that_exist(game):
    broken = [(r["id"], p, a) for r in rows(game) for p, a in r["sections"]
              if not (RULES / p).is_file() or a not in anchors(RULES / p)]
    assert broken == [] and all(r["sections"] for r in rows(game))


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_the_page_lists_is_audited_as_a_ruling(game):
    ruled = {a for r in rows(game) if r["ruling"] for _, a in r["sections"]}
    assert page_rulings(f"{game}.md") - ruled == set()


@pytest.mark.parametrize("game", GAMES)
def test_every_row_is_traced_to_a_quotation_or_marked_a_ruling_with_its_reason(game):
    untraced = [r["id"] for r in rows(game) if not r["quotes"] and not r["ruling"]]
    assert untraced == []
    no_reason = [r["id"] for r in rows(game) if r["ruling"] and not re.search(r"\*ruling\*: (\S+ ){3}", r["source"])]
    assert no_reason == []


@pytest.mark.parametrize("game", GAMES)
def test_a_ruling_row_is_a_ruling_on_the_page(game):
    """A row the audit calls a ruling links a section the page lists as a ruling or marks as one."""
    page = f"{game}.md"
    marked = {anchor for anchor, body in sections(RULES / page).items()
              if "**Ruling.**" in body or "**Decision.**" in body}
    listed = page_rulings(page)
    wrong = [r["id"] for r in rows(game) if r["ruling"]
             and not any(a in marked or a in listed for p, a in r["sections"] if p == page)]
    assert wrong == []


def sections(page: Path) -> dict[str, str]:
    """Each section of a page by its anchor: the text from its heading to the next heading."""
    names = iter(anchors(page))
    out: dict[str, str] = {}
    current = None
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        fenced = fenced != line.startswith("```")
        if not fenced and re.match(r"#{1,6} ", line):
            current = next(names)
            out[current] = ""
        elif current is not None:
            out[current] += line + "\n"
    return out


# ============================================================================ ... and true of the engine
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_names_tests_that_exist(game):
    missing, untested = [], []
    for r in rows(game):
        if not r["tests"]:
            untested.append(r["id"])
        for file, name in r["tests"]:
            if not (ROOT / "tests" / file).is_file() or name not in functions_in(file):
                missing.append(f"{r['id']}: {file}::{name}")
    assert untested == [] and missing == []


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_named_in_one_of_its_tests(game):
    """A row's tests are named after its rule: one of them shares a word (of 4 letters or more) with its id."""
    unnamed = []
    for r in rows(game):
        words = [w for w in r["id"].split("-") if len(w) >= 4]
        if not any(w in name for w in words for _, name in r["tests"]):
            unnamed.append(r["id"])
    assert unnamed == []


def test_the_rules_this_audit_changed_have_tests_named_after_them():
    """Each rule issue 18 found wrong is a row whose id names a test in this file: ``test_<id with _>``."""
    mine = functions_in("test_rules_audit.py")
    changed = [r for g in GAMES for r in rows(g) if "issue 18" in r["rule"]]
    assert len(changed) >= 12
    unnamed = [r["id"] for r in changed if "test_" + r["id"].replace("-", "_") not in mine]
    assert unnamed == []
    named = [r["id"] for r in changed
             if ("test_rules_audit.py", "test_" + r["id"].replace("-", "_")) not in r["tests"]]
    assert named == []


# ============================================================================ the quotations are the sheets'
@pytest.mark.parametrize("game", GAMES)
def test_every_quotation_is_word_for_word_in_its_sheet(game):
    folder = sheets()
    if folder is None:
        pytest.skip("the rule sheets are not at hand (set KIT_RULE_SHEETS to their folder)")
    text = {k: flat(next(folder.glob(p + "*")).read_text(encoding="utf-8")) for k, p in SHEETS.items()}
    wrong = [f"{r['id']}: {k} «{q}»" for r in rows(game) for k, q in r["quotes"] if flat(q) not in text[k]]
    assert wrong == []
    assert sum(len(r["quotes"]) for r in rows(game)) >= 20


def test_the_quotation_checker_finds_a_misquotation():
    """The check above can fail: a quotation with one word changed is not in the sheet."""
    folder = sheets()
    if folder is None:
        pytest.skip("the rule sheets are not at hand (set KIT_RULE_SHEETS to their folder)")
    pl = flat(next(folder.glob(SHEETS["PL"] + "*")).read_text(encoding="utf-8"))
    assert flat("Królewna Róż warta jest jedynie 5 punktów") in pl
    assert flat("Królewna Róż warta jest jedynie 10 punktów") not in pl


@pytest.mark.parametrize("page", sorted(ENGLISH))
def test_each_page_in_a_sheets_language_marks_as_many_rulings_as_its_english_page(page):
    def count(p: str) -> tuple[int, int]:
        text = (RULES / p).read_text(encoding="utf-8")
        return tuple(text.count(f"**{word}.**") for word in MARKS[p])

    assert count(page) == count(ENGLISH[page])


# ============================================================================ known answers: Love Letter
from ll_helpers import names, start, turns  # noqa: E402
from protocol_helpers import refused, run, texts  # noqa: E402

from kit.core import CHANCE  # noqa: E402
from kit.loveletter import LoveLetter  # noqa: E402


@pytest.mark.parametrize("edition", ["classic", "2019"])
def test_princess_out_when_played_or_discarded(edition):
    played = start(3, edition, aside="Baron", hands=["Princess", "Guard", "Priest"], draw="Guard")
    played.apply_action("Princess")
    discarded = start(3, edition, aside="Baron", hands=["Prince", "Princess", "Priest"], draw="Guard")
    run(discarded, "Prince p1")
    assert played.alive() == [False, True, True] and discarded.alive() == [True, False, True]
    assert names(discarded.discards(1)) == ["Princess"] and discarded.hand(1) == []  # she draws nothing


@pytest.mark.parametrize("edition", ["classic", "2019"])
def test_princess_traded_away_by_a_king_puts_nobody_out(edition):
    s = start(3, edition, aside="Baron", hands=["King", "Guard", "Priest"], draw="Princess")
    s.apply_action("King p1")
    assert s.alive() == [True, True, True] and names(s.hand(1)) == ["Princess"] and names(s.hand(0)) == ["Guard"]
    assert "Princess" not in names(s.discards(0)) + names(s.discards(1))


def test_princess_put_under_the_deck_by_a_chancellor_puts_nobody_out():
    s = start(3, "2019", aside="Guard", hands=["Chancellor", "Guard", "Guard"], draw="Princess")
    run(s, "Chancellor", "deal Priest", "deal Spy", "keep Spy under Princess Priest")
    assert s.alive() == [True, True, True] and names(s.deck_bottom()) == ["Princess", "Priest"]
    assert not s.is_terminal() and s.current_player() == CHANCE  # the round goes on: p1 draws


def test_handmaid_keeps_only_other_players_cards_away():
    s = start(3, "2019", aside="Princess", hands=["Guard", "Prince", "Baron"], draw="Handmaid")
    s.apply_action("Handmaid")
    s.apply_action("deal King")  # p1: neither card may choose the protected p0
    assert all(a.target != 0 for a in s.legal_actions())
    run(s, "King p2", "deal Guard", "Guard p1 Priest", "deal Prince")  # back to p0: protection has ended
    assert s.protected() == [False, False, False] and "Prince p0" in texts(s.legal_actions())


def test_spy_bonus_counts_only_players_still_in_the_round():
    # p0 plays a Spy and is put out; p1 played no Spy: nobody gets the bonus; p2 gets none either.
    s = start(3, "2019", aside="Princess", hands=["Spy", "Guard", "Baron"], draw="Priest")
    s.apply_action("Spy")
    turns(s, ("Guard", "Guard p0 Priest"))
    assert s.alive() == [False, True, True] and names(s.discards(0)) == ["Spy", "Priest"]
    turns(s, ("Priest", "Priest p1"), ("Guard", "Guard p2 Baron"))
    res = s.result()
    assert s.is_terminal() and res.winners == (1,) and res.spy is None and s.returns() == [0, 1, 0]


@pytest.mark.parametrize("edition", ["classic", "2019"])
def test_round_tie_every_tied_player_gets_a_token(edition):
    if edition == "classic":  # four players: p0 and p1 both end with a Prince
        s = start(4, edition, aside="Princess", hands=["Prince", "Prince", "Baron", "Baron"])
        turns(s, "Guard", "Guard", ("King", "King p3"), "Guard", "Guard", "Guard", "Priest", "Priest",
              "Handmaid", "Handmaid", "Countess")
    else:  # two players: both end with a Chancellor
        from test_loveletter_rules import _chancellor_endgame
        s = run(_chancellor_endgame(), "Chancellor", "deal Chancellor", "keep Prince under Chancellor",
                "deal Chancellor", "Chancellor")
    assert s.is_terminal() and s.result().reason == "deck-empty"
    assert s.result().winners == (0, 1) and s.returns()[:2] == [1, 1]


def test_first_publisher_variant_from_no_sheet_7_5_4_tokens_and_a_discard_tiebreak():
    fp = {n: LoveLetter(n, edition="classic", variant="first-publisher") for n in (2, 3, 4)}
    sheet = {n: LoveLetter(n, edition="classic") for n in (2, 3, 4)}
    assert [fp[n].tokens_to_win for n in (2, 3, 4)] == [7, 5, 4]
    assert [sheet[n].tokens_to_win for n in (2, 3, 4)] == [5, 4, 3]  # the Romanian sheet's 5, 4, 3
    assert fp[2].edition.discard_tiebreak and not sheet[2].edition.discard_tiebreak


# ============================================================================ known answers: Sleeping Queens
from kit.core import KitError  # noqa: E402
from kit.sleepingqueens import DECK, QUEEN_POINTS, Queen, SleepingQueens  # noqa: E402
from kit.sleepingqueens.position import position  # noqa: E402
from test_sleepingqueens_rules import start as sq_start  # noqa: E402


def test_rose_queen_is_worth_5_points():
    """The one value the sheet prints: "Królewna Róż warta jest jedynie 5 punktów"; the publisher's others."""
    assert QUEEN_POINTS[Queen.ROSE] == 5 and sum(QUEEN_POINTS.values()) == 125
    assert sorted(QUEEN_POINTS.values()) == [5, 5, 5, 5, 10, 10, 10, 10, 15, 15, 15, 20]


@pytest.mark.parametrize("how", ["king", "jester"])
def test_rose_queen_extra_wake_is_a_must(how):
    """"obudź kolejną": the new owner of the Rose Queen wakes one more; no action lets her skip it."""
    s = sq_start([["King", "Jester", "2", "3", "4"], ["5", "6", "7", "8", "9"]])
    run(s, "King 1" if how == "king" else "Jester", *(["deal 1", "wake 1"] if how == "jester" else []),
        "reveal Rose")
    assert s.current_player() == 0 and s.phase == "wake"
    assert texts(s.legal_actions()) == [f"wake {p}" for p in range(2, 13)]  # a place, and nothing else
    for other in ("allow", "discard 2", "King 2", "Jester"):
        with pytest.raises(KitError):
            s.apply_action(other)
    run(s, "wake 5", "reveal Moon")
    assert [str(q) for q in s.queens(0)] == ["Rose", "Moon"]


def test_blocking_is_decided_at_once():
    """"natychmiast" and "Przegapiłeś swoją szansę": the target answers right after the attack, and a
    Dragon kept back cannot block that Knight later."""
    s = position(hands=[["Knight", "1", "2", "3", "4"], ["Dragon", "6", "7", "8", "9"]], queens=[[], ["Moon"]])
    s.apply_action("Knight p1 Moon")
    assert s.current_player() == 1 and s.phase == "defend"  # before any draw, before anything else
    assert texts(s.legal_actions()) == ["block", "allow"]
    s.apply_action("allow")
    assert [str(q) for q in s.queens(0)] == ["Moon"] and s.queens(1) == []
    assert s.phase == "draw" and "Dragon" in texts(s.hand(1))
    with pytest.raises(KitError):
        s.apply_action("block")  # the chance is gone


def test_jester_number_card_on_the_discard_pile_before_any_draw():
    """"Na koniec odrzuć odkrytą kartę": the kit discards the number card when it is flipped, which is the
    sheet's order in all that can be seen: nothing is drawn or shuffled before the action ends, and the
    refill after it finds the card on the discard pile (here the flip empties the draw pile, so the
    refill shuffles the discard pile, the number card in it)."""
    hands = [["Jester", "1", "2", "4", "5"], ["6", "7", "8", "9", "10"]]
    rest = [str(c) for c in DECK for _ in range(DECK[c])]
    for h in hands:
        for c in h:
            rest.remove(c)
    rest.remove("3")
    s = position(hands=hands, discard=rest)  # the draw pile is a single 3
    assert s.draw_pile_size() == 1
    run(s, "Jester", "deal 3")  # 2 players: you (1), the other (2), you (3)
    assert s.current_player() == 0 and s.phase == "wake" and s.draw_pile_size() == 0
    assert texts(s.discard_pile())[-2:] == ["Jester", "3"]
    run(s, "wake 1", "reveal Moon")
    assert s.phase == "draw"
    reshuffle = [e for e in s.observation(None)["log"] if e["kind"] == "reshuffle"]
    assert reshuffle == [{"kind": "reshuffle", "cards": len(rest) + 2}]  # the old pile, the Jester and the 3
    assert dict((str(a), p) for a, p in s.chance_outcomes())["deal 3"] == Fraction(4, len(rest) + 2)


# ============================================================================ known answers: Princess Legend
from kit.princesslegend import CENTRE, Character, Match, PrincessLegend, Question  # noqa: E402


def test_prince_tile_is_green_and_never_answers():
    """"Le Prince, la Princesse et la fée (fond vert)": the Prince's colour never decides an answer, because
    nobody asks him; the engine keeps no answering colour for him, and he is of the heart family."""
    assert Character.PRINCE.colour is None and Character.PRINCE.family is Character.PRINCESS.family
    s = PrincessLegend(5).dealt_state(["Prince", "Princess", "Fairy", "Black Queen", "Guard"], centre="Servant")
    asks = [a for a in s.legal_actions()]
    assert asks and all(a.seat != 0 for a in asks)
    assert str(Character.PRINCESS.colour) == str(Character.FAIRY.colour) == "green"


def test_who_is_that_points_at_a_third_player_or_the_centre():
    s = PrincessLegend(5).dealt_state(["Prince", "Princess", "Fairy", "Black Queen", "Guard"], centre="Servant")
    for asked in (1, 2, 3, 4):
        about = {a.about for a in s.legal_actions() if a.seat == asked and a.question is Question.WHO_IS}
        assert about == {1, 2, 3, 4, CENTRE} - {asked}  # neither the Prince nor the player asked


def test_rechecking_identities_needs_nothing_every_view_keeps_every_tile():
    """"revérifier l'identité": in the kit every player but the Prince sees every tile at every step of the
    round, so a check could show nothing new; the Prince sees none at any step."""
    names = ["Prince", "Princess", "Fairy", "Black Queen", "Guard"]
    s = PrincessLegend(5).dealt_state(names, centre="Servant")
    steps = 0
    while not s.is_terminal():
        for p in range(1, 5):
            assert s.observation(p)["tiles"] == names and s.observation(p)["centre"] == "Servant"
        assert s.observation(0)["tiles"] == ["Prince", None, None, None, None]
        s.apply_action(s.legal_actions()[0])
        steps += 1
    assert steps >= 9  # four questions, four answers, the extra question (or none), the reveal


def test_tie_one_last_round_then_shared_win():
    """"En cas d'égalité, une dernière manche départagera les joueurs": one round, not more."""
    from test_princesslegend_match import play_scripted

    tied = Match(PrincessLegend(3), first_player=0)
    play_scripted(tied, [True, True] + [False] * 7)  # 9 regular rounds: p0 and p1 tie with one ruby each
    assert not tied.is_over()
    play_scripted(tied, [False])  # the last round: nobody scores
    assert tied.is_over() and tied.winners() == (0, 1) and len(tied.rounds) == 10
    broken = Match(PrincessLegend(3), first_player=0)
    play_scripted(broken, [True, True] + [False] * 7 + [True])  # the last round's Prince, p0, scores
    assert broken.is_over() and broken.winners() == (0,) and len(broken.rounds) == 10


def test_written_equation_must_be_true_as_written():
    """The ruling of docs/rules/sleepingqueens.md#equations: "5+3=2" is refused though 2 + 3 = 5 holds."""
    from kit.core import InvalidActionError

    s = position(hands=[["2", "3", "5", "7", "7"], ["1", "1", "1", "1", "2"]])
    with pytest.raises(InvalidActionError, match="not a true addition equation"):
        s.apply_action("discard 5+3=2")
    s.apply_action("discard 3+2=5")
    assert texts(s.hand(0)) == ["7", "7"] and texts(s.discard_pile()) == ["2", "3", "5"]
