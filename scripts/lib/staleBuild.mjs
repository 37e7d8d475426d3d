// "Build what is missing or older than its sources", for `npm start` and the benchmarks.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when `output` (a path from the repo's root) is missing or older than any of `inputs` (files or folders). */
export function stale(output, ...inputs) {
  const target = join(root, output);
  if (!existsSync(target)) return true;
  const built = statSync(target).mtimeMs;
  return inputs.some((input) => {
    const path = join(root, input);
    if (!existsSync(path)) return false;
    return (statSync(path).isDirectory() ? newestMtime(path) : statSync(path).mtimeMs) > built;
  });
}

/** `npm run <script>` in the repo, announced as `<who>: npm run <script>`; a failure ends this process with its code. */
export function runScript(script, who) {
  console.log(`${who}: npm run ${script}`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
