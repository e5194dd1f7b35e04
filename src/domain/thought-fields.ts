import { z } from "zod";
import { distinctLabels, isDotSegment, LABEL_FORBIDDEN, normalizeLabel } from "./labels";
import { messages, type Screen } from "./messages";
import {
  AUTHOR_MAX,
  AUTHOR_MIN,
  CONTENT_MAX,
  DEFAULT_MODEL,
  LABEL_MAX,
  LABELS_MAX,
  MODELS,
  NOTE_MAX,
  PLACE_MAX,
  SOURCE_MAX,
} from "./rules";
import { isValidText, showsAtLeast } from "./text";

/** A text field: valid characters first (nothing else is said of one that has none), then trimmed. */
const textField = (required: string) =>
  z
    .string({ error: required })
    .refine(isValidText, { message: messages.textInvalid, abort: true })
    .trim()
    // Only invisible characters (a zero-width space, say) read as nothing on screen, so as nothing here.
    .refine((text) => showsAtLeast(text), { message: required, abort: true });

const contentField = textField(messages.contentRequired).max(CONTENT_MAX, messages.contentTooLong);

function authorField(screen: Screen) {
  return textField(messages.authorRequired[screen])
    .refine((text) => showsAtLeast(text, AUTHOR_MIN), messages.authorTooShort[screen])
    .max(AUTHOR_MAX, messages.authorTooLong[screen]);
}

/**
 * An optional text (the source, the place in it, the note): valid characters, trimmed, at most `max` UTF-16
 * units (what the form's maxLength counts, as for the content). None is '' rather than null, stored and sent:
 * one spelling of "none" (a filter, a sort or a duplicate check never has to tell null from ''), the API's
 * answer always carries the field as a string, and the columns are NOT NULL DEFAULT '' like the other texts,
 * which SQLite adds to a table of any size without rewriting it. A null sent for it is a non-string: a 400.
 */
const optionalText = (invalid: string, tooLong: string, max: number) =>
  z
    .string({ error: invalid })
    .refine(isValidText, { message: messages.textInvalid, abort: true })
    .trim()
    .max(max, tooLong);

/**
 * An instant as an import may give it: ISO 8601 with its offset (Z or ±hh:mm; a time without one names no
 * instant), sent back in UTC to the millisecond, as the server writes its own.
 */
/** An instant with its time zone; built once, as each check of an import's item runs it. */
const isoInstant = z.iso.datetime({ offset: true });

const instantField = (invalid: string) =>
  z
    .string({ error: invalid })
    .refine((text) => isoInstant.safeParse(text).success, {
      message: invalid,
      abort: true,
    })
    .refine((text) => !Number.isNaN(Date.parse(text)), { message: invalid, abort: true })
    .transform((text) => new Date(text).toISOString());
/** What the API sends for an instant: UTC, to the millisecond (Date.toISOString). */
const instantWire = z.iso.datetime();

const modelField = z.enum(MODELS, { error: messages.modelInvalid });
const favoriteField = z.boolean({ error: messages.favoriteInvalid });

/**
 * One label's rules: the thought's labels and a rename meet them. The label is normalised first, so the
 * checks see what is stored (a full-width comma is a comma once normalised).
 */
export const labelRules = z
  .string({ error: messages.labelsInvalid })
  .refine(isValidText, { message: messages.textInvalid, abort: true })
  .overwrite(normalizeLabel)
  .trim()
  .refine((label) => showsAtLeast(label), { message: messages.labelEmpty, abort: true })
  .refine((label) => !LABEL_FORBIDDEN.test(label), { message: messages.labelSeparator, abort: true })
  .refine((label) => !isDotSegment(label), { message: messages.labelDots, abort: true })
  .refine((label) => [...label].length <= LABEL_MAX, messages.labelTooLong);

/** Repeats (by lower case) are dropped before counting: "Poesia, poesia" is one label of the ten. */
const labelsField = z
  .array(labelRules, { error: messages.labelsInvalid })
  .transform(distinctLabels)
  .pipe(z.array(z.string()).max(LABELS_MAX, messages.labelsTooMany));

/** What is said once about a field of the thought. */
interface FieldDeclaration {
  /** What the API sends: the stored value as it is, whatever rule held when it was written. */
  wire: z.ZodType;
  /** What a writer (the form, POST, PUT, PATCH, an import) must meet; the screen words the messages. */
  rules: (screen: Screen) => z.ZodType;
  /** What a create takes when the field is left out; a field without one is required. */
  default?: unknown;
  /** Whether the editor's form edits it (the favourite is toggled on the card instead). */
  form: boolean;
  /**
   * Set by the server (the dates): in every answer, never taken from POST, PUT or PATCH, whose schemas
   * leave it out, so a value sent there is dropped like any key the API does not know (a client echoing
   * the thought it read sends them back). Only an import may give it, under `rules`; else the server sets it.
   */
  server?: true;
  /** How the table stores it when not as the wire's type: an instant as epoch milliseconds (a BIGINT). */
  stored?: "epochMs";
  /** Whether json-server's `_sort` takes it (an index in its migration serves the order). */
  sortable?: true;
}

/**
 * The thought's fields besides its id, declared once, in the order of the API's answer and of the exports'
 * columns. The API's schemas (answer, create, replace, change), the form's, the exports, the imports, the
 * OpenAPI document and the test factory all derive from this object.
 */
export const thoughtFields = {
  conteudo: { wire: z.string(), rules: () => contentField, form: true, sortable: true },
  autoria: { wire: z.string(), rules: authorField, form: true, sortable: true },
  modelo: { wire: z.enum(MODELS), rules: () => modelField, default: DEFAULT_MODEL, form: true },
  favorito: { wire: z.boolean(), rules: () => favoriteField, default: false, form: false },
  etiquetas: { wire: z.array(z.string()), rules: () => labelsField, default: [] as string[], form: true },
  fonte: {
    wire: z.string(),
    rules: () => optionalText(messages.sourceInvalid, messages.sourceTooLong, SOURCE_MAX),
    default: "",
    form: true,
    sortable: true,
  },
  local: {
    wire: z.string(),
    rules: () => optionalText(messages.placeInvalid, messages.placeTooLong, PLACE_MAX),
    default: "",
    form: true,
  },
  nota: {
    wire: z.string(),
    rules: () => optionalText(messages.noteInvalid, messages.noteTooLong, NOTE_MAX),
    default: "",
    form: true,
  },
  criadoEm: {
    wire: instantWire,
    rules: () => instantField(messages.createdAtInvalid),
    form: false,
    server: true,
    stored: "epochMs",
    sortable: true,
  },
  atualizadoEm: {
    wire: instantWire,
    rules: () => instantField(messages.updatedAtInvalid),
    form: false,
    server: true,
    stored: "epochMs",
  },
} as const satisfies Record<string, FieldDeclaration>;

type Fields = typeof thoughtFields;
export type ThoughtField = keyof Fields;
type Rules<K extends ThoughtField> = ReturnType<Fields[K]["rules"]>;
type Defaulted = { [K in ThoughtField]: Fields[K] extends { default: unknown } ? K : never }[ThoughtField];
type FormField = { [K in ThoughtField]: Fields[K]["form"] extends true ? K : never }[ThoughtField];
/** The fields the server sets (the dates); the others are the writers'. */
export type ServerField = {
  [K in ThoughtField]: Fields[K] extends { server: true } ? K : never;
}[ThoughtField];
type WriterField = Exclude<ThoughtField, ServerField>;
/** The fields json-server's `_sort` takes. */
export type SortableField = {
  [K in ThoughtField]: Fields[K] extends { sortable: true } ? K : never;
}[ThoughtField];
/** The fields stored as epoch milliseconds. */
export type EpochMsField = {
  [K in ThoughtField]: Fields[K] extends { stored: "epochMs" } ? K : never;
}[ThoughtField];

/**
 * Checked by the compiler: a field's rules let through only what its wire type carries, and its default
 * meets its rules. A field that breaks either makes this type `never` for it, and the line below fails.
 */
type Agreeing = {
  [K in ThoughtField]: [z.output<Rules<K>>] extends [z.output<Fields[K]["wire"]>]
    ? K extends Defaulted
      ? [Fields[K] extends { default: infer D } ? D : never] extends [z.output<Rules<K>>]
        ? true
        : never
      : true
    : never;
};
const fieldsAgree: Agreeing = {
  conteudo: true,
  autoria: true,
  modelo: true,
  favorito: true,
  etiquetas: true,
  fonte: true,
  local: true,
  nota: true,
  criadoEm: true,
  atualizadoEm: true,
};
void fieldsAgree;

/** The fields' names, in their declared order. */
export const THOUGHT_FIELDS = Object.keys(thoughtFields) as ThoughtField[];
const isServerSet = (name: ThoughtField) => (thoughtFields[name] as FieldDeclaration).server === true;
/** The fields a writer gives (POST, PUT, PATCH, an import), in their declared order. */
export const WRITER_FIELDS = THOUGHT_FIELDS.filter((name) => !isServerSet(name)) as WriterField[];
/** The fields the server sets, which only an import may give. */
export const SERVER_FIELDS = THOUGHT_FIELDS.filter(isServerSet) as ServerField[];
/** The fields stored as epoch milliseconds (the instants). */
export const EPOCH_MS_FIELDS = THOUGHT_FIELDS.filter(
  (name) => (thoughtFields[name] as FieldDeclaration).stored === "epochMs",
) as EpochMsField[];
/** The fields json-server's `_sort` takes, in their declared order. */
export const SORTABLE_FIELDS = THOUGHT_FIELDS.filter(
  (name) => (thoughtFields[name] as FieldDeclaration).sortable === true,
) as SortableField[];
/** The fields a create cannot leave out: a writer's, without a default (an import's file must have them). */
export const REQUIRED_FIELDS = WRITER_FIELDS.filter((name) => !("default" in thoughtFields[name]));

// Object.fromEntries loses the keys' types; the mapped types below say what each shape holds.
function shapeOf<Shape>(each: (field: FieldDeclaration) => z.ZodType, names = THOUGHT_FIELDS): Shape {
  return Object.fromEntries(names.map((name) => [name, each(thoughtFields[name])])) as Shape;
}

/** Each field as the API sends it. */
export const wireShape = shapeOf<{ [K in ThoughtField]: Fields[K]["wire"] }>((field) => field.wire);

/** Each writer's field's rules, and its default when it has one: what a create takes. */
export const inputShape = shapeOf<{
  [K in WriterField]: K extends Defaulted ? z.ZodDefault<Rules<K>> : Rules<K>;
}>(
  (field) =>
    // The default was checked against the rules above (fieldsAgree); zod's own type cannot see it here.
    "default" in field ? field.rules("edit").default(field.default as never) : field.rules("edit"),
  WRITER_FIELDS,
);

/** The server's fields as an import may give them (each optional: the server sets what is left out). */
export const importShape = shapeOf<{ [K in ServerField]: z.ZodOptional<Rules<K>> }>(
  (field) => field.rules("edit").optional(),
  SERVER_FIELDS,
);

/**
 * What a replace (PUT) takes: the fields without a default are required, as in a create; a defaulted field
 * left out keeps its stored value instead of taking the default, so a client that knows fewer fields (the
 * original app sends only its own five) never erases the others.
 */
export const replaceShape = shapeOf<{
  [K in WriterField]: K extends Defaulted ? z.ZodOptional<Rules<K>> : Rules<K>;
}>((field) => ("default" in field ? field.rules("edit").optional() : field.rules("edit")), WRITER_FIELDS);

/** Each writer's field's rules, none required and none defaulted: what a change (PATCH) takes. */
export const patchShape = shapeOf<{ [K in WriterField]: z.ZodOptional<Rules<K>> }>(
  (field) => field.rules("edit").optional(),
  WRITER_FIELDS,
);

/** The fields the editor's form edits, with the messages of its screen. */
export function formShape(screen: Screen) {
  const names = THOUGHT_FIELDS.filter((name) => thoughtFields[name].form);
  // authorField's type is that of the edit screen: only its messages differ between screens.
  return shapeOf<{ [K in FormField]: Rules<K> }>((field) => field.rules(screen), names);
}

/** The value a create takes for each field left out. */
export const thoughtDefaults = Object.fromEntries(
  THOUGHT_FIELDS.flatMap((name) => {
    const field: FieldDeclaration = thoughtFields[name];
    return "default" in field ? [[name, field.default]] : [];
  }),
) as { [K in Defaulted]: z.output<Rules<K>> };
