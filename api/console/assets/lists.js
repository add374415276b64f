import { api, isMissingRoute } from './api.js';
import { $, el, formData, say, when } from './dom.js';

/** Shows a panel's "not available" note when the server has no such routes (404 No route). */
function availability(panel, available) {
  panel.querySelector('.unavailable').hidden = available;
  panel.querySelector('.available').hidden = !available;
}

/** The account's watchlists and alerts (session or wallet session). */
export function listsPanel() {
  const watchPanel = $('#watchlists-panel');
  const alertPanel = $('#alerts-panel');

  async function loadWatchlists() {
    try {
      const { data } = await api('GET', '/api/v1/watchlists');
      availability(watchPanel, true);
      $('#watchlists').replaceChildren(
        ...data.map((w) =>
          el(
            'li',
            { dataset: { watchlistId: w.id } },
            el('strong', {}, w.name),
            el('span', { className: 'muted' }, `${w.item_count} item${w.item_count === 1 ? '' : 's'} · created ${when(w.created_at)}`),
            el('button', { type: 'button', className: 'danger', onclick: () => removeWatchlist(w) }, 'Delete'),
          ),
        ),
      );
      if (data.length === 0) $('#watchlists').append(el('li', { className: 'muted' }, 'No watchlists yet.'));
    } catch (err) {
      if (isMissingRoute(err)) return availability(watchPanel, false);
      throw err;
    }
  }

  async function removeWatchlist(w) {
    if (!confirm(`Delete the watchlist "${w.name}" and its items?`)) return;
    await api('DELETE', `/api/v1/watchlists/${encodeURIComponent(w.id)}`);
    await loadWatchlists();
  }

  async function loadAlerts() {
    try {
      const { data } = await api('GET', '/api/v1/alerts');
      availability(alertPanel, true);
      $('#alerts-table tbody').replaceChildren(...data.map(alertRow));
    } catch (err) {
      if (isMissingRoute(err)) return availability(alertPanel, false);
      throw err;
    }
  }

  function alertRow(a) {
    const target = a.canonical_question_id ? `question ${a.canonical_question_id}` : `market ${a.market_id}`;
    const toggle = el('input', { type: 'checkbox', checked: a.is_active, title: a.is_active ? 'Pause' : 'Resume', onchange: () => setActive(a, toggle.checked) });
    return el(
      'tr',
      { dataset: { alertId: a.id } },
      el('td', {}, el('code', {}, target)),
      el('td', {}, `${a.condition.field} ${a.condition.operator} ${a.condition.value}`),
      el('td', {}, toggle),
      el('td', {}, a.last_triggered_at ? `${a.trigger_count ?? 0}× · last ${when(a.last_triggered_at)}` : 'never'),
      el('td', {}, el('button', { type: 'button', className: 'danger', onclick: () => removeAlert(a) }, 'Delete')),
    );
  }

  async function setActive(a, active) {
    await api('PATCH', `/api/v1/alerts/${encodeURIComponent(a.id)}`, { is_active: active });
    say(active ? 'Alert resumed.' : 'Alert paused.');
    await loadAlerts();
  }

  async function removeAlert(a) {
    if (!confirm('Delete this alert?')) return;
    await api('DELETE', `/api/v1/alerts/${encodeURIComponent(a.id)}`);
    await loadAlerts();
  }

  $('#watchlist-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    await api('POST', '/api/v1/watchlists', { name: formData(form).name });
    form.reset();
    await loadWatchlists();
  });

  $('#alert-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const f = formData(form);
    const question = f.target === 'question';
    await api('POST', '/api/v1/alerts', {
      type: 'price_threshold',
      condition: { field: question ? 'index_price' : 'price', operator: f.operator, value: Number(f.value) },
      ...(question ? { canonical_question_id: f.id.trim() } : { market_id: f.id.trim() }),
    });
    form.reset();
    say('Alert created.');
    await loadAlerts();
  });

  return {
    load: () => Promise.all([loadWatchlists(), loadAlerts()]),
    clear: () => {
      $('#watchlists').replaceChildren();
      $('#alerts-table tbody').replaceChildren();
    },
  };
}
