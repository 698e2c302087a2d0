import { render, within } from '@testing-library/react';
import { ColorModeProvider } from 'shared-ui';
import { FieldList } from './field-list';

describe('FieldList', () => {
  it('pairs each term with its value, in order, under its label', () => {
    const { container } = render(
      <ColorModeProvider>
        <FieldList
          aria-label="Form"
          layout="compact"
          items={[
            ['Order number', 'FB-1042'],
            ['Carrier', <a href="https://carrier.example">Parcelforce</a>],
          ]}
        />
      </ColorModeProvider>,
    );
    const list = container.querySelector('dl') as HTMLElement;
    expect(list).toHaveAttribute('aria-label', 'Form');
    const terms = within(list)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(list)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Order number', 'Carrier']);
    expect(values).toEqual(['FB-1042', 'Parcelforce']);
    expect(within(list).getByRole('link', { name: 'Parcelforce' })).toBeInTheDocument();
  });
});
