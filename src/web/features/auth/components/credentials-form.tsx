import { useId, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  credentialsResolver,
  EMPTY_FIELDS_MESSAGE,
  isEmptyFieldError,
  type CredentialsFormValues,
  type CredentialsMode,
} from '../lib/credentials-form';
import { useAuth } from './auth-provider';

const COPY = {
  login: { submit: 'Login', pending: 'Logging in…', passwordAutoComplete: 'current-password' },
  register: { submit: 'Register', pending: 'Registering…', passwordAutoComplete: 'new-password' },
} as const;

/** The Login or the Register form of the auth page (spec 1 section 2): Username, Password, submit. */
export function CredentialsForm({ mode }: { mode: CredentialsMode }) {
  const { login, register } = useAuth();
  const id = useId();
  const form = useForm<CredentialsFormValues>({
    resolver: credentialsResolver(mode),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const someFieldEmpty = isEmptyFieldError(errors.username) || isEmptyFieldError(errors.password);
  const copy = COPY[mode];

  const onSubmit = form.handleSubmit(async (values) => {
    await (mode === 'login' ? login(values) : register(values));
  });

  return (
    <Form onSubmit={onSubmit} noValidate className="grid gap-4">
      {someFieldEmpty && (
        <p role="alert" id={`${id}-form-error`} className="text-sm font-medium text-destructive">
          {EMPTY_FIELDS_MESSAGE}
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
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting && <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
        {isSubmitting ? copy.pending : copy.submit}
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
