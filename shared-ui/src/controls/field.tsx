import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';

const control = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  font: inherit;
  color: ${({ theme }) => theme.colors.textPrimary};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.red : theme.colors.stroke)};
  border-radius: ${({ theme }) => theme.radii.md};
  &::placeholder {
    color: ${({ theme }) => theme.colors.textDisabled};
  }
`;

const Input = styled.input<{ $invalid?: boolean }>`
  ${control}
`;
const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${control}
  min-height: 120px;
  resize: vertical;
`;
const Select = styled.select<{ $invalid?: boolean }>`
  ${control}
`;

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;
const Label = styled.label`
  font-weight: 600;
`;
const Hint = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;
const ErrorText = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.red};
`;

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  optionalText?: string;
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  optionalText,
  children,
}: FieldProps & { id: string; children: ReactNode }) {
  return (
    <Wrapper>
      <Label htmlFor={id}>
        {label}
        {optionalText ? <Hint> ({optionalText})</Hint> : null}
      </Label>
      {children}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </Wrapper>
  );
}

/** Splits a field's props into its frame's and its control's, wiring ids and ARIA. */
function useField<P extends FieldProps & { id?: string; 'aria-describedby'?: string }>(props: P) {
  const { label, error, hint, optionalText, id: givenId, ...rest } = props;
  const generated = useId();
  const id = givenId ?? generated;
  // The caller's own description (e.g. a password checklist) comes first, then hint and error.
  const describedBy = [rest['aria-describedby'], hint && `${id}-hint`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return {
    frame: { id, label, error, hint, optionalText },
    control: {
      ...rest,
      id,
      $invalid: Boolean(error),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <Input {...control} />
    </FieldFrame>
  );
}

export function TextAreaField(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <TextArea {...control} />
    </FieldFrame>
  );
}

export function SelectField(
  props: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode },
) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <Select {...control} />
    </FieldFrame>
  );
}
