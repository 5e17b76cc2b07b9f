import { describe, expect, it } from 'vitest';
import { credentialsResolver, EMPTY_FIELDS_MESSAGE, emptyCredentialFields, type CredentialsMode } from './credentials-form';

async function validate(mode: CredentialsMode, username: string, password: string) {
  const result = await credentialsResolver(mode)({ username, password }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return {
    values: result.values,
    messages: Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message])),
  };
}

describe('emptyCredentialFields', () => {
  it('lists the fields left empty', () => {
    expect(emptyCredentialFields({ username: '', password: '' })).toEqual(['username', 'password']);
    expect(emptyCredentialFields({ username: '   ', password: 'secret1' })).toEqual(['username']);
    expect(emptyCredentialFields({ username: 'ann', password: '' })).toEqual(['password']);
    expect(emptyCredentialFields({ username: 'ann', password: ' ' })).toEqual([]);
  });
});

describe.each<CredentialsMode>(['login', 'register'])('the %s form', (mode) => {
  it("says 'Please fill in all fields' instead of the schema messages when a field is empty", async () => {
    expect((await validate(mode, '', '')).messages).toEqual({ username: EMPTY_FIELDS_MESSAGE, password: EMPTY_FIELDS_MESSAGE });
    expect((await validate(mode, 'a', '')).messages).toEqual({ password: EMPTY_FIELDS_MESSAGE });
  });

  it("uses the product's length messages once both fields are filled", async () => {
    expect((await validate(mode, 'ab', '12345')).messages).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
  });

  it('passes valid credentials through, the username trimmed', async () => {
    expect(await validate(mode, '  ann  ', 'secret1')).toEqual({ values: { username: 'ann', password: 'secret1' }, messages: {} });
  });
});

describe('the register form', () => {
  it('applies the server rules the login form leaves to the server', async () => {
    expect((await validate('register', 'ann smith', 'secret1')).messages).toEqual({
      username: 'Username may contain only letters, digits, _ . and -',
    });
    expect((await validate('login', 'ann smith', 'secret1')).messages).toEqual({});
  });
});
