import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiPaths, type Thought } from "../../src/domain/contract";
import { ImportExportPage } from "../../src/web/import-export/ImportExportPage";
import { paths } from "../../src/web/paths";
import { renderAt } from "../../src/web/testing/render-at";
import { fakeApi } from "../../src/web/testing/server";

type FileThought = Partial<Omit<Thought, "id">> & { id?: number | string };

/** A file in our JSON export's shape (json-server's db.json), with these items as they are. */
export function exportFile(items: FileThought[], name = "memoteca-2026-08-20.json"): File {
  return new File([JSON.stringify({ pensamentos: items })], name, { type: "application/json" });
}

/** Three valid thoughts and, fourth, one without an author long enough. */
export const threeAndOneInvalid: FileThought[] = [
  { id: 1, conteudo: "Primeiro do arquivo", autoria: "Autora Um", modelo: "modelo1", favorito: false },
  { id: 2, conteudo: "Segundo do arquivo", autoria: "Autora Dois", modelo: "modelo2", favorito: true },
  { id: 3, conteudo: "Terceiro do arquivo", autoria: "Autora Três", modelo: "modelo3", favorito: false },
  { id: 4, conteudo: "Sem autoria que sirva", autoria: "Eu", modelo: "modelo1", favorito: false },
];

/** The import and export page alone at its address, with a wall to go back to. */
function renderImportPage() {
  renderAt(paths.importExport, [
    { path: paths.importExport, element: <ImportExportPage /> },
    { path: paths.wall, element: <h1>Meu mural</h1> },
  ]);
}

/**
 * Test support: the import and export page, opened at its address, once it has drawn.
 * `applyAccept: false` lets a test choose a file the field's `accept` leaves out, as a person can by
 * picking 'All files' in the browser's dialog. A test that needs the rest of the app (the sign-in behind
 * the password) passes `render`, which opens the whole app there (`renderApp`).
 */
export async function openImportPage(render: () => void = renderImportPage) {
  render();
  const heading = await screen.findByRole("heading", { level: 1, name: "Importar e exportar" });
  return {
    user: userEvent.setup({ applyAccept: false }),
    heading,
    field: screen.getByLabelText("Arquivo para importar"),
    importButton: () => screen.getByRole("button", { name: /^Import/ }),
    simulateButton: () => screen.getByRole("button", { name: /^Simula/ }),
  };
}

/** The import requests the page sent, in order. */
export const imports = () =>
  fakeApi
    .requests()
    .filter((request) => request.method === "POST" && request.url.pathname === apiPaths.import);

/** The live region that says what an import did. */
export const summary = () => screen.getByRole("status");
