/**
 * The demo's tools that return files (issue 21): a picture of the orders by
 * status, drawn on a canvas and returned as a PNG the card shows, and the
 * orders table as a CSV the user can download. Both return
 * `toolResult(content, files)`: the model reads `content`, the card shows the files.
 */
import { z } from 'zod';
import { defineTool } from '../src/tools/define-tool.js';
import { toolResult } from '../src/tools/tool-result.js';
import type { Tool } from '../src/types.js';
import { ORDER_STATUSES, money, type OrderStore } from './data.js';

const COLOURS = ['#1a62d6', '#8250df', '#1a7f37', '#0a6b3b', '#c62828'];

/** The bar chart of orders by status as a PNG (white background, so it reads in either theme). */
async function statusChartPng(store: OrderStore): Promise<File> {
  const counts = ORDER_STATUSES.map((s) => store.orders.filter((o) => o.status === s).length);
  const canvas = new OffscreenCanvas(480, 260);
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, 480, 260);
  g.fillStyle = '#1b1f24';
  g.font = 'bold 16px system-ui, sans-serif';
  g.fillText('Orders by status', 20, 28);
  const max = Math.max(1, ...counts);
  g.font = '13px system-ui, sans-serif';
  ORDER_STATUSES.forEach((status, i) => {
    const y = 52 + i * 40;
    g.fillStyle = '#59636e';
    g.fillText(status, 20, y + 18);
    g.fillStyle = COLOURS[i % COLOURS.length]!;
    g.fillRect(110, y + 4, (320 * counts[i]!) / max, 20);
    g.fillStyle = '#1b1f24';
    g.fillText(String(counts[i]), 118 + (320 * counts[i]!) / max, y + 18);
  });
  return new File([await canvas.convertToBlob({ type: 'image/png' })], 'orders-by-status.png', { type: 'image/png' });
}

/** The demo's file-returning tools. */
export function fileTools(store: OrderStore): Tool[] {
  const chartImage = defineTool({
    name: 'status_chart_image',
    description: 'Draw a picture (PNG) of how many orders are in each status; the user sees it in the chat.',
    parameters: z.object({}),
    readOnly: true,
    execute: async () => toolResult('A PNG bar chart of the orders by status, shown to the user.', [await statusChartPng(store)]),
  });

  const exportCsv = defineTool({
    name: 'export_orders_csv',
    description: 'Export the orders table as a CSV file the user can download.',
    parameters: z.object({}),
    readOnly: true,
    execute: () => {
      const rows = store.orders.map((o) => [o.id, store.customer(o.customerId)?.name ?? o.customerId, o.item, o.quantity, money(o.totalCents), o.status, o.placed]);
      const csv = [['id', 'customer', 'item', 'quantity', 'total', 'status', 'placed'], ...rows]
        .map((row) => row.map((cell) => (/[",\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell))).join(','))
        .join('\n');
      return toolResult(`orders.csv: ${rows.length} orders, offered to the user as a download.`, [new File([`${csv}\n`], 'orders.csv', { type: 'text/csv' })]);
    },
  });

  return [chartImage, exportCsv];
}
