import type { Kysely } from "kysely";
import type { Suggestions } from "../../../domain/contract";
import { foldText, isIndexedWord, searchWords } from "../../../domain/search-text";
import type { Database } from "../schema";
import type { SearchWords } from "./search-words";
import type { ThoughtsDialect } from "./thoughts.dialect";

/** How many labels, authors and sources an empty search offers at most, of each. */
export const SUGGESTIONS_MAX = 5;
/** Authors and sources read before ranking: the most used among those that hold a word. */
const NAMES_READ = 50;

interface Named {
  nome: string;
  total: number;
  /** The folded name the words are looked for in. */
  folded: string;
}

/** Those holding the most words first, then the most used, then by name; without the folded name. */
function best<T extends Named>(named: T[], words: string[]): Omit<T, "folded">[] {
  const held = (item: Named) => words.filter((word) => item.folded.includes(word)).length;
  return named
    .map((item) => ({ item, held: held(item) }))
    .filter(({ held }) => held > 0)
    .sort((a, b) => b.held - a.held || b.item.total - a.item.total || (a.item.nome < b.item.nome ? -1 : 1))
    .slice(0, SUGGESTIONS_MAX)
    .map(({ item: { folded: _folded, ...shown } }) => shown);
}

/**
 * What an empty search offers instead: the labels, the authors and the sources whose names hold one of its
 * words (of three letters or more; shorter ones are in nearly every name). Asked only when a search found
 * nothing, so the authors' read may go through every thought's folded author (no index serves a substring
 * there). A source's name is folded into the search column, so the thoughts that may name it are found
 * through the search index, and their sources folded here.
 */
export async function suggestions(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  searchWordsOf: SearchWords,
  version: number,
  text: string,
): Promise<Suggestions> {
  const words = searchWords(text).filter(isIndexedWord);
  if (words.length === 0) return { etiquetas: [], autorias: [], fontes: [] };
  const holdingAny = (column?: "thoughts.autoria_chave") => (eb: Parameters<ThoughtsDialect["holds"]>[0]) =>
    eb.or(words.map((word) => dialect.holds(eb, { text: word, indexed: true, labelKeys: [] }, column)));
  const [labels, authors, sources] = await Promise.all([
    searchWordsOf.labelsAt(db, version),
    db
      .selectFrom("thoughts")
      .where(holdingAny("thoughts.autoria_chave"))
      .select((eb) => [
        eb.fn.min("thoughts.autoria").as("nome"),
        eb.fn.max("thoughts.autoria_chave").as("folded"),
        eb.fn.countAll<number | string>().as("total"),
      ])
      .groupBy("thoughts.autoria_chave")
      .orderBy("total", "desc")
      .limit(NAMES_READ)
      .execute(),
    db
      .selectFrom("thoughts")
      .where("thoughts.fonte", "<>", "")
      .where(holdingAny())
      .select((eb) => [
        "thoughts.fonte as nome",
        eb.fn.min("thoughts.autoria").as("autoria"),
        eb.fn.countAll<number | string>().as("total"),
      ])
      .groupBy(["thoughts.fonte", "thoughts.autoria_chave"])
      .orderBy("total", "desc")
      .limit(NAMES_READ)
      .execute(),
  ]);
  return {
    etiquetas: best(
      labels.map((label) => ({ nome: label.label, total: label.total, folded: label.folded })),
      words,
    ),
    autorias: best(
      authors.map((author) => ({ nome: author.nome, total: Number(author.total), folded: author.folded })),
      words,
    ),
    fontes: best(
      sources.map((source) => ({
        nome: source.nome,
        autoria: source.autoria,
        total: Number(source.total),
        folded: foldText(source.nome),
      })),
      words,
    ),
  };
}
