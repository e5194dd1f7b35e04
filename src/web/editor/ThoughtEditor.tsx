import { zodResolver } from "@hookform/resolvers/zod";
import {
  type BaseSyntheticEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { type FieldError as FormFieldError, useForm } from "react-hook-form";
import type { Screen } from "../../domain/messages";
import { type ThoughtForm, thoughtFormSchema } from "../../domain/thought";
import { focusIsLost, SCREEN_START } from "../routing/focus";
import { FieldError } from "../ui/FieldError";
import fields from "../ui/fields.module.css";
import panel from "../ui/panel.module.css";
import { BarFailure } from "./BarFailure";
import { DiscardDialog } from "./DiscardDialog";
import { EditorActions } from "./EditorActions";
import { LabelsInput } from "./LabelsInput";
import { ModelPicker } from "./ModelPicker";
import { SourceFields } from "./SourceFields";
import { reportServerError } from "./server-errors";
import styles from "./ThoughtEditor.module.css";
import { takeTypedAhead, typedFields } from "./typed-ahead";
import { useDiscardGuard } from "./useDiscardGuard";

interface ThoughtEditorProps {
  screen: Screen;
  title: string;
  initial: ThoughtForm;
  /**
   * Saves and leaves the screen; a rejection keeps the user on the form with everything typed. `choice` is
   * the value of the submit button pressed, when it has one (the edit conflict's choices).
   */
  onSave: (form: ThoughtForm, choice?: string) => Promise<void>;
  /** Leaves without saving; asked first ('Descartar alterações?') when the form has unsaved text. */
  onCancel: () => void;
  /**
   * Drawn inside the form above its bar (the edit conflict's choice, whose submit buttons save the form);
   * `leave` takes a way out without asking 'Descartar alterações?', the user having chosen to drop the text.
   */
  notice?: (leave: (go: () => void) => void) => ReactNode;
}

/** The value of the submit button that sent the form, if it has one. */
function choiceOf(event: BaseSyntheticEvent | undefined): string | undefined {
  const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
  return submitter instanceof HTMLButtonElement && submitter.value ? submitter.value : undefined;
}

/** The create and edit form: the same fields, rules and previews; the screen picks the messages' wording. */
export function ThoughtEditor({ screen, title, initial, onSave, onCancel, notice }: ThoughtEditorProps) {
  const schema = useMemo(() => thoughtFormSchema(screen), [screen]);
  const { register, handleSubmit, control, setError, setValue, getValues, formState } = useForm<ThoughtForm>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: initial,
  });
  // Dirty: the fields differ from what was loaded (edit) or from the empty form (create).
  const { errors, touchedFields, isValid, isDirty } = formState;
  const guard = useDiscardGuard(isDirty);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  // A ref, not state: two clicks in one frame both run before a re-render could disable the button.
  const inFlight = useRef(false);
  const ids = { title: useId(), content: useId(), author: useId() };
  const { ref: registerContent, ...contentField } = register("conteudo");
  const contentBox = useRef<HTMLTextAreaElement | null>(null);

  // As the form appears (a layout effect: before a key can reach the page between two frames).
  useLayoutEffect(() => {
    const box = contentBox.current;
    if (!box) return;
    // The keys typed since the shortcut that opened the form, before its code had arrived.
    // Each Tab among them moved on to the next field: the typing goes on in the last one reached.
    const held = takeTypedAhead();
    const typed = held ? typedFields(held) : [];
    let typingIn: HTMLInputElement | HTMLTextAreaElement = box;
    for (const [field, text] of typed) {
      setValue(field, getValues(field) + text, { shouldDirty: true, shouldValidate: true });
      const element = box.form?.elements.namedItem(field);
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) typingIn = element;
    }
    // An edit most often adds to the text, and typing goes on where it stopped: the caret at the end.
    if (screen === "edit" || typed.length > 0) {
      typingIn.setSelectionRange(typingIn.value.length, typingIn.value.length);
    }
    // Opened at its own address (a bookmark, a reload, a shortcut on a home screen) or by a key typed ahead,
    // the focus is nowhere: the text box (or the field the typing reached) takes it, as after a route change.
    if (focusIsLost()) typingIn.focus({ preventScroll: true });
  }, [screen, setValue, getValues]);

  const save = handleSubmit(async (form, event) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    // Saving leaves the form by itself: that way out is never asked about.
    guard.setSaving(true);
    setFailure(undefined);
    try {
      const choice = choiceOf(event);
      await (choice === undefined ? onSave(form) : onSave(form, choice));
    } catch (error) {
      inFlight.current = false;
      setSaving(false);
      guard.setSaving(false);
      setFailure(reportServerError(error, setError));
    }
  });

  function saveOnShortcut(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    // Like the disabled Salvar button: an invalid form sends nothing and shows no untouched field's message.
    if (isValid && !saving) void save();
  }

  const shown = (error: FormFieldError | undefined, touched: boolean | undefined) =>
    error && (touched || error.type === "server") ? error.message : undefined;
  const contentError = shown(errors.conteudo, touchedFields.conteudo);
  const authorError = shown(errors.autoria, touchedFields.autoria);

  return (
    <section className={`${panel.surface} ${styles.panel}`} aria-labelledby={ids.title}>
      <h1 id={ids.title} className={`${panel.heading} ${styles.title}`}>
        {title}
      </h1>
      <form className={styles.form} noValidate onSubmit={save} onKeyDown={saveOnShortcut}>
        <div className={fields.field}>
          <label htmlFor={ids.content} className={fields.label}>
            Pensamento
          </label>
          <textarea
            id={ids.content}
            className={`${fields.input} ${styles.content}`}
            rows={5}
            // A Hebrew or Arabic text is typed from the right, as it will read on the card.
            dir="auto"
            placeholder="Digite o pensamento"
            {...{ [SCREEN_START]: true }}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={contentError ? `${ids.content}-error` : undefined}
            {...contentField}
            ref={(box) => {
              registerContent(box);
              contentBox.current = box;
            }}
          />
          <FieldError id={`${ids.content}-error`} message={contentError} />
        </div>
        <div className={fields.field}>
          <label htmlFor={ids.author} className={fields.label}>
            Autoria ou fonte
          </label>
          <input
            id={ids.author}
            className={fields.input}
            type="text"
            autoComplete="off"
            dir="auto"
            placeholder="Digite a autoria ou fonte"
            aria-invalid={authorError ? true : undefined}
            aria-describedby={authorError ? `${ids.author}-error` : undefined}
            {...register("autoria")}
          />
          <FieldError id={`${ids.author}-error`} message={authorError} />
        </div>
        <SourceFields register={register} messageOf={(field) => shown(errors[field], touchedFields[field])} />
        <LabelsInput control={control} />
        <ModelPicker control={control} register={register} />
        {notice?.((go) => {
          guard.setSaving(true);
          go();
        })}
        <EditorActions
          failure={failure ? <BarFailure message={failure} onRetry={() => void save()} /> : undefined}
          valid={isValid}
          saving={saving}
          control={control}
          schema={schema}
          screen={screen}
          onCancel={() => guard.confirmLeave(onCancel)}
        />
      </form>
      {guard.asking ? <DiscardDialog onDiscard={guard.discard} onKeepEditing={guard.keepEditing} /> : null}
    </section>
  );
}
