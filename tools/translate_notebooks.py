"""Write notebooks/pl/sleepingqueens.ipynb and notebooks/fr/princesslegend.ipynb from the English notebooks.

Each translated notebook is its English notebook with one code cell first (it sets the kernel's language),
every code cell copied unchanged, every markdown cell replaced by its translation, outputs empty,
execution counts None, the English notebook's metadata.  A translation is keyed by the English cell's id and
the SHA-256 of the English text it translates: when the English text changes, this script stops and names the
cell, so a translation never silently drifts from its English cell.

Run from the repository after editing an English play notebook:  .venv/bin/python tools/translate_notebooks.py
"""

from __future__ import annotations

import copy
import hashlib
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
    ("a23cbc77", "07bdecf75177"): """\
# Śpiące Królewny

Na środku stołu śpi dwanaście zakrytych Królewien. Budzisz je **Księciem**, zabierasz innym graczom
**Rycerzem** (chyba że zatrzyma cię **Smok**), usypiasz z powrotem **Miksturą usypiającą** (chyba że
zatrzyma cię **Różdżka**), ryzykujesz z **Błaznem** albo pozbywasz się kart parami i **równaniami z
dodawaniem**, takimi jak 2+3=5. W grze na 2 lub 3 graczy wygrywa, kto zbierze 5 Królewien albo 50 punktów;
w grze na 4 lub 5 graczy wystarczą 4 Królewny albo 40 punktów.

Wszystkie zasady, każda z trudniejszymi przypadkami: [zasady gry Śpiące Królewny](../../docs/rules/sleepingqueens.pl.md).

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

    ("97662cc3", "18c7bb81aba9"): """\
### Dla nauczyciela: podpowiedzi, rzutnik, wszystkie karty na widoku

* **Podpowiedzi** są wyłączone: stół nigdy nie znajduje dodawania za dziecko. Z `hints=True` pojawia się
  przycisk *„Czy w moich kartach jest dodawanie?”*: za pierwszym razem mówi, czy jakieś jest, za drugim
  pokazuje jedno. Włącz go dziecku, które dopiero uczy się dodawać.
* **Rzutnik** dla całej klasy: `size="large"` powiększa wszystko.
* Stół ucznia nie ma przełącznika, który pokazuje ukryte karty. Nauczyciel buduje własny stół z
  `teacher=True`: jego przełącznik *Widok nauczyciela* pokazuje karty wszystkich graczy, a panel podglądu
  może pokazać widok dowolnego gracza. Nie wyświetlaj na rzutniku stołu nauczyciela z włączonym
  przełącznikiem, kiedy klasa gra.""",

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

* **Ćwiczenia:** [sleepingqueens_equations.ipynb](../../exercises/sleepingqueens_equations.ipynb) (zeszyt
  po angielsku), część A od 8 lat (liczenie, szukanie pary, szukanie dodawania, z obrazkami) i część B od
  11 lat (funkcje i sympy). Każde sprawdzenie ma podpowiedzi: `check_pair.hint()`.
* **Zasady:** [zasady gry Śpiące Królewny](../../docs/rules/sleepingqueens.pl.md), a w nich
  [odrzucanie kart](../../docs/rules/sleepingqueens.pl.md#odrzucanie-kart) i
  [równania](../../docs/rules/sleepingqueens.pl.md#równania).
* **Następny temat:** prawda i kłamstwo w grze [Princess Legend](../princesslegend.ipynb) (zeszyt po
  angielsku).
* Powrót do [początku](../start.ipynb) (po angielsku).""",
}

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

**Répondre.** Prends une place qui répond : tu lis ta tuile et sa règle (« Tu es Garde — tuile rouge : tu
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

    ("b0deea3c", "d4282b615580"): """\
## 4. Une partie entière en code

Une partie compte plusieurs manches, et chaque joueur prend à son tour le rôle du Prince ; celui qui a le
plus de rubis gagne, et une égalité est départagée par des manches supplémentaires.""",

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

* **Exercices :** [princesslegend_deduction.ipynb](../../exercises/princesslegend_deduction.ipynb) (carnet
  en anglais) : quelles réponses une couleur peut donner, si une distribution correspond aux réponses, les
  mondes compatibles et leur nombre, où la Princesse peut être, la même chose dans la logique de sympy, et
  quelle question vaut le plus. Chaque vérification a des indices : `check_fits.hint()`.
* **Les règles :** [règles de Princess Legend](../../docs/rules/princesslegend.fr.md), avec
  [les réponses](../../docs/rules/princesslegend.fr.md#les-réponses) et
  [ce que sait chaque joueur](../../docs/rules/princesslegend.fr.md#ce-que-sait-chaque-joueur).
* **Le sujet suivant :** écrire un bot et l'inscrire à un tournoi de la classe :
  [bots et tournois](../bots_and_tournaments.ipynb) (carnet en anglais).
* Retour au [début](../start.ipynb) (en anglais).""",
}

JOBS = [
    ("notebooks/sleepingqueens.ipynb", "notebooks/pl/sleepingqueens.ipynb", "pl", PL_FIRST, PL),
    ("notebooks/princesslegend.ipynb", "notebooks/fr/princesslegend.ipynb", "fr", FR_FIRST, FR),
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


if __name__ == "__main__":
    for job in JOBS:
        translate(*job)
