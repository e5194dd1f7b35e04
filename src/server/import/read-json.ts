import type { ImportFormat } from "../../domain/contract-schemas";
import { ITEM_MAX_BYTES, ITEM_TOO_BIG, type ItemSink, UnreadableFileError } from "./items";
import { JsonScan, JsonSyntaxError, parseSlice, walkObject } from "./json-scan";
import { KOREADER_MEMBERS, type Members, readKoreader } from "./read-koreader";

const EXPECTED = 'Esperava o formato do Memoteca: {"pensamentos": [{"conteudo": …, "autoria": …}, …]}.';
const NOT_JSON = `O arquivo não é um JSON válido. ${EXPECTED}`;
const NO_LIST = `O JSON não tem a lista "pensamentos". ${EXPECTED} Do KOReader, esperava {"title": …, "entries": […]} ou {"documents": […]}.`;
const NOT_A_THOUGHT = "Não é um pensamento: esperava um objeto com conteudo e autoria.";
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Each item of the list that opens at `at` (its `[`), read, checked and counted; the position after it. */
async function readList(scan: JsonScan, at: number, items: ItemSink): Promise<number> {
  let position = scan.spaces(scan.expect(at, "["));
  if (scan.bytes[position] === 0x5d) return position + 1;
  for (let index = 1; ; index += 1) {
    await items.next();
    const start = scan.spaces(position);
    const end = await scan.valueEnd(start);
    const place = `item ${index}`;
    if (end - start > ITEM_MAX_BYTES) items.leaveOut(place, ITEM_TOO_BIG);
    else {
      const item = parseSlice(scan.bytes.subarray(start, end));
      if (isRecord(item)) items.add(place, item);
      else items.leaveOut(place, NOT_A_THOUGHT);
    }
    position = scan.spaces(end);
    if (scan.bytes[position] === 0x5d) return position + 1;
    position = scan.expect(position, ",");
  }
}

/**
 * Walks the root object: the first `pensamentos` list is read item by item, any other member skipped; where
 * KOReader's members start is noted, for when there is no such list.
 */
async function readRoot(
  scan: JsonScan,
  at: number,
  items: ItemSink,
): Promise<{ end: number; listed: boolean; members: Members }> {
  let listed = false;
  const members: Members = {};
  const end = await walkObject(scan, at, async (key, start) => {
    if (key === "pensamentos" && !listed && scan.bytes[start] === 0x5b) {
      listed = true;
      return readList(scan, start, items);
    }
    if (typeof key === "string" && KOREADER_MEMBERS.includes(key) && members[key] === undefined) {
      members[key] = start;
    }
    return undefined;
  });
  return { end, listed, members };
}

/**
 * Our JSON export and the original app's db.json, which share json-server's shape: `{"pensamentos": [...]}`.
 * Ids are ignored (the wall gives new ones; db.json's may be numbers or strings); a missing `modelo` or
 * `favorito` takes the default when the item is checked. Items are named "item N", counted from 1.
 * The file is walked rather than parsed whole: each item is parsed on its own and checked at once.
 * A root without that list but with KOReader's `entries` or `documents` is KOReader's export
 * (read-koreader.ts). Says which it was.
 */
export async function readJson(body: Buffer, items: ItemSink): Promise<ImportFormat> {
  const scan = new JsonScan(body, () => items.pause());
  // A BOM is not JSON, but editors on Windows add one.
  const start = scan.spaces(body.subarray(0, 3).equals(BOM) ? 3 : 0);
  let listed = false;
  let members: Members = {};
  try {
    // Any other JSON document is still walked, so that a broken one is named as such.
    const root =
      body[start] === 0x7b
        ? await readRoot(scan, start, items)
        : { end: await scan.valueEnd(start), listed: false, members: {} };
    listed = root.listed;
    members = root.members;
    if (scan.spaces(root.end) !== body.length) throw new JsonSyntaxError("text after the document");
    if (!listed && (members.entries !== undefined || members.documents !== undefined)) {
      await readKoreader(scan, members, items);
      return "koreader";
    }
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new UnreadableFileError(NOT_JSON);
    throw error;
  }
  if (!listed) throw new UnreadableFileError(NO_LIST);
  return "json";
}
