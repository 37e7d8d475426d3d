// The mails the site composes: a desk notification's subject is one header line of a bounded length, an untitled post
// is named so, and each body carries its link.
import { deskDigest, deskMessage, passwordResetMessage } from '../../../src/server/mail/messages';

const SITE = 'https://touchline.test';

describe('deskMessage', () => {
  it("says what happened to which post, the notice's text and a link to the post's admin page", () => {
    const notice = {
      kind: 'changes',
      postId: 7,
      postTitle: 'Cup final',
      text: 'Changes requested by Kim: cut it',
    } as const;
    expect(deskMessage('sam@touchline.test', notice, SITE)).toEqual({
      to: 'sam@touchline.test',
      subject: 'Changes requested: Cup final',
      body: 'Changes requested by Kim: cut it\n\nPost: Cup final\nOpen it: https://touchline.test/admin/edit/7\n',
    });
  });

  it('keeps the subject on one line of at most 150 characters, and names an untitled post', () => {
    const long = `Derby\r\n  day:\t${'x'.repeat(200)}`;
    const { subject, body } = deskMessage(
      'a@touchline.test',
      { kind: 'note', postId: 1, postTitle: long, text: 'Hi' },
      SITE,
    );
    expect(subject).toBe(`New note: Derby day: ${'x'.repeat(150 - 'Derby day: '.length)}`);
    expect(body).toContain(`Post: ${long}\n`);
    const untitled = deskMessage(
      'a@touchline.test',
      { kind: 'published', postId: 2, postTitle: '  ', text: 'Hi' },
      SITE,
    );
    expect(untitled.subject).toBe('Published: (untitled)');
    expect(untitled.body).toContain('Post: (untitled)\n');
  });

  it("links a published post's public story first, and its admin page second", () => {
    const { body } = deskMessage(
      'sam@touchline.test',
      { kind: 'published', postId: 7, postTitle: 'Cup final', text: 'Published by Kim' },
      SITE,
    );
    expect(body).toBe(
      'Published by Kim\n\nPost: Cup final\n' +
        'Read it: https://touchline.test/page/7\nEdit it: https://touchline.test/admin/edit/7\n',
    );
    const scheduled = deskMessage(
      'sam@touchline.test',
      { kind: 'scheduled', postId: 7, postTitle: 'Cup final', text: 'Scheduled by Kim' },
      SITE,
    );
    expect(scheduled.body).not.toContain('/page/7');
    const gathered = deskDigest(
      'sam@touchline.test',
      [
        { kind: 'published', postId: 7, postTitle: 'Cup final', text: 'Published by Kim' },
        { kind: 'note', postId: 7, postTitle: 'Cup final', text: 'Note by Kim: well done' },
      ],
      SITE,
    );
    expect(gathered.body).toMatch(/Read it: https:\/\/touchline\.test\/page\/7\nEdit it: .*\/admin\/edit\/7\n$/);
  });
});

describe('passwordResetMessage', () => {
  it('links to the sign-in card with the code, for the account it names', () => {
    const message = passwordResetMessage('kim@touchline.test', 'abc_123', SITE);
    expect(message.to).toBe('kim@touchline.test');
    expect(message.subject).toBe('Your Touchline password reset link');
    expect(message.body).toContain('a new password for kim@touchline.test on Touchline');
    expect(message.body).toContain('\nhttps://touchline.test/auth?reset=abc_123\n');
  });
});

describe('deskDigest', () => {
  const notice = (kind: 'note' | 'submitted', text: string, postTitle = 'Cup final') =>
    ({ kind, postId: 7, postTitle, text }) as const;

  it('reads as deskMessage for one notice, and lists several under the newest title', () => {
    expect(deskDigest('sam@touchline.test', [notice('note', 'Hi')], SITE)).toEqual(
      deskMessage('sam@touchline.test', notice('note', 'Hi'), SITE),
    );
    const many = deskDigest(
      'sam@touchline.test',
      [notice('submitted', 'Submitted by Kim'), notice('note', 'Note by Kim: hi', 'Cup =?final')],
      SITE,
    );
    expect(many).toEqual({
      to: 'sam@touchline.test',
      subject: '2 updates: Cup = ?final',
      body:
        '2 updates on this post:\n- Submitted for review: Submitted by Kim\n- New note: Note by Kim: hi\n\n' +
        'Post: Cup =?final\nOpen it: https://touchline.test/admin/edit/7\n',
    });
  });
});
