import styled from 'styled-components';

// Pieces every layout shares: the skip link, the header bar and the main landmark.
export const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -48px;
  padding: 8px 16px;
  background: ${({ theme }) => theme.colors.primaryBlue};
  color: ${({ theme }) => theme.colors.onPrimary};
  border-radius: ${({ theme }) => theme.radii.md};
  z-index: 10;
  &:focus {
    top: 8px;
  }
`;

export const HeaderBar = styled.header`
  position: sticky;
  top: 0;
  z-index: 5;
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
`;

export const HeaderRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  min-height: 64px;
`;

export const Main = styled.main`
  flex: 1;
  &:focus {
    outline: none;
  }
`;

export const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;
