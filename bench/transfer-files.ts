// The files the import benchmark sends: the same 100k generated thoughts as our JSON export, our CSV export
// and a Google Keep Takeout zip, built in memory the way the exporters and Takeout write them.
import type { Thought } from "../src/domain/contract";
import type { ThoughtInput } from "../src/domain/thought";
import { csvExport } from "../src/server/export/csv";
import { jsonExport } from "../src/server/export/json";
import { zipOf } from "../test-support/server/keep-takeout";
import { testInstant } from "../test-support/thought-factory";

export interface TransferFile {
  name: string;
  contentType: string;
  body: Buffer;
}

async function collect(pieces: AsyncGenerator<string>): Promise<Buffer> {
  const parts: string[] = [];
  for await (const piece of pieces) parts.push(piece);
  return Buffer.from(parts.join(""));
}

async function* numbered(thoughts: readonly ThoughtInput[]): AsyncGenerator<Thought> {
  let id = 0;
  for (const thought of thoughts) {
    id += 1;
    yield { id, ...thought, criadoEm: testInstant(id), atualizadoEm: testInstant(id), versao: 1 };
  }
}

/** A Takeout note per thought, made a second apart, so the wall's order is the list's. */
function keepZip(thoughts: readonly ThoughtInput[]): Promise<Buffer> {
  const files: [string, string][] = [];
  const start = Date.parse("2020-01-01T00:00:00Z") * 1000;
  thoughts.forEach((thought, index) => {
    const note = {
      color: thought.modelo === "modelo3" ? "GREEN" : "DEFAULT",
      isTrashed: false,
      isPinned: thought.favorito,
      isArchived: false,
      textContent: thought.conteudo,
      title: thought.autoria,
      userEditedTimestampUsec: start + index * 1_000_000,
      createdTimestampUsec: start + index * 1_000_000,
    };
    files.push([`Takeout/Keep/nota-${index}.json`, JSON.stringify(note)]);
  });
  // Stored, not deflated: yazl takes minutes to deflate 100k files (the import's own cost differs little).
  return zipOf(files, { compress: false });
}

export async function transferFiles(thoughts: readonly ThoughtInput[]): Promise<TransferFile[]> {
  return [
    { name: "JSON", contentType: "application/json", body: await collect(jsonExport(numbered(thoughts))) },
    { name: "CSV", contentType: "text/csv", body: await collect(csvExport(numbered(thoughts))) },
    { name: "Keep zip", contentType: "application/zip", body: await keepZip(thoughts) },
  ];
}
