import { screen } from '@testing-library/react';
import { deferred, errorReply, fakeApi, type FakeReply } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { ContactUsPage } from './contact-us-page';

const receipt = { id: 'ctc_42', createdAt: '2025-05-01T10:00:00.000Z' };

function renderContactPage(route = '/contact-us') {
  const view = renderPage(<ContactUsPage />, { route });
  const fields = {
    name: () => screen.getByLabelText('Your name'),
    email: () => screen.getByLabelText('E-mail address'),
    company: () => screen.getByLabelText(/^Company/),
    topic: () => screen.getByLabelText('What is it about?'),
    message: () => screen.getByLabelText('Message'),
  };
  const submit = () => screen.getByRole('button', { name: /Send message|Sending/ });
  async function fillIn() {
    await view.user.type(fields.name(), '  Jordan  ');
    await view.user.type(fields.email(), 'ops@fernhill.example');
    await view.user.selectOptions(fields.topic(), 'Plans and pricing');
    await view.user.type(fields.message(), 'We need a bot for three shops and five agents.');
  }
  return { ...view, fields, submit, fillIn };
}

describe('Contact form', () => {
  it("shows the schema's errors under each field and posts nothing", async () => {
    const { requests } = fakeApi(() => ({ status: 201, body: receipt }));
    const { user, fields, submit } = renderContactPage();

    await user.type(fields.email(), 'not-an-address');
    await user.type(fields.message(), 'Too short');
    await user.click(submit());

    expect(fields.name()).toHaveAttribute('aria-invalid', 'true');
    expect(fields.name()).toHaveAccessibleDescription('Please tell us your name');
    expect(fields.email()).toHaveAccessibleDescription('Please enter a valid e-mail address');
    expect(fields.topic()).toHaveAccessibleDescription('Please choose a topic');
    expect(fields.message()).toHaveAccessibleDescription(
      expect.stringContaining('Please write at least 10 characters'),
    );
    expect(fields.company()).not.toHaveAttribute('aria-invalid');
    expect(fields.name()).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('checks a field when it loses focus and clears the error once fixed', async () => {
    fakeApi(() => ({ status: 201, body: receipt }));
    const { user, fields } = renderContactPage();

    await user.type(fields.email(), 'jordan@');
    await user.tab();
    expect(fields.email()).toHaveAccessibleDescription('Please enter a valid e-mail address');
    expect(fields.name()).not.toHaveAttribute('aria-invalid');

    await user.type(fields.email(), 'fernhill.example');
    expect(fields.email()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter a valid e-mail address')).not.toBeInTheDocument();
  });

  it('posts the validated JSON, shows progress while sending, then a success message', async () => {
    const reply = deferred<FakeReply>();
    const { requests } = fakeApi(() => reply.promise);
    const { user, submit, fillIn } = renderContactPage();

    await fillIn();
    await user.click(submit());

    expect(submit()).toBeDisabled();
    expect(submit()).toHaveTextContent('Sending…');
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/marketing/contact',
        // Trimmed by the schema; the blank optional company is left out.
        body: {
          name: 'Jordan',
          email: 'ops@fernhill.example',
          topic: 'sales',
          message: 'We need a bot for three shops and five agents.',
        },
      },
    ]);

    reply.resolve({ status: 201, body: receipt });

    const heading = await screen.findByRole('heading', {
      name: 'Thanks, your message is on its way',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/Expect a reply at ops@fernhill.example/)).toBeInTheDocument();
    expect(screen.getByText('Your reference: ctc_42')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
  });

  it("shows the server's message and keeps what was typed when sending fails", async () => {
    const { requests } = fakeApi(() =>
      errorReply(
        429,
        'resource-exhausted',
        'Too many messages from this address. Try again in a minute.',
      ),
    );
    const { user, fields, submit, fillIn } = renderContactPage();

    await fillIn();
    await user.type(fields.company(), 'Fernhill Bikes');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many messages from this address. Try again in a minute.',
    );
    expect(fields.name()).toHaveValue('  Jordan  ');
    expect(fields.email()).toHaveValue('ops@fernhill.example');
    expect(fields.company()).toHaveValue('Fernhill Bikes');
    expect(fields.topic()).toHaveValue('sales');
    expect(fields.message()).toHaveValue('We need a bot for three shops and five agents.');
    expect(submit()).toBeEnabled();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({ company: 'Fernhill Bikes' });
  });

  it('opens with the topic from the link that led here', () => {
    fakeApi(() => ({ status: 201, body: receipt }));
    const { fields } = renderContactPage('/contact-us?topic=press');
    expect(fields.topic()).toHaveValue('press');
  });
});
