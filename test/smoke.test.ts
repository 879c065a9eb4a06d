import { expect } from 'chai';

describe('test runner', () => {
  it('serves the mock endpoint', async () => {
    const res = await fetch('/__mock/scripts', { method: 'POST', body: JSON.stringify({ turns: [] }) });
    const { baseURL } = (await res.json()) as { baseURL: string };
    const models = await (await fetch(`${baseURL}/models`)).json();
    expect(models.data[0].id).to.equal('mock-model');
  });
});
