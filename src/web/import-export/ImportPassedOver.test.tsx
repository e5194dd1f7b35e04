import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { openImportPage } from "../../../test-support/web/render-import-page";
import { apiPaths } from "../../domain/contract";
import type { ImportResult } from "../../domain/contract-schemas";
import { server } from "../testing/server";

/** What the server answers for a Keep Takeout with two notes in Keep's trash, one without text, one broken. */
const keepAnswer: ImportResult = {
  dryRun: false,
  imported: 4,
  skipped: 4,
  duplicates: 0,
  errors: [{ at: "Takeout/Keep/quebrada.json", message: "Não é uma nota do Keep legível." }],
  errorsNotListed: 0,
  passedOver: [
    { reason: "Notas na lixeira do Keep", count: 2 },
    { reason: "Notas do Keep sem texto", count: 1 },
  ],
};

async function importKeepTakeout() {
  server.use(http.post(apiPaths.import, () => HttpResponse.json(keepAnswer), { once: true }));
  const { user, field, importButton } = await openImportPage();
  await user.upload(field, new File(["PK"], "takeout.zip", { type: "application/zip" }));
  await user.click(importButton());
}

describe("what an import left out on purpose", () => {
  it("is listed by kind apart from the errors, which count only what went wrong", async () => {
    await importKeepTakeout();
    const passed = await screen.findByRole("region", { name: "Ficaram de fora de propósito:" });
    expect(
      within(passed)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Notas na lixeira do Keep: 2", "Notas do Keep sem texto: 1"]);

    const errors = screen.getByRole("region", { name: "1 item com erro:" });
    expect(
      within(errors)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Takeout/Keep/quebrada.json: Não é uma nota do Keep legível."]);
    expect(within(errors).queryByText(/lixeira do Keep/)).toBeNull();
    expect(passed.contains(errors) || errors.contains(passed)).toBe(false);
  });

  it("is drawn in its own plain style, not the errors' red one", async () => {
    await importKeepTakeout();
    const passed = await screen.findByRole("region", { name: "Ficaram de fora de propósito:" });
    const errors = screen.getByRole("region", { name: "1 item com erro:" });
    expect(passed.className).not.toBe(errors.className);
    const title = within(passed).getByRole("heading");
    expect(title.className).not.toBe(within(errors).getByRole("heading").className);
  });
});
