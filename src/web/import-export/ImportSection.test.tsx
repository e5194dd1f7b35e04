import { fireEvent, screen, waitFor, within } from "@testing-library/react";
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
import type { ImportResult } from "../../domain/contract-schemas";
import { makeThought } from "../testing/make-thought";
import { fakeApi, server } from "../testing/server";

describe("importing a file", () => {
  it("imports the valid thoughts, says how many in pt-BR and names each item left out", async () => {
    const { user, field, importButton } = await openImportPage();
    await user.upload(field, exportFile(threeAndOneInvalid));
    expect(screen.getByText(/Arquivo escolhido:/)).toHaveTextContent(
      "Arquivo escolhido: memoteca-2026-08-20.json",
    );
    await user.click(importButton());

    await waitFor(() => expect(summary()).toHaveTextContent("3 pensamentos importados, 1 ignorado."));
    const errors = screen.getByRole("region", { name: "1 item com erro:" });
    expect(within(errors).getByRole("listitem")).toHaveTextContent(
      "item 4: Autoria precisa ter no mínimo 3 caracteres!",
    );
    expect(fakeApi.thoughts().map((thought) => thought.conteudo)).toEqual([
      "Terceiro do arquivo",
      "Segundo do arquivo",
      "Primeiro do arquivo",
    ]);
    expect(imports().map((request) => request.url.search)).toEqual([""]);
    expect(screen.getByRole("link", { name: "Ver o mural" })).toBeVisible();
  });

  it("simulates first: says what would happen, with the dry-run flag, and changes nothing", async () => {
    const { user, field, simulateButton } = await openImportPage();
    await user.upload(field, exportFile(threeAndOneInvalid));
    await user.click(simulateButton());

    await waitFor(() =>
      expect(summary()).toHaveTextContent(
        "Simulação: 3 pensamentos seriam importados, 1 seria ignorado. Nada foi alterado no mural.",
      ),
    );
    expect(screen.getByRole("region", { name: "1 item com erro:" })).toBeVisible();
    expect(imports().map((request) => request.url.searchParams.get("dryRun"))).toEqual(["true"]);
    expect(fakeApi.thoughts()).toEqual([]);
    expect(screen.queryByRole("link", { name: "Ver o mural" })).toBeNull();
  });

  it("says that thoughts already on the wall were left out, and imports none of them again", async () => {
    fakeApi.seed([
      makeThought({ conteudo: "Primeiro do arquivo", autoria: "Autora Um" }),
      makeThought({ conteudo: "Segundo do arquivo", autoria: "Autora Dois" }),
    ]);
    const { user, field, importButton } = await openImportPage();
    await user.upload(field, exportFile(threeAndOneInvalid.slice(0, 2)));
    await user.click(importButton());

    await waitFor(() =>
      expect(summary()).toHaveTextContent("0 pensamentos importados, 2 ignorados (2 já estavam no mural)."),
    );
    expect(fakeApi.thoughts()).toHaveLength(2);
    expect(screen.queryByRole("region", { name: /com erro/ })).toBeNull();
  });

  it("uses the singular for one and counts the errors the answer did not list", async () => {
    const answer: ImportResult = {
      dryRun: false,
      imported: 1,
      skipped: 1503,
      duplicates: 1,
      errors: [
        { at: "linha 2", message: "Pensamento é obrigatório!" },
        { at: "linha 3", message: "Escolha Modelo 1, Modelo 2 ou Modelo 3." },
      ],
      errorsNotListed: 1500,
    };
    server.use(http.post(apiPaths.import, () => HttpResponse.json(answer)));
    const { user, field, importButton } = await openImportPage();
    await user.upload(field, new File(["conteudo,autoria\n"], "planilha.csv", { type: "text/csv" }));
    await user.click(importButton());

    await waitFor(() =>
      expect(summary()).toHaveTextContent("1 pensamento importado, 1.503 ignorados (1 já estava no mural)."),
    );
    const errors = screen.getByRole("region", { name: "1.502 itens com erro:" });
    expect(
      within(errors)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["linha 2: Pensamento é obrigatório!", "linha 3: Escolha Modelo 1, Modelo 2 ou Modelo 3."]);
    expect(errors).toHaveTextContent("e mais 1.500 erros");
  });

  it("shows the upload's progress while the file is on its way", async () => {
    const held = fakeApi.hold((url, method) => method === "POST" && url.pathname === apiPaths.import);
    const { user, field, importButton } = await openImportPage();
    await user.upload(field, exportFile(threeAndOneInvalid));
    await user.click(importButton());

    const progress = await screen.findByRole("progressbar", { name: "Envio do arquivo" });
    expect(progress).toHaveAttribute("max");
    expect(importButton()).toHaveAttribute("aria-disabled", "true");
    expect(importButton()).toHaveAccessibleName("Importando…");
    held.release();
    await waitFor(() => expect(summary()).toHaveTextContent("3 pensamentos importados"));
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("takes a file dropped on the field's zone", async () => {
    const { field, importButton, user } = await openImportPage();
    const file = exportFile(threeAndOneInvalid.slice(0, 1), "solto.json");
    const zone = field.parentElement as HTMLElement;
    fireEvent.dragEnter(zone, { dataTransfer: { types: ["Files"], files: [file] } });
    fireEvent.drop(zone, { dataTransfer: { types: ["Files"], files: [file] } });
    expect(screen.getByText(/Arquivo escolhido:/)).toHaveTextContent("Arquivo escolhido: solto.json");

    await user.click(importButton());
    await waitFor(() => expect(summary()).toHaveTextContent("1 pensamento importado."));
  });
});
