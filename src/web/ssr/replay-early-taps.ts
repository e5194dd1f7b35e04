import { afterNextPaint } from "../api/after-paint";

/**
 * Takes the taps early-taps.ts kept, and stops it keeping more: called just before React hydrates, which
 * from then on handles a tap itself (hydrating the part tapped first).
 */
export function takeEarlyTaps(): HTMLButtonElement[] {
  return window.memotecaEarlyTaps?.() ?? [];
}

/**
 * Gives each early tap to its button, in order, once the page is hydrated: the same button as React
 * adopted it, still on the page and enabled (a button the app drew otherwise is left alone). One per frame,
 * as a person taps: a second tap on a heart reads the heart the first one filled.
 */
export async function replayEarlyTaps(taps: HTMLButtonElement[]): Promise<void> {
  for (const [index, button] of taps.splice(0).entries()) {
    // After the next frame is drawn: what one tap changed is on the page before the next tap is given.
    if (index > 0) await afterNextPaint();
    if (button.isConnected && !button.disabled) button.click();
  }
}
