/**
 * The demo's workflows: two tasks people do on an orders dashboard, started
 * with `/workflow follow-up-pending` or `/workflow review-selected` (Tab
 * completes the names; `/help` lists them). Each names only the tools it
 * needs, so a follow-up can never change an order. The wording avoids the
 * scripted model's trigger phrases ("for <name>", an order number), so the
 * offline demo plays them too.
 */
import type { WorkflowTemplate } from '../src/types.js';

/** The workflows `<agent-chat>` on the demo page offers. */
export const DEMO_WORKFLOWS: Record<string, WorkflowTemplate> = {
  'follow-up-pending': {
    description: 'Follow up on pending orders.',
    steps: ['Find every pending order', 'Note which customers have waited longest', 'Suggest a short follow-up message to each customer, and change nothing'],
    tools: ['find_orders', 'summarize_orders'],
  },
  'review-selected': {
    description: 'Review the selected order and suggest its next step.',
    steps: ['Read the selected order', "Check the customer's other orders", 'Recommend the next status; change it only if the user approves'],
    tools: ['read_selected_order', 'find_orders', 'update_order_status'],
  },
};
