import { openFilesLimit, streamCapFor } from '../../../src/server/live/openFiles';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63438                63438                processes
Max open files            200                  4096                 files
`;

describe('openFilesLimit', () => {
  it("reads the soft open-files limit, and nothing where it is unlimited or can't be read", () => {
    expect(openFilesLimit(() => LIMITS)).toBe(200);
    expect(openFilesLimit(() => LIMITS.replace('200  ', 'unlimited'))).toBeUndefined();
    expect(
      openFilesLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });
});

describe('streamCapFor', () => {
  it('leaves room for ordinary requests under the limit, never raises the configured cap, and keeps at least one', () => {
    expect(streamCapFor(20_000, 200)).toBe(100);
    expect(streamCapFor(20_000, 1024)).toBe(819);
    expect(streamCapFor(500, 1_048_576)).toBe(500);
    expect(streamCapFor(20_000, 50)).toBe(1);
    expect(streamCapFor(20_000, undefined)).toBe(20_000);
  });
});
