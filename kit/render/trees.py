"""HTML for game-tree nodes and solutions (pure functions, strings out).

Examples
--------
>>> from kit.trees import build_tree
>>> from kit.trees.examples import KuhnPoker
>>> start = KuhnPoker().new_initial_state()
>>> tree = build_tree(start)
>>> html = node_details_html(tree, 1, start)
>>> "chance" in html and "<h4" in html
True
"""

from __future__ import annotations

from html import escape
from typing import Any, Hashable, Mapping

from ..i18n import _, ngettext
from .narration import NARRATION_MODULES, narrate
from ..trees.draw import PLAYER_COLOURS, infoset_labels

__all__ = ["node_details_html", "solution_html", "state_at"]


def state_at(start: Any, tree: Any, node: Hashable) -> Any:
    """The state at ``node``: ``start`` (the tree's root state) after the node's history."""
    state = start.clone()
    for text in tree.nodes[node].get("history", ()):
        action = next((a for a in _moves(state) if str(a) == text), None)
        if action is None:  # pragma: no cover - the tree was built from another start
            raise ValueError(f"{text!r} is not an action at this point; was the tree built from this start?")
        state.apply_action(action)
    return state


def _moves(state: Any) -> list[Any]:
    if state.current_player() < 0 and not state.is_terminal():
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions()


def _info_lines(text: Any) -> list[str]:
    return str(text).split("|")


def _seen_lines(state: Any, seat: int, lang: str | None) -> list[str]:
    """What ``seat`` has seen, in sentences of ``lang`` when its game has a narrator (told from the events
    that seat sees), else the game's information state (its notation)."""
    game = getattr(getattr(state, "game", None), "name", None)
    if game in NARRATION_MODULES:
        n = state.game.num_players
        names = [f"p{i}" for i in range(n)]  # the seats as the tree's notation writes them
        events = state.observation(seat)["log"]
        return [line.text for line in narrate(game, events, names=names, reader=seat, lang=lang)]
    return _info_lines(state.information_state(seat))


def node_details_html(tree: Any, node: Hashable, start: Any, solution: Any = None,
                      labels: Mapping | None = None, lang: str | None = None) -> str:
    """What a learner wants to see about one node: who acts, its information set,
    and the position as each player sees it (their information state).

    ``start`` is the state the tree was built from.  The tree itself shows every
    hidden card, so this panel does too: it is an analysis view, not a seat's view.
    The words are in ``lang`` (``None``: the kernel's); actions and information
    states are the game's own notation.
    """
    d = tree.nodes[node]
    labels = labels if labels is not None else infoset_labels(tree)
    state = state_at(start, tree, node)
    kind = d.get("kind")
    parts = [f'<div class="kit-node-details" style="font-family:sans-serif;font-size:13px;line-height:1.35">']
    history = d.get("history", ())
    if kind == "decision":
        p = d["player"]
        key = (p, d.get("infoset"))
        members = [n for n in tree.nodes if tree.nodes[n].get("kind") == "decision"
                   and (tree.nodes[n].get("player"), tree.nodes[n].get("infoset")) == key]
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        head = escape(_("Node {node}: player {player} to move", lang, node=node, player=p))
        parts.append(f'<h4 style="margin:2px 0;color:{colour}">{head} '
                     f'&middot; {escape(labels.get(key, ""))}</h4>')
        infoset = escape(ngettext("Information set {infoset} has {n} node: player {player} cannot tell them apart.",
                                  "Information set {infoset} has {n} nodes: player {player} cannot tell them apart.",
                                  len(members), lang, infoset=labels.get(key, ""), player=p))
        parts.append(f"<div>{infoset}</div>")
        actions = [tree.edges[node, c]["action"] for c in tree.successors(node)]
        if solution is not None and key in solution.strategy:
            probs = solution.strategy[key]
            rows = "".join(f"<tr><td>{escape(a)}</td><td style='text-align:right'>{probs.get(a, 0.0):.3f}</td></tr>"
                           for a in actions)
            action, probability = escape(_("action", lang)), escape(_("equilibrium probability", lang))
            parts.append(f"<table style='margin:4px 0'><tr><th>{action}</th><th>{probability}</th></tr>"
                         f"{rows}</table>")
        else:
            words = escape(_("Actions: {actions}", lang, actions=", ".join(actions)))  # the notation, as a list
            parts.append(f"<div>{words}</div>")
    elif kind == "chance":
        outs = [(tree.edges[node, c]["action"], tree.edges[node, c].get("prob")) for c in tree.successors(node)]
        head = escape(_("Node {node}: chance", lang, node=node))
        parts.append(f'<h4 style="margin:2px 0">{head}</h4>')
        parts.append("<div>" + ", ".join(f"{escape(a)} ({p})" for a, p in outs) + "</div>")
    else:
        head = escape(_("Node {node}: the end", lang, node=node))
        returns = escape(_("Returns: {returns}", lang, returns=tuple(d.get("returns") or ())))
        parts.append(f'<h4 style="margin:2px 0">{head}</h4>')
        parts.append(f"<div>{returns}</div>")
    path = escape(_("Path from the root: {path}", lang, path=" / ".join(history)) if history else
                  _("Path from the root: (the root)", lang))
    parts.append(f"<div style='color:#555'>{path}</div>")
    players = getattr(getattr(state, "game", None), "num_players", 0)
    for seat in range(players):
        lines = _seen_lines(state, seat, lang)
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        items = "".join(f"<li>{escape(line)}</li>" for line in lines[-14:])
        earlier = escape(ngettext("… {n} earlier", "… {n} earlier", len(lines) - 14, lang))
        more = f"<li>{earlier}</li>" if len(lines) > 14 else ""
        seen = escape(_("What player {player} has seen", lang, player=seat))
        parts.append(f"<details open><summary style='color:{colour};font-weight:bold'>{seen}"
                     f"</summary><ul style='margin:2px 0 4px 0;padding-left:18px'>{more}{items}</ul></details>")
    parts.append("</div>")
    return "".join(parts)


def solution_html(solution: Any, seconds: float | None = None, lang: str | None = None) -> str:
    """A one-line summary of a :class:`kit.trees.Solution`.

    >>> class S: value, exploitability, method = -1/18, 1e-9, "exact"
    >>> "value" in solution_html(S())
    True
    """
    method = escape(str(getattr(solution, "method", "")))
    solved = "<b>" + escape(_("Solved", lang)) + "</b>"
    fields = dict(solved=solved, method=method, value=f"<b>{solution.value:.6f}</b>",
                  exploitability=f"{solution.exploitability:.2e}")
    if seconds is not None:
        fields["seconds"] = f"{seconds:.2f}"
        # i18n: {solved} is the word "Solved" in bold, {method} the solver's name ("exact", "cfr")
        text = escape(_("{solved} ({method} in {seconds} s): value for player 0 = {value}, exploitability "
                        "{exploitability}. Edge labels show each action's equilibrium probability.", lang))
    else:
        text = escape(_("{solved} ({method}): value for player 0 = {value}, exploitability {exploitability}. "
                        "Edge labels show each action's equilibrium probability.", lang))
    return f"<div style='font-family:sans-serif;font-size:13px'>{text.format(**fields)}</div>"
