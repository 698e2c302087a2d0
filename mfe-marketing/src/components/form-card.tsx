import styled from 'styled-components';
import { Card, up } from 'shared-ui';

/** The card a page's form sits in, with room between its fields. */
export const FormCard = styled(Card)`
  padding: 20px;
  ${up('md')} {
    padding: 32px;
  }
  form {
    display: grid;
    gap: 20px;
  }
  h2 {
    font-size: 1.5rem;
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

/** A form beside its explanatory aside on wide screens. */
export const FormLayout = styled.div`
  display: grid;
  gap: 40px;
  padding: 48px 0 64px;
  ${up('lg')} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }
`;
