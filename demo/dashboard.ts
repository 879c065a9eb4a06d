/**
 * The demo dashboard's own UI: the orders table, the detail panel and the
 * customer list, redrawn from the store whenever it changes (also when the
 * agent's tools change it). Text goes in through `textContent` only.
 */
import { money, type Order, type OrderStore } from './data.js';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: { className?: string; text?: string } = {}, ...children: Node[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  node.append(...children);
  return node;
}

function avatar(name: string): HTMLElement {
  const node = el('span', { className: 'avatar', text: name.split(' ').map((w) => w[0]).join('') });
  node.setAttribute('aria-hidden', 'true');
  return node;
}

function statusPill(status: Order['status']): HTMLElement {
  return el('span', { className: `pill pill-${status}`, text: status });
}

/** Draws the dashboard into the page and keeps it in step with the store. */
export function mountDashboard(store: OrderStore): void {
  const body = document.getElementById('orders-body')!;
  const detail = document.getElementById('order-detail')!;
  const customers = document.getElementById('customers')!;
  const summary = document.getElementById('orders-summary')!;

  const draw = (): void => {
    const selected = store.selected;
    body.replaceChildren(
      ...store.orders.map((o) => {
        const row = el('tr');
        row.className = o.id === selected?.id ? 'selected' : '';
        const open = el('button', { className: 'link-button', text: `#${o.id}` });
        open.setAttribute('aria-pressed', String(o.id === selected?.id));
        open.addEventListener('click', () => store.select(o.id));
        row.append(
          el('td', {}, open),
          el('td', { text: store.customer(o.customerId)?.name ?? o.customerId }),
          el('td', { text: o.item }),
          el('td', { className: 'num', text: money(o.totalCents) }),
          el('td', {}, statusPill(o.status)),
        );
        row.addEventListener('click', (e) => {
          if (e.target === open) return;
          store.select(o.id);
        });
        return row;
      }),
    );
    const open = store.orders.filter((o) => o.status !== 'cancelled' && o.status !== 'delivered').length;
    summary.textContent = `${store.orders.length} orders · ${open} open`;

    if (!selected) {
      detail.replaceChildren(el('p', { className: 'muted', text: 'Select an order in the table.' }));
    } else {
      const customer = store.customer(selected.customerId);
      const rows: Array<[string, Node | string]> = [
        ['Order', `#${selected.id}`],
        ['Customer', customer ? `${customer.name} (${customer.email})` : selected.customerId],
        ['Item', `${selected.quantity} × ${selected.item}`],
        ['Total', money(selected.totalCents)],
        ['Placed', selected.placed],
        ['Status', statusPill(selected.status)],
      ];
      if (selected.note) rows.push(['Note', selected.note]);
      const dl = el('dl', { className: 'detail' });
      for (const [term, value] of rows) dl.append(el('dt', { text: term }), el('dd', {}, typeof value === 'string' ? document.createTextNode(value) : value));
      detail.replaceChildren(dl);
    }

    customers.replaceChildren(
      ...store.customers.map((c) => {
        const count = store.orders.filter((o) => o.customerId === c.id).length;
        return el('li', {}, avatar(c.name), el('span', { className: 'cust-name', text: c.name }), el('span', { className: 'muted', text: `${c.city} · ${count} order${count === 1 ? '' : 's'}` }));
      }),
    );
  };
  store.addEventListener('change', draw);
  draw();
}
