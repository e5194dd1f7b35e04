import type { ReviewTheme } from "../api/review-day";
import { madeWhenUsed } from "../ui/made-when-used";

/** What the review says, in pt-BR, written once. */

export const progressText = (position: number, total: number) => `${position} de ${total}`;

export const streakText = (days: number) => (days === 1 ? "1 dia seguido" : `${days} dias seguidos`);

/** The screen's title: the day's review, or the theme's. */
export function reviewTitle(theme: ReviewTheme): string {
  const parts: string[] = [];
  if (theme.etiqueta) parts.push(`etiqueta “${theme.etiqueta}”`);
  if (theme.fonte) parts.push(theme.fonte);
  if (theme.autoria) parts.push(theme.autoria);
  if (theme.q) parts.push(`busca “${theme.q}”`);
  return parts.length === 0 ? "Revisão de hoje" : `Revisão: ${parts.join(" · ")}`;
}

/** The feedback on a resurfacing card, as its buttons and the shortcuts list name it. */
export const resurfacingActions = {
  proximo: { label: "Próximo", key: "Enter" },
  favoritar: { label: "Favoritar", key: "f" },
  em_breve: { label: "Em breve", key: "1", hint: "volta em cerca de 7 dias" },
  mais_tarde: { label: "Mais tarde", key: "2", hint: "volta em cerca de 14 dias" },
  bem_depois: { label: "Bem depois", key: "3", hint: "volta em cerca de 28 dias" },
  descartar: { label: "Descartar da revisão", key: "d" },
} as const;

/** The answers to a memorise card, FSRS's Again, Hard, Good and Easy, on the keys 1 to 4. */
export const memoriseActions = [
  { answer: "de_novo", label: "De novo", key: "1" },
  { answer: "dificil", label: "Difícil", key: "2" },
  { answer: "bom", label: "Bom", key: "3" },
  { answer: "facil", label: "Fácil", key: "4" },
] as const;

export const weightLabels = { nunca: "Nunca", menos: "Menos", normal: "Normal", mais: "Mais" } as const;

const monthAndYear = madeWhenUsed(
  () => new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "UTC" }),
);

/** 'Novembro de 2026' (month from 0): a caption starts with a capital, the 'de' after it does not. */
export function monthCaption(year: number, month: number): string {
  const text = monthAndYear().format(Date.UTC(year, month, 1));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The week's days from Sunday, as the calendar's columns: 'D' shown, 'domingo' said. */
export const weekdays = madeWhenUsed(() => {
  const longDay = new Intl.DateTimeFormat("pt-BR", { weekday: "long", timeZone: "UTC" });
  const narrowDay = new Intl.DateTimeFormat("pt-BR", { weekday: "narrow", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, day) => {
    // 1 January 2023 was a Sunday.
    const at = Date.UTC(2023, 0, 1 + day);
    return { short: narrowDay.format(at), name: longDay.format(at) };
  });
});
