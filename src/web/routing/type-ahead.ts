/** The id of the field that holds the keys typed ahead of a form (see holdTypedKeys). */
export const TYPED_AHEAD = "typed-ahead";

/** A holder put in the page ahead of the shortcut, out of sight, out of the tab order and of the accessibility tree. */
let spare: HTMLTextAreaElement | undefined;

function makeHolder(): HTMLTextAreaElement {
  const box = document.createElement("textarea");
  box.className = "visually-hidden";
  box.tabIndex = -1;
  box.setAttribute("aria-hidden", "true");
  return box;
}

/** Between fields in what the holder keeps: a Tab typed ahead goes to the form's next field (see holdTab). */
export const NEXT_FIELD = "\t";

/**
 * A Tab typed ahead of the form means "now the next field" (text, Tab, author is how a keyboard fills it): kept
 * in the holder as a tab character, for the form to split. Left to the browser, it took the focus out of the
 * holder, which then went away with the text typed so far.
 */
function holdTab(event: KeyboardEvent): void {
  if (event.key !== "Tab" || event.ctrlKey || event.altKey || event.metaKey) return;
  event.preventDefault();
  // Shift+Tab would go back before the form's first field: nothing to keep.
  if (event.shiftKey) return;
  const box = event.currentTarget as HTMLTextAreaElement;
  box.setRangeText(NEXT_FIELD, box.selectionStart, box.selectionEnd, "end");
}

/**
 * Puts a holder in the page while it is idle, so that the shortcut only has to focus it: a field inserted
 * and focused in the key's own task made the browser lay the page out again there (about 16 ms of `n` on a
 * phone, measured at 4× CPU slowdown). Called once the page has settled and after each screen change (the
 * form takes the holder it used away).
 */
export function readyTypeAhead(): void {
  if (spare?.isConnected || typeof document === "undefined") return;
  spare = makeHolder();
  document.body.append(spare);
}

/**
 * Gives the keys typed right after a shortcut that opens a form somewhere to go while the form's code may
 * still be on its way (the screen before stays drawn until then): a field out of sight, named as the form's
 * text box, takes the focus at once. Typed into a field, the keys are text, not the shortcuts of the screen
 * still showing, and a field takes whatever a keyboard types (accents, dead keys, an input method), which
 * replaying key events would not. The form takes them into its text box when it arrives (the editor's
 * takeTypedAhead); should the focus go elsewhere instead (an error screen, a dialog), the field goes away.
 */
export function holdTypedKeys(name: string): void {
  const box = spare?.isConnected ? spare : document.body.appendChild(makeHolder());
  spare = undefined;
  box.id = TYPED_AHEAD;
  box.removeAttribute("aria-hidden");
  box.removeAttribute("tabindex");
  box.setAttribute("aria-label", name);
  // Gone when the focus moves on to another element; kept when the window loses the focus (another app, a
  // notification), which gives it back to the field when it returns.
  box.onblur = (event) => event.relatedTarget && box.remove();
  box.onkeydown = holdTab;
  box.focus({ preventScroll: true });
}
