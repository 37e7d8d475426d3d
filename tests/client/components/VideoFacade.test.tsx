// The video facade: a link to the video in the server's HTML (complete without JavaScript), a real button once the
// page runs, and YouTube's privacy-enhanced player only after the reader presses it.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import type { VideoSection } from '../../../src/contract/types';
import { VideoFacade } from '../../../src/client/components/sections/VideoFacade';

const section: VideoSection = {
  id: 3,
  type: 'video',
  url: 'https://youtu.be/dQw4w9WgXcQ?t=90',
  caption: 'The winner from the halfway line',
  videoId: 'dQw4w9WgXcQ',
  start: 90,
};

test('the server renders a link to the video and our own poster, and nothing from YouTube to load', () => {
  const html = renderToString(<VideoFacade section={section} />);
  expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=90s"');
  expect(html).toContain('aria-label="Play video: The winner from the halfway line"');
  expect(html).toContain('src="/video-poster.svg"');
  expect(html).not.toContain('<iframe');
  expect(html).not.toContain('nocookie');
});

test('pressing play swaps the facade for the nocookie player, playing from the start second', async () => {
  const user = userEvent.setup();
  const { container } = render(<VideoFacade section={section} />);
  expect(container.querySelector('iframe')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Play video: The winner from the halfway line' }));
  const player = container.querySelector('iframe');
  expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=90');
  expect(player).toHaveAttribute('title', 'The winner from the halfway line');
  expect(player?.getAttribute('allow')).toContain('autoplay');
  expect(screen.queryByRole('button', { name: /^Play video/ })).toBeNull();
});

test('a video without a caption is named "Play video: video"', () => {
  render(<VideoFacade section={{ ...section, caption: '' }} />);
  expect(screen.getByRole('button', { name: 'Play video: video' })).toBeInTheDocument();
});
