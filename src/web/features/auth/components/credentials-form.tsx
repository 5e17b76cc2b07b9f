import { useEffect, useId, type ReactNode } from 'react';
import { Form, useActionData, useNavigation, useSubmit } from 'react-router';
import { useForm, type FieldError } from 'react-hook-form';
import { Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useHydrated } from '@/lib/use-hydrated';
import { usePagePreferences } from '@/lib/page-preferences';
import { refusalNotice } from '../lib/auth-errors';
import {
  credentialsResolver,
  EMPTY_FIELDS_MESSAGE,
  isEmptyFieldError,
  type CredentialsFormValues,
  type CredentialsMode,
} from '../lib/credentials-form';
import type { CredentialsActionResult } from '../api/credentials-action';

const COPY = {
  login: { submit: 'Login', pending: 'Logging in…', passwordAutoComplete: 'current-password' },
  register: { submit: 'Register', pending: 'Registering…', passwordAutoComplete: 'new-password' },
} as const;

/**
 * The Login or the Register form of the auth page (docs/product.md#sign-in): Username, Password, submit.
 * A POST to the page's route action (credentials-action.ts): checked here first once the app runs,
 * and sent as a plain form before that or with JavaScript off, so what is typed is never lost and
 * never lands in an address. No default values: a field typed in before the app started keeps its
 * text when react-hook-form registers it.
 */
export function CredentialsForm({ mode }: { mode: CredentialsMode }) {
  const id = useId();
  const form = useForm<CredentialsFormValues>({ resolver: credentialsResolver(mode) });
  const { errors } = form.formState;
  const submit = useSubmit();
  const navigation = useNavigation();
  const refused = useActionData() as CredentialsActionResult | undefined;
  const refusal = refused?.intent === mode ? refused : undefined;
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === mode;
  const someFieldEmpty = isEmptyFieldError(errors.username) || isEmptyFieldError(errors.password);
  const copy = COPY[mode];

  // A refused attempt also shows the 'Login failed' or 'Registration failed' toast
  // ('Account suspended' for a suspension, which is no failure of the form).
  const { timeZone } = usePagePreferences();
  const notice = refusal ? refusalNotice(mode, refusal.error, timeZone) : undefined;
  useEffect(() => {
    if (refusal) toast({ variant: 'destructive', ...refusalNotice(mode, refusal.error, timeZone) });
  }, [refusal, mode, timeZone]);

  const onSubmit = form.handleSubmit((_values, event) => {
    const element = event?.target;
    if (element instanceof HTMLFormElement) void submit(element, { method: 'post' });
  });

  // A refusal is the toast's to tell once the app runs; before that (no JavaScript) the form says it.
  const hydrated = useHydrated();
  const formError = someFieldEmpty ? EMPTY_FIELDS_MESSAGE : !hydrated && Object.keys(errors).length === 0 ? notice?.description : undefined;
  return (
    <Form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
      <input type="hidden" name="intent" value={mode} />
      {formError && (
        <p role="alert" id={`${id}-form-error`} className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <Field
        id={`${id}-username`}
        label="Username"
        error={errors.username}
        formErrorId={someFieldEmpty ? `${id}-form-error` : undefined}
      >
        {(describedBy) => (
          <Input
            id={`${id}-username`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={describedBy}
            defaultValue={refusal?.username}
            {...form.register('username')}
          />
        )}
      </Field>
      <Field
        id={`${id}-password`}
        label="Password"
        error={errors.password}
        formErrorId={someFieldEmpty ? `${id}-form-error` : undefined}
      >
        {(describedBy) => (
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete={copy.passwordAutoComplete}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy}
            {...form.register('password')}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting && <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
        {submitting ? copy.pending : copy.submit}
      </Button>
    </Form>
  );
}

/** A labelled field with its own error message; the shared empty-fields message is shown once, above. */
function Field({
  id,
  label,
  error,
  formErrorId,
  children,
}: {
  id: string;
  label: string;
  error: FieldError | undefined;
  formErrorId: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const ownMessage = error && !isEmptyFieldError(error) ? error.message : undefined;
  const messageId = `${id}-message`;
  const describedBy = [ownMessage ? messageId : undefined, error && formErrorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy)}
      {ownMessage && (
        <p id={messageId} className="text-sm text-destructive">
          {ownMessage}
        </p>
      )}
    </div>
  );
}
