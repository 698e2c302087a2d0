import { fireEvent, render, screen } from '@testing-library/react';
import { ColorModeProvider } from 'shared-ui';
import { initialsOf, UserAvatar } from './user-avatar';

const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@fernhill.example' };

describe('UserAvatar', () => {
  it('shows initials from the name, else from the e-mail address', () => {
    expect(initialsOf(ada)).toBe('AL');
    expect(initialsOf({ firstName: ' ', lastName: '', email: 'grace@fernhill.example' })).toBe('G');
  });

  it('shows the photo, and the initials once the photo fails to load', () => {
    render(
      <ColorModeProvider>
        <UserAvatar {...ada} photoUrl="https://cdn.fernhill.example/ada.jpg" />
      </ColorModeProvider>,
    );
    const avatar = screen.getByTestId('user-avatar');
    const image = avatar.querySelector('img');
    expect(image).toHaveAttribute('src', 'https://cdn.fernhill.example/ada.jpg');
    expect(avatar).toHaveAttribute('aria-hidden', 'true');

    fireEvent.error(image as HTMLImageElement);
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar).toHaveTextContent('AL');
  });

  it('does not load addresses that are not web addresses', () => {
    render(
      <ColorModeProvider>
        <UserAvatar {...ada} photoUrl="javascript:alert(1)" />
      </ColorModeProvider>,
    );
    expect(screen.getByTestId('user-avatar').querySelector('img')).toBeNull();
  });
});
