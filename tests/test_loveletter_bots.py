"""Love Letter bots: legal, repeatable, information-only, and sensible on known positions."""

from __future__ import annotations

import random

import pytest

from kit.core import CHANCE, KitError, PlayerView, play, sample_outcome
from kit.loveletter import Deal, Keep, LoveLetter, knowledge, posterior_marginals
from kit.loveletter.bots import HeuristicBot, ISMCTSBot, RandomBot, seat_view

SETTINGS = [("classic", n) for n in (2, 3, 4)] + [("2019", n) for n in (2, 3, 4, 5, 6)]


def make_bots(kind: str, seed: int) -> object:
    if kind == "random":
        return RandomBot(seed=seed)
    if kind == "heuristic":
        return HeuristicBot(seed=seed)
    return ISMCTSBot(iterations=12, seed=seed)


class Checked:
    """Wraps a bot: every choice must be one of the legal actions its view lists."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.choices: list[str] = []

    def choose(self, view, player):
        legal = view.legal_actions()
        action = self.bot.choose(view, player)
        assert action in legal, f"{self.bot!r} chose {action} not in {[str(a) for a in legal]}"
        self.choices.append(str(action))
        return action


def decisions(end) -> list[str]:
    """The decisions of a finished round (everything but chance's deals), as notation."""
    return [str(a) for a in end.history() if not isinstance(a, Deal)]


def asked(bots: list[Checked]) -> int:
    return sum(len(b.choices) for b in bots)


def script(game: LoveLetter, actions: list[str], first_player: int = 0):
    s = game.new_initial_state(first_player=first_player)
    for a in actions:
        s.apply_action(a)
    return s


# ---------------------------------------------------------------------------- legality


@pytest.mark.parametrize("edition,players", SETTINGS)
def test_bots_choose_legal_actions(edition: str, players: int) -> None:
    game = LoveLetter(players, edition=edition)
    kinds = ["heuristic", "ismcts", "random"]
    rounds = 6 if players <= 3 else 3
    for g in range(rounds):
        bots = [Checked(make_bots(kinds[(g + s) % 3], seed=100 * g + s)) for s in range(players)]
        end = play(game.new_initial_state(first_player=g % players), bots, seed=g)
        # every decision of the round was a bot's checked choice (the driver asked nobody else)
        assert sorted(decisions(end)) == sorted(c for b in bots for c in b.choices)


def test_heuristic_legal_over_many_rounds() -> None:
    for edition, players in SETTINGS:
        game = LoveLetter(players, edition=edition)
        for g in range(15):
            bots = [Checked(HeuristicBot(seed=g * 10 + s)) for s in range(players)]
            play(game.new_initial_state(first_player=g % players), bots, seed=1000 + g)


def test_first_publisher_variant() -> None:
    game = LoveLetter(2, edition="classic", variant="first-publisher")
    for g in range(5):
        play(game.new_initial_state(), [Checked(HeuristicBot(seed=g)), Checked(ISMCTSBot(iterations=10, seed=g))],
             seed=g)


# ---------------------------------------------------------------------------- repeatable


@pytest.mark.parametrize("kind", ["random", "heuristic", "ismcts"])
def test_same_seed_same_choices(kind: str) -> None:
    game = LoveLetter(3)
    runs = []
    for _ in range(2):
        bots = [Checked(make_bots(kind, seed=s)) for s in range(3)]
        end = play(game.new_initial_state(), bots, seed=42)
        runs.append((end.history(), [b.choices for b in bots]))
    assert runs[0] == runs[1]


def test_seed_may_be_a_generator_and_global_random_is_untouched() -> None:
    random.seed(123)
    expected = [random.random() for _ in range(3)]
    random.seed(123)
    game = LoveLetter(2)
    play(game.new_initial_state(), [HeuristicBot(random.Random(1)), ISMCTSBot(iterations=10, seed=random.Random(2))],
         seed=3)
    assert [random.random() for _ in range(3)] == expected


def test_bare_state_is_wrapped_in_the_seat_view() -> None:
    game = LoveLetter(2)
    s = script(game, ["deal Guard", "deal Spy", "deal Spy", "deal Priest", "deal Princess", "deal Baron",
                      "deal Guard"])
    assert isinstance(seat_view(s, 0), PlayerView)
    for cls in (HeuristicBot, lambda seed: ISMCTSBot(iterations=30, seed=seed)):
        assert cls(seed=5).choose(s, 0) is cls(seed=5).choose(PlayerView(s, 0), 0)


# ---------------------------------------------------------------------------- information only


def random_positions(game: LoveLetter, count: int, seed: int):
    """Decision states reached by random play (with their generator)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = game.new_initial_state(first_player=rng.randrange(game.num_players))
        bots = [RandomBot(rng.randrange(10**6)) for _ in range(game.num_players)]
        stop = rng.randrange(3, 30)
        steps = 0
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                continue
            steps += 1
            if steps >= stop and len(s.legal_actions()) > 1:
                out.append(s.clone())
                break
            s.apply_action(bots[p].choose(PlayerView(s, p), p))
    return out


def twins(state, seat: int, limit: int = 3):
    """Other real states the seat cannot tell from ``state``: one dealt card changed in the history."""
    game = state.game
    hist = state.history()
    mine = state.information_state(seat)
    found = []
    for i, a in enumerate(hist):
        if not str(a).startswith("deal "):
            continue
        for card in game.cards:
            alt = f"deal {card}"
            if alt == str(a):
                continue
            s = game.new_initial_state(first_player=state.first_player)
            try:
                for j, b in enumerate(hist):
                    s.apply_action(alt if j == i else b)
            except KitError:
                continue
            if s.information_state(seat) == mine and s.to_json() != state.to_json():
                found.append(s)
                break
        if len(found) >= limit:
            break
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_choice_depends_only_on_the_seats_information(players: int) -> None:
    game = LoveLetter(players)
    checked = 0
    for s in random_positions(game, 10, seed=players):
        seat = s.current_player()
        for other in twins(s, seat):
            assert other.legal_actions() == s.legal_actions()
            for make in (lambda: HeuristicBot(seed=9), lambda: ISMCTSBot(iterations=40, seed=9)):
                assert make().choose(PlayerView(s, seat), seat) is make().choose(PlayerView(other, seat), seat)
            checked += 1
    assert checked >= 5


def test_setaside_swap_gives_the_same_choice() -> None:
    game = LoveLetter(2)
    tail = ["deal Guard", "deal Spy", "deal Priest", "deal Handmaid", "deal Baron", "deal Guard"]
    a = script(game, ["deal Princess"] + tail)   # the Princess set aside, a King in the deck
    b = script(game, ["deal King"] + tail)       # the King set aside, the Princess in the deck
    assert a.set_aside() != b.set_aside() and a.information_state(0) == b.information_state(0)
    for seed in range(5):
        bots = (HeuristicBot(seed=seed), ISMCTSBot(iterations=60, seed=seed))
        again = (HeuristicBot(seed=seed), ISMCTSBot(iterations=60, seed=seed))
        for x, y in zip(bots, again):
            assert x.choose(PlayerView(a, 0), 0) is y.choose(PlayerView(b, 0), 0)


def test_view_resample_uses_cached_knowledge_and_matches_the_state() -> None:
    game = LoveLetter(3)
    for s in random_positions(game, 5, seed=11):
        p = s.current_player()
        view = PlayerView(s, p)
        k = view.knowledge()
        assert view.knowledge() is k  # cached for this position
        assert k == knowledge(s, p)
        x, y = view.resample(random.Random(4)), s.resample(p, random.Random(4))
        assert x.to_json() == y.to_json()


def test_posterior_marginals_sum_to_hand_size() -> None:
    game = LoveLetter(4)
    for s in random_positions(game, 8, seed=5):
        p = s.current_player()
        k = knowledge(s, p)
        for o, dist in posterior_marginals(k).items():
            assert abs(sum(dist.values()) - (len(k.known[o]) + k.unknown[o])) < 1e-9
            assert all(q >= 0 for q in dist.values())


# ---------------------------------------------------------------------------- known answers

# 2019, two players, p0 first: set-aside, three face up, p0's card, p1's card, then p0 draws.


def test_certain_guard_kill_after_a_priest() -> None:
    game = LoveLetter(2)
    s = script(game, ["deal Countess", "deal Guard", "deal Guard", "deal Spy",   # set aside, face up
                      "deal Priest", "deal Baron", "deal Handmaid",            # p0, p1, p0 draws
                      "Priest p1",                                              # p0 sees the Baron
                      "deal Spy", "Spy",                                        # p1 draws a Spy, plays it
                      "deal Guard"])                                           # p0 draws a Guard
    assert str(HeuristicBot(seed=1).choose(PlayerView(s, 0), 0)) == "Guard p1 Baron"
    assert str(ISMCTSBot(iterations=150, seed=1).choose(PlayerView(s, 0), 0)) == "Guard p1 Baron"


def test_certain_guard_kill_after_a_baron_tie_in_four_players() -> None:
    game = LoveLetter(4)
    s = script(game, ["deal Princess",                                  # set aside
                      "deal Prince", "deal Prince", "deal Priest", "deal Handmaid",  # p0..p3
                      "deal Baron", "Baron p1",                          # p0: Baron vs Prince: tie
                      "deal Spy", "Spy", "deal Spy", "Spy", "deal Handmaid", "Handmaid",
                      "deal Guard"])
    assert str(HeuristicBot(seed=2).choose(PlayerView(s, 0), 0)) == "Guard p1 Prince"


def test_never_plays_the_princess_by_choice() -> None:
    game = LoveLetter(2)
    s = script(game, ["deal Guard", "deal Spy", "deal Spy", "deal Priest",
                      "deal Princess", "deal Baron", "deal Prince"])       # p0 holds Princess + Prince
    for seed in range(5):
        a = HeuristicBot(seed=seed).choose(PlayerView(s, 0), 0)
        assert str(a) == "Prince p1"   # not the Princess, not a Prince on itself
        assert str(ISMCTSBot(iterations=100, seed=seed).choose(PlayerView(s, 0), 0)) == "Prince p1"


def test_heuristic_never_throws_the_princess_in_play() -> None:
    class Watch:
        def __init__(self, seed: int) -> None:
            self.bot = HeuristicBot(seed=seed)

        def choose(self, view, player):
            legal = view.legal_actions()
            a = self.bot.choose(view, player)
            hand = [str(c) for c in view.knowledge().hand]
            if isinstance(a, Keep):
                assert "Princess" not in hand or str(a.card) == "Princess", f"put the Princess under: {a}"
            elif "Princess" in hand:
                princess_out = [x for x in legal if str(x.card) == "Princess"
                                or (str(x.card) == "Prince" and x.target == player)]
                if str(a.card) == "Princess" or (str(a.card) == "Prince" and a.target == player):
                    assert len(princess_out) == len(legal), f"threw the Princess away: {a}"
            return a

    for edition, players in [("2019", 2), ("classic", 3), ("2019", 5)]:
        game = LoveLetter(players, edition=edition)
        for g in range(25):
            play(game.new_initial_state(), [Watch(g * 7 + s) for s in range(players)], seed=g)


def test_prince_on_the_known_princess() -> None:
    game = LoveLetter(2)
    s = script(game, ["deal Countess", "deal Guard", "deal Guard", "deal Spy",
                      "deal Priest", "deal Princess", "deal Handmaid",
                      "Priest p1",                                    # p0 sees the Princess
                      "deal Guard", "Guard p0 Baron",                 # p1 misses
                      "deal Prince"])                                # p0: Handmaid + Prince
    assert str(HeuristicBot(seed=3).choose(PlayerView(s, 0), 0)) == "Prince p1"


def test_baron_only_when_it_likely_wins() -> None:
    game = LoveLetter(2)
    low = script(game, ["deal Countess", "deal Spy", "deal Spy", "deal Priest",
                        "deal Baron", "deal King", "deal Guard"])   # p0: Baron + Guard
    assert str(HeuristicBot(seed=0).choose(PlayerView(low, 0), 0).card) == "Guard"
    high = script(game, ["deal Countess", "deal Spy", "deal Spy", "deal Priest",
                         "deal Baron", "deal Guard", "deal Princess"])  # p0: Baron + Princess
    assert str(HeuristicBot(seed=0).choose(PlayerView(high, 0), 0)) == "Baron p1"


def test_spy_early() -> None:
    game = LoveLetter(2)
    s = script(game, ["deal Countess", "deal Guard", "deal Priest", "deal Baron",
                      "deal Spy", "deal King", "deal Handmaid"])    # p0: Spy + Handmaid
    assert str(HeuristicBot(seed=0).choose(PlayerView(s, 0), 0)) == "Spy"


def test_chancellor_keeps_the_princess_and_feeds_the_opponent_the_worst() -> None:
    game = LoveLetter(2)
    s = script(game, ["deal Countess", "deal Priest", "deal Priest", "deal King",
                      "deal Princess", "deal Handmaid", "deal Chancellor", "Chancellor",
                      "deal Guard", "deal Prince"])  # p0 holds Princess, Guard, Prince
    a = HeuristicBot(seed=0).choose(PlayerView(s, 0), 0)
    assert str(a.card) == "Princess"
    # Deck after the return: 12 unordered cards, then the two returned ones.  Draws alternate
    # p1, p0, ...: the 13th card drawn (the first returned) goes to p1, the 14th to p0.
    assert [str(c) for c in a.under] == ["Guard", "Prince"]


def test_ismcts_validates_its_parameters() -> None:
    with pytest.raises(ValueError):
        ISMCTSBot(iterations=0)
    with pytest.raises(ValueError):
        ISMCTSBot(playout="greedy")
    with pytest.raises(ValueError):
        ISMCTSBot(reward="points")


@pytest.mark.parametrize("options", [{"playout": "random"}, {"opponents": "tree"}, {"model": 0.0},
                                     {"reward": "tokens"}])
def test_ismcts_options_play_legal_rounds(options: dict) -> None:
    for players in (2, 4):
        game = LoveLetter(players)
        bots = [Checked(ISMCTSBot(iterations=15, seed=s, **options)) for s in range(players)]
        end = play(game.new_initial_state(), bots, seed=players)
        assert asked(bots) == len(decisions(end)) > 0 and sum(end.returns()) >= 1


def test_ismcts_reads_a_forced_countess() -> None:
    from kit.loveletter.bots.beliefs import play_beliefs

    game = LoveLetter(2)
    s = script(game, ["deal Spy", "deal Guard", "deal Guard", "deal Baron",   # set aside, face up
                      "deal Priest", "deal Countess", "deal Handmaid",        # p0, p1, p0 draws
                      "Handmaid", "deal Prince", "Countess",                  # p1 must play her
                      "deal Guard"])                                          # p0: Priest + Guard
    view = PlayerView(s, 0)
    belief = play_beliefs(view, 0, view.knowledge(), 0.85)[1]
    names = [str(c) for c in game.cards]
    high = sum(p for name, p in zip(names, belief) if name in ("Prince", "King", "Princess"))
    assert high > 0.8, dict(zip(names, belief))
    a = ISMCTSBot(iterations=200, seed=3).choose(view, 0)
    assert str(a.card) == "Priest" or str(a.guess) == "Prince"


def test_bots_play_described_endgames() -> None:
    from kit.loveletter.endgame import GALLERY, endgame

    for name in GALLERY:
        for k in range(2):
            for bots in ([HeuristicBot(seed=k), ISMCTSBot(iterations=30, seed=k)],
                         [ISMCTSBot(iterations=30, seed=k, playout="policy", opponents="policy"),
                          HeuristicBot(seed=k)]):
                checked = [Checked(b) for b in bots]
                end = play(endgame(name), checked, seed=k)
                assert asked(checked) == len(decisions(end)) > 0 and end.result().winners


# ---------------------------------------------------------------------------- the registry
def test_bots_registry_names_every_kind_with_a_label() -> None:
    from kit.core import RandomBot as CoreRandomBot
    from kit.loveletter import BOTS

    assert BOTS == {"random": CoreRandomBot, "heuristic": HeuristicBot, "ismcts": ISMCTSBot}
    assert [BOTS[k].label for k in ("heuristic", "ismcts")] == ["heuristic bot", "ISMCTS bot (searches)"]
    game = LoveLetter(2)
    for kind, cls in BOTS.items():
        bot = cls(seed=5)
        assert isinstance(bot.label, str) and bot.label
        a = play(game.new_initial_state(), [Checked(bot), Checked(cls(seed=6))], seed=1)
        b = play(game.new_initial_state(), [cls(seed=5), cls(seed=6)], seed=1)
        assert a.history() == b.history(), kind  # the seed alone decides


def test_policy_playouts_run_in_the_fast_path_loop(monkeypatch) -> None:
    """ISMCTS's rule-based playouts are kit.loveletter.fast.playout with the policy as ``decide``."""
    from kit.loveletter import fast
    from kit.loveletter.bots import ismcts

    calls = []
    real = fast.playout

    def spy(state, rng, pool=None, decide=None):
        calls.append(decide)
        return real(state, rng, pool, decide)

    monkeypatch.setattr(ismcts, "fast_playout", spy)
    s = script(LoveLetter(2), ["deal Spy", "deal Guard", "deal Guard", "deal Baron", "deal Priest",
                               "deal Countess", "deal Handmaid"])
    ISMCTSBot(iterations=20, seed=1, playout="policy").choose(PlayerView(s, 0), 0)
    assert 10 < len(calls) <= 20 and all(d is not None and d.__name__ == "decide" for d in calls)
    calls.clear()
    ISMCTSBot(iterations=20, seed=1).choose(PlayerView(s, 0), 0)
    assert 10 < len(calls) <= 20 and set(calls) == {None}  # (a simulation that ends in the tree needs none)
