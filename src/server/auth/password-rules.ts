/** What a password must be, whether `npm run password` sets it or MEMOTECA_PASSWORD_FILE holds it. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024;

/** Why `password` cannot be the password, in pt-BR; undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  if (!password) return "A senha não pode ser vazia.";
  if (password.length < PASSWORD_MIN_LENGTH)
    return `A senha precisa ter no mínimo ${PASSWORD_MIN_LENGTH} caracteres.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `A senha pode ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
  return undefined;
}
