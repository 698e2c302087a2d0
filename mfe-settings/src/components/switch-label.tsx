import styled from 'styled-components';

/** A checkbox with its label on one line, the box sized to the text (the settings' on/off switches). */
export const SwitchLabel = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  input {
    width: 1.25rem;
    height: 1.25rem;
  }
`;
