import type { ReactNode } from "react";
import { ErrorNotice } from "../ui/ErrorNotice";
import { loadFailureMessage } from "../ui/load-failure";
import styles from "./LibraryPage.module.css";

interface ListStateProps {
  list: { isError: boolean; data: unknown; error: unknown; refetch: () => Promise<unknown> };
  /** How many items the list holds, once it has come. */
  count: number;
  texts: { loading: string; empty: string; offline: string; failed: string };
  children: ReactNode;
}

/** A library list's first answer: what failed, 'Carregando…', that there is nothing yet, or the list. */
export function ListState({ list, count, texts, children }: ListStateProps) {
  if (list.isError && !list.data) {
    return (
      <ErrorNotice message={loadFailureMessage(list.error, texts)} onRetry={() => void list.refetch()} />
    );
  }
  if (!list.data) {
    return (
      <p role="status" className={styles.empty}>
        {texts.loading}
      </p>
    );
  }
  if (count === 0) return <p className={styles.empty}>{texts.empty}</p>;
  return <>{children}</>;
}
