import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-600.css";
import "@fontsource/inter/latin-700.css";
import "@fontsource/roboto-mono/latin-400.css";
import "@fontsource/roboto-mono/latin-700.css";
import "./styles.css";
import { hydrate, onlineManager } from "@tanstack/react-query";
import { type ReactNode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { App } from "./App";
import "./offline/register-on-load";
import { startOutboxAfterPaint } from "./api/outbox/outbox-state";
import { createQueryClient } from "./api/query-client";
import { loadForms } from "./chunks";
import { prefetchOnLinkIntent, routes } from "./router";
import { readFirstPageState } from "./ssr/first-page-state";
import { replayEarlyTaps, takeEarlyTaps } from "./ssr/replay-early-taps";

/** Its children, and `then` once they are on the page (no element of its own: the server's HTML still matches). */
function Hydrated({ children, then }: { children: ReactNode; then: () => void }) {
  // `then` is made once, with the root: this runs once, after the hydration.
  useEffect(then, [then]);
  return children;
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

prefetchOnLinkIntent();

// The server rendered the wall's first page and sent the answers it used: the same cache, the same tree,
// so React adopts the HTML already on screen. Any other page arrives as the plain shell and is drawn here.
// TanStack Query assumes a connection until an 'offline' event; a page opened without one gets none.
onlineManager.setOnline(navigator.onLine);
const client = createQueryClient();
const state = readFirstPageState();
// The writes kept offline (in their own chunk, after the first paint): shown on their cards, then sent.
startOutboxAfterPaint(client, loadForms);
// The router and the root are made in a task of their own: evaluating this file is already one long task of the
// first visit (a slow phone's taps wait for it, and Lighthouse counts it whole as blocking time), and making
// the router adds some milliseconds to it.
setTimeout(() => start(root), 0);

function start(root: HTMLElement) {
  // No loaders: the router draws the first screen at once, as the server did, with no data to hand over. A page
  // the server drew is said to be one (empty hydration data), so the router leaves its scroll alone: otherwise it
  // scrolls to the top as it hydrates, under a reader who has already scrolled the server's wall on a slow
  // phone, and a tap on its way down ('Carregar mais') lands on whatever is there instead.
  const router = createBrowserRouter(routes, state ? { hydrationData: {} } : undefined);
  const app = <App client={client} router={<RouterProvider router={router} />} />;
  // The buttons tapped before now (the HTML on screen, this script on its way) get their taps once hydrated;
  // the plain shell has none, and from here on React hears every tap itself.
  const taps = takeEarlyTaps();
  if (state) {
    hydrate(client, state);
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser answer between
    // them; at the default priority the whole page is one task, which a slow phone feels as a frozen page
    // (Lighthouse's total blocking time). The page is already readable, so nothing waits for it.
    startTransition(() => {
      hydrateRoot(root, <Hydrated then={() => void replayEarlyTaps(taps)}>{app}</Hydrated>);
    });
  } else {
    createRoot(root).render(app);
  }
}
