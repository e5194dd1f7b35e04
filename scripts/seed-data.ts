import type { ThoughtInput } from "../src/domain/thought";
import { thoughtDefaults } from "../src/domain/thought-fields";

/**
 * Realistic pt-BR thoughts, built from fragments so that any count can be made, always the same for the
 * same seed. Used by `npm run seed` and by the API benchmark, which searches for the two words below.
 */

/** Appears in about 1 thought in 2,000: a search that matches few. */
export const RARE_WORD = "girassol";
/** Appears in about 1 thought in 4: a search that matches many. */
export const COMMON_WORD = "amor";

const openings = [
  "Às vezes penso que",
  "Aprendi com o tempo que",
  "Ninguém me avisou que",
  "Toda manhã descubro que",
  "Minha avó dizia que",
  "No fundo, sei que",
  "É curioso como",
  "Quem diria que",
  "Depois da chuva percebi que",
  "Lembrei hoje que",
  "Canção antiga:",
  "Nota mental:",
];
const subjects = [
  "a saudade",
  "o coração",
  "a memória",
  "o silêncio",
  "a esperança",
  "a vida",
  "o mar",
  "a poesia",
  "a amizade",
  "o tempo",
  "a coragem",
  "a máquina do mundo",
  "a canção",
  "a solidão",
  "o caminho",
];
const predicates = [
  "não tem pressa",
  "mora nos detalhes",
  "é feita de pequenas coisas",
  "ensina mais do que os livros",
  "cabe inteira num abraço",
  "muda de cor ao entardecer",
  "só se entende olhando para trás",
  "é uma janela aberta",
  "pesa menos quando dividida",
  "se esconde nas palavras simples",
  "dança devagar na varanda",
  "atravessa a cidade sem fazer barulho",
];
const endings = [
  ".",
  "!",
  "...",
  ", e isso basta.",
  ", mesmo quando ninguém vê.",
  ", como uma ação de graças.",
  ", coração de estudante.",
  ", e a gente segue.",
];
const longTail = [
  "Fiquei pensando nisso a tarde inteira, entre um café e outro, enquanto a luz mudava de lugar na parede da cozinha e o rádio tocava baixinho uma música que eu não ouvia desde criança.",
  "Escrevo aqui para não esquecer: as coisas mais importantes quase nunca chegam com aviso, chegam de mansinho, sentam ao nosso lado e esperam que a gente perceba que estavam ali desde sempre.",
  "A cidade acordou devagar, os ônibus passaram cheios, a padaria abriu as portas e o cheiro de pão quente tomou a rua inteira, e por um instante tudo pareceu estar exatamente no lugar certo.",
];
const authors = [
  "Clarice Lispector",
  "Machado de Assis",
  "Cecília Meireles",
  "Carlos Drummond de Andrade",
  "Cora Coralina",
  "Mário Quintana",
  "Vinicius de Moraes",
  "Adélia Prado",
  "Manoel de Barros",
  "Guimarães Rosa",
  "Conceição Evaristo",
  "Anônimo",
  "Eu mesmo",
  "Diário de bordo",
  "Caderno de receitas da vó",
];
const models = ["modelo1", "modelo2", "modelo3"] as const;
/** Books for the sources: none holds COMMON_WORD or RARE_WORD, so the searches' matches stay as they were. */
const sources = [
  "Mensagem",
  "Dom Casmurro",
  "A Hora da Estrela",
  "Grande Sertão: Veredas",
  "Vidas Secas",
  "Sentimento do Mundo",
  "Quarto de Despejo",
  "Claro Enigma",
  "Libertinagem",
  "Memórias Póstumas de Brás Cubas",
  "Poemas Goianos",
];

/** mulberry32: a tiny seeded generator, so a seed always gives the same thoughts. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function* generateThoughts(count: number, seed = 42): Generator<ThoughtInput> {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  for (let i = 0; i < count; i++) {
    const sentences = [`${pick(openings)} ${pick(subjects)} ${pick(predicates)}${pick(endings)}`];
    if (next() < 0.25) sentences.push(`Tudo o que fica é o ${COMMON_WORD}.`);
    if (next() < 0.0005) sentences.push(`Plantei um ${RARE_WORD} na janela.`);
    // About one in five is long enough for a wide card (over 256 characters), some on several lines.
    if (next() < 0.2) sentences.push(`\n${pick(longTail)}`, `\n${pick(longTail)}`);
    else if (next() < 0.3) sentences.push(`\n${pick(subjects)} ${pick(predicates)}.`);
    // The contract's defaults first, so a field added to the thought is seeded without an edit here.
    // Two in three cite a book and a page, taken from the index, not the generator: the thoughts drawn
    // before the sources existed stay the same.
    const cited = i % 3 !== 0;
    yield {
      ...thoughtDefaults,
      conteudo: sentences.join(" ").replaceAll(" \n", "\n"),
      autoria: pick(authors),
      modelo: pick(models),
      favorito: next() < 1 / 3,
      fonte: cited ? (sources[(i * 7) % sources.length] ?? "") : "",
      local: cited ? `p. ${1 + ((i * 37) % 400)}` : "",
    };
  }
}
