import editorSlice, {
  accessTokenChanged,
  columnHeadingChanged,
  blankDraft,
  draftBlanked,
  draftReset,
  footerChanged,
  headerChanged,
  listItemAdded,
  listItemChanged,
  listItemRemoved,
  postPublished,
  productAdded,
  productChanged,
  productRemoved,
  sectionAdded,
  sectionChanged,
  sectionRemoved,
  selectSubmission,
  toSubmission,
} from '../../../../../src/client/features/admin/draft/editorSlice';
import type {
  DraftSingleParagraphSection,
  DraftTwoColumnSection,
  EditorState,
} from '../../../../../src/client/features/admin/draft/draftTypes';
import { blogSubmissionSchema } from '../../../../../src/contract/schemas';
import { HEADER_ICONS } from '../../../../../src/contract/icons';
import { makeStore } from '../../../../../src/client/app/store';
import { cancelPendingDraftSaves } from '../../../../../src/client/features/admin/draft/draftPersister';

afterEach(cancelPendingDraftSaves);

const reduce = editorSlice.reducer;
const initial = (): EditorState => reduce(undefined, { type: 'init' });
const single = (state: EditorState, index = 0) => state.header.sections[index] as DraftSingleParagraphSection;
const twoColumn = (state: EditorState, index = 1) => state.header.sections[index] as DraftTwoColumnSection;

describe('the initial draft', () => {
  test('is the sample post: two sections (single-paragraph, two-column), three products, sample date and read time', () => {
    const state = initial();
    expect(state.header.publishDate).toBe('March 14, 2024');
    expect(state.header.readTime).toBe('10 min read');
    expect(HEADER_ICONS).toContain(state.header.icon);
    expect(state.header.title).not.toBe('');
    expect(state.header.sections.map((section) => section.type)).toEqual(['single-paragraph', 'two-column']);
    expect(twoColumn(state).columns).toHaveLength(2);
    expect(state.products).toHaveLength(3);
    for (const product of state.products) expect(product.imageUrl).toMatch(/^\/[^/]/);
    expect(state.accessToken).toBe('');
  });

  test('is a valid submission apart from the token', () => {
    const submission = toSubmission(initial());
    expect(blogSubmissionSchema.safeParse(submission).success).toBe(true);
  });
});

describe('header and footer', () => {
  test('headerChanged edits only the given fields', () => {
    const state = reduce(initial(), headerChanged({ title: 'Derby Day', icon: 'Bell' }));
    expect(state.header).toMatchObject({ title: 'Derby Day', icon: 'Bell', publishDate: 'March 14, 2024' });
    expect(state.header.sections).toHaveLength(2);
  });

  test('footerChanged edits the author fields', () => {
    const state = reduce(initial(), footerChanged({ authorName: 'Ana Ruiz', imageUrl: '/uploads/a.png' }));
    expect(state.footer).toMatchObject({ authorName: 'Ana Ruiz', imageUrl: '/uploads/a.png' });
  });

  test('accessTokenChanged stores the token', () => {
    expect(reduce(initial(), accessTokenChanged('secret')).accessToken).toBe('secret');
  });
});

describe('sections', () => {
  test('sectionAdded("single-paragraph") appends a Camera section with empty title, paragraph and list', () => {
    const state = reduce(initial(), sectionAdded('single-paragraph'));
    const added = state.header.sections[2];
    expect(added).toMatchObject({ type: 'single-paragraph', icon: 'Camera', title: '', paragraph: '', list: [] });
  });

  test('sectionAdded("two-column") appends a Camera section with two empty columns', () => {
    const state = reduce(initial(), sectionAdded('two-column'));
    const added = state.header.sections[2] as DraftTwoColumnSection;
    expect(added).toMatchObject({ type: 'two-column', icon: 'Camera', title: '', paragraph: '' });
    expect(added.columns.map(({ heading, list }) => ({ heading, list }))).toEqual([
      { heading: '', list: [] },
      { heading: '', list: [] },
    ]);
  });

  test('added sections get distinct ids', () => {
    const state = [sectionAdded('two-column'), sectionAdded('two-column')].reduce(reduce, initial());
    const ids = state.header.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('sectionRemoved removes exactly that section', () => {
    const start = initial();
    const state = reduce(start, sectionRemoved({ sectionId: start.header.sections[0].id }));
    expect(state.header.sections.map((section) => section.id)).toEqual([start.header.sections[1].id]);
  });

  test('sectionChanged edits icon, title and paragraph', () => {
    const start = initial();
    const sectionId = start.header.sections[1].id;
    const state = reduce(start, sectionChanged({ sectionId, changes: { icon: 'Globe', title: 'Away days' } }));
    expect(state.header.sections[1]).toMatchObject({ icon: 'Globe', title: 'Away days' });
    expect(state.header.sections[1]).toHaveProperty(
      'paragraph',
      (start.header.sections[1] as { paragraph: string }).paragraph,
    );
  });

  test('columnHeadingChanged edits one column heading', () => {
    const start = initial();
    const section = twoColumn(start);
    const state = reduce(
      start,
      columnHeadingChanged({ sectionId: section.id, columnId: section.columns[1].id, heading: 'Visitors' }),
    );
    expect(twoColumn(state).columns.map((column) => column.heading)).toEqual([section.columns[0].heading, 'Visitors']);
  });
});

describe('list items', () => {
  test('listItemAdded appends an empty item to a single-paragraph section', () => {
    const start = initial();
    const state = reduce(start, listItemAdded({ sectionId: start.header.sections[0].id }));
    expect(single(state).list).toHaveLength(single(start).list.length + 1);
    expect(single(state).list.at(-1)?.text).toBe('');
  });

  test('listItemAdded appends to the addressed column only', () => {
    const start = initial();
    const section = twoColumn(start);
    const state = reduce(start, listItemAdded({ sectionId: section.id, columnId: section.columns[1].id }));
    expect(twoColumn(state).columns[0].list).toHaveLength(section.columns[0].list.length);
    expect(twoColumn(state).columns[1].list).toHaveLength(section.columns[1].list.length + 1);
  });

  test('listItemChanged and listItemRemoved address one item', () => {
    const start = initial();
    const section = single(start);
    const [first, second] = section.list;
    let state = reduce(start, listItemChanged({ sectionId: section.id, itemId: second.id, text: 'Juggle 50 times' }));
    expect(single(state).list[1].text).toBe('Juggle 50 times');
    state = reduce(state, listItemRemoved({ sectionId: section.id, itemId: first.id }));
    expect(single(state).list.map((entry) => entry.text)).toEqual(['Juggle 50 times', section.list[2].text]);
  });

  test('a column item is removed from that column', () => {
    const start = initial();
    const section = twoColumn(start);
    const column = section.columns[0];
    const state = reduce(
      start,
      listItemRemoved({ sectionId: section.id, columnId: column.id, itemId: column.list[0].id }),
    );
    expect(twoColumn(state).columns[0].list.map((entry) => entry.text)).toEqual(
      column.list.slice(1).map((entry) => entry.text),
    );
    expect(twoColumn(state).columns[1].list).toEqual(section.columns[1].list);
  });

  test('actions for a section that no longer exists change nothing', () => {
    const start = initial();
    expect(reduce(start, listItemAdded({ sectionId: 'gone' }))).toEqual(start);
    expect(reduce(start, listItemRemoved({ sectionId: 'gone', itemId: 'x' }))).toEqual(start);
  });
});

describe('products', () => {
  test('productAdded appends an empty product', () => {
    const state = reduce(initial(), productAdded());
    expect(state.products).toHaveLength(4);
    expect(state.products[3]).toMatchObject({ title: '', description: '', price: '', imageUrl: '', amazonUrl: '' });
  });

  test('productChanged and productRemoved address one product', () => {
    const start = initial();
    const [first, second, third] = start.products;
    let state = reduce(start, productChanged({ productId: second.id, changes: { price: '$9.99' } }));
    expect(state.products[1].price).toBe('$9.99');
    state = reduce(state, productRemoved({ productId: first.id }));
    expect(state.products.map((product) => product.id)).toEqual([second.id, third.id]);
  });
});

describe('draftReset, draftBlanked and postPublished', () => {
  test.each([
    ['draftReset', draftReset()],
    ['draftBlanked', draftBlanked()],
    ['postPublished', postPublished()],
  ])('%s leaves a blank post with no sample content, and keeps the session token', (_name, action) => {
    let state = [
      headerChanged({ title: 'Changed' }),
      sectionAdded('two-column'),
      productRemoved({ productId: 'sample-product-1' }),
      accessTokenChanged('secret'),
    ].reduce(reduce, initial());
    state = reduce(state, action);
    expect(state).toEqual({ ...blankDraft(), accessToken: 'secret' });
    expect(state.header.sections).toEqual([]);
    expect(state.products).toEqual([]);
    expect(state.header.title).toBe('');
    expect(state.footer).toEqual({ authorName: '', authorTitle: '', imageUrl: '' });
  });
});

describe('the submission', () => {
  test('is exactly the submission shape POST /api/blogs takes: plain string lists and no client ids', () => {
    const store = makeStore();
    store.dispatch(accessTokenChanged('tok-123'));
    store.dispatch(footerChanged({ imageUrl: '/uploads/abc.png' }));
    expect(selectSubmission(store.getState())).toEqual({
      header: {
        icon: 'Trophy',
        title: 'Five Drills to Sharpen Your First Touch',
        image: '',
        publishDate: 'March 14, 2024',
        readTime: '10 min read',
        textFormat: 'marks',
        sections: [
          {
            type: 'single-paragraph',
            icon: 'Star',
            title: 'Why the First Touch Matters',
            paragraph:
              'A clean first touch buys you time on the ball. These drills take ten minutes a day and need nothing more than a wall, a ball and a few cones.',
            list: [
              'Wall passes with both feet',
              'Cushion high balls on the thigh',
              'Receive on the back foot and turn',
            ],
          },
          {
            type: 'two-column',
            icon: 'Users',
            title: 'Solo or With a Partner',
            paragraph: 'Every drill works alone; a partner adds pressure and game-like passes.',
            columns: [
              { heading: 'Solo', list: ['Wall volleys', 'Cone gate touches'] },
              { heading: 'With a partner', list: ['One-touch rondos', 'Pressured receiving'] },
            ],
          },
        ],
      },
      products: [
        {
          title: 'Training Cones (Set of 50)',
          description: 'Bright, stackable cones for dribbling lanes and passing gates.',
          price: '$19.99',
          imageUrl: '/images/seed/cones.svg',
          amazonUrl: 'https://www.amazon.com/s?k=soccer+training+cones',
        },
        {
          title: 'Size 5 Match Ball',
          description: 'A durable match ball with a true flight for daily touch work.',
          price: '$34.99',
          imageUrl: '/images/seed/ball.svg',
          amazonUrl: 'https://www.amazon.com/s?k=size+5+soccer+ball',
        },
        {
          title: 'Turf Training Boots',
          description: 'Low-profile studs for clean touches on artificial grass.',
          price: '$74.99',
          imageUrl: '/images/seed/boots.svg',
          amazonUrl: 'https://www.amazon.com/s?k=turf+soccer+boots',
        },
      ],
      footer: { authorName: 'Jordan Reyes', authorTitle: 'UEFA B Licensed Coach', imageUrl: '/uploads/abc.png' },
      accessToken: 'tok-123',
    });
  });
});
