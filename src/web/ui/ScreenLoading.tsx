import styles from "./ScreenLoading.module.css";
import { usePageTitle } from "./usePageTitle";

/**
 * A screen whose code is still on its way. The tab already bears the screen's own title (not the one of
 * the screen before), and the space the screen will take is kept, so the footer does not jump twice.
 */
export function ScreenLoading({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className={styles.screen}>
      {/*
        The page's h1 until the screen's own arrives. Not named after the screen: a heading 'Editar
        pensamento' that vanishes a moment later would be found (and focused) in place of the real one.
      */}
      <h1 className={styles.heading}>
        <span role="status" className={styles.status}>
          Carregando…
        </span>
      </h1>
    </div>
  );
}
