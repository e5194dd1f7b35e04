import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, networkError } from "./client";
import { createQueryClient } from "./query-client";

afterEach(() => vi.restoreAllMocks());

function retries(error: unknown): boolean {
  const retry = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof retry !== "function") throw new Error("the app's retry is a function");
  return retry(0, error as Error) === true;
}

describe("when a failed read is asked again", () => {
  it("tries once more after no answer while the browser says it is online", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    expect(retries(networkError())).toBe(true);
  });

  it("gives up at once after no answer while offline, so the screen says it needs the connection", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(retries(networkError())).toBe(false);
  });

  it("never asks again after a 4xx, and once after a 5xx", () => {
    expect(retries(new ApiRequestError(404, "not_found", "Não encontrado."))).toBe(false);
    expect(retries(new ApiRequestError(503, "unavailable", "Fora do ar."))).toBe(true);
  });
});
