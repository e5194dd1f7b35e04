import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { signInSchema } from "../../domain/contract-schemas";
import { useSignIn } from "../api/use-sign-in";
import { useSignedOut } from "../api/use-signed-out";
import { SCREEN_START } from "../routing/focus";
import buttons from "../ui/buttons.module.css";
import { FieldError } from "../ui/FieldError";
import fields from "../ui/fields.module.css";
import panel from "../ui/panel.module.css";
import styles from "./SignInForm.module.css";
import { signInFailure } from "./sign-in-failure";

type SignInFields = z.input<typeof signInSchema>;

/** The password and 'Entrar'. A failure keeps what was typed and puts the focus back in the field. */
export function SignInForm() {
  const signIn = useSignIn();
  const signedOut = useSignedOut();
  const { register, handleSubmit, setFocus, formState } = useForm<SignInFields>({
    resolver: zodResolver(signInSchema),
    defaultValues: { senha: "" },
  });
  const [failure, setFailure] = useState<string>();
  // A ref, not state: two clicks in one frame both run before a re-render could mark the form busy.
  const inFlight = useRef(false);
  const ids = { title: useId(), password: useId() };

  // Arriving here from another address (a redirect of the first load), the focus starts in the field, as
  // after a route change to this screen.
  useEffect(() => setFocus("senha"), [setFocus]);

  const submit = handleSubmit(async ({ senha }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure(undefined);
    try {
      await signIn.mutateAsync(senha);
    } catch (error) {
      setFailure(signInFailure(error));
      setFocus("senha");
    } finally {
      inFlight.current = false;
    }
  });

  const message = formState.errors.senha?.message ?? failure;
  const messageId = `${ids.password}-error`;
  return (
    <section className={`${panel.surface} ${styles.panel}`} aria-labelledby={ids.title}>
      <h1 id={ids.title} className={`${panel.heading} ${styles.title}`}>
        Entrar
      </h1>
      {signedOut ? (
        <p role="status" className={styles.intro}>
          Você saiu.
        </p>
      ) : null}
      <p className={styles.intro}>Este mural é protegido por senha.</p>
      <form className={styles.form} noValidate onSubmit={submit}>
        <div className={fields.field}>
          <label htmlFor={ids.password} className={fields.label}>
            Senha
          </label>
          <input
            id={ids.password}
            className={fields.input}
            type="password"
            autoComplete="current-password"
            {...{ [SCREEN_START]: true }}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? messageId : undefined}
            {...register("senha")}
          />
          <FieldError id={messageId} message={message} alert />
        </div>
        <button type="submit" className={buttons.primary} aria-disabled={signIn.isPending || undefined}>
          {signIn.isPending ? "Entrando…" : "Entrar"}
        </button>
      </form>
    </section>
  );
}
