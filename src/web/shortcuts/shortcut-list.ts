/** What each key does, as the 'Atalhos do teclado' dialog lists it: the key as printed, then its action. */
export const shortcutList: readonly { key: string; label: string; action: string }[] = [
  { key: "/", label: "barra", action: "Buscar no mural" },
  { key: "n", label: "n", action: "Novo pensamento" },
  { key: "s", label: "s", action: "Surpreenda-me (no mural)" },
  { key: "r", label: "r", action: "Revisão de hoje" },
  { key: "v", label: "v", action: "Ver no mural o pensamento que acabou de ser salvo" },
  { key: "z", label: "z", action: "Desfazer a exclusão ou a remoção dos favoritos (no mural)" },
  { key: "Esc", label: "Esc", action: "Limpar a busca, ou fechar uma janela" },
  { key: "?", label: "interrogação", action: "Mostrar estes atalhos" },
  { key: "Enter", label: "Enter", action: "Na revisão: próximo cartão (também →)" },
  { key: "f", label: "f", action: "Na revisão: favoritar" },
  { key: "e", label: "e", action: "Na revisão: editar o pensamento" },
  { key: "1 2 3", label: "1, 2, 3", action: "Na revisão: em breve, mais tarde, bem depois" },
  { key: "d", label: "d", action: "Na revisão: descartar da revisão" },
];
