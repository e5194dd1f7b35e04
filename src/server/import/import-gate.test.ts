import { describe, expect, it } from "vitest";
import { createImportGate } from "./import-gate";

describe("createImportGate", () => {
  it("lets one request in at a time, and the next once the answer is closed", () => {
    const gate = createImportGate();
    const first = gate.enter();
    expect(first).toBeDefined();
    expect(gate.enter()).toBeUndefined();
    first?.closed();
    expect(gate.enter()).toBeDefined();
  });

  it("stays held while the import runs, even after the client hung up, and opens when it ends", async () => {
    const gate = createImportGate();
    const pass = gate.enter();
    let finish!: () => void;
    const running = pass?.run(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    pass?.closed();
    expect(gate.enter()).toBeUndefined();
    finish();
    await running;
    expect(gate.enter()).toBeDefined();
  });

  it("opens when an import that failed has been answered", async () => {
    const gate = createImportGate();
    const pass = gate.enter();
    await expect(pass?.run(() => Promise.reject(new Error("arquivo ilegível")))).rejects.toThrow();
    expect(gate.enter()).toBeUndefined();
    pass?.closed();
    expect(gate.enter()).toBeDefined();
  });
});
