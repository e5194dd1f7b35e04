import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Thought } from "../../domain/thought";
import { paths } from "../paths";
import { renderAt } from "../test-support/render-at";
import { EditPage } from "./EditPage";

const stored: Thought = {
  id: 7,
  conteudo: "Carpe diem",
  autoria: "Horácio",
  modelo: "modelo2",
  favorito: true,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A fake API: GET answers the stored thought (or 404), PUT echoes the body it got. */
function stubApi() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === "PUT") return json(200, JSON.parse(String(init.body)));
    return url.endsWith(`/${stored.id}`) ? json(200, stored) : json(404, { error: { code: "not_found" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderPage(path: string) {
  renderAt(
    path,
    <>
      <Route path={paths.patterns.edit} element={<EditPage />} />
      <Route path={paths.wall} element={<h1>Meu mural</h1>} />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the edit page", () => {
  it("shows a loading state, then the form filled with the thought", async () => {
    stubApi();
    renderPage(paths.edit(7));
    expect(screen.getByRole("status")).toHaveTextContent("Carregando pensamento…");
    expect(await screen.findByRole("textbox", { name: "Pensamento" })).toHaveValue("Carpe diem");
    expect(screen.getByRole("textbox", { name: "Autoria ou fonte" })).toHaveValue("Horácio");
    expect(screen.getByRole("radio", { name: "Modelo 2" })).toBeChecked();
  });

  it("saves the whole thought with PUT, keeping favorito, and returns to the wall", async () => {
    const fetchMock = stubApi();
    renderPage(paths.edit(7));
    const user = userEvent.setup();
    const content = await screen.findByRole("textbox", { name: "Pensamento" });
    await user.type(content, ", quam minimum credula postero");
    const save = screen.getByRole("button", { name: "Salvar" });
    await vi.waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByRole("heading", { name: "Meu mural" })).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(put?.[0]).toBe("/api/pensamentos/7");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      ...stored,
      conteudo: "Carpe diem, quam minimum credula postero",
    });
  });

  it.each([
    ["an unknown id", "404"],
    ["an id that is not a number", "abc"],
  ])("says 'Pensamento não encontrado' for %s, with a link back", async (_case, id) => {
    stubApi();
    renderPage(paths.edit(id));
    expect(await screen.findByRole("heading", { name: "Pensamento não encontrado" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar para o mural" })).toHaveAttribute("href", paths.wall);
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });
});
