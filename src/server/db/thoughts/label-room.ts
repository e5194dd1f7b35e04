import type { Transaction } from "kysely";
import { labelKey } from "../../../domain/labels";
import { messages } from "../../../domain/messages";
import { WALL_LABELS_MAX } from "../../../domain/rules";
import type { Database } from "../schema";

/** A write that would take the wall past WALL_LABELS_MAX distinct labels; its transaction goes back. */
export class WallLabelsFullError extends Error {
  constructor() {
    super(messages.wallLabelsFull);
    this.name = "WallLabelsFullError";
  }
}

/**
 * How many distinct labels the wall holds, counted no further than one past the cap: a wall filled before
 * the cap existed (a million labels) costs the same as a full one.
 */
async function heldUpToCap(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .selectFrom((eb) =>
      eb
        .selectFrom("labels")
        .select("key")
        .limit(WALL_LABELS_MAX + 1)
        .as("held"),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Run inside a write's transaction after its label rows: throws when the wall now holds more labels than
 * it may. Writers take the wall's state row in their transaction, so on PostgreSQL two of them count one
 * after the other, and neither slips past the cap on the other's count.
 */
export async function checkLabelRoom(trx: Transaction<Database>): Promise<void> {
  if ((await heldUpToCap(trx)) > WALL_LABELS_MAX) throw new WallLabelsFullError();
}

/** Which of the keys the wall holds already, read by its key index (a thought has at most ten). */
export async function heldKeys(trx: Transaction<Database>, labels: readonly string[]): Promise<Set<string>> {
  const keys = labels.map(labelKey);
  if (keys.length === 0) return new Set();
  const rows = await trx.selectFrom("labels").select("key").where("key", "in", keys).execute();
  return new Set(rows.map((row) => row.key));
}

/** Keys looked up at once by a dry run: 1,000 bound parameters, well under either database's bound. */
const LOOKUP_CHUNK = 1_000;

/**
 * A dry run's count of the new labels its thoughts would bring, as they are handed over: nothing is
 * written, so each key not seen yet is looked up among the wall's, a thousand at a time, and the run is
 * refused (WallLabelsFullError) once the wall would hold more than it may. A real import counts the table
 * instead (importRoom), which is exact.
 */
export async function labelTally(trx: Transaction<Database>) {
  const held = await heldUpToCap(trx);
  const seen = new Set<string>();
  let pending: string[] = [];
  let added = 0;
  async function lookUp(): Promise<void> {
    if (pending.length === 0) return;
    const found = await heldKeys(trx, pending);
    added += pending.length - found.size;
    pending = [];
    if (added > 0 && held + added > WALL_LABELS_MAX) throw new WallLabelsFullError();
  }
  return {
    async add(labels: readonly string[]): Promise<void> {
      for (const key of labels.map(labelKey)) {
        if (seen.has(key)) continue;
        seen.add(key);
        pending.push(key);
      }
      if (pending.length >= LOOKUP_CHUNK) await lookUp();
    },
    end: lookUp,
  };
}

/**
 * A real import's check: the labels counted before its inserts and after them, in its transaction. It is
 * refused when it brought new labels and the wall now holds more than it may; a wall that held more before
 * the cap existed still takes an import that brings no new label.
 */
export async function importRoom(trx: Transaction<Database>) {
  const count = async () => {
    const row = await trx
      .selectFrom("labels")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const before = await count();
  return {
    async check(): Promise<void> {
      const after = await count();
      if (after > before && after > WALL_LABELS_MAX) throw new WallLabelsFullError();
    },
  };
}
