import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { openImportPage, summary } from "../../../test-support/web/render-import-page";
import { apiPaths } from "../../domain/contract";
import type { ImportResult } from "../../domain/contract-schemas";
import { server } from "../testing/server";

const base = { skipped: 0, duplicates: 0, errors: [], errorsNotListed: 0 };

/** The server as it answers a CSV of unknown columns: the columns first, then the sources once mapped. */
function csvServer() {
  const sent: { type: string | null; query: Record<string, string> }[] = [];
  server.use(
    http.post(apiPaths.import, ({ request }) => {
      const query = new URL(request.url).searchParams;
      sent.push({ type: request.headers.get("content-type"), query: Object.fromEntries(query) });
      const dryRun = query.get("dryRun") === "true";
      let answer: ImportResult;
      if (!query.get("mapa")) {
        answer = {
          ...base,
          dryRun,
          imported: 0,
          formato: "csv",
          mapeamento: {
            colunas: ["Frase", "Quem", "Obra"],
            amostra: [["A poesia está guardada nas palavras.", "Manoel de Barros", "Memórias inventadas"]],
            sugestao: { conteudo: "Frase" },
          },
        };
      } else if (dryRun) {
        answer = {
          ...base,
          dryRun,
          imported: 3,
          formato: "csv-mapeado",
          fontes: [
            { fonte: "Memórias inventadas", autoria: "Manoel de Barros", total: 2, novos: 2 },
            { fonte: "O Pequeno Príncipe", autoria: "Saint-Exupéry", total: 1, novos: 1 },
          ],
        };
      } else {
        answer = {
          ...base,
          dryRun,
          imported: 2,
          skipped: 1,
          passedOver: [{ reason: "Fontes desmarcadas", count: 1 }],
        };
      }
      return HttpResponse.json(answer);
    }),
  );
  return sent;
}

describe("previewing and choosing what comes in", () => {
  // A long walk through the page (eight steps), given room on a busy machine.
  it("asks for the columns of an unknown CSV, lists its sources, and sends the mapping and the unticked ones", {
    timeout: 20_000,
  }, async () => {
    const sent = csvServer();
    const { user, field, simulateButton, importButton } = await openImportPage();
    await user.upload(field, new File(["Frase;Quem;Obra\n"], "citacoes", { type: "" }));
    await user.click(simulateButton());
    await waitFor(() => expect(summary()).toHaveTextContent("O CSV tem colunas que o Memoteca não conhece"));
    const mapping = screen.getByRole("group", { name: "Colunas do CSV" });
    expect(within(mapping).getByLabelText("Texto (obrigatório)")).toHaveValue("Frase");

    // Without an author's column the page does not send it.
    await user.click(simulateButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Escolha a coluna do texto e a da autoria.");
    expect(sent).toHaveLength(1);

    await user.selectOptions(within(mapping).getByLabelText("Autoria (obrigatório)"), "Quem");
    await user.selectOptions(within(mapping).getByLabelText("Fonte"), "Obra");
    expect(within(mapping).getByRole("table")).toHaveTextContent("Manoel de Barros");
    await user.click(simulateButton());
    const sources = await screen.findByRole("group", { name: "Fontes no arquivo" });
    const prince = within(sources).getByRole("checkbox", {
      name: "O Pequeno Príncipe — Saint-Exupéry (1 pensamento, 1 novo)",
    });
    expect(prince).toBeChecked();
    expect(screen.getByText("Arquivo reconhecido: CSV com as colunas escolhidas.")).toBeVisible();

    await user.click(prince);
    await user.click(importButton());
    await waitFor(() =>
      expect(summary()).toHaveTextContent("2 pensamentos importados, 1 ignorado (Fontes desmarcadas: 1)."),
    );
    const mapa = JSON.stringify({ conteudo: "Frase", autoria: "Quem", fonte: "Obra" });
    expect(sent.map(({ query }) => query)).toEqual([
      { dryRun: "true" },
      { dryRun: "true", mapa },
      { mapa, semFontes: "1" },
    ]);
    // A file without an extension or a type goes as bytes: the server tells its kind by its content.
    expect(new Set(sent.map(({ type }) => type))).toEqual(new Set(["application/octet-stream"]));
    // After the import the list is gone: the next dry run lists the sources anew.
    expect(screen.queryByRole("group", { name: "Fontes no arquivo" })).toBeNull();
  });
});
