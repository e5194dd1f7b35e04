import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { resetFakeApi, server, startFakeApi } from "./server";

beforeAll(() => {
  startFakeApi();
  // jsdom has <dialog> but not its modal API; opening and closing it is all the tests need from it.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
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
