import { inflateRawSync } from "node:zlib";
import yauzl from "yauzl";

const STORED = 0;
const DEFLATED = 8;

function inflate(data: Buffer, size: number): Buffer {
  // maxOutputLength makes zlib stop (and throw) past the declared size; one more byte tells a lie apart.
  return inflateRawSync(data, { maxOutputLength: Math.max(1, size + 1) });
}

/** One file of a zip, its name, its size once inflated, and a way to read it as UTF-8 text. */
export interface ZipEntry {
  name: string;
  size: number;
  readText(): Promise<string>;
}

/**
 * The files of a zip held in memory, one at a time. yauzl reads the directory, ZIP64 included (a Takeout of
 * more than 32,767 notes holds over 65,535 files, each note a .json and an .html). The zip is in memory, so
 * an entry is inflated in one synchronous call on its slice: yauzl's read streams cost ~300 µs an entry,
 * seconds for a big Takeout. The output is capped at the size the directory declares, so a lying header
 * fails instead of inflating without end. Throws for what is not a zip, or an entry it cannot inflate.
 */
export async function* zipEntries(body: Buffer): AsyncGenerator<ZipEntry> {
  const zip = await yauzl.fromBufferPromise(body, { lazyEntries: true, validateEntrySizes: true });
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
        const onEntry = (found: yauzl.Entry) => settle(() => resolve(found));
        const onEnd = () => settle(() => resolve(undefined));
        const onError = (error: Error) => settle(() => reject(error));
        function settle(then: () => void) {
          zip.off("entry", onEntry).off("end", onEnd).off("error", onError);
          then();
        }
        zip.on("entry", onEntry).on("end", onEnd).on("error", onError);
        zip.readEntry();
      });
      if (!entry) return;
      if (entry.fileName.endsWith("/")) continue;
      if (
        entry.isEncrypted() ||
        (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED)
      ) {
        throw new Error(`${entry.fileName}: encrypted or compressed by an unknown method`);
      }
      yield {
        name: entry.fileName,
        size: entry.uncompressedSize,
        readText: async () => {
          const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
          const data = body.subarray(fileDataStart, fileDataStart + entry.compressedSize);
          const inflated = entry.compressionMethod === STORED ? data : inflate(data, entry.uncompressedSize);
          if (inflated.length !== entry.uncompressedSize) throw new Error(`${entry.fileName}: wrong size`);
          return inflated.toString("utf8");
        },
      };
    }
  } finally {
    zip.close();
  }
}
