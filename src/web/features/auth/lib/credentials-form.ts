import type { FieldError, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import '@/lib/zod-jitless';
import { z } from 'zod';
import { CredentialsSchema } from '@contract/auth';
import { LIMITS } from '@contract/limits';

export type CredentialsMode = 'login' | 'register';

export interface CredentialsFormValues {
  username: string;
  password: string;
}

/** 'Empty credentials' reads 'Please fill in all fields' (docs/product.md#sign-in). */
export const EMPTY_FIELDS_MESSAGE = 'Please fill in all fields';
const EMPTY_FIELD_ERROR_TYPE = 'empty';

/**
 * The login form (docs/product.md#sign-in) checks the lengths only (a wrong guess is the server's to
 * judge). Registration checks every rule the server applies (CredentialsSchema), with the same
 * two messages for the lengths.
 */
export const loginFormSchema = z.object({
  username: z.string().trim().min(LIMITS.usernameMin, 'Username must be at least 3 characters'),
  password: z.string().min(LIMITS.passwordMin, 'Password must be at least 6 characters'),
});

/** The fields left empty. A username of spaces counts as empty; a password is taken as typed. */
export function emptyCredentialFields(values: CredentialsFormValues): (keyof CredentialsFormValues)[] {
  const empty: (keyof CredentialsFormValues)[] = [];
  if (!values.username?.trim()) empty.push('username');
  if (!values.password) empty.push('password');
  return empty;
}

/** Whether a field's error is the shared 'Please fill in all fields' one (shown once for the form). */
export function isEmptyFieldError(error: FieldError | undefined): boolean {
  return error?.type === EMPTY_FIELD_ERROR_TYPE;
}

/**
 * The submit handler (docs/product.md#sign-in) first checks both fields are filled ('Please fill in all
 * fields'); only then do the schema's messages apply. Empty fields are marked individually so
 * focus moves to the first one and each is flagged aria-invalid.
 */
export function credentialsResolver(mode: CredentialsMode): Resolver<CredentialsFormValues> {
  const schemaResolver = zodResolver(mode === 'login' ? loginFormSchema : CredentialsSchema) as Resolver<CredentialsFormValues>;
  return async (values, context, options) => {
    const empty = emptyCredentialFields(values);
    if (empty.length === 0) return schemaResolver(values, context, options);
    const error: FieldError = { type: EMPTY_FIELD_ERROR_TYPE, message: EMPTY_FIELDS_MESSAGE };
    return { values: {}, errors: Object.fromEntries(empty.map((name) => [name, error])) };
  };
}

/**
 * The first thing wrong with credentials sent to the sign-in page, in the words the form shows, or
 * null: what the route action checks when the form was sent without JavaScript.
 */
export function credentialsProblem(mode: CredentialsMode, values: CredentialsFormValues): string | null {
  if (emptyCredentialFields(values).length > 0) return EMPTY_FIELDS_MESSAGE;
  const checked = (mode === 'login' ? loginFormSchema : CredentialsSchema).safeParse(values);
  return checked.success ? null : (checked.error.issues[0]?.message ?? EMPTY_FIELDS_MESSAGE);
}
