// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { ConfirmAction } from './confirm-action';

afterEach(cleanup);

function show(onConfirm: (reason: string | null) => Promise<unknown>) {
  render(
    <ConfirmAction
      trigger={<Button>Hide</Button>}
      title="Hide this comment?"
      description="Readers will see that a moderator removed it."
      confirm="Hide comment"
      withReason
      reasonMax={20}
      onConfirm={onConfirm}
    />,
  );
  return userEvent.click(screen.getByRole('button', { name: 'Hide' }));
}

const reason = () => screen.getByLabelText('Reason (optional)') as HTMLTextAreaElement;
const confirm = () => userEvent.click(screen.getByRole('button', { name: 'Hide comment' }));

describe('a destructive action asked once more', () => {
  it('sends no reason when the field is left empty or blank, and closes', async () => {
    const onConfirm = vi.fn(async () => undefined);
    await show(onConfirm);
    await userEvent.type(reason(), '   ');
    await confirm();
    expect(onConfirm).toHaveBeenCalledWith(null);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('sends the reason without the spaces around it', async () => {
    const onConfirm = vi.fn(async () => undefined);
    await show(onConfirm);
    await userEvent.type(reason(), '  Off topic  ');
    await confirm();
    expect(onConfirm).toHaveBeenCalledWith('Off topic');
  });

  it('refuses a reason longer than the API takes, under the field, and sends nothing', async () => {
    const onConfirm = vi.fn(async () => undefined);
    await show(onConfirm);
    // Past the field's maxLength, as a script or an extension may fill it.
    fireEvent.change(reason(), { target: { value: 'x'.repeat(21) } });
    await confirm();
    expect(onConfirm).not.toHaveBeenCalled();
    const message = await screen.findByText('reason must be at most 20 characters');
    expect(reason().getAttribute('aria-invalid')).toBe('true');
    expect(reason().getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    await show(async () => {
      throw new Error('This comment is already hidden');
    });
    await confirm();
    expect((await screen.findByRole('alert')).textContent).toBe('This comment is already hidden');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(reason().getAttribute('aria-invalid')).toBeNull();
  });
});
