import type { z } from "zod";
import { messages, type Screen } from "../../domain/messages";
import { formatInteger as count } from "../../domain/pt-br-numbers";
import { AUTHOR_MAX, AUTHOR_MIN, CONTENT_MAX, NOTE_MAX, PLACE_MAX, SOURCE_MAX } from "../../domain/rules";
import type { ThoughtForm } from "../../domain/thought";

/** What a field's rule asks of the user before Salvar can be pressed, keyed by the rule's own message. */
function needsByMessage(screen: Screen): ReadonlyMap<string, string> {
  return new Map([
    [messages.contentRequired, "escreva o pensamento"],
    [messages.contentTooLong, `encurte o pensamento (até ${count(CONTENT_MAX)} caracteres)`],
    [messages.authorRequired[screen], "informe a autoria ou fonte"],
    [messages.authorTooShort[screen], `complete a autoria ou fonte (ao menos ${AUTHOR_MIN} caracteres)`],
    [messages.authorTooLong[screen], `encurte a autoria ou fonte (até ${AUTHOR_MAX} caracteres)`],
    [messages.sourceTooLong, `encurte a fonte (até ${count(SOURCE_MAX)} caracteres)`],
    [messages.placeTooLong, `encurte o local (até ${count(PLACE_MAX)} caracteres)`],
    [messages.noteTooLong, `encurte a nota (até ${count(NOTE_MAX)} caracteres)`],
  ]);
}

/**
 * For a rule without its own wording above (invalid characters, say): the field to look at. In the form's
 * order, which is the order the sentence names them in.
 */
const fixField: Record<keyof ThoughtForm, string> = {
  conteudo: "corrija o pensamento",
  autoria: "corrija a autoria ou fonte",
  fonte: "corrija a fonte",
  local: "corrija o local",
  nota: "corrija a nota",
  etiquetas: "corrija as etiquetas",
  modelo: "escolha um modelo",
};

function joined(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} e ${parts.at(-1)}`;
}

/**
 * Why Salvar is disabled, as one sentence ('Escreva o pensamento e informe a autoria ou fonte para
 * salvar.'), or undefined when the form can be saved. Read from the form's own schema, so it names every
 * field whose rule fails, in the form's order, whether or not the field was touched yet: the fields' red
 * messages wait for a touch, the button's reason never does.
 */
export function saveHint(schema: z.ZodType, values: ThoughtForm, screen: Screen): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const byMessage = needsByMessage(screen);
  const needs = new Map<string, string>();
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ThoughtForm;
    if (needs.has(field) || !(field in fixField)) continue;
    needs.set(field, byMessage.get(issue.message) ?? fixField[field]);
  }
  const order = Object.keys(fixField) as (keyof ThoughtForm)[];
  const sentence = joined(order.flatMap((field) => needs.get(field) ?? []));
  if (!sentence) return undefined;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)} para salvar.`;
}
