import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SharePost } from '../../../../src/client/components/share/SharePost';

const TITLE = 'Derby Day & more';
const URL_NOW = `${window.location.origin}${window.location.pathname}`;

afterEach(() => {
  // Both are absent from jsdom's navigator unless a test defines them.
  delete (navigator as { share?: unknown }).share;
});

test('where the browser can share, one Share button opens its sheet with the title and the page’s URL', async () => {
  const share = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  const user = userEvent.setup();
  render(<SharePost title={TITLE} />);
  await user.click(screen.getByRole('button', { name: 'Share' }));
  expect(share).toHaveBeenCalledWith({ title: TITLE, url: URL_NOW });
  expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
  expect(screen.queryByRole('link')).toBeNull();
});

test('a dismissed share sheet leaves the page as it was', async () => {
  const share = jest.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError'));
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  const user = userEvent.setup();
  render(<SharePost title={TITLE} />);
  await user.click(screen.getByRole('button', { name: 'Share' }));
  expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
});

test('without it, Copy link writes the page’s URL to the clipboard and says so', async () => {
  const user = userEvent.setup();
  // user-event puts a clipboard on jsdom's navigator; what the page writes to it is what a paste would give.
  const write = jest.spyOn(navigator.clipboard, 'writeText');
  render(<SharePost title={TITLE} />);
  expect(screen.getByRole('region', { name: 'Share' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(write).toHaveBeenCalledWith(URL_NOW);
  expect(screen.getByRole('status')).toHaveTextContent('Link copied');
});

test('without it, plain links share by mail, WhatsApp, X and Facebook, opening no third-party script', () => {
  render(<SharePost title={TITLE} />);
  const u = encodeURIComponent(URL_NOW);
  const t = encodeURIComponent(TITLE);
  expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Email', `mailto:?subject=${t}&body=${encodeURIComponent(`${TITLE}\n${URL_NOW}`)}`],
    ['WhatsApp', `https://wa.me/?text=${encodeURIComponent(`${TITLE} ${URL_NOW}`)}`],
    ['X', `https://x.com/intent/post?url=${u}&text=${t}`],
    ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${u}`],
  ]);
  expect(document.querySelector('script, iframe, img')).toBeNull();
});
