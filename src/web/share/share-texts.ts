import type { Thought } from "../../domain/contract";

/** The thought as text to paste anywhere: the words in quotes, then who said them. */
export function shareText({ conteudo, autoria }: Pick<Thought, "conteudo" | "autoria">): string {
  return `“${conteudo.trim()}”\n— ${autoria.trim()}`;
}

/** The PNG's file name: the author's name made safe for any file system, and the id. */
export function imageFileName({ id, autoria }: Pick<Thought, "id" | "autoria">): string {
  const slug = autoria
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return `memoteca-${slug || "pensamento"}-${id}.png`;
}
