// What History shows between two versions of a post: only the fields that changed, word by word.
import { postDiff } from '../../../../../src/client/features/admin/pages/postDiff';
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
