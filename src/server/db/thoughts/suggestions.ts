import type { Kysely } from "kysely";
import type { Suggestions } from "../../../domain/contract";
import { isIndexedWord, searchWords } from "../../../domain/search-text";
import type { Database } from "../schema";
import type { SearchWords } from "./search-words";
import type { ThoughtsDialect } from "./thoughts.dialect";

/** How many labels, and how many authors, an empty search offers at most. */
export const SUGGESTIONS_MAX = 5;
/** Authors read before ranking: the most used among those that hold a word. */
const AUTHORS_READ = 50;

interface Named {
  nome: string;
  total: number;
  /** The folded name the words are looked for in. */
  folded: string;
}

/** Those holding the most words first, then the most used, then by name. */
function best(named: Named[], words: string[]): { nome: string; total: number }[] {
  const held = (item: Named) => words.filter((word) => item.folded.includes(word)).length;
  return named
    .map((item) => ({ item, held: held(item) }))
    .filter(({ held }) => held > 0)
    .sort((a, b) => b.held - a.held || b.item.total - a.item.total || (a.item.nome < b.item.nome ? -1 : 1))
    .slice(0, SUGGESTIONS_MAX)
    .map(({ item }) => ({ nome: item.nome, total: item.total }));
}

/**
 * What an empty search offers instead: the labels and the authors whose names hold one of its words (of
 * three letters or more; shorter ones are in nearly every name). Asked only when a search found nothing,
 * so the authors' read may go through every thought's folded author (no index serves a substring there).
 */
export async function suggestions(
  db: Kysely<Database>,
  dialect: ThoughtsDialect,
  searchWordsOf: SearchWords,
  version: number,
  text: string,
): Promise<Suggestions> {
  const words = searchWords(text).filter(isIndexedWord);
  if (words.length === 0) return { etiquetas: [], autorias: [] };
  const [labels, authors] = await Promise.all([
    searchWordsOf.labelsAt(db, version),
    db
      .selectFrom("thoughts")
      .where((eb) =>
        eb.or(
          words.map((word) =>
            dialect.holds(eb, { text: word, indexed: true, labelKeys: [] }, "thoughts.autoria_chave"),
          ),
        ),
      )
      .select((eb) => [
        eb.fn.min("thoughts.autoria").as("nome"),
        eb.fn.max("thoughts.autoria_chave").as("folded"),
        eb.fn.countAll<number | string>().as("total"),
      ])
      .groupBy("thoughts.autoria_chave")
      .orderBy("total", "desc")
      .limit(AUTHORS_READ)
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
  };
}
