/** Every route of the spec, declared once so that a link and its route cannot drift apart. */
export const paths = {
  wall: "/listarPensamento",
  create: "/criarPensamento",
  edit: (id: number | string) => `/pensamentos/editarPensamento/${id}`,
  remove: (id: number | string) => `/pensamentos/excluirPensamento/${id}`,
  patterns: {
    edit: "/pensamentos/editarPensamento/:id",
    remove: "/pensamentos/excluirPensamento/:id",
  },
} as const;
