import { readFileSync } from "node:fs";

/**
 * The same Kindle library in each language the reader takes, as `My Clippings.txt` files
 * (test-support/fixtures/kindle-en.txt, kindle-pt-BR.txt; CRLF and a BOM, as the device writes them):
 * highlights, notes on them (at the end of one, inside another, one written before its highlight, one edited
 * and written again), a note on no highlight, a bookmark, authors as the device writes them ('Assis, Machado
 * de', two of them, one with two commas, none), and what the import makes of each.
 */
export type KindleLanguage = "en" | "pt-BR";

export const kindleFixtures: Record<KindleLanguage, Buffer> = {
  en: readFileSync(new URL("../fixtures/kindle-en.txt", import.meta.url)),
  "pt-BR": readFileSync(new URL("../fixtures/kindle-pt-BR.txt", import.meta.url)),
};

/** The instant of a wall-clock time in the server's time zone, the rule the reader follows for 'Added on'. */
const local = (month: number, day: number, hour: number, minute: number, second = 0) =>
  new Date(2023, month - 1, day, hour, minute, second).toISOString();

/**
 * What each fixture becomes, item by item (its place in the file, its fields as the reader hands them over):
 * 11 entries: 6 thoughts, 3 notes that went into their highlights, 1 bookmark and 1 edited note passed over.
 */
export function kindleLibrary(language: KindleLanguage) {
  const en = language === "en";
  const omens = en ? "Good Omens" : "Belas Maldições";
  return [
    {
      at: "destaque 1",
      fields: {
        conteudo: "Olhos de cigana oblíqua e dissimulada.",
        autoria: "Machado de Assis",
        fonte: "Dom Casmurro",
        local: "p. 12, posição 180-183",
        nota: "Capitu, sempre Capitu.",
        criadoEm: local(3, 3, 22, 15, 22),
        etiquetas: ["kindle"],
      },
    },
    {
      at: "destaque 5",
      fields: {
        conteudo: en ? "It's not the stuff you do that matters." : "Não é o que você faz que importa.",
        autoria: "Neil Gaiman; Terry Pratchett",
        fonte: omens,
        local: "p. 7, posição 95-99",
        nota: en
          ? "Written before the highlight was saved, inside its range."
          : "Escrita antes de o destaque ser salvo, dentro do trecho.",
        criadoEm: local(3, 5, 12, 30),
        etiquetas: ["kindle"],
      },
    },
    {
      at: "destaque 6",
      fields: {
        conteudo: en ? "A thought of my own, on no highlight." : "Um pensamento meu, sem destaque.",
        autoria: "Neil Gaiman; Terry Pratchett",
        fonte: omens,
        local: "p. 30, posição 400",
        criadoEm: local(3, 5, 13, 0),
        etiquetas: ["kindle", "minha nota"],
      },
    },
    {
      at: "destaque 7",
      fields: {
        conteudo: "Viver é muito perigoso.",
        autoria: "João Guimarães Rosa",
        fonte: "Grande Sertão: Veredas",
        local: "posição 1200-1203",
        // The note was edited: Kindle wrote it again, and the later, longer text is the one kept.
        nota: "Riobaldo, sempre.",
        criadoEm: local(3, 6, 7, 5, 9),
        etiquetas: ["kindle"],
      },
    },
    {
      at: "destaque 10",
      fields: {
        conteudo: en ? "Writing is not life." : "Escrever não é a vida.",
        // Two commas: not a plain 'Sobrenome, Nome', so kept as the device wrote it.
        autoria: "King, Stephen, Jr.",
        fonte: en ? "On Writing" : "Sobre a escrita",
        local: "p. xii",
        criadoEm: local(3, 7, 21, 0),
        etiquetas: ["kindle"],
      },
    },
    {
      at: "destaque 11",
      // No author on the title line: the title names the thought, as an author is required.
      fields: {
        conteudo: "Um documento sem autor.",
        autoria: "Notas de aula",
        fonte: "Notas de aula",
        local: "posição 5-6",
        criadoEm: local(3, 8, 11, 59, 59),
        etiquetas: ["kindle"],
      },
    },
  ];
}
