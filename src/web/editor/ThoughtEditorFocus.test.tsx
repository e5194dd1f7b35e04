import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Screen } from "../../domain/messages";
import type { ThoughtForm } from "../../domain/thought";
import { holdTypedKeys } from "../routing/type-ahead";
import { renderAt } from "../testing/render-at";
import { ThoughtEditor } from "./ThoughtEditor";

const blank: ThoughtForm = {
  conteudo: "",
  autoria: "",
  modelo: "modelo1",
  etiquetas: [],
  fonte: "",
  local: "",
  nota: "",
};

function drawEditor(screenName: Screen, initial: ThoughtForm = blank) {
  const editor = (
    <ThoughtEditor
      screen={screenName}
      title="Título"
      initial={initial}
      onSave={async () => {}}
      onCancel={() => {}}
    />
  );
  renderAt("/", [{ path: "/", element: editor }]);
  return screen.getByRole("textbox", { name: "Pensamento" });
}

describe("where the form's cursor starts", () => {
  it("is in the text box when nothing held the focus (the form opened at its own address), else where it was", () => {
    expect(drawEditor("create")).toHaveFocus();
    cleanup();
    // The user went elsewhere while the form was on its way: the form leaves the focus there.
    document.body.append(Object.assign(document.createElement("button"), { textContent: "Outro lugar" }));
    const elsewhere = screen.getByRole("button", { name: "Outro lugar" });
    elsewhere.focus();
    expect(drawEditor("create")).not.toHaveFocus();
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });

  it("is at the end of the text on the edit form", async () => {
    const content = drawEditor("edit", { ...blank, conteudo: "Já escrito", autoria: "Alguém" });
    expect(content).toHaveFocus();
    await userEvent.keyboard(", e mais");
    expect(content).toHaveValue("Já escrito, e mais");
  });
});

describe("the keys typed ahead of the form", () => {
  it("land in its text box, caret after them, the form changed and valid as typed", async () => {
    holdTypedKeys("Pensamento");
    // Typed before the form is drawn, into the field that holds them, named as the text box.
    await userEvent.keyboard("Rápido demais? s/n");
    const content = drawEditor("create");
    expect(content).toHaveValue("Rápido demais? s/n");
    expect(content).toHaveFocus();
    expect(screen.getAllByRole("textbox", { name: "Pensamento" })).toEqual([content]);
    await userEvent.keyboard("!");
    expect(content).toHaveValue("Rápido demais? s/n!");
    // Only the author is missing, as the hint beside Salvar says.
    expect(screen.getByText("Informe a autoria ou fonte para salvar.")).toBeInTheDocument();
  });

  it("move on to the next field at each Tab, as they would have in the form, and the typing goes on there", async () => {
    holdTypedKeys("Pensamento");
    await userEvent.keyboard("Sonho que se sonha só{Tab}Raul Seixas");
    // The Tab stayed with the keys: the holder still has the focus, and what was typed before it.
    expect(document.activeElement).toHaveAccessibleName("Pensamento");
    const content = drawEditor("create");
    const author = screen.getByRole("textbox", { name: "Autoria ou fonte" });
    expect(content).toHaveValue("Sonho que se sonha só");
    expect(author).toHaveValue("Raul Seixas");
    expect(author).toHaveFocus();
    await userEvent.keyboard("!{Tab}Gita");
    expect(author).toHaveValue("Raul Seixas!");
    expect(screen.getByRole("textbox", { name: "Fonte" })).toHaveValue("Gita");
    // Both required fields are filled: nothing is missing for Salvar.
    expect(screen.getByRole("button", { name: "Salvar" })).toBeEnabled();
  });

  it("keep a Shift+Tab out of the text (there is no field before the text box to go back to)", async () => {
    holdTypedKeys("Pensamento");
    await userEvent.keyboard("Antes{Shift>}{Tab}{/Shift}depois");
    expect(drawEditor("create")).toHaveValue("Antesdepois");
  });

  it("are dropped once the focus has gone elsewhere (a dialog, an error screen)", async () => {
    holdTypedKeys("Pensamento");
    await userEvent.keyboard("Perdido");
    document.body.append(Object.assign(document.createElement("button"), { textContent: "Fechar" }));
    const dialogButton = screen.getByRole("button", { name: "Fechar" });
    dialogButton.focus();
    expect(screen.queryByRole("textbox", { name: "Pensamento" })).toBeNull();
    dialogButton.remove();
    expect(drawEditor("create")).toHaveValue("");
  });
});
