import type { ImportError, PassedOver } from "../../domain/contract-schemas";

/** What a reader found at one place of a file: the raw fields of a thought, still unchecked. */
export interface ImportCandidate {
  /** Where it is, for the user: "item 3", "linha 5", "Takeout/Keep/Nota.json". */
  at: string;
  fields: Record<string, unknown>;
}

/**
 * A file read into its items, in the order they go onto the wall (the last one ends up newest). An item a
 * reader could not even take apart (a CSV line with too few fields, a Keep note in the trash) is already an
 * error here; the rest are checked against the domain's rules afterwards.
 */
export interface ReadFile {
  candidates: ImportCandidate[];
  /** Items left out by the reader, each with its place and a pt-BR reason. */
  leftOut: ImportError[];
  /**
   * Items passed over on purpose, not errors (a Kindle note or bookmark): how many of each kind, named in
   * pt-BR. They count among the skipped.
   */
  passedOver?: PassedOver[];
}

/**
 * The file as a whole cannot be read (not JSON, not a zip, an unknown shape, a CSV without our header): the
 * import changes nothing and the message, in pt-BR, says what was expected.
 */
export class UnreadableFileError extends Error {}
