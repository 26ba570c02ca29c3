"""How a game plugs into :class:`~kit.widgets.GameTable`: its picture and a step-by-step composer.

A *table adapter* knows two things about its game, and nothing about
widgets:

* **which clicks make each legal action** (:meth:`TableAdapter.offer`): a
  pure function from what the person to move sees (their observation), their
  legal actions and the clicks made so far, to an :class:`Offer` — the
  things they may click now, in words, and the action once the clicks make
  one.  By default the clicks of an action are its :meth:`~TableAdapter.clicks`
  path (Love Letter: card, then player, then the card named), and the offer
  at a point is the set of next steps of the legal actions' paths (a trie);
  a game with other habits (Sleeping Queens: pick cards in any order, then
  "Discard") overrides :meth:`~TableAdapter.offer`.
* **its picture** (:meth:`TableAdapter.picture`): HTML from :mod:`kit.render`
  with a ``data-choice`` attribute on each thing the offer makes clickable.
  An offered choice the picture does not place gets a button with its words
  under the picture, so every choice is always reachable.

Every legal action is reachable by clicks, and nothing else is:
:func:`click_paths` explores every path an adapter offers and the tests hold
its result equal to the legal actions of many positions of every game.

Examples
--------
>>> from kit.trees.examples import KuhnPoker
>>> adapter = TableAdapter(KuhnPoker())
>>> state = KuhnPoker().new_initial_state()
>>> for a in ["deal J", "deal Q"]:
...     state.apply_action(state.game.parse_action(a))
>>> offer = adapter.offer(state.observation(0), state.legal_actions(), ())
>>> sorted(offer.choices)
['act:bet', 'act:check']
>>> adapter.offer(state.observation(0), state.legal_actions(), ("act:bet",)).action
'bet'
>>> sorted(map(str, click_paths(adapter, state.observation(0), state.legal_actions())))
['bet', 'check']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any, Mapping, Sequence

from ..core.errors import KitError
from ..core.match import Match, SingleRound
from ..i18n import _

__all__ = ["Offer", "TableAdapter", "offers", "click_paths", "CANCEL"]

#: The choice that puts back every click made so far (offered by the table whenever a click was made).
CANCEL = "cancel"


@dataclass(frozen=True)
class Offer:
    """What the person to move may click now.

    Attributes
    ----------
    choices
        ``{choice: words}``: each clickable thing's ``data-choice`` value and
        its label for a screen reader and a button ("Play the Guard").
    picked
        The clicks made so far, in the adapter's own order (the table sends
        them back with the next click).
    prompt
        What to do now, in words.
    action
        The legal action the clicks make, once they make one (the table
        plays it); else ``None``.
    note
        Why the clicks so far are not (yet) a legal action, in words a
        learner understands ("3 + 4 makes 7, not 8"); empty when there is
        nothing to say.
    """

    choices: Mapping[str, str]
    picked: tuple[str, ...] = ()
    prompt: str = ""
    action: Any = None
    note: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


class TableAdapter:
    """The generic adapter: any protocol game, its actions as buttons of their notation.

    Game packages' adapters (:mod:`kit.widgets.adapters`) subclass it; this
    base serves games the kit does not ship (Kuhn poker in the examples).

    Parameters
    ----------
    game
        The game the table plays.
    options
        Adapter settings (a game's ``hints``, ``challenge``...); unknown ones
        are refused with the list of known ones.
    """

    #: The game's registry name (``Game.name``) this adapter serves; ``None``: any game.
    game_name: str | None = None
    #: Settings this adapter accepts, with their defaults.
    OPTIONS: Mapping[str, Any] = {}
    #: The colours of the game's table (its felt: two background colours, then the text's), for the
    #: hot-seat cover, which looks like the table it hides.
    felt: tuple[str, str, str] = ("#57606a", "#32383f", "#ffffff")
    #: The game's settings the setup form offers a menu for: ``{key: (its words, values)}``, the values a
    #: sequence or a mapping ``{value: its words}`` (words are messages, translated where shown).  Each
    #: key is one :meth:`game_setting` answers and :meth:`make_game` takes (default: none).
    SETTING_CHOICES: Mapping[str, tuple[str, Any]] = {}

    def __init__(self, game: Any, **options: Any) -> None:
        unknown = set(options) - set(self.OPTIONS)
        if unknown:
            known = ", ".join(sorted(self.OPTIONS)) or "none"
            raise KitError(f"unknown table option(s) {', '.join(sorted(unknown))} for {type(game).__name__}; "
                           f"options: {known}")
        self.game = game
        self.options = {**self.OPTIONS, **options}

    # ------------------------------------------------------------------ the whole game
    def new_match(self, first_player: int | None, seed: int) -> Match:
        """The match the table plays (default: one round, :class:`~kit.core.match.SingleRound`)."""
        return SingleRound(self.game, first_player=first_player)

    def player_counts(self, **settings: Any) -> range:
        """The player counts the setup form offers: the game's rule (:meth:`kit.core.Game.player_counts`).

        ``settings`` are the setup form's (default: this game's own settings).
        """
        return type(self.game).player_counts(**(settings or self.game.settings()))

    def game_setting(self, key: str) -> Any:
        """The value of the setting ``key`` (a key of :attr:`SETTING_CHOICES`) of this table's game, for the
        setup form's menu (default: ``game.settings()[key]``)."""
        settings = self.game.settings()
        if key not in settings:
            raise KitError(f"{type(self.game).__name__} has no setting {key!r}; settings: "
                           f"{', '.join(settings) or 'none'}")
        return settings[key]

    def make_game(self, players: int, **settings: Any) -> Any:
        """The game the setup form's "Start" deals: ``players`` seats and the form's ``settings`` (the keys of
        :attr:`SETTING_CHOICES`).

        Default: this table's game itself when it is asked for unchanged (a game with no settings
        menu and one player count); an adapter whose form offers other numbers or settings builds
        the game they say.
        """
        if players == self.game.num_players and all(self.game_setting(k) == v for k, v in settings.items()):
            return self.game
        raise KitError(f"{type(self).__name__} cannot make another {type(self.game).__name__} "
                       f"({players} players, settings {settings}): define make_game(players, **settings) on it")

    # ------------------------------------------------------------------ composing
    def clicks(self, action: Any) -> tuple[str, ...]:
        """The clicks that make ``action``, in order (default: one click on its notation)."""
        return (f"act:{action}",)

    def label(self, choice: str, obs: Mapping[str, Any], names: Sequence[str], lang: str | None) -> str:
        """Words for a choice (default: the action's notation)."""
        return choice.partition(":")[2] or choice

    def cancel_words(self, lang: str | None) -> str:
        """The words of the button that undoes the clicks of a move begun (default "Start again"; a game
        whose first click is always a card says "Choose another card")."""
        return _("Start again", lang)

    def aimed_at(self, event: Mapping[str, Any]) -> int | None:
        """The seat another player's move in ``event`` is aimed at, so that the table marks that line of
        "what happened" for its reader (default: none; the kit's games ask their events module,
        ``kit.<game>.events.aimed_at``, where the rule of what a move aims at lives)."""
        return None

    def aimed_events(self, events: Sequence[Mapping[str, Any]], reader: int | None) -> frozenset[int]:
        """The indices of ``events`` that another player's move aimed at ``reader`` (none for an onlooker)."""
        if reader is None:
            return frozenset()
        return frozenset(i for i, e in enumerate(events) if self.aimed_at(e) == reader)

    def prompt(self, obs: Mapping[str, Any], picked: tuple[str, ...], names: Sequence[str],
               lang: str | None) -> str:
        """What to do after ``picked`` (default: choose an action)."""
        return _("Choose your move.", lang)

    def offer(self, obs: Mapping[str, Any], legal: Sequence[Any], picked: tuple[str, ...], *,
              names: Sequence[str] = (), lang: str | None = None) -> Offer:
        """What may be clicked after ``picked`` (the trie of the legal actions' :meth:`clicks`).

        A click path that is a whole action plays it at once; so no action's
        path may begin another's (:func:`click_paths` checks it).
        """
        depth = len(picked)
        nxt: dict[str, None] = {}
        done = None
        for a in legal:
            path = self.clicks(a)
            if path[:depth] != picked:
                continue
            if len(path) == depth:
                done = a
            else:
                nxt[path[depth]] = None
        if done is not None and nxt:
            raise KitError(f"{type(self).__name__}: the clicks of {done} begin another action's clicks")
        if done is None and not nxt:
            raise KitError(f"the clicks {' '.join(picked)} make no action open now")
        names = names or [f"p{s}" for s in range(self.game.num_players)]
        choices = {c: self.label(c, obs, names, lang) for c in nxt}
        return Offer(choices, picked, "" if done is not None else self.prompt(obs, picked, names, lang), done)

    # ------------------------------------------------------------------ pictures
    def picture(self, obs: Mapping[str, Any], *, names: Sequence[str], offer: Offer | None, lang: str | None,
                size: str = "normal", replay: bool = False) -> str:
        """The table as ``obs``'s seat sees it, with the offer's choices clickable (default: the fields)."""
        rows = "".join(f"<tr><th scope='row'>{escape(str(k))}</th><td>{escape(str(v))}</td></tr>"
                       for k, v in obs.items() if k != "log")
        return f"<table class='kit-generic'>{rows}</table>"

    def teacher_picture(self, state: Any, *, names: Sequence[str], lang: str | None, size: str = "normal") -> str:
        """The whole state, hidden cards included (teacher tables only)."""
        return f"<pre class='kit-teacher-state'>{escape(str(state))}</pre>"

    def narrate(self, events: Sequence[Mapping[str, Any]], *, names: Sequence[str], reader: int | None,
                lang: str | None) -> list[Any]:
        """The sentences of ``events`` (default: the narration its package declares, :mod:`kit.core.registry`;
        a protocol game without a package: each event's fields)."""
        from ..core import registry
        from ..render.narration import Line, narrate

        if registry.find(self.game.name) is not None:
            return narrate(self.game.name, events, names=names, reader=reader, lang=lang)
        return [Line(escape(str(e)), False, i) for i, e in enumerate(events)]

    def language_note(self, lang: str | None) -> str:
        """What the table says when the game's own sentences have no translation into ``lang`` ("" when
        they have): they show in English (the languages its package declares, :func:`kit.core.registry.speaks`).

        >>> from kit.loveletter import LoveLetter
        >>> TableAdapter(LoveLetter(2)).language_note("pl")
        ''
        """
        from ..core import registry
        from ..i18n import LANGUAGE_NAMES, get_language

        lang = lang or get_language()
        if registry.speaks(self.game, lang):
            return ""
        # i18n: at a table of a game someone added to the kit, whose own sentences have no translation yet
        return _("This game's own sentences are in English: it has no {language} translation yet.", lang,
                 language=LANGUAGE_NAMES.get(lang, lang))

    def reasoning(self, state: Any, seat: int | None, *, names: Sequence[str], lang: str | None) -> str:
        """The inspect panel's reasoning for ``seat`` at ``state``: it may read only what that seat
        knows (``None``: what everyone knows).  Default: none."""
        return ""

    def how_to_play(self, lang: str | None) -> str:
        """A short "How to play" text (HTML) for the table's help panel."""
        return ""

    def rules_of(self, choice: str, obs: Mapping[str, Any], lang: str | None) -> str:
        """The rule of the thing behind ``choice`` (a card's text), shown on hover and focus."""
        return ""


def offers(adapter: TableAdapter, obs: Mapping[str, Any], legal: Sequence[Any], limit: int = 200_000):
    """Every offer some sequence of offered clicks reaches (explored depth first), each once.

    Raises a ``KitError`` after ``limit`` offers (an adapter that offers without end).
    """
    seen: set[tuple[str, ...]] = set()
    stack: list[tuple[str, ...]] = [()]
    while stack:
        picked = stack.pop()
        offer = adapter.offer(obs, legal, picked)
        if offer.picked in seen:
            continue
        seen.add(offer.picked)
        if len(seen) > limit:
            raise KitError(f"more than {limit} click states: the adapter offers without end")
        yield offer
        if offer.action is None:
            stack.extend(offer.picked + (choice,) for choice in offer.choices)


def click_paths(adapter: TableAdapter, obs: Mapping[str, Any], legal: Sequence[Any],
                limit: int = 200_000) -> list[Any]:
    """Every action some sequence of offered clicks makes, each once.

    Raises a ``KitError`` when a path makes an action that is not legal, or
    after ``limit`` offers (an adapter that offers without end).
    """
    found: dict[str, Any] = {}
    legal_text = {str(a) for a in legal}
    for offer in offers(adapter, obs, legal, limit):
        if offer.action is not None:
            if str(offer.action) not in legal_text:
                raise KitError(f"the clicks {offer.picked} make {offer.action}, which is not legal")
            found[str(offer.action)] = offer.action
    return list(found.values())
