// Small DOM helpers. Text from the server is only ever set as textContent, never parsed as HTML.

export const $ = (selector, root = document) => root.querySelector(selector);

/** el('td', { className: 'num' }, 'text', childNode) */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node[key] = value;
  }
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child ?? '')));
  return node;
}

let statusTimer;
/** One line of feedback at the top of the page; errors stay until the next message. */
export function say(message, kind = 'info') {
  const box = $('#status');
  box.textContent = message;
  box.className = `status ${kind}`;
  box.hidden = false;
  clearTimeout(statusTimer);
  if (kind !== 'error') statusTimer = setTimeout(() => (box.hidden = true), 6000);
}

export const when = (iso) => (iso ? new Date(iso).toLocaleString() : '—');

export function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}
