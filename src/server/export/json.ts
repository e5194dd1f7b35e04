import type { Thought } from "../../domain/contract";

/**
 * json-server's db.json: `{"pensamentos": [...]}`, oldest first, one thought a line, so json-server 0.17
 * serves the file as it is. Each thought is written with exactly the API's five fields.
 */
export async function* jsonExport(thoughts: AsyncIterable<Thought>): AsyncGenerator<string> {
  yield '{\n  "pensamentos": [';
  let first = true;
  for await (const { id, conteudo, autoria, modelo, favorito } of thoughts) {
    yield `${first ? "\n" : ",\n"}    ${JSON.stringify({ id, conteudo, autoria, modelo, favorito })}`;
    first = false;
  }
  yield first ? "]\n}\n" : "\n  ]\n}\n";
}
