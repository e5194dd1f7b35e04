import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useSourcePages } from "../api/library";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import { ListScreen } from "../ui/ListScreen";
import { usePageTitle } from "../ui/usePageTitle";
import styles from "./LibraryPage.module.css";
import { ListState } from "./ListState";
import { MorePages } from "./MorePages";
import { thoughtCount } from "./texts";

/**
 * /fontes: every source (a book, an album, a film, a site) with its author and how many thoughts quote it,
 * in pt-BR order; a source leads to its thoughts in the order of their place in it, its author to the wall
 * narrowed to that author. `?autoria=` keeps one author's sources (the wall narrowed to an author links
 * here). A hundred come at a time, the next on 'Carregar mais'.
 */
export function SourcesPage() {
  const author = useSearchParams()[0].get("autoria")?.trim() || undefined;
  usePageTitle(author ? `Fontes de ${author}` : "Fontes");
  const sources = useSourcePages(author);
  const list = useMemo(() => sources.data?.pages.flatMap((page) => page.items) ?? [], [sources.data]);
  return (
    <ListScreen
      titleId="sources-title"
      title={author ? `Fontes de ${author}` : "Fontes"}
      intro="Livros, álbuns, filmes e sites de onde vêm os pensamentos, com o autor de cada um."
      said=""
    >
      {author ? (
        <p className={styles.empty}>
          <Link to={paths.wallWithAuthor(author)} className={styles.name}>
            Todos os pensamentos de {author}
          </Link>
          {" · "}
          <Link to={paths.sources} className={styles.name}>
            Todas as fontes
          </Link>
        </p>
      ) : null}
      <ListState
        list={sources}
        count={list.length}
        texts={{
          loading: "Carregando as fontes…",
          empty: "Nenhuma fonte ainda. Informe a fonte ao criar ou editar um pensamento.",
          offline: "As fontes precisam de conexão: elas não ficam guardadas neste aparelho.",
          failed: "Não foi possível carregar as fontes.",
        }}
      >
        <ul className={styles.list} aria-label="Fontes do mural">
          {list.map((source) => (
            <li key={`${source.nome}\n${source.autoria}`} className={styles.row}>
              <div className={styles.entry}>
                <Link
                  to={paths.source(source.nome, source.autoria)}
                  className={`${styles.name} ${styles.source}`}
                >
                  {source.nome}
                </Link>
                <span className={styles.byline}>
                  de{" "}
                  <Link to={paths.wallWithAuthor(source.autoria)} className={styles.name}>
                    {source.autoria}
                  </Link>
                </span>
              </div>
              <span className={styles.count}>{thoughtCount(source.total)}</span>
            </li>
          ))}
        </ul>
      </ListState>
      <MorePages list={sources} label="Carregar mais fontes" />
    </ListScreen>
  );
}
