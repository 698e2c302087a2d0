import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColorModeProvider } from 'shared-ui';
import { FileButton } from './file-button';

function renderButton(onFiles: (files: File[]) => void, disabled = false) {
  render(
    <ColorModeProvider>
      <FileButton onFiles={onFiles} multiple disabled={disabled}>
        Attach files
      </FileButton>
    </ColorModeProvider>,
  );
  return screen.getByLabelText<HTMLInputElement>('Attach files');
}

describe('FileButton', () => {
  it('is a labelled file input that hands over the chosen files and clears itself', async () => {
    const onFiles = jest.fn();
    const input = renderButton(onFiles);
    const photo = new File(['png'], 'photo.png', { type: 'image/png' });
    const invoice = new File(['pdf'], 'invoice.pdf', { type: 'application/pdf' });

    expect(input).toHaveAttribute('type', 'file');
    await userEvent.upload(input, [photo, invoice]);

    expect(onFiles).toHaveBeenCalledWith([photo, invoice]);
    // Cleared, so that choosing the same file again is a change too.
    expect(input.value).toBe('');
  });

  it('is reached by Tab', async () => {
    const input = renderButton(jest.fn());
    await userEvent.tab();
    expect(input).toHaveFocus();
  });

  it('takes no files while disabled', async () => {
    const onFiles = jest.fn();
    const input = renderButton(onFiles, true);
    expect(input).toBeDisabled();

    await userEvent.upload(input, new File(['x'], 'x.txt'));
    expect(onFiles).not.toHaveBeenCalled();
  });
});
