/**
 * A stand-in drawing worker that holds its thread as a hostile card would, for as long as the test wants:
 * it draws the card whose text is a file's path once that file exists, waiting in blocking sleeps of a
 * millisecond (never yielding to its own event loop). It marks its start with the file `<path>.desenhando`.
 * Its "PNG" is `cartão <id>`.
 */
import { existsSync, writeFileSync } from "node:fs";
import type { CardThought } from "../../src/server/card-image/layout";

const nap = new Int32Array(new SharedArrayBuffer(4));

export default function drawHeld(thought: CardThought): Uint8Array {
  writeFileSync(`${thought.conteudo}.desenhando`, "");
  while (!existsSync(thought.conteudo)) Atomics.wait(nap, 0, 0, 1);
  return Buffer.from(`cartão ${thought.id}`);
}
