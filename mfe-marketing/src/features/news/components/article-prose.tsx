import styled from 'styled-components';

/** Typography for article HTML rendered from our own markdown on the server. */
export const ArticleProse = styled.div`
  font-size: 1.0625rem;
  line-height: 1.75;
  overflow-wrap: break-word;
  h2,
  h3,
  h4 {
    margin: 2em 0 0.6em;
  }
  h2 {
    font-size: 1.625rem;
  }
  h3 {
    font-size: 1.3125rem;
  }
  p,
  ul,
  ol,
  blockquote,
  pre,
  table {
    margin: 0 0 1.25em;
  }
  ul,
  ol {
    padding-left: 1.5em;
  }
  li + li {
    margin-top: 0.4em;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryBlue};
    text-underline-offset: 2px;
  }
  blockquote {
    padding: 4px 0 4px 20px;
    border-left: 4px solid ${({ theme }) => theme.colors.secondaryCyan};
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.9em;
    padding: 2px 6px;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.lightGrey200};
  }
  pre {
    overflow-x: auto;
    padding: 16px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.divider};
  }
  pre code {
    padding: 0;
    background: none;
  }
  img {
    height: auto;
    border-radius: ${({ theme }) => theme.radii.md};
  }
  hr {
    margin: 2em 0;
    border: 0;
    border-top: 1px solid ${({ theme }) => theme.colors.divider};
  }
  table {
    display: block;
    overflow-x: auto;
    border-collapse: collapse;
  }
  th,
  td {
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.divider};
    text-align: left;
  }
`;
