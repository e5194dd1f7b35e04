import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { exportFile, openImportPage, threeAndOneInvalid } from "../../../test-support/web/render-import-page";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

describe("the import and export page", () => {
  it("opens with the focus on its heading and the tab named after it", async () => {
    const { heading } = await openImportPage();
    // The focus moves once the page has painted: under load that can come after the heading is found.
    await waitFor(() => expect(heading).toHaveFocus());
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
    // The wall's own cards are its articles (the thought of the day above them shows the same text).
    const onTheWall = (text: string) =>
      screen.queryAllByRole("article").some((card) => card.textContent?.includes(text));
    await waitFor(() => expect(onTheWall("Já estava aqui")).toBe(true));

    await user.click(screen.getByRole("link", { name: "Importar e exportar" }));
    await user.upload(await screen.findByLabelText("Arquivo para importar"), exportFile(threeAndOneInvalid));
    await user.click(screen.getByRole("button", { name: "Importar" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("3 pensamentos importados, 1 ignorado."),
    );

    await user.click(screen.getByRole("link", { name: "Ver o mural" }));
    await waitFor(() => expect(onTheWall("Terceiro do arquivo")).toBe(true));
    expect(onTheWall("Já estava aqui")).toBe(true);
  });
});
