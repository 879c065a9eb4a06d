/** @jsxImportSource preact */
import type {} from 'pageloop/preact';

export const Right = () => (
  <agent-chat base-url="/v1" model="mock-model" theme="auto" temperature={0.5} onagent-event={(e) => void e.detail.type} />
);
// @ts-expect-error -- `approval` is ask or auto
export const Wrong = () => <agent-chat approval="maybe" />;
