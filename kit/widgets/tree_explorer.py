"""TreeExplorer: draw a game tree, click its nodes, solve it.

The explorer is an analysis tool: the tree shows every deal, so it shows
hidden cards by design (use it for endgames, not for a live seat's view).

Examples
--------
>>> from kit.widgets import TreeExplorer
>>> ex = TreeExplorer(position="princess-hunt")
>>> ex.summary()["infosets"]
{0: 13, 1: 49}
>>> ex.select(ex.root); ex.details.value.count("What player")
2
>>> sol = ex.solve("exact"); round(sol.value, 4) == round(ex.solution.value, 4)
True

Every word of the explorer is in its language (``language=``, default the
kernel's; the menu under it changes it); the notation of the tree (actions,
cards, the names of the gallery's positions) is the API and stays English:

>>> pl = TreeExplorer(position="known-baron", language="pl")
>>> pl.depth.description, pl.language_menu.value
('Głębokość', 'pl')
>>> pl.language_menu.value = "en"; pl.depth.description
'Depth'
"""

from __future__ import annotations

import re
import time
from html import escape
from typing import Any, Callable, Hashable, Mapping

import ipywidgets as w

from ..core.errors import KitError
from ..i18n import N_, _, check_language, get_language
from .language_menu import language_menu
from ..render.trees import node_details_html, solution_html
from ..trees import GameTree, TreeTooLargeError, build_tree, solve, summary
from ..trees.build import _chance_edges, _child
from ..core.protocol import CHANCE, TERMINAL
from ..trees.draw import draw, infoset_labels, root_of
from .clickpane import SvgPane

__all__ = ["TreeExplorer", "LazyTree", "default_positions"]

#: The picker's value for "a position described in the form below" (not a gallery name).
DESCRIBED = "(described below)"
#: The line under the picker for a state given in code, and for a position built from the form.
N_GIVEN, N_DESCRIBED = N_("a state given in code"), N_("a described position")


#: The picker's lines for the two poker games of :mod:`kit.trees.examples` (messages: shown translated).
N_KUHN = N_("Kuhn poker: three cards (J, Q, K), one chip to bet or to call. The first game of bluffing; "
            "its value for player 0 is -1/18.")
N_LEDUC = N_("Leduc poker: six cards (two each of J, Q, K), a public card between two rounds of betting.")
#: Shown while a big tree opens as you click, and for a position that cannot be opened.
N_LAZY = N_("{nodes} nodes open so far, depth {depth}: the whole tree has more than {limit} nodes, so it opens as "
            "you click. Click a node to open its children; a white triangle marks a node whose children are not "
            "open yet.")
N_CANNOT = N_("Cannot open {position}: {error}")
N_STOPPED = N_("Depth {depth} would open more than {limit} nodes: the nodes nearest the root were opened first; "
               "click the others to open them.")
#: The picker's words for the positions whose names are words (a gallery's names are notation: shown as they are).
POSITION_LABELS = {"Kuhn poker": N_("Kuhn poker"), "Leduc poker": N_("Leduc poker")}


def default_positions() -> dict[str, tuple[str, Callable[[], Any]]]:
    """The explorer's picker by default: Kuhn and Leduc poker, then the Love Letter endgame gallery.

    ``{name: (about, factory)}``; any game's positions can be offered this way (``positions=``).

    >>> list(default_positions())[:3]
    ['Kuhn poker', 'Leduc poker', 'princess-hunt']
    """
    from ..loveletter.endgame import GALLERY, endgame
    from ..trees.examples import KuhnPoker, LeducPoker

    out: dict[str, tuple[str, Callable[[], Any]]] = {
        "Kuhn poker": (N_KUHN, lambda: KuhnPoker().new_initial_state()),
        "Leduc poker": (N_LEDUC, lambda: LeducPoker().new_initial_state()),
    }
    out.update({name: (spec["about"], (lambda n=name: endgame(n))) for name, spec in GALLERY.items()})
    return out


class LazyTree:
    """The part of a game tree opened so far, grown from protocol states on demand.

    ``graph`` is a :class:`~kit.trees.GameTree` with the node and edge attributes of
    :func:`kit.trees.build_tree` (``kind``, ``player``, ``infoset``, ``returns``, ``history``,
    ``depth``; ``action``, ``prob``), holding the root and the children of every node opened;
    :meth:`open` adds a node's children by applying its legal actions (or chance outcomes) to its state.
    Node ids are ``0, 1, 2, ...`` in the order nodes were added (not ``build_tree``'s order).
    Only the states of unopened nodes are kept.

    Examples
    --------
    >>> from kit.trees.examples import KuhnPoker
    >>> t = LazyTree(KuhnPoker().new_initial_state())
    >>> t.graph.number_of_nodes(), t.is_open(0)
    (1, False)
    >>> [t.graph.edges[0, c]["action"] for c in t.open(0)]
    ['deal J', 'deal Q', 'deal K']
    >>> t.open_all(); t.graph.number_of_nodes()       # the whole tree: build_tree's 58 nodes
    58
    """

    def __init__(self, state: Any) -> None:
        self.graph = GameTree()
        self.graph.graph["root"] = 0
        game = getattr(state, "game", None)
        self.graph.graph["num_players"] = getattr(game, "num_players", 0) or 0
        if game is not None:
            self.graph.graph["game"] = repr(game)
        self._states: dict[int, Any] = {}
        self._opened: set[int] = set()
        self._add(state.clone(), (), None, None)

    def _add(self, state: Any, history: tuple, parent: int | None, edge: dict | None) -> int:
        node = self.graph.number_of_nodes()
        player = state.current_player()
        if player == TERMINAL or state.is_terminal():
            self.graph.add_node(node, kind="terminal", player=TERMINAL, infoset=None, returns=tuple(state.returns()),
                                history=history, depth=len(history))
            self._opened.add(node)
        elif player == CHANCE:
            self.graph.add_node(node, kind="chance", player=CHANCE, infoset=None, returns=None, history=history,
                                depth=len(history))
            self._states[node] = state
        else:
            self.graph.add_node(node, kind="decision", player=player, infoset=state.information_state(player),
                                returns=None, history=history, depth=len(history))
            self._states[node] = state
        if parent is not None:
            self.graph.add_edge(parent, node, **edge)
        return node

    def is_open(self, node: Hashable) -> bool:
        """Are ``node``'s children in :attr:`graph` (a leaf counts as open)?"""
        return node in self._opened

    def unopened(self) -> list[int]:
        """The nodes whose children are not open yet."""
        return sorted(self._states)

    def open(self, node: Hashable) -> list[int]:
        """Add ``node``'s children (once) and return them, in the order of the game's actions."""
        if node not in self.graph:
            raise KitError(f"no node {node!r} in this tree")
        if node in self._opened:
            return list(self.graph.successors(node))
        state = self._states.pop(node)
        d = self.graph.nodes[node]
        history = d["history"]
        if d["kind"] == "chance":
            children = [(a, {"action": text, "prob": p}) for a, text, p in _chance_edges(state, node, history)]
        else:
            actions = state.legal_actions()
            if not actions:
                raise KitError(f"node {node}: p{d['player']} is to move but has no legal action")
            children = [(a, {"action": str(a)}) for a in actions]
        self._opened.add(node)
        return [self._add(_child(state, a), history + (edge["action"],), node, edge) for a, edge in children]

    def open_to_depth(self, depth: int, max_nodes: int, root: Hashable | None = None) -> bool:
        """Open every node above ``depth`` (below ``root``, default the root) while the tree stays within
        ``max_nodes`` nodes, level by level; ``True`` when all of them are open."""
        level = [0 if root is None else root]
        while level:
            nxt = []
            for n in level:
                if self.graph.nodes[n]["depth"] >= depth:
                    continue
                if not self.is_open(n) and self.graph.number_of_nodes() >= max_nodes:
                    return False
                nxt.extend(self.open(n))
            level = nxt
        return True

    def open_breadth_first(self, max_leaves: int) -> None:
        """Open nodes level by level from the root while at most about ``max_leaves`` nodes stay unopened."""
        queue = [0]
        while queue:
            n = queue.pop(0)
            if self.is_open(n):
                queue.extend(self.graph.successors(n))
                continue
            if len(self._states) > max_leaves:
                return
            queue.extend(self.open(n))

    def open_all(self) -> None:
        """Open every node (the whole tree: only for small ones)."""
        while self._states:
            self.open(min(self._states))


def _cards(text: str) -> list[str]:
    return [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]


class TreeExplorer(w.VBox):
    """A game tree you can look at, click and solve.

    Parameters
    ----------
    state
        Any protocol state to expand (overrides ``position``).
    position
        A name from ``positions`` (by default :func:`default_positions`: Kuhn and Leduc poker and
        the Love Letter endgame gallery).
    positions
        ``{name: (about, factory)}`` of positions offered in the picker, of any game; a factory's
        :class:`~kit.core.KitError` is shown in the status line (the tree shown stays).
    max_nodes
        Trees up to this many nodes are built whole (their counts shown, solved on the spot); a bigger
        tree opens lazily (a :class:`LazyTree`): its first levels, then the children of each node you
        click, never the whole tree first.  *Solve* still solves the whole game (from its state).
    max_leaves
        Draw at most this many leaves; deeper levels collapse (the depth
        picker expands them).  Once solved, the whole tree is drawn at least
        one level below its first decisions, so the strategy shows on edges.
    orient
        ``"right"`` (default: the root on the left, leaves stacked down the
        pane, which suits its width) or ``"down"`` (as a textbook draws it);
        the *Layout* picker switches.
    language
        One of :data:`kit.i18n.LANGUAGES` (default: the kernel's); the menu under the explorer
        (``language_menu``, each language by its own name) changes it and redraws every word.
        The tree's notation stays English (it is the API).

    The picture opens fitted to the width of its pane (zoom 1) and scrolled
    to the root; ``+``/``-`` zoom around the middle of the view.
    """

    def __init__(self, state: Any = None, *, position: str | None = "princess-hunt",
                 positions: Mapping[str, tuple[str, Callable[[], Any]]] | None = None,
                 max_nodes: int = 5_000, max_leaves: int = 60, orient: str = "right",
                 language: str | None = None) -> None:
        self.lang = check_language(language) if language is not None else get_language()
        self.positions = dict(positions) if positions is not None else default_positions()
        self.max_nodes = max_nodes
        self.max_leaves = max_leaves
        self.tree: Any = None
        self.lazy: LazyTree | None = None  # the tree opened so far, when it is too big to build whole
        self.start: Any = None
        self.solution: Any = None
        self.selected: Hashable | None = None
        self._labels: dict = {}
        self._about = ""  # the words under the picker: a message id (or a position's own words)
        self._status: Callable[[str], str] = lambda lang: ""  # the status line, made in a language

        self.picker = w.Dropdown(options=self._picker_options(), layout=w.Layout(width="320px"))
        self.about = w.HTML()
        self.depth = w.Dropdown(options=[("auto", 0)], value=0, layout=w.Layout(width="180px"))
        self.orient = w.Dropdown(options=[("right", "right"), ("down", "down")], value=orient,
                                 layout=w.Layout(width="220px"))
        self.method = w.ToggleButtons(options=[("exact", "exact"), ("cfr+", "cfr+")], value="exact",
                                      style={"button_width": "90px"})
        self.solve_button = w.Button(button_style="primary", icon="calculator")
        self.zoom_in = w.Button(icon="search-plus", layout=w.Layout(width="auto"))
        self.zoom_out = w.Button(icon="search-minus", layout=w.Layout(width="auto"))
        self.view_root: Hashable | None = None
        self.status = w.HTML()
        self.pane = SvgPane()
        self.details = w.HTML(layout=w.Layout(width="38%", max_height="600px", overflow="auto"))
        self.pane.layout = w.Layout(width="100%")
        self.describe_box, self._form = self._describe_form()
        # each language by its own name, whatever the explorer's language
        self.language_menu = language_menu(self.lang)
        self._relabel()

        self.picker.observe(self._on_pick, names="value")
        self.depth.observe(lambda _: self._on_depth(), names="value")
        self.orient.observe(lambda _: self._redraw(), names="value")
        self.solve_button.on_click(lambda _: self.solve(self.method.value))
        self.zoom_in.on_click(lambda _: self.show_subtree(self.selected))
        self.zoom_out.on_click(lambda _: self.show_subtree(None))
        self.pane.on_choose(self._on_click)
        self.language_menu.observe(self._on_language, names="value")

        super().__init__([
            w.HBox([self.picker, self.depth, self.orient]), w.HBox([self.zoom_in, self.zoom_out]),
            self.about, self.describe_box,
            w.HBox([self.method, self.solve_button]), self.status,
            w.HBox([w.Box([self.pane], layout=w.Layout(width="62%", overflow="hidden", margin="0 8px 0 0")),
                    self.details]),
            self.language_menu,
        ])
        if state is not None:
            self._relabelling = True
            try:
                self.picker.value = None  # no position of the picker is shown: the line under it says so
            finally:
                self._relabelling = False
            self.load(state, about=N_GIVEN)
        elif position is not None and position in self.positions:
            self.picker.value = position
            self._on_pick({"new": position})

    # ---------------------------------------------------------------- API
    @property
    def root(self) -> Hashable:
        return root_of(self.tree)

    def load(self, state: Any, about: str = "") -> None:
        """Expand ``state`` into its tree and show it: whole up to ``max_nodes`` nodes, else lazily.

        ``about`` is the line shown under the picker (a message id of the kit is shown translated).
        A :class:`~kit.core.KitError` (a game breaking the protocol) is shown in the status line and raised.
        """
        t = time.perf_counter()
        try:
            try:
                tree, lazy = build_tree(state, max_nodes=self.max_nodes), None
            except TreeTooLargeError:
                lazy = LazyTree(state)
                lazy.open_breadth_first(self.max_leaves)
                tree = lazy.graph
        except KitError as exc:
            self.status.value = f"<span style='color:#b00'>{escape(str(exc))}</span>"
            raise
        self.tree, self.lazy, self.start, self.solution, self.view_root = tree, lazy, state.clone(), None, None
        self._about = about
        if lazy is not None:
            self._labels = infoset_labels(tree)
            self.depth.options = self._depth_options(self._lazy_depth() + 1)
            self.depth.value = 0
            self._set_status(self._lazy_status)
            self._show_about()
            self.select(self.root)
            return
        self._labels = infoset_labels(tree)
        s = summary(tree)
        self.depth.options = self._depth_options(s["depth"])
        self.depth.value = 0
        counts = {k: format(s[k], ",") for k in ("nodes", "chance", "decision", "terminal")}
        seconds = format(time.perf_counter() - t, ".2f")

        def status(lang: str) -> str:
            per = ", ".join(_("player {player}: {count}", lang, player=p, count=k)
                            for p, k in sorted(s["infosets"].items()))
            return escape(_("{nodes} nodes ({chance} chance, {decision} decision, {leaves} leaves), depth {depth}; "
                            "information sets {infosets}; built in {seconds} s. Click a node.", lang,
                            nodes=counts["nodes"], chance=counts["chance"], decision=counts["decision"],
                            leaves=counts["terminal"], depth=s["depth"], infosets=per, seconds=seconds))

        self._set_status(status)
        self._show_about()
        self.select(self.root)

    def summary(self) -> dict:
        """Counts of the current tree (see :func:`kit.trees.summary`): of the part opened so far when lazy."""
        return summary(self.tree)

    def select(self, node: Hashable) -> None:
        """Show ``node``'s details and highlight its information set (a lazy tree opens its children)."""
        if node not in self.tree:
            raise KitError(f"no node {node!r} in this tree")
        self.selected = node
        if self.lazy is not None and not self.lazy.is_open(node):
            self.lazy.open(node)
            self._labels = infoset_labels(self.tree)
            self._lazy_grew()
        self._show_details()
        self._redraw()

    def show_subtree(self, node: Hashable | None) -> None:
        """Draw only the subtree below ``node`` (``None``: the whole tree again)."""
        if node is not None and node not in self.tree:
            raise KitError(f"no node {node!r} in this tree")
        self.view_root = node
        self._redraw()

    def solve(self, method: str = "exact", **options: Any) -> Any:
        """Solve the tree (``"exact"`` or ``"cfr+"``) and show the strategy on the edges.

        A lazy tree's game is solved whole, from its state (:func:`kit.trees.solve` builds its compact
        tree); the strategy shows on the edges opened.
        """
        t = time.perf_counter()
        self.status.value = escape(_("Solving by {method}…", self.lang, method=method))
        self.solution = solve(self.tree if self.lazy is None else self.start, method=method, **options)
        seconds = time.perf_counter() - t
        solution = self.solution
        self._set_status(lambda lang: solution_html(solution, seconds, lang))
        if self.selected is not None:
            self._show_details()
        self._redraw()
        return self.solution

    def describe(self, **position: Any) -> None:
        """Build a Love Letter endgame from a description (see :func:`kit.loveletter.endgame.endgame`)."""
        from ..loveletter.endgame import endgame

        self.load(endgame(**position), about=N_DESCRIBED)

    def svg(self) -> str:
        """The current drawing."""
        return self.pane.svg

    # ---------------------------------------------------------------- internals
    def _lazy_depth(self) -> int:
        return max(d["depth"] for _, d in self.tree.nodes(data=True))

    def _lazy_status(self, lang: str) -> str:
        return escape(_(N_LAZY, lang, nodes=format(self.tree.number_of_nodes(), ","), depth=self._lazy_depth(),
                        limit=format(self.max_nodes, ",")))

    def _lazy_grew(self) -> None:
        """After nodes were opened: the depth picker reaches one level below them, the status counts them."""
        depth = self._lazy_depth() + 1
        if len(self.depth.options) != depth + 1:
            keep = self.depth.value
            self._relabelling = True
            try:
                self.depth.options = self._depth_options(depth)
                self.depth.value = keep if keep <= depth else 0
            finally:
                self._relabelling = False
        if self.solution is None:
            self._set_status(self._lazy_status)

    def _on_depth(self) -> None:
        if getattr(self, "_relabelling", False):
            return
        if self.lazy is not None and self.depth.value:
            top = self.tree.nodes[self.view_root]["depth"] if self.view_root is not None else 0
            depth = self.depth.value
            whole = self.lazy.open_to_depth(top + depth, self.max_nodes, root=self.view_root)
            self._labels = infoset_labels(self.tree)
            self._lazy_grew()
            if not whole:  # the status says that the level is only partly open, and what to do
                limit = format(self.max_nodes, ",")
                self._set_status(lambda lang: self._lazy_status(lang) + " " + escape(
                    _(N_STOPPED, lang, depth=depth, limit=limit)))
        self._redraw()

    def _picker_options(self) -> list[tuple[str, str]]:
        # the names are the API (``position="known-baron"``): a gallery's shown as they are, a game's in words
        return [(_(POSITION_LABELS[n], self.lang) if n in POSITION_LABELS else n, n) for n in self.positions] + (
            [(_("(described below)", self.lang), DESCRIBED)] if self.positions else [])

    def _depth_options(self, depth: int) -> list[tuple[str, int]]:
        return [(_("auto", self.lang), 0)] + [(str(d), d) for d in range(1, depth + 1)]

    def _set_status(self, status: Callable[[str], str]) -> None:
        self._status = status
        self.status.value = status(self.lang)

    def _show_about(self) -> None:
        words = _(self._about, self.lang) if self._about else ""
        self.about.value = "<i>" + escape(words) + "</i>" if words else ""

    def _show_details(self) -> None:
        self.details.value = node_details_html(self.tree, self.selected, self.start, self.solution, self._labels,
                                               lang=self.lang)

    def _relabel(self) -> None:
        """Every label of the explorer's controls in its language."""
        lang = self.lang
        keep = self.picker.value, self.depth.value, self.orient.value, self.method.value
        self._relabelling = True
        try:
            self.picker.options = self._picker_options()
            self.picker.value = keep[0]
            self.depth.options = [(label if v else _("auto", lang), v) for label, v in self.depth.options]
            self.depth.value = keep[1]
            self.orient.options = [(_("left to right", lang), "right"), (_("top down", lang), "down")]
            self.orient.value = keep[2]
            self.method.options = [(_("exact (LP)", lang), "exact"), ("CFR+", "cfr+")]
            self.method.value = keep[3]
        finally:
            self._relabelling = False
        self.picker.description = _("Position", lang)
        self.depth.description = _("Depth", lang)
        self.orient.description = _("Layout", lang)
        self.method.description = _("Solve by", lang)
        self.solve_button.description = _("Solve", lang)
        self.zoom_in.description = _("Subtree of selected node", lang)
        self.zoom_in.tooltip = _("Draw only the subtree below the selected node", lang)
        self.zoom_out.description = _("Whole tree", lang)
        self.zoom_out.tooltip = _("Draw from the root again", lang)
        self.pane.label = _("game tree", lang)
        self.language_menu.description = _("Language", lang)
        self._relabel_form()

    def _on_language(self, change: Mapping[str, Any]) -> None:
        self.lang = check_language(change["new"])
        self._relabel()
        self.status.value = self._status(self.lang)
        self._show_about()
        if self.tree is not None and self.selected is not None:
            self._show_details()

    def _members(self, node: Hashable) -> list[Hashable]:
        d = self.tree.nodes[node]
        if d.get("kind") != "decision":
            return []
        key = (d.get("player"), d.get("infoset"))
        return [n for n, e in self.tree.nodes(data=True)
                if e.get("kind") == "decision" and (e.get("player"), e.get("infoset")) == key]

    def _redraw(self) -> None:
        if self.tree is None:
            return
        strategy = self.solution.strategy if self.solution is not None else None
        depth = self.depth.value or (None if self.lazy is None else self._lazy_depth() + 1)  # lazy: all opened
        svg = draw(self.tree, max_depth=depth, max_leaves=self.max_leaves, strategy=strategy,
                   highlight=self._members(self.selected) if self.selected is not None else (),
                   selected=self.selected, root=self.view_root, orient=self.orient.value, fit=False)
        self.pane.svg = svg if self.lazy is None else _mark_unopened(svg, self.lazy.unopened(), self.orient.value)

    def _on_click(self, text: str) -> None:
        if not text:
            return
        node: Hashable = int(text) if text.lstrip("-").isdigit() else text
        if node in self.tree:
            self.select(node)

    def _on_pick(self, change: Mapping[str, Any]) -> None:
        if getattr(self, "_relabelling", False):
            return
        name = change["new"]
        self.describe_box.selected_index = 0 if name == DESCRIBED else None
        if name in self.positions:
            about, factory = self.positions[name]
            try:
                self.load(factory(), about=about)
            except KitError as exc:  # the tree shown stays; the status line says why this one cannot open
                error = str(exc)
                self._set_status(lambda lang: "<span style='color:#b00'>" + escape(
                    _(N_CANNOT, lang, position=name, error=error)) + "</span>")

    def _describe_form(self) -> tuple[w.Accordion, dict[str, w.Widget]]:
        # the values are the notation (card names, "unknown"): they stay English, only the labels are translated
        f = {
            "edition": w.Dropdown(options=[("classic", "classic"), ("2019", "2019")], value="classic"),
            "to_move": w.Dropdown(options=[("0", 0), ("1", 1)], value=0),
            "face_up": w.Text(value="Guard, Priest, Handmaid"),
            "played0": w.Text(value="Guard, Baron, Handmaid, King"),
            "played1": w.Text(value="Guard, Priest, Baron, Guard"),  # with deck 2: princess-hunt, a round's
            "hand0": w.Text(value="unknown"),
            "hand1": w.Text(value="unknown"),
            "deck": w.BoundedIntText(value=2, min=1, max=20),
        }
        build = w.Button(icon="sitemap")
        error = w.HTML()
        help_text = w.HTML()

        def on_build(_b: Any) -> None:
            error.value = ""
            hand = lambda t: None if t.strip().lower() in ("", "unknown", "?", "none") else t.strip()  # noqa: E731
            try:
                self.describe(edition=f["edition"].value, to_move=f["to_move"].value,
                              face_up=_cards(f["face_up"].value),
                              played=[_cards(f["played0"].value), _cards(f["played1"].value)],
                              hands=[hand(f["hand0"].value), hand(f["hand1"].value)], deck=f["deck"].value)
            except KitError as exc:
                error.value = f"<span style='color:#b00'>{escape(str(exc))}</span>"

        build.on_click(on_build)
        f["build"], f["error"], f["help"] = build, error, help_text
        box = w.Accordion([w.VBox([help_text, *(f[k] for k in ("edition", "to_move", "face_up", "played0",
                                                               "played1", "hand0", "hand1", "deck")),
                                   build, error])])
        box.selected_index = None
        return box, f

    def _relabel_form(self) -> None:
        lang, f = self.lang, self._form
        edition = f["edition"].value
        f["edition"].options = [(_("classic", lang), "classic"), ("2019", "2019")]
        f["edition"].value = edition
        to_move = f["to_move"].value
        f["to_move"].options = [(_("player {player}", lang, player=p), p) for p in (0, 1)]
        f["to_move"].value = to_move
        f["edition"].description = _("Edition", lang)
        f["to_move"].description = _("To move", lang)
        f["face_up"].description = _("Face up", lang)
        f["played0"].description = _("p{player} played", lang, player=0)
        f["played1"].description = _("p{player} played", lang, player=1)
        f["hand0"].description = _("p{player} hand", lang, player=0)
        f["hand1"].description = _("p{player} hand", lang, player=1)
        f["deck"].description = _("Deck", lang)
        f["build"].description = _("Build this position", lang)
        # i18n: {unknown} is the English word "unknown" (typed as it is: the form reads the notation)
        words = escape(_("Cards by their names in the notation (Guard, Priest, ...), separated by commas. A hand is "
                         "a card both players know (a Priest peek, a King trade) or {unknown}: dealt by chance at "
                         "the root.", lang))
        f["help"].value = "<small>" + words.format(unknown="<code>unknown</code>") + "</small>"
        self.describe_box.set_title(0, _("Describe a position", lang))


def _mark_unopened(svg: str, nodes: list[int], orient: str) -> str:
    """``svg`` with a white triangle beside each node of ``nodes`` (children not open yet) and "click to open"
    in its tooltip; inside the node's ``<g>``, so a click on the triangle opens the node."""
    if not nodes:
        return svg
    wanted = set(nodes)

    def mark(m: re.Match) -> str:
        group = m.group(0)
        node = int(m.group(1)) if m.group(1).isdigit() else None
        if node not in wanted:
            return group
        at = re.search(r'<circle cx="([\d.-]+)" cy="([\d.-]+)" r="(?:8|10)"', group)
        if at is None:
            return group
        x, y = float(at.group(1)), float(at.group(2))
        shape = (f"M{x + 11:.1f},{y - 7:.1f} l12,7 l-12,7 z" if orient == "right"
                 else f"M{x - 7:.1f},{y + 11:.1f} l14,0 l-7,12 z")
        triangle = (f'<path class="kit-unopened" d="{shape}" fill="#fff" stroke="#666" stroke-width="1.5"/>')
        group = group.replace("</title>", " (click to open)</title>", 1)
        return group[:-len("</g>")] + triangle + "</g>"

    return re.sub(r'<g class="kit-node" data-node="([^"]+)"[^>]*>.*?</g>', mark, svg, flags=re.S)
