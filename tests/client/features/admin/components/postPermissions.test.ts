// What /admin/posts offers each role on each post, by the contract's postAccess.
import { rowPermissions } from '../../../../../src/client/features/admin/components/postPermissions';

test('rowPermissions: editors and owners everything; others their own posts; contributors only while open', () => {
  const mine = { id: 9, name: 'Cara' };
  const theirs = { id: 4, name: 'Sam' };
  const contributor = { id: 9, role: 'contributor' as const };
  const author = { id: 9, role: 'author' as const };
  const none = { edit: false, delete: false };
  const all = { edit: true, delete: true };
  expect(rowPermissions(contributor, { status: 'draft', createdBy: mine })).toEqual(all);
  expect(rowPermissions(contributor, { status: 'review', createdBy: mine })).toEqual(all);
  expect(rowPermissions(contributor, { status: 'published', createdBy: mine })).toEqual(none);
  expect(rowPermissions(contributor, { status: 'scheduled', createdBy: mine })).toEqual(none);
  expect(rowPermissions(contributor, { status: 'draft', createdBy: theirs })).toEqual(none);
  expect(rowPermissions(author, { status: 'published', createdBy: mine })).toEqual(all);
  expect(rowPermissions(author, { status: 'draft', createdBy: theirs })).toEqual(none);
  expect(rowPermissions({ id: 2, role: 'editor' }, { status: 'published', createdBy: theirs })).toEqual(all);
  expect(rowPermissions(null, { status: 'published', createdBy: theirs })).toEqual(all);
});
