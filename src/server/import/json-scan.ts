/**
 * Just enough of JSON's grammar to walk a document held as bytes without building it: where a value
 * ends, where a string ends, where the spaces stop. JSON.parse builds a whole file at once, and the
 * objects of 50 MiB of `{}` took 4 GB and minutes; walking it holds nothing and can stop at any point.
 * The walk is lenient about scalars (what JSON.parse later reads is checked strictly by it).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Map([
  [0x7b, 0x7d], // { }
  [0x5b, 0x5d], // [ ]
]);
const CLOSE = new Set([0x7d, 0x5d]);
const SEPARATORS = new Set([0x2c, 0x3a]); // , :
/** Deeper than this no document of ours goes, and JSON.parse itself would run out of stack. */
const MAX_DEPTH = 512;
/** A scalar: a number, true, false or null. */
const isScalarByte = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) ||
  (byte >= 0x61 && byte <= 0x7a) ||
  byte === 0x2d ||
  byte === 0x2b ||
  byte === 0x2e ||
  (byte >= 0x41 && byte <= 0x5a);

/** The document is not JSON. */
export class JsonSyntaxError extends Error {}

export class JsonScan {
  constructor(
    readonly bytes: Buffer,
    /** Called now and then during a long walk (see pace.ts). */
    private readonly pause: () => Promise<void>,
  ) {}

  /** The first position at or after `at` that is not a space. */
  spaces(at: number): number {
    const { bytes } = this;
    let position = at;
    while (position < bytes.length) {
      const byte = bytes[position];
      if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
      position += 1;
    }
    return position;
  }

  /** The position just after the string that opens at `at` (its quote). */
  stringEnd(at: number): number {
    let from = at + 1;
    for (;;) {
      const quote = this.bytes.indexOf(QUOTE, from);
      if (quote === -1) throw new JsonSyntaxError("unterminated string");
      let backslashes = 0;
      while (this.bytes[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  /** The position just after the value that starts at `at` (spaces before it skipped). */
  async valueEnd(at: number): Promise<number> {
    const { bytes } = this;
    const closers: number[] = [];
    let position = this.spaces(at);
    let tokens = 0;
    do {
      tokens += 1;
      if (tokens % 4096 === 0) await this.pause();
      position = this.spaces(position);
      const byte = bytes[position];
      if (byte === undefined) throw new JsonSyntaxError("unexpected end");
      const closer = OPEN.get(byte);
      if (byte === QUOTE) {
        position = this.stringEnd(position);
      } else if (closer !== undefined) {
        if (closers.length >= MAX_DEPTH) throw new JsonSyntaxError("nested too deep");
        closers.push(closer);
        position += 1;
      } else if (CLOSE.has(byte)) {
        if (closers.pop() !== byte) throw new JsonSyntaxError("unbalanced");
        position += 1;
      } else if (SEPARATORS.has(byte) && closers.length > 0) {
        position += 1;
      } else if (isScalarByte(byte)) {
        while (position < bytes.length && isScalarByte(bytes[position] ?? 0)) position += 1;
      } else {
        throw new JsonSyntaxError("unexpected byte");
      }
    } while (closers.length > 0);
    return position;
  }

  /** The byte at `at`, or a syntax error when it is not `expected`. */
  expect(at: number, expected: string): number {
    if (this.bytes[at] !== expected.charCodeAt(0)) throw new JsonSyntaxError(`expected ${expected}`);
    return at + 1;
  }
}

/** Parses one bounded slice of the file; what JSON.parse refuses makes the whole file unreadable. */
export function parseSlice(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new JsonSyntaxError("invalid item");
  }
}

/**
 * Walks an object, each member's value handed to `member` with its key and where the value starts; it says
 * where the value ends (or undefined to skip it). The position after the object.
 */
export async function walkObject(
  scan: JsonScan,
  at: number,
  member: (key: unknown, start: number) => Promise<number | undefined>,
): Promise<number> {
  let position = scan.spaces(scan.expect(at, "{"));
  if (scan.bytes[position] === 0x7d) return position + 1;
  for (;;) {
    const keyEnd = scan.stringEnd(scan.expect(position, '"') - 1);
    const key = parseSlice(scan.bytes.subarray(position, keyEnd));
    position = scan.spaces(scan.expect(scan.spaces(keyEnd), ":"));
    position = (await member(key, position)) ?? (await scan.valueEnd(position));
    position = scan.spaces(position);
    if (scan.bytes[position] === 0x7d) return position + 1;
    position = scan.spaces(scan.expect(position, ","));
  }
}
