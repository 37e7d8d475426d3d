// The staff roles' rules as the server enforces them and the admin pages offer them.
import {
  GRANTABLE_ROLES,
  invitableRoles,
  mayDeleteForever,
  mayManageAll,
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
