import styled from 'styled-components';

/**
 * One text field and its button on a line (the website address, the question to try), the
 * button level with the field's input below its label; they wrap on a narrow screen.
 */
export const InlineForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: start;
  gap: 12px 16px;
  > :first-child {
    flex: 1 1 320px;
  }
  > button {
    margin-top: 30px;
  }
`;
