import { type ImportCandidate, type ReadFile, UnreadableFileError } from "./items";

const EXPECTED = 'Esperava o formato do Memoteca: {"pensamentos": [{"conteudo": …, "autoria": …}, …]}.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Our JSON export and the original app's db.json, which share json-server's shape: `{"pensamentos": [...]}`.
 * Ids are ignored (the wall gives new ones; db.json's may be numbers or strings); a missing `modelo` or
 * `favorito` takes the default when the item is checked. Items are named "item N", counted from 1.
 */
export function readJson(body: Buffer): ReadFile {
  let document: unknown;
  try {
    // A BOM is not JSON, but editors on Windows add one.
    document = JSON.parse(body.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    throw new UnreadableFileError(`O arquivo não é um JSON válido. ${EXPECTED}`);
  }
  if (!isRecord(document) || !Array.isArray(document.pensamentos)) {
    throw new UnreadableFileError(`O JSON não tem a lista "pensamentos". ${EXPECTED}`);
  }
  const candidates: ImportCandidate[] = [];
  const leftOut: ReadFile["leftOut"] = [];
  document.pensamentos.forEach((item: unknown, index) => {
    const at = `item ${index + 1}`;
    if (isRecord(item)) candidates.push({ at, fields: item });
    else leftOut.push({ at, message: "Não é um pensamento: esperava um objeto com conteudo e autoria." });
  });
  return { candidates, leftOut };
}
