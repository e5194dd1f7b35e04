/** Every route of the app, declared once so that a link and its route cannot drift apart. */
export const paths = {
  wall: "/listarPensamento",
  create: "/criarPensamento",
  edit: (id: number | string) => `/pensamentos/editarPensamento/${id}`,
  remove: (id: number | string) => `/pensamentos/excluirPensamento/${id}`,
  /** Asks for the password when one is set; `?volta=` names the page to return to afterwards. */
  signIn: "/entrar",
  /** Downloads of the wall (JSON, Markdown, CSV) and the import of a file. */
  importExport: "/importarExportar",
  /** Each import, with 'Desfazer importação'. */
  imports: "/importacoes",
  /** The settings: the e-reader's private inbox address. */
  settings: "/configuracoes",
  /** Deleted thoughts, for 30 days: restore them or delete them for good. */
  trash: "/lixeira",
  /** The labels in use, with counts: rename or delete one everywhere. */
  labels: "/etiquetas",
  /** The wall narrowed to one label (a chip's link, a row of the labels screen). */
  wallWithLabel: (label: string) => `/listarPensamento?etiqueta=${encodeURIComponent(label)}`,
  /** The wall without one label's thoughts ('Ocultar' on the labels screen). */
  wallWithout: (label: string) => `/listarPensamento?sem=${encodeURIComponent(label)}`,
  /** The wall narrowed to one author: all of its thoughts, whatever their source (a row of the authors screen). */
  wallWithAuthor: (author: string) => `/listarPensamento?autoria=${encodeURIComponent(author)}`,
  /** Every author with a count, in pt-BR order, by first letter; each leads to the wall narrowed to it. */
  authors: "/autores",
  /** Every source (a book, an album, a site) with its author and count. */
  sources: "/fontes",
  /** One author's sources (the wall narrowed to an author links here). */
  sourcesOf: (author: string) => `/fontes?autoria=${encodeURIComponent(author)}`,
  /** One source's thoughts in the order of their place in it; `author` when two authors share a title. */
  source: (name: string, author?: string) =>
    `/fontes/${encodeURIComponent(name)}${author ? `?autoria=${encodeURIComponent(author)}` : ""}`,
  /**
   * 'Revisão de hoje': the day's set, one card at a time; with a theme (a label, an author, a source or a
   * search), that theme's set alone, with the same feedback.
   */
  review: "/revisao",
  reviewOf: (theme: { etiqueta?: string; autoria?: string; fonte?: string; q?: string }) => {
    const params = new URLSearchParams();
    for (const key of ["etiqueta", "autoria", "fonte", "q"] as const) {
      const value = theme[key]?.trim();
      if (value) params.set(key, value);
    }
    const query = params.toString();
    return query ? `/revisao?${query}` : "/revisao";
  },
  /** The review's settings: how many a day, when the day turns, the weights, the private feed's address. */
  reviewSettings: "/revisao/ajustes",
  /** Marks a thought to memorise: the words to hide (a cloze) or its author ('Quem disse?'). */
  memorize: (id: number | string) => `/revisao/memorizar/${id}`,
  patterns: {
    memorize: "/revisao/memorizar/:id",
    source: "/fontes/:fonte",
    edit: "/pensamentos/editarPensamento/:id",
    remove: "/pensamentos/excluirPensamento/:id",
  },
} as const;
