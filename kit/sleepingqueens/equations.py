"""Addition-equation discards of Sleeping Queens, checked with sympy.

A player may discard three or more number cards that form an addition
equation with exactly one number on the right (docs/rules/sleepingqueens.md#equations: 2+3=5, 2+3+4=9,
1+1+2=4).  The rule itself lives in :mod:`kit.sleepingqueens.cards`
(:func:`~kit.sleepingqueens.cards.is_equation`,
:func:`~kit.sleepingqueens.cards.discard_kind`,
:func:`~kit.sleepingqueens.cards.equation_text`); this module is the teaching
side of it:

* :func:`parse_equation` reads a learner's text such as ``"2 + 3 = 5"`` with a
  small tokenizer of our own.  A learner's text is **never** given to
  ``eval``, ``exec``, ``sympy.sympify`` or ``parse_expr``; anything outside the
  grammar raises :class:`~kit.core.InvalidActionError` naming the offending part.
* :func:`to_sympy` builds the equation as an unevaluated ``sympy.Eq`` from
  ``sympy.Integer`` and ``sympy.Add(..., evaluate=False)``, so ``2+3=6`` stays
  an equation object (it does not collapse to ``False``).
* :func:`holds` lets sympy decide whether the equation is true.
* :func:`check_discard` explains, in a :class:`Verdict`, whether a learner's
  claimed discard is right, and why not.
* :func:`equations_in` lists every equation discard a hand allows.

Grammar of an equation (whitespace is allowed between any two tokens)::

    equation := number ("+" number)+ "=" number
    number   := 1 | 2 | ... | 10        (ASCII digits, no sign, no leading zero)

Examples
--------
>>> from kit.sleepingqueens.equations import parse_equation, to_sympy, holds, check_discard
>>> left, right = parse_equation(" 2 + 3 + 4 = 9 ")
>>> left, right
((2, 3, 4), 9)
>>> eq = to_sympy(left, right)
>>> import sympy
>>> str(eq), sympy.latex(eq), holds(eq)
('Eq(2 + 3 + 4, 9)', '2 + 3 + 4 = 9', True)
>>> holds(to_sympy((2, 3), 6))
False
>>> print(check_discard("2+3=6"))
2+3=6 is false: 2+3 = 5
>>> print(check_discard("2+3+4=9"))
2+3+4=9 holds: discard 2, 3, 4 and 9 and draw 4 cards
>>> print(check_discard("2-3=5"))  # doctest: +ELLIPSIS
'2-3=5': '-' (character 2) is not allowed: only addition, write '+'. Allowed: ...
"""

from __future__ import annotations

import numbers
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Iterable, Sequence

if TYPE_CHECKING:  # sympy loads when an equation is first built: a game table needs it only when asked
    import sympy

from ..core.errors import Code, InvalidActionError, Joined, KitError, Phrase
from ..i18n import N_
from ..i18n.words import to_symbols
from .cards import DECK, Card, card_named, discard_kind, equation_text, is_equation
from .refusals import card_term

__all__ = ["parse_equation", "to_sympy", "holds", "Verdict", "check_discard", "equations_in",
           "EQUATION_FORM"]

#: The allowed form, quoted in every refusal (a :class:`~kit.core.errors.Phrase`: a message of its own).
EQUATION_FORM = Phrase("numbers 1 to 10 joined by '+', then '=' and one number, "
                       "like 2+3=5 or 2 + 3 + 4 = 9 (only addition)")

#: Cards in a full hand (docs/rules/sleepingqueens.md#drawing-back-to-five: "deal 5 to each player", "draw until you
#: hold 5 cards").
_HAND_SIZE = 5
_SPACES = frozenset(" \t\r\n")
_DIGITS = frozenset("0123456789")
_SHOW = 60  # longest learner text quoted whole in a message
#: How many of a card, in words: "no 9", "one 3", "two 3s" (a message each; a hand holds at most 5 cards).
_COUNTS = (Phrase("no {value}"), Phrase("one {value}"), Phrase("two {value}s"), Phrase("three {value}s"),
           Phrase("four {value}s"), Phrase("five {value}s"), Phrase("six {value}s"), Phrase("seven {value}s"),
           Phrase("eight {value}s"), Phrase("nine {value}s"), Phrase("ten {value}s"))
#: The numbers in words (messages of their own).
_WORDS = (N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
          N_("nine"), N_("ten"))
#: A discard that holds, by its number of cards (3 to 5: a hand holds 5): one message per count, so that each
#: language writes its own plural ("dobierz 3 nowe karty", "dobierz 5 nowych kart").
_HOLDS = {3: N_("{written} holds: discard {cards} and draw 3 cards"),
          4: N_("{written} holds: discard {cards} and draw 4 cards"),
          5: N_("{written} holds: discard {cards} and draw 5 cards")}
_ONLY_ADD = Phrase("only addition, write '+'")
_NOT_ADDITION = {  # why a character is refused, for the common ones
    **dict.fromkeys("-\u2212\u2013\u2014*\u00d7\u00b7\u22c5/\u00f7:^%", _ONLY_ADD),  # minus signs, dashes, times...
    **dict.fromkeys("()", Phrase("no parentheses are needed or allowed")),
    **dict.fromkeys("[]{}", Phrase("no brackets are allowed")),
    **dict.fromkeys("<>!", Phrase("an equation uses one '='")),
    **dict.fromkeys(",.", Phrase("numbers are whole numbers 1 to 10")),
    "\uff0b": Phrase("write the ASCII '+'"), "\uff1d": Phrase("write the ASCII '='"),
}


def _shown(text: str) -> str:
    """``text`` quoted for a message, shortened when long."""
    return repr(text if len(text) <= _SHOW else text[:_SHOW] + "...")


def _refuse(text: str, problem: Phrase) -> InvalidActionError:
    """The refusal of a learner's ``text``: what was read, why not (``why``), the allowed form."""
    return InvalidActionError(N_("{text}: {why}. Allowed: {form}"), text=Code(_shown(text)), why=problem,
                              form=EQUATION_FORM)


def _describe_char(ch: str) -> str:
    """``'-'``, or ``'−' (U+2212 MINUS SIGN)`` for a character outside ASCII."""
    if ch.isascii() and ch.isprintable():
        return repr(ch)
    name = unicodedata.name(ch, "control character" if unicodedata.category(ch) == "Cc" else "unnamed character")
    return f"{ch!r} (U+{ord(ch):04X} {name})"


# --------------------------------------------------------------------------- tokenizer

_Token = tuple[str, str, int]  # (kind "num" | "+" | "=", text, 1-based position)


def _tokens(text: str) -> list[_Token]:
    """Split ``text`` into numbers, ``+`` and ``=``; any other character is refused."""
    out: list[_Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SPACES:
            i += 1
        elif ch in _DIGITS:
            j = i
            while j < n and text[j] in _DIGITS:
                j += 1
            out.append(("num", text[i:j], i + 1))
            i = j
        elif ch in "+=":
            out.append((ch, ch, i + 1))
            i += 1
        elif ch.isalpha() or ch == "_":  # a word: quote all of it ("x", "__import__", "five")
            j = i
            while j < n and (text[j].isalpha() or text[j] == "_"):
                j += 1
            word = text[i:j]
            why = _ONLY_ADD if word in ("x", "X") else Phrase("letters and names are not allowed")
            raise _refuse(text, Phrase("{token} (character {pos}) is not allowed: {why}", token=Code(_shown(word)),
                                       pos=i + 1, why=why))
        else:
            if ch.isnumeric():
                why = Phrase("write numbers with the ASCII digits 0-9")
            elif ch.isspace():
                why = Phrase("use ordinary spaces")
            else:
                why = _NOT_ADDITION.get(ch) or Phrase("it is not part of an addition equation")
            token = _describe_char(ch)  # a sign is shown as it is; a character's Unicode name is English
            raise _refuse(text, Phrase("{token} (character {pos}) is not allowed: {why}", pos=i + 1, why=why,
                                       token=token if ch.isascii() and ch.isprintable() else Code(token)))
    return out


def _number(text: str, tok: _Token) -> int:
    digits, pos = tok[1], tok[2]
    if len(digits) > 1 and digits[0] == "0":
        raise _refuse(text, Phrase("{token} (character {pos}): write the numbers 1 to 10 without leading zeros",
                                   token=repr(digits), pos=pos))
    if len(digits) > 2 or not 1 <= int(digits) <= 10:
        raise _refuse(text, Phrase("{token} (character {pos}) is not a card number: the number cards are 1 to 10",
                                   token=repr(digits), pos=pos))
    return int(digits)


def _side(text: str, toks: list[_Token], name: str) -> list[int]:
    """The numbers of one side: ``number ("+" number)*``."""
    if not toks:
        raise _refuse(text, Phrase("nothing before '='") if name == "left" else Phrase("nothing after '='"))
    values: list[int] = []
    expect_number = True
    for tok in toks:
        kind, part, pos = tok
        if expect_number and kind != "num":
            raise _refuse(text, Phrase("'+' (character {pos}) must stand between two numbers", pos=pos))
        if not expect_number and kind == "num":
            raise _refuse(text, Phrase("{number} and {token} (character {pos}) need a '+' between them",
                                       number=values[-1], token=repr(part), pos=pos))
        if kind == "num":
            values.append(_number(text, tok))
        expect_number = not expect_number
    if expect_number:  # ended on a '+'
        raise _refuse(text, Phrase("'+' (character {pos}) must stand between two numbers", pos=toks[-1][2]))
    return values


def parse_equation(text: str) -> tuple[tuple[int, ...], int]:
    """Read a learner's equation such as ``"2+3+4=9"`` into ``((2, 3, 4), 9)``.

    Parameters
    ----------
    text : str
        Numbers 1 to 10 (ASCII digits) joined by ``+``, then ``=`` and exactly
        one number.  Spaces, tabs and newlines may stand between any two tokens.

    Returns
    -------
    tuple of (tuple of int, int)
        The numbers on the left, in the order written, and the number on the right.
        Whether the equation is *true* is not checked here (see :func:`holds`).

    Raises
    ------
    InvalidActionError
        For anything outside the grammar: other operators (``-``, ``−``, ``*``,
        ``x``...), parentheses, letters, names, a missing or second ``=``, an
        empty side, a single number on the left (``5=5``), more than one number
        on the right, numbers outside 1 to 10.  The message names the offending
        part and shows the allowed form.

    Examples
    --------
    >>> parse_equation("2+3=5")
    ((2, 3), 5)
    >>> parse_equation(" 4 + 2 +3= 9 ")
    ((4, 2, 3), 9)
    >>> parse_equation("2+3=6")  # well formed, though false
    ((2, 3), 6)
    >>> parse_equation("3=3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kit.core.errors.InvalidActionError: '3=3': the left side has only one number (3); ... (two identical ...
    >>> parse_equation("2+3=11")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kit.core.errors.InvalidActionError: '2+3=11': '11' (character 5) is not a card number: ... Allowed: ...
    """
    if not isinstance(text, str):
        raise InvalidActionError(N_("expected the equation as text (str), got {type} {value}; write {form}"),
                                 type=Code(type(text).__name__), value=Code(f"{text!r:.{_SHOW}}"), form=EQUATION_FORM)
    toks = _tokens(text)
    if not toks:
        raise _refuse(text, Phrase("there is no equation (the text is empty)"))
    equals = [t for t in toks if t[0] == "="]
    if not equals:
        raise _refuse(text, Phrase("there is no '=': an equation needs '=' with one number on the right"))
    if len(equals) > 1:
        raise _refuse(text, Phrase("there are {n} '=' signs (characters {places}); an equation has exactly one",
                                   n=len(equals), places=", ".join(str(t[2]) for t in equals)))
    at = toks.index(equals[0])
    left = _side(text, toks[:at], "left")
    right = _side(text, toks[at + 1:], "right")
    if len(right) > 1:
        if len(left) == 1:
            flip = "+".join(map(str, right)) + "=" + "+".join(map(str, left))
            raise _refuse(text, Phrase("the right side has {n} numbers; exactly one number goes on the right "
                                       "(write {flip})", n=len(right), flip=flip))
        raise _refuse(text, Phrase("the right side has {n} numbers; exactly one number goes on the right",
                                   n=len(right)))
    if len(left) < 2:
        if left == right:
            raise _refuse(text, Phrase("the left side has only one number ({number}); an equation adds two or more "
                                       "numbers (two identical numbers are a pair, a different kind of discard)",
                                       number=left[0]))
        raise _refuse(text, Phrase("the left side has only one number ({number}); an equation adds two or more "
                                   "numbers", number=left[0]))
    return tuple(left), right[0]


# --------------------------------------------------------------------------- sympy

def _card_number(x: object, what: str) -> int:
    """``x`` as an int 1–10 (a Python int, a number :class:`Card`, a ``sympy.Integer``...)."""
    if isinstance(x, bool) or not isinstance(x, numbers.Integral) or not 1 <= int(x) <= 10:
        raise InvalidActionError(N_("{what} must be a card number, an int 1 to 10; got {value}"), what=what,
                                 value=Code(f"{x!r:.{_SHOW}}"))
    return int(x)


def to_sympy(left: Sequence[int], right: int) -> sympy.Equality:
    """The equation ``left[0] + left[1] + ... = right`` as an unevaluated ``sympy.Eq``.

    Built explicitly from ``sympy.Integer``, ``sympy.Add(..., evaluate=False)``
    and ``sympy.Eq(..., evaluate=False)``: nothing is parsed, and a false
    equation stays an equation object instead of collapsing to ``False``.

    Parameters
    ----------
    left : sequence of int
        Two or more numbers 1 to 10 (the order written is kept in ``eq.lhs.args``).
    right : int
        One number 1 to 10.

    Returns
    -------
    sympy.Equality
        ``str()`` gives ``Eq(2 + 3 + 4, 9)``; ``sympy.latex()``, ``sympy.pretty()``
        and Jupyter's display give ``2 + 3 + 4 = 9``.  sympy's printers write the
        terms of a sum smallest first whatever the order written, while
        ``eq.lhs.args`` keeps the written order.

    Raises
    ------
    InvalidActionError
        If ``left`` has fewer than two numbers or a number is not an int 1 to 10.

    Examples
    --------
    >>> import sympy
    >>> eq = to_sympy((4, 2, 3), 9)
    >>> str(eq), sympy.latex(eq), eq.lhs.args
    ('Eq(2 + 3 + 4, 9)', '2 + 3 + 4 = 9', (4, 2, 3))
    >>> false = to_sympy([2, 3], 6)
    >>> false, type(false).__name__
    (Eq(2 + 3, 6), 'Equality')
    >>> false._repr_latex_()
    '$\\\\displaystyle 2 + 3 = 6$'
    """
    if isinstance(left, (str, bytes)) or not isinstance(left, Iterable):
        raise InvalidActionError(N_("left must be a sequence of two or more ints 1 to 10; got {value}"),
                                 value=Code(f"{left!r:.{_SHOW}}"))
    lhs = [_card_number(x, _EACH_LEFT) for x in left]
    if len(lhs) < 2:
        raise InvalidActionError(N_("left must hold two or more numbers (an equation adds numbers); got {value}"),
                                 value=Code(str(lhs)))
    rhs = _card_number(right, Code("right"))  # the parameter's name
    import sympy

    return sympy.Eq(sympy.Add(*(sympy.Integer(v) for v in lhs), evaluate=False), sympy.Integer(rhs),
                    evaluate=False)


def _sides(eq: object) -> tuple[tuple[int, ...], int]:
    """The numbers of an equation built by :func:`to_sympy`; anything else is refused."""
    import sympy

    ok = (isinstance(eq, sympy.Equality) and isinstance(eq.lhs, sympy.Add) and len(eq.lhs.args) >= 2
          and isinstance(eq.rhs, sympy.Integer) and all(isinstance(a, sympy.Integer) for a in eq.lhs.args))
    if not ok:
        raise InvalidActionError(N_("expected an equation built by to_sympy (an unevaluated sum of two or more "
                                    "numbers 1 to 10 = one number); got {value}"), value=Code(f"{eq!r:.{_SHOW}}"))
    return (tuple(_card_number(a, _EACH_LEFT) for a in eq.lhs.args),
            _card_number(eq.rhs, Phrase("the right side")))


def holds(eq: sympy.Equality) -> bool:
    """Is an equation built by :func:`to_sympy` true?  sympy decides (``eq.doit()``).

    For every equation ``left = right`` read by :func:`parse_equation`,
    ``holds`` agrees with the rule of :func:`~kit.sleepingqueens.cards.is_equation`
    whenever the number on the right is the largest one; when it is not
    (``2+5=3``) the cards may well form an equation (2+3=5) but the equation
    *written* is false, and ``holds`` says so.

    Parameters
    ----------
    eq : sympy.Equality
        An equation from :func:`to_sympy`.

    Returns
    -------
    bool

    Raises
    ------
    InvalidActionError
        If ``eq`` is not an equation of the shape :func:`to_sympy` builds.

    Examples
    --------
    >>> holds(to_sympy((1, 1, 2), 4)), holds(to_sympy((2, 3), 6)), holds(to_sympy((2, 5), 3))
    (True, False, False)
    """
    import sympy

    _sides(eq)
    verdict = eq.doit()
    if verdict is sympy.true:
        return True
    if verdict is sympy.false:
        return False
    raise KitError(f"sympy could not decide {eq}: got {verdict!r}")  # pragma: no cover - numbers always decide


# --------------------------------------------------------------------------- verdicts

@dataclass(frozen=True)
class Verdict:
    """The answer to a claimed equation discard: ``ok``, an explanation, the equation.

    ``bool(verdict)`` is ``verdict.ok``.  The explanation is data (``template``
    and ``fields``, as a refusal's: :mod:`kit.core.errors`); ``message`` is it
    in English, :meth:`say` in any language.

    **Language of** ``str(verdict)``: the kernel's (:func:`kit.i18n.get_language`),
    so ``print(check_discard("2+3=6"))`` in a notebook whose language is Polish
    prints Polish; in English it is exactly ``message``.  An *exception*'s
    ``str()`` stays English (a traceback is for the Python user); a verdict is
    an answer for the learner.

    Attributes
    ----------
    ok : bool
        True when the equation is true and the cards may be discarded.
    message : str
        What was read and why it is (not) a discard, in English.
    equation : sympy.Equality or None
        The equation as sympy built it (also for a false one); None when the
        text could not be read.
    template, fields
        The explanation as data: an English template and its fields.

    Examples
    --------
    >>> v = check_discard("1+1+2=4")
    >>> bool(v), v.equation
    (True, Eq(1 + 1 + 2, 4))
    >>> v = check_discard("2+3=6")
    >>> v.say("en"), v.say("pl"), v.say("cs")
    ('2+3=6 is false: 2+3 = 5', '2+3=6 to nieprawda: 2+3 = 5', '2+3=6 neplatí: 2+3 = 5')
    """

    ok: bool
    message: str
    equation: sympy.Equality | None = None
    template: str = ""
    fields: dict = field(default_factory=dict, compare=False, repr=False)

    def __bool__(self) -> bool:
        return self.ok

    def say(self, lang: str | None = None) -> str:
        """The explanation in language ``lang`` (default: the kernel's); in English exactly :attr:`message`."""
        if not self.template:
            return self.message
        from ..i18n.refusals import explain  # the words live with the languages, not with the rules

        return explain(self, lang)

    def __str__(self) -> str:
        return self.say()


_EACH_LEFT = Phrase("each number on the left")


def _hand_cards(hand: Iterable[object]) -> list[Card]:
    """A hand as :class:`Card` values: ints 1–10, ``Card`` members, or card names ("King", "7")."""
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
        raise InvalidActionError(N_("a hand is a list of cards (ints 1 to 10 or names like 'King'); got {value}"),
                                 value=Code(f"{hand!r:.{_SHOW}}"))
    cards: list[Card] = []
    for x in hand:
        if isinstance(x, Card):
            cards.append(x)
        elif isinstance(x, str):
            try:
                cards.append(card_named(x))
            except KitError as exc:  # card_named's words
                raise InvalidActionError(N_("in the hand: {problem}"), problem=Phrase(exc.template, **exc.fields)) \
                    from None
        elif isinstance(x, numbers.Integral) and not isinstance(x, bool) and 1 <= int(x) <= 10:
            cards.append(Card(int(x)))
        else:
            raise InvalidActionError(N_("in the hand: {value} is not a card; cards are the ints 1 to 10 and the names "
                                        "King, Knight, Dragon, Potion, Wand, Jester"), value=Code(f"{x!r:.{_SHOW}}"))
    if len(cards) > _HAND_SIZE:
        raise InvalidActionError(N_("a hand holds at most {most} cards; got {n}"), most=_HAND_SIZE, n=len(cards))
    return cards


def _word(n: int) -> str:
    """``n`` in words (a message), or its digits past ten."""
    return Phrase(_WORDS[n]) if n < len(_WORDS) else str(n)


def _count(n: int, value: int) -> str:
    """``"no 9"``, ``"one 3"``, ``"two 3s"`` (a message each)."""
    return Phrase(_COUNTS[n].template, value=value) if n < len(_COUNTS) else f"{n} {value}s"


def _listing(values: Sequence[int]) -> Phrase:
    """``2, 3 and 5``."""
    parts = [str(v) for v in values]
    return Phrase("{items} and {last}", items=Joined(parts[:-1], ", "), last=parts[-1])


def check_discard(text: str, hand: Iterable[object] | None = None, lang: str | None = None) -> Verdict:
    """Check a learner's claim "I discard these cards: ``text``", an addition equation.

    Parameters
    ----------
    text : str
        The equation as the learner wrote it (see :func:`parse_equation`), in symbols or in the words of
        language ``lang`` or English: numbers in words, "plus", "and", "equals", "is" and each language's
        own ("dwa dodać cztery równa się sześć", "dois mais quatro é igual a seis";
        :mod:`kit.i18n.words`).  Words are read, never evaluated.
    hand : list of cards, optional
        The cards the learner holds (at most 5): ints 1 to 10, :class:`Card`
        members, or names such as ``"King"``.  When given, the equation must use
        only cards of the hand; when not, it must fit a hand of 5 cards and the
        deck's four copies of each number.
    lang : str, optional
        The language of the learner's words (default: the kernel's, :func:`kit.i18n.get_language`).

    Returns
    -------
    Verdict
        Not ok, with the reason, when the text cannot be read (no exception:
        the parse error is the message), when the equation is false, or when
        the hand lacks cards; ok with the cards to discard otherwise.

    Raises
    ------
    InvalidActionError
        Only for a malformed ``hand`` (the learner's text never raises).

    Examples
    --------
    >>> print(check_discard("2+3=5"))
    2+3=5 holds: discard 2, 3 and 5 and draw 3 cards
    >>> print(check_discard(" 2 + 5 = 3 "))
    2+5=3 is false: 2+5 = 7 (the cards 2, 3 and 5 do form an equation, with the largest alone on the right: 2+3=5)
    >>> print(check_discard("3+3=6", hand=[3, 6, "King", 9, 1]))
    3+3=6 holds, but you cannot discard it: you hold one 3, the equation needs two (your hand: 3, 6, King, 9, 1)
    >>> print(check_discard("1+1+1+1+1=5"))
    1+1+1+1+1=5 holds, but it cannot be a discard: it uses 6 cards and a hand holds 5; the deck has only four 1s
    >>> check_discard("5=5").ok
    False
    >>> print(check_discard("dwa dodać cztery równa się sześć", lang="pl").say("pl"))
    2+4=6 się zgadza: odrzuć 2, 4 i 6 i dobierz 3 nowe karty
    >>> check_discard("dois mais três é igual a cinco", lang="pt").ok
    True
    """
    cards = None if hand is None else _hand_cards(hand)
    try:
        left, right = parse_equation(text)
    except InvalidActionError as err:
        words = to_symbols(text, lang) if isinstance(text, str) and any(ch.isalpha() for ch in text) else None
        try:
            if words is None:
                raise err
            left, right = parse_equation(words)  # the learner's words, read as the symbols they say
        except InvalidActionError:
            return Verdict(False, str(err), None, err.template, err.fields)  # the refusal of what was written
    eq = to_sympy(left, right)
    written = "+".join(map(str, left)) + "=" + str(right)
    values = sorted(left + (right,))
    if not holds(eq):
        total = eq.lhs.doit()  # sympy adds up the left side
        sum_text = "+".join(map(str, left))
        if is_equation(values):
            return _verdict(False, Phrase("{written} is false: {left} = {total} (the cards {cards} do form an "
                                          "equation, with the largest alone on the right: {equation})",
                                          written=written, left=sum_text, total=total, cards=_listing(values),
                                          equation=equation_text(values)), eq)
        return _verdict(False, Phrase("{written} is false: {left} = {total}", written=written, left=sum_text,
                                      total=total), eq)
    if discard_kind(values) != "equation":  # pragma: no cover - sympy and cards.is_equation agree (tested)
        return _verdict(False, Phrase("{written} holds, but {cards} is not an equation discard", written=written,
                                      cards=_listing(values)), eq)
    need = Counter(values)
    if cards is not None:
        held = Counter(int(c) for c in cards)
        short = [Phrase("you hold {count}, the equation needs {need}", count=_count(held[v], v), need=_word(n))
                 for v, n in sorted(need.items()) if held[v] < n]
        if short:
            shown = Joined([card_term(c) for c in cards], ", ") if cards else Phrase("empty")
            return _verdict(False, Phrase("{written} holds, but you cannot discard it: {why} (your hand: {hand})",
                                          written=written, why=Joined(short, "; "), hand=shown), eq)
    else:
        why = []
        if len(values) > _HAND_SIZE:
            why.append(Phrase("it uses {n} cards and a hand holds {most}", n=len(values), most=_HAND_SIZE))
        why += [Phrase("the deck has only {count}", count=_count(DECK[Card(v)], v))
                for v, n in sorted(need.items()) if n > DECK[Card(v)]]
        if why:
            return _verdict(False, Phrase("{written} holds, but it cannot be a discard: {why}", written=written,
                                          why=Joined(why, "; ")), eq)
    return _verdict(True, Phrase(_HOLDS[len(values)], written=written, cards=_listing(values)), eq)


def _verdict(ok: bool, said: Phrase, eq: sympy.Equality | None) -> Verdict:
    return Verdict(ok, str(said), eq, said.template, said.fields)


def equations_in(hand: Iterable[object]) -> list[tuple[int, ...]]:
    """Every distinct equation discard the number cards of ``hand`` allow.

    Each group of three or more number cards is tested with
    :func:`~kit.sleepingqueens.cards.is_equation`; power cards are ignored.

    Parameters
    ----------
    hand : list of cards
        At most 5 cards: ints 1 to 10, :class:`Card` members, or names such as ``"King"``.

    Returns
    -------
    list of tuple of int
        The discards as sorted tuples of values (the largest is the sum of the
        others), without repeats, in sorted order.

    Raises
    ------
    InvalidActionError
        If ``hand`` is not a list of at most 5 cards.

    Examples
    --------
    >>> equations_in([2, 3, 5, 7, 9])
    [(2, 3, 5), (2, 5, 7), (2, 7, 9)]
    >>> equations_in([1, 1, 2, 2, 4])
    [(1, 1, 2), (1, 1, 2, 4), (2, 2, 4)]
    >>> equations_in(["King", 1, 1, "Jester", 2])
    [(1, 1, 2)]
    >>> from kit.sleepingqueens.cards import equation_text
    >>> [equation_text(v) for v in equations_in([1, 2, 3, 4, 5])]
    ['1+2=3', '1+3=4', '1+4=5', '2+3=5']
    """
    return list(_equations_of(tuple(sorted(int(c) for c in _hand_cards(hand) if c.is_number))))


@lru_cache(maxsize=4096)  # bounded: more than the 3,003 sorted groups of 0 to 5 numbers from 1 to 10
def _equations_of(numbers_held: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """:func:`equations_in` of number cards given as sorted values (asked at every click of a table with
    hints, and by the bots: the answer for each group of numbers is worked out once)."""
    found = {group for k in range(3, len(numbers_held) + 1)
             for group in combinations(numbers_held, k) if is_equation(group)}
    return tuple(sorted(found))
