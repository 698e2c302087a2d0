import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { initI18n } from '../i18n/setup';
import { ColorModeProvider } from '../theme/color-mode';
import { maxToasts, ToastProvider, useToast, type Toaster } from './toasts';

const captured: { toaster?: Toaster } = {};
function Capture() {
  const toaster = useToast();
  useEffect(() => {
    captured.toaster = toaster;
  }, [toaster]);
  return <button type="button">Elsewhere</button>;
}

function renderToasts() {
  initI18n();
  render(
    <MemoryRouter>
      <ColorModeProvider>
        <ToastProvider>
          <Capture />
        </ToastProvider>
      </ColorModeProvider>
    </MemoryRouter>,
  );
}

const show = (tone: keyof Toaster, message: string) => act(() => captured.toaster?.[tone](message));
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('toasts', () => {
  it('announces success as a status and an error as an alert, without taking focus', () => {
    renderToasts();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    show('success', 'Ticket resolved.');
    show('error', 'Cannot update user data');

    expect(screen.getByRole('status')).toHaveTextContent('Ticket resolved.');
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot update user data');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(elsewhere).toHaveFocus();
  });

  it('leaves after its time; an error stays longer than a success', () => {
    renderToasts();
    show('success', 'Saved.');
    show('error', 'Failed to store user data');
    advance(4_900);
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    advance(200);
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to store user data')).toBeInTheDocument();
    advance(5_000);
    expect(screen.queryByText('Failed to store user data')).not.toBeInTheDocument();
  });

  it('pauses while the pointer is over it, then resumes with the time that was left', () => {
    renderToasts();
    show('success', 'Saved.');
    advance(3_000);
    fireEvent.mouseEnter(screen.getByRole('status'));
    advance(60_000);
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('status'));
    advance(1_900);
    expect(screen.getByText('Saved.')).toBeInTheDocument();
    advance(200);
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('pauses while focus is inside it (its close button reached by keyboard)', () => {
    renderToasts();
    show('info', 'A colleague took this conversation.');
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).focus());
    advance(60_000);
    expect(screen.getByText('A colleague took this conversation.')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    advance(5_000);
    expect(screen.queryByText('A colleague took this conversation.')).not.toBeInTheDocument();
  });

  it('closes on its button, keeps a limited stack and does not repeat the same text', () => {
    renderToasts();
    for (let i = 1; i <= maxToasts + 2; i += 1) show('success', `Saved ${i}.`);
    show('success', `Saved ${maxToasts + 2}.`);
    const shown = screen.getAllByTestId('toast').map((toast) => toast.textContent);
    expect(shown).toHaveLength(maxToasts);
    expect(shown[0]).toContain('Saved 3.');
    expect(shown.at(-1)).toContain(`Saved ${maxToasts + 2}.`);

    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0]!);
    expect(screen.queryByText('Saved 3.')).not.toBeInTheDocument();
  });

  it('may lead to what the action made', () => {
    renderToasts();
    act(() =>
      captured.toaster?.success('Ticket created.', { label: 'Open the ticket', to: '/t/1' }),
    );
    expect(screen.getByRole('link', { name: 'Open the ticket' })).toHaveAttribute('href', '/t/1');
  });

  it('refuses to work outside a provider, so a page cannot lose its outcomes silently', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Capture />)).toThrow('useToast needs a ToastProvider above it');
  });
});
