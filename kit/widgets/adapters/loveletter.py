"""Love Letter at the table: click a card, then a player, then (Guard) the card to name.

After a Chancellor: click the card to keep, then the order of the other two
under the deck.  The Princess asks to confirm (playing her puts you out).
A card nobody can be chosen for is played at once, with no effect.  A card of
the hand the rules forbid now (the King or a Prince beside the Countess) carries
the engine's own reason as its note (:meth:`kit.loveletter.cards.Edition.barred`,
said in the table's language by :func:`kit.i18n.refusals.explain`): the adapter
states no rule.

Examples
--------
>>> from kit.loveletter import LoveLetter, Play, Keep, CardClassic as C
>>> a = LoveLetterAdapter(LoveLetter(2, edition="classic"))
>>> a.clicks(Play(C.GUARD, 1, C.PRIEST))
('card:1', 'target:1', 'guess:2')
>>> a.clicks(Play(C.PRINCESS))
('card:8', 'confirm')
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core.match import Match
from ...i18n import N_, _
from ...i18n.refusals import explain
from ...loveletter.actions import Keep, Play
from ..adapter import Offer, TableAdapter

__all__ = ["LoveLetterAdapter"]


class LoveLetterAdapter(TableAdapter):
    """The Love Letter table adapter (both editions, 2 to 6 players)."""

    game_name = "loveletter"
    felt = ("#2c7049", "#1d5335", "#f3f6f4")
    #: The setup form's settings: key -> (its words, {value: the value's words}) (messages).
    SETTING_CHOICES = {"edition": (N_("Edition"), {
        "classic": N_("classic"),
        # i18n: the Love Letter edition of 2019 (a setup form's choice)
        "2019": N_("2019"),
        # i18n: the classic edition with its first publisher's rules (7/5/4 tokens, ties broken by discards)
        "first-publisher": N_("first-publisher")})}

    # ------------------------------------------------------------------ the whole game
    def new_match(self, first_player: int | None, seed: int) -> Match:
        from ...loveletter.match import Match as LoveLetterMatch

        return LoveLetterMatch(self.game, seed=seed, first_player=first_player)

    @staticmethod
    def _game_settings(edition: str) -> dict[str, Any]:
        """The game's settings for the setup form's edition (its menu lists the first-publisher variant too)."""
        if edition == "first-publisher":
            return {"edition": "classic", "variant": "first-publisher"}
        return {"edition": edition, "variant": None}

    def player_counts(self, **settings: Any) -> range:
        """The edition's player counts (the rule: :meth:`kit.loveletter.LoveLetter.player_counts`).

        ``settings``: the setup form's ``edition`` (default: this game's).

        >>> from kit.loveletter import LoveLetter
        >>> a = LoveLetterAdapter(LoveLetter(3, edition="classic"))
        >>> a.player_counts(), a.player_counts(edition="2019"), a.player_counts(edition="first-publisher")
        (range(2, 5), range(2, 7), range(2, 5))
        """
        game = type(self.game)
        if not settings:
            return game.player_counts(**self.game.settings())
        return game.player_counts(**self._game_settings(**settings))

    def game_setting(self, key: str) -> Any:
        s = self.game.settings()
        return "first-publisher" if s.get("variant") == "first-publisher" else s["edition"]

    def make_game(self, players: int, edition: str = "2019") -> Any:
        return type(self.game)(players, **self._game_settings(edition))

    # ------------------------------------------------------------------ composing
    def clicks(self, action: Any) -> tuple[str, ...]:
        if isinstance(action, Keep):
            k = int(action.card)
            under = [int(u) for u in action.under]
            if len(under) == 2 and under[0] != under[1]:
                return (f"keep:{k}", f"keep:{k}:{under[0]},{under[1]}")
            return (f"keep:{k}",)
        out = [f"card:{int(action.card)}"]
        if action.target is not None:
            out.append(f"target:{action.target}")
        if action.guess is not None:
            out.append(f"guess:{int(action.guess)}")
        if action.card.name == "PRINCESS":
            out.append("confirm")
        return tuple(out)

    def _card(self, value: str) -> Any:
        return self.game.edition.card(int(value))

    @staticmethod
    def _name(card: Any, lang: str | None) -> str:
        """A card's name as the rule sheet of ``lang`` prints it."""
        from ...render.loveletter import card_name

        return card_name(card, lang)

    def aimed_at(self, event: Mapping[str, Any]) -> int | None:
        """The seat another's move in ``event`` is aimed at: :func:`kit.loveletter.events.aimed_at`."""
        from ...loveletter.events import aimed_at

        return aimed_at(event)

    def cancel_words(self, lang: str | None) -> str:
        """A move begins with a card: undoing its clicks is choosing another (the words of the picture's own
        button at the later steps: one home, :func:`kit.render.loveletter.cancel_words`)."""
        from ...render.loveletter import cancel_words

        return cancel_words(lang)

    def label(self, choice: str, obs: Mapping[str, Any], names: Sequence[str], lang: str | None) -> str:
        kind, _sep, arg = choice.partition(":")
        if kind == "card":
            return _("Play the {card}", lang, card=self._name(self._card(arg), lang))
        if kind == "target":
            s = int(arg)
            if s == obs.get("seat"):
                return _("Choose yourself", lang)
            return _("Choose {name}", lang, name=names[s])
        if kind == "guess":
            return _("Guess the {card}", lang, card=self._name(self._card(arg), lang))
        if kind == "confirm":
            return _("Play the Princess anyway", lang)
        if kind == "keep":
            k, _sep2, under = arg.partition(":")
            if not under:
                return _("Keep the {card}", lang, card=self._name(self._card(k), lang))
            first, last = (self._name(self._card(u), lang) for u in under.split(","))
            return _("{first} under the deck first, then {last} at the very bottom", lang, first=first, last=last)
        return choice

    def prompt(self, obs: Mapping[str, Any], picked: tuple[str, ...], names: Sequence[str],
               lang: str | None) -> str:
        if obs.get("phase") == "chancellor-keep":
            if not picked:
                return _("Chancellor: keep one of your cards; the others go under the deck.", lang)
            return _("Chancellor: choose the order of the two cards under the deck (the first is drawn sooner).",
                     lang)
        if not picked:
            return _("Your turn, {name}: choose a card to play.", lang, name=names[obs["seat"]])
        card = self._card(picked[0].partition(":")[2])
        if len(picked) == 1 and card.name == "PRINCESS":
            return _("Playing the Princess puts you out of the round. Are you sure?", lang)
        if len(picked) == 1:
            return _("{card}: choose a player. Click their place at the table.", lang, card=self._name(card, lang))
        target = int(picked[1].partition(":")[2])
        # i18n: a Guard's last step: the player guesses (names) the card another player holds
        return _("Guard on {name}: guess a card! Click the card you think {name} holds (not the Guard). "
                 "If you are right, {name} is out.", lang, name=names[target])

    # ------------------------------------------------------------------ pictures
    def _ui(self, obs: Mapping[str, Any], offer: Offer | None, lang: str | None) -> dict[str, Any]:
        """The choices of ``offer`` in the form :func:`kit.render.loveletter.table_html` draws them."""
        if offer is None:
            return {"prompt": " "}
        picked = offer.picked
        ed = self.game.edition
        ui: dict[str, Any] = {"prompt": " "}
        args = [c.partition(":")[2] for c in offer.choices]
        kinds = {c.partition(":")[0] for c in offer.choices}
        if not picked and "card" in kinds:
            playable = sorted(int(a) for a in args)
            held = [ed.by_name(c) for c in obs.get("hand", ())]
            # a card of the hand the rules forbid now, with the engine's reason (the Countess rule)
            barred = {int(c): why for c in held if int(c) not in playable and (why := ed.barred(c, held))}
            ui.update(step="card", playable=playable,
                      blocked={v: explain(why, lang, notation=False) for v, why in barred.items()})
        elif not picked and "keep" in kinds:
            ui.update(step="keep", keeps=sorted(int(a) for a in args))
        elif picked and picked[0].startswith("keep:"):
            k = int(picked[0].partition(":")[2])
            orders = [[k, [int(u) for u in a.partition(":")[2].split(",")]] for a in args]
            ui.update(step="order", card=k, orders=orders)
        else:
            card = int(picked[0].partition(":")[2])
            if "target" in kinds:
                ui.update(step="target", card=card, targets=sorted(int(a) for a in args))
            elif "guess" in kinds:
                ui.update(step="guess", card=card, target=int(picked[1].partition(":")[2]),
                          guesses=[int(a) for a in args])
            elif "confirm" in kinds:
                ui.update(step="confirm", card=card)
        return ui

    def picture(self, obs: Mapping[str, Any], *, names: Sequence[str], offer: Offer | None, lang: str | None,
                size: str = "normal", replay: bool = False) -> str:
        from ...render.loveletter import table_html

        return table_html(obs, names=names, ui=self._ui(obs, offer, lang), log=False, banner=False, lang=lang)

    def teacher_picture(self, state: Any, *, names: Sequence[str], lang: str | None, size: str = "normal") -> str:
        from ...render.loveletter import teacher_table_html

        return teacher_table_html(state, names=names, log=False, banner=False, lang=lang)

    def reasoning(self, state: Any, seat: int | None, *, names: Sequence[str], lang: str | None) -> str:
        """Card counting for ``seat``: the cards it has not seen, and the chance of each card an opponent holds
        (with two cards in hand, the chance of holding it: never expected copies shown as chances)."""
        if seat is None:
            return ""
        from ...loveletter.counting import chances_of, posterior_hands
        from ...loveletter.knowledge import knowledge
        from ...render.loveletter import counting_html

        hands = posterior_hands(state, seat)
        sizes = {o: state.hand_sizes()[o] for o, dist in hands.items() if dist}
        return counting_html(dict(knowledge(state, seat).unseen), chances_of(hands), edition=self.game.edition,
                             names=names, seat=seat, hand_sizes=sizes, lang=lang)

    def how_to_play(self, lang: str | None) -> str:
        from ...render.loveletter import how_to_play_html

        ed = self.game.edition
        return how_to_play_html(ed, ed.tokens_to_win.get(self.game.num_players), lang)
