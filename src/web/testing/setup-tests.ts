import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { resetFakeApi, server, startFakeApi } from "./server";

beforeAll(() => {
  startFakeApi();
});

afterEach(() => {
  // Unmounting first aborts the requests still on their way before their holds are released.
  cleanup();
  resetFakeApi();
});

afterAll(() => {
  server.close();
});
