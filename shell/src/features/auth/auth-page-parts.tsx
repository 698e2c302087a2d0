import styled from 'styled-components';

export const AuthForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export const AuthTitle = styled.h1`
  font-size: 1.5rem;
`;

export const AuthLead = styled.p`
  color: ${({ theme }) => theme.colors.textSecondary};
`;

export const AuthFooter = styled.p`
  margin: 8px 0 0;
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;
