/** Every pt-BR text that the domain rules produce, written once for the form and the API alike. */
export const messages = {
  contentRequired: "Pensamento é obrigatório!",
  contentTooLong: "Pensamento pode ter no máximo 10.000 caracteres!",
  authorRequired: { create: "Autor é obrigatório!", edit: "Autoria é obrigatória!" },
  authorTooShort: {
    create: "Autor precisa ter no mínimo 3 caracteres!",
    edit: "Autoria precisa ter no mínimo 3 caracteres!",
  },
  authorTooLong: {
    create: "Autor pode ter no máximo 200 caracteres!",
    edit: "Autoria pode ter no máximo 200 caracteres!",
  },
  modelInvalid: "Escolha Modelo 1, Modelo 2 ou Modelo 3.",
  favoriteInvalid: "Favorito deve ser verdadeiro ou falso.",
  textInvalid: "O texto contém caracteres inválidos.",
  sourceInvalid: "Fonte deve ser um texto.",
  sourceTooLong: "Fonte pode ter no máximo 300 caracteres!",
  placeInvalid: "Local deve ser um texto.",
  placeTooLong: "Local pode ter no máximo 100 caracteres!",
  noteInvalid: "Nota deve ser um texto.",
  noteTooLong: "Nota pode ter no máximo 10.000 caracteres!",
  createdAtInvalid: "criadoEm deve ser um instante ISO 8601 com fuso (como 2025-03-03T14:05:00Z).",
  updatedAtInvalid: "atualizadoEm deve ser um instante ISO 8601 com fuso (como 2025-03-03T14:05:00Z).",
  updatedBeforeCreated: "atualizadoEm não pode ser anterior a criadoEm.",
  importTooManyItems:
    "O arquivo tem mais de 100.000 itens, o limite de uma importação. Divida-o em arquivos menores.",
  importBusy: "Outra importação em andamento. Espere ela terminar e tente de novo.",
  writeConflict: "Outras alterações estavam sendo gravadas ao mesmo tempo. Tente de novo em instantes.",
  imageBusy: "O servidor está desenhando outras imagens. Tente de novo em instantes.",
  imageTooSlow: "A imagem demorou demais para ser desenhada. Tente de novo em instantes.",
  imageRateLimited: "Muitas imagens pedidas em pouco tempo. Tente de novo em instantes.",
  requestTimeout: "A requisição demorou demais para chegar. Tente de novo.",
  labelsInvalid: "Etiquetas devem ser uma lista de textos.",
  labelEmpty: "Etiqueta não pode ficar vazia!",
  labelTooLong: "Etiqueta pode ter no máximo 30 caracteres!",
  labelSeparator: "Etiqueta não pode ter vírgula, ponto e vírgula ou quebra de linha!",
  labelsTooMany: "Um pensamento pode ter no máximo 10 etiquetas!",
  labelRepeated: "Essa etiqueta já foi adicionada.",
  labelDots: "Etiqueta não pode ser só “.” ou “..”!",
  versionStale: "Este pensamento mudou em outro aparelho.",
  ifMatchMalformed: 'If-Match deve ser "*" ou versões entre aspas, como "3".',
  idempotencyKeyReused: "Esta chave de idempotência já foi usada com outro pedido.",
  idempotencyKeyInFlight:
    "Um pedido com esta chave de idempotência ainda está em andamento. Tente de novo em instantes.",
  idempotencyKeyMalformed: "Idempotency-Key deve ter de 1 a 200 caracteres ASCII visíveis.",
  wallLabelsFull:
    "O mural pode ter no máximo 10.000 etiquetas diferentes. Use etiquetas que já existem ou junte algumas na tela Etiquetas.",
} as const;

/** The create screen says 'Autor…', the edit screen and the API say 'Autoria…' (as the original app did). */
export type Screen = "create" | "edit";
