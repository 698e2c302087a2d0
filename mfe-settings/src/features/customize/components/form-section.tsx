import { useId, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ChatbotFormField, ChatbotFormValues } from './chatbot-form-values';

/** What each section of the chatbot form gets of the one form state (useSchemaForm's). */
export interface SectionProps {
  values: ChatbotFormValues;
  field: (name: ChatbotFormField) => {
    name: string;
    value: string;
    error?: string;
    onChange: (
      event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
    ) => void;
    onBlur: () => void;
  };
  setValue: (name: ChatbotFormField, value: string) => void;
}

const Section = styled.section`
  display: grid;
  gap: 16px;
  padding-top: 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  h3 {
    margin: 0;
    font-size: 1.0625rem;
  }
  p {
    margin: 0;
  }
`;

/** One titled part of the chatbot form, with a line saying what it is for. */
export function FormSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <p>{lead}</p>
      {children}
    </Section>
  );
}
