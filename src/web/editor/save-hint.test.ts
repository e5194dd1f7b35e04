import { describe, expect, it } from "vitest";
import type { Screen } from "../../domain/messages";
import { type ThoughtForm, thoughtFormSchema } from "../../domain/thought";
import { saveHint } from "./save-hint";

const form = (values: Partial<ThoughtForm>): ThoughtForm => ({
  conteudo: "Carpe diem",
  autoria: "Horácio",
  modelo: "modelo1",
  etiquetas: [],
  fonte: "",
  local: "",
  nota: "",
  ...values,
});

const hint = (values: Partial<ThoughtForm>, screen: Screen = "create") =>
  saveHint(thoughtFormSchema(screen), form(values), screen);

describe("the reason Salvar is disabled", () => {
  it("is nothing for a form that can be saved", () => {
    expect(hint({})).toBeUndefined();
    expect(hint({}, "edit")).toBeUndefined();
  });

  it("asks for the thought when it is empty or only spaces", () => {
    expect(hint({ conteudo: "" })).toBe("Escreva o pensamento para salvar.");
    expect(hint({ conteudo: "  \n " })).toBe("Escreva o pensamento para salvar.");
  });

  it("asks for the author when it is missing, on both screens", () => {
    expect(hint({ autoria: "" })).toBe("Informe a autoria ou fonte para salvar.");
    expect(hint({ autoria: "   " }, "edit")).toBe("Informe a autoria ou fonte para salvar.");
  });

  it("asks for 3 characters of author, counted without the spaces around them", () => {
    expect(hint({ autoria: " ab " })).toBe(
      "Complete a autoria ou fonte (ao menos 3 caracteres) para salvar.",
    );
    expect(hint({ autoria: "abc" })).toBeUndefined();
  });

  it("names both fields of an empty form, in the form's order", () => {
    expect(hint({ conteudo: "", autoria: "" })).toBe(
      "Escreva o pensamento e informe a autoria ou fonte para salvar.",
    );
  });

  it("names the limits of texts that are too long", () => {
    expect(hint({ conteudo: "a".repeat(10_001) })).toBe(
      "Encurte o pensamento (até 10.000 caracteres) para salvar.",
    );
    expect(hint({ autoria: "a".repeat(201) }, "edit")).toBe(
      "Encurte a autoria ou fonte (até 200 caracteres) para salvar.",
    );
  });

  it("points at the field for a rule without its own wording", () => {
    expect(hint({ conteudo: "Olá\u0000" })).toBe("Corrija o pensamento para salvar.");
    expect(hint({ conteudo: "", etiquetas: ["a,b"] })).toBe(
      "Escreva o pensamento e corrija as etiquetas para salvar.",
    );
    expect(hint({ conteudo: "", autoria: "", etiquetas: ["a;b"] })).toBe(
      "Escreva o pensamento, informe a autoria ou fonte e corrija as etiquetas para salvar.",
    );
  });
});
