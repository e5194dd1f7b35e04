import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { LABEL_PAGE_SIZE } from "../../domain/rules";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";

beforeAll(loadScreens);

function seed() {
  fakeApi.seed([
    makeThought({ id: 1, etiquetas: ["Poema", "Poesia"] }),
    makeThought({ id: 2, etiquetas: ["poema", "Rascunho"] }),
  ]);
}

const rows = () =>
  within(screen.getByRole("list", { name: "Etiquetas em uso" }))
    .getAllByRole("listitem")
    .map((row) => row.textContent);

describe("the labels screen", { timeout: 20_000 }, () => {
  it("lists the labels in use with their counts, each a link to its thoughts", async () => {
    seed();
    renderApp(paths.labels);
    expect(await screen.findByRole("heading", { level: 1, name: "Etiquetas" })).toBeInTheDocument();
    await screen.findByRole("link", { name: "Poema" });
    expect(rows()).toEqual([
      "Poema2 pensamentosOcultarRenomearExcluir",
      "Poesia1 pensamentoOcultarRenomearExcluir",
      "Rascunho1 pensamentoOcultarRenomearExcluir",
    ]);
    expect(screen.getByRole("link", { name: "Poema" })).toHaveAttribute(
      "href",
      "/listarPensamento?etiqueta=Poema",
    );
    // 'Ocultar': the wall without the label's thoughts.
    expect(screen.getByRole("link", { name: "Ocultar etiqueta Poema do mural" })).toHaveAttribute(
      "href",
      "/listarPensamento?sem=Poema",
    );
    expect(document.title).toBe("Etiquetas · Memoteca");
  });

  it("renames a label everywhere, merging it into one in use", async () => {
    seed();
    renderApp(paths.labels);
    await userEvent.click(await screen.findByRole("button", { name: "Renomear etiqueta Poema" }));
    const field = screen.getByRole("textbox", { name: "Novo nome para “Poema”" });
    await userEvent.clear(field);
    await userEvent.type(field, "Poesia{Enter}");
    expect(await screen.findByText("Etiqueta “Poema” juntada a “Poesia”.")).toBeInTheDocument();
    await waitFor(() =>
      expect(rows()).toEqual([
        "Poesia2 pensamentosOcultarRenomearExcluir",
        "Rascunho1 pensamentoOcultarRenomearExcluir",
      ]),
    );
    expect(fakeApi.thought(2)?.etiquetas).toEqual(["Poesia", "Rascunho"]);
  });

  it("refuses a bad name in place, and deletes a label after asking", async () => {
    seed();
    renderApp(paths.labels);
    await userEvent.click(await screen.findByRole("button", { name: "Renomear etiqueta Rascunho" }));
    const field = screen.getByRole("textbox", { name: "Novo nome para “Rascunho”" });
    await userEvent.clear(field);
    await userEvent.type(field, "a;b{Enter}");
    expect(
      screen.getByText("Etiqueta não pode ter vírgula, ponto e vírgula ou quebra de linha!"),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancelar" }));

    await userEvent.click(screen.getByRole("button", { name: "Excluir etiqueta Rascunho" }));
    const dialog = screen.getByRole("dialog", { name: "Excluir a etiqueta “Rascunho”?" });
    expect(
      within(dialog).getByText("Ela sai de 1 pensamento. Os pensamentos continuam no mural."),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Excluir etiqueta" }));
    expect(
      await screen.findByText("Etiqueta “Rascunho” excluída de todos os pensamentos."),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fakeApi.thought(2)?.etiquetas).toEqual(["poema"]);
  });

  it("reads the labels a page at a time and reaches every one with 'Carregar mais'", async () => {
    const count = LABEL_PAGE_SIZE + 2;
    fakeApi.seed(
      Array.from({ length: count }, (_, at) =>
        makeThought({ id: at + 1, etiquetas: [`e${String(at).padStart(4, "0")}`] }),
      ),
    );
    renderApp(paths.labels);
    await screen.findByRole("link", { name: "e0000" });
    expect(rows()).toHaveLength(LABEL_PAGE_SIZE);
    await userEvent.click(screen.getByRole("button", { name: "Carregar mais" }));
    await screen.findByRole("link", { name: `e${String(count - 1).padStart(4, "0")}` });
    expect(rows()).toHaveLength(count);
    expect(screen.queryByRole("button", { name: "Carregar mais" })).not.toBeInTheDocument();
  });
});
