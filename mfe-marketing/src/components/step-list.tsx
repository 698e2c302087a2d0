import styled from 'styled-components';
import { up } from 'shared-ui';
import type { Feature } from './feature-grid';

const Steps = styled.ol`
  display: grid;
  gap: 24px;
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
  ${up('md')} {
    grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  }
  li {
    counter-increment: step;
    position: relative;
    padding-top: 56px;
  }
  li::before {
    content: counter(step);
    position: absolute;
    top: 0;
    left: 0;
    display: grid;
    place-items: center;
    width: 40px;
    height: 40px;
    border-radius: 50%;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.onPrimary};
    background: ${({ theme }) => theme.colors.primaryBlue};
  }
  h3 {
    font-size: 1.125rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

/** Numbered steps, each with an h3 and a paragraph. */
export function StepList({ steps }: { steps: readonly Feature[] }) {
  return (
    <Steps>
      {steps.map((step) => (
        <li key={step.title}>
          <h3>{step.title}</h3>
          <p>{step.body}</p>
        </li>
      ))}
    </Steps>
  );
}
