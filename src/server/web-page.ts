import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { FIRST_PAGE_EVENT_ATTRIBUTE, FIRST_PAGE_STATE_ID } from "../domain/contract";
import { themeOf, withTheme } from "./page-theme";

/** What the server-render bundle (dist/ssr/entry-server.js, built from src/web/ssr) gives back. */
interface RenderedPage {
  html: string;
  state: string;
  title: string;
}
type ApiGet = (
  path: string,
) => Promise<{ status: number; body: string; header(name: string): string | null }>;
/** The third argument is the visitor's chosen theme ("" for the system's), which the header's menu shows. */
type RenderWall = (url: string, get: ApiGet, theme: string) => Promise<RenderedPage | undefined>;

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/** Escapes text for an HTML text node (the title comes from a search the visitor typed). */
const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The built web app: its folder, and its index.html read once at startup (the page and its policy use it). */
export interface WebBuild {
  root: string;
  shell: string;
}

/** The web build in `webRoot`, or undefined when there is none (the API alone is served). */
export function readWebBuild(webRoot: string | undefined): WebBuild | undefined {
  if (webRoot === undefined) return undefined;
  const index = join(webRoot, "index.html");
  return existsSync(index) ? { root: webRoot, shell: readFileSync(index, "utf8") } : undefined;
}

export interface WebPage {
  /** The built index.html, as Vite wrote it: the shell every other page starts from. */
  shell: string;
  /** The page for this request: the wall's first page rendered in, or undefined for the plain shell. */
  render(request: FastifyRequest): Promise<string | undefined>;
}

/**
 * The HTML page of the web app. With the server-render bundle beside the build, the wall's address comes
 * with its first cards in the HTML and the answers they came from in a JSON block; the data comes from
 * the API itself (app.inject, with the visitor's own cookies), so the password, the rules and the shapes
 * are exactly those of the browser's own calls. Without the bundle (a build without it, or the tests of
 * the API alone) every page is the shell, and the browser draws the wall as before.
 */
export async function loadWebPage(
  app: FastifyInstance,
  web: WebBuild,
  changesHead: () => Promise<number | undefined> = async () => undefined,
): Promise<WebPage> {
  const { root: webRoot, shell } = web;
  const entry = join(webRoot, "..", "ssr", "entry-server.js");
  if (!existsSync(entry) || !shell.includes(ROOT)) return { shell, render: async () => undefined };
  // Loaded at the first page asked for, not at startup: the bundle holds React's server renderer, and
  // the API should answer as soon as the server listens.
  let renderer: Promise<RenderWall> | undefined;

  return {
    shell,
    async render(request) {
      // A bundle that cannot load leaves every page to the browser, said once in the log.
      renderer ??= loadRenderer(entry).catch((error: unknown) => {
        app.log.error({ err: error }, "a renderização da página no servidor não carregou");
        return async () => undefined;
      });
      const theme = themeOf(request);
      const render = await renderer;
      // Read before the page's answers: a change committed meanwhile comes after it, and the stream replays it.
      const head = await changesHead().catch(() => undefined);
      const page = await render(request.url, apiGetFor(app, request), theme ?? "");
      if (!page) return undefined;
      const since = head === undefined ? "" : ` ${FIRST_PAGE_EVENT_ATTRIBUTE}="${head}"`;
      return withTheme(shell, theme)
        .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
        .replace(
          ROOT,
          () =>
            `<div id="root">${page.html}</div><script type="application/json" id="${FIRST_PAGE_STATE_ID}"${since}>${page.state}</script>`,
        );
    },
  };
}

async function loadRenderer(entry: string): Promise<RenderWall> {
  const module: { renderWall?: unknown } = await import(pathToFileURL(entry).href);
  if (typeof module.renderWall !== "function") throw new Error(`${entry} has no renderWall`);
  return module.renderWall as RenderWall;
}

/** GETs of the API as this visitor: their cookies (the session) and their Host, from their address. */
function apiGetFor(app: FastifyInstance, request: FastifyRequest): ApiGet {
  const headers: Record<string, string> = { accept: "application/json" };
  for (const name of ["cookie", "host", "x-forwarded-host", "x-forwarded-proto"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return async (path) => {
    const answer = await app.inject({ method: "GET", url: path, headers, remoteAddress: request.ip });
    return {
      status: answer.statusCode,
      body: answer.body,
      header: (name) => {
        const value = answer.headers[name.toLowerCase()];
        return value === undefined ? null : String(value);
      },
    };
  };
}
