import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, networkError } from "../api/client";
import { OFFLINE_SAVE_MESSAGE, reportServerError } from "./server-errors";

afterEach(() => vi.restoreAllMocks());

describe("reportServerError", () => {
  it("says the thought was not saved and the text is kept when the browser is offline", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(reportServerError(networkError(), vi.fn())).toBe(OFFLINE_SAVE_MESSAGE);
  });

  it("keeps the client's own message for a network failure while online", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    expect(reportServerError(networkError(), vi.fn())).toBe(networkError().message);
  });

  it("puts a field's message under its field, whatever the connection", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const setError = vi.fn();
    const error = new ApiRequestError(400, "validation", "Inválido", {
      conteudo: "Pensamento é obrigatório!",
    });
    expect(reportServerError(error, setError)).toBeUndefined();
    expect(setError).toHaveBeenCalledWith(
      "conteudo",
      { type: "server", message: "Pensamento é obrigatório!" },
      { shouldFocus: true },
    );
  });
});
