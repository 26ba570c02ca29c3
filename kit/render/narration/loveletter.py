"""Love Letter in words: one narrator per event kind, every sentence a translatable template.

:func:`narrate` turns the events of a round (the dicts of
:func:`kit.loveletter.events.visible_events`, or
:func:`~kit.loveletter.events.all_events` for a teacher) into sentences for
one reader: their own actions are told as "You ...", with templates of their
own (languages conjugate differently), and a spectator (``reader=None``)
reads every seat by name.  A play and what follows from it (a Guard's hit, the
hands a Baron compared, the card a Prince made discard and the new card, a
Chancellor's draws and return) make one sentence; face-up cards and the deal
are grouped.  Card names are messages too (:data:`kit.loveletter.cards.CARD_NAMES`, context
``"loveletter"``).

Examples
--------
>>> from kit.loveletter import LoveLetter, visible_events
>>> s = LoveLetter(2, edition="classic").new_initial_state()
>>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
...           "deal Baron", "deal King", "deal Priest", "Baron p1"]:
...     s.apply_action(a)
>>> for line in narrate(visible_events(s, 1), names=["Ana", "Ben"], reader=1):
...     print(line.text)
A card was set aside face down.
Face up for everyone, out of this round: Guard, Guard, Guard.
Each player was dealt a card.
You were dealt the King.
Ana played the Baron on you: Ana had the Priest, you had the King; Ana is out, showing the Priest.
Round over: you are the last one standing and win the round.
>>> narrate(visible_events(s, 0), names=["Ana", "Ben"], reader=0)[-2]
Line(text='You played the Baron on Ben: you had the Priest, Ben had the King; you are out, showing the Priest.', private=True, event=7)
>>> narrate(visible_events(s, None), names=["Ana", "Ben"])[-2].text
'Ana played the Baron on Ben: Ana is out, showing the Priest.'
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...i18n import _, name, ngettext, npgettext
from ...loveletter.events import is_private
from . import Line

__all__ = ["NARRATORS", "narrate", "narrate_event", "round_result"]

Event = Mapping[str, Any]
#: Cards that choose another player (with nobody to choose, they are played with no effect).
_TARGETED = frozenset({"Guard", "Priest", "Baron", "King"})


class _Reader:
    """Who reads, in which language, and the seats' names."""

    __slots__ = ("names", "reader", "lang")

    def __init__(self, names: Sequence[str], reader: int | None, lang: str | None) -> None:
        self.names, self.reader, self.lang = list(names), reader, lang

    def name(self, s: int) -> str:
        return self.names[s] if 0 <= s < len(self.names) else f"p{s}"

    def me(self, s: Any) -> bool:
        return self.reader is not None and s == self.reader

    def card(self, c: str) -> str:
        """A card's name as the reader's rule sheet prints it (``c``: the English name of the events)."""
        return name("loveletter", c, self.lang)

    def the(self, c: str | None) -> str:
        return _("a card", self.lang) if c is None else _("the {card}", self.lang, card=self.card(c))

    def private(self, events: Sequence[Event]) -> bool:
        """Only the reader knows something of ``events`` (a spectator reads nothing private)."""
        return self.reader is not None and any(is_private(e) for e in events)


# ---------------------------------------------------------------------------
# lists and clauses
# ---------------------------------------------------------------------------
def _comma(items: Sequence[str], lang: str | None) -> str:
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{items}, {item}", lang, items=text, item=item)
    return text


def _and(items: Sequence[str], lang: str | None) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}", lang, items=_comma(items[:-1], lang), last=items[-1])


def _semi(clauses: Sequence[str], lang: str | None) -> str:
    text = clauses[0]
    for c in clauses[1:]:
        text = _("{first}; {second}", lang, first=text, second=c)
    return text


def _then(items: Sequence[str], lang: str | None) -> str:
    text = items[0]
    for item in items[1:]:
        text = _("{first}, then {next}", lang, first=text, next=item)
    return text


def _shown(cx: _Reader, cards: Sequence[str]) -> str:
    return _and([cx.the(c) for c in cards], cx.lang)


def _out_clause(cx: _Reader, e: Event) -> str:
    lang = cx.lang
    if cx.me(e["seat"]):
        if e["cards"]:
            return _("you are out, showing {cards}", lang, cards=_shown(cx, e["cards"]))
        return _("you are out", lang)
    if e["cards"]:
        return _("{player} is out, showing {cards}", lang, player=cx.name(e["seat"]), cards=_shown(cx, e["cards"]))
    return _("{player} is out", lang, player=cx.name(e["seat"]))


class _Stream:
    """The events being told, and how far the telling has gone."""

    __slots__ = ("events", "i")

    def __init__(self, events: Sequence[Event], i: int) -> None:
        self.events, self.i = events, i

    def take(self, kind: str, seat: int | None = None) -> Event | None:
        """The next event if it is of ``kind`` (and about ``seat``); it is then told."""
        ev = self.events
        if self.i < len(ev) and ev[self.i]["kind"] == kind and (seat is None or ev[self.i].get("seat") == seat):
            self.i += 1
            return ev[self.i - 1]
        return None

    def outs(self, cx: _Reader) -> list[str]:
        clauses = []
        while (o := self.take("out")) is not None:
            clauses.append(_out_clause(cx, o))
        return clauses

    def told(self, start: int) -> Sequence[Event]:
        return self.events[start:self.i]


# ---------------------------------------------------------------------------
# a play and what follows from it
# ---------------------------------------------------------------------------
def _play_head(cx: _Reader, e: Event) -> str:
    s, t, g, lang = e["seat"], e["target"], e["guess"], cx.lang
    card = cx.card(e["card"])
    actor = cx.name(s)
    if t is None:
        return _("You played the {card}", lang, card=card) if cx.me(s) else \
            _("{actor} played the {card}", lang, actor=actor, card=card)
    if t == s:
        return _("You played the {card} on yourself", lang, card=card) if cx.me(s) else \
            _("{actor} played the {card} on themself", lang, actor=actor, card=card)
    target = cx.name(t)
    if g is not None:
        guess = cx.card(g)
        if cx.me(s):
            return _("You played the {card} on {target}, naming the {guess}", lang, card=card, target=target,
                     guess=guess)
        if cx.me(t):
            return _("{actor} played the {card} on you, naming the {guess}", lang, actor=actor, card=card,
                     guess=guess)
        return _("{actor} played the {card} on {target}, naming the {guess}", lang, actor=actor, card=card,
                 target=target, guess=guess)
    if cx.me(s):
        return _("You played the {card} on {target}", lang, card=card, target=target)
    if cx.me(t):
        return _("{actor} played the {card} on you", lang, actor=actor, card=card)
    return _("{actor} played the {card} on {target}", lang, actor=actor, card=card, target=target)


def _peek_clause(cx: _Reader, p: Event) -> str:
    lang, card = cx.lang, cx.card(p["card"])
    if cx.me(p["seat"]):
        return _("you saw {target}\u2019s {card}", lang, target=cx.name(p["target"]), card=card)
    if cx.me(p["target"]):
        return _("{actor} saw your {card}", lang, actor=cx.name(p["seat"]), card=card)
    return _("{actor} saw {target}\u2019s {card}", lang, actor=cx.name(p["seat"]), target=cx.name(p["target"]),
             card=card)


def _baron_clause(cx: _Reader, b: Event) -> str:
    lang, s, t = cx.lang, b["seat"], b["target"]
    mine, theirs = cx.card(b["seat_card"]), cx.card(b["target_card"])
    if cx.me(s):
        return _("you had the {mine}, {target} had the {theirs}", lang, mine=mine, target=cx.name(t), theirs=theirs)
    if cx.me(t):
        return _("{actor} had the {theirs}, you had the {mine}", lang, actor=cx.name(s), theirs=mine, mine=theirs)
    return _("{actor} had the {actor_card}, {target} had the {target_card}", lang, actor=cx.name(s),
             actor_card=mine, target=cx.name(t), target_card=theirs)


def _trade_clause(cx: _Reader, tr: Event) -> str:
    lang, s, t = cx.lang, tr["seat"], tr["target"]
    if cx.me(s) or cx.me(t):
        gave, got = (tr["gave"], tr["got"]) if cx.me(s) else (tr["got"], tr["gave"])
        return _("you gave the {gave} and got the {got}", lang, gave=cx.card(gave), got=cx.card(got))
    return _("{actor} gave the {gave} and got the {got}", lang, actor=cx.name(s), gave=cx.card(tr["gave"]),
             got=cx.card(tr["got"]))


def _prince_effect(cx: _Reader, st: _Stream) -> str | None:
    """What a Prince did: the discard and the new card, one clause with its own subject ("you ..."/"Ben ...")."""
    d = st.take("discard")
    if d is None:
        return None
    lang, me, player, card = cx.lang, cx.me(d["seat"]), cx.name(d["seat"]), cx.card(d["card"])
    clause = (_("you discarded the {card}", lang, card=card) if me else
              _("{player} discarded the {card}", lang, player=player, card=card))
    outs = st.outs(cx)
    if outs:
        return _semi([clause] + outs, lang)
    dr = st.take("draw", d["seat"])
    if dr is None:
        return clause
    aside = dr["source"] == "set-aside"
    if dr["card"] is None:
        if aside:
            return (_("you discarded the {card} and drew a new card (the set-aside card)", lang, card=card) if me
                    else _("{player} discarded the {card} and drew a new card (the set-aside card)", lang,
                           player=player, card=card))
        return (_("you discarded the {card} and drew a new card", lang, card=card) if me else
                _("{player} discarded the {card} and drew a new card", lang, player=player, card=card))
    new = cx.card(dr["card"])
    if aside:
        return (_("you discarded the {card} and drew the {new} (the set-aside card)", lang, card=card, new=new) if me
                else _("{player} discarded the {card} and drew the {new} (the set-aside card)", lang, player=player,
                       card=card, new=new))
    return (_("you discarded the {card} and drew the {new}", lang, card=card, new=new) if me else
            _("{player} discarded the {card} and drew the {new}", lang, player=player, card=card, new=new))


def _chancellor_effect(cx: _Reader, st: _Stream, s: int) -> str:
    """What a Chancellor did: the cards drawn and the cards put under the deck, clauses with their own subject."""
    lang, me, actor = cx.lang, cx.me(s), cx.name(s)
    drawn = []
    while (dr := st.take("draw", s)) is not None:
        drawn.append(dr)
    r = st.take("return", s)
    if not drawn:
        return _("the deck is empty, no effect", lang)
    n = len(drawn)
    known = all(dr["card"] is not None for dr in drawn)
    if r is None:                                   # the cards are drawn, none put back yet
        if known:
            cards = _and([cx.the(dr["card"]) for dr in drawn], lang)
            return (_("you drew {cards}", lang, cards=cards) if me else
                    _("{actor} drew {cards}", lang, actor=actor, cards=cards))
        return (ngettext("you drew {n} card", "you drew {n} cards", n, lang) if me else
                ngettext("{actor} drew {n} card", "{actor} drew {n} cards", n, lang, actor=actor))
    if known and r["cards"]:
        cards = _and([cx.the(dr["card"]) for dr in drawn], lang)
        order = _then([cx.the(c) for c in r["cards"]], lang)
        if len(r["cards"]) > 1:
            return (_("you drew {cards} and put {order} under the deck (the last at the very bottom)", lang,
                      cards=cards, order=order) if me else
                    _("{actor} drew {cards} and put {order} under the deck (the last at the very bottom)", lang,
                      actor=actor, cards=cards, order=order))
        return (_("you drew {cards} and put {order} under the deck", lang, cards=cards, order=order) if me else
                _("{actor} drew {cards} and put {order} under the deck", lang, actor=actor, cards=cards, order=order))
    back = len(r["cards"]) if r["cards"] else r["count"]
    # what the others see: how many cards, not which; each count its own field, with its own plural
    put_back = npgettext("under the deck", "{n} card", "{n} cards", back, lang)
    return (ngettext("you drew {n} card and put {back} under the deck",
                     "you drew {n} cards and put {back} under the deck", n, lang, back=put_back) if me else
            ngettext("{actor} drew {n} card and put {back} under the deck",
                     "{actor} drew {n} cards and put {back} under the deck", n, lang, actor=actor, back=put_back))


def _play(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    """A play, with what follows from it in the same turn."""
    e = events[i]
    st = _Stream(events, i + 1)
    lang, s, t, card = cx.lang, e["seat"], e["target"], e["card"]
    head = _play_head(cx, e)
    effect: str | None = None
    if card in _TARGETED and t is None:
        text = _("{play} with no effect: nobody could be chosen.", lang, play=head)
        return [Line(text, False, i)], st.i
    if card == "Guard":
        outs = st.outs(cx)
        effect = _semi(outs, lang) if outs else _("a miss", lang)
    elif card == "Priest":
        p = st.take("peek")
        if p is not None:
            effect = _peek_clause(cx, p)
        elif cx.me(t):
            effect = _("{actor} looked at your hand", lang, actor=cx.name(s))
        elif cx.me(s):
            effect = _("you looked at {target}\u2019s hand", lang, target=cx.name(t))
        else:
            effect = _("{actor} looked at {target}\u2019s hand", lang, actor=cx.name(s), target=cx.name(t))
    elif card == "Baron":
        b = st.take("baron")
        clauses = [] if b is None else [_baron_clause(cx, b)]
        outs = st.outs(cx)
        clauses.append(_semi(outs, lang) if outs else _("a tie, nobody is out", lang))
        effect = _semi(clauses, lang)
    elif card == "Handmaid":
        effect = _("you are protected until your next turn", lang) if cx.me(s) else \
            _("{player} is protected until their next turn", lang, player=cx.name(s))
    elif card == "Prince":
        effect = _prince_effect(cx, st)
    elif card == "Chancellor":
        effect = _chancellor_effect(cx, st, s)
    elif card == "King":
        tr = st.take("trade")
        effect = _trade_clause(cx, tr) if tr is not None else _("they trade hands", lang)
    elif card == "Princess":
        outs = st.outs(cx)
        if outs:
            effect = _semi(outs, lang)
        else:
            effect = _("you are out", lang) if cx.me(s) else _("{player} is out", lang, player=cx.name(s))
    else:  # Spy, Countess
        outs = st.outs(cx)
        effect = _semi(outs, lang) if outs else None
    text = _("{play}.", lang, play=head) if effect is None else _("{play}: {effect}.", lang, play=head, effect=effect)
    return [Line(text, cx.private(st.told(i)), i)], st.i


# ---------------------------------------------------------------------------
# the other kinds (each also tells a lone event)
# ---------------------------------------------------------------------------
def _setaside(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    if e["card"] is None:
        return [Line(_("A card was set aside face down.", cx.lang), False, i)], i + 1
    return [Line(_("The {card} was set aside face down.", cx.lang, card=cx.card(e["card"])), cx.private([e]), i)], i + 1


def _faceup(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    j = i
    while j < len(events) and events[j]["kind"] == "faceup":
        j += 1
    cards = _comma([cx.card(e["card"]) for e in events[i:j]], cx.lang)
    return [Line(_("Face up for everyone, out of this round: {cards}.", cx.lang, cards=cards), False, i)], j


def _deal(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    j = i
    while j < len(events) and events[j]["kind"] == "deal":
        j += 1
    lines = [Line(_("Each player was dealt a card.", cx.lang), False, i)]
    known = []
    for k in range(i, j):
        d = events[k]
        if d["card"] is None:
            continue
        if cx.me(d["seat"]):
            lines.append(Line(_("You were dealt the {card}.", cx.lang, card=cx.card(d["card"])), True, k))
        else:
            known.append(k)
    if known:
        deals = _comma([_("{player} {card}", cx.lang, player=cx.name(events[k]["seat"]),
                          card=cx.card(events[k]["card"])) for k in known], cx.lang)
        lines.append(Line(_("Dealt: {deals}.", cx.lang, deals=deals), cx.private([events[k] for k in known]),
                          known[0]))
    return lines, j


def _draw(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    """A draw the reader saw (a draw of a hidden card is told by the play that follows it: no line)."""
    e = events[i]
    if e["card"] is None:
        return [], i + 1
    lang, card = cx.lang, cx.card(e["card"])
    if cx.me(e["seat"]):
        text = _("You drew the {card} (the set-aside card).", lang, card=card) if e["source"] == "set-aside" \
            else _("You drew the {card}.", lang, card=card)
    elif cx.me(e["placer"]):
        text = _("{player} drew the {card}, which you had put under the deck.", lang, player=cx.name(e["seat"]),
                 card=card)
    else:
        text = _("{player} drew the {card}.", lang, player=cx.name(e["seat"]), card=card)
    return [Line(text, cx.private([e]), i)], i + 1


def _peek(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    lang, card = cx.lang, cx.card(e["card"])
    if cx.me(e["seat"]):
        text = _("You saw {target}\u2019s {card}.", lang, target=cx.name(e["target"]), card=card)
    elif cx.me(e["target"]):
        text = _("{actor} saw your {card}.", lang, actor=cx.name(e["seat"]), card=card)
    else:
        text = _("{actor} saw {target}\u2019s {card}.", lang, actor=cx.name(e["seat"]), target=cx.name(e["target"]),
                 card=card)
    return [Line(text, cx.private([e]), i)], i + 1


def _baron(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    lang, s, t = cx.lang, e["seat"], e["target"]
    mine, theirs = cx.card(e["seat_card"]), cx.card(e["target_card"])
    if cx.me(s):
        text = _("You compared hands with {target}: you had the {mine}, {target} had the {theirs}.", lang,
                 target=cx.name(t), mine=mine, theirs=theirs)
    elif cx.me(t):
        text = _("{actor} compared hands with you: {actor} had the {theirs}, you had the {mine}.", lang,
                 actor=cx.name(s), theirs=mine, mine=theirs)
    else:
        text = _("{actor} compared hands with {target}: {actor} had the {actor_card}, {target} had the "
                 "{target_card}.", lang, actor=cx.name(s), target=cx.name(t), actor_card=mine, target_card=theirs)
    return [Line(text, cx.private([e]), i)], i + 1


def _trade(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    lang, s, t = cx.lang, e["seat"], e["target"]
    if cx.me(s):
        text = _("You traded hands with {target}: you gave the {gave} and got the {got}.", lang,
                 target=cx.name(t), gave=cx.card(e["gave"]), got=cx.card(e["got"]))
    elif cx.me(t):
        text = _("{actor} traded hands with you: you gave the {gave} and got the {got}.", lang,
                 actor=cx.name(s), gave=cx.card(e["got"]), got=cx.card(e["gave"]))
    else:
        text = _("{actor} traded hands with {target}: {actor} gave the {gave} and got the {got}.", lang,
                 actor=cx.name(s), target=cx.name(t), gave=cx.card(e["gave"]), got=cx.card(e["got"]))
    return [Line(text, cx.private([e]), i)], i + 1


def _discard(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    card = cx.card(e["card"])
    text = _("You discarded the {card}.", cx.lang, card=card) if cx.me(e["seat"]) else \
        _("{player} discarded the {card}.", cx.lang, player=cx.name(e["seat"]), card=card)
    return [Line(text, False, i)], i + 1


def _out(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    lang = cx.lang
    if cx.me(e["seat"]):
        text = _("You are out, showing {cards}.", lang, cards=_shown(cx, e["cards"])) if e["cards"] else \
            _("You are out.", lang)
    elif e["cards"]:
        text = _("{player} is out, showing {cards}.", lang, player=cx.name(e["seat"]), cards=_shown(cx, e["cards"]))
    else:
        text = _("{player} is out.", lang, player=cx.name(e["seat"]))
    return [Line(text, False, i)], i + 1


def _return(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    lang = cx.lang
    if e["cards"]:
        order = _then([cx.the(c) for c in e["cards"]], lang)
        text = _("You put {order} under the deck.", lang, order=order) if cx.me(e["seat"]) else \
            _("{player} put {order} under the deck.", lang, player=cx.name(e["seat"]), order=order)
    else:
        text = ngettext("{player} put {n} card under the deck.", "{player} put {n} cards under the deck.",
                        e["count"], lang, player=cx.name(e["seat"]))
    return [Line(text, cx.private([e]), i)], i + 1


def _history(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    card = cx.card(e["card"])
    text = _("Earlier, you played the {card}.", cx.lang, card=card) if cx.me(e["seat"]) else \
        _("Earlier, {player} played the {card}.", cx.lang, player=cx.name(e["seat"]), card=card)
    return [Line(text, False, i)], i + 1


def _protected(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    s = events[i]["seat"]
    card = cx.card("Handmaid")
    text = _("You are protected by a {card}.", cx.lang, card=card) if cx.me(s) else \
        _("{player} is protected by a {card}.", cx.lang, player=cx.name(s), card=card)
    return [Line(text, False, i)], i + 1


def _reveal(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    card = cx.card(e["card"])
    text = _("Everyone knows you hold the {card}.", cx.lang, card=card) if cx.me(e["seat"]) else \
        _("Everyone knows {player} holds the {card}.", cx.lang, player=cx.name(e["seat"]), card=card)
    return [Line(text, False, i)], i + 1


def _winners(cx: _Reader, ws: Sequence[int]) -> str:
    lang = cx.lang
    if len(ws) == 1:
        return _("You win the round.", lang) if cx.me(ws[0]) else \
            _("{player} wins the round.", lang, player=cx.name(ws[0]))
    others = [cx.name(w) for w in ws if not cx.me(w)]
    if len(others) < len(ws):
        return _("You and {others} win the round (a tie).", lang, others=_and(others, lang))
    return _("{players} win the round (a tie).", lang, players=_and(others, lang))


def _hands(cx: _Reader, e: Event) -> str:
    return _comma([_("you the {card}", cx.lang, card=cx.card(h["card"])) if cx.me(h["seat"]) else
                   _("{player} the {card}", cx.lang, player=cx.name(h["seat"]), card=cx.card(h["card"]))
                   for h in e["hands"]], cx.lang)


def _spy(cx: _Reader, e: Event, text: str) -> str:
    if e["spy"] is None:
        return text
    if cx.me(e["spy"]):
        return _("{text} Spy bonus: you gain a token.", cx.lang, text=text)
    return _("{text} Spy bonus: {player} gains a token.", cx.lang, text=text, player=cx.name(e["spy"]))


def _end(events: Sequence[Event], i: int, cx: _Reader) -> tuple[list[Line], int]:
    e = events[i]
    lang, ws = cx.lang, e["winners"]
    if e["reason"] == "last-standing":
        if len(ws) == 1 and cx.me(ws[0]):
            text = _("Round over: you are the last one standing and win the round.", lang)
        else:
            text = _("Round over: {player} is the last one standing and wins the round.", lang,
                     player=_and([cx.name(w) for w in ws], lang))
    else:
        text = _("Round over: the deck is empty. Hands: {hands}. {winners}", lang, hands=_hands(cx, e),
                 winners=_winners(cx, ws))
    return [Line(_spy(cx, e, text), False, i)], i + 1


def round_result(event: Event, *, names: Sequence[str], reader: int | None = None, lang: str | None = None) -> str:
    """How the round ended, for a result box (the ``end`` event; no "Round over" in front).

    >>> e = {"kind": "end", "winners": [1], "reason": "deck-empty", "spy": 1,
    ...      "hands": [{"seat": 0, "card": "Guard"}, {"seat": 1, "card": "King"}]}
    >>> round_result(e, names=["Ana", "Ben"], reader=1)
    'The deck is empty. Hands: Ana the Guard, you the King. You win the round. Spy bonus: you gain a token.'
    """
    cx = _Reader(names, reader, lang)
    ws = event["winners"]
    if event["reason"] == "last-standing":
        if len(ws) == 1 and cx.me(ws[0]):
            text = _("You are the last one standing and win the round.", lang)
        else:
            text = _("{player} is the last one standing and wins the round.", lang,
                     player=_and([cx.name(w) for w in ws], lang))
    else:
        text = _("The deck is empty. Hands: {hands}. {winners}", lang, hands=_hands(cx, event),
                 winners=_winners(cx, ws))
    return _spy(cx, event, text)


#: The narrator of each event kind: ``fn(events, i, reader) -> (lines, next index)``; a narrator
#: may tell the events that follow from its own (a play tells its consequences).
NARRATORS: dict[str, Callable[[Sequence[Event], int, _Reader], tuple[list[Line], int]]] = {
    "setaside": _setaside, "faceup": _faceup, "deal": _deal, "draw": _draw, "play": _play, "peek": _peek,
    "baron": _baron, "trade": _trade, "discard": _discard, "out": _out, "return": _return,
    "history": _history, "protected": _protected, "reveal": _reveal, "end": _end,
}


def narrate(events: Sequence[Event], *, names: Sequence[str], reader: int | None = None,
            lang: str | None = None) -> list[Line]:
    """The sentences of ``events`` for ``reader`` (a seat, or ``None``: a spectator or a teacher).

    Parameters
    ----------
    events
        Event dicts of one round, in order (``state.observation(seat)["log"]``,
        :func:`~kit.loveletter.events.visible_events`, or
        :func:`~kit.loveletter.events.all_events` for a teacher).
    names
        A name per seat.
    reader
        The seat who reads: its own actions are "You ...".
    lang
        The language (``None``: the kernel's, see :mod:`kit.i18n`).

    Returns
    -------
    list of Line
        ``(text, private, event)``: the sentence, whether only the reader
        knows it, and the index of the first event it tells.
    """
    cx = _Reader(names, reader, lang)
    out: list[Line] = []
    i = 0
    while i < len(events):
        lines, i = NARRATORS[events[i]["kind"]](events, i, cx)
        out.extend(lines)
    return out


def narrate_event(event: Event, *, names: Sequence[str], reader: int | None = None,
                  lang: str | None = None) -> list[Line]:
    """The sentences of one event alone (a hidden draw: none; it is told with the play that follows).

    >>> narrate_event({"kind": "protected", "seat": 0}, names=["Ana", "Ben"])
    [Line(text='Ana is protected by a Handmaid.', private=False, event=0)]
    """
    return narrate([event], names=names, reader=reader, lang=lang)
