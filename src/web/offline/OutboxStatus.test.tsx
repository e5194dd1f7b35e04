import { describe, expect, it } from "vitest";
import { outboxText } from "./OutboxStatus";

describe("the outbox's line", () => {
  it("says how many writes wait for the connection, are being sent, or were not taken", () => {
    expect(outboxText(0, 0, false)).toBeUndefined();
    expect(outboxText(3, 0, false)).toBe("Aguardando conexão · 3");
    expect(outboxText(2, 1, false)).toBe("Aguardando conexão · 3");
    expect(outboxText(2, 1, true)).toBe("Enviando · 2");
    expect(outboxText(0, 1, true)).toBe("1 alteração não enviada");
    expect(outboxText(0, 2, true)).toBe("2 alterações não enviadas");
  });
});
