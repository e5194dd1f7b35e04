import { TRASH_DAYS } from "../../domain/contract";
import { madeWhenUsed } from "../ui/made-when-used";

const DAY_MS = 86_400_000;
const date = madeWhenUsed(
  () => new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric" }),
);

/** When the thought went to the trash, and how long it has left there. */
export function deletedLine(deletedAt: string, now: number): string {
  const deleted = Date.parse(deletedAt);
  const left = Math.max(0, Math.ceil((deleted + TRASH_DAYS * DAY_MS - now) / DAY_MS));
  const remaining = left <= 1 ? "some amanhã" : `some em ${left} dias`;
  return `Excluído em ${date().format(deleted)} · ${remaining}`;
}

export function trashCountMessage(shown: number, total: number): string {
  if (total === 0) return "";
  const noun = total === 1 ? "pensamento" : "pensamentos";
  return `Exibindo ${shown} de ${total} ${noun} na lixeira.`;
}

export const TRASH_INTRO = `Os pensamentos excluídos ficam aqui por ${TRASH_DAYS} dias; depois disso, somem para sempre.`;
export const TRASH_EMPTY = "A lixeira está vazia.";

const thoughtsNoun = (count: number) => (count === 1 ? "pensamento" : "pensamentos");

/** What emptying the trash will do, with how many thoughts it holds. */
export function emptyTrashQuestion(total: number): string {
  const what = total === 1 ? "1 pensamento será apagado" : `${total} pensamentos serão apagados`;
  return `${what} para sempre. Essa ação não pode ser desfeita.`;
}

/** Said once the trash was emptied, with how many thoughts the server deleted. */
export function trashEmptiedMessage(count: number): string {
  if (count === 0) return "A lixeira já estava vazia.";
  const what = count === 1 ? "apagado" : "apagados";
  return `Lixeira esvaziada: ${count} ${thoughtsNoun(count)} ${what} para sempre.`;
}
