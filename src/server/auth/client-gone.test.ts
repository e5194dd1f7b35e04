import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { waitUnlessGone } from "./client-gone";

describe("waiting out the brake", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Whether the promise has settled once the pending callbacks have run. */
  async function settled(promise: Promise<void>): Promise<boolean> {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it("ends after its time, or as soon as the client hangs up", async () => {
    const staying = new AbortController();
    const full = waitUnlessGone(8_000, staying.signal);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(await settled(full)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(full)).toBe(true);

    const leaving = new AbortController();
    const cut = waitUnlessGone(15_000, leaving.signal);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(cut)).toBe(false);
    leaving.abort();
    expect(await settled(cut)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not wait at all for a client already gone", async () => {
    const gone = new AbortController();
    gone.abort();
    expect(await settled(waitUnlessGone(15_000, gone.signal))).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
