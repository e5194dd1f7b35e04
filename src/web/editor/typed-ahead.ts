import { TYPED_AHEAD } from "../routing/type-ahead";

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
