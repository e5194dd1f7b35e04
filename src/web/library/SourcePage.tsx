import { useMemo } from "react";
import { useParams, useSearchParams } from "react-router";
import { useSourceThoughts } from "../api/library";
import { paths } from "../paths";
import { Link } from "../routing/Link";
import { ThoughtCard } from "../ui/card/ThoughtCard";
import { ListScreen } from "../ui/ListScreen";
import { usePageTitle } from "../ui/usePageTitle";
import styles from "./LibraryPage.module.css";
import { ListState } from "./ListState";
import { MorePages } from "./MorePages";
import { thoughtCount } from "./texts";

/**
 * /fontes/:fonte: one source's thoughts in the order of their place in it ('p. 9' before 'p. 10', those
 * without a place last), each card under its place; `?autoria=` narrows it to one author when two share a
 * title. Twenty come at a time, the next on 'Carregar mais'.
 */
export function SourcePage() {
  const name = useParams().fonte ?? "";
  const author = useSearchParams()[0].get("autoria")?.trim() || undefined;
  usePageTitle(`${name} · Fontes`);
  const thoughts = useSourceThoughts(name, author);
  const list = useMemo(() => thoughts.data?.pages.flatMap((page) => page.items) ?? [], [thoughts.data]);
  const total = thoughts.data?.pages[0]?.total;
  return (
    <ListScreen
      titleId="source-title"
      title={name}
      intro={total === undefined ? "" : thoughtCount(total)}
      said=""
    >
      <p className={styles.empty}>
        {author ? (
          <>
            de{" "}
            <Link to={paths.wallWithAuthor(author)} className={styles.name}>
              {author}
            </Link>
            {" · "}
          </>
        ) : null}
        <Link to={paths.sources} className={styles.name}>
          Todas as fontes
        </Link>
        {" · "}
        <Link to={paths.reviewOf({ fonte: name, autoria: author })} className={styles.name}>
          Revisar esta fonte
        </Link>
      </p>
      <ListState
        list={thoughts}
        count={list.length}
        texts={{
          loading: "Carregando os pensamentos desta fonte…",
          empty: "Nenhum pensamento desta fonte no mural.",
          offline: "Esta fonte precisa de conexão: ela não fica guardada neste aparelho.",
          failed: "Não foi possível carregar os pensamentos desta fonte.",
        }}
      >
        <ul className={styles.cards} aria-label={`Pensamentos de ${name}`}>
          {list.map((thought) => (
            <li key={thought.id}>
              {thought.local ? <p className={styles.place}>{thought.local}</p> : null}
              <ThoughtCard
                conteudo={thought.conteudo}
                autoria={thought.autoria}
                modelo={thought.modelo}
                label={
                  thought.local
                    ? `Pensamento de ${thought.autoria}, ${thought.local}`
                    : `Pensamento de ${thought.autoria}`
                }
                clamp
                author={
                  <Link
                    to={paths.wallWithAuthor(thought.autoria)}
                    aria-label={`Ver pensamentos de ${thought.autoria}`}
                  >
                    {thought.autoria}
                  </Link>
                }
              >
                <Link to={paths.edit(thought.id)} className={styles.name}>
                  Editar pensamento
                </Link>
              </ThoughtCard>
            </li>
          ))}
        </ul>
      </ListState>
      <MorePages list={thoughts} label="Carregar mais pensamentos" />
    </ListScreen>
  );
}
