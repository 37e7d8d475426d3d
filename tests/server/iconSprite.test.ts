// public/icons.svg is generated from lucide (scripts/icon-sprite.mjs): it must be current and draw every icon name.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HEADER_ICONS } from '../../src/contract/icons';

const root = join(__dirname, '..', '..');

it('is what lucide draws today (run node scripts/icon-sprite.mjs after upgrading lucide-react)', () => {
  const check = spawnSync(process.execPath, [join(root, 'scripts', 'icon-sprite.mjs'), '--check'], {
    encoding: 'utf8',
  });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

it('has a drawn symbol for every icon a post may name', () => {
  const sprite = readFileSync(join(root, 'public', 'icons.svg'), 'utf8');
  for (const name of HEADER_ICONS) {
    expect(sprite).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect|line|polyline)`));
  }
});
