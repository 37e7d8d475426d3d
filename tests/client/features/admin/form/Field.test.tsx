// The admin pages' field kit: each variant labelled, its hint and its error tied to it, and the busy submit button.
import { render, screen } from '@testing-library/react';
import { BusySubmit, Field } from '../../../../../src/client/features/admin/form/Field';

test('an input, a select and a textarea are each named by their label', () => {
  render(
    <form>
      <Field label="Email" type="email" value="" />
      <Field label="Role" value="author" options={<option value="author">Author</option>} />
      <Field label="Note" rows={3} value="" />
    </form>,
  );
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
  expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('author');
  expect(screen.getByRole('textbox', { name: 'Note' }).tagName).toBe('TEXTAREA');
});

test('the hint and the error describe the field, which is marked invalid only while there is an error', () => {
  const { rerender } = render(<Field label="Note" rows={3} value="" hint="Up to 2,000 characters." />);
  const field = screen.getByRole('textbox', { name: 'Note' });
  expect(field).toHaveAccessibleDescription('Up to 2,000 characters.');
  expect(field).not.toHaveAttribute('aria-invalid');
  rerender(<Field label="Note" rows={3} value="" hint="Up to 2,000 characters." error="A note needs 1 to 2,000." />);
  expect(field).toHaveAccessibleDescription('Up to 2,000 characters. A note needs 1 to 2,000.');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('alert')).toHaveTextContent('A note needs 1 to 2,000.');
});

test('the submit button says Processing... and waits while busy, with the buttons given after it', () => {
  render(
    <form>
      <BusySubmit busy label="Send request">
        <button type="button">Cancel</button>
      </BusySubmit>
    </form>,
  );
  expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
});
