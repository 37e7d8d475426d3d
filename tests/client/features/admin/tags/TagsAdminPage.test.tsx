// /admin/tags: the tags of the kind chosen, and the editor of one: a team's short name and crest (uploaded), a
// competition's points, with the server's refusals beside the fields.
import '../preloadPages';
import '../../../../../src/client/features/admin/tags/TagsAdminPage';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TagInfo } from '../../../../../src/contract/tags';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../../helpers/mswServer';
import { TAGS_FORBIDDEN_TEXT } from '../../../../../src/client/features/admin/tags/TagsAdminPage';

const CREST = `/uploads/${'a'.repeat(64)}.png`;
const TAGS: Record<string, TagInfo[]> = {
  team: [{ name: 'Arsenal', slug: 'arsenal', kind: 'team', shortName: null, crest: null }],
  competition: [
    { name: 'Premier League', slug: 'premier-league', kind: 'competition', pointsForWin: 3, pointsForDraw: 1 },
  ],
  topic: [],
};

function serveTags() {
  const puts: { slug: string; body: unknown }[] = [];
  server.use(
    http.get(`${API}/tags`, ({ request }) => HttpResponse.json(TAGS[new URL(request.url).searchParams.get('kind')!])),
    http.post(`${API}/uploads`, () => HttpResponse.json({ url: CREST }, { status: 201 })),
    http.put(`${API}/tags/:slug`, async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push({ slug: String(params.slug), body });
      if (body.pointsForWin === 11)
        return HttpResponse.json(
          { error: 'Invalid request body', details: [{ path: 'pointsForWin', message: 'must be at most 10' }] },
          { status: 400 },
        );
      return HttpResponse.json({ ...TAGS.team[0], ...body });
    }),
  );
  return puts;
}

test("a team's short name and an uploaded crest are saved with PUT /api/tags/:slug", async () => {
  const puts = serveTags();
  const { user } = renderApp('/admin/tags');
  await user.click(await screen.findByRole('button', { name: 'Edit Arsenal' }));
  const form = screen.getByRole('form', { name: 'Edit Arsenal' });
  await user.type(within(form).getByLabelText('Short name'), 'ARS');
  await user.upload(within(form).getByLabelText('Crest'), new File(['png'], 'crest.png', { type: 'image/png' }));
  expect(await within(form).findByRole('img', { name: 'Arsenal crest' })).toHaveAttribute('src', CREST);
  await user.click(within(form).getByRole('button', { name: 'Save tag' }));
  const saved = await screen.findByText('Saved Arsenal.');
  await waitFor(() => expect(saved).toHaveFocus());
  expect(puts).toEqual([{ slug: 'arsenal', body: { name: 'Arsenal', kind: 'team', shortName: 'ARS', crest: CREST } }]);
});

test("a competition's points: the server's refusal shows beside the field", async () => {
  const puts = serveTags();
  const { user } = renderApp('/admin/tags');
  await user.selectOptions(await screen.findByLabelText('Show'), 'competition');
  await user.click(await screen.findByRole('button', { name: 'Edit Premier League' }));
  const form = screen.getByRole('form', { name: 'Edit Premier League' });
  await user.clear(within(form).getByLabelText('Points for a win'));
  await user.type(within(form).getByLabelText('Points for a win'), '11');
  await user.click(within(form).getByRole('button', { name: 'Save tag' }));
  await waitFor(() =>
    expect(within(form).getByLabelText('Points for a win')).toHaveAccessibleDescription('must be at most 10'),
  );
  expect(puts[0]).toEqual({
    slug: 'premier-league',
    body: { name: 'Premier League', kind: 'competition', pointsForWin: 11, pointsForDraw: 1 },
  });
});

test('an author is told that only editors and owners edit tags', async () => {
  server.use(http.get(`${API}/session`, () => HttpResponse.json({ user: { ...OWNER, role: 'author' } })));
  renderApp('/admin/tags');
  expect(await screen.findByText(TAGS_FORBIDDEN_TEXT)).toBeInTheDocument();
});
