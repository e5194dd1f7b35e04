import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-600.css";
import "@fontsource/inter/latin-700.css";
import "@fontsource/roboto-mono/latin-400.css";
import "@fontsource/roboto-mono/latin-700.css";
import "./styles.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createQueryClient } from "./api/query-client";
import { installBackGuard } from "./editor/back-guard";
import { AppRouter, prefetchOnLinkIntent } from "./router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Before the router's own listener exists: a form with unsaved text must see Back first.
installBackGuard();
prefetchOnLinkIntent();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>,
);
