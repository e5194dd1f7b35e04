import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { resetFakeApi, server, startFakeApi } from "./server";

// findBy… and waitFor wait for a condition, 1 s by default: on a shared 2-core machine (CI beside a container's
// build, or a second test run) a list's answer drawn in a deferred render took longer, and a test that would
// have passed failed. A condition met sooner still ends the wait at once.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => {
  startFakeApi();
  // jsdom has <dialog> but not its modal API; opening and closing it is all the tests need from it.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
  // The header's links and 'Sair' sit in a popover that CSS shows in the row on a wide screen; jsdom reads
  // no media query (nor the CSS modules), so it would keep them hidden as in a closed menu. The tests see
  // the wide screen's header; the menu itself is tested in a browser (e2e/header.spec.ts).
  const wideHeader = document.createElement("style");
  wideHeader.textContent = "[popover] { display: block; }";
  document.head.append(wideHeader);
  // jsdom lays nothing out, so it scrolls nothing either.
  Element.prototype.scrollIntoView = function scrollIntoView() {};
  // Nor has it a ResizeObserver: this one reports each observed element once, as a
  // browser does when observing starts. jsdom's sizes are all 0 (a clamped text is never cut), unless a
  // test gives an element sizes of its own.
  globalThis.ResizeObserver = class ResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target } as ResizeObserverEntry], this);
    }
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  // Unmounting first aborts the requests still on their way before their holds are released.
  cleanup();
  resetFakeApi();
});

afterAll(() => {
  server.close();
});
