"""Portuguese translations of the Love Letter notebooks (the words of the 2019 Portuguese sheet, as in docs/rules/loveletter.pt.md).

notebooks/loveletter.ipynb -> notebooks/pt/loveletter.ipynb and solutions/loveletter_counting.ipynb ->
solutions/pt/loveletter_counting.ipynb (its exercises, exercises/pt/..., come from `make exercises`).
The notebooks play the 2019 edition, the Portuguese sheet's (21 cards, a Espiã and o Chanceler, the Princess
9, 6 tokens at 2 players): the English code with the edition "2019" and Portuguese comments and printed words
where a cell says so (the code cells at the end of this module); the cards have the names the Portuguese
sheet prints (its list "Ações e Como Jogar", which the kit's Portuguese catalog uses for both
editions), with the sheet's genders: a Guarda, o Sacerdote, o Barão, a Criada, o Príncipe, o Rei, a Condessa,
a Princesa (2019 adds a Espiã and o Chanceler).  The sheet's Portuguese is Brazilian ("você", rodada,
marcadores de Favor, comprar uma carta), and so is this text, as docs/rules/loveletter.pt.md.  Keys:
(English cell id, SHA-256[:12] of its text); read by tools/translate_notebooks.py.
"""

PT_FIRST = '''\
# O kit fala português (a notação das ações, por ex. "Guard p1 Priest", continua em inglês)
from kit.i18n import set_language
set_language("pt")'''

PT = {
    ("9873e7d6", "d3c382be4ccd"): """\
# Love Letter na mesa

*Love Letter* é um pequeno jogo de cartas de **informação oculta** e **dedução**: cada jogador tem na mão
uma carta, secreta para os outros, e tenta ser o último que resta na rodada, ou ter a carta mais alta quando
o baralho acabar.

**Objetivos.** Depois deste caderno você vai saber

1. dizer o nome das cartas e jogar uma rodada **em código**, uma jogada de cada vez (seções 1 e 2);
2. jogar partidas inteiras contra **bots** em uma mesa em que se clica (seção 3);
3. rever uma rodada e dizer o que um jogador *sabia* a cada momento: a **contagem de cartas** (seção 4);
4. explicar a contagem de cartas como a **regra de Bayes**: uma probabilidade a priori, a evidência de um
   evento, uma probabilidade a posteriori (seção 5, um exemplo resolvido);
5. escrever um pequeno bot que conta cartas e medir quanto vale contar (seção 6).

Cerca de 45 minutos. Depois, pratique com os [exercícios de contagem de cartas](../../exercises/pt/loveletter_counting.ipynb).""",

    ("314e2e85", "607a79108a1b"): """\
## 1. As regras em um minuto

* **Preparação.** Embaralhe as cartas e separe uma virada para baixo (ninguém a vê). Com 2 jogadores,
  separe também 3 cartas viradas para cima: elas estão fora desta rodada, e todos sabem disso. Dê uma carta a
  cada jogador.
* **O seu turno.** Compre uma carta, e assim você fica com duas. Jogue uma delas virada para cima e faça o
  que ela diz.
* **Fora.** Um jogador que sai da rodada mostra a sua mão e fica de fora até o fim da rodada.
* **Fim da rodada.** Quando só resta um jogador, ele vence a rodada. Se o baralho acabar, todos os que ainda
  estão na rodada mostram a sua carta: vence a mais alta (em caso de empate, vencem todos os empatados).
* **A partida.** Vencer uma rodada dá um **marcador de Favor**. O primeiro a juntar marcadores suficientes
  vence o jogo: com dois jogadores, 6 na edição 2019.

O kit tem duas edições: `"2019"` (21 cartas, com a Espiã e o Chanceler, 2–6 jogadores; é a edição das regras
em português e deste caderno) e `"classic"` (a clássica, 16 cartas, 2–4 jogadores). Estas são as cartas da
edição 2019, com o seu valor, o que fazem e quantas cópias o baralho tem:""",

    ("6c8233b6", "9aae56d4cf40"): """\
Uma carta sozinha se mostra do mesmo jeito (experimente `deck.card.PRINCESS` em uma célula; as cartas da
edição clássica: `classic.cards`).

## 2. Uma rodada em código

Um **jogo** (game) guarda as configurações, um **estado** (state) é um momento de uma rodada. O acaso
distribui primeiro; aqui nós escolhemos a distribuição, para que todos na sala vejam a mesma rodada: a
Princesa é separada virada para baixo, uma Guarda, um Sacerdote e uma Criada ficam viradas para cima, o
jogador 0 recebe uma Guarda, o jogador 1 um Rei, e o jogador 0 compra um Príncipe.

A notação é a mesma em todas as línguas, por isso os nomes das cartas continuam nela em inglês: `Guard` é a
Guarda, `Priest` o Sacerdote, `Baron` o Barão, `Handmaid` a Criada, `Prince` o Príncipe, `King` o Rei,
`Countess` a Condessa, `Princess` a Princesa, `Spy` a Espiã, `Chancellor` o Chanceler, e `deal` quer dizer
distribuir uma carta.""",

    ("47198921", "1cb2d04d53a0"): """\
Essas são as jogadas permitidas do jogador 0. `Guard p1 King` quer dizer *jogue a Guarda no jogador 1 e
nomeie o Rei*.

Um `state` sozinho em uma célula mostra a **imagem do professor**: todas as mãos, a carta separada e o
baralho. Um estado é toda a verdade da rodada, então é isso que ele mostra. Nunca o mostre aos jogadores!""",

    ("669fecb0", "e2a046aa45a1"): """\
Um **jogador** vê muito menos. `state.observation(seat)` é o que aquele lugar (seat) sabe, e `table_html`
desenha a mesa só a partir disso: a carta do jogador 1 continua virada para baixo, e a carta separada também.""",

    ("eb2429bd", "866d33acfc2a"): """\
Vamos deixar Ana acertar e depois ler a rodada como Ben a viu. O kit registra **eventos** (events: pequenos
dicionários que dizem quem jogou que carta em quem); `narrate` os conta em palavras para um leitor, e assim
Ben lê "você" onde se fala dele:""",

    ("78fa036f", "dfeb5d775fe1"): """\
## 3. Jogue contra um bot

Agora é para valer. Você é **Ana** (lugar 0); **Ben** é um *bot heurístico* que conta cartas.

* Clique em uma carta para jogá-la. Se ela escolhe um jogador, clique no lugar desse jogador; a Guarda então
  pede que você nomeie uma carta.
* Só as jogadas permitidas são oferecidas. A regra da Condessa (com o Rei ou um Príncipe na mão, é preciso
  jogar a Condessa) aparece na própria carta.
* Teclado: a tecla Tab leva até a mesa, as setas passam de uma escolha a outra, Enter escolhe.
* O quadro azul acima da mesa diz o que aconteceu desde a sua última jogada (a linha mais nova é a última);
  **Registro completo**, abaixo da mesa, conta a rodada inteira. A linha no alto é o placar: marcadores, e a
  rodada.
* Os bots fazem uma pequena pausa antes de cada jogada (`delay=`, em segundos), para você poder acompanhá-los.

Cada distribuição é nova (uma mesa nunca mostra a semente (seed) que distribuiu as cartas: isso revelaria
todas elas). Abra **Novo jogo…** abaixo da mesa para mudar a edição, o número de jogadores e quem senta onde
(você, outra pessoa na mesma tela, ou um bot: aleatório, heurístico ou ISMCTS). Com duas pessoas na mesma
tela, a mesa pede que vocês passem a tela antes de mostrar uma mão. As regras, com todas as decisões que o
kit aplica: [regras de Love Letter](../../docs/rules/loveletter.pt.md).""",

    ("406b94c1", "a95bd84772b3"): """\
Tudo o que a mesa faz também pode ser feito em Python, o que ajuda a conferir se você entendeu:
`table.choices()` lista onde você pode clicar agora, `table.click("card:1")` clica, `table.act("Guard p1 Priest")`
faz uma jogada inteira, e `table.match.tokens` é o placar.""",

    ("1a5a5a0d", "8f7e0b7325e1"): """\
## 4. O que você sabia? Inspeção e contagem de cartas

Abra **Inspecionar e rever** abaixo da mesa (a próxima célula faz isso por você). O controle deslizante revê
a rodada passo a passo como **um lugar** a viu; ele acompanha o jogo ao vivo até você movê-lo (**Voltar ao
jogo** volta a acompanhar). Abaixo da revisão, a **contagem de cartas** desse lugar: as cartas que ele ainda
não viu e, para cada adversário, a chance de cada carta, calculada a partir do que o lugar viu (cartas
jogadas e viradas para cima, o que um Sacerdote mostrou, uma Guarda que errou, ...). A mesa de um aluno pode
mostrar o seu próprio lugar, ou o que todos veem: nada além disso.

**Para o professor: projetar uma partida.** Uma mesa que pode mostrar cartas escondidas só existe quando você
a cria assim: `LoveLetterTable(["heuristic", "heuristic"], teacher=True, size="large")` acrescenta um
interruptor *Visão do professor* (todas as mãos, a carta separada e o baralho) e deixa o painel de inspeção
mostrar qualquer lugar. Projete com o interruptor desligado enquanto a turma tenta adivinhar, depois ligue-o
para discutir. `size="large"` dá para ler do fundo da sala. Duplas na mesma tela:
`LoveLetterTable(["you", "person"])` cobre as cartas entre os turnos.""",

    ("a91cecf2", "f88409d310f7"): """\
Os mesmos números em código (para a rodada ao vivo, do ponto de vista de Ana):""",

    ("23a77956", "69dc834c7463"): """\
## 5. Contar cartas é a regra de Bayes: um exemplo resolvido

O que o painel de contagem calcula é a **regra de Bayes**, a regra para mudar de ideia quando você vê uma
evidência. Pegue uma rodada nova: a Princesa está separada virada para baixo, uma Guarda, um Sacerdote e uma
Criada estão viradas para cima, Ana tem uma Guarda e compra um Barão; Ben tem o Rei (Ana não sabe disso).

**Antes: a probabilidade a priori** (prior). Ana viu cinco cartas (as suas duas e as três viradas para cima),
então dezesseis das 21 ela não viu: quatro Guardas, duas cópias da Espiã, do Príncipe e do Chanceler e uma
cópia de cada uma destas cartas: Sacerdote, Barão, Criada, Rei, Condessa e Princesa. A carta de Ben é qualquer
uma delas, cada cópia com a mesma chance: $P(\\text{Guarda}) = 4/16$, $P(\\text{Príncipe}) = 2/16$, a Espiã e o
Chanceler também $2/16$, qualquer outra carta $1/16$.

**A evidência.** Ana joga a sua Guarda em Ben e nomeia o Príncipe: ela **erra**. A *verossimilhança*
(likelihood) de um erro é $P(\\text{erro} \\mid \\text{carta}) = 0$ se Ben tem um Príncipe (a Guarda teria
acertado) e $1$ para qualquer outra carta.

**Depois: a probabilidade a posteriori** (posterior). A regra de Bayes multiplica a priori pela
verossimilhança e divide pela chance da evidência:

$$P(\\text{carta} \\mid \\text{erro}) = \\frac{P(\\text{erro} \\mid \\text{carta})\\,P(\\text{carta})}{P(\\text{erro})},
\\qquad P(\\text{erro}) = 1 - P(\\text{Príncipe}) = \\frac{14}{16}.$$

Então $P(\\text{Guarda} \\mid \\text{erro}) = \\frac{4/16}{14/16} = \\frac27$, a Espiã e o Chanceler $\\frac17$,
qualquer outra carta $\\frac1{14}$, o Príncipe $0$. A contagem exata do kit (`kit.loveletter.posterior`, o painel acima) dá os mesmos números:""",

    ("079edf57", "b7fb63f369fe"): """\
Todo evento funciona do mesmo jeito, só a verossimilhança muda: a olhada de um Sacerdote ou a troca de um
Rei torna uma carta certa, um duelo de Barão entre dois outros jogadores exclui as cartas abaixo da do
perdedor, e uma carta jogada de duas cartas desconhecidas diz algo sobre a carta que ficou na mão. Os
[exercícios de contagem de cartas](../../exercises/pt/loveletter_counting.ipynb) (5, 6 e 7) pedem que você
mesmo escreva essas atualizações.""",

    ("8d1cd681", "3cff8f4b0560"): """\
## 6. Escreva um bot que conta cartas

Um bot é qualquer objeto com um método `choose(view, seat)`. A `view` mostra só o que aquele lugar pode
saber: `view.legal_actions()`, `view.observation()` e `view.posterior()`, a **contagem exata de cartas** do
painel acima (`{adversário: {carta: probabilidade}}`). Aqui está um bot que joga ao acaso, exceto que, com
uma Guarda na mão, ele joga a Guarda e nomeia a carta que acha mais provável. Dois pequenos torneios (os
lugares se alternam, cada partida com a sua semente): contra um bot aleatório, e contra o `GuardGuesser`, que
joga a Guarda do mesmo jeito mas nomeia uma carta ao acaso. Na edição 2019, jogar sempre a Guarda perde para o
acaso (com seis Guardas, a Espiã de valor 0 e o Chanceler, guardar a carta certa conta muito); é a diferença
contra o `GuardGuesser` que mostra quanto vale contar:""",

    ("8f67e6db", "5d99fe591155"): """\
## A sua vez

* Jogue algumas rodadas. Quando você joga a Guarda, e que carta nomeia? Olhe antes o painel de contagem.
* Experimente a edição 2019 com três jogadores e a edição clássica (**Novo jogo…**), contra um bot aleatório e um bot ISMCTS.
  Qual é mais forte?
* Jogue contra um amigo na mesma tela: ponha no lugar 1 *outra pessoa*.
* Monte uma posição em código (como na seção 2) e mostre-a na mesa com `table.load_round(state)`.""",

    ("04a6e58b", "f121e3bc2078"): """\
## E agora?

* **Praticar:** os [exercícios de contagem de cartas](../../exercises/pt/loveletter_counting.ipynb), sete
  deles, da contagem simples à regra de Bayes, cada um com uma verificação e dicas (`check_unseen.hint()`).
  (O mesmo caderno em inglês: [loveletter_counting.ipynb](../../exercises/loveletter_counting.ipynb).)
* **Próximo tema:** [árvores de jogo e conjuntos de informação](../game_trees.ipynb) (caderno em inglês):
  todas as maneiras como um final de rodada de Love Letter pode acontecer, desenhadas e resolvidas exatamente.
* **As regras**, com todas as decisões do kit: [regras de Love Letter](../../docs/rules/loveletter.pt.md); o
  que um jogador pode saber: [o que cada jogador sabe](../../docs/rules/loveletter.pt.md#o-que-cada-jogador-sabe).
* Voltar à [página inicial](../start.ipynb) (em inglês).""",
}

PT_EX_FIRST = '''\
# O kit fala português: verificações e dicas (os nomes das cartas no código continuam em inglês)
from kit.i18n import set_language
set_language("pt")'''

PT_EX = {
    ("c6c1244f", "e073932e80b0"): """\
# Contagem de cartas em Love Letter: raciocínio bayesiano

Em *Love Letter* cada jogador tem na mão uma carta secreta. Você não pode vê-la, mas pode **contar**: o
baralho tem um número conhecido de cópias de cada carta, muitas delas já estão viradas para cima na mesa, e
cada evento que você vê (uma carta jogada, uma Guarda que errou, um duelo) é uma **evidência** sobre a carta
que você não vê. Transformar evidências em chances é a **regra de Bayes**.

**Objetivos.** Você vai escrever sete pequenas funções, da contagem simples à regra de Bayes, e deixar uma
verificação testar cada uma em muitas posições de rodadas reais (aleatórias):

1. `unseen(obs)`: quantas cópias de cada carta você ainda **não** viu;
2. `chance(obs, card)`: a chance de o seu adversário ter a carta `card` (contagem simples);
3. `guard_guess(obs)`: que carta uma Guarda deve nomear;
4. `baron_win(keep, belief)`: a chance de um Barão vencer;
5. `after_miss(prior, named)`: as chances depois que uma Guarda nomeou uma carta e errou (a regra de Bayes
   pela primeira vez);
6. `bayes(prior, likelihood)`: a regra de Bayes para qualquer evento;
7. `kept(unseen, played)`: a carta que um adversário guardou, contada **exatamente**, e por que a contagem
   simples erra.

Uma verificação diz *certo*, ou *o que* estava errado (nunca a resposta). Empacou? Toda verificação tem dicas
em etapas: `check_unseen.hint()` é um empurrãozinho, `check_unseen.hint(2)` diz mais, `check_unseen.hint(3)` é
quase a resposta. Toda verificação aceita `seed=`: `check_unseen(unseen, seed=7)` testa 40 posições novas,
quantas vezes você quiser.

Jogamos a edição **clássica** com **dois jogadores** ([as regras](../../docs/rules/loveletter.pt.md)). Rode a
próxima célula para ver uma posição: é o seu turno (você é o lugar 0) e você tem duas cartas na mão.

O kit fala português aqui (primeira célula), mas no código as cartas têm os nomes em inglês da notação:
`"Guard"` é a Guarda, `"Priest"` o Sacerdote, `"Baron"` o Barão, `"Handmaid"` a Criada, `"Prince"` o
Príncipe, `"King"` o Rei, `"Countess"` a Condessa, `"Princess"` a Princesa.""",

    ("d506a2c7", "b3b2c5b52e12"): """\
Tudo o que você pode saber está em `pos.observation`, um dicionário simples. As chaves de que você precisa:

* `obs["hand"]`: as suas cartas, por ex. `["Guard", "Prince"]`;
* `obs["discards"]`: para cada lugar, as cartas que ele jogou ou descartou, em ordem;
* `obs["face_up"]`: com dois jogadores, três cartas são separadas viradas para cima no início;
* `obs["log"]`: a rodada até agora como você a viu, como uma lista de eventos (pequenos dicionários como
  `{"kind": "play", "seat": 1, "card": "Guard", "target": 0, "guess": "Priest"}`); `pos.log` conta os
  mesmos eventos em palavras.

Aqui jogamos a edição 2019, a das regras em português; o seu baralho tem 21 cartas:""",

    ("5c4a3543", "68cc1668c268"): """\
## 1. As cartas não vistas

Uma carta **não foi vista** quando não está na sua mão, nem nos descartes de ninguém, nem virada para cima.
Escreva `unseen(obs)`, que devolve um dicionário `{nome da carta: cópias não vistas}` (as cartas sem nenhuma
cópia restante podem ficar de fora).""",

    ("1fa6ffaf", "e9f30c16cad7"): """\
A verificação chama a sua função em 40 posições e para na primeira resposta errada, dizendo o que está errado
(`check_unseen.hint()` se você empacar):""",

    ("9a0571e5", "c2faff68d3bb"): """\
## 2. A chance de uma carta

A carta do seu adversário é uma das cartas não vistas. Se cada carta não vista tem a mesma chance de ser a
que ele tem na mão, a chance de ele ter uma certa carta é

$$P(\\text{carta}) = \\frac{\\text{cópias não vistas da carta}}{\\text{todas as cartas não vistas}}.$$

Escreva `chance(obs, card)`, que devolve essa probabilidade como uma `Fraction` exata (um número decimal ou um
texto como `"2/7"` também são aceitos).""",

    ("7be5fb41", "003bc6bf3abd"): """\
## 3. O que uma Guarda deve nomear?

Uma Guarda nomeia uma carta (nunca a própria Guarda): se o seu adversário a tiver, está fora. Nomeie uma
carta com **mais** cópias não vistas. Escreva `guard_guess(obs)`, que devolve o nome de uma carta (o nome em
inglês da notação, com maiúsculas ou minúsculas).""",

    ("80fcd749", "e8496e1abae7"): """\
## 4. A chance de um Barão vencer

Daqui em diante usamos a contagem **exata** do kit: `pos.counting[1]` é a chance de cada carta para o
jogador 1, calculada a partir de tudo o que você viu (no exercício 7 você vai ver como ela difere da
contagem simples). Uma tabela de chances assim se chama **crença** (belief):""",

    ("74c52f27", "dec2e097e2fb"): """\
Você joga um **Barão** no seu adversário e fica com a sua outra carta: quem tiver a carta menor está fora;
em caso de empate, nada acontece. Escreva `baron_win(keep, belief)`: a chance de você vencer o duelo ficando
com `keep`. Os valores das cartas estão impressos nas cartas:""",

    ("f91ce2b4", "460eff5e84f9"): """\
A verificação testa 30 posições em que você tem um Barão, cada uma com a sua própria crença:""",

    ("e4f79c7e", "5aa7796fcf88"): """\
## 5. A regra de Bayes depois que uma Guarda errou

A sua Guarda nomeia o Príncipe e **erra**: agora todos sabem que o seu adversário não tem um Príncipe. Quais
são as chances agora? Isso é a **regra de Bayes**. Antes do evento, as chances são a probabilidade **a
priori** (prior) $P(\\text{carta})$. A **verossimilhança** (likelihood) $P(\\text{erro} \\mid \\text{carta})$ diz
quão bem cada carta explica o que aconteceu: 0 para o Príncipe (a Guarda teria acertado), 1 para qualquer
outra carta. Então

$$P(\\text{carta} \\mid \\text{erro}) = \\frac{P(\\text{erro} \\mid \\text{carta})\\,P(\\text{carta})}{P(\\text{erro})},
\\qquad P(\\text{erro}) = \\sum_{c} P(\\text{erro} \\mid c)\\,P(c) = 1 - P(\\text{Príncipe}).$$

Escreva `after_miss(prior, named)`: `prior` é `{carta: probabilidade}`, `named` a carta que a Guarda nomeou;
devolva as chances depois do erro.""",

    ("d990c64a", "70fb3523b826"): """\
## 6. A regra de Bayes para qualquer evento

Nem toda evidência é um "sim ou não" limpo. Dois exemplos que a verificação usa:

* **Um Barão entre dois outros jogadores.** O jogador 2 perdeu um duelo para o jogador 1 e mostrou um
  Sacerdote (valor 2). Então a carta do jogador 1 é maior que 2: verossimilhança 1 para as cartas acima de 2,
  e 0 para as outras.
* **Um hábito de um bot.** O seu adversário é um bot que joga o Príncipe metade das vezes quando tem uma
  Guarda, um quarto das vezes quando tem um Rei, e assim por diante: a verossimilhança de "ele jogou o
  Príncipe" é 1/2 se a sua outra carta é uma Guarda, 1/4 se é um Rei...

Escreva `bayes(prior, likelihood)`: `likelihood[card]` é a chance do evento se o adversário tiver `card`.
Multiplique e depois divida pela **evidência** (a soma dos produtos), para que as chances voltem a somar 1.""",

    ("5feb5af4", "8a459547d6de"): """\
## 7. Contagem exata: a carta que o seu adversário guardou

O seu adversário tinha uma carta que você não viu, comprou outra e jogou uma **Guarda**. Que carta ele guardou?
A resposta depende de como você acha que o adversário escolhe a carta que joga: o seu **modelo do adversário**.

**O modelo deste exercício** é a contagem exata do kit (`kit.loveletter.posterior`, sem política): a escolha em
si não diz nada, como se o adversário fosse fazer essa jogada com qualquer mão que a permita (toda jogada
permitida tem verossimilhança 1). Então a jogada diz uma coisa só: a mão tinha uma Guarda. A contagem simples
tira a Guarda jogada das cartas não vistas e faz da carta guardada qualquer uma das outras, todas com a mesma
chance; neste modelo, isso está errado. Conte então as mãos de duas cartas: as duas cartas vieram das cartas não
vistas, em ordem, e qualquer uma delas pode ter sido a jogada.

* Uma mão com uma Guarda e um Sacerdote pode sair em **duas** ordens (a Guarda primeiro ou o Sacerdote
  primeiro);
* uma mão com duas Guardas, com `n` Guardas não vistas, pode sair de `n * (n - 1)` maneiras, mas cada mão
  com Guarda e Sacerdote tem `2 * n * (cópias do Sacerdote)` maneiras.

Escreva `kept(unseen, played)`: `unseen` tem as cópias não vistas de cada carta *antes* da jogada (a carta
jogada entre elas); devolva a chance de cada carta para a carta guardada, neste modelo.

*Outro modelo, outra resposta.* Se o adversário joga **cada uma das suas duas cartas metade das vezes** (no
cara ou coroa), uma mão com Guarda e Sacerdote só joga a Guarda metade das vezes: essa metade cancela as duas
ordens, e a contagem simples fica exatamente certa. `posterior(state, seat, policy=...)` aceita um modelo assim;
qual serve depende do adversário (um bot, uma pessoa, uma moeda).""",

    ("0004e828", "454f8e2ee123"): """\
## 8. Contagem simples e contagem exata

A contagem simples esquece coisas que você sabe. `pos.counting` é a contagem **exata** de cartas do kit para
a mesma posição (`kit.loveletter.posterior`: ela usa só o que você viu, mas usa tudo). A próxima célula
encontra posições em que as duas discordam sobre a carta do seu adversário e mostra as últimas linhas do
registro.""",

    ("5c041d9c", "a981d47c3e93"): """\
**Pergunta.** Olhe as posições acima. Em cada uma, o que a contagem exata sabia e a contagem simples
ignorou? Dê pelo menos dois motivos diferentes.""",

    ("fa12555f", "851877405b2b"): """\
### BEGIN SOLUTION
* **Uma troca de Rei** (ou a olhada de um Sacerdote, ou um duelo de Barão de que você participou): você *viu*
  a carta do seu adversário, então a chance dela é 1 e a de qualquer outra carta é 0. A contagem simples
  continua espalhando a chance por todas as cartas não vistas.
* **Uma carta jogada revela a mão de onde veio** (exercício 7). O seu adversário tinha duas cartas e jogou
  uma Guarda: com certeza ele tinha uma Guarda, então a carta que ele guardou é uma segunda Guarda menos vezes
  do que diz a contagem simples (um par de Guardas entre muitos pares que contêm uma Guarda).
* **Uma Guarda que errou** exclui a carta nomeada para aquele jogador (até ele comprar de novo; exercício 5),
  e a **regra da Condessa** diz a você que um jogador que jogou um Rei ou um Príncipe não guardou a Condessa.
### END SOLUTION""",

    ("fe7c86b0", "34af3581ac4c"): """\
## E agora?

* Casos novos, quantos você quiser: toda verificação aceita `seed=`, por ex. `check_bayes(bayes, seed=5)`.
* Outras edições e outros números de jogadores: use `positions(20, seed=1, edition="classic", players=3)` e o
  `DECK` da edição clássica (Guarda 5, Sacerdote 2, Barão 2, Criada 2, Príncipe 2, Rei 1, Condessa 1,
  Princesa 1; valores da Guarda 1 à Princesa 8, sem a Espiã e o Chanceler): o seu código ainda passa em
  `check_unseen(unseen, edition="classic", players=3)`? E na edição 2019 com três jogadores?
* Jogue e veja a contagem exata ao vivo: [o caderno de Love Letter](../../notebooks/pt/loveletter.ipynb) (o
  painel **Inspecionar e rever** dele a mostra turno a turno).
* Próximo tema: [árvores de jogo e conjuntos de informação](../../notebooks/game_trees.ipynb) (caderno em
  inglês), onde finais de rodada de Love Letter são resolvidos exatamente.
* As regras, com todas as decisões do kit: [regras de Love Letter](../../docs/rules/loveletter.pt.md); como o
  kit conta: [o que cada jogador sabe](../../docs/rules/loveletter.pt.md#o-que-cada-jogador-sabe).
* Este caderno em inglês: [loveletter_counting.ipynb](../loveletter_counting.ipynb).""",
}

JOBS = [
    ("notebooks/loveletter.ipynb", "notebooks/pt/loveletter.ipynb", "pt", PT_FIRST, PT),
    ("solutions/loveletter_counting.ipynb", "solutions/pt/loveletter_counting.ipynb", "pt", PT_EX_FIRST, PT_EX),
]

# The play notebook in the 2019 edition, the edition of the Portuguese sheet (21 cards, a Espiã and o
# Chanceler, the Princess 9, 6 tokens at 2 players): its own version of each English code cell that names the
# edition or prints words, with comments and printed words in Portuguese (the notation stays English: the API).
PT.update({
    ("845e8dc8", "241691496094"): '''\
from IPython.display import HTML, display
from kit.loveletter import LoveLetter, edition
from kit.render.loveletter import card_html

deck = edition("2019")         # a edição 2019, como as regras em português: 21 cartas
classic = edition("classic")   # a edição clássica: 16 cartas
HTML("".join(card_html(card) for card in deck.cards))''',

    ("5abdc8c3", "c950bdaa061d"): '''\
game = LoveLetter(players=2, edition="2019")
state = game.new_initial_state()
for text in ["deal Princess",                              # separada, virada para baixo
             "deal Guard", "deal Priest", "deal Handmaid",   # viradas para cima (regra de 2 jogadores)
             "deal Guard", "deal King",                      # uma carta para p0, uma para p1
             "deal Prince"]:                                 # p0 compra
    state.apply_action(text)
[str(action) for action in state.legal_actions()]''',

    ("769bc924", "2e57029daea6"): '''\
from kit.render.narration import narrate

state.apply_action("Guard p1 King")
print("quem vence a rodada: o jogador", *state.result().winners)
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
for text in ["deal Princess", "deal Guard", "deal Priest", "deal Handmaid",   # separada, viradas para cima
             "deal Guard", "deal King", "deal Baron"]:                         # Ana, Ben, Ana compra
    example.apply_action(text)
prior = posterior(example, 0)[1]            # a contagem de Ana da carta de Ben, antes da sua jogada
example.apply_action("Guard p1 Prince")     # um erro: Ben tem o Rei
after = posterior(example, 0)[1]

prince = deck.card.PRINCE
evidence = 1 - prior[prince]                # P(erro)
print(f"{'carta':10s} {'a priori':>8s} {'P(erro | carta)':>16s} {'à mão':>6s} {'kit':>5s}")
for card, p in prior.items():
    likelihood = 0 if card == prince else 1
    print(f"{card_name(card):10s} {str(p):>8s} {likelihood:>16d} {str(likelihood * p / evidence):>6s} "
          f"{str(after.get(card, 0)):>5s}")''',

    ("cbb0fe90", "de4207793e87"): '''\
from concurrent.futures import ThreadPoolExecutor
from kit.core import RandomBot, tournament


class GuardCounter(RandomBot):
    """Joga ao acaso, mas com uma Guarda na mão joga a Guarda e nomeia a carta mais provável."""

    def choose(self, view, seat):
        actions = view.legal_actions()
        guards = [a for a in actions if a.guess is not None]
        if not guards:
            return actions[self.rng.randrange(len(actions))]
        counted = view.posterior()  # {adversário: {carta: probabilidade}}
        return max(guards, key=lambda a: counted[a.target].get(a.guess, 0))


class GuardGuesser(RandomBot):
    """Joga a Guarda como o GuardCounter, mas nomeia uma carta ao acaso: não conta."""

    def choose(self, view, seat):
        actions = view.legal_actions()
        guards = [a for a in actions if a.guess is not None]
        return self.rng.choice(guards or actions)


with ThreadPoolExecutor(1) as pool:  # threads: uma classe escrita no caderno funciona em qualquer lugar
    for rival in (RandomBot, GuardGuesser):
        result = tournament(LoveLetter(2, edition="2019"), [GuardCounter, rival], games=400, seed=1,
                            executor=pool, progress=False)
        print(f"GuardCounter {result.win_rate(0):.0%}, {rival.__name__} {result.win_rate(1):.0%} "
              f"de {result.games} rodadas (o resto: empates)")''',
})

# The counting exercises in the 2019 edition, like the play notebook: positions, the DECK and the
# VALUES of the 2019 edition, each checker told the edition, docstrings and comments in the language.
PT_EX.update({
    ('66793946', '872118f3b189'): 'from fractions import Fraction\n\nfrom kit.teach.loveletter import (check_after_miss, check_baron_win, check_bayes, check_chance,\n                                  check_guard_guess, check_kept_card, check_unseen, positions)\n\npos = positions(1, seed=11, edition="2019")[0]   # a edição 2019, como as regras em português\npos',
    ('22723c14', '473e34633741'): 'DECK = {"Spy": 2, "Guard": 6, "Priest": 2, "Baron": 2, "Handmaid": 2, "Prince": 2, "Chancellor": 2, "King": 1,\n        "Countess": 1, "Princess": 1}\n\nobs = pos.observation\nobs["hand"], obs["discards"], obs["face_up"]',
    ('0fd132f2', '2dee53e6a23e'): 'def unseen(obs):\n    """As cópias de cada carta que não estão na minha mão, nem descartadas, nem viradas para cima."""\n    ### BEGIN SOLUTION\n    left = dict(DECK)\n    seen = obs["hand"] + obs["face_up"] + [card for pile in obs["discards"] for card in pile]\n    for card in seen:\n        left[card] -= 1\n    return left\n    ### END SOLUTION\n\n\nunseen(obs)',
    ('cf9260c6', '2abba83ede9e'): 'def chance(obs, card):\n    """A chance de o meu adversário ter `card`, contando as cartas não vistas."""\n    ### BEGIN SOLUTION\n    left = unseen(obs)\n    return Fraction(left.get(card, 0), sum(left.values()))\n    ### END SOLUTION\n\n\nchance(obs, "Princess")',
    ('badaa650', 'a0bb50ccfb23'): 'def guard_guess(obs):\n    """Uma carta que não seja a Guarda com o maior número de cópias não vistas."""\n    ### BEGIN SOLUTION\n    left = unseen(obs)\n    del left["Guard"]\n    return max(left, key=left.get)\n    ### END SOLUTION\n\n\nguard_guess(obs)',
    ('03a70941', 'ff3d690eed12'): 'VALUES = {"Spy": 0, "Guard": 1, "Priest": 2, "Baron": 3, "Handmaid": 4, "Prince": 5, "Chancellor": 6, "King": 7,\n          "Countess": 8, "Princess": 9}\n\n\ndef baron_win(keep, belief):\n    """A chance de a carta do adversário ser menor que `keep`."""\n    ### BEGIN SOLUTION\n    return sum((p for card, p in belief.items() if VALUES[card] < VALUES[keep]), Fraction(0))\n    ### END SOLUTION\n\n\nbaron_win("Guard", belief)   # você tem uma Guarda e um Barão: jogue o Barão e fique com a Guarda',
    ('ffb3ca2f', 'cfcebf574e28'): 'def after_miss(prior, named):\n    """A chance de cada carta depois que uma Guarda nomeou `named` e errou."""\n    ### BEGIN SOLUTION\n    evidence = 1 - prior[named]\n    return {card: (0 if card == named else p / evidence) for card, p in prior.items()}\n    ### END SOLUTION\n\n\nprior = {card: chance(obs, card) for card in DECK}\n{card: str(p) for card, p in after_miss(prior, "Prince").items()}',
    ('1eee64cc', '59d6e8b1bba5'): 'def bayes(prior, likelihood):\n    """A regra de Bayes: a priori vezes a verossimilhança, dividido pela evidência."""\n    ### BEGIN SOLUTION\n    joint = {card: p * likelihood.get(card, 0) for card, p in prior.items()}\n    evidence = sum(joint.values())\n    return {card: j / evidence for card, j in joint.items()}\n    ### END SOLUTION\n\n\nabove_priest = {card: (1 if VALUES[card] > 2 else 0) for card in DECK}\n{card: str(p) for card, p in bayes(belief, above_priest).items()}',
    ('ad79bf78', '71d21d7debf9'): 'check_unseen(unseen, edition="2019")',
    ('9e1b8417', '4f82ba5ee804'): 'check_chance(chance, edition="2019")',
    ('d7299d50', 'ce02219e2e9e'): 'check_guard_guess(guard_guess, edition="2019")',
    ('b3af02ce', '0eca03097eed'): 'check_baron_win(baron_win, edition="2019")',
    ('1b412c83', '67ca8342bcb3'): 'check_after_miss(after_miss, edition="2019")',
    ('cb935c90', '4fb8eefb2e89'): 'check_bayes(bayes, edition="2019")',
    ('7923154a', '8519c9b4f515'): 'check_kept_card(kept, edition="2019")',
    ('95458098', '091fc7c97a30'): 'shown = 0\nfor p in positions(40, seed=2, edition="2019"):\n    exact = p.counting.get(1, {})\n    simple = {card: chance(p.observation, card) for card in DECK}\n    differ = [card for card in DECK if simple[card] != exact.get(card, 0)]\n    if differ and shown < 4:\n        shown += 1\n        print("registro:", " | ".join(p.log[-3:]))\n        for card in differ[:3]:\n            print(f"   {card:9s} simples {str(simple[card]):>5s}   exata {str(exact.get(card, 0)):>5s}")',
})

# Code cells' comments, docstrings and printed words in the language (the notation stays English).
PT.update({
    ('95d53f86', '65567876a43f'): 'from kit.render.loveletter import card_name\n\ncounting = table.counting(seat=0)   # só do que Ana viu\nfor o, chances in counting["chances"].items():\n    n = counting["hand_sizes"][o]\n    print(f"{table.names[o]} tem {n} {\'cartas\' if n > 1 else \'carta\'}; a chance de "\n          f"{\'uma delas\' if n > 1 else \'ela\'} ser cada carta:")\n    print({card_name(card): f"{float(p):.0%}" for card, p in chances.items()})\n# (cópias esperadas, que não são chances: table.counting(seat=0, expected=True)["expected"])',
})

# Code cells' comments, docstrings and printed words in the language (the notation stays English).
PT_EX.update({
    ('ef8dccd2', '6a55f5190470'): 'def kept(unseen, played):\n    """A chance de cada carta para a carta guardada, depois que `played` foi jogada de duas cartas não vistas."""\n    ### BEGIN SOLUTION\n    n = unseen[played]\n    ways = {card: (n * (n - 1) if card == played else 2 * n * k) for card, k in unseen.items()}\n    total = sum(ways.values())\n    return {card: Fraction(w, total) for card, w in ways.items()}\n    ### END SOLUTION\n\n\n{card: str(p) for card, p in kept({"Guard": 3, "Priest": 1, "King": 1}, "Guard").items()}',
})
