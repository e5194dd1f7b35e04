import { paths } from "../paths";
import { Link } from "../routing/Link";
import styles from "./WallFilterHeading.module.css";
import { type WallView, wallAddress } from "./wall-address";
import { thoughtCount } from "./wall-texts";

interface WallFilterHeadingProps {
  view: WallView;
  /** How many thoughts the filtered view holds; undefined while it loads. */
  total: number | undefined;
}

/**
 * Above a wall narrowed to an author or a label: who or which, how many thoughts ('Fernando Pessoa ·
 * 12 pensamentos'), the author's sources, and a link that lifts each filter, keeping the rest of the view.
 */
export function WallFilterHeading({ view, total }: WallFilterHeadingProps) {
  const { label, author } = view;
  const count = total === undefined ? "" : ` · ${thoughtCount(total)}`;
  return (
    <div className={styles.filters}>
      {author ? (
        <div className={styles.filter}>
          <h2 className={styles.name}>
            {author}
            {count}
          </h2>
          <Link to={paths.sourcesOf(author)} className={styles.clear}>
            Fontes deste autor
          </Link>
          <Link to={wallAddress({ ...view, author: undefined })} className={styles.clear}>
            Remover filtro de autoria
          </Link>
        </div>
      ) : null}
      {label ? (
        <div className={styles.filter}>
          <h2 className={styles.name}>
            Etiqueta “{label}”{author ? "" : count}
          </h2>
          <Link to={wallAddress({ ...view, label: undefined })} className={styles.clear}>
            Remover filtro de etiqueta
          </Link>
        </div>
      ) : null}
    </div>
  );
}
