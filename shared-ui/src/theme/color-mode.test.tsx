import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColorModeSwitch } from '../components/color-mode-switch';
import { initI18n } from '../i18n/setup';
import { colorModeStorageKey, ColorModeProvider, useColorMode } from './color-mode';

initI18n();

function mockSystemDark(dark: boolean) {
  window.matchMedia = jest.fn().mockReturnValue({
    matches: dark,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  });
}

function ShownMode() {
  const { mode, preference } = useColorMode();
  return <output aria-label="mode">{`${preference}:${mode}`}</output>;
}

describe('colour mode (product-spec.md §1)', () => {
  beforeEach(() => window.localStorage.clear());

  it('follows the system by default and stores the user choice', async () => {
    mockSystemDark(true);
    const user = userEvent.setup();
    render(
      <ColorModeProvider>
        <ColorModeSwitch />
        <ShownMode />
      </ColorModeProvider>,
    );
    expect(screen.getByLabelText('mode')).toHaveTextContent('system:dark');
    expect(document.documentElement.dataset.colorMode).toBe('dark');

    // The radio itself is visually hidden; people click its label.
    await user.click(screen.getByText('Light'));
    expect(screen.getByLabelText('mode')).toHaveTextContent('light:light');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(window.localStorage.getItem(colorModeStorageKey)).toBe('light');
    expect(document.documentElement.dataset.colorMode).toBe('light');
  });

  it('starts from the stored preference', () => {
    mockSystemDark(false);
    window.localStorage.setItem(colorModeStorageKey, 'dark');
    render(
      <ColorModeProvider>
        <ShownMode />
      </ColorModeProvider>,
    );
    expect(screen.getByLabelText('mode')).toHaveTextContent('dark:dark');
  });

  it('shows a forced mode without changing the stored preference', () => {
    mockSystemDark(false);
    window.localStorage.setItem(colorModeStorageKey, 'light');
    render(
      <ColorModeProvider forcedMode="dark">
        <ShownMode />
      </ColorModeProvider>,
    );
    expect(screen.getByLabelText('mode')).toHaveTextContent('light:dark');
    expect(window.localStorage.getItem(colorModeStorageKey)).toBe('light');
  });
});
