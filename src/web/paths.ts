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
  /** Deleted thoughts, for 30 days: restore them or delete them for good. */
  trash: "/lixeira",
  /** The labels in use, with counts: rename or delete one everywhere. */
  labels: "/etiquetas",
  /** The wall narrowed to one label (a chip's link, a row of the labels screen). */
  wallWithLabel: (label: string) => `/listarPensamento?etiqueta=${encodeURIComponent(label)}`,
  /** One source's thoughts in the order of their place in it; `author` when two authors share a title. */
  source: (name: string, author?: string) =>
    `/fontes/${encodeURIComponent(name)}${author ? `?autoria=${encodeURIComponent(author)}` : ""}`,
  patterns: {
    edit: "/pensamentos/editarPensamento/:id",
    remove: "/pensamentos/excluirPensamento/:id",
  },
} as const;
