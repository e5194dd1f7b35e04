import { createWriteStream, existsSync, linkSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { copySqliteFile, type DatabaseTarget, openStore } from "../db";
import { exportStream } from "./stream";

/** A refusal or failure whose message (pt-BR) is meant for the person running the command. */
export class BackupError extends Error {}

export interface BackupOptions {
  /** Replace `out` when it exists (otherwise an existing file is never touched). */
  force?: boolean;
  /** When the export was made (PostgreSQL's JSON); now by default. */
  now?: Date;
}

export interface BackupResult {
  kind: "sqlite" | "json";
  out: string;
}

/**
 * A consistent copy of the database while the server runs. SQLite: `VACUUM INTO`, one read transaction, so
 * one snapshot however much is written meanwhile (the online backup API restarts on every write by another
 * connection). PostgreSQL: the JSON export (pg_dump is the full-fidelity tool). Either way the copy is
 * written beside `out` and moved into place when complete: a failed backup leaves no file that looks whole.
 */
export async function backupDatabase(
  target: DatabaseTarget,
  outPath: string,
  { force = false, now = new Date() }: BackupOptions = {},
): Promise<BackupResult> {
  const out = resolve(outPath);
  if (target.kind === "sqlite") {
    if (target.file === ":memory:") throw new BackupError("Um banco em memória (:memory:) não tem cópia.");
    if (!existsSync(target.file)) throw new BackupError(`O banco de dados ${target.file} não existe.`);
    if (resolve(target.file) === out) throw new BackupError("A cópia não pode ser o próprio banco de dados.");
  }
  if (!force && existsSync(out)) {
    throw new BackupError(`O arquivo ${out} já existe. Use --force para substituí-lo.`);
  }
  const partial = `${out}.parcial-${process.pid}`;
  rmSync(partial, { force: true });
  try {
    if (target.kind === "sqlite") {
      copySqliteFile(target.file, partial);
    } else {
      const store = await openStore(target, { migrate: false });
      try {
        await pipeline(exportStream(store.thoughts.every(), "json", now), createWriteStream(partial));
      } finally {
        await store.close();
      }
    }
    moveIntoPlace(partial, out, force);
  } finally {
    rmSync(partial, { force: true });
  }
  return { kind: target.kind === "sqlite" ? "sqlite" : "json", out };
}

/** Without force, a hard link puts the copy in place only if nothing is there yet, even at the last instant. */
function moveIntoPlace(partial: string, out: string, force: boolean): void {
  if (force) {
    renameSync(partial, out);
    return;
  }
  try {
    linkSync(partial, out);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      throw new BackupError(`O arquivo ${out} já existe. Use --force para substituí-lo.`);
    // A file system without hard links: the check at the start has to do.
    if (existsSync(out)) throw new BackupError(`O arquivo ${out} já existe. Use --force para substituí-lo.`);
    renameSync(partial, out);
  }
}
