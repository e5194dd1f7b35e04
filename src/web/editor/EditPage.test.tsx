import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { apiPaths } from "../../domain/contract";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { renderAt } from "../testing/render-at";
import { fakeApi } from "../testing/server";
import { EditPage } from "./EditPage";

function storeThought() {
  const stored = makeThought({
    id: 7,
    conteudo: "Carpe diem",
    autoria: "Horácio",
    modelo: "modelo2",
    favorito: true,
  });
  fakeApi.seed([stored]);
  return stored;
}

function renderPage(path: string) {
  renderAt(path, [
    { path: paths.patterns.edit, element: <EditPage /> },
    { path: paths.wall, element: <h1>Meu mural</h1> },
  ]);
}

describe("the edit page", () => {
  it("shows a loading state, then the form filled with the thought", async () => {
    storeThought();
    renderPage(paths.edit(7));
    expect(screen.getByRole("status")).toHaveTextContent("Carregando pensamento…");
    expect(await screen.findByRole("textbox", { name: "Pensamento" })).toHaveValue("Carpe diem");
    expect(screen.getByRole("textbox", { name: "Autoria ou fonte" })).toHaveValue("Horácio");
    expect(screen.getByRole("radio", { name: "Modelo 2" })).toBeChecked();
  });

  it("saves the whole thought with PUT, keeping favorito, and returns to the wall", async () => {
    const stored = storeThought();
    renderPage(paths.edit(7));
    const user = userEvent.setup();
    const content = await screen.findByRole("textbox", { name: "Pensamento" });
    await user.type(content, ", quam minimum credula postero");
    const save = screen.getByRole("button", { name: "Salvar" });
    await vi.waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    const put = fakeApi.requests().find((request) => request.method === "PUT");
    expect(put?.url.pathname).toBe(apiPaths.thought(7));
    expect(put?.body).toEqual({
      ...stored,
      conteudo: "Carpe diem, quam minimum credula postero",
    });
  });

  it.each([
    ["an unknown id", "404"],
    ["an id that is not a number", "abc"],
  ])("says 'Pensamento não encontrado' for %s, with a link back", async (_case, id) => {
    storeThought();
    renderPage(paths.edit(id));
    expect(await screen.findByRole("heading", { name: "Pensamento não encontrado" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar para o mural" })).toHaveAttribute("href", paths.wall);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });
});
