import { expect, test } from "./support/fixtures";
import { cachedApiUrls, cachedPageUrls, waitUntilControlled } from "./support/offline";

test.use({ serviceWorkers: "allow" });

const PASSWORD = "uma senha só nossa";
const SECRET = "Guardado enquanto a sessão valia";

test("a visitor whose session ended on the server sees the sign-in offline, not the thoughts kept before", async ({
  page,
  context,
  server,
  expectNoAxeViolations,
}) => {
  await server.setPassword(PASSWORD);
  const [secret] = await server.seed([{ conteudo: SECRET, autoria: "Ana" }]);
  await page.goto("/listarPensamento");
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("article").filter({ hasText: SECRET })).toBeVisible();
  await waitUntilControlled(page);
  await page.reload();
  await expect(page.getByRole("article").filter({ hasText: SECRET })).toBeVisible();
  // The copies kept for offline reading hold the thought: the wall's page and the thought's own answer.
  await page.getByRole("link", { name: "Editar pensamento" }).click();
  await expect(page.getByLabel("Pensamento", { exact: true })).toHaveValue(SECRET);
  await expect.poll(() => cachedApiUrls(page)).toContain(`/api/pensamentos/${secret?.id}`);
  await expect.poll(() => cachedPageUrls(page)).toContain("/listarPensamento");

  // The session ends on the server, not in this browser: setting the password again ends every session.
  await server.setPassword(PASSWORD);
  // The next read online answers 401, through the worker.
  const status = await page.evaluate<number>(`fetch("/api/pensamentos").then((answer) => answer.status)`);
  expect(status).toBe(401);
  await expect.poll(() => cachedPageUrls(page)).toEqual([]);
  expect(await cachedApiUrls(page)).toEqual(["/api/sessao"]);

  await context.setOffline(true);
  await page.goto("/listarPensamento");
  await expect(page.getByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await expectNoAxeViolations();
});
