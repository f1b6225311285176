/** Finds and launches Debian's chromium for playwright-core (browser downloads from the npm registry do not work here). */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string {
  const found = CANDIDATES.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('No chromium found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  return found;
}

export function launchChromium(): Promise<Browser> {
  // Root in CI containers cannot use chromium's sandbox.
  return chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}
