import { describe, expect, it } from "vitest";
import { createWorkGate, GateFullError } from "./work-gate";

/** A task that runs until the test lets it end. */
function heldTask() {
  let finish: (value: string) => void = () => {};
  const done = new Promise<string>((resolve) => {
    finish = resolve;
  });
  return { task: () => done, finish };
}

describe("the work gate", () => {
  it("runs at most its limit at once, the rest in order of arrival, and every task ends", async () => {
    const gate = createWorkGate(2);
    const started: number[] = [];
    const tasks = Array.from({ length: 5 }, () => heldTask());
    const results = tasks.map((held, index) =>
      gate.run(() => {
        started.push(index);
        return held.task();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load()).toEqual({ running: 2, waiting: 3 });

    tasks[1]?.finish("b");
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });

    for (const [index, held] of tasks.entries()) held.finish(String(index));
    expect(await Promise.all(results)).toEqual(["0", "b", "2", "3", "4"]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the place of a task that fails", async () => {
    const gate = createWorkGate(1);
    await expect(gate.run(() => Promise.reject(new Error("falhou")))).rejects.toThrow("falhou");
    expect(await gate.run(async () => "depois")).toBe("depois");
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("never starts a task whose signal aborted: it leaves the queue at once and frees no one's place", async () => {
    const gate = createWorkGate(1);
    const first = heldTask();
    const started: string[] = [];
    const running = gate.run(() => {
      started.push("first");
      return first.task();
    });
    const hungUp = new AbortController();
    const abandoned = gate.run(
      async () => {
        started.push("abandoned");
        return "abandoned";
      },
      { signal: hungUp.signal },
    );
    const next = gate.run(async () => {
      started.push("next");
      return "next";
    });
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    hungUp.abort(new Error("o cliente saiu"));
    await expect(abandoned).rejects.toThrow("o cliente saiu");
    expect(gate.load()).toEqual({ running: 1, waiting: 1 });

    first.finish("first");
    expect(await Promise.all([running, next])).toEqual(["first", "next"]);
    expect(started).toEqual(["first", "next"]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
    await expect(gate.run(async () => "late", { signal: hungUp.signal })).rejects.toThrow("o cliente saiu");
    expect(started).toEqual(["first", "next"]);
  });

  it("refuses a task at once past its waiting line, and lets a task marked first ahead of the line", async () => {
    const gate = createWorkGate(1, { maxWaiting: 2 });
    const started: string[] = [];
    const first = heldTask();
    const named = (name: string) => async () => {
      started.push(name);
      return name;
    };
    const running = gate.run(() => {
      started.push("running");
      return first.task();
    });
    const waiting = [gate.run(named("a")), gate.run(named("b"))];
    await expect(gate.run(named("c"))).rejects.toBeInstanceOf(GateFullError);
    const owner = gate.run(named("owner"), { first: true });
    expect(gate.load()).toEqual({ running: 1, waiting: 3 });

    first.finish("running");
    expect(await Promise.all([running, owner, ...waiting])).toEqual(["running", "owner", "a", "b"]);
    expect(started).toEqual(["running", "owner", "a", "b"]);
  });
});
