"""Write the notebooks in the sheets' languages from the English ones: the play notebooks
notebooks/pl/sleepingqueens.ipynb and notebooks/fr/princesslegend.ipynb, and the solution notebooks
solutions/pl/sleepingqueens_equations.ipynb and solutions/fr/princesslegend_deduction.ipynb (their exercises,
exercises/pl/... and exercises/fr/..., are then made by `make exercises`, like every exercise).

Each translated notebook is its English notebook with one code cell first (it sets the kernel's language),
every code cell copied unchanged unless the translation gives its own version of it (keyed like a markdown
cell: its strings, comments and printed words in the language, or another edition of the game), every
markdown cell replaced by its translation, outputs empty,
execution counts None, the English notebook's metadata.  A translation is keyed by the English cell's id and
the SHA-256 of the English text it translates: when the English text changes, this script stops and names the
cell, so a translation never silently drifts from its English cell.

Run from the repository after editing an English play or solution notebook, then `make exercises`:
    .venv/bin/python tools/translate_notebooks.py && .venv/bin/python -m kit.teach.notebooks build
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import sys
from pathlib import Path

import nbformat

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()

# ---------------------------------------------------------------------------------------------------------------
# Polish: Sleeping Queens (the Polish sheet's words: Królewna, Książę for the King card, Rycerz, Smok,
# Mikstura usypiająca, Różdżka, Błazen; karty specjalne / numerowane; stos dobierania, stos kart odrzuconych)
# ---------------------------------------------------------------------------------------------------------------
PL_FIRST = '''\
# Zestaw mówi po polsku (zapis ruchów, np. "King 4", zostaje po angielsku)
from kit.i18n import set_language
set_language("pl")'''

PL = {
    ("a23cbc77", "84d720670cd6"): """\
# Śpiące Królewny

Na środku stołu śpi dwanaście zakrytych Królewien. Budzisz je **Księciem**, zabierasz innym graczom
**Rycerzem** (chyba że zatrzyma cię **Smok**), usypiasz z powrotem **Miksturą usypiającą** (chyba że
zatrzyma cię **Różdżka**), ryzykujesz z **Błaznem** albo pozbywasz się kart parami i **równaniami z
dodawaniem**, takimi jak 2+3=5. W grze na 2 lub 3 graczy wygrywa, kto zbierze 5 Królewien albo 50 punktów;
w grze na 4 lub 5 graczy wystarczą 4 Królewny albo 40 punktów.

Wszystkie zasady, każda z trudniejszymi przypadkami: [zasady gry Śpiące Królewny](../../docs/rules/sleepingqueens.pl.md).

**Masz 8–10 lat?** [Strona dla dzieci](kids.ipynb) pozwala grać w Śpiące Królewny i ćwiczyć dodawanie bez
żadnego kodu (`make app APP_LANG=pl` otwiera ją jako stronę internetową).

**Czego się tu nauczysz**

* grać w Śpiące Królewny przy stole na ekranie, z botami albo z kimś z rodziny lub z klasy;
* odrzucać karty, które tworzą **dodawanie** (2 + 3 = 5), tak jak pozwalają zasady
  ([odrzucanie kart](../../docs/rules/sleepingqueens.pl.md#odrzucanie-kart));
* dla starszych: jak gra wygląda w kodzie, kto zna które karty i jak dobry jest bot.

Ćwiczenia są na dwóch poziomach: *od 8 lat* (policz i dodaj kropki na kartach) i *od 11 lat*
(funkcje, które znajdują każde dodawanie w kartach na ręce, i sympy).""",

    ("0a1b3c8d", "24114e7c6a80"): """\
## Przykład krok po kroku: dodawanie w twoich kartach

Ana ma na ręce tych pięć kart. Czy może odrzucić kilka z nich, układając dodawanie?""",

    ("3becd9fe", "494395d58d2c"): """\
1. Dodawanie mogą tworzyć tylko karty **numerowane**: 2, 4, 6 i 9 (Książę zostaje na ręce).
2. Liczba, która stoi sama za znakiem `=`, to **największa** karta dodawania. Zacznij od największej: 9.
   Czy dwie albo trzy z pozostałych kart dają razem 9? 2 + 4 = 6, 2 + 6 = 8, 4 + 6 = 10, 2 + 4 + 6 = 12: nie.
3. Spróbuj następnej, 6: 2 + 4 = 6. **Tak!**
4. Ana mówi głośno: „dwa dodać cztery równa się sześć”, odrzuca 2, 4 i 6 i dobiera trzy nowe karty.

Zestaw sprawdza sumę tak, jak zrobiłby to kolega przy stole: czyta, co jest napisane, i wyjaśnia.""",

    ("6d481ff1", "b8c81a7a626b"): """\
Teraz ty: klikaj karty, które tworzą dodawanie (karta klikana na końcu stanie za znakiem `=`), a potem
**Sprawdź**. **Nowe pytanie** rozdaje inne karty; **Podpowiedź** pomaga.""",

    ("cbbf2dd0", "fdb81c45a074"): """\
## 1. Gra w kodzie

Gra to ciąg kroków. Przypadek rozdaje karty (każdą z jej dokładnym prawdopodobieństwem); potem każdy
gracz wykonuje **jedną** akcję i dobiera karty, aż znowu ma pięć. Zapis ruchów jest taki sam w każdym
języku, więc nazwy kart zostają w nim po angielsku: `King` to Książę, `Knight` to Rycerz, `Dragon` to
Smok, `Jester` to Błazen, a `deal` to rozdanie karty.""",

    ("c8ae4049", "c2b5cdad69f3"): """\
`discard 2+3=5` to równanie z dodawaniem: trzy karty odchodzą, trzy nowe przychodzą. Zamiast tego obudź
Królewnę: wtedy przypadek decyduje, **która** Królewna spała na miejscu 4.""",

    ("2f52cb37", "d30e7b0e8c21"): """\
## 2. Kto co wie

Każdy gracz widzi swoje karty, wszystko, co zostało zagrane, i każdą Królewnę, którą ktoś obudził albo
znowu uśpił. Ben nie zna kart Any:""",

    ("0c889463", "7fefa2e2541d"): """\
## 3. Zagraj przy stole

Jesteś **Aną**; **Ben** to bot, który gra według kilku prostych reguł. Grasz, klikając:

* **Książę**: kliknij go, a potem śpiącą Królewnę. **Rycerz**: kliknij go, a potem Królewnę przed Benem.
  **Mikstura usypiająca**: kliknij ją, potem Królewnę Bena, a potem wolne miejsce. **Błazen**: kliknij go,
  a potem stos dobierania.
* **Odrzucanie kart**: klikaj karty na ręce, żeby je podnieść (kliknij jeszcze raz, żeby je odłożyć), a
  potem **Odrzuć**. Trzy albo więcej liczb trafia do okienek □ + □ = □ w takiej kolejności, w jakiej je
  podnosisz; kliknij liczbę, żeby przesunąć ją za znak =. Stół sprawdza napisane równanie: `5 + 3 = 2`
  nie przejdzie („5 + 3 daje 8, a nie 2”), `2 + 3 = 5` może przejść.
* Gdy Ben celuje Rycerzem albo Miksturą usypiającą w jedną z twoich Królewien, stół zawsze cię pyta, także
  wtedy, gdy nie masz Smoka ani Różdżki (wtedy jest jeden przycisk OK): dzięki temu nikt się nie dowie,
  kto ma Smoka.

Najedź myszką na kartę (albo dojdź do niej klawiszem Tab), żeby przeczytać, co robi; *Jak grać* pod stołem
mówi to wszystko jeszcze raz. Twoje karty są odkryte, karty Bena zakryte; *Podgląd i powtórka* pokazuje
dotychczasową grę tak, jak ją widzisz ty, karty, których jeszcze nie znasz, i na kogo wypadłaby liczba
odkryta przez Błazna.""",

    ("9c12e359", "0a2e62d6533b"): """\
## 4. Jak dobry jest bot?

Turniej: bot przeciwko graczowi, który gra losowo. Gracze zamieniają się miejscami, a każda partia ma
ustalone ziarno losowania (seed), więc wynik da się powtórzyć.""",

    ("02a96f78", "64bb431440ce"): """\
## Twoja kolej

* Zagraj z dwoma botami: `GameTable(SleepingQueens(3), ["you", "heuristic", "random"])`.
* Dwie osoby przy jednym ekranie: `["you", "person"]` (zasłona chowa twoje karty między turami).
* Klikaj i licz: `practice("sum")`, `practice("pair")`, `practice("make")`, `practice("missing")`.

## Co dalej

* **Ćwiczenia po polsku:** [sleepingqueens_equations.ipynb](../../exercises/pl/sleepingqueens_equations.ipynb),
  część A od 8 lat (liczenie, szukanie pary, szukanie dodawania, z obrazkami) i część B od 11 lat (funkcje
  i sympy). Każde sprawdzenie ma podpowiedzi: `check_pair.hint()`. (Ten sam zeszyt po angielsku:
  [sleepingqueens_equations.ipynb](../../exercises/sleepingqueens_equations.ipynb).)
* **Zasady:** [zasady gry Śpiące Królewny](../../docs/rules/sleepingqueens.pl.md), a w nich
  [odrzucanie kart](../../docs/rules/sleepingqueens.pl.md#odrzucanie-kart) i
  [równania](../../docs/rules/sleepingqueens.pl.md#równania).
* **Następny temat:** prawda i kłamstwo w grze [Princess Legend](../princesslegend.ipynb) (zeszyt po
  angielsku).
* Powrót do [początku](../start.ipynb) (po angielsku).""",
}

# The Polish play notebook's code cells that a reader reads: comments, card titles and printed words in
# Polish, the state shown as the table shows it and as each seat's log (the notation stays English: the API).
PL.update({
    ("8e94898d", "336d252defd4"): """\
from IPython.display import HTML
from kit.render.sleepingqueens import card_name
from kit.render.sleepingqueens_art import card_svg

hand = ["2", "4", "6", "9", "King"]   # w zapisie kart: "King" to Książę
HTML('<div style="display:flex;gap:8px">' + "".join(card_svg(c, width=90, title=card_name(c)) for c in hand)
     + "</div>")""",

    ("43333b8a", "312fee079026"): """\
from kit.sleepingqueens.equations import check_discard, equations_in

for claim in ["2 + 4 = 6", "4 + 2 = 9", "6 = 2 + 4", "dwa dodać cztery równa się sześć"]:
    print(check_discard(claim, hand))
print("wszystkie dodawania w tej ręce:", equations_in(hand))""",

    ("1d41f36b", "7a835b66d919"): """\
from IPython.display import HTML, display
from kit.core import CHANCE, play, RandomBot
from kit.render.sleepingqueens import table_html
from kit.sleepingqueens import SleepingQueens

game = SleepingQueens(players=2)
state = game.new_initial_state()
for card in ["King", "2", "3", "5", "Knight",      # pięć kart Any
             "7", "7", "Dragon", "Jester", "10"]:  # pięć kart Bena
    state.apply_action(f"deal {card}")
display(HTML(table_html(state.observation(0), names=["Ana", "Ben"])))   # stół tak, jak widzi go Ana
[str(a) for a in state.legal_actions()][-6:]""",

    ("3341a3a6", "7cc1adfc98c3"): """\
from kit.render.narration import narrate

state.apply_action("King 4")
print([(str(a), str(p)) for a, p in state.chance_outcomes()[:3]])   # ruch przypadku i jego prawdopodobieństwo
state.apply_action("reveal Rose")   # Królewna Róż: od razu budzisz jeszcze jedną!
for line in narrate("sleepingqueens", state.observation(0)["log"][-2:], names=["Ana", "Ben"], reader=0):
    print(line.text)
[str(a) for a in state.legal_actions()][:4]""",

    ("7f84572b", "660002a4dc2c"): """\
state.apply_action("wake 9")
state.apply_action("reveal Heart")
for seat in (0, 1):   # to samo rozdanie, tak jak wie o nim każdy gracz
    lines = narrate("sleepingqueens", state.observation(seat)["log"], names=["Ana", "Ben"], reader=seat)
    print(["Ana", "Ben"][seat] + ":", " ".join(line.text for line in lines[:2]))""",

    ("14038752", "3ef7ef3c4bb5"): """\
from concurrent.futures import ThreadPoolExecutor
from kit.core import tournament
from kit.sleepingqueens.bots import HeuristicBot

with ThreadPoolExecutor(1) as pool:
    result = tournament(SleepingQueens(2), [HeuristicBot, RandomBot], games=200, seed=1, executor=pool,
                        progress=False)
print(f"HeuristicBot wygrywa {result.win_rate(0):.0%} spośród {result.games} gier przeciwko graczowi, który gra losowo")""",
})

# ---------------------------------------------------------------------------------------------------------------
# French: Princess Legend (the French sheet's words: Princesse, Fée, Reine Noire, Garde, Siamois, Servante,
# Espion; tuiles Personnage, rubis, manche; verte / rouge / bleue; cœur, couronne, masque)
# ---------------------------------------------------------------------------------------------------------------
FR_FIRST = '''\
# Le kit parle français (la notation des actions, par ex. "ask p1 where-princess", reste en anglais)
from kit.i18n import set_language
set_language("fr")'''

FR = {
    ("5c11f3c0", "3126b993c615"): """\
# Princess Legend

Un joueur est le **Prince**. Chacun des autres joueurs a une tuile Personnage secrète ; une tuile de plus
peut se trouver au centre. Tout le monde sauf le Prince connaît toutes les tuiles. Le Prince pose une
question à chaque joueur (« Où est la Princesse ? », « Qui es-tu ? », « Qui est-ce ? »), puis peut en poser
une de plus, puis retourne une tuile face visible.

* les tuiles **vertes** (Princesse, Fée) doivent dire la vérité ;
* les tuiles **rouges** (Reine Noire, Garde, Siamois) doivent mentir ;
* les tuiles **bleues** (Servante, Espion) peuvent faire l'un ou l'autre.

Le symbole de la tuile retournée décide qui gagne un rubis : le cœur pour le Prince, la Princesse et la
Fée ; la couronne pour la famille de la Reine Noire ; le masque pour la Servante et l'Espion.

Toutes les règles, avec leurs cas particuliers : [règles de Princess Legend](../../docs/rules/princesslegend.fr.md).

**Ce que tu vas apprendre ici**

* raisonner avec des joueurs qui **doivent** mentir, qui doivent dire la vérité, ou qui peuvent faire l'un
  ou l'autre : quelles réponses chaque couleur peut donner
  ([les réponses](../../docs/rules/princesslegend.fr.md#les-réponses)) ;
* dresser la liste des **mondes compatibles** : les distributions des tuiles qui correspondent encore à
  toutes les réponses, et les compter ;
* dire où la Princesse peut être, et dans quelle part des mondes ;
* choisir la question qui **vaut le plus** : celle qui devrait en apprendre le plus sur l'endroit où elle
  se trouve.""",

    ("5fd1e7e9", "2bd89d1f9117"): """\
## Un exemple pas à pas : trois joueurs, une réponse

Ana est le Prince. Ben (p1) et Cleo (p2) ont chacun une tuile, et une autre est au centre : la **Princesse**
(verte), la **Reine Noire** (rouge) et la **Servante** (bleue), dans un certain ordre : 3 × 2 × 1 = 6
distributions possibles. Ana demande à Ben « Où est la Princesse ? », et Ben répond « p2 » (Cleo). Que peut
en conclure Ana ? Essayons chaque tuile que Ben pourrait avoir :

* **Ben est la Princesse.** Une tuile verte doit dire la vérité, et la vérité serait « p1 », pas « p2 ».
  *Impossible.*
* **Ben est la Reine Noire.** Une tuile rouge doit mentir, donc la Princesse n'est *pas* en p2 : elle est
  au centre, et Cleo est la Servante. *Un monde.*
* **Ben est la Servante.** Une tuile bleue peut répondre n'importe quoi : la Princesse est en p2 (la Reine
  Noire au centre) ou au centre (Cleo est la Reine Noire). *Deux mondes.*

Il reste trois mondes, et deux d'entre eux mettent la Princesse au centre. Le kit raisonne de la même
façon, à partir de ce qu'Ana a vu et de rien d'autre :""",

    ("b1d22dd9", "261bd3937789"): """\
Maintenant, il faut interroger Cleo. Quelle question aide le plus ? « Qui est-ce ? » en désignant Ben : une
Cleo verte dirait la vérité sur Ben, une Cleo rouge mentirait, et chaque réponse élimine des mondes. Le kit
classe chaque question selon l'**information** qu'elle devrait apporter, en bits (les exercices montrent
comment on la calcule) :""",

    ("a163af99", "ff00a41ecc47"): """\
## 1. Jouer à la table

Tu es le **Prince** (Ana) ; trois bots répondent, chacun ment ou dit la vérité comme sa tuile l'exige, et
t'oriente vers sa propre famille quand il le peut. Clique sur un joueur, puis sur une question écrite en
toutes lettres ; « Qui est-ce ? » te demande ensuite de désigner un troisième joueur ou la tuile du centre.
Après une question à chacun, tu peux en poser une de plus, ou cliquer sur **Dévoiler maintenant**, puis
cliquer sur la tuile que tu retournes.

À côté de ta table, **Que peux-tu déduire ?** compte les distributions des tuiles qui correspondent encore
à toutes les réponses, montre pour chaque place la part d'entre elles qui y met la Princesse et, pour une
place éliminée, explique **pourquoi** (ouvre « pourquoi ? »). La partie continue manche après manche : le
rôle de Prince passe au joueur de gauche, et les rubis s'additionnent jusqu'à ce que chacun ait été le
Prince trois fois.""",

    ("990eb593", "33200b17f246"): """\
**Un défi.** Quand tu sais raisonner sans aide, cache le panneau de déduction : `challenge=True`. (Le
panneau **Inspecter et rejouer**, sous la table, le montre toujours, étape par étape.)

**Répondre.** Prends une place qui répond : tu lis ta tuile et sa règle (« Ta tuile : Garde — rouge : tu
dois mentir »), et tu cliques sur l'une des réponses que ta couleur permet. Une tuile rouge ne se voit pas
proposer la vérité ; « Pourquoi pas la vérité ? » explique pourquoi.""",

    ("d3278da7", "3b660514ff71"): """\
## 2. Une manche en code

Une manche écrite dans la notation du jeu : une position décrite (les tuiles distribuées à la main), puis
les questions et les réponses. La notation est la même dans toutes les langues, donc les noms des tuiles
y restent en anglais : `Princess` = Princesse, `Fairy` = Fée, `Black Queen` = Reine Noire, `Guard` = Garde,
`Siamese` = Siamois, `Servant` = Servante, `Spy` = Espion.""",

    ("f6d15145", "6378b65f9507"): """\
Le Prince demande au joueur de la Fée (place 1) où est la Princesse. Une tuile verte n'a qu'une seule
réponse permise : la vérité.""",

    ("7471fbdc", "db80ea8cc42c"): """\
## 3. Ce que sait le Prince, et pourquoi une place est éliminée

Le Prince voit chaque question et chaque réponse, mais aucune tuile à part la sienne ; les autres joueurs
voient toutes les tuiles. `kit.princesslegend.explain` écrit chaque réponse comme une formule de la logique
de sympy, compte les distributions qui les respectent toutes et, pour une place qui ne peut pas cacher la
Princesse, trouve le **plus petit ensemble de réponses** qui l'élimine (un noyau insatisfiable minimal),
puis raconte le raisonnement étape par étape.""",

    ("b0deea3c", "d26d14b1b292"): """\
## 4. Une partie entière en code

Une partie compte plusieurs manches, et chaque joueur prend à son tour le rôle du Prince ; celui qui a le
plus de rubis gagne, et une égalité est départagée par une dernière manche.""",

    ("df5a051f", "585610a74dd6"): """\
## Pour l'enseignant : projeter une partie

Une table créée comme ci-dessus est une **table d'élève** : elle ne montre que ce que voit une seule place,
n'a aucune commande qui dévoile une tuile cachée et ne montre jamais la graine (seed) qui a distribué les
tuiles. Pour projeter une partie devant la classe, créez exprès une table d'enseignant :
`GameTable(PrincessLegend(5), [...], teacher=True)` ajoute un interrupteur *Vue enseignant* qui montre
toutes les tuiles, et permet au panneau d'inspection de montrer ce que voit n'importe quelle place.
Désactivez-le avant qu'un élève prenne le clavier. `size="large"` agrandit tout pour un projecteur.""",

    ("1ab23ea4", "42d2c657a9dc"): """\
## À toi de jouer

* Quelle question aide le plus le Prince au début ? Pose tour à tour chaque question au même joueur, et
  observe le nombre de distributions.
* Joue une manche comme joueur qui répond, avec une tuile rouge : arrives-tu à orienter le Prince vers la
  couronne ?

## Et ensuite

* **Exercices en français :** [princesslegend_deduction.ipynb](../../exercises/fr/princesslegend_deduction.ipynb)
  (le même carnet en anglais : [princesslegend_deduction.ipynb](../../exercises/princesslegend_deduction.ipynb)) :
  quelles réponses une couleur peut donner, si une distribution correspond aux réponses, les
  mondes compatibles et leur nombre, où la Princesse peut être, la même chose dans la logique de sympy, et
  quelle question vaut le plus. Chaque vérification a des indices : `check_fits.hint()`.
* **Les règles :** [règles de Princess Legend](../../docs/rules/princesslegend.fr.md), avec
  [les réponses](../../docs/rules/princesslegend.fr.md#les-réponses) et
  [ce que sait chaque joueur](../../docs/rules/princesslegend.fr.md#ce-que-sait-chaque-joueur).
* **Le sujet suivant :** écrire un bot et l'inscrire à un tournoi de la classe :
  [bots et tournois](../bots_and_tournaments.ipynb) (carnet en anglais).
* Retour au [début](../start.ipynb) (en anglais).""",
}

# ---------------------------------------------------------------------------------------------------------------
# The exercises in the sheets' languages: the solution notebooks translated the same way (solutions/pl/...,
# solutions/fr/...); `python -m kit.teach.notebooks build` (`make exercises`) then makes exercises/pl/...,
# exercises/fr/... from them.  The first cell sets the kernel's language, so every check, hint and question
# comes in it, and answers in its words are read ("cztery", "tak", "2 i 5").
# ---------------------------------------------------------------------------------------------------------------
PL_EX_FIRST = '''\
# Zestaw mówi po polsku: pytania, sprawdzenia i podpowiedzi (nazwy kart w kodzie zostają po angielsku)
from kit.i18n import set_language
set_language("pl")'''

PL_EX = {
    ("883ec492", "30c65d011dfc"): """\
# Śpiące Królewny: dodawanie z kartami

W *Śpiących Królewnach* zamiast zagrać kartę możesz **odrzucić karty** i dobrać tyle samo nowych
(zasady: [odrzucanie kart](../../docs/rules/sleepingqueens.pl.md#odrzucanie-kart)):

* **jedną kartę**, jakąkolwiek;
* **parę**: dwie karty numerowane z tą samą liczbą, na przykład 7 i 7;
* **dodawanie**: trzy albo więcej kart numerowanych, w których największa jest sumą wszystkich pozostałych,
  na przykład 2 + 3 = 5 albo 1 + 1 + 2 = 4 ([równania](../../docs/rules/sleepingqueens.pl.md#równania)).

**Czego się nauczysz**

* *Część A, od 8 lat:* dodasz kropki na dwóch kartach, odróżnisz dobrą sumę od złej, znajdziesz parę,
  znajdziesz dwie karty, które dają razem jakąś liczbę, odgadniesz brakującą kartę i wypatrzysz dodawanie
  w kartach na ręce.
* *Część B, od 11 lat:* napiszesz funkcje, które znajdują każde dodawanie w kartach na ręce, liczą je,
  szukają największego odrzucenia, a **sympy** przechowa równanie i powie, czy jest prawdziwe.

**Jak to działa.** Każde ćwiczenie ma **sprawdzenie**: uruchom je, a powie ✔ albo ✘ i co jeszcze jest nie
tak. Utknąłeś? Każde sprawdzenie ma **podpowiedzi**: `check_card_sum.hint()` daje pierwszą,
`check_card_sum.hint(2)` następną, aż do takiej, która prawie zdradza odpowiedź. Zmień `SEED` poniżej i
uruchom wszystko jeszcze raz: nowe karty, nowe pytania, ile tylko chcesz.

Zestaw mówi tu po polsku (pierwsza komórka), a karty w kodzie mają angielskie nazwy z zapisu ruchów:
`"King"` to Książę, `"Knight"` to Rycerz, `"Dragon"` to Smok, `"Potion"` to Mikstura usypiająca, `"Wand"`
to Różdżka, `"Jester"` to Błazen.""",

    ("8bcfc942", "2c7fb56682ee"): """\
## Część A (od 8 lat): liczymy, dodajemy i szukamy

Każde pytanie pokazuje karty. Kropki na karcie numerowanej stoją w rzędach po pięć, więc łatwo je policzyć.

Żeby odpowiedzieć, zamień linijkę `raise NotImplementedError("write your answer here")` (i linijkę nad nią)
na swoją odpowiedź, na przykład `answer_1 = 4`. Liczbę możesz napisać jako `4`, `"4"` albo `"cztery"` (po angielsku też:
`"four"`). Potem uruchom następną komórkę, żeby sprawdzić.

### A1. Ile kropek?""",

    ("522d754c", "f4638cfa82be"): """\
Jeśli utkniesz, poproś o podpowiedź (i uruchom jeszcze raz z `hint(2)`, `hint(3)`, żeby dostać więcej):""",

    ("bf8f8da3", "b4a2c2f70b68"): """\
### A2. Dobrze czy źle?

Czy suma na kartach jest dobra? Odpowiedz `"tak"` albo `"nie"` (albo `True` lub `False`).""",

    ("10f99824", "fbc8958adf22"): """\
### A3. Znajdź parę

**Para** to dwie karty z tą samą liczbą: możesz odrzucić je obie naraz. Jaka liczba tworzy parę?""",

    ("88ca4f94", "131ae81ae93b"): """\
### A4. Które dwie karty to dają?

Podaj dwie karty z ręki, na przykład `"1 i 5"` albo `(1, 5)`. Jeśli da się na kilka sposobów, każdy jest
dobry.""",

    ("4a9bf424", "e37fe112fcfc"): """\
### A5. Brakująca karta

Jedna karta leży zakryta. Jaką liczbę musi mieć, żeby suma się zgadzała?""",

    ("18cb76a3", "08522816cbb7"): """\
### A6. Znajdź dodawanie w swoich kartach

Tak robisz w grze: znajdź na ręce karty, z których dwie dają razem trzecią. Zapisz to jak sumę, na
przykład `"1 + 1 = 2"` (takiego nie ma w tych kartach!): największa karta stoi sama za znakiem `=`.""",

    ("a378a6ef", "cd63ab84319d"): """\
### Ćwicz klikając

Nie trzeba nic pisać: kliknij karty (albo liczbę, albo tak i nie), a potem **Sprawdź**. **Podpowiedź**
pomaga, **Nowe pytanie** rozdaje nowe karty. Spróbuj `"sum"`, `"truth"`, `"pair"`, `"make"`, `"missing"` i
`"addition"` (to nazwy rodzajów pytań: suma, dobrze czy źle, para, które dwie karty, brakująca karta,
dodawanie).""",

    ("ba4cb413", "f2ddc0f1f509"): """\
## Część B (od 11 lat): równania w kodzie, z sympy

Teraz piszesz **funkcje**, a każde sprawdzenie próbuje twoją na wielu rękach: szczęśliwy traf nie wystarczy,
a pierwsza ręka, na której funkcja się myli, zostaje pokazana. Ręka to lista pięciu kart, kart numerowanych
(`"7"`) i kart specjalnych (`"King"`, `"Knight"`, ...):""",

    ("ad897a55", "f530af0d325c"): """\
### B1. Czy to równanie?

Napisz `makes_equation(numbers)`. Wszystkie liczby są dodatnie, więc liczba po prawej stronie musi być
**największa** i musi się równać **sumie wszystkich pozostałych**. Uwaga: liczby mogą przyjść w dowolnej
kolejności i potrzeba co najmniej trzech (dwie równe liczby to para, a nie równanie; 3, 3, 3 to ani jedno,
ani drugie).""",

    ("fe3d671d", "09efe9ce0a33"): """\
### B2. Niech sympy przechowa równanie

sympy umie trzymać równanie jako obiekt: `sympy.Eq(lewa_strona, prawa_strona)`. Zwykle sympy od razu
*oblicza*, więc `sympy.Eq(2 + 3, 6)` to po prostu `False` i równanie znika. Żeby je zachować, zbuduj sumę
przez `sympy.Add(..., evaluate=False)` z liczb `sympy.Integer` i podaj `evaluate=False` także do `Eq`.
Napisz `as_sympy(left, right)` dla `left = [2, 3, 4]`, `right = 9`.""",

    ("89d7abb2", "0b0f4b8b8f86"): """\
Teraz sympy może rozstrzygnąć, czy równanie jest prawdziwe (`.doit()` to oblicza), tak samo dla prawdziwych i
fałszywych:""",

    ("9f2d430f", "08851d3afd00"): """\
### B3. Każde równanie w kartach na ręce

Napisz `equations_in_hand(hand)`, która zwraca każdą grupę kart numerowanych tworzącą równanie, każdą jeden
raz (jako krotkę liczb, w dowolnej kolejności). `itertools.combinations(numbers, k)` daje każdą grupę `k`
liczb, a zbiór (set) usuwa grupy znalezione dwa razy.""",

    ("a8552dcd", "6c1286b2185c"): """\
### B4. Ile ich jest?

Napisz `count_equations(hand)`: ile różnych odrzuceń-równań pozwala zrobić ręka. Dla 1, 1, 2, 2, 4
odpowiedź to 3 (1+1=2, 2+2=4 i 1+1+2=4): dwa sposoby wybrania „1, 1, 2” to to samo odrzucenie.""",

    ("0c6de1c4", "1b0b8c62607b"): """\
### B5. Największe odrzucenie

Im więcej kart odrzucisz, tym więcej nowych dobierzesz i tym większa szansa na Księcia. Napisz
`largest_discard(hand)`: odrzucenie z największą liczbą kart (lista kart: liczby albo nazwa, np. `"King"`).
Jedną kartę dowolnego rodzaju zawsze wolno odrzucić, para to dwie karty, równanie trzy albo więcej. Gdy
kilka jest tak samo dużych, każde jest dobre.""",

    ("467b3164", "85fbd1f5063a"): """\
### Równanie powiedziane przy stole

Przy stole gracze mówią swoje równanie na głos. `check_discard` czyta takie zdanie (*rozbiera* tekst: nigdy
nie uruchamia go jako kodu), sprawdza je z sympy i z kartami na ręce i wyjaśnia:""",

    ("9f2e99e6", "456a1c6934c3"): """\
**Pytanie.** Dlaczego liczba, która stoi sama po prawej stronie, musi być największa w grupie? I dlaczego
3, 3, 3 to ani para, ani równanie?""",

    ("e39ef2f1", "78b82c88f284"): """\
### BEGIN SOLUTION
Każda karta to liczba dodatnia, więc suma dwóch albo więcej kart jest większa od każdej z nich: pojedyncza
liczba po prawej stronie, równa tej sumie, musi być największa. Dla 3, 3, 3 największa liczba, 3, nie jest
sumą pozostałych (3 + 3 = 6), więc to nie jest równanie; a para to *dokładnie dwie* takie same liczby.
### END SOLUTION""",

    ("088a894a", "eb359d0a2fca"): """\
## Co dalej

* Zagraj i odrzuć dodawanie: [zeszyt Śpiące Królewny](../../notebooks/pl/sleepingqueens.ipynb).
* Zasady: [odrzucanie kart](../../docs/rules/sleepingqueens.pl.md#odrzucanie-kart) i
  [równania](../../docs/rules/sleepingqueens.pl.md#równania).
* Następny temat, prawda i kłamstwo: [Princess Legend](../../notebooks/princesslegend.ipynb) (zeszyt po
  angielsku) i ćwiczenia do niej, [princesslegend_deduction.ipynb](../princesslegend_deduction.ipynb) (po
  angielsku; po francusku: [fr/princesslegend_deduction.ipynb](../fr/princesslegend_deduction.ipynb)).
* Dla dociekliwych: w jakiej części rąk z pięcioma kartami jest co najmniej jedno równanie? Rozdaj wiele
  rąk `hands(1000)` i policz swoją funkcją `count_equations`.""",
}

# Code cells' comments, docstrings and printed words in the language (the notation stays English). The children's answers in Polish words.
PL_EX.update({
    ('e81bb1b7', '5527d83ffb27'): 'from kit.teach.sleepingqueens import (addition_question, check_addition, check_card_sum, check_count_equations,\n                                      check_equations_in, check_is_equation, check_largest_discard, check_missing_card,\n                                      check_pair, check_sympy_equation, check_true_or_false, check_two_cards, hands,\n                                      make_question, missing_question, pair_question, sum_question, truth_question)\nfrom kit.widgets.kids.cards import practice\n\nSEED = 7  # zmień, a dostaniesz nowe pytania',
    ('afe10f38', 'fa1426a85c27'): 'answer_2 = None\n### BEGIN SOLUTION\nanswer_2 = "nie"\n### END SOLUTION',
    ('9c0b7aa8', 'c69106cc3259'): 'answer_4 = None\n### BEGIN SOLUTION\nanswer_4 = "1 i 3"\n### END SOLUTION',
    ('10aa58ce', '94a542bd1a55'): 'answer_5 = None\n### BEGIN SOLUTION\nanswer_5 = "cztery"\n### END SOLUTION',
    ('945062a6', '1d9628ec4785'): 'answer_6 = None\n### BEGIN SOLUTION\nanswer_6 = "trzy dodać siedem równa się dziesięć"\n### END SOLUTION',
    ('67bacce6', '1a1d5f92e434'): 'hands(3, seed=SEED)  # trzy ręce rozdane z 67 kart z czerwonym rewersem',
    ('e7b85795', 'bbf64a56ad95'): 'def makes_equation(numbers):\n    """Czy te liczby (w dowolnej kolejności) tworzą równanie z dodawaniem z jedną liczbą po prawej stronie?"""\n    ### BEGIN SOLUTION\n    numbers = sorted(numbers)\n    return len(numbers) >= 3 and numbers[-1] == sum(numbers[:-1])\n    ### END SOLUTION\n\n\nmakes_equation([5, 2, 3]), makes_equation([3, 3, 3]), makes_equation([4, 4])',
    ('bb348f6f', '0e863be7cb83'): 'import sympy\n\n\ndef as_sympy(left, right):\n    """Równanie left[0] + left[1] + ... = right jako nieobliczone równanie sympy."""\n    ### BEGIN SOLUTION\n    total = sympy.Add(*[sympy.Integer(n) for n in left], evaluate=False)\n    return sympy.Eq(total, sympy.Integer(right), evaluate=False)\n    ### END SOLUTION\n\n\nas_sympy([2, 3, 4], 9)',
    ('79262c5d', 'f792a76328f1'): 'from itertools import combinations\n\n\ndef equations_in_hand(hand):\n    """Każde równanie, które można odrzucić z tej ręki, każde jeden raz."""\n    ### BEGIN SOLUTION\n    numbers = sorted(int(card) for card in hand if card.isdigit())\n    found = set()\n    for k in range(3, len(numbers) + 1):\n        for group in combinations(numbers, k):\n            if makes_equation(group):\n                found.add(group)\n    return sorted(found)\n    ### END SOLUTION\n\n\nequations_in_hand(["1", "2", "3", "4", "King"])',
    ('67f95ed8', '83b8eac95ca7'): 'def count_equations(hand):\n    """Ile różnych równań ta ręka pozwala odrzucić."""\n    ### BEGIN SOLUTION\n    return len(equations_in_hand(hand))\n    ### END SOLUTION\n\n\ncount_equations(["1", "1", "2", "2", "4"])',
    ('2712c340', '9698a41eb8e7'): 'from collections import Counter\n\n\ndef largest_discard(hand):\n    """Odrzucenie jak największej liczby kart."""\n    ### BEGIN SOLUTION\n    found = equations_in_hand(hand)\n    if found:\n        return list(max(found, key=len))\n    numbers = [int(card) for card in hand if card.isdigit()]\n    pairs = [n for n, k in Counter(numbers).items() if k >= 2]\n    if pairs:\n        return [pairs[0], pairs[0]]\n    return [hand[0]]\n    ### END SOLUTION\n\n\nlargest_discard(["2", "3", "5", "5", "King"]), largest_discard(["King", "Knight", "Dragon", "Jester", "Wand"])',
    ('df3d5940', 'e04574179173'): 'from kit.sleepingqueens.equations import check_discard\n\nhand = ["2", "3", "5", "9", "King"]\nfor claim in ["2+3=5", "2+3=6", "2+3+5=9", "5=2+3", "2*3=6", "dwójka dodać trójka równa się piątka"]:\n    print(check_discard(claim, hand))',
})

FR_EX_FIRST = '''\
# Le kit parle français : questions, vérifications et indices (les noms des tuiles dans le code restent en anglais)
from kit.i18n import set_language
set_language("fr")'''

FR_EX = {
    ("1310dab5", "c089416756fd"): """\
# Princess Legend : vérité, mensonges et la question qui vaut le plus

Dans *Princess Legend*, un joueur est le **Prince**. Chacun des autres joueurs a une tuile Personnage face
cachée, et une tuile de plus est posée face cachée au centre (de 3 à 7 joueurs). Le Prince n'en voit aucune ;
tous les autres les voient toutes. Le Prince pose une question à chacun des autres joueurs, puis peut en poser
une de plus, à qui il veut :

* « Où est la Princesse ? » : on répond par un joueur ou par le centre ;
* « Qui es-tu ? » : on répond par un personnage ;
* « Qui est-ce ? », en désignant un autre joueur ou le centre : on répond par un personnage.

La façon de répondre dépend de la **couleur** de la tuile
([les règles des réponses](../../docs/rules/princesslegend.fr.md#les-réponses)) :

| couleur | personnages | réponses |
|---|---|---|
| verte | Princesse, Fée | doit dire la vérité |
| rouge | Reine Noire, Garde, Siamois | doit mentir |
| bleue | Servante, Espion | peut mentir ou dire la vérité |

Une réponse est toujours quelque chose qui est en jeu dans la manche (une place qui a une tuile, un personnage
parmi les tuiles de la manche) ; un mensonge, c'est n'importe laquelle de ces réponses sauf la vraie. À la fin,
le Prince retourne une tuile, en espérant trouver la Princesse.

**Tu es le Prince.** À partir des seules réponses, tu vas trouver, étape par étape :

1. quelles réponses chaque couleur peut donner ;
2. si une réponse correspond à une distribution des tuiles ;
3. si une distribution correspond à toutes les réponses ;
4. toutes les distributions encore possibles (les *mondes compatibles*), et leur nombre ;
5. où la Princesse peut être, et dans quelle part des mondes ;
6. la même chose avec la **logique de sympy** : les réponses en une seule formule ;
7. la probabilité de chaque réponse, l'**information** qu'une question doit apporter en moyenne, et la
   question qui vaut le plus.

Chaque vérification essaie ta fonction sur de nombreuses manches (change `seed=` pour en avoir d'autres) et
dit ce qui ne va pas ; chaque vérification a des indices par étapes : `check_fits.hint()`,
`check_fits.hint(2)`, ...

Le kit parle ici français (première cellule). Dans le code, les personnages gardent les noms anglais de la
notation du jeu : `"Princess"` = Princesse, `"Fairy"` = Fée, `"Black Queen"` = Reine Noire, `"Guard"` =
Garde, `"Siamese"` = Siamois, `"Servant"` = Servante, `"Spy"` = Espion ; les couleurs s'écrivent `"green"`
(verte), `"red"` (rouge) et `"blue"` (bleue).""",

    ("c0974915", "003510aaa53c"): """\
## Ce que sait le Prince

`obs` est ce que voit le Prince (`state.observation(prince)`) : un simple dictionnaire, sans aucune tuile
cachée. Les clés dont tu as besoin :

* `obs["tile_set"]` : les personnages en jeu dans la manche ;
* `obs["questions"]` : chaque question avec sa réponse, par ex.
  `{"seat": 4, "question": "where-princess", "about": None, "answer": "p2", "extra": False}`
  (`about` est la place désignée par « Qui est-ce ? », `None` sinon).

Une **distribution** (un *monde*) dit quel personnage se trouve à chaque place face cachée : un dictionnaire
comme `{"p0": "Fairy", "p2": "Black Queen", "p3": "Guard", "p4": "Servant", "centre": "Princess"}`.
`hidden_places(obs)` donne la liste des places, `all_deals(obs)` la liste de toutes les distributions (cinq
tuiles : 5 × 4 × 3 × 2 × 1 = 120), et `colour(name)` la couleur d'un personnage.""",

    ("d1660a47", "797cfdbcdca1"): """\
## 1. Quelles réponses une couleur peut-elle donner ?

Écris `allowed(colour_name, truth, options)` : la liste des réponses qu'une tuile de cette couleur peut
donner, quand `truth` est la vraie réponse et `options` toutes les réponses en jeu.""",

    ("1dffd286", "2198251d8cce"): """\
## 2. Une réponse correspond-elle à une distribution ?

Suppose que les tuiles aient été distribuées comme `deal`. Écris d'abord `true_answer(deal, q)`, la réponse
qui serait la vérité :

* « Où est la Princesse ? » (`"where-princess"`) : la place où se trouve la Princesse ;
* « Qui es-tu ? » (`"who-are-you"`) : le personnage du joueur interrogé, `deal[f"p{q['seat']}"]` ;
* « Qui est-ce ? » (`"who-is"`) : le personnage de la place désignée, `deal[q["about"]]`.

Puis `fits(deal, q)` : `True` quand le joueur interrogé avait le droit de donner la réponse `q["answer"]` dans
cette distribution. Les réponses en jeu sont les places de la distribution (`list(deal)`) pour « Où est la
Princesse ? », ses personnages (`list(deal.values())`) pour les deux autres questions.""",

    ("15ed6a59", "b0bdef7d22bf"): """\
La vérification essaie ta fonction sur des distributions et des réponses de nombreuses manches (chaque couleur,
avec des réponses vraies et fausses) et s'arrête à la première erreur, en disant pourquoi :""",

    ("0840399e", "4dd38f4a6847"): """\
## 3. Une distribution correspond-elle à toutes les réponses ?

Une distribution est encore possible quand **toutes** les réponses lui correspondent. Écris
`deal_fits(obs, deal)`.""",

    ("28ff47cf", "1bfb9c686673"): """\
## 4. Les mondes compatibles

Écris `consistent(obs)`, qui renvoie la liste des distributions qui correspondent à toutes les réponses (dans
n'importe quel ordre), et `count_worlds(obs)`, leur nombre. Combien des 120 distributions restent dans notre
manche ?""",

    ("5fe08a98", "1e31103dc5ba"): """\
## 5. Où la Princesse peut-elle être ?

Écris `princess_places(obs)` : l'ensemble (set) des places où la Princesse se trouve dans au moins un monde
compatible. Puis `princess_shares(obs)` : en comptant les mondes restants comme également probables, la
**part** d'entre eux qui met la Princesse à chaque place, sous la forme `{place: Fraction}` (les places où
elle ne peut pas être peuvent être omises).""",

    ("d3093fa1", "35adcbe6f8bb"): """\
## 6. La même chose en logique, avec sympy

Au lieu d'essayer chaque distribution, on peut écrire ce que sait le Prince sous la forme d'une seule
**formule logique** et laisser sympy trouver les façons de la rendre vraie. Il y a un symbole vrai/faux pour
chaque place face cachée et chaque personnage : `x[place, character]` veut dire « la tuile à `place` est
`character` ».""",

    ("3296b92a", "874db9f773a4"): """\
Une valeur vrai/faux pour chacun de ces 25 symboles n'est une distribution que si chaque place a exactement un
personnage et chaque personnage est à exactement une place. `deal_constraints(obs)` dit exactement cela
(« au moins un » avec `Or`, « jamais deux » avec `Not`). `satisfiable(formula, all_models=True)` donne la liste
de toutes les affectations (un *modèle*, un dictionnaire `{symbole: True ou False}`) qui rendent une formule
vraie. Ici : les 120 distributions.""",

    ("0eba6b15", "755f145bc3ff"): """\
### 6a. Qu'affirme une réponse ?

Chaque réponse affirme une chose sur la distribution, et cette affirmation est l'un des symboles :

* « Où est la Princesse ? » avec la réponse `"p2"` affirme `x["p2", "Princess"]` ;
* « Qui es-tu ? » posée à la place 3, avec la réponse `"Fairy"`, affirme `x["p3", "Fairy"]` ;
* « Qui est-ce ? » en désignant `"centre"`, avec la réponse `"Guard"`, affirme `x["centre", "Guard"]`.

Écris `statement(q, x)`, qui renvoie l'affirmation de la réponse `q` sous la forme d'une formule sympy (la
vérification accepte toute formule vraie exactement dans les mêmes distributions).""",

    ("4ba75858", "c3c56c050267"): """\
### 6b. La règle des couleurs en logique

Soit `me` la place du joueur interrogé et `S` l'affirmation. Pour chaque personnage `c` de la manche : si `c`
est vert, « `me` a `c` » implique que l'affirmation est vraie, `Implies(x[me, c], S)` ; si `c` est rouge, cela
implique que l'affirmation est fausse, `Implies(x[me, c], Not(S))` ; si `c` est bleu, on n'en tire rien.

* Écris `knowledge(obs)` : `deal_constraints(obs)` et, pour chaque réponse et chaque personnage, ces
  implications, le tout réuni par `And(...)`.
* Écris `sympy_deals(obs)` : appelle `satisfiable(knowledge(obs), all_models=True)` et transforme chaque modèle
  en distribution (la place et le personnage de chaque symbole qui vaut `True`). Attention : quand rien ne peut
  être vrai, sympy donne `[False]` au lieu de modèles.""",

    ("76d52c9b", "215c5ff14ed0"): """\
La même vérification qu'à la partie 4 : sympy doit trouver exactement les distributions qui correspondent à
toutes les réponses.""",

    ("e376f90b", "9e276bb17840"): """\
**Question.** Dans notre manche, où la Princesse peut-elle être ? Le Prince peut poser une question
supplémentaire, à n'importe quel autre joueur. Quelle question unique est **sûre** de lui dire où elle est,
quelle que soit la réponse ? Explique pourquoi, à partir de ce que les réponses t'ont appris. (Indice : regarde
`consistent(obs)`. Qui est vert dans toutes les distributions restantes ?)""",

    ("fdb92575", "76040bdc2450"): """\
### BEGIN SOLUTION
Il reste six distributions : la Princesse est en **p0** dans 3 d'entre elles, au **centre** dans 2, en **p3**
dans 1 (parts 1/2, 1/3, 1/6). Pourquoi :

* p2 a dit « Je suis le Garde ». Une tuile verte dirait la vérité, mais une tuile verte n'est pas le Garde ; et
  le Garde qui dit cela dirait la vérité, ce qu'une tuile rouge n'a pas le droit de faire. Donc p2 est la
  Reine Noire ou la Servante.
* Si p2 était la Servante, la réponse de p0 « p2 est la Reine Noire » et celle de p4 « la Princesse est en
  p2 » seraient toutes deux des mensonges : p0 et p4 seraient les deux tuiles rouges, et p3 et le centre la
  Princesse et la Fée. Alors p3, vert, aurait menti en disant que le centre est le Garde : impossible. Donc
  **p2 est la Reine Noire**.
* Alors p0 a dit la vérité. p0 n'est pas non plus la Servante : p4 (qui a menti sur p2) serait le Garde, p3 et
  le centre de nouveau la Princesse et la Fée, et p3, vert, aurait menti. Donc **p0 est la Princesse ou la
  Fée : vert dans toutes les distributions restantes**.

La question supplémentaire : **demander à p0 « Où est la Princesse ? »** p0 doit dire la vérité, donc la
réponse est sa place, quelle que soit la distribution. Aucune autre question n'est sûre de trancher : chaque
autre joueur peut être rouge (plusieurs mensonges au choix) ou bleu, et « Qui est-ce ? » posée à p0 ne
renseigne que sur une seule place.
### END SOLUTION""",

    ("72274400", "bd5ac9e682b4"): """\
Compare avec le kit : `kit.princesslegend.deduction` construit la même formule (ses tests la confrontent au
moteur des règles sur des manches au hasard), et `settling_questions` essaie chaque question sur chaque
distribution restante, avec chaque réponse que les règles permettent :""",

    ("834523f1", "f1ab3a392b66"): """\
## 7. Quelle question vaut le plus ?

Une question *sûre* de trancher est rare. La plupart des questions n'aident qu'**en moyenne** : certaines
réponses en apprennent beaucoup, d'autres peu. Pour comparer les questions, il faut encore deux choses : la
probabilité de chaque monde et la probabilité de chaque réponse.

**Les mondes ne sont pas tous aussi probables.** Jusqu'ici, chaque monde compatible comptait une fois. Mais
une tuile bleue qui dit la vérité une fois sur deux, et une tuile rouge qui choisit l'un de ses mensonges au
hasard, rendent certaines réponses plus probables dans un monde que dans un autre. Le modèle de réponse du kit
dit : le vert dit la vérité ; le rouge choisit l'un de ses mensonges, chacun aussi probable ; le bleu dit la
vérité une fois sur deux, et sinon choisit l'un de ses mensonges, chacun aussi probable. D'après la règle de
Bayes, un monde est alors d'autant plus probable qu'il explique bien les réponses : `weighted_worlds(obs)`
donne chaque monde avec sa probabilité.""",

    ("c40b526b", "cf58e907e206"): """\
La Princesse est en p0 avec la probabilité 1/2, en p3 avec 1/3 et au centre avec 1/6, alors que le
décompte des mondes donnait 1/6 à p3 et 1/3 au centre. Pourquoi ? La réponse d'une tuile verte est certaine,
mais une tuile rouge choisit un mensonge parmi quatre : un monde où une tuile rouge a donné *précisément* ce
mensonge explique moins bien les réponses. Dans le monde où la Princesse est en p3, p3 est vert et a dit la
vérité. Dans les deux mondes où elle est au centre, p3 a menti sur le centre : dans l'un, p3 est le Garde (rouge :
ce mensonge parmi quatre), dans l'autre, la Servante (bleue : un mensonge une fois sur deux, celui-ci parmi
quatre), et p4 est l'autre des deux ; chacun de ces mondes explique les réponses quatre fois moins bien.

### 7a. Quelle est la probabilité de chaque réponse ?

Écris `chances(colour_name, truth, options)` : pour un monde, la probabilité de chaque réponse selon ce
modèle, sous la forme d'un dictionnaire `{réponse: probabilité}` (les réponses de probabilité nulle peuvent
être omises). Avec `m` réponses en jeu, une tuile rouge donne à chacun de ses `m - 1` mensonges la probabilité
`1/(m - 1)`.""",

    ("4318f439", "e0aeeff76411"): """\
### 7b. L'information d'une question

L'incertitude du Prince sur la place de la Princesse se mesure par l'**entropie** de ses probabilités, en
**bits** : $H = -\\sum_{\\text{places}} p \\log_2 p$. Un bit, c'est une pièce équilibrée (deux places, 1/2
chacune) ; 0 bit, c'est la certitude.

L'**information attendue** d'une question est l'entropie actuelle, moins l'entropie qu'il attend après la
réponse :

* pour chaque monde `w` (probabilité $P(w)$) et chaque réponse `a`, $P(a \\mid w)$ vient de `chances` (la
  couleur du joueur interrogé dans `w`, la vraie réponse dans `w`) ;
* $P(a) = \\sum_w P(w) P(a \\mid w)$, et après la réponse `a` la Princesse est à la place `p` avec la
  probabilité $\\sum_{w:\\ \\text{elle est en } p} P(w) P(a \\mid w) / P(a)$ ;
* information $= H_{\\text{maintenant}} - \\sum_a P(a)\\, H_{\\text{après } a}$.

Écris `information(obs, q)` pour une question `q` comme `{"seat": 0, "question": "where-princess", "about":
None}` (pas encore posée : elle n'a pas de réponse). `entropy(weights)` ci-dessous prend un dictionnaire
`{place: poids}` dont les poids n'ont pas besoin de faire 1 au total.""",

    ("30e470fb", "61f35542d4f2"): """\
### 7c. La question qui vaut le plus

Écris `best_question(obs)` : parmi toutes les questions que le Prince peut poser à un autre joueur (la question
supplémentaire peut aller à n'importe qui), celle qui apporte le plus d'information. Renvoie-la sous la forme
d'un dictionnaire comme ceux ci-dessus, ou dans la notation du jeu, `"ask p0 who-is centre"`.""",

    ("6f6f46c8", "8abfb91e7fb5"): """\
Dans notre manche, c'est la question qui tranche tout : son information est toute l'entropie actuelle,
1,459 bit. Le kit classe chaque question de la même façon (`kit.princesslegend.deduction.best_question`,
rapide, avec numpy), et les bots de la table s'en servent :""",

    ("6efdb1b0", "15693eea8b04"): """\
## Pour aller plus loin

* À 7 joueurs, le Siamois et l'Espion entrent en jeu : `rounds(3, seed=1, players=7)` a 5 040 distributions
  par manche. Chronomètre `consistent` et `sympy_deals` sur ces manches (`%time`) : lequel est le plus rapide,
  et pourquoi ?
* Si la Servante dit la vérité trois fois sur quatre, `weighted_worlds(obs, blue_truth=0.75)` : quels mondes
  deviennent plus probables ? La meilleure question change-t-elle ?
* Après le dévoilement, le Prince a vu une tuile, et tout le monde a vu qui a pris des rubis (chaque place qui
  en a pris un a une tuile de la famille du symbole dévoilé, chaque autre place une tuile d'une autre famille) :
  `kit.princesslegend.deduction.knowledge_base` ajoute ces deux faits. Crée un état avec
  `PrincessLegend(5).dealt_state(...)`, joue une manche et regarde `consistent_deals(state)` avant et après
  `reveal`.

## Et ensuite

* Joue : [le carnet Princess Legend](../../notebooks/fr/princesslegend.ipynb), où le panneau de déduction de
  la table compte les mondes pendant que tu poses tes questions.
* Les règles : [les réponses](../../docs/rules/princesslegend.fr.md#les-réponses) et
  [la déduction dans le kit](../../docs/rules/princesslegend.fr.md#la-déduction-dans-le-kit).
* Le sujet suivant : écrire un bot et l'inscrire à un tournoi de la classe,
  [bots et tournois](../../notebooks/bots_and_tournaments.ipynb) (carnet en anglais), avec ses exercices
  [bots_tournament.ipynb](../bots_tournament.ipynb) (en anglais).""",
}


# Code cells' comments, docstrings and printed words in French (the notation stays English).
FR.update({
    ('12e274f6', 'fa0df1386d4d'): 'from kit.princesslegend import PrincessLegend\nfrom kit.princesslegend.deduction import best_question, consistent_deals, princess_candidates\n\nexample = PrincessLegend(3).dealt_state(["Prince", "Black Queen", "Servant"], centre="Princess")\nexample.apply_action("ask p1 where-princess")\nexample.apply_action("answer p2")          # Ben, la Reine Noire, ment\nfor world in consistent_deals(example):    # ce que le Prince ne peut plus exclure\n    print(world)\n{place: str(share) for place, share in princess_candidates(example).items()}',
    ('34d62620', '0984aedeafd9'): 'from kit.princesslegend import PrincessLegend\nfrom kit.widgets import GameTable\n\n# length="lesson" : chaque joueur est le Prince une fois (4 manches) ; length="full" : la partie de la règle (12 manches)\ntable = GameTable(PrincessLegend(4), ["you", "heuristic", "heuristic", "heuristic"],\n                  names=["Ana", "Ben", "Cleo", "Dev"], first_player=0, length="lesson")\ntable',
    ('ad1379dd', 'a8ab124279ef'): 'state.apply_action("ask p1 where-princess")\nprint([str(a) for a in state.legal_actions()])\nstate.apply_action("answer p3")\nstate.apply_action("ask p2 who-are-you")   # la Reine Noire doit mentir\nprint([str(a) for a in state.legal_actions()])\nstate.apply_action("answer Princess")      # un mensonge, comme il se doit',
    ('8f8d7673', '0d07e153cd14'): 'from kit.princesslegend.explain import deduce\nfrom kit.render.princesslegend import argument_words\n\nprint("Prince:", state.observation(0)["tiles"], state.observation(0)["centre"])\nprint("p1 :   ", state.observation(1)["tiles"], state.observation(1)["centre"])\nd = deduce(state.observation(0))\nprint(d.count, "distributions compatibles sur", d.total, ";", {p: str(v) for p, v in d.chances.items()})\nfor place, steps in d.arguments.items():\n    print()\n    print("\\n".join(argument_words(place, steps, ["Ana", "Ben", "Cleo", "Dev"])))',
    ('0e9d70b5', '1ee9ce3d171f'): '# la table du professeur pour le projecteur (toutes les tuiles visibles une fois l\'interrupteur coché) :\n# GameTable(PrincessLegend(5), ["heuristic"] * 5, teacher=True, size="large")',
})

# Code cells' comments, docstrings and printed words in French (the notation stays English).
FR_EX.update({
    ('f05868d4', '32c876c0624a'): 'import math\nfrom fractions import Fraction\n\nfrom sympy import And, Implies, Not\nfrom sympy.logic.inference import satisfiable\n\nfrom kit.teach.princesslegend import (all_deals, check_allowed_answers, check_answer_chances, check_best_question,\n                                      check_candidates, check_consistent, check_deal_consistent, check_fits,\n                                      check_princess_places, check_question_value, check_statement,\n                                      check_world_count, colour, deal_constraints, describe, hidden_places, rounds,\n                                      symbols, weighted_worlds)\n\nobs = rounds(1, seed=51, players=5)[0]  # une manche à 5 joueurs, telle que son Prince la voit après une question à chacun\nprint(describe(obs))',
    ('8da0bf20', '91bc1cef832a'): 'def allowed(colour_name, truth, options):\n    """Les réponses qu\'une tuile de cette couleur peut donner."""\n    ### BEGIN SOLUTION\n    if colour_name == "green":\n        return [truth]\n    if colour_name == "red":\n        return [option for option in options if option != truth]\n    return list(options)  # bleu : n\'importe laquelle\n    ### END SOLUTION\n\n\nallowed("red", "p2", ["p0", "p2", "centre"])',
    ('29e6fbe1', 'bd50f46b66f5'): 'def true_answer(deal, q):\n    """La vraie réponse à la question q, si les tuiles sont distribuées comme `deal`."""\n    ### BEGIN SOLUTION\n    if q["question"] == "where-princess":\n        return next(place for place, name in deal.items() if name == "Princess")\n    if q["question"] == "who-are-you":\n        return deal[f"p{q[\'seat\']}"]\n    return deal[q["about"]]  # "who-is"\n    ### END SOLUTION\n\n\ndef fits(deal, q):\n    """Le joueur interrogé peut-il donner cette réponse, si les tuiles sont distribuées comme `deal` ?"""\n    ### BEGIN SOLUTION\n    me = deal[f"p{q[\'seat\']}"]\n    options = list(deal) if q["question"] == "where-princess" else list(deal.values())\n    return q["answer"] in allowed(colour(me), true_answer(deal, q), options)\n    ### END SOLUTION\n\n\ndeal = all_deals(obs)[0]\nprint(deal)\n[fits(deal, q) for q in obs["questions"]]',
    ('a68dc0a6', 'c0be003c01c0'): 'def deal_fits(obs, deal):\n    """La distribution est-elle compatible avec toutes les réponses de la manche ?"""\n    ### BEGIN SOLUTION\n    return all(fits(deal, q) for q in obs["questions"])\n    ### END SOLUTION\n\n\ndeal_fits(obs, deal)',
    ('507a83e3', '475a0ef5cfa7'): 'def consistent(obs):\n    """Toutes les distributions compatibles avec toutes les réponses."""\n    ### BEGIN SOLUTION\n    return [deal for deal in all_deals(obs) if deal_fits(obs, deal)]\n    ### END SOLUTION\n\n\ndef count_worlds(obs):\n    """Combien de distributions sont compatibles avec toutes les réponses."""\n    ### BEGIN SOLUTION\n    return len(consistent(obs))\n    ### END SOLUTION\n\n\ncount_worlds(obs)',
    ('c142adf9', '2c42810769d4'): 'def princess_places(obs):\n    """Où la Princesse peut être."""\n    ### BEGIN SOLUTION\n    return {true_answer(deal, {"question": "where-princess"}) for deal in consistent(obs)}\n    ### END SOLUTION\n\n\ndef princess_shares(obs):\n    """Pour chaque place, la part des distributions compatibles qui y mettent la Princesse."""\n    ### BEGIN SOLUTION\n    deals = consistent(obs)\n    shares = {}\n    for deal in deals:\n        place = true_answer(deal, {"question": "where-princess"})\n        shares[place] = shares.get(place, 0) + Fraction(1, len(deals))\n    return shares\n    ### END SOLUTION\n\n\nprincess_places(obs), princess_shares(obs)',
    ('c412fb96', '74baf78a6b2b'): 'def statement(q, x):\n    """Ce qu\'affirme la réponse à q, comme formule des symboles x[place, character]."""\n    ### BEGIN SOLUTION\n    if q["question"] == "where-princess":\n        return x[q["answer"], "Princess"]\n    if q["question"] == "who-are-you":\n        return x[f"p{q[\'seat\']}", q["answer"]]\n    return x[q["about"], q["answer"]]\n    ### END SOLUTION\n\n\n[statement(q, x) for q in obs["questions"]]',
    ('37295a2d', '2adc7444783c'): 'def knowledge(obs):\n    """Tout ce que sait le Prince, en une seule formule."""\n    x = symbols(obs)\n    ### BEGIN SOLUTION\n    parts = [deal_constraints(obs)]\n    for q in obs["questions"]:\n        claim = statement(q, x)\n        me = f"p{q[\'seat\']}"\n        for c in obs["tile_set"]:\n            if colour(c) == "green":\n                parts.append(Implies(x[me, c], claim))\n            elif colour(c) == "red":\n                parts.append(Implies(x[me, c], Not(claim)))\n    return And(*parts)\n    ### END SOLUTION\n\n\ndef sympy_deals(obs):\n    """Toutes les distributions compatibles avec toutes les réponses, trouvées par sympy."""\n    x = symbols(obs)\n    ### BEGIN SOLUTION\n    deals = []\n    for model in satisfiable(knowledge(obs), all_models=True):\n        if model:  # pas False\n            deals.append({place: name for (place, name), symbol in x.items() if model[symbol]})\n    return deals\n    ### END SOLUTION\n\n\nlen(sympy_deals(obs))',
    ('5e021ac5', 'b472392bcab5'): 'def chances(colour_name, truth, options):\n    """La probabilité de chaque réponse, dans un monde."""\n    ### BEGIN SOLUTION\n    lies = [option for option in options if option != truth]\n    if colour_name == "green":\n        return {truth: Fraction(1)}\n    if colour_name == "red":\n        return {lie: Fraction(1, len(lies)) for lie in lies}\n    out = {lie: Fraction(1, 2 * len(lies)) for lie in lies}\n    out[truth] = Fraction(1, 2)\n    return out\n    ### END SOLUTION\n\n\nchances("blue", "p2", ["p0", "p2", "p3", "p4", "centre"])',
    ('b90a7ed6', 'e53037215a50'): 'def entropy(weights):\n    """L\'entropie en bits des probabilités proportionnelles à `weights` ({place: poids})."""\n    total = sum(weights.values())\n    return -sum(w / total * math.log2(w / total) for w in weights.values() if w > 0)\n\n\ndef information(obs, q):\n    """L\'information attendue de la question q sur la place de la Princesse, en bits."""\n    ### BEGIN SOLUTION\n    worlds = weighted_worlds(obs)\n    where = {"question": "where-princess"}\n    now = {}\n    for deal, p in worlds:\n        place = true_answer(deal, where)\n        now[place] = now.get(place, 0) + p\n    options = hidden_places(obs) if q["question"] == "where-princess" else obs["tile_set"]\n    after = {}  # réponse -> {place: P(monde) * P(réponse | monde), en somme}\n    for deal, p in worlds:\n        place = true_answer(deal, where)\n        me = deal[f"p{q[\'seat\']}"]\n        for answer, pa in chances(colour(me), true_answer(deal, q), options).items():\n            by_place = after.setdefault(answer, {})\n            by_place[place] = by_place.get(place, 0) + p * float(pa)\n    return entropy(now) - sum(sum(by_place.values()) * entropy(by_place) for by_place in after.values())\n    ### END SOLUTION\n\n\ninformation(obs, {"seat": 0, "question": "where-princess", "about": None})',
    ('9b754b56', 'efb6a3484a5e'): 'def best_question(obs):\n    """La question qui vaut le plus."""\n    ### BEGIN SOLUTION\n    places = hidden_places(obs)\n    questions = []\n    for place in places:\n        if place == "centre":\n            continue\n        seat = int(place[1:])\n        questions.append({"seat": seat, "question": "where-princess", "about": None})\n        questions.append({"seat": seat, "question": "who-are-you", "about": None})\n        questions += [{"seat": seat, "question": "who-is", "about": other} for other in places if other != place]\n    return max(questions, key=lambda q: information(obs, q))\n    ### END SOLUTION\n\n\nbest_question(obs)',
})

JOBS = [
    ("notebooks/sleepingqueens.ipynb", "notebooks/pl/sleepingqueens.ipynb", "pl", PL_FIRST, PL),
    ("notebooks/princesslegend.ipynb", "notebooks/fr/princesslegend.ipynb", "fr", FR_FIRST, FR),
    ("solutions/sleepingqueens_equations.ipynb", "solutions/pl/sleepingqueens_equations.ipynb", "pl", PL_EX_FIRST,
     PL_EX),
    ("solutions/princesslegend_deduction.ipynb", "solutions/fr/princesslegend_deduction.ipynb", "fr", FR_EX_FIRST,
     FR_EX),
]


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def translate(english: str, target: str, lang: str, first: str, words: dict) -> None:
    nb = nbformat.read(ROOT / english, as_version=4)
    out = copy.deepcopy(nb)
    by_id = {cell_id: text for (cell_id, _), text in words.items()}
    expected = {cell_id: sha for (cell_id, sha) in words}
    cells = [nbformat.v4.new_code_cell(first, id=f"set-language-{lang}")]
    for cell in out.cells:
        if cell.cell_type == "markdown":
            if cell.id not in by_id:
                sys.exit(f"{english}: markdown cell {cell.id} has no {lang} translation")
            if _sha(cell.source) != expected[cell.id]:
                sys.exit(f"{english}: markdown cell {cell.id} changed (sha {_sha(cell.source)}); "
                         f"update its {lang} translation")
            cell.source = by_id[cell.id]
        elif cell.cell_type == "code":
            if cell.id in by_id:  # code whose words or output a reader reads (its strings, comments, prints)
                if _sha(cell.source) != expected[cell.id]:
                    sys.exit(f"{english}: code cell {cell.id} changed (sha {_sha(cell.source)}); "
                             f"update its {lang} version")
                cell.source = by_id[cell.id]
            cell.outputs = []
            cell.execution_count = None
        cells.append(cell)
    unused = set(by_id) - {c.id for c in nb.cells}
    if unused:
        sys.exit(f"{english}: translations of cells that are gone: {sorted(unused)}")
    out.cells = cells
    out.metadata = copy.deepcopy(nb.metadata)
    nbformat.validate(out)
    path = ROOT / target
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(out, path)
    print(f"wrote {target}: {len(cells)} cells ({lang})")


def all_jobs() -> list[tuple]:
    """:data:`JOBS` and every language module's ``JOBS`` (tools/notebook_translations/<lang>.py)."""
    jobs = list(JOBS)
    folder = Path(__file__).resolve().parent / "notebook_translations"
    for module in sorted(folder.glob("[a-z]*.py")):
        spec = importlib.util.spec_from_file_location(f"notebook_translations.{module.stem}", module)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        jobs += mod.JOBS
    return jobs


if __name__ == "__main__":
    for job in all_jobs():
        translate(*job)
