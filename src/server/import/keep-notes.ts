import type { Model } from "../../domain/rules";
import { thoughtInputSchema } from "../../domain/thought";
import { type ThoughtField, thoughtDefaults } from "../../domain/thought-fields";

/**
 * The fields of a note in Google Keep's Takeout (`Takeout/Keep/<nota>.json`) that an import reads. Takeout
 * writes more (annotations, attachments, sharees); those stay out.
 */
export interface KeepNote {
  title?: unknown;
  textContent?: unknown;
  listContent?: unknown;
  color?: unknown;
  isPinned?: unknown;
  isArchived?: unknown;
  isTrashed?: unknown;
  labels?: unknown;
  createdTimestampUsec?: unknown;
  userEditedTimestampUsec?: unknown;
}

/**
 * The notes an import passes over on purpose, by kind (not errors: nothing is wrong with them): those in
 * Keep's own trash, and those with no text to make a thought of (a drawing or a photo alone).
 */
export const KEEP_PASSED_OVER = {
  trashed: "Notas na lixeira do Keep",
  empty: "Notas do Keep sem texto",
} as const;

/** The author of a note whose title is not one (empty, shorter than 3 characters, longer than 200). */
export const KEEP_DEFAULT_AUTHOR = "Google Keep";

/**
 * Keep's colours onto the three models, by the nearest card colour: modelo1 is navy, modelo2 light blue,
 * modelo3 mint. Colours with no near model (the warm ones, grey, brown) and the default take modelo1,
 * the app's default (a colour not listed takes the app's default too).
 */
export const KEEP_COLOR_MODELS: Readonly<Record<string, Model>> = {
  DEFAULT: "modelo1",
  CERULEAN: "modelo1",
  BLUE: "modelo2",
  TEAL: "modelo3",
  GREEN: "modelo3",
  RED: "modelo1",
  ORANGE: "modelo1",
  YELLOW: "modelo1",
  PINK: "modelo1",
  PURPLE: "modelo1",
  BROWN: "modelo1",
  GRAY: "modelo1",
};

const isValidAuthor = (text: string) => thoughtInputSchema.shape.autoria.safeParse(text).success;

/** A checklist becomes its items' lines, in order, ticked or not. */
function checklistText(list: unknown): string | undefined {
  if (!Array.isArray(list)) return undefined;
  return list
    .map((item: unknown) =>
      typeof item === "object" && item !== null && "text" in item && typeof item.text === "string"
        ? item.text
        : "",
    )
    .join("\n");
}

export function isKeepNote(value: unknown): value is KeepNote {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return "textContent" in value || "listContent" in value || "title" in value;
}

/**
 * The thought a note becomes: its text (or checklist), its title as author when it can be one, its colour
 * as the model, pinned as favourite, its labels as labels, its creation and last edit as its dates. A field
 * of the thought with no counterpart in Keep is left out, so it takes its default (the server's date for a
 * date).
 */
export function keepNoteFields(note: KeepNote): { [K in ThoughtField]?: unknown } {
  const title = typeof note.title === "string" ? note.title.trim() : "";
  const text = typeof note.textContent === "string" ? note.textContent : "";
  return {
    conteudo: text.trim() !== "" ? text : (checklistText(note.listContent) ?? text),
    autoria: isValidAuthor(title) ? title : KEEP_DEFAULT_AUTHOR,
    modelo:
      KEEP_COLOR_MODELS[typeof note.color === "string" ? note.color : "DEFAULT"] ?? thoughtDefaults.modelo,
    favorito: note.isPinned === true,
    etiquetas: keepLabels(note.labels),
    ...keepDates(note),
  };
}

/**
 * The note's creation and last edit as the thought's dates. An edit Keep dates before the creation (or a
 * note with an edit and no creation) is taken as the creation: the wall never shows a change before its
 * thought was added.
 */
function keepDates(note: KeepNote): { criadoEm?: string; atualizadoEm?: string } {
  const created = instantOf(note.createdTimestampUsec);
  const edited = instantOf(note.userEditedTimestampUsec);
  if (created === undefined) return edited === undefined ? {} : { criadoEm: edited };
  return { criadoEm: created, atualizadoEm: edited !== undefined && edited > created ? edited : created };
}

/**
 * Keep's microseconds since 1970 as an ISO 8601 instant (to the millisecond, as the wall keeps them); a
 * stamp that is not such a number is left out (the import dates the thought).
 */
function instantOf(usec: unknown): string | undefined {
  const ms = Math.floor(Number(usec) / 1000);
  if (usec === undefined || usec === null || usec === "" || !Number.isFinite(ms)) return undefined;
  const date = new Date(ms);
  // Past year 9999 toISOString writes six digits, which no instant of the contract has.
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999 ? undefined : date.toISOString();
}

/**
 * Keep's labels (`labels: [{name}]`) as the thought's; an entry without a name is left out. What the labels'
 * rules refuse (too long, too many) is said by the import's check, as for any other field.
 */
function keepLabels(labels: unknown): unknown {
  if (!Array.isArray(labels)) return undefined;
  return labels.flatMap((label: unknown) =>
    typeof label === "object" && label !== null && "name" in label && typeof label.name === "string"
      ? [label.name]
      : [],
  );
}

/** When the note was made, in microseconds since 1970; a note without it sorts first. */
export function keepNoteCreatedAt(note: KeepNote): number {
  for (const stamp of [note.createdTimestampUsec, note.userEditedTimestampUsec]) {
    const value = Number(stamp);
    if (stamp !== undefined && Number.isFinite(value)) return value;
  }
  return 0;
}
