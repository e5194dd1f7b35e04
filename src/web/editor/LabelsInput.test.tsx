import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { apiPaths } from "../../domain/contract";
import type { ThoughtForm } from "../../domain/thought";
import { makeThought } from "../testing/make-thought";
import { renderAt } from "../testing/render-at";
import { fakeApi } from "../testing/server";
import { ThoughtEditor } from "./ThoughtEditor";

const filled: ThoughtForm = {
  conteudo: "Tudo vale a pena",
  autoria: "Fernando Pessoa",
  modelo: "modelo1",
  etiquetas: [],
  fonte: "",
  local: "",
  nota: "",
};

function setup(initial: ThoughtForm = filled, labelsInUse: string[] = ["Poesia", "Portugal", "Mar"]) {
  fakeApi.seed(labelsInUse.map((label, at) => makeThought({ id: at + 1, etiquetas: [label] })));
  const onSave = vi.fn<(form: ThoughtForm) => Promise<void>>().mockResolvedValue(undefined);
  const editor = (
    <ThoughtEditor screen="edit" title="Editar" initial={initial} onSave={onSave} onCancel={() => {}} />
  );
  renderAt("/", [{ path: "/", element: editor }]);
  return {
    user: userEvent.setup(),
    onSave,
    input: screen.getByRole("combobox", { name: "Etiquetas" }),
    chips: () =>
      within(screen.queryByRole("list", { name: "Etiquetas do pensamento" }) ?? document.createElement("ul"))
        .queryAllByRole("listitem")
        .map((item) => item.firstChild?.textContent),
  };
}

describe("the labels of the form", () => {
  it("adds a label on Enter or a comma, and removes one with its ×", async () => {
    const { user, input, chips, onSave } = setup();
    await user.type(input, "Sonho{Enter}");
    await user.type(input, " Vida ,");
    expect(chips()).toEqual(["Sonho", "Vida"]);
    expect(input).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Remover etiqueta Sonho" }));
    expect(chips()).toEqual(["Vida"]);
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ etiquetas: ["Vida"] }));
  });

  const options = () =>
    within(screen.getByRole("listbox", { name: "Etiquetas em uso" }))
      .queryAllByRole("option")
      .map((option) => option.textContent);

  it("suggests the labels in use that start with what is typed, chosen with the arrows and Enter", async () => {
    const { user, input, chips } = setup();
    await user.type(input, "po");
    await waitFor(() => expect(options()).toEqual(["Poesia", "Portugal"]));
    expect(input).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(screen.getByRole("option", { name: "Portugal" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    expect(chips()).toEqual(["Portugal"]);
    // A label already on the thought is no longer suggested.
    await user.type(input, "po");
    await waitFor(() => expect(options()).toEqual(["Poesia"]));
    await user.keyboard("{Escape}");
    expect(input).toHaveAttribute("aria-expanded", "false");
  });

  it("asks the server for a few labels that start with the text, never for every label", async () => {
    const { user, input } = setup(filled, ["Poesia", "Tempo", "Mar", "Poente"]);
    await user.type(input, "ＰO");
    // "Tempo" holds "po" but does not start with it; a full-width "Ｐ" is a "P", in any case.
    await waitFor(() => expect(options()).toEqual(["Poente", "Poesia"]));
    const asked = fakeApi
      .requests()
      .filter((request) => request.method === "GET" && request.url.pathname === apiPaths.labels);
    expect(asked.length).toBeGreaterThan(0);
    for (const { url } of asked) expect(Number(url.searchParams.get("_limit"))).toBeLessThanOrEqual(18);
    expect(asked.at(-1)?.url.searchParams.get("prefixo")).toBe("ＰO");
  });

  it("says why a label is refused and keeps what was typed", async () => {
    const { user, input, chips } = setup({ ...filled, etiquetas: ["Poesia"] });
    await user.type(input, "poesia{Enter}");
    expect(screen.getByText("Essa etiqueta já foi adicionada.")).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, `${"x".repeat(31)}{Enter}`);
    expect(screen.getByText("Etiqueta pode ter no máximo 30 caracteres!")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(chips()).toEqual(["Poesia"]);
  });

  it("takes at most ten labels", async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `e${i}`);
    const { user, input, chips } = setup({ ...filled, etiquetas: ten });
    await user.type(input, "mais uma{Enter}");
    expect(screen.getByText("Um pensamento pode ter no máximo 10 etiquetas!")).toBeInTheDocument();
    expect(chips()).toEqual(ten);
  });
});
