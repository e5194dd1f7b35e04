import { NEXT_FIELD, TYPED_AHEAD } from "../routing/type-ahead";

/** The form's text fields in their tab order: where a Tab typed ahead of the form moves the typing on to. */
const FIELDS_IN_TAB_ORDER = ["conteudo", "autoria", "fonte", "local", "nota"] as const;

type TypedField = (typeof FIELDS_IN_TAB_ORDER)[number];

/**
 * The keys typed while this form's code arrived (see holdTypedKeys), taken out of the field that held them:
 * undefined when none was holding them (the form was opened otherwise, or the focus went elsewhere since).
 */
export function takeTypedAhead(): string | undefined {
  const box = document.getElementById(TYPED_AHEAD) as HTMLTextAreaElement | null;
  if (!box) return undefined;
  const held = box === document.activeElement ? box.value : undefined;
  // Removed here, not by its own blur handler (Chromium fires blur while removing a focused element).
  box.onblur = null;
  box.remove();
  return held;
}

/**
 * What was typed ahead, field by field: each Tab typed moved on to the next field, as it would have in the
 * form. Tabs past the last field stay in it, as spaces.
 */
export function typedFields(typed: string): Array<[field: TypedField, text: string]> {
  const parts = typed.split(NEXT_FIELD);
  const last = FIELDS_IN_TAB_ORDER.length - 1;
  if (parts.length > last + 1) parts.splice(last, parts.length, parts.slice(last).join(" "));
  return parts.map((text, at) => [FIELDS_IN_TAB_ORDER[at] as TypedField, text]);
}
