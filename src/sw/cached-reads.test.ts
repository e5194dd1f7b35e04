import { describe, expect, it } from "vitest";
import { isCachedRead, tellsSessionState } from "./cached-reads";

describe("isCachedRead", () => {
  it("keeps the wall's reads: the list, one thought, the day's thought, the day's review and the session", () => {
    for (const path of [
      "/api/pensamentos",
      "/api/pensamentos/12",
      "/api/pensamentos/do-dia",
      "/api/revisao",
      "/api/sessao",
    ]) {
      expect(isCachedRead(path, "GET"), path).toBe(true);
    }
  });

  it("never keeps a write, the random draw, an image, the trash or the export", () => {
    expect(isCachedRead("/api/pensamentos", "POST")).toBe(false);
    expect(isCachedRead("/api/pensamentos/12", "PUT")).toBe(false);
    expect(isCachedRead("/api/sessao", "DELETE")).toBe(false);
    for (const path of [
      "/api/pensamentos/aleatorio",
      "/api/pensamentos/12/imagem.png",
      "/api/lixeira",
      "/api/export",
      "/api/pensamentosx",
      "/api/revisao/ajustes",
      "/api/revisao/respostas",
    ]) {
      expect(isCachedRead(path, "GET"), path).toBe(false);
    }
  });
});

describe("tellsSessionState", () => {
  it("watches the random draw and the trash, not the kept reads, images or the export", () => {
    expect(tellsSessionState("/api/pensamentos/aleatorio")).toBe(true);
    expect(tellsSessionState("/api/lixeira")).toBe(true);
    for (const path of [
      "/api/pensamentos",
      "/api/pensamentos/12/imagem.png",
      "/api/export",
      "/api/lixeira/3",
    ]) {
      expect(tellsSessionState(path), path).toBe(false);
    }
  });
});
