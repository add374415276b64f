import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PNG } from 'pngjs';

export const CHROMIUM = '/usr/bin/chromium';

/** Debian's chromium, installed by scripts/ensure-system-deps.sh when missing (apt-get, like nats-server). */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const script = fileURLToPath(new URL('../../scripts/ensure-system-deps.sh', import.meta.url));
  execFileSync('bash', [script, '--with-test-deps'], { stdio: 'inherit' });
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is still missing after ensure-system-deps.sh`);
}

export async function launchChromium(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** Collects Content-Security-Policy violations and console errors of a page, from its first script on. */
export async function watchPage(page: Page): Promise<{ violations: string[]; errors: string[] }> {
  const seen = { violations: [] as string[], errors: [] as string[] };
  await page.exposeFunction('__reportCsp', (v: string) => seen.violations.push(v));
  // A string, not a function: tsx would wrap a function with helpers the page does not have.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (e) => window.__reportCsp(e.violatedDirective + ' ' + e.blockedURI));`);
  page.on('console', (msg) => {
    if (msg.type() === 'error') seen.errors.push(msg.text());
  });
  page.on('pageerror', (err) => seen.errors.push(err.message));
  return seen;
}

/** Pixels of a PNG within `tolerance` (per channel) of an RGB colour. */
export function countPixels(png: Buffer, rgb: readonly [number, number, number], tolerance = 24): number {
  const image = PNG.sync.read(png);
  let n = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (Math.abs(image.data[i]! - rgb[0]) <= tolerance && Math.abs(image.data[i + 1]! - rgb[1]) <= tolerance && Math.abs(image.data[i + 2]! - rgb[2]) <= tolerance) n += 1;
  }
  return n;
}
