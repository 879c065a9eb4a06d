/**
 * A call a request insists on (`toolChoice` 'required' or `{ name }`), in
 * each protocol's words: native endpoints get OpenAI's `tool_choice`; the
 * text protocol has no such field, so the system prompt says it in one
 * sentence. The sentence is a request, not a guarantee — a model may still
 * answer in text, and then the run ends with that answer as usual.
 */
import type { ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';
import type { ForcedToolChoice } from './chat-model.js';

/** The `tool_choice` field of a chat completion request. */
export function toOpenAIToolChoice(choice: ForcedToolChoice): ChatCompletionToolChoiceOption {
  return choice === 'required' ? 'required' : { type: 'function', function: { name: choice.name } };
}

/** The text protocol's sentence for a forced call; empty when nothing is forced. */
export function forcedCallRule(choice: ForcedToolChoice | undefined): string {
  if (choice === undefined) return '';
  return choice === 'required' ? 'In this reply you must call one of the tools.' : `In this reply you must call the tool ${choice.name}.`;
}
