import { api, ApiError } from './api.js';
import { $, formData, say } from './dom.js';
import { keysPanel } from './keys.js';
import { usagePanel } from './usage.js';
import { listsPanel } from './lists.js';
import { signInWithWallet } from './wallet.js';

// Who is signed in: an email account (everything) or a wallet (watchlists and alerts only: the spec
// keeps wallet sessions out of the console's key management). The wallet address is remembered for
// this tab only so a reload can say who is signed in; it is not a credential.
const state = { account: null, wallet: null };
const WALLET_KEY = 'concord.console.wallet';

const usage = usagePanel();
const keys = keysPanel({ onChange: (list) => usage.setKeys(list) });
const lists = listsPanel();

function render() {
  const signedIn = Boolean(state.account || state.wallet);
  $('#signed-out').hidden = signedIn;
  $('#signed-in').hidden = !signedIn;
  $('#sign-out').hidden = !signedIn;
  $('#who').hidden = !signedIn;
  $('#who').textContent = state.account ? state.account.email : state.wallet ? `wallet ${state.wallet.address}` : '';
  for (const panel of document.querySelectorAll('[data-needs="email"]')) panel.hidden = !state.account;
  $('#wallet-signin').hidden = !window.ethereum;
}

async function enter() {
  render();
  const work = [lists.load()];
  if (state.account) work.push(keys.load());
  await Promise.all(work);
}

async function detectSession() {
  try {
    state.account = (await api('GET', '/api/v1/auth/me')).data;
    return;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
  }
  const address = sessionStorage.getItem(WALLET_KEY);
  if (address) state.wallet = { address };
}

function showTab(name) {
  $('#login-form').hidden = name !== 'login';
  $('#signup-form').hidden = name !== 'signup';
  $('#tab-login').setAttribute('aria-selected', String(name === 'login'));
  $('#tab-signup').setAttribute('aria-selected', String(name === 'signup'));
}

$('#tab-login').addEventListener('click', () => showTab('login'));
$('#tab-signup').addEventListener('click', () => showTab('signup'));

$('#login-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const f = formData(form);
  state.account = (await api('POST', '/api/v1/auth/login', { email: f.email, password: f.password })).data;
  form.reset();
  await enter();
});

$('#signup-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const f = formData(form);
  state.account = (await api('POST', '/api/v1/auth/register', { email: f.email, password: f.password, ...(f.name ? { name: f.name } : {}) })).data;
  form.reset();
  say('Account created. Create an API key below.');
  await enter();
});

$('#siwe-button').addEventListener('click', async () => {
  const wallet = await signInWithWallet(window.ethereum);
  state.wallet = wallet;
  sessionStorage.setItem(WALLET_KEY, wallet.address);
  say(`Signed in as ${wallet.address}.`);
  await enter();
});

$('#sign-out').addEventListener('click', async () => {
  if (state.account) await api('POST', '/api/v1/auth/logout');
  if (state.wallet) await api('POST', '/api/v1/siwe/logout');
  sessionStorage.removeItem(WALLET_KEY);
  state.account = null;
  state.wallet = null;
  keys.clear();
  usage.clear();
  lists.clear();
  render();
  say('Signed out.');
});

// Every failed call ends here once: the server's message is written for people.
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  const err = event.reason;
  if (err instanceof ApiError && err.status === 401 && (state.account || state.wallet)) {
    state.account = null;
    state.wallet = null;
    sessionStorage.removeItem(WALLET_KEY);
    render();
    say('Your session has ended; sign in again.', 'error');
    return;
  }
  say(err instanceof Error ? err.message : String(err), 'error');
});

detectSession()
  .then(() => (state.account || state.wallet ? enter() : render()))
  .catch((err) => {
    render();
    say(err.message, 'error');
  });
