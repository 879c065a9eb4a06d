/** @jsxImportSource solid-js */
import type {} from 'pageloop/solid';

export const Right = () => (
  <agent-chat base-url="/v1" model="mock-model" theme="dark" max-iterations={6} context={{ page: 'orders' }} on:agent-event={(e) => void e.detail.type} />
);
// @ts-expect-error -- `theme` is light, dark or auto
export const Wrong = () => <agent-chat theme="blue" />;
