import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ColorModeProvider } from 'shared-ui';
import { TextField } from './field';
import { useSchemaForm, type FormSchema } from './use-schema-form';

const themed = (ui: ReactNode) => render(<ColorModeProvider>{ui}</ColorModeProvider>);

// Stands for a zod schema: a name is required.
const nameSchema: FormSchema<{ name: string }> = {
  safeParse: (input) => {
    const { name } = input as { name: string };
    return name.trim() === ''
      ? { success: false, error: { issues: [{ path: ['name'], message: 'Please enter a name' }] } }
      : { success: true, data: { name: name.trim() } };
  },
};

function NameForm({
  load,
  send,
}: {
  load: () => Promise<FormSchema<{ name: string }>>;
  send: (data: { name: string }) => Promise<void>;
}) {
  const { field, handleSubmit } = useSchemaForm({
    schema: load,
    initialValues: { name: '' },
    describeFailure: () => ({ message: 'Could not send' }),
    send,
  });
  return (
    <form noValidate onSubmit={handleSubmit}>
      <TextField label="Name" {...field('name')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useSchemaForm with a schema loaded on use', () => {
  it('loads the schema once, when a field is entered, not with the form', async () => {
    const load = jest.fn(async () => nameSchema);
    themed(<NameForm load={load} send={jest.fn()} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.tab();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
  });

  it('validates a submission with the loaded schema before sending', async () => {
    const send = jest.fn(async () => undefined);
    themed(<NameForm load={async () => nameSchema} send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' Ada ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ name: 'Ada' });
  });

  it('tries the load again after it failed', async () => {
    const load = jest
      .fn<Promise<FormSchema<{ name: string }>>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(nameSchema);
    const send = jest.fn(async () => undefined);
    themed(<NameForm load={load} send={send} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ name: 'Ada' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
