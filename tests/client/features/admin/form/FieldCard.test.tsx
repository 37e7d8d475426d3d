import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldCard } from '../../../../../src/client/features/admin/form/FieldCard';
import type { FieldSpec } from '../../../../../src/client/features/admin/form/FieldCard';

type Name = 'icon' | 'title' | 'notes' | 'photo';

const FIELDS: readonly FieldSpec<Name>[] = [
  { kind: 'icon', name: 'icon', label: 'Icon', options: ['Star', 'Bell'] },
  { name: 'title', label: 'Title', required: true, maxLength: 20, className: 'wide' },
  { name: 'notes', label: 'Notes', multiline: true, hint: 'Anything else.' },
  { kind: 'image', name: 'photo', label: 'Photo', slot: 'authorImage', subject: 'photo', className: 'full' },
];

function Card({ onChange }: { onChange: (changes: Partial<Record<Name, string>>) => void }) {
  const [values, setValues] = useState({ icon: 'Star', title: 'Old', notes: '', photo: '/uploads/1.png' });
  return (
    <FieldCard
      legend="Card"
      fields={FIELDS}
      values={values}
      context="Card 1, "
      onChange={(changes) => {
        onChange(changes);
        setValues((current) => ({ ...current, ...changes }));
      }}
    >
      <p>after the grid</p>
    </FieldCard>
  );
}

test('draws its descriptors in order in one fieldset (the image field has no context), then its children', () => {
  render(<Card onChange={() => undefined} />);
  const card = screen.getByRole('group', { name: 'Card' });
  expect(within(card).getByRole('combobox', { name: 'Card 1, Icon' })).toHaveValue('Star');
  const title = within(card).getByRole('textbox', { name: 'Card 1, Title' });
  expect(title).toHaveValue('Old');
  expect(title).toBeRequired();
  expect(title).toHaveAttribute('maxlength', '20');
  expect(within(card).getByRole('textbox', { name: 'Card 1, Notes' }).tagName).toBe('TEXTAREA');
  expect(within(card).getByRole('textbox', { name: 'Card 1, Notes' })).toHaveAccessibleDescription('Anything else.');
  expect(within(card).getByLabelText('Photo')).toHaveAttribute('type', 'file');
  const labels = Array.from(card.querySelectorAll('label'), (label) => label.textContent);
  expect(labels).toEqual(['Card 1, Icon', 'Card 1, Title', 'Card 1, Notes', 'Photo']);
  expect(card.lastElementChild).toHaveTextContent('after the grid');
});

test('a field hands on only the string it edits, and an image is cleared with an empty string', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  render(<Card onChange={onChange} />);
  await user.type(screen.getByRole('textbox', { name: 'Card 1, Title' }), '!');
  expect(onChange).toHaveBeenLastCalledWith({ title: 'Old!' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Card 1, Icon' }), 'Bell');
  expect(onChange).toHaveBeenLastCalledWith({ icon: 'Bell' });
  await user.click(screen.getByRole('button', { name: 'Remove photo' }));
  expect(onChange).toHaveBeenLastCalledWith({ photo: '' });
});
