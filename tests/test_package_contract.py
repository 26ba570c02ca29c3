"""Every game package has the one shape docs/architecture.md describes: the same modules, the same names with
the same signatures, the same KitError for bad saves, actions, positions and seats, and one Match in kit.core.

The packages are the registry's (``kit.core.registry.packages()``), so a game added to the kit is held to the
contract as soon as it is registered.  The few inputs a test cannot make up for a game (descriptions of
impossible positions) are in :data:`BAD_POSITIONS`, which must name every package.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import json
import random
from pathlib import Path
from typing import Any, Callable

import pytest

from kit.core import KitError, RandomBot, play
from kit.core import events as core_events
from kit.core.errors import GameOverError, IllegalActionError, InvalidActionError
from kit.core.match import Match as CoreMatch
from kit.core.protocol import Game, State
from kit.core.registry import packages, part
from kit.i18n.refusals import explain

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {p.name: p for p in packages()}
NAMES = sorted(PACKAGES)

#: The modules every game package has (docs/architecture.md, "A game package"), besides its components module.
MODULES = ("actions", "state", "events", "game", "match", "position", "invariants", "saves", "bots")
#: The module of its components: cards or tiles.
COMPONENTS = ("cards", "tiles")

P = inspect.Parameter
POS, KW, VAR_KW = P.POSITIONAL_OR_KEYWORD, P.KEYWORD_ONLY, P.VAR_KEYWORD
E = P.empty

#: The functions of the contract: module -> name -> its parameters (name, kind, default).  A game may add
#: parameters with defaults after these (docs/architecture.md, "The names each module exports").
FUNCTIONS: dict[str, dict[str, list[tuple[str, Any, Any]]]] = {
    "events": {
        "sight": [("state", POS, E), ("record", POS, E), ("seat", POS, E)],
        "event_dict": [("state", POS, E), ("record", POS, E), ("hide", KW, False)],
        "visible_events": [("state", POS, E), ("seat", POS, E)],
        "all_events": [("state", POS, E)],
        "information_string": [("state", POS, E), ("seat", POS, E)],
        "aimed_at": [("event", POS, E)],
    },
    "actions": {"parse_action": [("text", POS, E)]},
    "invariants": {"check_invariants": [("state", POS, E)]},
    "saves": {"load": [("game", POS, E), ("data", POS, E)]},
    "knowledge": {
        "knowledge": [("state", POS, E), ("seat", POS, E)],
        "resample": [("state", POS, E), ("seat", POS, E), ("rng", POS, E), ("know", KW, None)],
    },
}
#: The Game class's methods (after ``self``) and the Match's constructor.
GAME_METHODS = {
    "new_initial_state": [("first_player", POS, 0)],
    "parse_action": [("text", POS, E)],
    "state_from_json": [("data", POS, E)],
    "settings": [],
}
MATCH_INIT = [("game", POS, E), ("seed", POS, None), ("first_player", POS, None)]

#: Descriptions of positions that do not add up, per game: each is a KitError of its position().
BAD_POSITIONS: dict[str, list[tuple[tuple, dict]]] = {
    "loveletter": [
        (("no-such-position",), {}),
        ((), dict(to_move=2)),
        ((), dict(face_up=["Guard"])),
        ((), dict(face_up=["Princess", "Princess", "Guard"], played=[[], []], deck=1)),
        ((), dict(hands=["Dragon", None])),
    ],
    "sleepingqueens": [
        ((), dict(hands=[["King"], ["Nobody"]])),
        ((), dict(hands=[["King"] * 9, ["1"]])),
        ((), dict(hands=[["1"], ["2"]], queens=[["Rose", "Rose"], []])),
        ((), dict(hands=[["1"], ["2"]], to_move=7)),
        ((9,), dict(hands=[["1"], ["2"]])),
    ],
    "princesslegend": [
        ((["Prince", "Prince", "Servant"],), dict(centre="Princess")),
        ((["Prince", "Nobody", "Servant"],), dict(centre="Princess")),
        ((["Prince", "Black Queen", "Servant"],), dict(centre=None)),
        ((["Prince", "Black Queen", "Servant"],), dict(centre="Princess", actions=["reveal p9"])),
        ((["Prince"],), dict(centre="Princess")),
    ],
}


def root(name: str) -> str:
    """The package a game's parts live in (``kit.loveletter`` for ``kit.loveletter.game:LoveLetter``)."""
    return PACKAGES[name].game.partition(":")[0].rpartition(".")[0]


def module(name: str, role: str) -> Any:
    return importlib.import_module(f"{root(name)}.{role}")


def small_game(name: str) -> Game:
    """The game with its fewest players."""
    cls = part(name, "game")
    return cls(min(cls.player_counts()))


def ended(name: str, seed: int = 0) -> State:
    game = small_game(name)
    return play(game.new_initial_state(), [RandomBot(seed + s) for s in range(game.num_players)], seed=seed)


def states_along(name: str, seed: int = 0) -> list[State]:
    """Copies of every state of one seeded random game, the end included."""
    game = small_game(name)
    state, rng, out = game.new_initial_state(), random.Random(seed), []
    while True:
        out.append(state.clone())
        if state.is_terminal():
            return out
        if state.current_player() < 0:
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=[float(w) for w in weights])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def parameters(fn: Callable) -> list[tuple[str, Any, Any]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]


def assert_signature(fn: Callable, contract: list[tuple[str, Any, Any]], what: str) -> None:
    """``fn`` takes the contract's positional parameters, in order, and its keyword-only ones (in any order);
    any parameter it adds has a default."""
    got = parameters(fn)
    positional = [p for p in contract if p[1] is not KW]
    keywords = {p for p in contract if p[1] is KW}
    assert got[:len(positional)] == positional, f"{what}{inspect.signature(fn)} breaks the contract {contract}"
    assert keywords <= set(got), f"{what}{inspect.signature(fn)} lacks the keyword-only {keywords - set(got)}"
    extra = [p for p in got[len(positional):] if p not in keywords]
    assert all(default is not E or kind is VAR_KW for _n, kind, default in extra), \
        f"{what}{inspect.signature(fn)}: a parameter added to the contract's needs a default"


# ====================================================================== the same modules, names, signatures
def test_the_registry_holds_the_kits_three_games_and_this_test_knows_each():
    assert {"loveletter", "sleepingqueens", "princesslegend"} <= set(NAMES)
    assert set(BAD_POSITIONS) >= set(NAMES), "add the game's impossible positions to BAD_POSITIONS"


@pytest.mark.parametrize("name", NAMES)
def test_every_package_has_the_same_modules(name):
    base = root(name)
    missing = [m for m in MODULES if importlib.util.find_spec(f"{base}.{m}") is None]
    assert not missing, f"{base} has no {', '.join(missing)}"
    assert sum(importlib.util.find_spec(f"{base}.{m}") is not None for m in COMPONENTS) == 1


#: The names every package's ``__init__.py`` exports (besides its game's own).
PACKAGE_NAMES = ("Match", "parse_action", "visible_events", "all_events", "event_dict", "BOTS")


@pytest.mark.parametrize("name", NAMES)
def test_every_package_exports_its_game_state_match_and_events_by_the_same_names(name):
    pkg = importlib.import_module(root(name))
    game = part(name, "game")
    expected = {game.__name__, type(small_game(name).new_initial_state()).__name__, *PACKAGE_NAMES}
    assert expected <= set(pkg.__all__), f"{pkg.__name__}.__all__ lacks {expected - set(pkg.__all__)}"
    assert pkg.Match is module(name, "match").Match and pkg.parse_action is module(name, "actions").parse_action
    assert pkg.visible_events is module(name, "events").visible_events


@pytest.mark.parametrize("name", NAMES)
def test_the_registration_names_the_parts_where_every_package_keeps_them(name):
    pkg, base = PACKAGES[name], root(name)
    assert pkg.game == f"{base}.game:{part(name, 'game').__name__}"
    assert pkg.events == f"{base}.events" and pkg.bots == f"{base}.bots"
    assert pkg.knowledge in (None, f"{base}.knowledge"), "seat knowledge lives in the package's knowledge.py"
    assert pkg.counting in (None, f"{base}.counting"), "card counting lives in the package's counting.py"
    assert importlib.import_module(base).PACKAGE == pkg


@pytest.mark.parametrize("name", NAMES)
def test_every_package_exports_the_contracts_functions_with_its_signatures(name):
    for role, functions in FUNCTIONS.items():
        if role == "knowledge" and PACKAGES[name].knowledge is None:
            continue
        mod = module(name, role)
        for fn_name, contract in functions.items():
            fn = getattr(mod, fn_name, None)
            assert callable(fn), f"{mod.__name__} has no {fn_name}"
            assert fn_name in mod.__all__, f"{fn_name} is not in {mod.__name__}.__all__"
            assert_signature(fn, contract, f"{mod.__name__}.{fn_name}")
    assert callable(module(name, "position").position)  # its description is the game's own
    assert "position" in module(name, "position").__all__
    keys = module(name, "saves").KEYS
    assert set(keys) == set(json.loads(small_game(name).new_initial_state().to_json())["state"])


@pytest.mark.parametrize("name", NAMES)
def test_every_events_module_names_its_schema_and_sight_levels_alike(name):
    ev = module(name, "events")
    assert isinstance(ev.EVENT_FIELDS, dict) or hasattr(ev.EVENT_FIELDS, "keys")
    assert ev.EVENT_KINDS == tuple(ev.EVENT_FIELDS)
    assert all(isinstance(f, tuple) and all(isinstance(x, str) for x in f) for f in ev.EVENT_FIELDS.values())
    assert (ev.HIDDEN, ev.PUBLIC, ev.WHOLE) == (core_events.HIDDEN, core_events.PUBLIC, core_events.WHOLE)
    for old in ("SCHEMA", "EVENTS", "KINDS"):
        assert not hasattr(ev, old), f"{ev.__name__}.{old}: the schema is EVENT_FIELDS in every game"


@pytest.mark.parametrize("name", NAMES)
def test_the_events_a_seat_sees_are_its_sight_of_each_record(name):
    """visible_events is event_dict(hide=PUBLIC) of the records sight lets the seat see, in every game."""
    end = ended(name, seed=3)
    ev = module(name, "events")
    for seat in [*range(end.game.num_players), None]:
        made = [ev.event_dict(end, r, hide=lv == ev.PUBLIC) for r in end._log if (lv := ev.sight(end, r, seat))]
        assert made == ev.visible_events(end, seat) == end.observation(seat)["log"]
        if seat is not None:
            assert ev.information_string(end, seat) == end.information_state(seat)
        assert all(list(e) == ["kind", *ev.EVENT_FIELDS[e["kind"]]] for e in made)
    assert [ev.event_dict(end, r) for r in end._log] == ev.all_events(end)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_class_has_the_contracts_methods(name):
    cls = part(name, "game")
    assert issubclass(cls, Game) and cls.name == name
    for method, contract in GAME_METHODS.items():
        assert_signature(getattr(cls, method), [("self", POS, E), *contract], f"{cls.__name__}.{method}")
    assert isinstance(inspect.getattr_static(cls, "player_counts"), classmethod)
    counts = cls.player_counts()
    assert isinstance(counts, range) and len(counts) >= 1
    for n in (min(counts) - 1, max(counts) + 1):
        with pytest.raises(KitError):
            cls(n)
    state = small_game(name).new_initial_state()
    assert isinstance(state, State) and callable(state.result) and state.result() is None
    assert state.first_player == 0


@pytest.mark.parametrize("name", NAMES)
def test_every_package_has_its_bots_and_invariants(name):
    bots = part(name, "bots").BOTS
    assert "random" in bots and all(isinstance(getattr(cls, "label", None), str) for cls in bots.values())
    inv = module(name, "invariants")
    assert issubclass(inv.InvariantError, KitError)
    for state in states_along(name, seed=1)[::7]:
        inv.check_invariants(state)


# ====================================================================== the same KitError for bad input
BAD_JSON = ["[1]", "1", "null", '"a state"', "true", "{}", '{"kit": 1}', "not json", "", "{", "[]",
            "1e999999", '{"game": "chess"}']


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", BAD_JSON)
def test_state_from_json_refuses_what_is_not_a_saved_state_with_a_kit_error(name, text):
    with pytest.raises(KitError):
        small_game(name).state_from_json(text)


@pytest.mark.parametrize("name", NAMES)
def test_state_from_json_refuses_a_save_with_a_key_missing_or_of_another_type(name):
    game = small_game(name)
    saved = json.loads(ended(name, seed=2).to_json())
    assert json.loads(game.state_from_json(json.dumps(saved)).to_json()) == saved  # the save itself loads
    for key in saved:
        damaged = {k: v for k, v in saved.items() if k != key}
        with pytest.raises(KitError):
            game.state_from_json(json.dumps(damaged))
    for key, value in saved.items():
        if isinstance(value, dict):
            for inner in value:
                damaged = json.loads(json.dumps(saved))
                del damaged[key][inner]
                with pytest.raises(KitError):
                    game.state_from_json(json.dumps(damaged))
    for path in [(k,) for k in saved] + [(k, i) for k, v in saved.items() if isinstance(v, dict) for i in v]:
        damaged = json.loads(json.dumps(saved))
        holder = damaged if len(path) == 1 else damaged[path[0]]
        holder[path[-1]] = _other_type(holder[path[-1]])
        with pytest.raises(KitError):
            game.state_from_json(json.dumps(damaged))


def _other_type(value: Any) -> Any:
    """A JSON value of another type than ``value``'s (a list for a number, a number for a list...)."""
    return "a string" if isinstance(value, (list, dict, bool, int, float)) or value is None else [value]


def _plays(state: State, seed: int) -> None:
    """Play ``state`` to its end with random bots (any error fails the test)."""
    end = play(state, [RandomBot(seed + s) for s in range(state.game.num_players)], seed=seed)
    assert end.is_terminal()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [4, 8])
def test_a_damaged_save_is_refused_with_a_kit_error_or_plays(name, seed):
    """A list of a mid-game save shortened or a number changed, 40 times: a KitError, or a state that plays on."""
    game = small_game(name)
    along = states_along(name, seed=seed)
    middle = along[len(along) // 2]
    saved = json.loads(middle.to_json())
    rng = random.Random(seed + 1)
    damaged_count = refused = 0

    def places(node: Any, path: tuple = ()) -> list[tuple]:
        if isinstance(node, dict):
            return [p for k, v in node.items() for p in places(v, path + (k,))]
        if isinstance(node, list):
            here = [path] if node else []
            return here + [p for i, v in enumerate(node) for p in places(v, path + (i,))]
        return [path] if isinstance(node, int) and not isinstance(node, bool) else []

    spots = [p for p in places(saved) if p and p[0] not in ("kit", "game")]
    for path in rng.sample(spots, min(40, len(spots))):
        damaged = json.loads(json.dumps(saved))
        holder = damaged
        for step in path[:-1]:
            holder = holder[step]
        value = holder[path[-1]]
        holder[path[-1]] = value[:-1] if isinstance(value, list) else value + rng.choice((1, 7, -1, 1000))
        damaged_count += 1
        try:
            state = game.state_from_json(json.dumps(damaged))
        except KitError:
            refused += 1
            continue
        _plays(state, seed=damaged_count)  # accepted: it plays to its end
    assert damaged_count >= 10 and refused >= 1


GARBAGE = ["", "   ", "xyzzy", "!!!", "p0", "p99", "deal", "deal Nothing", "play", "1e999", "\n", "Guard p",
           "answer", "reveal p-1", "ask", "King p1 Cat Cat", "é", "0" * 40]


@pytest.mark.parametrize("name", NAMES)
def test_parse_action_refuses_garbage_with_an_invalid_action_error(name):
    game, parse = small_game(name), module(name, "actions").parse_action
    for text in GARBAGE:
        for reader in (game.parse_action, parse):
            with pytest.raises(InvalidActionError):
                reader(text)
    for thing in (None, 42, 1.5, ["Guard"], b"deal"):
        with pytest.raises(KitError):
            game.parse_action(thing)


def assert_a_refusal(exc: IllegalActionError, text: str, allowed: set[str], chance: bool,
                     languages: tuple[str, ...]) -> None:
    """A refusal has the same shape in every game: the action, why not (a player's turn: "<action> is not
    allowed: <why>. Allowed: ..."), everything allowed now; said in each of the game's languages."""
    message = str(exc)
    assert text in message and all(a in message for a in allowed), message
    if not chance:
        assert message.startswith(f"{text} is not allowed: ") and ". Allowed: " in message, message
        assert exc.reason and str(exc.reason) in message
    for lang in languages:
        said = explain(exc, lang)
        assert said and "{" not in said and text in said, (lang, said)


@pytest.mark.parametrize("name", NAMES)
def test_apply_action_refuses_garbage_and_illegal_actions_and_changes_nothing(name):
    along = states_along(name, seed=6)
    legal_somewhere = {str(a) for s in along if not s.is_terminal() and s.current_player() >= 0
                       for a in s.legal_actions()}
    legal_somewhere |= {str(a) for s in along if not s.is_terminal() and s.current_player() < 0
                        for a, _p in s.chance_outcomes()}
    illegal_seen = 0
    for state in along[:-1:2]:
        before = state.to_json()
        for junk in ("xyzzy", "", 42, None, object()):
            with pytest.raises(KitError):
                state.apply_action(junk)
        legal_now = ({str(a) for a, _p in state.chance_outcomes()} if state.current_player() < 0
                     else {str(a) for a in state.legal_actions()})
        for text in sorted(legal_somewhere - legal_now)[:5]:
            with pytest.raises(IllegalActionError) as refusal:
                state.apply_action(text)
            assert_a_refusal(refusal.value, text, legal_now, state.current_player() < 0, PACKAGES[name].languages)
            illegal_seen += 1
        assert state.to_json() == before
    assert illegal_seen >= 10
    end = along[-1]
    before = end.to_json()
    for text in sorted(legal_somewhere)[:5]:
        with pytest.raises(GameOverError):
            end.apply_action(text)
    assert end.to_json() == before


@pytest.mark.parametrize("name", NAMES)
def test_a_position_that_does_not_add_up_is_a_kit_error(name):
    position = module(name, "position").position
    for args, kwargs in BAD_POSITIONS[name]:
        with pytest.raises(KitError):
            position(*args, **kwargs)


@pytest.mark.parametrize("name", NAMES)
def test_a_seat_that_is_not_the_games_is_a_kit_error(name):
    state = ended(name, seed=1)
    ev = module(name, "events")
    n = state.game.num_players
    for seat in (n, -1, 99, "p0", 1.0):
        for ask in (state.observation, state.information_state, lambda s: ev.visible_events(state, s)):
            with pytest.raises(KitError):
                ask(seat)


# ====================================================================== one Match, in kit.core
@pytest.mark.parametrize("name", NAMES)
def test_every_games_match_is_the_core_match_overriding_only_what_differs(name):
    cls = module(name, "match").Match
    assert issubclass(cls, CoreMatch)
    assert_signature(cls.__init__, [("self", POS, E), *MATCH_INIT], f"{cls.__name__}.__init__")
    own = [c for c in cls.__mro__ if issubclass(c, CoreMatch) and c.__module__ != "kit.core.match"]
    for method in ("play", "score", "new_round", "is_over", "winners", "scores", "round_starter"):
        redefined = [c.__qualname__ for c in own if method in vars(c)]
        assert not redefined, f"{name}'s Match redefines {method} ({redefined}): kit.core.match.Match has it"
    assert isinstance(cls.score_name, str) and cls.score_name != CoreMatch.score_name


@pytest.mark.parametrize("name", NAMES)
def test_every_games_match_plays_seeded_rounds_through_the_core(name):
    cls = module(name, "match").Match
    game = small_game(name)
    bots = [RandomBot(s) for s in range(game.num_players)]
    a, b = cls(game, seed=11, first_player=0), cls(game, seed=11, first_player=0)
    winners = a.play(bots)
    assert winners == b.play([RandomBot(s) for s in range(game.num_players)]) == a.winners()
    assert a.is_over() and a.scores == b.scores and len(a.scores) == game.num_players
    assert [r.to_json() for r in a.rounds] == [r.to_json() for r in b.rounds]
    assert a.rounds[0].first_player == 0
    with pytest.raises(KitError):
        a.new_round()
    with pytest.raises(KitError):
        cls(game, first_player=game.num_players)
    fresh = cls(game, seed=1, first_player=0)
    with pytest.raises(KitError):
        fresh.score(game.new_initial_state(first_player=0))  # not finished
    with pytest.raises(KitError):
        fresh.score("a round")
    assert fresh.rounds == [] and not fresh.is_over()


# ====================================================================== the layers
#: Each layer's rank (docs/architecture.md): a module imports, at module level, only layers of lower rank (and
#: its own); an import the other way must be lazy, inside the function that needs it.
RANK = {"core": 0, "i18n": 1, "loveletter": 2, "sleepingqueens": 2, "princesslegend": 2, "trees": 2, "interop": 2,
        "teach": 3, "render": 4, "widgets": 5, "serve": 6}
#: What a rules module never imports, even lazily.
NOT_IN_RULES = ("ipywidgets", "IPython", "matplotlib", "networkx")


def module_level_imports(path: Path, modname: str) -> list[tuple[int, str]]:
    """``(line, module)`` of each import at the top level of a module (absolute names, relative ones resolved)."""
    pkg = modname if path.name == "__init__.py" else modname.rpartition(".")[0]
    out = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = pkg.split(".")
                base = parts[:len(parts) - node.level + 1]
                out.append((node.lineno, ".".join(base + ([node.module] if node.module else []))))
            else:
                out.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
    return out


def kit_modules() -> list[tuple[Path, str]]:
    kit = ROOT / "kit"
    return [(p, ".".join(("kit", *p.relative_to(kit).with_suffix("").parts)).removesuffix(".__init__"))
            for p in sorted(kit.rglob("*.py")) if "_compiled" not in p.parts]


def test_every_module_imports_only_the_layers_below_its_own_at_module_level():
    wrong = []
    for path, modname in kit_modules():
        layer = modname.split(".")[1] if "." in modname else None
        if layer not in RANK:
            continue
        for line, target in module_level_imports(path, modname):
            parts = target.split(".")
            if parts[0] == "kit" and len(parts) > 1 and parts[1] in RANK and RANK[parts[1]] > RANK[layer]:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {target} at module level")
    assert set(RANK) == {p.name for p in (ROOT / "kit").iterdir() if (p / "__init__.py").is_file()}
    assert not wrong, "import it inside the function that needs it:\n" + "\n".join(wrong)


@pytest.mark.parametrize("name", NAMES)
def test_game_packages_import_only_core_and_i18n_at_module_level(name):
    """A game package imports, at module level, only itself, kit.core and kit.i18n, and never a widget, plot or
    graph library (docs/architecture.md)."""
    base = root(name)
    folder = Path(importlib.import_module(base).__file__).parent
    wrong = []
    for path, modname in kit_modules():
        if folder not in path.parents:
            continue
        for line, target in module_level_imports(path, modname):
            if target.startswith("kit.") and not target.startswith((base, "kit.core", "kit.i18n")):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
        lazy = [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Import)]
        wrong += [f"{path.relative_to(ROOT)}:{n.lineno} imports {a.name}" for n in lazy for a in n.names
                  if a.name.split(".")[0] in NOT_IN_RULES]
        froms = [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.ImportFrom)]
        wrong += [f"{path.relative_to(ROOT)}:{n.lineno} imports {n.module}" for n in froms
                  if not n.level and (n.module or "").split(".")[0] in NOT_IN_RULES]
    assert not wrong, "\n".join(wrong)
