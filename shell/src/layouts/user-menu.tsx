import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { session } from 'shared-sdk';
import { useSession } from 'shared-ui';
import '../i18n/dashboard';

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 0 12px 0 4px;
  font: inherit;
  color: ${({ theme }) => theme.colors.textPrimary};
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.stroke};
  border-radius: ${({ theme }) => theme.radii.pill};
  cursor: pointer;
`;

const Avatar = styled.span`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  font-size: 0.8125rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.darkNavy};
  background: ${({ theme }) => theme.colors.secondaryMint};
`;

const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: 20;
  min-width: 220px;
  margin: 0;
  padding: 8px;
  list-style: none;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: 0 8px 24px rgb(0 0 0 / 16%);
  a,
  button {
    display: block;
    width: 100%;
    padding: 8px 12px;
    text-align: left;
    font: inherit;
    color: ${({ theme }) => theme.colors.textPrimary};
    background: transparent;
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    text-decoration: none;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const Email = styled.li`
  padding: 4px 12px 8px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
  overflow-wrap: anywhere;
`;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?';

/** The signed-in user's menu: my account, help, sign out (product-spec.md §4 clears session and stores). */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !wrapper.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, [open]);

  const signOut = async () => {
    setOpen(false);
    await session().signOut();
    navigate('/login', { replace: true });
  };

  const name = user?.fullName || user?.email || '';
  return (
    <Wrapper ref={wrapper}>
      <Trigger
        type="button"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar aria-hidden="true">{initials(name)}</Avatar>
        <span>{t('dashboard.userMenu.label')}</span>
      </Trigger>
      {open ? (
        <Menu id="user-menu">
          <Email>{user?.email}</Email>
          <li>
            <Link to="/dashboard/my-account" onClick={() => setOpen(false)}>
              {t('dashboard.userMenu.myAccount')}
            </Link>
          </li>
          <li>
            <Link to="/dashboard/help" onClick={() => setOpen(false)}>
              {t('dashboard.userMenu.help')}
            </Link>
          </li>
          <li>
            <button type="button" onClick={() => void signOut()}>
              {t('dashboard.userMenu.signOut')}
            </button>
          </li>
        </Menu>
      ) : null}
    </Wrapper>
  );
}
