/**
 * node:sqlite reports every SQLite failure with the code ERR_SQLITE_ERROR and SQLite's extended result code
 * in `errcode`, whose low byte is the primary code: SQLITE_BUSY is 5, and so is SQLITE_BUSY_SNAPSHOT (517).
 */
export const SqliteCode = { PERM: 3, BUSY: 5, LOCKED: 6, READONLY: 8, CANTOPEN: 14 } as const;

/** SQLite's primary result code of a node:sqlite error; undefined for any other error. */
export function sqlitePrimaryCode(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === "ERR_SQLITE_ERROR" && typeof errcode === "number" ? errcode & 0xff : undefined;
}
