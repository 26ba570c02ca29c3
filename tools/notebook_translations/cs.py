"""Czech translations of the Love Letter notebooks (the words of the 2019 Czech sheet, as in docs/rules/loveletter.cs.md).

notebooks/loveletter.ipynb -> notebooks/cs/loveletter.ipynb and solutions/loveletter_counting.ipynb ->
solutions/cs/loveletter_counting.ipynb (its exercises, exercises/cs/..., come from `make exercises`).
The notebooks play the 2019 edition, the Czech sheet's (21 cards, Špión and Kancléř, Princezna 9, 6 tokens
at 2 players): the English code with the edition "2019" and Czech comments and printed words where a cell
says so (the code cells at the end of this module); the cards have the names the Czech sheet prints (its card list "Efekty karet", which the kit's Czech catalog uses for both editions):
Stráž, Kněz, Baron, Komorná, Princ, Král, Hraběnka, Princezna (2019 adds Špión and Kancléř).  Declined
inside sentences, with a capital as on docs/rules/loveletter.cs.md.  The reader is addressed with "vy", as
the sheet, the rules page and the Love Letter table do.  Keys: (English cell id, SHA-256[:12] of its text);
read by tools/translate_notebooks.py.
"""

CS_FIRST = '''\
# Sada mluví česky (zápis tahů, např. "Guard p1 Priest", zůstává anglický)
from kit.i18n import set_language
set_language("cs")'''

CS = {
    ("9873e7d6", "d3c382be4ccd"): """\
# Love Letter u stolu

*Love Letter* je malá karetní hra o **skrytých informacích** a **dedukci**: každý hráč drží jednu kartu,
kterou ostatní nevidí, a snaží se zůstat ve hře jako poslední, nebo mít nejvyšší kartu, když dojde balíček.

**Cíle.** Po tomto sešitu budete umět

1. pojmenovat karty a odehrát kolo **v kódu**, tah po tahu (oddíly 1 a 2);
2. hrát celé hry proti **botům** u stolu, na který se kliká (oddíl 3);
3. přehrát kolo znovu a říct, co jeden hráč v každé chvíli *věděl*: **počítání karet** (oddíl 4);
4. vysvětlit počítání karet jako **Bayesovu větu**: apriorní pravděpodobnost, důkaz, který přinese událost,
   aposteriorní pravděpodobnost (oddíl 5, řešený příklad);
5. napsat malého bota, který počítá karty, a změřit, kolik počítání přinese (oddíl 6).

Asi 45 minut. Potom si to procvičte na [cvičeních z počítání karet](../../exercises/cs/loveletter_counting.ipynb).""",

    ("314e2e85", "607a79108a1b"): """\
## 1. Pravidla za minutu

* **Příprava.** Zamíchejte karty a jednu odložte stranou lícem dolů (nikdo ji nevidí). Ve 2 hráčích ještě
  otočte 3 karty lícem nahoru: v tomto kole nejsou ve hře a všichni to vědí. Rozdejte každému hráči jednu kartu.
* **Váš tah.** Vezměte si kartu, takže držíte dvě. Jednu z nich zahrajte lícem nahoru a udělejte, co říká.
* **Vyřazení.** Vyřazený hráč ukáže svou kartu a do konce kola už nehraje.
* **Konec kola.** Zbude-li jen jeden hráč, vyhrává kolo. Dojde-li balíček, všichni, kdo jsou ještě ve hře,
  ukážou svou kartu: vyhrává nejvyšší (při shodě vyhrávají všichni, kdo mají stejně vysokou kartu).
* **Celá hra.** Za vyhrané kolo dostanete **žeton přízně**. Kdo první nasbírá dost žetonů, vyhrává hru:
  ve dvou hráčích ve vydání 2019 šest.

Sada zná dvě vydání: `"2019"` (21 karet se Špiónem a Kancléřem, 2–6 hráčů; to je vydání českých pravidel a
tohoto sešitu) a `"classic"` (klasické, 16 karet, 2–4 hráči). Tady jsou karty vydání 2019, s hodnotou, s tím,
co dělají, a s počtem kusů v balíčku:""",

    ("6c8233b6", "9aae56d4cf40"): """\
Samotná karta se zobrazí stejně (zkuste v buňce `deck.card.PRINCESS`; karty klasického vydání ukáže
`classic.cards`).

## 2. Kolo v kódu

**Hra** (game) drží nastavení, **stav** (state) je jedna chvíle kola. Nejdřív rozdává náhoda; tady rozdání
vybereme sami, aby všichni v místnosti viděli stejné kolo: Princezna je odložena stranou, lícem nahoru leží
Stráž, Kněz a Komorná, hráč 0 dostane Stráž, hráč 1 Krále a hráč 0 si vezme Prince.

Zápis tahů je v každém jazyce stejný, takže jména karet v něm zůstávají anglická: `Guard` je Stráž,
`Priest` Kněz, `Baron` Baron, `Handmaid` Komorná, `Prince` Princ, `King` Král, `Countess` Hraběnka,
`Princess` Princezna, `Spy` Špión, `Chancellor` Kancléř a `deal` znamená rozdání karty.""",

    ("47198921", "1cb2d04d53a0"): """\
To jsou povolené tahy hráče 0. `Guard p1 King` znamená *zahrajte Stráž na hráče 1 a jmenujte Krále*.

Samotný `state` v buňce ukáže **obrázek pro učitele**: karty všech hráčů, kartu odloženou stranou i
balíček. Stav je celá pravda o kole, a tak ukazuje právě ji. Nikdy ho neukazujte hráčům!""",

    ("669fecb0", "e2a046aa45a1"): """\
**Hráč** vidí mnohem méně. `state.observation(seat)` je to, co ví dané místo (seat), a `table_html` nakreslí
stůl jen z toho: karta hráče 1 zůstane lícem dolů, stejně jako karta odložená stranou.""",

    ("eb2429bd", "866d33acfc2a"): """\
Nechme Anu hádat správně a pak si přečtěme kolo tak, jak ho viděl Ben. Sada zaznamenává **události**
(events: malé slovníky o tom, kdo zahrál kterou kartu na koho); `narrate` je vypráví slovy pro jednoho
čtenáře, takže Ben čte „vy“ tam, kde jde o něj:""",

    ("78fa036f", "dfeb5d775fe1"): """\
## 3. Hrajte proti botovi

Teď doopravdy. Jste **Ana** (místo 0); **Ben** je *heuristický bot*, který počítá karty.

* Kartu zahrajete kliknutím. Vybírá-li karta hráče, klikněte na jeho místo; Stráž se pak zeptá, kterou
  kartu jmenujete.
* Nabízejí se jen povolené tahy. Pravidlo Hraběnky (máte-li Krále nebo Prince, musíte zahrát Hraběnku) je
  vidět přímo na kartě.
* Klávesnice: klávesou Tab se dostanete ke stolu, šipkami přecházíte mezi volbami, Enter volí.
* Modrý rámeček nad stolem říká, co se stalo od vašeho posledního tahu (nejnovější řádek je poslední);
  **Celý záznam** pod stolem vypráví celé kolo. Řádek nahoře je skóre: žetony a kolo.
* Boti si před každým tahem chvíli počkají (`delay=`, v sekundách), abyste jim stačili.

Každé rozdání je nové (stůl nikdy neukáže seed, kterým se rozdávalo: ten by prozradil každou kartu).
Otevřete **Nová hra…** pod stolem a změňte vydání, počet hráčů a kdo kde sedí (vy, další člověk u stejné
obrazovky, nebo bot: náhodný, heuristický nebo ISMCTS). Sedí-li u jedné obrazovky dva lidé, stůl vás před
ukázáním karet požádá, abyste si obrazovku předali. Pravidla se všemi rozhodnutími, podle kterých sada hraje:
[pravidla Love Letter](../../docs/rules/loveletter.cs.md).""",

    ("406b94c1", "a95bd84772b3"): """\
Všechno, co stůl umí, se dá udělat i z Pythonu, a to se hodí, když si chcete ověřit, že rozumíte:
`table.choices()` vypíše, na co teď smíte kliknout, `table.click("card:1")` klikne, `table.act("Guard p1 Priest")`
zahraje celý tah a `table.match.tokens` je tabulka skóre.""",

    ("1a5a5a0d", "8f7e0b7325e1"): """\
## 4. Co jste věděli? Prohlížení a počítání karet

Otevřete **Prohlížení a přehrávání** pod stolem (další buňka to udělá za vás). Posuvník přehrává kolo krok
za krokem tak, jak ho vidělo **jedno místo**; sleduje živou hru, dokud s ním nepohnete (**Zpět do hry** ji
zase sleduje). Pod přehráváním je **počítání karet** pro toto místo: karty, které ještě nevidělo, a pro
každého soupeře pravděpodobnost každé karty, spočítaná z toho, co místo vidělo (zahrané karty a karty lícem
nahoru, co ukázal Kněz, Stráž, která netrefila, ...). Stůl žáka umí ukázat vaše vlastní místo nebo to, co
vidí všichni: nic jiného.

**Pro učitele: hra na projektoru.** Stůl, který umí ukázat skryté karty, existuje jen tehdy, když ho tak
sestavíte: `LoveLetterTable(["heuristic", "heuristic"], teacher=True, size="large")` přidá přepínač
*Pohled učitele* (karty všech hráčů, karta odložená stranou a balíček) a dovolí panelu prohlížení ukázat
kterékoli místo. Promítejte s vypnutým přepínačem, dokud třída hádá, a pak ho zapněte a diskutujte.
`size="large"` je čitelné i z poslední lavice. Dvojice u jedné obrazovky: `LoveLetterTable(["you", "person"])`
mezi tahy zakryje karty.""",

    ("a91cecf2", "f88409d310f7"): """\
Stejná čísla v kódu (pro živé kolo, z pohledu Any):""",

    ("23a77956", "69dc834c7463"): """\
## 5. Počítání karet je Bayesova věta: řešený příklad

To, co počítá panel počítání karet, je **Bayesova věta**, pravidlo, jak změnit názor, když uvidíte nějaký
důkaz. Vezměme nové kolo: Princezna je odložena stranou, lícem nahoru leží Stráž, Kněz a Komorná, Ana drží
Stráž a vezme si Barona; Ben drží Krále (to Ana neví).

**Předtím: apriorní pravděpodobnost** (prior). Ana viděla pět karet (své dvě a tři lícem nahoru), takže
šestnáct karet z 21 neviděla: čtyři Stráže, po dvou kusech Špióna, Prince a Kancléře a po jednom kusu těchto
karet: Kněz, Baron, Komorná, Král, Hraběnka, Princezna. Benova karta je kterákoli z nich, každý kus stejně
pravděpodobný: $P(\\text{Stráž}) = 4/16$, $P(\\text{Princ}) = 2/16$, Špión a Kancléř také $2/16$, každá jiná
karta $1/16$.

**Důkaz.** Ana zahraje Stráž na Bena a jmenuje Prince: **netrefí se**. *Věrohodnost* (likelihood) netrefy
je $P(\\text{netrefa} \\mid \\text{karta}) = 0$, drží-li Ben Prince (Stráž by se trefila), a $1$ pro každou
jinou kartu.

**Potom: aposteriorní pravděpodobnost** (posterior). Bayesova věta vynásobí apriorní pravděpodobnost
věrohodností a vydělí pravděpodobností důkazu:

$$P(\\text{karta} \\mid \\text{netrefa}) = \\frac{P(\\text{netrefa} \\mid \\text{karta})\\,P(\\text{karta})}{P(\\text{netrefa})},
\\qquad P(\\text{netrefa}) = 1 - P(\\text{Princ}) = \\frac{14}{16}.$$

Takže $P(\\text{Stráž} \\mid \\text{netrefa}) = \\frac{4/16}{14/16} = \\frac27$, Špión a Kancléř $\\frac17$,
každá jiná karta $\\frac1{14}$, Princ $0$. Přesné počítání sady (`kit.loveletter.posterior`, panel výše) dá stejná čísla:""",

    ("079edf57", "b7fb63f369fe"): """\
Každá událost funguje stejně, mění se jen věrohodnost: pohled Kněze nebo výměna Králem udělá jednu kartu
jistou, souboj Baronem mezi dvěma jinými hráči vyloučí karty nižší než karta poraženého a karta zahraná ze
dvou neznámých karet vám něco řekne o kartě, která zůstala v ruce. [Cvičení z počítání
karet](../../exercises/cs/loveletter_counting.ipynb) (5, 6 a 7) po vás chtějí, abyste si tyto výpočty
napsali sami.""",

    ("8d1cd681", "3cff8f4b0560"): """\
## 6. Napište bota, který počítá karty

Bot je jakýkoli objekt s metodou `choose(view, seat)`. `view` ukazuje jen to, co dané místo smí vědět:
`view.legal_actions()`, `view.observation()` a `view.posterior()`, **přesné počítání karet** z panelu výše
(`{soupeř: {karta: pravděpodobnost}}`). Tady je bot, který hraje náhodně, až na to, že má-li v ruce Stráž,
zahraje ji a jmenuje kartu, která je podle jeho počítání nejpravděpodobnější. Dva krátké turnaje (místa se
střídají, každá hra má svůj seed): proti náhodnému botovi a proti botovi `GuardGuesser`, který hraje Stráž
stejně, ale kartu jmenuje náhodně. Ve vydání 2019 prohrává „vždy zahraj Stráž“ i s náhodou (šest Stráží,
Špión s hodnotou 0 a Kancléř: záleží na tom, kterou kartu si necháte); kolik přinese počítání, ukáže rozdíl
proti botovi `GuardGuesser`:""",

    ("8f67e6db", "5d99fe591155"): """\
## Teď vy

* Zahrajte si několik kol. Kdy hrajete Stráž a co jmenujete? Nejdřív se podívejte na panel počítání karet.
* Zkuste vydání 2019 se třemi hráči a klasické vydání (**Nová hra…**), proti náhodnému botovi a proti botovi ISMCTS. Kdo je
  silnější?
* Hrajte s kamarádem u stejné obrazovky: na místo 1 posaďte *dalšího člověka*.
* Sestavte pozici v kódu (jako v oddílu 2) a ukažte ji u stolu pomocí `table.load_round(state)`.""",

    ("04a6e58b", "f121e3bc2078"): """\
## Kam dál

* **Procvičování:** [cvičení z počítání karet](../../exercises/cs/loveletter_counting.ipynb), sedm úloh od
  jednoduchého počítání po Bayesovu větu, každá s kontrolou a nápovědami (`check_unseen.hint()`). (Stejný
  sešit anglicky: [loveletter_counting.ipynb](../../exercises/loveletter_counting.ipynb).)
* **Další téma:** [herní stromy a informační množiny](../game_trees.ipynb) (sešit v angličtině): všechny
  způsoby, jak může skončit závěr kola Love Letter, nakreslené a přesně vyřešené.
* **Pravidla** se všemi rozhodnutími sady: [pravidla Love Letter](../../docs/rules/loveletter.cs.md); co
  smí hráč vědět: [co který hráč ví](../../docs/rules/loveletter.cs.md#co-který-hráč-ví).
* Zpět na [úvodní stránku](../start.ipynb) (v angličtině).""",
}

CS_EX_FIRST = '''\
# Sada mluví česky: kontroly a nápovědy (jména karet v kódu zůstávají anglická)
from kit.i18n import set_language
set_language("cs")'''

CS_EX = {
    ("c6c1244f", "e073932e80b0"): """\
# Počítání karet v Love Letter: bayesovské uvažování

V *Love Letter* drží každý hráč jednu tajnou kartu. Nevidíte ji, ale můžete **počítat**: balíček má známý
počet kusů každé karty, mnoho z nich už leží lícem nahoru na stole a každá událost, kterou vidíte (zahraná
karta, Stráž, která netrefila, souboj), je **důkaz** o kartě, kterou nevidíte. Jak z důkazů udělat
pravděpodobnosti, říká **Bayesova věta**.

**Cíle.** Napíšete sedm malých funkcí, od jednoduchého počítání po Bayesovu větu, a kontrola každou z nich
vyzkouší na mnoha pozicích ze skutečných (náhodných) kol:

1. `unseen(obs)`: kolik kusů každé karty jste ještě **neviděli**;
2. `chance(obs, card)`: pravděpodobnost, že soupeř drží kartu `card` (jednoduché počítání);
3. `guard_guess(obs)`: kterou kartu má jmenovat Stráž;
4. `baron_win(keep, belief)`: pravděpodobnost, že Baron vyhraje;
5. `after_miss(prior, named)`: pravděpodobnosti poté, co Stráž jmenovala kartu a netrefila (Bayesova věta
   poprvé);
6. `bayes(prior, likelihood)`: Bayesova věta pro jakoukoli událost;
7. `kept(unseen, played)`: karta, kterou si soupeř nechal, spočítaná **přesně**, a proč ji jednoduché
   počítání určí špatně.

Kontrola řekne *správně*, nebo *co* bylo špatně (nikdy ne odpověď). Nevíte si rady? Každá kontrola má
nápovědy po krocích: `check_unseen.hint()` je postrčení, `check_unseen.hint(2)` řekne víc, `check_unseen.hint(3)`
je skoro odpověď. Každá kontrola přijímá `seed=`: `check_unseen(unseen, seed=7)` vyzkouší 40 nových pozic,
kolikrát chcete.

Hrajeme **klasické** vydání se **dvěma hráči** ([pravidla](../../docs/rules/loveletter.cs.md)). Spusťte
další buňku a uvidíte pozici: jste na tahu (jste místo 0) a držíte dvě karty.

Sada tu mluví česky (první buňka), ale karty mají v kódu anglická jména ze zápisu tahů: `"Guard"` je Stráž,
`"Priest"` Kněz, `"Baron"` Baron, `"Handmaid"` Komorná, `"Prince"` Princ, `"King"` Král, `"Countess"`
Hraběnka, `"Princess"` Princezna.""",

    ("d506a2c7", "b3b2c5b52e12"): """\
Všechno, co smíte vědět, je v `pos.observation`, obyčejném slovníku. Klíče, které budete potřebovat:

* `obs["hand"]`: vaše karty, např. `["Guard", "Prince"]`;
* `obs["discards"]`: pro každé místo karty, které zahrálo nebo odhodilo, v pořadí;
* `obs["face_up"]`: ve dvou hráčích se na začátku odloží stranou tři karty lícem nahoru;
* `obs["log"]`: dosavadní kolo, jak jste ho viděli, jako seznam událostí (malých slovníků, jako je
  `{"kind": "play", "seat": 1, "card": "Guard", "target": 0, "guess": "Priest"}`); `pos.log` vypráví tytéž
  události slovy.

Tady hrajeme vydání 2019, vydání českých pravidel; jeho balíček má 21 karet:""",

    ("5c4a3543", "68cc1668c268"): """\
## 1. Neviděné karty

Karta je **neviděná**, když není ve vaší ruce, není v ničích odhozených kartách a neleží lícem nahoru.
Napište funkci `unseen(obs)`, která vrátí slovník `{jméno karty: počet neviděných kusů}` (karty, z nichž nezbyl
žádný kus, můžete vynechat).""",

    ("1fa6ffaf", "e9f30c16cad7"): """\
Kontrola zavolá vaši funkci na 40 pozicích, zastaví se u první špatné odpovědi a řekne, co je špatně
(když si nevíte rady, `check_unseen.hint()`):""",

    ("9a0571e5", "c2faff68d3bb"): """\
## 2. Pravděpodobnost karty

Soupeřova karta je jedna z neviděných karet. Je-li každá neviděná karta se stejnou pravděpodobností ta,
kterou soupeř drží, pak pravděpodobnost, že drží danou kartu, je

$$P(\\text{karta}) = \\frac{\\text{neviděné kusy této karty}}{\\text{všechny neviděné karty}}.$$

Napište funkci `chance(obs, card)`, která tuto pravděpodobnost vrátí jako přesný zlomek `Fraction` (přijme se i
desetinné číslo nebo text jako `"2/7"`).""",

    ("7be5fb41", "003bc6bf3abd"): """\
## 3. Co má jmenovat Stráž?

Stráž jmenuje kartu (nikdy ne Stráž samotnou): drží-li ji soupeř, je vyřazen. Jmenujte kartu, které zbývá
**nejvíc** neviděných kusů. Napište funkci `guard_guess(obs)`, která vrátí jméno karty (anglické jméno ze zápisu,
na velikosti písmen nezáleží).""",

    ("80fcd749", "e8496e1abae7"): """\
## 4. Pravděpodobnost, že Baron vyhraje

Odteď používáme **přesné** počítání sady: `pos.counting[1]` je pravděpodobnost každé karty pro hráče 1,
spočítaná ze všeho, co jste viděli (ve cvičení 7 uvidíte, čím se liší od jednoduchého počítání). Takové
tabulce pravděpodobností říkáme **přesvědčení** (belief):""",

    ("74c52f27", "dec2e097e2fb"): """\
Zahrajete na soupeře **Barona** a svou druhou kartu si necháte: kdo drží nižší kartu, je vyřazen; při shodě
se nic nestane. Napište `baron_win(keep, belief)`: pravděpodobnost, že souboj vyhrajete, když si necháte
kartu `keep`. Hodnoty karet jsou natištěné na kartách:""",

    ("f91ce2b4", "460eff5e84f9"): """\
Kontrola vyzkouší 30 pozic, ve kterých držíte Barona, každou s vlastním přesvědčením:""",

    ("e4f79c7e", "5aa7796fcf88"): """\
## 5. Bayesova věta poté, co Stráž netrefila

Vaše Stráž jmenuje Prince a **netrefí se**: teď všichni vědí, že soupeř Prince nedrží. Jaké jsou teď
pravděpodobnosti? To je **Bayesova věta**. Před událostí jsou pravděpodobnosti **apriorní** (prior)
$P(\\text{karta})$. **Věrohodnost** (likelihood) $P(\\text{netrefa} \\mid \\text{karta})$ říká, jak dobře
každá karta vysvětluje, co se stalo: 0 pro Prince (Stráž by se trefila), 1 pro každou jinou kartu. Pak

$$P(\\text{karta} \\mid \\text{netrefa}) = \\frac{P(\\text{netrefa} \\mid \\text{karta})\\,P(\\text{karta})}{P(\\text{netrefa})},
\\qquad P(\\text{netrefa}) = \\sum_{c} P(\\text{netrefa} \\mid c)\\,P(c) = 1 - P(\\text{Princ}).$$

Napište `after_miss(prior, named)`: `prior` je `{karta: pravděpodobnost}`, `named` karta, kterou Stráž
jmenovala; vraťte pravděpodobnosti po netrefě.""",

    ("d990c64a", "70fb3523b826"): """\
## 6. Bayesova věta pro jakoukoli událost

Ne každý důkaz je čisté „ano, nebo ne“. Dva příklady, které kontrola používá:

* **Baron mezi dvěma jinými hráči.** Hráč 2 prohrál souboj s hráčem 1 a ukázal Kněze (hodnota 2). Karta
  hráče 1 je tedy vyšší než 2: věrohodnost 1 pro karty nad 2 a 0 pro ostatní.
* **Zvyk bota.** Soupeř je bot, který zahraje Prince v polovině případů, když drží Stráž, ve čtvrtině
  případů, když drží Krále, a tak dál: věrohodnost události „zahrál Prince“ je 1/2, je-li jeho druhá karta
  Stráž, 1/4, je-li to Král...

Napište `bayes(prior, likelihood)`: `likelihood[card]` je pravděpodobnost události, drží-li soupeř kartu
`card`. Vynásobte a pak vydělte **důkazem** (součtem součinů), aby se pravděpodobnosti zase sečetly na 1.""",

    ("5feb5af4", "8a459547d6de"): """\
## 7. Přesné počítání: karta, kterou si soupeř nechal

Soupeř držel jednu kartu, kterou jste neviděli, vzal si další a zahrál **Stráž**. Kterou kartu si nechal?
Odpověď závisí na tom, jak podle vás soupeř vybírá kartu, kterou zahraje: na **modelu soupeře**.

**Model tohoto cvičení** je přesné počítání sady (`kit.loveletter.posterior`, bez strategie): samotná volba vám
nic neříká, jako by soupeř tenhle tah zahrál s každou rukou, která ho dovoluje (každý povolený tah má
věrohodnost 1). Tah vám tedy říká jen jedno: v ruce byla Stráž. Jednoduché počítání vyřadí zahranou Stráž
z neviděných karet a kartu, která zůstala, bere jako kteroukoli z ostatních, všechny stejně pravděpodobné;
v tomto modelu je to špatně. Počítejte proto ruce o dvou kartách: obě karty přišly z neviděných karet, v nějakém
pořadí, a kterákoli z nich mohla být ta zahraná.

* Ruka se Stráží a Knězem může přijít ve **dvou** pořadích (nejdřív Stráž, nebo nejdřív Kněz);
* ruka ze dvou Stráží může při `n` neviděných Strážích přijít `n * (n - 1)` způsoby, ale každá ruka se Stráží
  a Knězem `2 * n * (počet kusů Kněze)` způsoby.

Napište `kept(unseen, played)`: `unseen` obsahuje neviděné kusy každé karty *před* zahráním (zahraná karta
je mezi nimi); vraťte pravděpodobnost každé karty pro kartu, která zůstala v ruce, v tomto modelu.

*Jiný model, jiná odpověď.* Když soupeř hraje **každou ze svých dvou karet v polovině případů** (hodí si mincí),
ruka se Stráží a Knězem zahraje Stráž jen v polovině případů: ta polovina vyrovná obě pořadí a jednoduché počítání
je přesně správně. `posterior(state, seat, policy=...)` takový model přijme; který sedí, záleží na soupeři (bot,
člověk, mince).""",

    ("0004e828", "454f8e2ee123"): """\
## 8. Jednoduché a přesné počítání

Jednoduché počítání zapomíná věci, které víte. `pos.counting` je **přesné** počítání karet sady pro tutéž
pozici (`kit.loveletter.posterior`: používá jen to, co jste viděli, ale všechno). Další buňka najde pozice,
ve kterých se ta dvě počítání o soupeřově kartě neshodnou, a ukáže poslední řádky záznamu.""",

    ("5c041d9c", "a981d47c3e93"): """\
**Otázka.** Podívejte se na pozice výše. Co u každé z nich vědělo přesné počítání, a jednoduché počítání to
přehlíželo? Uveďte aspoň dva různé důvody.""",

    ("fa12555f", "851877405b2b"): """\
### BEGIN SOLUTION
* **Výměna Králem** (nebo pohled Kněze, nebo souboj Baronem, ve kterém jste byli): soupeřovu kartu jste
  *viděli*, takže její pravděpodobnost je 1 a pravděpodobnost každé jiné karty 0. Jednoduché počítání pořád
  rozkládá pravděpodobnost na všechny neviděné karty.
* **Zahraná karta prozradí ruku, ze které přišla** (cvičení 7). Soupeř držel dvě karty a zahrál Stráž: Stráž
  tedy určitě měl, a tak karta, která mu zůstala, je druhá Stráž méně často, než říká jednoduché počítání
  (jedna dvojice Stráží mezi mnoha dvojicemi, ve kterých je Stráž).
* **Stráž, která netrefila**, vyloučí jmenovanou kartu pro toho hráče (dokud si nevezme další kartu;
  cvičení 5) a **pravidlo Hraběnky** vám řekne, že hráč, který zahrál Krále nebo Prince, si nenechal
  Hraběnku.
### END SOLUTION""",

    ("fe7c86b0", "34af3581ac4c"): """\
## Kam dál

* Nové případy, kolik chcete: každá kontrola přijímá `seed=`, např. `check_bayes(bayes, seed=5)`.
* Jiná vydání a jiný počet hráčů: použijte `positions(20, seed=1, edition="classic", players=3)` a `DECK`
  klasického vydání (Stráž 5, Kněz 2, Baron 2, Komorná 2, Princ 2, Král 1, Hraběnka 1, Princezna 1; hodnoty
  Stráž 1 až Princezna 8, bez Špióna a Kancléře): projde váš kód i
  `check_unseen(unseen, edition="classic", players=3)`? A ve vydání 2019 se třemi hráči?
* Hrajte a sledujte přesné počítání naživo: [sešit Love Letter](../../notebooks/cs/loveletter.ipynb) (jeho
  panel **Prohlížení a přehrávání** ho ukazuje tah po tahu).
* Další téma: [herní stromy a informační množiny](../../notebooks/game_trees.ipynb) (sešit v angličtině), kde
  se závěry kol Love Letter řeší přesně.
* Pravidla se všemi rozhodnutími sady: [pravidla Love Letter](../../docs/rules/loveletter.cs.md); jak sada
  počítá: [co který hráč ví](../../docs/rules/loveletter.cs.md#co-který-hráč-ví).
* Tento sešit anglicky: [loveletter_counting.ipynb](../loveletter_counting.ipynb).""",
}

JOBS = [
    ("notebooks/loveletter.ipynb", "notebooks/cs/loveletter.ipynb", "cs", CS_FIRST, CS),
    ("solutions/loveletter_counting.ipynb", "solutions/cs/loveletter_counting.ipynb", "cs", CS_EX_FIRST, CS_EX),
]

# The play notebook in the 2019 edition, the edition of the Czech sheet (21 cards, Špión and Kancléř, the
# Princess 9, 6 tokens at 2 players): its own version of each English code cell that names the edition or
# prints words, with comments and printed words in Czech (the notation stays English: it is the API).
CS.update({
    ("845e8dc8", "241691496094"): '''\
from IPython.display import HTML, display
from kit.loveletter import LoveLetter, edition
from kit.render.loveletter import card_html

deck = edition("2019")         # vydání 2019, jako česká pravidla: 21 karet
classic = edition("classic")   # klasické vydání: 16 karet
HTML("".join(card_html(card) for card in deck.cards))''',

    ("5abdc8c3", "c950bdaa061d"): '''\
game = LoveLetter(players=2, edition="2019")
state = game.new_initial_state()
for text in ["deal Princess",                              # stranou, lícem dolů
             "deal Guard", "deal Priest", "deal Handmaid",   # lícem nahoru (pravidlo pro 2 hráče)
             "deal Guard", "deal King",                      # jedna karta hráči 0, jedna hráči 1
             "deal Prince"]:                                 # hráč 0 si bere kartu
    state.apply_action(text)
[str(action) for action in state.legal_actions()]''',

    ("769bc924", "2e57029daea6"): '''\
from kit.render.narration import narrate

state.apply_action("Guard p1 King")
print("kolo vyhrává hráč", *state.result().winners)
for line in narrate("loveletter", state.observation(1)["log"], names=["Ana", "Ben"], reader=1):
    print(line.text)''',

    ("4098206a", "efc6603a22ef"): '''\
from kit.widgets import LoveLetterTable

table = LoveLetterTable(["you", "heuristic"], names=["Ana", "Ben"], edition="2019", delay=0.6)
table''',

    ("7c05110c", "0d90d8db502e"): '''\
from kit.loveletter import posterior
from kit.render.loveletter import card_name

example = LoveLetter(players=2, edition="2019").new_initial_state()
for text in ["deal Princess", "deal Guard", "deal Priest", "deal Handmaid",   # stranou, lícem nahoru
             "deal Guard", "deal King", "deal Baron"]:                         # Ana, Ben, Ana si bere kartu
    example.apply_action(text)
prior = posterior(example, 0)[1]            # jak Ana počítá Benovu kartu před svým tahem
example.apply_action("Guard p1 Prince")     # netrefa: Ben drží Krále
after = posterior(example, 0)[1]

prince = deck.card.PRINCE
evidence = 1 - prior[prince]                # P(netrefa)
print(f"{'karta':10s} {'apriorně':>8s} {'P(netrefa | karta)':>19s} {'ručně':>6s} {'sada':>5s}")
for card, p in prior.items():
    likelihood = 0 if card == prince else 1
    print(f"{card_name(card):10s} {str(p):>8s} {likelihood:>19d} {str(likelihood * p / evidence):>6s} "
          f"{str(after.get(card, 0)):>5s}")''',

    ("cbb0fe90", "de4207793e87"): '''\
from concurrent.futures import ThreadPoolExecutor
from kit.core import RandomBot, tournament


class GuardCounter(RandomBot):
    """Hraje náhodně, ale má-li v ruce Stráž, zahraje ji a jmenuje nejpravděpodobnější kartu."""

    def choose(self, view, seat):
        actions = view.legal_actions()
        guards = [a for a in actions if a.guess is not None]
        if not guards:
            return actions[self.rng.randrange(len(actions))]
        counted = view.posterior()  # {soupeř: {karta: pravděpodobnost}}
        return max(guards, key=lambda a: counted[a.target].get(a.guess, 0))


class GuardGuesser(RandomBot):
    """Hraje Stráž stejně jako GuardCounter, ale jmenuje kartu náhodně: nepočítá."""

    def choose(self, view, seat):
        actions = view.legal_actions()
        guards = [a for a in actions if a.guess is not None]
        return self.rng.choice(guards or actions)


with ThreadPoolExecutor(1) as pool:  # vlákna: třída napsaná v sešitu funguje všude
    for rival in (RandomBot, GuardGuesser):
        result = tournament(LoveLetter(2, edition="2019"), [GuardCounter, rival], games=400, seed=1,
                            executor=pool, progress=False)
        print(f"GuardCounter {result.win_rate(0):.0%}, {rival.__name__} {result.win_rate(1):.0%} "
              f"z {result.games} kol (zbytek: remízy)")''',
})

# The counting exercises in the 2019 edition, like the play notebook: positions, the DECK and the
# VALUES of the 2019 edition, each checker told the edition, docstrings and comments in the language.
CS_EX.update({
    ('66793946', '872118f3b189'): 'from fractions import Fraction\n\nfrom kit.teach.loveletter import (check_after_miss, check_baron_win, check_bayes, check_chance,\n                                  check_guard_guess, check_kept_card, check_unseen, positions)\n\npos = positions(1, seed=11, edition="2019")[0]   # vydání 2019, jako česká pravidla\npos',
    ('22723c14', '473e34633741'): 'DECK = {"Spy": 2, "Guard": 6, "Priest": 2, "Baron": 2, "Handmaid": 2, "Prince": 2, "Chancellor": 2, "King": 1,\n        "Countess": 1, "Princess": 1}\n\nobs = pos.observation\nobs["hand"], obs["discards"], obs["face_up"]',
    ('0fd132f2', '2dee53e6a23e'): 'def unseen(obs):\n    """Kusy každé karty, které nemám v ruce, nejsou odhozené ani lícem nahoru."""\n    ### BEGIN SOLUTION\n    left = dict(DECK)\n    seen = obs["hand"] + obs["face_up"] + [card for pile in obs["discards"] for card in pile]\n    for card in seen:\n        left[card] -= 1\n    return left\n    ### END SOLUTION\n\n\nunseen(obs)',
    ('cf9260c6', '2abba83ede9e'): 'def chance(obs, card):\n    """Pravděpodobnost, že soupeř drží `card`, z počtu neviděných karet."""\n    ### BEGIN SOLUTION\n    left = unseen(obs)\n    return Fraction(left.get(card, 0), sum(left.values()))\n    ### END SOLUTION\n\n\nchance(obs, "Princess")',
    ('badaa650', 'a0bb50ccfb23'): 'def guard_guess(obs):\n    """Karta jiná než Stráž s nejvíce neviděnými kusy."""\n    ### BEGIN SOLUTION\n    left = unseen(obs)\n    del left["Guard"]\n    return max(left, key=left.get)\n    ### END SOLUTION\n\n\nguard_guess(obs)',
    ('03a70941', 'ff3d690eed12'): 'VALUES = {"Spy": 0, "Guard": 1, "Priest": 2, "Baron": 3, "Handmaid": 4, "Prince": 5, "Chancellor": 6, "King": 7,\n          "Countess": 8, "Princess": 9}\n\n\ndef baron_win(keep, belief):\n    """Pravděpodobnost, že soupeřova karta je nižší než `keep`."""\n    ### BEGIN SOLUTION\n    return sum((p for card, p in belief.items() if VALUES[card] < VALUES[keep]), Fraction(0))\n    ### END SOLUTION\n\n\nbaron_win("Guard", belief)   # držíte Stráž a Barona: zahrajete Barona a necháte si Stráž',
    ('ffb3ca2f', 'cfcebf574e28'): 'def after_miss(prior, named):\n    """Pravděpodobnost každé karty poté, co Stráž jmenovala `named` a netrefila."""\n    ### BEGIN SOLUTION\n    evidence = 1 - prior[named]\n    return {card: (0 if card == named else p / evidence) for card, p in prior.items()}\n    ### END SOLUTION\n\n\nprior = {card: chance(obs, card) for card in DECK}\n{card: str(p) for card, p in after_miss(prior, "Prince").items()}',
    ('1eee64cc', '59d6e8b1bba5'): 'def bayes(prior, likelihood):\n    """Bayesova věta: apriorní pravděpodobnost krát věrohodnost, děleno pravděpodobností důkazu."""\n    ### BEGIN SOLUTION\n    joint = {card: p * likelihood.get(card, 0) for card, p in prior.items()}\n    evidence = sum(joint.values())\n    return {card: j / evidence for card, j in joint.items()}\n    ### END SOLUTION\n\n\nabove_priest = {card: (1 if VALUES[card] > 2 else 0) for card in DECK}\n{card: str(p) for card, p in bayes(belief, above_priest).items()}',
    ('ad79bf78', '71d21d7debf9'): 'check_unseen(unseen, edition="2019")',
    ('9e1b8417', '4f82ba5ee804'): 'check_chance(chance, edition="2019")',
    ('d7299d50', 'ce02219e2e9e'): 'check_guard_guess(guard_guess, edition="2019")',
    ('b3af02ce', '0eca03097eed'): 'check_baron_win(baron_win, edition="2019")',
    ('1b412c83', '67ca8342bcb3'): 'check_after_miss(after_miss, edition="2019")',
    ('cb935c90', '4fb8eefb2e89'): 'check_bayes(bayes, edition="2019")',
    ('7923154a', '8519c9b4f515'): 'check_kept_card(kept, edition="2019")',
    ('95458098', '091fc7c97a30'): 'shown = 0\nfor p in positions(40, seed=2, edition="2019"):\n    exact = p.counting.get(1, {})\n    simple = {card: chance(p.observation, card) for card in DECK}\n    differ = [card for card in DECK if simple[card] != exact.get(card, 0)]\n    if differ and shown < 4:\n        shown += 1\n        print("záznam:", " | ".join(p.log[-3:]))\n        for card in differ[:3]:\n            print(f"   {card:9s} jednoduše {str(simple[card]):>5s}   přesně {str(exact.get(card, 0)):>5s}")',
})

# Code cells' comments, docstrings and printed words in the language (the notation stays English).
CS.update({
    ('95d53f86', '65567876a43f'): 'from kit.render.loveletter import card_name\n\ncounting = table.counting(seat=0)   # jen z toho, co viděla Ana\nfor o, chances in counting["chances"].items():\n    n = counting["hand_sizes"][o]\n    print(f"{table.names[o]} drží {n} {\'karty\' if n > 1 else \'kartu\'}; pravděpodobnost "\n          f"{\'pro každou kartu, že je jednou z nich\' if n > 1 else \'jednotlivých karet\'}:")\n    print({card_name(card): f"{float(p):.0%}" for card, p in chances.items()})\n# (očekávané počty kusů, což nejsou pravděpodobnosti: table.counting(seat=0, expected=True)["expected"])',
})

# Code cells' comments, docstrings and printed words in the language (the notation stays English).
CS_EX.update({
    ('ef8dccd2', '6a55f5190470'): 'def kept(unseen, played):\n    """Pravděpodobnost každé karty pro kartu, která zůstala v ruce, když byla `played` zahrána ze dvou neviděných karet."""\n    ### BEGIN SOLUTION\n    n = unseen[played]\n    ways = {card: (n * (n - 1) if card == played else 2 * n * k) for card, k in unseen.items()}\n    total = sum(ways.values())\n    return {card: Fraction(w, total) for card, w in ways.items()}\n    ### END SOLUTION\n\n\n{card: str(p) for card, p in kept({"Guard": 3, "Priest": 1, "King": 1}, "Guard").items()}',
})
