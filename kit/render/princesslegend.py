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

Once the round is over (every tile face up, the ``show`` event) the picture is
the debrief (:mod:`kit.princesslegend.debrief`, public events only): each
answer marked true or false with the answerer's obligation ("had to lie",
"chose the truth"...) on its speech bubble and in a numbered list
(:func:`debrief_html`), the family of the symbol turned over taking its rubies,
and the Prince's deduction replayed answer by answer (:func:`replay_html`).

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
from ..princesslegend.debrief import OBLIGATIONS, Debrief, debrief, deduction_replay
from ..princesslegend.events import answered
from ..princesslegend.tiles import Character, character_by_name
from .princesslegend_art import mark_svg, ruby_svg, symbol_svg, symbol_words, tile_name, tile_svg

__all__ = ["table_picture", "table_html", "deduction_html", "reasoning_html", "debrief_html", "replay_html",
           "is_over", "argument_words", "claim_words", "said_words", "how_to_play_html", "CSS", "SLOTS"]

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
.pl-table .pl-ring{display:grid;grid-template-columns:repeat(3,minmax(176px,236px));grid-template-rows:repeat(3,auto);
 gap:8px;grid-template-areas:"tl t tr" "l c r" "bl b br";flex:1 1 544px;min-width:544px;max-width:740px;
 align-items:start}
.pl-table .pl-felt{grid-area:c;align-self:center;justify-self:center;width:100%;max-width:230px;min-height:138px;
 border-radius:50%;box-sizing:border-box;
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
.pl-table .pl-pick:hover{background:#ddf4ff;outline-style:solid}
.pl-table .pl-felt.pl-pick:hover{background:radial-gradient(#3aa76b,#25824f)}
.pl-table .pl-chosen{box-shadow:0 0 0 4px #0969da}
.pl-table .pl-revealed{border-color:#d4a72c;border-width:3px}
.pl-table .pl-revealed svg.pl-tile-svg{filter:drop-shadow(0 0 6px #f2c744)}
.pl-table .pl-flag{background:#9a6700;color:#fff;border-radius:9px;padding:0 6px;font-size:13px;margin-right:3px;
 white-space:nowrap}
.pl-table .pl-bubbles{display:flex;flex-direction:column-reverse;gap:4px;flex:1;min-width:0;max-height:128px;
 overflow-y:auto;padding-left:8px;margin-left:-8px}
.pl-table .pl-bubbles.pl-reviewed{max-height:none;overflow-y:visible}
.pl-table .pl-bubble{position:relative;background:#fff8c5;border:1.5px solid #d4a72c;border-radius:10px;
 padding:3px 8px;font-size:13px;line-height:1.35}
.pl-table .pl-bubble:before{content:"";position:absolute;left:-8px;top:12px;border:7px solid transparent;
 border-right-color:#d4a72c;border-left:0}
.pl-table .pl-bubble .pl-q{color:#57606a;font-style:italic}
.pl-table .pl-bubble .pl-a{font-size:15px;font-weight:700;color:#1f2328}
.pl-table .pl-bubble.pl-waiting{background:#fff;border-style:dashed}
.pl-table .pl-extra{font-size:12px;font-weight:600;color:#8250df}
.pl-table .pl-side{display:flex;flex-direction:column;gap:8px;flex:0 1 340px;min-width:250px}
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
.pl-table .pl-bubble.pl-v-true{border-color:#1a7f37;background:#f0fff4}
.pl-table .pl-bubble.pl-v-true:before{border-right-color:#1a7f37}
.pl-table .pl-bubble.pl-v-false{border-color:#cf222e;background:#fff5f5}
.pl-table .pl-bubble.pl-v-false:before{border-right-color:#cf222e}
.pl-table .pl-verdict{display:flex;flex-wrap:wrap;gap:0 5px;align-items:center;font-size:13px;line-height:1.3;
 margin-top:1px}
.pl-table .pl-verdict b{display:inline-flex;gap:2px;align-items:center;border-radius:8px;padding:0 5px;color:#fff;
 font-size:13px}
.pl-table .pl-v-true .pl-verdict b,.pl-table .pl-rev.pl-v-true .pl-mark{background:#1a7f37}
.pl-table .pl-v-false .pl-verdict b,.pl-table .pl-rev.pl-v-false .pl-mark{background:#cf222e}
.pl-table .pl-v-true .pl-verdict span{color:#0f5323}
.pl-table .pl-v-false .pl-verdict span{color:#82071e}
.pl-table .pl-main.pl-over{flex-wrap:wrap}
.pl-table .pl-main.pl-over .pl-side{flex:1 1 300px;min-width:300px;max-width:460px;width:auto}
.pl-table .pl-debrief{background:#fff;border:2px solid #1f6f43;border-radius:12px;padding:8px 10px;font-size:14px;
 line-height:1.4}
.pl-table .pl-debrief h3,.pl-table .pl-replay h3{margin:0 0 4px 0;font-size:16px;color:#1f6f43}
.pl-table .pl-debrief ol{list-style:none;margin:0 0 6px 0;padding:0;display:flex;flex-direction:column;gap:4px}
.pl-table .pl-rev{display:grid;grid-template-columns:22px 66px 1fr;gap:1px 6px;align-items:baseline}
.pl-table .pl-rev .pl-num{font-weight:700;color:#57606a;font-size:14px;text-align:right}
.pl-table .pl-rev .pl-mark{justify-self:start;display:inline-flex;gap:2px;align-items:center;color:#fff;
 border-radius:8px;padding:0 6px;font-size:13px;font-weight:700;white-space:nowrap}
.pl-table .pl-rev .pl-said{font-weight:600}
.pl-table .pl-rev .pl-oblig{grid-column:3;font-size:13px;color:#57606a}
.pl-table .pl-rev.pl-v-false .pl-oblig{color:#82071e}
.pl-table .pl-rev.pl-v-true .pl-oblig{color:#0f5323}
.pl-table .pl-families{border-top:1px solid #d0d7de;padding-top:5px;display:flex;flex-direction:column;gap:3px}
.pl-table .pl-family{display:flex;flex-wrap:wrap;gap:4px 6px;align-items:center;padding:2px 6px;border-radius:8px;
 color:#57606a}
.pl-table .pl-family.pl-scored{background:#dafbe1;color:#0f5323;font-weight:700}
.pl-table .pl-family .pl-none{font-size:13px}
.pl-table .pl-more{margin-top:2px}
.pl-table .pl-more>summary{cursor:pointer;font-size:14px;color:#6639ba;font-weight:600}
.pl-table .pl-replay{background:#fbf8ff;border:2px solid #8250df;border-radius:12px;padding:8px 10px;font-size:14px;
 flex:1 1 auto;max-width:100%;overflow-x:auto;box-sizing:border-box}
.pl-table .pl-replay h3{color:#6639ba}
.pl-table .pl-replay p{margin:2px 0 6px 0;color:#57606a;font-size:14px}
.pl-table .pl-rtable{border-collapse:collapse;font-variant-numeric:tabular-nums}
.pl-table .pl-rtable th,.pl-table .pl-rtable td{padding:2px 6px;font-size:14px;text-align:center;white-space:nowrap}
.pl-table .pl-rtable thead th{font-size:13px;color:#57606a;font-weight:600;vertical-align:bottom}
.pl-table .pl-rtable thead th b{display:block;font-size:15px;color:#1f2328}
.pl-table .pl-rtable tbody th{text-align:left;font-weight:600;max-width:110px;overflow:hidden;text-overflow:ellipsis}
.pl-table .pl-rtable tr.pl-deals td{font-weight:700}
.pl-table .pl-rtable tr.pl-deals th{white-space:normal;min-width:90px}
.pl-table .pl-rtable tr.pl-deals{border-bottom:1px solid #d0d7de}
.pl-table .pl-rtable tr.pl-real{background:#dafbe1}
.pl-table .pl-rtable .pl-cell{display:flex;gap:4px;align-items:center;justify-content:flex-end}
.pl-table .pl-mini{display:inline-block;width:34px;height:10px;background:#eaeef2;border-radius:5px;overflow:hidden}
.pl-table .pl-mini span{display:block;height:100%;background:#8250df}
.pl-table .pl-rtable tr.pl-real .pl-mini span{background:#1a7f37}
.pl-table .pl-rtable .pl-zero{color:#8c959f}
.pl-table .pl-rtable .pl-out{color:#cf222e;font-weight:700}
.pl-table .pl-rtable .pl-pct{min-width:34px;text-align:right;font-size:13px}
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
_HAD_TRUTH, _HAD_LIE, _CHOSE_TRUTH, _CHOSE_LIE = OBLIGATIONS
#: Why an answer was true or false, by the answerer's obligation (from :func:`kit.princesslegend.debrief.debrief`).
_BECAUSE = {_HAD_TRUTH: N_("{name} was the {tile}, so had to tell the truth."),
            _HAD_LIE: N_("{name} was the {tile}, so had to lie."),
            _CHOSE_TRUTH: N_("{name} was the {tile} and chose the truth."),
            _CHOSE_LIE: N_("{name} was the {tile} and chose to lie.")}
_YOU_BECAUSE = {_HAD_TRUTH: N_("You were the {tile}, so you had to tell the truth."),
                _HAD_LIE: N_("You were the {tile}, so you had to lie."),
                _CHOSE_TRUTH: N_("You were the {tile} and chose the truth."),
                _CHOSE_LIE: N_("You were the {tile} and chose to lie.")}


# --------------------------------------------------------------------------- words

def _tile_words(tile: str, lang: str | None) -> str:
    return tile_name(tile, lang)


def _the_tile(tile: str, lang: str | None) -> str:
    """The tile's name where a template reads "the {tile}" ("la Fée" in French)."""
    return tile_name(tile, lang, form="the")


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
        return _("the {tile}", lang, tile=_the_tile(answer["character"], lang))
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
    return _or_list([_("the {tile}", lang, tile=_the_tile(t, lang)) for t in tiles], lang)


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
            # mid-sentence ("But the centre tile was..."), then at the start of one ("The centre tile was...")
            where = (_("the centre tile", lang) if f.place == "centre" else
                     _("{name}'s tile", lang, name=_place_words(f.place, names, lang)))
            start = (_("The centre tile", lang) if f.place == "centre" else where)
            if f.place == place:
                said.append(_("But {where} was turned over: the {tile}, not the Princess.", lang, where=where,
                              tile=_tile_words(f.tile, lang)))
            elif st.impossible:
                said.append(_("But {where} was turned over: the {tile}.", lang, where=where,
                              tile=_tile_words(f.tile, lang)))
            else:
                said.append(_("{where} was turned over: the {tile}.", lang, where=start,
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


# --------------------------------------------------------------------------- the debrief

def is_over(obs: Mapping[str, Any]) -> bool:
    """Is the round over in ``obs``: does its log end with every tile face up (the ``show`` event)?"""
    log = obs.get("log") or ()
    return bool(log) and log[-1]["kind"] == "show"


def _answered_questions(obs: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """``obs["questions"]`` that were answered: one per answer of the round, in order."""
    return [q for q in obs["questions"] if q["answer"] is not None]


def _names_list(seats: Sequence[int], names: Sequence[str], lang: str | None) -> str:
    return _comma([names[s] for s in seats], lang)


def debrief_html(obs: Mapping[str, Any], *, names: Sequence[str], lang: str | None = None,
                 reader: int | None = None, review: Debrief | None = None) -> str:
    """Who told the truth and who took rubies, once every tile is face up (``obs``: any seat's observation of
    a finished round; only its public events are read, :func:`kit.princesslegend.debrief.debrief`).

    Every answer, numbered as the columns of :func:`replay_html`, marked true or false with why ("Ben was
    the Guard, so had to lie."); then the tile turned over and each family with its players, the family of
    the symbol turned over taking a ruby each.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> for t in ["ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Servant",
    ...           "no-extra-question", "reveal centre"]:
    ...     s.apply_action(t)
    >>> html = debrief_html(s.observation(None), names=["Ana", "Ben", "Cleo"])
    >>> import re
    >>> re.findall(r"data-verdict='(\\w+)'", html)
    ['false', 'true']
    >>> "Ben was the Black Queen, so had to lie." in html and "heart family: Ana" in html
    True
    """
    d = review if review is not None else debrief(obs)
    qs = _answered_questions(obs)
    title = _("Who told the truth?", lang)
    rows = []
    extra_word = escape(_("extra question", lang))
    for r, q in zip(d.answers, qs):
        tone = "true" if r.true else "false"
        claim = claim_words(q, names, lang)
        tile = _tile_words(r.tile, lang)
        if r.seat == reader:
            said = _("You said “{claim}”.", lang, claim=claim)
            why = _(_YOU_BECAUSE[r.obligation], lang, tile=tile)
        else:
            said = _("{name} said “{claim}”.", lang, name=names[r.seat], claim=claim)
            why = _(_BECAUSE[r.obligation], lang, name=names[r.seat], tile=tile)
        extra = f" <span class='pl-extra'>{extra_word}</span>" if r.extra else ""
        rows.append(f"<li class='pl-rev pl-v-{tone}' data-answer='{r.index}' data-verdict='{tone}'>"
                    f"<span class='pl-num'>{r.index + 1}</span>"
                    f"<span class='pl-mark'>{mark_svg(r.true)}{escape(_verdict_words(r.true, lang))}</span>"
                    f"<span class='pl-said'>{escape(said)}{extra}</span>"
                    f"<span class='pl-oblig'>{escape(why)}</span></li>")
    where = (_("The centre tile", lang) if d.revealed == "centre" else
             _("{name}'s tile", lang, name=names[int(d.revealed)]))
    symbol = symbol_words(d.symbol, lang)
    turned = _("{where} was turned over: the {tile}.", lang, where=where, tile=_tile_words(d.revealed_tile, lang))
    gives = _("Its {symbol} gives a ruby to each player of the {symbol} family.", lang, symbol=symbol)
    no_ruby = escape(_("no ruby", lang))
    families = [f"<div class='pl-fam-head'>{symbol_svg(d.symbol, size=18)} {escape(turned)} {escape(gives)}</div>"]
    for f in sorted(d.families, key=lambda f: f.family != d.symbol):
        scored = f.family == d.symbol
        if not f.seats and not scored:
            continue
        family = symbol_words(f.family, lang)
        members = (_("{symbol} family: {names}", lang, symbol=family, names=_names_list(f.seats, names, lang))
                   if f.seats else _("{symbol} family: nobody at the table", lang, symbol=family))
        if scored and f.seats:
            gain = _("+1 ruby", lang) if len(f.seats) == 1 else _("+1 ruby each", lang)
            chip = f"<span class='pl-gain'>{escape(gain)}</span>"
        else:
            chip = f"<span class='pl-none'>{no_ruby}</span>"
        families.append(f"<div class='pl-family{' pl-scored' if scored else ''}' data-family='{f.family}'>"
                        f"{symbol_svg(f.family, size=16)}<span>{escape(members)}</span>{chip}</div>")
    rubies_title = escape(_("Who took rubies?", lang))
    return (f"<section class='pl-debrief' aria-label='{escape(title)}'><h3>{escape(title)}</h3>"
            f"<ol>{''.join(rows)}</ol><div class='pl-families' role='group' aria-label='{rubies_title}'>"
            f"<h3>{rubies_title}</h3>{''.join(families)}</div></section>")


def _percent(share: Any) -> tuple[int, str]:
    """A share as the width of a bar and its words: ``(33, "33%")``; a share under one half percent that is not
    zero is "<1%" (not ruled out)."""
    pct = round(100 * float(share))
    if share and pct == 0:
        return 1, "<1%"
    return pct, f"{pct}%"


def replay_html(obs: Mapping[str, Any], *, names: Sequence[str], lang: str | None = None,
                reader: int | None = None, review: Debrief | None = None) -> str:
    """The Prince's deduction replayed (:func:`kit.princesslegend.debrief.deduction_replay`): a column per step
    (before any answer, after each answer, numbered as in :func:`debrief_html`, and after the rubies), the
    deals of the tiles still possible, and a mini bar per place with the chance of the Princess there.

    Read from the public events only (what the Prince knew at each step).  The row of the place where the
    Princess really was (every tile is face up) is green; the step that rules a place out is red.

    >>> from kit.princesslegend import PrincessLegend
    >>> s = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")
    >>> for t in ["ask p1 where-princess", "answer p2", "ask p2 who-are-you", "answer Servant",
    ...           "no-extra-question", "reveal centre"]:
    ...     s.apply_action(t)
    >>> import re
    >>> html = replay_html(s.observation(None), names=["Ana", "Ben", "Cleo"])
    >>> re.findall(r"data-deals='(\\d+)'", html)
    ['6', '3', '2', '2']
    >>> re.findall(r"<tr class='pl-real' data-place='(\\w+)'", html)
    ['centre']
    """
    d = review if review is not None else debrief(obs)
    steps = deduction_replay(obs)
    prince = obs["prince"]
    real = next((p for p in steps[0].princess
                 if (d.centre if p == "centre" else d.tiles[int(p[1:])]) == str(Character.PRINCESS)), None)
    title = (_("Your deduction, answer by answer", lang) if reader == prince else
             _("{name}'s deduction, answer by answer", lang, name=names[prince]))
    answer_word, start_word = escape(_("Answer", lang)), escape(_("start", lang))
    rubies_word, deals_word = escape(_("rubies", lang)), escape(_("deals still possible", lang))
    head = [f"<th scope='col'>{answer_word}</th>"]
    for st in steps:
        if st.after == "start":
            head.append(f"<th scope='col'><b>{start_word}</b></th>")
        elif st.after == "answer":
            who = names[d.answers[st.answer].seat]
            head.append(f"<th scope='col'><b>{st.answer + 1}</b>{escape(who)}</th>")
        else:
            head.append(f"<th scope='col'><b>{ruby_svg(14)}</b>{rubies_word}</th>")
    deals = "".join(f"<td data-deals='{st.deals}'>{st.deals}</td>" for st in steps)
    body = [f"<tr class='pl-deals'><th scope='row'>{deals_word}</th>{deals}</tr>"]
    for p in steps[0].princess:
        place = _("centre", lang) if p == "centre" else names[int(p[1:])]
        cells = []
        before = None
        for st in steps:
            share = st.princess[p]
            width, text = _percent(share)
            cls = "pl-out" if not share and before else "pl-zero" if not share else ""
            words = _("{place}: {pct} percent", lang, place=place, pct=round(100 * float(share)))
            cells.append(f"<td><span class='pl-cell'><span class='pl-mini' role='img' aria-label='{escape(words)}'>"
                         f"<span style='width:{width}%'></span></span>"
                         f"<span class='pl-pct{' ' + cls if cls else ''}'>{escape(text)}</span></span></td>")
            before = share
        mark = " class='pl-real'" if p == real else ""
        heart = f" {symbol_svg('heart', size=14)}" if p == real else ""
        body.append(f"<tr{mark} data-place='{escape(p)}'><th scope='row'>{escape(place)}{heart}</th>"
                    f"{''.join(cells)}</tr>")
    note = _("After each answer (numbered as in the list): how many deals of the tiles still fit, and where the "
             "Princess could be. Green: where she really was. Red: the step that ruled a place out.", lang)
    basis = 130 + 88 * len(steps)  # about the table's width: beside the list when there is room, else under it
    return (f"<section class='pl-replay' style='flex-basis:{basis}px' aria-label='{escape(title)}'>"
            f"<h3>{escape(title)}</h3>"
            f"<p>{escape(note)}</p><table class='pl-rtable'><thead><tr>{''.join(head)}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table></section>")


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


def _verdict_words(true: bool, lang: str | None) -> str:
    return _("true", lang) if true else _("false", lang)


def _bubbles(seat: int, qa: Sequence[tuple[Mapping[str, Any], Mapping[str, Any] | None]], names: Sequence[str],
             lang: str | None, reviews: Sequence[Any] = ()) -> str:
    """The speech bubbles of ``seat``'s answers; once the round is over (``reviews``, one per answer, from
    :func:`kit.princesslegend.debrief.debrief`), each marked true or false with the answerer's obligation."""
    out = []
    k = -1
    for ask, answer in qa:
        k += answer is not None
        if ask["seat"] != seat:
            continue
        more = escape(_("extra question", lang))
        extra = f"<div class='pl-extra'>{more}</div>" if ask["extra"] else ""
        said = "…" if answer is None else _answer_words(answer, names, lang)
        cls = "pl-bubble pl-waiting" if answer is None else "pl-bubble"
        verdict = mark = ""
        if answer is not None and k < len(reviews):
            r = reviews[k]
            tone = "true" if r.true else "false"
            cls += f" pl-v-{tone}"
            mark = f" data-verdict='{tone}'"
            obligation = escape(_(r.obligation, lang))  # a message id of kit.princesslegend.debrief.OBLIGATIONS
            verdict = (f"<div class='pl-verdict'><b>{mark_svg(r.true)}{escape(_verdict_words(r.true, lang))}</b>"
                       f"<span>{obligation}</span></div>")
        out.append(f"<div class='{cls}'{mark} data-bubble='{seat}'>{extra}<div class='pl-q'>"
                   f"{escape(_question_words(ask, names, lang))}</div><div class='pl-a'>{escape(said)}</div>"
                   f"{verdict}</div>")
    # newest first: the list is drawn bottom up (column-reverse), so the newest answer stays in view when a
    # seat's bubbles are more than its place holds (the older ones scroll); once the round is reviewed (a verdict
    # under each answer) every answer is shown whole: the debrief is read, not played
    whole = " pl-reviewed" if reviews else ""
    return f"<div class='pl-bubbles{whole}'>{''.join(reversed(out))}</div>"


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
    return _("the {tile}", lang, tile=_the_tile(answer, lang))


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

    Once the round is over (:func:`is_over`: every tile face up) the picture is the debrief: each
    speech bubble marked true or false with the answerer's obligation, :func:`debrief_html` beside
    the table (every answer judged, the rubies by family), :func:`replay_html` under it (the
    deduction replayed, answer by answer), and, with ``deduction``, the arguments of the deduction
    panel behind a "Why each place was ruled out" summary.
    """
    n, me, prince = obs["players"], obs["seat"], obs["prince"]
    names = list(names) if names is not None else [f"p{s}" for s in range(n)]
    choices = dict(choices or {})
    log = obs["log"]
    qa = answered(log)
    over = is_over(obs)
    review = debrief(obs) if over else None
    reviews = review.answers if review is not None else ()
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
            f"{tile_svg(tile, label=_tile_label(s, tile, names, lang), lang=lang, scale=1 if tile else 0.72)}</div>"
            f"{_bubbles(s, qa, names, lang, reviews)}</div>{f'<div>{gain}</div>' if gain else ''}</div>")
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
    below = ""
    if review is not None:  # the debrief: who lied, the rubies, the deduction replayed
        side += debrief_html(obs, names=names, lang=lang, reader=me, review=review)
        below = replay_html(obs, names=names, lang=lang, reader=me, review=review)
        if deduction:
            why = escape(_("Why each place was ruled out", lang))
            side += (f"<details class='pl-more'><summary>{why}</summary>"
                     f"{deduction_html(obs, names=names, lang=lang, reader=me)}</details>")
    elif deduction:
        side += deduction_html(obs, names=names, lang=lang, reader=me)
    ring = f"<div class='pl-ring'>{''.join(cells)}</div>"
    side = f"<div class='pl-side'>{side}</div>" if side else ""
    return (CSS + f'<div class="pl-table" data-seat="{"" if me is None else me}">{caption}'
            f"<div class='pl-main{' pl-over' if over else ''}'>{ring}{side}{below}</div></div>")


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
