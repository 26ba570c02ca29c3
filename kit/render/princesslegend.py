"""Pictures of Princess Legend (pure HTML strings), drawn from one seat's observation.

:func:`table_picture` draws a round as ``state.observation(seat)`` describes
it: the players around the table, each with their tile (face up where the
seat knows it, face down where not, drawn by :mod:`kit.render.princesslegend_art`),
the centre tile, every question and its answer as a speech bubble beside the
one who answered, each player's rubies, and the things the seat may click now
(a ``data-choice`` and an ``aria-label`` in words on each).  Beside the
Prince's table, :func:`deduction_html`: what he can deduce, with why a place
is ruled out (:mod:`kit.princesslegend.explain`).  It never sees a state, so it
cannot show a tile the seat does not know; the log and the scores are the
table's chrome (:mod:`kit.render.table`).

Every text is at least 12 px; names and tile names at least 14 px.

>>> from kit.princesslegend import PrincessLegend
>>> s = PrincessLegend(4).new_initial_state(first_player=0)
>>> html = table_picture(s.observation(0), names=["Ana", "Ben", "Cleo", "Dev"])
>>> 'class="pl-table"' in html and html.count('data-tile-place=') == 5
True
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from ..i18n import N_, _, ngettext
from ..princesslegend.events import answered
from ..princesslegend.tiles import Character, character_by_name
from .princesslegend_art import ruby_svg, symbol_svg, symbol_words, tile_name, tile_svg

__all__ = ["table_picture", "table_html", "deduction_html", "reasoning_html", "argument_words", "claim_words",
           "said_words", "how_to_play_html", "CSS", "SLOTS"]

CSS = """<style>
.pl-table{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2328;font-size:15px;
 display:flex;flex-direction:column;gap:8px}
.pl-table .pl-caption{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;font-size:15px}
.pl-table .pl-caption b{font-size:16px}
.pl-table .pl-legend{display:inline-flex;gap:8px;font-size:13px;color:#57606a;align-items:center}
.pl-table .pl-chip{display:inline-block;padding:1px 7px;border-radius:9px;font-size:13px;border:2px solid}
.pl-table .pl-chip.pl-green{background:#dafbe1;border-color:#1a7f37;color:#0f5323}
.pl-table .pl-chip.pl-red{background:#ffebe9;border-color:#cf222e;color:#82071e}
.pl-table .pl-chip.pl-blue{background:#ddf4ff;border-color:#0969da;color:#0a3069}
.pl-table .pl-main{display:flex;gap:12px;align-items:flex-start}
.pl-table .pl-ring{display:grid;grid-template-columns:repeat(3,236px);grid-template-rows:repeat(3,auto);gap:8px;
 grid-template-areas:"tl t tr" "l c r" "bl b br";flex:none}
.pl-table .pl-felt{grid-area:c;align-self:center;justify-self:center;width:230px;min-height:138px;border-radius:50%;
 background:radial-gradient(#2f8f5b,#1f6f43);display:flex;flex-direction:column;align-items:center;
 justify-content:center;color:#fff;font-size:14px;padding:6px}
.pl-table .pl-felt .pl-name{color:#fff}
.pl-table .pl-seat{background:#fff;border:2px solid #d0d7de;border-radius:12px;padding:4px 6px;
 display:flex;flex-direction:column;gap:2px}
.pl-table .pl-top{display:flex;justify-content:space-between;align-items:center;gap:4px}
.pl-table .pl-seat.pl-me{border-color:#0969da;background:#f6fbff}
.pl-table .pl-seat.pl-turn{box-shadow:0 0 0 4px #f2c744}
.pl-table .pl-name{font-size:15px;font-weight:700;display:flex;gap:6px;align-items:center;flex-wrap:wrap}
.pl-table .pl-role{font-size:13px;font-weight:600;color:#9a6700}
.pl-table .pl-body{display:flex;gap:6px;align-items:flex-start}
.pl-table .pl-rubies{display:inline-flex;gap:3px;align-items:center;font-size:14px;font-weight:600;color:#82071e}
.pl-table .pl-gain{background:#1a7f37;color:#fff;border-radius:9px;padding:0 6px;font-size:13px;white-space:nowrap}
.pl-table [data-choice]{cursor:pointer}
.pl-table .pl-pick{outline:3px dashed #0969da;outline-offset:2px}
.pl-table .pl-pick:hover,.pl-table .pl-pick:focus{background:#ddf4ff;outline-style:solid}
.pl-table .pl-felt.pl-pick:hover,.pl-table .pl-felt.pl-pick:focus{background:radial-gradient(#3aa76b,#25824f)}
.pl-table .pl-chosen{box-shadow:0 0 0 4px #0969da}
.pl-table .pl-revealed{border-color:#d4a72c;border-width:3px}
.pl-table .pl-revealed svg.pl-tile-svg{filter:drop-shadow(0 0 6px #f2c744)}
.pl-table .pl-flag{background:#9a6700;color:#fff;border-radius:9px;padding:0 6px;font-size:13px;margin-right:3px;
 white-space:nowrap}
.pl-table .pl-bubbles{display:flex;flex-direction:column;gap:4px;flex:1;min-width:0}
.pl-table .pl-bubble{position:relative;background:#fff8c5;border:1.5px solid #d4a72c;border-radius:10px;
 padding:3px 8px;font-size:13px;line-height:1.35}
.pl-table .pl-bubble:before{content:"";position:absolute;left:-8px;top:12px;border:7px solid transparent;
 border-right-color:#d4a72c;border-left:0}
.pl-table .pl-bubble .pl-q{color:#57606a;font-style:italic}
.pl-table .pl-bubble .pl-a{font-size:15px;font-weight:700;color:#1f2328}
.pl-table .pl-bubble.pl-waiting{background:#fff;border-style:dashed}
.pl-table .pl-extra{font-size:12px;font-weight:600;color:#8250df}
.pl-table .pl-side{display:flex;flex-direction:column;gap:8px;width:340px}
.pl-table .pl-actions{display:flex;flex-direction:column;gap:6px;align-items:stretch;background:#fff8c5;
 border:2px solid #d4a72c;border-radius:12px;padding:8px 10px}
.pl-table .pl-actions .pl-row{display:flex;flex-wrap:wrap;gap:6px}
.pl-table .pl-actions .pl-row .pl-btn{flex:1 1 auto}
.pl-table .pl-rolecard{display:flex;gap:8px;align-items:center;font-size:15px;font-weight:600;width:100%}
.pl-table .pl-actions .pl-say{font-size:15px;font-weight:600}
.pl-table .pl-btn{font:inherit;font-size:16px;padding:6px 14px;border-radius:18px;border:2px solid #0969da;
 background:#fff;color:#0969da;min-height:40px;display:inline-flex;gap:6px;align-items:center}
.pl-table .pl-btn:hover,.pl-table .pl-btn:focus{background:#ddf4ff}
.pl-table .pl-btn.pl-main-btn{background:#0969da;color:#fff}
.pl-table .pl-btn.pl-why{border-color:#8c959f;color:#57606a;font-size:14px}
.pl-table .pl-dot{display:inline-block;width:12px;height:12px;border-radius:50%;border:2px solid}
.pl-table .pl-deduce{background:#fbf8ff;border:2px solid #8250df;border-radius:12px;padding:8px 10px;
 font-size:14px;line-height:1.4}
.pl-deduce h3{margin:0 0 4px 0;font-size:16px;color:#6639ba}
.pl-deduce .pl-count{margin:0 0 6px 0}
.pl-deduce .pl-barrow{display:grid;grid-template-columns:92px 1fr 46px;gap:6px;align-items:center;margin:3px 0}
.pl-deduce .pl-barname{font-size:14px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pl-deduce .pl-bar{height:14px;background:#eaeef2;border-radius:7px;overflow:hidden}
.pl-deduce .pl-bar span{display:block;height:100%;background:#8250df}
.pl-deduce .pl-bar.pl-sure span{background:#1a7f37}
.pl-deduce .pl-pct{font-size:14px;text-align:right;font-variant-numeric:tabular-nums}
.pl-deduce details{margin:2px 0 4px 0}
.pl-deduce summary{cursor:pointer;font-size:14px;color:#82071e}
.pl-deduce .pl-why-text{font-size:14px;background:#fff;border-left:4px solid #cf222e;padding:4px 8px;margin:3px 0}
.pl-deduce .pl-why-text p{margin:2px 0}
.pl-deduce .pl-sure-text{font-weight:700;color:#1a7f37}
</style>"""

#: Where each seat sits, clockwise from the viewer (bottom), by player count (CSS grid areas).
SLOTS: Mapping[int, tuple[str, ...]] = {
    3: ("b", "l", "r"),
    4: ("b", "l", "t", "r"),
    5: ("b", "l", "tl", "tr", "r"),
    6: ("b", "l", "tl", "t", "tr", "r"),
    7: ("b", "bl", "l", "tl", "tr", "r", "br"),
    8: ("b", "bl", "l", "tl", "t", "tr", "r", "br"),
}

_COLOUR_WORDS = {"green": N_("green"), "red": N_("red"), "blue": N_("blue")}
_RULES = {"green": N_("must tell the truth"), "red": N_("must lie"), "blue": N_("may lie or tell the truth")}
_QUESTIONS = {"where-princess": N_("Where is the Princess?"), "who-are-you": N_("Who are you?")}


# --------------------------------------------------------------------------- words

def _tile_words(tile: str, lang: str | None) -> str:
    return tile_name(tile, lang)


def _place_words(place: Any, names: Sequence[str], lang: str | None) -> str:
    """A seat's name, or "the centre tile"."""
    if place == "centre":
        return _("the centre tile", lang)
    if isinstance(place, str):
        place = int(place[1:])
    return names[place]


def _question_words(ask: Mapping[str, Any], names: Sequence[str], lang: str | None) -> str:
    if ask["question"] == "who-is":
        if ask["about"] == "centre":
            return _("Who is the centre tile?", lang)
        return _("Who is {name}?", lang, name=names[ask["about"]])
    return _(_QUESTIONS[ask["question"]], lang)


def _answer_words(answer: Mapping[str, Any], names: Sequence[str], lang: str | None) -> str:
    if answer["character"] is not None:
        return _("the {tile}", lang, tile=_tile_words(answer["character"], lang))
    if answer["place"] == "centre":
        return _("the centre", lang)
    return names[answer["place"]]


def claim_words(question: Mapping[str, Any], names: Sequence[str], lang: str | None = None) -> str:
    """An answer as its answerer said it (``question`` as ``observation["questions"]`` writes it).

    >>> q = {"seat": 2, "question": "where-princess", "about": None, "answer": "p2", "extra": False}
    >>> claim_words(q, ["Ana", "Ben", "Cleo"])
    'I am the Princess'
    >>> claim_words({"seat": 1, "question": "who-is", "about": "centre", "answer": "Guard"}, ["Ana", "Ben"])
    'The centre tile is the Guard'
    """
    seat, kind, answer = question["seat"], question["question"], question["answer"]
    if kind == "where-princess":
        if answer == "centre":
            return _("The Princess is in the centre", lang)
        if answer == f"p{seat}":
            return _("I am the Princess", lang)
        return _("{name} is the Princess", lang, name=_place_words(answer, names, lang))
    tile = _tile_words(answer, lang)
    if kind == "who-are-you":
        return _("I am the {tile}", lang, tile=tile)
    if question["about"] == "centre":
        return _("The centre tile is the {tile}", lang, tile=tile)
    return _("{name} is the {tile}", lang, name=_place_words(question["about"], names, lang), tile=tile)


def _tiles_list(tiles: Sequence[str], lang: str | None) -> str:
    return _or_list([_("the {tile}", lang, tile=_tile_words(t, lang)) for t in tiles], lang)


def _comma(words: Sequence[str], lang: str | None) -> str:
    """``"a, b, c"`` (each joint a template)."""
    text = words[0] if words else ""
    for w in words[1:]:
        text = _("{list}, {item}", lang, list=text, item=w)
    return text


def _or_list(words: Sequence[str], lang: str | None) -> str:
    """``"a"``, ``"a or b"``, ``"a, b or c"`` (each joint a template)."""
    text = words[0]
    for w in words[1:-1]:
        text = _("{list}, {item}", lang, list=text, item=w)
    return text if len(words) == 1 else _("{list} or {item}", lang, list=text, item=words[-1])


def argument_words(place: str, steps: Sequence[Any], names: Sequence[str], lang: str | None = None) -> list[str]:
    """The argument that ``place`` cannot hold the Princess, sentence by sentence
    (``steps`` from :func:`kit.princesslegend.explain.argument`)."""
    who = _place_words(place, names, lang)
    out = [_("Suppose the Princess were in the centre.", lang) if place == "centre" else
           _("Suppose {name} were the Princess.", lang, name=who)]
    for st in steps:
        f = st.fact
        said = []
        if f.kind == "answer":
            a = _place_words(f.place, names, lang)
            said.append(_("{name} said “{claim}”.", lang, name=a, claim=claim_words(f.question, names, lang)))
            if f.place == place:
                if st.truth is False:
                    said.append(_("The Princess tells the truth: she could not say that.", lang))
                elif st.truth is True:
                    said.append(_("That is true then, as the Princess must tell the truth.", lang))
                else:
                    said.append(_("The Princess tells the truth, so that would be true.", lang))
            elif st.truth is False:
                if st.impossible and st.colours == ("green",):
                    said.append(_("That would be false, yet {name} would be green and must tell the truth.",
                                  lang, name=a))
                else:
                    said.append(_("That would be false, so {name} would be lying: not green.", lang, name=a))
            elif st.truth is True:
                if st.impossible and st.colours == ("red",):
                    said.append(_("That would be true, yet {name} would be red and must lie.", lang, name=a))
                else:
                    said.append(_("That would be true, so {name} would not be lying: not red.", lang, name=a))
            elif st.colours == ("red",):
                said.append(_("{name} would be red, so that would be a lie.", lang, name=a))
            elif st.colours == ("green",):
                said.append(_("{name} would be green, so that would be true.", lang, name=a))
            elif st.narrowed:  # a case for each colour the answerer may hold: they all agree
                said.append(_("Whatever colour {name} is ({colours}), it follows:", lang, name=a,
                              colours=_or_list([_(_COLOUR_WORDS[c], lang) for c in st.colours], lang)))
        elif f.kind == "reveal":
            where = (_("The centre tile", lang) if f.place == "centre" else
                     _("{name}'s tile", lang, name=_place_words(f.place, names, lang)))
            if f.place == place:
                said.append(_("But {where} was turned over: the {tile}, not the Princess.", lang, where=where,
                              tile=_tile_words(f.tile, lang)))
            elif st.impossible:
                said.append(_("But {where} was turned over: the {tile}.", lang, where=where,
                              tile=_tile_words(f.tile, lang)))
            else:
                said.append(_("{where} was turned over: the {tile}.", lang, where=where,
                              tile=_tile_words(f.tile, lang)))
        else:
            a = _place_words(f.place, names, lang)
            sym = symbol_words(f.tile, lang)
            said.append(_("{name} took a ruby for the {symbol}: a tile of that family.", lang, name=a, symbol=sym)
                        if f.took else
                        _("{name} took no ruby for the {symbol}: a tile of another family.", lang, name=a,
                          symbol=sym))
        pinned = {tiles[0] for _p, _b, tiles in st.narrowed if len(tiles) == 1}
        for p, before, tiles in st.narrowed:
            pw = _place_words(p, names, lang)
            colours = {character_by_name(t).colour.value for t in tiles}
            if len(tiles) == 1:
                said.append(_("So {name} would be the {tile}.", lang, name=pw, tile=_tile_words(tiles[0], lang)))
            elif len(colours) == 1:
                said.append(_("So {name} would be {colour}: {tiles}.", lang, name=pw,
                              colour=_(_COLOUR_WORDS[colours.pop()], lang), tiles=_tiles_list(tiles, lang)))
            else:
                # what another place now holds, or the answerer's colour just said, goes without saying
                gone = [t for t in before if t not in tiles and t not in pinned]
                if gone and not (f.kind == "answer" and p == f.place and st.truth is not None):
                    said.append(_("So {name} would not be {tiles}.", lang, name=pw, tiles=_tiles_list(gone, lang)))
        if st.impossible and len(said) == 1 and f.kind != "reveal":
            said.append(_("No deal of the tiles fits all of that.", lang))
        out.append(" ".join(said))
    out.append(_("So the Princess is not in the centre.", lang) if place == "centre" else
               _("So {name} is not the Princess.", lang, name=who))
    return out


# --------------------------------------------------------------------------- the deduction panel

def deduction_html(obs: Mapping[str, Any], *, names: Sequence[str], lang: str | None = None,
                   reader: int | None = None) -> str:
    """What the Prince can deduce from what everyone knows (any seat's observation gives the same panel).

    The deals of the tiles that fit every answer so far, a bar per place with
    the share of them that put the Princess there, and for a place ruled out
    the smallest set of answers that rules it out, in words.
    """
    from ..princesslegend.explain import deduce

    d = deduce(obs)
    prince = obs["prince"]
    over = any(e["kind"] == "rubies" for e in obs["log"])
    if reader == prince:
        title = _("What could you deduce?", lang) if over else _("What can you deduce?", lang)
    elif over:
        title = _("What could the Prince ({name}) deduce?", lang, name=names[prince])
    else:
        title = _("What can the Prince ({name}) deduce?", lang, name=names[prince])
    if not d.facts:
        count = _("No answer yet: each of the {total} deals of the tiles is still possible.", lang, total=d.total)
    elif any(f.kind == "reveal" for f in d.facts):
        count = ngettext("{n} deal of the tiles (of {total}) fits the answers, the tile turned over and the rubies.",
                         "{n} deals of the tiles (of {total}) fit the answers, the tile turned over and the rubies.",
                         d.count, lang, total=d.total)
    else:
        count = ngettext("{n} deal of the tiles (of {total}) fits every answer so far.",
                         "{n} deals of the tiles (of {total}) fit every answer so far.", d.count, lang,
                         total=d.total)
    rows = []
    for p in d.places:
        share = d.chances[p]
        pct = round(100 * share)
        name = _place_words(p, names, lang) if p != "centre" else _("centre", lang)
        sure = share == 1
        percent = _("{place}: {pct} percent", lang, place=name, pct=pct)
        bar = (f"<div class='pl-barrow' data-place='{escape(p)}'><span class='pl-barname'>{escape(name)}</span>"
               f"<span class='pl-bar{' pl-sure' if sure else ''}' role='img' "
               f"aria-label='{escape(percent)}'>"
               f"<span style='width:{pct}%'></span></span><span class='pl-pct'>{pct}%</span></div>")
        rows.append(bar)
        if p in d.arguments:
            lines = "".join(f"<p>{escape(t)}</p>" for t in argument_words(p, d.arguments[p], names, lang))
            summary = (_("The centre is ruled out — why?", lang) if p == "centre" else
                       _("{name} is ruled out — why?", lang, name=name))
            rows.append(f"<details data-why='{escape(p)}'><summary>{escape(summary)}</summary>"
                        f"<div class='pl-why-text'>{lines}</div></details>")
    sure = [p for p in d.places if d.chances[p] == 1]
    verdict = ""
    if sure:
        p = sure[0]
        verdict = ("<p class='pl-sure-text'>" + escape(
            _("The Princess must be in the centre.", lang) if p == "centre" else
            _("The Princess must be {name}.", lang, name=_place_words(p, names, lang))) + "</p>")
    return (f"<section class='pl-deduce' aria-label='{escape(title)}'><h3>{escape(title)}</h3>"
            f"<p class='pl-count'>{escape(count)}</p>{''.join(rows)}{verdict}</section>")


def reasoning_html(obs: Mapping[str, Any], *, names: Sequence[str], lang: str | None = None,
                   reader: int | None = None) -> str:
    """:func:`deduction_html` on its own, with its stylesheet (the inspect panel's reasoning)."""
    return (CSS + "<div class='pl-table' style='max-width:520px'>"
            + deduction_html(obs, names=names, lang=lang, reader=reader) + "</div>")


# --------------------------------------------------------------------------- the table

def _tile_label(place: Any, tile: str | None, names: Sequence[str], lang: str | None) -> str:
    where = _("the centre tile", lang) if place == "centre" else _("{name}'s tile", lang, name=names[place])
    if tile is None:
        return _("{where}, face down", lang, where=where)
    c = character_by_name(tile)
    if c is Character.PRINCE:
        return _("{where}: the Prince", lang, where=where)
    return _("{where}: the {tile}, {colour}, {rule}", lang, where=where, tile=_tile_words(tile, lang),
             colour=_(_COLOUR_WORDS[c.colour.value], lang), rule=_(_RULES[c.colour.value], lang))


def _bubbles(seat: int, qa: Sequence[tuple[Mapping[str, Any], Mapping[str, Any] | None]], names: Sequence[str],
             lang: str | None) -> str:
    out = []
    for ask, answer in qa:
        if ask["seat"] != seat:
            continue
        more = escape(_("extra question", lang))
        extra = f"<div class='pl-extra'>{more}</div>" if ask["extra"] else ""
        said = "…" if answer is None else _answer_words(answer, names, lang)
        cls = "pl-bubble pl-waiting" if answer is None else "pl-bubble"
        out.append(f"<div class='{cls}' data-bubble='{seat}'>{extra}<div class='pl-q'>"
                   f"{escape(_question_words(ask, names, lang))}</div><div class='pl-a'>{escape(said)}</div></div>")
    return f"<div class='pl-bubbles'>{''.join(out)}</div>"


def _clickable(token: str | None, choices: Mapping[str, str]) -> str:
    if token is None:
        return ""
    return f' data-choice="{escape(token)}" aria-label="{escape(choices[token])}"'


def _seat_token(place: Any, choices: Mapping[str, str]) -> str | None:
    key = "centre" if place == "centre" else str(place)
    for kind in ("ask", "about", "to", "reveal"):
        token = f"{kind}:{key}"
        if token in choices:
            return token
    return None


def said_words(answer: str, names: Sequence[str], lang: str | None = None, me: int | None = None) -> str:
    """An answer's words (``answer``: the argument of a ``say:`` choice, ``"p2"``, ``"centre"`` or a tile's
    English name): a player's name ("myself (Ben)" for ``me``), "the centre", or "the Fairy".

    >>> said_words("p1", ["Ana", "Ben"], me=1), said_words("centre", ["Ana", "Ben"]), said_words("Fairy", [])
    ('myself (Ben)', 'the centre', 'the Fairy')
    """
    if me is not None and answer == f"p{me}":
        return _("myself ({name})", lang, name=names[me])
    if answer == "centre":
        return _("the centre", lang)
    if answer.startswith("p") and answer[1:].isdigit():
        return names[int(answer[1:])]
    return _("the {tile}", lang, tile=_tile_words(answer, lang))


def _actions(obs: Mapping[str, Any], names: Sequence[str], choices: Mapping[str, str], picked: Sequence[str],
             lang: str | None) -> str:
    """The choices that are no place at the table: questions, answers, "Reveal now", "Why not the truth?"."""
    parts = []
    qs = [c for c in choices if c.startswith("q:")]
    if qs:
        asked = int(picked[0].partition(":")[2])
        ask = escape(_("Ask {name}:", lang, name=names[asked]))
        parts.append(f"<span class='pl-say'>{ask}</span>")
        parts += [f'<button class="pl-btn"{_clickable(c, choices)}>{escape(choices[c])}</button>' for c in qs]
    says = [c for c in choices if c.startswith("say:")]
    if says:
        pending = answered(obs["log"])[-1][0]
        asks = escape(_("{prince} asks you: “{question}”", lang, prince=names[obs["prince"]],
                        question=_question_words(pending, names, lang)))
        parts.append(f"<span class='pl-say'>{asks}</span>")
        role = character_by_name(obs["role"])
        colour = role.colour.value
        colour_word = escape(_(_COLOUR_WORDS[colour], lang))
        you_are = escape(_("You are the {tile}: you {rule}.", lang, tile=_tile_words(obs["role"], lang),
                           rule=_(_RULES[colour], lang)))
        parts.append(f"<span class='pl-rolecard'><span class='pl-chip pl-{colour}'>{colour_word}</span>"
                     f"{you_are}</span>")
        your_answer = escape(_("Your answer:", lang))
        parts.append(f"<span class='pl-say'>{your_answer}</span>")
        row = []
        for c in says:
            arg = c.partition(":")[2]
            dot = ""
            ch = character_by_name(arg) if not (arg == "centre" or arg[:1] == "p" and arg[1:].isdigit()) else None
            if ch is not None:
                dot = f"<span class='pl-dot pl-chip pl-{ch.colour.value}' aria-hidden='true'></span>"
            words = said_words(arg, names, lang, obs.get("seat"))
            row.append(f'<button class="pl-btn"{_clickable(c, choices)}>{dot}{escape(words)}</button>')
        parts.append(f"<div class='pl-row'>{''.join(row)}</div>")
    if "why" in choices:
        parts.append(f'<button class="pl-btn pl-why"{_clickable("why", choices)}>{escape(choices["why"])}</button>')
    if "noextra" in choices:
        reveal = escape(_("Reveal now", lang))
        parts.append(f'<button class="pl-btn pl-main-btn"{_clickable("noextra", choices)}>{reveal}</button>')
    if not parts:
        return ""
    label = escape(_("Your choices", lang))
    return f"<div class='pl-actions' role='group' aria-label='{label}'>{''.join(parts)}</div>"


def table_picture(obs: Mapping[str, Any], *, names: Sequence[str] | None = None,
                  choices: Mapping[str, str] | None = None, picked: Sequence[str] = (), lang: str | None = None,
                  rubies: Sequence[int] | None = None, deduction: bool = False, size: str = "normal",
                  teacher: bool = False) -> str:
    """The round as ``obs["seat"]`` sees it (``obs`` is ``state.observation(seat)``, or ``None``'s).

    ``choices`` (``{data-choice: words}``, from the table adapter's offer) are
    placed where they belong: a player or the centre tile (whom to ask, whom
    to point at, which tile to turn over), question and answer buttons in
    words under the table.  ``rubies``: each player's rubies so far (public);
    ``deduction``: draw :func:`deduction_html` beside the table (the Prince's); ``teacher``: the
    observation was made from every event (a teacher's table), and the caption says so.
    """
    n, me, prince = obs["players"], obs["seat"], obs["prince"]
    names = list(names) if names is not None else [f"p{s}" for s in range(n)]
    choices = dict(choices or {})
    log = obs["log"]
    qa = answered(log)
    revealed = next((e["place"] for e in log if e["kind"] == "reveal"), None)
    gained = next((e["seats"] for e in log if e["kind"] == "rubies"), [])
    chosen = None
    if picked and picked[0].startswith("ask:"):
        arg = picked[0].partition(":")[2]
        chosen = "centre" if arg == "centre" else int(arg)
    bottom = me if me is not None else prince
    slots = SLOTS[n]
    cells = []
    you_word, prince_word = escape(_("(you)", lang)), escape(tile_name("Prince", lang))
    ruby_word, turned_word = escape(_("+1 ruby", lang)), escape(_("turned over", lang))
    for k in range(n):
        s = (bottom + k) % n
        token = _seat_token(s, choices)
        cls = ["pl-seat"]
        if s == me:
            cls.append("pl-me")
        if s == obs.get("to_move"):
            cls.append("pl-turn")
        if token:
            cls.append("pl-pick")
        if s == chosen:
            cls.append("pl-chosen")
        if s == revealed:
            cls.append("pl-revealed")
        you = f" <span>{you_word}</span>" if s == me else ""
        role = (f"<span class='pl-role'>{symbol_svg('crown', size=16, colour='#9a6700')}"
                f"{prince_word}</span>" if s == prince else "")
        gems = ""
        if rubies is not None:
            words = ngettext("{n} ruby", "{n} rubies", rubies[s], lang)
            gems = f'<span class="pl-rubies" role="img" aria-label="{escape(words)}">{ruby_svg()}{rubies[s]}</span>'
        gain = (f" <span class='pl-gain'>{ruby_word}</span>" if s in gained else "")
        if s == revealed:
            gain = f"<span class='pl-flag'>{turned_word}</span>" + gain
        tile = obs["tiles"][s]
        cells.append(
            f"<div class='{' '.join(cls)}' style='grid-area:{slots[k]}' data-seat-panel='{s}'{_clickable(token, choices)}>"
            f"<div class='pl-top'><div class='pl-name'>{escape(names[s])}{you}{role}</div><div>{gems}</div>"
            f"</div><div class='pl-body'><div data-tile-place='p{s}'>"
            f"{tile_svg(tile, label=_tile_label(s, tile, names, lang), lang=lang)}</div>"
            f"{_bubbles(s, qa, names, lang)}</div>{f'<div>{gain}</div>' if gain else ''}</div>")
    if obs["has_centre"]:
        token = _seat_token("centre", choices)
        cls = "pl-felt" + (" pl-pick" if token else "") + (" pl-chosen" if chosen == "centre" else "") \
            + (" pl-revealed" if revealed == "centre" else "")
        flag = f" <span class='pl-flag'>{turned_word}</span>" if revealed == "centre" else ""
        centre_word = escape(_("centre", lang))
        cells.append(f"<div class='{cls}'{_clickable(token, choices)}><div class='pl-name'>"
                     f"{centre_word}{flag}</div><div data-tile-place='centre'>"
                     f"{tile_svg(obs['centre'], label=_tile_label('centre', obs['centre'], names, lang), lang=lang)}"
                     f"</div></div>")
    else:
        no_centre = escape(_("no centre tile", lang))
        cells.append(f"<div class='pl-felt'><div class='pl-name'>{no_centre}</div></div>")
    if teacher:
        who = _("Teacher's view: every tile face up. {name} is the Prince.", lang, name=names[prince])
    elif me == prince:
        who = _("You are the Prince.", lang)
    else:
        who = _("{name} is the Prince.", lang, name=names[prince])
    colours = [c for c in ("green", "red", "blue")
               if any(character_by_name(t).colour.value == c for t in obs["tile_set"])]
    keys = [_("{colour}: {rule}", lang, colour=_(_COLOUR_WORDS[c], lang), rule=_(_RULES[c], lang)) for c in colours]
    legend = "".join(f"<span class='pl-chip pl-{c}'>{escape(key)}</span>" for c, key in zip(colours, keys))
    tiles = _comma([_tile_words(t, lang) for t in obs["tile_set"]], lang)
    this_round = escape(_("This round: {tiles}", lang, tiles=tiles))
    caption = (f"<div class='pl-caption'><b>{escape(who)}</b><span class='pl-legend'>{legend}</span>"
               f"<span class='pl-legend'>{this_round}</span></div>")
    side = _actions(obs, names, choices, picked, lang)
    if deduction:
        side += deduction_html(obs, names=names, lang=lang, reader=me)
    ring = f"<div class='pl-ring'>{''.join(cells)}</div>"
    side = f"<div class='pl-side'>{side}</div>" if side else ""
    return (CSS + f'<div class="pl-table" data-seat="{"" if me is None else me}">{caption}'
            f"<div class='pl-main'>{ring}{side}</div></div>")


def table_html(obs: Mapping[str, Any], *, names: Sequence[str] | None = None, actions: Sequence[str] = (),
               banner: str = "", lang: str | None = None) -> str:
    """The picture with nothing to click (rich display, :mod:`kit.render.games`); ``banner``: a line above it.

    ``actions`` are drawn by the caller (:func:`kit.render.games.actions_html`).
    """
    head = f"<div class='pl-caption' role='status'>{escape(banner)}</div>" if banner else ""
    return head + table_picture(obs, names=names, lang=lang)


def how_to_play_html(lang: str | None = None) -> str:
    """How a round goes, for the table's "How to play" panel."""
    items = [
        _("The Prince asks every other player one question: click a player, then a question. "
          "“Who is that?” then asks you to point at a third player or the centre tile.", lang),
        _("Green tiles (Princess, Fairy) must tell the truth, red tiles (Black Queen, Guard, Siamese) must lie, "
          "blue tiles (Servant, Spy) may do either. Everyone but the Prince has seen every tile.", lang),
        _("After one question each, the Prince may ask one more, or reveal now. Then he turns one tile over.", lang),
        _("The symbol in the top-left corner of the tile turned over gives a ruby to each player of that family: "
          "heart (the Prince, the Princess, the Fairy), crown (Black Queen, Guard, Siamese), mask (Servant, Spy).",
          lang),
    ]
    return "<ul>" + "".join(f"<li>{escape(t)}</li>" for t in items) + "</ul>"
