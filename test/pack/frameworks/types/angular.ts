// A directive-free Angular component: CUSTOM_ELEMENTS_SCHEMA lets the tag
// through the template compiler; the element is typed where code holds it.
import { Component, CUSTOM_ELEMENTS_SCHEMA, ElementRef, viewChild } from '@angular/core';
import type { AgentChatElement, AgentChatEvent } from 'pageloop/angular';

@Component({
  selector: 'app-chat',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<agent-chat #chat base-url="/v1" model="mock-model" theme="dark" [context]="context" (agent-event)="onEvent($event)"></agent-chat>`,
})
export class ChatComponent {
  readonly chat = viewChild.required<ElementRef<AgentChatElement>>('chat');
  readonly context = { page: 'orders' };
  onEvent(event: Event): void {
    const { detail } = event as AgentChatEvent<'agent-event'>;
    if (detail.type === 'final') this.chat().nativeElement.theme = 'light';
    // @ts-expect-error -- `theme` is light, dark or auto
    this.chat().nativeElement.theme = 'blue';
  }
}
