import { Link } from "../../routing/Link";
import styles from "./ThoughtCard.module.css";

interface CardSourceProps {
  fonte?: string;
  local?: string;
  /** The source's page; without it the source is plain text (a preview, the trash). */
  href?: string;
}

/** Where the quote comes from, under the author: the source in italics (a link to its page), and quietly where in it. */
export function CardSource({ fonte, local, href }: CardSourceProps) {
  if (!fonte && !local) return null;
  return (
    <p className={styles.source} dir="auto">
      {fonte ? (
        <cite>
          {href ? (
            <Link to={href} aria-label={`Ver pensamentos da fonte ${fonte}`}>
              {fonte}
            </Link>
          ) : (
            fonte
          )}
        </cite>
      ) : null}
      {local ? <span className={styles.place}>{local}</span> : null}
    </p>
  );
}
