"""Table adapters: how each game of the kit plugs into :class:`~kit.widgets.GameTable`.

* :class:`~kit.widgets.adapters.loveletter.LoveLetterAdapter` — card, then player, then the card named;
* :class:`~kit.widgets.adapters.sleepingqueens.SleepingQueensAdapter` — cards, then the target;
* :class:`~kit.widgets.adapters.princesslegend.PrincessLegendAdapter` — player, question, pointed place.

Each is imported on demand by :func:`kit.widgets.table.adapter_for`.
"""
