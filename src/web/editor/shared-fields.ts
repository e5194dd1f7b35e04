import type { ThoughtForm } from "../../domain/thought";

/**
 * What `/criarPensamento` may be opened with, to fill the form: `conteudo`, `autoria`, `fonte`, `nota`,
 * and `link` (the manifest's share target maps a shared text to `conteudo`, its title to `fonte` and its
 * link to `link`), which goes into the note, after what it holds. A link shared inside the text (as some
 * Android apps do) stays in the text. Nothing is saved: the person reads it and presses 'Salvar'.
 */
export function sharedFields(search: string): Partial<ThoughtForm> {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name)?.trim() ?? "";
  const note = [read("nota"), read("link")].filter((part) => part !== "").join("\n");
  const fields: Partial<ThoughtForm> = {};
  if (read("conteudo")) fields.conteudo = read("conteudo");
  if (read("autoria")) fields.autoria = read("autoria");
  if (read("fonte")) fields.fonte = read("fonte");
  if (note) fields.nota = note;
  return fields;
}
