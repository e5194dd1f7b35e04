import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../domain/contract";
import { paths } from "../paths";
import { makeThought } from "../testing/make-thought";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

const PASSWORD = "segredo de teste";

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Senha"), PASSWORD);
  await user.click(screen.getByRole("button", { name: "Entrar" }));
}

const sessionAsked = () =>
  fakeApi.requests().some((request) => request.method === "GET" && request.url.pathname === apiPaths.session);

describe("the screens behind the password", () => {
  it("without a password: the wall as ever, and no 'Sair'", async () => {
    fakeApi.seed([makeThought({ conteudo: "Aberto a quem chega" })]);
    renderApp(paths.wall);
    // On the wall's list (the day's thought, once chosen, shows the one thought too).
    expect(await within(await screen.findByRole("article")).findByText("Aberto a quem chega")).toBeVisible();
    await waitFor(() => expect(sessionAsked()).toBe(true));
    expect(screen.getByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Sair" })).toBeNull();
  });

  it("with a password, a link to any screen asks for it first, then opens that screen", async () => {
    fakeApi.setPassword(PASSWORD);
    fakeApi.seed([makeThought({ id: 3, conteudo: "Só para quem entrou" })]);
    renderApp(paths.edit(3));
    expect(await screen.findByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
    expect(screen.queryByText("Só para quem entrou")).toBeNull();
    await signIn();
    expect(await screen.findByRole("textbox", { name: "Pensamento" })).toHaveValue("Só para quem entrou");
  });

  it("with a password and a session, opens the screen and offers 'Sair', which signs out", async () => {
    fakeApi.setPassword(PASSWORD);
    fakeApi.signIn();
    fakeApi.seed([makeThought({ conteudo: "Visto só com sessão" })]);
    renderApp(paths.wall);
    // On the wall's list (the day's thought, once chosen, shows the one thought too).
    expect(await within(await screen.findByRole("article")).findByText("Visto só com sessão")).toBeVisible();
    await userEvent.click(await screen.findByRole("button", { name: "Sair" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
    expect(fakeApi.session().autenticado).toBe(false);
    expect(screen.queryByText("Visto só com sessão")).toBeNull();
    expect(screen.queryByRole("button", { name: "Sair" })).toBeNull();
  });

  it("sends an expired session to the sign-in and back to where the user was", async () => {
    fakeApi.setPassword(PASSWORD);
    fakeApi.signIn();
    fakeApi.seed([makeThought({ id: 5, conteudo: "Antes de expirar", autoria: "Alguém" })]);
    renderApp(paths.edit(5));
    const user = userEvent.setup();
    const content = await screen.findByRole("textbox", { name: "Pensamento" });
    fakeApi.expireSession();
    await user.type(content, " e depois");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
    expect(fakeApi.thought(5)?.conteudo).toBe("Antes de expirar");
    await signIn();
    expect(await screen.findByRole("textbox", { name: "Pensamento" })).toHaveValue("Antes de expirar");
  });
});
