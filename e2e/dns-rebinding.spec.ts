import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./support/chromium";
import { expect, test } from "./support/fixtures";

test("a page served under another name that resolves to this machine (DNS rebinding) gets no thought, while 127.0.0.1 does", async ({
  server,
}) => {
  await server.seed([{ conteudo: "Só para esta máquina", autoria: "Eu" }]);
  const { port } = new URL(server.url);
  // What a rebinding attack achieves: the attacker's name now points at the loopback address.
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, "--host-resolver-rules=MAP evil.example 127.0.0.1"],
  });
  try {
    const page = await browser.newPage();
    const response = await page.goto(`http://evil.example:${port}/listarPensamento`);
    expect(response?.status()).toBe(421);
    await expect(page.getByRole("article").getByText("Só para esta máquina")).toHaveCount(0);

    // The attacker's script, running on that name, asks the API itself: every call is refused as well.
    const calls = await page.evaluate(async () => {
      const read = await fetch("/api/pensamentos");
      const write = await fetch("/api/pensamentos", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ conteudo: "Plantado", autoria: "Atacante" }),
      });
      return {
        read: read.status,
        readBody: await read.text(),
        write: write.status,
      };
    });
    expect(calls.read).toBe(421);
    expect(calls.readBody).not.toContain("Só para esta máquina");
    expect(calls.write).toBe(421);
    // Nor does the name get a cookie, not even the anti-forgery token.
    expect(await page.context().cookies(`http://evil.example:${port}`)).toEqual([]);

    await page.goto(`${server.url}/listarPensamento`);
    await expect(page.getByRole("article").getByText("Só para esta máquina")).toBeVisible();
    await expect(page.getByText("Plantado")).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
