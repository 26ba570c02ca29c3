"""Pictures of Sleeping Queens (pure HTML strings), drawn from one seat's observation.

:func:`table_html` draws the table as ``state.observation(seat)`` describes
it, with the card pictures of :mod:`kit.render.sleepingqueens_art`: the 12
places of the sleeping Queens (face down, empty, or a Queen everyone saw go
to sleep), each player's awake Queens with their points and total, the
seat's own hand, big (the others' hands as card backs), the draw and discard
piles, and whose turn it is.  It never sees a state, so it cannot show a
hidden card (the teacher's picture passes every hand explicitly).  The log
and the scores are the table's chrome (:mod:`kit.render.table`), not here.

What the person may click comes as an :class:`~kit.widgets.adapter.Offer`
(from :mod:`kit.widgets.adapters.sleepingqueens`): each offered thing the
picture holds gets ``data-choice``, an ``aria-label`` in words and its rule as
its ``title`` (hover and focus).  Picked cards are lifted and carry a check mark (the keyboard's
focus is a dashed ring, never a lift: :mod:`kit.widgets.clickpane`); three or more
picked number cards are laid out as an addition, ``□ + □ = □``.

Every face-up card carries ``data-card`` (red cards) or ``data-queen``, with
``data-zone`` (``hand``, ``queens``, ``grid``, ``discard``, ``slot``) and
``data-seat``, so tests can check exactly where a card is shown.

>>> from kit.sleepingqueens import SleepingQueens
>>> s = SleepingQueens(2).new_initial_state()
>>> html = table_html(s.observation(0), names=["Ana", "Ben"])
>>> html.count('data-place='), 'class="sq-table"' in html, 'data-choice="' in html
(12, True, False)
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from ..i18n import NC_, _, name, ngettext
from ..sleepingqueens.cards import CARD_NAMES, QUEEN_NAMES, QUEEN_POINTS, Queen, defence_against, rival
from .sleepingqueens_art import back_svg, card_svg, empty_svg, queen_svg, sleeping_svg

__all__ = ["table_html", "card_html", "queen_html", "card_rule", "card_name", "queen_name", "queen_caption",
           "how_to_play_html", "reasoning_html", "CSS", "QUEEN_CAPTIONS"]

GAME = "sleepingqueens"  # the context of the names (kit.i18n.name)

#: The short name written under a small Queen (where "Sunflower Queen" would not fit), by the notation's name.
QUEEN_CAPTIONS: Mapping[str, str] = {
    # i18n: the short names of the Sleeping Queens, written under a small picture of the Queen
    "Heart": NC_("sleepingqueens", "Heart"), "Cat": NC_("sleepingqueens", "Cat"),
    "Dog": NC_("sleepingqueens", "Dog"), "Pancake": NC_("sleepingqueens", "Pancake"),
    "Ladybug": NC_("sleepingqueens", "Ladybug"), "Moon": NC_("sleepingqueens", "Moon"),
    "Peacock": NC_("sleepingqueens", "Peacock"), "Sunflower": NC_("sleepingqueens", "Sunflower"),
    "Cake": NC_("sleepingqueens", "Cake"), "Rainbow": NC_("sleepingqueens", "Rainbow"),
    "Rose": NC_("sleepingqueens", "Rose"), "Starfish": NC_("sleepingqueens", "Starfish"),
}

#: Widths (px) of the cards where they are drawn.
HAND_W, SLOT_W, PLACE_W, QUEEN_W, SMALL_W, PILE_W, BACK_W, END_W = 90, 56, 50, 54, 46, 48, 18, 64

CSS = """<style>
.sq-table{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f1e7;border-radius:12px;
 padding:10px;color:#24292f;max-width:1100px;font-size:15px}
.sq-main{display:flex;gap:12px;align-items:flex-start}
.sq-grid{display:grid;grid-template-columns:repeat(4,auto);gap:6px;padding:8px;background:#e3dccb;border-radius:10px;
 flex:none}
.sq-right{display:flex;flex-direction:column;gap:8px;flex:1;min-width:0}
.sq-row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.sq-left{display:flex;flex-direction:column;gap:8px;flex:none;max-width:300px}
.sq-others>.sq-seat{flex:1 1 100px;min-width:0}
.sq-others .sq-caption{font-size:12px}
.sq-place,.sq-card,.sq-q,.sq-pile{position:relative;display:inline-flex;flex-direction:column;align-items:center;
 border-radius:10px;transition:transform .12s}
.sq-place svg,.sq-card svg,.sq-q svg,.sq-pile svg{display:block;filter:drop-shadow(0 1px 2px rgba(0,0,0,.25))}
.sq-table [data-choice]{cursor:pointer}
.sq-table [data-choice]:hover{transform:translateY(-4px)}
.sq-table [data-choice] svg{outline:3px solid #f2c744;outline-offset:1px;border-radius:10px}
.sq-card.sq-picked{transform:translateY(-14px)}
.sq-card.sq-picked svg{outline:4px solid #0969da}
.sq-card.sq-picked::after{content:"\\2713";position:absolute;top:-9px;right:-7px;width:24px;height:24px;
 border-radius:50%;background:#0969da;color:#fff;font-size:16px;font-weight:800;display:flex;align-items:center;
 justify-content:center;box-shadow:0 1px 3px rgba(0,0,0,.4)}
.sq-caption{font-size:14px;font-weight:600;line-height:1.2;white-space:nowrap;margin-top:2px}
.sq-small{font-size:14px;color:#57606a}
.sq-seat{background:#fffdf8;border:2px solid #d8cfbd;border-radius:10px;padding:6px 8px}
.sq-seat.sq-turn{border-color:#d4a72c;box-shadow:0 0 0 3px #f2c744}
.sq-seat h4{margin:0 0 4px 0;font-size:16px;display:flex;gap:8px;align-items:baseline;flex-wrap:wrap}
.sq-seat h4 .sq-total{font-size:15px;color:#7b1040}
.sq-chip{font-size:13px;font-weight:700;background:#fff8c5;border:1px solid #d4a72c;border-radius:10px;padding:0 8px}
.sq-backs{display:flex;gap:2px;align-items:center}
.sq-mine{border-color:#0969da}
.sq-hand{display:flex;gap:6px;align-items:flex-end;padding-top:14px}
.sq-work{display:flex;gap:10px;align-items:center;flex-wrap:wrap;background:#fffdf8;border:2px dashed #0969da;
 border-radius:10px;padding:6px 10px}
.sq-sign{font-size:34px;font-weight:800;color:#1f2328;padding:0 2px}
.sq-answer svg{outline:3px dashed #1a7f37;outline-offset:2px;border-radius:10px}
.sq-eq{font-size:22px;font-weight:800;letter-spacing:1px}
.sq-eq.sq-ok{color:#1a7f37}
.sq-eq.sq-bad{color:#9a3412}
.sq-btn{font:inherit;font-size:17px;font-weight:700;padding:8px 18px;border-radius:10px;border:2px solid #1a7f37;
 background:#dafbe1;color:#0f5323;cursor:pointer;min-height:44px}
.sq-btn:hover,.sq-btn:focus{background:#aceebb}
.sq-defender svg{outline:4px solid #1a7f37;outline-offset:2px;border-radius:10px}
.sq-wanted svg{outline:4px solid #cf222e;outline-offset:2px;border-radius:10px}
.sq-piles{display:flex;gap:10px;align-items:flex-start}
.sq-known svg{opacity:.6;filter:saturate(.5)}
.sq-zzz{position:absolute;left:4px;right:4px;bottom:8px;text-align:center;font-size:13px;font-weight:800;color:#fff;
 background:#1d2b64;border-radius:8px;padding:1px 0}
.sq-end{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.sq-end .sq-seat.sq-winner{border-color:#1a7f37;box-shadow:0 0 0 3px #aceebb}
.sq-teacher{border:3px dashed #9a6700}
.sq-help{font-size:15px;line-height:1.5}
.sq-help li{margin:2px 0}
.sq-reason{font-size:15px;line-height:1.45}
.sq-reason table{border-collapse:collapse;margin:4px 0}
.sq-reason td,.sq-reason th{border:1px solid #d0d7de;padding:2px 8px;font-size:14px;text-align:center}
</style>"""


def card_name(card: str, lang: str | None = None) -> str:
    """A red card's name as the rule sheet of ``lang`` prints it (a number card is its number).

    >>> card_name("Potion"), card_name("7")
    ('Sleeping Potion', '7')
    """
    return card if card.isdigit() else name(GAME, CARD_NAMES[card], lang)


def queen_name(queen: str, lang: str | None = None) -> str:
    """A Queen's name as the rule sheet of ``lang`` prints it (``queen``: the notation's name, ``"Rose"``).

    >>> queen_name("Rose")
    'Rose Queen'
    """
    return name(GAME, QUEEN_NAMES[queen], lang)


def queen_caption(queen: str, lang: str | None = None) -> str:
    """A Queen's short name, for the caption under a small picture (``"Rose"``)."""
    return name(GAME, QUEEN_CAPTIONS[queen], lang)


_card_title, _queen_title = card_name, queen_name


def card_rule(name: str, lang: str | None = None) -> str:
    """A card's rule in a child's words (``"7"``, ``"King"``..., or a Queen: ``"Rose"``), for hover and focus.

    >>> card_rule("Dragon")
    'Dragon: it stops a Knight that wants one of your Queens.'
    >>> card_rule("Cat")
    'Cat Queen, 15 points. She and the Dog Queen do not get along: nobody may have both.'
    """
    if name.isdigit():
        return _("Number {n}: discard it alone, as a pair (two the same), or with other numbers in an addition.",
                 lang, n=name)
    rules = {
        "King": _("King: wake a sleeping Queen. Click her place.", lang),
        "Knight": _("Knight: take a Queen from another player. A Dragon can stop it.", lang),
        "Dragon": _("Dragon: it stops a Knight that wants one of your Queens.", lang),
        "Potion": _("Sleeping Potion: put another player's Queen back to sleep. A Magic Wand can stop it.", lang),
        "Wand": _("Magic Wand: it stops a Sleeping Potion that wants one of your Queens.", lang),
        "Jester": _("Jester: turn over the top card. A power card: keep it and play again. A number: count around "
                    "the table, starting with you; the player you reach wakes a Queen.", lang),
    }
    if name in rules:
        return rules[name]
    points = QUEEN_POINTS[Queen[name.upper()]]
    queen = _queen_title(name, lang)
    if name == "Rose":
        return ngettext("{queen}, {n} point. Wake her from the middle and you wake one more Queen!",
                        "{queen}, {n} points. Wake her from the middle and you wake one more Queen!", points, lang,
                        queen=queen)
    other = rival(Queen[name.upper()])  # the rules' rivalry (cards.py), not a list of names here
    if other is not None:
        return ngettext("{queen}, {n} point. She and the {rival} do not get along: nobody may have both.",
                        "{queen}, {n} points. She and the {rival} do not get along: nobody may have both.", points,
                        lang, queen=queen, rival=_queen_title(other.name.title(), lang))
    return ngettext("{queen}, {n} point.", "{queen}, {n} points.", points, lang, queen=queen)


def _clickable(choice: str | None, offer_choices: Mapping[str, str], rule: str, label: str,
               lang: str | None = None) -> str:
    """The attributes of an element: clickable, with words, when ``choice`` is offered; its rule on hover."""
    if choice is not None and choice in offer_choices:
        words = offer_choices[choice]
        # i18n: a hover text: what a click does ("Pick up the King"), then the card's rule
        title = _("{choice}. {rule}", lang, choice=words, rule=rule) if rule else words
        return f' data-choice="{escape(choice)}" aria-label="{escape(words)}" title="{escape(title)}"'
    return f' role="img" aria-label="{escape(label)}" title="{escape(rule or label)}"'


def card_html(name: str, *, width: float = HAND_W, lang: str | None = None, zone: str = "", seat: int | None = None,
              attrs: str = "") -> str:
    """One red-backed card face up (``"7"``, ``"King"``...), its picture and, when not given, its words.

    >>> 'data-card="King"' in card_html("King")
    True
    """
    where = (f' data-zone="{zone}"' if zone else "") + (f' data-seat="{seat}"' if seat is not None else "")
    if not attrs:
        words = escape(_card_title(name, lang))
        attrs = f' role="img" aria-label="{words}" title="{words}"'
    return (f'<div class="sq-card" data-card="{escape(name)}"{where}{attrs}>'
            f'{card_svg(name, width=width, title=_card_title(name, lang))}</div>')


def queen_html(name: str, *, width: float = QUEEN_W, lang: str | None = None, zone: str = "", seat: int | None = None,
               attrs: str = "", cls: str = "") -> str:
    """An awake Queen face up, her points, and her name beneath her.

    >>> 'data-queen="Rose"' in queen_html("Rose")
    True
    """
    points = QUEEN_POINTS[Queen[name.upper()]]
    title = _queen_title(name, lang)
    where = (f' data-zone="{zone}"' if zone else "") + (f' data-seat="{seat}"' if seat is not None else "")
    if not attrs:
        words = escape(ngettext("{queen}, {n} point", "{queen}, {n} points", points, lang, queen=title))
        attrs = f' role="img" aria-label="{words}" title="{words}"'
    caption = "" if width >= 80 else f'<span class="sq-caption">{escape(queen_caption(name, lang))}</span>'
    return (f'<div class="sq-q{" " + cls if cls else ""}" data-queen="{escape(name)}"{where}{attrs}>'
            f'{queen_svg(name, width=width, title=title if width >= 80 else None)}{caption}</div>')


def _place(i: int, spot: str, choices: Mapping[str, str], lang: str | None) -> str:
    k = i + 1
    token = f"place:{k}"
    if spot == "empty":
        label = _("Place {place}: empty", lang, place=k)
        return (f'<div class="sq-place" data-place="{k}"{_clickable(token, choices, "", label, lang)}>'
                f'{empty_svg(k, width=PLACE_W)}</div>')
    if spot.startswith("asleep:"):
        name = spot[7:]
        label = _("Place {place}: the {queen}, asleep", lang, place=k, queen=_queen_title(name, lang))
        # i18n: the sound of sleeping, written on a sleeping Queen everyone has seen
        zzz = escape(_("z z z", lang))
        return (f'<div class="sq-place sq-known" data-place="{k}" data-queen="{escape(name)}" data-zone="grid"'
                f'{_clickable(token, choices, card_rule(name, lang), label, lang)}>{queen_svg(name, width=PLACE_W)}'
                f'<span class="sq-zzz" aria-hidden="true">{zzz}</span></div>')
    label = _("Place {place}: a sleeping Queen, face down", lang, place=k)
    rule = _("A Queen is asleep here, face down. Wake her with a King.", lang)
    return (f'<div class="sq-place" data-place="{k}"{_clickable(token, choices, rule, label, lang)}>'
            f'{sleeping_svg(k, width=PLACE_W)}</div>')


def _backs(n: int, name: str, lang: str | None) -> str:
    words = ngettext("{name} holds {n} card", "{name} holds {n} cards", n, lang, name=name)
    return (f'<div class="sq-backs" role="img" aria-label="{escape(words)}" title="{escape(words)}">'
            + "".join(back_svg(width=BACK_W) for _k in range(n)) + "</div>")


def _queens(obs: Mapping[str, Any], s: int, width: float, choices: Mapping[str, str], lang: str | None,
            wanted: str | None = None) -> str:
    out = []
    for q in obs["queens"][s]:
        points = QUEEN_POINTS[Queen[q.upper()]]
        label = ngettext("{queen}, {n} point", "{queen}, {n} points", points, lang, queen=_queen_title(q, lang))
        attrs = _clickable(f"queen:{s}:{q}", choices, card_rule(q, lang), label, lang)
        out.append(queen_html(q, width=width, lang=lang, zone="queens", seat=s, attrs=attrs,
                              cls="sq-wanted" if q == wanted else ""))
    if not out:
        none = escape(_("No Queen yet", lang))
        return f'<span class="sq-small">{none}</span>'
    return f'<div class="sq-row">{"".join(out)}</div>'


def _seat_head(obs: Mapping[str, Any], s: int, names: Sequence[str], lang: str | None, me: bool,
               winner: bool = False, backs: str = "") -> str:
    n = len(obs["queens"][s])
    points = obs["points"][s]
    who = _("{name} (you)", lang, name=names[s]) if me else names[s]
    total = ngettext("{n} point", "{n} points", points, lang)
    queens = ngettext("{n} Queen", "{n} Queens", n, lang)
    turn = ""
    if "result" not in obs and s == obs.get("to_move"):
        chip = escape(_("to play", lang))
        turn = f'<span class="sq-chip">{chip}</span>'
    if winner:
        chip = escape(_("winner", lang))
        turn = f'<span class="sq-chip">\u2605 {chip}</span>'
    return (f'<h4><span>{escape(who)}</span><span class="sq-total">{escape(queens)} \u00b7 {escape(total)}</span>'
            f'{backs}{turn}</h4>')


def _piles(obs: Mapping[str, Any], choices: Mapping[str, str], lang: str | None) -> str:
    n = obs["draw_pile"]
    draw_words = ngettext("Draw pile: {n} card", "Draw pile: {n} cards", n, lang)
    attrs = _clickable("jester", choices, card_rule("Jester", lang), draw_words, lang)
    caption = escape(_("Draw: {n}", lang, n=n))
    draw = (f'<div class="sq-pile" data-zone="draw"{attrs}>'
            f'{back_svg(width=PILE_W)}<span class="sq-caption">{caption}</span></div>')
    pile = obs["discard_pile"]
    if pile:
        top = pile[-1]
        words = ngettext("Discard pile: {n} card, the {card} on top", "Discard pile: {n} cards, the {card} on top",
                         len(pile), lang, card=_card_title(top, lang))
        face = card_svg(top, width=PILE_W)
        caption = escape(_("Discard: {n}", lang, n=len(pile)))
        disc = (f'<div class="sq-pile" data-card="{escape(top)}" data-zone="discard" role="img" '
                f'aria-label="{escape(words)}" title="{escape(words)}">{face}'
                f'<span class="sq-caption">{caption}</span></div>')
    else:
        words = _("Discard pile: empty", lang)
        caption = escape(_("Discard: {n}", lang, n=0))
        disc = (f'<div class="sq-pile" data-zone="discard" role="img" aria-label="{escape(words)}">'
                f'{empty_svg(None, width=PILE_W)}'
                f'<span class="sq-caption">{caption}</span></div>')
    return f'<div class="sq-piles">{draw}{disc}</div>'


def _work(offer: Any, obs: Mapping[str, Any], lang: str | None) -> str:
    """The picked cards: an addition being built, a pair, one card; and the Discard button."""
    extra = offer.extra if offer is not None else {}
    cards = list(extra.get("cards") or ())
    if not cards or extra.get("power"):
        button = _discard_button(offer)
        return f'<div class="sq-work">{button}</div>' if button else ""
    names = [c.split(":")[1] for c in cards]
    parts = []
    if len(names) >= 3:
        for i, name in enumerate(names):
            if i == len(names) - 1:
                parts.append(f'<span class="sq-sign" aria-hidden="true">=</span>')
                label = _("{n}, after the = sign", lang, n=name)
                parts.append(f'<div class="sq-card sq-answer" data-card="{escape(name)}" data-zone="slot" role="img" '
                             f'aria-label="{escape(label)}" title="{escape(label)}">'
                             f'{card_svg(name, width=SLOT_W)}</div>')
            else:
                if i:
                    parts.append(f'<span class="sq-sign" aria-hidden="true">+</span>')
                attrs = _clickable(f"sum:{i}", offer.choices, "", name, lang)
                parts.append(f'<div class="sq-card" data-card="{escape(name)}" data-zone="slot"{attrs}>'
                             f'{card_svg(name, width=SLOT_W)}</div>')
        ok = "discard" in offer.choices
        eq = extra.get("equation") or ""
        mark = "\u2714" if ok else "?"
        parts.append(f'<span class="sq-eq {"sq-ok" if ok else "sq-bad"}" aria-hidden="true">{escape(eq)} {mark}</span>')
    else:
        for name in names:
            parts.append(f'<div class="sq-card" data-card="{escape(name)}" data-zone="slot" role="img" '
                         f'aria-label="{escape(name)}">{card_svg(name, width=SLOT_W)}</div>')
    label = escape(_("The cards you picked", lang))
    return f'<div class="sq-work" role="group" aria-label="{label}">{"".join(parts)}{_discard_button(offer)}</div>'


def _discard_button(offer: Any) -> str:
    if offer is None or "discard" not in offer.choices:
        return ""
    words = escape(offer.choices["discard"])
    return f'<button class="sq-btn" data-choice="discard" aria-label="{words}">{words}</button>'


def _hand(obs: Mapping[str, Any], me: int, hand: Sequence[str], offer: Any, lang: str | None) -> str:
    choices = offer.choices if offer is not None else {}
    picked = set((offer.extra.get("cards") or ()) if offer is not None else ())
    defender = None
    if offer is not None and offer.extra.get("can_block"):
        defender = str(defence_against(offer.extra["attack"]["card"]))  # the rules' own answer (cards.py)
    seen: dict[str, int] = {}
    out = []
    for name in hand:
        token = f"card:{name}:{seen.get(name, 0)}"
        seen[name] = seen.get(name, 0) + 1
        label = _card_title(name, lang)
        attrs = _clickable(token, choices, card_rule(name, lang), label, lang)
        cls = "sq-card sq-picked" if token in picked else "sq-card"
        if name == defender:
            cls += " sq-defender"
        out.append(f'<div class="{cls}" data-card="{escape(name)}" data-zone="hand" data-seat="{me}"{attrs}>'
                   f'{card_svg(name, width=HAND_W, title=_card_title(name, lang))}</div>')
    label = escape(_("Your cards", lang))
    return f'<div class="sq-hand" role="group" aria-label="{label}">{"".join(out)}</div>'


def _end(obs: Mapping[str, Any], names: Sequence[str], lang: str | None) -> str:
    winners = obs["result"]["winners"]
    rows = []
    for s in sorted(range(obs["players"]), key=lambda s: (s not in winners, -obs["points"][s], s)):
        cls = "sq-seat sq-winner" if s in winners else "sq-seat"
        rows.append(f'<div class="{cls}" data-seat-panel="{s}">'
                    f'{_seat_head(obs, s, names, lang, s == obs["seat"], winner=s in winners)}'
                    f'{_queens(obs, s, END_W, {}, lang)}</div>')
    return f'<div class="sq-end">{"".join(rows)}</div>'


def table_html(obs: Mapping[str, Any], *, names: Sequence[str] | None = None, offer: Any = None,
               lang: str | None = None, replay: bool = False,
               hands: Sequence[Sequence[str]] | None = None, teacher: bool = False) -> str:
    """The table as ``obs["seat"]`` sees it (``obs`` is ``state.observation(seat)``; seat ``None``: everyone).

    ``offer`` (an :class:`~kit.widgets.adapter.Offer`) says what may be clicked; every card shows its rule
    on hover and focus (its ``title``).  ``hands`` (a teacher's picture only) shows every hand face up.
    """
    n = obs["players"]
    me = obs["seat"]
    names = list(names) if names is not None else [f"p{s}" for s in range(n)]
    choices = offer.choices if offer is not None else {}
    grid = "".join(_place(i, spot, choices, lang) for i, spot in enumerate(obs["grid"]))
    label = escape(_("The sleeping Queens", lang))
    grid = f'<div class="sq-grid" role="group" aria-label="{label}">{grid}</div>'
    if "result" in obs:
        right = _end(obs, names, lang)
    else:
        wanted = None
        if offer is not None and offer.extra.get("attack"):
            wanted = offer.extra["attack"]["queen"]
        others = []
        for s in range(n):
            if s == me:
                continue
            cls = "sq-seat sq-turn" if s == obs.get("to_move") else "sq-seat"
            if hands is not None:
                held = "".join(card_html(c, width=SMALL_W, lang=lang, zone="hand", seat=s) for c in hands[s])
                held = f'<div class="sq-row">{held}</div>'
                head = _seat_head(obs, s, names, lang, False) + held
            else:
                head = _seat_head(obs, s, names, lang, False, backs=_backs(obs["hand_sizes"][s], names[s], lang))
            others.append(f'<div class="{cls}" data-seat-panel="{s}">{head}'
                          f'{_queens(obs, s, SMALL_W, choices, lang)}</div>')
        top = f'<div class="sq-row sq-others">{"".join(others)}</div>'
        mine = ""
        if me is not None:
            cls = "sq-seat sq-mine sq-turn" if me == obs.get("to_move") else "sq-seat sq-mine"
            mine = (f'<div class="{cls}" data-seat-panel="{me}">{_seat_head(obs, me, names, lang, True)}'
                    f'<div class="sq-row" style="align-items:flex-end">'
                    # the hand first: on a narrow screen the Queens wrap under it, the cards to click stay high
                    f'{_hand(obs, me, obs["hand"], offer, lang)}'
                    f'{_queens(obs, me, QUEEN_W, choices, lang, wanted)}</div></div>')
        right = top + mine
        # the piles and the cards picked (an addition being built) under the grid, where there is room: the
        # other players' places get the width, the hand stays in view
        grid = f'<div class="sq-left">{grid}{_work(offer, obs, lang)}{_piles(obs, choices, lang)}</div>'
    cls = "sq-table sq-teacher" if teacher else "sq-table"
    return (CSS + f'<div class="{cls}" data-seat="{"" if me is None else me}"><div class="sq-main">{grid}'
            f'<div class="sq-right">{right}</div></div></div>')


def how_to_play_html(target_queens: int, target_points: int, lang: str | None = None) -> str:
    """A short "How to play" for children (the goal, each card, and why everyone is asked to block).

    >>> "Dragon" in how_to_play_html(5, 50)
    True
    """
    items = [
        _("Wake the sleeping Queens and keep them. You win with {queens} Queens or {points} points.", lang,
          queens=target_queens, points=target_points),
        _("On your turn, do one thing, then you get new cards until you have 5.", lang),
        _("King: click it, then a sleeping Queen. She wakes up and is yours.", lang),
        _("Knight: click it, then a Queen in front of another player. You take her, unless they have a Dragon.",
          lang),
        _("Sleeping Potion: click it, then another player's Queen, then an empty place. She goes back to sleep "
          "there, unless they have a Magic Wand.", lang),
        _("Jester: click it, then the draw pile. A power card: keep it and play again. A number: count the players, "
          "starting with you. The player you reach wakes a Queen.", lang),
        _("Or throw cards away: click cards to pick them up (click again to put them back), then Discard. One card, "
          "a pair (two the same), or an addition like 2 + 3 = 5.", lang),
        _("An addition: the cards go into the boxes \u25a1 + \u25a1 = \u25a1. Click a number to move it after the "
          "= sign.", lang),
        _("When you wake the Rose Queen, you must wake one more Queen. The Cat and the Dog do not get along: "
          "nobody may have both.", lang),
        _("When someone aims a Knight or a Potion at your Queen, the table always asks you, even when you have no "
          "Dragon or Magic Wand. That way nobody can tell who has one.", lang),
    ]
    body = "".join(f"<li>{escape(t)}</li>" for t in items)
    return f'<div class="sq-help"><ul>{body}</ul></div>'


def reasoning_html(unseen: Mapping[str, int], reach: Sequence[tuple[int, int]], queens: tuple[Sequence[str], int], *,
                   names: Sequence[str], seat: int | None, lang: str | None = None) -> str:
    """The reasoning panel: the cards a seat has not seen, whom a Jester's number reaches, the face-down Queens.

    >>> html = reasoning_html({"King": 8}, [(1, 0), (2, 1)], (["Cat"], 1), names=["Ana", "Ben"], seat=0)
    >>> "Ben" in html and "Cat" in html
    True
    """
    if seat is None:
        head = _("Cards nobody can see (not on the discard pile): in the draw pile and in the hands", lang)
        who = _("If the player whose turn it is plays a Jester, the number counts to:", lang)
    else:
        head = _("Cards {name} has not seen (not in the hand, not on the discard pile)", lang, name=names[seat])
        who = _("If {name} plays a Jester, the number counts to:", lang, name=names[seat])
    total = sum(unseen.values())
    cells = "".join(f"<th>{escape(_card_title(c, lang))}</th>" for c in unseen)
    counts = "".join(f"<td>{k}</td>" for k in unseen.values())
    numbers = "".join(f"<th>{k}</th>" for k, _s in reach)
    seats = "".join(f"<td>{escape(names[s])}</td>" for _k, s in reach)
    copies = "".join(f"<td>{unseen.get(str(k), 0)}</td>" for k, _s in reach)
    face_down, places = queens
    qnames = _comma([_queen_title(q, lang) for q in face_down], lang)
    asleep = ngettext("{n} Queen sleeps face down. She is one of: {queens}.",
                      "{n} Queens sleep face down. Each is one of: {queens}.", places, lang, queens=qnames)
    number, player, unseen_copies = (escape(_("Number", lang)), escape(_("Player", lang)),
                                     escape(_("Unseen copies", lang)))
    return (f'<div class="sq-reason"><b>{escape(head)}</b> ({total})'
            f"<table><tr>{cells}</tr><tr>{counts}</tr></table>"
            f"<b>{escape(who)}</b><table><tr><th>{number}</th>{numbers}</tr>"
            f"<tr><th>{player}</th>{seats}</tr>"
            f"<tr><th>{unseen_copies}</th>{copies}</tr></table>"
            f"<div>{escape(asleep)}</div></div>")


def _comma(items: Sequence[str], lang: str | None) -> str:
    """``"a, b, c"`` (each joint a template)."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{items}, {item}", lang, items=text, item=item)
    return text
