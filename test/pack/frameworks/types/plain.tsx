// Plain JSX (the global JSX namespace: "jsx": "preserve", a custom factory).
import type {} from 'pageloop/jsx';

export const right = <agent-chat base-url="/v1" model="mock-model" theme="light" max-iterations="6" class="soft" />;
// @ts-expect-error -- `theme` is light, dark or auto
export const wrong = <agent-chat theme="blue" />;
