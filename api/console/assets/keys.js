import { api } from './api.js';
import { $, el, formData, say, when } from './dom.js';

/** API keys: create (the key shown once, with a copy button), list, revoke. */
export function keysPanel({ onChange }) {
  const tbody = $('#keys-table tbody');
  const newKey = $('#new-key');
  const keyValue = $('#new-key-value');

  async function load() {
    const { data } = await api('GET', '/api/v1/console/keys');
    tbody.replaceChildren(...data.map(row));
    $('#keys-empty').hidden = data.length > 0;
    onChange(data);
  }

  function row(key) {
    const revoked = Boolean(key.revoked_at);
    const scopes = JSON.parse(key.permissions).join(', ');
    const revoke = el('button', { type: 'button', className: 'danger', disabled: revoked, dataset: { keyId: key.id }, onclick: () => revokeKey(key) }, 'Revoke');
    return el(
      'tr',
      { className: revoked ? 'revoked' : '', dataset: { keyId: key.id } },
      el('td', {}, key.name),
      el('td', {}, el('code', {}, key.key_prefix + '…')),
      el('td', {}, scopes),
      el('td', { className: 'num' }, `${key.rate_limit}/min`),
      el('td', {}, when(key.created_at)),
      el('td', {}, when(key.last_used_at)),
      el('td', {}, revoked ? `revoked ${when(key.revoked_at)}` : 'active'),
      el('td', {}, revoke),
    );
  }

  async function revokeKey(key) {
    if (!confirm(`Revoke "${key.name}"? Requests made with it are refused from now on.`)) return;
    await api('DELETE', `/api/v1/console/keys/${encodeURIComponent(key.id)}`);
    say(`Key "${key.name}" revoked.`);
    await load();
  }

  $('#key-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = formData(form);
    const scopes = [...form.querySelectorAll('input[name="scope"]:checked')].map((i) => i.value);
    if (scopes.length === 0) return say('Pick at least one scope.', 'error');
    const created = await api('POST', '/api/v1/console/keys', { name: fields.name, permissions: JSON.stringify(scopes), rate_limit: Number(fields.rate_limit) });
    // Held in the page only until "Done": never written to storage.
    keyValue.textContent = created.data.key;
    newKey.hidden = false;
    form.reset();
    say(created.message);
    await load();
  });

  $('#copy-key').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(keyValue.textContent);
      say('Key copied to the clipboard.');
    } catch {
      window.getSelection().selectAllChildren(keyValue);
      say('Copying is blocked here: the key is selected, press Ctrl+C.', 'error');
    }
  });
  $('#dismiss-key').addEventListener('click', () => {
    keyValue.textContent = '';
    newKey.hidden = true;
  });

  return { load, clear: () => tbody.replaceChildren() };
}
