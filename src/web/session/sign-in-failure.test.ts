import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../api/client";
import { signInFailure, tooManyTries } from "./sign-in-failure";

describe("what a failed sign-in says", () => {
  it("repeats the server's own message", () => {
    expect(signInFailure(new ApiRequestError(401, "unauthorized", "Senha incorreta."))).toBe(
      "Senha incorreta.",
    );
  });

  it("says how long to wait after too many tries, in seconds or minutes", () => {
    const limited = new ApiRequestError(429, "rate_limited", "Muitas tentativas.", undefined, 42);
    expect(signInFailure(limited)).toBe("Muitas tentativas. Tente de novo em 42 segundos.");
    expect(tooManyTries(1)).toBe("Muitas tentativas. Tente de novo em 1 segundo.");
    expect(tooManyTries(0)).toBe("Muitas tentativas. Tente de novo em 1 segundo.");
    expect(tooManyTries(61)).toBe("Muitas tentativas. Tente de novo em 2 minutos.");
    expect(tooManyTries(60)).toBe("Muitas tentativas. Tente de novo em 1 minuto.");
    expect(tooManyTries(undefined)).toBe("Muitas tentativas. Aguarde um pouco e tente de novo.");
  });
});
