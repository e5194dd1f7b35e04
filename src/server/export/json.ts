import type { Thought } from "../../domain/contract";
import { THOUGHT_KEYS } from "../../domain/contract-schemas";
import type { ExportOptions } from "./formats";

/** The thought with exactly the API's keys, in the API's order (a row may carry more, like its search text). */
function apiKeysOf(thought: Thought): Record<string, unknown> {
  const written: Record<string, unknown> = {};
  for (const key of THOUGHT_KEYS) written[key] = thought[key];
  return written;
}

/**
 * json-server's db.json: `{"pensamentos": [...]}`, oldest first, one thought a line, so json-server 0.17
 * serves the file as it is. Each thought is written with exactly the API's fields. The review log, when it
 * holds an answer, follows as `"revisoes"`, one answer a line, oldest first (`pensamentoId`, `dia`, `respondidoEm`,
 * `resposta`, `intervaloDias`, `proximaEm`, `fsrs`); the import reads `pensamentos` and skips the rest.
 */
export async function* jsonExport(
  thoughts: AsyncIterable<Thought>,
  options?: Partial<ExportOptions>,
): AsyncGenerator<string> {
  yield '{\n  "pensamentos": [';
  let first = true;
  for await (const thought of thoughts) {
    yield `${first ? "\n" : ",\n"}    ${JSON.stringify(apiKeysOf(thought))}`;
    first = false;
  }
  yield first ? "]" : "\n  ]";
  let answers = 0;
  for await (const entry of options?.reviewLog ?? []) {
    yield `${answers === 0 ? ',\n  "revisoes": [\n' : ",\n"}    ${JSON.stringify(entry)}`;
    answers += 1;
  }
  yield answers === 0 ? "\n}\n" : "\n  ]\n}\n";
}
