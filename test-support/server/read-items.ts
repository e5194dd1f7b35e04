import type { ImportError, PassedOver } from "../../src/domain/contract-schemas";
import { byRank, type ItemSink } from "../../src/server/import/items";

export interface ReadItems {
  /** The raw fields of each item, in the order they would go onto the wall. */
  candidates: { at: string; fields: Record<string, unknown> }[];
  leftOut: ImportError[];
  /** What the reader passed over on purpose, by kind, when it passed over anything. */
  passedOver?: PassedOver[];
}

/** What a reader hands its sink, recorded unchecked, so a reader's test sees exactly what it found. */
export async function readItems(
  reader: (body: Buffer, items: ItemSink) => Promise<unknown>,
  body: Buffer,
): Promise<ReadItems> {
  const found: ReadItems["candidates"] = [];
  const ranks: number[] = [];
  const leftOut: ImportError[] = [];
  const passedOver: PassedOver[] = [];
  await reader(body, {
    next: async () => {},
    pause: async () => {},
    add: (at, fields, rank = 0) => {
      found.push({ at, fields });
      ranks.push(rank);
    },
    leaveOut: (at, message) => leftOut.push({ at, message }),
    passOver: (reason, count) => {
      if (count > 0) passedOver.push({ reason, count });
    },
  });
  return {
    candidates: byRank(found, ranks),
    leftOut,
    ...(passedOver.length > 0 ? { passedOver } : {}),
  };
}

/** A sink whose `add` throws `error`, or whose `next` rejects with it: the database failing mid-import. */
export function failingSink(error: Error, on: "add" | "next" = "add"): ItemSink {
  return {
    next: on === "next" ? () => Promise.reject(error) : async () => {},
    pause: async () => {},
    add: () => {
      if (on === "add") throw error;
    },
    leaveOut: () => {},
    passOver: () => {},
  };
}
