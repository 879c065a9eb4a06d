// @ts-check
/**
 * The model-as-judge answer check (`{ judge: rubric }`): an OpenAI-compatible
 * endpoint is asked, once per run, whether the final answer meets the rubric,
 * and replies with JSON `{ "pass": boolean, "reason": string }`.
 *
 * Invariant: a judge that cannot be reached or replies out of shape fails the
 * check with that reason — never a silent pass.
 */
import { answerJson } from './scoring.js';

/**
 * @typedef {object} JudgeOptions
 * @property {string} baseURL An OpenAI-compatible base URL, e.g. `https://api.openai.com/v1`.
 * @property {string} model
 * @property {string} [apiKey]
 */

const INSTRUCTIONS = `You grade the final answer an AI assistant gave a user, against a rubric.
Reply with JSON only: {"pass": true or false, "reason": "one sentence"}.`;

/**
 * Asks the judge whether `answer` to the conversation `turns` meets `rubric`.
 * @param {JudgeOptions} judge @param {string} rubric @param {string[]} turns @param {string} answer
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<{ pass: boolean, reason: string }>}
 */
export async function judgeAnswer(judge, rubric, turns, answer, fetchImpl = fetch) {
  const body = {
    model: judge.model,
    temperature: 0,
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: `Rubric: ${rubric}\n\nThe user said:\n${turns.map((t) => `- ${t}`).join('\n')}\n\nThe assistant's final answer:\n${answer}` },
    ],
  };
  let reply;
  try {
    const res = await fetchImpl(`${judge.baseURL.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(judge.apiKey ? { authorization: `Bearer ${judge.apiKey}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) return { pass: false, reason: `the judge answered HTTP ${res.status}: ${(await res.text()).slice(0, 200)}` };
    const json = /** @type {any} */ (await res.json());
    reply = String(json?.choices?.[0]?.message?.content ?? '');
  } catch (err) {
    return { pass: false, reason: `the judge could not be asked: ${err instanceof Error ? err.message : err}` };
  }
  const verdict = /** @type {any} */ (answerJson(reply)?.value);
  if (typeof verdict?.pass !== 'boolean') return { pass: false, reason: `the judge's reply is not {"pass": boolean, …}: ${JSON.stringify(reply.slice(0, 200))}` };
  return { pass: verdict.pass, reason: typeof verdict.reason === 'string' ? verdict.reason : '' };
}
