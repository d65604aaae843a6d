import { type FieldErrorValue as FieldErrorOf, type FormRules, useForm as useRulesForm } from '../../../shared/forms/use-form';
import type { ValidationKey } from '../lib/validate';

/** A field's error in the account forms: a `validation.*` key of the auth namespace, or a server's text. */
export type FieldErrorValue = FieldErrorOf<ValidationKey>;
export type AuthFormRules<V> = FormRules<V, ValidationKey>;

/** The shared form hook with the account forms' messages. */
export function useForm<V extends Record<string, unknown>>(initial: V | (() => V), rules?: AuthFormRules<V>) {
  return useRulesForm<V, ValidationKey>(initial, rules);
}
