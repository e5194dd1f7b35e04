import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { renderApp } from "../testing/render-at";
import { fakeApi } from "../testing/server";
import { exportFile, openImportPage, threeAndOneInvalid } from "./render-import-page";

describe("the import and export page", () => {
  it("opens with the focus on its heading and the tab named after it", async () => {
    const { heading } = await openImportPage();
    expect(heading).toHaveFocus();
    expect(document.title).toBe("Importar e exportar · Memoteca");
    expect(screen.getByRole("heading", { level: 2, name: "Exportar" })).toBeVisible();
    expect(screen.getByRole("heading", { level: 2, name: "Importar" })).toBeVisible();
  });

  it("offers each export as a download of the API's file", async () => {
    await openImportPage();
    for (const [name, format] of [
      ["Exportar JSON", "json"],
      ["Exportar Markdown", "markdown"],
      ["Exportar CSV", "csv"],
    ]) {
      const link = screen.getByRole("link", { name });
      expect(link).toHaveAttribute("href", `/api/export?format=${format}`);
      expect(link).toHaveAttribute("download");
    }
  });

  it("is reached from the wall's header, and the wall shows what was imported on return", async () => {
    fakeApi.seed([makeThought({ conteudo: "Já estava aqui" })]);
    renderApp(paths.wall);
    const user = userEvent.setup();
    expect(await screen.findByText("Já estava aqui")).toBeVisible();

    await user.click(screen.getByRole("link", { name: "Importar e exportar" }));
    await user.upload(await screen.findByLabelText("Arquivo para importar"), exportFile(threeAndOneInvalid));
    await user.click(screen.getByRole("button", { name: "Importar" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("3 pensamentos importados, 1 ignorado."),
    );

    await user.click(screen.getByRole("link", { name: "Ver o mural" }));
    expect(await screen.findByText("Terceiro do arquivo")).toBeVisible();
    expect(screen.getByText("Já estava aqui")).toBeVisible();
  });
});
