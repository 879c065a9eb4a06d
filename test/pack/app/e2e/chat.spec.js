// Drives <agent-chat> as a user does — types, sends, approves the tool call —
// against pageloop's mock server, scripted per test, and asserts the call:
// what the page's tool did, what the chat shows, and what the model was sent.
import { test, expect } from '@playwright/test';
import { startMockServer, textTurn, toolCallTurn } from 'pageloop/testing/node';

test('approving cancel_order runs it once and the answer shows', async ({ page }) => {
  const mock = await startMockServer({
    script: { turns: [toolCallTurn([{ id: 'call_1', name: 'cancel_order', args: { orderId: '1004' } }]), textTurn('Order 1004 is cancelled.')] },
  });
  try {
    await page.goto(`/chat.html?endpoint=${encodeURIComponent(mock.baseURL)}`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Cancel order 1004');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.locator('agent-chat')).toContainText('Order 1004 is cancelled.');
    await expect(page.locator('#cancelled li')).toHaveText(['1004']);
    // The model's second request carries the tool's result for that call.
    const [, second] = await mock.log();
    expect(second.body.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1', content: JSON.stringify({ ok: true, orderId: '1004' }) });
  } finally {
    await mock.close();
  }
});

test('denying it runs nothing and the model is told', async ({ page }) => {
  const mock = await startMockServer({
    script: { turns: [toolCallTurn([{ id: 'call_1', name: 'cancel_order', args: { orderId: '1004' } }]), textTurn('I did not cancel it.')] },
  });
  try {
    await page.goto(`/chat.html?endpoint=${encodeURIComponent(mock.baseURL)}`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Cancel order 1004');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    await expect(page.locator('agent-chat')).toContainText('I did not cancel it.');
    await expect(page.locator('#cancelled li')).toHaveCount(0);
    const [, second] = await mock.log();
    expect(second.body.messages.at(-1).content).toContain('denied');
  } finally {
    await mock.close();
  }
});
