/**
 * The demo's data: a small orders store with customers, and change
 * notifications so the dashboard redraws when a tool (or the user) edits it.
 */

/** Where an order stands. */
export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'delivered' | 'cancelled';

/** The statuses an order can have, in lifecycle order. */
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'];

/** One customer. */
export interface Customer {
  id: string;
  name: string;
  email: string;
  city: string;
}

/** One order. */
export interface Order {
  id: number;
  customerId: string;
  item: string;
  quantity: number;
  /** In cents, so sums stay exact. */
  totalCents: number;
  status: OrderStatus;
  placed: string;
  note?: string;
}

const CUSTOMERS: Customer[] = [
  { id: 'c1', name: 'Ada Lovelace', email: 'ada@example.com', city: 'London' },
  { id: 'c2', name: 'Grace Hopper', email: 'grace@example.com', city: 'Arlington' },
  { id: 'c3', name: 'Alan Turing', email: 'alan@example.com', city: 'Manchester' },
  { id: 'c4', name: 'Katherine Johnson', email: 'katherine@example.com', city: 'Hampton' },
  { id: 'c5', name: 'Edsger Dijkstra', email: 'edsger@example.com', city: 'Eindhoven' },
];

const ORDERS: Order[] = [
  { id: 1001, customerId: 'c1', item: 'Analytical engine gears', quantity: 12, totalCents: 48000, status: 'delivered', placed: '2026-11-02' },
  { id: 1002, customerId: 'c2', item: 'Compiler handbook', quantity: 1, totalCents: 3900, status: 'shipped', placed: '2026-11-08' },
  { id: 1003, customerId: 'c3', item: 'Enigma rotor set', quantity: 3, totalCents: 27500, status: 'paid', placed: '2026-11-12' },
  { id: 1004, customerId: 'c4', item: 'Slide rule (deluxe)', quantity: 2, totalCents: 8600, status: 'pending', placed: '2026-11-15' },
  { id: 1005, customerId: 'c5', item: 'Semaphore kit', quantity: 5, totalCents: 12500, status: 'paid', placed: '2026-11-16' },
  { id: 1006, customerId: 'c1', item: 'Punch cards (box of 500)', quantity: 4, totalCents: 6000, status: 'pending', placed: '2026-11-18' },
  { id: 1007, customerId: 'c2', item: 'Moth trap', quantity: 1, totalCents: 1500, status: 'cancelled', placed: '2026-11-19', note: 'Duplicate order' },
  { id: 1008, customerId: 'c3', item: 'Bombe relay', quantity: 8, totalCents: 64000, status: 'shipped', placed: '2026-11-20' },
];

/** The demo's in-memory store. */
export class OrderStore extends EventTarget {
  readonly customers: readonly Customer[] = CUSTOMERS;
  #orders: Order[] = ORDERS.map((o) => ({ ...o }));
  #selected: number | null = 1003;

  /** Every order, newest first. */
  get orders(): readonly Order[] {
    return this.#orders;
  }

  /** The order open in the detail panel, if any. */
  get selected(): Order | null {
    return this.#orders.find((o) => o.id === this.#selected) ?? null;
  }

  /** Opens an order in the detail panel. */
  select(id: number | null): void {
    this.#selected = id;
    this.dispatchEvent(new Event('change'));
  }

  /** One order by id. */
  order(id: number): Order | undefined {
    return this.#orders.find((o) => o.id === id);
  }

  /** A customer by id. */
  customer(id: string): Customer | undefined {
    return this.customers.find((c) => c.id === id);
  }

  /** Changes an order; returns the updated order. */
  update(id: number, patch: Partial<Pick<Order, 'status' | 'note'>>): Order {
    const order = this.order(id);
    if (!order) throw new Error(`There is no order ${id}.`);
    Object.assign(order, patch);
    this.dispatchEvent(new Event('change'));
    return { ...order };
  }
}

/** Formats cents as dollars. */
export function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
