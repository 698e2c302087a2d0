import { screen } from '@testing-library/react';
import { errorReply, fakeApi } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { GetADemoPage } from './get-a-demo-page';

const receipt = { id: 'demo_7', createdAt: '2025-05-01T10:00:00.000Z' };

function renderDemoPage() {
  const view = renderPage(<GetADemoPage />, { route: '/get-a-demo' });
  const fields = {
    firstName: () => screen.getByLabelText('First name'),
    lastName: () => screen.getByLabelText('Last name'),
    email: () => screen.getByLabelText('Work e-mail'),
    company: () => screen.getByLabelText('Company'),
    companySize: () => screen.getByLabelText('Company size'),
    phone: () => screen.getByLabelText(/^Phone/),
    message: () => screen.getByLabelText(/^What should the demo cover/),
  };
  const submit = () => screen.getByRole('button', { name: /Request demo|Sending/ });
  async function fillIn() {
    await view.user.type(fields.firstName(), 'Sam');
    await view.user.type(fields.lastName(), 'Okafor');
    await view.user.type(fields.email(), 'support-lead@cedarlane.example');
    await view.user.type(fields.company(), 'Cedar Lane Dental');
    await view.user.selectOptions(fields.companySize(), '51–200 employees');
  }
  return { ...view, fields, submit, fillIn };
}

describe('Demo request form', () => {
  it("shows the schema's errors under each invalid field and posts nothing", async () => {
    const { requests } = fakeApi(() => ({ status: 201, body: receipt }));
    const { user, fields, submit } = renderDemoPage();

    await user.type(fields.email(), 'sam at cedarlane');
    await user.type(fields.phone(), 'call me maybe');
    await user.click(submit());

    expect(fields.firstName()).toHaveAccessibleDescription('Please tell us your first name');
    expect(fields.lastName()).toHaveAccessibleDescription('Please tell us your last name');
    expect(fields.email()).toHaveAccessibleDescription('Please enter a valid work e-mail address');
    expect(fields.company()).toHaveAccessibleDescription('Please tell us your company');
    expect(fields.companySize()).toHaveAccessibleDescription('Please choose your company size');
    expect(fields.phone()).toHaveAccessibleDescription(
      expect.stringContaining('Phone numbers may contain digits, spaces and + ( ) . -'),
    );
    expect(fields.message()).not.toHaveAttribute('aria-invalid');
    expect(fields.firstName()).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('checks a field when it loses focus', async () => {
    fakeApi(() => ({ status: 201, body: receipt }));
    const { user, fields } = renderDemoPage();
    await user.click(fields.company());
    await user.tab();
    expect(fields.company()).toHaveAccessibleDescription('Please tell us your company');
  });

  it('posts the request and shows a success message', async () => {
    const { requests } = fakeApi(() => ({ status: 201, body: receipt }));
    const { user, fields, submit, fillIn } = renderDemoPage();

    await fillIn();
    await user.type(fields.phone(), '+1 (555) 010-2030');
    await user.click(submit());

    expect(
      await screen.findByRole('heading', { name: 'Thanks, Sam. Your demo request is in' }),
    ).toHaveFocus();
    expect(screen.getByText('Your reference: demo_7')).toBeInTheDocument();
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/marketing/demo-requests',
        body: {
          firstName: 'Sam',
          lastName: 'Okafor',
          email: 'support-lead@cedarlane.example',
          company: 'Cedar Lane Dental',
          companySize: '51-200',
          phone: '+1 (555) 010-2030',
        },
      },
    ]);
  });

  it("shows the server's message and keeps the form filled in when the request fails", async () => {
    fakeApi(() => errorReply(400, 'invalid-argument', 'body/email must be a work address'));
    const { user, fields, submit, fillIn } = renderDemoPage();

    await fillIn();
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('body/email must be a work address');
    expect(fields.firstName()).toHaveValue('Sam');
    expect(fields.companySize()).toHaveValue('51-200');
    expect(submit()).toBeEnabled();
  });
});
