import test from 'ava';
import { Wallet, getBytes } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { startTestService, type TestService } from '../support/service.ts';
import { countPixels, launchChromium, watchPage } from '../support/browser.ts';

/**
 * The developer console in real headless Chromium against the whole service (real nats-server, the
 * usage projector): sign up, create a key (shown once, copied), use it, see its usage drawn and its
 * request log paged, revoke it; sign in with an injected wallet; all under the page's strict CSP.
 */
let svc: TestService;
let browser: Browser;

test.before(async () => {
  svc = await startTestService({
    VENUES: 'manifold',
    // Short windows: the browser and the test share one session tier and must not throttle each other.
    RATE_LIMIT_WINDOW_MS: '100',
    RATE_LIMIT_BURST_WINDOW_MS: '50',
    RATE_LIMIT_MULTIPLIER: '1000',
    JWT_ACCESS_SECRET: 'console-test-access-secret-0123456789abcdef',
    JWT_REFRESH_SECRET: 'console-test-refresh-secret-0123456789abcde',
  });
  browser = await launchChromium();
  // Markets to put alerts on (the recorded Manifold catalogue).
  await svc.service.ingestOnce();
  await svc.settle();
});
test.after.always(async () => {
  await browser?.close();
  await svc?.close();
});

/**
 * Waits until an element matching `selector` shows `text`. Selector-engine matching, not
 * page.waitForFunction with a string: that evaluates the string in the page, which the console's CSP
 * (no unsafe-eval) refuses as soon as the first check is not already true.
 */
const shows = (page: Page, selector: string, text: RegExp) => page.locator(selector, { hasText: text }).first().waitFor();

const BAR_FILL: [number, number, number] = [154, 190, 246]; // rgba(31, 111, 235, 0.45) over white
const P95_LINE: [number, number, number] = [232, 89, 12];

async function callsCounted(keyId: string, cookie: string, expected: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${svc.baseUrl}/api/v1/console/logs?api_key_id=${keyId}&limit=1`, { headers: { cookie } });
    const body = (await res.json()) as { meta: { total: number } };
    if (body.meta.total >= expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`usage never reached ${expected} requests`);
}

test.serial('sign up, create a key shown once with a copy button, see its usage chart and paged log, revoke it', async (t) => {
  t.timeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: svc.baseUrl });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  const seen = await watchPage(page);

  const response = await page.goto(`${svc.baseUrl}/console`);
  const csp = response!.headers()['content-security-policy'] ?? '';
  t.regex(csp, /script-src 'self'(;|$)/);
  t.notRegex(csp, /unsafe-inline|unsafe-eval/);

  await page.click('#tab-signup');
  await page.fill('#signup-form input[name=name]', 'Console User');
  await page.fill('#signup-form input[name=email]', 'console@example.com');
  await page.fill('#signup-form input[name=password]', 'a long password');
  await page.click('#signup-form button[type=submit]');
  await page.waitForSelector('#keys-panel:not([hidden])');
  t.is(await page.textContent('#who'), 'console@example.com');
  t.false((await page.evaluate<string>('document.cookie')).includes('svc_access'), 'session cookies are httpOnly');

  await page.fill('#key-form input[name=name]', 'browser key');
  await page.uncheck('#key-form input[value="read:questions"]');
  await page.fill('#key-form input[name=rate_limit]', '900');
  await page.click('#key-form button[type=submit]');
  await page.waitForSelector('#new-key:not([hidden])');
  const key = (await page.textContent('#new-key-value')) ?? '';
  t.regex(key, /^svc_[A-Za-z0-9_-]{40,}$/);
  await page.click('#copy-key');
  t.is(await page.evaluate<string>('navigator.clipboard.readText()'), key, 'Copy puts the key on the clipboard');
  const stored = await page.evaluate<string>('JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })');
  t.false(stored.includes(key.slice(4, 20)), 'the key is never written to web storage');
  await page.click('#dismiss-key');
  t.is(await page.textContent('#new-key-value'), '', 'after Done the key is gone from the page');
  const row = page.locator('#keys-table tbody tr').first();
  t.regex((await row.textContent()) ?? '', /browser key.*read:arbitrage, read:markets.*900\/min.*active/s);
  t.is(await page.locator('#keys-table tbody tr').count(), 1);

  // Use the key from outside: 11 good reads and one refused one.
  for (let i = 0; i < 11; i++) t.is((await fetch(`${svc.baseUrl}/api/v1/external/markets?limit=2`, { headers: { 'x-api-key': key } })).status, 200);
  t.is((await fetch(`${svc.baseUrl}/api/v1/external/markets?limit=999`, { headers: { 'x-api-key': key } })).status, 400);
  const cookies = await context.cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const keyId = (await row.getAttribute('data-key-id')) ?? '';
  await callsCounted(keyId, cookie, 12);

  await page.selectOption('#usage-form select[name=granularity]', 'hourly');
  await page.fill('#usage-form input[name=limit]', '6');
  await page.click('#usage-form button[type=submit]');
  await shows(page, '#usage-summary b', /^12$/);
  t.is(await page.locator('#usage-summary b').nth(1).textContent(), '1', 'one 4xx among them');
  const chart = page.locator('#usage-chart canvas').first();
  await chart.waitFor();
  const shot = await chart.screenshot();
  const bars = countPixels(shot, BAR_FILL, 20);
  const line = countPixels(shot, P95_LINE, 40);
  t.true(bars > 300, `the requests bar is drawn (${bars} bar-coloured pixels)`);
  t.true(line > 20, `the p95 series is drawn (${line} line-coloured pixels)`);
  if (process.env.CONSOLE_SCREENSHOT) await page.screenshot({ path: process.env.CONSOLE_SCREENSHOT, fullPage: true });

  // Request log, 10 per page: 12 records over two pages, newest first.
  await page.selectOption('#log-size', '10');
  await shows(page, '#log-range', /^1–10 of 12$/);
  t.is(await page.locator('#log-table tbody tr').count(), 10);
  await page.click('#log-next');
  await shows(page, '#log-range', /^11–12 of 12$/);
  t.is(await page.locator('#log-table tbody tr').count(), 2);
  t.true(await page.isDisabled('#log-next'));
  const statuses = await page.locator('#log-table tbody tr td:nth-child(4)').allTextContents();
  t.true(statuses.every((s) => s === '200' || s === '400'));
  await page.click('#log-prev');
  await shows(page, '#log-range', /^1–10 of 12$/);
  t.regex((await page.locator('#log-table tbody tr').first().textContent()) ?? '', /GET.*\/api\/v1\/external\/markets.*400/s, 'newest first: the refused call');

  await page.click('#keys-table tbody tr button.danger');
  await shows(page, '#keys-table tbody tr', /revoked/);
  t.is((await fetch(`${svc.baseUrl}/api/v1/external/markets`, { headers: { 'x-api-key': key } })).status, 401, 'revoked at once');

  await page.reload();
  await page.waitForSelector('#keys-panel:not([hidden])');
  t.is(await page.textContent('#who'), 'console@example.com', 'the cookie session survives a reload');
  await page.click('#sign-out');
  await page.waitForSelector('#signed-out:not([hidden])');
  t.deepEqual(seen.violations, [], 'no Content-Security-Policy violation');
  t.deepEqual(seen.errors.filter((e) => !/status of 401/.test(e) && !/status of 404/.test(e) && !/status of 400/.test(e)), [], 'no script error');
  // The policy (and this watch on it) at work: an injected inline script is refused and reported.
  await page.evaluate(`{ const s = document.createElement('script'); s.textContent = 'document.body.dataset.injected = "ran"'; document.body.append(s); }`);
  t.is(await page.getAttribute('body', 'data-injected'), null, 'the inline script did not run');
  for (let i = 0; i < 50 && seen.violations.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.is(seen.violations.length, 1);
  await context.close();
});

test.serial('watchlists and alerts of the account: create, see, pause and delete them from the page', async (t) => {
  t.timeout(60_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  const seen = await watchPage(page);
  const market = ((await (await fetch(`${svc.baseUrl}/api/v1/markets?limit=1`)).json()) as { data: Array<{ id: string }> }).data[0]!;
  await page.goto(`${svc.baseUrl}/console`);
  await page.click('#tab-signup');
  await page.fill('#signup-form input[name=name]', 'Lists User');
  await page.fill('#signup-form input[name=email]', 'lists@example.com');
  await page.fill('#signup-form input[name=password]', 'a long password');
  await page.click('#signup-form button[type=submit]');
  await page.waitForSelector('#watchlists-panel .available:not([hidden])');
  t.true(await page.isHidden('#watchlists-panel .unavailable'), 'this build serves watchlists');
  t.true(await page.isVisible('#alerts-panel .available'));
  t.is(await page.textContent('#watchlists li'), 'No watchlists yet.');

  await page.fill('#watchlist-form input[name=name]', 'Elections');
  await page.click('#watchlist-form button[type=submit]');
  await page.waitForSelector('#watchlists li[data-watchlist-id]');
  t.regex((await page.textContent('#watchlists li')) ?? '', /Elections.*0 items/s);
  // An item added through the API shows in the count once the page loads again.
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const listId = (await page.getAttribute('#watchlists li', 'data-watchlist-id')) ?? '';
  const added = await fetch(`${svc.baseUrl}/api/v1/watchlists/${listId}/items`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ market_id: market.id }) });
  t.is(added.status, 201);
  await page.reload();
  await shows(page, '#watchlists li', /1 item\b/);

  await page.selectOption('#alert-form select[name=target]', 'market');
  const idField = page.locator('#alert-form input[name=id]');
  await idField.fill('not-a-uuid');
  t.false(await idField.evaluate((el: { checkValidity(): boolean }) => el.checkValidity()), 'the page itself refuses an id that is not a UUID');
  await idField.fill('00000000-0000-4000-8000-000000000000');
  await page.click('#alert-form button[type=submit]');
  await shows(page, '#status', /No market with id/);
  t.is(await page.locator('#alerts-table tbody tr').count(), 0, 'an unknown market makes no alert, and the page says why');

  await page.selectOption('#alert-form select[name=target]', 'market');
  await page.fill('#alert-form input[name=id]', market.id);
  await page.selectOption('#alert-form select[name=operator]', 'below');
  await page.fill('#alert-form input[name=value]', '0.25');
  await page.click('#alert-form button[type=submit]');
  await page.waitForSelector('#alerts-table tbody tr[data-alert-id]');
  const row = page.locator('#alerts-table tbody tr').first();
  t.regex((await row.textContent()) ?? '', new RegExp(`market ${market.id}.*price below 0\\.25.*never`, 's'));
  t.true(await row.locator('input[type=checkbox]').isChecked());
  await row.locator('input[type=checkbox]').uncheck();
  await shows(page, '#status', /^Alert paused\.$/);
  const stored = (await (await fetch(`${svc.baseUrl}/api/v1/alerts`, { headers: { cookie } })).json()) as { data: Array<{ is_active: boolean; condition: { value: number } }> };
  t.like(stored.data[0], { is_active: false, condition: { value: 0.25 } });
  t.false(await page.locator('#alerts-table tbody tr input[type=checkbox]').first().isChecked());

  await page.click('#alerts-table tbody tr button.danger');
  await page.locator('#alerts-table tbody tr').first().waitFor({ state: 'detached' });
  await page.click('#watchlists li button.danger');
  await shows(page, '#watchlists li', /^No watchlists yet\.$/);
  t.is(((await (await fetch(`${svc.baseUrl}/api/v1/watchlists`, { headers: { cookie } })).json()) as { data: unknown[] }).data.length, 0);
  t.deepEqual(seen.violations, [], 'no Content-Security-Policy violation');
  // 401: the page's session probe before sign-up; 404: the refused alert on an unknown market.
  t.deepEqual(seen.errors.filter((e) => !/status of 40[14]/.test(e)), [], 'no script error');
  await context.close();
});

test.serial('with an injected wallet, Sign in with Ethereum starts a wallet session that sees watchlists and alerts but no keys', async (t) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seen = await watchPage(page);
  const wallet = Wallet.createRandom();
  await page.exposeFunction('__testWalletSign', (hex: string) => wallet.signMessage(getBytes(hex)));
  // A string, not a function: tsx would wrap a function with helpers the page does not have.
  await page.addInitScript(`
    window.ethereum = {
      request: async ({ method, params }) => {
        if (method === 'eth_requestAccounts') return [${JSON.stringify(wallet.address.toLowerCase())}];
        if (method === 'eth_chainId') return '0x1';
        if (method === 'personal_sign') return window.__testWalletSign(params[0]);
        throw new Error('unsupported ' + method);
      },
    };`);
  await page.goto(`${svc.baseUrl}/console`);
  await page.waitForSelector('#wallet-signin:not([hidden])');
  await page.click('#siwe-button');
  await page.waitForSelector('#signed-in:not([hidden])');
  t.is(await page.textContent('#who'), `wallet ${wallet.address}`);
  t.true(await page.isHidden('#keys-panel'), 'wallet sessions cannot manage API keys');
  t.true(await page.isVisible('#watchlists-panel'));
  const cookies = await context.cookies();
  t.true(cookies.some((c) => c.name === 'svc_siwe' && c.httpOnly), 'the wallet session is an httpOnly cookie');
  t.deepEqual(seen.violations, []);
  await context.close();
});

test.serial('the API reference at /docs renders every operation from /openapi.json under the same CSP', async (t) => {
  const page = await browser.newPage();
  const seen = await watchPage(page);
  const res = await page.goto(`${svc.baseUrl}/docs`);
  t.notRegex(res!.headers()['content-security-policy'] ?? '', /unsafe-inline|unsafe-eval/);
  await page.waitForSelector('.opblock', { timeout: 30_000 });
  const doc = (await (await fetch(`${svc.baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, { tags: string[] }>> };
  // Swagger UI lists an operation once under each of its tags.
  const operations = Object.values(doc.paths).reduce((n, item) => n + Object.values(item).reduce((m, op) => m + op.tags.length, 0), 0);
  t.is(await page.locator('.opblock').count(), operations);
  t.true(await page.getByText('/api/v1/console/keys', { exact: true }).first().isVisible());
  t.deepEqual(seen.violations, [], 'no Content-Security-Policy violation');
  await page.close();
});
