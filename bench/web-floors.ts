import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { build } from "esbuild";

/**
 * The two floors the wall's Lighthouse figures are read against, served beside the wall itself:
 * - the HTML floor: the wall's own server-rendered HTML and styles with every script taken out, the best any
 *   front end could do on this page;
 * - the React floor: the same HTML with only React DOM and React Router's data router loaded, hydrating one
 *   route (with `useBlocker`) into an empty element: what React and the router cost before the app does anything.
 * All three pages go through one small proxy, so they share its path to the server, and every other request
 * (fonts, icons) is the server's own answer. The floors carry the wall's own response headers (the security
 * policy, the opener policy...): they are the same page but for its scripts. Served without them, a floor
 * skipped the browsing-context-group switch that `Cross-Origin-Opener-Policy: same-origin` costs a first
 * navigation (about 75 ms to the end of parsing in the fast load Lighthouse observes), and looked faster.
 */
export interface WebFloors {
  url: string;
  pages: { wall: string; reactFloor: string; htmlFloor: string };
  /**
   * The interactions' floor (web-interactions.ts): the same page with React DOM alone, listening over the
   * page's content as it does in the app, which answers every click and key with the smallest state change
   * there is, a counter's text in one element.
   */
  interactionFloor: string;
  close(): Promise<void>;
}

const FLOOR_ELEMENT = '<div id="react-floor"><span></span></div>';
const REACT_FLOOR_SCRIPT = "/floor/react.js";
const INTERACTION_FLOOR_SCRIPT = "/floor/interactions.js";

// DESIGN §8's React floor: React DOM and React Router's data router, with useBlocker, hydrating one route (the
// router is the product's chosen navigation, decided on the first-visit issue). Until 2026-11-29 the floor was
// React DOM alone, which DESIGN had left to the owner; it is about 28 KB lighter as sent.
const REACT_FLOOR = `import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider, useBlocker } from "react-router";
function Route() {
  useBlocker(false);
  return createElement("span");
}
const element = document.getElementById("react-floor");
if (element) {
  const router = createBrowserRouter([{ path: "*", Component: Route }], { hydrationData: {} });
  hydrateRoot(element, createElement(RouterProvider, { router }));
}`;

// A click or a key anywhere sets a state, from a listener on the document: React gives it the priority of
// the event under way (a discrete one, rendered at once, as the app's own handlers are). A click's default
// is prevented, so a link stays on the page; a key's is not, so a field still takes it.
// React DOM also listens over the page's content, as it does on any page it draws: an empty portal into the
// app's root element gives that element React's listeners for every event (pointerover, pointerdown, focusin,
// transitionstart...), which is what React costs each input before any handler of ours runs. Without it, only
// the document's two listeners above were there, and the floor left out React's own dispatch (6 to 9 ms a
// pointerover at 4x, measured in a trace of each).
const INTERACTION_FLOOR = `import { createElement, Fragment, useState } from "react";
import { createPortal } from "react-dom";
import { createRoot } from "react-dom/client";
const app = document.getElementById("root");
let bump = () => {};
function Counter() {
  const [count, setCount] = useState(0);
  bump = () => setCount((n) => n + 1);
  const counter = createElement("span", null, String(count));
  return createElement(Fragment, null, counter, app ? createPortal(null, app) : null);
}
const element = document.getElementById("react-floor");
if (element) {
  createRoot(element).render(createElement(Counter));
  document.addEventListener("click", (event) => { event.preventDefault(); bump(); });
  document.addEventListener("keydown", () => bump());
}`;

/** `contents` with React DOM (and React Router), built as the app is: production mode, minified, an ES module. */
async function buildReactFloor(contents = REACT_FLOOR): Promise<Buffer> {
  const result = await build({
    stdin: {
      contents,
      resolveDir: fileURLToPath(new URL("../", import.meta.url)),
      loader: "js",
    },
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error("esbuild built no React floor");
  return Buffer.from(file.contents);
}

/** The page without its scripts: module scripts, preloads of modules, and inline data for the app. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, "");
}

/** The page with React DOM alone, hydrating an empty element placed after the app's root (no layout). */
export function withReactFloor(html: string, script = REACT_FLOOR_SCRIPT): string {
  const bare = withoutScripts(html);
  return bare
    .replace("</head>", `<script type="module" src="${script}"></script></head>`)
    .replace("</body>", `${FLOOR_ELEMENT}</body>`);
}

/** A body and its compressed copies, made once: compressing on every request would delay the answer. */
interface Served {
  headers: Record<string, string>;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function served(body: Buffer, headers: Record<string, string>): Served {
  return { headers, plain: body, br: brotliCompressSync(body), gzip: gzipSync(body) };
}

function sendCompressed(req: IncomingMessage, res: ServerResponse, body: Served): void {
  // Compressed ahead, as the server sends its own files: brotli at its default quality takes about 300 ms
  // for React DOM here, which, done per request, held the floor's script back until after the first paint.
  const accepts = String(req.headers["accept-encoding"] ?? "");
  const headers: Record<string, string> = { ...body.headers, "cache-control": "no-cache" };
  let sent = body.plain;
  if (accepts.includes("br")) {
    sent = body.br;
    headers["content-encoding"] = "br";
  } else if (accepts.includes("gzip")) {
    sent = body.gzip;
    headers["content-encoding"] = "gzip";
  }
  res.writeHead(200, { ...headers, "content-length": String(sent.length) }).end(sent);
}

/** What describes the body or the connection, or starts a session: not copied from the wall to the floors. */
const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "vary",
  "etag",
  "cache-control",
  "set-cookie",
]);

/** Reads the wall's HTML as a first visitor gets it, and the headers it comes with. */
async function fetchWall(
  serverUrl: string,
  path: string,
): Promise<{ html: string; headers: Record<string, string> }> {
  const response = await fetch(`${serverUrl}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) headers[name] = value;
  });
  return { html: await response.text(), headers };
}

/**
 * Starts the proxy for `path` (the wall's address) on `serverUrl`. The floors' HTML is read once, from the
 * wall as it stands when this is called.
 */
export async function startWebFloors(serverUrl: string, path: string): Promise<WebFloors> {
  const upstream = new URL(serverUrl);
  const [wall, reactScript, interactionScript] = await Promise.all([
    fetchWall(serverUrl, path),
    buildReactFloor(),
    buildReactFloor(INTERACTION_FLOOR),
  ]);
  if (!wall.html.includes("<script")) throw new Error(`${path} has no script to take out`);
  if (!wall.headers["content-security-policy"]) throw new Error(`${path} came without its security headers`);
  const files: Record<string, Served> = {
    "/floor/html": served(Buffer.from(withoutScripts(wall.html)), wall.headers),
    "/floor/react": served(Buffer.from(withReactFloor(wall.html)), wall.headers),
    [REACT_FLOOR_SCRIPT]: served(reactScript, { "content-type": "text/javascript" }),
    "/floor/interactions": served(
      Buffer.from(withReactFloor(wall.html, INTERACTION_FLOOR_SCRIPT)),
      wall.headers,
    ),
    [INTERACTION_FLOOR_SCRIPT]: served(interactionScript, { "content-type": "text/javascript" }),
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const file = files[path];
    if (file !== undefined) return sendCompressed(req, res, file);
    // Everything else is the server's answer, byte for byte, under the server's own host name.
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        // A write (a favourite in the interactions' rounds) names the page's origin: the server's own, as
        // the browser would have named it there, or its same-origin check refuses it.
        headers: {
          ...req.headers,
          host: upstream.host,
          ...(req.headers.origin ? { origin: upstream.origin } : {}),
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    pages: { wall: `${url}${path}`, reactFloor: `${url}/floor/react`, htmlFloor: `${url}/floor/html` },
    interactionFloor: `${url}/floor/interactions`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
