import styled from 'styled-components';
import { Card, up } from 'shared-ui';

/**
 * A settings page's content column. The shell's side-menu layout draws the menu, the header and
 * the main landmark around it.
 */
export const PageBody = styled.div`
  display: grid;
  gap: 24px;
  width: 100%;
  max-width: 880px;
  padding: 24px 16px 48px;
  ${up('md')} {
    padding: 32px 32px 64px;
  }
`;

/** A card holding one section of a page: a heading, then a form or details. */
export const SectionCard = styled(Card)`
  display: grid;
  gap: 20px;
  padding: 20px 16px;
  min-width: 0;
  ${up('sm')} {
    padding: 24px;
  }
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  form {
    display: grid;
    gap: 20px;
  }
`;

/** Two fields side by side on wider screens, stacked on phones. */
export const FieldRow = styled.div`
  display: grid;
  gap: 20px;
  ${up('sm')} {
    grid-template-columns: 1fr 1fr;
  }
`;

/** The row of a form's buttons, wrapping on narrow screens. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;
