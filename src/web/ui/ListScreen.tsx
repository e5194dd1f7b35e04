import type { ReactNode } from "react";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import styles from "./ListScreen.module.css";

interface ListScreenProps {
  /** The heading's id: it names the section, and a screen may move the focus there by it. */
  titleId: string;
  title: string;
  intro: string;
  /** What the last action did, in a status line that screen readers announce; hidden while empty. */
  said: string;
  children: ReactNode;
}

/** A screen past the wall that manages a list (the labels, the trash): its heading, a way back, its news. */
export function ListScreen({ titleId, title, intro, said, children }: ListScreenProps) {
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.top}>
        {/* Focusable by script only: the focus comes here after a route change, or once nothing is left. */}
        <h1 id={titleId} className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        <p className={styles.intro}>{intro}</p>
        <Link to={paths.wall} className={styles.back}>
          Voltar para o mural
        </Link>
      </div>
      <p role="status" className={styles.said}>
        {said}
      </p>
      {children}
    </section>
  );
}
