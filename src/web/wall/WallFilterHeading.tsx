import type { Thought } from "../../domain/contract";
import { foldText } from "../../domain/search-text";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import styles from "./WallFilterHeading.module.css";
import { type WallView, wallAddress } from "./wall-address";
import { thoughtCount } from "./wall-texts";

interface WallFilterHeadingProps {
  view: WallView;
  /** How many thoughts the filtered view holds; undefined while it loads. */
  total: number | undefined;
  /** The thoughts shown (the first page), whose spelling of the author and the label the heading takes. */
  shown: readonly Thought[];
}

/** The name as the thoughts shown spell it: the address's own if one does, else the first that folds alike. */
const spelled = (name: string, names: string[]) =>
  names.includes(name) ? name : (names.find((stored) => foldText(stored) === foldText(name)) ?? name);

/**
 * Above a wall narrowed to an author or a label (or with a label kept out of the way, `?sem=`, which
 * 'Ocultar' on a label's heading sets and 'Mostrar etiqueta' lifts): who or which, how many thoughts
 * ('Fernando Pessoa · 12 pensamentos'), the author's sources, 'Revisar' (a review of that theme alone), and
 * a link that lifts each filter, keeping the rest of the view.
 * The names are spelled as stored, not as the address wrote them (the filters ignore case and accents; a
 * label renamed or merged since the link was made shows its new name), taken from the thoughts shown.
 */
export function WallFilterHeading({ view, total, shown }: WallFilterHeadingProps) {
  const label =
    view.label &&
    spelled(
      view.label,
      shown.flatMap((thought) => thought.etiquetas),
    );
  const author =
    view.author &&
    spelled(
      view.author,
      shown.map((thought) => thought.autoria),
    );
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
          <Link
            to={paths.reviewOf({ autoria: author })}
            className={styles.clear}
            aria-label={`Revisar os pensamentos de ${author}`}
          >
            Revisar
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
          <Link
            to={paths.reviewOf({ etiqueta: label })}
            className={styles.clear}
            aria-label={`Revisar a etiqueta “${label}”`}
          >
            Revisar
          </Link>
          <Link to={wallAddress({ ...view, label: undefined })} className={styles.clear}>
            Remover filtro de etiqueta
          </Link>
          <Link
            to={wallAddress({ ...view, label: undefined, without: label })}
            className={styles.clear}
            aria-label={`Ocultar a etiqueta ${label} do mural`}
          >
            Ocultar
          </Link>
        </div>
      ) : null}
      {view.without ? (
        <div className={styles.filter}>
          <h2 className={styles.name}>Sem a etiqueta “{view.without}”</h2>
          <Link
            to={wallAddress({ ...view, without: undefined })}
            className={styles.clear}
            aria-label={`Mostrar de novo a etiqueta ${view.without}`}
          >
            Mostrar etiqueta
          </Link>
        </div>
      ) : null}
    </div>
  );
}
