import { useSearchSuggestions } from "../api/search-suggestions";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import styles from "./SearchEmpty.module.css";
import { wallAddress } from "./wall-address";
import { thoughtCount } from "./wall-texts";

export interface SearchEmptyProps {
  /** The search that found nothing, as the wall applied it. */
  search: string;
  onClear: () => void;
}

interface Named {
  nome: string;
  total: number;
  /** A source's author: two authors can share a title. */
  autoria?: string;
}

/**
 * Under a search that found nothing ('Nenhum pensamento encontrado para “…”', said by the list): a way
 * back to the whole wall, and the labels, authors and sources whose names hold one of its words, each a link
 * to its page. Loaded on demand with the forms' chunk: the wall's first visit does not carry it.
 */
export function SearchEmpty({ search, onClear }: SearchEmptyProps) {
  const { data } = useSearchSuggestions(search);
  const group = (title: string, named: Named[] | undefined, to: (item: Named) => string) =>
    named && named.length > 0 ? (
      <section className={styles.group} aria-label={title}>
        <h2 className={styles.heading}>{title}</h2>
        <ul className={styles.list}>
          {named.map((item) => (
            <li key={`${item.nome}\u0000${item.autoria ?? ""}`}>
              <Link to={to(item)}>
                {item.nome}
                {item.autoria ? `, de ${item.autoria}` : ""}{" "}
                <span className={styles.count}>({thoughtCount(item.total)})</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    ) : null;
  return (
    <div className={styles.empty}>
      <button
        type="button"
        className={styles.clear}
        onClick={() => {
          onClear();
          // The button goes with the empty result: the focus goes back to the box, to search again.
          document.querySelector<HTMLInputElement>("input[type=search]")?.focus();
        }}
      >
        Limpar busca
      </button>
      {group("Etiquetas com essas palavras", data?.etiquetas, ({ nome }) => paths.wallWithLabel(nome))}
      {group("Autores com essas palavras", data?.autorias, ({ nome }) =>
        wallAddress({ text: "", favorites: false, author: nome }),
      )}
      {group("Fontes com essas palavras", data?.fontes, ({ nome, autoria }) => paths.source(nome, autoria))}
    </div>
  );
}
