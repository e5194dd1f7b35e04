import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../domain/contract";
import { paths } from "../paths";
import { loadScreens, renderApp } from "../testing/render-app";
import { fakeApi } from "../testing/server";

// The screens' code is fetched once, before the tests, as the app does while the wall is idle.
beforeAll(loadScreens);

const PASSWORD = "segredo de teste";

const signIns = () =>
  fakeApi
    .requests()
    .filter((request) => request.method === "POST" && request.url.pathname === apiPaths.session);

/** The sign-in screen at `address`, with a password set and this browser signed out. */
async function openSignIn(address: string = paths.signIn) {
  fakeApi.setPassword(PASSWORD);
  renderApp(address);
  const heading = await screen.findByRole("heading", { level: 1, name: "Entrar" });
  return {
    user: userEvent.setup(),
    heading,
    password: screen.getByLabelText("Senha"),
    submit: screen.getByRole("button", { name: "Entrar" }),
  };
}

describe("the sign-in screen", () => {
  it("asks for the password, with the focus in its field and the tab named after it", async () => {
    const { heading, password } = await openSignIn();
    expect(heading).toHaveTextContent("Entrar");
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveAttribute("autocomplete", "current-password");
    expect(document.title).toBe("Entrar · Memoteca");
    expect(screen.queryByRole("button", { name: "Sair" })).toBeNull();
  });

  it("says 'Senha incorreta.' for a wrong password, keeping what was typed and the focus in the field", async () => {
    const { user, password, submit } = await openSignIn();
    await user.type(password, "errada");
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Senha incorreta.");
    expect(password).toHaveValue("errada");
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password).toHaveAccessibleDescription("Senha incorreta.");
    expect(password).toHaveFocus();
    expect(fakeApi.session().autenticado).toBe(false);
  });

  it("says how long to wait after too many tries, from Retry-After", async () => {
    const { user, password } = await openSignIn();
    fakeApi.limitSignIns(42);
    await user.type(password, `${PASSWORD}{Enter}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Muitas tentativas. Tente de novo em 42 segundos.",
    );
    expect(password).toHaveValue(PASSWORD);
  });

  it("asks for the password before sending an empty one", async () => {
    const { user, submit } = await openSignIn();
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Informe a senha.");
    expect(signIns()).toEqual([]);
  });

  it("signs in with the right password and opens the page that was asked for", async () => {
    const { user, password, submit } = await openSignIn(
      `${paths.signIn}?volta=${encodeURIComponent(paths.create)}`,
    );
    await user.type(password, PASSWORD);
    await user.click(submit);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Adicione um novo pensamento" }),
    ).toBeVisible();
    expect(signIns().map((request) => request.body)).toEqual([{ senha: PASSWORD }]);
    expect(screen.getByRole("button", { name: "Sair" })).toBeVisible();
  });

  it.each([
    "//evil.example/listarPensamento",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/.//evil.example",
    "/a/..//evil.example",
  ])("never leaves the site after signing in, whatever 'volta' says (%s)", async (volta) => {
    const { user, password } = await openSignIn(`${paths.signIn}?volta=${encodeURIComponent(volta)}`);
    await user.type(password, `${PASSWORD}{Enter}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Meu mural" })).toBeVisible();
  });

  it("without a password leads straight on, since there is nothing to sign in to", async () => {
    renderApp(`${paths.signIn}?volta=${encodeURIComponent(paths.create)}`);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Adicione um novo pensamento" }),
    ).toBeVisible();
    await waitFor(() => expect(signIns()).toEqual([]));
  });
});
