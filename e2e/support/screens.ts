import type { Locator } from "@playwright/test";
import { test } from "./fixtures";

/** A screen size a behaviour is tried on, and how a person there presses a control. */
export interface Screen {
  name: string;
  touch: boolean;
  /** A tap on a touch screen, a click with the mouse elsewhere. */
  press: (target: Locator) => Promise<void>;
}

const SCREENS = [
  { name: "a wide screen", viewport: { width: 1280, height: 800 }, touch: false },
  { name: "a phone", viewport: { width: 390, height: 844 }, touch: true },
];

/**
 * Declares the same tests on a desktop (mouse) and on a 390×844 phone (touch), each in a group named
 * "on <screen>", so a behaviour is tried the two ways people reach it.
 */
export function forEachScreen(declare: (screen: Screen) => void) {
  for (const { name, viewport, touch } of SCREENS) {
    test.describe(`on ${name}`, () => {
      test.use({ viewport, hasTouch: touch });
      declare({ name, touch, press: (target) => (touch ? target.tap() : target.click()) });
    });
  }
}
