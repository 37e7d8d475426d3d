import { screen, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { BlogPost } from '../../../../src/contract/types';
import { samplePost } from '../../fixtures/posts';
import { API, server } from '../../helpers/mswServer';
import { renderApp } from '../../helpers/renderWithProviders';

const answerPost = (post: Record<string, unknown>) =>
  server.use(http.get(`${API}/blogs/:id`, () => HttpResponse.json(post)));
const main = () => within(screen.getByRole('main'));
const drawnIcon = (heading: HTMLElement) => heading.querySelector('svg')?.getAttribute('data-icon');

let logged: jest.SpyInstance;
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());

test('shows "Loading blog content..." until the post arrives', async () => {
  server.use(
    http.get(`${API}/blogs/:id`, async () => {
      await delay(50);
      return HttpResponse.json(samplePost);
    }),
  );
  renderApp('/page/7');
  expect(await screen.findByText('Loading blog content...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeInTheDocument();
  expect(screen.queryByText('Loading blog content...')).not.toBeInTheDocument();
});

test('the post shows its header, sections, equipment cards and author, and names the tab', async () => {
  renderApp('/page/7');
  const title = await screen.findByRole('heading', { level: 1, name: 'How the Press Won the Derby' });
  expect(title.closest('header')?.querySelector('svg')).toHaveAttribute('data-icon', 'Trophy');
  expect(screen.getByText('Published: March 14, 2024')).toBeInTheDocument();
  expect(screen.getByText('10 min read')).toBeInTheDocument();
  expect(document.title).toBe('How the Press Won the Derby · Touchline');

  // single-paragraph: icon, title, paragraph, bullets
  const highLine = screen.getByRole('heading', { level: 2, name: 'The High Line' });
  expect(drawnIcon(highLine)).toBe('Star');
  const single = within(highLine.closest('section')!);
  expect(single.getByText('They pressed from the first whistle.')).toBeInTheDocument();
  expect(single.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Front three pressed the centre-backs',
    'Full-backs pushed high',
  ]);

  // two-column: icon, title, paragraph, two headed bullet lists
  const midfields = screen.getByRole('heading', { level: 2, name: 'Two Midfields' });
  expect(drawnIcon(midfields)).toBe('Users');
  const columns = within(midfields.closest('section')!);
  expect(columns.getByText('A tale of two engine rooms.')).toBeInTheDocument();
  expect(columns.getByRole('heading', { level: 3, name: 'Home' })).toBeInTheDocument();
  expect(columns.getByRole('heading', { level: 3, name: 'Away' })).toBeInTheDocument();
  expect(columns.getByText('Won 62% of duels')).toBeInTheDocument();
  expect(columns.getByText('Completed 71% of passes')).toBeInTheDocument();

  // Recommended Equipment
  const equipment = within(screen.getByRole('region', { name: 'Recommended Equipment' }));
  expect(equipment.getByRole('img', { name: 'Pro Training Cones' })).toHaveAttribute('src', '/uploads/cones.png');
  expect(equipment.getByText('A set of 50 cones for pressing drills.')).toBeInTheDocument();
  expect(equipment.getByText('$19.99')).toBeInTheDocument();
  const amazon = equipment.getByRole('link', { name: 'View on Amazon' });
  expect(amazon).toHaveAttribute('href', 'https://www.amazon.com/dp/B000000001');
  expect(amazon).toHaveAttribute('target', '_blank');
  expect(amazon).toHaveAttribute('rel', 'sponsored noopener noreferrer');

  // author footer
  expect(screen.getByText('Maya Okafor')).toBeInTheDocument();
  expect(screen.getByText('Senior Football Analyst')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Maya Okafor' })).toHaveAttribute('src', '/uploads/author.png');
  expect(logged).not.toHaveBeenCalled();
});

test('the header image loads first with its size reserved; every other image is lazy', async () => {
  renderApp('/page/7');
  await screen.findByRole('heading', { level: 1, name: samplePost.title });
  const hero = document.querySelector('main img[fetchpriority="high"]');
  expect(hero).toHaveAttribute('src', '/uploads/derby.png');
  expect(hero).toHaveAttribute('width');
  expect(hero).toHaveAttribute('height');
  expect(hero).not.toHaveAttribute('loading');
  const others = [...document.querySelectorAll('main img')].filter((img) => img !== hero);
  expect(others.length).toBeGreaterThan(0);
  for (const img of others) {
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  }
});

test("a failure shows the server's error text in red", async () => {
  renderApp('/page/999');
  const error = await screen.findByText('Blog not found');
  expect(error).toHaveClass('error-text');
  expect(error).toHaveAttribute('role', 'alert');
  expect(screen.queryByText('Loading blog content...')).not.toBeInTheDocument();
  expect(main().getByRole('link', { name: 'Back to all stories' })).toHaveAttribute('href', '/blog');
  expect(logged).toHaveBeenCalled();
});

test.each([
  [
    'an HTML error page',
    () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
  ],
  ['a JSON body without an error field', () => HttpResponse.json({ message: 'nope' }, { status: 500 })],
  ['an empty error field', () => HttpResponse.json({ error: '' }, { status: 500 })],
  ['a network failure', () => HttpResponse.error()],
])('%s shows "Failed to fetch blog content" in red', async (_name, answer) => {
  server.use(http.get(`${API}/blogs/:id`, answer));
  renderApp('/page/7');
  const error = await screen.findByText('Failed to fetch blog content');
  expect(error).toHaveClass('error-text');
  expect(screen.queryByRole('heading', { level: 1, name: samplePost.title })).not.toBeInTheDocument();
});

test.each<[string, Partial<BlogPost['products'][number]> | Record<string, unknown>]>([
  ['a number as price', { price: 12 }],
  ['a javascript: link', { amazonUrl: 'javascript:alert(1)' }],
  ['a missing title', { title: undefined }],
  ['a data: image', { imageUrl: 'data:image/png;base64,AAAA' }],
])('invalid product data (%s) is logged and hides only the product section', async (_name, change) => {
  answerPost({ ...samplePost, products: [{ ...samplePost.products[0], ...change }] });
  renderApp('/page/7');
  expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'The High Line' })).toBeInTheDocument();
  expect(screen.getByText('Maya Okafor')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Recommended Equipment' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'View on Amazon' })).not.toBeInTheDocument();
  expect(logged).toHaveBeenCalledWith(expect.stringContaining('Invalid product data'), expect.anything());
});

test('products that are not a list at all are treated as invalid too', async () => {
  answerPost({ ...samplePost, products: 'lots' });
  renderApp('/page/7');
  expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Recommended Equipment' })).not.toBeInTheDocument();
  expect(logged).toHaveBeenCalledWith(expect.stringContaining('Invalid product data'), expect.anything());
});

test.each([
  ['missing', undefined],
  ['not a list', 'none'],
  ['a list holding nulls', [null, samplePost.sections[0]]],
])('sections that are %s do not break the page: the rest of the post shows', async (_name, sections) => {
  answerPost({ ...samplePost, sections });
  renderApp('/page/7');
  expect(await screen.findByRole('heading', { level: 1, name: samplePost.title })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Recommended Equipment' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
});

test('a page that fails to render keeps the chrome and says so, and another page works again', async () => {
  // A title that is an object cannot be rendered at all: the error boundary takes the page area.
  answerPost({ ...samplePost, title: { html: '<b>x</b>' } });
  const { user } = renderApp('/page/7');
  expect(await screen.findByText('Something went wrong while showing this page.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Reload the page' })).toHaveAttribute('href', '/page/7');
  await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }));
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(screen.queryByText('Something went wrong while showing this page.')).not.toBeInTheDocument();
});

test('a post without products shows no equipment section and logs nothing', async () => {
  answerPost({ ...samplePost, products: [] });
  renderApp('/page/7');
  await screen.findByRole('heading', { level: 1, name: samplePost.title });
  expect(screen.queryByRole('heading', { name: 'Recommended Equipment' })).not.toBeInTheDocument();
  expect(logged).not.toHaveBeenCalled();
});

test('unknown icon names fall back to the settings icon; Edit and Share draw real icons', async () => {
  answerPost({
    ...samplePost,
    icon: 'Rocket',
    sections: [
      { ...samplePost.sections[0], id: 1, icon: 'Edit3', title: 'Old edit name' },
      { ...samplePost.sections[0], id: 2, icon: 'Share2', title: 'Old share name' },
      { ...samplePost.sections[0], id: 3, icon: 'Edit', title: 'Edit icon' },
      { ...samplePost.sections[0], id: 4, icon: 'Share', title: 'Share icon' },
    ],
  });
  renderApp('/page/7');
  const title = await screen.findByRole('heading', { level: 1, name: samplePost.title });
  expect(title.closest('header')?.querySelector('svg')).toHaveAttribute('data-icon', 'Settings');
  expect(drawnIcon(screen.getByRole('heading', { name: 'Old edit name' }))).toBe('Settings');
  expect(drawnIcon(screen.getByRole('heading', { name: 'Old share name' }))).toBe('Settings');
  expect(drawnIcon(screen.getByRole('heading', { name: 'Edit icon' }))).toBe('Edit');
  expect(drawnIcon(screen.getByRole('heading', { name: 'Share icon' }))).toBe('Share');
});

test('hostile text in any field renders as text, and unsafe URLs are never used', async () => {
  const script = '<script>window.pwned = true</script>';
  const img = '<img src=x onerror=alert(1)>';
  answerPost({
    ...samplePost,
    title: img,
    authorName: script,
    authorTitle: '<b>bold</b>',
    publishDate: '<i>today</i>',
    imageUrl: 'javascript:alert(1)',
    authorImage: '//evil.example/a.png',
    sections: [
      {
        id: 1,
        type: 'two-column',
        icon: '<svg onload=alert(1)>',
        title: '<h1>Injected</h1>',
        paragraph: script,
        columns: [{ heading: '<u>col</u>', list: [{ item: '<a href="javascript:alert(1)">x</a>' }] }],
      },
    ],
  });
  renderApp('/page/7');
  expect(await screen.findByRole('heading', { level: 1, name: img })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: '<h1>Injected</h1>' })).toBeInTheDocument();
  expect(screen.getAllByText(script)).toHaveLength(2);
  expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
  expect(screen.getByText('Published: <i>today</i>')).toBeInTheDocument();
  expect(screen.getByText('<a href="javascript:alert(1)">x</a>')).toBeInTheDocument();
  const root = screen.getByRole('main');
  expect(root.querySelector('script, b, i, u, img[src="x"], a[href^="javascript"]')).toBeNull();
  expect(root.querySelector('img[src^="javascript"], img[src^="//"]')).toBeNull();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('moving from one post to another never shows the previous post under the new address', async () => {
  const other = { ...samplePost, id: 8, title: 'A Second Post' };
  server.use(
    http.get(`${API}/blogs/8`, async () => {
      await delay(50);
      return HttpResponse.json(other);
    }),
  );
  const { router } = renderApp('/page/7');
  await screen.findByRole('heading', { level: 1, name: samplePost.title });
  await router.navigate('/page/8');
  expect(await screen.findByText('Loading blog content...')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { level: 1, name: samplePost.title })).not.toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'A Second Post' })).toBeInTheDocument();
});

test('a page opened before coverage starts turns live when the live answer names it: score and updates lead', async () => {
  const live = {
    state: 'live' as const,
    startedAt: '2026-11-26T15:00:00.000Z',
    endedAt: null,
    match: { home: 'Hillcrest', away: 'Rovers', homeScore: '1', awayScore: '0', clock: "9'" },
  };
  let started = false;
  server.use(
    http.get(`${API}/live`, () =>
      HttpResponse.json({ posts: started ? [{ id: samplePost.id, title: samplePost.title, live }] : [] }),
    ),
    http.get(`${API}/blogs/7/entries`, () =>
      HttpResponse.json({
        entries: [
          {
            id: 1,
            body: 'Kick-off',
            key: false,
            pinned: false,
            createdAt: '2026-11-26T15:00:00.000Z',
            updatedAt: '2026-11-26T15:00:00.000Z',
            author: { name: 'Sam Writer' },
          },
        ],
        live,
        pinned: null,
        hasOlder: false,
        lastEventId: 2,
      }),
    ),
  );
  renderApp('/page/7');
  const title = await screen.findByRole('heading', { level: 1, name: samplePost.title });
  expect(screen.queryByText('Hillcrest 1–0 Rovers')).not.toBeInTheDocument();
  started = true;
  expect(await screen.findByText('Hillcrest 1–0 Rovers', {}, { timeout: 4000 })).toBeInTheDocument();
  expect(within(title).getByText('Live')).toBeInTheDocument();
  const update = await screen.findByText('Kick-off');
  const report = screen.getByRole('heading', { level: 2, name: 'Match report' });
  const firstSection = screen.getByRole('heading', {
    level: 2,
    name: (samplePost.sections[0] as { title: string }).title,
  });
  // The order a reader meets them: the title, the score and updates, then the match report.
  expect(title.compareDocumentPosition(update) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(update.compareDocumentPosition(report) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(report.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
