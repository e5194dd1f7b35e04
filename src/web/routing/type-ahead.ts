/** The id of the field that holds the keys typed ahead of a form (see holdTypedKeys). */
export const TYPED_AHEAD = "typed-ahead";

/**
 * Gives the keys typed right after a shortcut that opens a form somewhere to go while the form's code may
 * still be on its way (the screen before stays drawn until then): a field out of sight, named as the form's
 * text box, takes the focus at once. Typed into a field, the keys are text, not the shortcuts of the screen
 * still showing, and a field takes whatever a keyboard types (accents, dead keys, an input method), which
 * replaying key events would not. The form takes them into its text box when it arrives (the editor's
 * takeTypedAhead); should the focus go elsewhere instead (an error screen, a dialog), the field goes away.
 */
export function holdTypedKeys(name: string): void {
  const box = document.createElement("textarea");
  box.id = TYPED_AHEAD;
  box.setAttribute("aria-label", name);
  box.className = "visually-hidden";
  // Gone when the focus moves on to another element; kept when the window loses the focus (another app, a
  // notification), which gives it back to the field when it returns.
  box.onblur = (event) => event.relatedTarget && box.remove();
  document.body.append(box);
  box.focus({ preventScroll: true });
}
