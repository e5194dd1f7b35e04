import { describe, expect, it, vi } from "vitest";
import { CardsBusyError, CardTooSlowError, createDrawQueue, withinPatience } from "./draw-queue";

/** A drawing that ends when the test says. */
function held() {
  let finish!: (value: string) => void;
  const drawing = new Promise<string>((resolve) => {
    finish = resolve;
  });
  return { draw: () => drawing, finish };
}

describe("createDrawQueue", () => {
  it("runs at most `concurrency` drawings, starts the waiting ones in order, and refuses past the line", async () => {
    const queue = createDrawQueue({ concurrency: 1, waiting: 1 });
    const first = held();
    const second = held();
    const secondStarted = vi.fn(second.draw);
    const running = queue.run(first.draw);
    const waiting = queue.run(secondStarted);
    await expect(queue.run(async () => "terceiro")).rejects.toThrow(CardsBusyError);
    expect(secondStarted).not.toHaveBeenCalled();

    first.finish("primeiro");
    expect(await running).toBe("primeiro");
    expect(secondStarted).toHaveBeenCalledOnce();
    second.finish("segundo");
    expect(await waiting).toBe("segundo");
  });

  it("keeps a slot taken until a failed drawing really ends", async () => {
    const queue = createDrawQueue({ concurrency: 1, waiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error("falhou")))).rejects.toThrow("falhou");
    expect(await queue.run(async () => "livre de novo")).toBe("livre de novo");
  });
});

describe("withinPatience", () => {
  it("gives up with CardTooSlowError past its time, and answers in time otherwise", async () => {
    await expect(withinPatience(new Promise(() => {}), 10)).rejects.toThrow(CardTooSlowError);
    expect(await withinPatience(Promise.resolve("pronto"), 10_000)).toBe("pronto");
  });
});
