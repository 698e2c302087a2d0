import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from 'shared-ui';
import { SelectField, TextField } from './field';

const themed = (ui: ReactNode) => render(<ColorModeProvider>{ui}</ColorModeProvider>);

describe('form fields', () => {
  it('labels the control and ties the hint and error to it', () => {
    themed(<TextField label="E-mail" hint="We reply here" error="Please enter a valid e-mail" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We reply here Please enter a valid e-mail');
  });

  it('is not marked invalid without an error', () => {
    themed(
      <SelectField label="Topic" defaultValue="sales">
        <option value="sales">Sales</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Topic' });
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select).toHaveValue('sales');
  });
});
