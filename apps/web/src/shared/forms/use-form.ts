import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldError, type FieldValues, type Path, type PathValue, type Resolver, useForm as useHookForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

/** A field's error: a message key of the feature (translated at render) or a text from the server. */
export type FieldErrorValue<K extends string = string> = K | { text: string };
export type FieldErrors<V, K extends string = string> = Partial<Record<keyof V & string, FieldErrorValue<K>>>;

/** A form's rules: the contract's schema for its values, and the message a refused field shows. */
export interface FormRules<V, K extends string = string> {
  /** Built in the feature's `forms.ts` from the contract's request schemas (decision record 0074). */
  schema: z.ZodType<unknown, V>;
  /** The message key of a field the schema refused, from its value and the schema's message. */
  explain: (field: keyof V & string, value: unknown, issueMessage: string | undefined) => K;
}

/** Errors set by the page itself rather than the schema: a server's answer, or a rule only the page knows. */
const SERVER = 'server';
const KEY = 'key';

/**
 * Form state on react-hook-form: values, per-field errors from the contract schema (`rules`), a
 * form-level error (the failed call, shown with `errorText`), a pending flag, and focus moved to
 * the first invalid field after a failed submit. Inputs stay controlled by the page (`set`), so the
 * field components keep their props; an edited field drops its error until the next submit.
 */
export function useForm<V extends FieldValues, K extends string = string>(initial: V | (() => V), rules?: FormRules<V, K>) {
  const [defaults] = useState<V>(initial);
  // The schema may depend on the page's state (a captcha that appears): read at every submit.
  const rulesRef = useRef(rules);
  useEffect(() => {
    rulesRef.current = rules;
  });
  const resolver = useCallback(
    async (values: V, context: unknown, options: Parameters<Resolver<V>>[2]) => {
      const schema = rulesRef.current?.schema;
      if (!schema) return { values, errors: {} };
      // The page submits what it typed; the schema's trimming is for checking only.
      const result = await zodResolver(schema as never)(values, context, options as never);
      return Object.keys(result.errors).length ? result : { values, errors: {} };
    },
    [],
  ) as unknown as Resolver<V>;
  const form = useHookForm<V>({ defaultValues: defaults as DefaultValues<V>, resolver, mode: 'onSubmit', shouldFocusError: false });
  const { control, setValue, setError, clearErrors, getValues, formState } = form;
  const values = useWatch({ control }) as V;
  const [formError, setFormError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  // A callback ref kept in state (not a ref object), so the form's parts can be read in render.
  const [formElement, attachForm] = useState<HTMLFormElement | null>(null);

  // After a submit (its errors are published with the submit count) or an error set by the page.
  const { submitCount } = formState;
  useEffect(() => {
    if (attempt === 0 && submitCount === 0) return;
    formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, submitCount, formElement]);

  const set = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValue(name as unknown as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
      clearErrors(name as unknown as Path<V>);
    },
    [setValue, clearErrors],
  );

  const setValues = useCallback(
    (next: V | ((prev: V) => V)) => {
      const resolved = typeof next === 'function' ? next(getValues()) : next;
      for (const [name, value] of Object.entries(resolved)) setValue(name as unknown as Path<V>, value as PathValue<V, Path<V>>);
    },
    [getValues, setValue],
  );

  const setFieldError = useCallback(
    (name: keyof V & string, error: FieldErrorValue<K> | null) => {
      if (error === null) return clearErrors(name as unknown as Path<V>);
      setError(name as unknown as Path<V>, typeof error === 'string' ? { type: KEY, message: error } : { type: SERVER, message: error.text });
      setAttempt((n) => n + 1);
    },
    [setError, clearErrors],
  );

  /** Replaces the field errors with the page's own and moves focus to the first invalid field. */
  const setErrors = useCallback(
    (next: FieldErrors<V, K>) => {
      clearErrors();
      for (const [name, error] of Object.entries(next)) if (error) setFieldError(name, error as FieldErrorValue<K>);
    },
    [clearErrors, setFieldError],
  );

  const errors: FieldErrors<V, K> = {};
  for (const [name, error] of Object.entries(formState.errors) as Array<[keyof V & string, FieldError | undefined]>) {
    if (!error) continue;
    if (error.type === SERVER) errors[name] = { text: error.message ?? '' };
    else if (error.type === KEY) errors[name] = error.message as K;
    else if (rules) errors[name] = rules.explain(name, values[name], error.message);
  }

  /**
   * Checks some fields against the schema now (before sending a code to the number typed, say),
   * showing their errors; whether they all passed.
   */
  const check = useCallback(
    (names: ReadonlyArray<keyof V & string>): boolean => {
      const schema = rulesRef.current?.schema;
      if (!schema) return true;
      const result = schema.safeParse(getValues());
      if (result.success) return true;
      let ok = true;
      for (const name of names) {
        const issue = result.error.issues.find((i) => i.path[0] === name);
        if (!issue) continue;
        setError(name as unknown as Path<V>, { type: issue.code, message: issue.message });
        ok = false;
      }
      if (!ok) setAttempt((n) => n + 1);
      return ok;
    },
    [getValues, setError],
  );

  /**
   * A submit handler: prevents the default, checks the values against the schema (focusing the
   * first invalid field), clears the previous form error, and runs `run` with the pending flag
   * set; a thrown error becomes the form error.
   */
  const handleSubmit = useCallback(
    (run: (values: V) => Promise<void> | void) =>
      (event?: FormEvent): void => {
        event?.preventDefault();
        if (formState.isSubmitting) return;
        setFormError(null);
        // Every failure lands in formError, so the promise never rejects and the handler stays void.
        void form.handleSubmit(
          async (checked) => {
            try {
              await run(checked);
            } catch (error) {
              setFormError(error);
            }
          },
        )();
      },
    [form, formState.isSubmitting],
  );

  return { values, setValues, set, check, errors, setErrors, setFieldError, formError, setFormError, pending: formState.isSubmitting, handleSubmit, attachForm };
}
