import buttons from "../ui/buttons.module.css";
import { ErrorNotice } from "../ui/ErrorNotice";
import { loadFailureMessage } from "../ui/load-failure";
import styles from "./LibraryPage.module.css";

interface MorePagesProps {
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => Promise<unknown>;
  };
  /** The button's words, naming what comes next ('Carregar mais autores'). */
  label: string;
}

/** 'Carregar mais' under a list read a page at a time, and what failed when the next page did not come. */
export function MorePages({ list, label }: MorePagesProps) {
  return (
    <>
      {list.hasNextPage ? (
        <div className={styles.more}>
          <button
            type="button"
            className={buttons.primary}
            aria-disabled={list.isFetchingNextPage}
            onClick={() => !list.isFetchingNextPage && void list.fetchNextPage()}
          >
            {label}
          </button>
        </div>
      ) : null}
      {list.isFetchNextPageError ? (
        <ErrorNotice
          message={loadFailureMessage(list.error, {
            offline: "A próxima página precisa de conexão.",
            failed: "Não foi possível carregar mais.",
          })}
          onRetry={() => void list.fetchNextPage()}
        />
      ) : null}
    </>
  );
}
