import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ColorModeProvider } from 'shared-ui';
import { ConfirmDialog } from './confirm-dialog';

function Example({ onConfirm = jest.fn(), busy = false, error = '' }) {
  const [open, setOpen] = useState(false);
  return (
    <ColorModeProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Delete product
      </button>
      <ConfirmDialog
        open={open}
        destructive
        title="Delete Trail bike?"
        confirmLabel="Delete Trail bike"
        cancelLabel="Cancel"
        busy={busy}
        busyLabel="Deleting…"
        error={error || undefined}
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      >
        <p>It disappears from the catalogue at once.</p>
      </ConfirmDialog>
    </ColorModeProvider>
  );
}

async function openDialog(props: Parameters<typeof Example>[0] = {}) {
  const user = userEvent.setup();
  render(<Example {...props} />);
  const opener = screen.getByRole('button', { name: 'Delete product' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('alertdialog') };
}

describe('ConfirmDialog', () => {
  it('is a labelled modal that moves focus to the least destructive choice', async () => {
    const { dialog, opener } = await openDialog();

    expect(dialog).toHaveAccessibleName('Delete Trail bike?');
    expect(dialog).toHaveAccessibleDescription('It disappears from the catalogue at once.');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // The page behind it takes no focus or clicks.
    expect(opener.closest('[inert]')).not.toBeNull();
  });

  it('keeps Tab inside, and Escape cancels and gives focus back', async () => {
    const { user, dialog, opener } = await openDialog();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete Trail bike' });

    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(opener.closest('[inert]')).toBeNull();
  });

  it('confirms with the button that says what it does', async () => {
    const onConfirm = jest.fn();
    const { user, dialog } = await openDialog({ onConfirm });

    await user.click(within(dialog).getByRole('button', { name: 'Delete Trail bike' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('ignores both buttons and Escape while busy, and shows an error inside', async () => {
    const onConfirm = jest.fn();
    const { user, dialog } = await openDialog({ onConfirm, busy: true, error: 'Not allowed' });

    const confirm = within(dialog).getByRole('button', { name: 'Deleting…' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    await user.click(confirm);
    await user.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not allowed');
  });
});
