// What History shows between two versions of a post: only the fields that changed, word by word.
import { postDiff } from '../../../../../src/client/features/admin/components/postDiff';
import { editablePost } from '../adminFixtures';

const current = editablePost({ id: 7, title: 'Derby Day: five things we learned' });
const older = editablePost({ id: 7, title: 'Derby Day: three things we saw', readTime: '4 min read' });

test('postDiff marks removed and added words per changed field only', () => {
  const diff = postDiff(older, current);
  expect(diff.map((field) => field.label)).toEqual(['Title', 'Read time']);
  const title = diff[0]!.parts;
  expect(title.filter((p) => p.change === 'removed').map((p) => p.text.trim())).toEqual(['three', 'saw']);
  expect(title.filter((p) => p.change === 'added').map((p) => p.text.trim())).toEqual(['five', 'learned']);
  expect(postDiff(current, current)).toEqual([]);
});

test('postDiff compares the words readers see: marks removed, a link by its text and not its URL', () => {
  const base = editablePost({ id: 7 });
  const section = base.sections[0]!;
  const plainVersion = { ...base, sections: [{ ...section, paragraph: 'A big win for the league leaders.' }] };
  const markedVersion = {
    ...base,
    textFormat: 'marks' as const,
    sections: [{ ...section, paragraph: 'A **big** win for the [league leaders](https://example.com/table).' }],
  };
  // Formatting alone is no change of words.
  expect(postDiff(plainVersion, markedVersion)).toEqual([]);
  const relinked = {
    ...markedVersion,
    sections: [{ ...section, paragraph: 'A **big** win for the [table toppers](https://example.com/other).' }],
  };
  const [field] = postDiff(markedVersion, relinked);
  const words = field!.parts.map((part) => part.text).join('');
  expect(words).toContain('A big win for the league leaderstable toppers.');
  expect(words).not.toMatch(/\*\*|example\.com/);
  expect(field!.parts.filter((part) => part.change !== 'same').map((part) => part.text.trim())).toEqual([
    'league leaders',
    'table toppers',
  ]);
});

test('a photo, quote or video section compares by its words: alt, caption, credit, quote, cite and URL', () => {
  const sections = (quote: string, caption: string) => [
    { id: 1, type: 'image' as const, image: '/uploads/a.jpg', alt: 'The north stand', caption, credit: 'Ana' },
    { id: 2, type: 'quote' as const, text: quote, cite: 'Maya Ortiz' },
    {
      id: 3,
      type: 'video' as const,
      url: 'https://youtu.be/dQw4w9WgXcQ',
      caption: '',
      videoId: 'dQw4w9WgXcQ',
      start: 0,
    },
  ];
  const before = editablePost({ id: 7, sections: sections('We never stopped', 'Flares at full time') });
  const after = editablePost({ id: 7, sections: sections('We never gave up', 'Flares at full time') });
  const diff = postDiff(before, after);
  expect(diff.map((field) => field.label)).toEqual(['Section 2']);
  expect(diff[0]!.parts.filter((p) => p.change === 'removed').map((p) => p.text.trim())).toEqual(['stopped']);
  expect(diff[0]!.parts.filter((p) => p.change === 'added').map((p) => p.text.trim())).toEqual(['gave up']);
  const captionChanged = postDiff(before, editablePost({ id: 7, sections: sections('We never stopped', 'Smoke') }));
  expect(captionChanged.map((field) => field.label)).toEqual(['Section 1']);
});
