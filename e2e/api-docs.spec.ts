import { expect, test } from "./support/fixtures";

test("a developer reads the API reference at /api/docs, with no script, and follows it to the document", async ({
  page,
  expectNoAxeViolations,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { level: 1, name: "Memoteca — API reference" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /GET \/api\/pensamentos\/do-dia/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Parameters" }).first()).toBeVisible();
  await expectNoAxeViolations();
  expect(errors).toEqual([]);

  await page.getByRole("link", { name: "/api/openapi.json" }).click();
  await expect(page).toHaveURL(/\/api\/openapi\.json$/);
});
