import styled from 'styled-components';
import { Card, up } from 'shared-ui';

/** A chat takeover page's content. The shell's dashboard layout draws the header and main landmark. */
export const PageBody = styled.div`
  display: grid;
  gap: 24px;
  width: 100%;
  min-width: 0;
`;

/** A card holding one section of a page. */
export const SectionCard = styled(Card)`
  display: grid;
  gap: 16px;
  padding: 16px;
  min-width: 0;
  ${up('sm')} {
    padding: 20px;
  }
  h2,
  h3 {
    margin: 0;
    font-size: 1.125rem;
  }
`;
