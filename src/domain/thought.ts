import { z } from "zod";
import { messages, type Screen } from "./messages";
import { AUTHOR_MAX, AUTHOR_MIN, CONTENT_MAX, DEFAULT_MODEL, MODELS } from "./rules";

const contentField = z
  .string({ error: messages.contentRequired })
  .trim()
  .min(1, messages.contentRequired)
  .max(CONTENT_MAX, messages.contentTooLong);

function authorField(screen: Screen) {
  return z
    .string({ error: messages.authorRequired[screen] })
    .trim()
    .min(1, messages.authorRequired[screen])
    .min(AUTHOR_MIN, messages.authorTooShort[screen])
    .max(AUTHOR_MAX, messages.authorTooLong);
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
