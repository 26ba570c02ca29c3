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
"""

from __future__ import annotations

import time
from typing import Any, Callable, Hashable, Mapping

import ipywidgets as w

from ..core.errors import KitError
from ..render.trees import node_details_html, solution_html
from ..trees import build_tree, solve, summary
from ..trees.draw import draw, infoset_labels, root_of
from .clickpane import SvgPane

__all__ = ["TreeExplorer"]


def _loveletter_gallery() -> dict[str, tuple[str, Callable[[], Any]]]:
    from ..loveletter.endgame import GALLERY, endgame

    return {name: (spec["about"], (lambda n=name: endgame(n))) for name, spec in GALLERY.items()}


def _cards(text: str) -> list[str]:
    return [t.strip() for t in text.replace(";", ",").split(",") if t.strip()]


class TreeExplorer(w.VBox):
    """A game tree you can look at, click and solve.

    Parameters
    ----------
    state
        Any protocol state to expand (overrides ``position``).
    position
        A name from ``positions`` (by default the Love Letter endgame gallery).
    positions
        ``{name: (about, factory)}`` of positions offered in the picker.
    max_nodes
        Refuse trees larger than this (the explorer says so).
    max_leaves
        Draw at most this many leaves; deeper levels collapse (the depth
        picker expands them).  Once solved, the whole tree is drawn at least
        one level below its first decisions, so the strategy shows on edges.
    orient
        ``"right"`` (default: the root on the left, leaves stacked down the
        pane, which suits its width) or ``"down"`` (as a textbook draws it);
        the *Layout* picker switches.

    The picture opens fitted to the width of its pane (zoom 1) and scrolled
    to the root; ``+``/``-`` zoom around the middle of the view.
    """

    def __init__(self, state: Any = None, *, position: str | None = "princess-hunt",
                 positions: Mapping[str, tuple[str, Callable[[], Any]]] | None = None,
                 max_nodes: int = 300_000, max_leaves: int = 60, orient: str = "right") -> None:
        self.positions = dict(positions) if positions is not None else _loveletter_gallery()
        self.max_nodes = max_nodes
        self.max_leaves = max_leaves
        self.tree: Any = None
        self.start: Any = None
        self.solution: Any = None
        self.selected: Hashable | None = None
        self._labels: dict = {}

        self.picker = w.Dropdown(options=list(self.positions) + (["(described below)"] if self.positions else []),
                                 description="Position", layout=w.Layout(width="320px"))
        self.about = w.HTML()
        self.depth = w.Dropdown(options=[("auto", 0)], value=0, description="Depth",
                                layout=w.Layout(width="180px"))
        self.orient = w.Dropdown(options=[("left to right", "right"), ("top down", "down")], value=orient,
                                 description="Layout", layout=w.Layout(width="220px"))
        self.method = w.ToggleButtons(options=[("exact (LP)", "exact"), ("CFR+", "cfr+")], value="exact",
                                      description="Solve by", style={"button_width": "90px"})
        self.solve_button = w.Button(description="Solve", button_style="primary", icon="calculator")
        self.zoom_in = w.Button(description="Subtree of selected node", icon="search-plus",
                                tooltip="Draw only the subtree below the selected node",
                                layout=w.Layout(width="auto"))
        self.zoom_out = w.Button(description="Whole tree", icon="search-minus", tooltip="Draw from the root again",
                                 layout=w.Layout(width="auto"))
        self.view_root: Hashable | None = None
        self.status = w.HTML()
        self.pane = SvgPane(label="game tree")
        self.details = w.HTML(layout=w.Layout(width="38%", max_height="600px", overflow="auto"))
        self.pane.layout = w.Layout(width="100%")
        self.describe_box, self._form = self._describe_form()

        self.picker.observe(self._on_pick, names="value")
        self.depth.observe(lambda _: self._redraw(), names="value")
        self.orient.observe(lambda _: self._redraw(), names="value")
        self.solve_button.on_click(lambda _: self.solve(self.method.value))
        self.zoom_in.on_click(lambda _: self.show_subtree(self.selected))
        self.zoom_out.on_click(lambda _: self.show_subtree(None))
        self.pane.on_choose(self._on_click)

        super().__init__([
            w.HBox([self.picker, self.depth, self.orient]), w.HBox([self.zoom_in, self.zoom_out]),
            self.about, self.describe_box,
            w.HBox([self.method, self.solve_button]), self.status,
            w.HBox([w.Box([self.pane], layout=w.Layout(width="62%", overflow="hidden", margin="0 8px 0 0")),
                    self.details]),
        ])
        if state is not None:
            self.load(state, about="a state given in code")
        elif position is not None and position in self.positions:
            self.picker.value = position
            self._on_pick({"new": position})

    # ---------------------------------------------------------------- API
    @property
    def root(self) -> Hashable:
        return root_of(self.tree)

    def load(self, state: Any, about: str = "") -> None:
        """Expand ``state`` into its tree and show it (refuses trees over ``max_nodes``)."""
        t = time.perf_counter()
        try:
            tree = build_tree(state, max_nodes=self.max_nodes)
        except KitError as exc:
            self.status.value = f"<span style='color:#b00'>{exc}</span>"
            raise
        self.tree, self.start, self.solution, self.view_root = tree, state.clone(), None, None
        self._labels = infoset_labels(tree)
        s = summary(tree)
        self.depth.options = [("auto", 0)] + [(str(d), d) for d in range(1, s["depth"] + 1)]
        self.depth.value = 0
        self.about.value = f"<i>{about}</i>" if about else ""
        per = ", ".join(f"player {p}: {k}" for p, k in sorted(s["infosets"].items()))
        self.status.value = (f"{s['nodes']:,} nodes ({s['chance']:,} chance, {s['decision']:,} decision, "
                             f"{s['terminal']:,} leaves), depth {s['depth']}; information sets {per}; "
                             f"built in {time.perf_counter() - t:.2f} s. Click a node.")
        self.select(self.root)

    def summary(self) -> dict:
        """Counts of the current tree (see :func:`kit.trees.summary`)."""
        return summary(self.tree)

    def select(self, node: Hashable) -> None:
        """Show ``node``'s details and highlight its information set."""
        if node not in self.tree:
            raise KitError(f"no node {node!r} in this tree")
        self.selected = node
        self.details.value = node_details_html(self.tree, node, self.start, self.solution, self._labels)
        self._redraw()

    def show_subtree(self, node: Hashable | None) -> None:
        """Draw only the subtree below ``node`` (``None``: the whole tree again)."""
        if node is not None and node not in self.tree:
            raise KitError(f"no node {node!r} in this tree")
        self.view_root = node
        self._redraw()

    def solve(self, method: str = "exact", **options: Any) -> Any:
        """Solve the tree (``"exact"`` or ``"cfr+"``) and show the strategy on the edges."""
        t = time.perf_counter()
        self.status.value = f"solving by {method}…"
        self.solution = solve(self.tree, method=method, **options)
        self.status.value = solution_html(self.solution, time.perf_counter() - t)
        if self.selected is not None:
            self.details.value = node_details_html(self.tree, self.selected, self.start, self.solution, self._labels)
        self._redraw()
        return self.solution

    def describe(self, **position: Any) -> None:
        """Build a Love Letter endgame from a description (see :func:`kit.loveletter.endgame.endgame`)."""
        from ..loveletter.endgame import endgame

        self.load(endgame(**position), about="a described position")

    def svg(self) -> str:
        """The current drawing."""
        return self.pane.svg

    # ---------------------------------------------------------------- internals
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
        self.pane.svg = draw(self.tree, max_depth=self.depth.value or None, max_leaves=self.max_leaves,
                             strategy=strategy, highlight=self._members(self.selected) if self.selected is not None
                             else (), selected=self.selected, root=self.view_root, orient=self.orient.value,
                             fit=False)

    def _on_click(self, text: str) -> None:
        if not text:
            return
        node: Hashable = int(text) if text.lstrip("-").isdigit() else text
        if node in self.tree:
            self.select(node)

    def _on_pick(self, change: Mapping[str, Any]) -> None:
        name = change["new"]
        self.describe_box.selected_index = 0 if name == "(described below)" else None
        if name in self.positions:
            about, factory = self.positions[name]
            try:
                self.load(factory(), about=about)
            except KitError:
                pass

    def _describe_form(self) -> tuple[w.Accordion, dict[str, w.Widget]]:
        f = {
            "edition": w.Dropdown(options=["classic", "2019"], value="classic", description="Edition"),
            "to_move": w.Dropdown(options=[("player 0", 0), ("player 1", 1)], value=0, description="To move"),
            "face_up": w.Text(value="Guard, Priest, Handmaid", description="Face up"),
            "played0": w.Text(value="Guard, Baron, Handmaid, King", description="p0 played"),
            "played1": w.Text(value="Guard, Priest, Baron, Guard, Prince", description="p1 played"),
            "hand0": w.Text(value="unknown", description="p0 hand"),
            "hand1": w.Text(value="unknown", description="p1 hand"),
            "deck": w.BoundedIntText(value=1, min=1, max=20, description="Deck"),
        }
        build = w.Button(description="Build this position", icon="sitemap")
        error = w.HTML()
        help_text = w.HTML("<small>Cards by name, separated by commas. A hand is a card both players know "
                           "(a Priest peek, a King trade) or <i>unknown</i>: dealt by chance at the root.</small>")

        def on_build(_: Any) -> None:
            error.value = ""
            hand = lambda t: None if t.strip().lower() in ("", "unknown", "?", "none") else t.strip()  # noqa: E731
            try:
                self.describe(edition=f["edition"].value, to_move=f["to_move"].value,
                              face_up=_cards(f["face_up"].value),
                              played=[_cards(f["played0"].value), _cards(f["played1"].value)],
                              hands=[hand(f["hand0"].value), hand(f["hand1"].value)], deck=f["deck"].value)
            except KitError as exc:
                error.value = f"<span style='color:#b00'>{exc}</span>"

        build.on_click(on_build)
        f["build"], f["error"] = build, error
        box = w.Accordion([w.VBox([help_text, *(f[k] for k in ("edition", "to_move", "face_up", "played0",
                                                               "played1", "hand0", "hand1", "deck")),
                                   build, error])])
        box.set_title(0, "Describe a position")
        box.selected_index = None
        return box, f
