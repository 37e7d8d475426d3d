import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { SiteSubscribe } from '../../../../src/client/components/members/SiteSubscribe';
import { SubscribeForm, SUBSCRIBED_TEXT, TickedTags } from '../../../../src/client/components/members/SubscribeForm';
import { API, server } from '../../helpers/mswServer';
import { renderWithProviders } from '../../helpers/renderWithProviders';

const FOOTBALL = { slug: 'football', name: 'Football' };
const TENNIS = { slug: 'tennis', name: 'Tennis' };

/** Answers the subscribe endpoint with 202 and keeps each JSON body it was sent. */
function acceptSubscriptions() {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/members/subscribe`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ ok: true }, { status: 202 });
    }),
  );
  return bodies;
}

test('without JavaScript the form is a plain post to the subscribe endpoint, with a honeypot no person meets', () => {
  const { container } = renderWithProviders(<SubscribeForm heading="Get the stories by email" />);
  const form = container.querySelector('form')!;
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', '/api/members/subscribe');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('name', 'email');
  const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!;
  // Hidden from sight and from assistive technology, and out of the tab order.
  expect(honeypot.closest('[hidden]')).not.toBeNull();
  expect(honeypot).toHaveAttribute('tabindex', '-1');
  expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
});

test("a story's form ticks its tags, sends the ones still ticked as JSON and says to check the inbox in place", async () => {
  const bodies = acceptSubscriptions();
  const { user } = renderWithProviders(
    <SubscribeForm heading="Get stories like this by email">
      <TickedTags tags={[FOOTBALL, TENNIS]} />
    </SubscribeForm>,
  );
  expect(screen.getByRole('checkbox', { name: 'Football' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Tennis' })).toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Tennis' }));
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'fan@example.com');
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
  expect(await screen.findByRole('status')).toHaveTextContent(SUBSCRIBED_TEXT);
  expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
  expect(bodies).toEqual([{ email: 'fan@example.com', website: '', tags: ['football'] }]);
});

test("the landing page's form sends every story by default, or only the sports picked", async () => {
  const bodies = acceptSubscriptions();
  server.use(
    http.get(`${API}/tags`, () =>
      HttpResponse.json([
        { ...FOOTBALL, count: 3 },
        { ...TENNIS, count: 1 },
      ]),
    ),
  );
  const { user } = renderWithProviders(<SiteSubscribe />);
  const choices = await screen.findByRole('group', { name: 'Stories to get' });
  expect(within(choices).getByRole('radio', { name: 'All stories' })).toBeChecked();
  await user.click(within(choices).getByRole('radio', { name: 'Only the sports I pick:' }));
  await user.click(within(choices).getByRole('checkbox', { name: 'Tennis' }));
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'fan@example.com');
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
  expect(await screen.findByText(SUBSCRIBED_TEXT)).toBeInTheDocument();
  expect(bodies).toEqual([{ email: 'fan@example.com', website: '', tags: ['tennis'], all: false }]);
});

test("a tag page's form follows that one tag", async () => {
  const bodies = acceptSubscriptions();
  const { user } = renderWithProviders(
    <SubscribeForm heading="Follow Football by email">
      <input type="hidden" name="tags" value="football" />
    </SubscribeForm>,
  );
  expect(screen.getByRole('heading', { name: 'Follow Football by email' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'fan@example.com');
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
  expect(await screen.findByText(SUBSCRIBED_TEXT)).toBeInTheDocument();
  expect(bodies).toEqual([{ email: 'fan@example.com', website: '', tags: ['football'] }]);
});

test("a refused subscription shows the server's words and keeps the form", async () => {
  server.use(
    http.post(`${API}/members/subscribe`, () =>
      HttpResponse.json({ error: 'Too many requests from this address. Try again later.' }, { status: 429 }),
    ),
  );
  const { user } = renderWithProviders(<SubscribeForm heading="Get the stories by email" />);
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'fan@example.com');
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests from this address. Try again later.');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('fan@example.com');
});
