import { codedEtag, ifMatchHolds, strongEtag, twoPartEtag } from '../../../src/server/http/etag';

describe('ifMatchHolds', () => {
  const version = strongEtag('post');
  const other = strongEtag('another post');

  it('passes without If-Match, and for *', () => {
    expect(ifMatchHolds(undefined, version)).toBe(true);
    expect(ifMatchHolds('*', version)).toBe(true);
  });

  it('passes for the version, its compressed copies and a two-part tag it starts, in any coding', () => {
    const live = twoPartEtag(version, strongEtag('score 1-0'));
    for (const tag of [version, codedEtag(version, 'br'), codedEtag(version, 'gzip'), live, codedEtag(live, 'br')])
      expect(ifMatchHolds(`${other}, ${tag}`, version)).toBe(true);
  });

  it('names any of several versions (the public and the admin shape of one post)', () => {
    expect(ifMatchHolds(other, [version, other])).toBe(true);
  });

  it('fails for another version and for a weak tag', () => {
    expect(ifMatchHolds(other, version)).toBe(false);
    expect(ifMatchHolds(`W/${version}`, version)).toBe(false);
    expect(ifMatchHolds(twoPartEtag(other, version), version)).toBe(false);
  });
});
