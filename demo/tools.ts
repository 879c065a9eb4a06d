/**
 * The demo page's tools: what the agent may read and change on the page.
 * Reads run freely; writes (status changes, cancellations) ask first.
 */
import { z } from 'zod';
import { defineTool } from '../src/tools/define-tool.js';
import type { Tool } from '../src/types.js';
import { ORDER_STATUSES, money, type Order, type OrderStore } from './data.js';

function describe(store: OrderStore, o: Order) {
  const customer = store.customer(o.customerId);
  return {
    id: o.id,
    customer: customer?.name ?? o.customerId,
    item: o.item,
    quantity: o.quantity,
    total: money(o.totalCents),
    status: o.status,
    placed: o.placed,
    ...(o.note ? { note: o.note } : {}),
  };
}

/** The tools of the orders dashboard, bound to its store. */
export function dashboardTools(store: OrderStore): Tool[] {
  const findOrders = defineTool({
    name: 'find_orders',
    description: 'Find orders by status and/or customer name (case-insensitive substring). Returns matching orders.',
    parameters: z.object({
      status: z.enum(ORDER_STATUSES as [string, ...string[]]).optional().describe('Only orders with this status'),
      customer: z.string().optional().describe('Part of the customer name'),
    }),
    execute: ({ status, customer }) => {
      const needle = customer?.toLowerCase();
      return store.orders
        .filter((o) => !status || o.status === status)
        .filter((o) => !needle || (store.customer(o.customerId)?.name.toLowerCase().includes(needle) ?? false))
        .map((o) => describe(store, o));
    },
  });

  const readSelected = defineTool({
    name: 'read_selected_order',
    description: 'Read the order currently open in the detail panel, with its customer.',
    parameters: z.object({}),
    execute: () => {
      const o = store.selected;
      if (!o) return { selected: null, hint: 'No order is selected; ask the user to click one.' };
      return { ...describe(store, o), customerEmail: store.customer(o.customerId)?.email };
    },
  });

  const summarize = defineTool({
    name: 'summarize_orders',
    description: 'Summarize the orders table: count and revenue per status, and the total.',
    parameters: z.object({}),
    execute: () => {
      const byStatus: Record<string, { count: number; total: string }> = {};
      let cents = 0;
      for (const status of ORDER_STATUSES) {
        const rows = store.orders.filter((o) => o.status === status);
        const sum = rows.reduce((s, o) => s + o.totalCents, 0);
        byStatus[status] = { count: rows.length, total: money(sum) };
        if (status !== 'cancelled') cents += sum;
      }
      return { orders: store.orders.length, byStatus, revenueExcludingCancelled: money(cents) };
    },
  });

  const updateStatus = defineTool({
    name: 'update_order_status',
    description: 'Change the status of an order. Asks the user first.',
    parameters: z.object({
      id: z.number().int().describe('The order id, e.g. 1004'),
      status: z.enum(ORDER_STATUSES as [string, ...string[]]),
    }),
    needsApproval: true,
    execute: ({ id, status }) => describe(store, store.update(id, { status: status as Order['status'] })),
  });

  const cancelOrder = defineTool({
    name: 'cancel_order',
    description: 'Cancel an order that has not shipped yet. Asks the user first.',
    parameters: z.object({
      id: z.number().int().describe('The order id'),
      reason: z.string().optional(),
    }),
    needsApproval: true,
    execute: ({ id, reason }) => {
      const order = store.order(id);
      if (!order) throw new Error(`There is no order ${id}.`);
      if (order.status === 'shipped' || order.status === 'delivered') throw new Error(`Order ${id} has already ${order.status === 'shipped' ? 'shipped' : 'been delivered'}.`);
      return describe(store, store.update(id, { status: 'cancelled', ...(reason ? { note: reason } : {}) }));
    },
  });

  return [findOrders, readSelected, summarize, updateStatus, cancelOrder];
}
