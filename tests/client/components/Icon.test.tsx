import { render } from '@testing-library/react';
import { HEADER_ICONS, SECTION_ICONS } from '../../../src/contract/icons';
import { Icon } from '../../../src/client/components/Icon';

const drawn = (container: HTMLElement) => container.querySelector('svg');

test.each([...HEADER_ICONS])('the contract icon %s renders its own icon', (name) => {
  const { container } = render(<Icon name={name} />);
  expect(drawn(container)).toHaveAttribute('data-icon', name);
});

test('every section icon is a header icon, so one table covers both', () => {
  for (const name of SECTION_ICONS) expect(HEADER_ICONS).toContain(name);
});

test.each(['Edit3', 'Share2', 'Rocket', '', '<script>', 'toString', '__proto__'])(
  'an unknown icon name %p falls back to the settings icon',
  (name) => {
    const { container } = render(<Icon name={name} />);
    const svg = drawn(container);
    expect(svg).toHaveAttribute('data-icon', 'Settings');
    expect(svg).toHaveClass('lucide-settings');
  },
);

test('Edit and Share draw real edit and share icons, not the settings fallback', () => {
  const edit = drawn(render(<Icon name="Edit" />).container);
  const share = drawn(render(<Icon name="Share" />).container);
  expect(edit).not.toHaveClass('lucide-settings');
  expect(share).not.toHaveClass('lucide-settings');
  expect(edit?.getAttribute('class')).toMatch(/pen/);
  expect(share?.getAttribute('class')).toMatch(/share/);
});

test('icons are hidden from assistive technology unless given a label', () => {
  const hidden = drawn(render(<Icon name="Star" />).container);
  expect(hidden).toHaveAttribute('aria-hidden', 'true');
  const labelled = drawn(render(<Icon name="Star" label="Featured" />).container);
  expect(labelled).toHaveAttribute('role', 'img');
  expect(labelled).toHaveAccessibleName('Featured');
});
