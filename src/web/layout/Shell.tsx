import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useOutboxView } from "../api/outbox/outbox-state";
import { loadForms } from "../chunks";
import { OfflineNotice } from "../offline/OfflineNotice";
import { UpdatePrompt } from "../offline/UpdatePrompt";
import { paths } from "../paths";
import { whenIdle } from "../routing/idle";
import { lazyScreen } from "../routing/lazy-screen";
import { useSettled } from "../routing/settled";
import { holdTypedKeys, readyTypeAhead } from "../routing/type-ahead";
import { useRouteFocus } from "../routing/useRouteFocus";
import { useShortcuts } from "../ui/useShortcuts";
import { Footer } from "./Footer";
import { Header } from "./Header";
import styles from "./Shell.module.css";

// Opened on demand, with the forms' code (a chunk of its own would split the wall's: see forms.ts).
const ShortcutsDialog = lazyScreen(() => loadForms().then((m) => m.ShortcutsDialog));
// Drawn only once the outbox holds a write, with the forms' code (which the outbox's own code came with).
const OutboxStatus = lazyScreen(() => loadForms().then((m) => m.OutboxStatus));

/**
 * The header and footer that surround every screen, and what every screen shares: the focus moved to the
 * new screen's heading after a route change, and the shortcuts that work anywhere (`n`, `r`, `?`).
 */
export function Shell({ children }: { children: ReactNode }) {
  const path = useLocation().pathname;
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const outboxUsed = (useOutboxView()?.entries.length ?? 0) > 0;
  useRouteFocus();
  // The field that holds keys typed after `n`, put in the page at an idle moment (see readyTypeAhead).
  const settled = useSettled();
  useEffect(() => {
    // Again after each screen change (the form took the last one away); none where `n` does nothing.
    if (!settled || path === paths.create || path === paths.signIn) return;
    whenIdle(readyTypeAhead);
  }, [settled, path]);
  useShortcuts({
    n: () => {
      // Already there, or not signed in (the form would send the user back to the password).
      if (path === paths.create || path === paths.signIn) return false;
      // What is typed next belongs in the form's text box, even while the form's code is on its way.
      holdTypedKeys("Pensamento");
      void navigate(paths.create);
    },
    r: () => {
      if (path === paths.review || path === paths.signIn) return false;
      void navigate(paths.review);
    },
    "?": () => setHelp(true),
  });
  return (
    <>
      <Header />
      <OfflineNotice />
      {outboxUsed ? (
        <Suspense fallback={null}>
          <OutboxStatus />
        </Suspense>
      ) : null}
      <UpdatePrompt />
      <main className={styles.main}>{children}</main>
      <Footer />
      {help ? (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setHelp(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
