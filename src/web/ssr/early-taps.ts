/**
 * The taps on the server's HTML before the app has taken it over (its script still on the way, on a slow
 * phone or a busy machine). The buttons there do nothing yet: each tap on one is kept here, and the app,
 * once it has hydrated the page, gives each to its button (replay-early-taps.ts), so the heart tapped early
 * still fills. Links need no help: they navigate without the app. Its own entry, loaded `async` ahead of
 * the app: it imports nothing, so it is a few hundred bytes and listens from the first paint.
 */

declare global {
  interface Window {
    /** Stops keeping taps, and hands over those kept, oldest first. */
    memotecaEarlyTaps?: () => HTMLButtonElement[];
  }
}

const kept: HTMLButtonElement[] = [];

/**
 * A button the browser answers by itself, before any script (the header's 'Menu' opens its popover): its
 * tap has been answered already, and given again once the app is in it would close what it opened.
 */
const answeredByTheBrowser = (button: HTMLButtonElement) =>
  button.hasAttribute("popovertarget") || button.hasAttribute("commandfor");

function keep(event: MouseEvent): void {
  const target = event.target;
  const button = target instanceof Element ? target.closest("button") : null;
  if (!button || button.disabled || answeredByTheBrowser(button)) return;
  if (document.getElementById("root")?.contains(button)) kept.push(button);
}

document.addEventListener("click", keep, true);
window.memotecaEarlyTaps = () => {
  document.removeEventListener("click", keep, true);
  window.memotecaEarlyTaps = undefined;
  return kept.splice(0);
};

// A module (for the global's declaration), with nothing to export.
export {};
