import { z } from "zod";
import { messages, type Screen } from "./messages";
import { AUTHOR_MAX, AUTHOR_MIN, CONTENT_MAX, DEFAULT_MODEL, MODELS } from "./rules";
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

/** What the form edits: the screen decides the wording of the author messages. */
export function thoughtFormSchema(screen: Screen) {
  return z.object({ conteudo: contentField, autoria: authorField(screen), modelo: modelField });
}
export type ThoughtForm = z.infer<ReturnType<typeof thoughtFormSchema>>;

/** POST body and PUT body (PUT may echo the id, which the path overrides). */
export const thoughtInputSchema = z.object({
  id: z.unknown().optional(),
  conteudo: contentField,
  autoria: authorField("edit"),
  modelo: modelField.default(DEFAULT_MODEL),
  favorito: favoriteField.default(false),
});
export type ThoughtInput = Omit<z.infer<typeof thoughtInputSchema>, "id">;

/** PATCH body: any subset of the fields, at least one. */
export const thoughtPatchSchema = z
  .object({
    id: z.unknown().optional(),
    conteudo: contentField.optional(),
    autoria: authorField("edit").optional(),
    modelo: modelField.optional(),
    favorito: favoriteField.optional(),
  })
  .refine((patch) => Object.keys(patch).some((key) => key !== "id"), {
    message: "Informe ao menos um campo para alterar.",
  });
export type ThoughtPatch = Omit<z.infer<typeof thoughtPatchSchema>, "id">;
