import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Screen } from "../../domain/messages";
import type { ThoughtForm } from "../../domain/thought";
import { ApiRequestError } from "../api/client";
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

function setup(screenName: Screen, initial: ThoughtForm = blank) {
  const onSave = vi.fn<(form: ThoughtForm) => Promise<void>>().mockResolvedValue(undefined);
  const onCancel = vi.fn();
  // In a router, as on its screens: leaving the form goes through the router's blocker.
  const editor = (
    <ThoughtEditor screen={screenName} title="Título" initial={initial} onSave={onSave} onCancel={onCancel} />
  );
  renderAt("/", [{ path: "/", element: editor }]);
  return {
    user: userEvent.setup(),
    onSave,
    onCancel,
    content: screen.getByRole("textbox", { name: "Pensamento" }),
    author: screen.getByRole("textbox", { name: "Autoria ou fonte" }),
    saveButton: screen.getByRole("button", { name: "Salvar" }),
  };
}

describe("the create form's validation", () => {
  it("shows no message before a field is touched, with Salvar disabled", async () => {
    const { saveButton } = setup("create");
    expect(screen.queryByText(/obrigatóri|no mínimo/)).not.toBeInTheDocument();
    expect(saveButton).toBeDisabled();
  });

  it("says 'Pensamento é obrigatório!' for an empty or blank thought once left", async () => {
    const { user, content } = setup("create");
    await user.type(content, "   ");
    await user.tab();
    expect(content).toHaveAccessibleDescription("Pensamento é obrigatório!");
    expect(content).toHaveAttribute("aria-invalid", "true");
  });

  it("says 'Autor é obrigatório!' and then 'Autor precisa ter no mínimo 3 caracteres!'", async () => {
    const { user, author } = setup("create");
    await user.click(author);
    await user.tab();
    expect(author).toHaveAccessibleDescription("Autor é obrigatório!");
    await user.type(author, "Jo");
    expect(author).toHaveAccessibleDescription("Autor precisa ter no mínimo 3 caracteres!");
    await user.type(author, "ão");
    expect(author).not.toHaveAccessibleDescription();
    expect(author).not.toHaveAttribute("aria-invalid");
  });

  it("says 'Autor pode ter…' past 200 characters on the create screen, and 'Autoria pode ter…' on the edit one", async () => {
    const create = setup("create");
    await create.user.click(create.author);
    await create.user.paste("a".repeat(201));
    await create.user.tab();
    expect(create.author).toHaveAccessibleDescription("Autor pode ter no máximo 200 caracteres!");
    cleanup();
    const edit = setup("edit");
    await edit.user.clear(edit.author);
    await edit.user.click(edit.author);
    await edit.user.paste("a".repeat(201));
    await edit.user.tab();
    expect(edit.author).toHaveAccessibleDescription("Autoria pode ter no máximo 200 caracteres!");
  });

  it("counts the author's length without the spaces around it", async () => {
    const { user, author } = setup("create");
    await user.type(author, "  ab  ");
    await user.tab();
    expect(author).toHaveAccessibleDescription("Autor precisa ter no mínimo 3 caracteres!");
  });

  it("reads invisible characters alone as empty, and refuses a NUL as the API does", async () => {
    const { user, content, author } = setup("create");
    await user.type(content, "\u200B\u2060\uFEFF");
    await user.type(author, "ab\u200B\u200B");
    await user.tab();
    expect(content).toHaveAccessibleDescription("Pensamento é obrigatório!");
    expect(author).toHaveAccessibleDescription("Autor precisa ter no mínimo 3 caracteres!");
    await user.clear(content);
    await user.type(content, "Olá\u0000");
    expect(content).toHaveAccessibleDescription("O texto contém caracteres inválidos.");
  });

  it("accepts capitals: there is no lower-case rule", async () => {
    const { user, content, author, saveButton } = setup("create");
    await user.type(content, "Penso, logo existo.");
    await user.type(author, "DESCARTES");
    await user.tab();
    expect(saveButton).toBeEnabled();
    expect(screen.queryByText("Esse campo aceita apenas letras minúsculas!")).not.toBeInTheDocument();
  });
});

describe("the edit form's validation", () => {
  const loaded: ThoughtForm = {
    conteudo: "Carpe diem",
    autoria: "Horácio",
    modelo: "modelo3",
    etiquetas: [],
    fonte: "",
    local: "",
    nota: "",
  };

  it("starts from the loaded thought, valid", async () => {
    const { content, author, saveButton } = setup("edit", loaded);
    expect(content).toHaveValue("Carpe diem");
    expect(author).toHaveValue("Horácio");
    expect(screen.getByRole("radio", { name: "Modelo 3" })).toBeChecked();
    await vi.waitFor(() => expect(saveButton).toBeEnabled());
  });

  it("says 'Autoria é obrigatória!' and 'Autoria precisa ter no mínimo 3 caracteres!'", async () => {
    const { user, author, saveButton } = setup("edit", loaded);
    await user.clear(author);
    await user.tab();
    expect(author).toHaveAccessibleDescription("Autoria é obrigatória!");
    await user.type(author, "Ho");
    expect(author).toHaveAccessibleDescription("Autoria precisa ter no mínimo 3 caracteres!");
    expect(saveButton).toBeDisabled();
  });

  it("says 'Pensamento é obrigatório!' when the thought is cleared", async () => {
    const { user, content } = setup("edit", loaded);
    await user.clear(content);
    await user.tab();
    expect(content).toHaveAccessibleDescription("Pensamento é obrigatório!");
  });
});

describe("the reason Salvar is disabled", () => {
  it("is said beside the button and read with it, from the start, following what is typed", async () => {
    const { user, content, author, saveButton } = setup("create");
    expect(saveButton).toHaveAccessibleDescription(
      "Escreva o pensamento e informe a autoria ou fonte para salvar.",
    );
    // A hint, not the fields' messages: those still wait for a touch.
    expect(screen.queryByText(/obrigatóri/)).not.toBeInTheDocument();
    await user.type(content, "Menos é mais");
    expect(saveButton).toHaveAccessibleDescription("Informe a autoria ou fonte para salvar.");
    await user.type(author, "Mi");
    expect(saveButton).toHaveAccessibleDescription(
      "Complete a autoria ou fonte (ao menos 3 caracteres) para salvar.",
    );
    await user.type(author, "es");
    await vi.waitFor(() => expect(saveButton).toBeEnabled());
    expect(saveButton).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/para salvar\./)).not.toBeInTheDocument();
  });

  it("asks only for the thought on the edit form whose text was erased", async () => {
    const initial: ThoughtForm = {
      conteudo: "Carpe diem",
      autoria: "Horácio",
      modelo: "modelo1",
      etiquetas: [],
      fonte: "",
      local: "",
      nota: "",
    };
    const { user, content, saveButton } = setup("edit", initial);
    await vi.waitFor(() => expect(saveButton).toBeEnabled());
    await user.clear(content);
    expect(saveButton).toBeDisabled();
    expect(saveButton).toHaveAccessibleDescription("Escreva o pensamento para salvar.");
  });
});

describe("saving", () => {
  it("sends the trimmed form once, however many clicks", async () => {
    let finish = () => {};
    const { user, content, author, saveButton, onSave } = setup("create");
    onSave.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    await user.type(content, "  Menos é mais ");
    await user.type(author, " Mies ");
    await user.click(screen.getByRole("radio", { name: "Modelo 2" }));
    await user.dblClick(saveButton);
    await user.click(saveButton);
    finish();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({
      conteudo: "Menos é mais",
      autoria: "Mies",
      modelo: "modelo2",
      etiquetas: [],
      fonte: "",
      local: "",
      nota: "",
    });
  });

  it("sends the source, the place and the note, trimmed, the note on its lines", async () => {
    const { user, content, author, saveButton, onSave } = setup("create");
    await user.type(content, "O poeta é um fingidor.");
    await user.type(author, "Fernando Pessoa");
    await user.type(screen.getByRole("textbox", { name: "Fonte" }), " Mensagem ");
    await user.type(screen.getByRole("textbox", { name: "Local" }), "p. 42 ");
    await user.type(screen.getByRole("textbox", { name: "Nota" }), "Li na escola.{Enter}E de novo agora.");
    await user.click(saveButton);
    expect(onSave).toHaveBeenCalledWith({
      conteudo: "O poeta é um fingidor.",
      autoria: "Fernando Pessoa",
      modelo: "modelo1",
      etiquetas: [],
      fonte: "Mensagem",
      local: "p. 42",
      nota: "Li na escola.\nE de novo agora.",
    });
  });

  it("says with the API's words when the source, the place or the note is too long, and waits", async () => {
    const loaded: ThoughtForm = { ...blank, conteudo: "Texto", autoria: "Alguém" };
    const { user, saveButton, onSave } = setup("edit", loaded);
    const source = screen.getByRole("textbox", { name: "Fonte" });
    const place = screen.getByRole("textbox", { name: "Local" });
    const note = screen.getByRole("textbox", { name: "Nota" });
    // Pasted: typing 10,001 characters one by one would take the test's whole time.
    await user.click(source);
    await user.paste("f".repeat(301));
    await user.click(place);
    await user.paste("l".repeat(101));
    await user.click(note);
    await user.paste("n".repeat(10_001));
    await user.tab();
    expect(source).toHaveAccessibleDescription("Fonte pode ter no máximo 300 caracteres!");
    expect(place).toHaveAccessibleDescription("Local pode ter no máximo 100 caracteres!");
    expect(note).toHaveAccessibleDescription("Nota pode ter no máximo 10.000 caracteres!");
    expect(saveButton).toBeDisabled();
    expect(saveButton).toHaveAccessibleDescription(
      "Encurte a fonte (até 300 caracteres), encurte o local (até 100 caracteres) e encurte a nota (até 10.000 caracteres) para salvar.",
    );
    await user.click(saveButton);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("says 'Salvando…' while the save is under way, the button busy but still holding the focus", async () => {
    let finish = () => {};
    const { user, content, author, saveButton, onSave } = setup("create");
    onSave.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    await user.type(content, "Devagar se vai ao longe");
    await user.type(author, "Provérbio");
    await user.click(saveButton);
    expect(saveButton).toHaveAccessibleName("Salvando…");
    expect(saveButton).toHaveAttribute("aria-disabled", "true");
    expect(saveButton).toHaveFocus();
    await user.keyboard("{Enter}");
    await user.keyboard("{Control>}{Enter}{/Control}");
    finish();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("saves a valid form on Ctrl+Enter and ignores it on an invalid one", async () => {
    const { user, content, author, onSave } = setup("create");
    await user.type(content, "Atalho{Control>}{Enter}{/Control}");
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.queryByText(/obrigatóri/)).not.toBeInTheDocument();
    await user.type(author, "Teclado{Control>}{Enter}{/Control}");
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(content).toHaveValue("Atalho");
  });

  it("shows the server's field message under its field, keeping what was typed", async () => {
    const { user, content, author, saveButton, onSave } = setup("create");
    onSave.mockRejectedValue(
      new ApiRequestError(400, "validation", "Autoria pode ter no máximo 200 caracteres!", {
        autoria: "Autoria pode ter no máximo 200 caracteres!",
      }),
    );
    await user.type(content, "Texto");
    await user.type(author, "Autoria longa");
    await user.click(saveButton);
    expect(author).toHaveAccessibleDescription("Autoria pode ter no máximo 200 caracteres!");
    expect(author).toHaveFocus();
    expect(content).toHaveValue("Texto");
  });

  it("shows a failure that is not about a field as an alert with a retry", async () => {
    const { user, content, author, saveButton, onSave } = setup("create");
    onSave.mockRejectedValueOnce(new ApiRequestError(0, "network", "Sem conexão.")).mockResolvedValue();
    await user.type(content, "Texto");
    await user.type(author, "Alguém");
    await user.click(saveButton);
    expect(screen.getByRole("alert")).toHaveTextContent("Sem conexão.");
    await user.click(screen.getByRole("button", { name: "Tentar de novo" }));
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("calls onCancel from Cancelar without saving", async () => {
    const { user, onSave, onCancel } = setup("create");
    await user.click(screen.getByRole("button", { name: "Cancelar" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });
});
