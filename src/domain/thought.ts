import { z } from "zod";
import { messages, type Screen } from "./messages";
import { formShape, importShape, inputShape, patchShape, replaceShape } from "./thought-fields";

/** What the form edits: the screen decides the wording of the author messages. */
export function thoughtFormSchema(screen: Screen) {
  return z.object(formShape(screen));
}
export type ThoughtForm = z.infer<ReturnType<typeof thoughtFormSchema>>;

/** POST body: the writer's fields (the server's, the dates, are dropped if sent). */
export const thoughtInputSchema = z.object({ id: z.unknown().optional(), ...inputShape });
export type ThoughtInput = Omit<z.infer<typeof thoughtInputSchema>, "id">;

/**
 * What an import's item must meet: a create's fields, and the dates its source may give (our own export,
 * Keep's, Kindle's), the server setting those left out.
 */
export const thoughtImportSchema = thoughtInputSchema
  .extend(importShape)
  .refine(
    ({ criadoEm, atualizadoEm }) =>
      criadoEm === undefined || atualizadoEm === undefined || atualizadoEm >= criadoEm,
    { message: messages.updatedBeforeCreated, path: ["atualizadoEm"] },
  );
export type ThoughtImport = Omit<z.infer<typeof thoughtImportSchema>, "id">;

/** The thought an input describes, without the id a PUT may echo (the path or the database gives it). */
export function withoutId<T extends { id?: unknown }>({ id: _id, ...input }: T): Omit<T, "id"> {
  return input;
}

/** PUT body: the required fields, and those it names (it may echo the id, which the path overrides). */
export const thoughtReplaceSchema = z.object({ id: z.unknown().optional(), ...replaceShape });

/** PATCH body: any subset of the fields, at least one. */
export const thoughtPatchSchema = z
  .object({ id: z.unknown().optional(), ...patchShape })
  .refine((patch) => Object.keys(patch).some((key) => key !== "id"), {
    message: "Informe ao menos um campo para alterar.",
  });
export type ThoughtPatch = Omit<z.infer<typeof thoughtPatchSchema>, "id">;
