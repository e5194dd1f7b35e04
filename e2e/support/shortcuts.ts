import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Whether a text field has the focus: a key pressed now is a letter typed, not a shortcut. */
const typingInAField = (page: Page) =>
  page.evaluate<boolean>('["INPUT", "TEXTAREA"].includes(document.activeElement?.tagName ?? "")');

/**
 * Presses a shortcut until the app has taken it, as a person presses again a key the page ignored: the
 * server-drawn wall does nothing with a key until React has adopted it. Never pressed again once a field has
 * the focus: the shortcut has then opened its form (or the field that keeps the keys typed ahead of it), where
 * another press would be a letter in the text, and the form one with changes to discard.
 */
export async function pressShortcut(page: Page, key: string, taken: () => Promise<void>): Promise<void> {
  await expect(async () => {
    if (!(await typingInAField(page))) await page.keyboard.press(key);
    await taken();
  }).toPass();
}
