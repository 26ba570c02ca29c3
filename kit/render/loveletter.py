"""Love Letter pictures: cards, hands, discard rows and whole tables as HTML strings.

Pure functions, strings out; nothing here imports ipywidgets or IPython.

A seat's table is drawn from that seat's observation alone
(``state.observation(seat)``, a JSON-ready dict): :func:`table_html` never
sees a state, so it cannot show a card the seat has not seen.  Other seats'
hands are face-down backs, counted from the events it saw.  The teacher's
picture is a separate, explicit path: :func:`teacher_table_html` (and the
rich display of a bare state, :func:`state_html`) reads the state itself and
shows every hand, the set-aside card and the deck.

Every face-up card is an element with ``class="ll-card"`` and
``data-card="<Name>"``; cards on the table also carry ``data-zone`` (``hand``,
``discard``, ``face-up``, ``shown``, ``set-aside``, ``deck``, ``guess``,
``unseen``) and ``data-seat``, so tests can check exactly where a card is shown.
A teacher's picture is wrapped in an element of class ``ll-teacher-view``.

Examples
--------
>>> from kit.loveletter import LoveLetter
>>> html = card_html("Princess", "2019")
>>> 'data-card="Princess"' in html and 'aria-label="Princess, value 9' in html
True
>>> s = LoveLetter(2, edition="classic").new_initial_state()
>>> for a in ["deal Princess", "deal Guard", "deal Guard", "deal Guard",
...           "deal King", "deal Baron", "deal Countess"]:
...     s.apply_action(a)
>>> mine = table_html(s.observation(0))            # p0's view: p1's Baron stays face down
>>> 'data-zone="hand" data-seat="1"' in mine, mine.count('data-zone="hand" data-seat="0"')
(False, 2)
>>> 'data-zone="hand" data-seat="1"' in teacher_table_html(s)   # the teacher sees it
True
>>> public_observation(s.observation(0)) == public_observation(s.observation(1))
True
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from ..i18n import _, name, ngettext
from .narration.loveletter import narrate, round_result

__all__ = [
    "CARD_COLOURS", "CARD_ICONS", "STYLE",
    "card_name", "card_text", "card_html", "card_back_html", "hand_html", "discards_html", "action_html",
    "cancel_words",
    "public_observation", "narrate",
    "table_html", "teacher_observation", "teacher_table_html", "state_html",
    "counting_html", "how_to_play_html",
]

#: A colour per card (by name, so both editions look alike).
CARD_COLOURS: dict[str, str] = {
    "SPY": "#55606e", "GUARD": "#2f66b3", "PRIEST": "#7650ad", "BARON": "#23815f",
    "HANDMAID": "#b9741c", "PRINCE": "#b84a2e", "CHANCELLOR": "#2d7f93", "KING": "#9a7410",
    "COUNTESS": "#a8336f", "PRINCESS": "#c0283f",
}
#: A symbol per card (in DejaVu Sans, so it shows on a bare Linux too).
CARD_ICONS: dict[str, str] = {
    "SPY": "\u263d", "GUARD": "\u2694", "PRIEST": "\u271d", "BARON": "\u2696", "HANDMAID": "\u2602",
    "PRINCE": "\u269c", "CHANCELLOR": "\u270e", "KING": "\u2654", "COUNTESS": "\u2766", "PRINCESS": "\u2655",
}

STYLE = """<style>
.ll-root{font-family:"DejaVu Sans",Verdana,system-ui,sans-serif;font-size:13px;line-height:1.35;color:#1f2328}
.ll-root *{box-sizing:border-box}
.ll-card{--c:#555;display:inline-flex;flex-direction:column;width:160px;height:172px;margin:3px;vertical-align:top;
 border:2px solid var(--c);border-radius:10px;background:#fffdf6;box-shadow:0 1px 3px rgba(0,0,0,.3);
 overflow:hidden;position:relative;text-align:left;color:#1f2328;transition:transform .12s}
.ll-card .ll-head{background:var(--c);color:#fff;display:flex;align-items:center;gap:6px;padding:4px 6px;
 font-weight:700;font-size:14px;white-space:nowrap}
.ll-card .ll-val{display:inline-flex;flex:none;width:24px;height:24px;border-radius:50%;background:#fff;color:var(--c);
 align-items:center;justify-content:center;font-size:15px;font-weight:800}
.ll-card .ll-icon{font-size:22px;text-align:center;color:var(--c);line-height:1.15}
.ll-card .ll-text{font-size:12px;line-height:1.2;padding:0 7px;flex:1;overflow:hidden;color:#30363d}
.ll-card .ll-copies{font-size:12px;font-weight:600;margin-left:auto;opacity:.9}
.ll-card .ll-note{position:absolute;left:4px;right:4px;bottom:18px;background:#fff1c2;color:#5c4400;
 border:1px solid #d4a72c;border-radius:6px;font-size:12px;padding:2px 4px;text-align:center}
.ll-mini{width:100px;height:82px;border-radius:7px;margin:2px;font-size:12px}
.ll-mini .ll-head{padding:2px 3px;font-size:12px;justify-content:center}
.ll-mini .ll-val{width:19px;height:19px;font-size:13px}
.ll-mini .ll-icon{font-size:20px;line-height:1.15}
.ll-mini .ll-name{font-size:14px;letter-spacing:-.3px;text-align:center;font-weight:700;color:var(--c);
 overflow:hidden;white-space:nowrap}
.ll-back{border-color:#5a1226;background:repeating-linear-gradient(45deg,#7b1e36 0 7px,#8e2b45 7px 14px);
 color:#f8dfe6;align-items:center;justify-content:center;text-align:center;font-size:12px}
.ll-back .ll-seal{font-size:30px;line-height:1}
.ll-mini.ll-back .ll-seal{font-size:18px}
.ll-mini .ll-name.ll-long{font-size:14px;letter-spacing:-.6px}
.ll-dim{opacity:.45;filter:grayscale(.6)}
.ll-card.ll-chip{flex-direction:row;align-items:center;gap:4px;width:auto;max-width:100%;height:auto;margin:0;
 padding:1px 6px 1px 2px;border-radius:11px;border-width:1px;background:var(--c);color:#fff;font-size:12px;
 font-weight:700;white-space:nowrap;box-shadow:none}
.ll-chip .ll-val{width:17px;height:17px;font-size:12px}
.ll-chip .ll-chip-name{overflow:hidden;text-overflow:ellipsis}
.ll-chips{gap:3px}
.ll-card.ll-chip[data-zone="known"]{outline:2px dashed #d4a72c;outline-offset:1px;margin:2px 0 0 4px;vertical-align:top}
.ll-seat-head .ll-card.ll-chip[data-zone="known"]{margin:0 2px}
.ll-card.ll-tiny{width:28px;height:40px;margin:2px;border-radius:5px;border-width:1px}
.ll-tiny.ll-back .ll-seal{font-size:14px}
.ll-seat-body{display:flex;flex-wrap:wrap;gap:2px 8px;align-items:flex-start}
.ll-seat-body>.ll-hand-zone{flex:0 1 auto;min-width:0}
.ll-me .ll-seat-body>.ll-hand-zone{flex:none}
.ll-seat-body>.ll-played-zone{flex:1 1 112px;min-width:0}
.ll-me .ll-chip{font-size:14px;padding:2px 8px 2px 2px;border-radius:13px}
.ll-me .ll-chip .ll-val{width:21px;height:21px;font-size:13px}
.ll-me .ll-hand-zone>.ll-zone{padding-top:8px}
.ll-compact .ll-seat{min-width:120px;flex-basis:120px}
.ll-root [data-choice]{cursor:pointer}
.ll-card[data-choice]{box-shadow:0 0 0 3px #f2c744,0 2px 6px rgba(0,0,0,.35)}
.ll-card[data-choice]:hover{transform:translateY(-5px)}
.ll-card.ll-picked{transform:translateY(-8px);box-shadow:0 0 0 4px #f2c744,0 4px 10px rgba(0,0,0,.4)}
.ll-table{background:radial-gradient(ellipse at center,#2c7049 0%,#1d5335 100%);border-radius:14px;padding:10px;
 color:#f3f6f4;min-width:760px}
.ll-banner{background:#fff8e1;color:#3b2f00;border-radius:9px;padding:7px 12px;font-size:14px;margin-bottom:8px;
 border:1px solid #e3c76b}
.ll-banner b{font-weight:700}
.ll-error{background:#ffebe9;color:#82071e;border:1px solid #ff8182;border-radius:8px;padding:6px 10px;margin:0 0 8px 0}
.ll-main{display:flex;gap:10px;align-items:flex-start}
.ll-left{flex:1;min-width:0}
.ll-right{width:290px;flex:none;background:#f6f8fa;color:#1f2328;border-radius:10px;padding:8px 10px}
.ll-seats{display:flex;flex-wrap:wrap;gap:8px}
.ll-seat{background:#fbf7ec;color:#1f2328;border-radius:10px;padding:6px 8px;min-width:168px;flex:1 1 168px;
 border:2px solid transparent;position:relative}
.ll-seat.ll-tomove{border-color:#f2c744;box-shadow:0 0 0 3px rgba(242,199,68,.35)}
.ll-seat.ll-out{opacity:.6}
.ll-seat[data-choice]{border-color:#f2c744;border-style:dashed;box-shadow:0 0 0 3px rgba(242,199,68,.6)}
.ll-seat[data-choice]:hover{background:#fff3c4}
.ll-seat-head{display:flex;align-items:center;gap:6px;flex-wrap:wrap;margin-bottom:3px}
.ll-name{font-weight:700;font-size:14px}
.ll-badge{font-size:12px;border-radius:10px;padding:0 7px;background:#e7ecf0;color:#32383f;white-space:nowrap}
.ll-badge.ll-b-move{background:#f2c744;color:#3b2f00}
.ll-badge.ll-b-out{background:#cf222e;color:#fff}
.ll-badge.ll-b-prot{background:#b9741c;color:#fff}
.ll-badge.ll-b-you{background:#2f66b3;color:#fff}
.ll-tokens{color:#c0283f;letter-spacing:1px;font-size:14px}
.ll-zone{display:flex;align-items:flex-start;gap:2px;flex-wrap:wrap;min-height:20px}
.ll-zone-label{font-size:12px;color:#57606a;width:100%}
.ll-middle{display:flex;gap:18px;align-items:flex-end;margin:10px 4px;flex-wrap:wrap}
.ll-bottom{display:flex;gap:12px;align-items:flex-start;margin-top:6px}
.ll-bottom .ll-me{flex:1;margin-top:0}
.ll-bottom .ll-middle{flex:none;flex-direction:column;align-items:center;margin:0 4px;gap:8px}
.ll-pile{text-align:center;font-size:12px;color:#e6efe9}
.ll-me{margin-top:6px}
.ll-me .ll-seat{background:#fffdf6}
.ll-prompt{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.ll-btn{font:inherit;font-size:15px;border-radius:8px;border:1px solid #8c959f;background:#fff;color:#1f2328;
 padding:5px 12px;cursor:pointer}
.ll-btn.ll-primary{background:#2f66b3;border-color:#1f4f94;color:#fff;font-weight:700}
.ll-btn:hover{filter:brightness(1.08)}
.ll-prompt{gap:5px;margin:0 0 8px 0;background:#fbf7ec;color:#1f2328;border-radius:10px;padding:6px 8px}
.ll-prompt .ll-ask{font-size:16px;margin-right:4px}
.ll-prompt .ll-card.ll-mini{width:88px;height:66px;margin:0}
.ll-prompt .ll-mini .ll-icon{font-size:15px;line-height:1.1}
.ll-cover{background:#1f2328;color:#fff;border-radius:12px;padding:22px;text-align:center;margin:6px 0 10px 0}
.ll-cover h3{margin:0 0 8px 0;font-size:20px;color:#fff}
.ll-result{background:#fffdf6;color:#1f2328;border-radius:10px;padding:8px 12px;margin-top:8px;border:2px solid #f2c744}
.ll-result h3{margin:0 0 4px 0;font-size:16px}
.ll-score{width:100%;border-collapse:collapse;margin-bottom:6px}
.ll-score td{padding:2px 3px;border-bottom:1px solid #d8dee4}
.ll-score td.ll-num{text-align:right;font-weight:700}
.ll-log{margin:0;padding-left:18px;font-size:14px}
.ll-log li{margin:2px 0}
.ll-log li.ll-mine{color:#1a4d8f}
.ll-h{font-weight:700;font-size:12px;color:#57606a;text-transform:uppercase;letter-spacing:.04em;margin:4px 0 2px}
.ll-teacher{background:#fff0f0;color:#82071e;border:1px dashed #cf222e;border-radius:8px;padding:4px 8px;
 margin-bottom:8px}
.ll-count table{border-collapse:collapse;font-size:13px}
.ll-count th,.ll-count td{padding:2px 5px;text-align:center;border-bottom:1px solid #d8dee4}
.ll-count th.ll-rowname{text-align:left}
.ll-count .ll-p{display:inline-block;min-width:38px;border-radius:4px}
.ll-count .ll-actual{outline:2px solid #cf222e;font-weight:700}
</style>"""

# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------


def _edition(ed: Any) -> Any:
    from ..loveletter.cards import Edition, observed_edition

    if isinstance(ed, Edition):
        return ed
    return observed_edition(ed if ed is not None else "2019")


def _edition_of(card: Any, ed: Any = None) -> Any:
    """The edition to read ``card`` in: given, or the card enum's own."""
    if ed is not None:
        return _edition(ed)
    from ..loveletter.cards import Card2019, CardClassic

    if isinstance(card, CardClassic):
        return _edition("classic")
    if isinstance(card, Card2019):
        return _edition("2019")
    return _edition("2019")


def _resolve(card: Any, ed: Any = None) -> Any:
    """A card enum member from a member, a name (any case) or a value."""
    e = _edition_of(card, ed)
    if isinstance(card, e.card):
        return card
    if hasattr(card, "name") and not isinstance(card, str):  # another edition's member: by name
        return e.by_name(card.name)
    if isinstance(card, int):
        return e.card(card)
    return e.by_name(str(card))


def card_name(card: Any, lang: str | None = None) -> str:
    """A card's name as the rule sheet of ``lang`` prints it (``card``: a member or its English name).

    >>> card_name("Handmaid"), card_name("Handmaid", "en")
    ('Handmaid', 'Handmaid')
    """
    english = card.title if hasattr(card, "title") and not isinstance(card, str) else str(card)
    return name("loveletter", english, lang)


def card_text(c: Any, lang: str | None = None) -> str:
    """The effect text printed on card ``c`` (a member), in language ``lang``."""
    from ..loveletter.cards import CARD_TEXT

    return _(CARD_TEXT[c.name], lang)


def _label(c: Any, copies: int | None, lang: str | None = None) -> str:
    fields = dict(card=card_name(c, lang), value=int(c), text=card_text(c, lang))
    if copies is None:
        return _("{card}, value {value}: {text}", lang, **fields)
    return ngettext("{card}, value {value}: {text} {n} copy in the deck.",
                    "{card}, value {value}: {text} {n} copies in the deck.", copies, lang, **fields)


def _attrs(zone: str | None, seat: int | None, choice: str | None, extra: str = "") -> str:
    out = extra
    if zone is not None:
        out += f' data-zone="{escape(zone)}"'
    if seat is not None:
        out += f' data-seat="{int(seat)}"'
    if choice is not None:
        out += f' data-choice="{escape(choice)}"'
    return out


def _card(c: Any, ed: Any, *, mini: bool = False, zone: str | None = None, seat: int | None = None,
          choice: str | None = None, note: str | None = None, picked: bool = False, dim: bool = False,
          copies: bool = True, label: str | None = None, lang: str | None = None, chip: bool = False) -> str:
    n = ed.counts[int(c)] if copies else None
    colour = CARD_COLOURS.get(c.name, "#555")
    icon = CARD_ICONS.get(c.name, "")
    aria = label if label is not None else _label(c, n, lang)
    if note:
        aria = _("{label} ({note})", lang, label=aria, note=note)
    title = card_name(c, lang)
    cls = ("ll-card" + (" ll-chip" if chip else " ll-mini" if mini else "") + (" ll-picked" if picked else "")
           + (" ll-dim" if dim else ""))
    role = "" if choice is not None else ' role="img"'
    head = (f'<div class="{cls}" style="--c:{colour}" data-card="{escape(c.title)}"'
            f'{_attrs(zone, seat, choice)}{role} aria-label="{escape(aria)}" title="{escape(aria)}">')
    if chip:  # one line: the value and the name, in the card's colour (played cards, what a seat knows)
        return (head + f'<span class="ll-val" aria-hidden="true">{int(c)}</span>'
                f'<span class="ll-chip-name" aria-hidden="true">{escape(title)}</span></div>')
    if mini:
        return (head + f'<div class="ll-head"><span class="ll-val">{int(c)}</span></div>'
                f'<div class="ll-icon" aria-hidden="true">{icon}</div>'
                f'<div class="ll-name{" ll-long" if len(title) > 8 else ""}" aria-hidden="true">'
                f'{escape(title)}</div></div>')
    copies_in_head = ""
    if n is not None:  # the copies in the deck, in the header (the text below keeps every line it needs)
        in_deck = escape(ngettext("{n} in the deck", "{n} in the deck", n, lang))
        copies_in_head = f'<span class="ll-copies" title="{in_deck}">&times;{n}</span>'
    body = (f'<div class="ll-head" aria-hidden="true"><span class="ll-val">{int(c)}</span>{escape(title)}'
            f'{copies_in_head}</div>'
            f'<div class="ll-icon" aria-hidden="true">{icon}</div>'
            f'<div class="ll-text" aria-hidden="true">{escape(card_text(c, lang))}</div>')
    if note:
        body += f'<div class="ll-note" aria-hidden="true">{escape(note)}</div>'
    return head + body + "</div>"


def _back(*, mini: bool = False, zone: str | None = None, seat: int | None = None, label: str | None = None,
          text: str = "", lang: str | None = None, tiny: bool = False) -> str:
    label = _("a face-down card", lang) if label is None else label
    cls = "ll-card ll-back" + (" ll-tiny" if tiny else " ll-mini" if mini else "")
    inner = '<div class="ll-seal" aria-hidden="true">\u2709</div>'
    if text:
        inner += f'<div aria-hidden="true">{escape(text)}</div>'
    return f'<div class="{cls}"{_attrs(zone, seat, None)} role="img" aria-label="{escape(label)}" ' \
           f'title="{escape(label)}">{inner}</div>'


def card_html(card: Any, edition: Any = None, *, mini: bool = False, choice: str | None = None,
              note: str | None = None, copies: bool = True, lang: str | None = None) -> str:
    """One card face: value, name, symbol, effect text and copies in the deck.

    Parameters
    ----------
    card
        A card enum member, a card name (``"Guard"``) or a value.
    edition
        ``"classic"``, ``"2019"`` or an :class:`~kit.loveletter.Edition`; by
        default the card enum's own edition (names: 2019).
    mini
        A small card (value, symbol and name only), as in a discard row.
    choice
        Make it a choice of a :class:`~kit.widgets.ClickPane` (``data-choice``).
    note
        A short note printed on the card (e.g. why it cannot be played).
    copies
        Print how many copies the deck has.
    lang
        The language of the name and the text (``None``: the kernel's, :mod:`kit.i18n`).

    Returns
    -------
    str
        HTML (a ``<style>`` block and one ``div`` with ``role="img"`` and an
        ``aria-label`` that reads the whole card).

    Examples
    --------
    >>> from kit.loveletter import CardClassic
    >>> html = card_html(CardClassic.GUARD)
    >>> "Guard, value 1: Choose another player" in html, "5 copies in the deck" in html
    (True, True)
    """
    c = _resolve(card, edition)
    ed = _edition_of(c, edition)
    return STYLE + '<span class="ll-root">' + _card(c, ed, mini=mini, choice=choice, note=note,
                                                       copies=copies, lang=lang) + "</span>"


def card_back_html(*, mini: bool = False, label: str | None = None, lang: str | None = None) -> str:
    """A face-down card (a sealed letter), e.g. another player's hidden card (``label``: what a screen
    reader says; default "a face-down card").

    >>> 'aria-label="a face-down card"' in card_back_html()
    True
    """
    return STYLE + '<span class="ll-root">' + _back(mini=mini, label=label, lang=lang) + "</span>"


def hand_html(cards: Sequence[Any], edition: Any = None, *, choices: Sequence[str | None] | None = None,
              mini: bool = False, lang: str | None = None) -> str:
    """A row of face-up cards (a hand), each optionally a choice.

    >>> html = hand_html(["Guard", "Princess"], "classic", choices=["card:1", None])
    >>> html.count('data-choice="card:1"'), html.count("data-card=")
    (1, 2)
    """
    faces = []
    for i, card in enumerate(cards):
        c = _resolve(card, edition)
        faces.append(_card(c, _edition_of(c, edition), mini=mini, zone="hand",
                           choice=None if choices is None else choices[i], lang=lang))
    label = escape(_("hand", lang))
    return STYLE + f'<div class="ll-root ll-zone" role="group" aria-label="{label}">' + "".join(faces) + "</div>"


def discards_html(cards: Sequence[Any], edition: Any = None, *, lang: str | None = None) -> str:
    """A discard row: small cards in the order they were played.

    >>> discards_html(["Guard", "Priest"], "2019").count('data-zone="discard"')
    2
    """
    faces = [_card(_resolve(c, edition), _edition_of(_resolve(c, edition), edition), mini=True, zone="discard",
                   lang=lang) for c in cards]
    label = escape(_("played cards", lang))
    return STYLE + f'<div class="ll-root ll-zone" role="group" aria-label="{label}">' + "".join(faces) + "</div>"


def _then(items: Sequence[str], lang: str | None) -> str:
    """``"a, then b, then c"`` (each joint a template, as in the narration)."""
    text = items[0]
    for item in items[1:]:
        text = _("{first}, then {next}", lang, first=text, next=item)
    return text


def action_html(action: Any, lang: str | None = None) -> str:
    """An action as a small picture and its notation (for the rich display of actions).

    The notation is the API and stays English; the words beside it are in ``lang``.

    >>> from kit.loveletter import Play, Card2019 as C
    >>> html = action_html(Play(C.GUARD, 1, C.PRIEST))
    >>> "Guard p1 Priest" in html and "naming the Priest" in html
    True
    """
    kind = type(action).__name__
    parts = []
    if kind == "Play":
        c = action.card
        ed = _edition_of(c)
        parts.append(_card(c, ed, mini=True, copies=False, lang=lang))
        fields = dict(card=card_name(c, lang))
        if action.target is not None:
            fields["target"] = action.target
        if action.guess is not None:
            fields["guess"] = card_name(action.guess, lang)
            parts.append(_card(action.guess, ed, mini=True, copies=False, lang=lang))
        if action.target is not None and action.guess is not None:
            words = _("play the {card} on seat {target}, naming the {guess}", lang, **fields)
        elif action.target is not None:
            words = _("play the {card} on seat {target}", lang, **fields)
        elif action.guess is not None:
            words = _("play the {card}, naming the {guess}", lang, **fields)
        else:
            words = _("play the {card}", lang, **fields)
    elif kind == "Keep":
        ed = _edition_of(action.card)
        parts.append(_card(action.card, ed, mini=True, copies=False, lang=lang))
        kept = card_name(action.card, lang)
        if action.under:
            under = _then([_("the {card}", lang, card=card_name(u, lang)) for u in action.under], lang)
            words = _("keep the {card}; under the deck: {cards}", lang, card=kept, cards=under)
            parts.extend(_card(u, ed, mini=True, copies=False, dim=True, lang=lang) for u in action.under)
        else:
            words = _("keep the {card}", lang, card=kept)
    elif kind == "Deal":
        parts.append(_card(action.card, _edition_of(action.card), mini=True, copies=False, lang=lang))
        words = _("chance: the next card is the {card}", lang, card=card_name(action.card, lang))
    else:
        return escape(str(action))
    return (STYLE + '<div class="ll-root" style="display:inline-flex;align-items:center;gap:6px">'
            + "".join(parts) + f'<div><code>{escape(str(action))}</code><br><span style="color:#57606a">'
            + f"{escape(words)}</span></div></div>")


# ---------------------------------------------------------------------------
# Reading an observation's events
# ---------------------------------------------------------------------------


def public_observation(obs: Mapping[str, Any]) -> dict[str, Any]:
    """What every player (and a spectator) sees: ``obs`` without its seat's private part.

    The hand is emptied, the seat becomes ``None``, and the events are what
    everyone saw of them (:func:`kit.loveletter.events.public_events`, the rule
    of ``state.observation(None)``).  Any seat's observation gives the same result.

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(3).new_initial_state()
    >>> for a in ["deal Guard", "deal Priest", "deal Baron", "deal King", "deal Spy"]:
    ...     s.apply_action(a)
    >>> public_observation(s.observation(0)) == s.observation(None)
    True
    >>> [e["card"] for e in public_observation(s.observation(0))["log"]]
    [None, None, None, None, None]
    """
    from ..loveletter.events import public_events

    pub = dict(obs)
    pub["seat"] = None
    pub["hand"] = []
    pub["log"] = public_events(obs.get("log", ()))
    return pub


# ---------------------------------------------------------------------------
# A whole table
# ---------------------------------------------------------------------------


def _hearts(tokens: int, target: int | None) -> str:
    if target is None:
        return "\u2665" * tokens
    return "\u2665" * min(tokens, target) + "\u2661" * max(0, target - tokens)


def table_html(obs: Mapping[str, Any], *, names: Sequence[str] | None = None,
               kinds: Sequence[str] | None = None, tokens: Sequence[int] | None = None,
               target: int | None = None, round_no: int | None = None,
               ui: Mapping[str, Any] | None = None, reveal: Mapping[str, Any] | None = None,
               match_winners: Sequence[int] | None = None, log_lines: int = 14,
               log: bool = True, banner: bool = True, lang: str | None = None) -> str:
    """A whole table as one seat sees it, drawn from that seat's observation alone.

    Parameters
    ----------
    obs
        ``state.observation(seat)``, or :func:`public_observation` of it (a
        spectator: every hand face down), or :func:`teacher_observation`.
    names, kinds
        A name per seat, and what sits there (``"you"``, ``"person"``,
        ``"heuristic bot"``, ...); public.
    tokens, target, round_no, match_winners
        The match's scoreboard (public).
    ui
        What the seat may do now (choices of a :class:`~kit.widgets.ClickPane`):
        ``step`` (``"card"``, ``"target"``, ``"guess"``, ``"confirm"``,
        ``"keep"``, ``"order"``, ``"cover"``, ``"over"``, ``"wait"``), the
        ``prompt`` text, an ``error``, the ``card`` picked, and the open
        ``playable`` cards, ``blocked`` cards (value to reason), ``targets``,
        ``guesses``, ``keeps``, ``orders`` (``[kept, [under...]]``), ``cover``
        (the seat to pass the screen to), ``next``/``new`` buttons.  The widget
        builds it from the seat's own legal actions.
    reveal
        Teacher only: ``hands`` (seat to card names), ``set_aside``, ``deck``
        (name to copies) and ``bottom``.  :func:`teacher_table_html` fills it.
    log_lines
        How many of the last sentences of the log to show.
    log
        Show the log (the events told by :func:`kit.render.narration.loveletter.narrate`).
    lang
        The language of the log and the result (``None``: the kernel's).

    Returns
    -------
    str
        HTML: the seats (the viewer's own hand face up, the others face
        down), the deck, the set-aside and face-up cards, the scoreboard, the
        log in plain words, and the choices open now.  Every seat's played
        cards are chips (value and name, in the card's colour) that wrap,
        and at five or six players the others' hidden cards are small backs:
        the row of seats never grows wider than the notebook.  On another
        seat, a dashed chip is a card the viewer knows it holds.
    """
    ed = _edition(obs["edition"])
    n = obs["players"]
    me = obs.get("seat")
    names = list(names) if names is not None else [f"p{s}" for s in range(n)]
    kinds = list(kinds) if kinds is not None else [""] * n
    ui = dict(ui or {})
    step = ui.get("step")
    counts = obs["hand_sizes"]  # the engine says how many cards each seat holds (public)
    hands_shown = (reveal or {}).get("hands") or {}
    events = obs.get("log", ())
    end = next((e for e in events if e["kind"] == "end"), None)
    shown_at_end = {h["seat"]: h["card"] for h in end["hands"]} if end else {}
    to_move = obs.get("to_move")
    alive = obs["alive"]
    protected = obs["protected"]
    picked = ui.get("card")
    targets = set(ui.get("targets") or ()) if step == "target" else set()
    compact = n >= 5  # five or six seats in a row: the others' cards drawn small (see seat_panel)
    knows: dict[int, list[str]] = {}
    if me is not None and reveal is None and "log" in obs:  # a seat's own view: what it knows of the others' hands
        from ..loveletter.knowledge import known_hands

        knows = known_hands(obs)

    you_word, to_move_word = escape(_("you", lang)), escape(_("to move", lang))
    out_word, protected_word = escape(_("out", lang)), escape(_("protected", lang))

    def seat_panel(s: int, own: bool) -> str:
        cls = "ll-seat"
        if s == to_move and alive[s]:
            cls += " ll-tomove"
        if not alive[s]:
            cls += " ll-out"
        choice = f"target:{s}" if s in targets else None
        label = _("{name} (you)", lang, name=names[s]) if s == me else names[s]
        if choice is not None:
            label = (_("Choose {name} (yourself)", lang, name=names[s]) if s == me else
                     _("Choose {name}", lang, name=names[s]))
        badges = []
        if s == me:
            badges.append(f'<span class="ll-badge ll-b-you">{you_word}</span>')
        if kinds[s] and kinds[s] != "you":
            kind = escape(_(kinds[s], lang))  # a seat kind's words ("heuristic bot"): a message id
            badges.append(f'<span class="ll-badge">{kind}</span>')
        if s == to_move and alive[s]:
            badges.append(f'<span class="ll-badge ll-b-move">{to_move_word}</span>')
        if not alive[s]:
            badges.append(f'<span class="ll-badge ll-b-out">{out_word}</span>')
        if protected[s] and alive[s]:
            badges.append(f'<span class="ll-badge ll-b-prot">\u2602 {protected_word}</span>')
        tok = ""
        if tokens is not None:
            words = escape(ngettext("{n} token", "{n} tokens", tokens[s], lang))
            tok = (f'<span class="ll-tokens" title="{words}" aria-label="{words}">'
                   f'{_hearts(tokens[s], target)}</span>')
        # what the viewer knows this seat holds (a Priest, a Baron duel, a King's trade): beside its face-down
        # card, or, where five or six seats leave no room, beside its name
        known = [_resolve(c, ed) for c in knows.get(s, ()) if s not in hands_shown and s not in shown_at_end]
        saw = "".join(_card(c, ed, chip=True, zone="known", seat=s, lang=lang,
                            label=_("You know that {name} holds the {card}.", lang, name=names[s],
                                    card=card_name(c, lang)))
                      for c in known)
        head = (f'<div class="ll-seat-head"><span class="ll-name">{escape(names[s])}</span>{"".join(badges)}'
                f'{saw if compact else ""}<span style="flex:1"></span>{tok}</div>')
        # the hand
        if own:
            cards = []
            lifted_one = False
            for c in obs["hand"]:
                card = _resolve(c, ed)
                v = int(card)
                ch = None
                note = None
                if step == "card" and v in (ui.get("playable") or ()):
                    ch = f"card:{v}"
                elif step == "card" and v in (ui.get("blocked") or {}):
                    note = ui["blocked"][v]
                elif step == "keep" and v in (ui.get("keeps") or ()):
                    ch = f"keep:{v}"
                lifted = picked is not None and v == picked and not lifted_one and step in (
                    "target", "guess", "confirm", "order")
                lifted_one = lifted_one or lifted  # two Guards in hand: the one picked is lifted, not both
                cards.append(_card(card, ed, zone="hand", seat=s, choice=ch, note=note, lang=lang, picked=lifted))
            no_cards = escape(_("no cards", lang))
            hand = "".join(cards) or f'<span class="ll-zone-label">{no_cards}</span>'
        elif s in hands_shown:
            hand = "".join(_card(_resolve(c, ed), ed, mini=True, chip=compact, zone="hand", seat=s, lang=lang)
                           for c in hands_shown[s])
        elif s in shown_at_end:
            hand = _card(_resolve(shown_at_end[s], ed), ed, mini=True, chip=compact, zone="shown", seat=s, lang=lang)
        else:
            hidden = _("{name}\u2019s hidden card", lang, name=names[s])
            hand = "".join(_back(mini=True, tiny=compact, label=hidden, lang=lang) for _k in range(counts[s]))
            hand += "" if compact else saw
        disc = obs["discards"][s]
        # the played cards as chips (value and name, in the card's colour) that wrap: however many a seat plays
        # and however narrow six seats (or the Chancellor's three cards in the viewer's hand) make it, nothing
        # is cut off or scrolled sideways
        row = "".join(_card(_resolve(c, ed), ed, chip=True, zone="discard", seat=s, lang=lang) for c in disc)
        hand_words = escape(_("your hand", lang) if own else _("hand", lang))
        hand_label = escape(_("{name}\u2019s hand", lang, name=names[s]))
        played_words = escape(_("played", lang))
        played_label = escape(_("{name}\u2019s played cards", lang, name=names[s]))
        zone_hand = (f'<div class="ll-zone-label">{hand_words}</div>'
                     f'<div class="ll-zone" role="group" aria-label="{hand_label}">{hand}</div>')
        zone_disc = (f'<div class="ll-zone-label">{played_words}</div><div class="ll-zone ll-chips" role="group" '
                     f'aria-label="{played_label}">{row or "&nbsp;"}</div>')
        body = (f'<div class="ll-seat-body"><div class="ll-hand-zone">{zone_hand}</div>'
                f'<div class="ll-played-zone">{zone_disc}</div></div>')
        attrs = f' data-seat-panel="{s}"' + (f' data-choice="{choice}" aria-label="{escape(label)}"' if choice else
                                             f' role="group" aria-label="{escape(label)}"')
        return f'<div class="{cls}"{attrs}>{head}{body}</div>'

    cls = "ll-root ll-table" + (" ll-teacher-view" if reveal is not None else "") + (" ll-compact" if compact else "")
    region = escape(_("Love Letter table", lang))
    parts = [STYLE, f'<div class="{cls}" role="region" aria-label="{region}">']
    if reveal is not None:
        bold = "<b>" + escape(_("Teacher view", lang)) + "</b>"
        # i18n: {teacher_view} is the words "Teacher view", in bold
        teacher = escape(_("{teacher_view}: every hand, the set-aside card and the deck are shown. Turn it off "
                           "before students play.", lang)).format(teacher_view=bold)
        parts.append(f'<div class="ll-teacher">{teacher}</div>')
    # banner
    if banner:  # (a GameTable says what to do and what happened above the picture)
        text = ui.get("prompt") or _default_prompt(obs, names, lang)  # the caller's prompt is HTML
        parts.append(f'<div class="ll-banner" role="status" aria-live="polite">{text}</div>')
    if banner and ui.get("error"):
        refused = escape(_("Not allowed.", lang))
        parts.append(f'<div class="ll-error" role="alert"><b>{refused}</b> {escape(ui["error"])}</div>')
    if step == "cover":
        who = names[ui["cover"]]
        passing = escape(_("Pass the screen to {name}", lang, name=who))
        away = escape(_("Everyone else: look away. {name}, press the button when only you can see the screen.",
                        lang, name=who))
        ready = escape(_("I am {name}: show my cards", lang, name=who))
        parts.append(f'<div class="ll-cover"><h3>{passing}</h3>'
                     f'<div style="margin-bottom:12px">{away}</div><button class="ll-btn ll-primary" '
                     f'data-choice="reveal">{ready}</button></div>')
    # the step's choices (the card to guess, the Chancellor's order, the Princess's confirmation) right under
    # the prompt, above the seats: in view on a small screen whatever the number of players
    parts.append(_prompt_html(ui, ed, names, obs, lang))
    parts.append('<div class="ll-main"><div class="ll-left">')
    others = [s for s in range(n) if s != me] if me is not None else list(range(n))
    if me is not None:
        others = [(me + k) % n for k in range(1, n)]
    parts.append('<div class="ll-seats">' + "".join(seat_panel(s, False) for s in others) + "</div>")
    # the middle: deck, set-aside, face-up
    deck_n = obs["deck"]
    deck_back = _back(mini=True, zone="deck", label=ngettext("the deck: {n} card", "the deck: {n} cards", deck_n, lang),
                      text=str(deck_n), lang=lang)
    deck_word = escape(_("deck", lang))
    mid = [f'<div class="ll-pile">{deck_back}<div>{deck_word}</div></div>']
    rv = reveal or {}
    if obs.get("set_aside"):
        if rv.get("set_aside"):
            aside = _card(_resolve(rv["set_aside"], ed), ed, mini=True, zone="set-aside", lang=lang)
        else:
            aside = _back(mini=True, zone="set-aside", label=_("the set-aside card, face down", lang), lang=lang)
        aside_word = escape(_("set aside", lang))
        mid.append(f'<div class="ll-pile">{aside}<div>{aside_word}</div></div>')
    if obs.get("face_up"):
        fu = "".join(_card(_resolve(c, ed), ed, mini=True, zone="face-up", lang=lang) for c in obs["face_up"])
        words = escape(_("face up (out of the round)", lang))
        mid.append(f'<div class="ll-pile"><div class="ll-zone">{fu}</div><div>{words}</div></div>')
    if rv.get("deck") is not None:
        deck = "".join(_card(_resolve(c, ed), ed, mini=True, zone="deck", lang=lang) for c, k in rv["deck"].items()
                       for _k in range(k))
        bottom = "".join(_card(_resolve(c, ed), ed, mini=True, zone="deck-bottom", lang=lang)
                         for c in rv.get("bottom") or ())
        words = escape(_("in the deck (any order)", lang))
        mid.append(f'<div class="ll-pile"><div class="ll-zone">{deck}</div><div>{words}</div></div>')
        if bottom:
            words = escape(_("under the deck, top first", lang))
            mid.append(f'<div class="ll-pile"><div class="ll-zone">{bottom}</div><div>{words}</div></div>')
    middle = '<div class="ll-middle">' + "".join(mid) + "</div>"
    if me is not None:  # the piles beside the viewer's own place: the hand stays in view on a small screen
        parts.append('<div class="ll-bottom"><div class="ll-me">' + seat_panel(me, True) + "</div>" + middle + "</div>")
    else:
        parts.append(middle)
    if end is not None:
        parts.append(_result_html(end, obs, names, tokens, match_winners, me, lang))
    parts.append("</div>")  # left
    # right column: scoreboard and log
    right = []
    if tokens is not None:
        who = [_("{name} (you)", lang, name=names[s]) if s == me else names[s] for s in range(n)]
        rows = "".join(
            f'<tr><td>{escape(who[s])}</td>'
            f'<td class="ll-tokens">{_hearts(tokens[s], target)}</td><td class="ll-num">{tokens[s]}</td></tr>'
            for s in range(n))
        title = _("Scoreboard \u00b7 round {k}", lang, k=round_no) if round_no else _("Scoreboard", lang)
        goal = ""
        if target:
            words = escape(ngettext("{n} token wins the game", "{n} tokens win the game", target, lang))
            goal = f'<div style="font-size:12px;color:#57606a">{words}</div>'
        right.append(f'<div class="ll-h">{escape(title)}</div><table class="ll-score">{rows}</table>{goal}')
    if log:
        lines = narrate(events, names=names, reader=me, lang=lang)
        shown = lines[-log_lines:] if log_lines else lines
        more = len(lines) - len(shown)
        items = "".join(f'<li class="{"ll-mine" if ln.private else ""}">{escape(ln.text)}</li>' for ln in shown)
        note = ""
        if more:
            words = escape(ngettext("{n} earlier line not shown", "{n} earlier lines not shown", more, lang))
            note = f'<div style="font-size:12px;color:#57606a">{words}</div>'
        happened, log_label = escape(_("What happened", lang)), escape(_("game log", lang))
        right.append(f'<div class="ll-h">{happened}</div>{note}<ol class="ll-log" start="{more + 1}" '
                     f'aria-label="{log_label}">{items}</ol>')
    if right:
        parts.append('<div class="ll-right">' + "".join(right) + "</div>")
    parts.append("</div></div>")
    return "".join(parts)


def _default_prompt(obs: Mapping[str, Any], names: Sequence[str], lang: str | None = None) -> str:
    """The banner's words when the caller gives no prompt (HTML)."""
    if obs.get("phase") == "over":
        over = escape(_("The round is over.", lang))
        return f"<b>{over}</b>"
    t = obs.get("to_move")
    if isinstance(t, int) and 0 <= t < len(names):
        return escape(_("{name} is to move.", lang)).format(name=f"<b>{escape(names[t])}</b>")
    return escape(_("Chance deals the cards.", lang))


def _prompt_html(ui: Mapping[str, Any], ed: Any, names: Sequence[str], obs: Mapping[str, Any],
                 lang: str | None = None) -> str:
    step = ui.get("step")
    items: list[str] = []
    if step == "guess":
        for v in ui.get("guesses") or ():
            c = _resolve(v, ed)
            items.append(_card(c, ed, mini=True, zone="guess", choice=f"guess:{v}", lang=lang,
                               label=_("Guess the {card} ({value})", lang, card=card_name(c, lang), value=int(c))))
        # i18n: before the cards a Guard may name (the player guesses the card another player holds)
        words = escape(_("Guess a card:", lang))
        items.insert(0, f'<b class="ll-ask">{words}</b>')
    elif step == "order":
        kept = ui.get("card")
        for k, under in ui.get("orders") or ():
            cards = [card_name(_resolve(u, ed), lang) for u in under]
            text = _("{first} under first, then {last} at the very bottom", lang, first=cards[0], last=cards[1])
            items.append(f'<button class="ll-btn" data-choice="keep:{k}:{",".join(str(u) for u in under)}">'
                         f'{escape(text)}</button>')
        if kept is not None:
            words = _("You keep the {card}. Order the other two:", lang, card=card_name(_resolve(kept, ed), lang))
            items.insert(0, f'<span>{escape(words)}</span>')
    elif step == "confirm":
        words = escape(_("Play the Princess anyway", lang))
        items.append(f'<button class="ll-btn ll-primary" data-choice="confirm">{words}</button>')
    # (choosing a player: the places at the table are the choices; the same "Choose another card" is the
    # table's, beside the prompt (the adapter's cancel_words), so that no row pushes the seats down)
    if step in ("guess", "confirm", "order"):
        words = escape(cancel_words(lang))
        items.append(f'<button class="ll-btn" data-choice="cancel">\u21a9 {words}</button>')
    if ui.get("next"):
        words = escape(_("Next round", lang))
        items.append(f'<button class="ll-btn ll-primary" data-choice="next">{words} \u25b8</button>')
    if ui.get("new"):
        words = escape(_("New match", lang))
        items.append(f'<button class="ll-btn ll-primary" data-choice="new">{words} \u25b8</button>')
    if not items:
        return ""
    label = escape(_("choices", lang))
    return f'<div class="ll-prompt" role="group" aria-label="{label}">' + "".join(items) + "</div>"


def cancel_words(lang: str | None = None) -> str:
    """The words that undo a begun move: it begins with a card, so undoing it is choosing another (the
    picture's own button at the guess, order and confirm steps, and the table's while a player is chosen).

    >>> cancel_words("fr")
    'Choisir une autre carte'
    """
    return _("Choose another card", lang)


def _comma(items: Sequence[str], lang: str | None) -> str:
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{items}, {item}", lang, items=text, item=item)
    return text


def _list(items: Sequence[str], lang: str | None = None) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` (each joint a template)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}", lang, items=_comma(items[:-1], lang), last=items[-1])


def _result_html(end: Mapping[str, Any], obs: Mapping[str, Any], names: Sequence[str],
                 tokens: Sequence[int] | None, match_winners: Sequence[int] | None, me: int | None,
                 lang: str | None = None) -> str:
    text = round_result(end, names=names, reader=me, lang=lang)
    res = obs.get("result") or {}
    gained = res.get("tokens")
    extra = ""
    if gained:
        gains = _comma([_("{name} +{n}", lang, name=names[s], n=g) for s, g in enumerate(gained) if g], lang)
        words = escape(_("Tokens this round: {gains}", lang, gains=gains))
        extra = f"<div>{words}</div>"
    won = ""
    if match_winners:
        who = _list([names[s] for s in match_winners], lang)
        words = (_("{who} wins the game!", lang, who=who) if len(match_winners) == 1 else
                 _("{who} share the game!", lang, who=who))
        won = f'<h3 style="color:#c0283f">\u2665 {escape(words)} \u2665</h3>'
    over = escape(_("Round over", lang))
    return f'<div class="ll-result" role="status"><h3>{over}</h3>{won}<div>{escape(text)}</div>{extra}</div>'


# ---------------------------------------------------------------------------
# The teacher's path: the state itself
# ---------------------------------------------------------------------------


def teacher_observation(state: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The teacher's view of a state: a public observation with the full log, and the hidden cards.

    Returns ``(obs, reveal)`` for :func:`table_html`: ``state.observation(None)``
    with every event (:func:`kit.loveletter.events.all_events`), and the
    hidden cards.  Reads hidden information: never use it for a seat's view.

    >>> from kit.loveletter import LoveLetter
    >>> s = LoveLetter(2).new_initial_state()
    >>> s.apply_action("deal Princess")
    >>> obs, reveal = teacher_observation(s)
    >>> obs["seat"], obs["log"], reveal["set_aside"]
    (None, [{'kind': 'setaside', 'card': 'Princess'}], 'Princess')
    """
    from ..loveletter.events import all_events

    obs = state.observation(None)
    obs["log"] = all_events(state)
    n = state.game.num_players
    reveal = {
        "hands": {s: [str(c) for c in state.hand(s)] for s in range(n)},
        "set_aside": None if state.set_aside() is None else str(state.set_aside()),
        "deck": {str(c): k for c, k in state.deck().items()},
        "bottom": [str(c) for c in state.deck_bottom()],
    }
    return obs, reveal


def teacher_table_html(state: Any, **options: Any) -> str:
    """The teacher's picture of ``state``: every hand, the set-aside card and the deck, face up.

    Takes the keyword options of :func:`table_html` (names, tokens, ...).
    """
    obs, reveal = teacher_observation(state)
    return table_html(obs, reveal=reveal, **options)


def state_html(state: Any) -> str:
    """The rich display of a bare state in a cell: the teacher's picture (see :func:`teacher_table_html`).

    A state is the whole truth of a round, hidden cards included, so its
    picture shows them; a seat's view is ``table_html(state.observation(seat))``.
    """
    return teacher_table_html(state)


# ---------------------------------------------------------------------------
# Card counting
# ---------------------------------------------------------------------------


def _pct(p: Any) -> str:
    x = float(p)
    if x <= 0:
        return "\u2013"
    if x >= 0.9995 and x <= 1.0005:
        return "100%"
    return f"{100 * x:.0f}%" if x >= 0.095 else f"{100 * x:.1f}%"


def counting_html(unseen: Mapping[Any, int], chances: Mapping[int, Mapping[Any, Any]], *, edition: Any,
                  names: Sequence[str], seat: int, hand_sizes: Mapping[int, int] | None = None,
                  expected: Mapping[int, Mapping[Any, Any]] | None = None,
                  actual: Mapping[int, Sequence[Any]] | None = None, lang: str | None = None) -> str:
    """Card counting for ``seat``: the cards it has not seen, and the chance of each card an opponent holds.

    Parameters
    ----------
    unseen
        ``{card: copies}`` the seat cannot place (:attr:`kit.loveletter.Knowledge.unseen`).
    chances
        ``{opponent: {card: probability}}`` (a ``Fraction`` or a float): the chance that the opponent
        holds the card (:func:`kit.loveletter.counting.holding_chances`).  With two cards in hand a row
        sums to more than 100 %: each number is the chance of holding the card, which the row's label says.
    edition, names, seat
        The edition, the seat names, and whose counting this is.
    hand_sizes
        Cards in each opponent's hand (default 1), said beside its name.
    expected
        Only when asked for: ``{opponent: {card: expected copies}}`` (:func:`kit.loveletter.posterior`),
        a row of its own under the chances, labelled as expected copies.
    actual
        Teacher only: the opponents' real hands, outlined in the table.
    lang
        The language of the words (``None``: the kernel's).

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> html = counting_html({"Guard": 2, "Princess": 1}, {1: {"Guard": F(2, 3), "Princess": F(1, 3)}},
    ...                      edition="classic", names=["Ana", "Ben"], seat=0)
    >>> "67%" in html and "33%" in html and "3 cards Ana has not seen" in html and "expected" not in html
    True
    >>> two = counting_html({"Guard": 4, "Priest": 6}, {1: {"Guard": F(2, 3), "Priest": F(13, 15)}},
    ...                     edition="classic", names=["Ana", "Ben"], seat=0, hand_sizes={1: 2})
    >>> "Ben (2 cards): the chance of holding each card" in two
    True
    """
    ed = _edition(edition)
    total = sum(unseen.values())
    cards = ed.cards
    by_name = {(_resolve(c, ed)).title: k for c, k in unseen.items()}
    faces = []
    for c in cards:
        k = by_name.get(c.title, 0)
        if k:
            label = ngettext("{n} unseen {card}", "{n} unseen {card}", k, lang, card=card_name(c, lang))
            face = _card(c, ed, mini=True, zone="unseen", copies=False, label=label, lang=lang)
            faces.append(f'<div style="display:inline-flex;flex-direction:column;align-items:center">'
                         f'{face}<b>&times;{k}</b></div>')
    cls = "ll-root ll-count" + (" ll-teacher-view" if actual is not None else "")
    region = escape(_("card counting", lang))
    parts = [STYLE, f'<div class="{cls}" role="region" aria-label="{region}">']
    heading = escape(ngettext("{n} card {name} has not seen", "{n} cards {name} has not seen", total, lang,
                              name=names[seat]))
    none = escape(_("none", lang))
    parts.append(f'<div class="ll-h">{heading}</div>'
                 f'<div class="ll-zone">{"".join(faces) or none}</div>')
    titles = [escape(card_name(c, lang)) for c in cards]
    head = "".join(f'<th title="{t}">{int(c)}<br>{t}</th>' for c, t in zip(cards, titles))

    def row(who: str, dist: Mapping[Any, Any], real: set[str], copies: bool = False) -> str:
        probs = {(_resolve(c, ed)).title: p for c, p in dist.items()}
        cells = []
        for c in cards:
            p = probs.get(c.title, 0)
            x = min(1.0, float(p))
            bg = f"background:rgba(47,102,179,{0.08 + 0.6 * x:.2f})" if x > 0 and not copies else ""
            shown = (f"{float(p):.2f}" if p else "\u2013") if copies else _pct(p)
            mark = "ll-p" + (" ll-actual" if c.title in real else "")
            cells.append(f'<td><span class="{mark}" style="{bg}">{shown}</span></td>')
        return f'<tr><th class="ll-rowname">{escape(who)}</th>{"".join(cells)}</tr>'

    rows = []
    for o, dist in sorted(chances.items()):
        size = (hand_sizes or {}).get(o, 1)
        real = {(_resolve(c, ed)).title for c in (actual or {}).get(o, ())}
        # i18n: a row of the card-counting table: the chance that {name} (holding {n} cards) holds each card
        who = names[o] if size == 1 else ngettext("{name} ({n} card): the chance of holding each card",
                                                  "{name} ({n} cards): the chance of holding each card", size,
                                                  lang, name=names[o])
        rows.append(row(who, dist, real))
        if expected is not None and o in expected:
            # i18n: a row of the card-counting table, only when asked for: expected copies (they sum to the cards)
            rows.append(row(_("{name}: expected copies of each card (not chances)", lang, name=names[o]),
                            expected[o], set(), copies=True))
    if rows:
        # i18n: the title of the card-counting table: per card, the chance that an opponent holds it
        words = escape(_("The chance that each opponent holds each card", lang))
        parts.append(f'<div class="ll-h" style="margin-top:8px">{words}</div>'
                     f'<table><tr><th></th>{head}</tr>{"".join(rows)}</table>')
        if any((hand_sizes or {}).get(o, 1) > 1 for o in chances):
            note = escape(_("With two cards in hand a row adds up to more than 100%: each number is the chance "
                            "that one of the cards is that card.", lang))
            parts.append(f'<div style="font-size:12px;color:#57606a">{note}</div>')
    else:
        words = escape(_("No opponent holds a card.", lang))
        parts.append(f'<div>{words}</div>')
    if actual is not None:
        words = escape(_("Teacher view: a red outline marks the card actually held.", lang))
        parts.append(f'<div style="font-size:12px;color:#82071e">{words}</div>')
    parts.append("</div>")
    return "".join(parts)


# ---------------------------------------------------------------------------
# How to play
# ---------------------------------------------------------------------------


def how_to_play_html(edition: Any, target: int | None = None, lang: str | None = None) -> str:
    """A short "How to play" for the table's help panel: the round, the goal, the clicks, every card's text.

    >>> html = how_to_play_html("classic", 5)
    >>> "5 tokens wins the game" in html and "Countess (7)" in html
    True
    """
    ed = _edition(edition)
    items = [
        _("Each player holds one secret card. On your turn you draw a second card and play one of your two "
          "cards: its effect happens.", lang),
        _("You win the round if you are the last player left, or if you hold the highest card when the deck "
          "runs out. Winning a round gives you a token.", lang),
    ]
    if target:
        items.append(ngettext("The first player with {n} token wins the game.",
                              "The first player with {n} tokens wins the game.", target, lang))
    items.append(_("Click a card to play it, then the player it chooses (click their place at the table), "
                   "then, for a Guard, the card you name.", lang))
    cards = [_("{card} ({value}): {text}", lang, card=card_name(c, lang), value=int(c), text=card_text(c, lang))
             for c in ed.cards]
    body = "".join(f"<li>{escape(t)}</li>" for t in items)
    faces = "".join(f"<li>{escape(t)}</li>" for t in cards)
    return f'<div class="ll-help"><ul>{body}</ul><ul>{faces}</ul></div>'
