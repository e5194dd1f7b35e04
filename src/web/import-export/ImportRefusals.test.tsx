import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import {
  exportFile,
  imports,
  openImportPage,
  summary,
  threeAndOneInvalid,
} from "../../../test-support/web/render-import-page";
import { apiPaths } from "../../domain/contract";
import { IMPORT_MAX_BYTES } from "../../domain/contract-schemas";
import { paths } from "../paths";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi, server } from "../testing/server";

describe("a file the import cannot take", () => {
  it("refuses another type at once, says which files it accepts, and sends nothing", async () => {
    const { user, field, importButton } = await openImportPage();
    await user.upload(field, new File(["PNG"], "foto.png", { type: "image/png" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Escolha uma exportação do Memoteca (.json ou .csv)",
    );
    expect(field).toHaveAttribute("aria-invalid", "true");

    await user.click(importButton());
    expect(field).toHaveFocus();
    expect(imports()).toEqual([]);
  });

  it("goes by the extension when the browser names the type otherwise", async () => {
    const { user, field, importButton } = await openImportPage();
    const text = JSON.stringify({ pensamentos: threeAndOneInvalid.slice(0, 2) });
    await user.upload(field, new File([text], "backup.JSON", { type: "application/octet-stream" }));
    await user.click(importButton());
    await waitFor(() => expect(summary()).toHaveTextContent("2 pensamentos importados."));
  });

  it("refuses a file over 50 MB before uploading it", async () => {
    const { user, field, importButton } = await openImportPage();
    const big = exportFile([], "enorme.json");
    Object.defineProperty(big, "size", { value: IMPORT_MAX_BYTES + 1024 * 1024 });
    await user.upload(field, big);
    expect(await screen.findByRole("alert")).toHaveTextContent("O arquivo tem 51 MB; o limite é 50 MB.");
    await user.click(importButton());
    expect(imports()).toEqual([]);
  });

  it("asks for a file when none was chosen", async () => {
    const { user, field, simulateButton } = await openImportPage();
    await user.click(simulateButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Escolha um arquivo para importar.");
    expect(field).toHaveFocus();
    expect(imports()).toEqual([]);
  });
});

describe("when the server refuses or fails", () => {
  it("shows the server's pt-BR reason for a file it cannot read, and changes nothing", async () => {
    const { user, field, importButton } = await openImportPage();
    await user.upload(field, new File(["{ isto não é json"], "quebrado.json", { type: "application/json" }));
    await user.click(importButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Não foi possível importar o arquivo. O arquivo não é um JSON válido.",
    );
    expect(fakeApi.thoughts()).toEqual([]);
  });

  it.each([
    [413, "payload_too_large", "O arquivo é grande demais: o limite é 50 MB."],
    [415, "unsupported_media_type", "Escolha uma exportação do Memoteca (.json ou .csv)"],
    [503, "unavailable", "O servidor não está respondendo. Tente de novo em instantes."],
    [429, "rate_limited", "Muitas requisições. Tente de novo em instantes."],
    [409, "conflict", "Outra importação em andamento."],
    [413, "too_many_items", "O arquivo tem mais de 100.000 itens."],
  ] as const)("says what a %i (%s) means", async (status, code, message) => {
    server.use(
      http.post(apiPaths.import, () =>
        HttpResponse.json({ error: { code, message: "Mensagem do servidor." } }, { status }),
      ),
    );
    const { user, field, simulateButton } = await openImportPage();
    await user.upload(field, exportFile(threeAndOneInvalid));
    await user.click(simulateButton());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Não foi possível simular a importação.");
    if (code === "payload_too_large" || status === 415) expect(alert).toHaveTextContent(message);
    else expect(alert).toHaveTextContent("Mensagem do servidor.");
  });

  it("says the connection failed, and tries again on request", async () => {
    server.use(http.post(apiPaths.import, () => HttpResponse.error(), { once: true }));
    const { user, field, importButton } = await openImportPage();
    await user.upload(field, exportFile(threeAndOneInvalid));
    await user.click(importButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Não foi possível importar o arquivo. Não foi possível falar com o servidor.",
    );

    await user.click(screen.getByRole("button", { name: "Tentar de novo" }));
    await waitFor(() => expect(summary()).toHaveTextContent("3 pensamentos importados, 1 ignorado."));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks for the password again when the session expired", async () => {
    fakeApi.setPassword("segredo de teste");
    fakeApi.signIn();
    // The sign-in and the guard that sends an expired session there belong to the whole app.
    await loadScreens();
    const { user, field, importButton } = await openImportPage(() => renderApp(paths.importExport));
    fakeApi.expireSession();
    await user.upload(field, exportFile(threeAndOneInvalid));
    await user.click(importButton());
    expect(await screen.findByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
    expect(fakeApi.thoughts()).toEqual([]);
  });
});
