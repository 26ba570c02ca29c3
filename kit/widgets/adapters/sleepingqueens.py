"""Sleeping Queens at the table: play by touching cards, Queens and places.

* **King**: click it, then a sleeping Queen's place.
* **Knight**: click it, then a Queen in front of another player.
* **Sleeping Potion**: click it, then another player's Queen, then an empty place.
* **Jester**: click it, then the draw pile (its top card is turned over).
* **Discard**: click cards in your hand to pick them up or put them back, then
  "Discard".  Number cards go together; a power card goes alone (clicking one
  while others are picked picks it instead of them).  Three or more number
  cards go into the slots of an addition, ``□ + □ = □``, in the order they
  were picked; clicking a card on the left of the ``=`` moves it after the
  ``=`` (the card there takes its place).  The table checks the addition as
  written (:mod:`kit.sleepingqueens.equations` and sympy), so ``5 + 3 = 2``
  is refused ("5 + 3 makes 8, not 2") even though the cards 2, 3 and 5 form an
  equation; it never suggests one unless the ``hints`` setting is on.
* **Defence**: the target of a Knight (Potion) is asked every time, with
  "Block" and "Let him take her" when they hold a Dragon (Magic Wand), and one
  "OK" when they do not: the kit asks everyone, so that nobody learns who holds
  a Dragon from whose turn it is.
* **Waking** after a Jester's number or the Rose Queen's bonus: click a place.

Clicks are ``data-choice`` tokens: ``card:<name>:<copy>`` (a card of the hand:
its name and which copy of that name, from 0), ``place:<1-12>``,
``queen:<seat>:<Queen>``, ``sum:<slot>``, ``discard``, ``jester``,
``block``, ``allow``, ``hint``.  The adapter reads the seat's legal actions and
observation only; it re-implements no rule: what it explains comes from the
rules' own data and queries (the power cards, the rivals and the defences of
:mod:`kit.sleepingqueens.cards`, :func:`kit.sleepingqueens.cards.discard_kind`,
:func:`kit.sleepingqueens.state.jester_reach`).

Examples
--------
>>> from kit.sleepingqueens.position import position
>>> s = position(hands=[["5", "2", "3", "King", "9"], ["1", "1", "4", "6", "Dragon"]], queens=[[], ["Cat"]])
>>> a = SleepingQueensAdapter(s.game)
>>> obs, legal = s.observation(0), s.legal_actions()
>>> a.offer(obs, legal, ("card:5:0", "card:3:0", "card:2:0")).note
'5 + 3 makes 8, not 2.'
>>> o = a.offer(obs, legal, ("card:5:0", "card:3:0", "card:2:0", "sum:0"))
>>> o.picked, o.extra["equation"]
(('card:2:0', 'card:3:0', 'card:5:0'), '2 + 3 = 5')
>>> str(a.offer(obs, legal, o.picked + ("discard",)).action)
'discard 2+3=5'
>>> a.clicks(legal[0]), str(legal[0])
(('card:King:0', 'place:2'), 'King 2')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Sequence

from ...core.errors import KitError
from ...core.match import Match
from ... import i18n
from ...i18n import _, get_language, ngettext
from ...sleepingqueens.actions import Allow, Block, Discard, Jester, King, Knight, Potion, Wake
from ...sleepingqueens.cards import DECK, DEFENCES, POWER, Card, Queen, attack_blocked_by, card_named, discard_kind, \
    rival
from ...sleepingqueens.state import jester_reach as _reaches
from ...sleepingqueens.equations import equations_in, holds, to_sympy
from ...sleepingqueens.match import Match as SleepingQueensMatch
from ..adapter import Offer, TableAdapter

__all__ = ["SleepingQueensAdapter", "typeset", "unseen_cards", "jester_reach", "unseen_queens"]

_POWER = frozenset(str(c) for c in POWER)
_ATTACKS = frozenset(str(c) for c in DEFENCES)  # the cards that aim at another player's Queen: Knight, Potion
_FINAL = ("discard", "jester")


@lru_cache(maxsize=4096)
def _verdict(left: tuple[int, ...], right: int) -> tuple[str, bool, int]:
    """The written addition ``left = right``: its typeset text, whether it holds, and what the left makes."""
    eq = to_sympy(left, right)  # sympy's equation, the order written kept in eq.lhs.args
    text = " + ".join(str(a) for a in eq.lhs.args) + " = " + str(eq.rhs)
    return text, holds(eq), int(eq.lhs.doit())


def typeset(left: Sequence[int], right: int) -> str:
    """An addition as a child reads it, typeset from :func:`kit.sleepingqueens.equations.to_sympy`.

    >>> typeset([3, 2], 5)
    '3 + 2 = 5'
    """
    return _verdict(tuple(int(v) for v in left), int(right))[0]


@dataclass
class _Picks:
    """The clicks so far, read: hint asks, hand cards in order, the Queen aimed at, the last click."""

    hints: int = 0
    cards: list[str] = field(default_factory=list)  # "card:<name>:<copy>" tokens, in slot order
    target: tuple[int, str] | None = None
    final: str | None = None

    def tokens(self) -> tuple[str, ...]:
        out = ("hint",) * self.hints + tuple(self.cards)
        if self.target is not None:
            out += (f"queen:{self.target[0]}:{self.target[1]}",)
        return out + ((self.final,) if self.final else ())


def _name(token: str) -> str:
    return token.split(":")[1]


def _card_name(card: str, lang: str | None) -> str:
    """A card's name as the rule sheet of ``lang`` prints it (a number is itself)."""
    from ...render.sleepingqueens import card_name

    return card_name(card, lang)


@lru_cache(maxsize=1024)  # bounded: 16 cards x 2 ways x the languages (every offer labels every card in the hand)
def _card_words(name: str, lang: str, picked: bool, catalog: object) -> str:
    """A card's click words: "Pick up the King", or "Put the King back" once it is picked (remembered for
    each ``catalog``, the language's :func:`kit.i18n.translation`: a catalog read anew is asked anew)."""
    card = _card_name(name, lang)
    return _("Put the {card} back", lang, card=card) if picked else _("Pick up the {card}", lang, card=card)


def _queen_name(queen: str, lang: str | None) -> str:
    """A Queen's name as the rule sheet of ``lang`` prints it."""
    from ...render.sleepingqueens import queen_name

    return queen_name(queen, lang)


class SleepingQueensAdapter(TableAdapter):
    """The Sleeping Queens table adapter (2 to 5 players).

    Options: ``hints`` (default False): a "hint" button at the table says
    whether the hand holds an addition, and on a second ask shows one.
    """

    game_name = "sleepingqueens"
    felt = ("#f6f1e7", "#e3dccb", "#24292f")
    OPTIONS = {"hints": False}

    # ------------------------------------------------------------------ the whole game
    def new_match(self, first_player: int | None, seed: int) -> Match:
        return SleepingQueensMatch(self.game, seed, first_player)  # the game's match: 1 for each winner

    def make_game(self, players: int) -> Any:
        from ...sleepingqueens.game import SleepingQueens

        return SleepingQueens(players)

    # ------------------------------------------------------------------ composing
    def clicks(self, action: Any) -> tuple[str, ...]:
        cls = action.__class__
        if cls is King:
            return ("card:King:0", f"place:{action.place}")
        if cls is Knight:
            return ("card:Knight:0", f"queen:{action.target}:{action.queen}")
        if cls is Potion:
            return ("card:Potion:0", f"queen:{action.target}:{action.queen}", f"place:{action.place}")
        if cls is Jester:
            return ("card:Jester:0", "jester")
        if cls is Block:
            return ("block",)
        if cls is Allow:
            return ("allow",)
        if cls is Wake:
            return (f"place:{action.place}",)
        if cls is Discard:
            seen: dict[str, int] = {}
            out = []
            for c in action.cards:  # sorted: the largest last, after the "="
                name = str(c)
                out.append(f"card:{name}:{seen.get(name, 0)}")
                seen[name] = seen.get(name, 0) + 1
            return (*out, "discard")
        raise KitError(f"{action} is not a move made at the table")

    def _read(self, obs: Mapping[str, Any], picked: Sequence[str]) -> _Picks:
        """The clicks ``picked`` applied one by one (a click on a picked card puts it back)."""
        hand = list(obs.get("hand") or ())
        p = _Picks()
        for token in picked:
            if p.final is not None:
                raise KitError(f"the clicks {' '.join(picked)} go on after a move is made")
            kind, _sep, arg = token.partition(":")
            if token == "hint":
                p.hints += 1
            elif kind == "card":
                name, _sep2, copy = arg.partition(":")
                if not copy.isdigit() or hand.count(name) <= int(copy):
                    raise KitError(f"{token}: no such card in the hand")
                p.target = None
                if token in p.cards:
                    p.cards.remove(token)
                elif name in _POWER or any(_name(c) in _POWER for c in p.cards):
                    p.cards = [token]  # a power card goes alone
                else:
                    p.cards.append(token)
            elif kind == "sum":
                i = int(arg) if arg.isdigit() else -1
                if len(p.cards) < 3 or not 0 <= i < len(p.cards) - 1:
                    raise KitError(f"{token}: no such place in the addition")
                p.cards[i], p.cards[-1] = p.cards[-1], p.cards[i]
            elif kind == "queen":
                seat, _sep2, queen = arg.partition(":")
                if p.target is not None or len(p.cards) != 1 or _name(p.cards[0]) not in _ATTACKS \
                        or not seat.isdigit():
                    raise KitError(f"{token}: choose a Knight or a Sleeping Potion first")
                p.target = (int(seat), queen)
                if _name(p.cards[0]) == "Knight":
                    p.final = token
            elif kind in ("place", "block", "allow") or token in _FINAL:
                p.final = token
            else:
                raise KitError(f"{token!r} is not a click of this table")
        return p

    def offer(self, obs: Mapping[str, Any], legal: Sequence[Any], picked: tuple[str, ...], *,
              names: Sequence[str] = (), lang: str | None = None) -> Offer:
        names = list(names) or [f"p{s}" for s in range(self.game.num_players)]
        phase = obs.get("phase")
        if phase == "defend":
            return self._defence(obs, legal, picked, names, lang)
        if phase == "wake":
            return self._waking(obs, legal, picked, names, lang)
        return self._turn(obs, legal, picked, names, lang)

    # ------------------------------------------------------------------ a turn
    def _turn(self, obs: Mapping[str, Any], legal: Sequence[Any], picked: tuple[str, ...], names: Sequence[str],
              lang: str | None) -> Offer:
        p = self._read(obs, picked)
        me = obs["seat"]
        hand = list(obs["hand"])
        kings = {a.place: a for a in legal if a.__class__ is King}
        knights = {(a.target, str(a.queen)): a for a in legal if a.__class__ is Knight}
        potions: dict[tuple[int, str], dict[int, Any]] = {}
        for a in legal:
            if a.__class__ is Potion:
                potions.setdefault((a.target, str(a.queen)), {})[a.place] = a
        jester = next((a for a in legal if a.__class__ is Jester), None)
        discards = {tuple(sorted(int(c) for c in a.cards)): a for a in legal if a.__class__ is Discard}

        def hand_choices() -> dict[str, str]:
            out: dict[str, str] = {}
            seen: dict[str, int] = {}
            for name in hand:
                token = f"card:{name}:{seen.get(name, 0)}"
                seen[name] = seen.get(name, 0) + 1
                out[token] = self.label(token, obs, names, lang, picked=token in p.cards)
            return out

        choices: dict[str, str] = {}
        prompt, note, action = "", "", None
        extra: dict[str, Any] = {"cards": list(p.cards), "target": p.target}
        power = _name(p.cards[0]) if len(p.cards) == 1 and _name(p.cards[0]) in _POWER else None
        values = [int(card_named(_name(c))) for c in p.cards]
        single = discards.get(tuple(sorted(values))) if p.cards else None
        # ---- the last click, if it makes a move
        if p.final is not None:
            action = self._final(p, power, values, kings, knights, potions, jester, single)
            if action is None:
                raise KitError(f"the clicks {' '.join(picked)} make no move open now")
            return Offer({}, p.tokens(), "", action, "", extra)
        # ---- what the picked cards are
        if not p.cards:
            prompt = _("Your turn, {name}! Click a card in your hand.", lang, name=names[me])
            choices.update(hand_choices())
        elif power is not None:
            choices.update(hand_choices())
            card = _card_name(power, lang)
            discard_words = _("Discard the {card}", lang, card=card)
            if power == "King":
                prompt = _("King: click a sleeping Queen to wake her.", lang)
                choices.update({f"place:{k}": self.label(f"place:{k}", obs, names, lang) for k in sorted(kings)})
            elif power in _ATTACKS:
                aims = knights if power == "Knight" else potions
                if p.target is not None:
                    places = potions.get(p.target)
                    if places is None:
                        raise KitError(f"the {power} cannot aim at {p.target}")
                    prompt = _("Click an empty place: {target}'s {queen} goes to sleep there.", lang,
                               target=names[p.target[0]], queen=_queen_name(p.target[1], lang))
                    choices = {f"place:{k}": self.label(f"place:{k}", obs, names, lang, target=p.target)
                               for k in sorted(places)}
                elif not aims:
                    prompt = _("Nobody else has a Queen yet, so the {card} has nothing to do. You can discard it "
                               "and draw a new card.", lang, card=card)
                else:
                    prompt = (_("Knight: click a Queen in front of another player to take her.", lang)
                              if power == "Knight" else
                              _("Sleeping Potion: click a Queen in front of another player to put her to sleep.",
                                lang))
                    for o, q in sorted(aims):
                        token = f"queen:{o}:{q}"
                        choices[token] = self.label(token, obs, names, lang, card=power)
                    if power == "Knight":
                        note = self._rival_note(obs, knights, lang)
            elif power == "Jester":
                prompt = _("Jester: click the draw pile to turn over its top card.", lang)
                choices["jester"] = self.label("jester", obs, names, lang)
            else:
                against = _card_name(str(attack_blocked_by(power)), lang)
                prompt = _("The {card} only stops a {against} that wants your Queen. You can discard it and draw a "
                           "new card.", lang, card=card, against=against)
            if p.target is None and single is not None:
                choices["discard"] = discard_words
        else:
            choices.update(hand_choices())
            kind, shown, ok = self._numbers(values, lang)
            extra["equation"] = shown
            if kind == "single":
                prompt = _("One card: discard the {n} and draw a new card?", lang, n=values[0])
            elif kind == "pair":
                prompt = _("A pair of {n}s! Discard them and draw two new cards?", lang, n=values[0])
            elif kind == "two":
                prompt = _("Pick a card with the same number, or put one back.", lang)
                note = _("A pair is two cards with the same number.", lang)
            else:
                for i in range(len(values) - 1):
                    token = f"sum:{i}"
                    choices[token] = _("Move the {n} after the = sign", lang, n=values[i])
                if ok:
                    prompt = ngettext("{equation}: that is right! Discard the {n} card and draw new ones?",
                                      "{equation}: that is right! Discard the {n} cards and draw new ones?",
                                      len(values), lang, equation=shown)
                else:
                    prompt = _("Make an addition: click a number to move it after the = sign.", lang)
                    text, _holds, total = _verdict(tuple(values[:-1]), values[-1])
                    note = _("{left} makes {total}, not {right}.", lang, left=text.split(" = ")[0], total=total,
                             right=values[-1])
            if ok:
                if single is None:  # pragma: no cover - the engine lists every single, pair and equation
                    note = _("These cards are not a discard the rules allow.", lang)
                else:
                    choices["discard"] = self._discard_words(kind, values, shown, lang)
        # ---- hints (a teacher's setting)
        if self.options["hints"] and not p.target:
            found = equations_in([int(card_named(c)) for c in hand if c.isdigit()]) if any(
                c.isdigit() for c in hand) else []
            hint = ""
            if p.hints >= 1:
                hint = (_("There is an addition in your hand! Can you find it?", lang) if found else
                        _("There is no addition in your hand this time.", lang))
            if p.hints >= 2 and found:
                hint = _("Here is one: {equation}.", lang, equation=typeset(found[0][:-1], found[0][-1]))
            note = " ".join(x for x in (note, hint) if x)
            if p.hints < (2 if found else 1):
                choices["hint"] = self.label("hint", obs, names, lang, hints=p.hints)
        extra.update(power=power, hints=p.hints)
        return Offer(choices, p.tokens(), prompt, None, note, extra)

    def _final(self, p: _Picks, power: str | None, values: list[int], kings: Mapping[int, Any],
               knights: Mapping[tuple[int, str], Any], potions: Mapping[tuple[int, str], Mapping[int, Any]],
               jester: Any, single: Any) -> Any:
        kind, _sep, arg = p.final.partition(":")
        if p.final == "discard":
            if power is None and len(values) >= 3 and not _verdict(tuple(values[:-1]), values[-1])[1]:
                return None  # the addition as written is false
            return single if p.target is None else None
        if p.final == "jester":
            return jester if power == "Jester" else None
        if kind == "queen":
            return knights.get(p.target) if power == "Knight" else None
        if kind == "place" and arg.isdigit():
            if power == "King" and p.target is None:
                return kings.get(int(arg))
            if power == "Potion" and p.target is not None:
                return potions.get(p.target, {}).get(int(arg))
        return None

    @staticmethod
    def _numbers(values: list[int], lang: str | None) -> tuple[str, str, bool]:
        """What picked number cards are: (kind, the addition typeset or "", whether they make a discard)."""
        if len(values) <= 2:
            kind = discard_kind(values)
            return (kind, "", True) if kind is not None else ("two", "", False)
        text, ok, _total = _verdict(tuple(values[:-1]), values[-1])
        return "equation", text, ok

    @staticmethod
    def _discard_words(kind: str, values: list[int], shown: str, lang: str | None) -> str:
        if kind == "single":
            return _("Discard the {n}", lang, n=values[0])
        if kind == "pair":
            return _("Discard the pair of {n}s", lang, n=values[0])
        return _("Discard {equation}", lang, equation=shown)

    @staticmethod
    def _rival_note(obs: Mapping[str, Any], knights: Mapping[tuple[int, str], Any], lang: str | None) -> str:
        """Why a Queen in front of another player cannot be taken: her rival (the Cat's is the Dog) is in front
        of the seat (the Knight's legal targets leave her out)."""
        me = obs["seat"]
        for o, queens in enumerate(obs["queens"]):
            for q in queens:
                other = rival(q)
                if o != me and (o, q) not in knights and other is not None and str(other) in obs["queens"][me]:
                    mine = str(other)
                    return _("You have the {mine}, so you may not take the {queen}: they do not get along.", lang,
                             mine=_queen_name(mine, lang), queen=_queen_name(q, lang))
        return ""

    # ------------------------------------------------------------------ answering a Knight or a Potion
    @staticmethod
    def _attack(obs: Mapping[str, Any]) -> Mapping[str, Any]:
        """The Knight or Potion the seat must answer: the last such play in its log."""
        for e in reversed(obs.get("log") or ()):
            if e.get("kind") == "play" and e.get("card") in _ATTACKS:
                return e
        raise KitError("no Knight or Sleeping Potion to answer")

    def _defence(self, obs: Mapping[str, Any], legal: Sequence[Any], picked: tuple[str, ...], names: Sequence[str],
                 lang: str | None) -> Offer:
        e = self._attack(obs)
        can_block = any(a.__class__ is Block for a in legal)
        fields = dict(attacker=names[e["seat"]], queen=_queen_name(e["queen"], lang))
        knight = e["card"] == "Knight"
        if can_block:
            prompt = (_("{attacker}'s Knight wants your {queen}! Play your Dragon to stop him?", lang, **fields)
                      if knight else
                      _("{attacker}'s Sleeping Potion wants to put your {queen} to sleep! Play your Magic Wand to "
                        "stop it?", lang, **fields))
        else:
            prompt = (_("{attacker}'s Knight takes your {queen}.", lang, **fields) if knight else
                      _("{attacker}'s Sleeping Potion puts your {queen} to sleep.", lang, **fields))
        choices = {("block" if a.__class__ is Block else "allow"):
                   self.label("block" if a.__class__ is Block else "allow", obs, names, lang, can_block=can_block)
                   for a in legal}
        extra = {"attack": dict(e), "can_block": can_block}
        if picked:
            if len(picked) != 1 or picked[0] not in choices:
                raise KitError(f"the clicks {' '.join(picked)} make no answer open now")
            action = next(a for a in legal if (a.__class__ is Block) == (picked[0] == "block"))
            return Offer({}, tuple(picked), "", action, "", extra)
        return Offer(choices, (), prompt, None, "", extra)

    # ------------------------------------------------------------------ waking a Queen
    @staticmethod
    def _why_wake(obs: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The event that lets the seat wake a Queen now: a Jester's count, or the Rose Queen's bonus."""
        for e in reversed(obs.get("log") or ()):
            if e.get("kind") == "count" or (e.get("kind") == "wake" and e.get("bonus")):
                return e
        return None

    def _waking(self, obs: Mapping[str, Any], legal: Sequence[Any], picked: tuple[str, ...], names: Sequence[str],
                lang: str | None) -> Offer:
        places = {a.place: a for a in legal if a.__class__ is Wake}
        why = self._why_wake(obs)
        if why is not None and why["kind"] == "count":
            if why["seat"] == obs["seat"]:
                prompt = _("Your Jester counted {n} and reached you! Click a sleeping Queen to wake her.", lang,
                           n=why["number"])
            else:
                prompt = _("{actor}'s Jester counted {n} and reached you! Click a sleeping Queen to wake her.", lang,
                           actor=names[why["seat"]], n=why["number"])
        else:
            prompt = _("The Rose Queen: you must wake one more Queen! Click a sleeping Queen.", lang)
        extra = {"wake": None if why is None else dict(why)}
        if picked:
            kind, _sep, arg = picked[0].partition(":")
            if len(picked) != 1 or kind != "place" or not arg.isdigit() or int(arg) not in places:
                raise KitError(f"the clicks {' '.join(picked)} wake no Queen")
            return Offer({}, tuple(picked), "", places[int(arg)], "", extra)
        choices = {f"place:{k}": self.label(f"place:{k}", obs, names, lang) for k in sorted(places)}
        return Offer(choices, (), prompt, None, "", extra)

    # ------------------------------------------------------------------ words
    def aimed_at(self, event: Mapping[str, Any]) -> int | None:
        """The seat another's move in ``event`` is aimed at: :func:`kit.sleepingqueens.events.aimed_at`."""
        from ...sleepingqueens.events import aimed_at

        return aimed_at(event)

    def label(self, choice: str, obs: Mapping[str, Any], names: Sequence[str], lang: str | None,
              **context: Any) -> str:
        """Words for a click, for a screen reader and a button ("Wake the Queen in place 5")."""
        kind, _sep, arg = choice.partition(":")
        if kind == "card":
            lang = lang or get_language()
            return _card_words(arg.split(":")[0], lang, bool(context.get("picked")), i18n.translation(lang))
        if kind == "place":
            k = int(arg)
            spot = obs["grid"][k - 1]
            if spot == "empty":
                target = context.get("target")
                if target is not None:
                    return _("Put the {queen} to sleep in place {place}", lang,
                             queen=_queen_name(target[1], lang), place=k)
                return _("Empty place {place}", lang, place=k)
            if spot.startswith("asleep:"):
                return _("Wake the {queen} in place {place}", lang, queen=_queen_name(spot[7:], lang), place=k)
            return _("Wake the Queen in place {place}", lang, place=k)
        if kind == "queen":
            seat, _sep2, queen = arg.partition(":")
            fields = dict(target=names[int(seat)], queen=_queen_name(queen, lang))
            if context.get("card") == "Potion":
                return _("Put {target}'s {queen} to sleep", lang, **fields)
            return _("Take {target}'s {queen}", lang, **fields)
        if kind == "sum":
            return _("Move this number after the = sign", lang)
        if choice == "discard":
            return _("Discard", lang)
        if choice == "jester":
            return _("Turn over the top card of the draw pile", lang)
        if choice == "block":
            return _("Block!", lang)
        if choice == "allow":
            if context.get("can_block") is False:
                return _("OK", lang)
            e = self._attack(obs)
            return _("Let him take her", lang) if e["card"] == "Knight" else _("Let her sleep", lang)
        if choice == "hint":
            return (_("Is there an addition in my hand?", lang) if not context.get("hints") else
                    _("Show me one", lang))
        return choice

    def prompt(self, obs: Mapping[str, Any], picked: tuple[str, ...], names: Sequence[str],
               lang: str | None) -> str:
        """What to do now (the full prompt comes with :meth:`offer`, which sees the legal actions)."""
        phase = obs.get("phase")
        if phase == "defend":
            return _("Someone wants one of your Queens: answer.", lang)
        if phase == "wake":
            return _("Click a sleeping Queen to wake her.", lang)
        return _("Your turn, {name}! Click a card in your hand.", lang, name=names[obs["seat"]])

    def rules_of(self, choice: str, obs: Mapping[str, Any], lang: str | None) -> str:
        """The rule of the card or Queen behind ``choice`` (for the hover and focus text)."""
        from ...render.sleepingqueens import card_rule

        kind, _sep, arg = choice.partition(":")
        if kind == "card":
            return card_rule(arg.split(":")[0], lang)
        if kind == "queen":
            return card_rule(arg.partition(":")[2], lang)
        if kind == "place":
            spot = obs["grid"][int(arg) - 1]
            return card_rule(spot[7:], lang) if spot.startswith("asleep:") else ""
        if choice == "jester":
            return card_rule("Jester", lang)
        return ""

    def how_to_play(self, lang: str | None) -> str:
        from ...render.sleepingqueens import how_to_play_html

        return how_to_play_html(self.game.target_queens, self.game.target_points, lang)

    # ------------------------------------------------------------------ pictures
    def picture(self, obs: Mapping[str, Any], *, names: Sequence[str], offer: Offer | None, lang: str | None,
                size: str = "normal", replay: bool = False) -> str:
        from ...render.sleepingqueens import table_html

        return table_html(obs, names=names, offer=offer, lang=lang, replay=replay)

    def teacher_picture(self, state: Any, *, names: Sequence[str], lang: str | None, size: str = "normal") -> str:
        from ...render.sleepingqueens import table_html

        hands = [[str(c) for c in state.hand(s)] for s in range(state.game.num_players)]
        return table_html(state.observation(None), names=names, offer=None, lang=lang, hands=hands, teacher=True)

    def reasoning(self, state: Any, seat: int | None, *, names: Sequence[str], lang: str | None) -> str:
        """What ``seat`` can work out from its own view: the cards it has not seen, the Queens still face
        down, and whom a Jester's number would reach (``None``: what everyone knows)."""
        from ...render.sleepingqueens import reasoning_html

        obs = state.observation(seat)
        return reasoning_html(unseen_cards(obs), jester_reach(obs), unseen_queens(obs), names=names, seat=seat,
                              lang=lang)


def unseen_cards(obs: Mapping[str, Any]) -> dict[str, int]:
    """The red-backed cards the observation's seat cannot see (not in its hand, not on the discard pile).

    They are in the draw pile and the other hands.

    >>> from kit.sleepingqueens.position import position
    >>> s = position(hands=[["King", "1", "1", "4", "5"], ["2", "2", "3", "6", "7"]], discard=["King"])
    >>> unseen = unseen_cards(s.observation(0))
    >>> unseen["King"], unseen["1"], sum(unseen.values())
    (6, 2, 61)
    >>> unseen_cards(s.observation(None))["King"]
    7
    """
    counts = {str(c): n for c, n in DECK.items()}
    for name in list(obs.get("hand") or ()) + list(obs.get("discard_pile") or ()):
        counts[name] -= 1
    order = [str(Card(v)) for v in range(1, 17)]
    return {name: counts[name] for name in order}


def jester_reach(obs: Mapping[str, Any]) -> list[tuple[int, int]]:
    """``(number, seat)`` for 1 to 10: who a Jester's number card would reach, counting from the Jester's
    player as 1 (the observation's seat; for what everyone sees, the player whose turn it is).

    >>> from kit.sleepingqueens import SleepingQueens
    >>> s = SleepingQueens(3).new_initial_state()
    >>> jester_reach(s.observation(1))[:4]
    [(1, 1), (2, 2), (3, 0), (4, 1)]
    """
    n = obs["players"]
    who = obs["seat"] if obs["seat"] is not None else obs["turn"]
    return [(k, _reaches(n, who, k)) for k in range(1, 11)]


def unseen_queens(obs: Mapping[str, Any]) -> tuple[list[str], int]:
    """The Queens that may lie face down (nobody has seen where), and how many places are face down.

    >>> from kit.sleepingqueens.position import position
    >>> s = position(hands=[["King", "1", "1", "4", "5"], ["2", "2", "3", "6", "7"]], queens=[["Cat"], []])
    >>> queens, places = unseen_queens(s.observation(1))
    >>> "Cat" in queens, len(queens), places
    (False, 11, 11)
    """
    known = {q for qs in obs["queens"] for q in qs} | {g[7:] for g in obs["grid"] if g.startswith("asleep:")}
    return [str(q) for q in Queen if str(q) not in known], sum(1 for g in obs["grid"] if g == "asleep")

