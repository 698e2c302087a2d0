import { useId, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, type ButtonVariant } from 'shared-ui';

/** The real control: out of sight but focusable; its label next to it looks like a button. */
const FileInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
  opacity: 0;
  &:focus-visible + label {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
  &:disabled + label {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export interface FileButtonProps {
  /** The button's text (the file input's label). */
  children: ReactNode;
  /** Called with the chosen files; the input is cleared after, so the same file counts again. */
  onFiles: (files: File[]) => void;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  variant?: ButtonVariant;
  'aria-describedby'?: string;
}

/**
 * A file picker that looks like a button: a native file input (keyboard and screen readers use
 * it as any file input) with a styled label.
 */
export function FileButton({
  children,
  onFiles,
  accept,
  multiple,
  disabled,
  variant = 'secondary',
  'aria-describedby': describedBy,
}: FileButtonProps) {
  const id = useId();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <FileInput
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={change}
      />
      <Button as="label" htmlFor={id} $variant={variant}>
        {children}
      </Button>
    </>
  );
}
