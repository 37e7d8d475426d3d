// Posts the measuring scripts (budget, lighthouse) add to a fresh built server beside its seeded ones, through the API
// with the admin token: a live match with its updates, and a story with photos, pull quotes and videos in its text.
import { texturedPhotoJpeg } from './texturedPhoto.mjs';

/** Uploads a JPEG through the API; resolves with its URL. */
export async function upload(server, bytes, name) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), name);
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.adminToken}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload of ${name}: ${response.status} ${await response.text()}`);
  return (await response.json()).url;
}

const jsonHeaders = (server) => ({ Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' });

/** A read post's sections as the submit shape takes them (list items as text, no ids). */
export function submittedSections(post) {
  const items = (list) => list.map((entry) => entry.item);
  return post.sections.map(({ id: _id, ...section }) =>
    section.type === 'two-column'
      ? { ...section, columns: section.columns.map((column) => ({ ...column, list: items(column.list) })) }
      : section.type === 'single-paragraph'
        ? { ...section, list: items(section.list) }
        : section,
  );
}

/** Creates a post from a submission; resolves with its id. */
export async function createPost(server, submission, what) {
  const response = await fetch(`${server.url}/api/blogs`, {
    method: 'POST',
    headers: jsonHeaders(server),
    body: JSON.stringify(submission),
  });
  if (response.status !== 201) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()).id;
}

/** The post `postId` made a live match with `count` updates (one key event in ten, the first pinned); resolves with its id. */
export async function makeLive(server, postId, count = 200) {
  const live = await fetch(`${server.url}/api/blogs/${postId}/live`, {
    method: 'PUT',
    headers: jsonHeaders(server),
    body: JSON.stringify({
      state: 'live',
      match: { home: 'Arsenal', away: 'Chelsea', homeScore: '2', awayScore: '1', clock: "87'" },
    }),
  });
  if (live.status !== 200) throw new Error(`live post: ${live.status} ${await live.text()}`);
  for (let index = 1; index <= count; index += 1) {
    // Formatted like a writer's updates: bold, a link, now and then a bare URL.
    const body =
      `Update ${index}: the ball is worked **wide**, crossed and cleared; the press goes again and wins it back. ` +
      (index % 5 === 0 ? 'Replay: https://example.com/clips/' + index : '[Table](/blog)');
    const response = await fetch(`${server.url}/api/blogs/${postId}/entries`, {
      method: 'POST',
      headers: jsonHeaders(server),
      body: JSON.stringify({ body, key: index % 10 === 0, pinned: index === 1 }),
    });
    if (response.status !== 201) throw new Error(`live entry: ${response.status} ${await response.text()}`);
  }
  return postId;
}

const VIDEOS = [
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://youtu.be/9bZkp7q19f0?t=42',
  'https://www.youtube.com/shorts/aqz-KE-bpKQ',
];

/**
 * The seeded post `postId` again as a formatted story (textFormat 'marks', with bold, italics and links in its text)
 * with `photos` photo sections, `quotes` pull quotes and `videos` videos woven between its sections. Photos are made
 * `width`×`height` (textured, like a camera's); resolves with the new post's id.
 */
export async function createMediaPost(
  server,
  postId,
  { photos = 3, quotes = 2, videos = 3, width = 1600, height = 1067 } = {},
) {
  const post = await (await fetch(`${server.url}/api/blogs/${postId}`)).json();
  const media = [];
  for (let index = 0; index < photos; index += 1) {
    const url = await upload(
      server,
      await texturedPhotoJpeg(width, height, { seed: 20 + index }),
      `photo-${index}.jpg`,
    );
    media.push({
      type: 'image',
      image: url,
      alt: `Players contest a header in the ${['first', 'second', 'third', 'fourth'][index % 4]} half`,
      caption: `Moment ${index + 1} of the match`,
      credit: 'Touchline',
    });
  }
  for (let index = 0; index < quotes; index += 1) {
    media.push({
      type: 'quote',
      text: `We played **our game** for ninety minutes, and the *result* followed. ${index ? 'Onwards.' : ''}`.trim(),
      cite: index ? 'The captain' : 'The head coach',
    });
  }
  for (let index = 0; index < videos; index += 1) {
    media.push({ type: 'video', url: VIDEOS[index % VIDEOS.length], caption: `Highlight ${index + 1}` });
  }
  const formatted = submittedSections(post).map((section) =>
    section.type === 'single-paragraph' && section.paragraph
      ? {
          ...section,
          paragraph: `${section.paragraph} Read **more** in the [stories](/blog), or https://example.com/table.`,
        }
      : section,
  );
  // The sections of the story and the media alternate, so photos fall both above and below the fold.
  const sections = [];
  for (let index = 0; index < Math.max(formatted.length, media.length); index += 1) {
    if (formatted[index]) sections.push(formatted[index]);
    if (media[index]) sections.push(media[index]);
  }
  return createPost(
    server,
    {
      header: {
        icon: post.icon,
        title: `${post.title} (photos, quotes and videos)`,
        image: post.imageUrl,
        imageAlt: post.imageAlt ?? '',
        publishDate: post.publishDate,
        readTime: post.readTime,
        sections,
        textFormat: 'marks',
      },
      products: post.products.map(({ title, description, price, imageUrl, amazonUrl }) => ({
        title,
        description: `${description} *Our pick.*`,
        price,
        imageUrl,
        amazonUrl,
      })),
      footer: { authorName: post.authorName, authorTitle: post.authorTitle, imageUrl: post.authorImage },
    },
    'media post',
  );
}

/**
 * The seeded post `post` again, published by the owner's account (signed in with its password, as a person would), so
 * that it has an author page; resolves with that page's path (`/author/:slug`).
 */
export async function createAuthoredPost(server, post) {
  const origin = { Origin: server.url };
  const session = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { ...origin, 'Content-Type': 'application/json' },
    body: JSON.stringify(server.owner),
  });
  if (session.status !== 200) throw new Error(`owner sign-in: ${session.status} ${await session.text()}`);
  const cookie = session.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const response = await fetch(`${server.url}/api/blogs`, {
    method: 'POST',
    headers: { ...origin, Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      header: {
        icon: post.icon,
        title: `${post.title} (by the owner)`,
        image: post.imageUrl,
        imageAlt: post.imageAlt ?? '',
        publishDate: post.publishDate,
        readTime: post.readTime,
        sections: submittedSections(post),
      },
      products: [],
      footer: { authorName: post.authorName, authorTitle: post.authorTitle, imageUrl: post.authorImage },
    }),
  });
  if (response.status !== 201) throw new Error(`authored post: ${response.status} ${await response.text()}`);
  const { authorSlug } = await response.json();
  if (!authorSlug) throw new Error('authored post: the answer names no author page');
  return `/author/${authorSlug}`;
}
