"""Romanian translations of the Love Letter notebooks (the Romanian sheet is the classic edition's).

Read by tools/translate_notebooks.py, which writes notebooks/ro/loveletter.ipynb and
solutions/ro/loveletter_counting.ipynb from the English notebooks (exercises/ro/... is then made from the
solution by ``python -m kit.teach.notebooks build``).  A translation is keyed by the English cell's id and the
SHA-256 (first 12 hex digits) of its English text.

The words are the sheet's (000, Love Letter classic edition), written with the comma-below letters ș and ț:
Gardiană, Preot, Baron, Cameristă, Prinț, Rege, Contesă, Prințesă; inimioară (token), rundă, tur, teanc de
rezervă (deck), cartea de rezervă (the set-aside card), a depune (to discard), eliminat din rundă (out).
The labels of the table are the Romanian catalog's (Examinează și reia, Înapoi la joc, Jurnalul complet,
Joc nou…, Vedere profesor, bot euristic / aleatoriu / ISMCTS, altă persoană).
"""

RO_FIRST = '''\
# Trusa vorbește românește (notația acțiunilor, de ex. "Guard p1 King", rămâne în engleză)
from kit.i18n import set_language
set_language("ro")'''

RO = {
    ("9873e7d6", "d3c382be4ccd"): """\
# Love Letter la masă

*Love Letter* este un mic joc de cărți cu **informație ascunsă** și **deducție**: fiecare jucător ține în mână o
carte, secretă pentru ceilalți, și încearcă să rămână ultimul în rundă sau să aibă cartea cea mai mare când se
termină teancul de rezervă.

**Obiective.** După acest caiet vei putea

1. să numești cărțile și să joci o rundă **în cod**, mutare cu mutare (secțiunile 1 și 2);
2. să joci partide întregi împotriva unor **boți**, la o masă pe care dai clic (secțiunea 3);
3. să reiei o rundă și să spui ce *știa* un jucător în fiecare moment: **numărarea cărților** (secțiunea 4);
4. să explici numărarea cărților ca **regula lui Bayes**: o probabilitate a priori, dovada adusă de un eveniment,
   o probabilitate a posteriori (secțiunea 5, un exemplu rezolvat);
5. să scrii un bot mic care numără cărțile și să măsori cât valorează numărarea (secțiunea 6).

Cam 45 de minute. Apoi exersează cu [exercițiile de numărare a cărților](../../exercises/ro/loveletter_counting.ipynb).""",

    ("314e2e85", "607a79108a1b"): """\
## 1. Regulile într-un minut

* **Pregătirea.** Amesteci cărțile și pui una deoparte, cu fața în jos (nimeni nu o vede): este cartea de rezervă.
  Cu 2 jucători mai întorci 3 cărți cu fața în sus: ele nu intră în joc în această rundă, și toată lumea știe asta.
  Fiecare jucător primește o carte.
* **Turul tău.** Tragi o carte, așa că ai două în mână. Joci una dintre ele cu fața în sus și faci ce scrie pe ea.
* **Eliminat.** Un jucător eliminat din rundă își arată cartea din mână și nu mai joacă până la sfârșitul rundei.
* **Sfârșitul rundei.** Când a rămas un singur jucător, el câștigă runda. Dacă se termină teancul de rezervă, toți
  cei rămași în rundă își arată cartea: câștigă cartea cea mai mare (la egalitate câștigă toți cei la egalitate).
* **Partida.** O rundă câștigată îți aduce o **inimioară**. Primul care strânge destule inimioare câștigă jocul: cu
  doi jucători, 5 în ediția clasică.

Trusa are două ediții: `"classic"` (ediția clasică: 16 cărți, 2–4 jucători) și `"2019"` (21 de cărți, cu Spioana
și Cancelarul, 2–6 jucători). Acestea sunt cărțile ediției clasice, cu valoarea lor, ce fac și câte exemplare are
pachetul din fiecare:""",

    ("6c8233b6", "9aae56d4cf40"): """\
O carte singură se arată la fel (încearcă `classic.card.PRINCESS` într-o celulă).

## 2. O rundă în cod

Un **joc** (`game`) ține setările, o **stare** (`state`) este un moment dintr-o rundă. Mai întâi împarte hazardul;
aici alegem noi cum se împart cărțile, ca toată lumea din sală să vadă aceeași rundă: Prințesa este pusă deoparte,
o Gardiană, un Preot și o Cameristă sunt întoarse cu fața în sus, jucătorul 0 primește o Gardiană, jucătorul 1 un
Rege, iar jucătorul 0 trage un Prinț.

În cod, numele cărților rămân în engleză, ca în notație: `Guard`: Gardiană, `Priest`: Preot, `Baron`: Baron,
`Handmaid`: Cameristă, `Prince`: Prinț, `King`: Rege, `Countess`: Contesă, `Princess`: Prințesă.""",

    ("47198921", "1cb2d04d53a0"): """\
Acestea sunt mutările permise ale jucătorului 0. `Guard p1 King` înseamnă *joacă Gardiana pe jucătorul 1 și
numește Regele*.

Un `state` scris singur într-o celulă arată **imaginea profesorului**: fiecare mână, cartea de rezervă și teancul.
O stare este tot adevărul despre rundă, așa că pe acesta îl arată. Nu o arăta niciodată jucătorilor!""",

    ("669fecb0", "e2a046aa45a1"): """\
Un **jucător** vede mult mai puțin. `state.observation(seat)` este ce știe acel loc (`seat`), iar `table_html`
desenează masa numai din asta: cartea jucătorului 1 rămâne cu fața în jos, la fel și cartea de rezervă.""",

    ("eb2429bd", "866d33acfc2a"): """\
Ana ghicește corect; apoi citim runda așa cum a văzut-o Ben. Motorul jocului înregistrează **evenimente**
(dicționare mici: cine a jucat ce carte și pe cine); `narrate` le spune în cuvinte pentru un singur cititor, așa
că Ben citește „pe tine” și „ieși din rundă” acolo unde este vorba de el. (Primul rând tipărit este rezultatul
rundei ca date, cu numele câmpurilor în engleză: `winners=(0,)` înseamnă că a câștigat jucătorul 0, Ana.)""",

    ("78fa036f", "dfeb5d775fe1"): """\
## 3. Joacă împotriva unui bot

Acum jocul adevărat. Tu ești **Ana** (locul 0); **Ben** este un *bot euristic*, care numără cărțile.

* Dă clic pe o carte ca să o joci. Dacă ea alege un jucător, dă clic pe locul acelui jucător; o Gardiană îți cere
  apoi să numești o carte.
* Ți se oferă numai mutări permise. Regula Contesei (cu un Rege sau un Prinț în mână, trebuie jucată Contesa) se
  vede pe carte.
* Tastatura: Tab te duce la masă, săgețile te mută între opțiuni, Enter alege.
* Caseta albastră de deasupra mesei spune ce s-a întâmplat de la ultima ta mutare, cu rândul cel mai nou la
  urmă; **Jurnalul complet**, sub masă, povestește toată runda. Rândul de sus este scorul: inimioarele și runda.
* Boții fac o scurtă pauză înainte de fiecare mutare (`delay=`, în secunde), ca să poți urmări ce fac.

Fiecare împărțire este nouă (o masă nu arată niciodată sămânța aleatoare, *seed*-ul, cu care a împărțit cărțile:
ea ar dezvălui fiecare carte). Deschide **Joc nou…** sub masă ca să schimbi ediția, numărul de jucători și cine
unde stă (tu, altă persoană la același ecran sau un bot: aleatoriu, euristic sau ISMCTS). Cu două persoane la un
singur ecran, masa vă cere să dați ecranul mai departe înainte să arate o mână. Regulile, cu toate hotărârile
pe care le aplică trusa: [regulile Love Letter](../../docs/rules/loveletter.ro.md).""",

    ("406b94c1", "a95bd84772b3"): """\
Tot ce face masa se poate face și din Python, ceea ce e util ca să verifici dacă ai înțeles:
`table.choices()` arată pe ce poți da clic acum, `table.click("card:1")` dă un clic, `table.act("Guard p1 Priest")`
joacă o mutare întreagă, iar `table.match.tokens` este tabela de scor (inimioarele fiecărui jucător).""",

    ("1a5a5a0d", "8f7e0b7325e1"): """\
## 4. Ce știai? Examinarea rundei și numărarea cărților

Deschide **Examinează și reia** sub masă (celula următoare o face pentru tine). Cursorul reia runda pas cu pas,
așa cum a văzut-o **un singur loc**; urmează jocul în desfășurare până când îl miști (**Înapoi la joc** îl face
să urmeze din nou). Sub reluare apare **numărarea cărților** pentru acel loc: cărțile pe care nu le-a văzut încă
și, pentru fiecare adversar, probabilitatea fiecărei cărți, calculată din ce a văzut acel loc (cărți jucate și
cărți cu fața în sus, ce a arătat un Preot, o Gardiană care a ratat, ...). Masa unui elev poate arăta locul tău
sau ce văd toți: nimic altceva.

**Pentru profesor: un joc proiectat pentru toată clasa.** O masă care poate arăta cărțile ascunse există numai
dacă o construiești așa: `LoveLetterTable(["heuristic", "heuristic"], teacher=True, size="large")` adaugă
comutatorul *Vedere profesor* (fiecare mână, cartea de rezervă și teancul) și lasă panoul de examinare să arate
orice loc. Proiectează masa cu comutatorul oprit cât timp clasa ghicește, apoi pornește-l ca să discutați.
`size="large"` se citește și din ultimul rând al clasei. Perechi la un singur ecran: `LoveLetterTable(["you",
"person"])` acoperă cărțile între tururi.""",

    ("a91cecf2", "f88409d310f7"): """\
Aceleași numere în cod (pentru runda în desfășurare, din punctul de vedere al Anei):""",

    ("23a77956", "69dc834c7463"): """\
## 5. Numărarea cărților este regula lui Bayes: un exemplu rezolvat

Ce calculează panoul de numărare este **regula lui Bayes**, regula după care îți schimbi părerea când vezi o
dovadă. Să luăm o rundă nouă: Prințesa este pusă deoparte, o Gardiană, un Preot și o Cameristă sunt cu fața în
sus, Ana are o Gardiană și trage un Baron; Ben are Regele (Ana nu știe asta).

**Înainte: probabilitatea a priori.** Ana a văzut cinci cărți (cele două ale ei și cele trei cu fața în sus),
deci unsprezece sunt nevăzute: trei Gardiene, doi Prinți și câte una din Preot, Baron, Cameristă, Rege, Contesă
și Prințesă. Cartea lui Ben poate fi oricare dintre ele, fiecare exemplar la fel de probabil:
$P(\\text{Gardiană}) = 3/11$, $P(\\text{Prinț}) = 2/11$, orice altă carte $1/11$.

**Dovada.** Ana își joacă Gardiana pe Ben și numește Prințul: o **ratare**. *Verosimilitatea* unei ratări este
$P(\\text{ratare} \\mid \\text{carte}) = 0$ dacă Ben are un Prinț (Gardiana l-ar fi nimerit) și $1$ pentru orice
altă carte.

**După: probabilitatea a posteriori.** Regula lui Bayes înmulțește probabilitatea a priori cu verosimilitatea și
împarte la probabilitatea dovezii:

$$P(\\text{carte} \\mid \\text{ratare}) = \\frac{P(\\text{ratare} \\mid \\text{carte})\\,P(\\text{carte})}{P(\\text{ratare})},
\\qquad P(\\text{ratare}) = 1 - P(\\text{Prinț}) = \\frac{9}{11}.$$

Deci $P(\\text{Gardiană} \\mid \\text{ratare}) = \\frac{3/11}{9/11} = \\frac13$, orice altă carte $\\frac19$,
Prințul $0$. Numărarea exactă a trusei (`kit.loveletter.posterior`, panoul de mai sus) dă aceleași numere. În
tabelul de mai jos, `prior` este probabilitatea a priori, `P(miss | card)` verosimilitatea ratării, `by hand`
calculul nostru de mână și `kit` numărarea trusei (cărțile au numele din cod, în engleză):""",

    ("079edf57", "b7fb63f369fe"): """\
Orice eveniment funcționează la fel, doar verosimilitatea se schimbă: privirea unui Preot sau schimbul unui Rege
face o carte sigură, un duel cu Baronul între alți doi jucători exclude, pentru câștigător, cărțile mai mici
decât cartea celui care a pierdut, iar o carte jucată dintre două cărți necunoscute îți spune ceva despre cartea
păstrată. [Exercițiile de numărare a cărților](../../exercises/ro/loveletter_counting.ipynb) (5, 6 și 7) îți cer
să scrii chiar tu aceste actualizări.""",

    ("8d1cd681", "3cff8f4b0560"): """\
## 6. Scrie un bot care numără cărțile

Un bot este orice obiect cu o metodă `choose(view, seat)`. `view` arată numai ce are voie să știe acel loc:
`view.legal_actions()`, `view.observation()` și `view.posterior()`, **numărarea exactă a cărților** din panoul de
mai sus (`{adversar: {carte: probabilitate}}`). Iată un bot care joacă la întâmplare, cu o excepție: când are o
Gardiană în mână, o joacă și numește cartea pe care o găsește cea mai probabilă. Un scurt turneu împotriva unui
bot aleatoriu (locurile alternează, fiecare joc are *seed*-ul lui) arată cât valorează numărarea (rezultatul se
tipărește în engleză: `GuardCounter wins …% of 400 rounds against a random bot` înseamnă că GuardCounter câștigă
…% din cele 400 de runde jucate împotriva unui bot aleatoriu):""",

    ("8f67e6db", "5d99fe591155"): """\
## Rândul tău

* Joacă câteva runde. Când joci Gardiana și ce carte numești? Uită-te mai întâi la panoul de numărare.
* Încearcă ediția 2019 cu trei jucători (din **Joc nou…**), împotriva unui bot aleatoriu și a unui bot ISMCTS.
  Care dintre ei e mai puternic?
* Joacă împotriva unui prieten la același ecran: în **Joc nou…**, pune *altă persoană* în locul lui Ben
  (Locul 2 în formular; în cod, jucătorul 1).
* Construiește o poziție în cod (ca în secțiunea 2) și arat-o la masă cu `table.load_round(state)`.""",

    ("04a6e58b", "f121e3bc2078"): """\
## Mai departe

* **Exersează:** [exercițiile de numărare a cărților](../../exercises/ro/loveletter_counting.ipynb), șapte la
  număr, de la numărarea simplă la regula lui Bayes, fiecare cu verificare și indicii (`check_unseen.hint()`).
  (Același caiet în engleză: [loveletter_counting.ipynb](../../exercises/loveletter_counting.ipynb).)
* **Tema următoare:** [arbori de joc și mulțimi de informație](../game_trees.ipynb) (caiet în engleză): toate
  felurile în care se poate termina un final de rundă Love Letter, desenate și rezolvate exact.
* **Regulile**, cu toate hotărârile trusei: [regulile Love Letter](../../docs/rules/loveletter.ro.md); ce are voie
  să știe un jucător: [ce știe fiecare jucător](../../docs/rules/loveletter.ro.md#ce-știe-fiecare-jucător).
* Înapoi la [pagina de start](../start.ipynb) (în engleză).""",
}

RO_EX_FIRST = '''\
# Trusa vorbește românește: întrebări, verificări și indicii (numele cărților din cod rămân în engleză)
from kit.i18n import set_language
set_language("ro")'''

RO_EX = {
    ("c6c1244f", "e073932e80b0"): """\
# Numărarea cărților în Love Letter: raționament bayesian

În *Love Letter* fiecare jucător ține în mână o carte secretă. Nu o poți vedea, dar poți **număra**: pachetul are
un număr cunoscut de exemplare din fiecare carte, multe dintre ele sunt deja cu fața în sus pe masă, iar fiecare
eveniment pe care îl vezi (o carte jucată, o Gardiană care a ratat, un duel) este o **dovadă** despre cartea pe
care nu o vezi. Regula care transformă dovezile în probabilități este **regula lui Bayes**.

**Obiective.** Vei scrie șapte funcții mici, de la numărarea simplă la regula lui Bayes, și vei lăsa un
verificator să le încerce pe fiecare în multe poziții din runde reale (jucate la întâmplare):

1. `unseen(obs)`: câte exemplare din fiecare carte **nu** ai văzut încă;
2. `chance(obs, card)`: probabilitatea ca adversarul tău să aibă cartea `card` (numărare simplă);
3. `guard_guess(obs)`: ce carte ar trebui să numească o Gardiană;
4. `baron_win(keep, belief)`: probabilitatea ca un Baron să câștige;
5. `after_miss(prior, named)`: probabilitățile după ce o Gardiană a numit o carte și a ratat (regula lui Bayes,
   prima oară);
6. `bayes(prior, likelihood)`: regula lui Bayes pentru orice eveniment;
7. `kept(unseen, played)`: cartea păstrată de un adversar, numărată **exact**, și de ce numărarea simplă
   greșește aici.

Un verificator îți spune *corect* sau *ce* a fost greșit (niciodată răspunsul). Te-ai împotmolit? Fiecare
verificator are indicii în trepte: `check_unseen.hint()` este un mic imbold, `check_unseen.hint(2)` spune mai
mult, `check_unseen.hint(3)` este aproape răspunsul. Fiecare verificator primește un `seed=`:
`check_unseen(unseen, seed=7)` încearcă 40 de poziții noi, de câte ori vrei.

Jucăm **ediția clasică** cu **doi jucători** ([regulile](../../docs/rules/loveletter.ro.md)). Rulează celula
următoare ca să vezi o poziție: e rândul tău (ești locul 0) și ai două cărți în mână.""",

    ("d506a2c7", "b3b2c5b52e12"): """\
Tot ce ai voie să știi este în `pos.observation`, un dicționar obișnuit. Cheile de care ai nevoie:

* `obs["hand"]`: cărțile tale, de exemplu `["Guard", "Prince"]`;
* `obs["discards"]`: pentru fiecare loc, cărțile pe care le-a jucat sau le-a depus, în ordine;
* `obs["face_up"]`: cu doi jucători, trei cărți sunt puse deoparte cu fața în sus la început;
* `obs["log"]`: runda de până acum așa cum ai văzut-o tu, ca listă de evenimente (dicționare mici, de exemplu
  `{"kind": "play", "seat": 1, "card": "Guard", "target": 0, "guess": "Priest"}`); `pos.log` spune aceleași
  evenimente în cuvinte.

În cod, numele cărților rămân în engleză, ca în notație: `Guard`: Gardiană, `Priest`: Preot, `Baron`: Baron,
`Handmaid`: Cameristă, `Prince`: Prinț, `King`: Rege, `Countess`: Contesă, `Princess`: Prințesă.

Pachetul clasic are 16 cărți:""",

    ("5c4a3543", "68cc1668c268"): """\
## 1. Cărțile nevăzute

O carte este **nevăzută** când nu este în mâna ta, nu este printre cărțile depuse de vreun jucător și nu este cu
fața în sus. Scrie `unseen(obs)`, care întoarce un dicționar `{numele cărții: exemplare nevăzute}` (cărțile din
care nu a mai rămas niciun exemplar pot lipsi).""",

    ("1fa6ffaf", "e9f30c16cad7"): """\
Verificatorul îți apelează funcția în 40 de poziții și se oprește la primul răspuns greșit, spunând ce este
greșit (`check_unseen.hint()` dacă te-ai împotmolit):""",

    ("9a0571e5", "c2faff68d3bb"): """\
## 2. Probabilitatea unei cărți

Cartea adversarului tău este una dintre cărțile nevăzute. Dacă fiecare carte nevăzută are aceeași șansă să fie
cea pe care o ține el, probabilitatea ca el să aibă o anumită carte este

$$P(\\text{carte}) = \\frac{\\text{exemplarele nevăzute ale cărții}}{\\text{toate cărțile nevăzute}}.$$

Scrie `chance(obs, card)`, care întoarce această probabilitate ca `Fraction` exactă (se acceptă și un float sau
un text ca `"2/7"`).""",

    ("7be5fb41", "003bc6bf3abd"): """\
## 3. Ce carte ar trebui să numească o Gardiană?

O Gardiană numește o carte (niciodată Gardiana însăși): dacă adversarul tău o are, este eliminat din rundă.
Numește o carte cu **cele mai multe** exemplare nevăzute. Scrie `guard_guess(obs)`, care întoarce numele unei
cărți așa cum e scris în cod, în engleză (de exemplu `"Prince"`; literele mari sau mici nu contează).""",

    ("80fcd749", "e8496e1abae7"): """\
## 4. Probabilitatea ca un Baron să câștige

De aici înainte folosim numărarea **exactă** a trusei: `pos.counting[1]` este probabilitatea fiecărei cărți pentru
jucătorul 1, calculată din tot ce ai văzut (vei vedea în exercițiul 7 cum diferă de numărarea simplă). Un
asemenea tabel de probabilități îl numim **credință** (în cod, `belief`):""",

    ("74c52f27", "dec2e097e2fb"): """\
Joci un **Baron** pe adversarul tău și îți păstrezi cealaltă carte: cine are cartea mai mică este eliminat din
rundă; la egalitate nu se întâmplă nimic. Scrie `baron_win(keep, belief)`: probabilitatea să câștigi duelul
păstrând cartea `keep`. Valorile cărților sunt tipărite pe cărți:""",

    ("f91ce2b4", "460eff5e84f9"): """\
Verificatorul încearcă 30 de poziții în care ai un Baron în mână, fiecare cu credința ei:""",

    ("e4f79c7e", "5aa7796fcf88"): """\
## 5. Regula lui Bayes după ce o Gardiană a ratat

Gardiana ta numește Prințul și **ratează**: acum toată lumea știe că adversarul tău nu are un Prinț. Care sunt
acum probabilitățile? Aici intră **regula lui Bayes**. Înainte de eveniment, probabilitățile sunt cele **a
priori**, $P(\\text{carte})$. **Verosimilitatea** $P(\\text{ratare} \\mid \\text{carte})$ spune cât de bine explică
fiecare carte ce s-a întâmplat: 0 pentru Prinț (Gardiana l-ar fi nimerit), 1 pentru orice altă carte. Atunci

$$P(\\text{carte} \\mid \\text{ratare}) = \\frac{P(\\text{ratare} \\mid \\text{carte})\\,P(\\text{carte})}{P(\\text{ratare})},
\\qquad P(\\text{ratare}) = \\sum_{c} P(\\text{ratare} \\mid c)\\,P(c) = 1 - P(\\text{Prinț}).$$

Scrie `after_miss(prior, named)`: `prior` este `{carte: probabilitate}`, `named` este cartea numită de Gardiană;
întoarce probabilitățile de după ratare.""",

    ("d990c64a", "70fb3523b826"): """\
## 6. Regula lui Bayes pentru orice eveniment

Nu orice dovadă este un simplu „da sau nu”. Iată două exemple pe care le folosește verificatorul:

* **Un Baron între alți doi jucători.** Jucătorul 2 a pierdut un duel cu jucătorul 1 și a arătat un Preot
  (valoarea 2). Deci cartea jucătorului 1 este mai mare decât 2: verosimilitatea este 1 pentru cărțile de peste 2
  și 0 pentru celelalte.
* **Obiceiul unui bot.** Adversarul tău este un bot care joacă Prințul în jumătate din cazuri când are o
  Gardiană, într-un sfert din cazuri când are un Rege și așa mai departe: verosimilitatea evenimentului „a jucat
  Prințul” este 1/2 dacă cealaltă carte a lui este o Gardiană, 1/4 dacă este un Rege...

Scrie `bayes(prior, likelihood)`: `likelihood[card]` este probabilitatea evenimentului dacă adversarul are cartea
`card`. Înmulțește, apoi împarte la **dovadă** (suma produselor), ca suma probabilităților să fie din nou 1.""",

    ("5feb5af4", "8a459547d6de"): """\
## 7. Numărarea exactă: cartea pe care a păstrat-o adversarul

Adversarul tău avea o carte pe care nu ai văzut-o, a mai tras una și a jucat o **Gardiană**. Ce carte a păstrat?
Răspunsul depinde de felul în care crezi că adversarul alege cartea pe care o joacă: **modelul adversarului**.

**Modelul acestui exercițiu** este numărarea exactă a trusei (`kit.loveletter.posterior`, fără politică): alegerea
în sine nu îți spune nimic, ca și cum adversarul ar fi făcut această mutare cu orice mână care o permite (fiecare
mutare permisă are verosimilitatea 1). Așa că mutarea îți spune un singur lucru: mâna conținea o Gardiană.
Numărarea simplă scoate Gardiana jucată dintre cărțile nevăzute, iar cartea păstrată este oricare dintre celelalte,
toate la fel de probabile; în acest model, asta e greșit. Numără în schimb mâinile de două cărți: cele două cărți
au fost trase dintre cărțile nevăzute, una după alta, și oricare dintre ele putea fi cea jucată.

* O mână cu o Gardiană și un Preot poate fi trasă în **două** ordini (întâi Gardiana sau întâi Preotul);
* o mână cu două Gardiene, când sunt `n` Gardiene nevăzute, poate fi trasă în `n * (n - 1)` feluri, dar fiecare
  mână cu o Gardiană și un Preot are `2 * n * (exemplarele Preotului)` feluri.

Scrie `kept(unseen, played)`: `unseen` conține exemplarele nevăzute ale fiecărei cărți *înainte* de mutare
(cartea jucată este printre ele); întoarce probabilitatea fiecărei cărți pentru cartea păstrată, în acest model.

*Alt model, alt răspuns.* Dacă adversarul joacă **oricare dintre cele două cărți ale sale jumătate din timp** (dând
cu banul), o mână cu o Gardiană și un Preot joacă Gardiana doar jumătate din timp: jumătatea anulează cele două
ordini, iar numărarea simplă este exact corectă. `posterior(state, seat, policy=...)` primește un astfel de model;
care se potrivește depinde de adversar (un bot, un om, un ban).""",

    ("0004e828", "454f8e2ee123"): """\
## 8. Numărarea simplă și numărarea exactă

Numărarea simplă uită lucruri pe care le știi. `pos.counting` este numărarea **exactă** a cărților făcută de
trusă pentru aceeași poziție (`kit.loveletter.posterior`: folosește numai ce ai văzut, dar tot ce ai văzut).
Celula următoare găsește poziții în care cele două nu se potrivesc în privința cărții adversarului și arată
ultimele rânduri din jurnal (`log`), apoi, pentru câteva cărți, probabilitatea după numărarea simplă (`simple`) și
după cea exactă (`exact`).""",

    ("5c041d9c", "a981d47c3e93"): """\
**Întrebare.** Uită-te la pozițiile de mai sus. Pentru fiecare dintre ele, ce știa numărarea exactă și ignora
numărarea simplă? Numește cel puțin două motive diferite.""",

    ("fa12555f", "851877405b2b"): """\
### BEGIN SOLUTION
* **Un schimb cu Regele** (sau o privire cu Preotul, sau un duel cu Baronul la care ai luat parte): ai *văzut*
  cartea adversarului, deci probabilitatea ei este 1, iar a oricărei alte cărți este 0. Numărarea simplă împarte
  în continuare probabilitatea între toate cărțile nevăzute.
* **O carte jucată spune ceva despre mâna din care a venit** (exercițiul 7). Adversarul tău avea două cărți și a
  jucat o Gardiană: sigur avea o Gardiană, așa că cartea păstrată este o a doua Gardiană mai rar decât spune
  numărarea simplă (o singură pereche de Gardiene printre multele perechi care conțin o Gardiană).
* **O Gardiană care a ratat** exclude cartea numită pentru acel jucător (până când trage din nou; exercițiul 5),
  iar **regula Contesei** îți spune că un jucător care a jucat un Rege sau un Prinț nu a păstrat Contesa.
### END SOLUTION""",

    ("fe7c86b0", "34af3581ac4c"): """\
## Mai departe

* Cazuri noi, câte vrei: fiecare verificator primește `seed=`, de exemplu `check_bayes(bayes, seed=5)`.
* Alte ediții: folosește `positions(20, seed=1, edition="2019", players=3)` și `DECK` al ediției 2019 (Spy 2,
  Guard 6, Priest 2, Baron 2, Handmaid 2, Prince 2, Chancellor 2, King 1, Countess 1, Princess 1; `Spy`: Spioană,
  `Chancellor`: Cancelar): mai trece codul tău `check_unseen(unseen, edition="2019", players=3)`?
* Joacă și urmărește numărarea exactă în direct: [caietul Love Letter](../../notebooks/ro/loveletter.ipynb)
  (panoul său **Examinează și reia** o arată tur cu tur).
* Tema următoare: [arbori de joc și mulțimi de informație](../../notebooks/game_trees.ipynb) (caiet în engleză),
  unde finalurile de rundă Love Letter sunt rezolvate exact.
* Regulile, cu toate hotărârile trusei: [regulile Love Letter](../../docs/rules/loveletter.ro.md); cum numără
  trusa: [ce știe fiecare jucător](../../docs/rules/loveletter.ro.md#ce-știe-fiecare-jucător).""",
}

JOBS = [
    ("notebooks/loveletter.ipynb", "notebooks/ro/loveletter.ipynb", "ro", RO_FIRST, RO),
    ("solutions/loveletter_counting.ipynb", "solutions/ro/loveletter_counting.ipynb", "ro", RO_EX_FIRST, RO_EX),
]

# Code cells' comments, docstrings and printed words in the language (the notation stays English).
RO.update({
    ('5abdc8c3', 'c950bdaa061d'): 'game = LoveLetter(players=2, edition="classic")\nstate = game.new_initial_state()\nfor text in ["deal Princess",                              # pusă deoparte, cu fața în jos\n             "deal Guard", "deal Priest", "deal Handmaid",   # cu fața în sus (regula pentru 2 jucători)\n             "deal Guard", "deal King",                      # o carte pentru p0, una pentru p1\n             "deal Prince"]:                                 # p0 trage o carte\n    state.apply_action(text)\n[str(action) for action in state.legal_actions()]',
    ('769bc924', '2e57029daea6'): 'from kit.render.narration import narrate\n\nstate.apply_action("Guard p1 King")\nprint("runda o câștigă jucătorul", *state.result().winners)\nfor line in narrate("loveletter", state.observation(1)["log"], names=["Ana", "Ben"], reader=1):\n    print(line.text)',
    ('95d53f86', '65567876a43f'): 'from kit.render.loveletter import card_name\n\ncounting = table.counting(seat=0)   # doar din ce a văzut Ana\nfor o, chances in counting["chances"].items():\n    n = counting["hand_sizes"][o]\n    print(f"{table.names[o]} are {n} {\'cărți\' if n > 1 else \'carte\'}; șansa ca "\n          f"{\'una dintre ele\' if n > 1 else \'ea\'} să fie fiecare carte:")\n    print({card_name(card): f"{float(p):.0%}" for card, p in chances.items()})\n# (numărul așteptat de exemplare, care nu sunt șanse: table.counting(seat=0, expected=True)["expected"])',
    ('7c05110c', '0d90d8db502e'): 'from kit.loveletter import posterior\nfrom kit.render.loveletter import card_name\n\nexample = LoveLetter(players=2, edition="classic").new_initial_state()\nfor text in ["deal Princess", "deal Guard", "deal Priest", "deal Handmaid",   # deoparte, cu fața în sus\n             "deal Guard", "deal King", "deal Baron"]:                         # Ana, Ben, Ana trage\n    example.apply_action(text)\nprior = posterior(example, 0)[1]            # cum numără Ana cartea lui Ben, înainte de mutarea ei\nexample.apply_action("Guard p1 Prince")     # ratare: Ben are Regele\nafter = posterior(example, 0)[1]\n\nprince = classic.card.PRINCE\nevidence = 1 - prior[prince]                # P(ratare)\nprint(f"{\'carte\':10s} {\'a priori\':>8s} {\'P(ratare | carte)\':>18s} {\'de mână\':>8s} {\'trusa\':>6s}")\nfor card, p in prior.items():\n    likelihood = 0 if card == prince else 1\n    print(f"{card_name(card):10s} {str(p):>8s} {likelihood:>18d} {str(likelihood * p / evidence):>8s} "\n          f"{str(after.get(card, 0)):>6s}")',
    ('cbb0fe90', 'de4207793e87'): 'from concurrent.futures import ThreadPoolExecutor\nfrom kit.core import RandomBot, tournament\n\n\nclass GuardCounter(RandomBot):\n    """La întâmplare, doar că, dacă are o Gardiană în mână, o joacă și numește cartea cea mai probabilă."""\n\n    def choose(self, view, seat):\n        actions = view.legal_actions()\n        guards = [a for a in actions if a.guess is not None]\n        if not guards:\n            return actions[self.rng.randrange(len(actions))]\n        counted = view.posterior()  # {adversar: {carte: probabilitate}}\n        return max(guards, key=lambda a: counted[a.target].get(a.guess, 0))\n\n\nwith ThreadPoolExecutor(1) as pool:  # fire de execuție: o clasă scrisă în caiet merge oriunde\n    result = tournament(LoveLetter(2, edition="classic"), [GuardCounter, RandomBot], games=400, seed=1,\n                        executor=pool, progress=False)\nprint(f"GuardCounter câștigă {result.win_rate(0):.0%} din {result.games} runde împotriva unui bot aleatoriu")',
})

# Code cells' comments, docstrings and printed words in the language (the notation stays English).
RO_EX.update({
    ('0fd132f2', '2dee53e6a23e'): 'def unseen(obs):\n    """Exemplarele fiecărei cărți care nu sunt în mâna mea, nici depuse, nici cu fața în sus."""\n    ### BEGIN SOLUTION\n    left = dict(DECK)\n    seen = obs["hand"] + obs["face_up"] + [card for pile in obs["discards"] for card in pile]\n    for card in seen:\n        left[card] -= 1\n    return left\n    ### END SOLUTION\n\n\nunseen(obs)',
    ('cf9260c6', '2abba83ede9e'): 'def chance(obs, card):\n    """Șansa ca adversarul meu să aibă `card`, numărând cărțile nevăzute."""\n    ### BEGIN SOLUTION\n    left = unseen(obs)\n    return Fraction(left.get(card, 0), sum(left.values()))\n    ### END SOLUTION\n\n\nchance(obs, "Princess")',
    ('badaa650', 'a0bb50ccfb23'): 'def guard_guess(obs):\n    """O carte, alta decât Gardiana, cu cele mai multe exemplare nevăzute."""\n    ### BEGIN SOLUTION\n    left = unseen(obs)\n    del left["Guard"]\n    return max(left, key=left.get)\n    ### END SOLUTION\n\n\nguard_guess(obs)',
    ('03a70941', 'ff3d690eed12'): 'VALUES = {"Guard": 1, "Priest": 2, "Baron": 3, "Handmaid": 4, "Prince": 5, "King": 6, "Countess": 7, "Princess": 8}\n\n\ndef baron_win(keep, belief):\n    """Șansa ca cartea adversarului să fie mai mică decât `keep`."""\n    ### BEGIN SOLUTION\n    return sum((p for card, p in belief.items() if VALUES[card] < VALUES[keep]), Fraction(0))\n    ### END SOLUTION\n\n\nbaron_win("Guard", belief)   # ai o Gardiană și un Baron: dacă joci Baronul, păstrezi Gardiana',
    ('ffb3ca2f', 'cfcebf574e28'): 'def after_miss(prior, named):\n    """Șansa fiecărei cărți după ce Gardiana a numit `named` și a ratat."""\n    ### BEGIN SOLUTION\n    evidence = 1 - prior[named]\n    return {card: (0 if card == named else p / evidence) for card, p in prior.items()}\n    ### END SOLUTION\n\n\nprior = {card: chance(obs, card) for card in DECK}\n{card: str(p) for card, p in after_miss(prior, "Prince").items()}',
    ('1eee64cc', '59d6e8b1bba5'): 'def bayes(prior, likelihood):\n    """Regula lui Bayes: probabilitatea a priori înmulțită cu verosimilitatea, împărțită la probabilitatea dovezii."""\n    ### BEGIN SOLUTION\n    joint = {card: p * likelihood.get(card, 0) for card, p in prior.items()}\n    evidence = sum(joint.values())\n    return {card: j / evidence for card, j in joint.items()}\n    ### END SOLUTION\n\n\nabove_priest = {card: (1 if VALUES[card] > 2 else 0) for card in DECK}\n{card: str(p) for card, p in bayes(belief, above_priest).items()}',
    ('ef8dccd2', '6a55f5190470'): 'def kept(unseen, played):\n    """Șansa fiecărei cărți pentru cartea păstrată, după ce `played` a fost jucată din două cărți nevăzute."""\n    ### BEGIN SOLUTION\n    n = unseen[played]\n    ways = {card: (n * (n - 1) if card == played else 2 * n * k) for card, k in unseen.items()}\n    total = sum(ways.values())\n    return {card: Fraction(w, total) for card, w in ways.items()}\n    ### END SOLUTION\n\n\n{card: str(p) for card, p in kept({"Guard": 3, "Priest": 1, "King": 1}, "Guard").items()}',
    ('95458098', '091fc7c97a30'): 'shown = 0\nfor p in positions(40, seed=2):\n    exact = p.counting.get(1, {})\n    simple = {card: chance(p.observation, card) for card in DECK}\n    differ = [card for card in DECK if simple[card] != exact.get(card, 0)]\n    if differ and shown < 4:\n        shown += 1\n        print("jurnal:", " | ".join(p.log[-3:]))\n        for card in differ[:3]:\n            print(f"   {card:9s} simplu {str(simple[card]):>5s}   exact {str(exact.get(card, 0)):>5s}")',
})
