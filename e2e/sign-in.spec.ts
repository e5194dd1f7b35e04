import type { Page } from "@playwright/test";
import { SESSION_COOKIE } from "../src/domain/contract";
import { expect, test } from "./support/fixtures";

const PASSWORD = "uma senha só nossa";

const heading = (page: Page) => page.getByRole("heading", { level: 1, name: "Entrar" });

async function signIn(page: Page, password = PASSWORD) {
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test("a user with a password set is sent to /entrar, signs in and lands on the page asked for", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.setPassword(PASSWORD);
  const [thought] = await server.seed([{ conteudo: "Só depois da senha", autoria: "Alguém" }]);
  const editPath = `/pensamentos/editarPensamento/${thought?.id}`;

  await page.goto(editPath);
  await expect(page).toHaveURL(/\/entrar\?volta=/);
  // The screen is for the password: the focus starts in its field, ready to type.
  await expect(heading(page)).toHaveText("Entrar");
  await expect(page.getByLabel("Senha")).toBeFocused();
  await expect(page).toHaveTitle("Entrar · Memoteca");
  await expect(page.getByText("Só depois da senha")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sair" })).toHaveCount(0);
  await expectNoAxeViolations();

  // A reload of the sign-in screen still knows where to go afterwards.
  await page.reload();
  await signIn(page);
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await expect(page.getByRole("textbox", { name: "Pensamento" })).toHaveValue("Só depois da senha");
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();

  // The session outlives a reload, and Back does not lead to the sign-in screen again.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Pensamento" })).toHaveValue("Só depois da senha");
  await page.goto("/listarPensamento");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
});

test("a user who types a wrong password reads 'Senha incorreta.' and keeps what was typed", {
  tag: "@storage",
}, async ({ page, server, expectNoAxeViolations }) => {
  await server.setPassword(PASSWORD);
  await page.goto("/listarPensamento");
  await expect(heading(page)).toBeVisible();
  await signIn(page, "quase isso");
  await expect(page.getByRole("alert")).toHaveText("Senha incorreta.");
  await expect(page.getByLabel("Senha")).toHaveValue("quase isso");
  await expect(page.getByLabel("Senha")).toBeFocused();
  await expect(page).toHaveURL(/\/entrar$/);
  await expectNoAxeViolations();

  await signIn(page);
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
  await expectNoAxeViolations();
});

test("a user who tries too many wrong passwords is told how long to wait, and the right one still signs in", {
  tag: "@storage",
}, async ({ page, server }) => {
  await server.setPassword(PASSWORD);
  await page.goto("/entrar");
  const alert = page.getByRole("alert");
  // Each answer is awaited: the same 'Senha incorreta.' again would not show that the next try was sent.
  const tryPassword = async (password: string) => {
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && new URL(response.url()).pathname === "/api/sessao",
    );
    await signIn(page, password);
    return (await answer).status();
  };
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect(await tryPassword(`errada ${attempt}`)).toBe(401);
    await expect(alert).toHaveText("Senha incorreta.");
  }
  expect(await tryPassword("errada 6")).toBe(429);
  await expect(alert).toHaveText(/^Muitas tentativas\. Tente de novo em \d+ (segundos?|minuto)\.$/);
  await expect(page.getByLabel("Senha")).toHaveValue("errada 6");
  // Only failures are limited: the right password waits its turn on the server, and goes through.
  expect(await tryPassword(PASSWORD)).toBe(204);
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
});

test("a user signs out with 'Sair' and is asked for the password again", { tag: "@storage" }, async ({
  page,
  server,
}) => {
  await server.setPassword(PASSWORD);
  await server.seed([{ conteudo: "Visto só por quem entrou", autoria: "Alguém" }]);
  await page.goto("/entrar");
  await signIn(page);
  await expect(page.getByRole("article").getByText("Visto só por quem entrou")).toBeVisible();

  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/entrar$/);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sair" })).toHaveCount(0);
  expect((await page.request.get("/api/pensamentos")).status()).toBe(401);

  await page.goto("/listarPensamento");
  await expect(page).toHaveURL(/\/entrar$/);
  await expect(page.getByRole("article").getByText("Visto só por quem entrou")).toHaveCount(0);
});

test("a user whose session ended is sent to /entrar and, signed in again, back to where they were", {
  tag: "@storage",
}, async ({ page, server }) => {
  await server.setPassword(PASSWORD);
  const [thought] = await server.seed([{ conteudo: "Depois de expirar", autoria: "Alguém" }]);
  await page.goto("/entrar");
  await signIn(page);
  await expect(page.getByRole("article").getByText("Depois de expirar")).toBeVisible();

  // The session cookie goes, as when the session expires; the page does not know until its next request.
  await page.context().clearCookies({ name: SESSION_COOKIE });
  await page.getByRole("link", { name: "Editar pensamento" }).click();
  await expect(page).toHaveURL(/\/entrar\?volta=/);
  await signIn(page);
  await expect(page).toHaveURL(new RegExp(`/pensamentos/editarPensamento/${thought?.id}$`));
  await expect(page.getByRole("textbox", { name: "Pensamento" })).toHaveValue("Depois de expirar");
});

test("a user sent to /entrar with a return address that cleans to another host lands on the wall, no error screen", {
  tag: "@storage",
}, async ({ page, server }) => {
  await server.setPassword(PASSWORD);
  await page.goto(`/entrar?volta=${encodeURIComponent("/.//evil.example")}`);
  await signIn(page);
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  await expect(page.getByText("Algo deu errado")).toHaveCount(0);
});

test("a user sent to /entrar with odd return addresses always stays on this site after signing in", async ({
  page,
  server,
}) => {
  await server.setPassword(PASSWORD);
  const origin = new URL(server.url).origin;
  for (const volta of [
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/\t/evil.example",
    `/${"a".repeat(3000)}`,
  ]) {
    await page.context().clearCookies({ name: SESSION_COOKIE });
    await page.goto(`/entrar?volta=${encodeURIComponent(volta)}`);
    await signIn(page);
    await expect(page.getByRole("button", { name: "Sair" }), volta).toBeVisible();
    expect(new URL(page.url()).origin, volta).toBe(origin);
    await expect(page.getByText("Algo deu errado"), volta).toHaveCount(0);
  }
});

test("a user without a password never meets /entrar nor 'Sair'", async ({ page, server }) => {
  await server.seed([{ conteudo: "Aberto como sempre", autoria: "Alguém" }]);
  const session = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/sessao");
  await page.goto("/criarPensamento");
  expect(await (await session).json()).toEqual({ autenticado: false, senhaDefinida: false });
  await expect(page.getByRole("heading", { level: 1, name: "Adicione um novo pensamento" })).toBeVisible();
  await expect(page).toHaveURL(/\/criarPensamento$/);
  await expect(page.getByRole("button", { name: "Sair" })).toHaveCount(0);

  await page.goto("/entrar");
  await expect(page).toHaveURL(/\/listarPensamento$/);
  await expect(page.getByRole("article").getByText("Aberto como sempre")).toBeVisible();
});
