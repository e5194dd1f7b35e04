import { act, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { KEYBOARD_INSET, useKeyboardInset } from "./useKeyboardInset";

/** A visual viewport that a test moves and resizes, as an on-screen keyboard does on a phone. */
class FakeVisualViewport extends EventTarget {
  height = 844;
  offsetTop = 0;
  set(height: number, offsetTop: number, event: "resize" | "scroll") {
    this.height = height;
    this.offsetTop = offsetTop;
    this.dispatchEvent(new Event(event));
  }
}

function Bar() {
  const bar = useRef<HTMLDivElement>(null);
  useKeyboardInset(bar);
  return <div ref={bar} data-testid="bar" />;
}

const jsdomViewport = Object.getOwnPropertyDescriptor(window, "visualViewport");
const jsdomHeight = window.innerHeight;

function withViewport(viewport: FakeVisualViewport | undefined, innerHeight: number) {
  Object.defineProperty(window, "visualViewport", { value: viewport, configurable: true });
  Object.defineProperty(window, "innerHeight", { value: innerHeight, configurable: true });
}

afterEach(() => {
  if (jsdomViewport) Object.defineProperty(window, "visualViewport", jsdomViewport);
  else Reflect.deleteProperty(window, "visualViewport");
  Object.defineProperty(window, "innerHeight", { value: jsdomHeight, configurable: true });
});

const inset = () => screen.getByTestId("bar").style.getPropertyValue(KEYBOARD_INSET);

describe("the height an on-screen keyboard covers at the foot of the page", () => {
  it("is 0 while the whole layout viewport is seen", () => {
    withViewport(new FakeVisualViewport(), 844);
    render(<Bar />);
    expect(inset()).toBe("0px");
  });

  it("follows the visual viewport as a keyboard shrinks it and the page scrolls under it", () => {
    const viewport = new FakeVisualViewport();
    withViewport(viewport, 844);
    render(<Bar />);
    // Safari's way: the layout viewport keeps its 844 px, the visible part shrinks above the keyboard.
    act(() => viewport.set(508, 0, "resize"));
    expect(inset()).toBe("336px");
    act(() => viewport.set(508, 120, "scroll"));
    expect(inset()).toBe("216px");
    act(() => viewport.set(844, 0, "resize"));
    expect(inset()).toBe("0px");
  });

  it("stays 0 when the layout viewport itself shrinks under the keyboard (resizes-content)", () => {
    const viewport = new FakeVisualViewport();
    withViewport(viewport, 508);
    render(<Bar />);
    act(() => viewport.set(508, 0, "resize"));
    expect(inset()).toBe("0px");
  });

  it("leaves the bar alone where there is no visual viewport", () => {
    withViewport(undefined, 844);
    render(<Bar />);
    expect(inset()).toBe("");
  });
});
