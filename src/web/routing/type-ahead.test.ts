import { afterEach, describe, expect, it } from "vitest";
import { takeTypedAhead } from "../editor/typed-ahead";
import { holdTypedKeys, readyTypeAhead, TYPED_AHEAD } from "./type-ahead";

const textareas = () => document.body.querySelectorAll("textarea");

afterEach(() => {
  for (const box of textareas()) box.remove();
});

describe("the field that holds keys typed after a shortcut", () => {
  it("is put in the page ahead, out of sight, of the tab order and of the accessibility tree, once", () => {
    readyTypeAhead();
    readyTypeAhead();
    expect(textareas()).toHaveLength(1);
    const [spare] = textareas();
    expect(spare?.getAttribute("aria-hidden")).toBe("true");
    expect(spare?.tabIndex).toBe(-1);
    expect(spare?.id).toBe("");
    expect(spare?.className).toBe("visually-hidden");
    expect(document.activeElement).toBe(document.body);
  });

  it("is the one made ahead when the shortcut comes, named as the form's text box and focused", () => {
    readyTypeAhead();
    const [spare] = textareas();
    holdTypedKeys("Pensamento");
    expect(textareas()).toHaveLength(1);
    expect(document.activeElement).toBe(spare);
    expect(spare?.id).toBe(TYPED_AHEAD);
    expect(spare?.getAttribute("aria-label")).toBe("Pensamento");
    expect(spare?.hasAttribute("aria-hidden")).toBe(false);
    expect(spare?.hasAttribute("tabindex")).toBe(false);
  });

  it("is made at once when none was ready, and gives the form what was typed into it, then goes", () => {
    holdTypedKeys("Pensamento");
    const box = document.activeElement as HTMLTextAreaElement;
    expect(box.id).toBe(TYPED_AHEAD);
    box.value = "Rápido";
    expect(takeTypedAhead()).toBe("Rápido");
    expect(textareas()).toHaveLength(0);
    // The next shortcut gets a holder of its own, ready again.
    readyTypeAhead();
    expect(textareas()).toHaveLength(1);
  });
});
