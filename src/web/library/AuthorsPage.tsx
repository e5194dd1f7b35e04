import { useMemo } from "react";
import { useAuthorPages } from "../api/library";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import { ListScreen } from "../ui/ListScreen";
import { usePageTitle } from "../ui/usePageTitle";
import { byInitial, OTHER_INITIAL, sectionId } from "./initials";
import styles from "./LibraryPage.module.css";
import { ListState } from "./ListState";
import { MorePages } from "./MorePages";
import { thoughtCount } from "./texts";

/**
 * /autores: every author with how many thoughts it has, in pt-BR order, cut into sections by first letter,
 * with an index of those letters above; each author leads to the wall narrowed to it, which lists all of
 * its thoughts whatever their source. Five hundred authors come at a time, the next on 'Carregar mais'.
 */
export function AuthorsPage() {
  usePageTitle("Autores");
  const authors = useAuthorPages();
  const list = useMemo(() => authors.data?.pages.flatMap((page) => page.items) ?? [], [authors.data]);
  const sections = useMemo(() => byInitial(list, (author) => author.nome), [list]);
  return (
    <ListScreen
      titleId="authors-title"
      title="Autores"
      intro="Todos os autores do mural, com quantos pensamentos cada um tem."
      said=""
    >
      <ListState
        list={authors}
        count={list.length}
        texts={{
          loading: "Carregando os autores…",
          empty: "Nenhum autor ainda. Os autores aparecem aqui assim que houver pensamentos no mural.",
          offline: "Os autores precisam de conexão: eles não ficam guardados neste aparelho.",
          failed: "Não foi possível carregar os autores.",
        }}
      >
        <nav aria-label="Índice de letras" className={styles.index}>
          <ul>
            {sections.map(({ initial }) => (
              <li key={initial}>
                <a
                  href={`#${sectionId(initial)}`}
                  aria-label={initial === OTHER_INITIAL ? "Outros caracteres" : `Letra ${initial}`}
                >
                  {initial}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.sections}>
          {sections.map(({ initial, items }) => (
            <section key={initial} aria-labelledby={sectionId(initial)}>
              <h2 id={sectionId(initial)} className={styles.letter} tabIndex={-1}>
                {initial}
              </h2>
              <ul className={styles.list}>
                {items.map((author) => (
                  <li key={author.nome} className={styles.row}>
                    <Link to={paths.wallWithAuthor(author.nome)} className={styles.name}>
                      {author.nome}
                    </Link>
                    <span className={styles.count}>{thoughtCount(author.total)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </ListState>
      <MorePages list={authors} label="Carregar mais autores" />
    </ListScreen>
  );
}
