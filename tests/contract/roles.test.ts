// The staff roles' rules as the server enforces them and the admin pages offer them.
import {
  GRANTABLE_ROLES,
  invitableRoles,
  mayDeleteForever,
  mayManageAll,
  mayRevokeInvitation,
  postAccess,
  ROLE_LABELS,
  roleRank,
  STAFF_ROLES,
} from '../../src/contract/roles';

describe('invitableRoles', () => {
  it.each([
    ['owner', ['editor', 'author', 'contributor']],
    ['editor', ['author', 'contributor']],
    ['author', []],
    ['contributor', []],
    [undefined, []],
  ] as const)('lets %s invite %j', (role, roles) => {
    expect(invitableRoles(role)).toEqual(roles);
  });

  it('never offers owner, nor a role at or above the inviter’s own', () => {
    for (const role of STAFF_ROLES) {
      for (const offered of invitableRoles(role)) {
        expect(GRANTABLE_ROLES).toContain(offered);
        expect(roleRank(offered)).toBeLessThan(roleRank(role));
      }
    }
  });
});

describe('mayManageAll and mayDeleteForever', () => {
  it.each([
    ['owner', true],
    ['editor', true],
    ['author', false],
    ['contributor', false],
    [undefined, false],
  ] as const)('%s: %s', (role, may) => {
    expect(mayManageAll(role)).toBe(may);
    expect(mayDeleteForever(role)).toBe(may);
  });
});

describe('postAccess', () => {
  const me = 7;
  const all = ['draft', 'review', 'published'];
  it.each([
    ['owner', 'published', 1, true, all],
    ['editor', 'scheduled', null, true, all],
    ['author', 'published', me, true, all],
    ['author', 'draft', 1, false, []],
    ['contributor', 'draft', me, true, ['draft', 'review']],
    ['contributor', 'review', me, true, ['draft', 'review']],
    ['contributor', 'published', me, false, []],
    ['contributor', 'scheduled', me, false, []],
    ['contributor', 'draft', 1, false, []],
  ] as const)('%s on a %s post by %s: edit and delete %s, statuses %j', (role, status, createdBy, may, statuses) => {
    const access = postAccess({ id: me, role }, { status, createdBy });
    expect(access).toEqual({ own: createdBy === me, edit: may, delete: may, statuses });
  });

  it('never counts a post as its own for a key (no account)', () => {
    expect(postAccess({ id: null, role: 'author' }, { status: 'draft', createdBy: null })).toMatchObject({
      own: false,
      edit: false,
    });
  });
});

describe('mayRevokeInvitation', () => {
  it('lets the sender or an owner revoke, nobody else', () => {
    expect(mayRevokeInvitation({ id: 1, role: 'owner' }, { invitedBy: 2 })).toBe(true);
    expect(mayRevokeInvitation({ id: 2, role: 'editor' }, { invitedBy: 2 })).toBe(true);
    expect(mayRevokeInvitation({ id: 3, role: 'editor' }, { invitedBy: 2 })).toBe(false);
    expect(mayRevokeInvitation({ id: 3, role: 'editor' }, { invitedBy: null })).toBe(false);
  });
});

describe('the role list', () => {
  it('ranks contributor < author < editor < owner, and grants every role but owner', () => {
    expect([...STAFF_ROLES].sort((a, b) => roleRank(a) - roleRank(b))).toEqual([
      'contributor',
      'author',
      'editor',
      'owner',
    ]);
    expect([...GRANTABLE_ROLES].sort()).toEqual(STAFF_ROLES.filter((role) => role !== 'owner').sort());
  });

  it('labels every role', () => {
    expect(STAFF_ROLES.map((role) => ROLE_LABELS[role])).toEqual(['Contributor', 'Author', 'Editor', 'Owner']);
  });
});
