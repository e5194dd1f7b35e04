/** What each key does, as the 'Atalhos do teclado' dialog lists it: the key as printed, then its action. */
export const shortcutList: readonly { key: string; label: string; action: string }[] = [
  { key: "/", label: "barra", action: "Buscar no mural" },
  { key: "n", label: "n", action: "Novo pensamento" },
  { key: "s", label: "s", action: "Surpreenda-me (no mural)" },
  { key: "v", label: "v", action: "Ver no mural o pensamento que acabou de ser salvo" },
  { key: "z", label: "z", action: "Desfazer a exclusão ou a remoção dos favoritos (no mural)" },
  { key: "Esc", label: "Esc", action: "Limpar a busca, ou fechar uma janela" },
  { key: "?", label: "interrogação", action: "Mostrar estes atalhos" },
];
