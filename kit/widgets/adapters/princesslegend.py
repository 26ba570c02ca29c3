"""Princess Legend at the table: ask in words, answer in words, turn a tile over with a click.

**The Prince** clicks a player, then a question in words ("Where is the
Princess?", "Who are you?", "Who is that?"); for "Who is that?" he then
points at a third player or at the centre tile.  He may also start from the
centre tile ("who is the centre tile?") and then click whom to ask.  After
every player has answered once he may ask one more question the same way, or
choose "Reveal now"; then he clicks the tile he turns over.

**An answering player** reads their tile and its rule ("You are the Guard —
red: you must lie") and clicks one of the answers their colour allows, in
words (a player, the centre, or a character).  Red and green players may ask
"Why not the truth?" / "Why only this answer?": a note, not a move.

The adapter re-implements no rule: the answers offered are the seat's legal
actions, and the truth a red player may not tell is the one answer in play
that is not among them.

Examples
--------
>>> from kit.princesslegend import PrincessLegend, parse_action
>>> a = PrincessLegendAdapter(PrincessLegend(4))
>>> a.clicks(parse_action("ask p2 who-is centre"))
('ask:2', 'q:who-is', 'about:centre')
>>> a.clicks(parse_action("answer Black Queen")), a.clicks(parse_action("reveal p3"))
(('say:Black Queen',), ('reveal:3',))
>>> s = PrincessLegend(4).dealt_state(["Prince", "Guard", "Fairy", "Princess"], centre="Black Queen")
>>> s.apply_action("ask p1 where-princess")
>>> offer = a.offer(s.observation(1), s.legal_actions(), (), names=["Ana", "Ben", "Cleo", "Dev"])
>>> offer.prompt
'Ana asks you: “Where is the Princess?” You are the Guard — red: you must lie.'
>>> list(offer.choices.values())
['Answer: myself (Ben)', 'Answer: Cleo', 'Answer: the centre', 'Why not the truth?']
>>> a.offer(s.observation(1), s.legal_actions(), ("why",), names=["Ana", "Ben", "Cleo", "Dev"]).note
'The Guard is red, and red tiles must lie: the truth (Dev) is not yours to give.'
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core.errors import KitError
from ...core.match import Match, SingleRound
from ...i18n import N_, _
from ...princesslegend.actions import CENTRE, Answer, Ask, NoExtraQuestion, Question, Reveal
from ...princesslegend.tiles import Character, character_by_name
from ..adapter import Offer, TableAdapter

__all__ = ["PrincessLegendAdapter"]

#: A note-only choice of an answering player: why the truth is (or is the only answer) offered.
WHY = "why"
NO_EXTRA = "noextra"

_QUESTION_WORDS = {
    "where-princess": N_("Where is the Princess?"),
    "who-are-you": N_("Who are you?"),
    "who-is": N_("Who is that?"),
}
_TILE_RULE_WORDS = {
    "green": N_("The {tile} is green: it must tell the truth."),
    "red": N_("The {tile} is red: it must lie."),
    "blue": N_("The {tile} is blue: it may lie or tell the truth."),
}
_RULE_WORDS = {
    "green": N_("You are the {tile} — green: you must tell the truth."),
    "red": N_("You are the {tile} — red: you must lie."),
    "blue": N_("You are the {tile} — blue: you may lie or tell the truth."),
}


def _place_token(place: Any) -> str:
    return "centre" if place == CENTRE else str(place)


def _place_of(token: str) -> int | str:
    return CENTRE if token == "centre" else int(token)


def _answer_token(a: Answer) -> str:
    if a.character is not None:
        return f"say:{a.character}"
    return "say:centre" if a.place == CENTRE else f"say:p{a.place}"


class PrincessLegendAdapter(TableAdapter):
    """The Princess Legend table adapter (3 to 8 players).

    Options
    -------
    challenge
        Hide the deduction panel beside the Prince's table (the inspect panel
        still shows it).  Default ``False``: the panel is on, as in the
        learning notebook.  Once the round is over, the debrief shows why
        each place was ruled out to everyone, challenge or not.
    whole_game
        Play a whole game (every player the Prince in turn, rubies, and one
        last round if the lead is tied: the sheet's "une dernière manche",
        docs/rules/princesslegend.md#ties-and-the-last-round; default), or
        ``False``: one round at a time.
    length
        How long a whole game is: ``"full"`` (the sheet's: each player the Prince 3 times with 3-4 players,
        twice with 5-6, once with 7-8; default) or ``"lesson"`` (each player the Prince once: 4 rounds at 4
        players instead of 12, the sheet's last round after them if the lead is tied).
    """

    game_name = "princesslegend"
    felt = ("#2f8f5b", "#1f6f43", "#ffffff")
    OPTIONS: Mapping[str, Any] = {"challenge": False, "whole_game": True, "length": "full"}
    #: The lengths of a whole game: the Prince turns of each player (``None``: the sheet's).
    LENGTHS: Mapping[str, int | None] = {"full": None, "lesson": 1}

    def __init__(self, game: Any, **options: Any) -> None:
        super().__init__(game, **options)
        if self.options["length"] not in self.LENGTHS:
            raise KitError(f"length must be one of {', '.join(self.LENGTHS)}, not {self.options['length']!r}")
        self._match: Match | None = None

    # ------------------------------------------------------------------ the whole game
    def new_match(self, first_player: int | None, seed: int) -> Match:
        if not self.options["whole_game"]:
            self._match = SingleRound(self.game, first_player=first_player)
        else:
            from ...princesslegend.match import Match as PrincessLegendMatch

            self._match = PrincessLegendMatch(self.game, seed=seed, first_player=first_player,
                                              prince_turns=self.LENGTHS[self.options["length"]])
        return self._match

    def game_setting(self, key: str) -> Any:
        raise KitError(f"Princess Legend has no setting {key!r}")

    def make_game(self, players: int) -> Any:
        from ...princesslegend.game import PrincessLegend

        return PrincessLegend(players)

    # ------------------------------------------------------------------ words
    @staticmethod
    def _who(place: Any, names: Sequence[str], lang: str | None) -> str:
        """A place in words: a player's name, or "the centre"."""
        if place == CENTRE or place == "centre":
            return _("the centre", lang)
        if isinstance(place, str) and place.startswith("p"):
            place = int(place[1:])
        return names[int(place)]

    @staticmethod
    def _tile(tile: Any, lang: str | None) -> str:
        """A tile's name as the rule sheet of ``lang`` prints it."""
        from ...render.princesslegend_art import tile_name

        return tile_name(tile, lang)

    def _said(self, token: str, names: Sequence[str], lang: str | None, me: int | None = None) -> str:
        """What a ``say:`` token says, in words (a name, "myself", "the centre", "the Fairy")."""
        from ...render.princesslegend import said_words

        return said_words(token.partition(":")[2], names, lang, me)

    def aimed_at(self, event: Mapping[str, Any]) -> int | None:
        """The seat another's move in ``event`` is aimed at: :func:`kit.princesslegend.events.aimed_at`."""
        from ...princesslegend.events import aimed_at

        return aimed_at(event)

    def label(self, choice: str, obs: Mapping[str, Any], names: Sequence[str], lang: str | None) -> str:
        kind, _sep, arg = choice.partition(":")
        if kind == "ask":
            if arg == "centre":
                return _("Ask someone who the centre tile is", lang)
            return _("Ask {name} a question", lang, name=names[int(arg)])
        if kind == "q":
            return _(_QUESTION_WORDS[arg], lang)
        if kind == "about":
            if arg == "centre":
                return _("Point at the centre tile", lang)
            return _("Point at {name}", lang, name=names[int(arg)])
        if kind == "to":
            return _("Ask {name}: who is the centre tile?", lang, name=names[int(arg)])
        if kind == NO_EXTRA:
            return _("Reveal now (no extra question)", lang)
        if kind == "reveal":
            if arg == "centre":
                return _("Turn over the centre tile", lang)
            return _("Turn over {name}'s tile", lang, name=names[int(arg)])
        if kind == "say":
            return _("Answer: {answer}", lang, answer=self._said(choice, names, lang, obs.get("seat")))
        if kind == WHY:
            return _("Why not the truth?", lang)
        return choice

    def _question_text(self, q: Mapping[str, Any], names: Sequence[str], lang: str | None) -> str:
        """The question of ``q`` (an entry of ``observation["questions"]``), as the Prince says it."""
        if q["question"] == "who-is":
            if q["about"] == "centre":
                return _("Who is the centre tile?", lang)
            return _("Who is {name}?", lang, name=self._who(q["about"], names, lang))
        return _(_QUESTION_WORDS[q["question"]], lang)

    def prompt(self, obs: Mapping[str, Any], picked: tuple[str, ...], names: Sequence[str],
               lang: str | None) -> str:
        phase = obs.get("phase")
        if phase == "answer":
            q = obs["questions"][-1]
            role = character_by_name(obs["role"])
            return (_("{prince} asks you: “{question}”", lang, prince=names[obs["prince"]],
                      question=self._question_text(q, names, lang))
                    + " " + _(_RULE_WORDS[role.colour.value], lang, tile=self._tile(role, lang)))
        if phase == "reveal":
            return _("Turn one tile over: click the tile you think is the Princess.", lang)
        if picked and picked[0] == "ask:centre":
            return _("Whom do you ask who the centre tile is? Click a player.", lang)
        if len(picked) >= 2 and picked[1] == "q:who-is":
            return _("“Who is that?” Click the player (or the centre tile) {name} should name.", lang,
                     name=names[int(picked[0].partition(":")[2])])
        if picked:
            return _("Which question do you ask {name}?", lang, name=names[int(picked[0].partition(":")[2])])
        if phase == "extra-question":
            return _("Everyone has answered. Ask one more question (click a player), or reveal now.", lang)
        left = len(obs.get("still_to_ask", ()))
        if left == obs["players"] - 1:
            return _("Ask every player one question: click a player (or the centre tile, to ask about it).", lang)
        left = [names[s] for s in obs.get("still_to_ask", ())]
        listed = left[0] if left else ""
        for item in left[1:]:
            listed = _("{list}, {item}", lang, list=listed, item=item)
        return _("Click the next player to ask (still to ask: {names}).", lang, names=listed)

    # ------------------------------------------------------------------ composing
    def clicks(self, action: Any) -> tuple[str, ...]:
        if isinstance(action, Ask):
            path = (f"ask:{action.seat}", f"q:{action.question.value}")
            if action.question is Question.WHO_IS:
                path += (f"about:{_place_token(action.about)}",)
            return path
        if isinstance(action, NoExtraQuestion):
            return (NO_EXTRA,)
        if isinstance(action, Answer):
            return (_answer_token(action),)
        if isinstance(action, Reveal):
            return (f"reveal:{_place_token(action.place)}",)
        return ()  # chance: nobody clicks a deal

    def offer(self, obs: Mapping[str, Any], legal: Sequence[Any], picked: tuple[str, ...], *,
              names: Sequence[str] = (), lang: str | None = None) -> Offer:
        names = list(names) or [f"p{s}" for s in range(self.game.num_players)]
        if not legal:
            raise KitError("nothing to choose now")
        first = legal[0]
        if isinstance(first, Answer):
            return self._answer_offer(obs, legal, picked, names, lang)
        if isinstance(first, Reveal):
            return self._simple_offer(obs, legal, picked, names, lang)
        return self._ask_offer(obs, legal, picked, names, lang)

    def _simple_offer(self, obs: Mapping[str, Any], legal: Sequence[Any], picked: tuple[str, ...],
                      names: Sequence[str], lang: str | None) -> Offer:
        by_token = {self.clicks(a)[0]: a for a in legal}
        if picked:
            if len(picked) != 1 or picked[0] not in by_token:
                raise KitError(f"the clicks {' '.join(picked)} make no action open now")
            return Offer({}, picked, "", by_token[picked[0]])
        choices = {t: self.label(t, obs, names, lang) for t in by_token}
        return Offer(choices, (), self.prompt(obs, (), names, lang))

    def _answer_offer(self, obs: Mapping[str, Any], legal: Sequence[Any], picked: tuple[str, ...],
                      names: Sequence[str], lang: str | None) -> Offer:
        by_token = {_answer_token(a): a for a in legal}
        said = [p for p in picked if p != WHY]
        if said:
            if len(said) != 1 or said[0] not in by_token:
                raise KitError(f"the clicks {' '.join(picked)} make no answer open now")
            return Offer({}, tuple(said), "", by_token[said[0]])
        role = character_by_name(obs["role"])
        colour = role.colour.value
        choices = {t: self.label(t, obs, names, lang) for t in by_token}
        if colour == "green":
            choices[WHY] = _("Why only this answer?", lang)
        elif colour == "red":
            choices[WHY] = _("Why not the truth?", lang)
        note = ""
        if WHY in picked:
            note = self._why_note(obs, by_token, role, names, lang)
        return Offer(choices, (), self.prompt(obs, (), names, lang), None, note)

    def _why_note(self, obs: Mapping[str, Any], by_token: Mapping[str, Any], role: Character,
                  names: Sequence[str], lang: str | None) -> str:
        """Why a red player is not offered the truth (or a green one only the truth), from the legal answers."""
        tile = self._tile(role, lang)
        if role.colour.value == "green":
            truth = self._said(next(iter(by_token)), names, lang)
            return _("The {tile} is green, and green tiles must tell the truth: {truth} is the only true answer.",
                     lang, tile=tile, truth=truth)
        q = obs["questions"][-1]
        if q["question"] == "where-princess":
            every = [f"say:p{s}" for s in range(obs["players"]) if s != obs["prince"]]
            every += ["say:centre"] if obs["has_centre"] else []
        else:
            every = [f"say:{t}" for t in obs["tile_set"]]
        missing = [t for t in every if t not in by_token]
        truth = self._said(missing[0], names, lang) if len(missing) == 1 else "?"
        return _("The {tile} is red, and red tiles must lie: the truth ({truth}) is not yours to give.", lang,
                 tile=tile, truth=truth)

    def _ask_offer(self, obs: Mapping[str, Any], legal: Sequence[Any], picked: tuple[str, ...],
                   names: Sequence[str], lang: str | None) -> Offer:
        asks = [a for a in legal if isinstance(a, Ask)]
        noextra = next((a for a in legal if isinstance(a, NoExtraQuestion)), None)
        fail = KitError(f"the clicks {' '.join(picked)} make no question open now")
        if not picked:
            choices: dict[str, str] = {}
            for s in sorted({a.seat for a in asks}):
                choices[f"ask:{s}"] = self.label(f"ask:{s}", obs, names, lang)
            if any(a.about == CENTRE for a in asks):
                choices["ask:centre"] = self.label("ask:centre", obs, names, lang)
            if noextra is not None:
                choices[NO_EXTRA] = self.label(NO_EXTRA, obs, names, lang)
            return Offer(choices, (), self.prompt(obs, (), names, lang))
        head = picked[0]
        if head == NO_EXTRA:
            if noextra is None or len(picked) != 1:
                raise fail
            return Offer({}, picked, "", noextra)
        kind, _sep, arg = head.partition(":")
        if kind != "ask":
            raise fail
        if arg == "centre":  # from the centre tile: whom to ask about it
            to = {a.seat: a for a in asks if a.question is Question.WHO_IS and a.about == CENTRE}
            if len(picked) == 1:
                choices = {f"to:{s}": self.label(f"to:{s}", obs, names, lang) for s in sorted(to)}
                return Offer(choices, picked, self.prompt(obs, picked, names, lang))
            k, _sep, s = picked[1].partition(":")
            if k != "to" or len(picked) != 2 or not s.isdigit() or int(s) not in to:
                raise fail
            return Offer({}, picked, "", to[int(s)])
        if not arg.isdigit():
            raise fail
        seat = int(arg)
        mine = [a for a in asks if a.seat == seat]
        if not mine:
            raise fail
        if len(picked) == 1:
            qs = dict.fromkeys(f"q:{a.question.value}" for a in mine)
            choices = {q: self.label(q, obs, names, lang) for q in qs}
            return Offer(choices, picked, self.prompt(obs, picked, names, lang))
        qk, _sep, qv = picked[1].partition(":")
        chosen = [a for a in mine if qk == "q" and a.question.value == qv]
        if not chosen:
            raise fail
        if chosen[0].question is not Question.WHO_IS:
            if len(picked) != 2:
                raise fail
            return Offer({}, picked, "", chosen[0])
        abouts = {_place_token(a.about): a for a in chosen}
        if len(picked) == 2:
            choices = {f"about:{t}": self.label(f"about:{t}", obs, names, lang) for t in abouts}
            return Offer(choices, picked, self.prompt(obs, picked, names, lang))
        ak, _sep, av = picked[2].partition(":")
        if ak != "about" or len(picked) != 3 or av not in abouts:
            raise fail
        return Offer({}, picked, "", abouts[av])

    # ------------------------------------------------------------------ pictures
    def _rubies(self, replay: bool) -> list[int] | None:
        """Rubies per seat so far in the match (public), for the live table; ``None`` in a replay."""
        if replay or self._match is None or self._match.planned_rounds() == 1:
            return None
        return list(self._match.scores)

    def picture(self, obs: Mapping[str, Any], *, names: Sequence[str], offer: Offer | None, lang: str | None,
                size: str = "normal", replay: bool = False) -> str:
        from ...render.princesslegend import is_over, table_picture

        # the deduction panel: the Prince's help while he asks (not in a challenge); after the round, the
        # debrief's "why each place was ruled out", for everyone (every tile is face up by then)
        prince = obs.get("seat") is not None and obs.get("seat") == obs.get("prince")
        show = not replay and (is_over(obs) or (prince and not self.options["challenge"]))
        return table_picture(obs, names=names, choices=dict(offer.choices) if offer else {},
                             picked=offer.picked if offer else (), lang=lang, rubies=self._rubies(replay),
                             deduction=show, size=size)

    def teacher_picture(self, state: Any, *, names: Sequence[str], lang: str | None, size: str = "normal") -> str:
        from ...princesslegend.events import all_events
        from ...render.princesslegend import table_picture

        obs = dict(state.observation(None))
        log = all_events(state)
        from ...princesslegend.events import known_tiles

        tiles, centre = known_tiles(log, obs["players"])
        obs.update(log=log, tiles=tiles, centre=centre, seat=None)
        return table_picture(obs, names=names, choices={}, picked=(), lang=lang, rubies=None, deduction=True,
                             size=size, teacher=True)

    def reasoning(self, state: Any, seat: int | None, *, names: Sequence[str], lang: str | None) -> str:
        """What the Prince can deduce at ``state``: read from what everyone sees (the Prince's knowledge).

        The same for every seat (the questions, answers, the reveal and the
        rubies are public); it never reads a tile the Prince has not seen.
        """
        from ...render.princesslegend import reasoning_html

        return reasoning_html(state.observation(None), names=names, lang=lang, reader=seat)

    def how_to_play(self, lang: str | None) -> str:
        from ...render.princesslegend import how_to_play_html

        return how_to_play_html(lang)

    def rules_of(self, choice: str, obs: Mapping[str, Any], lang: str | None) -> str:
        kind, _sep, arg = choice.partition(":")
        if kind == "say" and not (arg == "centre" or arg.startswith("p") and arg[1:].isdigit()):
            c = character_by_name(arg)
            return _(_TILE_RULE_WORDS[c.colour.value], lang, tile=self._tile(c, lang))
        return ""
