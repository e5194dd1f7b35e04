import type { Page } from "@playwright/test";

/**
 * Starts noting, from inside the page, each change of the mark on the card of `author` (a card brought back
 * by 'Desfazer', or just saved, is marked a moment): whether its ring (the card's ::after box) is drawn, and
 * fading. Noted as it happens, so a loaded machine's slow checks cannot miss a mark that lasts two seconds;
 * the card may come later (a card just saved). Returns the changes noted so far, from the first drawn ring on.
 */
export async function noteMarks(page: Page, author: string) {
  // A string, not a function: the e2e code is typed without the DOM's globals.
  await page.evaluate(`(() => {
    const label = ${JSON.stringify(`Pensamento de ${author}`)};
    const marks = (window.noticedMarks = []);
    const note = () => {
      const card = [...document.querySelectorAll("article")].find((a) => a.getAttribute("aria-label") === label);
      if (!card) return;
      const ring = getComputedStyle(card, "::after");
      const mark = { drawn: ring.content !== "none", fading: ring.animationName !== "none" };
      const last = marks.at(-1);
      if (last ? last.drawn !== mark.drawn || last.fading !== mark.fading : mark.drawn) marks.push(mark);
    };
    const watched = { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] };
    new MutationObserver(note).observe(document.querySelector("main"), watched);
  })()`);
  return () => page.evaluate<{ drawn: boolean; fading: boolean }[]>("window.noticedMarks");
}
