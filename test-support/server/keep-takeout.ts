import { buffer } from "node:stream/consumers";
import yazl from "yazl";

/**
 * A note as Google Keep's Takeout writes it (`Takeout/Keep/<title>.json`), with the documented fields;
 * what a test leaves out takes the values of a plain, unpinned, white note made on 2024-01-01.
 */
export interface KeepNoteFixture {
  title?: string;
  textContent?: string;
  listContent?: { text: string; isChecked: boolean }[];
  color?: string;
  isPinned?: boolean;
  isArchived?: boolean;
  isTrashed?: boolean;
  labels?: { name: string }[];
  createdTimestampUsec?: number;
  userEditedTimestampUsec?: number;
}

export function keepNote(fields: KeepNoteFixture): Record<string, unknown> {
  return {
    color: "DEFAULT",
    isTrashed: false,
    isPinned: false,
    isArchived: false,
    title: "",
    userEditedTimestampUsec: 1_704_067_200_000_000,
    createdTimestampUsec: 1_704_067_200_000_000,
    ...fields,
  };
}

export interface ZipOptions {
  /** Deflate each file, as Takeout does (default); stored files make a big zip much faster. */
  compress?: boolean;
  /** Write ZIP64 records, as a zip past 65,535 files or 4 GiB must. */
  zip64?: boolean;
}

/**
 * A zip of the given files, by path. yazl scans its whole list of files for each one it writes, so a zip of
 * 100k files takes tens of seconds to make; tests keep theirs small and force ZIP64 where they need it.
 */
export async function zipOf(
  files: Iterable<[string, string | Uint8Array]>,
  { compress = true, zip64 = false }: ZipOptions = {},
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, content] of files) {
    zip.addBuffer(Buffer.from(content), path, { compress, forceZip64Format: zip64 });
  }
  zip.end({ forceZip64Format: zip64, comment: "" });
  return buffer(zip.outputStream);
}

/**
 * A Takeout zip: each note under Takeout/Keep/ by its file name, beside what Takeout also writes (the
 * note's HTML twin, an attachment, the archive's index page), which an import must pass over.
 */
export function keepTakeoutZip(notes: Record<string, Record<string, unknown> | string>): Promise<Buffer> {
  const files: [string, string | Uint8Array][] = [
    ["Takeout/archive_browser.html", "<html><body>Takeout</body></html>"],
  ];
  for (const [name, note] of Object.entries(notes)) {
    files.push([`Takeout/Keep/${name}.json`, typeof note === "string" ? note : JSON.stringify(note)]);
    files.push([`Takeout/Keep/${name}.html`, `<html><body>${name}</body></html>`]);
  }
  files.push(["Takeout/Keep/imagem.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47])]);
  return zipOf(files);
}
