import { z } from "zod";
import { distinctLabels, isDotSegment, LABEL_FORBIDDEN, normalizeLabel } from "./labels";
import { messages, type Screen } from "./messages";
import { AUTHOR_MAX, AUTHOR_MIN, CONTENT_MAX, DEFAULT_MODEL, LABEL_MAX, LABELS_MAX, MODELS } from "./rules";
import { isValidText, visibleLength } from "./text";

/** A text field: valid characters first (nothing else is said of one that has none), then trimmed. */
const textField = (required: string) =>
  z
    .string({ error: required })
    .refine(isValidText, { message: messages.textInvalid, abort: true })
    .trim()
    // Only invisible characters (a zero-width space, say) read as nothing on screen, so as nothing here.
    .refine((text) => visibleLength(text) > 0, { message: required, abort: true });

const contentField = textField(messages.contentRequired).max(CONTENT_MAX, messages.contentTooLong);

function authorField(screen: Screen) {
  return textField(messages.authorRequired[screen])
    .refine((text) => visibleLength(text) >= AUTHOR_MIN, messages.authorTooShort[screen])
    .max(AUTHOR_MAX, messages.authorTooLong[screen]);
}

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
  .refine((label) => visibleLength(label) > 0, { message: messages.labelEmpty, abort: true })
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
}

/**
 * The thought's fields besides its id, declared once, in the order of the API's answer and of the exports'
 * columns. The API's schemas (answer, create, replace, change), the form's, the exports, the imports, the
 * OpenAPI document and the test factory all derive from this object.
 */
export const thoughtFields = {
  conteudo: { wire: z.string(), rules: () => contentField, form: true },
  autoria: { wire: z.string(), rules: authorField, form: true },
  modelo: { wire: z.enum(MODELS), rules: () => modelField, default: DEFAULT_MODEL, form: true },
  favorito: { wire: z.boolean(), rules: () => favoriteField, default: false, form: false },
  etiquetas: { wire: z.array(z.string()), rules: () => labelsField, default: [] as string[], form: true },
} as const satisfies Record<string, FieldDeclaration>;

type Fields = typeof thoughtFields;
export type ThoughtField = keyof Fields;
type Rules<K extends ThoughtField> = ReturnType<Fields[K]["rules"]>;
type Defaulted = { [K in ThoughtField]: Fields[K] extends { default: unknown } ? K : never }[ThoughtField];
type FormField = { [K in ThoughtField]: Fields[K]["form"] extends true ? K : never }[ThoughtField];

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
};
void fieldsAgree;

/** The fields' names, in their declared order. */
export const THOUGHT_FIELDS = Object.keys(thoughtFields) as ThoughtField[];

// Object.fromEntries loses the keys' types; the mapped types below say what each shape holds.
function shapeOf<Shape>(each: (field: FieldDeclaration) => z.ZodType, names = THOUGHT_FIELDS): Shape {
  return Object.fromEntries(names.map((name) => [name, each(thoughtFields[name])])) as Shape;
}

/** Each field as the API sends it. */
export const wireShape = shapeOf<{ [K in ThoughtField]: Fields[K]["wire"] }>((field) => field.wire);

/** Each field's rules, and its default when it has one: what a create or a replace takes. */
export const inputShape = shapeOf<{
  [K in ThoughtField]: K extends Defaulted ? z.ZodDefault<Rules<K>> : Rules<K>;
}>((field) =>
  // The default was checked against the rules above (fieldsAgree); zod's own type cannot see it here.
  "default" in field ? field.rules("edit").default(field.default as never) : field.rules("edit"),
);

/**
 * What a replace (PUT) takes: the fields without a default are required, as in a create; a defaulted field
 * left out keeps its stored value instead of taking the default, so a client that knows fewer fields (the
 * original app sends only its own five) never erases the others.
 */
export const replaceShape = shapeOf<{
  [K in ThoughtField]: K extends Defaulted ? z.ZodOptional<Rules<K>> : Rules<K>;
}>((field) => ("default" in field ? field.rules("edit").optional() : field.rules("edit")));

/** Each field's rules, none required and none defaulted: what a change (PATCH) takes. */
export const patchShape = shapeOf<{ [K in ThoughtField]: z.ZodOptional<Rules<K>> }>((field) =>
  field.rules("edit").optional(),
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
