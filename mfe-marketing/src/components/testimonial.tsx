import styled from 'styled-components';

const Figure = styled.figure`
  margin: 0;
  padding: 24px;
  border-left: 4px solid ${({ theme }) => theme.colors.primaryGreen};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: 0 ${({ theme }) => theme.radii.md} ${({ theme }) => theme.radii.md} 0;
  blockquote {
    margin: 0 0 12px;
    font-size: 1.125rem;
  }
  figcaption {
    font-size: 0.9375rem;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

/** A customer quote, attributed to a role at a business (never to a named person). */
export function Testimonial({ quote, attribution }: { quote: string; attribution: string }) {
  return (
    <Figure>
      <blockquote>
        <p>“{quote}”</p>
      </blockquote>
      <figcaption>— {attribution}</figcaption>
    </Figure>
  );
}
