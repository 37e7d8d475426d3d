import { screen, within } from '@testing-library/react';
import { renderApp } from '../../helpers/renderWithProviders';

test('the sample article walks through five steps with the sample date and read time', async () => {
  renderApp('/sample');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'How to Create a Video Channel in 5 Steps' }),
  ).toBeInTheDocument();
  expect(document.title).toBe('How to Create a Video Channel in 5 Steps · Touchline');
  expect(screen.getByText('Published: March 14, 2024')).toBeInTheDocument();
  expect(screen.getByText('10 min read')).toBeInTheDocument();
  const steps = screen.getAllByRole('heading', { level: 2, name: /^Step \d:/ });
  expect(steps.map((step) => step.textContent?.slice(0, 7))).toEqual([
    'Step 1:',
    'Step 2:',
    'Step 3:',
    'Step 4:',
    'Step 5:',
  ]);
  // The header icon: Youtube has no lucide brand icon, so a play icon stands in, not the settings fallback.
  const title = screen.getByRole('heading', { level: 1 });
  expect(title.closest('header')?.querySelector('svg')).toHaveAttribute('data-icon', 'Youtube');
});

test('the sample shows equipment cards that link to Amazon in a new tab', async () => {
  renderApp('/sample');
  const equipment = within(await screen.findByRole('region', { name: 'Recommended Equipment' }));
  const links = equipment.getAllByRole('link', { name: 'View on Amazon' });
  expect(links).toHaveLength(3);
  for (const link of links) {
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\/www\.amazon\.com\//));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'sponsored noopener noreferrer');
  }
  for (const img of equipment.getAllByRole('img')) {
    expect(img).toHaveAccessibleName();
    expect(img).toHaveAttribute('src', expect.stringMatching(/^\/images\/sample\/.+\.svg$/));
  }
});

test('the author footer has Subscribe and Share buttons that do nothing', async () => {
  const { user, router, store } = renderApp('/sample');
  const subscribe = await screen.findByRole('button', { name: 'Subscribe' });
  const share = screen.getByRole('button', { name: 'Share' });
  const footer = subscribe.closest('footer')!;
  expect(within(footer).getByRole('img', { name: 'Jordan Ellis' })).toBeInTheDocument();
  expect(within(footer).getByText('Sports Video Creator & Coach')).toBeInTheDocument();

  const before = store.getState();
  await user.click(subscribe);
  await user.click(share);
  // No navigation, no state change, and no request (msw fails the test on any unhandled request).
  expect(router.state.location.pathname).toBe('/sample');
  expect(store.getState()).toBe(before);
});
