// RichText: a 'plain' text as typed; a 'marks' text as elements, from the trees a server-rendered page embeds (the
// same markup on hydration, with no parser) or, for a text the page did not embed, once the parser's lazy chunk has
// parsed it (the text as typed until then).
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { RichText } from '../../../src/client/components/RichText';
import { MarkTreesContext, seedMarkTrees } from '../../../src/client/components/markTrees';
import type { MarkNode } from '../../../src/contract/marks';
import { parseMarks } from '../../../src/contract/marksParser';

const TEXT = '**Derby** day: the [table](https://example.com/table), _late_ drama on [our blog](/blog).';

test('a plain text shows as typed: stars, brackets and URLs stay characters', () => {
  const text = 'Five *stars*, [brackets](x) and https://example.com';
  const { container } = render(
    <p>
      <RichText text={text} format="plain" />
    </p>,
  );
  expect(container.innerHTML).toBe(`<p>Five *stars*, [brackets](x) and https://example.com</p>`);
  expect(screen.queryByRole('link')).toBeNull();
});

test('a text the page embedded renders its marks at once: strong, em, and links (noopener only off-site)', () => {
  seedMarkTrees({ [TEXT]: parseMarks(TEXT) });
  render(
    <p>
      <RichText text={TEXT} format="marks" />
    </p>,
  );
  expect(screen.getByText('Derby').tagName).toBe('STRONG');
  expect(screen.getByText('late').tagName).toBe('EM');
  const table = screen.getByRole('link', { name: 'table' });
  expect(table).toHaveAttribute('href', 'https://example.com/table');
  expect(table).toHaveAttribute('rel', 'noopener');
  expect(table).not.toHaveAttribute('target');
  const blog = screen.getByRole('link', { name: 'our blog' });
  expect(blog).toHaveAttribute('href', '/blog');
  expect(blog).not.toHaveAttribute('rel');
});

test('a text with no tree yet shows as typed, then with its marks once the parser has loaded', async () => {
  const text = 'Fresh from the stream: **goal** by [the captain](https://example.com/captain)';
  render(
    <p>
      <RichText text={text} format="marks" />
    </p>,
  );
  expect(screen.getByText(text)).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'the captain' })).toHaveAttribute(
    'href',
    'https://example.com/captain',
  );
  expect(screen.getByText('goal').tagName).toBe('STRONG');
});

test('hostile text renders as text: no element, handler or script URL comes from it', async () => {
  const text = '<img src=x onerror=alert(1)> [click](javascript:alert(1)) <svg onload=alert(1)>';
  const { container } = render(
    <p>
      <RichText text={text} format="marks" />
    </p>,
  );
  await act(async () => {
    await import('../../../src/contract/marksParser');
  });
  expect(container.querySelector('img, svg, a')).toBeNull();
  expect(container.textContent).toBe('<img src=x onerror=alert(1)> click <svg onload=alert(1)>');
});

test('hydrates the server markup from the embedded trees, with no mismatch', async () => {
  const text = 'Hydrated *without* a [parser](/blog)';
  const trees = new Map<string, MarkNode[]>();
  const serverLookup = (t: string) => {
    const tree = parseMarks(t);
    trees.set(t, tree);
    return tree;
  };
  const ui = (
    <p>
      <RichText text={text} format="marks" />
    </p>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(<MarkTreesContext value={serverLookup}>{ui}</MarkTreesContext>);
  document.body.appendChild(container);
  const serverHtml = container.innerHTML;
  expect(serverHtml).toBe('<p>Hydrated <em>without</em> a <a href="/blog">parser</a></p>');

  // As main.tsx does with the server state's `marks`, before hydrating.
  seedMarkTrees(Object.fromEntries(trees));
  const errors: unknown[] = [];
  const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) }));
  expect(errors).toEqual([]);
  expect(container.innerHTML).toBe(serverHtml);
  act(() => root.unmount());
  container.remove();
});
