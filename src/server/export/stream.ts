import { Readable } from "node:stream";
import type { Thought } from "../../domain/contract";
import type { ExportFormat } from "../../domain/contract-schemas";
import { type ExportOptions, exportFormats } from "./formats";

/** Pieces are gathered up to this size before a write: one write per thought would cost more than it sends. */
const WRITE_SIZE = 64 * 1024;

async function* gathered(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let buffer = "";
  for await (const piece of pieces) {
    buffer += piece;
    if (buffer.length >= WRITE_SIZE) {
      yield buffer;
      buffer = "";
    }
  }
  if (buffer) yield buffer;
}

/**
 * Reads the first thought before anything is written: a database that does not answer fails the export
 * before its headers go out, with the usual error answer, instead of a download that starts and breaks.
 */
export async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
}

/**
 * The export as a Node stream of UTF-8 text. An error midway destroys the stream, so whoever reads it
 * sees a broken download (a truncated HTTP answer, a failed pipeline), never a complete-looking file.
 */
export function exportStream(
  thoughts: AsyncIterable<Thought>,
  format: ExportFormat,
  exportedAt: Date,
  more: Omit<ExportOptions, "exportedAt"> = {},
): Readable {
  const pieces = gathered(exportFormats[format].render(thoughts, { ...more, exportedAt }));
  return Readable.from(
    (async function* () {
      for await (const piece of pieces) yield Buffer.from(piece, "utf8");
    })(),
    { objectMode: false },
  );
}
